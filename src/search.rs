//! The [`Solver`]: one search over a matrix, whatever engine runs it.
//!
//! The solver picks an engine once ([`crate::engine`]) and keeps what every
//! search has around the engine's walk: the node and solution counters, the
//! rows of the last solution, the forced rows, the branch and bound's state
//! ([`crate::objective`]) and the controls ([`crate::control`]). Each call
//! dispatches to the engine once; the engine's walk is a pull iterator that
//! stops at every solution and can pause after any node, so any number of
//! solutions can be taken one at a time.

use std::ops::ControlFlow;

use crate::control::{self, Canceller, Controls, Found, Limits, Outcome, ProgressFn, Sliced};
use crate::parallel;
pub use crate::control::{Counters, Progress};
use crate::engine::dlx1::Dlx1;
use crate::engine::mcc::Mcc;
use crate::engine::small;
use crate::engine::{Core, Engine, Fixed, Run, Walked};
use crate::error::Error;
use crate::matrix::Matrix;
use crate::memo::{self, Count, Memo, MemoOptions, MemoStats};
use crate::parallel::{Pool, ThreadStats};
use crate::split::Subproblem;
use crate::bound::optimizer::Optimizer;
use crate::bound::{Best, Objective};

/// One search over a matrix. It owns its links and its stack, so it is
/// independent of the matrix it came from and of every other solver.
/// A copy (`clone`) goes on from where the search stands; a memoized
/// count ([`Solver::memo_count`]) starts over in the copy.
#[derive(Clone, Debug)]
pub struct Solver {
    /// The engine, with the matrix in its layout and the search's stack.
    engine: Box<dyn Core>,
    /// Whether the solver chose the engine itself ([`Engine::Auto`]), and
    /// may choose again (an objective moves it from the bit sets to the
    /// links).
    auto: bool,
    nodes: u64,
    solutions: u64,
    /// The row ids of the last solution: the forced rows, then the rows
    /// chosen, in the order they were chosen.
    rows: Vec<usize>,
    /// Rows chosen before the search starts ([`Solver::force_rows`]) and
    /// rows kept out of it ([`Solver::exclude_rows`]).
    fixed: Fixed,
    /// Set while a caller only counts ([`Solver::count_run`]): the exact-cover
    /// engine then leaves `rows` empty instead of finding each solution's
    /// row ids (a binary search per level, about 5% of the time on queens).
    counting: bool,
    /// Limits, cancellation and progress (see [`crate::control`]).
    controls: Controls,
    /// The matrix's row costs (empty when all are 0).
    costs: Vec<i64>,
    /// Branch and bound, when the search has an objective.
    objective: Option<Optimizer>,
    /// The cost limit of [`Solver::set_cost_limit`].
    cost_limit: Option<i64>,
    /// The threads a call searches on ([`Solver::set_threads`]).
    threads: usize,
    /// The state of a parallel search under way (see [`crate::parallel`]).
    pool: Option<Box<Pool>>,
    /// Set on a parallel search's workers: levels may give rows away.
    sharing: bool,
    /// The matrix's structure, for the memoized count (shared by copies).
    matrix: std::sync::Arc<Matrix>,
    /// How a memoized count runs, and the one under way or done (a copy
    /// of the solver starts afresh: see [`memo::Slot`]).
    memo_options: MemoOptions,
    memo: memo::Slot,
}

impl Solver {
    /// A solver for `matrix`, which it copies: the matrix may change or go
    /// away afterwards without affecting the search. A matrix that uses
    /// bounds or colors is solved by the generalised engine
    /// (`engine::mcc`), with every feature of this one.
    pub fn new(matrix: &Matrix) -> Result<Solver, Error> {
        Solver::with_engine(matrix, Engine::Auto)
    }

    /// A solver for `matrix` on the engine `engine` picks:
    /// [`Engine::Auto`] follows the rule written there, [`Engine::General`]
    /// runs any matrix on the generalised engine (a plain one too, which is
    /// how the engines are compared), and [`Engine::Exact`] and
    /// [`Engine::Small`] give [`Error::Unsupported`] for a matrix with
    /// bounds or colors. Solutions, counts and costs do not depend on the
    /// engine; the order of solutions and the counters may (the exact-cover
    /// engines, `Exact` and `Small`, have the same ones).
    pub fn with_engine(matrix: &Matrix, engine: Engine) -> Result<Solver, Error> {
        let structure = std::sync::Arc::new(matrix.try_clone_structure()?);
        Solver::build(matrix, engine, structure)
    }

