//! Sudoku and its family: an n x n grid filled with 1..n so that each
//! row, column and region holds each digit once; regions are boxes or
//! given (jigsaw), the two diagonals may count too.

use super::{Built, Maker};
use crate::error::Error;

/// The symbols of the digits 1, 2, ..., in grids and strings: a digit
/// past 9 is a letter (`A` is 10; lower case is read too).
pub const SYMBOLS: &[u8; 35] = b"123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// A sudoku-family grid: its side, regions, givens and whether the
/// diagonals count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sudoku {
    side: usize,
    /// The region of each cell, row by row: 0..side.
    regions: Vec<u32>,
    /// The given digit of each cell (1..=side), 0 where none is.
    givens: Vec<u8>,
    diagonal: bool,
}

impl Sudoku {
    /// A grid of side `box_rows * box_columns` (at most 35) whose regions
    /// are boxes of `box_rows` rows and `box_columns` columns: `new(3, 3)`
    /// is the classic sudoku, `new(2, 3)` the 6 x 6 one. No givens.
    /// Errors: [`Error::InvalidArgument`] (a zero), [`Error::TooLarge`]
    /// (a side past 35), [`Error::OutOfMemory`].
    pub fn new(box_rows: usize, box_columns: usize) -> Result<Sudoku, Error> {
        if box_rows == 0 || box_columns == 0 {
            return Err(Error::InvalidArgument);
        }
        let side = box_rows.checked_mul(box_columns).filter(|&s| s <= SYMBOLS.len()).ok_or(Error::TooLarge)?;
        let mut regions = crate::alloc::filled(side * side)?;
        for (i, region) in regions.iter_mut().enumerate() {
            let (r, c) = (i / side, i % side);
            *region = ((r / box_rows) * box_rows + c / box_columns) as u32;
        }
        Ok(Sudoku { side, regions, givens: crate::alloc::filled(side * side)?, diagonal: false })
    }

    /// The side of the grid.
    pub fn side(&self) -> usize {
        self.side
    }

    /// Sets the regions (a jigsaw sudoku): `regions` names the region of
    /// each cell, row by row, by any character but white space (which is
    /// skipped); there must be `side` names, each on `side` cells.
    /// Errors, nothing changed: [`Error::InvalidArgument`],
    /// [`Error::OutOfMemory`].
    pub fn set_regions(&mut self, regions: &str) -> Result<(), Error> {
        let labels: Vec<char> = regions.chars().filter(|ch| !ch.is_whitespace()).collect();
        if labels.len() != self.side * self.side {
            return Err(Error::InvalidArgument);
        }
        let mut names: Vec<char> = Vec::new();
        let mut sizes: Vec<usize> = Vec::new();
        let mut out = crate::alloc::filled(labels.len())?;
        for (cell, &label) in labels.iter().enumerate() {
            let k = match names.iter().position(|&n| n == label) {
                Some(k) => k,
                None if names.len() < self.side => {
                    names.push(label);
                    sizes.push(0);
                    names.len() - 1
                }
                None => return Err(Error::InvalidArgument),
            };
            sizes[k] += 1;
            out[cell] = k as u32;
        }
        if sizes.iter().any(|&s| s != self.side) {
            return Err(Error::InvalidArgument);
        }
        self.regions = out;
        Ok(())
    }

    /// Sets the givens: one symbol per cell, row by row ([`SYMBOLS`]; `.`,
    /// `0` or `_` for an empty cell; white space skipped). Givens that
    /// clash make a matrix without solutions. Errors, nothing changed:
    /// [`Error::InvalidArgument`] (not `side * side` cells, or a symbol
    /// that is no digit of this side), [`Error::OutOfMemory`].
    pub fn set_givens(&mut self, givens: &str) -> Result<(), Error> {
        let mut out: Vec<u8> = crate::alloc::filled(self.side * self.side)?;
        let mut n = 0;
        for ch in givens.bytes().filter(|b| !b.is_ascii_whitespace()) {
            let digit = match ch {
                b'.' | b'0' | b'_' => 0,
                _ => match SYMBOLS.iter().position(|&s| s == ch.to_ascii_uppercase()) {
                    Some(d) if d < self.side => d as u8 + 1,
                    _ => return Err(Error::InvalidArgument),
                },
            };
            *out.get_mut(n).ok_or(Error::InvalidArgument)? = digit;
            n += 1;
        }
        if n != out.len() {
            return Err(Error::InvalidArgument);
        }
        self.givens = out;
        Ok(())
    }

