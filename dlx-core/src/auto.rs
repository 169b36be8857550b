//! The automatic count: the plain count or the memoized one, whichever
//! this problem favours, decided as the count goes.
//!
//! Neither wins everywhere. On tilings, Bell numbers and double
//! factorials the memo (`memo`) meets the same rest of the problem again
//! and again and counts in milliseconds what the plain search would take
//! years to enumerate; on queens, Langford pairs and pentomino boxes its
//! states rarely repeat, and a state costs it some ten times a node of the
//! plain search. So the count runs in three phases:
//!
//! 1. *Alone*: the plain count, for `ALONE` of time. Most small problems
//!    end here, with the plain search's counters and no cache allocated.
//! 2. *Race* (its time is each thread's CPU time, so that a loaded machine
//!    does not tilt it): the memo alone for `SCOUT`, then both in turns of one
//!    slice, the plain count having `PLAIN_SHARE` times the memo's time.
//!    After `RACE` of it, and then after every turn: the memo is chosen
//!    when it has counted `MIN_COUNTED` solutions or more, more than four
//!    times as fast (the plain
//!    count finds them one at a time, the memo a finished state's worth at
//!    once) or when most of its lookups find their state; the plain count
//!    when few of the memo's lookups find their state and it counts
//!    solutions four times as fast as the memo, or as soon as the memo has
//!    met almost no state twice in `NO_GAIN_LOOKUPS` lookups (it gains
//!    nothing then, and is never chosen before it has met one state
//!    twice); else the remaining time of each is
//!    estimated from its time so far and its estimated fraction done
//!    (Knuth's estimate for the plain search, the same over the memo's
//!    levels); a count whose remaining time is less than a quarter of the
//!    other's is *chosen*, the plain count only if few of the memo's
//!    lookups find their state (its estimate, which treats the branches
//!    of a level alike, favours the plain count where later states
//!    repeat); the memo is chosen as soon as most of its lookups find
//!    their state. A count that finishes during the race is the answer.
//! 3. *Chosen*: the chosen count alone (the other's memory released), to
//!    the end. With threads, the chosen count goes on the solver's
//!    threads: the memo's team over the cache the race filled, or the
//!    plain search from its start (a search that has begun on one thread
//!    cannot be split).
//!
//! The count is exact whichever way it goes (both are); the phases share
//! the call's limits, cancel and progress through the controls
//! (`control`), and a stopped count resumes where it stopped.

use std::time::Duration;

use crate::control::{Controls, Counters, Progress, Sliced};
use crate::error::Error;
use crate::memo::{self, Count, MemoOptions};
use crate::search::Search;

/// How long the plain count runs alone before the memo joins it.
pub(crate) const ALONE: Duration = Duration::from_micros(200);
/// How long the memo runs first in the race, alone: time in which a
/// tiling of millions of solutions is counted.
pub(crate) const SCOUT: Duration = Duration::from_millis(1);
/// How long the race runs before its first choice.
pub(crate) const RACE: Duration = Duration::from_millis(1);
/// The plain count's share of the race's time, over the memo's: the
/// plain count is the better more often on problems that take seconds,
/// and the memo, when it is, is usually chosen within milliseconds.
pub(crate) const PLAIN_SHARE: u32 = 2;
/// Solutions the memo must have counted before its rate is compared with
/// the plain count's (a plain search may find its first solutions late).
pub(crate) const MIN_COUNTED: f64 = 1000.0;
/// The memo's turn in the race, in states.
pub(crate) const RACE_STATES: u64 = 128;
/// A count is chosen when the other's estimated remaining time is more
/// than this many times its own.
pub(crate) const MARGIN: f64 = 4.0;
/// The memo is chosen at once when at least this share of its lookups
/// (of [`LOOKUPS`] or more) find their state: then each state costs one
/// lookup where the plain search walks its subtree again (Bell numbers:
/// 94%; tilings: 30-40%).
pub(crate) const REPEATS: f64 = 0.5;
/// The plain count is chosen only when at most this share of the memo's
/// lookups find their state (queens, Langford pairs, pentominoes, Latin
/// squares: 0-10% after 20,000 states): its estimate favours the plain
/// search on problems whose later states repeat more.
pub(crate) const RARE: f64 = 0.2;
/// Lookups before the share of repeated states is read.
pub(crate) const LOOKUPS: u64 = 256;
/// The memo gains nothing, and the plain count is chosen, when after this
/// many lookups fewer than one in [`NO_GAIN_SHARE`] found its state: then
/// the memo walks the plain search's tree with a cache that only grows
/// (Latin squares of order 7 with 11 givens, issue 68: no state met
/// twice, 3x the plain count's time and 132 MB).
pub(crate) const NO_GAIN_LOOKUPS: u64 = 4096;
pub(crate) const NO_GAIN_SHARE: u64 = 1000;

