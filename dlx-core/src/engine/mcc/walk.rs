//! The walk of Algorithm M on the links: entering a level, its branches
//! (the rows of its column, then the stop branch, or the stop first with
//! an objective), undoing them, and the generic walk's hooks ([`Walk`]).

use super::Mcc;
use super::bound::row_set;
use super::{Branch, Level, NO_CUT};
use crate::bound::Bound;
use crate::engine::walk::{walk_m, Levels, Resume};
use crate::engine::mode::{Ending, Steps};

impl Mcc {
    /// Undoes the top level's current branch, if any.
    #[inline(always)]
    pub(super) fn undo_branch(&mut self) {
        let Some(&l) = self.stack.last() else { return };
        match l.branch {
            Branch::Stop => {
                self.uncover(l.item);
                self.top_level().branch = Branch::Stopped;
            }
            Branch::Last => {
                self.uncover(l.item);
                self.top_level().branch = Branch::Over;
            }
            Branch::Rows if l.chosen => {
                let x = self.order[l.at as usize];
                if l.cut == NO_CUT {
                    self.uncommit_rest(x);
                } else {
                    self.uncommit_rest_below(x, l.cut);
                }
                self.path = l.path;
                let top = self.top_level();
                top.chosen = false;
                top.at += 1;
            }
            Branch::Entered | Branch::Stopped | Branch::Rows | Branch::Over => {}
        }
    }

    fn top_level(&mut self) -> &mut Level {
        let at = self.stack.len() - 1;
        &mut self.stack[at]
    }

    /// Leaves the top level (its branch undone): puts back its excluded
    /// rows, or uncovers its column.
    #[inline(always)]
    pub(super) fn leave(&mut self) {
        let Some(l) = self.stack.pop() else { return };
        if l.branch == Branch::Rows {
            if l.last {
                self.uncover(l.item);
            }
            self.count_down(l.item);
        }
        // (Excluded rows stay excluded through a last stop branch.)
        for k in (l.excluded as usize..self.excluded.len()).rev() {
            let x = self.excluded[k];
            self.relink(x);
            self.unhide(x);
        }
        self.excluded.truncate(l.excluded as usize);
        self.order.truncate(l.start as usize);
    }

    /// Enters a level: pushes the column with the fewest branches and its
    /// rows, unless the bound or a dead column cuts it off (`false`).
    fn enter(&mut self, bound: Option<&Bound>, mut rng: Option<&mut fastrand::Rng>) -> bool {
        if let Some(b) = bound {
            // The bound also counts each row's needy columns, for the order
            // of the rows below.
            let so_far = b.forced + self.path;
            let room = if b.bar == i64::MAX { i64::MAX } else { b.bar - so_far };
            if self.lower_bound(b, room).is_none_or(|rest| rest >= room) {
                return false;
            }
        }
        let cheap = bound.filter(|b| b.bar != i64::MAX && rng.is_none() && self.prefer.is_empty() && self.by_cost);
        let (item, branches) = match cheap {
            Some(b) => self.choose_cheap(self.dear_from(b)),
            None => self.choose(bound.is_some(), rng.as_deref_mut()),
        };
        if branches <= 0 {
            return false;
        }
        let start = self.order.len() as u32;
        let by_cost = match bound {
            None if rng.is_none() => {
                let mut p = self.down[item as usize];
                while p != item {
                    self.order.push(p);
                    p = self.down[p as usize];
                }
                false
            }
            _ => self.costed_rows(item, bound, rng),
        };
        let (end, excluded, path) = (self.order.len() as u32, self.excluded.len() as u32, self.path);
        let stop_last = bound.is_none();
        self.stack.push(Level { item, branch: Branch::Entered, last: false, chosen: false, start, at: start, end, stop: end, excluded, path, stop_last, by_cost, cut: NO_CUT });
        true
    }

    /// The rows of a level on `item` into `order`, with a bound or a
    /// generator (out of line: the count's walk stays lean); whether they
    /// are in increasing order of cost.
    #[inline(never)]
    fn costed_rows(&mut self, item: u32, bound: Option<&Bound>, rng: Option<&mut fastrand::Rng>) -> bool {
        let start = self.order.len();
        // In lists in order of cost, the rows from the first whose cost
        // alone reaches the bar are left out: none can be in a solution
        // below it, and under a cut (see `cut`) some may clash with the
        // rows chosen above.
        let room = match bound {
            Some(b) if self.by_cost => self.dear_from(b),
            _ => i64::MAX,
        };
        let mut p = self.down[item as usize];
        while p != item && (room == i64::MAX || self.node_cost[p as usize] < room) {
            self.order.push(p);
            p = self.down[p as usize];
        }
        // Under an objective the list is in increasing order of cost
        // (`order_lists`), and stays so unless shuffled or sorted below.
        if let Some(rng) = rng {
            rng.shuffle(&mut self.order[start..]);
            false
        } else if bound.is_some() && self.need(item) > 0 {
            // With an objective, the rows that serve the most columns still
            // needing rows go first: good solutions early lower the bar
            // sooner (stable, so ties keep the list order).
            let (row, hits, stamp) = (&self.row, &self.hits, self.stamp);
            let served = |x: &u32| {
                let h = hits[row[*x as usize] as usize];
                if h.0 == stamp { h.1 } else { 0 }
            };
            self.order[start..].sort_by_key(|x| std::cmp::Reverse(served(x)));
            false
        } else {
            bound.is_some() && self.by_cost
        }
    }

