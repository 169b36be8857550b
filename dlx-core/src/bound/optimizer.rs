//! The branch and bound's state: the incumbent (the k best so far and the
//! bar a new solution must beat) and the share bound of exact cover.

use super::node::NodeLp;
use super::potentials::{lagrangian, lower_bound, reduced_cost, Effort, Incidence};
use super::{primary_in_row, Best, Bound, Goal, Nodes, Objective, MAX_TOTAL_COST};
use crate::alloc::filled;
use crate::error::Error;

/// The finest scale of the per-item shares: 2^20.
const FINEST_SCALE: u64 = 1 << 20;

/// The state of a branch-and-bound search, the `COST` side of the search
/// loop ([`Solver`](crate::Solver)).
///
/// # The bound
///
/// Each row's cost is split over its primary items into *shares* that add
/// up to the cost: the item's potential plus an even part of what is left
/// (see [`potentials`]; with all potentials 0, cost / number of primary
/// items). Any solution covers each uncovered primary item by exactly one
/// row, so the cost still to pay is the sum of the covering rows' shares,
/// which is at least the sum over the uncovered items of the smallest share
/// among the rows still in each item's list. The lists are sorted by share
/// (ties in row order), so that smallest share is the first row's: one load
/// per item. Good potentials (near-optimal duals of the linear relaxation)
/// make this bound close to the linear-programming bound at the root, and
/// it tightens as rows drop out of the lists deeper in the tree.
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
    /// The sum of the negative entries of `row_cost`.
    negative: i64,
    /// The cost every row has, when they all have the same one and it is
    /// not negative (as for the fewest rows).
    same_cost: Option<i64>,
    /// The scaled cost of the rows chosen before each level (`path[0]`: the
    /// forced rows).
    pub path: Vec<i64>,
    /// The bound's `rest` at each level.
    pub rest: Vec<i64>,
    /// The best solutions, best first, at most `k`; and `bar`, the scaled
    /// cost a new one must stay below (the k-th best, or `i64::MAX`).
    best: Vec<Best>,
    pub bar: i64,
    /// The bar before any solution: `i64::MAX`, or from a cost limit.
    start_bar: i64,
    /// The sum of the absolute row costs, unscaled.
    total: i64,
    /// No solution costs less than this, unscaled (from the potentials:
    /// the Lagrangian bound; near the linear relaxation's once strong, see
    /// `potentials::lower_bound`); `None` without shares.
    lower: Option<i64>,
    /// The potentials the shares are built on (see `potentials`).
    y: Vec<i128>,
    /// Whether `lower` is tightened ([`Optimizer::tighten`]): that is done
    /// when the bound is asked for (a progress report, `best_bound`) or,
    /// for the single best, after `tighten_at` link updates (about the
    /// work it takes, so a search that takes a moment does not pay for
    /// it).
    pub tight: bool,
    pub tighten_at: u64,
    /// Per row, once tightened: the least scaled cost of a cover that
    /// contains it (the tightened bound plus the row's reduced cost where
    /// positive). A row whose least cost reaches the bar is in no better
    /// cover, and the search may drop it (reduced-cost fixing). Empty
    /// before.
    least_with: Vec<i64>,
    /// The bar when the search last looked for rows to drop (`i64::MAX`:
    /// not since its lists were last laid out whole).
    pub dropped_at: i64,
    /// Whether the search has tried a dive since it started (see
    /// `search::dive`).
    pub dived: bool,
    /// With quick potentials: the search-tree nodes after which the search
    /// starts over with full ones ([`Optimizer::strengthen`]), so that a
    /// search that takes a moment does not pay for the full potentials and
    /// a long one pays at most about twice; `u64::MAX` otherwise.
    pub strengthen_at: u64,
    /// The node bound (`bound::node`), once the search has turned it on;
    /// and whether it has tried since the search last started over.
    pub node: Option<Box<NodeLp>>,
    pub node_tried: bool,
    /// With [`Relaxation::Auto`](super::Relaxation::Auto): whether the
    /// node bound pays, once judged (`NodeLp::pays`, taken by
    /// [`Optimizer::judge_node`]); kept when the search starts over, so
    /// that a dive's copy goes by its search's judgement, not by its trial
    /// bar's.
    pub node_pays: Option<bool>,
}