/// Which count an automatic count runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Phase {
    /// The plain count, alone for its first `ALONE`.
    #[default]
    Alone,
    /// Both counts in turns.
    Race,
    /// The plain count, chosen.
    Plain,
    /// The memoized count, chosen.
    Memo,
}

/// The calling thread's CPU time: the turns of the race are measured in
/// it, so that a loaded machine, which stops the thread now and then,
/// does not make one count look slower than the other.
#[derive(Clone, Copy)]
struct Clock(Duration);

impl Clock {
    fn now() -> Clock {
        let mut t = libc::timespec { tv_sec: 0, tv_nsec: 0 };
        // SAFETY: `t` is a valid timespec to write; the clock exists on
        // every Linux and BSD (POSIX threads' CPU-time clock).
        let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0;
        if !ok {
            return Clock(Duration::ZERO);
        }
        Clock(Duration::new(t.tv_sec.max(0) as u64, t.tv_nsec.clamp(0, 999_999_999) as u32))
    }

    fn elapsed(self) -> Duration {
        Clock::now().0.saturating_sub(self.0)
    }
}

/// An automatic count, between the calls of a solver.
#[derive(Clone, Debug, Default)]
pub(crate) struct Auto {
    pub phase: Phase,
    /// Time each count has had.
    plain_time: Duration,
    memo_time: Duration,
    /// Solutions the plain count has counted (it counts from its start).
    pub plain_count: u64,
    /// The count, once done.
    pub result: Option<Count>,
    /// The chosen count goes on the solver's threads (set at the choice
    /// when the solver has more than one).
    pub handed_over: bool,
    /// The count has begun (a first call was made).
    pub begun: bool,
}

/// An automatic count run by the controls of its solver, on the calling
/// thread, until it is done or hands the chosen count over to the
/// solver's threads.
pub(crate) struct Counting<'a> {
    auto: &'a mut Auto,
    search: &'a mut Search,
    memo: &'a mut memo::Slot,
    options: MemoOptions,
    threads: usize,
    error: Option<Error>,
}

impl<'a> Counting<'a> {
    pub fn new(auto: &'a mut Auto, search: &'a mut Search, memo: &'a mut memo::Slot, options: MemoOptions, threads: usize) -> Counting<'a> {
        Counting { auto, search, memo, options, threads, error: None }
    }

    /// The count's error, if it had one (out of memory).
    pub fn finish(self) -> Option<Error> {
        self.error
    }

    /// One slice of the plain count; `true` when it is done.
    fn plain(&mut self, budget: u64) -> bool {
        let (counted, exhausted) = self.search.count_slice(budget, u64::MAX);
        self.auto.plain_count += counted;
        if exhausted {
            self.auto.result = Some(Count::from(self.auto.plain_count));
        }
        exhausted
    }

    /// One slice of the memoized count (made at the first); `true` when
    /// it is done or failed.
    fn memo(&mut self, budget: u64) -> bool {
        let memo = match self.search.memo_inputs().and_then(|(matrix, forced, excluded)| self.memo.start(matrix, forced, excluded, self.options, self.threads)) {
            Ok(memo) => memo,
            Err(e) => {
                self.error = Some(e);
                return true;
            }
        };
        match memo.run(budget) {
            Ok(true) => {
                self.auto.result = memo.count().cloned();
                true
            }
            Ok(false) => false,
            Err(e) => {
                self.error = Some(e);
                true
            }
        }
    }

    /// After a turn of the race: the count to choose, if one is far enough
    /// ahead.
    fn choice(&self) -> Option<Phase> {
        if self.auto.plain_time + self.auto.memo_time < RACE {
            return None;
        }
        let memo = self.memo.0.as_deref()?;
        let cache = memo.stats().cache;
        let lookups = cache.hits + cache.misses;
        let repeats = if lookups >= LOOKUPS { cache.hits as f64 / lookups as f64 } else { (RARE + REPEATS) / 2.0 };
        if repeats >= REPEATS {
            return Some(Phase::Memo);
        }
        if lookups >= NO_GAIN_LOOKUPS && cache.hits * NO_GAIN_SHARE < lookups {
            return Some(Phase::Plain);
        }
        // A memo that has met no state twice has gained nothing yet,
        // whatever its rate or estimate say (both read the order it walks).
        let gains = cache.hits > 0;
        // Solutions counted per second: the plain count finds them one at
        // a time, the memo a finished state's worth at once.
        let rate = |counted: f64, time: Duration| counted / time.as_secs_f64().max(1e-9);
        let plain_rate = rate(self.auto.plain_count as f64, self.auto.plain_time);
        let memo_rate = rate(memo.counted(), self.auto.memo_time);
        if gains && memo.counted() >= MIN_COUNTED && memo_rate > MARGIN * plain_rate {
            return Some(Phase::Memo);
        }
        let remaining = |time: Duration, done: f64| {
            let done = done.clamp(1e-12, 1.0);
            time.as_secs_f64() * (1.0 - done) / done
        };
        if repeats <= RARE && plain_rate > MARGIN * memo_rate.max(1.0) {
            return Some(Phase::Plain);
        }
        let plain = remaining(self.auto.plain_time, self.search.estimate());
        let memo = remaining(self.auto.memo_time, memo.estimate());
        if gains && memo * MARGIN < plain {
            Some(Phase::Memo)
        } else if plain * MARGIN < memo && repeats <= RARE {
            Some(Phase::Plain)
        } else {
            None
        }
    }

    /// Goes on with `phase` alone.
    fn choose(&mut self, phase: Phase) {
        self.auto.phase = phase;
        self.auto.handed_over = self.threads > 1;
        if phase == Phase::Plain {
            // The memo's cache is released.
            self.memo.0 = None;
        }
    }
}

impl Sliced for Counting<'_> {
    fn controls(&mut self) -> &mut Controls {
        self.search.controls_mut()
    }