    /// A solver for a matrix the caller shares with it, as [`Solver::new`]
    /// but without a copy: the solver keeps `matrix` (which cannot change
    /// while it is shared) for its memoized count. For a big matrix that
    /// is read once and searched once, this saves the copy's memory.
    pub fn from_shared(matrix: std::sync::Arc<Matrix>) -> Result<Solver, Error> {
        Solver::from_shared_with_engine(matrix, Engine::Auto)
    }

    /// [`Solver::from_shared`] with the engine chosen as in
    /// [`Solver::with_engine`].
    pub fn from_shared_with_engine(matrix: std::sync::Arc<Matrix>, engine: Engine) -> Result<Solver, Error> {
        Solver::build(&std::sync::Arc::clone(&matrix), engine, matrix)
    }

    /// A solver for `matrix` on `engine`, keeping `structure` (the matrix,
    /// or a copy of its structure) for the memoized count.
    fn build(matrix: &Matrix, engine: Engine, structure: std::sync::Arc<Matrix>) -> Result<Solver, Error> {
        let auto = engine == Engine::Auto;
        let kind = match engine {
            Engine::Auto if matrix.is_generalized() => Engine::General,
            Engine::Auto if small::fits(matrix) => Engine::Small,
            Engine::Auto => Engine::Exact,
            Engine::Exact | Engine::Small if matrix.is_generalized() => return Err(Error::Unsupported),
            kind => kind,
        };
        let engine = Solver::core(matrix, kind)?;
        let mut rows = Vec::new();
        rows.try_reserve_exact(engine.depth_limit())?;
        let mut costs = Vec::new();
        if matrix.has_costs() {
            costs.try_reserve_exact(matrix.rows())?;
            costs.extend((0..matrix.rows()).map(|r| matrix.cost(r).unwrap_or(0)));
        }
        Ok(Solver {
            engine,
            auto,
            nodes: 0,
            solutions: 0,
            rows,
            fixed: Fixed::default(),
            counting: false,
            controls: Controls::default(),
            costs,
            objective: None,
            cost_limit: None,
            threads: 1,
            pool: None,
            sharing: false,
            matrix: structure,
            memo_options: MemoOptions::default(),
            memo: memo::Slot::default(),
        })
    }

    /// Engine `kind` (not `Auto`) laid out for `matrix`.
    fn core(matrix: &Matrix, kind: Engine) -> Result<Box<dyn Core>, Error> {
        Ok(match kind {
            Engine::General => Box::new(Mcc::new(matrix)?),
            Engine::Small => small::new(matrix)?,
            Engine::Exact | Engine::Auto => Box::new(Dlx1::new(matrix)?),
        })
    }

    /// The engine that runs the search: [`Engine::Exact`],
    /// [`Engine::Small`] or [`Engine::General`] (never `Auto`). A solver
    /// that chose the small-matrix engine moves to `Exact` when it is
    /// given an objective.
    pub fn engine(&self) -> Engine {
        self.engine.kind()
    }

    /// The number of rows of the matrix the solver was made from.
    pub fn rows(&self) -> usize {
        self.engine.rows()
    }

    /// Starts the search again from the beginning, with the same forced
    /// rows and seed; the counters go back to zero.
    pub fn restart(&mut self) {
        self.pool = None;
        self.memo.0 = None;
        self.engine.unwind();
        self.engine.reseed();
        self.nodes = 0;
        self.solutions = 0;
        self.engine.set_updates(0);
        if let Some(o) = &mut self.objective {
            o.reset(&self.fixed.forced);
        }
    }

    /// Runs `f` with nothing covered (the search unwound, the forced rows
    /// uncovered and the excluded ones back), then fixes `self.fixed`
    /// again, which `f` may have changed, and restarts the search.
    fn with_nothing_covered<T>(&mut self, f: impl FnOnce(&mut Solver) -> T) -> T {
        self.engine.unwind();
        self.engine.unforce(&self.fixed);
        let t = f(self);
        self.engine.force(&self.fixed);
        self.restart();
        t
    }

