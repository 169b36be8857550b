//! The parallel search: one search on several threads, balanced while it
//! runs.
//!
//! Each thread (a *worker*) owns a copy of the solver and walks its own
//! piece of the tree, a *unit*: rows to force and rows to exclude, as the
//! subproblems of [`crate::split`] are. The first worker starts with the
//! whole search. A worker without a unit waits; a busy worker that sees one
//! waiting, at its next poll point (every few hundred nodes, never inside
//! the engine's loop), gives away the last untried branch of the shallowest
//! level that has one (`Core::donate`), the biggest
//! piece it can hand over in one go. So uneven subtrees keep every thread
//! busy to the end. The search is over when every worker waits with no
//! unit left.
//!
//! The calling thread is one of the threads: it runs the *home* worker
//! (the first that holds a unit) and, between that worker's slices,
//! coordinates. It hands each solution the workers leave in a mailbox to
//! the caller, one at a time (so callbacks need no locking), keeps the best
//! list of a branch and bound and publishes its bar to every worker, looks
//! at the cancel flag, the clock, the update limit and the progress
//! callback, and stops the workers. The other workers wait in *seats*,
//! posted to the process's helper threads (`crate::helpers`) once the
//! call has run [`HELPER_DELAY`] (a call that `Solver` started on the
//! calling thread alone hands over after that delay, and posts them at
//! once); only as many seats as there are helpers, and a worker is made
//! (a copy of the solver) only for a seat posted. A seat's job that no
//! helper took is withdrawn at the call's end, and the home worker takes
//! over a seat that holds a piece, so a call never waits for a helper.
//! When the home worker has nothing to do, the calling thread sleeps
//! until a solution, a unit or the end arrives, or a tick passes. A stopped
//! search keeps every worker's state, the units not taken yet and the
//! solutions found but not handed out, and the next call carries on from
//! there.
//!
//! Counting without an objective sends nothing per solution: each worker
//! counts its own, and claims a slot first when the call has a solution
//! limit. The node limit is a shared budget that workers claim a slice at
//! a time, so no call enters more nodes than its limit.

use std::collections::VecDeque;
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use crate::checkpoint::Piece;
use crate::control::{self, Call, Canceller, Counters, Outcome, Progress};
use crate::error::Error;
use crate::search::Search;
use crate::helpers;
use crate::sync::{Guard, Lock, Signal, Word};

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

/// One thread's search.
#[derive(Clone, Debug)]
struct Worker {
    /// Its place among the pool's workers, and in [`Shared::status`].
    slot: usize,
    solver: Search,
    /// The share of the whole tree of the unit it works on, if any (the
    /// unit's rows are in its solver).
    share: Option<f64>,
    /// Nodes and updates of the units it finished.
    base: Counters,
    /// The share of the tree it finished.
    done: f64,
    steals: u64,
    idle: Duration,
}

impl Worker {
    /// A copy of `root` in `slot`, holding `share`: the whole search from
    /// where `root` stands (its counters too), or, without a share, a worker
    /// that waits for a piece and has walked nothing (a copy of a walk under
    /// way would count that walk's nodes again).
    fn new(root: &Search, slot: usize, share: Option<f64>) -> Result<Worker, Error> {
        let mut solver = root.worker()?;
        if share.is_none() {
            solver.set_counters(Counters::default());
        }
        Ok(Worker { slot, solver, share, base: Counters::default(), done: 0.0, steals: 0, idle: Duration::ZERO })
    }

    fn stats(&self) -> ThreadStats {
        let c = self.solver.counters();
        ThreadStats { nodes: self.base.nodes + c.nodes, updates: self.base.updates + c.updates, steals: self.steals, idle: self.idle }
    }

    /// Its part of the tree walked so far.
    fn walked(&self) -> f64 {
        self.done + self.share.map_or(0.0, |share| share * self.solver.estimate())
    }

    /// Starts on `unit`.
    fn start(&mut self, unit: Piece) {
        let c = self.solver.counters();
        self.base.nodes += c.nodes;
        self.base.updates += c.updates;
        self.solver.enter_unit(&unit.rows, &unit.excluded);
        self.share = Some(unit.share);
    }

    /// Gives away a piece of its unit, if it has one to give.
    fn donate(&mut self) -> Option<Piece> {
        let mine = self.share.as_mut()?;
        let (mut rows, mut excluded) = (Vec::new(), Vec::new());
        let limit = self.solver.forced_rows().len() + self.solver.depth() + 1;
        rows.try_reserve_exact(limit).ok()?;
        excluded.try_reserve_exact(self.solver.rows()).ok()?;
        let share = self.solver.donate(&mut rows, &mut excluded)?;
        let share = *mine * share;
        *mine -= share;
        Some(Piece { rows, excluded, share })
    }
}

