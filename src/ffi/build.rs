//! The builders in C (`dlx_core::build`): a problem made from a short
//! description, handed out as a `dlx_built` (its matrix and the names of
//! its rows). Queens and Langford pairs take a number; polyomino packing
//! and sudoku grids a handle that collects their description.

use std::ffi::CStr;

use libc::{c_char, c_int};

use super::matrix::dlx_matrix;
use super::status::dlx_status::{self, *};
use super::{as_mut, as_ref, buffer_args_ok, free_handle, guard, into_handle, slice_arg, store_handle, write_out, write_text, Castable};
use dlx_core::build::{self, Built, Piece, Polyomino, Sudoku};
use dlx_core::error::Error;

/// What a builder made: a matrix (columns named, symmetries added where
/// the builder knows them) and a name for each row.
///
/// Ownership: made by `dlx_build_queens`, `dlx_build_langford`,
/// `dlx_polyomino_build` or `dlx_sudoku_build`, freed by
/// `dlx_built_free`. Threads: every call on it only reads it.
pub struct dlx_built {
    _private: [u8; 0],
}

impl Castable for dlx_built {
    type Rust = Built;
}

/// A polyomino packing problem being described: the board's squares, the
/// pieces, whether squares may stay empty.
///
/// Ownership: made by `dlx_polyomino_new`, freed by
/// `dlx_polyomino_free`. Threads: calls that change it must not overlap
/// with other calls on it.
pub struct dlx_polyomino {
    _private: [u8; 0],
}

impl Castable for dlx_polyomino {
    type Rust = Polyomino;
}

/// A sudoku-family grid being described: its side and regions, givens,
/// the diagonals.
///
/// Ownership: made by `dlx_sudoku_new`, freed by `dlx_sudoku_free`.
/// Threads: calls that change it must not overlap with other calls on it.
pub struct dlx_sudoku {
    _private: [u8; 0],
}

impl Castable for dlx_sudoku {
    type Rust = Sudoku;
}

/// A piece may be turned by quarter turns (`dlx_polyomino_add_piece`).
pub const DLX_PIECE_ROTATE: u32 = 1;
/// A piece may be turned over.
pub const DLX_PIECE_REFLECT: u32 = 2;
/// A piece may be used any number of times (none included), not exactly
/// once.
pub const DLX_PIECE_REUSE: u32 = 4;

/// The matrix of `built`: read-only, owned by `built` and valid until
/// `dlx_built_free`. Pass it to `dlx_solver_new`, `dlx_count`,
/// `dlx_matrix_write` and the other calls that read a matrix. NULL when
/// `built` is NULL.
#[no_mangle]
pub extern "C" fn dlx_built_matrix(built: *const dlx_built) -> *const dlx_matrix {
    guard(std::ptr::null(), || unsafe { as_ref(built) }.map_or(std::ptr::null(), |b| std::ptr::from_ref(&b.matrix).cast::<dlx_matrix>()))
}

/// The name of `row`, NUL-terminated: what the row places, in the words
/// of its builder (`q1,2`, `3@0`, `P 0,0 0,1 1,0 1,1 2,0`, `4,5=7`). NULL
/// when `built` is NULL or the row is out of range. Owned by `built`.
#[no_mangle]
pub extern "C" fn dlx_built_row_name(built: *const dlx_built, row: usize) -> *const c_char {
    guard(std::ptr::null(), || unsafe { as_ref(built) }.and_then(|b| b.row_name_cstr(row)).map_or(std::ptr::null(), |name| name.as_ptr()))
}

/// Frees what a builder made. NULL does nothing.
#[no_mangle]
pub extern "C" fn dlx_built_free(built: *mut dlx_built) {
    guard((), || unsafe { free_handle(built) })
}

/// Stores what a builder made in `*out`, or turns its error into a status.
fn store_built(made: impl FnOnce() -> Result<Built, Error>, out: *mut *mut dlx_built) -> dlx_status {
    guard(DLX_ERR_PANIC, || {
        if out.is_null() {
            return DLX_ERR_NULL;
        }
        // SAFETY: `out` is not NULL and valid for a write.
        unsafe { store_handle(made(), out) }
    })
}

/// The n queens problem: n queens on an n x n board, none attacking
/// another. Primary columns `r0`.. (board rows) and `c0`.. (board
/// columns), secondary `a0`.. and `b0`.. (the diagonals); row `n*r + c`,
/// named `q<r>,<c>`, puts a queen on square (r, c). The square's eight
/// symmetries come with it, for `dlx_solver_count_orbits`. Errors:
/// `DLX_ERR_NULL`, `DLX_ERR_TOO_LARGE` (n past 65,536),
/// `DLX_ERR_OUT_OF_MEMORY`.
#[no_mangle]
pub extern "C" fn dlx_build_queens(n: usize, out: *mut *mut dlx_built) -> dlx_status {
    store_built(|| build::queens(n), out)
}

