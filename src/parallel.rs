//! The parallel search: one search on several threads, balanced while it
//! runs.
//!
//! Each thread (a *worker*) owns a copy of the solver and walks its own
//! piece of the tree, a *unit*: rows to force and rows to exclude, as the
//! subproblems of [`crate::split`] are. The first worker starts with the
//! whole search. A worker without a unit waits; a busy worker that sees one
//! waiting, at its next poll point (every [`POLL_NODES`] nodes, never inside
//! the engine's loop), gives away the last untried branch of the shallowest
//! level that has one ([`Core::donate`](crate::engine::Core)), the biggest
//! piece it can hand over in one go. So uneven subtrees keep every thread
//! busy to the end. The search is over when every worker waits with no
//! unit left.
//!
//! The calling thread coordinates: it hands each solution the workers send
//! to the caller, one at a time (so callbacks need no locking), keeps the
//! best list of a branch and bound and publishes its bar to every worker,
//! looks at the cancel flag, the clock, the update limit and the progress
//! callback, and stops the workers. A stopped search keeps every worker's
//! state, the units not taken yet and the solutions found but not handed
//! out, and the next call carries on from there.
//!
//! Counting without an objective sends nothing per solution: each worker
//! counts its own, and claims a slot first when the call has a solution
//! limit. The node limit is a shared budget that workers claim a slice at
//! a time, so no call enters more nodes than its limit.

use std::collections::VecDeque;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::mpsc::{self, RecvTimeoutError, SyncSender};
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use crate::control::{Counters, Outcome, Progress, Report, POLL_NODES};
use crate::error::Error;
use crate::search::Solver;

/// What one thread of a parallel search did since the search started.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ThreadStats {
    /// Search-tree nodes it entered.
    pub nodes: u64,
    /// Link updates it made.
    pub updates: u64,
    /// Pieces of the tree it took from another thread.
    pub steals: u64,
    /// Time it spent waiting for work.
    pub idle: Duration,
}

/// A piece of the search: solve it with `rows` forced and `excluded`
/// excluded. `share` is its part of the whole tree, for the estimate.
#[derive(Clone, Debug)]
struct Unit {
    rows: Vec<usize>,
    excluded: Vec<usize>,
    share: f64,
}

/// One thread's search.
#[derive(Clone, Debug)]
struct Worker {
    solver: Solver,
    unit: Option<Unit>,
    /// Nodes and updates of the units it finished.
    base: Counters,
    /// The share of the tree it finished.
    done: f64,
    steals: u64,
    idle: Duration,
}

impl Worker {
    fn stats(&self) -> ThreadStats {
        let c = self.solver.counters();
        ThreadStats { nodes: self.base.nodes + c.nodes, updates: self.base.updates + c.updates, steals: self.steals, idle: self.idle }
    }

    /// Its part of the tree walked so far.
    fn walked(&self) -> f64 {
        self.done + self.unit.as_ref().map_or(0.0, |u| u.share * self.solver.estimate())
    }

    /// Starts on `unit`.
    fn start(&mut self, unit: Unit) {
        let c = self.solver.counters();
        self.base.nodes += c.nodes;
        self.base.updates += c.updates;
        self.solver.enter_unit(&unit.rows, &unit.excluded);
        self.unit = Some(unit);
    }

    /// Gives away a piece of its unit, if it has one to give.
    fn donate(&mut self) -> Option<Unit> {
        let unit = self.unit.as_mut()?;
        let (mut rows, mut excluded) = (Vec::new(), Vec::new());
        let limit = self.solver.forced_rows().len() + self.solver.depth() + 1;
        rows.try_reserve_exact(limit).ok()?;
        excluded.try_reserve_exact(self.solver.rows()).ok()?;
        let share = self.solver.donate(&mut rows, &mut excluded)?;
        let share = unit.share * share;
        unit.share -= share;
        Some(Unit { rows, excluded, share })
    }
}

/// The state of a parallel search that lives between calls.
#[derive(Clone, Debug)]
pub(crate) struct Pool {
    workers: Vec<Worker>,
    /// Units given away and not taken yet.
    queue: VecDeque<Unit>,
    /// Solutions found and not handed out yet, with their (scaled) cost.
    pending: VecDeque<(Vec<usize>, i64)>,
    exhausted: bool,
}

