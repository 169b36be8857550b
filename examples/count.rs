//! Counts the solutions of n queens (OEIS A000170: 92 for 8) through the
//! Rust API: a matrix of primary columns (ranks and files) and secondary
//! ones (diagonals), a solver, a count.
//!
//!     cargo run --release --example count [N]

use dlx::{Matrix, Outcome, Solver};

/// n queens: rank `i` and file `n + j` primary, the two diagonals through
/// `(i, j)` secondary (each used at most once); one row per square.
fn queens(n: usize) -> Result<Matrix, dlx::Error> {
    let mut m = Matrix::new(6 * n - 2)?;
    for c in 2 * n..6 * n - 2 {
        m.set_secondary(c)?;
    }
    for i in 0..n {
        for j in 0..n {
            m.add_row(&[i, n + j, 2 * n + i + j, 5 * n - 2 + i - j])?;
        }
    }
    Ok(m)
}

fn main() -> Result<(), dlx::Error> {
    let n: usize = std::env::args().nth(1).map_or(8, |a| a.parse().expect("N is a number"));
    let mut solver = Solver::new(&queens(n)?)?;
    let (count, outcome) = solver.count_run();
    assert_eq!(outcome, Outcome::Exhausted);
    let c = solver.counters();
    println!("{n} queens: {count} solutions ({} nodes, {} updates)", c.nodes, c.updates);
    if n == 8 {
        assert_eq!(count, 92, "OEIS A000170");
    }
    Ok(())
}
