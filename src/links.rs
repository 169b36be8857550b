//! The dancing links: the memory layout of Knuth's DLX1, and the cover and
//! uncover operations on it.
//!
//! # Layout
//!
//! Columns are called *items* here, as Knuth does, and are numbered from 1:
//! first the primary columns in increasing order as items `1..=p`, then the
//! secondary ones as items `p+1..=n` (DLX1 asks its input for that order;
//! we renumber, so the matrix may mark any column secondary).
//!
//! * `nodes`: one array of `(up, down, top)` triples of 32-bit indices.
//!   - `nodes[0]` is unused.
//!   - `nodes[i]` for `1 <= i <= n` is the header of item `i`: `up`/`down` are
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
//! the array's minimum, found by two scans that the compiler vectorises,
//! instead of a chain of dependent loads. On sudoku, where hundreds of items
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

use crate::error::Error;
use crate::matrix::Matrix;

/// One node: the vertical links and the item.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C, align(16))]
pub(crate) struct Node {
    pub up: u32,
    pub down: u32,
    pub top: u32,
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

/// `first_least` compiled for AVX2 (eight lanes and a native minimum),
/// chosen at run time where the CPU has it.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn first_least_avx2(lens: &[i32]) -> usize {
    first_least(lens)
}

/// A matrix laid out as dancing links, with the state of one search.
#[derive(Clone, Debug)]
pub(crate) struct Links {
    pub nodes: Vec<Node>,
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

/// Allocates a vector of `len` default values, or reports out of memory.
fn filled<T: Clone + Default>(len: usize) -> Result<Vec<T>, Error> {
    let mut v = Vec::new();
    v.try_reserve_exact(len)?;
    v.resize(len, T::default());
    Ok(v)
}

impl Links {
    /// Lays out `matrix` as dancing links, all items uncovered.
    pub fn new(matrix: &Matrix) -> Result<Links, Error> {
        let n = matrix.columns();
        let (entries, row_start) = matrix.raw();
        let rows = matrix.rows();
        // The matrix guarantees this fits below u32::MAX (see matrix::MAX_NODES).
        let total = n + 2 + rows + entries.len();
        let mut nodes: Vec<Node> = filled(total)?;
        let mut row_first: Vec<u32> = filled(rows)?;
        let mut len: Vec<i32> = filled(n + 1)?;
        let saved: Vec<i32> = filled(n + 1)?;

        // Item numbers: primary columns first, then secondary ones.
        let mut item_of: Vec<u32> = filled(n)?;
        let secondary = |c: usize| matrix.is_secondary(c) == Some(true);
        let primary = (0..n).filter(|&c| !secondary(c)).count();
        let (mut next_primary, mut next_secondary) = (1, primary as u32 + 1);
        for (c, item) in item_of.iter_mut().enumerate() {
            let next = if secondary(c) { &mut next_secondary } else { &mut next_primary };
            *item = *next;
            *next += 1;
        }

        // Empty vertical lists.
        for i in 1..=n {
            nodes[i] = Node { up: i as u32, down: i as u32, top: 0 };
        }

        // The rows, each appended at the bottom of its items' lists.
        let mut spacer = n + 1;
        nodes[spacer] = Node { up: 0, down: 0, top: 0 };
        for r in 0..rows {
            let cols = &entries[row_start[r] as usize..row_start[r + 1] as usize];
            let first = spacer + 1;
            row_first[r] = first as u32;
            for (k, &c) in cols.iter().enumerate() {
                let x = first + k;
                let item = item_of[c as usize] as usize;
                let last = nodes[item].up;
                nodes[x] = Node { up: last, down: item as u32, top: item as u32 };
                nodes[last as usize].down = x as u32;
                nodes[item].up = x as u32;
                len[item] += 1;
            }
            let last = first + cols.len() - 1;
            nodes[spacer].down = last as u32;
            spacer = last + 1;
            nodes[spacer] = Node { up: first as u32, down: 0, top: 0 };
        }
        #[cfg(target_arch = "x86_64")]
        let avx2 = std::arch::is_x86_feature_detected!("avx2");
        #[cfg(not(target_arch = "x86_64"))]
        let avx2 = false;
        Ok(Links { nodes, len, saved, remaining: primary, avx2, row_first, primary, updates: 0 })
    }

