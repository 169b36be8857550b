//! Cutting a search into independent parts.
//!
//! A *subproblem* is a node of the search tree at a given depth: the rows
//! chosen on the path to it (after the forced ones), and the rows the path
//! rules out. Every solution of the whole search lies below exactly one of
//! them, so the subproblems can be solved separately (in other threads,
//! processes or machines) on solvers of the same matrix that force the
//! first rows ([`Solver::force_rows`](crate::Solver::force_rows)) and exclude the others
//! ([`Solver::exclude_rows`](crate::Solver::exclude_rows)), and their counts add up to the whole count.
//! A path that ends in a complete solution above the depth is a subproblem
//! too (with one solution: itself); a path that dies above it (a column
//! with no rows left) gives none.
//!
//! Exact cover rules nothing out that forcing does not: there, a row of the
//! branching column tried before the chosen one shares that column with it,
//! so the excluded rows are only the solver's own. With bounds, a column
//! may take several rows, so the rows tried first at a level must be kept
//! out below the later ones (or the same set of rows would be reached
//! twice), and a column that stops taking rows keeps all of its rows out.
//!
//! The walk is the engine's own search with a depth cap: it branches as the
//! ordinary search does (in the lists' order, not at random, and without
//! pruning by a bound).

use std::ops::ControlFlow;

use crate::error::Error;
use crate::search::Search;

/// One subproblem: solve it with `rows` forced and `excluded` excluded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Subproblem<'a> {
    /// The forced rows, then the rows chosen on the path, in the order the
    /// search chose them.
    pub rows: &'a [usize],
    /// The solver's excluded rows and those the path rules out, in
    /// increasing order (empty for exact cover without excluded rows).
    pub excluded: &'a [usize],
}

/// Hands each subproblem of `search` at `depth` (levels below the forced
/// rows) to `f`, in the order the search meets them; says whether `f` broke
/// and whether any path was cut at `depth`. Afterwards the search starts
/// again from the beginning, counters at zero.
pub(crate) fn walk(search: &mut Search, depth: usize, f: &mut dyn FnMut(Subproblem<'_>) -> ControlFlow<()>) -> Result<(ControlFlow<()>, bool), Error> {
    search.walk_to_depth(depth, &mut |rows, excluded| f(Subproblem { rows, excluded }))
}

/// The number of subproblems at `depth`, and whether any path was cut
/// there (if none was, deeper depths give the same subproblems).
pub(crate) fn count(search: &mut Search, depth: usize) -> Result<(u64, bool), Error> {
    let mut n = 0u64;
    let (_, cut) = search.walk_to_depth(depth, &mut |_, _| {
        n += 1;
        ControlFlow::Continue(())
    })?;
    Ok((n, cut))
}

/// The smallest depth with at least `at_least` subproblems or, when no
/// depth has that many, the depth below which the tree has no paths.
pub(crate) fn depth_for(search: &mut Search, at_least: u64) -> Result<usize, Error> {
    let mut depth = 0;
    loop {
        let (n, cut) = count(search, depth)?;
        if n >= at_least || !cut {
            return Ok(depth);
        }
        depth += 1;
    }
}
