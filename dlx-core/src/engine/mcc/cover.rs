//! The dancing links of Algorithm M: hiding and putting back rows,
//! covering and purifying columns, committing a chosen row's columns, and
//! excluding the rows a level has tried.

use super::Mcc;
use super::PURE;
pub(super) use crate::engine::kit::{get, put};

impl Mcc {
    // The loops below read and write the links only at indices read from
    // the links themselves (node numbers, their rows and columns), which
    // `new` makes all lie in range and which the search only ever copies:
    // their bounds checks can go, as in `links.rs`. Debug builds still check.

    /// Takes node `q` out of its vertical list (the caller counts the update).
    #[inline(always)]
    pub(super) fn unlink(&mut self, q: u32) {
        let (u, d) = (get(&self.up, q), get(&self.down, q));
        put(&mut self.down, u, d);
        put(&mut self.up, d, u);
        // (A chosen row's own node may be pure: a forced row.)
        let t = get(&self.top, q) & !PURE;
        let len = get(&self.len, t);
        put(&mut self.len, t, len - 1);
    }

    #[inline(always)]
    pub(super) fn relink(&mut self, q: u32) {
        let (u, d) = (get(&self.up, q), get(&self.down, q));
        put(&mut self.down, u, q);
        put(&mut self.up, d, q);
        let t = get(&self.top, q) & !PURE;
        let len = get(&self.len, t);
        put(&mut self.len, t, len + 1);
    }

    /// The first node of `x`'s row and the spacer after it.
    #[inline(always)]
    fn row_span(&self, x: u32) -> (u32, u32) {
        let r = get(&self.row, x);
        (get(&self.row_first, r), get(&self.row_first, r + 1) - 1)
    }

    /// Takes every node of `x`'s row but `x` out of its list, and returns
    /// how many: the updates. The row's nodes lie between two spacers
    /// (nodes of column 0), so the walk needs no row lookup: right of `x`,
    /// then left of it. The nodes of one row are in different lists, so
    /// the order does not matter to `unhide`.
    #[inline]
    pub(super) fn hide(&mut self, x: u32) -> u64 {
        let mut updates = 0;
        self.each_other(x, |m, q| {
            m.unlink(q);
            updates += 1;
        });
        updates
    }

    #[inline]
    pub(super) fn unhide(&mut self, x: u32) {
        self.each_other(x, |m, q| m.relink(q));
    }

    /// Calls `f` on each node of `x`'s row but `x` that is not [`PURE`]:
    /// right of `x` up to the spacer, then left of it up to the other.
    #[inline(always)]
    fn each_other(&mut self, x: u32, mut f: impl FnMut(&mut Self, u32)) {
        for step in [1, -1] {
            let mut q = x.wrapping_add_signed(step);
            loop {
                let t = get(&self.top, q);
                if t == 0 {
                    break;
                }
                if t & PURE == 0 {
                    f(self, q);
                }
                q = q.wrapping_add_signed(step);
            }
        }
    }

    /// Hides every row of column `i`; a primary `i` stops being active.
    pub(super) fn cover(&mut self, i: u32) {
        self.cover_counting(i, 1);
    }

    /// [`Mcc::cover`], counting `first` updates for the column itself
    /// and one for each node hidden.
    #[inline(always)]
    pub(super) fn cover_counting(&mut self, i: u32, first: u64) {
        // The count stays in a register until the end.
        let mut updates = first;
        let mut p = get(&self.down, i);
        while p != i {
            updates += self.hide(p);
            p = get(&self.down, p);
        }
        if self.is_primary(i) {
            let (a, b) = (self.prev[i as usize], self.next[i as usize]);
            self.next[a as usize] = b;
            self.prev[b as usize] = a;
        }
        self.updates += updates;
    }

    pub(super) fn uncover(&mut self, i: u32) {
        if self.is_primary(i) {
            let (a, b) = (self.prev[i as usize], self.next[i as usize]);
            self.next[a as usize] = i;
            self.prev[b as usize] = i;
        }
        let mut p = get(&self.up, i);
        while p != i {
            self.unhide(p);
            p = get(&self.up, p);
        }
    }

    /// Secondary column `j` takes color `c`: hides the rows that give it
    /// another color or none, and marks those that give it `c`.
    fn purify(&mut self, j: u32, c: u32) {
        let mut updates = 0;
        let mut p = get(&self.down, j);
        while p != j {
            if get(&self.color, p) == c {
                let t = get(&self.top, p);
                put(&mut self.top, p, t | PURE);
            } else {
                updates += self.hide(p);
            }
            p = get(&self.down, p);
        }
        self.updates += updates;
    }

