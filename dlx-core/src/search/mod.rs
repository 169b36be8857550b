//! [`Search`]: the search one thread owns, on one engine.
//!
//! It keeps what every search has around the engine's walk: the node and
//! solution counters, the rows of the last solution, the forced and
//! excluded rows, the seed (the engine holds the generator), the branch
//! and bound's state (`crate::bound`), and the controls
//! (`crate::control`). Each call
//! dispatches to the engine once; the engine's walk is a pull iterator that
//! stops at every solution and can pause after any node.
//!
//! The [`Solver`](crate::solver::Solver) facade owns one and decides, call
//! by call, whether it runs here (serial), on the workers of
//! `crate::parallel` (each a copy of this search), or as the memoized count
//! (`crate::memo`). Nothing here knows of threads or of the memo: a worker
//! is a `Search` like any other, with `sharing` set.
//!
//! What threads and checkpoints take from a search (workers, units, the
//! branches given away, the pieces left) is in `pieces`.

mod dive;
mod pieces;
mod relax;

use std::ops::ControlFlow;
use std::sync::Arc;

use crate::bound::optimizer::Optimizer;
use crate::bound::{Best, Objective, Relaxation};
use crate::control::{Canceller, Controls, Counters, Limits, Outcome, Progress, ProgressFn, Sliced};
use crate::engine::{self, Core, Count, Counted, Cut, Cutting, Engine, Find, Fixed, Found, Steering};
use crate::error::Error;
use crate::matrix::Matrix;

/// What [`Search::walk_to_depth`] hands each cut: the rows forced on the
/// path, and the rows excluded there.
pub(crate) type CutFn<'a> = dyn FnMut(&[usize], &[usize]) -> ControlFlow<()> + 'a;

/// The matrix, the forced rows and the excluded rows, for the memoized
/// count.
pub(crate) type MemoInputs<'a> = (&'a Arc<Matrix>, &'a [usize], &'a [usize]);

/// One search over a matrix, on one thread. It owns its links and its
/// stack, so it is independent of the matrix it came from and of every
/// other search; a copy (`clone`) goes on from where it stands.
#[derive(Clone, Debug)]
pub(crate) struct Search {
    /// The engine, with the matrix in its layout and the search's stack.
    engine: Box<dyn Core>,
    nodes: u64,
    solutions: u64,
    /// The row ids of the last solution: the forced rows, then the rows
    /// chosen, in the order they were chosen.
    rows: Vec<usize>,
    /// Rows chosen before the search starts and rows kept out of it: the
    /// caller's excluded rows and the pruned ones.
    fixed: Fixed,
    /// The rows the caller excluded (sorted, without repeats).
    asked: Vec<usize>,
    /// How many rows the whole tree forces and leaves out (the caller's,
    /// and the pruned ones): a piece that forces or leaves out more is
    /// [`Fixed::within`] it.
    whole: (usize, usize),
    /// Rows preprocessing found in no solution (sorted), left out of the
    /// search unless forced (see [`Search::set_pruned`]).
    pruned: Arc<Vec<usize>>,
    /// Set while a caller only counts: the exact-cover engine then leaves
    /// `rows` empty instead of finding each solution's row ids (a binary
    /// search per level, about 5% of the time on queens).
    counting: bool,
    /// Limits, cancellation and progress (see [`crate::control`]).
    controls: Controls,
    /// The matrix's row costs (empty when all are 0).
    costs: Vec<i64>,
    /// Branch and bound, when the search has an objective.
    objective: Option<Optimizer>,
    /// The cost limit of [`Solver::set_cost_limit`](crate::Solver::set_cost_limit).
    cost_limit: Option<i64>,
    /// Set on a parallel search's workers: levels may give rows away.
    sharing: bool,
    /// The seed of a randomised search and whether the choice uses
    /// dynamic weights: the engine holds the generator and the weights,
    /// both back to their start at every restart, so a search walks the
    /// same tree from the start.
    steering: Steering,
    /// The matrix (or a copy of its structure), shared by copies: an
    /// engine laid out again (an objective moves `Small` to `Exact`) and
    /// the memoized count read it.
    matrix: Arc<Matrix>,
    /// The engine's count of updates where the counters start (the
    /// engine's own count never goes back).
    updates_from: u64,
    /// A dive under way (see `dive`), on one thread.
    dive: Option<Box<dive::Dive>>,
    /// When the objective's node bound starts (`bound::node`).
    relaxation: Relaxation,
}