impl Pool {
    /// `threads` workers for the search of `root`, which is at its start;
    /// the first one takes the whole search.
    pub fn new(root: &Solver, threads: usize) -> Result<Pool, Error> {
        let mut workers = Vec::new();
        workers.try_reserve_exact(threads)?;
        for i in 0..threads {
            let solver = root.worker()?;
            let unit = (i == 0).then(|| Unit { rows: root.forced_rows().to_vec(), excluded: root.excluded_rows().to_vec(), share: 1.0 });
            workers.push(Worker { solver, unit, base: Counters::default(), done: 0.0, steals: 0, idle: Duration::ZERO });
        }
        Ok(Pool { workers, queue: VecDeque::new(), pending: VecDeque::new(), exhausted: false })
    }

    /// The counters summed over the workers (solutions not included).
    pub fn counters(&self) -> Counters {
        self.workers.iter().map(Worker::stats).fold(Counters::default(), |c, s| Counters { nodes: c.nodes + s.nodes, updates: c.updates + s.updates, solutions: 0 })
    }

    pub fn stats(&self) -> Vec<ThreadStats> {
        self.workers.iter().map(Worker::stats).collect()
    }

    pub fn estimate(&self) -> f64 {
        if self.exhausted && self.pending.is_empty() {
            return 1.0;
        }
        self.workers.iter().map(Worker::walked).sum::<f64>().clamp(0.0, 1.0)
    }

    pub fn is_done(&self) -> bool {
        self.exhausted && self.pending.is_empty()
    }

    /// The depth of the first worker with a unit.
    pub fn depth(&self) -> usize {
        self.workers.iter().find(|w| w.unit.is_some()).map_or(0, |w| w.solver.depth())
    }
}

/// What the workers publish at each poll point, for the coordinator.
#[derive(Default)]
struct Status {
    nodes: AtomicU64,
    updates: AtomicU64,
    /// Solutions counted by the worker itself (counting only).
    counted: AtomicU64,
    /// Its part of the tree walked (`f64` bits).
    walked: AtomicU64,
    depth: AtomicUsize,
}

/// The queue and who waits on it.
struct State {
    queue: VecDeque<Unit>,
    idle: usize,
    exhausted: bool,
    /// Why the call stops, once it does.
    stop: Option<Outcome>,
}

/// What the threads of one call share.
struct Shared {
    state: Mutex<State>,
    wake: Condvar,
    threads: usize,
    /// Mirrors of `state`, read at every poll point without the lock.
    stop: AtomicBool,
    idle: AtomicUsize,
    queued: AtomicUsize,
    /// Nodes the call may still enter.
    nodes_left: AtomicU64,
    /// Solutions the workers may still count (counting only), unless
    /// `unlimited`.
    slots: AtomicU64,
    unlimited: bool,
    /// The branch and bound's bar (scaled), the same for every worker.
    bar: AtomicI64,
    /// The nodes of a slice between two poll points.
    slice: u64,
    status: Vec<Status>,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        // A worker never panics while holding the lock; if one did, the
        // state is still consistent (every change is one statement).
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Stops the call for `why` (the first reason given wins).
    fn halt(&self, why: Outcome) {
        let mut st = self.lock();
        st.stop.get_or_insert(why);
        self.stop.store(true, Relaxed);
        self.wake.notify_all();
    }

    /// The next unit for a worker, waiting for one; `None` when the call
    /// stops or the search is over.
    fn take(&self, w: &mut Worker) -> Option<Unit> {
        let mut st = self.lock();
        loop {
            if st.stop.is_some() || st.exhausted {
                return None;
            }
            if let Some(unit) = st.queue.pop_front() {
                self.queued.store(st.queue.len(), Relaxed);
                return Some(unit);
            }
            st.idle += 1;
            if st.idle == self.threads {
                st.exhausted = true;
                self.wake.notify_all();
                return None;
            }
            self.idle.store(st.idle, Relaxed);
            let since = Instant::now();
            st = self.wake.wait(st).unwrap_or_else(|e| e.into_inner());
            w.idle += since.elapsed();
            st.idle -= 1;
            self.idle.store(st.idle, Relaxed);
        }
    }

    /// Whether a thread waits for a unit that nobody has queued yet.
    fn wanted(&self) -> bool {
        self.idle.load(Relaxed) > self.queued.load(Relaxed)
    }

    fn give(&self, unit: Unit) {
        let mut st = self.lock();
        st.queue.push_back(unit);
        self.queued.store(st.queue.len(), Relaxed);
        self.wake.notify_one();
    }

    /// Claims up to one slice of the node budget: a short one while a
    /// thread waits for work, so that it gets some soon.
    fn claim(&self) -> u64 {
        let slice = if self.wanted() { HURRY_NODES } else { self.slice };
        let mut got = 0;
        let _ = self.nodes_left.fetch_update(Relaxed, Relaxed, |left| {
            got = left.min(slice);
            Some(left - got)
        });
        got
    }