/// Langford pairs: 1, 1, 2, 2, ..., n, n in 2n places with k numbers
/// between the two k's. Primary columns `1`..`n` and `p0`..`p{2n-1}`; the
/// row named `<k>@<i>` puts k in places i and i + k + 1. Each sequence and
/// its reversal are both solutions; the reversal comes as a symmetry.
/// Errors: as `dlx_build_queens`.
#[no_mangle]
pub extern "C" fn dlx_build_langford(n: usize, out: *mut *mut dlx_built) -> dlx_status {
    store_built(|| build::langford(n), out)
}

/// Makes an empty packing problem (no squares, no pieces) in `*out`.
/// Errors: `DLX_ERR_NULL`, `DLX_ERR_OUT_OF_MEMORY`.
#[no_mangle]
pub extern "C" fn dlx_polyomino_new(out: *mut *mut dlx_polyomino) -> dlx_status {
    guard(DLX_ERR_PANIC, || {
        if out.is_null() {
            return DLX_ERR_NULL;
        }
        // SAFETY: `out` is not NULL and valid for a write.
        unsafe { write_out(out, into_handle::<dlx_polyomino>(Polyomino::new())) };
        DLX_OK
    })
}

/// Frees a packing problem. NULL does nothing.
#[no_mangle]
pub extern "C" fn dlx_polyomino_free(polyomino: *mut dlx_polyomino) {
    guard((), || unsafe { free_handle(polyomino) })
}

/// `count` squares, each two entries of `cells` (row, column), as pairs.
///
/// # Safety
/// `cells` is NULL or holds `2 * count` entries.
unsafe fn pairs(cells: *const i32, count: usize) -> Result<Vec<(i32, i32)>, dlx_status> {
    let flat = unsafe { slice_arg(cells, count.checked_mul(2).ok_or(DLX_ERR_TOO_LARGE)?) }?;
    let mut out = Vec::new();
    out.try_reserve_exact(count).map_err(|_| DLX_ERR_OUT_OF_MEMORY)?;
    out.extend(flat.chunks_exact(2).map(|p| (p[0], p[1])));
    Ok(out)
}

/// A NUL-terminated UTF-8 string argument.
///
/// # Safety
/// `text` is NULL or a NUL-terminated string.
unsafe fn text_arg<'a>(text: *const c_char) -> Result<&'a str, dlx_status> {
    if text.is_null() {
        return Err(DLX_ERR_NULL);
    }
    unsafe { CStr::from_ptr(text) }.to_str().map_err(|_| DLX_ERR_INVALID_ARGUMENT)
}

/// Runs `f` on the description behind the handle `p` (a
/// `dlx_polyomino` or a `dlx_sudoku`): `DLX_ERR_NULL` for NULL.
fn with_mut<C: Castable>(p: *mut C, f: impl FnOnce(&mut C::Rust) -> dlx_status) -> dlx_status {
    guard(DLX_ERR_PANIC, || match unsafe { as_mut(p) } {
        Some(p) => f(p),
        None => DLX_ERR_NULL,
    })
}

/// Runs `f` on the description behind `p` and the string `text`.
fn with_text<C: Castable>(p: *mut C, text: *const c_char, f: impl FnOnce(&mut C::Rust, &str) -> Result<(), Error>) -> dlx_status {
    with_mut(p, |p| match unsafe { text_arg(text) } {
        Ok(text) => f(p, text).into(),
        Err(status) => status,
    })
}

/// Adds `count` squares to the board: `cells` holds `2 * count` numbers,
/// the row and column of each square (any integers). Squares already on the
/// board are ignored; a board with holes is the squares without them.
/// Errors, the board unchanged: `DLX_ERR_NULL`, `DLX_ERR_TOO_LARGE`,
/// `DLX_ERR_OUT_OF_MEMORY`.
#[no_mangle]
pub extern "C" fn dlx_polyomino_add_cells(polyomino: *mut dlx_polyomino, cells: *const i32, count: usize) -> dlx_status {
    with_mut(polyomino, |p| match unsafe { pairs(cells, count) } {
        Ok(cells) => p.add_cells(&cells).into(),
        Err(status) => status,
    })
}

