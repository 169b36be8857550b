//! The memoized count: the number of solutions of a matrix found by
//! counting each distinct remaining subproblem once, as in Nishino et
//! al.'s DXZ ("Dancing with Decision Diagrams", AAAI 2017) and Knuth's
//! memoizing variants of his programs.
//!
//! Many partial solutions leave the same problem behind (two ways of
//! tiling the top rows of a board leave the same bottom), and each of them
//! has the same number of ways to finish. The count keeps that number for
//! each state it finishes (`problem` says what a state holds), so a
//! state met again costs one lookup instead of a subtree. On tilings this
//! turns counts beyond the reach of enumeration into milliseconds; on
//! problems whose partial solutions rarely meet again (queens, Langford
//! pairs) it saves little and costs memory.
//!
//! * `problem`: the states and how rows change them (every kind of
//!   matrix: secondary columns, colors, bounds);
//! * `cache`: the counts by state, compared exactly, within a memory
//!   limit;
//! * `walk`: the search with an explicit stack (so limits, cancel and
//!   progress work between slices, and a stopped count resumes), and the
//!   uniform draw of solutions from the counts;
//! * `team`: the count on several threads, over one shared cache;
//! * [`count`]: counts of any size.
//!
//! The [`Solver`](crate::Solver) runs it: [`Solver::memo_count`](crate::Solver::memo_count) and
//! [`Solver::memo_sample`](crate::Solver::memo_sample).

pub(crate) mod cache;
pub mod count;
pub(crate) mod live;
pub(crate) mod order;
pub(crate) mod parts;
pub(crate) mod problem;
pub(crate) mod team;
pub(crate) mod walk;
pub mod zdd;

pub use cache::CacheStats;
pub use count::Count;
pub use order::Order;
pub use parts::Decompose;
pub use zdd::Zdd;

use std::sync::Arc;

use crate::control::{Controls, Counters, Progress, Sliced};
use crate::error::Error;
use crate::matrix::Matrix;
use cache::{Cache, Hasher, Lookup, Shared, Store};
use problem::Problem;
use team::Team;
use walk::Walk;

/// The memory the cache may take unless told otherwise: 1 GiB, which a
/// desktop machine can spare and which holds some 20 million states of a
/// problem with a few hundred columns.
pub const DEFAULT_MEMORY: u64 = 1 << 30;

/// How a memoized count runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MemoOptions {
    /// The rule that picks the column to branch on.
    pub order: Order,
    /// The most bytes the cache may hold. When it is full, the count goes
    /// on, still exact, without storing more states.
    pub memory: u64,
    /// Whether the count looks for independent parts, whose counts
    /// multiply.
    pub decompose: Decompose,
}

impl Default for MemoOptions {
    fn default() -> Self {
        MemoOptions { order: Order::default(), memory: DEFAULT_MEMORY, decompose: Decompose::default() }
    }
}

/// What a memoized count did: the states entered, and the cache's
/// statistics (on several threads, summed over them: the count is the
/// same on any number of threads, these figures are not).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MemoStats {
    /// States entered: the start, and each branch followed (one met in the
    /// cache counts as one).
    pub nodes: u64,
    pub cache: CacheStats,
}

/// The cache of a count: its own, or shared with helper threads.
#[derive(Debug)]
enum Caches {
    One(Cache),
    Shared(Arc<Shared>),
}

impl Store for Caches {
    fn lookup(&mut self, key: &[u64]) -> Lookup {
        match self {
            Caches::One(c) => c.lookup(key),
            Caches::Shared(c) => (&**c).lookup(key),
        }
    }

    fn claim(&mut self, key: &[u64]) {
        if let Caches::Shared(c) = self {
            (&**c).claim(key)
        }
    }

    fn insert(&mut self, key: &[u64], count: &Count) {
        match self {
            Caches::One(c) => c.insert(key, count),
            Caches::Shared(c) => (&**c).insert(key, count),
        }
    }
}

/// A memoized count of one problem, under way or done.
#[derive(Debug)]
pub(crate) struct Memo {
    problem: Arc<Problem>,
    cache: Caches,
    /// The calling thread's walk.
    walk: Walk,
    /// The helper threads' walks, between calls (`team`).
    helpers: Vec<Walk>,
    /// The count, once a walk has finished.
    result: Option<Count>,
    how: MemoOptions,
    /// Nodes entered by draws, to count branches the cache had dropped.
    extra: u64,
}