impl Search {
    /// A search of `matrix` on `engine`, keeping `structure` (the matrix,
    /// or a copy of its structure).
    pub(crate) fn new(matrix: &Matrix, engine: Engine, structure: Arc<Matrix>) -> Result<Search, Error> {
        let engine = engine::build(matrix, engine)?;
        let mut rows = Vec::new();
        rows.try_reserve_exact(engine.depth_limit())?;
        let mut costs = Vec::new();
        if matrix.has_costs() {
            costs.try_reserve_exact(matrix.rows())?;
            costs.extend((0..matrix.rows()).map(|r| matrix.cost(r).unwrap_or(0)));
        }
        Ok(Search {
            engine,
            nodes: 0,
            solutions: 0,
            rows,
            fixed: Fixed::default(),
            asked: Vec::new(),
            whole: (0, 0),
            pruned: Arc::default(),
            counting: false,
            controls: Controls::default(),
            costs,
            objective: None,
            cost_limit: None,
            sharing: false,
            steering: Steering::default(),
            matrix: structure,
            updates_from: 0,
            dive: None,
            relaxation: Relaxation::Auto,
        })
    }

    /// The matrix searched (or a copy of its structure).
    pub(crate) fn matrix(&self) -> &Matrix {
        &self.matrix
    }

    /// See [`Solver::set_weights`](crate::Solver::set_weights).
    pub(crate) fn set_weights(&mut self, on: bool) -> Result<(), Error> {
        let steering = Steering { weights: on, ..self.steering };
        self.engine.steer(steering)?;
        self.steering = steering;
        self.restart();
        Ok(())
    }

    /// See [`Solver::engine`](crate::Solver::engine).
    pub(crate) fn engine(&self) -> Engine {
        self.engine.kind()
    }

    /// See [`Solver::rows`](crate::Solver::rows).
    pub(crate) fn rows(&self) -> usize {
        self.matrix.rows()
    }

    /// See [`Solver::is_generalized`](crate::Solver::is_generalized).
    pub(crate) fn is_generalized(&self) -> bool {
        self.matrix.is_generalized()
    }

    /// Starts the search again from the beginning, with the same forced
    /// rows and seed; the counters go back to zero.
    pub(crate) fn restart(&mut self) {
        self.engine.unwind();
        self.dive = None;
        // Rows the bar dropped come back with it (`unforce` brings them).
        if let Some(o) = self.objective.as_mut().filter(|o| o.dropped_at != i64::MAX) {
            o.dropped_at = i64::MAX;
            self.engine.unforce(&self.fixed);
            self.engine.force(&self.fixed);
        }
        // The generator and the weights back to their start (what they
        // need is in place, so this allocates nothing); without either,
        // nothing to do.
        if self.steering != Steering::default() {
            let _ = self.engine.steer(self.steering);
        }
        self.nodes = 0;
        self.solutions = 0;
        self.updates_from = self.engine.updates();
        if let Some(o) = &mut self.objective {
            o.reset(&self.fixed.forced);
        }
    }

    /// Runs `f` with nothing covered (the search unwound, the forced rows
    /// uncovered and the excluded ones back), then fixes `self.fixed`
    /// again, which `f` may have changed, and restarts the search.
    fn with_nothing_covered<T>(&mut self, f: impl FnOnce(&mut Search) -> T) -> T {
        self.engine.unwind();
        self.engine.unforce(&self.fixed);
        let t = f(self);
        self.engine.force(&self.fixed);
        self.restart();
        t
    }

