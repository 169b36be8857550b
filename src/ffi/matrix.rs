//! `dlx_matrix`: building the problem.

use super::status::dlx_status::{self, *};
use super::{as_mut, as_ref, free_handle, guard, store_handle, write_out, Castable};
use dlx_core::matrix::Matrix;
use libc::c_int;

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
    add: impl FnOnce(&mut Matrix, &[usize]) -> Result<usize, dlx_core::error::Error>,
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

/// Adds `rows` rows at once, all of them or none: row `i` covers the
/// columns `columns[starts[i] .. starts[i + 1]]` (the layout of a CSR
/// sparse matrix: `starts` has `rows + 1` entries and never decreases), and
/// when `colors` is not NULL, `colors[starts[i] .. starts[i + 1]]` are the
/// colors of those entries (as for `dlx_matrix_add_row_colored`). The id
/// of the first row added goes to `*first_row` when it is not NULL; the
/// others follow it. `rows` 0 adds nothing (`starts` may then be NULL).
/// On error the matrix is unchanged, and (an exception to the
/// out-parameter rule) `*failed_row`, when it is not NULL, receives the
/// index within this call of the row that was refused.
/// Errors: `DLX_ERR_NULL` (matrix, or starts with `rows` > 0, or columns
/// with entries), `DLX_ERR_INVALID_ARGUMENT` (`starts` decreases), then
/// the errors of `dlx_matrix_add_row` and `dlx_matrix_add_row_colored`
/// for the row refused.
#[no_mangle]
pub extern "C" fn dlx_matrix_add_rows(
    matrix: *mut dlx_matrix,
    starts: *const usize,
    rows: usize,
    columns: *const usize,
    colors: *const u32,
    first_row: *mut usize,
    failed_row: *mut usize,
) -> dlx_status {
    guard(DLX_ERR_PANIC, || {
        let Some(m) = (unsafe { as_mut(matrix) }) else { return DLX_ERR_NULL };
        if rows == 0 {
            return unsafe { report_rows(m.add_rows(&[], &[], None), first_row, failed_row) };
        }
        if starts.is_null() {
            return DLX_ERR_NULL;
        }
        if rows >= isize::MAX as usize / std::mem::size_of::<usize>() {
            return DLX_ERR_TOO_LARGE;
        }
        let starts = unsafe { std::slice::from_raw_parts(starts, rows + 1) };
        // The entries run from starts[0] to the largest start: checked
        // row by row below, so the slices are made over what the rows use.
        if let Some(i) = starts.windows(2).position(|w| w[0] > w[1]) {
            return unsafe { report_rows(Err((i, dlx_core::error::Error::InvalidArgument)), first_row, failed_row) };
        }
        let used = starts[rows];
        if used > isize::MAX as usize / std::mem::size_of::<usize>() {
            return DLX_ERR_TOO_LARGE;
        }
        if used > 0 && columns.is_null() {
            return DLX_ERR_NULL;
        }
        let cols: &[usize] = if used == 0 { &[] } else { unsafe { std::slice::from_raw_parts(columns, used) } };
        let colors: Option<&[u32]> = match (colors.is_null(), used) {
            (true, _) => None,
            (false, 0) => Some(&[]),
            (false, _) => Some(unsafe { std::slice::from_raw_parts(colors, used) }),
        };
        unsafe { report_rows(m.add_rows(starts, cols, colors), first_row, failed_row) }
    })
}

/// The outcome of adding many rows at once, as `dlx_matrix_add_rows` and
/// `dlx_matrix_add_rows_dense` report it: the first row's id to
/// `*first_row` on success, the refused row's index to `*failed_row` on
/// error (each unless NULL).
///
/// # Safety
/// `first_row` and `failed_row` are NULL or valid for a write.
unsafe fn report_rows(result: Result<usize, (usize, dlx_core::error::Error)>, first_row: *mut usize, failed_row: *mut usize) -> dlx_status {
    let (out, value, status) = match result {
        Ok(first) => (first_row, first, DLX_OK),
        Err((row, e)) => (failed_row, row, e.into()),
    };
    if !out.is_null() {
        unsafe { write_out(out, value) };
    }
    status
}

/// Writes the columns of row `row`, in the order they were given, to
/// `columns[0 .. *count]` when they fit in `capacity` entries (`columns`
/// may be NULL when `capacity` is 0). As with `dlx_matrix_write`,
/// `*count` receives the row's length on success and on
/// `DLX_ERR_BUFFER_TOO_SMALL` alike (then nothing else is written), so a
/// caller can ask for the length first. The colors of the entries are
/// read with `dlx_matrix_entry_color`. Errors: `DLX_ERR_NULL`,
/// `DLX_ERR_ROW_RANGE`, `DLX_ERR_BUFFER_TOO_SMALL`.
#[no_mangle]
pub extern "C" fn dlx_matrix_row(matrix: *const dlx_matrix, row: usize, columns: *mut usize, capacity: usize, count: *mut usize) -> dlx_status {
    guard(DLX_ERR_PANIC, || {
        let Some(m) = (unsafe { as_ref(matrix) }) else { return DLX_ERR_NULL };
        if count.is_null() || (columns.is_null() && capacity > 0) {
            return DLX_ERR_NULL;
        }
        let Some(entries) = m.row(row) else { return DLX_ERR_ROW_RANGE };
        let n = entries.len();
        unsafe { write_out(count, n) };
        if n > capacity {
            return DLX_ERR_BUFFER_TOO_SMALL;
        }
        for (k, c) in entries.enumerate() {
            unsafe { write_out(columns.add(k), c) };
        }
        DLX_OK
    })
}

