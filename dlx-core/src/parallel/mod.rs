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

mod home;
mod pool;
mod shared;
mod work;

pub use home::HELPER_DELAY;
pub(crate) use pool::Pool;

use std::collections::VecDeque;
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use crate::control::{self, Call, Outcome};
use crate::helpers;
use crate::search::Search;
use crate::sync::Lock;
use home::{Coordinator, Home, Seat};
use pool::Worker;
use shared::{Found, HaltOnPanic, Shared};
use work::work;

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
