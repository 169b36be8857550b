//! Knuth's text format for exact cover problems: [`parse()`] and [`write()`].
//!
//! This is the input format of Knuth's programs DLX1, DLX2, DLX3 and DLX5
//! (and of SSXC, miniexact and others), so any instance written for them can
//! be read here, and any matrix written here can be given to them.
//!
//! * The text is read line by line. A line whose first non-blank character
//!   is `|` is a comment; a line of blanks only is skipped too, as Knuth's
//!   programs skip it. Blanks are spaces, tabs, carriage returns, vertical
//!   tabs and form feeds, so CRLF line ends are fine.
//! * The first other line is the *item line*: the names of the primary
//!   items, then `|`, then the names of the secondary items. The `|` may be
//!   left out when every item is primary (as DLX1 allows). Item `k` of this
//!   line becomes column `k` of the matrix, so the primary columns come
//!   first.
//! * Every later line is one *option* (a row of the matrix), listing the
//!   names of its items separated by blanks. Options become rows 0, 1, 2,
//!   ... in the order of their lines.
//! * A name is one or more printable characters other than `:` and `|`
//!   (Unicode is allowed; Knuth's limit of 8 characters is not imposed).
//!
//! The later extensions are parsed and stored in the [`Matrix`]. Costs are
//! used by a search with an [`Objective`](crate::Objective); colors and
//! bounds by the generalised engine (`engine::mcc`):
//!
//! * **Colors** (DLX2): in an option, a secondary item may be written
//!   `name:color`. Only secondary items may have colors. Knuth's programs
//!   take a one-character color; any name-like color is accepted here.
//! * **Bounds** (DLX3): in the item line, a primary item may be written
//!   `u:v|name`: every solution covers it at least `u` and at most `v`
//!   times, with `0 <= u <= v` (decimal numbers). As in DLX3, `v|name` is
//!   short for `v:v|name` (not `0:v`), and a bare name means `1:1`.
//!   Secondary items have no bounds. DLX3 wants `v >= 1`; `0:0|name` (or
//!   `0|name`), an item no option may cover, is read here too, so that
//!   every bounds a matrix can hold are written as text that reads back.
//! * **Costs** (DLX5): an option may contain entries `|n` (a decimal
//!   number `n`) after its first item; its cost is the sum of them, which
//!   must fit in an `i64`. DLX5 takes costs of 0 or more; negative ones,
//!   `|-n`, are an extension here, so that every matrix with costs
//!   ([`Matrix::set_cost`]) can be written and read back.
//!   An option cannot start with one, since that line would be a comment.
//!
//! * **Symmetries** (an extension): a comment `|@symmetry a:b:c d:e`
//!   after the item line states a symmetry as cycles of item names (see
//!   `directive.rs`; [`Matrix::add_symmetry`]). Knuth's programs read it
//!   as the comment it is.
//!
//! An option that names an unknown item or names an item twice is an error.
//! An option made only of secondary items is kept as a row, so row numbers
//! stay the option numbers of the file; the search never chooses it (Knuth's
//! programs drop such options with a warning, to the same effect). An empty
//! option cannot be written: a blank line is skipped and a line starting
//! with `|` is a comment.
//!
//! For other solvers, [`write_cnf`] writes a matrix as DIMACS CNF (its
//! models are the solutions, so a model counter gives the count) and
//! [`write_opb`] as pseudo-Boolean constraints with the costs as the
//! objective (`export.rs` says how).
//!
//! A [`ParseError`] gives the 1-based line and column (counted in
//! characters) of the offending text and says what was expected; no matrix
//! is built. [`write()`] gives the text back: `parse(&write(&m)) == m` for
//! every matrix `parse` returns. A matrix built with [`Matrix::new`] has no
//! names; `write` names its columns by their 0-based index.

use std::fmt;
use std::io::Read;
use std::sync::atomic::AtomicUsize;

use crate::error::Error;
use crate::matrix::Matrix;

mod blocks;
mod cnf;
mod directive;
mod export;
mod index;
mod opb;
mod parse;
mod write;

pub use cnf::{write_cnf, ExportSize};
pub use opb::write_opb;
pub use write::{color_text, try_write, write, write_to, written_len, ColorName, ColorText};

/// Why a text could not be read: where (1-based line and column, the
/// column counted in characters) and what was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The line of the offending text, from 1.
    pub line: usize,
    /// The column of the offending text in its line, from 1, in characters.
    pub column: usize,
    /// What is wrong and what was expected, in English.
    pub message: String,
    /// Set when the text is well-formed but the matrix could not be built.
    cause: Option<Error>,
}