    /// Claims one solution slot.
    fn slot(&self) -> bool {
        self.slots.fetch_update(Relaxed, Relaxed, |s| s.checked_sub(1)).is_ok()
    }
}

/// The slice of a worker in a branch and bound.
const BOUND_NODES: u64 = 128;

/// The slice of a worker while another waits for work.
const HURRY_NODES: u64 = 16;

/// A solution on its way to the coordinator: its rows and scaled cost.
type Found = (Vec<usize>, i64);

/// One worker's thread.
fn work(w: &mut Worker, me: &Status, sh: &Shared, tx: &SyncSender<Found>, counting: bool) {
    let publish = |w: &Worker| {
        let s = w.stats();
        me.nodes.store(s.nodes, Relaxed);
        me.updates.store(s.updates, Relaxed);
        me.walked.store(w.walked().to_bits(), Relaxed);
        me.depth.store(if w.unit.is_some() { w.solver.depth() } else { 0 }, Relaxed);
    };
    loop {
        if sh.stop.load(Relaxed) {
            break;
        }
        if w.unit.is_none() {
            publish(w);
            match sh.take(w) {
                Some(unit) => {
                    w.start(unit);
                    w.steals += 1;
                }
                None => break,
            }
        }
        w.solver.lower_bar(sh.bar.load(Relaxed));
        let budget = sh.claim();
        if budget == 0 {
            sh.halt(Outcome::NodeLimit);
            break;
        }
        // The slice: solutions on the way do not end it (publishing and
        // polling after each would cost more than finding it on a search
        // with millions of them).
        let before = w.solver.counters().nodes;
        loop {
            let used = w.solver.counters().nodes - before;
            if used >= budget {
                break;
            }
            match w.solver.search(budget - used) {
                Progress::Solution(_) if counting => {
                    if sh.unlimited || sh.slot() {
                        me.counted.fetch_add(1, Relaxed);
                    } else {
                        // Past the call's limit: kept for the next call.
                        let _ = tx.send((w.solver.solution_rows().to_vec(), 0));
                        sh.halt(Outcome::SolutionLimit);
                        break;
                    }
                }
                Progress::Solution(_) => {
                    // The worker's own bar (the k-th best of its solutions)
                    // is never below the k-th best of all: every other
                    // worker may cut by it now, before the coordinator has
                    // seen it.
                    sh.bar.fetch_min(w.solver.bar(), Relaxed);
                    let _ = tx.send((w.solver.solution_rows().to_vec(), w.solver.solution_cost()));
                    if sh.stop.load(Relaxed) {
                        break;
                    }
                }
                Progress::Exhausted => {
                    if let Some(unit) = w.unit.take() {
                        w.done += unit.share;
                    }
                    break;
                }
                Progress::Paused => break,
            }
        }
        let used = w.solver.counters().nodes - before;
        if used < budget {
            sh.nodes_left.fetch_add(budget - used, Relaxed);
        }
        publish(w);
        if sh.wanted() {
            if let Some(unit) = w.donate() {
                sh.give(unit);
            }
        }
    }
    publish(w);
}

/// How often the coordinator looks at the cancel flag and the clock when
/// no solution arrives.
const TICK: Duration = Duration::from_millis(5);

