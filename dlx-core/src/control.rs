//! Search control: limits, cancellation and progress reports around a
//! search that runs in slices (`Sliced`, which the
//! [`Solver`](crate::Solver) is).
//!
//! The loop itself ([`Solver::search`](crate::Solver::search)) only knows a
//! node budget. This
//! module runs it in slices of at most [`POLL_NODES`] search-tree nodes and,
//! between slices, looks at the limits, at the cancel flag and at the clock.
//! So the hot loop pays nothing for control, and a limit, a cancel or a
//! progress report takes effect within one slice: well under a millisecond
//! on the standard instances.
//!
//! Every limit is a budget for one call ([`Solver::find`](crate::Solver::find)
//! or [`Solver::run`](crate::Solver::run)):
//! the call stops when it has found that many solutions, entered that many
//! nodes, made that many updates or run that long, and the next call carries
//! on from there with a fresh budget. A search that stopped at a limit can
//! thus always be resumed, and it then walks the same tree as one that never
//! stopped.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

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

/// How a budgeted run of the search ([`Solver::search`](crate::Solver::search)) ended.
#[derive(Debug, PartialEq, Eq)]
pub enum Progress<'a> {
    /// The next solution: row ids in the order the search chose them.
    Solution(&'a [usize]),
    /// The node budget is spent; the next call carries on from here.
    Paused,
    /// Every solution has been returned.
    Exhausted,
}

impl Progress<'_> {
    /// As a count: the solutions found (0 or 1) and whether the search is
    /// exhausted.
    pub(crate) fn counted(&self) -> (u64, bool) {
        match self {
            Progress::Solution(_) => (1, false),
            Progress::Paused => (0, false),
            Progress::Exhausted => (0, true),
        }
    }
}

/// A search that runs in slices: what the controls need of it.
pub(crate) trait Sliced {
    /// Its controls.
    fn controls(&mut self) -> &mut Controls;
    fn counters(&self) -> Counters;
    fn estimate(&self) -> f64;
    fn depth(&self) -> usize;
    /// With an objective: the best cost so far and the bound ([`Report`]).
    fn standing(&mut self) -> (Option<i64>, Option<i64>) {
        (None, None)
    }
    /// Runs to the next solution, the end, or `budget` more nodes.
    fn slice(&mut self, budget: u64) -> Progress<'_>;
    /// Counts solutions for `budget` more nodes, stopping at the `most`-th
    /// (`most >= 1`): how many, and whether the search is exhausted. By
    /// default, one slice.
    fn count_slice(&mut self, budget: u64, most: u64) -> (u64, bool) {
        let _ = most;
        self.slice(budget).counted()
    }
}

/// The most search-tree nodes the loop enters between two looks at the
/// limits, the cancel flag and the clock.
pub const POLL_NODES: u64 = 1024;