    pub(super) fn unpurify(&mut self, j: u32) {
        let mut p = get(&self.up, j);
        while p != j {
            let t = get(&self.top, p);
            if t & PURE != 0 {
                put(&mut self.top, p, t & !PURE);
            } else {
                self.unhide(p);
            }
            p = get(&self.up, p);
        }
    }

    /// One more row for primary column `j`.
    #[inline(always)]
    pub(super) fn count_up(&mut self, j: u32) {
        let count = get(&self.count, j) + 1;
        put(&mut self.count, j, count);
        if count == get(&self.lo, j) {
            let (a, b) = (get(&self.short_prev, j), get(&self.short_next, j));
            put(&mut self.short_next, a, b);
            put(&mut self.short_prev, b, a);
        }
    }

    /// Undoes `count_up(j)`.
    #[inline(always)]
    pub(super) fn count_down(&mut self, j: u32) {
        let count = get(&self.count, j);
        if count == get(&self.lo, j) {
            let (a, b) = (get(&self.short_prev, j), get(&self.short_next, j));
            put(&mut self.short_next, a, j);
            put(&mut self.short_prev, b, j);
        }
        put(&mut self.count, j, count - 1);
    }

    /// Records a chosen row's use of node `q`'s column.
    #[inline(always)]
    fn commit(&mut self, q: u32) {
        let j = get(&self.top, q);
        if self.is_primary(j) {
            self.count_up(j);
            if get(&self.count, j) == get(&self.hi, j) {
                self.cover(j);
            }
        } else if j & PURE == 0 {
            match get(&self.color, q) {
                0 => self.cover(j),
                c => self.purify(j, c),
            }
        }
    }

    #[inline(always)]
    fn uncommit(&mut self, q: u32) {
        let j = get(&self.top, q);
        if self.is_primary(j) {
            if get(&self.count, j) == get(&self.hi, j) {
                self.uncover(j);
            }
            self.count_down(j);
        } else if j & PURE == 0 {
            match get(&self.color, q) {
                0 => self.uncover(j),
                _ => self.unpurify(j),
            }
        }
    }

    /// Commits every column of `x`'s row but `x`'s own.
    #[inline(always)]
    pub(super) fn commit_rest(&mut self, x: u32) {
        let (first, end) = self.row_span(x);
        for q in first..end {
            if q != x {
                self.commit(q);
            }
        }
    }

    #[inline(always)]
    pub(super) fn uncommit_rest(&mut self, x: u32) {
        let (first, end) = self.row_span(x);
        for q in (first..end).rev() {
            if q != x {
                self.uncommit(q);
            }
        }
    }

    /// [`Mcc::commit_rest`] under a `cut` (see the module's "Costs"): the
    /// columns' covers and purifications leave alone the rows that cost
    /// `cut` or more. Kept out of line, so that the walk without an
    /// objective stays as it was.
    #[inline(never)]
    pub(super) fn commit_rest_below(&mut self, x: u32, cut: i64) {
        let (first, end) = self.row_span(x);
        (first..x).chain(x + 1..end).for_each(|q| self.commit_below(q, cut));
    }

    /// Undoes `commit_rest_below(x, cut)`, with the same `cut`.
    #[inline(never)]
    pub(super) fn uncommit_rest_below(&mut self, x: u32, cut: i64) {
        let (first, end) = self.row_span(x);
        (first..x).chain(x + 1..end).rev().for_each(|q| self.uncommit_below(q, cut));
    }

    /// [`Mcc::commit`] under the cut `d`.
    #[inline(always)]
    fn commit_below(&mut self, q: u32, d: i64) {
        let j = get(&self.top, q);
        if self.is_primary(j) {
            self.count_up(j);
            if get(&self.count, j) == get(&self.hi, j) {
                self.cover_below(j, d);
            }
        } else if j & PURE == 0 {
            match get(&self.color, q) {
                0 => self.cover_below(j, d),
                c => self.purify_below(j, c, d),
            }
        }
    }