    /// See [`Solver::force_rows`](crate::Solver::force_rows).
    pub(crate) fn force_rows(&mut self, rows: &[usize]) -> Result<(), Error> {
        let fixed = self.fixed_rows(rows, &self.asked)?;
        self.fix(fixed)
    }

    /// See [`Solver::exclude_rows`](crate::Solver::exclude_rows).
    pub(crate) fn exclude_rows(&mut self, rows: &[usize]) -> Result<(), Error> {
        let fixed = self.fixed_rows(&self.fixed.forced, rows)?;
        self.fix(fixed)
    }

    /// See [`Solver::set_subproblem`](crate::Solver::set_subproblem).
    pub(crate) fn set_subproblem(&mut self, rows: &[usize], excluded: &[usize]) -> Result<(), Error> {
        let fixed = self.fixed_rows(rows, excluded)?;
        self.fix(fixed)
    }

    /// Leaves `pruned` (sorted row ids, each in no solution: see
    /// [`crate::pre`]) out of the search from now on, except those forced.
    /// Exact whatever is forced: the search then finds the solutions
    /// among fewer rows, and the pruned rows are in none. A forced pruned
    /// row is searched with the rest left out, and gives no solution, as
    /// it would with them in.
    pub(crate) fn set_pruned(&mut self, pruned: Vec<usize>) -> Result<(), Error> {
        debug_assert!(pruned.windows(2).all(|w| w[0] < w[1]) && pruned.last().is_none_or(|&r| r < self.rows()));
        let kept = std::mem::replace(&mut self.pruned, Arc::new(pruned));
        let done = self.fixed_rows(&self.fixed.forced, &self.asked).and_then(|fixed| self.fix(fixed));
        if done.is_err() {
            self.pruned = kept;
        }
        done
    }

    /// `rows` forced and `excluded` excluded, checked (see
    /// [`Solver::set_subproblem`](crate::Solver::set_subproblem)), with
    /// the pruned rows that are not forced excluded too; and the caller's
    /// `excluded` alone, sorted.
    fn fixed_rows(&self, rows: &[usize], excluded: &[usize]) -> Result<(Fixed, Vec<usize>), Error> {
        let mut asked = Vec::new();
        asked.try_reserve_exact(excluded.len())?;
        asked.extend_from_slice(excluded);
        asked.sort_unstable();
        asked.dedup();
        self.check_subproblem(rows, &asked)?;
        let mut forced = Vec::new();
        forced.try_reserve_exact(rows.len())?;
        forced.extend_from_slice(rows);
        if self.pruned.is_empty() {
            let excluded = crate::alloc::copied(&asked)?;
            return Ok((Fixed { forced, excluded, within: false }, asked));
        }
        let mut sorted = crate::alloc::copied(rows)?;
        sorted.sort_unstable();
        let mut out = Vec::new();
        out.try_reserve_exact(asked.len() + self.pruned.len())?;
        out.extend_from_slice(&asked);
        out.extend(self.pruned.iter().filter(|r| sorted.binary_search(r).is_err()));
        out.sort_unstable();
        out.dedup();
        Ok((Fixed { forced, excluded: out, within: false }, asked))
    }

    /// Whether `rows` forced and `excluded` (sorted) excluded make a
    /// subproblem: [`Error::RowRange`] for a row out of range,
    /// [`Error::ForcedExcluded`] for a row both forced and excluded,
    /// [`Error::Conflict`] for forced rows that cannot go together.
    pub(crate) fn check_subproblem(&self, rows: &[usize], excluded: &[usize]) -> Result<(), Error> {
        let total = self.rows();
        if rows.iter().chain(excluded).any(|&r| r >= total) {
            return Err(Error::RowRange);
        }
        if rows.iter().any(|r| excluded.binary_search(r).is_ok()) {
            return Err(Error::ForcedExcluded);
        }
        if !self.matrix.compatible(rows)? {
            return Err(Error::Conflict);
        }
        Ok(())
    }

