//! The generalised engine: covers with multiplicities and colors, Knuth's
//! Algorithm M (DLX3), which contains his Algorithm C (DLX2).
//!
//! A [`Solver`](crate::Solver) runs this engine instead of plain exact
//! cover ([`dlx1`](super::dlx1)) when its matrix
//! is [generalized](crate::Matrix::is_generalized):
//!
//! * **Multiplicities.** Primary column `i` has bounds `lo..=hi`: a solution
//!   is a set of rows that covers it between `lo` and `hi` times (exact
//!   cover is `1..=1`).
//! * **Colors.** An entry of a row in a secondary column may have a color.
//!   Rows that give a secondary column the same color may be chosen
//!   together; an entry without a color still excludes every other use.
//!
//! # The search
//!
//! The links are those of exact cover (vertical lists of nodes, one per
//! entry, with a header per column), plus a color per node, a count of the
//! rows chosen per primary column, and the list of *active* primary
//! columns: those that may still take rows. A solution is found when no
//! column is active.
//!
//! At each level the search picks the active column `i` with the fewest
//! branches (below), and branches on it:
//!
//! * for each row `x` in `i`'s list, top to bottom: choose `x`. The rows
//!   tried before `x` at this level stay *excluded* (hidden from every
//!   list) while `x` and everything after it is tried, so each set of rows
//!   is reached exactly once: through its rows of `i` in list order. If `x`
//!   is `i`'s last allowed row (the count reaches `hi`), `i` is covered
//!   instead, as in exact cover, which hides all of its rows at once;
//! * when `i` already has its `lo` rows: *stop*, that is take no more rows
//!   for `i`: every row through it is hidden and `i` stops being active.
//!   A count or an enumeration takes this branch last, as Knuth's DLX3
//!   does (his null move): the rows tried are all excluded by then, so it
//!   hides nothing more. With an objective it comes first, so that a
//!   search for few rows meets small solutions first.
//!
//! Choosing a row commits its other columns: a primary one counts one more
//! row and is covered when it reaches its `hi`; a secondary one without a
//! color is covered; a secondary one with color `c` is *purified*: the
//! rows that give it another color (or none) are hidden, and the ones with
//! color `c` are marked, so that choosing them later commits nothing more
//! there. Everything is undone in reverse order when the search backs up.
//!
//! Column `i` with `n` rows left in its list, still needing `d = lo - count`
//! rows, has `n - d + 1` branches when `d > 0` (its first chosen row must
//! leave at least `d - 1` rows after it), and `n + 1` (stop included)
//! otherwise; none means a dead end. Knuth calls this the branch degree.
//! A count or an enumeration branches as his DLX3 does: on a column with
//! the fewest, ties going to the one with less slack (`hi - lo`, or the
//! rows it may still take if fewer), then to the longer list, then to the
//! first in column order; so its search tree, and its node count, are
//! DLX3's. With an objective, a column that already has its `lo` rows
//! waits until no column needs rows, as the tutorials' repeated cover
//! removes a covered column at once: deciding whether it takes more rows
//! only splits the search where nothing is forced yet, and the bound
//! prunes the columns that need rows.
//!
//! This is Algorithm M with two differences: with an objective the stop
//! branch comes first, and the rows of a level are taken from a list made
//! when the level is entered, so that a randomised search can shuffle it.
//! Its updates count DLX3's, less one for each of his null moves and for
//! each row he tweaks out of a column already covered (so at most his).
//!
//! # Costs
//!
//! With an objective the search is a branch and bound. At each level it
//! adds a lower bound of the cost still to pay to the cost of the rows
//! chosen so far, and backs up when that reaches the bar (the k-th best
//! cost so far). The bound generalises the one the tutorials use for
//! repeated cover: take the active columns that still need rows one by one,
//! those with the fewest rows left first (ties in column order), skipping
//! any that shares a row with a column taken before (taking short columns
//! first usually leaves more columns that share no row). No row serves two
//! taken columns, so each taken column `i` needs `d` rows of its own: at least the `d` smallest costs in its list (costs
//! below 0 counted as 0; the lists are in increasing order of cost, so
//! these are its first `d` rows). Rows with negative costs can lower any total by
//! at most the sum of all negative costs, which is added once.
//! For the fewest rows (every cost 1), this is the number of rows the taken
//! columns still need.
//!
//! A second bound counts: the active columns need `D` more rows in all,
//! and a row through `h` of the columns that still need rows serves at
//! most `h` of them, once. So the rows still to choose cost at least what
//! the cheapest fractions of rows serving `D` cost: rows taken whole in
//! increasing cost per column served, `cost / h`, then the part of the
//! next one that is still needed (the fractional knapsack). For the fewest
//! rows (every cost the same) this is the fewest rows whose `h` add up to
//! `D`, found by counting rows per `h` without sorting. The search takes
//! the larger of the two bounds: the first is stronger when the needy
//! columns spread over disjoint rows (the Square Destroyer), the second
//! when every row serves many of them (lottery covers).
//!
//! Under an objective each column's rows are in increasing order of cost
//! (`order_lists`, as Knuth's DLX5 sorts its lists; when every row is in
//! its lists), and the room a branch has is the bar less the cost so far
//! (less the negative costs). Then, as in DLX5: a row that alone costs the
//! room or more is dear, and no cover of the rest below the bar holds it;
//! a level takes its column's rows up to its first dear one, and stops
//! there once the bar has come down; the column branched on is the one of
//! fewest rows that are not dear (`choose_cheap`); the bounds read only
//! the rows that are not dear, and none is worked out when the needy
//! columns' cheapest rows, each column on its own, cannot reach the room
//! (`each_alone`). With no negative cost, a chosen row's covers and
//! purifications leave alone the rows at or past its *cut*, the room its
//! own cost leaves (DLX5's thresholds): the room only shrinks below, so
//! those rows are dear wherever the search meets them again, and putting
//! them back is skipped as well. On Latin squares and word rectangles with
//! costs this halves the updates.
//!
//! A search that keeps only the one best solution also skips dominated
//! rows (with at most 256 primary columns, whose sets of columns are then
//! kept as bit sets of at most four words): a row `x` of a level is not tried when a row `y` tried
//! before it at that level serves every column that `x` serves and that
//! still needed rows, costs no more, has no secondary column, and adds to
//! no column whose upper bound could bind. A solution through `x` (which
//! excludes `y`) with `y` in place of `x` is then a solution that costs no
//! more, and `y`'s branch has met it. On the Square Destroyer this skips
//! the matches whose squares a match tried before also lies on, and the
//! tree shrinks about threefold.

