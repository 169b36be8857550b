//! Symmetries in C (`dlx_core::symmetry`): column permutations that map
//! the matrix to itself, the solutions counted up to them (Burnside's
//! lemma over each element's fixed solutions) and one solution listed per
//! orbit.

use libc::{c_char, c_int, c_void};

use super::matrix::dlx_matrix;
use super::memo::{counted, write_count};
use super::solver::{dlx_solution_fn, dlx_solver, with_busy_solver, Stop};
use super::status::dlx_status::{self, *};
use super::{as_mut, guard, slice_arg, write_out, CEnum};
use dlx_core::control::Outcome;
use dlx_core::solver::{CountMethod, Orbits, Solver};

/// Adds a symmetry of the matrix: `image[c]` is the column that column
/// `c` goes to, for each of the `count` columns (`count` must be the
/// number of columns, each column reached once). A symmetry should map
/// the matrix to itself: each primary column to a primary column with the
/// same bounds, each secondary one to a secondary one, and each row (with
/// its colors) to a row; the `k`-th copy of a row given more than once
/// goes to the `k`-th copy of its image. Since rows may still come, that
/// is checked by the calls that use the symmetries
/// (`dlx_solver_count_orbits`, `dlx_solver_run_orbits`:
/// `DLX_ERR_NOT_SYMMETRY`). Solvers made earlier keep the symmetries they
/// were made with. The matrix's symmetries generate a group of at most
/// 65,536 elements (with at most 2^26 column and row images over all of
/// them). Errors, the matrix unchanged: `DLX_ERR_NULL`,
/// `DLX_ERR_INVALID_ARGUMENT` (`count` is not the number of columns, or a
/// column is reached twice), `DLX_ERR_COLUMN_RANGE`,
/// `DLX_ERR_OUT_OF_MEMORY`.
#[no_mangle]
pub extern "C" fn dlx_matrix_add_symmetry(matrix: *mut dlx_matrix, image: *const usize, count: usize) -> dlx_status {
    guard(DLX_ERR_PANIC, || {
        let Some(m) = (unsafe { as_mut(matrix) }) else { return DLX_ERR_NULL };
        // SAFETY: `image` holds `count` entries (the caller's promise).
        match unsafe { slice_arg(image, count) } {
            Ok(image) => m.add_symmetry(image).into(),
            Err(status) => status,
        }
    })
}

/// Drops every symmetry of the matrix. Errors: `DLX_ERR_NULL`.
#[no_mangle]
pub extern "C" fn dlx_matrix_clear_symmetries(matrix: *mut dlx_matrix) -> dlx_status {
    guard(DLX_ERR_PANIC, || {
        let Some(m) = (unsafe { as_mut(matrix) }) else { return DLX_ERR_NULL };
        m.clear_symmetries();
        DLX_OK
    })
}

/// Which count `dlx_solver_count_orbits` runs for each element's fixed
/// solutions.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(non_camel_case_types)]
pub enum dlx_count_method {
    /// The automatic count (`dlx_solver_count_auto`).
    DLX_COUNT_AUTO = 0,
    /// The plain count (`dlx_solver_count`).
    DLX_COUNT_PLAIN = 1,
    /// The memoized count (`dlx_solver_count_memo`).
    DLX_COUNT_MEMO = 2,
}
super::c_enum!(dlx_count_method: DLX_COUNT_AUTO, DLX_COUNT_PLAIN, DLX_COUNT_MEMO);

/// Counts the solutions up to the matrix's symmetries
/// (`dlx_matrix_add_symmetry`): the number of orbits, classes of solutions
/// that the group the symmetries generate maps to one another. By
/// Burnside's lemma it is the mean over the group's elements of the
/// solutions each maps to itself, and those of one element are the
/// solutions of a smaller matrix (one row per cycle of the element's
/// rows, one column per cycle of its columns), each counted by `method`
/// (a `dlx_count_method` value) on the solver's threads and memo
/// settings. Exact at any size.
///
/// The count, `DLX_ERR_BUFFER_TOO_SMALL` and `DLX_STOPPED` as
/// `dlx_solver_count_memo`: the node and update limits apply to each
/// element's count in turn, the time limit to the call; a cancel stops
/// it; there are no progress reports; a stopped call goes on at the next
/// call with the same method. `dlx_solver_orbit_fixed` then gives each
/// element's count.
/// Errors: `DLX_ERR_NULL` (`solver`, `length`, or `digits` with a non-zero
/// `capacity`), `DLX_ERR_UNKNOWN_VALUE` (`method`), `DLX_ERR_UNSUPPORTED`
/// (forced or excluded rows, an objective or a cost limit, which pick
/// solutions a symmetry need not keep; or a group past 65,536 elements),
/// `DLX_ERR_NOT_SYMMETRY`, `DLX_ERR_OUT_OF_MEMORY`, `DLX_ERR_BUSY`.
#[no_mangle]
pub extern "C" fn dlx_solver_count_orbits(solver: *mut dlx_solver, method: u32, digits: *mut c_char, capacity: usize, length: *mut usize) -> dlx_status {
    counted(solver, digits, capacity, length, |s| {
        let method = method_of(method).ok_or(DLX_ERR_UNKNOWN_VALUE)?;
        Ok(s.count_orbits(method)?.map(|o| o.orbits))
    })
}

