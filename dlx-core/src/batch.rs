//! Many small problems on every core: a batch of subproblems of one matrix
//! (each rows to force and rows to exclude, as a sudoku's clues are forced
//! rows of the one matrix of every sudoku), each searched for up to `most`
//! solutions with its first one kept, or with an objective for its best
//! solution, spread over threads, the results given back in the batch's
//! order.
//!
//! Each thread (the calling one and the process's helpers,
//! `crate::helpers`) owns a copy of the solver's search and takes the
//! next item from a shared counter, so a long item never holds up the
//! others' order of work; one search per item costs nothing to start (the forced rows are
//! chosen, the search restarts), which is what makes a batch of
//! sub-millisecond searches worth threads at all.

use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use crate::control::Progress;
use crate::error::Error;
use crate::helpers;
use crate::search::Search;
use crate::sync::{Lock, Signal, Word};

/// One problem of a batch: `forced` rows chosen, `excluded` rows left out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BatchItem<'a> {
    pub forced: &'a [usize],
    pub excluded: &'a [usize],
}

/// What a batch found for one item.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BatchResult {
    /// The solutions found, at most the batch's `most`; with an objective,
    /// the solutions in the item's best list (at most the objective's
    /// `best`); or why the item could not be searched (its rows out of
    /// range, or conflicting).
    pub count: Result<u64, Error>,
    /// The first solution's rows (the forced rows, then those chosen); with
    /// an objective, the best solution's. Empty when there is none.
    pub first: Vec<usize>,
    /// With an objective, the cost of the best solution (forced rows
    /// included), if there is one; `None` otherwise.
    pub cost: Option<i64>,
}