mod bound;
pub(super) mod build;
mod choose;
mod cover;
mod walk;

use walk::Walk;

use super::kit::{self, Seeded};
use super::steer::Weights;
use super::walk::{rest_m, Resume};
use super::mode::Steps;
use super::{Core, Count, Counted, Cut, Cutting, Find, Fixed, Found, Given, Optimize, Steering};
use crate::bound::Objective;
use crate::bound::optimizer::Optimizer;
use crate::error::Error;

/// The bit of a node's column (`top`) that marks the node *pure*: its
/// secondary column has been purified with the node's color, so choosing
/// its row commits nothing more there, and hiding its row leaves it in its
/// list (as in Knuth's DLX2: the list is read again only by the `unpurify`
/// that follows that row's `unhide`). Columns are below 2^31 (`new`).
const PURE: u32 = 1 << 31;

/// Where a level stands. With an objective the stop branch comes first
/// (`Entered`, `Stop`, `Stopped`, then `Rows`); without, last, as in
/// Knuth's DLX3 (`Entered`, `Rows`, then `Last` and `Over`): the rows
/// tried are all excluded by then, so stopping hides nothing more.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Branch {
    /// Entered, no branch taken yet: the stop branch comes next, if the
    /// column has its `lo` rows and the level takes it first.
    Entered,
    /// The stop branch is being explored (taken first).
    Stop,
    /// The stop branch is done (or was not allowed): the rows come next.
    Stopped,
    /// Row branches: `order[at]` is the row being explored (`chosen`) or
    /// the next one to try.
    Rows,
    /// The stop branch is being explored (taken last, the rows all tried
    /// and still excluded).
    Last,
    /// Every branch is done: the level is left next.
    Over,
}

