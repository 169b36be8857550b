//! The linear relaxation of exact cover, solved by the dual simplex method,
//! for the node bound of a branch and bound (`bound::node`).
//!
//! The relaxation has one constraint per item, `sum of x over the item's
//! rows = 1` (at most 1 for a secondary item: its slack may be 1), and one
//! column per row of the matrix with `0 <= x <= 1`; a row chosen on the
//! search's path has `x = 1`, a row left out `x = 0`. Every column is boxed,
//! so any basis is dual feasible once each nonbasic column sits at the bound
//! its reduced cost points to: the dual simplex starts from the slack basis
//! and, after a bound changes (a row chosen or given up at a node), goes on
//! from the basis it stands at, whatever changed. That is the warm start.
//!
//! The basis inverse is kept dense (`m x m` for `m` items) and updated by
//! each pivot, refactorized from the basic columns every [`REFACTOR`]
//! pivots; the leaving row is chosen by dual steepest edge (the row norms
//! of the inverse, exact since the inverse is at hand) and the entering
//! column by the bound-flipping ratio test (a 0/1 column passes its
//! breakpoint by moving to its other bound while the dual objective still
//! rises), which takes most of the pivots out of set partitioning. The
//! costs are perturbed a little against stalling on degenerate vertices.
//!
//! Nothing here needs to be exact: the caller turns the duals into a bound
//! by the Lagrangian formula in integers (`bound::node`), which holds for
//! any duals. Poor numerics only make the bound weaker.

use crate::alloc::filled;
use crate::error::Error;

/// Pivots between refactorizations of the basis inverse (at least; half
/// the number of items on larger matrices, where a refactorization costs
/// `m^3`).
const REFACTOR: usize = 64;
/// Primal and dual feasibility tolerances, and the least pivot.
const PRIMAL_TOL: f64 = 1e-9;
const DUAL_TOL: f64 = 1e-9;
const PIVOT_TOL: f64 = 1e-7;

/// Where a column stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum At {
    /// In the basis, at this position.
    Basic(u32),
    Lower,
    Upper,
}

/// What the simplex does with a structural column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// In the relaxation the simplex solves.
    Live,
    /// Left out for now, at its lower bound, until pricing finds its
    /// reduced cost negative ([`Lp::price`]): the simplex works on the
    /// few columns an optimum needs (sifting).
    Parked,
    /// Left out for good ([`Lp::leave_out`]).
    Gone,
}

/// How [`Lp::solve`] ended.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Solved {
    /// Optimal (up to the tolerances).
    Optimal,
    /// No feasible point: moving the duals along `ray` raises the dual
    /// objective without end.
    Infeasible,
    /// The pivots allowed ran out; the duals are feasible, not optimal.
    Limit,
}

/// The relaxation, its basis and its duals.
#[derive(Clone, Debug)]
pub(crate) struct Lp {
    /// Constraints (items) and structural columns (rows of the matrix);
    /// column `ns + i` is item `i`'s slack.
    m: usize,
    ns: usize,
    /// Structural column `j`'s items: `items[start[j]..start[j + 1]]`.
    start: Vec<u32>,
    items: Vec<u32>,
    /// Per column: its (perturbed) cost and its bounds.
    cost: Vec<f64>,
    lower: Vec<f64>,
    upper: Vec<f64>,
    at: Vec<At>,
    /// Per column: its value when nonbasic.
    value: Vec<f64>,
    /// Per basis position: its column, and that column's value.
    head: Vec<u32>,
    xb: Vec<f64>,
    /// The basis inverse, row-major, and its rows' squared norms.
    binv: Vec<f64>,
    weight: Vec<f64>,
    /// The duals, per item, and the reduced costs, per column (0 when basic).
    y: Vec<f64>,
    d: Vec<f64>,
    /// The pivot row and column of the current pivot; candidates of the
    /// ratio test.
    alpha: Vec<f64>,
    column: Vec<f64>,
    candidates: Vec<(f64, u32)>,
    /// The nonzero places of the pivot row of the inverse.
    nonzero: Vec<u32>,
    /// The columns that may still move: every slack, and the rows not
    /// left out for good ([`Lp::leave_out`]).
    live: Vec<u32>,
    /// Per structural column, its kind; the columns not gone.
    kind: Vec<Kind>,
    kept: Vec<u32>,
    /// Item `i`'s live structural columns: `item_cols[item_start[i]..item_start[i + 1]]`.
    item_start: Vec<u32>,
    item_cols: Vec<u32>,
    /// Room for [`Lp::index_items`]: the next free place of each item.
    cursor: Vec<u32>,
    /// Room for a refactorization: the basis, and the right-hand side.
    factor: Vec<f64>,
    residual: Vec<f64>,
    /// After an infeasible solve: the dual ray (a row of the inverse, signed).
    pub ray: Vec<f64>,
    pivots: usize,
    /// The pivots made since the start (`Lp::work`).
    work: u64,
}