/// The state of a parallel search that lives between calls.
#[derive(Clone, Debug)]
pub(crate) struct Pool {
    /// The workers made so far, in slot order: the first at once, the
    /// others when a call first asks helpers to come (a search that ends
    /// before then copies the solver once, not once per thread).
    workers: Vec<Worker>,
    /// How many workers the search has at most (the solver's threads).
    threads: usize,
    /// How long a call runs alone before it calls helpers.
    pub(crate) helper_delay: Duration,
    /// Units given away and not taken yet.
    queue: VecDeque<Piece>,
    /// Solutions found (and recorded among the best) and not handed out
    /// yet.
    pending: VecDeque<Vec<usize>>,
    exhausted: bool,
    /// The mailbox of solutions on their way to the coordinator and the
    /// coordinator's batch (swapped with it), reserved once.
    mailbox: [VecDeque<Found>; 2],
    /// Whether it goes on from a checkpoint ([`Pool::resumed`]).
    resumed: bool,
}

impl Pool {
    /// `threads` workers for the search of `root`, which is at its start;
    /// the first one takes the whole search.
    pub fn new(root: &Search, threads: usize) -> Result<Pool, Error> {
        let mut workers = Vec::new();
        workers.try_reserve_exact(threads)?;
        let mut mailbox = [VecDeque::new(), VecDeque::new()];
        for m in &mut mailbox {
            m.try_reserve_exact(MAILBOX * threads)?;
        }
        // The copy of `root` is at its start: the whole search.
        workers.push(Worker::new(root, 0, Some(1.0))?);
        Ok(Pool { workers, threads, helper_delay: HELPER_DELAY, queue: VecDeque::new(), pending: VecDeque::new(), exhausted: false, mailbox, resumed: false })
    }

    /// The counters summed over the workers (solutions not included).
    pub fn counters(&self) -> Counters {
        self.workers.iter().map(Worker::stats).fold(Counters::default(), |c, s| Counters { nodes: c.nodes + s.nodes, updates: c.updates + s.updates, solutions: 0 })
    }

    /// Each thread's statistics, in slot order (zeros for a worker not
    /// made yet).
    pub fn stats(&self) -> Vec<ThreadStats> {
        let mut out = vec![ThreadStats::default(); self.threads];
        for w in &self.workers {
            out[w.slot] = w.stats();
        }
        out
    }

    pub fn estimate(&self) -> f64 {
        if self.is_done() {
            return 1.0;
        }
        self.workers.iter().map(Worker::walked).sum::<f64>().clamp(0.0, 1.0)
    }

    pub fn is_done(&self) -> bool {
        self.exhausted && self.pending.is_empty()
    }

    /// The depth of the first worker with a unit.
    pub fn depth(&self) -> usize {
        self.workers.iter().find(|w| w.share.is_some()).map_or(0, |w| w.solver.depth())
    }

    /// `threads` workers for the search of `root` (at its start) that go
    /// on from a checkpoint: none holds a piece, the queue holds `pieces`,
    /// and the first worker's counters and share walked start at `base`
    /// and `done`; `pending` solutions come first. Errors: out of memory.
    pub fn resumed(root: &Search, threads: usize, pieces: VecDeque<Piece>, pending: VecDeque<Vec<usize>>, base: Counters, done: f64) -> Result<Pool, Error> {
        let mut pool = Pool::new(root, threads)?;
        for w in &mut pool.workers {
            w.share = None;
        }
        pool.workers[0].base = base;
        pool.workers[0].done = done;
        pool.exhausted = pieces.is_empty();
        pool.queue = pieces;
        pool.pending = pending;
        pool.resumed = true;
        Ok(pool)
    }

    /// Whether the pool goes on from a checkpoint ([`Pool::resumed`]).
    pub fn is_resumed(&self) -> bool {
        self.resumed
    }

    /// The work the search has left (see `Search::left`), each piece's
    /// share of the whole tree: each worker's, then the pieces queued. On
    /// one thread that is the order the search would reach them (its
    /// worker's piece comes before the queue, which holds a checkpoint's
    /// later pieces in order), so that a search resumed from them walks
    /// the same tree in the same order. Errors: out of memory (`out` then
    /// as it was).
    pub fn left(&self, out: &mut Vec<Piece>) -> Result<(), Error> {
        crate::alloc::appended(out, |out| self.pieces_left(out))
    }

    fn pieces_left(&self, out: &mut Vec<Piece>) -> Result<(), Error> {
        for w in &self.workers {
            if let Some(share) = w.share {
                let first = out.len();
                w.solver.left(out)?;
                for p in &mut out[first..] {
                    p.share *= share;
                }
            }
        }
        out.try_reserve(self.queue.len())?;
        for p in &self.queue {
            out.push(Piece::copied(&p.rows, &p.excluded, p.share)?);
        }
        Ok(())
    }

    /// Solutions found (and counted) and not handed out yet.
    pub fn pending(&self) -> &VecDeque<Vec<usize>> {
        &self.pending
    }
}

/// What the workers publish at each poll point, for the coordinator.
#[derive(Default)]
struct Status {
    nodes: Word,
    updates: Word,
    /// Solutions counted by the worker itself (counting only).
    counted: Word,
    /// Its part of the tree walked (`f64` bits).
    walked: Word,
    depth: Word,
}

impl Status {
    /// What `w` has done so far.
    fn of(w: &Worker, reporting: bool) -> Status {
        let st = Status::default();
        st.publish(w, reporting);
        st
    }

