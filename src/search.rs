//! Algorithm X as a loop with an explicit stack: the [`Solver`].
//!
//! The search walks the same tree as Knuth's DLX1. At each level it covers
//! the primary item of smallest length (the first such from the left), then
//! tries the rows of that item from top to bottom, that is in the order they
//! were added. For a row, it covers the row's other items; if no primary
//! item is left, the chosen rows are a solution, else it goes one level
//! deeper. When an item's rows are exhausted it uncovers the item and backs
//! up.
//!
//! Instead of recursion, `choice[level]` holds the row node chosen at each
//! level, and `phase` says where the loop stands. Returning a solution leaves
//! the loop in phase [`Phase::Recover`], so the next call carries on exactly
//! where the last one stopped: the search is a pull iterator, and any number
//! of solutions can be taken one at a time.

use crate::control::{Controls, Found};
use crate::error::Error;
use crate::general::{General, Walk, Walked};
use crate::links::Links;
use crate::matrix::Matrix;
use crate::objective::{Best, Objective, Optimizer};

/// The search's counters, counted as Knuth's DLX1 counts them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    /// Search-tree nodes: one each time the search enters a level (the root
    /// included), plus one for every solution.
    pub nodes: u64,
    /// Link updates: one per item taken out of its list by a cover, one per
    /// node unlinked from a vertical list while hiding rows.
    pub updates: u64,
    /// Solutions found so far.
    pub solutions: u64,
}

/// Where the search loop stands between two calls of [`Solver::next_solution`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Nothing done yet.
    Start,
    /// A solution was just returned: undo its last row and try the next one.
    Recover,
    /// A node budget ran out just before entering a level.
    Paused,
    /// The search is exhausted.
    Done,
}

/// How a budgeted run of the search ([`Solver::search`]) ended.
#[derive(Debug, PartialEq, Eq)]
pub enum Progress<'a> {
    /// The next solution: row ids in the order the search chose them.
    Solution(&'a [usize]),
    /// The node budget is spent; the next call carries on from here.
    Paused,
    /// Every solution has been returned.
    Exhausted,
}

/// What the search loop stopped at.
enum Stop {
    Solution,
    Paused,
    Exhausted,
    /// Branch and bound only: the quick potentials have had their share of
    /// work; strengthen them and start over ([`Solver::strengthen`]).
    Strengthen,
}

/// One search over a matrix. It owns its links and its stack, so it is
/// independent of the matrix it came from and of every other solver.
#[derive(Clone, Debug)]
pub struct Solver {
    /// The links of exact cover. For a generalised matrix, whose search
    /// runs on `general`, the links of its columns only (no rows).
    pub(crate) links: Links,
    /// The generalised engine, for a matrix with bounds or colors.
    pub(crate) general: Option<General>,
    /// The row node chosen at each level `0..=level`.
    choice: Vec<u32>,
    level: usize,
    phase: Phase,
    nodes: u64,
    solutions: u64,
    /// The row ids of the last solution: the forced rows, then the rows
    /// chosen, in the order they were chosen.
    rows: Vec<usize>,
    /// Rows chosen before the search starts (see [`Solver::force_rows`]).
    pub(crate) forced: Vec<usize>,
    /// Set while a caller only counts ([`Solver::count_run`]): the exact-cover
    /// engine then leaves `rows` empty instead of finding each solution's
    /// row ids (a binary search per level, about 5% of the time on queens).
    pub(crate) counting: bool,
    /// The random order, when the search is randomised.
    random: Option<Random>,
    /// Limits, cancellation and progress (see [`crate::control`]).
    pub(crate) controls: Controls,
    /// The matrix's row costs (empty when all are 0).
    costs: Vec<i64>,
    /// Branch and bound, when the search has an objective.
    objective: Option<Optimizer>,
    /// The cost limit of [`Solver::set_cost_limit`].
    cost_limit: Option<i64>,
}

