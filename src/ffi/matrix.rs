//! `dlx_matrix`: building the problem.

use super::status::dlx_status::{self, *};
use super::{as_mut, as_ref, free_handle, guard, store_handle, write_out, Castable};
use crate::matrix::Matrix;

/// An exact cover problem: columns 0..n-1, each primary (covered exactly once
/// by every solution, or between the bounds of `dlx_matrix_set_bounds`) or
/// secondary (covered at most once, or by rows of one color:
/// `dlx_matrix_add_row_colored`), and rows added one at a time.
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
    guard(DLX_ERR_PANIC, || unsafe { add_row_with(matrix, columns, count, row_out, |m, cols| m.add_row(cols)) })
}

/// Adds a row as `dlx_matrix_add_row` does, where `colors[k]` is the color
/// of its entry in `columns[k]`: 0 for none, any other value a color.
/// Colors go on secondary columns only. Rows that give a secondary column
/// the same color may be chosen together; an entry without a color still
/// excludes every other row through that column (Knuth's DLX2). On error
/// the matrix is unchanged. Errors: those of `dlx_matrix_add_row`,
/// `DLX_ERR_NULL` (colors NULL with count > 0), `DLX_ERR_COLOR_ON_PRIMARY`.
#[no_mangle]
pub extern "C" fn dlx_matrix_add_row_colored(
    matrix: *mut dlx_matrix,
    columns: *const usize,
    colors: *const u32,
    count: usize,
    row_out: *mut usize,
) -> dlx_status {
    guard(DLX_ERR_PANIC, || {
        if colors.is_null() && count > 0 {
            return DLX_ERR_NULL;
        }
        unsafe {
            add_row_with(matrix, columns, count, row_out, |m, cols| {
                m.add_colored_row(cols, std::slice::from_raw_parts(colors, cols.len()))
            })
        }
    })
}

/// The checks and the output of both ways of adding a row; `add` adds
/// the checked columns.
///
/// # Safety
/// As for `dlx_matrix_add_row`.
unsafe fn add_row_with(
    matrix: *mut dlx_matrix,
    columns: *const usize,
    count: usize,
    row_out: *mut usize,
    add: impl FnOnce(&mut Matrix, &[usize]) -> Result<usize, crate::Error>,
) -> dlx_status {
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
    match add(m, cols) {
        Ok(row) => {
            if !row_out.is_null() {
                unsafe { write_out(row_out, row) };
            }
            DLX_OK
        }
        Err(e) => e.into(),
    }
}

/// Lets every solution cover primary column `column` between `lower` and
/// `upper` times (Knuth's multiplicities, DLX3): exact cover is (1, 1),
/// "at least once" is (1, number of rows), (0, 0) forbids the column. A
/// secondary column keeps (0, 1): making a column secondary drops its
/// bounds. Errors, the matrix unchanged: `DLX_ERR_NULL`,
/// `DLX_ERR_COLUMN_RANGE`, `DLX_ERR_BOUNDS` (lower > upper, or the column
/// is secondary), `DLX_ERR_OUT_OF_MEMORY`.
#[no_mangle]
pub extern "C" fn dlx_matrix_set_bounds(matrix: *mut dlx_matrix, column: usize, lower: u32, upper: u32) -> dlx_status {
    guard(DLX_ERR_PANIC, || {
        let Some(m) = (unsafe { as_mut(matrix) }) else { return DLX_ERR_NULL };
        m.set_bounds(column, lower, upper).into()
    })
}

/// Writes the bounds of `column` to `*lower` and `*upper`: (1, 1) for a
/// primary column unless set, (0, 1) for a secondary one. Errors:
/// `DLX_ERR_NULL`, `DLX_ERR_COLUMN_RANGE`.
#[no_mangle]
pub extern "C" fn dlx_matrix_bounds(matrix: *const dlx_matrix, column: usize, lower: *mut u32, upper: *mut u32) -> dlx_status {
    guard(DLX_ERR_PANIC, || {
        let Some(m) = (unsafe { as_ref(matrix) }) else { return DLX_ERR_NULL };
        if lower.is_null() || upper.is_null() {
            return DLX_ERR_NULL;
        }
        match m.bounds(column) {
            Some((l, u)) => {
                unsafe {
                    write_out(lower, l);
                    write_out(upper, u);
                }
                DLX_OK
            }
            None => DLX_ERR_COLUMN_RANGE,
        }
    })
}

/// Writes the color of entry `k` (0-based, in the order given) of row
/// `row` to `*color`: 0 for none. Colors read from Knuth's format are
/// numbered from 1 in order of first use. Errors: `DLX_ERR_NULL`,
/// `DLX_ERR_ROW_RANGE` (no such row), `DLX_ERR_COLUMN_RANGE` (the row has
/// no entry `k`).
#[no_mangle]
pub extern "C" fn dlx_matrix_entry_color(matrix: *const dlx_matrix, row: usize, k: usize, color: *mut u32) -> dlx_status {
    guard(DLX_ERR_PANIC, || {
        let Some(m) = (unsafe { as_ref(matrix) }) else { return DLX_ERR_NULL };
        if color.is_null() {
            return DLX_ERR_NULL;
        }
        if row >= m.rows() {
            return DLX_ERR_ROW_RANGE;
        }
        match m.color_id(row, k) {
            Some(c) => {
                unsafe { write_out(color, c) };
                DLX_OK
            }
            None => DLX_ERR_COLUMN_RANGE,
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
