//! The dancing links: the memory layout of Knuth's DLX1, and the cover and
//! uncover operations on it.
//!
//! # Layout
//!
//! Columns are called *items* here, as Knuth does, and are numbered from 1:
//! item `i` is column `i - 1` of the [`Matrix`]. Two arrays hold everything.
//!
//! * `items[0..=n+1]`: a doubly linked circular list through `prev`/`next`.
//!   Item 0 heads the list of primary items still to be covered, item `n + 1`
//!   heads the list of secondary items. Both lists start in increasing order,
//!   and every uncover restores exactly what the matching cover removed, so
//!   they stay in that order.
//! * `nodes`: one array of `(up, down, top)` triples of 32-bit indices.
//!   - `nodes[0]` is unused.
//!   - `nodes[i]` for `1 <= i <= n` is the header of item `i`: `up`/`down` are
//!     the last and first node of the item's vertical list, and `top` holds
//!     the item's *length*, the number of rows still in that list.
//!   - Then the rows, one after another, each followed by a *spacer*. The
//!     first spacer sits at `n + 1`, before the first row. A row node's `top`
//!     is its item; a spacer's `top` is 0. A spacer's `up` is the first node
//!     of the row before it and its `down` the last node of the row after it,
//!     so that walking right from any node of a row and jumping at the spacer
//!     comes back round to the row's start (and walking left likewise).
//!
//! Row `r`'s nodes are consecutive, so the row a node belongs to is found by
//! a binary search over the rows' start positions, needed only when a
//! solution is reported.
//!
//! # Counting updates
//!
//! [`Links::cover`] counts updates as Knuth's programs do: one for taking the
//! item out of its list, and one for each node it unlinks from a vertical list
//! while hiding the rows of that item. Uncovering counts nothing.

use crate::error::Error;
use crate::matrix::Matrix;

/// One node: the vertical links and the item (or, in a header, the length).
#[derive(Clone, Copy, Debug, Default)]
#[repr(C, align(16))]
pub(crate) struct Node {
    pub up: u32,
    pub down: u32,
    pub top: u32,
}

/// An entry in the horizontal lists of items.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Item {
    pub prev: u32,
    pub next: u32,
}

/// The head of the list of primary items still to be covered.
pub(crate) const ROOT: u32 = 0;

/// A matrix laid out as dancing links, with the state of one search.
#[derive(Clone, Debug)]
pub(crate) struct Links {
    pub items: Vec<Item>,
    pub nodes: Vec<Node>,
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
        let mut items: Vec<Item> = filled(n + 2)?;
        let mut nodes: Vec<Node> = filled(total)?;
        let mut row_first: Vec<u32> = filled(rows)?;

        // The two item lists, each in increasing order.
        let secondary_root = (n + 1) as u32;
        let (mut last_primary, mut last_secondary) = (ROOT, secondary_root);
        let mut primary = 0;
        for column in 0..n {
            let i = (column + 1) as u32;
            let last = if matrix.is_secondary(column) == Some(true) {
                &mut last_secondary
            } else {
                primary += 1;
                &mut last_primary
            };
            items[*last as usize].next = i;
            items[i as usize].prev = *last;
            *last = i;
        }
        items[last_primary as usize].next = ROOT;
        items[ROOT as usize].prev = last_primary;
        items[last_secondary as usize].next = secondary_root;
        items[secondary_root as usize].prev = last_secondary;

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
                let item = c as usize + 1;
                let last = nodes[item].up;
                nodes[x] = Node { up: last, down: item as u32, top: item as u32 };
                nodes[last as usize].down = x as u32;
                nodes[item].up = x as u32;
                nodes[item].top += 1;
            }
            let last = first + cols.len() - 1;
            nodes[spacer].down = last as u32;
            spacer = last + 1;
            nodes[spacer] = Node { up: first as u32, down: 0, top: 0 };
        }
        Ok(Links { items, nodes, row_first, primary, updates: 0 })
    }

    // The hot loops below index `nodes` and `items` only with indices read
    // from the links themselves, which `new` makes all lie in range and
    // which cover/uncover only ever copy. So the bounds checks can go: they
    // cost about a third of the search time. Debug builds still check.

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
    fn it(&self, i: u32) -> Item {
        debug_assert!((i as usize) < self.items.len());
        // SAFETY: item indices in the lists and in row nodes' `top` are <= n + 1.
        unsafe { *self.items.get_unchecked(i as usize) }
    }

    #[inline(always)]
    fn it_mut(&mut self, i: u32) -> &mut Item {
        debug_assert!((i as usize) < self.items.len());
        // SAFETY: as in `it`.
        unsafe { self.items.get_unchecked_mut(i as usize) }
    }

    /// The row id of row node `x`.
    pub fn row_of(&self, x: u32) -> usize {
        self.row_first.partition_point(|&first| first <= x) - 1
    }

    /// Whether every primary item is covered.
    #[inline]
    pub fn all_covered(&self) -> bool {
        self.it(ROOT).next == ROOT
    }

    /// The primary item to branch on: the first one, from left to right, of
    /// smallest length; the scan stops at a length of 0. Needs at least one
    /// uncovered primary item.
    #[inline]
    pub fn choose(&self) -> u32 {
        let mut best = self.it(ROOT).next;
        let mut best_len = self.nd(best).top;
        let mut i = self.it(best).next;
        while best_len > 0 && i != ROOT {
            let len = self.nd(i).top;
            if len < best_len {
                best = i;
                best_len = len;
            }
            i = self.it(i).next;
        }
        best
    }

    /// Removes item `i` from its list and hides every row in its vertical
    /// list from the other items.
    #[inline]
    pub fn cover(&mut self, i: u32) {
        let mut p = self.nd(i).down;
        while p != i {
            self.hide(p);
            p = self.nd(p).down;
        }
        let Item { prev, next } = self.it(i);
        self.it_mut(prev).next = next;
        self.it_mut(next).prev = prev;
        self.updates += 1;
    }

    /// Undoes `cover(i)`; the covers made after it must be undone first.
    #[inline]
    pub fn uncover(&mut self, i: u32) {
        let Item { prev, next } = self.it(i);
        self.it_mut(prev).next = i;
        self.it_mut(next).prev = i;
        let mut p = self.nd(i).up;
        while p != i {
            self.unhide(p);
            p = self.nd(p).up;
        }
    }

    /// Unlinks every other node of `p`'s row from its vertical list.
    #[inline]
    fn hide(&mut self, p: u32) {
        let mut q = p + 1;
        let mut unlinked = 0;
        while q != p {
            let Node { up, down, top } = self.nd(q);
            if top == 0 {
                q = up;
            } else {
                self.nd_mut(up).down = down;
                self.nd_mut(down).up = up;
                self.nd_mut(top).top -= 1;
                unlinked += 1;
                q += 1;
            }
        }
        self.updates += unlinked;
    }

    /// Undoes `hide(p)`, walking the row in the other direction.
    #[inline]
    fn unhide(&mut self, p: u32) {
        let mut q = p - 1;
        while q != p {
            let Node { up, down, top } = self.nd(q);
            if top == 0 {
                q = down;
            } else {
                self.nd_mut(up).down = q;
                self.nd_mut(down).up = q;
                self.nd_mut(top).top += 1;
                q -= 1;
            }
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
