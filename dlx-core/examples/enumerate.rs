//! Lists every solution of Knuth's example from "Dancing Links" (items
//! a-g, six options; its one solution is options 0, 3 and 4) with a
//! callback that sees each solution's rows, and stops a second search
//! after its first solution.
//!
//!     cargo run --release -p dlx-core --example enumerate

use std::ops::ControlFlow;

use dlx_core::{Matrix, Outcome, Solver};

fn main() -> Result<(), dlx_core::Error> {
    // Columns a..g are 0..6.
    let options: [&[usize]; 6] = [&[2, 4], &[0, 3, 6], &[1, 2, 5], &[0, 3, 5], &[1, 6], &[3, 4, 6]];
    let mut m = Matrix::new(7)?;
    for option in options {
        m.add_row(option)?;
    }
    let mut solver = Solver::new(&m)?;
    let mut found = Vec::new();
    let outcome = solver.run(|rows| {
        let mut rows = rows.to_vec();
        rows.sort_unstable();
        println!("solution: options {rows:?}");
        found.push(rows);
        ControlFlow::Continue(())
    });
    assert_eq!(outcome, Outcome::Exhausted);
    assert_eq!(found, [vec![0, 3, 4]], "Knuth's example has one solution");

    // A callback that breaks stops the search; the next call goes on.
    let mut again = Solver::new(&m)?;
    let outcome = again.run(|_| ControlFlow::Break(()));
    assert_eq!(outcome, Outcome::Stopped);
    assert_eq!(again.run(|_| ControlFlow::Continue(())), Outcome::Exhausted);
    Ok(())
}
