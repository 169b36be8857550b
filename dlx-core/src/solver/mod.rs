//! The [`Solver`]: one search over a matrix, whatever engine runs it.
//!
//! The solver is a facade: every public call of the search is here, and
//! each one picks how it runs. The search itself, on one engine chosen
//! once, is `crate::search`'s `Search`, which the solver owns; a call runs
//! it on the calling thread (through `crate::control`'s slices), on several
//! threads (`crate::parallel`, whose workers are copies of it), or as the
//! memoized count (`crate::memo`). Subproblems (`crate::split`) are walks
//! of the same search with a depth cap.
//!
//! Its calls, by concern: this file makes a solver, sets what it searches
//! (forced and excluded rows, preprocessing, weights, the objective, the
//! seed) and says where the search stands; `run` runs the search (one
//! solution at a time, the calls with a callback, limits, subproblems,
//! and how a call picks the calling thread or threads); `memoized` holds
//! the memoized and automatic counts; `threads` the threads, checkpoints
//! and batches.

mod memoized;
mod orbits;
mod run;
mod threads;
mod unique;

use std::time::Duration;
use std::sync::Arc;

use crate::bound::{Best, Objective, Relaxation};
use crate::control::Counters;
use crate::engine::Engine;
use crate::error::Error;
use crate::matrix::Matrix;
use crate::auto::Auto;
use crate::memo::{self, MemoOptions};
use crate::parallel::{self, Pool};
use crate::search::Search;

pub use orbits::{CountMethod, Orbits};
pub use unique::Uniqueness;

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
    /// The count up to symmetry under way or done
    /// ([`Solver::count_orbits`]).
    orbits: Option<Box<orbits::OrbitCount>>,
}

impl Solver {
    // § Making a solver

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
        Ok(Solver { search, threads: 1, pool: None, helper_delay: parallel::HELPER_DELAY, serial_started: false, memo_options: MemoOptions::default(), memo: memo::Slot::default(), auto: Auto::default(), orbits: None })
    }

    // § What it searches

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

    // § Starting again; rows forced and excluded, preprocessing, weights

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
        self.orbits = None;
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
    /// id is not a row of the matrix, [`Error::ForcedExcluded`] when a row
    /// is excluded ([`Solver::exclude_rows`]), [`Error::Conflict`] when two
    /// of the rows share a column (or a row is given twice); with bounds or
    /// colors, when the rows
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
    /// id is not a row of the matrix, [`Error::ForcedExcluded`] when a row
    /// is forced, [`Error::OutOfMemory`].
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

    /// The forced rows (see [`Solver::force_rows`]).
    pub fn forced_rows(&self) -> &[usize] {
        self.search.forced_rows()
    }

    // § The objective

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

    /// Whether a search with an objective bounds its nodes by the linear
    /// relaxation (a dual simplex warm-started from node to node, see
    /// docs/optimisation.md); [`Relaxation::Auto`] by default. Solutions
    /// and the best cost do not change; the tree and the time do. Applies
    /// from the search's start, which this is (forced rows and seed stay;
    /// counters go to zero).
    pub fn set_relaxation(&mut self, relaxation: Relaxation) {
        self.forget_calls();
        self.search.set_relaxation(relaxation);
    }

    /// See [`Solver::set_relaxation`].
    pub fn relaxation(&self) -> Relaxation {
        self.search.relaxation()
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

    /// With an objective: a bound no solution beats, as the goal measures
    /// cost (none costs less, or more for [`Goal::MaxCost`](crate::Goal::MaxCost)):
    /// near the linear relaxation's optimum (the volume algorithm, computed
    /// at the first call after the objective is set: a few hundred passes
    /// over the matrix; progress reports ask for it too), and the best cost
    /// once the search is complete. The optimum lies between it and the
    /// best so far (the gap). `None` without an objective, and with colors
    /// or multiplicities (whose engine has no such bound).
    pub fn best_bound(&mut self) -> Option<i64> {
        self.search.best_bound()
    }

    /// The cost of the last solution found (the sum of its rows' costs, or
    /// its number of rows when the objective is the fewest rows), or `None`
    /// before the first solution or when the sum does not fit in an `i64`
    /// (possible only without an objective).
    pub fn cost(&self) -> Option<i64> {
        self.search.cost()
    }

    // § The seed

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

    // § Where the search stands

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
}

impl Iterator for Solver {
    type Item = Vec<usize>;

    /// The next solution as an owned vector; see [`Solver::next_solution`].
    fn next(&mut self) -> Option<Vec<usize>> {
        self.next_solution().map(|rows| rows.to_vec())
    }
}
