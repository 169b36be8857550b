//! Which active column a level branches on: the fewest branches (Knuth's
//! branch degree), ties as DLX3 breaks them, or steered by preferences and
//! weights.

use super::Mcc;
use super::cover::get;
use crate::engine::steer;

impl Mcc {
    /// Rows column `i` still needs to reach its lower bound (0 or less when
    /// it has them).
    pub(super) fn need(&self, i: u32) -> i64 {
        i64::from(get(&self.lo, i)) - i64::from(get(&self.count, i))
    }

    /// The number of branches on active column `i` (see the module
    /// documentation).
    pub(super) fn branches(&self, i: u32) -> i64 {
        let need = self.need(i);
        i64::from(get(&self.len, i)) + 1 - need.max(0)
    }

    /// How good a column is to branch on, smaller first under
    /// [`steer::less`] (see the module documentation): its branches, then
    /// (Knuth's rule) its slack, the rows it may still take beyond its
    /// lower bound, then the longer list; with preferred columns
    /// (DLX3-SHARP) a column of two branches or more that is not preferred
    /// comes after every preferred one, and the branches count over
    /// `weight`. A column with no branch ends the choice (`branches <= 0`).
    /// Without `ties`, the branches alone (and the preference).
    #[inline(always)]
    pub(super) fn rank(&self, i: u32, weight: u32, ties: bool) -> steer::Key {
        let any = !self.prefer.is_empty();
        let tie = if ties { self.tie_break(i) } else { (0, 0) };
        steer::key(self.branches(i), any && self.prefer[i as usize], any, weight, tie)
    }

    /// [`Mcc::rank`] after the branches: the slack, then the longer list.
    #[inline(always)]
    fn tie_break(&self, i: u32) -> (u32, u32) {
        let (hi, count) = (get(&self.hi, i), get(&self.count, i));
        ((hi - get(&self.lo, i)).min(hi - count), u32::MAX - get(&self.len, i))
    }

    /// The active column to branch on, and its number of branches. For a
    /// count or an enumeration (`waiting` false), Knuth's rule in DLX3:
    /// the least [`rank`](Mcc::rank) among all active columns, the first
    /// such in column order. With an objective (`waiting`), the fewest
    /// branches among the columns that still need rows, or among all
    /// active ones when none does, the first such in column order. With
    /// `rng`, one of the columns that tie, at random.
    pub(super) fn choose(&self, waiting: bool, rng: Option<&mut fastrand::Rng>) -> (u32, i64) {
        if !waiting && rng.is_none() {
            return self.choose_first();
        }
        // With `waiting`, only the branches count. Preferred columns
        // rank by `steer::Key`, whose weights are 1 here, so its tuple
        // order is the choice's.
        if self.prefer.is_empty() {
            let key = |i: u32| {
                let (slack, longer) = if waiting { (0, 0) } else { self.tie_break(i) };
                (self.branches(i), slack, longer)
            };
            self.choose_by(waiting, rng, key, |k| k.0)
        } else {
            self.choose_by(waiting, rng, |i| self.rank(i, 1, !waiting), |k| k.1)
        }
    }

    /// [`Mcc::choose`] with an objective whose bar is set, unsteered and
    /// without preferences: DLX5's rule, the fewest branches counting only
    /// the rows cheaper than `room` (the rest cannot be in a solution below
    /// the bar), among the columns that still need rows (or all active
    /// ones when none does), the first such in column order. The lists are
    /// in increasing order of cost (`order_lists`), so a column's count
    /// stops at its first dear row, or once it reaches the best so far.
    pub(super) fn choose_cheap(&self, room: i64) -> (u32, i64) {
        let next = if self.short_next[0] != 0 { &self.short_next[..] } else { &self.next[..] };
        let (mut best, mut least) = (0, i64::MAX);
        let mut i = next[0];
        while i != 0 {
            let slack = 1 - self.need(i).max(0);
            // Rows beyond `least - slack` cannot make this column better.
            let cap = least.saturating_sub(slack);
            let (mut rows, mut p) = (0i64, get(&self.down, i));
            while p != i && rows < cap && self.node_cost[p as usize] < room {
                rows += 1;
                p = get(&self.down, p);
            }
            let branches = rows + slack;
            if branches < least {
                (best, least) = (i, branches);
                if branches <= 0 {
                    break;
                }
            }
            i = get(next, i);
        }
        (best, least)
    }