fn method_of(method: u32) -> Option<CountMethod> {
    Some(match dlx_count_method::from_u32(method)? {
        dlx_count_method::DLX_COUNT_AUTO => CountMethod::Auto,
        dlx_count_method::DLX_COUNT_PLAIN => CountMethod::Plain,
        dlx_count_method::DLX_COUNT_MEMO => CountMethod::Memo,
    })
}

/// After `dlx_solver_count_orbits` (with `method`) is done: the order of
/// the group to `*order` when `element` is `SIZE_MAX`, else the number of
/// solutions element `element` maps to themselves, as decimal text, as
/// `dlx_solver_count_memo` writes it (element 0 is the identity, which
/// fixes every solution). Runs the count if it is not done (then as
/// `dlx_solver_count_orbits`). Errors: those of
/// `dlx_solver_count_orbits`, `DLX_ERR_INVALID_ARGUMENT` (`element` is
/// not below the order).
#[no_mangle]
pub extern "C" fn dlx_solver_orbit_fixed(solver: *mut dlx_solver, method: u32, element: usize, order: *mut usize, digits: *mut c_char, capacity: usize, length: *mut usize) -> dlx_status {
    with_busy_solver(solver, |s| {
        let Some(method) = method_of(method) else { return DLX_ERR_UNKNOWN_VALUE };
        let orbits: Orbits = match s.count_orbits(method) {
            Ok(Some(o)) => o,
            Ok(None) => return DLX_STOPPED,
            Err(e) => return e.into(),
        };
        if element == usize::MAX {
            if order.is_null() {
                return DLX_ERR_NULL;
            }
            unsafe { write_out(order, orbits.fixed.len()) };
            return DLX_DONE;
        }
        if length.is_null() || (digits.is_null() && capacity > 0) {
            return DLX_ERR_NULL;
        }
        match orbits.fixed.get(element) {
            // SAFETY: as in `dlx_solver_count_orbits`.
            Some(c) => unsafe { write_count(c, digits, capacity, length) },
            None => DLX_ERR_INVALID_ARGUMENT,
        }
    })
}

/// Hands `callback` one solution of each orbit (`dlx_solver_count_orbits`):
/// of the solutions the symmetries map to one another, the one whose row
/// ids, sorted, come first in lexicographic order (handed out in the
/// search's order of rows), orbits in the order the search meets them. It runs the search of
/// `dlx_solver_run` and tests each solution against every element of the
/// group, so it takes that search's time, on the solver's threads. Returns
/// as `dlx_solver_run`: `DLX_DONE` when the search is exhausted,
/// `DLX_STOPPED` when the callback returned non-zero (the value to
/// `*callback_result` if it is not NULL), a limit (the solution limit
/// counts the solutions handed out) or a cancel stopped it; a later call
/// goes on. Errors: `DLX_ERR_NULL` (solver or callback), and those of
/// `dlx_solver_count_orbits` but for the method.
#[no_mangle]
pub extern "C" fn dlx_solver_run_orbits(solver: *mut dlx_solver, callback: dlx_solution_fn, user: *mut c_void, callback_result: *mut c_int) -> dlx_status {
    with_busy_solver(solver, |s: &mut Solver| {
        let Some(f) = callback else { return DLX_ERR_NULL };
        let mut stop = Stop::default();
        // SAFETY: the caller's callback, called as documented.
        match s.run_orbits(|rows| stop.on(unsafe { f(user, rows.as_ptr(), rows.len()) })) {
            Ok(Outcome::Exhausted) => DLX_DONE,
            Ok(Outcome::Stopped) => {
                unsafe { stop.report(callback_result) };
                DLX_STOPPED
            }
            Ok(_) => DLX_STOPPED,
            Err(e) => e.into(),
        }
    })
}
