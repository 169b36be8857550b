//! What a search is for: every solution, the first one, how many, or the
//! best ones by cost.
//!
//! The first three are thin loops over [`Solver::next_solution`]; the C
//! conveniences `dlx_solve`, `dlx_count` and `dlx_solve_first` wrap them.
//! The best solutions come from a branch and bound inside the search loop,
//! switched on by [`Solver::set_objective`]; its state and its bound are
//! [`Optimizer`] here.

use std::ops::ControlFlow;

use crate::error::Error;
use crate::links::Links;
use crate::matrix::Matrix;
use crate::search::Solver;

/// Hands each remaining solution of `solver` to `f` until `f` breaks (its
/// value is returned) or the search is exhausted (`Continue`).
pub fn for_each<B>(solver: &mut Solver, mut f: impl FnMut(&[usize]) -> ControlFlow<B>) -> ControlFlow<B> {
    while let Some(rows) = solver.next_solution() {
        f(rows)?;
    }
    ControlFlow::Continue(())
}

/// Counts the remaining solutions of `solver`, stopping after `max` of them
/// when `max` is given.
pub fn count(solver: &mut Solver, max: Option<u64>) -> u64 {
    let mut n = 0;
    while max.map_or(true, |m| n < m) && solver.next_solution().is_some() {
        n += 1;
    }
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

/// What a search optimises (see [`Solver::set_objective`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// The smallest total of the chosen rows' costs ([`Matrix::set_cost`];
    /// forced rows count too). Negative costs are allowed.
    MinCost,
    /// The largest total of the rows' costs: the highest weight. The search
    /// minimises the negated costs, so everything said of `MinCost` holds.
    MaxCost,
    /// The fewest rows: every row costs 1 whatever the matrix says.
    FewestRows,
}

/// An objective: a goal, and how many of the best solutions to keep.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Objective {
    pub goal: Goal,
    /// Keep the `best` best solutions (at least 1).
    pub best: usize,
}

/// One of the best solutions found so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Best {
    /// Its cost, as the goal measures it: the sum of the rows' costs, or
    /// the number of rows for [`Goal::FewestRows`].
    pub cost: i64,
    /// Its rows: the forced rows, then the rows chosen in order.
    pub rows: Vec<usize>,
}

/// The largest sum of absolute row costs a search with an objective takes:
/// every partial sum the search forms then fits in an `i64`, scale included.
pub const MAX_TOTAL_COST: u64 = 1 << 61;

/// The finest scale of the per-item shares: 2^20.
const FINEST_SCALE: u64 = 1 << 20;

/// The state of a branch-and-bound search, the `COST` side of the search
/// loop ([`Solver`]).
///
/// # The bound
///
/// Each row's cost is spread evenly over its primary items: its *share* per
/// item is cost / (number of primary items). Any solution covers each
/// uncovered primary item by exactly one row, so the cost still to pay is
/// the sum of the covering rows' shares, which is at least the sum over the
/// uncovered items of the smallest share among the rows still in each
/// item's list. The lists are sorted by share (ties in row order), so that
/// smallest share is the first row's: one load per item.
///
/// At each level, after covering the item to branch on, `rest` is that sum
/// over the other uncovered items. A row `r` of the item can only lead to a
/// solution cheaper than the bar (the k-th best cost so far) when
///
///   cost so far + cost(r) + rest - (the first shares of r's other items)
///
/// is below the bar, since choosing `r` covers exactly those items (and
/// the rows left for the others after that are among those in their lists
/// now). Rows that fail are skipped without being covered. DLX5 prunes with
/// the cheapest row of the branching item alone; the sum over all items is
/// stronger, and on problems like the Treasure Map it cuts most of the
/// tree.
///
/// (Cutting a whole level at once with the first row of the branching item
/// is not sound with this `rest`: covering that item has already hidden
/// its rows from the other lists, so their first shares may have grown.)
///
/// Costs are kept multiplied by a scale `2^s` and shares rounded down, so
/// the bound is exact integer arithmetic and never above the true one.
#[derive(Clone, Debug)]
pub(crate) struct Optimizer {
    pub goal: Goal,
    pub k: usize,
    /// The scale costs are multiplied by.
    scale: i64,
    /// Per node: its row's cost, scaled, as the search counts it (negated
    /// for `MaxCost`). 0 for headers and spacers.
    pub cost: Vec<i64>,
    /// Per node: its row's share per primary item, scaled and rounded down.
    /// 0 for headers (an item with no row left adds nothing) and spacers.
    pub share: Vec<i64>,
    /// Per row, its cost as the search counts it, unscaled.
    row_cost: Vec<i64>,
    /// The scaled cost of the rows chosen before each level (`path[0]`: the
    /// forced rows).
    pub path: Vec<i64>,
    /// The bound's `rest` at each level.
    pub rest: Vec<i64>,
    /// The best solutions, best first, at most `k`; and `bar`, the scaled
    /// cost a new one must stay below (the k-th best, or `i64::MAX`).
    best: Vec<Best>,
    pub bar: i64,
}

