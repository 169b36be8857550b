//! Whether a problem has exactly one solution: the search from the
//! start, stopped at the second solution.

use super::Solver;
use crate::alloc::copied;
use crate::control::{Found, Limits, Outcome};
use crate::error::{Error, Unsupported};

/// What [`Solver::uniqueness`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Uniqueness {
    /// No solution.
    None,
    /// Exactly one: its rows.
    Unique(Vec<usize>),
    /// Two or more: the first two the search met.
    Several(Vec<usize>, Vec<usize>),
}

impl Solver {
    /// Whether the problem (with the forced rows, without the excluded
    /// ones) has no solution, exactly one, or several, with the solutions
    /// met: the search starts again and stops at the second solution (a
    /// sudoku's uniqueness check). Each solution's rows are as
    /// [`Solver::find`] gives them. On the solver's threads; within the
    /// call's limits and cancel (the solution limit does not apply):
    /// `None` when they stopped the search first ([`Solver::outcome`] says
    /// why; the next call starts over). The search then stands after the
    /// solutions met (or at its end).
    ///
    /// Errors: [`Error::Unsupported`] ([`Unsupported::UniqueWithObjective`])
    /// with an objective or a cost limit, under which the search hands out
    /// only solutions better than the last; [`Error::OutOfMemory`].
    pub fn uniqueness(&mut self) -> Result<Option<Uniqueness>, Error> {
        if self.objective().is_some() || self.cost_limit().is_some() {
            return Err(Error::Unsupported(Unsupported::UniqueWithObjective));
        }
        self.restart();
        let limits = self.limits();
        self.set_limits(Limits { solutions: None, ..limits });
        let found = self.first_two();
        self.set_limits(limits);
        found
    }

    /// The first two solutions, or `None` when the search stopped first.
    fn first_two(&mut self) -> Result<Option<Uniqueness>, Error> {
        let first = match self.find() {
            Found::Solution(rows) => copied(rows)?,
            Found::End(Outcome::Exhausted) => return Ok(Some(Uniqueness::None)),
            Found::End(_) => return Ok(None),
        };
        Ok(match self.find() {
            Found::Solution(rows) => Some(Uniqueness::Several(first, copied(rows)?)),
            Found::End(Outcome::Exhausted) => Some(Uniqueness::Unique(first)),
            Found::End(_) => None,
        })
    }
}
