//! The [`Solver`]: one search over a matrix, whatever engine runs it.
//!
//! The solver is a facade: every public call of the search is here, and
//! each one picks how it runs. The search itself, on one engine chosen
//! once, is `crate::search`'s `Search`, which the solver owns; a call runs
//! it on the calling thread (through `crate::control`'s slices), on several
//! threads (`crate::parallel`, whose workers are copies of it), or as the
//! memoized count (`crate::memo`). Subproblems (`crate::split`) are walks
//! of the same search with a depth cap.

use std::ops::ControlFlow;
use std::time::Duration;
use std::sync::Arc;

use crate::bound::{Best, Objective};
use crate::batch::{BatchItem, BatchResult};
use crate::checkpoint::{Checkpoint, Piece};
use crate::control::{self, Call, Canceller, Counters, Found, Limits, Outcome, Progress, ProgressFn};
use crate::engine::Engine;
use crate::error::Error;
use crate::matrix::Matrix;
use crate::auto::{self, Auto, Phase};
use crate::memo::{self, Count, MemoOptions, MemoStats, Zdd};
use crate::parallel::{self, Pool, ThreadStats};
use crate::search::Search;
use crate::split::{self, Subproblem};

/// One search over a matrix. It owns its links and its stack, so it is
/// independent of the matrix it came from and of every other solver.
/// A copy (`clone`) goes on from where the search stands; a memoized
/// count ([`Solver::memo_count`]) starts over in the copy.
#[derive(Clone, Debug)]
pub struct Solver {
    /// The search on the calling thread: the engine, counters, forced
    /// rows, objective and controls.
    search: Search,
    /// The threads a call searches on ([`Solver::set_threads`]).
    threads: usize,
    /// The state of a parallel search under way (see [`crate::parallel`]).
    pool: Option<Box<Pool>>,
    /// How long a call runs alone before it calls helpers
    /// ([`Solver::set_helper_delay`]).
    helper_delay: Duration,
    /// The search runs on the calling thread alone until a call hands it
    /// over to threads (`Solver::serial_start`).
    serial_started: bool,
    /// How a memoized count runs, and the one under way or done (a copy
    /// of the solver starts afresh: see [`memo::Slot`]).
    memo_options: MemoOptions,
    memo: memo::Slot,
    /// The automatic count under way or done ([`Solver::count_auto`]).
    auto: Auto,
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
    /// how the engines are compared), [`Engine::Small`] runs any matrix on
    /// bit sets, and [`Engine::Exact`] gives [`Error::Unsupported`] for a
    /// matrix with bounds or colors. Solutions, counts and costs do not
    /// depend on the engine; the order of solutions and the counters may
    /// (`Small` has those of `Exact` on exact cover, and the order and
    /// nodes of `General` with bounds or colors).
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
    fn build(matrix: &Matrix, engine: Engine, structure: Arc<Matrix>) -> Result<Solver, Error> {
        let search = Search::new(matrix, engine, structure)?;
        Ok(Solver { search, threads: 1, pool: None, helper_delay: parallel::HELPER_DELAY, serial_started: false, memo_options: MemoOptions::default(), memo: memo::Slot::default(), auto: Auto::default() })
    }

    /// The engine that runs the search: [`Engine::Exact`],
    /// [`Engine::Small`] or [`Engine::General`] (never `Auto`). A solver
    /// on the small-matrix engine (chosen or asked for) moves to `Exact`
    /// when it is given an objective.
    pub fn engine(&self) -> Engine {
        self.search.engine()
    }

    /// Whether the matrix has bounds or colors (see
    /// [`Matrix::is_generalized`]).
    pub fn is_generalized(&self) -> bool {
        self.search.is_generalized()
    }

    /// The number of rows of the matrix the solver was made from.
    pub fn rows(&self) -> usize {
        self.search.rows()
    }

    /// Starts the search again from the beginning, with the same forced
    /// rows and seed; the counters go back to zero.
    pub fn restart(&mut self) {
        self.forget_calls();
        self.search.restart();
    }

    /// Drops what a call on several threads or a memoized count left for
    /// the next call: the search they stood for starts again.
    fn forget_calls(&mut self) {
        self.pool = None;
        self.serial_started = false;
        self.memo.0 = None;
        self.auto = Auto::default();
    }

