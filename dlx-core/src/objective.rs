//! What a search is for: every solution, the first one, how many, or the
//! best ones by cost.
//!
//! The first three are thin loops over [`Solver::next_solution`]; the C
//! conveniences `dlx_solve`, `dlx_count` and `dlx_solve_first` wrap them.
//! The best solutions come from a branch and bound inside the search loop,
//! switched on by [`Solver::set_objective`] with an [`Objective`]; its
//! state and its bounds are in the crate's `bound` module.

use std::ops::ControlFlow;

pub use crate::bound::{Best, Goal, Objective, Relaxation, MAX_TOTAL_COST};
use crate::control::Limits;
use crate::error::Error;
use crate::matrix::Matrix;
use crate::solver::Solver;

/// Hands each remaining solution of `solver` to `f` until `f` breaks (its
/// value is returned) or the search is exhausted (`Continue`).
pub fn for_each<B>(solver: &mut Solver, mut f: impl FnMut(&[usize]) -> ControlFlow<B>) -> ControlFlow<B> {
    while let Some(rows) = solver.next_solution() {
        f(rows)?;
    }
    ControlFlow::Continue(())
}

/// Counts the remaining solutions of `solver`, stopping after `max` of them
/// when `max` is given, within one call's limits.
pub fn count(solver: &mut Solver, max: Option<u64>) -> u64 {
    let limits = solver.limits();
    solver.set_limits(Limits { solutions: max, ..limits });
    let (n, _) = solver.count_run();
    solver.set_limits(limits);
    n
}

impl Matrix {
    /// The number of solutions, stopping at `max` when it is given.
    pub fn count_solutions(&self, max: Option<u64>) -> Result<u64, Error> {
        Ok(count(&mut Solver::new(self)?, max))
    }

    /// The first solution the search finds, as row ids in the order chosen.
    pub fn first_solution(&self) -> Result<Option<Vec<usize>>, Error> {
        Ok(Solver::new(self)?.next_solution().map(|rows| rows.to_vec()))
    }
}