/// The state of a randomised search: the rows of the item chosen at each
/// level, shuffled, one segment per level on one stack.
#[derive(Clone, Debug)]
struct Random {
    seed: u64,
    rng: fastrand::Rng,
    /// The shuffled row nodes; level `l` owns `order[start[l]..end[l]]`.
    order: Vec<u32>,
    start: Vec<u32>,
    end: Vec<u32>,
    /// The position in `order` of the row being tried at each level.
    at: Vec<u32>,
}

impl Random {
    fn new(seed: u64, rows: usize, depth: usize) -> Result<Random, Error> {
        let stack = |n: usize| -> Result<Vec<u32>, Error> {
            let mut v = Vec::new();
            v.try_reserve_exact(n)?;
            Ok(v)
        };
        let mut r = Random { seed, rng: fastrand::Rng::with_seed(seed), order: stack(rows)?, start: stack(depth)?, end: stack(depth)?, at: stack(depth)? };
        r.start.resize(depth, 0);
        r.end.resize(depth, 0);
        r.at.resize(depth, 0);
        Ok(r)
    }
}

/// Which engine a solver runs ([`Solver::with_engine`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Engine {
    /// The exact-cover engine for a plain matrix, the generalised one for a
    /// matrix with bounds or colors (what [`Solver::new`] does).
    #[default]
    Auto,
    /// Knuth's DLX1 layout: exact cover with secondary columns.
    Exact,
    /// Knuth's Algorithm M: bounds (multiplicities) and colors.
    General,
}

impl Solver {
    /// A solver for `matrix`, which it copies: the matrix may change or go
    /// away afterwards without affecting the search. A matrix that uses
    /// bounds or colors is solved by the generalised engine
    /// ([`crate::general`]), with every feature of this one except
    /// [`Solver::for_each_subproblem`].
    pub fn new(matrix: &Matrix) -> Result<Solver, Error> {
        Solver::with_engine(matrix, Engine::Auto)
    }

    /// A solver for `matrix` on the engine `engine` picks:
    /// [`Engine::General`] runs any matrix on the generalised engine (a
    /// plain one too, which is how the two engines are compared), and
    /// [`Engine::Exact`] gives [`Error::Unsupported`] for a matrix with
    /// bounds or colors. Solutions, counts and costs do not depend on the
    /// engine; the order of solutions and the counters may.
    pub fn with_engine(matrix: &Matrix, engine: Engine) -> Result<Solver, Error> {
        let general = match engine {
            Engine::Auto => matrix.is_generalized(),
            Engine::General => true,
            Engine::Exact if matrix.is_generalized() => return Err(Error::Unsupported),
            Engine::Exact => false,
        };
        let (links, general) = if general {
            (Links::new(&matrix.columns_only()?)?, Some(General::new(matrix)?))
        } else {
            (Links::new(matrix)?, None)
        };
        // An exact cover never has more rows than there are primary items;
        // with bounds, a solution may have every row.
        let depth = links.primary.max(1);
        let mut choice = Vec::new();
        choice.try_reserve_exact(depth)?;
        choice.resize(depth, 0);
        let mut rows = Vec::new();
        rows.try_reserve_exact(if general.is_some() { matrix.rows() } else { depth })?;
        let mut costs = Vec::new();
        if matrix.has_costs() {
            costs.try_reserve_exact(matrix.rows())?;
            costs.extend((0..matrix.rows()).map(|r| matrix.cost(r).unwrap_or(0)));
        }
        Ok(Solver {
            links,
            general,
            choice,
            level: 0,
            phase: Phase::Start,
            nodes: 0,
            solutions: 0,
            rows,
            forced: Vec::new(),
            counting: false,
            random: None,
            controls: Controls::default(),
            costs,
            objective: None,
            cost_limit: None,
        })
    }

    /// The number of rows of the matrix the solver was made from.
    pub fn rows(&self) -> usize {
        self.general.as_ref().map_or(self.links.rows(), General::rows)
    }

    /// Starts the search again from the beginning, with the same forced
    /// rows and seed; the counters go back to zero.
    pub fn restart(&mut self) {
        self.unwind();
        if let Some(r) = &mut self.random {
            r.rng = fastrand::Rng::with_seed(r.seed);
        }
        self.nodes = 0;
        self.solutions = 0;
        self.links.updates = 0;
        if let Some(g) = &mut self.general {
            g.updates = 0;
        }
        if let Some(o) = &mut self.objective {
            o.reset(&self.forced);
        }
    }

