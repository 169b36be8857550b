//! The calling thread's side: the coordinator, which hands solutions to the
//! caller, keeps the bar and the limits, and stops the workers; and the
//! home worker, which runs between the coordinator's turns and calls the
//! helpers when the work is worth them.

use std::collections::VecDeque;
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use super::pool::Worker;
use super::shared::{Found, Shared};
use super::work::slice;
use crate::control::{Call, Outcome};
use crate::helpers;
use crate::search::Search;
use crate::sync::Lock;

/// How often the calling thread, when its home worker has nothing to do,
/// looks at the cancel flag and the clock if nothing wakes it before.
pub(super) const TICK: Duration = Duration::from_millis(5);

/// What the calling thread keeps through one call, as coordinator: the
/// caller's search (which records the best and counts what is handed
/// out), the call's controls and callback, and the solutions handed out.
pub(super) struct Coordinator<'a> {
    pub(super) s: &'a mut Search,
    pub(super) call: &'a mut Call,
    pub(super) f: &'a mut dyn FnMut(&[usize]) -> ControlFlow<()>,
    pub(super) handed: u64,
    /// The most solutions the call hands out.
    pub(super) max: u64,
    /// Counting without an objective: nothing is handed out.
    pub(super) counting: bool,
    /// The call is stopping: solutions that arrive are kept for the next.
    pub(super) stopping: bool,
}

impl Coordinator<'_> {
    /// Hands out the solutions an earlier call left; `Some` when that ends
    /// this call.
    pub(super) fn hand_pending(&mut self, pending: &mut VecDeque<Vec<usize>>) -> Option<Outcome> {
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
    pub(super) fn hand_batch(&mut self, sh: &Shared, batch: &mut VecDeque<Found>, pending: &mut VecDeque<Vec<usize>>) {
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

    pub(super) fn stop(&mut self, sh: &Shared, why: Outcome) {
        sh.halt(why);
        self.stopping = true;
    }

    /// Between turns: the limits, the cancel flag and the clock, and the
    /// progress report when one is due.
    pub(super) fn check(&mut self, sh: &Shared) {
        let c = sh.counters(self.s.counters().solutions);
        let checked = self.call.check(self.s.controls_mut(), c).and_then(|due| match due {
            Some(now) => {
                // (Asked only when due: it may tighten the bound.)
                let standing = self.s.standing();
                self.call.report(self.s.controls_mut(), now, c, (sh.estimate(), sh.depth(), standing))
            }
            None => Ok(()),
        });
        if let Err(why) = checked {
            self.stop(sh, why);
        }
    }
}

/// A worker's place while the home worker runs on the calling thread.
pub(super) struct Seat {
    pub(super) slot: usize,
    /// Empty while a helper runs it, or before it is made.
    pub(super) worker: Lock<Option<Worker>>,
}

/// The calling thread's side of a call: its worker, the other workers'
/// seats (each a helper's job once helpers are called), and when to call
/// them.
pub(super) struct Home<'a> {
    pub(super) w: Worker,
    /// Whether the home worker counts among the idle ones.
    pub(super) idle: bool,
    pub(super) seats: &'a [Seat],
    pub(super) crew: &'a helpers::Crew<'a>,
    /// Whether helpers are called, and which seats are posted to them.
    pub(super) called: bool,
    pub(super) posted: Vec<bool>,
    /// When the call started, and the home worker's share walked then.
    pub(super) since: Instant,
    pub(super) walked: f64,
    /// How long it runs alone at most ([`HELPER_DELAY`]).
    pub(super) delay: Duration,
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
    pub(super) fn turn(&mut self, sh: &Shared, counting: bool) {
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
    pub(super) fn worth_helpers(&self, sh: &Shared) -> bool {
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
    pub(super) fn call_helpers(&mut self, sh: &Shared, root: &Search, counting: bool) {
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
