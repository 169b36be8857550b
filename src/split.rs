//! Cutting a search into independent parts.
//!
//! A *subproblem* is a partial solution: the forced rows, then the rows the
//! search chooses on its first levels, down to a given depth. Every solution
//! of the whole search extends exactly one of them, so the subproblems can be
//! solved separately (in other threads, processes or machines) by forcing
//! their rows ([`Solver::force_rows`]) on a solver of the same matrix, and
//! their counts add up to the whole count. A path that ends in a complete
//! solution above the depth is a subproblem too (with one solution: itself);
//! a path that dies above it (a column with no rows left) gives none.

use std::ops::ControlFlow;

use crate::error::Error;
use crate::search::Solver;

impl Solver {
    /// Hands each subproblem at `depth` (levels below the forced rows) to
    /// `f`, in the order the search meets them, and says whether `f` saw
    /// them all (`Continue`) or broke. The walk branches as the ordinary
    /// search does (not at random). Afterwards the search starts again from
    /// the beginning, counters at zero. A matrix with bounds or colors
    /// gives [`Error::Unsupported`].
    pub fn for_each_subproblem(&mut self, depth: usize, f: impl FnMut(&[usize]) -> ControlFlow<()>) -> Result<ControlFlow<()>, Error> {
        Ok(self.walk_prefixes(depth, f)?.0)
    }

    /// `for_each_subproblem`, also saying whether any path was cut at
    /// `depth` (if none was, deeper depths give the same subproblems).
    fn walk_prefixes(&mut self, depth: usize, mut f: impl FnMut(&[usize]) -> ControlFlow<()>) -> Result<(ControlFlow<()>, bool), Error> {
        self.subproblems(depth, &mut f)
    }

    /// The number of subproblems at `depth`.
    pub fn count_subproblems(&mut self, depth: usize) -> Result<u64, Error> {
        Ok(self.count_cut(depth)?.0)
    }

    fn count_cut(&mut self, depth: usize) -> Result<(u64, bool), Error> {
        let mut n = 0u64;
        let (_, cut) = self.walk_prefixes(depth, |_| {
            n += 1;
            ControlFlow::Continue(())
        })?;
        Ok((n, cut))
    }

    /// The smallest depth with at least `at_least` subproblems or, when no
    /// depth has that many, the depth below which the tree has no paths.
    pub fn depth_for(&mut self, at_least: u64) -> Result<usize, Error> {
        let mut depth = 0;
        loop {
            let (count, cut) = self.count_cut(depth)?;
            if count >= at_least || !cut {
                return Ok(depth);
            }
            depth += 1;
        }
    }
}
