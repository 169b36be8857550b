//! The memoized count (`crate::memo`), its diagram and samples, and the
//! automatic count that races it against the search (`crate::auto`).

use std::ops::ControlFlow;

use super::Solver;
use crate::control::{self, Outcome};
use crate::error::Error;
use crate::auto::{self, Phase};
use crate::memo::{self, Count, MemoOptions, MemoStats, Zdd};

impl Solver {
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
}
