//! Many small problems on every core: a batch of subproblems of one matrix
//! (each rows to force and rows to exclude, as a sudoku's clues are forced
//! rows of the one matrix of every sudoku), each searched for up to `most`
//! solutions with its first one kept, spread over threads, the results
//! given back in the batch's order.
//!
//! Each thread owns a copy of the solver's search and takes the next item
//! from a shared counter, so a long item never holds up the others' order
//! of work; one search per item costs nothing to start (the forced rows are
//! chosen, the search restarts), which is what makes a batch of
//! sub-millisecond searches worth threads at all.

use std::sync::atomic::{AtomicUsize, Ordering};

use crate::control::Progress;
use crate::error::Error;
use crate::search::Search;

/// One problem of a batch: `forced` rows chosen, `excluded` rows left out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BatchItem<'a> {
    pub forced: &'a [usize],
    pub excluded: &'a [usize],
}

/// What a batch found for one item.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BatchResult {
    /// The solutions found, at most the batch's `most`; or why the item
    /// could not be searched (its rows out of range, or conflicting).
    pub count: Result<u64, Error>,
    /// The first solution's rows (the forced rows, then those chosen), empty
    /// when there is none.
    pub first: Vec<usize>,
}

/// Searches each of `items` from `search` (whose settings every item keeps:
/// engine, seed, weights, pruned rows) for up to `most` solutions on
/// `threads` threads; the results in the items' order. Errors:
/// [`Error::InvalidArgument`] for `most` 0, [`Error::Unsupported`] with an
/// objective, [`Error::OutOfMemory`].
pub(crate) fn solve(search: &Search, items: &[BatchItem<'_>], most: u64, threads: usize) -> Result<Vec<BatchResult>, Error> {
    if most == 0 {
        return Err(Error::InvalidArgument);
    }
    if search.objective().is_some() {
        return Err(Error::Unsupported);
    }
    let mut results = Vec::new();
    results.try_reserve_exact(items.len())?;
    results.resize_with(items.len(), || BatchResult { count: Ok(0), first: Vec::new() });
    let threads = threads.clamp(1, items.len().max(1));
    let next = AtomicUsize::new(0);
    // Each thread's results, (index, result), merged in order at the end.
    let mut found: Vec<Result<Vec<(usize, BatchResult)>, Error>> = Vec::new();
    found.try_reserve_exact(threads)?;
    let work = |mut s: Search| -> Result<Vec<(usize, BatchResult)>, Error> {
        let mut mine = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(item) = items.get(i) else { return Ok(mine) };
            mine.try_reserve(1)?;
            mine.push((i, one(&mut s, *item, most)?));
        }
    };
    let copies: Vec<Search> = (0..threads).map(|_| search.clone()).collect();
    std::thread::scope(|scope| {
        let mut copies = copies.into_iter();
        let first = copies.next();
        let handles: Vec<_> = copies.map(|s| scope.spawn(move || work(s))).collect();
        if let Some(s) = first {
            found.push(work(s));
        }
        for h in handles {
            match h.join() {
                Ok(r) => found.push(r),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
    });
    for part in found {
        for (i, r) in part? {
            results[i] = r;
        }
    }
    Ok(results)
}

/// One item on `s`: an error of the item's own is its result; running out
/// of memory ends the batch.
fn one(s: &mut Search, item: BatchItem<'_>, most: u64) -> Result<BatchResult, Error> {
    match s.set_subproblem(item.forced, item.excluded) {
        Ok(()) => {}
        Err(Error::OutOfMemory) => return Err(Error::OutOfMemory),
        Err(e) => return Ok(BatchResult { count: Err(e), first: Vec::new() }),
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
    Ok(BatchResult { count: Ok(count), first })
}
