//! The sparse sets of dancing cells and their trail: taking a node out of
//! its item's set, hiding an option, covering and purifying an item,
//! committing a chosen option's items, and putting everything back by
//! restoring the sets' ends from the trail.
//!
//! Item `k`'s set is `set[base..end]` of its [`Item`]: the nodes of the
//! options still live in it, in any order; a [`Node`]'s `loc` is its place
//! in `set`, so that a node is in its set exactly when its `loc` is below
//! its item's `end`. Taking a node out swaps it with the set's last node
//! and moves the end down one: the nodes taken out since a moment sit just
//! past the end, in the order they left, so moving each end back where it
//! was brings them all back. The trail records an item's end the first
//! time it changes after a [`Mark`] (a stamp per item says whether it
//! has), so undoing is a pass over the trail, whatever was hidden.
//!
//! A node's fields, and an item's, sit together, so that the hot loops
//! read one cache line for each (as Knuth's programs lay them out), and
//! the loops that hide options run on [`Hiding`], the arrays borrowed
//! apart from the rest of the engine.

use super::Cells;

/// A node: an entry of an option, or a spacer between two options (item
/// 0, its `loc` the first node of the option before it).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Node {
    pub item: u32,
    pub loc: u32,
}

/// An item's set (`set[base..end]`) and the stamp of the last time the
/// trail recorded its end.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Item {
    pub base: u32,
    pub end: u32,
    pub stamp: u32,
}

impl Item {
    /// The options in the set.
    #[inline(always)]
    pub fn size(self) -> u32 {
        self.end - self.base
    }
}

/// Where the state stood: the lengths of the two trails and the number of
/// live primary items.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Mark {
    trail: u32,
    counted: u32,
    live: u32,
}

/// `v[i]`, where `i` comes from the engine's own arrays.
#[inline(always)]
pub(super) fn at<T: Copy>(v: &[T], i: u32) -> T {
    debug_assert!((i as usize) < v.len());
    // SAFETY: every index the sets hold (nodes, items, places in `set`)
    // is in range of the array it indexes: `Cells::new` sizes them all by
    // the node and item counts, and the search only copies them.
    unsafe { *v.get_unchecked(i as usize) }
}

/// `&mut v[i]`, as [`at`].
#[inline(always)]
fn at_mut<T>(v: &mut [T], i: u32) -> &mut T {
    debug_assert!((i as usize) < v.len());
    // SAFETY: as in `at`.
    unsafe { v.get_unchecked_mut(i as usize) }
}

impl Cells {
    /// Node `p`.
    #[inline(always)]
    pub(super) fn node(&self, p: u32) -> Node {
        at(&self.nodes, p)
    }

    /// Item `k`'s set.
    #[inline(always)]
    pub(super) fn item(&self, k: u32) -> Item {
        at(&self.items, k)
    }

    /// A mark to [`Cells::restore`] to, after which every item's end is
    /// recorded again the first time it changes.
    #[inline(always)]
    pub(super) fn mark(&mut self) -> Mark {
        self.next_stamp();
        Mark { trail: self.trail.len() as u32, counted: self.counted.len() as u32, live: self.live }
    }

    /// Puts every set, count and the live items back as they were at `m`.
    #[inline(always)]
    pub(super) fn restore(&mut self, m: Mark) {
        while self.trail.len() > m.trail as usize {
            let Some((k, e)) = self.trail.pop() else { break };
            at_mut(&mut self.items, k).end = e;
        }
        while self.counted.len() > m.counted as usize {
            let Some(k) = self.counted.pop() else { break };
            *at_mut(&mut self.count, k) -= 1;
        }
        self.live = m.live;
        self.dead = false;
        self.next_stamp();
    }

    /// A new stamp: the trail records each item again. On the stamp's
    /// wrap every item's is cleared, which at worst records an item twice
    /// (restoring the later record first, then the earlier).
    #[inline(always)]
    fn next_stamp(&mut self) {
        if self.now == u32::MAX {
            self.items.iter_mut().for_each(|i| i.stamp = 0);
            self.now = 0;
        }
        self.now += 1;
    }

    /// Moves item `k`'s end to `e`, recording the old one on the trail
    /// once per stamp.
    #[inline(always)]
    fn set_end(&mut self, k: u32, e: u32) {
        self.hiding().0.set_end(k, e);
    }

