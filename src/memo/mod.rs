//! The memoized count: the number of solutions of a matrix found by
//! counting each distinct remaining subproblem once, as in Nishino et
//! al.'s DXZ ("Dancing with Decision Diagrams", AAAI 2017) and Knuth's
//! memoizing variants of his programs.
//!
//! Many partial solutions leave the same problem behind (two ways of
//! tiling the top rows of a board leave the same bottom), and each of them
//! has the same number of ways to finish. The count keeps that number for
//! each state it finishes ([`problem`] says what a state holds), so a
//! state met again costs one lookup instead of a subtree. On tilings this
//! turns counts beyond the reach of enumeration into milliseconds; on
//! problems whose partial solutions rarely meet again (queens, Langford
//! pairs) it saves little and costs memory.
//!
//! * [`problem`]: the states and how rows change them (every kind of
//!   matrix: secondary columns, colors, bounds);
//! * [`cache`]: the counts by state, compared exactly, within a memory
//!   limit;
//! * [`walk`]: the search with an explicit stack (so limits, cancel and
//!   progress work between slices, and a stopped count resumes), and the
//!   uniform draw of solutions from the counts;
//! * [`count`]: counts of any size.
//!
//! The [`Solver`](crate::Solver) runs it: [`Solver::memo_count`](crate::Solver::memo_count) and
//! [`Solver::memo_sample`](crate::Solver::memo_sample).

pub(crate) mod cache;
pub mod count;
pub(crate) mod problem;
pub(crate) mod walk;

pub use cache::CacheStats;
pub use count::Count;
pub use problem::Order;

use crate::control::{Controls, Counters, Progress, Sliced};
use crate::error::Error;
use crate::matrix::Matrix;
use cache::{Cache, Hasher};
use problem::Problem;
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
}

impl Default for MemoOptions {
    fn default() -> Self {
        MemoOptions { order: Order::default(), memory: DEFAULT_MEMORY }
    }
}

/// What a memoized count did: the states entered, and the cache's
/// statistics.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MemoStats {
    /// States entered: the start, and each branch followed (one met in the
    /// cache counts as one).
    pub nodes: u64,
    pub cache: CacheStats,
}

/// A memoized count of one problem, under way or done.
#[derive(Debug)]
pub(crate) struct Memo {
    problem: Problem,
    cache: Cache,
    walk: Walk,
    order: Order,
    /// Nodes entered by draws, to count branches the cache had dropped.
    extra: u64,
}

impl Memo {
    /// The count of `matrix`'s solutions that contain the rows `forced`
    /// and none of `excluded` (sorted), not started yet.
    pub fn new(matrix: &Matrix, forced: &[usize], excluded: &[usize], options: MemoOptions) -> Result<Memo, Error> {
        Memo::with_hash(matrix, forced, excluded, options, cache::mix)
    }

    /// As [`Memo::new`], hashing states with `hash` (a test gives a weak
    /// one, to make states collide).
    pub(crate) fn with_hash(matrix: &Matrix, forced: &[usize], excluded: &[usize], options: MemoOptions, hash: Hasher) -> Result<Memo, Error> {
        let problem = Problem::new(matrix, forced, excluded)?;
        let cache = Cache::new(problem.words, options.memory, hash);
        Ok(Memo { problem, cache, walk: Walk::default(), order: options.order, extra: 0 })
    }

    /// Counts for about `budget` more nodes; `true` when the count is done.
    pub fn run(&mut self, budget: u64) -> Result<bool, Error> {
        self.walk.run(&self.problem, &mut self.cache, self.order, budget)
    }

    /// The count, once done.
    pub fn count(&self) -> Option<&Count> {
        self.walk.result()
    }

    pub fn stats(&self) -> MemoStats {
        MemoStats { nodes: self.walk.nodes + self.extra, cache: self.cache.stats() }
    }

    pub fn estimate(&self) -> f64 {
        self.walk.estimate()
    }

    pub fn depth(&self) -> usize {
        self.walk.depth()
    }

    /// Draws a solution uniformly at random with `rng` (the count is done
    /// and not zero) and appends its rows, in the order chosen, to `rows`.
    pub fn draw(&mut self, rng: &mut fastrand::Rng, rows: &mut Vec<usize>) -> Result<(), Error> {
        let Some(total) = self.walk.result().cloned() else { return Ok(()) };
        if total.is_zero() {
            return Ok(());
        }
        self.extra += walk::draw(&self.problem, &mut self.cache, self.order, &total, rng, rows)?;
        Ok(())
    }
}

/// A solver's memoized count, once one has started. A copy of the solver
/// starts its count afresh: neither the count nor its cache is copied (the
/// workers of a parallel search are copies, and a cache may hold
/// gigabytes).
#[derive(Debug, Default)]
pub(crate) struct Slot(pub Option<Box<Memo>>);

impl Clone for Slot {
    fn clone(&self) -> Self {
        Slot(None)
    }
}

/// A memoized count run by the controls ([`crate::control`]) of its
/// solver: limits, cancel and progress between slices. Its counters are
/// the states entered (nodes) and the cache's misses (updates).
pub(crate) struct Controlled<'a> {
    pub memo: &'a mut Memo,
    pub controls: &'a mut Controls,
    /// An error of the count (out of memory for its stack), which ends it.
    pub error: Option<Error>,
}

impl Sliced for Controlled<'_> {
    fn controls(&mut self) -> &mut Controls {
        self.controls
    }

    fn counters(&self) -> Counters {
        let s = self.memo.stats();
        Counters { nodes: s.nodes, updates: s.cache.misses, solutions: 0 }
    }

    fn estimate(&self) -> f64 {
        self.memo.estimate()
    }

    fn depth(&self) -> usize {
        self.memo.depth()
    }

    fn slice(&mut self, budget: u64) -> Progress<'_> {
        match self.memo.run(budget) {
            Ok(false) => Progress::Paused,
            Ok(true) => Progress::Exhausted,
            Err(e) => {
                self.error = Some(e);
                Progress::Exhausted
            }
        }
    }
}

/// The integration tests' board builder, for the tests below.
#[cfg(test)]
#[path = "../../tests/common/boards.rs"]
mod boards;

#[cfg(test)]
mod tests {
    use super::*;
    use super::boards::dominoes;

    fn count(m: &Matrix, order: Order, hash: Hasher) -> (Count, MemoStats) {
        let mut memo = Memo::with_hash(m, &[], &[], MemoOptions { order, ..MemoOptions::default() }, hash).unwrap();
        assert!(memo.run(u64::MAX).unwrap());
        (memo.count().cloned().unwrap(), memo.stats())
    }

    /// Every state hashes alike, so every lookup compares keys that
    /// collide: the counts stay those of the good hash (6728 and 12988816
    /// tilings, Kasteleyn's figures), with the same hits.
    #[test]
    fn colliding_states_are_told_apart_by_their_keys() {
        for (size, want) in [(6, 6728u64), (8, 12988816)] {
            let m = dominoes(size, size);
            for order in [Order::Fewest, Order::First] {
                let (good, good_stats) = count(&m, order, cache::mix);
                let (weak, weak_stats) = count(&m, order, |_| 7);
                assert_eq!(good, Count::from(want));
                assert_eq!(weak, Count::from(want));
                assert_eq!(good_stats.cache.hits, weak_stats.cache.hits);
                assert!(weak_stats.cache.hits > 0);
            }
        }
    }
}