/// One level of the search.
#[derive(Clone, Copy, Debug)]
struct Level {
    /// The column branched on.
    item: u32,
    branch: Branch,
    /// Whether a chosen row is the column's last allowed one (the column is
    /// covered while its rows are tried, and nothing needs excluding).
    last: bool,
    /// Whether the row `order[at]` is chosen now.
    chosen: bool,
    /// This level's rows in `order`: `start..end`, `at` the current one.
    start: u32,
    at: u32,
    end: u32,
    /// Where the row branches stop: `end`, unless the last ones were
    /// given away ([`Core::donate`]).
    stop: u32,
    /// Where this level's excluded rows start on the `excluded` stack.
    excluded: u32,
    /// Whether the stop branch comes last (without an objective).
    stop_last: bool,
    /// The cost of the rows chosen above this level.
    path: i64,
    /// Whether the rows are in increasing order of cost (see
    /// `Mcc::skip_dear`).
    by_cost: bool,
    /// The cut of the chosen row's commit (see the module's "Costs"), or
    /// [`NO_CUT`].
    cut: i64,
}

/// No cut: a commit covers every row.
const NO_CUT: i64 = i64::MAX;

impl Level {
    /// The rows this level's branch rules out are `order[start..]` up to
    /// this: all of them for the stop branch, the rows before the chosen
    /// one for a row branch (none when the chosen row fills the column,
    /// which rules out the rest by covering it).
    fn ruled_out(&self) -> u32 {
        match self.branch {
            Branch::Stop | Branch::Last | Branch::Over => self.end,
            Branch::Rows if !self.last => self.at,
            Branch::Entered | Branch::Stopped | Branch::Rows => self.start,
        }
    }
}

/// The links of a generalised cover, and the state of one search over them.
#[derive(Clone, Debug)]
pub(crate) struct Mcc {
    up: Vec<u32>,
    down: Vec<u32>,
    /// The column of each node (0 for headers and spacers), with the
    /// [`PURE`] bit.
    top: Vec<u32>,
    /// The color of each node: 0 for none.
    color: Vec<u32>,
    /// The row of each node.
    row: Vec<u32>,
    /// Row `r` is nodes `row_first[r]..row_first[r + 1] - 1`.
    row_first: Vec<u32>,
    /// Per column (index 0 unused): rows in its list.
    len: Vec<u32>,
    /// Per primary column: bounds and rows chosen.
    lo: Vec<u32>,
    hi: Vec<u32>,
    count: Vec<u32>,
    /// The active primary columns, a circular list through 0, in order.
    prev: Vec<u32>,
    next: Vec<u32>,
    /// The primary columns short of their lower bound (`count < lo`), a
    /// circular list through 0, in order: a column leaves it when a row
    /// brings it to `lo` and comes back when that row is undone, in the
    /// reverse order, as the links of exact cover do. The bound walks this
    /// list alone, not every active column.
    short_prev: Vec<u32>,
    short_next: Vec<u32>,
    primary: usize,
    /// Per item, whether it is preferred (Knuth's DLX3-SHARP: see
    /// [`Mcc::choose`]); empty when none is.
    prefer: Vec<bool>,
    /// With dynamic weights, each item's weight (see [`Steering`]);
    /// empty without.
    weights: Weights,
    /// Link updates, counted as in exact cover.
    pub updates: u64,
    stack: Vec<Level>,
    order: Vec<u32>,
    excluded: Vec<u32>,
    resume: Resume,
    /// [`Fixed::within`] of the forced rows.
    within: bool,
    /// The seed and generator of a randomised search.
    random: Option<Seeded>,
    /// The cost of the rows chosen on the stack.
    path: i64,
    /// Whether every list is in increasing order of row cost under the
    /// objective (`order_lists`), which the bound's cheapest rows and the
    /// cut of dear rows read; and then each node's row's cost (scaled, as
    /// the objective counts it), which the cuts read (one load a node, as
    /// DLX5 keeps its costs in its nodes).
    by_cost: bool,
    node_cost: Vec<i64>,
    /// Scratch for the bound: a stamp per column, a stamp and a count of
    /// needy columns per row, the rows counted, and costs.
    mark: Vec<u32>,
    hits: Vec<(u32, u32)>,
    touched: Vec<u32>,
    stamp: u32,
    costs: Vec<i64>,
    /// Scratch for the bound: how many rows serve each number of needy
    /// columns (a row has at most as many as it has nodes).
    by_hits: Vec<u32>,
    /// Scratch for the bound: the columns that need rows, each as its
    /// number of rows left (high half) and its index (low half), so that
    /// sorting puts the shortest first.
    needy: Vec<u64>,
    /// With at most [`MASK_COLUMNS`](bound::MASK_COLUMNS) primary columns, each row's primary
    /// columns as a bit set of `words` words (column `i` is bit `i - 1`),
    /// which the seed's bound reads in place of the row's nodes; `words`
    /// is 0 otherwise. Then also: whether each row has no secondary column,
    /// the primary columns whose upper bound is at least their number of
    /// rows (it never binds), and for each of the
    /// first `primary + 1` levels of a search with an objective the
    /// columns that needed rows when it was entered (for [`Mcc::replaced`];
    /// deeper levels skip no row).
    words: usize,
    row_mask: Vec<u64>,
    primary_only: Vec<bool>,
    unbounded: Vec<u64>,
    needy_sets: Vec<u64>,
}

