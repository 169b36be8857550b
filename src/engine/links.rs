//! The dancing links: the memory layout of Knuth's DLX1, and the cover and
//! uncover operations on it.
//!
//! # Layout
//!
//! Columns are called *items* here, as Knuth does, numbered from 1, primary
//! ones first ([`layout`](super::layout)).
//!
//! Every node has a number; its vertical links `(up, down)` are in `links`
//! and its item, `top`, in `tops` (DLX1 keeps the three in one 16-byte
//! record; two arrays of 8 and 4 bytes let the processor scale a node
//! number in its addressing, and put twice as many links in a cache line:
//! about 10% fewer instructions and 10-20% less time on queens and
//! pentominoes).
//!   - Node 0 is unused.
//!   - Node `i` for `1 <= i <= n` is the header of item `i`: `up`/`down` are
//!     the last and first node of the item's vertical list.
//!   - Then the rows, one after another, each followed by a *spacer*. The
//!     first spacer sits at `n + 1`, before the first row. A row node's `top`
//!     is its item; a spacer's `top` is 0. A spacer's `up` is the first node
//!     of the row before it and its `down` the last node of the row after it,
//!     so that walking right from any node of a row and jumping at the spacer
//!     comes back round to the row's start (and walking left likewise).
//! * `len[i]`: the *length* of item `i`, the number of rows still in its list;
//!   while a primary item is covered, `COVERED` instead (its length cannot
//!   change while it is covered, so `cover` keeps it in `saved`).
//!
//! DLX1 keeps the uncovered primary items in a doubly linked list in
//! increasing order and branches on the first one of smallest length. Here
//! the lengths of the primary items are one array, `len[1..=p]`, where a
//! covered item counts as longest: the same choice is the first position of
//! the array's minimum, found by two vector scans (AVX2 where the CPU has
//! it), instead of a chain of dependent loads. On sudoku, where hundreds of items
//! are scanned at every node, that scan was most of the search's time. The
//! loops that hide and unhide rows are the same as DLX1's.
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

/// The length a covered primary item shows to `choose`: more than any real
/// length, since every row takes an entry and a spacer below
/// `matrix::MAX_NODES`, so lengths stay below 2^31. Lengths are `i32` because
/// the x86-64 baseline (SSE2) compares signed 32-bit lanes, not unsigned ones.
const COVERED: i32 = i32::MAX;

/// The position of the first smallest value in `lens`.
#[inline(always)]
fn first_least(lens: &[i32]) -> usize {
    const BLOCK: usize = 32;
    // The first block holding the smallest length, with that length; a
    // block's minimum is computed without branches, in vector lanes.
    let (mut least, mut at) = (COVERED, 0);
    for (k, block) in lens.chunks(BLOCK).enumerate() {
        let m = block.iter().fold(COVERED, |a, &b| a.min(b));
        if m < least {
            (least, at) = (m, k * BLOCK);
            if m == 0 {
                break;
            }
        }
    }
    let block = &lens[at..lens.len().min(at + BLOCK)];
    at + block.iter().position(|&l| l == least).unwrap_or(0)
}

/// Slack after the lengths: `first_least_avx2` reads whole groups of eight.
const SLACK: usize = 8;

/// Whether the processor has AVX2. Not inlined, so that valgrind's
/// helgrind sees the standard library's feature cache (a relaxed atomic,
/// written once by whichever thread asks first) read in this one named
/// frame: `c_tests/helgrind.supp` names it.
#[inline(never)]
fn has_avx2() -> bool {
    #[cfg(target_arch = "x86_64")]
    return std::arch::is_x86_feature_detected!("avx2");
    #[cfg(not(target_arch = "x86_64"))]
    return false;
}

