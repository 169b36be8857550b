//! The dancing links: the memory layout of Knuth's DLX1, and the cover and
//! uncover operations on it.
//!
//! # Layout
//!
//! Columns are called *items* here, as Knuth does, numbered from 1, primary
//! ones first ([`layout`](super::layout)).
//!
//! Every node has a number; its vertical links `(up, down)` are in `links`,
//! and its item `top` with the next node to its right in its row, `right`,
//! in `tops` (DLX1 keeps up, down and top in one 16-byte record; two arrays
//! of 8-byte records let the processor scale a node number in its
//! addressing, and keep the links of twice as many nodes in a cache line).
//!   - Node 0 is unused.
//!   - Node `i` for `1 <= i <= n` is the header of item `i`: `up`/`down` are
//!     the last and first node of the item's vertical list.
//!   - Then the rows, one after another, each followed by a *spacer*. The
//!     first spacer sits at `n + 1`, before the first row. A row node's `top`
//!     is its item; a spacer's `top` is 0. A spacer's `up` is the first node
//!     of the row before it and its `down` the last node of the row after it,
//!     so that walking right from any node of a row and jumping at the spacer
//!     comes back round to the row's start (and walking left likewise). A
//!     row node's `right` is the node after it, or the row's first node
//!     for its last: `hide` and `unhide` go round a row by it, as DANCE's
//!     right pointers do, with no stop at the spacer and no second loop
//!     (on queens, Langford pairs and dominoes, a fifth fewer instructions
//!     than stopping at the spacer; Langford pairs 1.2x faster, dominoes
//!     about 8% slower). Unhiding a row's nodes in the same order as
//!     hiding them is right: they lie in different items' lists.
//! * `keys`: each item's length with its number, in one key, so that the
//!   item DLX1 branches on is one minimum scan away ([`Keys`]).
//!
//! Row `r`'s nodes are consecutive, so the row a node belongs to is found by
//! a binary search over the rows' start positions, needed only when a
//! solution is reported.
//!
//! # Counting updates
//!
//! [`Links::cover`] counts updates as Knuth's programs do: one for taking the
//! item out of its list (DLX1 has a list of secondary items too), and one for
//! each node it unlinks from a vertical list while hiding the rows of that
//! item. Uncovering counts nothing.

use super::keys::{self, Keys, Mask, NoLive};
use super::layout::Layout;
use crate::alloc::filled;
use crate::error::Error;
use crate::matrix::Matrix;

/// One node's vertical links.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C, align(8))]
pub(crate) struct Link {
    pub up: u32,
    pub down: u32,
}

/// A node's place across its row: its item and the node to its right.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C, align(8))]
pub(crate) struct Across {
    pub top: u32,
    pub right: u32,
}

/// A matrix laid out as dancing links, with the state of one search.
#[derive(Clone, Debug)]
pub(crate) struct Links {
    /// The vertical links of every node.
    links: Vec<Link>,
    /// The item of every node (0 for spacers and headers), and the next
    /// node to the right in its row, the first after the last: `hide` and
    /// `unhide` go round a row with it, as DANCE's right pointers do,
    /// without stopping at the spacer to find the row's start.
    tops: Vec<Across>,
    /// The items' keys: lengths, item numbers, covered or not.
    pub keys: Keys,
    /// The node index where each row starts, in row order.
    row_first: Vec<u32>,
    /// The number of primary items.
    pub primary: usize,
    /// Updates counted by `cover`.
    pub updates: u64,
}

/// `x` widened to `usize` where the compiler cannot see that it was
/// narrower: a loop over nodes whose index is so widened keeps it in a full
/// register, where otherwise the compiler narrows the loop's index back to
/// 32 bits and widens it again at every turn (an instruction a node).
#[inline(always)]
fn wide(x: u32) -> usize {
    #[allow(unused_mut)]
    let mut x = x as usize;
    #[cfg(target_arch = "x86_64")]
    // SAFETY: an empty template: it only hides the value's origin.
    unsafe {
        std::arch::asm!("/* {0} */", inout(reg) x, options(pure, nomem, nostack, preserves_flags));
    }
    x
}