    fn publish(&self, w: &Worker, reporting: bool) {
        let t = w.stats();
        self.nodes.set(t.nodes);
        self.updates.set(t.updates);
        if reporting {
            self.walked.set(w.walked().to_bits());
            self.depth.set(if w.share.is_some() { w.solver.depth() as u64 } else { 0 });
        }
    }
}

/// The queue, who waits on it, and the solutions on their way to the
/// coordinator.
struct State {
    queue: VecDeque<Piece>,
    idle: usize,
    exhausted: bool,
    /// Why the call stops, once it does.
    stop: Option<Outcome>,
    /// Solutions sent and not taken yet by the coordinator: at most
    /// [`Shared::mailbox`], the room [`Pool::new`] reserves, so sending
    /// never allocates.
    found: VecDeque<Found>,
    /// Workers on helper threads that have joined the call and not left it.
    running: usize,
    /// Workers that hold a piece and have not joined the call yet: the
    /// search is not over while one does (the home worker takes it over if
    /// no helper comes for it).
    held: usize,
    /// The calling thread panicked: nobody empties the mailbox any more.
    abandoned: bool,
}

/// What the threads of one call share.
struct Shared {
    state: Lock<State>,
    /// Wakes workers that wait for a unit.
    wake: Signal,
    /// Wakes the calling thread when a solution arrives, a unit is queued
    /// (for its idle home worker) or a worker finishes.
    arrived: Signal,
    /// Wakes workers that wait for room in `found`.
    room: Signal,
    /// How many solutions `found` holds at most.
    mailbox: usize,
    /// Whether the coordinator may leave solutions waiting until its next
    /// tick (a branch and bound without a solution limit: each improvement
    /// already lowers the shared bar, and waking the coordinator for each
    /// would take a core from the workers).
    patient: bool,
    /// Mirrors of `state`, read at every poll point without the lock.
    stop: Word,
    idle: Word,
    queued: Word,
    /// The solver's cancel flag, which the workers look at and the
    /// coordinator takes.
    cancel: Canceller,
    /// Nodes the call may still enter.
    nodes_left: Word,
    /// Workers holding a claim on the budget they have not settled yet
    /// (nodes they may enter, or give back).
    holding: Word,
    /// Solutions the workers may still count (counting only), unless
    /// `unlimited`.
    slots: Word,
    unlimited: bool,
    /// The branch and bound's bar (scaled), the same for every worker.
    bar: Word,
    /// The nodes of a slice between two poll points.
    slice: u64,
    /// Whether the call reports progress (workers then publish where they
    /// stand in their piece, which costs a walk of the path).
    reporting: bool,
    status: Vec<Status>,
}

impl Shared {
    /// The counters summed over the workers, with the solutions handed out
    /// before (`solutions`) and those the workers counted.
    fn counters(&self, solutions: u64) -> Counters {
        let sum = |f: fn(&Status) -> &Word| self.status.iter().map(|st| f(st).get()).sum::<u64>();
        Counters { nodes: sum(|st| &st.nodes), updates: sum(|st| &st.updates), solutions: solutions + sum(|st| &st.counted) }
    }

    fn estimate(&self) -> f64 {
        self.status.iter().map(|st| f64::from_bits(st.walked.get())).sum::<f64>().clamp(0.0, 1.0)
    }

    /// The depth of the first worker that has a piece.
    fn depth(&self) -> usize {
        self.status.iter().map(|st| st.depth.get() as usize).find(|&d| d > 0).unwrap_or(0)
    }

