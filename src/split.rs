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
        if self.general.is_some() {
            return Err(Error::Unsupported);
        }
        self.restart();
        let mut rows: Vec<usize> = Vec::new();
        rows.try_reserve_exact(self.forced.len() + depth.min(self.links.primary))?;
        rows.extend_from_slice(&self.forced);
        // For each level entered: the item branched on and its row node.
        let mut path: Vec<(u32, u32)> = Vec::new();
        path.try_reserve_exact(depth.min(self.links.primary))?;
        let links = &mut self.links;
        let mut result = ControlFlow::Continue(());
        let mut cut = false;
        // `enter`: at a new level; else back from the row at the top of the
        // path, to try the next one.
        let mut enter = true;
        loop {
            if enter {
                if links.all_covered() || path.len() == depth {
                    cut |= !links.all_covered();
                    result = f(&rows);
                    if result.is_break() {
                        break;
                    }
                    enter = false;
                    continue;
                }
                let best = links.choose();
                links.cover(best);
                path.push((best, links.down(best)));
            } else {
                let Some((_, cur)) = path.last_mut() else { break };
                rows.pop();
                links.uncover_rest_of_row(*cur);
                *cur = links.down(*cur);
            }
            // Try the row at the top of the path, or back up.
            let Some(&(best, cur)) = path.last() else { break };
            if cur == best {
                links.uncover(best);
                path.pop();
                enter = false;
                continue;
            }
            links.cover_rest_of_row(cur);
            rows.push(links.row_of(cur));
            enter = true;
        }
        // Undo what a break left covered: every level on the path has its
        // row's items covered.
        while let Some((best, cur)) = path.pop() {
            links.uncover_rest_of_row(cur);
            links.uncover(best);
        }
        self.restart();
        Ok((result, cut))
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