    /// [`Mcc::choose`] by `key`, whose tuple order is the choice's, and
    /// `branches`, the branches a key stands for: the first column of
    /// least key (among those that still need rows when `waiting`), or
    /// one of the ties at random with `rng`.
    #[inline(always)]
    fn choose_by<K: PartialOrd + Copy>(&self, waiting: bool, rng: Option<&mut fastrand::Rng>, key: impl Fn(u32) -> K, branches: impl Fn(K) -> i64) -> (u32, i64) {
        let next = if waiting && self.short_next[0] != 0 { &self.short_next[..] } else { &self.next[..] };
        let (mut best, mut least, mut ties) = (0, None, 0u32);
        let mut i = next[0];
        while i != 0 {
            let k = key(i);
            if least.is_none_or(|l| k < l) {
                (best, least, ties) = (i, Some(k), 1);
                if branches(k) <= 0 {
                    break;
                }
            } else if Some(k) == least {
                ties += 1;
            }
            i = get(next, i);
        }
        let Some(least) = least else { return (0, i64::MAX) };
        if let Some(rng) = rng {
            if ties > 1 && branches(least) > 0 {
                // The k-th of the ties, k at random.
                let mut k = rng.u32(..ties);
                let mut i = next[0];
                while i != 0 {
                    if key(i) == least {
                        if k == 0 {
                            return (i, branches(least));
                        }
                        k -= 1;
                    }
                    i = get(next, i);
                }
            }
        }
        (best, branches(least))
    }

    /// [`Mcc::choose`] for a count or an enumeration in order: the first
    /// active column of least [`rank`](Mcc::rank) (unsteered), which compares the
    /// branches first and reads the rest only on a tie (the hot loop of a
    /// count: 5% fewer instructions on sums_6x6_3).
    #[inline(always)]
    fn choose_first(&self) -> (u32, i64) {
        if !self.prefer.is_empty() || self.weights.is_on() {
            return self.choose_first_steered();
        }
        let mut best = self.next[0];
        if best == 0 {
            return (0, i64::MAX);
        }
        let mut least = self.branches(best);
        let mut i = get(&self.next, best);
        while i != 0 && least > 0 {
            let b = self.branches(i);
            if b < least || (b == least && self.tie_break(i) < self.tie_break(best)) {
                (best, least) = (i, b);
            }
            i = get(&self.next, i);
        }
        (best, least)
    }

    /// [`Mcc::choose_first`] with preferred columns or weights: a column of
    /// at most one branch first (the first of least rank, as ever); then
    /// the preferred columns, then the others (DLX3-SHARP); within each,
    /// the least branches (with weights: branches over weight, as Knuth's
    /// SSXCC-WTD), then the slack, then the longer list. A column with no
    /// branch gains weight.
    #[inline(never)]
    pub(super) fn choose_first_steered(&self) -> (u32, i64) {
        let key = |i: u32| self.rank(i, self.weights.of(i as usize), true);
        let mut best: Option<(u32, steer::Key)> = None;
        let mut i = self.next[0];
        while i != 0 {
            let k = key(i);
            if best.is_none_or(|(_, b)| steer::less(k, b)) {
                best = Some((i, k));
                if k.1 <= 0 {
                    self.weights.bump(i as usize);
                    break;
                }
            }
            i = get(&self.next, i);
        }
        best.map_or((0, i64::MAX), |(i, k)| (i, k.1))
    }
}