    // The hot loops below index `nodes`, `len` and `saved` only with indices
    // read from the links themselves, which `new`
    // makes all lie in range and which cover/uncover only ever copy. So the
    // bounds checks can go: they cost about a third of the search time.
    // Debug builds still check.

    #[inline(always)]
    fn nd(&self, i: u32) -> Node {
        debug_assert!((i as usize) < self.nodes.len());
        // SAFETY: every index stored in the links is < nodes.len() (see above).
        unsafe { *self.nodes.get_unchecked(i as usize) }
    }

    #[inline(always)]
    fn nd_mut(&mut self, i: u32) -> &mut Node {
        debug_assert!((i as usize) < self.nodes.len());
        // SAFETY: as in `nd`.
        unsafe { self.nodes.get_unchecked_mut(i as usize) }
    }

    #[inline(always)]
    fn len_mut(&mut self, i: u32) -> &mut i32 {
        debug_assert!((i as usize) < self.len.len());
        // SAFETY: items (row nodes' `top`) are <= n and len has n + 1 entries.
        unsafe { self.len.get_unchecked_mut(i as usize) }
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
    fn is_primary(&self, i: u32) -> bool {
        (i as usize) <= self.primary
    }

    /// The primary item to branch on, as DLX1 chooses it: the first one, in
    /// increasing order, of smallest length. Needs at least one uncovered
    /// primary item.
    #[inline]
    pub fn choose(&self) -> u32 {
        let lens = &self.len[1..=self.primary];
        #[cfg(target_arch = "x86_64")]
        if self.avx2 {
            // SAFETY: `avx2` is only set when the CPU has AVX2.
            return unsafe { first_least_avx2(lens) } as u32 + 1;
        }
        first_least(lens) as u32 + 1
    }

    /// Removes item `i` from the items still to cover and hides every row in
    /// its vertical list from the other items.
    #[inline]
    pub fn cover(&mut self, i: u32) {
        let mut p = self.nd(i).down;
        while p != i {
            self.hide(p);
            p = self.nd(p).down;
        }
        if self.is_primary(i) {
            let len = std::mem::replace(self.len_mut(i), COVERED);
            self.saved[i as usize] = len;
            self.remaining -= 1;
        }
        self.updates += 1;
    }

    /// Undoes `cover(i)`; the covers made after it must be undone first.
    #[inline]
    pub fn uncover(&mut self, i: u32) {
        if self.is_primary(i) {
            *self.len_mut(i) = self.saved[i as usize];
            self.remaining += 1;
        }
        let mut p = self.nd(i).up;
        while p != i {
            self.unhide(p);
            p = self.nd(p).up;
        }
    }

    /// Unlinks every other node of `p`'s row from its vertical list. A row's
    /// nodes are consecutive: walk right to the spacer after the row, whose
    /// `up` is the row's first node, then from there up to `p`.
    #[inline]
    fn hide(&mut self, p: u32) {
        let mut q = p + 1;
        let (spacer, first) = loop {
            let Node { up, down, top } = self.nd(q);
            if top == 0 {
                break (q, up);
            }
            self.unlink(up, down, top);
            q += 1;
        };
        q = first;
        while q != p {
            let Node { up, down, top } = self.nd(q);
            self.unlink(up, down, top);
            q += 1;
        }
        // Every node of the row but `p`.
        self.updates += u64::from(spacer - first - 1);
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
            let Node { up, down, top } = self.nd(q);
            if top == 0 {
                break down;
            }
            self.relink(q, up, down, top);
            q -= 1;
        };
        q = last;
        while q != p {
            let Node { up, down, top } = self.nd(q);
            self.relink(q, up, down, top);
            q -= 1;
        }
    }

    /// Covers the items of `x`'s row other than `x`'s own, going right from
    /// `x` and wrapping round at the row's end.
    #[inline]
    pub fn cover_rest_of_row(&mut self, x: u32) {
        let mut q = x + 1;
        while q != x {
            let Node { up, top, .. } = self.nd(q);
            if top == 0 {
                q = up;
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
            let Node { down, top, .. } = self.nd(q);
            if top == 0 {
                q = down;
            } else {
                self.uncover(top);
                q -= 1;
            }
        }
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
                    assert_eq!(unsafe { first_least_avx2(&lens) }, naive(&lens), "{lens:?}");
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
        let row: Vec<u32> = (7..12).map(|x| links.nodes[x].top).collect();
        assert_eq!(row, vec![4, 1, 2, 5, 3]);
    }
}