/// The position of the first smallest value among `lens[..count]`, with
/// AVX2: a running minimum over groups of eight lanes, then a second pass
/// that stops at the first group holding that minimum. Lanes past `count`
/// are read (whatever they hold) and masked out.
///
/// # Safety
/// The CPU must have AVX2, `count >= 1`, and `lens.len() >= count` rounded
/// up to a multiple of 8.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn first_least_avx2(lens: &[i32], count: usize) -> usize {
    use std::arch::x86_64::*;
    debug_assert!(count >= 1 && lens.len() >= count.div_ceil(8) * 8);
    let at = |k: usize| unsafe { _mm256_loadu_si256(lens.as_ptr().add(8 * k) as *const __m256i) };
    let (full, rest) = (count / 8, count % 8);
    let covered = _mm256_set1_epi32(COVERED);
    let mut least = covered;
    for k in 0..full {
        least = _mm256_min_epi32(least, at(k));
    }
    // Lanes `rest..8` of the last, partial group count as covered.
    let keep = _mm256_cmpgt_epi32(_mm256_set1_epi32(rest as i32), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
    if rest > 0 {
        least = _mm256_min_epi32(least, _mm256_blendv_epi8(covered, at(full), keep));
    }
    // The minimum of the eight lanes, in every lane.
    least = _mm256_min_epi32(least, _mm256_permute2x128_si256::<1>(least, least));
    least = _mm256_min_epi32(least, _mm256_shuffle_epi32::<0b01_00_11_10>(least));
    least = _mm256_min_epi32(least, _mm256_shuffle_epi32::<0b10_11_00_01>(least));
    for k in 0..full {
        let hits = _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(at(k), least)));
        if hits != 0 {
            return 8 * k + hits.trailing_zeros() as usize;
        }
    }
    let hits = _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_and_si256(_mm256_cmpeq_epi32(at(full), least), keep)));
    8 * full + hits.trailing_zeros() as usize
}

/// A matrix laid out as dancing links, with the state of one search.
#[derive(Clone, Debug)]
pub(crate) struct Links {
    /// The vertical links of every node.
    links: Vec<Link>,
    /// The item of every node; 0 for spacers and headers.
    tops: Vec<u32>,
    /// The length of each item (index 0 unused).
    len: Vec<i32>,
    /// The lengths of covered primary items.
    saved: Vec<i32>,
    /// The number of uncovered primary items.
    remaining: usize,
    /// Whether the CPU has AVX2, for `choose`.
    avx2: bool,
    /// The node index where each row starts, in row order.
    row_first: Vec<u32>,
    /// The number of primary items.
    pub primary: usize,
    /// Updates counted by `cover`.
    pub updates: u64,
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
        let mut tops: Vec<u32> = filled(total)?;
        let mut row_first: Vec<u32> = filled(rows)?;
        let mut len: Vec<i32> = filled(n + 1 + SLACK)?;
        let saved: Vec<i32> = filled(n + 1)?;

        let Layout { item_of, primary } = Layout::new(matrix)?;