    fn counters(&self) -> Counters {
        let plain = self.search.counters();
        let memo = self.memo.0.as_ref().map(|m| m.stats()).unwrap_or_default();
        Counters { nodes: plain.nodes + memo.nodes, updates: plain.updates + memo.cache.misses, solutions: plain.solutions }
    }

    /// The fraction done of the count ahead.
    fn estimate(&self) -> f64 {
        let memo = || self.memo.0.as_ref().map_or(0.0, |m| m.estimate());
        match self.auto.phase {
            Phase::Alone | Phase::Plain => self.search.estimate(),
            Phase::Memo => memo(),
            Phase::Race => self.search.estimate().max(memo()),
        }
    }

    fn depth(&self) -> usize {
        match self.auto.phase {
            Phase::Memo => self.memo.0.as_ref().map_or(0, |m| m.depth()),
            _ => self.search.depth(),
        }
    }

    /// One slice of the count the phase runs. `Exhausted` when the count
    /// is done (or failed: see [`Counting::finish`]); a `Solution` with no
    /// rows when the chosen count is to go on the solver's threads.
    fn slice(&mut self, budget: u64) -> Progress<'_> {
        if self.auto.result.is_some() {
            return Progress::Exhausted;
        }
        if self.auto.handed_over {
            return Progress::Solution(&[]);
        }
        let start = Clock::now();
        let done = match self.auto.phase {
            Phase::Alone => {
                let done = self.plain(budget);
                self.auto.plain_time += start.elapsed();
                if self.auto.plain_time >= ALONE {
                    self.auto.phase = Phase::Race;
                }
                done
            }
            Phase::Plain => self.plain(budget),
            Phase::Memo => self.memo(budget),
            Phase::Race => {
                let memo_next = self.auto.memo_time < SCOUT || self.auto.plain_time > self.auto.memo_time * PLAIN_SHARE;
                let done = if !memo_next {
                    let done = self.plain(budget);
                    self.auto.plain_time += start.elapsed();
                    done
                } else {
                    // Short turns: a state of the memo may cost a hundred
                    // nodes of the plain search.
                    let done = self.memo(budget.min(RACE_STATES));
                    self.auto.memo_time += start.elapsed();
                    done
                };
                if !done {
                    if let Some(phase) = self.choice() {
                        self.choose(phase);
                    }
                }
                done
            }
        };
        if done {
            // The count that finished is the one chosen.
            if self.auto.result.is_some() {
                self.auto.phase = if self.memo.0.as_ref().is_some_and(|m| m.count().is_some()) { Phase::Memo } else { Phase::Plain };
            }
            Progress::Exhausted
        } else {
            Progress::Paused
        }
    }
}