impl Links {
    /// Lays out `matrix` as dancing links, all items uncovered.
    pub fn new(matrix: &Matrix) -> Result<Links, Error> {
        let n = matrix.columns();
        let (entries, row_start) = matrix.raw();
        let rows = matrix.rows();
        // The matrix guarantees this fits below u32::MAX (see matrix::MAX_NODES).
        let total = n + 2 + rows + entries.len();
        let mut links: Vec<Link> = filled(total)?;
        let mut tops: Vec<Across> = filled(total)?;
        let mut row_first: Vec<u32> = filled(rows)?;
        let mut len = keys::lengths(n)?;

        let layout = Layout::new(matrix)?;
        let preferred = layout.preferred(matrix)?;
        let Layout { item_of, primary } = layout;

        // Empty vertical lists.
        for (i, link) in links.iter_mut().enumerate().take(n + 1).skip(1) {
            *link = Link { up: i as u32, down: i as u32 };
        }

        // The rows, each appended at the bottom of its items' lists.
        let mut spacer = n + 1;
        links[spacer] = Link { up: 0, down: 0 };
        for r in 0..rows {
            let cols = &entries[row_start[r] as usize..row_start[r + 1] as usize];
            let first = spacer + 1;
            row_first[r] = first as u32;
            for (k, &c) in cols.iter().enumerate() {
                let x = first + k;
                let item = item_of[c as usize] as usize;
                let last = links[item].up;
                links[x] = Link { up: last, down: item as u32 };
                tops[x] = Across { top: item as u32, right: x as u32 + 1 };
                links[last as usize].down = x as u32;
                links[item].up = x as u32;
                len[item] += 1;
            }
            let last = first + cols.len() - 1;
            tops[last].right = first as u32;
            links[spacer].down = last as u32;
            spacer = last + 1;
            links[spacer] = Link { up: first as u32, down: 0 };
        }
        // Lengths are below 2^31, since every row takes an entry and a
        // spacer below matrix::MAX_NODES.
        let mut keys = Keys::new(&len, primary)?;
        keys.set_preferred(preferred);
        keys.track_live();
        Ok(Links { links, tops, keys, row_first, primary, updates: 0 })
    }

    // The hot loops below index `links`, `tops` and `len` only with indices
    // read from the links themselves, which `new`
    // makes all lie in range and which cover/uncover only ever copy. So the
    // bounds checks can go: they cost about a third of the search time.
    // Debug builds still check.

    #[inline(always)]
    fn nd(&self, i: u32) -> Link {
        self.nd_at(i as usize)
    }

    #[inline(always)]
    fn nd_at(&self, i: usize) -> Link {
        debug_assert!(i < self.links.len());
        // SAFETY: every index stored in the links is < links.len() (see above).
        unsafe { *self.links.get_unchecked(i) }
    }

    #[inline(always)]
    fn nd_mut(&mut self, i: u32) -> &mut Link {
        debug_assert!((i as usize) < self.links.len());
        // SAFETY: as in `nd`.
        unsafe { self.links.get_unchecked_mut(i as usize) }
    }

    /// The item of node `i` (0 for a spacer).
    #[inline(always)]
    pub fn top(&self, i: u32) -> u32 {
        self.top_at(i as usize)
    }

    #[inline(always)]
    fn top_at(&self, i: usize) -> u32 {
        debug_assert!(i < self.tops.len());
        // SAFETY: `tops` has as many entries as `links`.
        unsafe { self.tops.get_unchecked(i).top }
    }

    /// The node below node `i` in its vertical list.
    #[inline(always)]
    pub fn down(&self, i: u32) -> u32 {
        self.nd(i).down
    }

    /// The node above node `i` in its vertical list.
    #[inline]
    pub fn up(&self, i: u32) -> u32 {
        self.nd(i).up
    }

    /// The row id of row node `x`.
    pub fn row_of(&self, x: u32) -> usize {
        self.row_first.partition_point(|&first| first <= x) - 1
    }

    /// Whether every primary item is covered.
    #[cfg(test)]
    pub fn all_covered(&self) -> bool {
        self.keys.all_covered()
    }

    /// Whether item `i` is primary.
    #[inline(always)]
    pub(crate) fn is_primary(&self, i: u32) -> bool {
        (i as usize) <= self.primary
    }

    /// The length of item `i`'s list, when `i` is not covered, or when it
    /// was covered.
    #[inline]
    fn length(&self, i: u32) -> u32 {
        self.keys.length(i)
    }

    /// Removes item `i` from the items still to cover and hides every row in
    /// its vertical list from the other items. Adds the updates made to
    /// `updates`, which the caller adds to [`Links::updates`] (the search
    /// keeps the sum in one register, which each update increments).
    #[inline]
    pub fn cover<M: Mask>(&mut self, i: u32, updates: &mut u64, live: &mut M) {
        *updates += 1;
        let i = i as usize;
        let mut p = wide(self.nd_at(i).down);
        while p != i {
            self.hide::<M>(p, updates);
            p = wide(self.nd_at(p).down);
        }
        self.keys.cover(i as u32);
        live.take(i as u32);
    }

