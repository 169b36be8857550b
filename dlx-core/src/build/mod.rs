//! Builders: the matrices of the problems people bring most, made from a
//! short description instead of row by row.
//!
//! - [`Polyomino`] (`polyomino.rs`): pieces packed into a board, with
//!   rotations and reflections per piece, holes, pieces used any number of
//!   times and cells that may stay empty; the board's symmetries come
//!   with the matrix.
//! - [`Sudoku`] (`sudoku.rs`): n x n grids with boxes or jigsaw regions,
//!   givens from a string, the diagonal variant, and the way back from a
//!   solution's rows to a grid.
//! - [`queens`] and [`langford`] (`queens.rs`, `langford.rs`), with their
//!   symmetries.
//!
//! Each gives a [`Built`]: the matrix, with names on its columns, and a
//! name for each of its rows. A builder only makes a [`Matrix`]; counting
//! and listing are the solver's, as for any other matrix.

mod langford;
mod polyomino;
mod queens;
mod sudoku;

pub use langford::langford;
pub use polyomino::{Piece, Polyomino};
pub use queens::queens;
pub use sudoku::{Sudoku, SYMBOLS};

use crate::error::Error;
use crate::matrix::{Matrix, Names};

/// What a builder makes: the matrix and the names of its rows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Built {
    /// The problem, its columns named, its symmetries added where the
    /// builder knows them.
    pub matrix: Matrix,
    rows: Names,
}

impl Built {
    /// The name of row `row` (what a builder says the row places), or
    /// `None` when it is out of range.
    pub fn row_name(&self, row: usize) -> Option<&str> {
        self.rows.get(row)
    }

    /// [`row_name`](Built::row_name) as a C string, for the C API.
    pub fn row_name_cstr(&self, row: usize) -> Option<&std::ffi::CStr> {
        self.rows.get_with_nul(row).and_then(|name| std::ffi::CStr::from_bytes_with_nul(name).ok())
    }
}

/// A matrix under construction with named columns and rows: what every
/// builder fills in.
struct Maker {
    matrix: Matrix,
    rows: Names,
}

impl Maker {
    /// A matrix whose columns are `names` (distinct, without NUL or
    /// spaces), the last `secondary` of them secondary.
    fn new(names: &[String], secondary: usize) -> Result<Maker, Error> {
        let mut matrix = Matrix::new(names.len())?;
        let mut column_names = Names::default();
        for name in names {
            column_names.push(name)?;
        }
        matrix.set_names(column_names);
        for c in names.len() - secondary..names.len() {
            matrix.set_secondary(c)?;
        }
        Ok(Maker { matrix, rows: Names::default() })
    }

    /// Adds a row over `columns`, named `name`.
    fn row(&mut self, columns: &[usize], name: &str) -> Result<(), Error> {
        self.matrix.add_row(columns)?;
        self.rows.push(name)
    }

    fn done(self) -> Built {
        Built { matrix: self.matrix, rows: self.rows }
    }
}