/// Adds the `rows` x `columns` rectangle with its corner at (0, 0) to the
/// board. Errors: `DLX_ERR_NULL`, `DLX_ERR_TOO_LARGE` (past 2^31 rows or
/// columns), `DLX_ERR_OUT_OF_MEMORY`.
#[no_mangle]
pub extern "C" fn dlx_polyomino_add_rectangle(polyomino: *mut dlx_polyomino, rows: usize, columns: usize) -> dlx_status {
    with_mut(polyomino, |p| p.add_rectangle(rows, columns).into())
}

/// Adds a piece named `name` (NUL-terminated UTF-8, not empty, without
/// white space, `:`, `|` or `,`; each piece's own) made of `count`
/// squares given as in `dlx_polyomino_add_cells` (at least one, all
/// distinct, any offset). `flags` is 0 (placed as given, used exactly
/// once) or a sum of `DLX_PIECE_ROTATE`, `DLX_PIECE_REFLECT` and
/// `DLX_PIECE_REUSE`. Errors, nothing added: `DLX_ERR_NULL`,
/// `DLX_ERR_INVALID_ARGUMENT` (a bad name, a name used already, no
/// squares, a square twice, an unknown flag), `DLX_ERR_TOO_LARGE`,
/// `DLX_ERR_OUT_OF_MEMORY`.
#[no_mangle]
pub extern "C" fn dlx_polyomino_add_piece(polyomino: *mut dlx_polyomino, name: *const c_char, cells: *const i32, count: usize, flags: u32) -> dlx_status {
    with_mut(polyomino, |p| {
        let made = unsafe { text_arg(name) }.and_then(|name| Ok((name, unsafe { pairs(cells, count) }?)));
        let (name, cells) = match made {
            Ok(m) => m,
            Err(status) => return status,
        };
        if flags & !(DLX_PIECE_ROTATE | DLX_PIECE_REFLECT | DLX_PIECE_REUSE) != 0 {
            return DLX_ERR_INVALID_ARGUMENT;
        }
        let piece = Piece::new(name, &cells).map(|piece| {
            piece.rotations(flags & DLX_PIECE_ROTATE != 0).reflections(flags & DLX_PIECE_REFLECT != 0).reuse(flags & DLX_PIECE_REUSE != 0)
        });
        piece.and_then(|piece| p.add_piece(piece)).into()
    })
}

/// Whether squares of the board may stay empty (non-zero) or must all be
/// covered (0, the default). Errors: `DLX_ERR_NULL`.
#[no_mangle]
pub extern "C" fn dlx_polyomino_set_empty_cells(polyomino: *mut dlx_polyomino, on: c_int) -> dlx_status {
    with_mut(polyomino, |p| {
        p.empty_cells(on != 0);
        DLX_OK
    })
}

/// Makes the packing problem's matrix in `*out`. Columns: a primary one
/// per piece used exactly once, named as the piece, in the order added;
/// then one per square of the board, named `<row>,<column>`, in order of
/// row, then column. A row per placement of a piece, named by the piece
/// and its squares (`P 0,0 0,1 1,0 1,1 2,0`); when squares may stay empty,
/// a last row per square covers it alone (`empty 2,3`). The board's
/// symmetries (those of the square's eight that map the board to itself
/// and every piece's ways of lying to its own) come with it, for
/// `dlx_solver_count_orbits`. The problem may be changed and built again.
/// Errors: `DLX_ERR_NULL`, `DLX_ERR_TOO_LARGE`, `DLX_ERR_OUT_OF_MEMORY`.
#[no_mangle]
pub extern "C" fn dlx_polyomino_build(polyomino: *const dlx_polyomino, out: *mut *mut dlx_built) -> dlx_status {
    let Some(p) = (unsafe { as_ref(polyomino) }) else { return DLX_ERR_NULL };
    store_built(|| p.build(), out)
}

/// Makes a grid of side `box_rows * box_columns` (at most 35) whose
/// regions are boxes of `box_rows` x `box_columns` cells, no givens, in
/// `*out`: (3, 3) is the classic sudoku, (2, 3) the 6 x 6 one, (1, n) a
/// Latin square until `dlx_sudoku_set_regions`. Digits past 9 are the
/// letters A (10) to Z (35) in strings. Errors: `DLX_ERR_NULL`,
/// `DLX_ERR_INVALID_ARGUMENT` (a zero), `DLX_ERR_TOO_LARGE` (a side past
/// 35), `DLX_ERR_OUT_OF_MEMORY`.
#[no_mangle]
pub extern "C" fn dlx_sudoku_new(box_rows: usize, box_columns: usize, out: *mut *mut dlx_sudoku) -> dlx_status {
    guard(DLX_ERR_PANIC, || {
        if out.is_null() {
            return DLX_ERR_NULL;
        }
        unsafe { store_handle(Sudoku::new(box_rows, box_columns), out) }
    })
}