    #[inline(always)]
    fn uncommit_below(&mut self, q: u32, d: i64) {
        let j = get(&self.top, q);
        if self.is_primary(j) {
            if get(&self.count, j) == get(&self.hi, j) {
                self.uncover_below(j, d);
            }
            self.count_down(j);
        } else if j & PURE == 0 {
            match get(&self.color, q) {
                0 => self.uncover_below(j, d),
                _ => self.unpurify_below(j, d),
            }
        }
    }

    /// Whether node `p`'s row costs at least the cut `d`.
    #[inline(always)]
    fn is_dear(&self, p: u32, d: i64) -> bool {
        self.node_cost[p as usize] >= d
    }

    /// [`Mcc::cover`] of the rows cheaper than the cut: the first ones of
    /// the list, which is in increasing order of cost.
    fn cover_below(&mut self, i: u32, d: i64) {
        let mut updates = 1;
        let mut p = get(&self.down, i);
        while p != i && !self.is_dear(p, d) {
            updates += self.hide(p);
            p = get(&self.down, p);
        }
        if self.is_primary(i) {
            let (a, b) = (self.prev[i as usize], self.next[i as usize]);
            self.next[a as usize] = b;
            self.prev[b as usize] = a;
        }
        self.updates += updates;
    }

    /// Undoes `cover_below(i, d)`, down the list again to its first dear
    /// row, as DLX5 does: putting rows back in the order they were taken
    /// out restores the links as well as the reverse order does, since a
    /// row put back is written into its neighbours' links, hidden or not
    /// (Knuth's remark in DLX5), and the rows past the cut were left alone.
    fn uncover_below(&mut self, i: u32, d: i64) {
        if self.is_primary(i) {
            let (a, b) = (self.prev[i as usize], self.next[i as usize]);
            self.next[a as usize] = i;
            self.prev[b as usize] = i;
        }
        let mut p = get(&self.down, i);
        while p != i && !self.is_dear(p, d) {
            self.unhide(p);
            p = get(&self.down, p);
        }
    }

    /// [`Mcc::purify`] of the rows cheaper than the cut.
    fn purify_below(&mut self, j: u32, c: u32, d: i64) {
        let mut updates = 0;
        let mut p = get(&self.down, j);
        while p != j && !self.is_dear(p, d) {
            if get(&self.color, p) == c {
                let t = get(&self.top, p);
                put(&mut self.top, p, t | PURE);
            } else {
                updates += self.hide(p);
            }
            p = get(&self.down, p);
        }
        self.updates += updates;
    }

    /// Undoes `purify_below(j, c, d)`, down the list as `uncover_below`.
    fn unpurify_below(&mut self, j: u32, d: i64) {
        let mut p = get(&self.down, j);
        while p != j && !self.is_dear(p, d) {
            let t = get(&self.top, p);
            if t & PURE != 0 {
                put(&mut self.top, p, t & !PURE);
            } else {
                self.unhide(p);
            }
            p = get(&self.down, p);
        }
    }

    /// Chooses row `r` outright (a forced row): its first node leaves its
    /// list with the rest of the row, and every column is committed.
    pub(super) fn choose_row(&mut self, r: u32) {
        let x = self.row_first[r as usize];
        self.updates += self.hide(x) + 1;
        self.unlink(x);
        for q in self.nodes(r) {
            self.commit(q);
        }
    }

    pub(super) fn unchoose_row(&mut self, r: u32) {
        let x = self.row_first[r as usize];
        for q in self.nodes(r).rev() {
            self.uncommit(q);
        }
        self.relink(x);
        self.unhide(x);
    }

    /// Whether row `r` is out of the lists for good: it goes through a
    /// column no row may cover (`new` covers those).
    fn is_dead(&self, r: u32) -> bool {
        self.nodes(r).any(|q| {
            let j = self.top[q as usize];
            self.is_primary(j) && self.hi[j as usize] == 0
        })
    }

    /// Takes row `r` out of every list (an excluded row; no updates),
    /// unless it is out for good already.
    pub(super) fn exclude_row(&mut self, r: u32) {
        if !self.is_dead(r) {
            let x = self.row_first[r as usize];
            self.hide(x);
            self.unlink(x);
        }
    }

    pub(super) fn include_row(&mut self, r: u32) {
        if !self.is_dead(r) {
            let x = self.row_first[r as usize];
            self.relink(x);
            self.unhide(x);
        }
    }

    /// Whether no primary column is active.
    pub(super) fn all_done(&self) -> bool {
        self.next[0] == 0
    }
}
