//! The bounds of a branch and bound, and the objective's types.
//!
//! * [`Objective`], [`Goal`], [`Best`]: what a search optimises and what it
//!   keeps (the public face, re-exported by `crate::objective`);
//! * `optimizer`: the incumbent (the k best so far and the bar) and the
//!   share bound of exact cover, whose per-item shares come from
//! * `potentials`: a near-optimal dual of the linear relaxation, computed
//!   with effort that grows with the search;
//! * [`Bound`]: the costs as the generalised engine's own bound reads them
//!   (that bound, over columns still short of rows, walks that engine's
//!   links and lives with it in `engine::mcc`).
//!
//! Nothing here knows an engine's layout: the share bound sees the links
//! through [`Nodes`].

use std::ops::Range;

pub(crate) mod lp;
pub(crate) mod node;
pub(crate) mod optimizer;
pub(crate) mod potentials;

/// What a search optimises (see [`Solver::set_objective`](crate::Solver::set_objective)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Goal {
    /// The smallest total of the chosen rows' costs ([`Matrix::set_cost`](crate::Matrix::set_cost);
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

/// When a search with an objective solves the linear relaxation at its
/// nodes (see [`Solver::set_relaxation`](crate::Solver::set_relaxation)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Relaxation {
    /// Once the search has run long enough to pay for it and has a cover
    /// to beat: on exact cover (no colors, no bounds) of at most
    /// 1,024 columns.
    #[default]
    Auto,
    /// From the first node, on the same matrices.
    Always,
    /// Never: the share bound alone.
    Never,
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

/// The cost side of a search with an objective, as the generalised engine
/// needs it (from the `Optimizer`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Bound<'a> {
    /// Each row's cost as the search counts it (negated for the highest
    /// cost; 1 each for the fewest rows).
    pub row_cost: &'a [i64],
    /// The sum of the negative row costs.
    pub negative: i64,
    /// The cost of every row, when all are the same and not negative.
    pub same_cost: Option<i64>,
    /// The cost of the forced rows.
    pub forced: i64,
    /// A solution must cost less than this (`i64::MAX`: no bar yet).
    pub bar: i64,
    /// Whether the search keeps one best solution only: it may then skip
    /// a branch whose solutions another branch matches at no more cost.
    pub one_best: bool,
}

/// A matrix laid out as nodes, as the share bound reads it: items numbered
/// from 1, primary ones first; each row a range of consecutive nodes.
pub(crate) trait Nodes {
    /// The number of rows.
    fn rows(&self) -> usize;
    /// The number of nodes: the length of a per-node array.
    fn nodes(&self) -> usize;
    /// The number of items, and of primary ones.
    fn items(&self) -> usize;
    fn primary(&self) -> usize;
    /// The nodes of row `r`.
    fn row_nodes(&self, r: usize) -> Range<u32>;
    /// The item of node `x`.
    fn top(&self, x: u32) -> u32;
    /// Whether item `i` is primary.
    fn is_primary(&self, i: u32) -> bool {
        (i as usize) <= self.primary()
    }
}

/// The number of primary items of row `r`.
pub(crate) fn primary_in_row(links: &dyn Nodes, r: usize) -> usize {
    links.row_nodes(r).filter(|&x| links.is_primary(links.top(x))).count()
}
