//! The walk of dancing cells: entering a level, its branches (the options
//! of its item, then the stop branch), undoing them from the trail, and
//! the generic walk's hooks ([`Walk`]).

use super::sets::{self, at};
use super::{Branch, Cells, Level};
use crate::engine::mode::{Ending, Steps};
use crate::engine::walk::{walk_m, Levels, Resume};

impl Cells {
    /// Undoes the top level's current branch, if any.
    #[inline(always)]
    pub(super) fn undo_branch(&mut self) {
        let Some(&l) = self.stack.last() else { return };
        match l.branch {
            Branch::Last => {
                self.restore(l.taken);
                self.top_level().branch = Branch::Over;
            }
            Branch::Rows if l.chosen => {
                self.restore(l.taken);
                let top = self.top_level();
                top.chosen = false;
                top.at += 1;
            }
            Branch::Entered | Branch::Rows | Branch::Over => {}
        }
    }

    fn top_level(&mut self) -> &mut Level {
        let at = self.stack.len() - 1;
        &mut self.stack[at]
    }

    /// Leaves the top level (its branch undone): puts back what it
    /// excluded and covered, and its item's count.
    #[inline(always)]
    pub(super) fn leave(&mut self) {
        let Some(l) = self.stack.pop() else { return };
        if l.branch == Branch::Rows {
            self.count[l.item as usize] -= 1;
        }
        self.restore(l.entry);
        self.order.truncate(l.start as usize);
    }

    /// Enters a level: pushes the item with the fewest branches and its
    /// options, unless an item has none (`false`).
    fn enter(&mut self, mut rng: Option<&mut fastrand::Rng>) -> bool {
        if self.dead {
            return false;
        }
        let (item, branches) = self.choose(rng.as_deref_mut());
        if branches <= 0 {
            return false;
        }
        let start = self.order.len() as u32;
        let sets::Item { base, end, .. } = self.item(item);
        self.order.extend_from_slice(&self.set[base as usize..end as usize]);
        // The set's order is the history of what was hidden; the
        // matrix's (node numbers) is the same for any search that reaches
        // this node, a resumed one too, so that it meets the solutions in
        // the same order (and walks Algorithm M's tree).
        self.order[start as usize..].sort_unstable();
        if let Some(rng) = rng {
            rng.shuffle(&mut self.order[start as usize..]);
        }
        let end = self.order.len() as u32;
        let entry = self.mark();
        self.stack.push(Level { item, branch: Branch::Entered, last: false, chosen: false, start, at: start, end, stop: end, entry, taken: entry });
        true
    }

    /// Takes the top level's next branch: `true` when one was taken,
    /// `false` when the level is exhausted (and left).
    pub(super) fn branch(&mut self) -> bool {
        let Some(&l) = self.stack.last() else { return false };
        let i = l.item;
        match l.branch {
            Branch::Entered if self.need(i) <= 0 && l.start == l.stop => {
                // The only branch: stop, with no options (DLX3's null
                // move: no update for the item).
                self.stop_branch(i, 0);
                return true;
            }
            Branch::Over => {
                self.leave();
                return false;
            }
            Branch::Entered => {
                self.count[i as usize] += 1;
                let last = self.count[i as usize] == self.hi[i as usize];
                if last {
                    self.cover(i);
                }
                let top = self.top_level();
                (top.branch, top.last) = (Branch::Rows, last);
            }
            Branch::Rows | Branch::Last => {}
        }
        let l = self.stack[self.stack.len() - 1];
        debug_assert!(l.branch == Branch::Rows && !l.chosen);
        // The options `at..end` are left, and the first chosen one must
        // leave enough after it for the item's lower bound.
        let need = self.need(i) + 1;
        if l.at >= l.stop || i64::from(l.end - l.at) < need {
            if need <= 0 {
                // The stop branch, last: the options tried stay excluded;
                // an item covered for its last option stays covered.
                self.count[i as usize] -= 1;
                if l.last {
                    self.top_level().taken = self.mark();
                    self.top_level().branch = Branch::Last;
                } else {
                    self.stop_branch(i, 0);
                }
                return true;
            }
            self.leave();
            return false;
        }
        let x = self.order[l.at as usize];
        if !l.last {
            self.exclude(x);
            self.updates += 1;
        }
        let taken = self.mark();
        self.commit_rest(x);
        let top = self.top_level();
        (top.chosen, top.taken) = (true, taken);
        true
    }

    /// The stop branch on the top level's item `i`: it takes no more
    /// options (all are hidden, `first` updates for the item itself).
    fn stop_branch(&mut self, i: u32, first: u64) {
        let taken = self.mark();
        self.cover_counting(i, first);
        let top = self.top_level();
        (top.branch, top.taken) = (Branch::Last, taken);
    }

    /// Options primary item `i` still needs to reach its lower bound (0 or
    /// less when it has them).
    #[inline(always)]
    pub(super) fn need(&self, i: u32) -> i64 {
        sets::need(&self.lo, &self.count, i)
    }

    /// The walk ([`walk_m`]) with `rng`.
    pub(super) fn walk_with<O: Ending>(&mut self, steps: Steps<'_>, rng: Option<&mut fastrand::Rng>) -> O {
        walk_m(&mut Walk { c: self, rng }, steps)
    }

    /// Whether no primary item is left to branch on: the path is a
    /// solution. First retires the finished items (see [`Cells::finish`]).
    #[inline(always)]
    pub(super) fn all_done(&mut self) -> bool {
        if self.slack && !self.dead {
            self.finish();
        }
        self.live == 0
    }

    /// Retires each live item that is finished: it has its lower bound and
    /// no option left, so its one branch would be the stop branch, which
    /// changes nothing else (Knuth's SSMCC passes such an item over; DLX3
    /// branches on it, a node of one branch, so that on word rectangles
    /// whose words are bounded `0:1` its tree is 3.6 times SSMCC's). On
    /// the trail as a cover is (the mark's live count), so the branch's
    /// undo puts it back.
    #[inline(never)]
    fn finish(&mut self) {
        let mut k = 0;
        while k < self.live {
            let i = at(&self.live_items, k);
            if self.item(i).size() == 0 && self.need(i) <= 0 {
                self.retire(i);
            } else {
                k += 1;
            }
        }
    }
}

/// The walk of dancing cells with its generator, for [`walk_m`].
pub(super) struct Walk<'a, 'c> {
    pub(super) c: &'a mut Cells,
    pub(super) rng: Option<&'c mut fastrand::Rng>,
}

impl Levels for Walk<'_, '_> {
    #[inline(always)]
    fn resume(&mut self) -> &mut Resume {
        &mut self.c.resume
    }

    fn within(&self) -> bool {
        self.c.within
    }

    #[inline(always)]
    fn levels(&self) -> usize {
        self.c.stack.len()
    }

    #[inline(always)]
    fn all_done(&mut self) -> bool {
        self.c.all_done()
    }

    #[inline(always)]
    fn enter(&mut self) -> bool {
        self.c.enter(self.rng.as_deref_mut())
    }

    #[inline(always)]
    fn branch(&mut self) -> bool {
        self.c.branch()
    }

    #[inline(always)]
    fn undo_branch(&mut self) {
        self.c.undo_branch();
    }
}