/// Frees a grid. NULL does nothing.
#[no_mangle]
pub extern "C" fn dlx_sudoku_free(sudoku: *mut dlx_sudoku) {
    guard((), || unsafe { free_handle(sudoku) })
}

/// Sets the regions (a jigsaw sudoku) from a NUL-terminated string naming
/// the region of each cell, row by row, by any character but white space
/// (which is skipped): as many names as the side, each on that many cells.
/// Errors, nothing changed: `DLX_ERR_NULL`, `DLX_ERR_INVALID_ARGUMENT`,
/// `DLX_ERR_OUT_OF_MEMORY`.
#[no_mangle]
pub extern "C" fn dlx_sudoku_set_regions(sudoku: *mut dlx_sudoku, regions: *const c_char) -> dlx_status {
    with_text(sudoku, regions, Sudoku::set_regions)
}

/// Sets the givens from a NUL-terminated string: a symbol per cell, row
/// by row (1-9, then A-Z or a-z for 10-35; `.`, `0` or `_` for an empty
/// cell; white space skipped). Givens that clash make a problem without
/// solutions. Errors, nothing changed: `DLX_ERR_NULL`,
/// `DLX_ERR_INVALID_ARGUMENT` (not side x side cells, or a symbol past
/// the side), `DLX_ERR_OUT_OF_MEMORY`.
#[no_mangle]
pub extern "C" fn dlx_sudoku_set_givens(sudoku: *mut dlx_sudoku, givens: *const c_char) -> dlx_status {
    with_text(sudoku, givens, Sudoku::set_givens)
}

/// Whether the two long diagonals must hold each digit once too (non-zero:
/// sudoku X) or not (0, the default). Errors: `DLX_ERR_NULL`.
#[no_mangle]
pub extern "C" fn dlx_sudoku_set_diagonal(sudoku: *mut dlx_sudoku, on: c_int) -> dlx_status {
    with_mut(sudoku, |s| {
        s.set_diagonal(on != 0);
        DLX_OK
    })
}

/// Makes the grid's matrix in `*out`. Primary columns, each group row by
/// row and digit by digit: `p<r>,<c>` (the cell is filled), `r<r>=<d>`
/// (row r holds d), `c<c>=<d>`, `x<k>=<d>` (region k, numbered in order
/// of its first cell), and with the diagonals `d=<d>` and `a=<d>`. Rows
/// `<r>,<c>=<d>`, cell by cell: one per digit, or only the given one.
/// Errors: `DLX_ERR_NULL`, `DLX_ERR_OUT_OF_MEMORY`.
#[no_mangle]
pub extern "C" fn dlx_sudoku_build(sudoku: *const dlx_sudoku, out: *mut *mut dlx_built) -> dlx_status {
    let Some(s) = (unsafe { as_ref(sudoku) }) else { return DLX_ERR_NULL };
    store_built(|| s.build(), out)
}

/// Writes the grid that `count` rows of `built` (a solution from the
/// matrix `dlx_sudoku_build` made for this grid) fill in: a symbol per
/// cell, row by row, `.` where no row fills the cell, then a NUL, when
/// that fits in `capacity` bytes. `*length` gets the grid's length (side
/// x side) on success and on `DLX_ERR_BUFFER_TOO_SMALL`, which leaves the
/// buffer untouched. Errors: `DLX_ERR_NULL`, `DLX_ERR_ROW_RANGE` (a row
/// that is not one of the grid's), `DLX_ERR_INVALID_ARGUMENT` (two rows
/// on one cell), `DLX_ERR_BUFFER_TOO_SMALL`, `DLX_ERR_OUT_OF_MEMORY`.
#[no_mangle]
pub extern "C" fn dlx_sudoku_decode(
    sudoku: *const dlx_sudoku,
    built: *const dlx_built,
    rows: *const usize,
    count: usize,
    buffer: *mut c_char,
    capacity: usize,
    length: *mut usize,
) -> dlx_status {
    guard(DLX_ERR_PANIC, || {
        let (Some(s), Some(b)) = (unsafe { as_ref(sudoku) }, unsafe { as_ref(built) }) else { return DLX_ERR_NULL };
        if !buffer_args_ok(buffer, capacity, length) {
            return DLX_ERR_NULL;
        }
        let rows = match unsafe { slice_arg(rows, count) } {
            Ok(rows) => rows,
            Err(status) => return status,
        };
        match s.decode(b, rows) {
            // SAFETY: `length` is not NULL; `buffer` holds `capacity` bytes.
            Ok(grid) => match unsafe { write_text(&grid, buffer, capacity, length) } {
                DLX_DONE => DLX_OK,
                other => other,
            },
            Err(e) => e.into(),
        }
    })
}
