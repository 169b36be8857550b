//! Counts the domino tilings of an 8 x 8 board with the memoized count,
//! which counts each state of the board once instead of every tiling:
//! 12,988,816 (Kasteleyn; Temperley and Fisher), in milliseconds, where
//! enumerating them takes seconds.
//!
//!     cargo run --release -p dlx-core --example memo_count

use dlx_core::{Matrix, Solver};

fn main() -> Result<(), dlx_core::Error> {
    let (rows, cols) = (8, 8);
    let cell = |r: usize, c: usize| r * cols + c;
    let mut m = Matrix::new(rows * cols)?;
    for r in 0..rows {
        for c in 0..cols {
            if c + 1 < cols {
                m.add_row(&[cell(r, c), cell(r, c + 1)])?;
            }
            if r + 1 < rows {
                m.add_row(&[cell(r, c), cell(r + 1, c)])?;
            }
        }
    }
    let mut solver = Solver::new(&m)?;
    // `None` only when a limit stopped it; this one has none.
    let count = solver.memo_count()?.expect("no limit set");
    println!("domino tilings of {rows} x {cols}: {count} ({} states entered)", solver.memo_stats().nodes);
    assert_eq!(count.to_u64(), Some(12_988_816));
    Ok(())
}
