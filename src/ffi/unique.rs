//! The uniqueness check in C (`dlx_core::solver::Uniqueness`): none, one
//! or several solutions, found by a search stopped at the second.

use libc::c_void;

use super::solver::{dlx_solution_fn, dlx_solver, with_busy_solver};
use super::status::dlx_status::{self, *};
use super::write_out;
use dlx_core::solver::Uniqueness;

/// What `dlx_solver_is_unique` found.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(non_camel_case_types)]
pub enum dlx_uniqueness {
    /// No solution.
    DLX_UNIQUENESS_NONE = 0,
    /// Exactly one solution.
    DLX_UNIQUENESS_UNIQUE = 1,
    /// Two or more.
    DLX_UNIQUENESS_SEVERAL = 2,
}

/// Whether the problem (with the forced rows, without the excluded ones)
/// has no solution, exactly one or several: the search starts again (its
/// counters at zero) and stops at the second solution, so a sudoku's
/// check takes about the time of finding its solution and proving there is
/// no other. Writes a `dlx_uniqueness` value to `*verdict` and, when
/// `callback` is not NULL, hands it the solutions met (none, the one, or
/// the first two; its return value is ignored) before returning
/// `DLX_DONE`. On the solver's threads, within its limits (the solution
/// limit does not apply) and cancel: `DLX_STOPPED` when they stopped the
/// search first (`*verdict` unwritten, no callback; the next call starts
/// over). The search then stands after the solutions met.
/// Errors: `DLX_ERR_NULL` (`solver` or `verdict`), `DLX_ERR_UNSUPPORTED`
/// (an objective or a cost limit, under which the search hands out only
/// better solutions), `DLX_ERR_OUT_OF_MEMORY`, `DLX_ERR_BUSY`.
#[no_mangle]
pub extern "C" fn dlx_solver_is_unique(solver: *mut dlx_solver, verdict: *mut u32, callback: dlx_solution_fn, user: *mut c_void) -> dlx_status {
    with_busy_solver(solver, |s| {
        if verdict.is_null() {
            return DLX_ERR_NULL;
        }
        let found = match s.uniqueness() {
            Ok(Some(u)) => u,
            Ok(None) => return DLX_STOPPED,
            Err(e) => return e.into(),
        };
        let (value, solutions): (dlx_uniqueness, &[&[usize]]) = match &found {
            Uniqueness::None => (dlx_uniqueness::DLX_UNIQUENESS_NONE, &[]),
            Uniqueness::Unique(a) => (dlx_uniqueness::DLX_UNIQUENESS_UNIQUE, &[a.as_slice()]),
            Uniqueness::Several(a, b) => (dlx_uniqueness::DLX_UNIQUENESS_SEVERAL, &[a.as_slice(), b.as_slice()]),
        };
        // SAFETY: `verdict` is not NULL and valid for a write (the
        // caller's promise); the callback is called as documented.
        unsafe { write_out(verdict, value as u32) };
        if let Some(f) = callback {
            for rows in solutions {
                unsafe { f(user, rows.as_ptr(), rows.len()) };
            }
        }
        DLX_DONE
    })
}