    /// `done`, after dropping what calls left if it is `Ok` (the search
    /// restarted; an error changed nothing).
    fn restarted(&mut self, done: Result<(), Error>) -> Result<(), Error> {
        if done.is_ok() {
            self.forget_calls();
        }
        done
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
        let done = self.search.force_rows(rows);
        self.restarted(done)
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
        let done = self.search.exclude_rows(rows);
        self.restarted(done)
    }

    /// Forces `rows` and excludes `excluded` at once, replacing both (a
    /// subproblem of [`crate::split`]), and starts the search again. Errors
    /// as [`Solver::force_rows`] and [`Solver::exclude_rows`], leaving the
    /// solver as it was.
    pub fn set_subproblem(&mut self, rows: &[usize], excluded: &[usize]) -> Result<(), Error> {
        let done = self.search.set_subproblem(rows, excluded);
        self.restarted(done)
    }

    /// Preprocesses the problem (see [`crate::pre`]: Knuth's DLX-PRE
    /// forcing and blocking, within `work_limit` entries read) and leaves
    /// the rows it finds in no solution out of every later call, as
    /// excluded rows the caller does not see: solutions, counts, costs and
    /// row ids stay those of the matrix. A forced row that preprocessing
    /// removed gives no solution, as without it. Subproblems
    /// ([`crate::split`]) exclude the removed rows too, so they stay
    /// right for a solver without preprocessing. Calling it again
    /// preprocesses again (a larger `work_limit` may remove more; 0
    /// removes only rows without primary columns and rows of a column of
    /// upper bound 0). The search starts again; the counters go back to
    /// zero. Errors, leaving the solver as it was: [`Error::OutOfMemory`].
    pub fn preprocess(&mut self, work_limit: u64) -> Result<crate::pre::PreStats, Error> {
        let reduction = crate::pre::reduce(self.search.matrix(), work_limit)?;
        let done = self.search.set_pruned(reduction.removed_rows()?);
        self.restarted(done)?;
        Ok(reduction.stats)
    }

    /// Turns dynamic weights on or off for the choice of the column to
    /// branch on (dom/wdeg, after Boussemart, Hemery, Lecoutre and Sais
    /// 2004, as Knuth's SSXCC-WTD): each primary column has a weight, 1 at
    /// the start, raised by 1 each time the search finds it with no row
    /// left (a dead end); among the columns of two rows (branches) or
    /// more, the search takes the least rows over weight, the first such
    /// in column order (among the preferred columns while one is
    /// uncovered, see [`Matrix::set_preferred`]); a column of one row or
    /// none still comes first. Solutions and counts do not change; the
    /// tree, the counters and the order of solutions do. Algorithm M's
    /// engines weigh their columns in counts and enumerations in order; a
    /// seed or an objective keeps its own choice there. The memoized count
    /// keeps its own rule. The search starts again, every weight back to
    /// 1 (as at every restart). Errors, leaving the solver as it was:
    /// [`Error::OutOfMemory`].
    pub fn set_weights(&mut self, on: bool) -> Result<(), Error> {
        let done = self.search.set_weights(on);
        self.restarted(done)
    }