    /// Undoes `cover(i)`; the covers made after it must be undone first.
    #[inline]
    pub fn uncover<M: Mask>(&mut self, i: u32, live: &mut M) {
        self.keys.uncover(i);
        live.put(i);
        let i = i as usize;
        let mut p = wide(self.nd_at(i).up);
        while p != i {
            self.unhide::<M>(p);
            p = wide(self.nd_at(p).up);
        }
    }

    /// Unlinks every other node of `p`'s row from its vertical list, going
    /// right round the row, and counts each in `updates`.
    #[inline]
    fn hide<M: Mask>(&mut self, p: usize, updates: &mut u64) {
        // The walks go by `usize` indices (see `wide`).
        let mut q = self.next_at(p);
        while q != p {
            let (Link { up, down }, top) = (self.nd_at(q), self.top_at(q));
            self.unlink::<M>(up, down, top);
            q = self.next_at(q);
            *updates += 1;
        }
    }

    /// The node after `q` in its row, going round.
    #[inline(always)]
    fn next_at(&self, q: usize) -> usize {
        debug_assert!(q < self.tops.len());
        // SAFETY: `tops` has as many entries as `links`.
        wide(unsafe { self.tops.get_unchecked(q).right })
    }

    /// Takes the node between `up` and `down` out of item `top`'s list.
    #[inline(always)]
    fn unlink<M: Mask>(&mut self, up: u32, down: u32, top: u32) {
        self.nd_mut(up).down = down;
        self.nd_mut(down).up = up;
        self.keys.remove_in::<M>(top);
    }

    /// Puts node `q` back into item `top`'s vertical list.
    #[inline(always)]
    fn relink<M: Mask>(&mut self, q: u32, up: u32, down: u32, top: u32) {
        self.nd_mut(up).down = q;
        self.nd_mut(down).up = q;
        self.keys.restore_in::<M>(top);
    }

    /// Undoes `hide(p)`, going round the row the same way (its nodes are in
    /// different lists, so the order does not matter).
    #[inline]
    fn unhide<M: Mask>(&mut self, p: usize) {
        let mut q = self.next_at(p);
        while q != p {
            let (Link { up, down }, top) = (self.nd_at(q), self.top_at(q));
            self.relink::<M>(q as u32, up, down, top);
            q = self.next_at(q);
        }
    }

    /// The number of items (columns).
    pub fn items(&self) -> usize {
        self.keys.items()
    }

    /// The number of rows.
    pub fn rows(&self) -> usize {
        self.row_first.len()
    }

    /// The nodes of row `r` (`r < rows()`), left to right.
    pub fn row_nodes(&self, r: usize) -> std::ops::Range<u32> {
        let first = self.row_first[r];
        // The spacer after row r is just before the next row's first node;
        // after the last row it is the last node.
        let end = match self.row_first.get(r + 1) {
            Some(&next) => next - 1,
            None => self.links.len() as u32 - 1,
        };
        first..end
    }

    /// Covers every item of row `r`, as if the search had chosen it.
    pub fn cover_row(&mut self, r: usize) {
        let (mut updates, mut live) = (0, self.keys.live());
        for x in self.row_nodes(r) {
            self.cover(self.top(x), &mut updates, &mut live);
        }
        self.updates += updates;
        self.keys.set_live(live);
    }

    /// Undoes `cover_row(r)`; the covers made after it must be undone first.
    pub fn uncover_row(&mut self, r: usize) {
        let mut live = self.keys.live();
        for x in self.row_nodes(r).rev() {
            self.uncover(self.top(x), &mut live);
        }
        self.keys.set_live(live);
    }

    /// Takes row `r` out of every list, as if it were not in the matrix
    /// (an excluded row of a subproblem). Not counted as updates.
    pub fn exclude_row(&mut self, r: usize) {
        for x in self.row_nodes(r) {
            let Link { up, down } = self.nd(x);
            self.unlink::<NoLive>(up, down, self.top(x));
        }
    }

    /// Undoes `exclude_row(r)`; what was done after it must be undone first.
    pub fn include_row(&mut self, r: usize) {
        for x in self.row_nodes(r).rev() {
            let Link { up, down } = self.nd(x);
            self.relink::<NoLive>(x, up, down, self.top(x));
        }
    }