    /// Starts the search again with `rows` already chosen: every solution
    /// found contains them (they come first in its rows), and the search
    /// looks only for the rest. An empty `rows` removes the forced rows.
    /// The excluded rows stay. The counters go back to zero.
    ///
    /// Errors, leaving the solver as it was: [`Error::RowRange`] when a row
    /// id is not a row of the matrix, [`Error::Conflict`] when two of the
    /// rows share a column (or a row is given twice) or a row is excluded
    /// ([`Solver::exclude_rows`]); with bounds or colors, when the rows
    /// cover a column more often than its upper bound or give a secondary
    /// column two colors (or a color and none).
    pub fn force_rows(&mut self, rows: &[usize]) -> Result<(), Error> {
        let fixed = self.fixed_rows(rows, &self.fixed.excluded)?;
        self.fix(fixed)
    }

    /// Starts the search again with `rows` left out, as if they were not
    /// in the matrix: no solution found contains them. Repeats are allowed;
    /// an empty `rows` brings every row back. The forced rows stay. The
    /// counters go back to zero.
    ///
    /// Errors, leaving the solver as it was: [`Error::RowRange`] when a row
    /// id is not a row of the matrix, [`Error::Conflict`] when a row is
    /// forced, [`Error::OutOfMemory`].
    pub fn exclude_rows(&mut self, rows: &[usize]) -> Result<(), Error> {
        let fixed = self.fixed_rows(&self.fixed.forced, rows)?;
        self.fix(fixed)
    }

    /// Forces `rows` and excludes `excluded` at once, replacing both (a
    /// subproblem of [`crate::split`]), and starts the search again. Errors
    /// as [`Solver::force_rows`] and [`Solver::exclude_rows`], leaving the
    /// solver as it was.
    pub fn set_subproblem(&mut self, rows: &[usize], excluded: &[usize]) -> Result<(), Error> {
        let fixed = self.fixed_rows(rows, excluded)?;
        self.fix(fixed)
    }

    /// `rows` forced and `excluded` excluded, checked (see
    /// [`Solver::set_subproblem`]).
    fn fixed_rows(&self, rows: &[usize], excluded: &[usize]) -> Result<Fixed, Error> {
        let total = self.rows();
        if rows.iter().chain(excluded).any(|&r| r >= total) {
            return Err(Error::RowRange);
        }
        let mut out = Vec::new();
        out.try_reserve_exact(excluded.len())?;
        out.extend_from_slice(excluded);
        out.sort_unstable();
        out.dedup();
        if !self.engine.compatible(rows)? || rows.iter().any(|r| out.binary_search(r).is_ok()) {
            return Err(Error::Conflict);
        }
        let mut forced = Vec::new();
        forced.try_reserve_exact(rows.len())?;
        forced.extend_from_slice(rows);
        Ok(Fixed { forced, excluded: out })
    }

    /// Puts `fixed` in place (with room for the solutions' rows) and
    /// starts the search again.
    fn fix(&mut self, fixed: Fixed) -> Result<(), Error> {
        self.rows.try_reserve_exact(fixed.forced.len() + self.engine.depth_limit())?;
        self.with_nothing_covered(|s| s.fixed = fixed);
        Ok(())
    }