impl Lp {
    /// The relaxation over `m` items of `rows` rows, where `row(r, f)`
    /// calls `f` with each item (numbered from 0) of row `r`, of costs
    /// `cost`; `secondary(i)` says whether item `i` may stay uncovered.
    /// Errors: [`Error::OutOfMemory`].
    pub fn new(m: usize, cost: &[i64], row: impl Fn(usize, &mut dyn FnMut(u32)), secondary: impl Fn(usize) -> bool) -> Result<Lp, Error> {
        let ns = cost.len();
        let n = ns + m;
        let mut start: Vec<u32> = filled(ns + 1)?;
        let mut entries = 0u32;
        for (r, s) in start[1..].iter_mut().enumerate() {
            row(r, &mut |_| entries += 1);
            *s = entries;
        }
        let mut items: Vec<u32> = filled(entries as usize)?;
        let mut k = 0;
        for r in 0..ns {
            row(r, &mut |i| {
                items[k] = i;
                k += 1;
            });
        }
        let mut lp = Lp {
            m,
            ns,
            start,
            items,
            cost: filled(n)?,
            lower: filled(n)?,
            upper: filled_ones(n)?,
            at: crate::alloc::filled_with(n, At::Lower)?,
            value: filled(n)?,
            head: filled(m)?,
            xb: filled(m)?,
            binv: filled(m.checked_mul(m).ok_or(Error::OutOfMemory)?)?,
            weight: filled(m)?,
            y: filled(m)?,
            d: filled(n)?,
            alpha: filled(n)?,
            column: filled(m)?,
            candidates: Vec::new(),
            nonzero: Vec::new(),
            live: Vec::new(),
            kind: crate::alloc::filled_with(ns, Kind::Live)?,
            kept: Vec::new(),
            item_start: filled(m + 1)?,
            item_cols: filled(entries as usize)?,
            cursor: filled(m)?,
            factor: filled(m * m)?,
            residual: filled(m)?,
            ray: filled(m)?,
            pivots: 0,
            work: 0,
        };
        lp.candidates.try_reserve_exact(n)?;
        lp.nonzero.try_reserve_exact(m)?;
        lp.live.try_reserve_exact(n)?;
        lp.live.extend(0..n as u32);
        lp.kept.try_reserve_exact(ns)?;
        lp.kept.extend(0..ns as u32);
        lp.index_items();
        // A small perturbation of the costs, the same on every run, keeps
        // the dual simplex off long runs of degenerate pivots.
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for (j, &c) in cost.iter().enumerate() {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let c = c as f64;
            lp.cost[j] = c + (1.0 + c.abs()) * 1e-7 * (seed >> 11) as f64 / (1u64 << 53) as f64;
        }
        for i in 0..m {
            if !secondary(i) {
                lp.upper[ns + i] = 0.0;
            }
        }
        lp.slack_basis();
        Ok(lp)
    }

    /// The number of items (constraints).
    pub fn items(&self) -> usize {
        self.m
    }

    /// The number of structural columns (rows of the matrix).
    pub fn rows(&self) -> usize {
        self.ns
    }

    /// Structural column `j`'s items.
    pub fn items_of(&self, j: usize) -> &[u32] {
        &self.items[self.start[j] as usize..self.start[j + 1] as usize]
    }

