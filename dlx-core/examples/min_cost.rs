//! The least-cost cover by branch and bound: four items, options with
//! costs; the covers are {ab, cd} (cost 5 + 4) and {a, b, c, d} (1 each),
//! so the least costs 4. The two best are kept and printed.
//!
//!     cargo run --release -p dlx-core --example min_cost

use std::ops::ControlFlow;

use dlx_core::{Goal, Matrix, Objective, Solver};

fn main() -> Result<(), dlx_core::Error> {
    let mut m = Matrix::new(4)?;
    for (columns, cost) in [(&[0, 1][..], 5), (&[2, 3], 4), (&[0], 1), (&[1], 1), (&[2], 1), (&[3], 1)] {
        let row = m.add_row(columns)?;
        m.set_cost(row, cost)?;
    }
    let mut solver = Solver::new(&m)?;
    solver.set_objective(Some(Objective { goal: Goal::MinCost, best: 2 }))?;
    // Each improvement is handed out as it is found; the list ends best.
    solver.run(|_| ControlFlow::Continue(()));
    for b in solver.best() {
        println!("cost {}: rows {:?}", b.cost, b.rows);
    }
    let costs: Vec<i64> = solver.best().iter().map(|b| b.cost).collect();
    // Four singletons (4), then a pair with two singletons (5 + 1 + 1 or
    // 4 + 1 + 1: the second best is 6).
    assert_eq!(costs, [4, 6]);
    Ok(())
}
