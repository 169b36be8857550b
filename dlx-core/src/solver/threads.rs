//! Threads, checkpoints of a search under way (on one thread or many),
//! and batches of subproblems.

use std::ops::ControlFlow;
use std::time::Duration;

use super::Solver;
use crate::bound::Best;
use crate::batch::{BatchItem, BatchResult};
use crate::checkpoint::{Checkpoint, Piece};
use crate::control::Counters;
use crate::error::Error;
use crate::parallel::{Pool, ThreadStats};

impl Solver {
    // § Threads

    /// Searches every later call on `threads` threads (0: one per core the
    /// system offers), and starts the search again (forced rows, excluded
    /// rows, seed and objective stay; counters go to zero). With more than
    /// one thread, [`Solver::find`], [`Solver::run`] and
    /// [`Solver::count_run`] (and all that is built on them) find the same
    /// solutions, counts and best costs as on one thread, in an order that
    /// may differ; solutions are still handed out on the calling thread,
    /// one at a time. See [`crate::parallel`].
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = match threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            n => n,
        };
        self.restart();
    }

    /// The threads a call searches on.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// How long a call on more than one thread runs on the calling thread
    /// alone before it asks helper threads to come (default
    /// [`HELPER_DELAY`](crate::parallel::HELPER_DELAY), 200 µs; sooner when the estimate of the
    /// tree says much more is left). A search that ends sooner never wakes
    /// a helper, so a short search costs about what it costs on one
    /// thread. `Duration::ZERO` calls them at the first poll point, which
    /// is what tests of the sharing want. A call that goes on from an
    /// earlier one with work still held by other workers calls them at
    /// once.
    pub fn set_helper_delay(&mut self, delay: Duration) {
        self.helper_delay = delay;
    }

    /// What each thread of a parallel search did since it started (empty
    /// before the first call on more than one thread).
    pub fn thread_stats(&self) -> Vec<ThreadStats> {
        self.pool.as_ref().map_or_else(Vec::new, |p| p.stats())
    }

    // § Checkpoints

    /// What the search has left and what it has found so far, for going on
    /// later, in another process or on another machine (see
    /// [`crate::checkpoint`]; [`Checkpoint::to_text`] writes it): taken
    /// between calls, after any call of [`Solver::run`], [`Solver::find`],
    /// [`Solver::count_run`] or [`Solver::next_solution`] (on any number
    /// of threads, with or without an objective), or before the first.
    /// The search goes on unchanged. A search that is done has no pieces
    /// left.
    ///
    /// Errors: [`Error::Unsupported`] after [`Solver::memo_count`],
    /// [`Solver::count_auto`] or [`Solver::memo_sample`] (the memoized
    /// count has no frontier: count with [`Solver::count_run`] to take
    /// checkpoints), [`Error::OutOfMemory`].
    pub fn checkpoint(&self) -> Result<Checkpoint, Error> {
        if self.memo.0.is_some() || self.auto.begun {
            return Err(Error::Unsupported(crate::error::Unsupported::CheckpointAfterMemo));
        }
        let mut pieces = Vec::new();
        let mut pending = Vec::new();
        let done = match &self.pool {
            Some(pool) => {
                pool.left(&mut pieces)?;
                pending.try_reserve_exact(pool.pending().len())?;
                for rows in pool.pending() {
                    pending.push(crate::alloc::copied(rows)?);
                }
                pool.estimate()
            }
            None => {
                self.search.left(&mut pieces)?;
                self.search.estimate()
            }
        };
        let mut best = Vec::new();
        best.try_reserve_exact(self.best().len())?;
        for b in self.best() {
            best.push(Best { cost: b.cost, rows: crate::alloc::copied(&b.rows)? });
        }
        let c = self.counters();
        Ok(Checkpoint {
            matrix: self.search.fingerprint(),
            objective: self.objective(),
            solutions: c.solutions,
            nodes: c.nodes,
            updates: c.updates,
            done: done.clamp(0.0, 1.0),
            tag: 0,
            seconds: 0.0,
            best,
            pending,
            pieces,
        })
    }

    /// Goes on from `checkpoint`, taken from a solver of the same matrix
    /// with the same objective: the counters, the count and the best
    /// solutions start where it stopped, the solutions it found but did
    /// not hand out come first, and each later call ([`Solver::run`],
    /// [`Solver::find`], [`Solver::count_run`], [`Solver::count_auto`],
    /// on the solver's threads, one or more) searches what it had left.
    /// So a run stopped, checkpointed and resumed any number of times
    /// finds the solutions an uninterrupted run finds (each once), its
    /// counter of solutions ends at the same total, and its best list is
    /// the same; on one thread without a seed or weights, in the same
    /// order and, on exact cover, with the same node count (the pieces are
    /// in the order the search would reach them: docs/checkpoint.md). The
    /// exception: the single best with the relaxation at every node
    /// ([`Relaxation`](crate::Relaxation)) goes on from the root, below the
    /// checkpoint's best cover, rather than from its pieces; it ends with
    /// the same best cover's cost, but the covers it hands out on the way
    /// (and so its counter of solutions) may differ from an uninterrupted
    /// run's. The forced and excluded rows are the
    /// checkpoint's (each piece holds them). Call it after
    /// [`Solver::set_threads`], [`Solver::set_objective`] and the like,
    /// which start the search over; [`Solver::restart`] and
    /// [`Solver::search`] start it over too, from the whole matrix.
    ///
    /// Errors, the solver unchanged: [`Error::CheckpointMismatch`] for a
    /// checkpoint of another matrix ([`crate::checkpoint::fingerprint`])
    /// or objective, [`Error::Checkpoint`] for a counter of 2^63 or more
    /// (no room to count on), rows out of range, pieces whose forced rows
    /// cannot go together, a pending or best solution that is not a whole
    /// solution of the matrix (rows distinct, every primary column covered
    /// within its bounds, secondary ones at most once or in one color), or
    /// a best solution whose cost is not what its rows cost;
    /// [`Error::OutOfMemory`].
    pub fn resume(&mut self, checkpoint: &Checkpoint) -> Result<(), Error> {
        let ck = checkpoint;
        if ck.matrix != self.search.fingerprint() || ck.objective != self.objective() {
            return Err(Error::CheckpointMismatch);
        }
        if [ck.solutions, ck.nodes, ck.updates].iter().any(|&n| n >= crate::checkpoint::COUNTER_END) {
            return Err(Error::Checkpoint);
        }
        // Each solution found must be one (the best lines' rows are
        // checked with their costs by `record_best`).
        for rows in &ck.pending {
            if !self.search.matrix().is_solution(rows)? {
                return Err(Error::Checkpoint);
            }
        }
        let mut pieces = std::collections::VecDeque::new();
        pieces.try_reserve_exact(ck.pieces.len())?;
        for p in &ck.pieces {
            // (Its excluded rows are sorted: `Checkpoint::parse` checks.)
            self.search.check_subproblem(&p.rows, &p.excluded).map_err(|e| if e == Error::OutOfMemory { e } else { Error::Checkpoint })?;
            pieces.push_back(Piece::copied(&p.rows, &p.excluded, p.share)?);
        }
        let mut pending = std::collections::VecDeque::new();
        pending.try_reserve_exact(ck.pending.len())?;
        for rows in &ck.pending {
            pending.push_back(crate::alloc::copied(rows)?);
        }
        // A copy at its start, the best found recorded, from which the
        // workers are copied; kept only once everything has succeeded.
        let mut root = self.search.clone();
        root.restart();
        root.record_best(&ck.best)?;
        let counters = Counters { nodes: ck.nodes, updates: ck.updates, solutions: 0 };
        // The single best with the relaxation at every node goes on from
        // the root, below its best cover, on one thread with its whole
        // machinery (fixing, rounding, the relaxation's branching): each
        // piece would build and solve its relaxation anew, on a worker
        // without them, and a crew pairing's checkpoint holds thousands.
        // (Where the relaxation does not pay, the pieces go on.)
        let from_root = !ck.pieces.is_empty() && ck.pending.is_empty() && self.objective().is_some_and(|o| o.best == 1) && root.node_bound_runs();
        let pool = if from_root { None } else { Some(Box::new(Pool::resumed(&root, self.threads.max(1), pieces, pending, counters, ck.done)?)) };
        root.count_solutions(ck.solutions);
        root.set_counters(counters);
        self.forget_calls();
        self.search = root;
        self.pool = pool;
        Ok(())
    }

    // § Batches

    /// Searches each of `items` (rows to force and rows to exclude, on this
    /// solver's matrix and settings: engine, seed, weights, preprocessing)
    /// for up to `most` solutions, keeping each one's first, on the
    /// solver's threads ([`Solver::set_threads`]); the results come back in
    /// the items' order (see [`crate::batch`]). An item whose rows are out
    /// of range or conflict has that error as its result. The solver's own
    /// search does not move, and its limits and cancel do not apply: each
    /// item runs to `most` solutions or its end.
    ///
    /// With an objective ([`Solver::set_objective`], and the cost limit if
    /// any), each item's branch and bound runs to its end instead (`most`
    /// is not used): its result holds its best solution and that one's
    /// cost, and the number of solutions in its best list.
    ///
    /// Errors: [`Error::InvalidArgument`] for `most` 0,
    /// [`Error::OutOfMemory`].
    pub fn solve_batch(&self, items: &[BatchItem<'_>], most: u64) -> Result<Vec<BatchResult>, Error> {
        crate::batch::solve(&self.search, items, most, self.threads)
    }

    /// [`Solver::solve_batch`], handing each result to `f` with its index,
    /// in the items' order, on the calling thread, as soon as it and those
    /// before it are done: the helper threads go on with later items
    /// meanwhile, so what `f` does overlaps the search. `f` returning
    /// `Break` stops the batch (items under way finish, no other starts).
    /// Returns whether every result was handed out (`false`: `f` stopped
    /// it). Errors as [`Solver::solve_batch`]'s.
    pub fn solve_batch_each(&self, items: &[BatchItem<'_>], most: u64, mut f: impl FnMut(usize, &BatchResult) -> ControlFlow<()>) -> Result<bool, Error> {
        crate::batch::solve_each(&self.search, items, most, self.threads, &mut |i, r| f(i, r))
    }
}