impl Core for Mcc {
    fn kind(&self) -> super::Engine {
        super::Engine::General
    }

    fn depth_limit(&self) -> usize {
        // With bounds, a solution may have every row.
        self.rows()
    }

    fn updates(&self) -> u64 {
        self.updates
    }

    fn steer(&mut self, steering: Steering) -> Result<(), Error> {
        self.weights.set(steering.weights, self.primary)?;
        self.random = steering.generator();
        Ok(())
    }

    fn bound(&self) -> Option<&dyn Optimize> {
        Some(self)
    }

    fn bound_mut(&mut self) -> Option<&mut dyn Optimize> {
        Some(self)
    }

    fn find(&mut self, run: Find<'_>) -> Found {
        let (steps, objective) = Steps::find(run);
        let bound = objective.map(|o| o.bound());
        self.search(steps, bound.as_ref())
    }

    fn count(&mut self, run: Count<'_>) -> Counted {
        self.search(Steps::count(run), None)
    }

    fn cut(&mut self, run: Cut<'_>) -> Cutting {
        self.walk_with(Steps::cut(run), None, None)
    }

    fn is_done(&self) -> bool {
        self.resume == Resume::Done
    }

    /// Chooses the forced `rows` (which must be [`compatible`](crate::Matrix::compatible)),
    /// with nothing else chosen.
    fn force(&mut self, fixed: &Fixed) {
        self.within = fixed.within;
        for &r in &fixed.excluded {
            self.exclude_row(r as u32);
        }
        for &r in &fixed.forced {
            self.choose_row(r as u32);
        }
    }

    /// Undoes `force(fixed)`; the search must be unwound first.
    fn unforce(&mut self, fixed: &Fixed) {
        for &r in fixed.forced.iter().rev() {
            self.unchoose_row(r as u32);
        }
        for &r in fixed.excluded.iter().rev() {
            self.include_row(r as u32);
        }
    }

    /// The rows of the solution just found, after the forced ones: the rows
    /// chosen on the stack, from the top level down.
    fn solution(&self, out: &mut Vec<usize>) {
        for l in &self.stack {
            if l.branch == Branch::Rows && l.chosen {
                out.push(self.row[self.order[l.at as usize] as usize] as usize);
            }
        }
    }

    /// The rows each level's branch rules out: all the column's rows for
    /// the stop branch (the column takes no more), the rows tried before
    /// the chosen one for a row branch (unless the chosen row is the
    /// column's last allowed one, which rules out the rest by covering it).
    fn excluded(&self, out: &mut Vec<usize>) {
        for l in &self.stack {
            out.extend(self.order[l.start as usize..l.ruled_out() as usize].iter().map(|&x| self.row[x as usize] as usize));
        }
    }

    /// A row branch rules out the rows of its column before it; the
    /// levels above rule out what [`Core::excluded`] says.
    fn donate(&mut self, rows: &mut Vec<usize>, excluded: &mut Vec<usize>) -> Option<Given> {
        let stack = &mut self.stack;
        let (k, share, stop) = kit::shallowest(stack.len(), |k| {
            let l = &mut stack[k];
            // The first row branch not taken yet.
            let untried = if l.branch == Branch::Rows && l.chosen { l.at + 1 } else { l.at };
            let given = (untried < l.stop).then(|| {
                l.stop -= 1;
                l.stop
            });
            (u64::from(l.end - l.start + 1), given)
        })?;
        let above = &self.stack[..k];
        rows.extend(above.iter().filter(|l| l.branch == Branch::Rows && l.chosen).map(|l| self.row[self.order[l.at as usize] as usize] as usize));
        rows.push(self.row[self.order[stop as usize] as usize] as usize);
        for l in above {
            excluded.extend(self.order[l.start as usize..l.ruled_out() as usize].iter().map(|&x| self.row[x as usize] as usize));
        }
        excluded.extend(self.order[self.stack[k].start as usize..stop as usize].iter().map(|&x| self.row[x as usize] as usize));
        Some(Given { level: k, share })
    }