impl Optimizer {
    /// Takes the judgement of whether the node bound pays
    /// (`Optimizer::node_pays`), and drops the node bound if not.
    pub fn judge_node(&mut self, pays: bool) {
        self.node_pays = Some(pays);
        if !pays {
            self.node = None;
        }
    }

    /// The state for `objective` on `links`, with per-row `costs` (empty
    /// when every cost is 0). Errors: [`Error::CostRange`] when the absolute
    /// costs add up past [`MAX_TOTAL_COST`], [`Error::OutOfMemory`].
    pub fn new(objective: Objective, links: &dyn Nodes, costs: &[i64], depth: usize) -> Result<Optimizer, Error> {
        let mut o = Optimizer::without_shares(objective, costs, links.rows())?;
        let mut scale = FINEST_SCALE;
        while (o.total as u64).saturating_mul(scale) > MAX_TOTAL_COST {
            scale /= 2;
        }
        o.scale = scale as i64;
        o.cost = filled(links.nodes())?;
        for (r, &c) in o.row_cost.iter().enumerate() {
            for x in links.row_nodes(r) {
                o.cost[x as usize] = c * o.scale;
            }
        }
        // A search for the single best starts with quick potentials and
        // strengthens them once it has done as much work as that would
        // take (see `strengthen`); one for the k best starts with the full
        // ones, as starting over could meet a kept solution again.
        let effort = if objective.best == 1 { Effort::Quick } else { Effort::Full };
        let (share, p) = share_out(links, &o.row_cost, o.scale, effort)?;
        let (work, volume_work) = p.work;
        (o.share, o.y, o.lower) = (share, p.y, Some(unscaled(p.lower, o.scale)));
        if objective.best == 1 {
            o.tighten_at = volume_work;
        }
        o.path = filled(depth + 1)?;
        o.rest = filled(depth + 1)?;
        // A node costs about one pass over the primary items (the bound's
        // sum), a potentials step a pass over the entries with several
        // times the work per entry; a quarter of the equal-work node count
        // was best on the target sudokus (bench/run.py).
        if effort == Effort::Quick {
            o.strengthen_at = work / (4 * links.primary().max(1) as u64);
        }
        Ok(o)
    }

    /// Replaces quick potentials by full ones ([`Optimizer::strengthen_at`]
    /// passed): the caller then sorts the lists again by [`Optimizer::key`]
    /// and starts the search over, keeping the best so far and the bar.
    /// On an error nothing changes; the caller sets `strengthen_at` so that
    /// nothing is tried again either way.
    pub fn strengthen(&mut self, links: &dyn Nodes) -> Result<(), Error> {
        let (share, p) = share_out(links, &self.row_cost, self.scale, Effort::Full)?;
        (self.share, self.y) = (share, p.y);
        self.lower = self.lower.max(Some(unscaled(p.lower, self.scale)));
        Ok(())
    }

    /// Raises `lower` to near the linear relaxation's optimum
    /// (`potentials::lower_bound`, from the shares' potentials; a few
    /// hundred passes over the matrix). The shares stay. On an error
    /// nothing changes.
    pub fn tighten(&mut self, links: &dyn Nodes) -> Result<(), Error> {
        let incidence = incidence(links)?;
        let (lower, y) = lower_bound(&incidence, &self.row_cost, self.scale, &self.y)?;
        let mut least: Vec<i64> = filled(links.rows())?;
        let limit = i128::from(i64::MAX);
        for (r, l) in least.iter_mut().enumerate() {
            let reduced = reduced_cost(&incidence, &self.row_cost, self.scale, &y, r);
            *l = (lower + reduced.max(0)).clamp(-limit, limit) as i64;
        }
        self.least_with = least;
        self.lower = self.lower.max(Some(unscaled(lower, self.scale)));
        Ok(())
    }