    /// Runs `f` with nothing covered (the search unwound and the forced
    /// rows uncovered), then covers `self.forced` again, which `f` may have
    /// changed, and restarts the search.
    fn with_nothing_covered<T>(&mut self, f: impl FnOnce(&mut Solver) -> T) -> T {
        self.unwind();
        match &mut self.general {
            Some(g) => g.unforce(&self.forced),
            None => self.forced.iter().rev().for_each(|&r| self.links.uncover_row(r)),
        }
        let t = f(self);
        match &mut self.general {
            Some(g) => g.force(&self.forced),
            None => self.forced.iter().for_each(|&r| self.links.cover_row(r)),
        }
        self.restart();
        t
    }

    /// Undoes every cover of the search so far, back to the forced rows, and
    /// puts the loop back at its start.
    fn unwind(&mut self) {
        if let Some(g) = &mut self.general {
            g.unwind();
            self.phase = Phase::Start;
            return;
        }
        for l in (0..self.depth()).rev() {
            let x = self.choice[l];
            self.links.uncover_rest_of_row(x);
            let best = self.links.top(x);
            self.links.uncover(best);
        }
        if let Some(r) = &mut self.random {
            r.order.clear();
        }
        self.phase = Phase::Start;
        self.level = 0;
    }

    /// Starts the search again with `rows` already chosen: every solution
    /// found contains them (they come first in its rows), and the search
    /// looks only for the rest. An empty `rows` removes the forced rows.
    /// The counters go back to zero.
    ///
    /// Errors, leaving the solver as it was: [`Error::RowRange`] when a row
    /// id is not a row of the matrix, [`Error::Conflict`] when two of the
    /// rows share a column (or a row is given twice); with bounds or
    /// colors, when the rows cover a column more often than its upper
    /// bound or give a secondary column two colors (or a color and none).
    pub fn force_rows(&mut self, rows: &[usize]) -> Result<(), Error> {
        let total = self.rows();
        if rows.iter().any(|&r| r >= total) {
            return Err(Error::RowRange);
        }
        if let Some(g) = &self.general {
            if !g.compatible(rows)? {
                return Err(Error::Conflict);
            }
        } else {
            self.check_disjoint(rows)?;
        }
        let mut forced = Vec::new();
        forced.try_reserve_exact(rows.len())?;
        forced.extend_from_slice(rows);
        self.rows.try_reserve_exact(rows.len() + self.choice.len())?;
        self.with_nothing_covered(|s| s.forced = forced);
        Ok(())
    }

    /// [`Error::Conflict`] when two of `rows` share a column.
    fn check_disjoint(&self, rows: &[usize]) -> Result<(), Error> {
        // Two rows conflict when they share an item: mark each item used.
        let mut used = Vec::new();
        used.try_reserve_exact(self.links.items() + 1)?;
        used.resize(self.links.items() + 1, false);
        for &r in rows {
            for x in self.links.row_nodes(r) {
                let item = self.links.top(x) as usize;
                if std::mem::replace(&mut used[item], true) {
                    return Err(Error::Conflict);
                }
            }
        }
        Ok(())
    }

