//! Boards to tile, with their counts from the literature.

use dlx_core::Matrix;

/// Domino tilings of an m x n board: cells numbered row by row, each
/// domino (horizontal, then vertical, from each cell in turn) a row.
pub fn dominoes(m: usize, n: usize) -> Matrix {
    dominoes_numbered(m, n, |r, c| r * n + c)
}

/// As [`dominoes`], cell (r, c) being column `cell(r, c)` (a permutation
/// of the cells): the same board with its items listed in another order.
pub fn dominoes_numbered(m: usize, n: usize, cell: impl Fn(usize, usize) -> usize) -> Matrix {
    let mut x = Matrix::new(m * n).unwrap();
    for r in 0..m {
        for c in 0..n {
            if c + 1 < n {
                x.add_row(&[cell(r, c), cell(r, c + 1)]).unwrap();
            }
            if r + 1 < m {
                x.add_row(&[cell(r, c), cell(r + 1, c)]).unwrap();
            }
        }
    }
    x
}

/// Kasteleyn's count of the domino tilings of an m x n board (exact as
/// long as it is well below 2^53), from his product formula.
pub fn kasteleyn(m: usize, n: usize) -> u64 {
    use std::f64::consts::PI;
    let mut log = 0.0f64;
    for j in 1..=m {
        for k in 1..=n {
            let a = (PI * j as f64 / (m + 1) as f64).cos();
            let b = (PI * k as f64 / (n + 1) as f64).cos();
            log += (4.0 * a * a + 4.0 * b * b).ln();
        }
    }
    (log / 4.0).exp().round() as u64
}