    /// Takes `lower` (scaled) and `least` (per row, as `least_with`) from
    /// the relaxation at the root (`NodeLp::root_fixing`) when its bound is
    /// no weaker than the one here; the search then looks for rows to drop
    /// again.
    pub fn adopt(&mut self, lower: i128, least: Vec<i64>) {
        let lower = unscaled(lower, self.scale);
        if self.lower.is_some_and(|l| l > lower) {
            return;
        }
        self.lower = Some(lower);
        self.least_with = least;
        // (`i64::MAX` stays: nothing was dropped yet.)
        if self.dropped_at != i64::MAX {
            self.dropped_at = self.bar.saturating_add(1);
        }
    }

    /// `lower`, scaled: a bound on the scaled cost of every cover.
    pub fn scaled_lower(&self) -> Option<i64> {
        self.lower.map(|l| l.saturating_mul(self.scale))
    }

    /// Per row, its cost as the search counts it, unscaled.
    pub fn row_costs(&self) -> &[i64] {
        &self.row_cost
    }

    /// The scale of the costs: one unit of cost, scaled.
    pub fn unit(&self) -> i64 {
        self.scale
    }

    /// Whether row `r` is in no cover cheaper than the bar (see
    /// `least_with`): always `false` before the bound is tightened.
    pub fn droppable(&self, r: usize) -> bool {
        self.least_with.get(r).is_some_and(|&l| l >= self.bar)
    }

    /// Whether the search should look for rows to drop: the single best is
    /// sought, the bound is tightened, and the bar has come down since it
    /// last looked.
    pub fn dropping_due(&self) -> bool {
        self.k == 1 && !self.least_with.is_empty() && self.bar < self.dropped_at
    }

    /// The state for `objective` in the generalised engine, which has its
    /// own bound (`engine::mcc`) and needs only the row costs, unscaled,
    /// and the best list; `new` adds the share bound to it. Errors as for
    /// `new`.
    pub fn without_shares(objective: Objective, costs: &[i64], rows: usize) -> Result<Optimizer, Error> {
        let (row_cost, total) = row_costs(objective, costs, rows)?;
        Ok(Optimizer {
            goal: objective.goal,
            k: objective.best,
            scale: 1,
            cost: Vec::new(),
            share: Vec::new(),
            negative: negative(&row_cost),
            same_cost: same_cost(&row_cost),
            row_cost,
            path: filled(1)?,
            rest: Vec::new(),
            best: Vec::new(),
            bar: i64::MAX,
            start_bar: i64::MAX,
            lower: None,
            y: Vec::new(),
            tight: false,
            tighten_at: u64::MAX,
            least_with: Vec::new(),
            dropped_at: i64::MAX,
            dived: false,
            total: total as i64,
            strengthen_at: u64::MAX,
            node: None,
            node_tried: false,
            node_pays: None,
        })
    }