    fn lock(&self) -> Guard<'_, State> {
        self.state.lock()
    }

    /// Stops the call for `why` (the first reason given wins).
    fn halt(&self, why: Outcome) {
        let mut st = self.lock();
        self.halt_locked(&mut st, why);
    }

    fn halt_locked(&self, st: &mut State, why: Outcome) {
        st.stop.get_or_insert(why);
        self.stop.set(1);
        self.wake.notify_all();
    }

    /// Sends a solution to the coordinator. Another worker waits while the
    /// mailbox is full, which for it leaves one place free; the home
    /// worker, which empties the mailbox itself, never waits and takes that
    /// place. Says whether the mailbox is now full.
    fn send(&self, found: Found, home: bool) -> bool {
        let mut st = self.lock();
        while !home && st.found.len() + 1 >= self.mailbox {
            if st.abandoned {
                return true;
            }
            st = self.room.wait(st);
        }
        st.found.push_back(found);
        if !self.patient || 2 * st.found.len() >= self.mailbox {
            self.arrived.notify_one();
        }
        st.found.len() + 1 >= self.mailbox
    }

    /// Takes the first queued unit, if any, and brings the hints up to date
    /// (also ending the guess of `idle` made before the threads started).
    fn pop(&self, st: &mut State) -> Option<Piece> {
        let unit = st.queue.pop_front()?;
        self.queued.set(st.queue.len() as u64);
        self.idle.set(st.idle as u64);
        Some(unit)
    }

    /// Counts one more worker idle; if that is every worker in the call
    /// (the home worker and the helpers that joined) and no other holds a
    /// piece, the search is over: says so and wakes the waiting ones. Not
    /// once the call stops: a helper that left then may hold a piece, and
    /// no longer counts among those running.
    fn go_idle(&self, st: &mut State) -> bool {
        st.idle += 1;
        self.idle.set(st.idle as u64);
        if st.stop.is_none() && st.idle == 1 + st.running && st.held == 0 {
            st.exhausted = true;
            self.wake.notify_all();
        }
        st.exhausted
    }

    /// The next unit for a worker, waiting for one; `None` when the call
    /// stops or the search is over.
    fn take(&self, w: &mut Worker) -> Option<Piece> {
        let mut st = self.lock();
        loop {
            if st.stop.is_some() || st.exhausted {
                return None;
            }
            if let Some(unit) = self.pop(&mut st) {
                return Some(unit);
            }
            if self.go_idle(&mut st) {
                return None;
            }
            let since = Instant::now();
            st = self.wake.wait(st);
            w.idle += since.elapsed();
            st.idle -= 1;
            self.idle.set(st.idle as u64);
        }
    }

    /// Whether a thread waits for a unit that nobody has queued yet.
    fn wanted(&self) -> bool {
        self.idle.get() > self.queued.get()
    }

    fn give(&self, unit: Piece) {
        let mut st = self.lock();
        st.queue.push_back(unit);
        self.queued.set(st.queue.len() as u64);
        self.wake.notify_one();
        // The home worker may be idle too.
        self.arrived.notify_one();
    }

    /// Claims up to one slice of the node budget: a short one while a
    /// thread waits for work, so that it gets some soon, unless `alone`
    /// (no helper called yet).
    fn claim(&self, alone: bool) -> u64 {
        let slice = if self.wanted() && !alone {
            HURRY_NODES
        } else {
            self.slice
        };
        self.holding.add(1);
        let got = self.nodes_left.take(slice);
        if got == 0 {
            self.holding.take(1);
        }
        got
    }

    /// Settles a claim of `budget` nodes of which the worker entered
    /// `used`: what it left goes back to the call; a solution found past
    /// the budget (a node, counted as the walk finds it) is taken from the
    /// call's, so that threads pass the call's budget by one node each at
    /// most, as a serial search passes it by one.
    fn settle(&self, budget: u64, used: u64) {
        if used < budget {
            self.nodes_left.add(budget - used);
        } else {
            self.nodes_left.take(used - budget);
        }
        self.holding.take(1);
    }

    /// A cancel was asked for: the coordinator takes it at its next check
    /// and stops the call. A helper's worker wakes it and waits for that,
    /// entering no node meanwhile, so that a cancel stops every thread
    /// within a slice of the poll point that saw it, not after the
    /// coordinator's next tick.
    fn wait_for_the_cancel(&self, home: bool) {
        self.arrived.notify_one();
        if home {
            return;
        }
        let mut st = self.lock();
        while st.stop.is_none() {
            st = self.wake.wait(st);
        }
    }

    /// Whether the call's node budget is spent: none left, and no worker
    /// holds a claim it might give back. (Read in this order, holders
    /// first and last, so that a claim made or settled meanwhile is seen.)
    fn budget_spent(&self) -> bool {
        self.holding.get() == 0 && self.nodes_left.get() == 0 && self.holding.get() == 0
    }

    /// Claims one solution slot.
    fn slot(&self) -> bool {
        self.slots.take(1) == 1
    }
}

/// The slice of a worker in a branch and bound.
const BOUND_NODES: u64 = 128;

/// The slice of a worker otherwise: shorter than the serial search's
/// [`POLL_NODES`](crate::control::POLL_NODES), since a thread that runs out of work waits up to one
/// slice of the others for more.
const SHARE_NODES: u64 = 256;

/// The slice of a worker while another waits for work.
const HURRY_NODES: u64 = 16;

/// Solutions a worker may send ahead of the coordinator.
const MAILBOX: usize = 64;

/// A solution on its way to the coordinator: its rows and scaled cost.
type Found = (Vec<usize>, i64);

/// Marks a worker finished when its thread leaves [`work`], and stops the
/// call if it leaves by a panic (which the coordinator passes on once every
/// worker is joined), so that nobody waits for it.
struct Leaving<'a>(&'a Shared);

impl Drop for Leaving<'_> {
    fn drop(&mut self) {
        let sh = self.0;
        let mut st = sh.lock();
        st.running -= 1;
        if std::thread::panicking() {
            sh.halt_locked(&mut st, Outcome::Stopped);
        }
        sh.arrived.notify_one();
    }
}

/// Stops the call if the calling thread panics (the panic goes on once
/// every thread is joined), so that no worker waits for it.
struct HaltOnPanic<'a>(&'a Shared);

impl Drop for HaltOnPanic<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            let sh = self.0;
            let mut st = sh.lock();
            st.abandoned = true;
            sh.halt_locked(&mut st, Outcome::Stopped);
            sh.room.notify_all();
        }
    }
}

impl Shared {
    /// A helper's worker joins the call, unless it is over; says whether it
    /// did.
    fn join(&self, w: &Worker) -> bool {
        let mut st = self.lock();
        if st.stop.is_some() || st.exhausted {
            return false;
        }
        st.running += 1;
        if w.share.is_some() {
            st.held -= 1;
        }
        true
    }
}

