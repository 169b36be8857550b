//! Search control: limits, cancellation and progress reports around the
//! search loop of [`Solver`].
//!
//! The loop itself ([`Solver::search`]) only knows a node budget. This
//! module runs it in slices of at most [`POLL_NODES`] search-tree nodes and,
//! between slices, looks at the limits, at the cancel flag and at the clock.
//! So the hot loop pays nothing for control, and a limit, a cancel or a
//! progress report takes effect within one slice: well under a millisecond
//! on the standard instances.
//!
//! Every limit is a budget for one call ([`Solver::find`] or [`Solver::run`]):
//! the call stops when it has found that many solutions, entered that many
//! nodes, made that many updates or run that long, and the next call carries
//! on from there with a fresh budget. A search that stopped at a limit can
//! thus always be resumed, and it then walks the same tree as one that never
//! stopped.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::search::{Counters, Progress, Solver};

/// The most search-tree nodes the loop enters between two looks at the
/// limits, the cancel flag and the clock.
pub const POLL_NODES: u64 = 1024;

/// Budgets for one call. `None` (the default) means no limit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Stop after this many solutions ([`Solver::run`] only: [`Solver::find`]
    /// stops at every solution anyway).
    pub solutions: Option<u64>,
    /// Stop before entering more than this many search-tree nodes.
    pub nodes: Option<u64>,
    /// Stop once this many updates are made (looked at every
    /// [`POLL_NODES`] nodes, so it may be overshot by that much work).
    pub updates: Option<u64>,
    /// Stop after this much wall time.
    pub time: Option<Duration>,
}

/// How a call of the search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A solution was found ([`Solver::find`]).
    Solution,
    /// Every solution has been found: the search is over.
    Exhausted,
    /// The call found [`Limits::solutions`] solutions.
    SolutionLimit,
    /// The call entered [`Limits::nodes`] nodes.
    NodeLimit,
    /// The call made [`Limits::updates`] updates.
    UpdateLimit,
    /// The call ran for [`Limits::time`].
    TimeLimit,
    /// A callback (the solution callback or the progress callback) asked to
    /// stop.
    Stopped,
    /// [`Canceller::cancel`] was called.
    Cancelled,
}

/// A handle that stops a solver's search from any thread: the call running
/// on the solver (or, if none is running, the next one) returns
/// [`Outcome::Cancelled`] within one slice of [`POLL_NODES`] nodes. The
/// request is used up by the call it stops; a later call resumes.
#[derive(Clone, Debug, Default)]
pub struct Canceller(Arc<AtomicBool>);

impl Canceller {
    /// Asks the search to stop. (`cancel` and `take` are not inlined so
    /// that valgrind's helgrind, which does not model atomics, sees this
    /// flag's accesses in two named frames: `c_tests/helgrind.supp`.)
    #[inline(never)]
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Takes the request, if there is one.
    #[inline(never)]
    fn take(&self) -> bool {
        self.0.load(Ordering::Relaxed) && self.0.swap(false, Ordering::Relaxed)
    }
}

/// What a progress report says.
#[derive(Clone, Copy, Debug)]
pub struct Report {
    /// The counters since the search (re)started.
    pub counters: Counters,
    /// The estimated fraction of the search tree walked ([`Solver::estimate`]).
    pub estimate: f64,
    /// Time spent in this call so far.
    pub elapsed: Duration,
    /// The depth of the search where it stands ([`Solver::depth`]).
    pub depth: usize,
}

/// A progress callback: it gets a report, and breaks to stop the search.
pub type ProgressFn = Box<dyn FnMut(&Report) -> ControlFlow<()> + Send>;

/// The controls a solver carries.
#[derive(Default)]
pub(crate) struct Controls {
    pub limits: Limits,
    pub canceller: Canceller,
    pub progress: Option<(Duration, ProgressFn)>,
    pub outcome: Option<Outcome>,
}

impl Clone for Controls {
    /// A copy has the same limits, its own cancel flag, and no progress
    /// callback (a boxed closure cannot be copied).
    fn clone(&self) -> Self {
        Controls { limits: self.limits, canceller: Canceller::default(), progress: None, outcome: self.outcome }
    }
}

impl std::fmt::Debug for Controls {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Controls").field("limits", &self.limits).field("progress", &self.progress.as_ref().map(|p| p.0)).finish()
    }
}

/// What [`Solver::find`] found.
#[derive(Debug, PartialEq, Eq)]
pub enum Found<'a> {
    /// The next solution: the forced rows, then the rows chosen in order.
    Solution(&'a [usize]),
    /// No solution this call; the outcome says why.
    End(Outcome),
}

