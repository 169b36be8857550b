//! A worker on a helper thread: slices of its unit, giving branches away
//! when another worker waits, claiming the shared node budget.


use super::pool::Worker;
use super::shared::{Leaving, Shared, Status};
use crate::control::{Outcome, Progress};

/// One worker on a helper thread, for as long as the call has work for it.
pub(super) fn work(w: &mut Worker, sh: &Shared, counting: bool) {
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
pub(super) fn slice(w: &mut Worker, me: &Status, sh: &Shared, counting: bool, alone: bool, home: bool) -> bool {
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
pub(super) fn walk_budget(w: &mut Worker, me: &Status, sh: &Shared, counting: bool, home: bool, budget: u64) {
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
