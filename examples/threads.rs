//! Counts 12 queens (14,200 solutions, OEIS A000170) on every core: the
//! threads share the search tree, and the count and the counters are the
//! one-thread search's.
//!
//!     cargo run --release --example threads

use dlx::{Matrix, Outcome, Solver};

fn main() -> Result<(), dlx::Error> {
    let n = 12;
    let mut m = Matrix::new(6 * n - 2)?;
    for c in 2 * n..6 * n - 2 {
        m.set_secondary(c)?;
    }
    for i in 0..n {
        for j in 0..n {
            m.add_row(&[i, n + j, 2 * n + i + j, 5 * n - 2 + i - j])?;
        }
    }
    let threads = std::thread::available_parallelism().map_or(2, |t| t.get());
    let mut solver = Solver::new(&m)?;
    solver.set_threads(threads);
    let (count, outcome) = solver.count_run();
    assert_eq!(outcome, Outcome::Exhausted);
    println!("{n} queens on {threads} threads: {count} solutions, {} nodes", solver.counters().nodes);
    for (t, s) in solver.thread_stats().iter().enumerate() {
        println!("  thread {t}: {} nodes, {} pieces taken", s.nodes, s.steals);
    }
    assert_eq!(count, 14_200);
    // The same nodes as one thread walks: the tree is shared, not repeated.
    let mut one = Solver::new(&m)?;
    one.count_run();
    assert_eq!(solver.counters().nodes, one.counters().nodes);
    Ok(())
}