/// Writes 1 to `*secondary` when `column` is secondary, 0 when it is
/// primary. Errors: `DLX_ERR_NULL`, `DLX_ERR_COLUMN_RANGE`.
#[no_mangle]
pub extern "C" fn dlx_matrix_is_secondary(matrix: *const dlx_matrix, column: usize, secondary: *mut c_int) -> dlx_status {
    guard(DLX_ERR_PANIC, || {
        let Some(m) = (unsafe { as_ref(matrix) }) else { return DLX_ERR_NULL };
        if secondary.is_null() {
            return DLX_ERR_NULL;
        }
        match m.is_secondary(column) {
            Some(s) => {
                unsafe { write_out(secondary, c_int::from(s)) };
                DLX_OK
            }
            None => DLX_ERR_COLUMN_RANGE,
        }
    })
}

/// Adds `rows` rows from a dense row-major array of bytes, all of them or
/// none: row `i` covers every column `c < width` whose cell
/// `cells[i * stride + c]` is not zero (a C `bool` or `uint8_t` array, a
/// numpy boolean array). `stride` is the distance in bytes between the
/// starts of two rows (`width` for a packed array). The id of the first
/// row added goes to `*first_row` when it is not NULL. On error the
/// matrix is unchanged, and `*failed_row`, when it is not NULL, receives
/// the index of the row refused (as for `dlx_matrix_add_rows`).
/// Errors: `DLX_ERR_NULL` (matrix, or cells with `rows` > 0),
/// `DLX_ERR_INVALID_ARGUMENT` (`stride` < `width`), `DLX_ERR_TOO_LARGE`
/// (the array's size overflows), `DLX_ERR_EMPTY_ROW` (a row of zeros),
/// `DLX_ERR_COLUMN_RANGE` (a non-zero cell at or past the matrix's number
/// of columns), and the other errors of `dlx_matrix_add_row`.
#[no_mangle]
pub extern "C" fn dlx_matrix_add_rows_dense(
    matrix: *mut dlx_matrix,
    cells: *const u8,
    rows: usize,
    width: usize,
    stride: usize,
    first_row: *mut usize,
    failed_row: *mut usize,
) -> dlx_status {
    guard(DLX_ERR_PANIC, || {
        let Some(m) = (unsafe { as_mut(matrix) }) else { return DLX_ERR_NULL };
        if rows > 0 && cells.is_null() {
            return DLX_ERR_NULL;
        }
        if stride < width {
            return DLX_ERR_INVALID_ARGUMENT;
        }
        let size = match rows.checked_sub(1).map(|r| r.checked_mul(stride).and_then(|n| n.checked_add(width))) {
            None => 0,
            Some(Some(n)) if n <= isize::MAX as usize => n,
            Some(_) => return DLX_ERR_TOO_LARGE,
        };
        let cells: &[u8] = if size == 0 { &[] } else { unsafe { std::slice::from_raw_parts(cells, size) } };
        unsafe { report_rows(m.add_dense_rows(cells, rows, width, stride), first_row, failed_row) }
    })
}

/// Marks `column` preferred (`preferred` non-zero) or not when a search
/// picks the primary column to branch on: Knuth's rule of DLX2-SHARP and
/// DLX3-SHARP, which `dlx_matrix_parse` applies to the primary items whose
/// names start with `#`. A column of at most one row (one branch, with
/// bounds) still comes first; otherwise a preferred column of fewest rows
/// (branches), the first such; otherwise, once every preferred column is
/// covered, DLX1's choice. Every engine honours it (the memoized count
/// keeps its own rule). Solutions and counts do not change; the tree, the
/// counters and the order of solutions do. A secondary column's mark has
/// no effect while it is secondary. `dlx_matrix_write` keeps the mark only
/// through the names (a `#` name). Solvers made earlier keep the rule they
/// were made with. Errors, the matrix unchanged: `DLX_ERR_NULL`,
/// `DLX_ERR_COLUMN_RANGE`, `DLX_ERR_OUT_OF_MEMORY`.
#[no_mangle]
pub extern "C" fn dlx_matrix_set_preferred(matrix: *mut dlx_matrix, column: usize, preferred: c_int) -> dlx_status {
    guard(DLX_ERR_PANIC, || {
        let Some(m) = (unsafe { as_mut(matrix) }) else { return DLX_ERR_NULL };
        m.set_preferred(column, preferred != 0).into()
    })
}

/// Writes 1 to `*preferred` when `column` is preferred
/// (`dlx_matrix_set_preferred`), else 0. Errors: `DLX_ERR_NULL`,
/// `DLX_ERR_COLUMN_RANGE`.
#[no_mangle]
pub extern "C" fn dlx_matrix_is_preferred(matrix: *const dlx_matrix, column: usize, preferred: *mut c_int) -> dlx_status {
    guard(DLX_ERR_PANIC, || {
        let Some(m) = (unsafe { as_ref(matrix) }) else { return DLX_ERR_NULL };
        if preferred.is_null() {
            return DLX_ERR_NULL;
        }
        match m.is_preferred(column) {
            Some(p) => {
                unsafe { write_out(preferred, c_int::from(p)) };
                DLX_OK
            }
            None => DLX_ERR_COLUMN_RANGE,
        }
    })
}
