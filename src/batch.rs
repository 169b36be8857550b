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
    // Room reserved above: each result moves in without allocating.
    solve_each(search, items, most, threads, &mut |_, r| {
        results.push(r);
        ControlFlow::Continue(())
    })?;
    Ok(results)
}

/// [`solve`], handing each result (owned) to `f` with its index, in the
/// items' order as soon as it and those before it are done, on the calling thread,
/// while the helpers go on with later items: so what the caller does with
/// a result (printing a grid) overlaps the search of the next. `f`
/// returning `Break` stops the batch (the items under way finish, no other
/// starts); says whether it did (`true`: every result was handed out).
pub(crate) fn solve_each(search: &Search, items: &[BatchItem<'_>], most: u64, threads: usize, f: &mut dyn FnMut(usize, BatchResult) -> ControlFlow<()>) -> Result<bool, Error> {
    if most == 0 {
        return Err(Error::InvalidArgument);
    }
    let mut slots = Vec::new();
    slots.try_reserve_exact(items.len())?;
    slots.resize_with(items.len(), || None);
    let board = Lock::new(Board { results: slots, failed: None });
    let ready = Signal::new();
    // No more copies than the helper threads the process has, and items.
    let threads = threads.clamp(1, items.len().max(1)).min(helpers::most() + 1);
    let next = Word::new(0);
    // Every ticket past the last item: nobody starts another.
    let halt = || next.set(items.len() as u64);
    // One claim of `claim` items (fewer at the end), their results left on
    // the board, and the next claim's size; false when no item is left
    // (or the batch stops).
    let one_more = |s: &mut Search, claim: &mut Claim| -> bool {
        let first = next.tickets(claim.size as u64) as usize;
        if first >= items.len() {
            return false;
        }
        let end = first.saturating_add(claim.size).min(items.len());
        let started = Instant::now();
        let mut done: [Option<Result<BatchResult, Error>>; MOST_CLAIMED] = Default::default();
        for (i, d) in (first..end).zip(done.iter_mut()) {
            *d = Some(one(s, items[i], most));
        }
        claim.after(started.elapsed(), end - first);
        let mut b = board.lock();
        for (i, d) in (first..end).zip(done.iter_mut()) {
            match d.take() {
                Some(Ok(r)) => b.results[i] = Some(r),
                Some(Err(e)) => {
                    b.failed.get_or_insert(e);
                    halt();
                }
                None => {}
            }
        }
        ready.notify_one();
        true
    };
    // The calling thread searches with its own copy; each other copy waits
    // in a seat for a helper thread (crate::helpers), which may not come:
    // the calling thread then takes every item itself.
    let seats: Vec<Lock<Option<Search>>> = (1..threads).map(|_| Lock::new(Some(search.clone()))).collect();
    let task = |seat: usize| {
        let copy = seats[seat].lock().take();
        if let Some(mut s) = copy {
            let mut claim = Claim::default();
            while one_more(&mut s, &mut claim) {}
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
                searching = one_more(&mut own, &mut claim);
            }
            let mut b = board.lock();
            if b.failed.is_some() {
                return;
            }
            if !searching && b.results[handed].is_none() {
                b = ready.wait(b);
            }
            while handed < items.len() {
                let Some(r) = b.results[handed].take() else { break };
                drop(b);
                stopped = f(handed, r).is_break();
                handed += 1;
                if stopped {
                    halt();
                    return;
                }
                b = board.lock();
            }
        }
    });
    match board.into_inner().failed {
        Some(e) => Err(e),
        None => Ok(!stopped),
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
struct Claim {
    size: usize,
}

impl Default for Claim {
    fn default() -> Claim {
        Claim { size: 1 }
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
    /// The first error that ends the batch (out of memory).
    failed: Option<Error>,
}

/// One item on `s`: an error of the item's own is its result; running out
/// of memory ends the batch.
fn one(s: &mut Search, item: BatchItem<'_>, most: u64) -> Result<BatchResult, Error> {
    match s.set_subproblem(item.forced, item.excluded) {
        Ok(()) => {}
        Err(Error::OutOfMemory) => return Err(Error::OutOfMemory),
        Err(e) => return Ok(BatchResult { count: Err(e), first: Vec::new(), cost: None }),
    }
    if s.objective().is_some() {
        return best(s);
    }
    let mut count = 0;
    let mut first = Vec::new();
    while count < most {
        match s.search(u64::MAX) {
            Progress::Solution(rows) => {
                if count == 0 {
                    first = crate::alloc::copied(rows)?;
                }
                count += 1;
            }
            Progress::Exhausted => break,
            Progress::Paused => {}
        }
    }
    Ok(BatchResult { count: Ok(count), first, cost: None })
}

/// One item's branch and bound on `s`, run to its end: its best list.
fn best(s: &mut Search) -> Result<BatchResult, Error> {
    while !matches!(s.search(u64::MAX), Progress::Exhausted) {}
    let best = s.best();
    Ok(match best.first() {
        Some(b) => BatchResult { count: Ok(best.len() as u64), first: crate::alloc::copied(&b.rows)?, cost: Some(b.cost) },
        None => BatchResult { count: Ok(0), first: Vec::new(), cost: None },
    })
}