    /// The excluded rows (see [`Solver::exclude_rows`]), in increasing
    /// order without repeats.
    pub fn excluded_rows(&self) -> &[usize] {
        self.search.excluded_rows()
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
    /// 2^61, [`Error::OutOfMemory`]. A solver on [`Engine::Small`] (which
    /// has no branch and bound) moves to [`Engine::Exact`], with the same
    /// tree and counters (to [`Engine::General`] with bounds or colors),
    /// and stays there.
    pub fn set_objective(&mut self, objective: Option<Objective>) -> Result<(), Error> {
        let done = self.search.set_objective(objective);
        self.restarted(done)
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
        self.forget_calls();
        self.search.set_cost_limit(limit);
    }

    /// The cost limit (see [`Solver::set_cost_limit`]).
    pub fn cost_limit(&self) -> Option<i64> {
        self.search.cost_limit()
    }

    /// The objective, if the search has one.
    pub fn objective(&self) -> Option<Objective> {
        self.search.objective()
    }

    /// With an objective: the best solutions found so far, best first.
    /// Without one: nothing.
    pub fn best(&self) -> &[Best] {
        self.search.best()
    }

    /// The cost of the last solution found (the sum of its rows' costs, or
    /// its number of rows when the objective is the fewest rows), or `None`
    /// before the first solution or when the sum does not fit in an `i64`
    /// (possible only without an objective).
    pub fn cost(&self) -> Option<i64> {
        self.search.cost()
    }

    /// The forced rows (see [`Solver::force_rows`]).
    pub fn forced_rows(&self) -> &[usize] {
        self.search.forced_rows()
    }

    /// Randomises the search from now on and starts it again: among the
    /// primary columns of fewest rows the search branches on one picked at
    /// random, and it tries that column's rows in a random order. The same
    /// seed gives the same search, solutions in the same order. `None` goes
    /// back to the ordinary order. Forced rows stay; counters go to zero.
    ///
    /// Errors: [`Error::OutOfMemory`], leaving the solver as it was.
    pub fn set_seed(&mut self, seed: Option<u64>) -> Result<(), Error> {
        self.forget_calls();
        self.search.set_seed(seed)
    }

    /// The seed of a randomised search.
    pub fn seed(&self) -> Option<u64> {
        self.search.seed()
    }

    /// An estimate of the fraction of the search tree already walked, from
    /// 0 to 1, as Knuth's programs make it: at each level, the position of
    /// the row being tried among the rows of its column, each level
    /// weighted by the share of the tree its branch stands for.
    pub fn estimate(&self) -> f64 {
        match &self.pool {
            Some(pool) => pool.estimate(),
            None => self.search.estimate(),
        }
    }

    /// The search's depth now: the number of rows chosen (forced ones not
    /// counted) on the path to where it stands, that is the levels whose
    /// item and row are covered.
    pub fn depth(&self) -> usize {
        match &self.pool {
            Some(pool) => pool.depth(),
            None => self.search.depth(),
        }
    }

    /// The counters so far.
    pub fn counters(&self) -> Counters {
        self.search.counters()
    }

    /// Whether the search is exhausted.
    pub fn is_done(&self) -> bool {
        match &self.pool {
            Some(pool) => pool.is_done(),
            None => self.search.is_done(),
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
        self.search.search(node_budget)
    }

    /// Sets the budgets of each later call.
    pub fn set_limits(&mut self, limits: Limits) {
        self.search.set_limits(limits);
    }

    /// The budgets of each call.
    pub fn limits(&self) -> Limits {
        self.search.limits()
    }

    /// A handle to cancel this solver's search from another thread.
    pub fn canceller(&self) -> Canceller {
        self.search.canceller()
    }

    /// Calls `report` about every `interval` while a call searches (not
    /// before the first interval has passed), or never with `None`.
    pub fn set_progress(&mut self, progress: Option<(std::time::Duration, ProgressFn)>) {
        self.search.set_progress(progress);
    }

    /// How the last call ended (`None` before the first).
    pub fn outcome(&self) -> Option<Outcome> {
        self.search.outcome()
    }

    /// The next solution within this call's limits, or how the call ended
    /// (see [`crate::control`]).
    pub fn find(&mut self) -> Found<'_> {
        // One solution at most, whatever the solution limit (as on one
        // thread): on threads, the callback stops at the first.
        let serial = |s: &mut Search, call: &mut Call, _: u64, _: &mut dyn FnMut(&[usize]) -> ControlFlow<()>| {
            let outcome = control::find_in(s, call);
            (u64::from(outcome == Outcome::Solution), outcome)
        };
        let (found, outcome) = self.one_call(false, None, &mut |_| ControlFlow::Break(()), serial);
        let outcome = if found == 1 { Outcome::Solution } else { outcome };
        self.search.set_outcome(outcome);
        match outcome {
            Outcome::Solution => Found::Solution(self.search.last_rows()),
            outcome => Found::End(outcome),
        }
    }

    /// Hands solutions to `f` until the search is exhausted, `f` breaks, or
    /// a limit or a cancel ends the call; says which.
    pub fn run(&mut self, mut f: impl FnMut(&[usize]) -> ControlFlow<()>) -> Outcome {
        let serial = |s: &mut Search, call: &mut Call, found: u64, f: &mut dyn FnMut(&[usize]) -> ControlFlow<()>| {
            let (outcome, found) = control::drive_in(s, call, found, |s| f(s.last_rows()));
            (found, outcome)
        };
        let max = self.search.limits().solutions;
        self.one_call(false, max, &mut f, serial).1
    }

    /// Counts solutions as [`Solver::run`] would hand them out, within the
    /// same limits, without finding their rows: the number counted and how
    /// the call ended. The last solution's rows (and [`Solver::cost`]) are
    /// meaningful only after [`Solver::run`] or [`Solver::find`].
    pub fn count_run(&mut self) -> (u64, Outcome) {
        let serial = |s: &mut Search, call: &mut Call, found: u64, _: &mut dyn FnMut(&[usize]) -> ControlFlow<()>| {
            s.set_counting(true);
            let counted = control::count_in(s, call, found);
            s.set_counting(false);
            counted
        };
        let max = self.search.limits().solutions;
        self.one_call(true, max, &mut |_| ControlFlow::Continue(()), serial)
    }

    /// Hands each subproblem (see [`crate::split`]) at `depth` (levels below the forced rows) to
    /// `f`, in the order the search meets them, and says whether `f` saw
    /// them all (`Continue`) or broke. Afterwards the search starts again
    /// from the beginning, counters at zero.
    ///
    /// Errors: [`Error::OutOfMemory`].
    pub fn for_each_subproblem(&mut self, depth: usize, mut f: impl FnMut(Subproblem<'_>) -> ControlFlow<()>) -> Result<ControlFlow<()>, Error> {
        self.forget_calls();
        Ok(split::walk(&mut self.search, depth, &mut f)?.0)
    }

    /// The number of subproblems at `depth`.
    pub fn count_subproblems(&mut self, depth: usize) -> Result<u64, Error> {
        self.forget_calls();
        Ok(split::count(&mut self.search, depth)?.0)
    }

    /// The smallest depth with at least `at_least` subproblems or, when no
    /// depth has that many, the depth below which the tree has no paths.
    pub fn depth_for(&mut self, at_least: u64) -> Result<usize, Error> {
        self.forget_calls();
        split::depth_for(&mut self.search, at_least)
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
        let (matrix, forced, excluded) = self.search.memo_inputs()?;
        let memo = self.memo.start(matrix, forced, excluded, self.memo_options, self.threads)?;
        let mut run = memo::Controlled::new(memo, self.search.controls_mut());
        control::find(&mut run);
        if let Some(e) = run.finish() {
            self.memo.0 = None;
            return Err(e);
        }
        let count = self.memo.0.as_ref().and_then(|m| m.count().cloned());
        // A count done before a cancel or a limit came is done.
        if count.is_some() {
            self.search.set_outcome(Outcome::Exhausted);
        }
        Ok(count)
    }

    /// Every solution (those with the forced rows and without the
    /// excluded ones) as a decision diagram ([`crate::memo::zdd`]), built
    /// by the memo's walk under the memo's column rule
    /// ([`Solver::set_memo_options`]) within its memory limit: its count,
    /// the number of solutions of each size, a least-cost solution (by the
    /// matrix's row costs, whatever the objective) and the diagram as
    /// text in Knuth's DLX6 format. Runs to the end: limits, cancel and
    /// progress do not apply. The search is left as it was.
    ///
    /// Errors: [`Error::OutOfMemory`] when the diagram and its map of
    /// states pass the memo's memory limit (no diagram),
    /// [`Error::TooLarge`] past 2^32 nodes.
    pub fn zdd(&self) -> Result<Zdd, Error> {
        let (matrix, forced, excluded) = self.search.subproblem();
        Zdd::of(matrix, forced, excluded, self.search.row_costs(), self.memo_options)
    }

    /// Counts the solutions (those with the forced rows and without the
    /// excluded ones) by the plain count ([`Solver::count_run`]) or the
    /// memoized one ([`Solver::memo_count`]), whichever this problem
    /// favours, decided as the count goes ([`crate::auto`]): exact at any
    /// size. [`Solver::auto_phase`] says which it ran.
    ///
    /// Within the call's limits (nodes and updates are those of both
    /// counts together; the solution limit does not apply), cancel and
    /// progress, as [`Solver::memo_count`]: `Some(count)` when done (again
    /// at once on later calls, until the search restarts), `None` when the
    /// call stopped ([`Solver::outcome`] says why; the next call goes on).
    /// It counts every solution: a plain search that earlier calls have
    /// begun starts again (its counters go to zero). A count that ends by the
    /// memo leaves its cache for [`Solver::memo_sample`], which then draws
    /// without counting again, and starts the plain search again (its
    /// counters go to zero), so that [`Solver::find`] and the others then
    /// begin at the first solution. On several threads the count chosen runs
    /// on them; the limits then apply to the race and to the rest
    /// separately.
    ///
    /// Errors: [`Error::Unsupported`] with an objective or a cost limit,
    /// [`Error::OutOfMemory`] (the count is dropped).
    pub fn count_auto(&mut self) -> Result<Option<Count>, Error> {
        self.search.memo_inputs()?;
        if self.pool.as_ref().is_some_and(|p| p.is_resumed()) {
            // Going on from a checkpoint: the plain count of what it left,
            // added to its count.
            let (_, outcome) = self.count_run();
            return Ok((outcome == Outcome::Exhausted).then(|| Count::from(self.search.counters().solutions)));
        }
        if let Some(count) = &self.auto.result {
            self.search.set_outcome(Outcome::Exhausted);
            return Ok(Some(count.clone()));
        }
        if !self.auto.begun {
            // The count is of every solution, whatever calls before it
            // took from the plain search.
            self.auto.begun = true;
            if self.search.counters().nodes > 0 {
                self.search.restart();
            }
        }
        // The race, unless it has handed the count over to the threads.
        let mut count = None;
        let mut chosen = self.auto.handed_over;
        if !chosen {
            self.search.set_counting(true);
            let mut run = auto::Counting::new(&mut self.auto, &mut self.search, &mut self.memo, self.memo_options, self.threads);
            let outcome = control::find(&mut run);
            let error = run.finish();
            self.search.set_counting(false);
            if let Some(e) = error {
                self.forget_calls();
                self.search.restart();
                return Err(e);
            }
            chosen = outcome == Outcome::Solution;
            if chosen && self.auto.phase == Phase::Plain {
                // The plain count starts again, split over the threads.
                self.search.restart();
                self.auto.plain_count = 0;
            }
            count = self.auto.result.clone();
        }
        // The count chosen, on the solver's threads.
        if chosen {
            count = match self.auto.phase {
                Phase::Memo => self.memo_count()?,
                _ => {
                    let (counted, outcome) = self.count_run();
                    self.auto.plain_count += counted;
                    (outcome == Outcome::Exhausted).then(|| Count::from(self.auto.plain_count))
                }
            };
        }
        if count.is_some() && self.auto.phase == Phase::Memo {
            // The plain search stands where the race left it: it starts
            // again, so that a later call finds every solution.
            self.search.restart();
        }
        self.auto.result = count.clone();
        Ok(count)
    }

    /// Which count [`Solver::count_auto`] runs now (or ran, once done):
    /// [`Phase::Plain`] or [`Phase::Memo`] once it has chosen, else
    /// [`Phase::Alone`] or [`Phase::Race`]; after a count done during the
    /// race, the count that finished. `Alone` before the first call.
    pub fn auto_phase(&self) -> Phase {
        self.auto.phase
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
            return Ok(self.search.outcome().unwrap_or(Outcome::Stopped));
        };
        if total.is_zero() {
            return Ok(Outcome::Exhausted);
        }
        let mut rng = fastrand::Rng::with_seed(seed);
        let mut rows = Vec::new();
        let mut outcome = Outcome::Exhausted;
        for _ in 0..n {
            if self.search.controls_mut().canceller.take() {
                outcome = Outcome::Cancelled;
                break;
            }
            let Some(memo) = self.memo.0.as_deref_mut() else { break };
            rows.clear();
            rows.try_reserve(self.search.forced_rows().len())?;
            rows.extend_from_slice(self.search.forced_rows());
            memo.draw(&mut rng, &mut rows)?;
            if f(&rows).is_break() {
                outcome = Outcome::Stopped;
                break;
            }
        }
        self.search.set_outcome(outcome);
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

    /// How long a call on more than one thread runs on the calling thread
    /// alone before it asks helper threads to come (default
    /// [`parallel::HELPER_DELAY`], 200 µs; sooner when the estimate of the
    /// tree says much more is left). A search that ends sooner never wakes
    /// a helper, so a short search costs about what it costs on one
    /// thread. `Duration::ZERO` calls them at the first poll point, which
    /// is what tests of the sharing want. A call that goes on from an
    /// earlier one with work still held by other workers calls them at
    /// once.
    pub fn set_helper_delay(&mut self, delay: Duration) {
        self.helper_delay = delay;
    }

    /// What the search has left and what it has found so far, for going on
    /// later, in another process or on another machine (see
    /// [`crate::checkpoint`]; [`Checkpoint::to_text`] writes it): taken
    /// between calls, after any call of [`Solver::run`], [`Solver::find`],
    /// [`Solver::count_run`] or [`Solver::next_solution`] (on any number
    /// of threads, with or without an objective), or before the first.
    /// The search goes on unchanged. A search that is done has no pieces
    /// left.
    ///
    /// Errors: [`Error::Unsupported`] after [`Solver::memo_count`],
    /// [`Solver::count_auto`] or [`Solver::memo_sample`] (the memoized
    /// count has no frontier: count with [`Solver::count_run`] to take
    /// checkpoints), [`Error::OutOfMemory`].
    pub fn checkpoint(&self) -> Result<Checkpoint, Error> {
        if self.memo.0.is_some() || self.auto.begun {
            return Err(Error::Unsupported(crate::error::Unsupported::CheckpointAfterMemo));
        }
        let mut pieces = Vec::new();
        let mut pending = Vec::new();
        let done = match &self.pool {
            Some(pool) => {
                pool.left(&mut pieces)?;
                pending.try_reserve_exact(pool.pending().len())?;
                for rows in pool.pending() {
                    pending.push(crate::alloc::copied(rows)?);
                }
                pool.estimate()
            }
            None => {
                self.search.left(&mut pieces)?;
                self.search.estimate()
            }
        };
        let mut best = Vec::new();
        best.try_reserve_exact(self.best().len())?;
        for b in self.best() {
            best.push(Best { cost: b.cost, rows: crate::alloc::copied(&b.rows)? });
        }
        let c = self.counters();
        Ok(Checkpoint {
            matrix: self.search.fingerprint(),
            objective: self.objective(),
            solutions: c.solutions,
            nodes: c.nodes,
            updates: c.updates,
            done: done.clamp(0.0, 1.0),
            tag: 0,
            seconds: 0.0,
            best,
            pending,
            pieces,
        })
    }

    /// Goes on from `checkpoint`, taken from a solver of the same matrix
    /// with the same objective: the counters, the count and the best
    /// solutions start where it stopped, the solutions it found but did
    /// not hand out come first, and each later call ([`Solver::run`],
    /// [`Solver::find`], [`Solver::count_run`], [`Solver::count_auto`],
    /// on the solver's threads, one or more) searches what it had left.
    /// So a run stopped, checkpointed and resumed any number of times
    /// finds the solutions an uninterrupted run finds (each once), its
    /// counter of solutions ends at the same total, and its best list is
    /// the same; on one thread without a seed or weights, in the same
    /// order and, on exact cover, with the same node count (the pieces are
    /// in the order the search would reach them: docs/checkpoint.md). The forced and excluded rows are the
    /// checkpoint's (each piece holds them). Call it after
    /// [`Solver::set_threads`], [`Solver::set_objective`] and the like,
    /// which start the search over; [`Solver::restart`] and
    /// [`Solver::search`] start it over too, from the whole matrix.
    ///
    /// Errors, the solver unchanged: [`Error::CheckpointMismatch`] for a
    /// checkpoint of another matrix ([`crate::checkpoint::fingerprint`])
    /// or objective, [`Error::Checkpoint`] for a counter of 2^63 or more
    /// (no room to count on), rows out of range, pieces whose forced rows
    /// cannot go together, a pending or best solution that is not a whole
    /// solution of the matrix (rows distinct, every primary column covered
    /// within its bounds, secondary ones at most once or in one color), or
    /// a best solution whose cost is not what its rows cost;
    /// [`Error::OutOfMemory`].
    pub fn resume(&mut self, checkpoint: &Checkpoint) -> Result<(), Error> {
        let ck = checkpoint;
        if ck.matrix != self.search.fingerprint() || ck.objective != self.objective() {
            return Err(Error::CheckpointMismatch);
        }
        if [ck.solutions, ck.nodes, ck.updates].iter().any(|&n| n >= crate::checkpoint::COUNTER_END) {
            return Err(Error::Checkpoint);
        }
        // Each solution found must be one (the best lines' rows are
        // checked with their costs by `record_best`).
        for rows in &ck.pending {
            if !self.search.matrix().is_solution(rows)? {
                return Err(Error::Checkpoint);
            }
        }
        let mut pieces = std::collections::VecDeque::new();
        pieces.try_reserve_exact(ck.pieces.len())?;
        for p in &ck.pieces {
            // (Its excluded rows are sorted: `Checkpoint::parse` checks.)
            self.search.check_subproblem(&p.rows, &p.excluded).map_err(|e| if e == Error::OutOfMemory { e } else { Error::Checkpoint })?;
            pieces.push_back(Piece::copied(&p.rows, &p.excluded, p.share)?);
        }
        let mut pending = std::collections::VecDeque::new();
        pending.try_reserve_exact(ck.pending.len())?;
        for rows in &ck.pending {
            pending.push_back(crate::alloc::copied(rows)?);
        }
        // A copy at its start, the best found recorded, from which the
        // workers are copied; kept only once everything has succeeded.
        let mut root = self.search.clone();
        root.restart();
        root.record_best(&ck.best)?;
        let counters = Counters { nodes: ck.nodes, updates: ck.updates, solutions: 0 };
        let pool = Pool::resumed(&root, self.threads.max(1), pieces, pending, counters, ck.done)?;
        root.count_solutions(ck.solutions);
        root.set_counters(counters);
        self.forget_calls();
        self.search = root;
        self.pool = Some(Box::new(pool));
        Ok(())
    }

    /// Searches each of `items` (rows to force and rows to exclude, on this
    /// solver's matrix and settings: engine, seed, weights, preprocessing)
    /// for up to `most` solutions, keeping each one's first, on the
    /// solver's threads ([`Solver::set_threads`]); the results come back in
    /// the items' order (see [`crate::batch`]). An item whose rows are out
    /// of range or conflict has that error as its result. The solver's own
    /// search does not move, and its limits and cancel do not apply: each
    /// item runs to `most` solutions or its end.
    ///
    /// With an objective ([`Solver::set_objective`], and the cost limit if
    /// any), each item's branch and bound runs to its end instead (`most`
    /// is not used): its result holds its best solution and that one's
    /// cost, and the number of solutions in its best list.
    ///
    /// Errors: [`Error::InvalidArgument`] for `most` 0,
    /// [`Error::OutOfMemory`].
    pub fn solve_batch(&self, items: &[BatchItem<'_>], most: u64) -> Result<Vec<BatchResult>, Error> {
        crate::batch::solve(&self.search, items, most, self.threads)
    }

    /// [`Solver::solve_batch`], handing each result to `f` with its index,
    /// in the items' order, on the calling thread, as soon as it and those
    /// before it are done: the helper threads go on with later items
    /// meanwhile, so what `f` does overlaps the search. `f` returning
    /// `Break` stops the batch (items under way finish, no other starts).
    /// Returns whether every result was handed out (`false`: `f` stopped
    /// it). Errors as [`Solver::solve_batch`]'s.
    pub fn solve_batch_each(&self, items: &[BatchItem<'_>], most: u64, mut f: impl FnMut(usize, &BatchResult) -> ControlFlow<()>) -> Result<bool, Error> {
        crate::batch::solve_each(&self.search, items, most, self.threads, &mut |i, r| f(i, r))
    }

    /// What each thread of a parallel search did since it started (empty
    /// before the first call on more than one thread).
    pub fn thread_stats(&self) -> Vec<ThreadStats> {
        self.pool.as_ref().map_or_else(Vec::new, |p| p.stats())
    }

    /// One call, handing solutions to `f` (at most `max`) or counting
    /// them: the solutions handed out or counted, and how the call ended.
    /// `serial` runs it on the calling thread within a [`Call`]; a solver
    /// with threads runs it on them.
    ///
    /// A search that has no threads' state yet starts on the calling thread
    /// alone, as `serial` runs it within a call that hands over once it has
    /// run the helper delay ([`Solver::set_helper_delay`]): a call that ends
    /// sooner costs what it costs on one thread, and one that does not goes
    /// on, within the same call and its limits, on threads, from where the
    /// walk stands.
    fn one_call(&mut self, count: bool, max: Option<u64>, f: &mut dyn FnMut(&[usize]) -> ControlFlow<()>, serial: impl Serial) -> (u64, Outcome) {
        // The threads' state of an earlier call goes on (one from a
        // checkpoint, on one thread too).
        if let Some(pool) = self.pool.take() {
            return self.drive_threads(pool, None, count, max, 0, f);
        }
        if self.threads > 1 {
            if let Some(mut call) = self.serial_start() {
                let (found, outcome) = serial(&mut self.search, &mut call, 0, f);
                if !call.handed_over {
                    return (found, outcome);
                }
                return match Pool::new(&self.search, self.threads) {
                    Ok(pool) => self.drive_threads(Box::new(pool), Some(call), count, max, found, f),
                    // No room for the threads' state: the call goes on here.
                    Err(_) => serial(&mut self.search, &mut call, found, f),
                };
            }
            // Threads from the start (no helper delay), at the search's
            // start only (a search begun by `Solver::search` stays here);
            // out of memory for their state, the call runs here.
            if self.search.ready_to_split() {
                if let Ok(pool) = Pool::new(&self.search, self.threads) {
                    return self.drive_threads(Box::new(pool), None, count, max, 0, f);
                }
            }
        }
        let mut call = control::begin(&mut self.search);
        serial(&mut self.search, &mut call, 0, f)
    }

    /// The call of a search on several threads that starts on the calling
    /// thread alone, if this one does (asked only with threads and no
    /// threads' state): a helper delay, and a search at its start or begun
    /// this way (a search begun by [`Solver::search`] stays on one thread).
    fn serial_start(&mut self) -> Option<Call> {
        if self.helper_delay.is_zero() {
            return None;
        }
        if !self.serial_started && !self.search.ready_to_split() {
            return None;
        }
        self.serial_started = true;
        Some(control::begin_handing_over(&mut self.search, self.helper_delay))
    }

    /// One call on the threads of `pool` (see [`parallel::drive`]), which
    /// the solver keeps for the next call: the call's budgets are `call`'s
    /// when it started on the calling thread alone, with `handed`
    /// solutions handed out (or counted) there.
    fn drive_threads(&mut self, pool: Box<Pool>, call: Option<Call>, count: bool, max: Option<u64>, handed: u64, f: &mut dyn FnMut(&[usize]) -> ControlFlow<()>) -> (u64, Outcome) {
        let mut pool = pool;
        // A call handed over has waited its delay already: helpers at once.
        pool.helper_delay = if call.is_some() { Duration::ZERO } else { self.helper_delay };
        let (handed, outcome, pool) = parallel::drive(&mut self.search, call, pool, count, max, handed, f);
        self.pool = Some(pool);
        (handed, outcome)
    }
}

/// How a call runs on the calling thread within a [`Call`], having handed
/// out (or counted) a number of solutions before: the solutions in all and
/// the outcome.
/// (Generic, not a function pointer: each call's own runs inline in it.)
trait Serial: Fn(&mut Search, &mut Call, u64, &mut dyn FnMut(&[usize]) -> ControlFlow<()>) -> (u64, Outcome) {}
impl<S: Fn(&mut Search, &mut Call, u64, &mut dyn FnMut(&[usize]) -> ControlFlow<()>) -> (u64, Outcome)> Serial for S {}

impl Iterator for Solver {
    type Item = Vec<usize>;

    /// The next solution as an owned vector; see [`Solver::next_solution`].
    fn next(&mut self) -> Option<Vec<usize>> {
        self.next_solution().map(|rows| rows.to_vec())
    }
}