    /// Puts `fixed` in place (with room for the solutions' rows) and
    /// starts the search again.
    fn fix(&mut self, (fixed, asked): (Fixed, Vec<usize>)) -> Result<(), Error> {
        self.rows.try_reserve_exact(fixed.forced.len() + self.engine.depth_limit())?;
        self.asked = asked;
        self.whole = (fixed.forced.len(), fixed.excluded.len());
        self.with_nothing_covered(|s| s.fixed = fixed);
        Ok(())
    }

    /// The rows of the last solution (see [`Solver::find`](crate::Solver::find)).
    pub(crate) fn last_rows(&self) -> &[usize] {
        &self.rows
    }

    /// See [`Solver::excluded_rows`](crate::Solver::excluded_rows).
    pub(crate) fn excluded_rows(&self) -> &[usize] {
        &self.asked
    }

    /// See [`Solver::set_objective`](crate::Solver::set_objective).
    pub(crate) fn set_objective(&mut self, objective: Option<Objective>) -> Result<(), Error> {
        // Branch and bound needs an engine with a bound: a search on the
        // bit sets moves to the links, once everything that can fail is
        // done.
        let mut moved = None;
        if objective.is_some() && self.engine.bound().is_none() {
            let mut core = engine::build(&self.matrix, Engine::for_objective(&self.matrix))?;
            core.steer(self.steering)?;
            moved = Some(core);
        }
        let core = moved.as_ref().unwrap_or(&self.engine);
        let (mut optimizer, mut scratch) = match core.bound() {
            Some(b) => (objective.map(|o| b.optimizer(o, &self.costs)).transpose()?, b.order_scratch()?),
            None => (None, Vec::new()),
        };
        if let Some(o) = &mut optimizer {
            o.set_limit(self.cost_limit);
        }
        self.with_nothing_covered(|s| {
            // The new engine comes in with nothing covered, as the old
            // one now is; the forced rows are put on it after `f`.
            if let Some(core) = moved {
                s.engine = core;
            }
            if let Some(b) = s.engine.bound_mut() {
                b.order_lists(optimizer.as_ref(), &mut scratch);
            }
            s.objective = optimizer;
        });
        Ok(())
    }

    /// See [`Solver::set_cost_limit`](crate::Solver::set_cost_limit).
    pub(crate) fn set_cost_limit(&mut self, limit: Option<i64>) {
        self.cost_limit = limit;
        if let Some(o) = &mut self.objective {
            o.set_limit(limit);
        }
        self.restart();
    }

    /// See [`Solver::set_relaxation`](crate::Solver::set_relaxation).
    pub(crate) fn set_relaxation(&mut self, relaxation: Relaxation) {
        self.relaxation = relaxation;
        self.restart();
    }

    /// See [`Solver::relaxation`](crate::Solver::relaxation).
    pub(crate) fn relaxation(&self) -> Relaxation {
        self.relaxation
    }

    /// See [`Solver::cost_limit`](crate::Solver::cost_limit).
    pub(crate) fn cost_limit(&self) -> Option<i64> {
        self.cost_limit
    }

    /// See [`Solver::objective`](crate::Solver::objective).
    pub(crate) fn objective(&self) -> Option<Objective> {
        self.objective.as_ref().map(|o| Objective { goal: o.goal, best: o.k })
    }

    /// See [`Solver::best`](crate::Solver::best).
    pub(crate) fn best(&self) -> &[Best] {
        self.objective.as_ref().map_or(&[], |o| o.best())
    }

    /// See [`Solver::best_bound`](crate::Solver::best_bound).
    pub(crate) fn best_bound(&mut self) -> Option<i64> {
        // (A finished search with a best needs no tightening: the best is
        // the bound.)
        if !self.engine.is_done() || self.best().is_empty() {
            self.tighten();
        }
        let o = self.objective.as_ref()?;
        let lower = o.lower_bound()?;
        // A finished search has proven its best; with none, the bound stands.
        match o.best().first() {
            Some(b) if self.engine.is_done() => Some(b.cost),
            _ => Some(lower),
        }
    }

