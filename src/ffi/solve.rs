//! Conveniences over a solver made and freed inside the call.

use libc::{c_int, c_void};

use super::matrix::dlx_matrix;
use super::solver::{dlx_solution_fn, run};
use super::status::dlx_status::{self, *};
use super::{as_ref, buffer_args_ok, guard, write_out};
use dlx_core::objective::count;
use dlx_core::solver::Solver;

/// Hands every solution of `matrix` to `callback` (see `dlx_solution_fn`).
/// Returns `DLX_DONE` when all were handed over, or `DLX_STOPPED` when the
/// callback returned non-zero; that value then goes to `*callback_result`
/// if it is not NULL. Errors: `DLX_ERR_NULL`, `DLX_ERR_OUT_OF_MEMORY`.
#[no_mangle]
pub extern "C" fn dlx_solve(
    matrix: *const dlx_matrix,
    callback: dlx_solution_fn,
    user: *mut c_void,
    callback_result: *mut c_int,
) -> dlx_status {
    guard(DLX_ERR_PANIC, || {
        let Some(m) = (unsafe { as_ref(matrix) }) else { return DLX_ERR_NULL };
        let Some(f) = callback else { return DLX_ERR_NULL };
        match Solver::new(m) {
            Ok(mut s) => run(&mut s, f, user, callback_result),
            Err(e) => e.into(),
        }
    })
}

/// Counts the solutions of `matrix` into `*count`, stopping once `max` are
/// found when `max` is not 0. Returns `DLX_OK`. Errors: `DLX_ERR_NULL`,
/// `DLX_ERR_OUT_OF_MEMORY`.
#[no_mangle]
pub extern "C" fn dlx_count(matrix: *const dlx_matrix, max: u64, count_out: *mut u64) -> dlx_status {
    guard(DLX_ERR_PANIC, || {
        let Some(m) = (unsafe { as_ref(matrix) }) else { return DLX_ERR_NULL };
        if count_out.is_null() {
            return DLX_ERR_NULL;
        }
        match Solver::new(m) {
            Ok(mut s) => {
                let n = count(&mut s, (max != 0).then_some(max));
                unsafe { write_out(count_out, n) };
                DLX_OK
            }
            Err(e) => e.into(),
        }
    })
}

/// Finds the first solution of `matrix`: on `DLX_SOLUTION` its row ids (in
/// the order the search chose them) are in `rows[0 .. *count]`. Returns
/// `DLX_DONE`, writing nothing, when there is no solution. A `capacity` of
/// the matrix's number of columns always suffices for exact cover, and its
/// number of rows with bounds; `rows` may be NULL when `capacity` is 0.
/// Errors: `DLX_ERR_NULL`, `DLX_ERR_BUFFER_TOO_SMALL` (nothing written),
/// `DLX_ERR_OUT_OF_MEMORY`.
#[no_mangle]
pub extern "C" fn dlx_solve_first(
    matrix: *const dlx_matrix,
    rows: *mut usize,
    capacity: usize,
    count: *mut usize,
) -> dlx_status {
    guard(DLX_ERR_PANIC, || {
        let Some(m) = (unsafe { as_ref(matrix) }) else { return DLX_ERR_NULL };
        if !buffer_args_ok(rows, capacity, count) {
            return DLX_ERR_NULL;
        }
        let mut s = match Solver::new(m) {
            Ok(s) => s,
            Err(e) => return e.into(),
        };
        let Some(found) = s.next_solution() else { return DLX_DONE };
        match unsafe { copy_rows(found, rows, capacity, count) } {
            DLX_OK => DLX_SOLUTION,
            status => status,
        }
    })
}

/// Copies `found` into `rows[0 .. found.len()]` and its length to `*count`,
/// or returns `DLX_ERR_BUFFER_TOO_SMALL` (writing nothing) when it holds
/// more than `capacity` rows.
///
/// # Safety
/// `rows` must be valid for `capacity` writes (or `found` empty), `count`
/// for one.
unsafe fn copy_rows(found: &[usize], rows: *mut usize, capacity: usize, count: *mut usize) -> dlx_status {
    if found.len() > capacity {
        return DLX_ERR_BUFFER_TOO_SMALL;
    }
    unsafe {
        if !found.is_empty() {
            std::ptr::copy_nonoverlapping(found.as_ptr(), rows, found.len());
        }
        write_out(count, found.len());
    }
    DLX_OK
}

/// Finds a best solution of `matrix` under `objective` (a
/// `dlx_objective` other than `DLX_OBJECTIVE_ALL`): on `DLX_SOLUTION` its
/// row ids are in `rows[0 .. *count]` and its cost in `*cost` (`cost` may be
/// NULL). Returns `DLX_DONE`, writing nothing, when there is no solution. A
/// `capacity` of the matrix's number of columns always suffices for exact
/// cover, and its number of rows with bounds; `rows` may be NULL when
/// `capacity` is 0. Errors: `DLX_ERR_NULL`, `DLX_ERR_UNKNOWN_VALUE`,
/// `DLX_ERR_BUFFER_TOO_SMALL` (nothing written), `DLX_ERR_COST_RANGE`,
/// `DLX_ERR_OUT_OF_MEMORY`.
#[no_mangle]
pub extern "C" fn dlx_solve_best(
    matrix: *const dlx_matrix,
    objective: u32,
    rows: *mut usize,
    capacity: usize,
    count: *mut usize,
    cost: *mut i64,
) -> dlx_status {
    guard(DLX_ERR_PANIC, || {
        let Some(m) = (unsafe { as_ref(matrix) }) else { return DLX_ERR_NULL };
        if !buffer_args_ok(rows, capacity, count) {
            return DLX_ERR_NULL;
        }
        let o = match super::objective::parse_objective(objective, 1) {
            Ok(Some(o)) => o,
            Ok(None) => return DLX_ERR_UNKNOWN_VALUE,
            Err(status) => return status,
        };
        let mut s = match Solver::new(m) {
            Ok(s) => s,
            Err(e) => return e.into(),
        };
        if let Err(e) = s.set_objective(Some(o)) {
            return e.into();
        }
        while s.next_solution().is_some() {}
        let Some(b) = s.best().first() else { return DLX_DONE };
        let copied = unsafe { copy_rows(&b.rows, rows, capacity, count) };
        if copied != DLX_OK {
            return copied;
        }
        if !cost.is_null() {
            unsafe { write_out(cost, b.cost) };
        }
        DLX_SOLUTION
    })
}