/// One worker on a helper thread, for as long as the call has work for it.
fn work(w: &mut Worker, sh: &Shared, counting: bool) {
    if !sh.join(w) {
        return;
    }
    let me = &sh.status[w.slot];
    let _leaving = Leaving(sh);
    loop {
        if sh.stop.get() != 0 {
            break;
        }
        if w.share.is_none() {
            me.publish(w, sh.reporting);
            match sh.take(w) {
                Some(unit) => {
                    w.start(unit);
                    w.steals += 1;
                }
                None => break,
            }
        }
        if !slice(w, me, sh, counting, false, false) {
            break;
        }
    }
    me.publish(w, sh.reporting);
}

/// One slice of a worker's search, between two poll points; `false` when
/// the call's node budget is spent. `home`: the worker runs on the calling
/// thread, which empties the mailbox between slices, so the slice ends when
/// the mailbox is full. `alone`: no other thread has started yet, so it
/// claims a whole slice even though others will want work.
fn slice(w: &mut Worker, me: &Status, sh: &Shared, counting: bool, alone: bool, home: bool) -> bool {
    w.solver.lower_bar(sh.bar.get() as i64);
    if sh.cancel.is_set() {
        sh.wait_for_the_cancel(home);
        return true;
    }
    // Nothing to claim: the call ends once the others' claims are settled
    // (what they leave is walked first, so that the call enters as many
    // nodes as its limit says). The home worker does not wait: a holder
    // may wait for it to empty the mailbox.
    let budget = loop {
        let got = sh.claim(alone);
        if got > 0 {
            break got;
        }
        if sh.budget_spent() {
            sh.halt(Outcome::NodeLimit);
            return false;
        }
        if home || sh.stop.get() != 0 {
            return true;
        }
        std::thread::yield_now();
    };
    let before = w.solver.counters().nodes;
    walk_budget(w, me, sh, counting, home, budget);
    sh.settle(budget, w.solver.counters().nodes - before);
    me.publish(w, sh.reporting);
    if sh.wanted() {
        if let Some(unit) = w.donate() {
            sh.give(unit);
        }
    }
    true
}

/// The walk of one slice's claimed `budget` of nodes. Solutions on the way
/// do not end it (publishing and polling after each would cost more than
/// finding it on a search with millions of them); the end of the worker's
/// piece, a pause, a full mailbox at home, a stop or the call's solution
/// limit do.
fn walk_budget(w: &mut Worker, me: &Status, sh: &Shared, counting: bool, home: bool, budget: u64) {
    let before = w.solver.counters().nodes;
    loop {
        let used = w.solver.counters().nodes - before;
        if used >= budget {
            break;
        }
        if counting && sh.unlimited {
            // Counted inside the walk, with no limit to share.
            let (counted, exhausted) = w.solver.count_slice(budget - used, u64::MAX);
            me.counted.add(counted);
            if exhausted {
                w.done += w.share.take().unwrap_or(0.0);
            }
            break;
        }
        match w.solver.search(budget - used) {
            Progress::Solution(_) if counting => {
                if sh.unlimited || sh.slot() {
                    me.counted.add(1);
                } else {
                    // Past the call's limit: kept for the next call.
                    sh.send((w.solver.solution_rows().to_vec(), 0), home);
                    sh.halt(Outcome::SolutionLimit);
                    break;
                }
            }
            Progress::Solution(_) => {
                // The worker's own bar (the k-th best of its solutions) is
                // never below the k-th best of all: every other worker may
                // cut by it now, before the coordinator has seen it.
                sh.bar.lower_signed(w.solver.bar());
                if sh.send((w.solver.solution_rows().to_vec(), w.solver.solution_cost()), home) && home {
                    break;
                }
                if sh.stop.get() != 0 {
                    break;
                }
            }
            Progress::Exhausted => {
                w.done += w.share.take().unwrap_or(0.0);
                break;
            }
            Progress::Paused => break,
        }
    }
}

/// How often the calling thread, when its home worker has nothing to do,
/// looks at the cancel flag and the clock if nothing wakes it before.
const TICK: Duration = Duration::from_millis(5);

/// One call of a parallel search of `s` (which has `threads` > 1, or goes
/// on from a checkpoint): hands solutions to `f` as
/// [`crate::control::drive_in`] does, at most `max` of them, or only counts
/// them with `count` (and no objective). `call` is the call's budgets when
/// it started on the calling thread alone (`Solver`'s serial start), which
/// handed out or counted `handed` solutions. Returns the solutions handed
/// out (or counted) in the call and how it ended (also kept as the last
/// outcome).
pub(crate) fn drive(s: &mut Search, call: Option<Call>, pool: Box<Pool>, count: bool, max: Option<u64>, handed: u64, f: &mut dyn FnMut(&[usize]) -> ControlFlow<()>) -> (u64, Outcome, Box<Pool>) {
    let mut call = match call {
        Some(call) => call,
        None => control::begin(s),
    };
    let (handed, outcome, pool) = call_threads(s, &mut call, pool, count, max.unwrap_or(u64::MAX), handed, f);
    // The counters are the workers' sums.
    s.set_counters(pool.counters());
    s.set_outcome(outcome);
    (handed, outcome, pool)
}

