//! Counts the solutions of n queens (OEIS A000170: 92 for 8, 14,200 for
//! 12) through the Rust API: a matrix of primary columns (ranks and files)
//! and secondary ones (diagonals), a solver, a count; then the same count
//! on every core, where the threads share the tree and walk the
//! one-thread search's nodes between them.
//!
//!     cargo run --release -p dlx-core --example count [N]

use dlx_core::{Matrix, Outcome, Solver};

/// n queens: rank `i` and file `n + j` primary, the two diagonals through
/// `(i, j)` secondary (each used at most once); one row per square.
fn queens(n: usize) -> Result<Matrix, dlx_core::Error> {
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

/// A000170, as far as this example checks it.
fn known(n: usize) -> Option<u64> {
    [(8, 92), (12, 14_200)].iter().find(|&&(k, _)| k == n).map(|&(_, count)| count)
}

fn main() -> Result<(), dlx_core::Error> {
    let ns: Vec<usize> = match std::env::args().nth(1) {
        Some(a) => vec![a.parse().expect("N is a number")],
        None => vec![8, 12],
    };
    let cores = std::thread::available_parallelism().map_or(2, |t| t.get());
    for n in ns {
        let m = queens(n)?;
        let mut one = Solver::new(&m)?;
        let (count, outcome) = one.count_run();
        assert_eq!(outcome, Outcome::Exhausted);
        let c = one.counters();
        println!("{n} queens: {count} solutions ({} nodes, {} updates)", c.nodes, c.updates);
        assert!(known(n).is_none_or(|k| k == count), "OEIS A000170");

        let mut all = Solver::new(&m)?;
        all.set_threads(cores);
        assert_eq!(all.count_run(), (count, Outcome::Exhausted));
        println!("  on {cores} threads: the same count and {} nodes", all.counters().nodes);
        for (t, s) in all.thread_stats().iter().enumerate() {
            println!("  thread {t}: {} nodes, {} pieces taken", s.nodes, s.steals);
        }
        assert_eq!(all.counters().nodes, c.nodes, "the tree is shared, not walked twice");
    }
    Ok(())
}