        // Empty vertical lists.
        for i in 1..=n {
            links[i] = Link { up: i as u32, down: i as u32 };
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
                tops[x] = item as u32;
                links[last as usize].down = x as u32;
                links[item].up = x as u32;
                len[item] += 1;
            }
            let last = first + cols.len() - 1;
            links[spacer].down = last as u32;
            spacer = last + 1;
            links[spacer] = Link { up: first as u32, down: 0 };
        }
        let avx2 = has_avx2();
        Ok(Links { links, tops, len, saved, remaining: primary, avx2, row_first, primary, updates: 0 })
    }

    // The hot loops below index `links`, `tops`, `len` and `saved` only with indices
    // read from the links themselves, which `new`
    // makes all lie in range and which cover/uncover only ever copy. So the
    // bounds checks can go: they cost about a third of the search time.
    // Debug builds still check.

    #[inline(always)]
    fn nd(&self, i: u32) -> Link {
        debug_assert!((i as usize) < self.links.len());
        // SAFETY: every index stored in the links is < links.len() (see above).
        unsafe { *self.links.get_unchecked(i as usize) }
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
        debug_assert!((i as usize) < self.tops.len());
        // SAFETY: `tops` has as many entries as `links`.
        unsafe { *self.tops.get_unchecked(i as usize) }
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

    #[inline(always)]
    fn len_mut(&mut self, i: u32) -> &mut i32 {
        debug_assert!((i as usize) < self.len.len());
        // SAFETY: items (row nodes' `top`) are <= n and len has n + 1 entries.
        unsafe { self.len.get_unchecked_mut(i as usize) }
    }

    #[inline(always)]
    fn saved_mut(&mut self, i: u32) -> &mut i32 {
        debug_assert!((i as usize) < self.saved.len());
        // SAFETY: items are <= n and `saved` has n + 1 entries.
        unsafe { self.saved.get_unchecked_mut(i as usize) }
    }

    /// The row id of row node `x`.
    pub fn row_of(&self, x: u32) -> usize {
        self.row_first.partition_point(|&first| first <= x) - 1
    }

    /// Whether every primary item is covered.
    #[inline]
    pub fn all_covered(&self) -> bool {
        self.remaining == 0
    }

    /// Whether item `i` is primary.
    #[inline(always)]
    pub(crate) fn is_primary(&self, i: u32) -> bool {
        (i as usize) <= self.primary
    }

    /// The primary item to branch on, as DLX1 chooses it: the first one, in
    /// increasing order, of smallest length. Needs at least one uncovered
    /// primary item.
    #[inline]
    pub fn choose(&self) -> u32 {
        #[cfg(target_arch = "x86_64")]
        if self.avx2 {
            // SAFETY: `avx2` is only set when the CPU has AVX2; `len` has
            // `SLACK` entries after the last item, and `primary >= 1` here.
            return unsafe { first_least_avx2(&self.len[1..], self.primary) } as u32 + 1;
        }
        first_least(&self.len[1..=self.primary]) as u32 + 1
    }

    /// Removes item `i` from the items still to cover and hides every row in
    /// its vertical list from the other items.
    #[inline]
    pub fn cover(&mut self, i: u32) {
        // The count stays in a register: adding to `self.updates` at every
        // row would store it to memory each time.
        let mut updates = 1;
        let mut p = self.nd(i).down;
        while p != i {
            updates += self.hide(p);
            p = self.nd(p).down;
        }
        if self.is_primary(i) {
            let len = std::mem::replace(self.len_mut(i), COVERED);
            *self.saved_mut(i) = len;
            self.remaining -= 1;
        }
        self.updates += updates;
    }

    /// Undoes `cover(i)`; the covers made after it must be undone first.
    #[inline]
    pub fn uncover(&mut self, i: u32) {
        if self.is_primary(i) {
            *self.len_mut(i) = *self.saved_mut(i);
            self.remaining += 1;
        }
        let mut p = self.nd(i).up;
        while p != i {
            self.unhide(p);
            p = self.nd(p).up;
        }
    }

    /// Unlinks every other node of `p`'s row from its vertical list, and
    /// returns how many: the updates. A row's nodes are consecutive: walk
    /// right to the spacer after the row, whose `up` is the row's first
    /// node, then from there up to `p`.
    #[inline]
    fn hide(&mut self, p: u32) -> u64 {
        let mut q = p + 1;
        let (spacer, first) = loop {
            let top = self.top(q);
            let Link { up, down } = self.nd(q);
            if top == 0 {
                break (q, up);
            }
            self.unlink(up, down, top);
            q += 1;
        };
        q = first;
        while q != p {
            let (Link { up, down }, top) = (self.nd(q), self.top(q));
            self.unlink(up, down, top);
            q += 1;
        }
        // Every node of the row but `p`.
        u64::from(spacer - first - 1)
    }

    /// Takes the node between `up` and `down` out of item `top`'s list.
    #[inline(always)]
    fn unlink(&mut self, up: u32, down: u32, top: u32) {
        self.nd_mut(up).down = down;
        self.nd_mut(down).up = up;
        *self.len_mut(top) -= 1;
    }

    /// Puts node `q` back into item `top`'s vertical list.
    #[inline(always)]
    fn relink(&mut self, q: u32, up: u32, down: u32, top: u32) {
        self.nd_mut(up).down = q;
        self.nd_mut(down).up = q;
        *self.len_mut(top) += 1;
    }

    /// Undoes `hide(p)`, walking the row in the other direction: left to the
    /// spacer before the row, whose `down` is the row's last node, then from
    /// there down to `p`.
    #[inline]
    fn unhide(&mut self, p: u32) {
        let mut q = p - 1;
        let last = loop {
            let top = self.top(q);
            let Link { up, down } = self.nd(q);
            if top == 0 {
                break down;
            }
            self.relink(q, up, down, top);
            q -= 1;
        };
        q = last;
        while q != p {
            let (Link { up, down }, top) = (self.nd(q), self.top(q));
            self.relink(q, up, down, top);
            q -= 1;
        }
    }

    /// The number of items (columns).
    pub fn items(&self) -> usize {
        self.len.len() - 1 - SLACK
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
        for x in self.row_nodes(r) {
            self.cover(self.top(x));
        }
    }

    /// Undoes `cover_row(r)`; the covers made after it must be undone first.
    pub fn uncover_row(&mut self, r: usize) {
        for x in self.row_nodes(r).rev() {
            self.uncover(self.top(x));
        }
    }

    /// Takes row `r` out of every list, as if it were not in the matrix
    /// (an excluded row of a subproblem). Not counted as updates.
    pub fn exclude_row(&mut self, r: usize) {
        for x in self.row_nodes(r) {
            let Link { up, down } = self.nd(x);
            self.unlink(up, down, self.top(x));
        }
    }

    /// Undoes `exclude_row(r)`; what was done after it must be undone first.
    pub fn include_row(&mut self, r: usize) {
        for x in self.row_nodes(r).rev() {
            let Link { up, down } = self.nd(x);
            self.relink(x, up, down, self.top(x));
        }
    }

    /// A primary item of smallest length, picked uniformly at random among
    /// all such items. Needs at least one uncovered primary item.
    pub fn choose_random(&self, rng: &mut fastrand::Rng) -> u32 {
        let least = self.len[self.choose() as usize];
        let lens = &self.len[1..=self.primary];
        let ties = lens.iter().filter(|&&l| l == least).count();
        let pick = rng.usize(..ties);
        let at = lens.iter().enumerate().filter(|&(_, &l)| l == least).nth(pick).map_or(0, |(i, _)| i);
        at as u32 + 1
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
        (k, self.saved[item as usize].max(0) as u64)
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
            // SAFETY: `len` has an entry for every item.
            let covered = unsafe { *self.len.get_unchecked(i as usize) } == COVERED;
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
    /// `x` and wrapping round at the row's end.
    #[inline]
    pub fn cover_rest_of_row(&mut self, x: u32) {
        let mut q = x + 1;
        while q != x {
            let top = self.top(q);
            if top == 0 {
                q = self.nd(q).up;
            } else {
                self.cover(top);
                q += 1;
            }
        }
    }

    /// Undoes `cover_rest_of_row(x)`, going left.
    #[inline]
    pub fn uncover_rest_of_row(&mut self, x: u32) {
        let mut q = x - 1;
        while q != x {
            let top = self.top(q);
            if top == 0 {
                q = self.nd(q).down;
            } else {
                self.uncover(top);
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

    /// The first position of the smallest value, the slow obvious way.
    fn naive(lens: &[i32]) -> usize {
        let least = *lens.iter().min().unwrap();
        lens.iter().position(|&l| l == least).unwrap()
    }

    #[test]
    fn both_scans_find_the_first_smallest_length() {
        // A small linear congruential generator: lengths with many ties,
        // some covered, some 0, arrays shorter and longer than a block.
        let mut x: u64 = 12345;
        let mut next = move || {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (x >> 33) as i32
        };
        for size in [1, 2, 15, 16, 31, 32, 33, 63, 64, 65, 100, 324, 1000] {
            for _ in 0..200 {
                let lens: Vec<i32> = (0..size)
                    .map(|_| match next() % 10 {
                        0 => COVERED,
                        1 => 0,
                        k => k % 4 + 1,
                    })
                    .collect();
                assert_eq!(first_least(&lens), naive(&lens), "{lens:?}");
                #[cfg(target_arch = "x86_64")]
                if std::arch::is_x86_feature_detected!("avx2") {
                    // Garbage after the lengths, as `len` has.
                    let mut padded = lens.clone();
                    padded.extend((0..SLACK).map(|k| -(k as i32) - 1));
                    assert_eq!(unsafe { first_least_avx2(&padded, size) }, naive(&lens), "{lens:?}");
                }
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
        let row: Vec<u32> = (7..12).map(|x| links.tops[x]).collect();
        assert_eq!(row, vec![4, 1, 2, 5, 3]);
    }
}