    /// The excluded rows (see [`Solver::exclude_rows`]), in increasing
    /// order without repeats.
    pub fn excluded_rows(&self) -> &[usize] {
        &self.fixed.excluded
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
    /// 2^61, [`Error::OutOfMemory`], [`Error::Unsupported`] on a solver
    /// made for [`Engine::Small`] (a solver that chose that engine itself
    /// moves to [`Engine::Exact`], and stays there).
    pub fn set_objective(&mut self, objective: Option<Objective>) -> Result<(), Error> {
        // Branch and bound reads the links: the solver's own choice of the
        // bit sets moves there, once everything that can fail is done.
        let mut moved = None;
        if objective.is_some() && self.engine.kind() == Engine::Small {
            if !self.auto {
                return Err(Error::Unsupported);
            }
            let mut core = Solver::core(&self.matrix, Engine::Exact)?;
            core.set_seed(self.engine.seed())?;
            moved = Some(core);
        }
        let core = moved.as_ref().unwrap_or(&self.engine);
        let mut optimizer = match objective {
            Some(o) => Some(core.optimizer(o, &self.costs)?),
            None => None,
        };
        if let Some(o) = &mut optimizer {
            o.set_limit(self.cost_limit);
        }
        let mut scratch = core.order_scratch()?;
        self.with_nothing_covered(|s| {
            // The new engine comes in with nothing covered, as the old
            // one now is; the forced rows are put on it after `f`.
            if let Some(core) = moved {
                s.engine = core;
            }
            s.engine.order_lists(optimizer.as_ref(), &mut scratch);
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
        &self.fixed.forced
    }

    /// Randomises the search from now on and starts it again: among the
    /// primary columns of fewest rows the search branches on one picked at
    /// random, and it tries that column's rows in a random order. The same
    /// seed gives the same search, solutions in the same order. `None` goes
    /// back to the ordinary order. Forced rows stay; counters go to zero.
    ///
    /// Errors: [`Error::OutOfMemory`], leaving the solver as it was.
    pub fn set_seed(&mut self, seed: Option<u64>) -> Result<(), Error> {
        self.engine.unwind();
        let set = self.engine.set_seed(seed);
        self.restart();
        set
    }

    /// The seed of a randomised search.
    pub fn seed(&self) -> Option<u64> {
        self.engine.seed()
    }

    /// An estimate of the fraction of the search tree already walked, from
    /// 0 to 1, as Knuth's programs make it: at each level, the position of
    /// the row being tried among the rows of its column, each level
    /// weighted by the share of the tree its branch stands for.
    pub fn estimate(&self) -> f64 {
        match &self.pool {
            Some(pool) => pool.estimate(),
            None => self.engine.estimate(),
        }
    }

    /// The search's depth now: the number of rows chosen (forced ones not
    /// counted) on the path to where it stands, that is the levels whose
    /// item and row are covered.
    pub fn depth(&self) -> usize {
        match &self.pool {
            Some(pool) => pool.depth(),
            None => self.engine.depth(),
        }
    }

    /// The counters so far.
    pub fn counters(&self) -> Counters {
        Counters { nodes: self.nodes, updates: self.engine.updates(), solutions: self.solutions }
    }

    /// Whether the search is exhausted.
    pub fn is_done(&self) -> bool {
        match &self.pool {
            Some(pool) => pool.is_done(),
            None => self.engine.is_done(),
        }
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

    /// Runs the search until the next solution, the end, or until it has
    /// entered `node_budget` more search-tree levels, whichever comes first.
    /// A caller that wants to report progress or check a clock calls this in
    /// a loop; the tree walked is the same as with `next_solution`. It
    /// always runs on the calling thread alone: after a call that searched
    /// on several threads ([`Solver::set_threads`]) it starts the search
    /// over.
    pub fn search(&mut self, node_budget: u64) -> Progress<'_> {
        if self.pool.is_some() {
            self.restart();
        }
        let limit = self.nodes.saturating_add(node_budget);
        loop {
            let run = Run { nodes: &mut self.nodes, limit, objective: self.objective.as_mut(), cap: None, share: self.sharing, count: None };
            match self.engine.walk(run) {
                Walked::Solution => {
                    self.take_solution();
                    return Progress::Solution(&self.rows);
                }
                Walked::Paused => return Progress::Paused,
                // Only a walk with a depth cap cuts; only a counting walk
                // counts.
                Walked::Counted => return Progress::Paused,
                Walked::Exhausted | Walked::Cut => return Progress::Exhausted,
                Walked::Strengthen => {
                    if let Some(o) = &mut self.objective {
                        self.engine.strengthen(o, &self.fixed);
                    }
                }
            }
        }
    }

    /// Counts solutions without listing them, as [`Solver::search`] finds
    /// them, for at most `node_budget` more nodes, stopping at the
    /// `most`-th (`most >= 1`): the solutions counted and whether the
    /// search is exhausted. The engine counts inside its walk where it can
    /// (no objective), so a solution costs no return. On the calling
    /// thread alone, as `search`.
    pub(crate) fn count_slice(&mut self, node_budget: u64, most: u64) -> (u64, bool) {
        if self.objective.is_some() {
            return self.search(node_budget).counted();
        }
        if self.pool.is_some() {
            self.restart();
        }
        let limit = self.nodes.saturating_add(node_budget);
        let mut counted = 0;
        let run = Run { nodes: &mut self.nodes, limit, objective: None, cap: None, share: self.sharing, count: Some((&mut counted, most)) };
        let walked = self.engine.walk(run);
        self.rows.clear();
        let (counted, exhausted) = match walked {
            // An engine that does not count returns each solution.
            Walked::Solution => (counted + 1, false),
            Walked::Counted | Walked::Paused | Walked::Strengthen => (counted, false),
            Walked::Exhausted | Walked::Cut => (counted, true),
        };
        self.solutions += counted;
        (counted, exhausted)
    }

    /// Sets the budgets of each later call.
    pub fn set_limits(&mut self, limits: Limits) {
        self.controls.limits = limits;
    }

    /// The budgets of each call.
    pub fn limits(&self) -> Limits {
        self.controls.limits
    }

    /// A handle to cancel this solver's search from another thread.
    pub fn canceller(&self) -> Canceller {
        self.controls.canceller.clone()
    }

    /// Calls `report` about every `interval` while a call searches (not
    /// before the first interval has passed), or never with `None`.
    pub fn set_progress(&mut self, progress: Option<(std::time::Duration, ProgressFn)>) {
        self.controls.progress = progress;
    }

    /// How the last call ended (`None` before the first).
    pub fn outcome(&self) -> Option<Outcome> {
        self.controls.outcome
    }

    /// The next solution within this call's limits, or how the call ended
    /// (see [`crate::control`]).
    pub fn find(&mut self) -> Found<'_> {
        let outcome = match self.parallel() {
            Some(pool) => {
                // One solution at most, whatever the solution limit (as
                // on one thread): the callback stops at the first.
                let outcome = match parallel::drive(self, pool, false, None, &mut |_| ControlFlow::Break(())) {
                    (1, _) => Outcome::Solution,
                    (_, outcome) => outcome,
                };
                self.controls.outcome = Some(outcome);
                outcome
            }
            None => control::find(self),
        };
        match outcome {
            Outcome::Solution => Found::Solution(&self.rows),
            outcome => Found::End(outcome),
        }
    }

    /// Hands solutions to `f` until the search is exhausted, `f` breaks, or
    /// a limit or a cancel ends the call; says which.
    pub fn run(&mut self, mut f: impl FnMut(&[usize]) -> ControlFlow<()>) -> Outcome {
        if let Some(pool) = self.parallel() {
            return parallel::drive(self, pool, false, self.controls.limits.solutions, &mut f).1;
        }
        control::drive(self, |s| f(&s.rows))
    }

    /// Counts solutions as [`Solver::run`] would hand them out, within the
    /// same limits, without finding their rows: the number counted and how
    /// the call ended. The last solution's rows (and [`Solver::cost`]) are
    /// meaningful only after [`Solver::run`] or [`Solver::find`].
    pub fn count_run(&mut self) -> (u64, Outcome) {
        if let Some(pool) = self.parallel() {
            return parallel::drive(self, pool, true, self.controls.limits.solutions, &mut |_| ControlFlow::Continue(()));
        }
        self.counting = true;
        let counted = control::count(self);
        self.counting = false;
        counted
    }

    /// Hands each subproblem at `depth` (see [`crate::split`]) to `f`:
    /// the engine's walk with a depth cap, from the start, which the search
    /// is back at afterwards. Says whether `f` broke and whether any path
    /// was cut at `depth`.
    pub(crate) fn subproblems(&mut self, depth: usize, f: &mut dyn FnMut(Subproblem<'_>) -> ControlFlow<()>) -> Result<(ControlFlow<()>, bool), Error> {
        let mut rows = Vec::new();
        rows.try_reserve_exact(self.fixed.forced.len() + self.engine.depth_limit())?;
        // A path rules out at most every row.
        let mut excluded = Vec::new();
        excluded.try_reserve_exact(self.rows())?;
        self.restart();
        let (mut nodes, mut cut, mut end) = (0, false, ControlFlow::Continue(()));
        loop {
            let run = Run { nodes: &mut nodes, limit: u64::MAX, objective: None, cap: Some(depth), share: false, count: None };
            match self.engine.walk(run) {
                walked @ (Walked::Cut | Walked::Solution) => {
                    cut |= walked == Walked::Cut;
                    rows.clear();
                    rows.extend_from_slice(&self.fixed.forced);
                    self.engine.solution(&mut rows);
                    excluded.clear();
                    excluded.extend_from_slice(&self.fixed.excluded);
                    self.engine.excluded(&mut excluded);
                    excluded.sort_unstable();
                    end = f(Subproblem { rows: &rows, excluded: &excluded });
                    if end.is_break() {
                        break;
                    }
                }
                // No budget and no bound: the walk ends only when exhausted.
                Walked::Exhausted | Walked::Paused | Walked::Strengthen | Walked::Counted => break,
            }
        }
        self.restart();
        Ok((end, cut))
    }

    /// Sets how later memoized counts run ([`crate::memo`]): the column
    /// rule and the cache's memory limit. A count under way or done is
    /// dropped (its cache too).
    pub fn set_memo_options(&mut self, options: MemoOptions) {
        self.memo_options = options;
        self.memo.0 = None;
    }

    /// How memoized counts run.
    pub fn memo_options(&self) -> MemoOptions {
        self.memo_options
    }

    /// Counts the solutions (those with the forced rows and without the
    /// excluded ones) by the memoized count ([`crate::memo`]): exact at any
    /// size, and often far faster than [`Solver::count_run`] on problems
    /// whose partial solutions leave the same rest behind (tilings).
    ///
    /// Within the call's limits ([`Solver::set_limits`]: nodes are the
    /// states entered, updates the cache's misses; the solution limit does
    /// not apply), cancel and progress, as [`Solver::find`]: `Some(count)`
    /// when the count is done (again at once on later calls, until the
    /// search restarts), `None` when the call stopped ([`Solver::outcome`]
    /// says why; the next call goes on where it stopped). On several
    /// threads ([`Solver::set_threads`]) the threads count over one shared
    /// cache ([`crate::memo`]'s `team`): the same count, sooner; the
    /// statistics ([`Solver::memo_stats`]) are totals over the threads and
    /// vary from run to run.
    ///
    /// Errors: [`Error::Unsupported`] with an objective or a cost limit
    /// (they pick among solutions; the count counts them all),
    /// [`Error::OutOfMemory`] (the count is dropped).
    pub fn memo_count(&mut self) -> Result<Option<Count>, Error> {
        if self.objective.is_some() || self.cost_limit.is_some() {
            return Err(Error::Unsupported);
        }
        if self.memo.0.is_none() {
            self.memo.0 = Some(Box::new(Memo::new(&self.matrix, &self.fixed.forced, &self.fixed.excluded, self.memo_options, self.threads)?));
        }
        let Some(memo) = self.memo.0.as_deref_mut() else { return Ok(None) };
        let mut run = memo::Controlled::new(memo, &mut self.controls);
        control::find(&mut run);
        if let Some(e) = run.finish() {
            self.memo.0 = None;
            return Err(e);
        }
        let count = self.memo.0.as_ref().and_then(|m| m.count().cloned());
        // A count done before a cancel or a limit came is done.
        if count.is_some() {
            self.controls.outcome = Some(Outcome::Exhausted);
        }
        Ok(count)
    }

    /// What the memoized count did so far (zeros before the first).
    pub fn memo_stats(&self) -> MemoStats {
        self.memo.0.as_ref().map_or_else(MemoStats::default, |m| m.stats())
    }

    /// Draws `n` solutions uniformly at random (each independently: one
    /// may come twice) and hands each to `f` (the forced rows, then the
    /// rows drawn): the memoized count first ([`Solver::memo_count`],
    /// within the call's limits), then, from its counts, a random number
    /// below the count and the solution it stands for. The same `seed`
    /// gives the same draws.
    ///
    /// Returns [`Outcome::Exhausted`] when all `n` are drawn (at once when
    /// there is no solution), [`Outcome::Stopped`] when `f` breaks,
    /// [`Outcome::Cancelled`] when a cancel comes between two draws, and the
    /// outcome of the count when it stopped before its end (nothing drawn;
    /// a later call goes on counting). Errors as [`Solver::memo_count`].
    pub fn memo_sample(&mut self, seed: u64, n: u64, mut f: impl FnMut(&[usize]) -> ControlFlow<()>) -> Result<Outcome, Error> {
        let Some(total) = self.memo_count()? else {
            return Ok(self.controls.outcome.unwrap_or(Outcome::Stopped));
        };
        if total.is_zero() {
            return Ok(Outcome::Exhausted);
        }
        let mut rng = fastrand::Rng::with_seed(seed);
        let mut rows = Vec::new();
        let mut outcome = Outcome::Exhausted;
        for _ in 0..n {
            if self.controls.canceller.take() {
                outcome = Outcome::Cancelled;
                break;
            }
            let Some(memo) = self.memo.0.as_deref_mut() else { break };
            rows.clear();
            rows.try_reserve(self.fixed.forced.len())?;
            rows.extend_from_slice(&self.fixed.forced);
            memo.draw(&mut rng, &mut rows)?;
            if f(&rows).is_break() {
                outcome = Outcome::Stopped;
                break;
            }
        }
        self.controls.outcome = Some(outcome);
        Ok(outcome)
    }

    /// Searches every later call on `threads` threads (0: one per core the
    /// system offers), and starts the search again (forced rows, excluded
    /// rows, seed and objective stay; counters go to zero). With more than
    /// one thread, [`Solver::find`], [`Solver::run`] and
    /// [`Solver::count_run`] (and all that is built on them) find the same
    /// solutions, counts and best costs as on one thread, in an order that
    /// may differ; solutions are still handed out on the calling thread,
    /// one at a time. See [`crate::parallel`].
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = match threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            n => n,
        };
        self.restart();
    }

    /// The threads a call searches on.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// What each thread of a parallel search did since it started (empty
    /// before the first call on more than one thread).
    pub fn thread_stats(&self) -> Vec<ThreadStats> {
        self.pool.as_ref().map_or_else(Vec::new, |p| p.stats())
    }

    /// The parallel search's state for a call, if the call runs on several
    /// threads: made at the search's start (a search begun by
    /// [`Solver::search`] stays serial), `None` also when it cannot be
    /// made (out of memory: the call then runs on one thread).
    fn parallel(&mut self) -> Option<Box<Pool>> {
        if self.threads <= 1 {
            return None;
        }
        if let Some(pool) = self.pool.take() {
            return Some(pool);
        }
        if self.nodes > 0 || self.engine.is_done() {
            return None;
        }
        // A search for the best strengthens its bound before it splits, so
        // no worker ever starts its piece over.
        if let Some(o) = self.objective.as_mut().filter(|o| o.strengthen_at != u64::MAX) {
            self.engine.strengthen(o, &self.fixed);
        }
        Pool::new(self, self.threads).ok().map(Box::new)
    }

    /// A worker of a parallel search: a copy on one thread that shares
    /// work, with room for any piece of the tree reserved.
    pub(crate) fn worker(&self) -> Result<Solver, Error> {
        let mut w = self.clone();
        w.pool = None;
        w.threads = 1;
        w.sharing = true;
        let forced = self.fixed.forced.len() + self.engine.depth_limit() + 1;
        w.fixed.forced.try_reserve_exact(forced)?;
        w.fixed.excluded.try_reserve_exact(self.rows())?;
        w.rows.try_reserve_exact(forced + self.engine.depth_limit())?;
        Ok(w)
    }

    /// Starts a worker on a piece of the tree: `rows` forced, `excluded`
    /// excluded (they fit, as [`Core::donate`] gives them; the room is
    /// reserved by [`Solver::worker`]).
    pub(crate) fn enter_unit(&mut self, rows: &[usize], excluded: &[usize]) {
        self.with_nothing_covered(|s| {
            s.fixed.forced.clear();
            s.fixed.forced.extend_from_slice(rows);
            s.fixed.excluded.clear();
            s.fixed.excluded.extend_from_slice(excluded);
            s.fixed.excluded.sort_unstable();
            s.fixed.excluded.dedup();
        });
    }

    /// See [`Core::donate`]; `rows` gets the forced rows first.
    pub(crate) fn donate(&mut self, rows: &mut Vec<usize>, excluded: &mut Vec<usize>) -> Option<f64> {
        rows.extend_from_slice(&self.fixed.forced);
        excluded.extend_from_slice(&self.fixed.excluded);
        self.engine.donate(rows, excluded)
    }

    /// Lowers the bar of the branch and bound to `bar` (scaled), if it is
    /// lower: another thread found that good a solution.
    pub(crate) fn lower_bar(&mut self, bar: i64) {
        if let Some(o) = &mut self.objective {
            o.bar = o.bar.min(bar);
        }
    }

    /// The bar of the branch and bound (scaled; `i64::MAX` without one).
    pub(crate) fn bar(&self) -> i64 {
        self.objective.as_ref().map_or(i64::MAX, |o| o.bar)
    }

    /// The rows of the solution the engine stands at, found even when
    /// the solver only counts.
    pub(crate) fn solution_rows(&mut self) -> &[usize] {
        if self.rows.is_empty() {
            self.rows.extend_from_slice(&self.fixed.forced);
            self.engine.solution(&mut self.rows);
        }
        &self.rows
    }

    /// The scaled cost of the solution the engine stands at (0 without an
    /// objective).
    pub(crate) fn solution_cost(&self) -> i64 {
        self.objective.as_ref().map_or(0, |o| self.engine.solution_cost(o))
    }

    /// With an objective, records a solution another thread found, if it
    /// beats the bar (`false` if it does not); without one, `true`.
    pub(crate) fn record(&mut self, rows: &[usize], cost: i64) -> bool {
        match &mut self.objective {
            Some(o) if cost >= o.bar => false,
            Some(o) => {
                o.record(cost, rows);
                true
            }
            None => true,
        }
    }

    /// Hands `rows`, a solution another thread found, to `f` as this
    /// solver's last solution.
    pub(crate) fn hand_out(&mut self, rows: &[usize], f: &mut dyn FnMut(&[usize]) -> ControlFlow<()>) -> ControlFlow<()> {
        self.solutions += 1;
        self.rows.clear();
        self.rows.extend_from_slice(rows);
        f(&self.rows)
    }

    /// Whether the solver only counts (see `counting`).
    pub(crate) fn set_counting(&mut self, counting: bool) {
        self.counting = counting;
    }

    pub(crate) fn controls_mut(&mut self) -> &mut Controls {
        &mut self.controls
    }

    /// Adds solutions the workers of a parallel call counted themselves.
    pub(crate) fn count_solutions(&mut self, counted: u64) {
        self.solutions += counted;
    }

    /// After a parallel call that ended with `outcome`: the counters are
    /// the workers' sums; keeps `pool` for the next call.
    pub(crate) fn finish_call(&mut self, pool: Box<Pool>, outcome: Outcome) {
        let c = pool.counters();
        self.nodes = c.nodes;
        self.engine.set_updates(c.updates);
        self.pool = Some(pool);
        self.controls.outcome = Some(outcome);
    }

    /// Counts the solution the engine just found and copies its rows (the
    /// forced ones, then those chosen) into `rows`, unless the caller only
    /// counts; records it among the best with an objective.
    fn take_solution(&mut self) {
        self.solutions += 1;
        self.rows.clear();
        if self.counting && self.objective.is_none() {
            return;
        }
        self.rows.extend_from_slice(&self.fixed.forced);
        self.engine.solution(&mut self.rows);
        if let Some(o) = &mut self.objective {
            o.record(self.engine.solution_cost(o), &self.rows);
        }
    }
}

impl Sliced for Solver {
    fn controls(&mut self) -> &mut Controls {
        &mut self.controls
    }

    fn counters(&self) -> Counters {
        Solver::counters(self)
    }

    fn estimate(&self) -> f64 {
        Solver::estimate(self)
    }

    fn depth(&self) -> usize {
        Solver::depth(self)
    }

    fn slice(&mut self, budget: u64) -> Progress<'_> {
        self.search(budget)
    }

    fn count_slice(&mut self, budget: u64, most: u64) -> (u64, bool) {
        Solver::count_slice(self, budget, most)
    }
}

impl Iterator for Solver {
    type Item = Vec<usize>;

    /// The next solution as an owned vector; see [`Solver::next_solution`].
    fn next(&mut self) -> Option<Vec<usize>> {
        self.next_solution().map(|rows| rows.to_vec())
    }
}