    /// The sets' state for hiding, borrowed apart from the rest (see
    /// [`Hiding`]), with the color of each node and the frozen items.
    #[inline(always)]
    fn hiding(&mut self) -> (Hiding<'_>, &[u32], &[Frozen]) {
        let hiding = Hiding {
            nodes: &mut self.nodes,
            set: &mut self.set,
            items: &mut self.items,
            trail: &mut self.trail,
            lo: &self.lo,
            count: &self.count,
            now: self.now,
            primary: self.primary,
            updates: 0,
        };
        (hiding, &self.color, &self.frozen)
    }

    /// The node after `q` in its option (see [`next_other`]).
    #[inline(always)]
    fn next_other(&self, q: u32) -> u32 {
        next_other(&self.nodes, q)
    }

    /// Takes every node of `p`'s option out of its set where it is in one
    /// (an option excluded: tried at a level, or excluded by the caller).
    pub(super) fn exclude(&mut self, p: u32) {
        let (mut h, ..) = self.hiding();
        h.hide_others::<false, false>(p);
        let n = h.node(p);
        if n.loc < at(h.items, n.item).end {
            h.remove(p, n.item, n.loc);
            h.updates += 1;
        }
        self.updates += h.updates;
    }

    /// Hides every option of item `k`'s set from the other items (its own
    /// set stays as it is); a primary `k` stops being live.
    #[inline(always)]
    pub(super) fn cover(&mut self, k: u32) {
        self.cover_counting(k, 1);
    }

    /// [`Cells::cover`], counting `first` updates for the item itself and
    /// one for each node taken out.
    #[inline(always)]
    pub(super) fn cover_counting(&mut self, k: u32, first: u64) {
        let Item { base, end, .. } = self.item(k);
        let (mut h, ..) = self.hiding();
        for t in base..end {
            h.hide_others::<false, false>(at(h.set, t));
        }
        self.updates += first + h.updates;
        if self.is_primary(k) {
            self.retire(k);
        }
    }

    /// Takes live primary item `k` out of the live ones.
    #[inline(always)]
    pub(super) fn retire(&mut self, k: u32) {
        let (place, last) = (at(&self.live_at, k), self.live - 1);
        let other = at(&self.live_items, last);
        *at_mut(&mut self.live_items, place) = other;
        *at_mut(&mut self.live_at, other) = place;
        *at_mut(&mut self.live_items, last) = k;
        *at_mut(&mut self.live_at, k) = last;
        self.live = last;
    }

    /// One more option for primary item `k`: its new count.
    #[inline(always)]
    fn count_up(&mut self, k: u32) -> u32 {
        let c = at_mut(&mut self.count, k);
        *c += 1;
        self.counted.push(k);
        *c
    }

    /// Commits every item of `x`'s option but `x`'s own, in two passes
    /// (as Knuth's SSXCC): first each item is counted and those that the
    /// option finishes are frozen (a primary one at its upper bound, a
    /// secondary one not already given a color), their sets' ends moved
    /// to their bases so that no hiding touches them; then the options of
    /// each frozen item that clash with `x` are hidden (all of them, or
    /// those of another color). A frozen secondary item with a color keeps
    /// the options of that color, which commit nothing more there. Stops
    /// at a dead end, which [`Cells::dead`] records.
    #[inline(always)]
    pub(super) fn commit_rest(&mut self, x: u32) {
        if self.exact {
            self.commit::<true, true>(x, false);
        } else {
            self.commit::<true, false>(x, false);
        }
    }

    /// [`Cells::commit_rest`], `x`'s own item too with `own`, and with
    /// `CHECK` and `EXACT` as in `hide_others`.
    #[inline(always)]
    fn commit<const CHECK: bool, const EXACT: bool>(&mut self, x: u32, own: bool) {
        // Where a dead end stops depends on the sets' order, which their
        // history sets; so that the counters do not (a resumed search
        // counts what an uninterrupted one does), a dead end's commit
        // counts no updates.
        let updates = self.updates;
        self.frozen.clear();
        if own {
            self.freeze(x, self.node(x).item);
        }
        let mut q = self.next_other(x);
        while q != x {
            self.freeze(q, self.node(q).item);
            q = self.next_other(q);
        }
        let (mut h, color, frozen) = self.hiding();
        for &(k, e, c) in frozen {
            for t in at(h.items, k).base..e {
                let p = at(h.set, t);
                if (c == 0 || at(color, p) != c) && !h.hide_others::<CHECK, EXACT>(p) {
                    self.dead = true;
                    self.updates = updates;
                    return;
                }
            }
        }
        self.updates += h.updates;
    }

