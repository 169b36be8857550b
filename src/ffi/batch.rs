//! The C API of batches: many small subproblems of one matrix on the
//! solver's threads (`dlx_solver_solve_batch`, and with an objective
//! `dlx_solver_solve_batch_best`).

use std::ffi::c_void;
use std::ops::ControlFlow;

use libc::c_int;

use super::slice_arg;
use super::solver::{dlx_solver, with_busy_solver};
use super::status::dlx_status::{self, *};
use dlx_core::batch::{BatchItem, BatchResult};
use dlx_core::solver::Solver;

/// One problem of a batch (`dlx_solver_solve_batch`): the rows
/// `forced[0 .. forced_count]` chosen and `excluded[0 .. excluded_count]`
/// left out, as `dlx_solver_set_subproblem` takes them. Either array may
/// be NULL when its count is 0.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
#[allow(non_camel_case_types)]
pub struct dlx_batch_item {
    pub forced: *const usize,
    pub forced_count: usize,
    pub excluded: *const usize,
    pub excluded_count: usize,
}

/// Receives the result of item `index` of a batch, on the calling thread,
/// the items in their order: `status` is `DLX_OK`, or the item's own error
/// (`DLX_ERR_ROW_RANGE`, `DLX_ERR_CONFLICT`: the item was not searched);
/// `count` the solutions found, at most the batch's `most`; `rows[0 ..
/// rows_count]` the first solution (its forced rows first, then those
/// chosen), NULL and 0 when there is none, valid during the call. Returning
/// non-zero stops: no later item is reported, and the batch returns
/// `DLX_STOPPED`.
#[allow(non_camel_case_types)]
pub type dlx_batch_fn =
    Option<unsafe extern "C" fn(user: *mut c_void, index: usize, status: dlx_status, count: u64, rows: *const usize, rows_count: usize) -> c_int>;

/// Searches each of `items[0 .. count]` (rows to force and rows to exclude,
/// on the solver's matrix and settings: engine, seed, weights,
/// preprocessing) for up to `most` solutions, keeping its first, spread
/// over the solver's threads (`dlx_solver_set_threads`): each thread takes
/// the next item as it finishes one (up to 8 at once while its items are
/// short, under 20 µs). Hands each result to `callback` in the
/// items' order, on the calling thread, as soon as it and those before it
/// are done, while the other threads go on with later items (so what the
/// callback does, printing a grid, overlaps the search). So a file of sudoku puzzles,
/// each its clues forced on the one matrix of every sudoku, is solved on
/// every core with the answers in the file's order: `most` 1 finds a
/// solution, `most` 2 also proves it unique.
///
/// The solver's own search does not move (each thread searches a copy),
/// and its limits and `dlx_solver_cancel` do not apply: each item runs to
/// `most` solutions or its end. While the batch runs and its callback is
/// called, the solver is busy (`DLX_ERR_BUSY` for calls on it from the
/// callback).
///
/// Returns `DLX_OK` when every result was handed out, `DLX_STOPPED` when
/// the callback stopped (the items under way finish; no other starts).
/// Errors, nothing handed out: `DLX_ERR_NULL`
/// (solver or callback NULL, items NULL with count > 0, an item's array
/// NULL with a count > 0), `DLX_ERR_BUSY`, `DLX_ERR_INVALID_ARGUMENT`
/// (`most` 0), `DLX_ERR_UNSUPPORTED` (the solver has an objective: see
/// `dlx_solver_solve_batch_best`),
/// `DLX_ERR_OUT_OF_MEMORY` (also while the batch runs: the results handed
/// out before it stand, no later one is).
#[no_mangle]
pub extern "C" fn dlx_solver_solve_batch(
    solver: *mut dlx_solver,
    items: *const dlx_batch_item,
    count: usize,
    most: u64,
    callback: dlx_batch_fn,
    user: *mut c_void,
) -> dlx_status {
    with_busy_solver(solver, |s| {
        let Some(f) = callback else { return DLX_ERR_NULL };
        if s.objective().is_some() {
            return DLX_ERR_UNSUPPORTED;
        }
        run(s, items, count, most, |i, r| {
            let (status, n) = match r.count {
                Ok(n) => (DLX_OK, n),
                Err(e) => (dlx_status::from(e), 0),
            };
            // SAFETY: the caller's callback and user pointer; the rows
            // live through the call.
            unsafe { f(user, i, status, n, rows_of(r), r.first.len()) }
        })
    })
}

