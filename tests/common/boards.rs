//! Boards to tile, shared by the integration tests (through
//! `tests/common`) and the memo module's unit tests (through `#[path]`).

// The including module names the `Matrix` type (`dlx::Matrix`).
use super::Matrix;

/// Domino tilings of an m x n board: cells numbered row by row, each
/// domino (horizontal, then vertical, from each cell in turn) a row.
pub fn dominoes(m: usize, n: usize) -> Matrix {
    let mut x = Matrix::new(m * n).unwrap();
    for r in 0..m {
        for c in 0..n {
            if c + 1 < n {
                x.add_row(&[r * n + c, r * n + c + 1]).unwrap();
            }
            if r + 1 < m {
                x.add_row(&[r * n + c, (r + 1) * n + c]).unwrap();
            }
        }
    }
    x
}
