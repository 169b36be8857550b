//! What the threads of one call share: each worker's published status,
//! and the state under the lock (units, solutions in the mailbox, the
//! stop), with the operations on it.

use std::collections::VecDeque;
use std::time::Instant;

use super::home::{Coordinator, Home, TICK};
use super::pool::{Pool, Worker};
use crate::checkpoint::Piece;
use crate::control::{Canceller, Counters, Outcome};
use crate::sync::{Guard, Lock, Signal, Word};

/// What the workers publish at each poll point, for the coordinator.
#[derive(Default)]
pub(super) struct Status {
    pub(super) nodes: Word,
    pub(super) updates: Word,
    /// Solutions counted by the worker itself (counting only).
    pub(super) counted: Word,
    /// Its part of the tree walked (`f64` bits).
    pub(super) walked: Word,
    pub(super) depth: Word,
}

impl Status {
    /// What `w` has done so far.
    pub(super) fn of(w: &Worker, reporting: bool) -> Status {
        let st = Status::default();
        st.publish(w, reporting);
        st
    }

    pub(super) fn publish(&self, w: &Worker, reporting: bool) {
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
pub(super) struct State {
    pub(super) queue: VecDeque<Piece>,
    pub(super) idle: usize,
    pub(super) exhausted: bool,
    /// Why the call stops, once it does.
    pub(super) stop: Option<Outcome>,
    /// Solutions sent and not taken yet by the coordinator: at most
    /// [`Shared::mailbox`], the room [`Pool::new`] reserves, so sending
    /// never allocates.
    pub(super) found: VecDeque<Found>,
    /// Workers on helper threads that have joined the call and not left it.
    pub(super) running: usize,
    /// Workers that hold a piece and have not joined the call yet: the
    /// search is not over while one does (the home worker takes it over if
    /// no helper comes for it).
    pub(super) held: usize,
    /// The calling thread panicked: nobody empties the mailbox any more.
    pub(super) abandoned: bool,
}

/// What the threads of one call share.
pub(super) struct Shared {
    pub(super) state: Lock<State>,
    /// Wakes workers that wait for a unit.
    pub(super) wake: Signal,
    /// Wakes the calling thread when a solution arrives, a unit is queued
    /// (for its idle home worker) or a worker finishes.
    pub(super) arrived: Signal,
    /// Wakes workers that wait for room in `found`.
    pub(super) room: Signal,
    /// How many solutions `found` holds at most.
    pub(super) mailbox: usize,
    /// Whether the coordinator may leave solutions waiting until its next
    /// tick (a branch and bound without a solution limit: each improvement
    /// already lowers the shared bar, and waking the coordinator for each
    /// would take a core from the workers).
    pub(super) patient: bool,
    /// Mirrors of `state`, read at every poll point without the lock.
    pub(super) stop: Word,
    pub(super) idle: Word,
    pub(super) queued: Word,
    /// The solver's cancel flag, which the workers look at and the
    /// coordinator takes.
    pub(super) cancel: Canceller,
    /// Nodes the call may still enter.
    pub(super) nodes_left: Word,
    /// Workers holding a claim on the budget they have not settled yet
    /// (nodes they may enter, or give back).
    pub(super) holding: Word,
    /// Solutions the workers may still count (counting only), unless
    /// `unlimited`.
    pub(super) slots: Word,
    pub(super) unlimited: bool,
    /// The branch and bound's bar (scaled), the same for every worker.
    pub(super) bar: Word,
    /// The nodes of a slice between two poll points.
    pub(super) slice: u64,
    /// Whether the call reports progress (workers then publish where they
    /// stand in their piece, which costs a walk of the path).
    pub(super) reporting: bool,
    pub(super) status: Vec<Status>,
}

impl Shared {
    // § The state's operations, under its lock

    /// The counters summed over the workers, with the solutions handed out
    /// before (`solutions`) and those the workers counted.
    pub(super) fn counters(&self, solutions: u64) -> Counters {
        let sum = |f: fn(&Status) -> &Word| self.status.iter().map(|st| f(st).get()).sum::<u64>();
        Counters { nodes: sum(|st| &st.nodes), updates: sum(|st| &st.updates), solutions: solutions + sum(|st| &st.counted) }
    }

    pub(super) fn estimate(&self) -> f64 {
        self.status.iter().map(|st| f64::from_bits(st.walked.get())).sum::<f64>().clamp(0.0, 1.0)
    }

    /// The depth of the first worker that has a piece.
    pub(super) fn depth(&self) -> usize {
        self.status.iter().map(|st| st.depth.get() as usize).find(|&d| d > 0).unwrap_or(0)
    }

    pub(super) fn lock(&self) -> Guard<'_, State> {
        self.state.lock()
    }

    /// Stops the call for `why` (the first reason given wins).
    pub(super) fn halt(&self, why: Outcome) {
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
    pub(super) fn send(&self, found: Found, home: bool) -> bool {
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
    pub(super) fn pop(&self, st: &mut State) -> Option<Piece> {
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
    pub(super) fn go_idle(&self, st: &mut State) -> bool {
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
    pub(super) fn take(&self, w: &mut Worker) -> Option<Piece> {
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
    pub(super) fn wanted(&self) -> bool {
        self.idle.get() > self.queued.get()
    }

    pub(super) fn give(&self, unit: Piece) {
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
    pub(super) fn claim(&self, alone: bool) -> u64 {
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
    pub(super) fn settle(&self, budget: u64, used: u64) {
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
    pub(super) fn wait_for_the_cancel(&self, home: bool) {
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
    pub(super) fn budget_spent(&self) -> bool {
        self.holding.get() == 0 && self.nodes_left.get() == 0 && self.holding.get() == 0
    }

    /// Claims one solution slot.
    pub(super) fn slot(&self) -> bool {
        self.slots.take(1) == 1
    }

    // § A helper's worker joins the call

    /// A helper's worker joins the call, unless it is over; says whether it
    /// did.
    pub(super) fn join(&self, w: &Worker) -> bool {
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

    // § Made for a call

    /// What the threads of a call share, from the pool's workers and units
    /// and the call's limits.
    pub(super) fn for_call(c: &Coordinator<'_>, pool: &mut Pool, found: VecDeque<Found>) -> Shared {
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

    // § The coordinator's turn

    /// The coordinator's turn: every solution sent so far into `batch`
    /// (waiting up to a tick for one when the home worker has nothing to
    /// do), and whether the call is over.
    pub(super) fn collect(&self, home: &mut Home<'_>, batch: &mut VecDeque<Found>) -> bool {
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

/// The slice of a worker in a branch and bound.
pub(super) const BOUND_NODES: u64 = 128;

/// The slice of a worker otherwise: shorter than the serial search's
/// [`POLL_NODES`](crate::control::POLL_NODES), since a thread that runs out of work waits up to one
/// slice of the others for more.
pub(super) const SHARE_NODES: u64 = 256;

/// The slice of a worker while another waits for work.
pub(super) const HURRY_NODES: u64 = 16;

/// Solutions a worker may send ahead of the coordinator.
pub(super) const MAILBOX: usize = 64;

/// A solution on its way to the coordinator: its rows and scaled cost.
pub(super) type Found = (Vec<usize>, i64);

/// Marks a worker finished when its thread leaves [`work`](super::work::work), and stops the
/// call if it leaves by a panic (which the coordinator passes on once every
/// worker is joined), so that nobody waits for it.
pub(super) struct Leaving<'a>(pub(super) &'a Shared);

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
pub(super) struct HaltOnPanic<'a>(pub(super) &'a Shared);

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