/// Where one call stands against its budgets.
struct Call {
    start: Instant,
    deadline: Option<Instant>,
    node_cap: u64,
    update_cap: u64,
    next_report: Option<Instant>,
}

impl Solver {
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
    pub fn set_progress(&mut self, progress: Option<(Duration, ProgressFn)>) {
        self.controls.progress = progress;
    }

    /// How the last call ended (`None` before the first).
    pub fn outcome(&self) -> Option<Outcome> {
        self.controls.outcome
    }

    fn begin(&self) -> Call {
        let start = Instant::now();
        let l = &self.controls.limits;
        let c = self.counters();
        Call {
            start,
            deadline: l.time.map(|t| start.checked_add(t).unwrap_or(start + Duration::from_secs(1 << 40))),
            node_cap: l.nodes.map_or(u64::MAX, |n| c.nodes.saturating_add(n)),
            update_cap: l.updates.map_or(u64::MAX, |n| c.updates.saturating_add(n)),
            next_report: self.controls.progress.as_ref().map(|(every, _)| start + *every),
        }
    }

    /// Runs the search until the next solution or until the call must stop.
    fn step(&mut self, call: &mut Call) -> Result<(), Outcome> {
        loop {
            if self.controls.canceller.take() {
                return Err(Outcome::Cancelled);
            }
            let c = self.counters();
            if c.updates >= call.update_cap {
                return Err(Outcome::UpdateLimit);
            }
            if call.deadline.is_some() || call.next_report.is_some() {
                let now = Instant::now();
                if call.deadline.is_some_and(|d| now >= d) {
                    return Err(Outcome::TimeLimit);
                }
                if let Some(due) = call.next_report.filter(|&due| now >= due) {
                    let report = Report { counters: c, estimate: self.estimate(), elapsed: now - call.start, depth: self.depth() };
                    if let Some((every, f)) = &mut self.controls.progress {
                        call.next_report = Some(due.max(now - *every) + *every);
                        if f(&report).is_break() {
                            return Err(Outcome::Stopped);
                        }
                    }
                }
            }
            let budget = POLL_NODES.min(call.node_cap.saturating_sub(c.nodes));
            match self.search(budget) {
                Progress::Solution(_) => return Ok(()),
                Progress::Exhausted => return Err(Outcome::Exhausted),
                Progress::Paused => {}
            }
            if self.counters().nodes >= call.node_cap {
                return Err(Outcome::NodeLimit);
            }
        }
    }

    /// The next solution within this call's limits, or how the call ended.
    pub fn find(&mut self) -> Found<'_> {
        let mut call = self.begin();
        match self.step(&mut call) {
            Ok(()) => {
                self.controls.outcome = Some(Outcome::Solution);
                Found::Solution(self.last_solution())
            }
            Err(outcome) => {
                self.controls.outcome = Some(outcome);
                Found::End(outcome)
            }
        }
    }

    /// Hands solutions to `f` until the search is exhausted, `f` breaks, or
    /// a limit or a cancel ends the call; says which.
    pub fn run(&mut self, mut f: impl FnMut(&[usize]) -> ControlFlow<()>) -> Outcome {
        self.drive(|s| f(s.last_solution()))
    }

    /// Counts solutions as [`Solver::run`] would hand them out, within the
    /// same limits, without finding their rows: the number counted and how
    /// the call ended. The last solution's rows (and [`Solver::cost`]) are
    /// meaningful only after [`Solver::run`] or [`Solver::find`].
    pub fn count_run(&mut self) -> (u64, Outcome) {
        let mut found = 0;
        self.counting = true;
        let outcome = self.drive(|_| {
            found += 1;
            ControlFlow::Continue(())
        });
        self.counting = false;
        (found, outcome)
    }

    /// The loop of `run` and `count_run`: `f` sees the solver at each
    /// solution.
    fn drive(&mut self, mut f: impl FnMut(&Solver) -> ControlFlow<()>) -> Outcome {
        let mut call = self.begin();
        let mut found = 0u64;
        let outcome = loop {
            if self.controls.limits.solutions.is_some_and(|max| found >= max) {
                break Outcome::SolutionLimit;
            }
            match self.step(&mut call) {
                Ok(()) => {
                    found += 1;
                    if f(self).is_break() {
                        break Outcome::Stopped;
                    }
                }
                Err(outcome) => break outcome,
            }
        };
        self.controls.outcome = Some(outcome);
        outcome
    }
}