    /// Whether each of the two long diagonals must hold each digit once too
    /// (sudoku X; default: no).
    pub fn set_diagonal(&mut self, on: bool) {
        self.diagonal = on;
    }

    /// The matrix. Primary columns, each group row by row and digit by
    /// digit: `p<r>,<c>` (cell r, c filled), `r<r>=<d>` (row r holds d),
    /// `c<c>=<d>`, `x<k>=<d>` (region k, numbered in order of first cell),
    /// then with the diagonals `d=<d>` (the main one) and `a=<d>` (the
    /// other). Rows `<r>,<c>=<d>`: cell by cell, a row per digit, or only
    /// the given one. No symmetries: a grid's depend on its regions.
    /// Errors: [`Error::OutOfMemory`].
    pub fn build(&self) -> Result<Built, Error> {
        let n = self.side;
        let sym = |d: usize| char::from(SYMBOLS[d]);
        let mut names = Vec::new();
        names.try_reserve(4 * n * n + 2 * n)?;
        names.extend((0..n * n).map(|i| format!("p{},{}", i / n, i % n)));
        for group in ["r", "c", "x"] {
            names.extend((0..n * n).map(|i| format!("{group}{}={}", i / n, sym(i % n))));
        }
        if self.diagonal {
            names.extend((0..n).map(|d| format!("d={}", sym(d))));
            names.extend((0..n).map(|d| format!("a={}", sym(d))));
        }
        let mut make = Maker::new(&names, 0)?;
        let mut row = Vec::new();
        row.try_reserve(6)?;
        for cell in 0..n * n {
            let (r, c) = (cell / n, cell % n);
            let region = self.regions[cell] as usize;
            for d in 0..n {
                if self.givens[cell] != 0 && usize::from(self.givens[cell]) != d + 1 {
                    continue;
                }
                row.clear();
                row.extend([cell, n * n + r * n + d, 2 * n * n + c * n + d, 3 * n * n + region * n + d]);
                if self.diagonal && r == c {
                    row.push(4 * n * n + d);
                }
                if self.diagonal && r + c == n - 1 {
                    row.push(4 * n * n + n + d);
                }
                make.row(&row, &format!("{r},{c}={}", sym(d)))?;
            }
        }
        Ok(make.done())
    }

    /// The grid a solution's rows fill in, a symbol per cell row by row,
    /// `.` where no row fills the cell: the rows are those of the matrix
    /// [`build`](Sudoku::build) made. Errors: [`Error::RowRange`] (a row
    /// that is not one of this grid's), [`Error::InvalidArgument`] (two
    /// rows on one cell), [`Error::OutOfMemory`].
    pub fn decode(&self, built: &Built, rows: &[usize]) -> Result<String, Error> {
        let n = self.side;
        if built.matrix.columns() < 4 * n * n && !rows.is_empty() {
            return Err(Error::RowRange); // not a grid of this side
        }
        let mut grid: Vec<u8> = crate::alloc::filled_with(n * n, b'.')?;
        for &row in rows {
            let mut columns = built.matrix.row(row).ok_or(Error::RowRange)?;
            let (Some(cell), Some(digit)) = (columns.next(), columns.next()) else { return Err(Error::RowRange) };
            if cell >= n * n || digit < n * n + (cell / n) * n || digit >= n * n + (cell / n + 1) * n {
                return Err(Error::RowRange);
            }
            if grid[cell] != b'.' {
                return Err(Error::InvalidArgument);
            }
            grid[cell] = SYMBOLS[digit - n * n - (cell / n) * n];
        }
        String::from_utf8(grid).map_err(|_| Error::InvalidArgument)
    }
}