impl Optimizer {
    /// The state for `objective` on `links`, with per-row `costs` (empty
    /// when every cost is 0). Errors: [`Error::CostRange`] when the absolute
    /// costs add up past [`MAX_TOTAL_COST`], [`Error::OutOfMemory`].
    pub fn new(objective: Objective, links: &Links, costs: &[i64], depth: usize) -> Result<Optimizer, Error> {
        if objective.best == 0 {
            return Err(Error::InvalidArgument);
        }
        let rows = links.rows();
        let mut row_cost = filled(rows)?;
        let mut total: u64 = 0;
        for (r, c) in row_cost.iter_mut().enumerate() {
            let given = costs.get(r).copied().unwrap_or(0);
            *c = match objective.goal {
                Goal::FewestRows => 1,
                Goal::MinCost => given,
                Goal::MaxCost => given.checked_neg().ok_or(Error::CostRange)?,
            };
            total = total.saturating_add(c.unsigned_abs());
        }
        if total > MAX_TOTAL_COST {
            return Err(Error::CostRange);
        }
        let mut scale = FINEST_SCALE;
        while total.saturating_mul(scale) > MAX_TOTAL_COST {
            scale /= 2;
        }
        let scale = scale as i64;
        let mut cost = filled(links.nodes())?;
        let mut share = filled(links.nodes())?;
        for (r, &c) in row_cost.iter().enumerate() {
            let width = links.primary_in_row(r).max(1) as i64;
            for x in links.row_nodes(r) {
                cost[x as usize] = c * scale;
                share[x as usize] = (c * scale).div_euclid(width);
            }
        }
        Ok(Optimizer {
            goal: objective.goal,
            k: objective.best,
            scale,
            cost,
            share,
            row_cost,
            path: filled(depth + 1)?,
            rest: filled(depth + 1)?,
            best: Vec::new(),
            bar: i64::MAX,
        })
    }

    /// The sort key of node `x` in its item's list: its share.
    pub fn key(&self, x: u32) -> i64 {
        self.share[x as usize]
    }

    /// Forgets the solutions found and starts from the `forced` rows.
    pub fn reset(&mut self, forced: &[usize]) {
        self.best.clear();
        self.bar = i64::MAX;
        self.path[0] = forced.iter().map(|&r| self.row_cost[r] * self.scale).sum();
    }

    /// The cost of `rows`, as the goal measures it.
    pub fn cost_of(&self, rows: &[usize]) -> i64 {
        let internal: i64 = rows.iter().map(|&r| self.row_cost[r]).sum();
        self.external(internal)
    }

    fn external(&self, internal: i64) -> i64 {
        match self.goal {
            Goal::MaxCost => -internal,
            Goal::MinCost | Goal::FewestRows => internal,
        }
    }

    /// Records a solution of scaled cost `scaled` (below the bar) among the
    /// best, after those of equal cost.
    pub fn record(&mut self, scaled: i64, rows: &[usize]) {
        let internal = scaled / self.scale;
        let cost = self.external(internal);
        // `external` is its own inverse: it turns a kept cost back too.
        let at = self.best.partition_point(|b| self.external(b.cost) <= internal);
        self.best.insert(at, Best { cost, rows: rows.to_vec() });
        self.best.truncate(self.k);
        if self.best.len() == self.k {
            self.bar = self.external(self.best[self.k - 1].cost) * self.scale;
        }
    }

    /// The best solutions so far, best first.
    pub fn best(&self) -> &[Best] {
        &self.best
    }
}

/// Allocates a vector of `len` zeros, or reports out of memory.
fn filled(len: usize) -> Result<Vec<i64>, Error> {
    let mut v = Vec::new();
    v.try_reserve_exact(len)?;
    v.resize(len, 0);
    Ok(v)
}
