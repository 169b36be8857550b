//! Counts the 92 ways to put 8 queens on a chessboard (OEIS A000170) with
//! the safe core alone.

use dlx_core::{Matrix, Solver};

fn main() {
    let n = 8;
    // Columns: the board's rows and files (primary), then its diagonals
    // (secondary: at most one queen on each).
    let mut m = Matrix::new(6 * n - 2).expect("a matrix");
    for c in 2 * n..6 * n - 2 {
        m.set_secondary(c).expect("a column");
    }
    for i in 0..n {
        for j in 0..n {
            m.add_row(&[i, n + j, 2 * n + i + j, 5 * n - 2 + i - j]).expect("a row");
        }
    }
    let count = Solver::new(&m).expect("a solver").count();
    assert_eq!(count, 92, "8 queens");
    println!("core-alone: 8 queens, {count} solutions");
}