impl ParseError {
    fn new(line: usize, column: usize, message: String) -> ParseError {
        ParseError { line, column, message, cause: None }
    }

    /// `Some(Error::TooLarge)` or `Some(Error::OutOfMemory)` when the text
    /// is valid but the matrix it describes could not be built; `None` for
    /// an error in the text itself.
    pub fn cause(&self) -> Option<Error> {
        self.cause
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for ParseError {}

/// Why a text could not be read from a reader ([`read`]): the reader
/// failed, or the text is not in the format.
#[derive(Debug)]
pub enum ReadError {
    /// Reading failed (or memory for the next block ran out).
    Io(std::io::Error),
    /// The text is not in the format, or its matrix could not be built.
    Parse(ParseError),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Io(e) => e.fmt(f),
            ReadError::Parse(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ReadError {}

/// A text in memory cannot fail to be read: only its parse can.
fn in_memory(result: Result<Matrix, ReadError>) -> Result<Matrix, ParseError> {
    result.map_err(|e| match e {
        ReadError::Parse(e) => e,
        ReadError::Io(e) => ParseError::new(1, 1, e.to_string()),
    })
}

/// Parses a text in Knuth's format (see the module documentation) into a
/// matrix with the items' names, bounds, colors and costs. Of several
/// errors, the one reported is the first in the text.
pub fn parse(text: &str) -> Result<Matrix, ParseError> {
    parse_observed(text, None)
}

/// As [`parse()`], storing in `read` (when given), every megabyte or so, how
/// many bytes of `text` have been read: another thread may watch it to
/// report progress on a large text.
pub fn parse_observed(text: &str, read: Option<&AtomicUsize>) -> Result<Matrix, ParseError> {
    parse_bytes_observed(text.as_bytes(), read)
}

/// Parses text given as bytes, as the C API receives it: bytes that are not
/// UTF-8 give a [`ParseError`] at the line and column of the first bad byte.
pub fn parse_bytes(bytes: &[u8]) -> Result<Matrix, ParseError> {
    parse_bytes_observed(bytes, None)
}

/// As [`parse_bytes`], with the counter of [`parse_observed`].
pub fn parse_bytes_observed(bytes: &[u8], read: Option<&AtomicUsize>) -> Result<Matrix, ParseError> {
    parse_bytes_with(bytes, 1, read)
}

/// As [`parse_bytes_observed`], on up to `threads` threads (0 or 1: this
/// one). The matrix, and the error when there is one, are the same on any
/// number of threads.
pub fn parse_bytes_with(bytes: &[u8], threads: usize, read: Option<&AtomicUsize>) -> Result<Matrix, ParseError> {
    in_memory(parse::parse_blocks(blocks::SliceBlocks { bytes }, threads, read))
}

/// The size of the blocks a text is read in, about (a block holds whole
/// lines). The blocks of a round are parsed on threads of their own, so a
/// text of at most one block is parsed on one thread whatever [`read`] is
/// given: a caller that knows the size need not find how many cores there
/// are.
pub const fn block_size() -> usize {
    blocks::BLOCK
}

/// Reads a text in Knuth's format from `reader` a megabyte or so at a time,
/// so that the whole text is never in memory (only the matrix it makes),
/// parsing on up to `threads` threads (0 or 1: this one; each holds a
/// block of about a megabyte at a time, more for a longer line) and storing
/// in `read` (when given) how many bytes have been read. The matrix, and
/// the error when there is one, are those of [`parse_bytes`] on the same
/// text. A reader that fails gives [`ReadError::Io`].
pub fn read(reader: impl Read, threads: usize, read: Option<&AtomicUsize>) -> Result<Matrix, ReadError> {
    parse::parse_blocks(blocks::ReaderBlocks { reader, carry: Vec::new(), done: false, spare: Vec::new() }, threads, read)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::Ordering;

    #[test]
    fn the_read_counter_moves_through_the_text() {
        let mut text = String::from("a b\n");
        while text.len() < 5 << 20 {
            text.push_str("a\nb\n");
        }
        let read = AtomicUsize::new(0);
        let counted = std::sync::atomic::AtomicBool::new(false);
        let m = std::thread::scope(|s| {
            s.spawn(|| {
                while !counted.load(Ordering::Relaxed) {
                    let at = read.load(Ordering::Relaxed);
                    assert!(at <= text.len());
                }
            });
            let m = parse_observed(&text, Some(&read)).unwrap();
            counted.store(true, Ordering::Relaxed);
            m
        });
        assert_eq!(m.rows(), (text.len() - 4) / 2);
        assert_eq!(read.load(Ordering::Relaxed), text.len());
    }
}