    /// The first pass of [`Cells::commit_rest`] on node `q`, of item `k`.
    #[inline(always)]
    fn freeze(&mut self, q: u32, k: u32) {
        let Item { base, end, .. } = self.item(k);
        let color = if self.is_primary(k) {
            if self.count_up(k) < at(&self.hi, k) {
                return;
            }
            self.retire(k);
            0
        } else if end > base {
            at(&self.color, q)
        } else {
            // (Given a color already, or with no option left.)
            return;
        };
        self.set_end(k, base);
        self.frozen.push((k, end, color));
        self.updates += 1;
    }

    /// Chooses row `r` outright (a forced row): it leaves every set and
    /// each of its items is committed.
    pub(super) fn choose_row(&mut self, r: u32) {
        let x = at(&self.row_first, r);
        self.exclude(x);
        // (Without the check: every forced row is committed whole.)
        self.commit::<false, false>(x, true);
    }
}

/// An item an option froze (see [`Cells::commit_rest`]): the item, its
/// set's end before, and the option's color there (0: none).
pub(super) type Frozen = (u32, u32, u32);

/// The sets, the trail and the stamp, borrowed apart from the rest of
/// [`Cells`] for the loops that hide options: held in locals, the arrays'
/// addresses stay in registers through the loop, where through `&mut
/// Cells` each store into an array would make the compiler read them
/// again (a store might have changed them), and the updates are counted in
/// a register, added to the engine's at the end.
pub(super) struct Hiding<'a> {
    nodes: &'a mut [Node],
    set: &'a mut [u32],
    items: &'a mut [Item],
    trail: &'a mut Vec<(u32, u32)>,
    lo: &'a [u32],
    count: &'a [u32],
    now: u32,
    primary: usize,
    /// Nodes taken out so far.
    updates: u64,
}

impl Hiding<'_> {
    #[inline(always)]
    fn node(&self, p: u32) -> Node {
        at(self.nodes, p)
    }

    /// As [`Cells::set_end`].
    #[inline(always)]
    fn set_end(&mut self, k: u32, e: u32) {
        let now = self.now;
        let item = at_mut(self.items, k);
        if item.stamp != now {
            item.stamp = now;
            self.trail.push((k, item.end));
        }
        item.end = e;
    }

    /// Takes node `p` (of item `k`, at place `l`, in the set) out of it.
    #[inline(always)]
    fn remove(&mut self, p: u32, k: u32, l: u32) {
        let e = at(self.items, k).end - 1;
        let q = at(self.set, e);
        *at_mut(self.set, l) = q;
        at_mut(self.nodes, q).loc = l;
        *at_mut(self.set, e) = p;
        at_mut(self.nodes, p).loc = e;
        self.set_end(k, e);
    }

    /// Takes every node of `p`'s option but `p` out of its set where it
    /// is in one, adding each to the updates, in the order of
    /// [`Hiding::next_other`].
    /// With `CHECK`, stops at a primary item left with fewer options than
    /// it needs (`false`): the branch is a dead end (`Cells::dead`).
    /// With `EXACT` (every bound `1..=1`), a live primary item needs one
    /// option, and no count is read.
    #[inline(always)]
    fn hide_others<const CHECK: bool, const EXACT: bool>(&mut self, p: u32) -> bool {
        let mut q = self.next_other(p);
        while q != p {
            let n = self.node(q);
            let item = at(self.items, n.item);
            if n.loc < item.end {
                self.remove(q, n.item, n.loc);
                self.updates += 1;
                if CHECK && is_primary(n.item, self.primary) {
                    let left = item.size() - 1;
                    if if EXACT { left == 0 } else { i64::from(left) < need(self.lo, self.count, n.item) } {
                        return false;
                    }
                }
            }
            q = self.next_other(q);
        }
        true
    }

    /// The node after `q` in its option (see [`next_other`]).
    #[inline(always)]
    fn next_other(&self, q: u32) -> u32 {
        next_other(self.nodes, q)
    }
}

/// Whether item `k` is primary, of `primary` primary items (numbered
/// from 1).
#[inline(always)]
pub(super) fn is_primary(k: u32, primary: usize) -> bool {
    (k as usize) <= primary
}

/// Options primary item `i` still needs to reach its lower bound `lo[i]`,
/// having `count[i]` (0 or less when it has them).
#[inline(always)]
pub(super) fn need(lo: &[u32], count: &[u32], i: u32) -> i64 {
    i64::from(at(lo, i)) - i64::from(at(count, i))
}

/// The node after `q` in its option, cyclically: past the last, the
/// spacer leads back to the first (both walks over an option's other
/// nodes, `hide_others` and `commit`, step with this).
#[inline(always)]
fn next_other(nodes: &[Node], q: u32) -> u32 {
    let n = at(nodes, q + 1);
    if n.item == 0 { n.loc } else { q + 1 }
}