    /// What the generalised engine's bound needs (for `without_shares`).
    pub fn bound(&self) -> Bound<'_> {
        Bound { row_cost: &self.row_cost, negative: self.negative, same_cost: self.same_cost, forced: self.path[0], bar: self.bar, one_best: self.k == 1 }
    }

    /// The sort key of node `x` in its item's list: its share.
    pub fn key(&self, x: u32) -> i64 {
        self.share[x as usize]
    }

    /// Forgets the solutions found and starts from the `forced` rows.
    pub fn reset(&mut self, forced: &[usize]) {
        self.best.clear();
        self.bar = self.start_bar;
        self.dived = false;
        // (The forced rows may have changed: the node bound is built again.)
        self.node = None;
        self.node_tried = false;
        self.path[0] = forced.iter().map(|&r| self.row_cost[r] * self.scale).sum();
    }

    /// Lets only solutions of cost at most `limit` count (at least `limit`
    /// for [`Goal::MaxCost`]), or every one with `None`; applies from the
    /// next [`Optimizer::reset`].
    pub fn set_limit(&mut self, limit: Option<i64>) {
        let internal = match (limit, self.goal) {
            (None, _) => i64::MAX,
            (Some(l), Goal::MaxCost) => l.saturating_neg(),
            (Some(l), Goal::MinCost | Goal::FewestRows) => l,
        };
        // Every solution costs between -total and total, so the bar fits
        // in range after scaling.
        self.start_bar = if internal >= self.total { i64::MAX } else { internal.max(-self.total - 1).saturating_add(1) * self.scale };
    }

    /// The cost of `rows`, as the goal measures it.
    pub fn cost_of(&self, rows: &[usize]) -> i64 {
        self.external(self.internal(rows))
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
            // (Never up: a parallel worker's bar may be lower already.)
            self.bar = self.bar.min(self.external(self.best[self.k - 1].cost) * self.scale);
        }
    }

    /// Row `r`'s least scaled cost of a cover with it, once tightened (see
    /// `least_with`); before, its scaled cost.
    pub fn least_with(&self, r: usize) -> i64 {
        self.least_with.get(r).copied().unwrap_or_else(|| self.row_cost[r].saturating_mul(self.scale))
    }

    /// The cost of `rows` as the search counts it, unscaled.
    fn internal(&self, rows: &[usize]) -> i64 {
        rows.iter().map(|&r| self.row_cost[r]).sum()
    }

    /// Whether `rows` cost less than the bar.
    pub fn beats_bar(&self, rows: &[usize]) -> bool {
        self.internal(rows).saturating_mul(self.scale) < self.bar
    }

    /// Records `rows`, a solution an earlier run found, among the best if
    /// it beats the bar; returns its cost, as the goal measures it.
    pub fn record_rows(&mut self, rows: &[usize]) -> i64 {
        let internal = self.internal(rows);
        if internal.saturating_mul(self.scale) < self.bar {
            self.record(internal * self.scale, rows);
        }
        self.external(internal)
    }

    /// The best solutions so far, best first.
    pub fn best(&self) -> &[Best] {
        &self.best
    }

    /// A bound no solution beats, as the goal measures cost: none costs
    /// less (more for [`Goal::MaxCost`]). `None` without shares.
    pub fn lower_bound(&self) -> Option<i64> {
        self.lower.map(|l| self.external(l))
    }
}

/// A scaled lower bound on a cost, unscaled: rounded up, since costs are
/// whole numbers.
fn unscaled(bound: i128, scale: i64) -> i64 {
    let scale = i128::from(scale);
    let up = bound.div_euclid(scale) + i128::from(bound.rem_euclid(scale) != 0);
    // Past the range of costs only when no cover exists; kept in range.
    up.clamp(-i128::from(MAX_TOTAL_COST as i64), i128::from(MAX_TOTAL_COST as i64)) as i64
}

/// Each row's cost as a search for `objective` counts it, and the sum of
/// their absolute values. Errors: [`Error::InvalidArgument`] when the
/// objective keeps no solution, [`Error::CostRange`] when that sum passes
/// [`MAX_TOTAL_COST`], [`Error::OutOfMemory`].
fn row_costs(objective: Objective, costs: &[i64], rows: usize) -> Result<(Vec<i64>, u64), Error> {
    if objective.best == 0 {
        return Err(Error::InvalidArgument);
    }
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
    Ok((row_cost, total))
}

/// The sum of the negative costs in `row_cost`.
fn negative(row_cost: &[i64]) -> i64 {
    row_cost.iter().map(|&c| c.min(0)).sum()
}

/// The cost of every row in `row_cost`, when they are all the same and not
/// negative.
fn same_cost(row_cost: &[i64]) -> Option<i64> {
    let first = *row_cost.first()?;
    (first >= 0 && row_cost.iter().all(|&c| c == first)).then_some(first)
}