fn call_threads(s: &mut Search, call: &mut Call, mut pool: Box<Pool>, count: bool, max: u64, handed: u64, f: &mut dyn FnMut(&[usize]) -> ControlFlow<()>) -> (u64, Outcome, Box<Pool>) {
    // Solutions found by an earlier call come first.
    let mut c = Coordinator { s, call, f, handed, max, counting: count, stopping: false };
    if let Some(outcome) = c.hand_pending(&mut pool.pending) {
        return (c.handed, outcome, pool);
    }
    let counters = c.s.counters();
    if let Err(outcome) = c.call.check(c.s.controls_mut(), counters) {
        return (c.handed, outcome, pool);
    }
    if pool.exhausted {
        return (c.handed, Outcome::Exhausted, pool);
    }
    c.counting = count && c.s.objective().is_none();
    for w in &mut pool.workers {
        w.solver.set_counting(c.counting);
    }
    let [found, mut batch] = std::mem::take(&mut pool.mailbox);
    let sh = Shared::for_call(&c, &mut pool, found);
    run_threads(&mut c, &sh, &mut pool, &mut batch);
    // Back into the pool for the next call.
    let counted: u64 = sh.status.iter().map(|st| st.counted.get()).sum();
    let st = sh.state.into_inner();
    pool.mailbox = [st.found, batch];
    pool.queue = st.queue;
    pool.exhausted = st.exhausted;
    c.s.count_solutions(counted);
    (c.handed + counted, st.stop.unwrap_or(Outcome::Exhausted), pool)
}

/// What the calling thread keeps through one call, as coordinator: the
/// caller's search (which records the best and counts what is handed
/// out), the call's controls and callback, and the solutions handed out.
struct Coordinator<'a> {
    s: &'a mut Search,
    call: &'a mut Call,
    f: &'a mut dyn FnMut(&[usize]) -> ControlFlow<()>,
    handed: u64,
    /// The most solutions the call hands out.
    max: u64,
    /// Counting without an objective: nothing is handed out.
    counting: bool,
    /// The call is stopping: solutions that arrive are kept for the next.
    stopping: bool,
}

impl Coordinator<'_> {
    /// Hands out the solutions an earlier call left; `Some` when that ends
    /// this call.
    fn hand_pending(&mut self, pending: &mut VecDeque<Vec<usize>>) -> Option<Outcome> {
        while let Some(rows) = pending.pop_front() {
            if self.handed >= self.max {
                pending.push_front(rows);
                return Some(Outcome::SolutionLimit);
            }
            self.handed += 1;
            if self.s.hand_out(&rows, self.f).is_break() {
                return Some(Outcome::Stopped);
            }
        }
        None
    }

    /// The solutions of `batch`: recorded (with an objective, only what
    /// beats the bar counts, and the bar goes to every worker), then handed
    /// out, or kept in `pending` when counting, stopping or past the limit.
    fn hand_batch(&mut self, sh: &Shared, batch: &mut VecDeque<Found>, pending: &mut VecDeque<Vec<usize>>) {
        for (rows, cost) in batch.drain(..) {
            if !self.s.record(&rows, cost) {
                continue;
            }
            sh.bar.lower_signed(self.s.bar());
            if self.stopping || self.counting {
                pending.push_back(rows);
            } else if self.handed >= self.max {
                pending.push_back(rows);
                self.stop(sh, Outcome::SolutionLimit);
            } else {
                self.handed += 1;
                if self.s.hand_out(&rows, self.f).is_break() {
                    self.stop(sh, Outcome::Stopped);
                }
            }
        }
    }

    fn stop(&mut self, sh: &Shared, why: Outcome) {
        sh.halt(why);
        self.stopping = true;
    }

    /// Between turns: the limits, the cancel flag and the clock, and the
    /// progress report when one is due.
    fn check(&mut self, sh: &Shared) {
        let c = sh.counters(self.s.counters().solutions);
        let call = &mut *self.call;
        let controls = self.s.controls_mut();
        let checked = call.check(controls, c).and_then(|due| match due {
            Some(now) => call.report(controls, now, c, sh.estimate(), sh.depth()),
            None => Ok(()),
        });
        if let Err(why) = checked {
            self.stop(sh, why);
        }
    }
}

