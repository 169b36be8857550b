//! The lower bounds of the branch and bound (see the module's "Costs"):
//! the needy columns' cheapest rows apart, and the fractional knapsack over
//! the rows that serve them; the bit sets that test dominated rows.

use super::Mcc;
use super::PURE;
use super::cover::get;
use crate::bound::Bound;

/// The most primary columns for which rows are also kept as bit sets
/// (`Mcc::row_mask`): four words a row.
pub(super) const MASK_COLUMNS: usize = 256;

/// Puts primary column `j` into bit set `set` (column `j` is bit `j - 1`;
/// see `Mcc::row_mask`).
#[inline(always)]
pub(super) fn add_column(set: &mut [u64], j: u32) {
    set[((j - 1) / 64) as usize] |= 1 << ((j - 1) % 64);
}

/// Whether primary column `j` is in bit set `set`.
#[inline(always)]
pub(super) fn has_column(set: &[u64], j: u32) -> bool {
    set[((j - 1) / 64) as usize] & 1 << ((j - 1) % 64) != 0
}

/// Row `r`'s bit set among `sets`, `words` words each.
#[inline(always)]
pub(super) fn row_set(sets: &[u64], words: usize, r: usize) -> &[u64] {
    &sets[r * words..(r + 1) * words]
}

/// How many more rows column `i` needs to reach its lower bound (negative
/// or 0 when it has them), from the bounds `lo` and the counts so far.
#[inline(always)]
pub(super) fn need(lo: &[u32], count: &[u32], i: usize) -> i64 {
    i64::from(lo[i]) - i64::from(count[i])
}