    /// Takes the top level's next branch: `true` when one was taken,
    /// `false` when the level is exhausted (and left).
    pub(super) fn branch(&mut self, bound: Option<&Bound>) -> bool {
        let Some(&l) = self.stack.last() else { return false };
        let i = l.item;
        match l.branch {
            Branch::Entered if self.need(i) <= 0 && (!l.stop_last || l.start == l.stop) => {
                // The stop branch first; or the only one, with no rows
                // (DLX3's null move: no update for the column).
                self.cover_counting(i, u64::from(!l.stop_last));
                self.top_level().branch = if l.stop_last { Branch::Last } else { Branch::Stop };
                return true;
            }
            Branch::Over => {
                self.leave();
                return false;
            }
            Branch::Entered | Branch::Stopped => {
                self.count_up(i);
                let last = self.count[i as usize] == self.hi[i as usize];
                if last {
                    self.cover(i);
                }
                let top = self.top_level();
                (top.branch, top.last) = (Branch::Rows, last);
                if bound.is_some_and(|b| self.no_row_pays(b, &l)) {
                    self.top_level().at = l.end;
                }
            }
            Branch::Stop | Branch::Rows | Branch::Last => {}
        }
        let mut l = self.stack[self.stack.len() - 1];
        debug_assert!(l.branch == Branch::Rows && !l.chosen);
        let recorded = (self.stack.len() - 1) * self.words < self.needy_sets.len();
        if let Some(b) = bound.filter(|b| b.one_best && recorded) {
            while l.at < l.stop && self.replaced(b, &l) {
                l.at += 1;
            }
            self.top_level().at = l.at;
        }
        if let Some(b) = bound {
            self.skip_dear(b, &mut l);
        }
        // The rows `at..end` are left, and the first chosen row must leave
        // enough after it for the column's lower bound.
        let need = self.need(i) + 1;
        // (Rows given away may still be chosen deeper: `end` counts them.)
        if l.at >= l.stop || i64::from(l.end - l.at) < need {
            if l.stop_last && need <= 0 {
                // The stop branch, last (the column had its `lo` rows
                // before the count of one more): the rows tried stay
                // excluded, and covering the column hides nothing more
                // but rows given away; a column covered for its last row
                // stays covered.
                self.count_down(i);
                if !l.last {
                    // Only deactivating, as DLX3's null move, where no
                    // row was given away: no update for the column.
                    self.cover_counting(i, 0);
                }
                self.top_level().branch = Branch::Last;
                return true;
            }
            self.leave();
            return false;
        }
        let x = self.order[l.at as usize];
        if !l.last {
            self.updates += self.hide(x) + 1;
            self.unlink(x);
            self.excluded.push(x);
        }
        match bound {
            None => self.commit_rest(x),
            Some(b) => self.commit_costed(x, b),
        }
        self.top_level().chosen = true;
        true
    }

    /// Whether the row `order[l.at]` of level `l` may be skipped in a
    /// search for the one best solution: when an earlier row `y` of the
    /// level serves every column it serves that still needs rows, costs no
    /// more, has no secondary column, and adds to no column whose upper
    /// bound may bind. Then any solution through the row, with its row
    /// replaced by `y`, is a solution (the columns that need no rows
    /// already have them from the rows above; `y` overfills nothing and
    /// clashes with no color) that costs no more and goes through `y`,
    /// whose branch came first. (The level's needy columns are those of
    /// its entry: since then only its own column, which both rows serve,
    /// has had a row more.) Only for a level whose needy columns were
    /// recorded (`needy_sets`).
    pub(super) fn replaced(&self, b: &Bound, l: &Level) -> bool {
        let (words, level) = (self.words, self.stack.len() - 1);
        let needy = row_set(&self.needy_sets, words, level);
        let (masks, row) = (&self.row_mask[..], &self.row[..]);
        let x = row[self.order[l.at as usize] as usize] as usize;
        let (mask, cost) = (row_set(masks, words, x), b.row_cost[x]);
        self.order[l.start as usize..l.at as usize].iter().any(|&y| {
            let y = row[y as usize] as usize;
            let other = row_set(masks, words, y);
            let covers = (0..words).all(|k| mask[k] & needy[k] & !other[k] == 0 && other[k] & !mask[k] & !self.unbounded[k] == 0);
            covers && self.primary_only[y] && b.row_cost[y] <= cost
        })
    }