    /// For row node `x` of a covered primary item: its position among the
    /// item's rows (from 0, top to bottom) and how many rows the item had
    /// when it was covered. Walks the list: for progress estimates only.
    pub fn position_in_item(&self, x: u32) -> (u64, u64) {
        let item = self.top(x);
        let mut k = 0;
        let mut p = self.down(item);
        while p != x && p != item {
            k += 1;
            p = self.down(p);
        }
        (k, u64::from(self.length(item)))
    }

    /// Appends the row nodes of item `i`'s list, top to bottom, to `out`.
    pub fn item_rows(&self, i: u32, out: &mut Vec<u32>) {
        let mut p = self.down(i);
        while p != i {
            out.push(p);
            p = self.down(p);
        }
    }

    /// Puts the rows of every item's list in increasing order of
    /// `key(node)`, ties in node order (so a constant key restores the
    /// order the rows were added in). Nothing may be covered. `nodes` is
    /// scratch space; with room for [`Links::nodes`] entries it needs no
    /// allocation.
    pub fn sort_lists(&mut self, key: impl Fn(u32) -> i64, nodes: &mut Vec<(u32, i64, u32)>) {
        let n = self.items() as u32;
        nodes.clear();
        for x in n + 1..self.links.len() as u32 {
            let top = self.top(x);
            if top != 0 {
                nodes.push((top, key(x), x));
            }
        }
        nodes.sort_unstable();
        for i in 1..=n {
            self.links[i as usize] = Link { up: i, down: i };
        }
        for &(item, _, x) in nodes.iter() {
            let last = self.links[item as usize].up;
            self.links[x as usize] = Link { up: last, down: item };
            self.links[last as usize].down = x;
            self.links[item as usize].up = x;
        }
    }

    /// The sum, over the uncovered primary items, of `value` at the first
    /// row node of the item's list. Every uncovered primary item must have
    /// a row, and `value` an entry for every node.
    #[inline]
    pub fn sum_first(&self, value: &[i64]) -> i64 {
        debug_assert_eq!(value.len(), self.links.len());
        let mut sum = 0;
        for i in 1..=self.primary as u32 {
            let covered = self.keys.is_covered(i);
            // SAFETY: a node index from the links is below links.len().
            let v = unsafe { *value.get_unchecked(self.nd(i).down as usize) };
            sum += if covered { 0 } else { v };
        }
        sum
    }

    /// The sum, over the primary items of `x`'s row other than `x`'s own,
    /// of `value` at the first row node of the item's list.
    #[inline]
    pub fn sum_first_in_rest_of_row(&self, x: u32, value: &[i64]) -> i64 {
        debug_assert_eq!(value.len(), self.links.len());
        let mut sum = 0;
        let mut q = x + 1;
        while q != x {
            let top = self.top(q);
            if top == 0 {
                q = self.nd(q).up;
                continue;
            }
            if self.is_primary(top) {
                // SAFETY: as in `sum_first`.
                sum += unsafe { *value.get_unchecked(self.nd(top).down as usize) };
            }
            q += 1;
        }
        sum
    }

    /// The number of nodes, headers and spacers included: the length of a
    /// per-node array.
    pub fn nodes(&self) -> usize {
        self.links.len()
    }

    /// Covers the items of `x`'s row other than `x`'s own, going right from
    /// `x` and wrapping round at the row's end; adds the updates made to
    /// `updates`, as [`Links::cover`].
    #[inline]
    pub fn cover_rest_of_row<M: Mask>(&mut self, x: u32, updates: &mut u64, live: &mut M) {
        let x = x as usize;
        let mut q = self.next_at(x);
        while q != x {
            self.cover(self.top_at(q), updates, live);
            q = self.next_at(q);
        }
    }

    /// Undoes `cover_rest_of_row(x)`, going left.
    #[inline]
    pub fn uncover_rest_of_row<M: Mask>(&mut self, x: u32, live: &mut M) {
        let x = x as usize;
        let mut q = x - 1;
        while q != x {
            let top = self.top_at(q);
            if top == 0 {
                q = wide(self.nd_at(q).down);
            } else {
                self.uncover(top, live);
                q -= 1;
            }
        }
    }
}

impl crate::bound::Nodes for Links {
    fn rows(&self) -> usize {
        Links::rows(self)
    }

    fn nodes(&self) -> usize {
        Links::nodes(self)
    }

    fn items(&self) -> usize {
        Links::items(self)
    }

    fn primary(&self) -> usize {
        self.primary
    }

    fn row_nodes(&self, r: usize) -> std::ops::Range<u32> {
        Links::row_nodes(self, r)
    }