/// Searches each of `items` from `search` (whose settings every item keeps:
/// engine, seed, weights, pruned rows, objective) for up to `most`
/// solutions, or with an objective to the end of its branch and bound, on
/// `threads` threads; the results in the items' order. Errors:
/// [`Error::InvalidArgument`] for `most` 0, [`Error::OutOfMemory`].
pub(crate) fn solve(search: &Search, items: &[BatchItem<'_>], most: u64, threads: usize) -> Result<Vec<BatchResult>, Error> {
    let mut results = Vec::new();
    results.try_reserve_exact(items.len())?;
    // Room reserved above: each result moves in without allocating (its
    // rows with it: nothing is left to reuse).
    solve_each(search, items, most, threads, &mut |_, r| {
        results.push(BatchResult { count: r.count, first: std::mem::take(&mut r.first), cost: r.cost });
        ControlFlow::Continue(())
    })?;
    Ok(results)
}

/// [`solve`], handing each result to `f` with its index, in the items'
/// order as soon as it and those before it are done, on the calling
/// thread, while the helpers go on with later items: so what the caller
/// does with a result (printing a grid) overlaps the search of the next.
/// The rows `f` leaves in the result are used again for a later item's
/// (see [`Spares`]). `f` returning `Break` stops the batch (the items
/// under way finish, no other starts); says whether it did (`true`: every
/// result was handed out).
pub(crate) fn solve_each(search: &Search, items: &[BatchItem<'_>], most: u64, threads: usize, f: &mut dyn FnMut(usize, &mut BatchResult) -> ControlFlow<()>) -> Result<bool, Error> {
    if most == 0 {
        return Err(Error::InvalidArgument);
    }
    let mut slots = Vec::new();
    slots.try_reserve_exact(items.len())?;
    slots.resize_with(items.len(), || None);
    let batch = Shared { items, most, next: Word::new(0), board: Lock::new(Board { results: slots, spares: Spares::new()?, failed: None }), ready: Signal::new() };
    // No more copies than the helper threads the process has, and items.
    let threads = threads.clamp(1, items.len().max(1)).min(helpers::most() + 1);
    // The calling thread searches with its own copy; each other copy waits
    // in a seat for a helper thread (crate::helpers), which may not come:
    // the calling thread then takes every item itself.
    let seats: Vec<Lock<Option<Search>>> = (1..threads).map(|_| Lock::new(Some(search.clone()))).collect();
    let task = |seat: usize| {
        let copy = seats[seat].lock().take();
        if let Some(mut s) = copy {
            let mut claim = Claim::default();
            while batch.one_more(&mut s, &mut claim) {}
        }
    };
    let mut own = search.clone();
    let mut handed = 0;
    let mut stopped = false;
    helpers::scope(&task, |crew| {
        for seat in 0..seats.len() {
            crew.post(seat);
        }
        // Phases: search an item and hand out what is ready, while items
        // are left; then wait for the helpers' last ones.
        let mut searching = true;
        let mut claim = Claim::default();
        while handed < items.len() && !stopped {
            if searching {
                searching = batch.one_more(&mut own, &mut claim);
            }
            let mut b = batch.board.lock();
            if b.failed.is_some() {
                return;
            }
            if !searching && b.results[handed].is_none() {
                b = batch.ready.wait(b);
            }
            while handed < items.len() {
                let Some(mut r) = b.results[handed].take() else { break };
                drop(b);
                stopped = f(handed, &mut r).is_break();
                handed += 1;
                if stopped {
                    batch.halt();
                    return;
                }
                b = batch.board.lock();
                b.spares.take_back(r.first);
            }
        }
    });
    match batch.board.into_inner().failed {
        Some(e) => Err(e),
        None => Ok(!stopped),
    }
}

/// What the threads of one batch share.
struct Shared<'a, 'm> {
    items: &'a [BatchItem<'m>],
    most: u64,
    /// The next item no thread has claimed.
    next: Word,
    board: Lock<Board>,
    /// Rung when results reach the board.
    ready: Signal,
}

impl Shared<'_, '_> {
    /// Every ticket past the last item: nobody starts another.
    fn halt(&self) {
        self.next.set(self.items.len() as u64);
    }

    /// One claim of `claim` items (fewer at the end), their results left
    /// on the board, and the next claim's size and rows to fill; false
    /// when no item is left (or the batch stops).
    fn one_more(&self, s: &mut Search, claim: &mut Claim) -> bool {
        let first = self.next.tickets(claim.size as u64) as usize;
        if first >= self.items.len() {
            return false;
        }
        let end = first.saturating_add(claim.size).min(self.items.len());
        let started = Instant::now();
        let mut done: [Option<Result<BatchResult, Error>>; MOST_CLAIMED] = Default::default();
        for ((i, d), rows) in (first..end).zip(done.iter_mut()).zip(claim.rows.iter_mut()) {
            *d = Some(one(s, self.items[i], self.most, rows));
        }
        claim.after(started.elapsed(), end - first);
        let mut b = self.board.lock();
        for (i, d) in (first..end).zip(done.iter_mut()) {
            match d.take() {
                Some(Ok(r)) => b.results[i] = Some(r),
                Some(Err(e)) => {
                    b.failed.get_or_insert(e);
                    self.halt();
                }
                None => {}
            }
        }
        b.spares.hand_out(&mut claim.rows[..claim.size]);
        self.ready.notify_one();
        true
    }
}

/// The most items a thread claims at once.
const MOST_CLAIMED: usize = 8;

/// Items shorter than this on average let a thread claim more at once.
const SHORT_ITEM: Duration = Duration::from_micros(20);

/// How many items a thread takes from the counter at once: one, and twice
/// as many (up to [`MOST_CLAIMED`]) after a claim whose items were short,
/// back to one after a claim whose items were not. A claim costs a turn of
/// the shared counter and of the board's lock, whose cache lines go back
/// and forth between the threads: on items of a few microseconds (17-clue
/// sudokus) that was 3-4% of the batch's time, and the batch is as long as
/// its slowest thread, which a claim of short items delays by little.
/// With the size, the thread keeps the rows its next claim's results are
/// written into (from [`Spares`]).
struct Claim {
    size: usize,
    rows: [Vec<usize>; MOST_CLAIMED],
}

impl Default for Claim {
    fn default() -> Claim {
        Claim { size: 1, rows: Default::default() }
    }
}

impl Claim {
    /// The next claim's size, after `n` items took `spent`.
    fn after(&mut self, spent: Duration, n: usize) {
        let short = n > 0 && spent < SHORT_ITEM * n as u32;
        self.size = if short { (self.size * 2).min(MOST_CLAIMED) } else { 1 };
    }
}

/// The results of a batch on their way to the calling thread.
struct Board {
    /// Each item's result, from when it is done until it is handed out.
    results: Vec<Option<BatchResult>>,
    /// Rows handed out, on their way back.
    spares: Spares,
    /// The first error that ends the batch (out of memory).
    failed: Option<Error>,
}

/// The rows of results already handed out, to be filled again by a later
/// item. A result's rows are made on one thread and, once handed out,
/// freed on the calling thread: on two threads of 17-clue sudokus that
/// free of another thread's memory (into the allocator's pools of the
/// thread that frees, then back out to the other thread) cost 5% of the
/// batch's CPU time. Used again, the rows are freed only when the batch
/// ends, and once it is under way an item's rows need no new memory.
struct Spares {
    rows: Vec<Vec<usize>>,
}

/// The most rows kept for later items: enough for the results the
/// threads have in hand at once; a result handed out beyond it is freed.
const MOST_SPARES: usize = 64;

impl Spares {
    fn new() -> Result<Spares, Error> {
        let mut rows = Vec::new();
        rows.try_reserve_exact(MOST_SPARES)?;
        Ok(Spares { rows })
    }

    /// Keeps `rows` for a later item (see [`filled`]), if there is room.
    fn take_back(&mut self, rows: Vec<usize>) {
        if rows.capacity() > 0 && self.rows.len() < MOST_SPARES {
            self.rows.push(rows);
        }
    }

    /// Fills each of `into` that has no room yet with rows kept, while
    /// there are any.
    fn hand_out(&mut self, into: &mut [Vec<usize>]) {
        for slot in into.iter_mut().filter(|r| r.capacity() == 0) {
            match self.rows.pop() {
                Some(rows) => *slot = rows,
                None => break,
            }
        }
    }
}

/// One item on `s`, its rows written into `rows` (taken, to move with the
/// result; empty rows are left there): an error of the item's own is its
/// result; running out of memory ends the batch.
fn one(s: &mut Search, item: BatchItem<'_>, most: u64, rows: &mut Vec<usize>) -> Result<BatchResult, Error> {
    match s.set_subproblem(item.forced, item.excluded) {
        Ok(()) => {}
        Err(Error::OutOfMemory) => return Err(Error::OutOfMemory),
        Err(e) => return Ok(BatchResult { count: Err(e), first: Vec::new(), cost: None }),
    }
    if s.objective().is_some() {
        return best(s, rows);
    }
    let mut count = 0;
    let mut first = Vec::new();
    while count < most {
        match s.search(u64::MAX) {
            Progress::Solution(found) => {
                if count == 0 {
                    first = filled(rows, found)?;
                }
                count += 1;
            }
            Progress::Exhausted => break,
            Progress::Paused => {}
        }
    }
    Ok(BatchResult { count: Ok(count), first, cost: None })
}

/// One item's branch and bound on `s`, run to its end: its best list, the
/// best rows written into `rows` (as for [`one`]).
fn best(s: &mut Search, rows: &mut Vec<usize>) -> Result<BatchResult, Error> {
    while !matches!(s.search(u64::MAX), Progress::Exhausted) {}
    let best = s.best();
    Ok(match best.first() {
        Some(b) => BatchResult { count: Ok(best.len() as u64), first: filled(rows, &b.rows)?, cost: Some(b.cost) },
        None => BatchResult { count: Ok(0), first: Vec::new(), cost: None },
    })
}

/// `found` written into `rows` (its room kept), taken out.
fn filled(rows: &mut Vec<usize>, found: &[usize]) -> Result<Vec<usize>, Error> {
    rows.clear();
    rows.try_reserve(found.len())?;
    rows.extend_from_slice(found);
    Ok(std::mem::take(rows))
}