impl Shared {
    /// What the threads of a call share, from the pool's workers and units
    /// and the call's limits.
    fn for_call(c: &Coordinator<'_>, pool: &mut Pool, found: VecDeque<Found>) -> Shared {
        let s = &*c.s;
        let reporting = s.reports_progress();
        let queue = std::mem::take(&mut pool.queue);
        let queued = queue.len() as u64;
        // Every worker with a piece but the home worker (the first of them).
        let held = pool.workers.iter().filter(|w| w.share.is_some()).count().saturating_sub(1);
        Shared {
            state: Lock::new(State { queue, idle: 0, exhausted: false, stop: None, found, running: 0, held, abandoned: false }),
            wake: Signal::new(),
            arrived: Signal::new(),
            room: Signal::new(),
            mailbox: MAILBOX * pool.threads,
            patient: s.objective().is_some() && c.max == u64::MAX,
            stop: Word::new(0),
            // Nobody waits for a piece until helpers are asked to come
            // (`Home::call_helpers`).
            idle: Word::new(0),
            queued: Word::new(queued),
            // What the call's node limit leaves (all of it, unless the
            // call began on the calling thread alone).
            nodes_left: Word::new(c.call.node_cap.saturating_sub(s.counters().nodes)),
            holding: Word::new(0),
            cancel: s.canceller(),
            slots: Word::new(c.max - c.handed),
            unlimited: c.max == u64::MAX,
            bar: Word::new(s.bar() as u64),
            // A branch and bound polls more often, so that a better bar
            // found by one worker soon prunes the others.
            slice: if s.objective().is_some() { BOUND_NODES } else { SHARE_NODES },
            reporting,
            // What the workers did in earlier calls, until they publish
            // again.
            status: {
                let mut status: Vec<Status> = (0..pool.threads).map(|_| Status::default()).collect();
                for w in &pool.workers {
                    status[w.slot] = Status::of(w, reporting);
                }
                status
            },
        }
    }
}

/// The threads of one call: the home worker and the coordinator take turns
/// on the calling thread, and helpers come when the work is worth them.
/// Returns when every helper has left.
fn run_threads(c: &mut Coordinator<'_>, sh: &Shared, pool: &mut Pool, batch: &mut VecDeque<Found>) {
    // The home worker, on the calling thread: the first that holds a piece
    // (the first worker, which is always made, if none does). The others
    // wait in seats, each a helper's job once helpers are called.
    let mut slots: Vec<Option<Worker>> = (0..pool.threads).map(|_| None).collect();
    for w in pool.workers.drain(..) {
        let slot = w.slot;
        slots[slot] = Some(w);
    }
    let first = slots.iter().position(|w| w.as_ref().is_some_and(|w| w.share.is_some())).unwrap_or(0);
    let own = slots[first].take().expect("the first worker is made with the pool");
    let seats: Vec<Seat> = slots.into_iter().enumerate().filter(|&(slot, _)| slot != first).map(|(slot, w)| Seat { slot, worker: Lock::new(w) }).collect();
    let counting = c.counting;
    // A helper's job: the worker of its seat, if the home worker has not
    // taken it over meanwhile, for as long as the call has work for it.
    let task = |seat: usize| {
        let taken = seats[seat].worker.lock().take();
        if let Some(mut w) = taken {
            work(&mut w, sh, counting);
            *seats[seat].worker.lock() = Some(w);
        }
    };
    let delay = pool.helper_delay;
    let pending = &mut pool.pending;
    let own = helpers::scope(&task, |crew| {
        let _halt = HaltOnPanic(sh);
        let mut home = Home { delay, walked: own.walked(), w: own, idle: false, seats: &seats, crew, called: false, posted: vec![false; seats.len()], since: Instant::now() };
        loop {
            home.turn(sh, counting);
            let over = sh.collect(&mut home, batch);
            c.hand_batch(sh, batch, pending);
            if over {
                break;
            }
            if !home.called && home.worth_helpers(sh) {
                home.call_helpers(sh, c.s, counting);
            }
            if !c.stopping {
                c.check(sh);
            }
        }
        home.w.publish_to(sh);
        home.w
    });
    // Back into the pool, in slot order.
    pool.workers.push(own);
    pool.workers.extend(seats.into_iter().filter_map(|seat| seat.worker.into_inner()));
    pool.workers.sort_unstable_by_key(|w| w.slot);
}

/// A worker's place while the home worker runs on the calling thread.
struct Seat {
    slot: usize,
    /// Empty while a helper runs it, or before it is made.
    worker: Lock<Option<Worker>>,
}

/// The calling thread's side of a call: its worker, the other workers'
/// seats (each a helper's job once helpers are called), and when to call
/// them.
struct Home<'a> {
    w: Worker,
    /// Whether the home worker counts among the idle ones.
    idle: bool,
    seats: &'a [Seat],
    crew: &'a helpers::Crew<'a>,
    /// Whether helpers are called, and which seats are posted to them.
    called: bool,
    posted: Vec<bool>,
    /// When the call started, and the home worker's share walked then.
    since: Instant,
    walked: f64,
    /// How long it runs alone at most ([`HELPER_DELAY`]).
    delay: Duration,
}

/// How long a call runs on the calling thread alone before it calls helpers,
/// unless the solver says otherwise (`Solver::set_helper_delay`). A quarter
/// of it is enough when the home worker's pace and the estimate say that
/// five times as much is left. Calling helpers costs the calling thread
/// a few microseconds, and a search that ends before a helper is up gains
/// nothing from it: on searches of 50-200 µs a shorter delay made two
/// threads slower than one.
pub const HELPER_DELAY: Duration = Duration::from_micros(200);