    /// The structural columns the simplex works on.
    pub fn live_rows(&self) -> impl Iterator<Item = usize> + '_ {
        self.live.iter().map(|&j| j as usize).filter(|&j| j < self.ns)
    }

    /// Whether structural column `j` is live.
    pub fn is_live(&self, j: usize) -> bool {
        self.kind[j] == Kind::Live
    }

    /// Whether item `i` is secondary (its slack may be 1).
    pub fn is_secondary(&self, i: usize) -> bool {
        self.upper[self.ns + i] > 0.0
    }

    /// Whether structural column `j` is not left out for good.
    pub fn is_kept(&self, j: usize) -> bool {
        self.kind[j] != Kind::Gone
    }

    /// The structural columns not left out for good (live or parked).
    pub fn kept_rows(&self) -> impl Iterator<Item = usize> + '_ {
        self.kept.iter().map(|&j| j as usize)
    }

    /// Column `j`'s bounds.
    pub fn bounds(&self, j: usize) -> (f64, f64) {
        (self.lower[j], self.upper[j])
    }

    /// Column `j`'s value at the current basis.
    pub fn value(&self, j: usize) -> f64 {
        match self.at[j] {
            At::Basic(p) => self.xb[p as usize],
            _ => self.value[j],
        }
    }

    /// The duals, one per item.
    pub fn duals(&self) -> &[f64] {
        &self.y
    }

    /// Starts from the basis of slacks: the inverse is the identity, the
    /// duals 0, each structural column at the bound its cost points to.
    fn slack_basis(&mut self) {
        let (m, ns) = (self.m, self.ns);
        for i in 0..m {
            self.head[i] = (ns + i) as u32;
            self.at[ns + i] = At::Basic(i as u32);
        }
        self.binv.iter_mut().for_each(|v| *v = 0.0);
        for i in 0..m {
            self.binv[i * m + i] = 1.0;
        }
        self.y.iter_mut().for_each(|v| *v = 0.0);
        self.recompute();
    }

    /// Sets column `j`'s bounds (a structural column: a row of the matrix).
    /// A nonbasic column moves to the bound its reduced cost points to;
    /// the basic values follow.
    pub fn set_bounds(&mut self, j: usize, lower: f64, upper: f64) {
        self.lower[j] = lower;
        self.upper[j] = upper;
        if let At::Basic(_) = self.at[j] {
            return;
        }
        self.d[j] = self.cost[j] - self.dot_y(j);
        let parked = j < self.ns && self.kind[j] != Kind::Live;
        let (at, v) = if parked || self.d[j] >= 0.0 { (At::Lower, lower) } else { (At::Upper, upper) };
        let delta = v - self.value[j];
        self.at[j] = at;
        self.value[j] = v;
        if delta != 0.0 {
            self.shift(j, delta);
        }
    }

    /// Leaves the structural columns `out` (sorted) out for good: fixed to
    /// 0 and never looked at again.
    pub fn leave_out(&mut self, out: &[usize]) {
        for &j in out {
            self.set_bounds(j, 0.0, 0.0);
        }
        for &j in out {
            self.kind[j] = Kind::Gone;
        }
        let kind = &self.kind;
        let ns = self.ns;
        self.live.retain(|&j| j as usize >= ns || kind[j as usize] == Kind::Live);
        self.kept.retain(|&j| kind[j as usize] != Kind::Gone);
        self.index_items();
    }

    /// Parks every live structural column for which `keep` is false and
    /// that stands at 0 off the basis, not fixed.
    pub fn park(&mut self, keep: impl Fn(usize) -> bool) {
        for k in 0..self.live.len() {
            let j = self.live[k] as usize;
            if j < self.ns && !keep(j) && self.at[j] == At::Lower && self.value[j] == 0.0 && self.lower[j] != self.upper[j] {
                self.kind[j] = Kind::Parked;
            }
        }
        let (kind, ns) = (&self.kind, self.ns);
        self.live.retain(|&j| j as usize >= ns || kind[j as usize] == Kind::Live);
        self.index_items();
    }

    /// Brings back the parked columns that the duals price in (reduced cost
    /// below 0) or, with `ray`, those that stop the dual ray (`ray` times
    /// the column above 0); returns how many.
    /// Only columns for which `eligible` holds are looked at.
    pub fn price(&mut self, ray: bool, eligible: impl Fn(&[u32]) -> bool) -> usize {
        let mut added = 0;
        for k in 0..self.kept.len() {
            let j = self.kept[k] as usize;
            if self.kind[j] != Kind::Parked || !eligible(self.items_of(j)) {
                continue;
            }
            let wanted = if ray {
                self.items_of(j).iter().map(|&i| self.ray[i as usize]).sum::<f64>() > PIVOT_TOL
            } else {
                self.cost[j] - self.dot_y(j) < -DUAL_TOL
            };
            if wanted {
                if ray && added >= self.m {
                    // (A ray is stopped by a few columns: enough of them.)
                    break;
                }
                self.kind[j] = Kind::Live;
                self.live.push(j as u32);
                let (lower, upper) = (self.lower[j], self.upper[j]);
                self.set_bounds(j, lower, upper);
                added += 1;
            }
        }
        if added > 0 {
            self.index_items();
        }
        added
    }

    /// The basic values after nonbasic column `j` moved by `delta`.
    fn shift(&mut self, j: usize, delta: f64) {
        let m = self.m;
        for p in 0..m {
            let row = &self.binv[p * m..(p + 1) * m];
            let a = if j < self.ns { self.items_of(j).iter().map(|&i| row[i as usize]).sum::<f64>() } else { row[j - self.ns] };
            self.xb[p] -= a * delta;
        }
    }

    /// The duals, reduced costs and basic values from the basis inverse;
    /// each nonbasic column put at the bound its reduced cost points to.
    fn recompute(&mut self) {
        let m = self.m;
        for k in 0..m {
            self.y[k] = (0..m).map(|p| self.cost[self.head[p] as usize] * self.binv[p * m + k]).sum();
        }
        let mut residual = std::mem::take(&mut self.residual);
        residual.iter_mut().for_each(|v| *v = 1.0);
        for j in 0..self.ns + m {
            if let At::Basic(_) = self.at[j] {
                self.d[j] = 0.0;
                continue;
            }
            if j < self.ns && self.kind[j] == Kind::Gone {
                continue;
            }
            self.d[j] = self.cost[j] - self.dot_y(j);
            let parked = j < self.ns && self.kind[j] != Kind::Live;
            let (at, v) = if parked || self.lower[j] == self.upper[j] || self.d[j] >= 0.0 { (At::Lower, self.lower[j]) } else { (At::Upper, self.upper[j]) };
            self.at[j] = at;
            self.value[j] = v;
            if v != 0.0 {
                self.for_items(j, |i| residual[i] -= v);
            }
        }
        for p in 0..m {
            self.xb[p] = (0..m).map(|k| self.binv[p * m + k] * residual[k]).sum();
            self.weight[p] = self.binv[p * m..(p + 1) * m].iter().map(|v| v * v).sum();
        }
        self.residual = residual;
    }

    /// Column `j`'s entries times the duals.
    fn dot_y(&self, j: usize) -> f64 {
        if j < self.ns {
            self.items_of(j).iter().map(|&i| self.y[i as usize]).sum()
        } else {
            self.y[j - self.ns]
        }
    }

    /// Calls `f` with each item of column `j`.
    fn for_items(&self, j: usize, mut f: impl FnMut(usize)) {
        if j < self.ns {
            self.items_of(j).iter().for_each(|&i| f(i as usize));
        } else {
            f(j - self.ns);
        }
    }

    /// The pivots made since the start.
    pub fn work(&self) -> u64 {
        self.work
    }

    /// Runs the dual simplex for at most `most` pivots.
    pub fn solve(&mut self, most: usize) -> Solved {
        self.solve_below(most, f64::INFINITY)
    }

    /// [`Lp::solve`], stopping early (as [`Solved::Limit`]) once the
    /// objective of the basis, which only rises, reaches `stop`: the
    /// caller's bound is then likely to reach it too.
    pub fn solve_below(&mut self, most: usize, stop: f64) -> Solved {
        for k in 0..most {
            if k % 8 == 7 && stop.is_finite() && self.objective() >= stop {
                return Solved::Limit;
            }
            let Some((p, below)) = self.leaving() else { return Solved::Optimal };
            self.pivot_row(p);
            let Some(q) = self.entering(p, below) else {
                let m = self.m;
                let s = if below { -1.0 } else { 1.0 };
                for k in 0..m {
                    self.ray[k] = s * self.binv[p * m + k];
                }
                return Solved::Infeasible;
            };
            self.pivot(p, q, below);
            self.pivots += 1;
            self.work += 1;
            if self.pivots >= REFACTOR.max(self.m / 2) && self.refactor().is_err() {
                // A singular basis (round-off): start again from the slacks.
                self.slack_basis();
            }
        }
        Solved::Limit
    }

    /// The objective of the basis (the simplex's own, on the perturbed
    /// costs, leaving out parked rows fixed to 1): an estimate only.
    fn objective(&self) -> f64 {
        let basic: f64 = self.head.iter().zip(&self.xb).map(|(&j, &x)| self.cost[j as usize] * x).sum();
        let at_one: f64 = self.live.iter().map(|&j| j as usize).filter(|&j| !matches!(self.at[j], At::Basic(_)) && self.value[j] != 0.0).map(|j| self.cost[j] * self.value[j]).sum();
        basic + at_one
    }

    /// The basis position to leave, by dual steepest edge, and whether its
    /// value is below its lower bound; `None` when every basic value is
    /// within its bounds.
    #[inline(never)]
    fn leaving(&self) -> Option<(usize, bool)> {
        let mut best: Option<(usize, bool)> = None;
        let mut score = 0.0;
        for p in 0..self.m {
            let j = self.head[p] as usize;
            let x = self.xb[p];
            let (gap, below) = if x < self.lower[j] - PRIMAL_TOL {
                (self.lower[j] - x, true)
            } else if x > self.upper[j] + PRIMAL_TOL {
                (x - self.upper[j], false)
            } else {
                continue;
            };
            let s = gap * gap / self.weight[p].max(1e-12);
            if s > score {
                score = s;
                best = Some((p, below));
            }
        }
        best
    }

    /// `alpha[j]`: row `p` of the inverse times column `j`, for every
    /// nonbasic column (0 for the basic ones).
    #[inline(never)]
    fn pivot_row(&mut self, p: usize) {
        let m = self.m;
        let row = &self.binv[p * m..(p + 1) * m];
        let nonzero = row.iter().filter(|v| **v != 0.0).count();
        if nonzero * 4 < m {
            // A sparse row: each item's columns get its entry.
            for &j in &self.live {
                self.alpha[j as usize] = 0.0;
            }
            for (i, &v) in row.iter().enumerate().filter(|(_, v)| **v != 0.0) {
                for &j in &self.item_cols[self.item_start[i] as usize..self.item_start[i + 1] as usize] {
                    self.alpha[j as usize] += v;
                }
                self.alpha[self.ns + i] = v;
            }
            for p2 in 0..m {
                self.alpha[self.head[p2] as usize] = 0.0;
            }
            return;
        }
        for &j in &self.live {
            let j = j as usize;
            self.alpha[j] = match self.at[j] {
                At::Basic(_) => 0.0,
                _ if j >= self.ns => row[j - self.ns],
                _ => self.items[self.start[j] as usize..self.start[j + 1] as usize].iter().map(|&i| row[i as usize]).sum(),
            };
        }
    }

    /// The live structural columns of each item (`item_cols`), again.
    fn index_items(&mut self) {
        let m = self.m;
        self.item_start.iter_mut().for_each(|v| *v = 0);
        for &j in self.live.iter().filter(|&&j| (j as usize) < self.ns) {
            for &i in &self.items[self.start[j as usize] as usize..self.start[j as usize + 1] as usize] {
                self.item_start[i as usize + 1] += 1;
            }
        }
        for i in 0..m {
            self.item_start[i + 1] += self.item_start[i];
        }
        self.cursor.copy_from_slice(&self.item_start[..m]);
        for &j in self.live.iter().filter(|&&j| (j as usize) < self.ns) {
            for &i in &self.items[self.start[j as usize] as usize..self.start[j as usize + 1] as usize] {
                let at = &mut self.cursor[i as usize];
                self.item_cols[*at as usize] = j;
                *at += 1;
            }
        }
    }

    /// The entering column for leaving position `p` (below its lower bound
    /// when `below`), by the bound-flipping ratio test; the columns passed
    /// over move to their other bounds. `None`: the dual is unbounded.
    #[inline(never)]
    fn entering(&mut self, p: usize, below: bool) -> Option<usize> {
        let leaving = self.head[p] as usize;
        let mut slope = if below { self.lower[leaving] - self.xb[p] } else { self.xb[p] - self.upper[leaving] };
        self.candidates.clear();
        for &j in &self.live {
            let j = j as usize;
            let a = self.alpha[j];
            // (A fixed column never enters: its reduced cost may take
            // either sign.)
            if a.abs() < PIVOT_TOL || self.lower[j] == self.upper[j] {
                continue;
            }
            // The breakpoint where column j's reduced cost changes sign.
            let moving = if below { -a } else { a };
            let ok = match self.at[j] {
                At::Lower => moving > 0.0,
                At::Upper => moving < 0.0,
                At::Basic(_) => false,
            };
            if ok {
                self.candidates.push((self.d[j].abs().max(0.0) / a.abs(), j as u32));
            }
        }
        if self.candidates.is_empty() {
            return None;
        }
        // Pass breakpoints, in order, while the dual objective still rises
        // (the candidates sorted a few at a time: most pivots pass few).
        let mut sorted = 0;
        let mut chosen = 0;
        loop {
            if chosen == sorted {
                sorted = self.sort_more(sorted);
            }
            let j = self.candidates[chosen].1 as usize;
            let drop = self.alpha[j].abs() * (self.upper[j] - self.lower[j]);
            if slope - drop < 0.0 || chosen + 1 == self.candidates.len() {
                break;
            }
            slope -= drop;
            chosen += 1;
        }
        // Among breakpoints at about the same place, the largest pivot.
        let t = self.candidates[chosen].0;
        let mut q = self.candidates[chosen].1 as usize;
        let mut k = chosen + 1;
        while k < self.candidates.len() {
            if k == sorted {
                sorted = self.sort_more(sorted);
            }
            let (tk, j) = self.candidates[k];
            if tk > t + DUAL_TOL {
                break;
            }
            if self.alpha[j as usize].abs() > self.alpha[q].abs() {
                q = j as usize;
            }
            k += 1;
        }
        for k in 0..chosen {
            let j = self.candidates[k].1 as usize;
            if j != q {
                self.flip(j);
            }
        }
        Some(q)
    }

    /// Sorts the next few candidates after the first `sorted` (the
    /// smallest of those left) into place; the new count sorted.
    fn sort_more(&mut self, sorted: usize) -> usize {
        const FEW: usize = 16;
        let rest = &mut self.candidates[sorted..];
        let take = rest.len().min(FEW);
        if take < rest.len() {
            rest.select_nth_unstable_by(take - 1, |a, b| a.0.total_cmp(&b.0));
        }
        rest[..take].sort_unstable_by(|a, b| a.0.total_cmp(&b.0));
        sorted + take
    }

    /// Moves nonbasic column `j` to its other bound.
    fn flip(&mut self, j: usize) {
        let (at, v) = match self.at[j] {
            At::Lower => (At::Upper, self.upper[j]),
            _ => (At::Lower, self.lower[j]),
        };
        let delta = v - self.value[j];
        self.at[j] = at;
        self.value[j] = v;
        self.shift(j, delta);
    }

    /// Column `q` enters at position `p`, whose column leaves to the bound
    /// it broke (`below`: its lower one): duals, reduced costs, values and
    /// the inverse follow.
    #[inline(never)]
    fn pivot(&mut self, p: usize, q: usize, below: bool) {
        let m = self.m;
        // The dual step.
        let t = self.d[q] / self.alpha[q];
        for &j in &self.live {
            let j = j as usize;
            if self.alpha[j] != 0.0 {
                self.d[j] -= t * self.alpha[j];
            }
        }
        for k in 0..m {
            self.y[k] += t * self.binv[p * m + k];
        }
        // The primal step: column q in terms of the basis.
        for k in 0..m {
            let row = &self.binv[k * m..(k + 1) * m];
            self.column[k] = if q < self.ns { self.items_of(q).iter().map(|&i| row[i as usize]).sum() } else { row[q - self.ns] };
        }
        let leaving = self.head[p] as usize;
        let bound = if below { self.lower[leaving] } else { self.upper[leaving] };
        let step = (self.xb[p] - bound) / self.column[p];
        for k in 0..m {
            self.xb[k] -= step * self.column[k];
        }
        self.xb[p] = self.value[q] + step;
        self.at[leaving] = if below { At::Lower } else { At::Upper };
        self.value[leaving] = bound;
        self.d[leaving] = -t;
        self.d[q] = 0.0;
        self.at[q] = At::Basic(p as u32);
        self.head[p] = q as u32;
        self.update_inverse(p);
    }

    /// The inverse after the pivot on `column[p]`, and its rows' norms.
    #[inline(never)]
    fn update_inverse(&mut self, p: usize) {
        let m = self.m;
        let pivot = self.column[p];
        for v in &mut self.binv[p * m..(p + 1) * m] {
            *v /= pivot;
        }
        let (before, rest) = self.binv.split_at_mut(p * m);
        let (row_p, after) = rest.split_at_mut(m);
        // The new row k is row k - f row p: its squared norm follows from
        // the old one and the dot product with row p. Where row p is sparse,
        // only its nonzero places are visited.
        self.nonzero.clear();
        self.nonzero.extend((0..m as u32).filter(|&i| row_p[i as usize] != 0.0));
        let sparse = self.nonzero.len() * 2 < m;
        let norm_p: f64 = row_p.iter().map(|v| v * v).sum();
        for (k, row) in before.chunks_exact_mut(m).chain(after.chunks_exact_mut(m)).enumerate() {
            let k = if k < p { k } else { k + 1 };
            let f = self.column[k];
            if f == 0.0 {
                continue;
            }
            let dot: f64 = if sparse {
                let mut dot = 0.0;
                for &i in &self.nonzero {
                    let (v, w) = (&mut row[i as usize], row_p[i as usize]);
                    dot += *v * w;
                    *v -= f * w;
                }
                dot
            } else {
                let dot = row.iter().zip(row_p.iter()).map(|(v, w)| v * w).sum();
                row.iter_mut().zip(row_p.iter()).for_each(|(v, &w)| *v -= f * w);
                dot
            };
            self.weight[k] = (self.weight[k] - 2.0 * f * dot + f * f * norm_p).max(1e-12);
        }
        self.weight[p] = norm_p;
    }

    /// Rebuilds the inverse from the basic columns (Gauss-Jordan with
    /// partial pivoting) and everything that follows from it. Errors when
    /// the basis is singular to working precision.
    fn refactor(&mut self) -> Result<(), ()> {
        self.pivots = 0;
        let m = self.m;
        let mut b = std::mem::take(&mut self.factor);
        b.iter_mut().for_each(|v| *v = 0.0);
        for p in 0..m {
            let j = self.head[p] as usize;
            self.for_items(j, |i| b[i * m + p] = 1.0);
        }
        // Invert b into binv.
        let inv = &mut self.binv;
        inv.iter_mut().for_each(|v| *v = 0.0);
        for i in 0..m {
            inv[i * m + i] = 1.0;
        }
        for c in 0..m {
            let r = (c..m).max_by(|&a, &b2| b[a * m + c].abs().total_cmp(&b[b2 * m + c].abs())).unwrap_or(c);
            let pivot = b[r * m + c];
            if pivot.abs() < 1e-11 {
                self.factor = b;
                return Err(());
            }
            if r != c {
                for k in 0..m {
                    b.swap(r * m + k, c * m + k);
                    inv.swap(r * m + k, c * m + k);
                }
            }
            for k in 0..m {
                b[c * m + k] /= pivot;
                inv[c * m + k] /= pivot;
            }
            for i in 0..m {
                let f = b[i * m + c];
                if i != c && f != 0.0 {
                    for k in 0..m {
                        b[i * m + k] -= f * b[c * m + k];
                        inv[i * m + k] -= f * inv[c * m + k];
                    }
                }
            }
        }
        self.factor = b;
        self.recompute();
        Ok(())
    }
}

/// A vector of `n` ones.
fn filled_ones(n: usize) -> Result<Vec<f64>, Error> {
    crate::alloc::filled_with(n, 1.0)
}

#[cfg(test)]
mod tests;