    fn top(&self, x: u32) -> u32 {
        Links::top(self, x)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first uncovered primary item of fewest rows, the slow way, from
    /// the lists themselves; 0 for none.
    fn dlx1_choice(links: &Links, covered: &[bool]) -> u32 {
        let mut best = (usize::MAX, 0);
        for i in 1..=links.primary as u32 {
            if covered[i as usize] {
                continue;
            }
            let mut rows = Vec::new();
            links.item_rows(i, &mut rows);
            if rows.len() < best.0 {
                best = (rows.len(), i);
            }
        }
        best.1
    }

    /// A random matrix of up to 40 columns (a quarter secondary) and 80
    /// rows, each column in a row with odds 1 in 3.
    fn random_matrix(next: &mut impl FnMut(u64) -> u64) -> Matrix {
        let columns = 1 + next(40) as usize;
        let mut m = Matrix::new(columns).unwrap();
        for c in 0..columns {
            if next(4) == 0 {
                m.set_secondary(c).unwrap();
            }
        }
        for _ in 0..next(80) {
            let mut row: Vec<usize> = (0..columns).filter(|_| next(3) == 0).collect();
            if row.is_empty() {
                row.push(next(columns as u64) as usize);
            }
            m.add_row(&row).unwrap();
        }
        m
    }

    #[test]
    fn choose_picks_dlx1_s_item_as_items_are_covered() {
        // Random matrices, with and without item numbers in the keys (a
        // long list, 2^30 / 2^bits rows and more, turns them off).
        let mut x: u64 = 99;
        let mut next = move |n: u64| {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (x >> 33) % n
        };
        for round in 0..60 {
            let m = random_matrix(&mut next);
            let mut links = Links::new(&m).unwrap();
            // Links::new tracks the uncovered items in a word when it can;
            // every fourth round without it, to test the vector scan.
            if round % 4 == 2 {
                links.keys.untrack_live();
            }
            if round % 2 == 1 {
                // The fallback without item numbers, on the same lists.
                links.keys.without_numbers();
            }
            let mut covered = vec![false; links.items() + 1];
            let mut order = Vec::new();
            loop {
                let want = dlx1_choice(&links, &covered);
                assert_eq!(links.keys.choose(), want, "round {round}");
                assert_eq!(links.all_covered(), want == 0);
                if want == 0 {
                    break;
                }
                let mut rows = Vec::new();
                links.item_rows(want, &mut rows);
                assert_eq!(links.length(want) as usize, rows.len());
                let (mut updates, mut live) = (0, links.keys.live());
                links.cover(want, &mut updates, &mut live);
                covered[want as usize] = true;
                order.push(want);
                // Also cover the other items of the item's first row.
                if let Some(&x) = rows.first() {
                    links.cover_rest_of_row(x, &mut updates, &mut live);
                    let mut q = x + 1;
                    loop {
                        let top = links.top(q);
                        if top == 0 {
                            q = links.up(q);
                        } else {
                            if q == x {
                                break;
                            }
                            covered[top as usize] = true;
                            q += 1;
                        }
                    }
                    order.push(x | 1 << 31);
                }
                links.updates += updates;
                links.keys.set_live(live);
            }
            // Undone in reverse, the keys are back as they were.
            let fresh = if round % 2 == 1 { None } else { Some(Links::new(&m).unwrap().keys) };
            let mut live = links.keys.live();
            for &o in order.iter().rev() {
                if o & 1 << 31 != 0 {
                    links.uncover_rest_of_row(o & !(1 << 31), &mut live);
                } else {
                    links.uncover(o, &mut live);
                }
            }
            links.keys.set_live(live);
            if links.keys.tracks_live() {
                assert_eq!(links.keys.live().map(|l| l.bits), Links::new(&m).unwrap().keys.live().map(|l| l.bits));
            }
            if let Some(fresh) = fresh {
                assert_eq!(links.keys.all(), fresh.all());
            }
        }
    }

    #[test]
    fn primary_items_come_first_in_column_order() {
        let mut m = Matrix::new(5).unwrap();
        m.set_secondary(0).unwrap();
        m.set_secondary(3).unwrap();
        m.add_row(&[0, 1, 2, 3, 4]).unwrap();
        let links = Links::new(&m).unwrap();
        assert_eq!(links.primary, 3);
        // Columns 1, 2, 4 are items 1, 2, 3; columns 0 and 3 are 4 and 5.
        let row: Vec<u32> = (7..12).map(|x| links.tops[x].top).collect();
        assert_eq!(row, vec![4, 1, 2, 5, 3]);
    }
}