    /// Makes the search look for the best solutions under `objective`, or
    /// for every solution with `None` (the default), and starts it again
    /// (forced rows and seed stay; counters go to zero).
    ///
    /// With an objective, the search is a branch and bound (see
    /// [`crate::objective`]): each solution it returns is better than the
    /// `best`-th best found before it (the first `best` ones simply fill the
    /// list), so the last one returned is the best, and [`Solver::best`]
    /// lists the `best` best so far, best first. When the search is
    /// exhausted they are the `best` best of all (fewer when there are
    /// fewer solutions; among solutions of equal cost, the ones found
    /// first). A search stopped by a limit keeps its best so far.
    ///
    /// Errors, leaving the solver as it was: [`Error::InvalidArgument`]
    /// when `best` is 0, [`Error::CostRange`] when the absolute row costs
    /// (negated for [`Goal::MaxCost`](crate::objective::Goal)) add up past
    /// 2^61, [`Error::OutOfMemory`].
    pub fn set_objective(&mut self, objective: Option<Objective>) -> Result<(), Error> {
        let general = self.general.is_some();
        let mut optimizer = match objective {
            Some(o) if general => Some(Optimizer::without_shares(o, &self.costs, self.rows())?),
            Some(o) => Some(Optimizer::new(o, &self.links, &self.costs, self.choice.len())?),
            None => None,
        };
        if let Some(o) = &mut optimizer {
            o.set_limit(self.cost_limit);
        }
        // Each item's rows go in order of share for a search with an
        // objective, and back in the order they were added without one.
        // (The generalised engine's bound needs no order.)
        let mut scratch = Vec::new();
        if !general {
            scratch.try_reserve_exact(self.links.nodes())?;
        }
        self.with_nothing_covered(|s| {
            if !general {
                s.links.sort_lists(|x| optimizer.as_ref().map_or(0, |o| o.key(x)), &mut scratch);
            }
            s.objective = optimizer;
        });
        Ok(())
    }

    /// With an objective, lets the search report only solutions of cost at
    /// most `limit` (at least `limit` for
    /// [`Goal::MaxCost`](crate::objective::Goal)), as if a solution that
    /// good had been found already: the bound then prunes from the start,
    /// and a search that finds nothing proves that no solution is that
    /// good. `None` lifts the limit. The limit stays across objectives and
    /// has no effect without one. The search starts again (forced rows and
    /// seed stay; counters go to zero).
    pub fn set_cost_limit(&mut self, limit: Option<i64>) {
        self.cost_limit = limit;
        if let Some(o) = &mut self.objective {
            o.set_limit(limit);
        }
        self.restart();
    }

    /// The cost limit (see [`Solver::set_cost_limit`]).
    pub fn cost_limit(&self) -> Option<i64> {
        self.cost_limit
    }

    /// The objective, if the search has one.
    pub fn objective(&self) -> Option<Objective> {
        self.objective.as_ref().map(|o| Objective { goal: o.goal, best: o.k })
    }

    /// With an objective: the best solutions found so far, best first.
    /// Without one: nothing.
    pub fn best(&self) -> &[Best] {
        self.objective.as_ref().map_or(&[], |o| o.best())
    }

    /// The cost of the last solution found (the sum of its rows' costs, or
    /// its number of rows when the objective is the fewest rows), or `None`
    /// before the first solution or when the sum does not fit in an `i64`
    /// (possible only without an objective).
    pub fn cost(&self) -> Option<i64> {
        if self.solutions == 0 {
            return None;
        }
        match &self.objective {
            Some(o) => Some(o.cost_of(&self.rows)),
            None => self.rows.iter().try_fold(0i64, |sum, &r| sum.checked_add(self.costs.get(r).copied().unwrap_or(0))),
        }
    }

    /// The forced rows (see [`Solver::force_rows`]).
    pub fn forced_rows(&self) -> &[usize] {
        &self.forced
    }

    /// Randomises the search from now on and starts it again: among the
    /// primary columns of fewest rows the search branches on one picked at
    /// random, and it tries that column's rows in a random order. The same
    /// seed gives the same search, solutions in the same order. `None` goes
    /// back to the ordinary order. Forced rows stay; counters go to zero.
    ///
    /// Errors: [`Error::OutOfMemory`], leaving the solver as it was.
    pub fn set_seed(&mut self, seed: Option<u64>) -> Result<(), Error> {
        let random = match seed {
            Some(seed) => Some(Random::new(seed, self.rows(), self.choice.len())?),
            None => None,
        };
        // Unwinding reads only the links and `choice`, so the new random
        // state can go in first.
        self.random = random;
        self.restart();
        Ok(())
    }

    /// The seed of a randomised search.
    pub fn seed(&self) -> Option<u64> {
        self.random.as_ref().map(|r| r.seed)
    }

