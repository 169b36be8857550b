//! `dlx_matrix`: building the problem.

use super::status::dlx_status::{self, *};
use super::{as_mut, as_ref, free_handle, guard, store_handle, write_out, Castable};
use crate::matrix::Matrix;

/// An exact cover problem: columns 0..n-1, each primary (covered exactly once
/// by every solution) or secondary (covered at most once), and rows added
/// one at a time.
///
/// Ownership: made by `dlx_matrix_new`, freed by `dlx_matrix_free`. Solvers
/// copy what they need, so a matrix may be changed or freed while solvers
/// made from it still run.
///
/// Threads: calls that take a `const dlx_matrix *` only read it, and any
/// number of them may run at once in different threads (for example
/// `dlx_solver_new`, `dlx_solve` or `dlx_count` on one matrix in several
/// threads). A call that changes the matrix must not overlap with any other
/// call on the same matrix.
pub struct dlx_matrix {
    _private: [u8; 0],
}

impl Castable for dlx_matrix {
    type Rust = Matrix;
}

/// Makes a matrix of `columns` primary columns and no rows, and stores it in
/// `*out`. Zero columns is allowed (its one solution is the empty set).
/// Errors: `DLX_ERR_NULL` (out is NULL), `DLX_ERR_TOO_LARGE` (more columns
/// than 32-bit links can index), `DLX_ERR_OUT_OF_MEMORY`.
#[no_mangle]
pub extern "C" fn dlx_matrix_new(columns: usize, out: *mut *mut dlx_matrix) -> dlx_status {
    guard(DLX_ERR_PANIC, || {
        if out.is_null() {
            return DLX_ERR_NULL;
        }
        unsafe { store_handle(Matrix::new(columns), out) }
    })
}

/// Frees a matrix. NULL does nothing.
#[no_mangle]
pub extern "C" fn dlx_matrix_free(matrix: *mut dlx_matrix) {
    guard((), || unsafe { free_handle(matrix) })
}

/// Makes `column` secondary: a solution covers it at most once and need not
/// cover it. Marking a column twice is allowed. As in Knuth's programs, the
/// search branches on primary columns only, so a row whose columns are all
/// secondary is never part of a solution. Errors: `DLX_ERR_NULL`,
/// `DLX_ERR_COLUMN_RANGE`.
#[no_mangle]
pub extern "C" fn dlx_matrix_set_secondary(matrix: *mut dlx_matrix, column: usize) -> dlx_status {
    guard(DLX_ERR_PANIC, || {
        let Some(m) = (unsafe { as_mut(matrix) }) else { return DLX_ERR_NULL };
        m.set_secondary(column).into()
    })
}

/// Adds a row covering the `count` distinct 0-based columns in `columns`
/// (any order; the order is kept). Its 0-based id, which counts the rows
/// added before it, goes to `*row_out` when `row_out` is not NULL.
/// On error the matrix is unchanged. Errors: `DLX_ERR_NULL` (matrix, or
/// columns with count > 0), `DLX_ERR_EMPTY_ROW` (count 0),
/// `DLX_ERR_COLUMN_RANGE`, `DLX_ERR_DUPLICATE_COLUMN`, `DLX_ERR_TOO_LARGE`
/// (the links would exceed 32-bit indices), `DLX_ERR_OUT_OF_MEMORY`.
#[no_mangle]
pub extern "C" fn dlx_matrix_add_row(
    matrix: *mut dlx_matrix,
    columns: *const usize,
    count: usize,
    row_out: *mut usize,
) -> dlx_status {
    guard(DLX_ERR_PANIC, || {
        let Some(m) = (unsafe { as_mut(matrix) }) else { return DLX_ERR_NULL };
        if count == 0 {
            return DLX_ERR_EMPTY_ROW;
        }
        if columns.is_null() {
            return DLX_ERR_NULL;
        }
        if count > isize::MAX as usize / std::mem::size_of::<usize>() {
            return DLX_ERR_TOO_LARGE;
        }
        let cols = unsafe { std::slice::from_raw_parts(columns, count) };
        match m.add_row(cols) {
            Ok(row) => {
                if !row_out.is_null() {
                    unsafe { write_out(row_out, row) };
                }
                DLX_OK
            }
            Err(e) => e.into(),
        }
    })
}

/// The number of columns; 0 for NULL.
#[no_mangle]
pub extern "C" fn dlx_matrix_column_count(matrix: *const dlx_matrix) -> usize {
    guard(0, || unsafe { as_ref(matrix) }.map_or(0, Matrix::columns))
}

/// The number of rows added so far; 0 for NULL.
#[no_mangle]
pub extern "C" fn dlx_matrix_row_count(matrix: *const dlx_matrix) -> usize {
    guard(0, || unsafe { as_ref(matrix) }.map_or(0, Matrix::rows))
}