    /// Commits row `x`'s other columns under the bound `b`, under its cut
    /// when it has one, and adds its cost to the path.
    #[inline(never)]
    fn commit_costed(&mut self, x: u32, b: &Bound) {
        let cost = b.row_cost[self.row[x as usize] as usize];
        let cut = self.cut(b, cost);
        if cut == NO_CUT {
            self.commit_rest(x);
        } else {
            self.commit_rest_below(x, cut);
        }
        self.path += cost;
        self.top_level().cut = cut;
    }

    /// The cut of a row of cost `cost` chosen now (see the module's
    /// "Costs"): the room left below the bar once it is paid, when every
    /// list is in order of cost and no cost is negative (so that the room
    /// only shrinks below); else [`NO_CUT`].
    fn cut(&self, b: &Bound, cost: i64) -> i64 {
        if self.by_cost && b.negative == 0 && b.bar != i64::MAX { b.bar - b.forced - self.path - cost } else { NO_CUT }
    }

    /// The cost from which a row is dear here (see the module's "Costs"):
    /// the bar less the cost so far and the negative costs, which no row
    /// reaching it can be in a cover below the bar with; `i64::MAX`
    /// without a bar.
    pub(super) fn dear_from(&self, b: &Bound) -> i64 {
        if b.bar == i64::MAX { i64::MAX } else { b.bar.saturating_sub(b.forced).saturating_sub(self.path).saturating_sub(b.negative) }
    }

    /// Skips the rows of level `l` from `at` on whose cost alone takes the
    /// path to the bar (the costs still to pay are at least the negative
    /// ones), as DLX5 cuts its sorted lists: in a level whose rows are in
    /// increasing order of cost, all the rest once one is too dear; else
    /// each such row. A row skipped stays in, as a dominated one does
    /// ([`Mcc::replaced`]): any solution through it costs the bar or more.
    fn skip_dear(&mut self, b: &Bound, l: &mut Level) {
        if b.bar == i64::MAX {
            return;
        }
        let room = self.dear_from(b);
        let dear = |m: &Mcc, at: u32| b.row_cost[m.row[m.order[at as usize] as usize] as usize] >= room;
        if l.by_cost {
            if l.at < l.stop && dear(self, l.at) {
                l.at = l.end;
            }
        } else {
            while l.at < l.stop && dear(self, l.at) {
                l.at += 1;
            }
        }
        self.top_level().at = l.at;
    }

    /// Whether the bound rules out every row branch of level `l` at
    /// once: when no active column needs rows, a row adds its cost and
    /// nothing can lower the cost still to pay, so the cheapest row of the
    /// level must still stay below the bar.
    fn no_row_pays(&self, b: &Bound, l: &Level) -> bool {
        if b.bar == i64::MAX {
            return false;
        }
        if self.short_next[0] != 0 {
            return false;
        }
        let rows = &self.order[l.at as usize..l.end as usize];
        let cheapest = rows.iter().map(|&x| b.row_cost[self.row[x as usize] as usize]).min().unwrap_or(0);
        b.forced + self.path + cheapest + b.negative >= b.bar
    }

    /// Runs the search, in the mode of its outcome `O` (see
    /// [`crate::engine::mode`]), with `bound` (finding only). The caller
    /// copies a solution with [`Core::solution`](crate::engine::Core::solution).
    pub(super) fn search<O: Ending>(&mut self, steps: Steps<'_>, bound: Option<&Bound>) -> O {
        let mut random = self.random.take();
        let walked = self.walk_with(steps, bound, random.as_mut().map(|r| &mut r.rng));
        self.random = random;
        walked
    }

    /// The walk ([`walk_m`]) with `bound` and `rng`.
    pub(super) fn walk_with<O: Ending>(&mut self, steps: Steps<'_>, bound: Option<&Bound>, rng: Option<&mut fastrand::Rng>) -> O {
        walk_m(&mut Walk { m: self, bound, rng }, steps)
    }
}

/// Mcc's walk with its branch and bound and generator, for [`walk_m`].
pub(super) struct Walk<'a, 'b, 'c, 'd> {
    pub(super) m: &'a mut Mcc,
    pub(super) bound: Option<&'b Bound<'d>>,
    pub(super) rng: Option<&'c mut fastrand::Rng>,
}

impl Levels for Walk<'_, '_, '_, '_> {
    #[inline(always)]
    fn resume(&mut self) -> &mut Resume {
        &mut self.m.resume
    }

    fn within(&self) -> bool {
        self.m.within
    }

    #[inline(always)]
    fn levels(&self) -> usize {
        self.m.stack.len()
    }

    #[inline(always)]
    fn all_done(&mut self) -> bool {
        self.m.all_done()
    }

    #[inline(always)]
    fn enter(&mut self) -> bool {
        self.m.enter(self.bound, self.rng.as_deref_mut())
    }

    #[inline(always)]
    fn branch(&mut self) -> bool {
        self.m.branch(self.bound)
    }

    #[inline(always)]
    fn undo_branch(&mut self) {
        self.m.undo_branch();
    }

    #[inline(always)]
    fn fits(&self) -> bool {
        self.bound.is_none_or(|b| b.forced + self.m.path < b.bar)
    }
}
