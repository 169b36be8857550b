//! Preprocessing (`dlx_core::pre`) in C: `dlx_matrix_preprocess` makes the
//! reduced matrix, `dlx_solver_preprocess` leaves the removed rows out of a
//! solver's searches, and `dlx_pre_stats` says what went.

use libc::c_int;

use super::matrix::dlx_matrix;
use super::solver::{dlx_solver, with_solver};
use super::status::dlx_status::{self, *};
use super::{as_ref, guard, into_handle, write_out};
use dlx_core::pre::{self, PreStats};

/// What a preprocessing did. The caller sets `size` to
/// `sizeof(dlx_pre_stats)`; the library fills the fields that fit in
/// `size` bytes and nothing past them, so a program built against this
/// header keeps working when later versions add fields at the end.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct dlx_pre_stats {
    pub size: usize,
    /// Rows found in no solution.
    pub rows_removed: u64,
    /// Columns left with no rows, or forced by another column (every row
    /// of a primary column holds them).
    pub columns_removed: u64,
    /// Rounds over the problem.
    pub rounds: u64,
    /// Entries read, what the work limit counts.
    pub work: u64,
    /// 1 when the rounds reached the point where nothing more goes; 0 when
    /// the work limit stopped them (what went is still right).
    pub complete: c_int,
    /// 1 when a primary column that must be covered has no row left: no
    /// solution, and every row is removed.
    pub infeasible: c_int,
}

/// The work limit a C caller means: 0 is the default (`dlx_core::pre`'s
/// `DEFAULT_WORK`, 2^32 entries read, a few seconds at most).
fn work_of(limit: u64) -> u64 {
    if limit == 0 {
        pre::DEFAULT_WORK
    } else {
        limit
    }
}

/// Fills `*out` (when not NULL) with `stats`, up to `out->size` bytes.
///
/// # Safety
/// `out` is NULL or points to at least `out->size` writable bytes.
unsafe fn store_stats(out: *mut dlx_pre_stats, stats: &PreStats) {
    if out.is_null() {
        return;
    }
    let size = unsafe { (*out).size }.min(std::mem::size_of::<dlx_pre_stats>());
    let full = dlx_pre_stats {
        size,
        rows_removed: stats.rows_removed as u64,
        columns_removed: stats.columns_removed as u64,
        rounds: stats.rounds,
        work: stats.work,
        complete: c_int::from(stats.complete),
        infeasible: c_int::from(stats.infeasible),
    };
    // SAFETY: the caller's struct holds `size` bytes, and `full` at least
    // as many; the fields past `size` are left alone.
    unsafe { std::ptr::copy_nonoverlapping((&full as *const dlx_pre_stats).cast::<u8>(), out.cast::<u8>(), size) };
}

/// Preprocesses `matrix` as Knuth's DLX-PRE does, within `work_limit`
/// entries read (0: the default, 2^32; `UINT64_MAX`: no limit), and stores
/// what is left in a new matrix in `*reduced` (free it with
/// `dlx_matrix_free`): the live rows and columns, renumbered in order,
/// with their names, bounds, colors and costs.
///
/// Two rules remove rows and columns, in rounds until nothing changes:
/// *forcing*, when every row of a primary column of bounds (1, 1) holds
/// column c without a color and c may be covered at most once: the rows
/// with c but not that column go, and c goes; *blocking*, when every row
/// of a primary column that must be covered clashes with row r (shares a
/// primary column of upper bound 1, or a secondary column without the
/// same color on both), r goes. Rows without primary columns go, and so
/// do columns left with no rows. Bounds of 2 or more make no clash, so
/// multiplicities stay exact.
///
/// The solutions of `*reduced` are exactly those of `matrix`: row i of
/// `*reduced` is row `origin[i]` of `matrix`, and column j is column
/// `column_origin[j]`. `origin` may be NULL; if not, it has room for
/// `dlx_matrix_row_count(matrix)` entries, of which the first
/// `dlx_matrix_row_count(*reduced)` are written; `column_origin` likewise,
/// with `dlx_matrix_column_count`. `stats` may be
/// NULL (see `dlx_pre_stats` for its `size`). When the problem has no
/// solution (`stats->infeasible`), `*reduced` holds the one primary column
/// that cannot be covered, and no rows. `matrix` is not changed. Errors,
/// with nothing written: `DLX_ERR_NULL` (matrix or reduced is NULL),
/// `DLX_ERR_OUT_OF_MEMORY`.
#[no_mangle]
pub extern "C" fn dlx_matrix_preprocess(
    matrix: *const dlx_matrix,
    work_limit: u64,
    reduced: *mut *mut dlx_matrix,
    origin: *mut usize,
    column_origin: *mut usize,
    stats: *mut dlx_pre_stats,
) -> dlx_status {
    guard(DLX_ERR_PANIC, || {
        let Some(m) = (unsafe { as_ref(matrix) }) else { return DLX_ERR_NULL };
        if reduced.is_null() {
            return DLX_ERR_NULL;
        }
        let done = match pre::preprocess(m, work_of(work_limit)) {
            Ok(done) => done,
            Err(e) => return dlx_status::from(e),
        };
        if !origin.is_null() {
            // SAFETY: the caller gives room for every row of `matrix`, and
            // the reduced matrix has no more.
            unsafe { std::ptr::copy_nonoverlapping(done.rows.as_ptr(), origin, done.rows.len()) };
        }
        if !column_origin.is_null() {
            // SAFETY: as for `origin`, with the columns.
            unsafe { std::ptr::copy_nonoverlapping(done.columns.as_ptr(), column_origin, done.columns.len()) };
        }
        unsafe { store_stats(stats, &done.stats) };
        unsafe { write_out(reduced, into_handle::<dlx_matrix>(done.matrix)) };
        DLX_OK
    })
}

/// Preprocesses the solver's problem as `dlx_matrix_preprocess` does and
/// leaves the rows it removes out of every later search, count, split and
/// memoized count of this solver, without changing anything the caller
/// sees: solutions, counts, costs and row ids are those of the matrix the
/// solver was made from. A forced row that preprocessing removed gives no
/// solution, as it would without preprocessing. The excluded rows the
/// caller set stay (`dlx_solver_exclude_rows` replaces them, never the
/// removed ones); subproblems (`dlx_solver_subproblems`) exclude the
/// removed rows too, so they hold for any solver of the matrix. Calling it
/// again preprocesses again. The search starts over, its counters at zero.
/// `stats` may be NULL. Errors, leaving the solver as it was:
/// `DLX_ERR_NULL`, `DLX_ERR_BUSY`, `DLX_ERR_OUT_OF_MEMORY`.
#[no_mangle]
pub extern "C" fn dlx_solver_preprocess(solver: *mut dlx_solver, work_limit: u64, stats: *mut dlx_pre_stats) -> dlx_status {
    with_solver(solver, |s| match s.preprocess(work_of(work_limit)) {
        Ok(done) => {
            unsafe { store_stats(stats, &done) };
            DLX_OK
        }
        Err(e) => e.into(),
    })
}