/// Potentials of the items (scaled; 0 for secondary items and index 0)
/// that make the bound strong (see [`crate::bound::potentials`]). Each
/// row's share per primary item is the item's potential plus an even part
/// of the row's *reduced cost* (its cost minus the potentials of its
/// primary items), so the shares still add up to the row's cost and the
/// bound of [`Optimizer`] holds whatever the potentials are; good
/// potentials make it tight. On the target sudoku they bring the root
/// bound within one point of the optimum, where even shares of the plain
/// costs are off by hundreds.
fn potentials(links: &dyn Nodes, row_cost: &[i64], scale: i64, effort: Effort) -> Result<Potentials, Error> {
    let incidence = incidence(links)?;
    let y = crate::bound::potentials::potentials(&incidence, row_cost, scale, links.items() - links.primary(), effort)?;
    let lower = lagrangian(&incidence, row_cost, scale, &y);
    Ok(Potentials { y, work: (incidence.full_work(), incidence.volume_work()), lower })
}

/// What [`potentials`] finds: the potentials, the work full potentials
/// and `potentials::lower_bound` take (in entries visited), and the
/// scaled Lagrangian bound of the potentials.
struct Potentials {
    y: Vec<i128>,
    work: (u64, u64),
    lower: i128,
}

/// The primary incidences of `links`.
fn incidence(links: &dyn Nodes) -> Result<Incidence, Error> {
    Incidence::new(links.rows(), links.primary(), |r, f| {
        for x in links.row_nodes(r) {
            if links.is_primary(links.top(x)) {
                f(links.top(x));
            }
        }
    })
}

/// The shares of every node (see [`shares`]) on potentials of `effort`,
/// and those potentials.
fn share_out(links: &dyn Nodes, row_cost: &[i64], scale: i64, effort: Effort) -> Result<(Vec<i64>, Potentials), Error> {
    // Shares from the potentials, or even shares of the plain costs (over
    // every node) when those would pass the range the search's sums may
    // take.
    let mut share = filled(links.nodes())?;
    let p = potentials(links, row_cost, scale, effort)?;
    if !shares(links, row_cost, scale, &p.y, &mut share) {
        even_shares(links, row_cost, scale, &mut share);
    }
    Ok((share, p))
}

/// Each node's share (see [`potentials`]) for potentials `y`, into
/// `share`: primary nodes get the item's potential plus an even part of the
/// row's reduced cost, secondary nodes 0 (the bound reads primary items
/// only). `false` when the shares' absolute values add up past
/// [`MAX_TOTAL_COST`], where the sums of the search might overflow: `share`
/// is then unfinished, and the caller writes [`even_shares`] over all of it.
fn shares(links: &dyn Nodes, row_cost: &[i64], scale: i64, y: &[i128], share: &mut [i64]) -> bool {
    let potential = |x: u32| y.get(links.top(x) as usize).copied().unwrap_or(0);
    let primary = |x: &u32| links.is_primary(links.top(*x));
    let mut total: i128 = 0;
    for (r, &c) in row_cost.iter().enumerate() {
        let width = primary_in_row(links, r).max(1) as i128;
        let reduced = i128::from(c) * i128::from(scale) - links.row_nodes(r).filter(primary).map(potential).sum::<i128>();
        let part = reduced.div_euclid(width);
        for x in links.row_nodes(r) {
            let v = if primary(&x) { potential(x) + part } else { 0 };
            total += v.abs();
            if total > i128::from(MAX_TOTAL_COST) {
                return false;
            }
            // In range: |v| <= total.
            share[x as usize] = v as i64;
        }
    }
    true
}

/// The shares with every potential 0: each primary node gets its row's
/// scaled cost divided evenly among the row's primary items, rounded down,
/// so a row's shares add up to at most its cost and the bound stays valid.
/// Always in range: the scaled costs' absolute values add up to at most
/// [`MAX_TOTAL_COST`], and rounding adds less than 1 per node.
fn even_shares(links: &dyn Nodes, row_cost: &[i64], scale: i64, share: &mut [i64]) {
    for (r, &c) in row_cost.iter().enumerate() {
        let width = primary_in_row(links, r).max(1) as i64;
        let part = (c * scale).div_euclid(width);
        for x in links.row_nodes(r) {
            share[x as usize] = if links.is_primary(links.top(x)) { part } else { 0 };
        }
    }
}