impl Mcc {
    /// Turns dynamic weights on (every weight back to 1) or off, for the
    /// counts and enumerations in order (see
    /// [`Mcc::choose_first_steered`]). Errors: out of memory.
    /// A lower bound on the cost the active columns still need (see the
    /// module documentation), or `None` when one of them cannot be
    /// satisfied. The seed's bound comes first; as soon as it reaches
    /// `room` it is returned as it stands (the branch is cut either way),
    /// and the counting bound is skipped. Otherwise that pass also leaves
    /// in `hits` each row's number of needy columns.
    pub(super) fn lower_bound(&mut self, bound: &Bound, room: i64) -> Option<i64> {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.mark.iter_mut().for_each(|m| *m = 0);
            self.hits.iter_mut().for_each(|h| *h = (0, 0));
            self.stamp = 1;
        }
        self.needy_columns()?;
        if self.by_cost && room != i64::MAX && bound.negative.saturating_add(self.each_alone(bound)) < room {
            // Neither bound can reach the room: no need to work them out.
            return Some(bound.negative);
        }
        // Only rows cheaper than `dear` can be in a cover of the rest
        // below `room`; in lists in order of cost they come first, and the
        // bounds read no further.
        let dear = if self.by_cost { self.dear_from(bound) } else { i64::MAX };
        let apart = match self.apart_bound(bound, room, dear) {
            Ok(apart) => apart,
            Err(cut) => return Some(cut),
        };
        let total_need = self.count_hits(bound, dear);
        let counted = self.fewest_to_serve(bound, total_need)?;
        Some(bound.negative + apart.max(counted))
    }

    /// The columns short of their lower bound into `needy`, shortest first
    /// (and, for the level about to be entered, as a bit set: see
    /// `needy_sets`); `None` when one has fewer rows than it needs.
    #[inline(always)]
    fn needy_columns(&mut self) -> Option<()> {
        let (short, len, lo, count, words) = (&self.short_next[..], &self.len[..], &self.lo[..], &self.count[..], self.words);
        let order = &mut self.needy;
        order.clear();
        let level = self.stack.len();
        let mut needy = self.needy_sets.get_mut(level * words..(level + 1) * words).filter(|set| !set.is_empty());
        if let Some(set) = needy.as_deref_mut() {
            set.fill(0);
        }
        let mut i = short[0] as usize;
        while i != 0 {
            if i64::from(len[i]) < need(lo, count, i) {
                return None;
            }
            order.push((u64::from(len[i]) << 32) | i as u64);
            if let Some(set) = needy.as_deref_mut() {
                add_column(set, i as u32);
            }
            i = short[i] as usize;
        }
        order.sort_unstable();
        Some(())
    }

    /// What the needy columns' cheapest rows cost, each column on its own
    /// (its first rows, in lists in order of cost): at least either bound
    /// below. The seed's bound takes some of these columns, each at this
    /// cost; the counting bound's knapsack can take, for each column, its
    /// cheapest rows whole (a row serving two columns once), so it costs
    /// no more. `i64::MAX` when a column has too few rows.
    #[inline(always)]
    fn each_alone(&self, bound: &Bound) -> i64 {
        let mut sum = 0i64;
        for i in self.needy.iter().map(|&key| (key & 0xffff_ffff) as u32) {
            let mut need = self.need(i);
            let mut p = get(&self.down, i);
            while need > 0 {
                if p == i {
                    return i64::MAX;
                }
                sum = sum.saturating_add(bound.row_cost[get(&self.row, p) as usize].max(0));
                need -= 1;
                p = get(&self.down, p);
            }
        }
        sum
    }

    /// The seed's bound: needy columns no two of which share a row,
    /// shortest first, each at the cost of its cheapest rows; `Err` with
    /// the bound as soon as it reaches `room` (the rest cannot lower it).
    #[inline(always)]
    fn apart_bound(&mut self, bound: &Bound, room: i64, dear: i64) -> Result<i64, i64> {
        let stamp = self.stamp;
        // The loops below read the links through local slices, which the
        // compiler can keep in registers across the stores to `mark`.
        let (down, row, top, row_first, masks, words) = (&self.down[..], &self.row[..], &self.top[..], &self.row_first[..], &self.row_mask[..], self.words);
        let (lo, count) = (&self.lo[..], &self.count[..]);
        let (mark, costs, by_cost) = (&mut self.mark[..], &mut self.costs, self.by_cost);
        let mut apart = 0i64;
        // The columns that share a row with a column taken: bits in `near`
        // when the rows have bit sets, else stamped in `mark`.
        let mut near = [0u64; MASK_COLUMNS / 64];
        for i in self.needy.iter().map(|&key| (key & 0xffff_ffff) as usize) {
            let blocked = if words == 0 { mark[i] == stamp } else { has_column(&near, i as u32) };
            if blocked {
                continue;
            }
            let need = need(lo, count, i);
            // In lists in increasing order of cost (`order_lists`), the
            // first `need` rows are the cheapest; else the costs are
            // gathered and the cheapest selected.
            let (mut cheapest, mut taken) = (0i64, 0);
            costs.clear();
            let mut p = down[i] as usize;
            while p != i {
                let r = row[p] as usize;
                if bound.row_cost[r] >= dear {
                    break;
                }
                if bound.same_cost.is_none() {
                    let cost = bound.row_cost[r].max(0);
                    if !by_cost {
                        costs.push(cost);
                    } else if taken < need {
                        cheapest += cost;
                        taken += 1;
                    }
                }
                if words == 0 {
                    for &t in &top[row_first[r] as usize..row_first[r + 1] as usize - 1] {
                        mark[(t & !PURE) as usize] = stamp;
                    }
                } else {
                    near.iter_mut().zip(row_set(masks, words, r)).for_each(|(n, m)| *n |= m);
                }
                p = down[p] as usize;
            }
            if by_cost && dear != i64::MAX && taken < need && bound.same_cost.is_none() {
                // Too few rows cheap enough: no cover of the rest below
                // the bar.
                return Err(room);
            }
            apart += match bound.same_cost {
                Some(c) => need.saturating_mul(c),
                None if by_cost => cheapest,
                None => {
                    let need = need as usize;
                    if need < costs.len() {
                        costs.select_nth_unstable(need);
                    }
                    costs[..need].iter().sum::<i64>()
                }
            };
            if bound.negative + apart >= room {
                return Err(bound.negative + apart);
            }
        }
        Ok(apart)
    }

    /// For the counting bound: the needy columns' total need, and for each
    /// row (in `hits`, the rows in `touched`) the needy columns it serves.
    #[inline(always)]
    fn count_hits(&mut self, bound: &Bound, dear: i64) -> i64 {
        let stamp = self.stamp;
        let (down, row, lo, count) = (&self.down[..], &self.row[..], &self.lo[..], &self.count[..]);
        let (hits, touched) = (&mut self.hits[..], &mut self.touched);
        let mut total_need = 0i64;
        touched.clear();
        for i in self.needy.iter().map(|&key| (key & 0xffff_ffff) as usize) {
            total_need += need(lo, count, i);
            let mut p = down[i] as usize;
            while p != i {
                let r = row[p] as usize;
                if bound.row_cost[r] >= dear {
                    break;
                }
                let h = &mut hits[r];
                if h.0 != stamp {
                    *h = (stamp, 0);
                    touched.push(r as u32);
                }
                h.1 += 1;
                p = down[p] as usize;
            }
        }
        total_need
    }

    /// The counting bound (see the module documentation): the least cost
    /// of rows, each taken once and in part at most, that serve
    /// `total_need` needy columns, given each `touched` row's count of
    /// needy columns in `hits`; `None` when all of them together serve
    /// too few.
    fn fewest_to_serve(&mut self, bound: &Bound, total_need: i64) -> Option<i64> {
        // Each row can be taken once and serves at most its `hits` needy
        // columns. When the rows cost the same (as for the fewest rows),
        // the fewest rows that can serve `total_need` are the ones that
        // serve the most; otherwise the cheapest way to serve it with
        // fractions of rows takes them in increasing cost per column served
        // (the fractional knapsack). No cover of the rest costs less.
        let same = bound.same_cost.or_else(|| {
            let first = self.touched.first().map_or(0, |&r| bound.row_cost[r as usize].max(0));
            self.touched.iter().all(|&r| bound.row_cost[r as usize].max(0) == first).then_some(first)
        });
        if let Some(first_cost) = same {
            self.by_hits.iter_mut().for_each(|c| *c = 0);
            for &r in &self.touched {
                self.by_hits[self.hits[r as usize].1 as usize] += 1;
            }
            let (mut rows, mut left) = (0i64, total_need);
            for (h, &count) in self.by_hits.iter().enumerate().skip(1).rev() {
                if left <= 0 {
                    break;
                }
                let (h, count) = (h as i64, i64::from(count));
                let take = count.min((left + h - 1) / h);
                rows += take;
                left -= take * h;
            }
            if left > 0 {
                // Even every row together serves too few.
                return None;
            }
            Some(rows.saturating_mul(first_cost))
        } else {
            let hits = &self.hits;
            let ratio = |r: u32| (bound.row_cost[r as usize].max(0), i64::from(hits[r as usize].1));
            let by_ratio = |&x: &u32, &y: &u32| {
                let ((cx, hx), (cy, hy)) = (ratio(x), ratio(y));
                (i128::from(cx) * i128::from(hy)).cmp(&(i128::from(cy) * i128::from(hx))).then(hy.cmp(&hx))
            };
            // Each row serves at least one column, so the knapsack takes
            // at most `total_need` rows: only the cheapest that many
            // need sorting.
            let most = usize::try_from(total_need).unwrap_or(usize::MAX);
            if most < self.touched.len() {
                self.touched.select_nth_unstable_by(most, by_ratio);
                self.touched[..most].sort_unstable_by(by_ratio);
            } else {
                self.touched.sort_unstable_by(by_ratio);
            }
            let (mut counted, mut left) = (0i64, total_need);
            for &r in &self.touched {
                if left <= 0 {
                    break;
                }
                let (cost, hits) = ratio(r);
                // All of the row, or the part that serves the last `left`.
                let part = if hits >= left { (i128::from(cost) * i128::from(left) + i128::from(hits) - 1) / i128::from(hits) } else { i128::from(cost) };
                counted = counted.saturating_add(part as i64);
                left -= hits;
            }
            if left > 0 {
                return None;
            }
            Some(counted)
        }
    }
}