impl Memo {
    /// The count of `matrix`'s solutions that contain the rows `forced`
    /// and none of `excluded` (sorted), not started yet, to run on
    /// `threads` threads.
    pub fn new(matrix: &Matrix, forced: &[usize], excluded: &[usize], options: MemoOptions, threads: usize) -> Result<Memo, Error> {
        Memo::with_hash(matrix, forced, excluded, options, threads, cache::mix)
    }

    /// As [`Memo::new`], hashing states with `hash` (a test gives a weak
    /// one, to make states collide).
    pub(crate) fn with_hash(matrix: &Matrix, forced: &[usize], excluded: &[usize], options: MemoOptions, threads: usize, hash: Hasher) -> Result<Memo, Error> {
        let problem = Arc::new(Problem::new(matrix, forced, excluded)?);
        let mut helpers = Vec::new();
        let cache = if threads > 1 {
            let of = u32::try_from(threads).unwrap_or(u32::MAX);
            helpers.try_reserve_exact(threads - 1)?;
            helpers.extend((1..of).map(|turn| Walk::helper(turn, of)));
            Caches::Shared(Arc::new(Shared::new(problem.words, options.memory, hash)?))
        } else {
            Caches::One(Cache::new(problem.words, options.memory, hash))
        };
        Ok(Memo { problem, cache, walk: Walk::default(), helpers, result: None, how: options, extra: 0 })
    }

    /// Counts on the calling thread for about `budget` more nodes; `true`
    /// when the count is done.
    pub fn run(&mut self, budget: u64) -> Result<bool, Error> {
        if self.result.is_none() && self.walk.run(&self.problem, &mut self.cache, self.how, budget)? {
            self.result = self.walk.result().cloned();
        }
        Ok(self.result.is_some())
    }

    /// The count, once done.
    pub fn count(&self) -> Option<&Count> {
        self.result.as_ref()
    }

    /// The helpers for the rest of this call, if the count runs on
    /// several threads and is not done.
    fn team(&mut self) -> Option<Team> {
        let Caches::Shared(cache) = &self.cache else { return None };
        if self.helpers.is_empty() || self.result.is_some() {
            return None;
        }
        Team::start(std::mem::take(&mut self.helpers), &self.problem, cache, self.how)
    }

    pub fn stats(&self) -> MemoStats {
        let cache = match &self.cache {
            Caches::One(c) => c.stats(),
            Caches::Shared(c) => c.stats(),
        };
        let helpers: u64 = self.helpers.iter().map(|w| w.nodes).sum();
        MemoStats { nodes: self.walk.nodes + helpers + self.extra, cache }
    }

    pub fn estimate(&self) -> f64 {
        self.walk.estimate()
    }

    /// The solutions the calling thread's walk has counted so far.
    pub fn counted(&self) -> f64 {
        self.walk.counted()
    }

    pub fn depth(&self) -> usize {
        self.walk.depth()
    }

    /// Draws a solution uniformly at random with `rng` (the count is done
    /// and not zero) and appends its rows, in the order chosen, to `rows`.
    pub fn draw(&mut self, rng: &mut fastrand::Rng, rows: &mut Vec<usize>) -> Result<(), Error> {
        let Some(total) = self.result.clone() else { return Ok(()) };
        if total.is_zero() {
            return Ok(());
        }
        self.extra += walk::draw(&self.problem, &mut self.cache, self.how, &total, rng, rows)?;
        Ok(())
    }
}

/// A solver's memoized count, once one has started. A copy of the solver
/// starts its count afresh: neither the count nor its cache is copied (the
/// workers of a parallel search are copies, and a cache may hold
/// gigabytes).
#[derive(Debug, Default)]
pub(crate) struct Slot(pub Option<Box<Memo>>);

impl Slot {
    /// The memoized count in the slot, started first (of `matrix` with
    /// the rows `forced` and without `excluded`, on `threads` threads) if
    /// the slot is empty.
    pub fn start(&mut self, matrix: &Matrix, forced: &[usize], excluded: &[usize], options: MemoOptions, threads: usize) -> Result<&mut Memo, Error> {
        Ok(match &mut self.0 {
            Some(memo) => memo,
            empty @ None => empty.insert(Box::new(Memo::new(matrix, forced, excluded, options, threads)?)),
        })
    }
}

impl Clone for Slot {
    fn clone(&self) -> Self {
        Slot(None)
    }
}

