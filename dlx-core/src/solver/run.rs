//! Running the search: one solution at a time, the calls that hand
//! solutions to a callback or count them, limits, cancel and progress,
//! subproblems, and how each call runs (the calling thread, or threads).

use std::ops::ControlFlow;
use std::time::Duration;

use super::Solver;
use crate::control::{self, Call, Canceller, Found, Limits, Outcome, Progress, ProgressFn};
use crate::error::Error;
use crate::parallel::{self, Pool};
use crate::search::Search;
use crate::split::{self, Subproblem};

impl Solver {
    // § One solution at a time

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

    // § Limits, cancel and progress

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

    // § The calls

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

    // § Subproblems

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

    // § How a call runs: the calling thread, then threads

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
        // (A search with the node bound stays on this thread: see
        // `Search::node_bound_applies`.)
        if self.threads > 1 && !self.search.node_bound_applies() {
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