/// One call of a parallel search of `s` (which has `threads` > 1): hands
/// solutions to `f` as [`crate::control::drive`] does, or only counts them
/// with `count` (and no objective). Returns the solutions handed out and
/// how the call ended.
pub(crate) fn drive(s: &mut Solver, mut pool: Box<Pool>, count: bool, f: &mut dyn FnMut(&[usize]) -> ControlFlow<()>) -> (u64, Outcome) {
    let start = Instant::now();
    let limits = s.limits();
    let max = limits.solutions.unwrap_or(u64::MAX);
    let mut handed = 0u64;
    // Solutions found by an earlier call come first.
    let mut outcome = None;
    while let Some((rows, _)) = pool.pending.pop_front() {
        if handed >= max {
            pool.pending.push_front((rows, 0));
            outcome = Some(Outcome::SolutionLimit);
            break;
        }
        handed += 1;
        if s.hand_out(&rows, f).is_break() {
            outcome = Some(Outcome::Stopped);
            break;
        }
    }
    if s.controls_mut().canceller.take() {
        outcome = outcome.or(Some(Outcome::Cancelled));
    }
    if let Some(outcome) = outcome.or(pool.exhausted.then_some(Outcome::Exhausted)) {
        s.finish_call(pool, 0);
        return (handed, outcome);
    }
    let counting = count && s.objective().is_none();
    for w in &mut pool.workers {
        w.solver.set_counting(counting);
    }
    let base = pool.counters();
    let threads = pool.workers.len();
    let sh = Shared {
        state: Mutex::new(State { queue: std::mem::take(&mut pool.queue), idle: 0, exhausted: false, stop: None }),
        wake: Condvar::new(),
        threads,
        stop: AtomicBool::new(false),
        idle: AtomicUsize::new(0),
        queued: AtomicUsize::new(0),
        nodes_left: AtomicU64::new(limits.nodes.unwrap_or(u64::MAX)),
        slots: AtomicU64::new(max - handed),
        unlimited: max == u64::MAX,
        bar: AtomicI64::new(s.bar()),
        // A branch and bound polls more often, so that a better bar found
        // by one worker soon prunes the others.
        slice: if s.objective().is_some() { BOUND_NODES } else { POLL_NODES },
        // What the workers did in earlier calls, until they publish again.
        status: pool
            .workers
            .iter()
            .map(|w| {
                let t = w.stats();
                Status { nodes: AtomicU64::new(t.nodes), updates: AtomicU64::new(t.updates), walked: AtomicU64::new(w.walked().to_bits()), ..Status::default() }
            })
            .collect(),
    };
    sh.queued.store(sh.lock().queue.len(), Relaxed);
    let deadline = limits.time.map(|t| start.checked_add(t).unwrap_or(start + Duration::from_secs(1 << 40)));
    let update_cap = limits.updates.map_or(u64::MAX, |n| base.updates.saturating_add(n));
    let mut next_report = s.controls_mut().progress.as_ref().map(|(every, _)| start + *every);
    let (tx, rx) = mpsc::sync_channel::<Found>(64 * threads);
    let mut pending = VecDeque::new();
    std::thread::scope(|scope| {
        for (w, me) in pool.workers.iter_mut().zip(&sh.status) {
            let (tx, sh) = (tx.clone(), &sh);
            scope.spawn(move || work(w, me, sh, &tx, counting));
        }
        drop(tx);
        let mut stopping = false;
        loop {
            match rx.recv_timeout(TICK) {
                Ok((rows, cost)) => {
                    // With an objective only what beats the bar counts.
                    if !s.record(&rows, cost) {
                        continue;
                    }
                    sh.bar.fetch_min(s.bar(), Relaxed);
                    if stopping || counting {
                        pending.push_back((rows, cost));
                    } else if handed >= max {
                        pending.push_back((rows, cost));
                        sh.halt(Outcome::SolutionLimit);
                        stopping = true;
                    } else {
                        handed += 1;
                        if s.hand_out(&rows, f).is_break() {
                            sh.halt(Outcome::Stopped);
                            stopping = true;
                        }
                    }
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => break,
            }
            if stopping {
                continue;
            }
            let why = if s.controls_mut().canceller.take() {
                Some(Outcome::Cancelled)
            } else if sh.status.iter().map(|st| st.updates.load(Relaxed)).sum::<u64>() >= update_cap {
                Some(Outcome::UpdateLimit)
            } else {
                let now = Instant::now();
                if deadline.is_some_and(|d| now >= d) {
                    Some(Outcome::TimeLimit)
                } else if let Some(due) = next_report.filter(|&due| now >= due) {
                    let report = Report {
                        counters: Counters {
                            nodes: sh.status.iter().map(|st| st.nodes.load(Relaxed)).sum(),
                            updates: sh.status.iter().map(|st| st.updates.load(Relaxed)).sum(),
                            solutions: s.counters().solutions + sh.status.iter().map(|st| st.counted.load(Relaxed)).sum::<u64>(),
                        },
                        estimate: sh.status.iter().map(|st| f64::from_bits(st.walked.load(Relaxed))).sum::<f64>().clamp(0.0, 1.0),
                        elapsed: now - start,
                        depth: sh.status.iter().map(|st| st.depth.load(Relaxed)).find(|&d| d > 0).unwrap_or(0),
                    };
                    let mut stop = false;
                    if let Some((every, report_to)) = &mut s.controls_mut().progress {
                        next_report = Some(due.max(now - *every) + *every);
                        stop = report_to(&report).is_break();
                    }
                    stop.then_some(Outcome::Stopped)
                } else {
                    None
                }
            };
            if let Some(why) = why {
                sh.halt(why);
                stopping = true;
            }
        }
    });
    let counted: u64 = sh.status.iter().map(|st| st.counted.load(Relaxed)).sum();
    handed += counted;
    let st = sh.state.into_inner().unwrap_or_else(|e| e.into_inner());
    pool.queue = st.queue;
    pool.pending.extend(pending);
    pool.exhausted = st.exhausted;
    let outcome = st.stop.unwrap_or(Outcome::Exhausted);
    s.finish_call(pool, counted);
    (handed, outcome)
}