    /// An estimate of the fraction of the search tree already walked, from
    /// 0 to 1, as Knuth's programs make it: at each level, the position of
    /// the row being tried among the rows of its column, each level
    /// weighted by the share of the tree its branch stands for.
    pub fn estimate(&self) -> f64 {
        match self.phase {
            Phase::Start => return 0.0,
            Phase::Done => return 1.0,
            Phase::Recover | Phase::Paused => {}
        }
        if let Some(g) = &self.general {
            return g.estimate();
        }
        let (mut done, mut share) = (0.0, 1.0);
        for l in 0..self.depth() {
            let (k, d) = match &self.random {
                Some(r) => (u64::from(r.at[l] - r.start[l]), u64::from(r.end[l] - r.start[l])),
                None => self.links.position_in_item(self.choice[l]),
            };
            if d == 0 {
                break;
            }
            share /= d as f64;
            done += k as f64 * share;
        }
        done.clamp(0.0, 1.0)
    }

    /// The search's depth now: the number of rows chosen (forced ones not
    /// counted) on the path to where it stands, that is the levels whose
    /// item and row are covered.
    pub fn depth(&self) -> usize {
        if let Some(g) = &self.general {
            return g.depth();
        }
        match self.phase {
            Phase::Recover => self.level + 1,
            Phase::Paused => self.level,
            Phase::Start | Phase::Done => 0,
        }
    }

    /// The counters so far.
    pub fn counters(&self) -> Counters {
        let updates = self.general.as_ref().map_or(self.links.updates, |g| g.updates);
        Counters { nodes: self.nodes, updates, solutions: self.solutions }
    }

    /// Whether the search is exhausted.
    pub fn is_done(&self) -> bool {
        self.phase == Phase::Done
    }

    /// The next solution, as row ids (the forced rows, then the rows chosen,
    /// in the order the search chose them), or `None` once every solution
    /// has been returned or the call stopped at a limit or a cancel
    /// ([`Solver::outcome`] says which; see [`Solver::find`]).
    pub fn next_solution(&mut self) -> Option<&[usize]> {
        match self.find() {
            Found::Solution(rows) => Some(rows),
            Found::End(_) => None,
        }
    }

    /// The rows of the last solution found.
    pub(crate) fn last_solution(&self) -> &[usize] {
        &self.rows
    }

