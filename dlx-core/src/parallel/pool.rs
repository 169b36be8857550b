//! The workers and the pool that keeps them between calls: each worker a
//! copy of the search, the units not taken yet, the solutions not handed
//! out.

use std::collections::VecDeque;
use std::time::Duration;

use super::shared::{Found, Shared, MAILBOX};
use super::{ThreadStats, HELPER_DELAY};
use crate::checkpoint::Piece;
use crate::control::Counters;
use crate::error::Error;
use crate::search::Search;

/// One thread's search.
#[derive(Clone, Debug)]
pub(super) struct Worker {
    /// Its place among the pool's workers, and in [`Shared::status`].
    pub(super) slot: usize,
    pub(super) solver: Search,
    /// The share of the whole tree of the unit it works on, if any (the
    /// unit's rows are in its solver).
    pub(super) share: Option<f64>,
    /// Nodes and updates of the units it finished.
    pub(super) base: Counters,
    /// The share of the tree it finished.
    pub(super) done: f64,
    pub(super) steals: u64,
    pub(super) idle: Duration,
}

impl Worker {
    /// A copy of `root` in `slot`, holding `share`: the whole search from
    /// where `root` stands (its counters too), or, without a share, a worker
    /// that waits for a piece and has walked nothing (a copy of a walk under
    /// way would count that walk's nodes again).
    pub(super) fn new(root: &Search, slot: usize, share: Option<f64>) -> Result<Worker, Error> {
        let mut solver = root.worker()?;
        if share.is_none() {
            solver.set_counters(Counters::default());
        }
        Ok(Worker { slot, solver, share, base: Counters::default(), done: 0.0, steals: 0, idle: Duration::ZERO })
    }

    pub(super) fn stats(&self) -> ThreadStats {
        let c = self.solver.counters();
        ThreadStats { nodes: self.base.nodes + c.nodes, updates: self.base.updates + c.updates, steals: self.steals, idle: self.idle }
    }

    /// Its part of the tree walked so far.
    pub(super) fn walked(&self) -> f64 {
        self.done + self.share.map_or(0.0, |share| share * self.solver.estimate())
    }

    /// Starts on `unit`.
    pub(super) fn start(&mut self, unit: Piece) {
        let c = self.solver.counters();
        self.base.nodes += c.nodes;
        self.base.updates += c.updates;
        self.solver.enter_unit(&unit.rows, &unit.excluded);
        self.share = Some(unit.share);
    }

    /// Gives away a piece of its unit, if it has one to give.
    pub(super) fn donate(&mut self) -> Option<Piece> {
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

    pub(super) fn publish_to(&self, sh: &Shared) {
        sh.status[self.slot].publish(self, sh.reporting);
    }
}

/// The state of a parallel search that lives between calls.
#[derive(Clone, Debug)]
pub(crate) struct Pool {
    /// The workers made so far, in slot order: the first at once, the
    /// others when a call first asks helpers to come (a search that ends
    /// before then copies the solver once, not once per thread).
    pub(super) workers: Vec<Worker>,
    /// How many workers the search has at most (the solver's threads).
    pub(super) threads: usize,
    /// How long a call runs alone before it calls helpers.
    pub(crate) helper_delay: Duration,
    /// Units given away and not taken yet.
    pub(super) queue: VecDeque<Piece>,
    /// Solutions found (and recorded among the best) and not handed out
    /// yet.
    pub(super) pending: VecDeque<Vec<usize>>,
    pub(super) exhausted: bool,
    /// The mailbox of solutions on their way to the coordinator and the
    /// coordinator's batch (swapped with it), reserved once.
    pub(super) mailbox: [VecDeque<Found>; 2],
    /// Whether it goes on from a checkpoint ([`Pool::resumed`]).
    pub(super) resumed: bool,
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