impl Home<'_> {
    /// The home worker's turn: one slice, with a piece taken before and
    /// after it if it has none.
    fn turn(&mut self, sh: &Shared, counting: bool) {
        if sh.stop.get() != 0 {
            return;
        }
        self.seek(sh);
        if self.w.share.is_some() {
            let me = &sh.status[self.w.slot];
            slice(&mut self.w, me, sh, counting, !self.called, true);
            self.seek(sh);
        }
    }

    /// Whether the search has work enough left for helpers: another worker
    /// holds a piece (from an earlier call), pieces are queued (a resumed
    /// search), the call has run its delay (`self.delay`), or the home worker's pace over
    /// its share walked in this call says what is left takes that long.
    fn worth_helpers(&self, sh: &Shared) -> bool {
        {
            let st = sh.lock();
            if st.held > 0 || !st.queue.is_empty() {
                return true;
            }
        }
        let spent = self.since.elapsed();
        if spent >= self.delay {
            return true;
        }
        // Sooner when the estimate says much more is left.
        let walked = self.w.walked();
        let now = walked - self.walked;
        spent >= self.delay / 4 && now > 0.0 && spent.as_secs_f64() * (1.0 - walked).max(0.0) >= 5.0 * self.delay.as_secs_f64() * now
    }

    /// Posts seats to the helpers, as many as the process has helper
    /// threads (more could not run at once, and a helper keeps its seat to
    /// the call's end), those whose worker holds a piece first, making the
    /// workers not made yet (copies of `root`, at its start); the busy
    /// workers hurry to their next poll point to give the ones without a
    /// piece some. A worker that cannot be made (out of memory) is left
    /// out: the others do its part.
    fn call_helpers(&mut self, sh: &Shared, root: &Search, counting: bool) {
        self.called = true;
        let holds = |seat: &Seat| seat.worker.lock().as_ref().is_some_and(|w| w.share.is_some());
        let first: Vec<bool> = self.seats.iter().map(holds).collect();
        let order = (0..self.seats.len()).filter(|&i| first[i]).chain((0..self.seats.len()).filter(|&i| !first[i]));
        let mut waiting = 0;
        for i in order.take(helpers::most()) {
            let mut w = self.seats[i].worker.lock();
            if w.is_none() {
                let Ok(mut made) = Worker::new(root, self.seats[i].slot, None) else { continue };
                made.solver.set_counting(counting);
                *w = Some(made);
            }
            waiting += u64::from(!first[i]);
            drop(w);
            self.posted[i] = true;
            self.crew.post(i);
        }
        let st = sh.lock();
        sh.idle.set(st.idle as u64 + waiting);
    }

    /// The home worker without a piece takes a queued one, or else the
    /// worker of a seat that holds a piece and that no helper has taken
    /// (swapping its own in), or else counts itself idle (once; `idle`
    /// says whether it does), which may end the search.
    fn seek(&mut self, sh: &Shared) {
        if self.w.share.is_some() {
            return;
        }
        let mut st = sh.lock();
        if st.queue.is_empty() {
            if st.held > 0 {
                drop(st);
                if self.take_over(sh) {
                    return;
                }
                st = sh.lock();
            }
            if !self.idle && !st.exhausted {
                self.idle = true;
                sh.go_idle(&mut st);
                drop(st);
                self.w.publish_to(sh);
            }
            return;
        }
        if std::mem::take(&mut self.idle) {
            st.idle -= 1;
        }
        if let Some(unit) = sh.pop(&mut st) {
            drop(st);
            self.w.start(unit);
            self.w.steals += 1;
        }
    }

    /// Takes over the worker of a seat that holds a piece, if its job is
    /// not taken (or not posted), leaving its own worker in the seat (and
    /// posting it again: a helper may still come); says whether it did.
    fn take_over(&mut self, sh: &Shared) -> bool {
        for (i, seat) in self.seats.iter().enumerate() {
            let holds = seat.worker.lock().as_ref().is_some_and(|w| w.share.is_some());
            if !holds || (self.posted[i] && !self.crew.withdraw(i)) {
                continue;
            }
            let mut g = seat.worker.lock();
            let Some(theirs) = g.take() else { continue };
            *g = Some(std::mem::replace(&mut self.w, theirs));
            drop(g);
            let mut st = sh.lock();
            st.held -= 1;
            if std::mem::take(&mut self.idle) {
                st.idle -= 1;
            }
            drop(st);
            if self.posted[i] {
                self.crew.post(i);
            }
            return true;
        }
        false
    }
}

impl Worker {
    fn publish_to(&self, sh: &Shared) {
        sh.status[self.slot].publish(self, sh.reporting);
    }
}

impl Shared {
    /// The coordinator's turn: every solution sent so far into `batch`
    /// (waiting up to a tick for one when the home worker has nothing to
    /// do), and whether the call is over.
    fn collect(&self, home: &mut Home<'_>, batch: &mut VecDeque<Found>) -> bool {
        let mut st = self.lock();
        let over = |st: &State| st.running == 0 && (st.stop.is_some() || st.exhausted);
        // The home worker has a slice to run or a piece to take (given
        // while it was not waiting: the wake-up is gone).
        let busy = st.stop.is_none() && (home.w.share.is_some() || !st.queue.is_empty());
        if st.found.is_empty() && !busy && !over(&st) {
            let since = Instant::now();
            st = self.arrived.wait_for(st, TICK);
            if home.idle {
                home.w.idle += since.elapsed();
            }
        }
        std::mem::swap(&mut st.found, batch);
        if !batch.is_empty() {
            self.room.notify_all();
        }
        over(&st)
    }
}