/// A memoized count run by the controls ([`crate::control`]) of its
/// solver: limits, cancel and progress between slices of the calling
/// thread, with helper threads from the first slice that does not finish
/// (see `team`). Its counters are the states entered (nodes) and the
/// cache's misses (updates), over all threads.
pub(crate) struct Controlled<'a> {
    memo: &'a mut Memo,
    controls: &'a mut Controls,
    /// An error of the count (out of memory for a stack), which ends it.
    error: Option<Error>,
    team: Option<Team>,
}

impl<'a> Controlled<'a> {
    pub fn new(memo: &'a mut Memo, controls: &'a mut Controls) -> Controlled<'a> {
        Controlled { memo, controls, error: None, team: None }
    }

    /// Takes how a helper ended the count, if one did; `true` if the count
    /// is over.
    fn take_end(&mut self, end: Option<Result<Count, Error>>) -> bool {
        match end {
            Some(Ok(count)) => self.memo.result = Some(count),
            Some(Err(e)) => self.error = Some(e),
            None => return false,
        }
        true
    }

    /// Ends the call: the helpers stopped and their walks kept for the
    /// next call. Returns the count's error, if it had one.
    pub fn finish(mut self) -> Option<Error> {
        if let Some(team) = self.team.take() {
            let (walks, end) = team.join();
            self.memo.helpers = walks;
            self.take_end(end);
        }
        self.error
    }
}

impl Sliced for Controlled<'_> {
    fn controls(&mut self) -> &mut Controls {
        self.controls
    }

    fn counters(&self) -> Counters {
        let s = self.memo.stats();
        let helpers = self.team.as_ref().map_or(0, Team::nodes);
        Counters { nodes: s.nodes + helpers, updates: s.cache.misses, solutions: 0 }
    }

    fn estimate(&self) -> f64 {
        self.memo.estimate()
    }

    fn depth(&self) -> usize {
        self.memo.depth()
    }

    fn slice(&mut self, budget: u64) -> Progress<'_> {
        let end = self.team.as_ref().and_then(Team::ended);
        if self.take_end(end) {
            return Progress::Exhausted;
        }
        match self.memo.run(budget) {
            Ok(false) => {
                if self.team.is_none() {
                    self.team = self.memo.team();
                }
                Progress::Paused
            }
            Ok(true) => Progress::Exhausted,
            Err(e) => {
                self.error = Some(e);
                Progress::Exhausted
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The perfect matchings of the complete graph on `n` vertices (a row
    /// per edge, a column per vertex): (n-1)!! = 1 * 3 * ... * (n-1) of
    /// them, reached through many repeated states.
    fn matchings(n: usize) -> (Matrix, u64) {
        let mut m = Matrix::new(n).unwrap();
        for i in 0..n {
            for j in i + 1..n {
                m.add_row(&[i, j]).unwrap();
            }
        }
        (m, (1..n as u64).step_by(2).product())
    }

    fn count(m: &Matrix, order: Order, hash: Hasher) -> (Count, MemoStats) {
        let mut memo = Memo::with_hash(m, &[], &[], MemoOptions { order, ..MemoOptions::default() }, 1, hash).unwrap();
        assert!(memo.run(u64::MAX).unwrap());
        (memo.count().cloned().unwrap(), memo.stats())
    }

    /// The count on `threads` threads, as the solver runs it.
    fn count_on(m: &Matrix, order: Order, hash: Hasher, threads: usize) -> Count {
        let mut memo = Memo::with_hash(m, &[], &[], MemoOptions { order, ..MemoOptions::default() }, threads, hash).unwrap();
        let mut controls = Controls::default();
        let mut run = Controlled::new(&mut memo, &mut controls);
        crate::control::find(&mut run);
        assert!(run.finish().is_none());
        memo.count().cloned().unwrap()
    }

    /// Every state hashes alike, so every lookup compares keys that
    /// collide: the counts stay the formula's (10,395 and 135,135
    /// matchings), with the same hits as under the good hash.
    #[test]
    fn colliding_states_are_told_apart_by_their_keys() {
        for size in [12, 14] {
            let (m, want) = matchings(size);
            for order in [Order::Fewest, Order::First] {
                let (good, good_stats) = count(&m, order, cache::mix);
                let (weak, weak_stats) = count(&m, order, |_| 7);
                assert_eq!(good, Count::from(want));
                assert_eq!(weak, Count::from(want));
                assert_eq!(good_stats.cache.hits, weak_stats.cache.hits);
                assert!(weak_stats.cache.hits > 0);
                // The threads' shared cache puts colliding states in one
                // shard, where their keys tell them apart too.
                assert_eq!(count_on(&m, order, |_| 7, 2), Count::from(want));
            }
        }
    }
}