    /// The best cost so far and the bound, for a progress report.
    pub(crate) fn standing(&mut self) -> (Option<i64>, Option<i64>) {
        let bound = self.best_bound();
        (self.best().first().map(|b| b.cost), bound)
    }

    /// See [`Solver::cost`](crate::Solver::cost).
    pub(crate) fn cost(&self) -> Option<i64> {
        if self.solutions == 0 {
            return None;
        }
        match &self.objective {
            Some(o) => Some(o.cost_of(&self.rows)),
            None => self.rows.iter().try_fold(0i64, |sum, &r| sum.checked_add(self.costs.get(r).copied().unwrap_or(0))),
        }
    }

    /// See [`Solver::forced_rows`](crate::Solver::forced_rows).
    pub(crate) fn forced_rows(&self) -> &[usize] {
        &self.fixed.forced
    }

    /// See [`Solver::set_seed`](crate::Solver::set_seed).
    pub(crate) fn set_seed(&mut self, seed: Option<u64>) -> Result<(), Error> {
        self.engine.unwind();
        let steering = Steering { seed, ..self.steering };
        let set = self.engine.steer(steering);
        if set.is_ok() {
            self.steering = steering;
        }
        self.restart();
        set
    }

    /// See [`Solver::seed`](crate::Solver::seed).
    pub(crate) fn seed(&self) -> Option<u64> {
        self.steering.seed
    }

    /// The engine's estimate of the tree walked (see
    /// [`Solver::estimate`](crate::Solver::estimate)).
    pub(crate) fn estimate(&self) -> f64 {
        self.engine.estimate()
    }

    /// See [`Solver::depth`](crate::Solver::depth).
    pub(crate) fn depth(&self) -> usize {
        self.engine.depth()
    }

    /// See [`Solver::counters`](crate::Solver::counters).
    pub(crate) fn counters(&self) -> Counters {
        Counters { nodes: self.nodes, updates: self.engine.updates().wrapping_sub(self.updates_from), solutions: self.solutions }
    }

    /// Whether the walk is exhausted.
    pub(crate) fn is_done(&self) -> bool {
        self.engine.is_done()
    }

