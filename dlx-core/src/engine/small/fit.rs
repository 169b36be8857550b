//! When the small engine fits a matrix: what the automatic rule weighs
//! ([`Fit`]), and the sizes of the bit sets and of the conflict sets.

use crate::matrix::Matrix;

/// The largest bit sets, in bytes (items times rows, a bit each), with
/// which the solver's automatic choice takes this engine (these three
/// numbers: see [`Fit`]; the header's `dlx_engine` states them for C).
const FITS: usize = 48 << 10;

/// The smallest dancing links, in bytes (16 a node: DLX1's layout), with
/// which the solver's automatic choice takes this engine.
const LINKS: usize = 32 << 10;

/// The largest conflict sets, in bytes (rows times rows, a bit each), that
/// the engine makes: a sudoku's 729 rows take 70 KB, the 2014 rows of the
/// pentominoes in a 6x10 box 504 KB (kept within a second-level cache).
pub(super) const CONFLICTS: usize = 1 << 20;

/// The largest conflict sets the engine makes for a matrix with colors,
/// where covering item by item means purifying each colored item, a walk
/// over all its words: reduced Latin squares of order 6 (7,202 rows, 6.5
/// MB of conflict sets) search in half the time with them. A solver's
/// threads share them.
pub(super) const COLORED_CONFLICTS: usize = 8 << 20;

/// The bytes of the conflict sets of a matrix of `rows` rows, if that fits
/// in a `usize`.
pub(super) fn conflict_bytes(rows: usize) -> Option<usize> {
    rows.checked_mul(words(rows))?.checked_mul(8)
}

/// What the automatic engine rule ([`auto`](crate::engine::auto)) weighs about a
/// matrix for this engine. Measured on the bench suite (`bench/engine.py`
/// with `--peer` runs of `dlx --engine exact` and `--engine small`, and
/// `bench/general.py` for colors): where the links do not fit in the
/// first-level cache (sudoku, pentominoes, Scott's board) the bit sets'
/// smaller footprint wins; where they do, the conflict sets win with rows
/// of 3 items or more (queens, 4 items a row; Langford pairs and tromino
/// tilings, 3 items a row, all primary: 1.2x to 1.35x faster than DLX1
/// choosing among its at most 64 items by a word, since levels save their
/// state instead of putting rows back) and lose with shorter ones
/// (dominoes, 2: 15% to 60% slower). With colors the bit sets beat
/// Algorithm M's links 1.0x to 3x (Latin squares, word rectangles).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Fit {
    /// The bit sets (items times rows, a bit each, as dense ones) fit in
    /// [`FITS`] bytes.
    pub bits: bool,
    /// DLX1's dancing links (16 bytes a node) would not fit in [`LINKS`].
    pub links_spill: bool,
    /// Rows of three items or more on average, whose conflict sets fit in
    /// [`CONFLICTS`].
    pub long_rows: bool,
}

/// What [`Fit`] says of `matrix`.
pub(crate) fn fit(matrix: &Matrix) -> Fit {
    let bits = (matrix.columns() + 1).checked_mul(words(matrix.rows())).and_then(|w| w.checked_mul(8));
    let nodes = matrix.columns() as u64 + matrix.rows() as u64 + matrix.entries() as u64 + 2;
    Fit {
        bits: bits.is_some_and(|b| b <= FITS),
        links_spill: nodes * 16 > LINKS as u64,
        long_rows: matrix.entries() >= 3 * matrix.rows() && conflict_bytes(matrix.rows()).is_some_and(|b| b <= CONFLICTS),
    }
}

/// The words of a bit set of `rows` rows (at least one).
pub(super) fn words(rows: usize) -> usize {
    rows.div_ceil(64).max(1)
}