    fn rest(&mut self, piece: &mut dyn FnMut(&dyn Core, usize)) {
        rest_m(&mut Walk { m: self, bound: None, rng: None }, &mut |w, level| piece(&*w.m, level));
    }

    /// At each level, the branches done among all its branches: the stop
    /// branch (the column takes no more rows, where its lower bound allows)
    /// first or last, and the rows.
    fn branches(&self, level: &mut dyn FnMut(u64, u64)) {
        for l in &self.stack {
            let stop = u32::from(self.lo[l.item as usize] <= self.count[l.item as usize] - u32::from(l.branch == Branch::Rows));
            let k = match l.branch {
                Branch::Entered | Branch::Stop => 0,
                Branch::Stopped => stop,
                Branch::Rows => u32::from(!l.stop_last) * stop + l.at - l.start,
                Branch::Last | Branch::Over => l.end - l.start,
            };
            level(u64::from(k), u64::from(l.end - l.start + stop));
        }
    }

    /// The number of rows chosen on the stack.
    fn depth(&self) -> usize {
        self.stack.iter().filter(|l| l.branch == Branch::Rows && l.chosen).count()
    }

    /// Undoes the whole search (the forced rows stay) and starts it again.
    fn unwind(&mut self) {
        while !self.stack.is_empty() {
            self.undo_branch();
            self.leave();
        }
        self.resume = Resume::Enter;
        self.path = 0;
    }
}

impl Optimize for Mcc {
    fn optimizer(&self, objective: Objective, costs: &[i64]) -> Result<Optimizer, Error> {
        // This engine has its own bound (no shares); its lists go in
        // order of cost (`order_lists`).
        Optimizer::without_shares(objective, costs, self.rows())
    }

    fn solution_cost(&self, objective: &Optimizer) -> i64 {
        objective.bound().forced + self.path
    }

    fn order_scratch(&self) -> Result<Vec<(u32, i64, u32)>, Error> {
        let mut scratch = Vec::new();
        scratch.try_reserve_exact(self.top.len())?;
        Ok(scratch)
    }

    /// Each column's rows in increasing order of cost under an objective
    /// (as DLX5 sorts its lists), ties in the order rows were added, to
    /// which they go back without one. Only when every row is in its
    /// lists: a node left out (a row of a column whose upper bound is 0)
    /// must find its neighbours again when it comes back, so then the
    /// lists stay as they are and [`Mcc::by_cost`] says so.
    fn order_lists(&mut self, objective: Option<&Optimizer>, scratch: &mut Vec<(u32, i64, u32)>) {
        let items = self.len.len() as u32 - 1;
        scratch.clear();
        let cost = |x: u32| objective.map_or(0, |o| o.bound().row_cost[self.row[x as usize] as usize]);
        for i in 1..=items {
            let mut x = self.down[i as usize];
            while x != i {
                scratch.push((i, cost(x), x));
                x = self.down[x as usize];
            }
        }
        let nodes = (items + 1..self.top.len() as u32).filter(|&x| self.top[x as usize] & !PURE != 0).count();
        self.by_cost = false;
        self.node_cost = Vec::new();
        if scratch.len() != nodes {
            return;
        }
        scratch.sort_unstable();
        for i in 1..=items {
            (self.up[i as usize], self.down[i as usize]) = (i, i);
        }
        for &(item, _, x) in scratch.iter() {
            let last = self.up[item as usize];
            (self.up[x as usize], self.down[x as usize]) = (last, item);
            self.down[last as usize] = x;
            self.up[item as usize] = x;
        }
        // Without room for the costs the lists are sorted all the same,
        // and no commit is cut.
        if let Some(o) = objective {
            let costs = o.bound().row_cost;
            if self.node_cost.try_reserve_exact(self.row.len()).is_ok() {
                self.node_cost.extend(self.row.iter().map(|&r| costs.get(r as usize).copied().unwrap_or(0)));
                self.by_cost = true;
            }
        }
    }
}