    /// See [`Solver::search`](crate::Solver::search).
    pub(crate) fn search(&mut self, node_budget: u64) -> Progress<'_> {
        let limit = self.nodes.saturating_add(node_budget);
        if !self.sharing {
            self.drop_by_bound();
            if self.round_by_relaxation() {
                return Progress::Solution(&self.rows);
            }
            self.judge_relaxation();
            if self.dive.is_some() {
                return self.dive_slice(node_budget).unwrap_or(Progress::Paused);
            }
        } else {
            self.start_node_bound();
        }
        loop {
            let run = Find { nodes: &mut self.nodes, limit, objective: self.objective.as_mut(), share: self.sharing };
            match self.engine.find(run) {
                Found::Solution => {
                    self.take_solution();
                    return Progress::Solution(&self.rows);
                }
                Found::Paused => return Progress::Paused,
                Found::Exhausted => return Progress::Exhausted,
                Found::Strengthen => self.strengthen(),
            }
        }
    }

    /// Counts solutions without listing them, as [`Search::search`] finds
    /// them, for at most `node_budget` more nodes, stopping at the
    /// `most`-th (`most >= 1`): the solutions counted and whether the
    /// search is exhausted. The engine counts inside its walk (no
    /// objective), so a solution costs no return.
    pub(crate) fn count_slice(&mut self, node_budget: u64, most: u64) -> (u64, bool) {
        if self.objective.is_some() {
            return self.search(node_budget).counted();
        }
        let limit = self.nodes.saturating_add(node_budget);
        let mut counted = 0;
        let run = Count { nodes: &mut self.nodes, limit, share: self.sharing, counted: &mut counted, most };
        let exhausted = match self.engine.count(run) {
            Counted::Most | Counted::Paused => false,
            Counted::Exhausted => true,
        };
        self.rows.clear();
        self.solutions += counted;
        (counted, exhausted)
    }

    /// See [`Solver::set_limits`](crate::Solver::set_limits).
    pub(crate) fn set_limits(&mut self, limits: Limits) {
        self.controls.limits = limits;
    }

    /// See [`Solver::limits`](crate::Solver::limits).
    pub(crate) fn limits(&self) -> Limits {
        self.controls.limits
    }

    /// See [`Solver::canceller`](crate::Solver::canceller).
    pub(crate) fn canceller(&self) -> Canceller {
        self.controls.canceller.clone()
    }

    /// See [`Solver::set_progress`](crate::Solver::set_progress).
    pub(crate) fn set_progress(&mut self, progress: Option<(std::time::Duration, ProgressFn)>) {
        self.controls.progress = progress;
    }

    /// See [`Solver::outcome`](crate::Solver::outcome).
    pub(crate) fn outcome(&self) -> Option<Outcome> {
        self.controls.outcome
    }

    /// Whether calls report progress.
    pub(crate) fn reports_progress(&self) -> bool {
        self.controls.progress.is_some()
    }

    /// Sets how the last call ended.
    pub(crate) fn set_outcome(&mut self, outcome: Outcome) {
        self.controls.outcome = Some(outcome);
    }

    /// Hands each node at `depth` (and each solution above it) to `f`, as
    /// the rows forced on the path to it and the rows it excludes (see
    /// `crate::split`): the engine's walk with a depth cap, from the
    /// start, which the search is back at afterwards. Says whether `f`
    /// broke and whether any path was cut at `depth`.
    pub(crate) fn walk_to_depth(&mut self, depth: usize, f: &mut CutFn<'_>) -> Result<(ControlFlow<()>, bool), Error> {
        let mut rows = Vec::new();
        rows.try_reserve_exact(self.fixed.forced.len() + self.engine.depth_limit())?;
        // A path rules out at most every row.
        let mut excluded = Vec::new();
        excluded.try_reserve_exact(self.rows())?;
        self.restart();
        let (mut nodes, mut cut, mut end) = (0, false, ControlFlow::Continue(()));
        // Until the walk is exhausted (it has no budget to pause on).
        while let walked @ (Cutting::Cut | Cutting::Solution) = self.engine.cut(Cut { nodes: &mut nodes, depth }) {
            cut |= walked == Cutting::Cut;
            rows.clear();
            rows.extend_from_slice(&self.fixed.forced);
            self.engine.solution(&mut rows);
            excluded.clear();
            excluded.extend_from_slice(&self.fixed.excluded);
            self.engine.excluded(&mut excluded);
            excluded.sort_unstable();
            end = f(&rows, &excluded);
            if end.is_break() {
                break;
            }
        }
        self.restart();
        Ok((end, cut))
    }

    /// The memoized count's inputs: the matrix, the forced rows and the
    /// excluded ones; `Err(Unsupported(MemoWithObjective))` with an objective or a cost limit
    /// (they pick among solutions; the count counts them all).
    pub(crate) fn memo_inputs(&self) -> Result<MemoInputs<'_>, Error> {
        if self.objective.is_some() || self.cost_limit.is_some() {
            return Err(Error::Unsupported(crate::error::Unsupported::MemoWithObjective));
        }
        Ok(self.subproblem())
    }

    /// The matrix, the forced rows and the excluded rows, whatever the
    /// objective.
    pub(crate) fn subproblem(&self) -> MemoInputs<'_> {
        (&self.matrix, &self.fixed.forced, &self.fixed.excluded)
    }

    /// The matrix's row costs (empty when all are 0: the matrix kept may
    /// be a copy of its structure alone).
    pub(crate) fn row_costs(&self) -> &[i64] {
        &self.costs
    }
    /// Records `best`, the best solutions of an earlier run of this
    /// search, as found. Errors: [`Error::Checkpoint`] when a cost is not
    /// what its rows cost or the rows are not a whole solution of the matrix
    /// ([`Matrix::is_solution`]), [`Error::OutOfMemory`].
    pub(crate) fn record_best(&mut self, best: &[Best]) -> Result<(), Error> {
        let Some(o) = &mut self.objective else {
            return if best.is_empty() { Ok(()) } else { Err(Error::Checkpoint) };
        };
        for b in best {
            if !self.matrix.is_solution(&b.rows)? || o.record_rows(&b.rows) != b.cost {
                return Err(Error::Checkpoint);
            }
        }
        Ok(())
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
        match (&self.objective, self.engine.bound()) {
            (Some(o), Some(b)) => b.solution_cost(o),
            _ => 0,
        }
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

    /// After a parallel call: the counters are the workers' sums.
    pub(crate) fn set_counters(&mut self, c: Counters) {
        self.nodes = c.nodes;
        self.updates_from = self.engine.updates().wrapping_sub(c.updates);
    }

    /// Reduced-cost fixing, on one thread: once the search has made as
    /// many link updates as the tightened bound visits entries (at once
    /// where the node bound applies: it starts on the tightened bound) and
    /// has a bar, tightens it; each time the bar has come down, leaves out the
    /// rows in no cover below it (`Optimize::drop_rows`); starts the node
    /// bound when due; once the bound is tight and a cover known, starts a
    /// dive (`dive`).
    pub(super) fn drop_by_bound(&mut self) {
        let done = self.engine.updates().wrapping_sub(self.updates_from);
        // (Without a bar there is nothing to fix yet: a search that finds
        // no cover, as an exhaustive one for none, never pays for it.)
        // (Measured on bench/optimize.py's families, the node bound's
        // search took 0.2 to 0.7 of the time when it started at the first
        // bar rather than after the volume's work.)
        let now = self.node_bound_applies();
        if self.objective.as_ref().is_some_and(|o| (done >= o.tighten_at || now) && o.bar != i64::MAX) {
            self.tighten();
        }
        let Some(o) = self.objective.as_mut() else { return };
        if o.dropping_due() {
            if let Some(b) = self.engine.bound_mut() {
                b.drop_rows(o, &self.fixed);
            }
        }
        self.start_node_bound();
        let Some(o) = self.objective.as_mut() else { return };
        // (For the single best only: the k best could meet a dive's cover
        // again in the search's own walk and keep it twice.)
        if o.k == 1 && o.tight && !o.dived && !o.best().is_empty() {
            o.dived = true;
            self.start_dive();
        }
    }

    /// Tightens the bound once (`Optimize::tighten`), if not yet done.
    fn tighten(&mut self) {
        if let Some(o) = self.objective.as_mut().filter(|o| !o.tight) {
            o.tight = true;
            if let Some(b) = self.engine.bound() {
                b.tighten(o);
            }
        }
    }

    /// Strengthens the branch and bound's first, quick stage (see
    /// `Optimize::strengthen`).
    fn strengthen(&mut self) {
        if let (Some(o), Some(b)) = (&mut self.objective, self.engine.bound_mut()) {
            b.strengthen(o, &self.fixed);
        }
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
        if let (Some(o), Some(b)) = (&mut self.objective, self.engine.bound()) {
            o.record(b.solution_cost(o), &self.rows);
        }
    }

}

impl Sliced for Search {

    fn controls(&mut self) -> &mut Controls {
        &mut self.controls
    }

    fn counters(&self) -> Counters {
        Search::counters(self)
    }

    fn estimate(&self) -> f64 {
        Search::estimate(self)
    }

    fn depth(&self) -> usize {
        Search::depth(self)
    }

    fn standing(&mut self) -> (Option<i64>, Option<i64>) {
        Search::standing(self)
    }

    fn slice(&mut self, budget: u64) -> Progress<'_> {
        self.search(budget)
    }

    fn count_slice(&mut self, budget: u64, most: u64) -> (u64, bool) {
        Search::count_slice(self, budget, most)
    }

}