/// Receives the result of item `index` of a batch with an objective
/// (`dlx_solver_solve_batch_best`), on the calling thread, the items in
/// their order: `status` is `DLX_SOLUTION` (a best solution: its cost in
/// `cost`, its rows in `rows[0 .. rows_count]`, the forced rows first,
/// valid during the call), `DLX_DONE` (the item has no solution: `cost`
/// 0, `rows` NULL, `rows_count` 0), or the item's own error
/// (`DLX_ERR_ROW_RANGE`, `DLX_ERR_CONFLICT`: the item was not searched).
/// Returning non-zero stops: no later item is reported, and the batch
/// returns `DLX_STOPPED`.
#[allow(non_camel_case_types)]
pub type dlx_batch_best_fn =
    Option<unsafe extern "C" fn(user: *mut c_void, index: usize, status: dlx_status, cost: i64, rows: *const usize, rows_count: usize) -> c_int>;

/// Finds the best solution of each of `items[0 .. count]` (rows to force
/// and rows to exclude) under the solver's objective
/// (`dlx_solver_set_objective`, and its cost limit if any): each item's
/// branch and bound runs to its end, spread over the solver's threads as
/// `dlx_solver_solve_batch` spreads its items, and each result goes to
/// `callback` in the items' order as soon as it and those before it are
/// done. The cost counts the forced rows too (with
/// `DLX_OBJECTIVE_FEWEST_ROWS`, they are among the rows counted). So many
/// small optimisation problems of one matrix, each its own rows forced or
/// left out, use every core: `c_tests/square_destroyer.c` forces the
/// matches already taken away from a grid.
///
/// As with `dlx_solver_solve_batch`: the solver's own search does not
/// move, its limits and `dlx_solver_cancel` do not apply, and the solver
/// is busy while the batch runs. Returns `DLX_OK` when every result was
/// handed out, `DLX_STOPPED` when the callback stopped. Errors, nothing
/// handed out: `DLX_ERR_NULL` (as for `dlx_solver_solve_batch`),
/// `DLX_ERR_BUSY`, `DLX_ERR_UNSUPPORTED` (the solver has no objective),
/// `DLX_ERR_OUT_OF_MEMORY` (also while the batch runs: the results handed
/// out before it stand, no later one is).
#[no_mangle]
pub extern "C" fn dlx_solver_solve_batch_best(
    solver: *mut dlx_solver,
    items: *const dlx_batch_item,
    count: usize,
    callback: dlx_batch_best_fn,
    user: *mut c_void,
) -> dlx_status {
    with_busy_solver(solver, |s| {
        let Some(f) = callback else { return DLX_ERR_NULL };
        if s.objective().is_none() {
            return DLX_ERR_UNSUPPORTED;
        }
        run(s, items, count, 1, |i, r| {
            let (status, cost) = match (r.count, r.cost) {
                (Err(e), _) => (dlx_status::from(e), 0),
                (Ok(_), Some(cost)) => (DLX_SOLUTION, cost),
                (Ok(_), None) => (DLX_DONE, 0),
            };
            // SAFETY: the caller's callback and user pointer; the rows
            // live through the call.
            unsafe { f(user, i, status, cost, rows_of(r), r.first.len()) }
        })
    })
}

/// A result's first (or best) solution for C: NULL when there is none.
fn rows_of(r: &BatchResult) -> *const usize {
    if r.first.is_empty() {
        std::ptr::null()
    } else {
        r.first.as_ptr()
    }
}

/// The batch of the C items `items[0 .. count]` on `s`, each result given
/// to `report`, whose non-zero answer stops the batch: `DLX_OK`,
/// `DLX_STOPPED`, or the error (an item's array NULL with a count, out of
/// memory).
fn run(s: &mut Solver, items: *const dlx_batch_item, count: usize, most: u64, mut report: impl FnMut(usize, &BatchResult) -> c_int) -> dlx_status {
    // SAFETY: the caller's arrays, of the lengths given.
    let items = match unsafe { slice_arg(items, count) } {
        Ok(items) => items,
        Err(e) => return e,
    };
    let mut batch = Vec::new();
    if batch.try_reserve_exact(items.len()).is_err() {
        return DLX_ERR_OUT_OF_MEMORY;
    }
    for it in items {
        // SAFETY: each item's arrays, of the lengths it gives.
        match unsafe { (slice_arg(it.forced, it.forced_count), slice_arg(it.excluded, it.excluded_count)) } {
            (Ok(forced), Ok(excluded)) => batch.push(BatchItem { forced, excluded }),
            (Err(e), _) | (_, Err(e)) => return e,
        }
    }
    let each = s.solve_batch_each(&batch, most, |i, r| if report(i, r) != 0 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) });
    match each {
        Ok(true) => DLX_OK,
        Ok(false) => DLX_STOPPED,
        Err(e) => e.into(),
    }
}