    /// Runs the search until the next solution, the end, or until it has
    /// entered `node_budget` more search-tree levels, whichever comes first.
    /// A caller that wants to report progress or check a clock calls this in
    /// a loop; the tree walked is the same as with `next_solution`.
    pub fn search(&mut self, node_budget: u64) -> Progress<'_> {
        let limit = self.nodes.saturating_add(node_budget);
        loop {
            match self.advance(limit - self.nodes) {
                Stop::Solution => return Progress::Solution(&self.rows),
                Stop::Paused => return Progress::Paused,
                Stop::Exhausted => return Progress::Exhausted,
                Stop::Strengthen => self.strengthen(),
            }
        }
    }

    /// Starts the search over on full potentials, keeping the best
    /// solutions so far, the bar and the counters: the tree walked since
    /// the start is walked again, but cut by the stronger bound and the
    /// bar found so far, so it is only a fraction of the work already done.
    /// Only a search for the single best does this, so no solution kept can
    /// be found again (it does not beat the bar). Without memory for it the
    /// search carries on with the quick potentials.
    fn strengthen(&mut self) {
        self.unwind();
        let updates = self.links.updates;
        self.forced.iter().rev().for_each(|&r| self.links.uncover_row(r));
        let mut scratch = Vec::new();
        if let Some(o) = &mut self.objective {
            o.strengthen_at = u64::MAX;
            if scratch.try_reserve_exact(self.links.nodes()).is_ok() && o.strengthen(&self.links).is_ok() {
                self.links.sort_lists(|x| o.key(x), &mut scratch);
            }
        }
        self.forced.iter().for_each(|&r| self.links.cover_row(r));
        // Covering the forced rows again is not search work.
        self.links.updates = updates;
    }

    /// Runs the search to its next solution, to its end, or until it would
    /// enter a level beyond `budget` more nodes.
    fn advance(&mut self, budget: u64) -> Stop {
        if self.general.is_some() {
            return self.walk_general(budget);
        }
        match (self.random.is_some(), self.objective.is_some()) {
            (false, false) => self.walk::<false, false>(budget),
            (true, false) => self.walk::<true, false>(budget),
            (false, true) => self.walk::<false, true>(budget),
            (true, true) => self.walk::<true, true>(budget),
        }
    }

    /// Copies the forced rows and the rows chosen at levels `0..=level`
    /// into `rows` (unless the caller only counts), and counts a solution.
    fn take_solution(&mut self) {
        self.solutions += 1;
        self.nodes += 1;
        self.rows.clear();
        if self.counting && self.objective.is_none() {
            return;
        }
        self.rows.extend_from_slice(&self.forced);
        if self.phase != Phase::Start {
            for &x in &self.choice[..=self.level] {
                self.rows.push(self.links.row_of(x));
            }
        }
    }

    /// The search loop of the generalised engine ([`crate::general`]).
    fn walk_general(&mut self, budget: u64) -> Stop {
        let Some(g) = &mut self.general else { return Stop::Exhausted };
        let limit = self.nodes.saturating_add(budget);
        let walk = Walk {
            nodes: &mut self.nodes,
            limit,
            bound: self.objective.as_ref().map(Optimizer::bound),
            rng: self.random.as_mut().map(|r| &mut r.rng),
        };
        match g.walk(walk) {
            Walked::Solution => {
                self.phase = Phase::Recover;
                self.solutions += 1;
                self.rows.clear();
                self.rows.extend_from_slice(&self.forced);
                g.solution(&mut self.rows);
                if let Some(o) = &mut self.objective {
                    o.record(o.bound().forced + g.path(), &self.rows);
                }
                Stop::Solution
            }
            Walked::Paused => {
                self.phase = Phase::Paused;
                Stop::Paused
            }
            Walked::Exhausted => {
                self.phase = Phase::Done;
                Stop::Exhausted
            }
        }
    }

    /// The search loop; `RANDOM` when `self.random` is set, `COST` when
    /// `self.objective` is (branch and bound, see [`crate::objective`]).
    fn walk<const RANDOM: bool, const COST: bool>(&mut self, budget: u64) -> Stop {
        /// The steps of the loop, as in Knuth's DLX1.
        enum Step {
            /// Enter level `level`: choose an item and cover it.
            Enter,
            /// Try row node `cur` of item `best`, or back up if `cur == best`.
            Try,
            /// Undo the row chosen at `level` and move to the next one.
            NextRow,
            /// Move from row node `cur` to the next row without undoing it
            /// (it was cut off by the bound, so never covered).
            Skip,
        }
        let limit = self.nodes.saturating_add(budget);
        let mut step = match self.phase {
            Phase::Done => return Stop::Exhausted,
            Phase::Recover => Step::NextRow,
            Phase::Start if self.links.all_covered() => {
                // No primary item left: the forced rows (or the empty set)
                // are the one solution.
                if COST && self.objective.as_ref().is_some_and(|o| o.path[0] >= o.bar) {
                    // Beyond the cost limit.
                    self.nodes += 1;
                    self.phase = Phase::Done;
                    return Stop::Exhausted;
                }
                self.take_solution();
                self.nodes += 1; // the root, entered without a branch
                self.phase = Phase::Done;
                if COST {
                    let o = optimizer(&mut self.objective);
                    let cost = o.path[0];
                    o.record(cost, &self.rows);
                }
                return Stop::Solution;
            }
            Phase::Start | Phase::Paused => Step::Enter,
        };
        // `best` is the item being branched on at `level`, `cur` its row node.
        let (mut best, mut cur) = (0, 0);
        loop {
            let links = &mut self.links;
            match step {
                Step::Enter => {
                    if self.nodes >= limit {
                        self.phase = Phase::Paused;
                        return Stop::Paused;
                    }
                    if COST && self.nodes >= optimizer(&mut self.objective).strengthen_at {
                        self.phase = Phase::Paused;
                        return Stop::Strengthen;
                    }
                    self.nodes += 1;
                    if RANDOM {
                        let r = random(&mut self.random);
                        best = links.choose_random(&mut r.rng);
                        links.cover(best);
                        let start = r.order.len();
                        links.item_rows(best, &mut r.order);
                        r.rng.shuffle(&mut r.order[start..]);
                        let l = self.level;
                        (r.start[l], r.at[l], r.end[l]) = (start as u32, start as u32, r.order.len() as u32);
                        cur = r.order.get(start).copied().unwrap_or(best);
                    } else {
                        best = links.choose();
                        links.cover(best);
                        cur = links.down(best);
                    }
                    if COST && cur != best {
                        // The bound's `rest`, for every row of `best`; not
                        // needed before there is a bar to cut against.
                        let o = optimizer(&mut self.objective);
                        o.rest[self.level] = if o.bar == i64::MAX { UNKNOWN } else { links.sum_first(&o.share) };
                    }
                    self.choice[self.level] = cur;
                    step = Step::Try;
                }
                Step::Try if cur == best => {
                    // Every row of `best` was tried: back up.
                    links.uncover(best);
                    if RANDOM {
                        let r = random(&mut self.random);
                        r.order.truncate(r.start[self.level] as usize);
                    }
                    if self.level == 0 {
                        self.phase = Phase::Done;
                        return Stop::Exhausted;
                    }
                    self.level -= 1;
                    step = Step::NextRow;
                }
                Step::Try => {
                    if COST {
                        let o = optimizer(&mut self.objective);
                        let l = self.level;
                        let with = o.path[l] + o.cost[cur as usize];
                        // `rest[l]` is stale when the bar came down after
                        // level `l` was entered (when the first solutions
                        // were found below it): recompute it then.
                        if o.bar != i64::MAX && o.rest[l] == UNKNOWN {
                            o.rest[l] = links.sum_first(&o.share);
                        }
                        if o.bar != i64::MAX && with + o.rest[l] - links.sum_first_in_rest_of_row(cur, &o.share) >= o.bar {
                            step = Step::Skip;
                            continue;
                        }
                        o.path[l + 1] = with;
                    }
                    links.cover_rest_of_row(cur);
                    if links.all_covered() {
                        self.phase = Phase::Recover;
                        self.take_solution();
                        if COST {
                            let o = optimizer(&mut self.objective);
                            let cost = o.path[self.level + 1];
                            o.record(cost, &self.rows);
                        }
                        return Stop::Solution;
                    }
                    self.level += 1;
                    step = Step::Enter;
                }
                Step::NextRow | Step::Skip => {
                    if let Step::NextRow = step {
                        cur = self.choice[self.level];
                        best = links.top(cur);
                        links.uncover_rest_of_row(cur);
                    }
                    if RANDOM {
                        let r = random(&mut self.random);
                        let l = self.level;
                        r.at[l] += 1;
                        cur = if r.at[l] < r.end[l] { r.order[r.at[l] as usize] } else { best };
                    } else {
                        cur = links.down(cur);
                    }
                    self.choice[self.level] = cur;
                    step = Step::Try;
                }
            }
        }
    }
}

/// A bound's `rest` not computed yet (real ones stay within +-2^62).
const UNKNOWN: i64 = i64::MIN;

/// The branch-and-bound state, which `walk::<_, true>` has.
#[inline(always)]
fn optimizer(o: &mut Option<Optimizer>) -> &mut Optimizer {
    match o {
        Some(o) => o,
        None => unreachable!("walk::<_, true> runs only with an objective"),
    }
}

/// The random state of a randomised search, which `walk::<true>` has.
#[inline(always)]
fn random(r: &mut Option<Random>) -> &mut Random {
    match r {
        Some(r) => r,
        None => unreachable!("walk::<true> runs only with a seed"),
    }
}

impl Iterator for Solver {
    type Item = Vec<usize>;

    /// The next solution as an owned vector; see [`Solver::next_solution`].
    fn next(&mut self) -> Option<Vec<usize>> {
        self.next_solution().map(|rows| rows.to_vec())
    }
}