/// Budgets for one call. `None` (the default) means no limit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Stop after this many solutions (`Solver::run` only: `Solver::find`
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
#[non_exhaustive]
pub enum Outcome {
    /// A solution was found ([`Solver::find`](crate::Solver::find)).
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
    /// Asks the search to stop. (`cancel`, `is_set` and `take` are not inlined so
    /// that valgrind's helgrind, which does not model atomics, sees this
    /// flag's accesses in two named frames: `c_tests/helgrind.supp`.)
    #[inline(never)]
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether a request waits, leaving it there (the threads of a
    /// parallel search look, the coordinator takes it).
    #[inline(never)]
    pub(crate) fn is_set(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// Takes the request, if there is one.
    #[inline(never)]
    pub(crate) fn take(&self) -> bool {
        self.0.load(Ordering::Relaxed) && self.0.swap(false, Ordering::Relaxed)
    }
}

/// What a progress report says.
#[derive(Clone, Copy, Debug)]
pub struct Report {
    /// The counters since the search (re)started.
    pub counters: Counters,
    /// The estimated fraction of the search tree walked ([`Solver::estimate`](crate::Solver::estimate)).
    pub estimate: f64,
    /// Time spent in this call so far.
    pub elapsed: Duration,
    /// The depth of the search where it stands ([`Solver::depth`](crate::Solver::depth)).
    pub depth: usize,
    /// With an objective: the cost of the best solution so far, and the
    /// bound no solution beats ([`Solver::best_bound`](crate::Solver::best_bound)).
    pub best: Option<i64>,
    pub bound: Option<i64>,
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

/// What [`Solver::find`](crate::Solver::find) found.
#[derive(Debug, PartialEq, Eq)]
pub enum Found<'a> {
    /// The next solution: the forced rows, then the rows chosen in order.
    Solution(&'a [usize]),
    /// No solution this call; the outcome says why.
    End(Outcome),
}

/// Where one call stands against its budgets.
pub(crate) struct Call {
    /// When the call started: read only with a time limit or progress
    /// reports (the clock is not read otherwise: a sudoku solver makes
    /// two calls a puzzle).
    start: Option<Instant>,
    deadline: Option<Instant>,
    pub(crate) node_cap: u64,
    update_cap: u64,
    next_report: Option<Instant>,
    /// When a call on several threads that starts on the calling thread
    /// alone hands over to helpers (`Solver`'s serial start): the call
    /// then pauses with `handed_over` set, to go on in [`crate::parallel`].
    handover: Option<Instant>,
    pub(crate) handed_over: bool,
    /// When the estimate may hand over sooner.
    early: Option<Early>,
    /// The most nodes between two looks at the controls.
    poll_nodes: u64,
}

/// Starts a call of `s`.
pub(crate) fn begin(s: &mut impl Sliced) -> Call {
    let c = s.counters();
    let controls = s.controls();
    let l = &controls.limits;
    let start = (l.time.is_some() || controls.progress.is_some()).then(Instant::now);
    Call {
        start,
        deadline: l.time.zip(start).map(|(t, start)| start.checked_add(t).unwrap_or(start + Duration::from_secs(1 << 40))),
        node_cap: l.nodes.map_or(u64::MAX, |n| c.nodes.saturating_add(n)),
        update_cap: l.updates.map_or(u64::MAX, |n| c.updates.saturating_add(n)),
        next_report: controls.progress.as_ref().zip(start).map(|((every, _), start)| start + *every),
        handover: None,
        handed_over: false,
        early: None,
        poll_nodes: POLL_NODES,
    }
}

/// The nodes between two looks at the clock while a call waits to hand
/// over to helpers: a branch and bound's node may take microseconds.
const HANDOVER_POLL_NODES: u64 = 128;

/// Starts a call of `s` that pauses (`Call::handed_over`) once it has run
/// `after` without ending, for the parallel search to go on with it; or
/// after a quarter of that, if the estimate of the tree (over the part
/// walked in this call, at its pace) says that five times `after` is left.
pub(crate) fn begin_handing_over(s: &mut impl Sliced, after: Duration) -> Call {
    let mut call = begin(s);
    let now = Instant::now();
    call.handover = Some(now + after);
    call.early = Some(Early { from: now + after / 4, after, started: now, walked: s.estimate() });
    call.poll_nodes = HANDOVER_POLL_NODES;
    call
}

/// A handover before the delay is up: from when it may come, the delay,
/// when the call started and the share of the tree walked then.
struct Early {
    from: Instant,
    after: Duration,
    started: Instant,
    walked: f64,
}

impl Call {
    /// Whether the estimate says to hand over before the delay is up.
    fn hand_over_early(&mut self, s: &impl Sliced) -> bool {
        let Some(e) = &self.early else { return false };
        let now = Instant::now();
        if now < e.from {
            return false;
        }
        let walked = s.estimate();
        let pace = walked - e.walked;
        let spent = (now - e.started).as_secs_f64();
        pace > 0.0 && spent * (1.0 - walked).max(0.0) >= 5.0 * e.after.as_secs_f64() * pace
    }
}

impl Call {
    /// Looks, between two slices, at the cancel flag, the update limit
    /// and the clock, given the counters `c`: how the call must end, if it
    /// must; else the time, if a progress report is due.
    pub(crate) fn check(&mut self, controls: &Controls, c: Counters) -> Result<Option<Instant>, Outcome> {
        if controls.canceller.take() {
            return Err(Outcome::Cancelled);
        }
        if c.updates >= self.update_cap {
            return Err(Outcome::UpdateLimit);
        }
        if self.deadline.is_none() && self.next_report.is_none() && self.handover.is_none() {
            return Ok(None);
        }
        let now = Instant::now();
        if self.deadline.is_some_and(|d| now >= d) {
            return Err(Outcome::TimeLimit);
        }
        if self.handover.is_some_and(|h| now >= h) {
            // Not an outcome the caller sees: the call goes on in threads.
            self.handover = None;
            self.early = None;
            self.handed_over = true;
            self.poll_nodes = POLL_NODES;
            return Err(Outcome::Stopped);
        }
        Ok(self.next_report.filter(|&due| now >= due).map(|_| now))
    }

    /// Makes the progress report due at `now` (from [`Call::check`]);
    /// `Stopped` if the callback asks to stop.
    pub(crate) fn report(&mut self, controls: &mut Controls, now: Instant, counters: Counters, (estimate, depth, (best, bound)): (f64, usize, (Option<i64>, Option<i64>))) -> Result<(), Outcome> {
        // (A report is due only with progress reports, and then the start is known.)
        let (Some(due), Some(start), Some((every, f))) = (self.next_report, self.start, &mut controls.progress) else { return Ok(()) };
        self.next_report = Some(due.max(now - *every) + *every);
        let report = Report { counters, estimate, elapsed: now - start, depth, best, bound };
        if f(&report).is_break() {
            return Err(Outcome::Stopped);
        }
        Ok(())
    }
}

/// Between two slices: looks at the controls and makes a progress report
/// if one is due; how the call must end, if it must. The next slice's node
/// budget.
fn poll(s: &mut impl Sliced, call: &mut Call) -> Result<u64, Outcome> {
    if call.hand_over_early(s) {
        call.handover = Some(Instant::now());
        call.early = None;
    }
    let c = s.counters();
    if let Some(now) = call.check(s.controls(), c)? {
        let at = (s.estimate(), s.depth(), s.standing());
        call.report(s.controls(), now, c, at)?;
    }
    Ok(call.poll_nodes.min(call.node_cap.saturating_sub(c.nodes)))
}

/// Runs `s` until the next solution or until the call must stop.
fn step(s: &mut impl Sliced, call: &mut Call) -> Result<(), Outcome> {
    loop {
        let budget = poll(s, call)?;
        match s.slice(budget) {
            Progress::Solution(_) => return Ok(()),
            Progress::Exhausted => return Err(Outcome::Exhausted),
            Progress::Paused => {}
        }
        if s.counters().nodes >= call.node_cap {
            return Err(Outcome::NodeLimit);
        }
    }
}

/// One call to the next solution within the limits: `Solution`, or how
/// the call ended (also kept as the last outcome).
pub(crate) fn find(s: &mut impl Sliced) -> Outcome {
    let mut call = begin(s);
    find_in(s, &mut call)
}

/// [`find`] within `call`.
pub(crate) fn find_in(s: &mut impl Sliced, call: &mut Call) -> Outcome {
    let outcome = match step(s, call) {
        Ok(()) => Outcome::Solution,
        Err(outcome) => outcome,
    };
    s.controls().outcome = Some(outcome);
    outcome
}

/// One call (`call`, which has handed out `found` solutions before) that
/// hands `s` to `f` at each solution until the search is exhausted, `f`
/// breaks, or a limit or a cancel ends the call; also the solutions
/// handed out in all.
pub(crate) fn drive_in<S: Sliced>(s: &mut S, call: &mut Call, mut found: u64, mut f: impl FnMut(&mut S) -> ControlFlow<()>) -> (Outcome, u64) {
    let outcome = loop {
        if s.controls().limits.solutions.is_some_and(|max| found >= max) {
            break Outcome::SolutionLimit;
        }
        match step(s, call) {
            Ok(()) => {
                found += 1;
                if f(s).is_break() {
                    break Outcome::Stopped;
                }
            }
            Err(outcome) => break outcome,
        }
    };
    s.controls().outcome = Some(outcome);
    (outcome, found)
}

/// One call (`call`, which has counted `found` solutions before) that
/// counts the solutions of `s` (listing none) until the search is
/// exhausted or a limit or a cancel ends the call: how many in all, and how
/// the call ended (also kept as the last outcome). The same solutions,
/// nodes and outcome as [`drive_in`] with a callback that goes on, in
/// slices that count inside the search ([`Sliced::count_slice`]).
pub(crate) fn count_in<S: Sliced>(s: &mut S, call: &mut Call, mut found: u64) -> (u64, Outcome) {
    let most = s.controls().limits.solutions.unwrap_or(u64::MAX);
    let outcome = loop {
        if found >= most {
            break Outcome::SolutionLimit;
        }
        let budget = match poll(s, call) {
            Ok(budget) => budget,
            Err(outcome) => break outcome,
        };
        let (counted, exhausted) = s.count_slice(budget, most - found);
        found += counted;
        if exhausted {
            break Outcome::Exhausted;
        }
        if found < most && s.counters().nodes >= call.node_cap {
            break Outcome::NodeLimit;
        }
    };
    s.controls().outcome = Some(outcome);
    (found, outcome)
}
