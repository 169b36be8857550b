//! The generalised engine: covers with multiplicities and colors, Knuth's
//! Algorithm M (DLX3), which contains his Algorithm C (DLX2).
//!
//! A [`Solver`](crate::Solver) runs this engine instead of plain exact
//! cover ([`dlx1`](super::dlx1)) when its matrix
//! is [generalized](crate::Matrix::is_generalized):
//!
//! * **Multiplicities.** Primary column `i` has bounds `lo..=hi`: a solution
//!   is a set of rows that covers it between `lo` and `hi` times (exact
//!   cover is `1..=1`).
//! * **Colors.** An entry of a row in a secondary column may have a color.
//!   Rows that give a secondary column the same color may be chosen
//!   together; an entry without a color still excludes every other use.
//!
//! # The search
//!
//! The links are those of exact cover (vertical lists of nodes, one per
//! entry, with a header per column), plus a color per node, a count of the
//! rows chosen per primary column, and the list of *active* primary
//! columns: those that may still take rows. A solution is found when no
//! column is active.
//!
//! At each level the search picks the active column `i` with the fewest
//! branches (below), and branches on it:
//!
//! * for each row `x` in `i`'s list, top to bottom: choose `x`. The rows
//!   tried before `x` at this level stay *excluded* (hidden from every
//!   list) while `x` and everything after it is tried, so each set of rows
//!   is reached exactly once: through its rows of `i` in list order. If `x`
//!   is `i`'s last allowed row (the count reaches `hi`), `i` is covered
//!   instead, as in exact cover, which hides all of its rows at once;
//! * when `i` already has its `lo` rows: *stop*, that is take no more rows
//!   for `i`: every row through it is hidden and `i` stops being active.
//!   A count or an enumeration takes this branch last, as Knuth's DLX3
//!   does (his null move): the rows tried are all excluded by then, so it
//!   hides nothing more. With an objective it comes first, so that a
//!   search for few rows meets small solutions first.
//!
//! Choosing a row commits its other columns: a primary one counts one more
//! row and is covered when it reaches its `hi`; a secondary one without a
//! color is covered; a secondary one with color `c` is *purified*: the
//! rows that give it another color (or none) are hidden, and the ones with
//! color `c` are marked, so that choosing them later commits nothing more
//! there. Everything is undone in reverse order when the search backs up.
//!
//! Column `i` with `n` rows left in its list, still needing `d = lo - count`
//! rows, has `n - d + 1` branches when `d > 0` (its first chosen row must
//! leave at least `d - 1` rows after it), and `n + 1` (stop included)
//! otherwise; none means a dead end. Knuth calls this the branch degree.
//! A count or an enumeration branches as his DLX3 does: on a column with
//! the fewest, ties going to the one with less slack (`hi - lo`, or the
//! rows it may still take if fewer), then to the longer list, then to the
//! first in column order; so its search tree, and its node count, are
//! DLX3's. With an objective, a column that already has its `lo` rows
//! waits until no column needs rows, as the tutorials' repeated cover
//! removes a covered column at once: deciding whether it takes more rows
//! only splits the search where nothing is forced yet, and the bound
//! prunes the columns that need rows.
//!
//! This is Algorithm M with two differences: with an objective the stop
//! branch comes first, and the rows of a level are taken from a list made
//! when the level is entered, so that a randomised search can shuffle it.
//! Its updates count DLX3's, less one for each of his null moves and for
//! each row he tweaks out of a column already covered (so at most his).
//!
//! # Costs
//!
//! With an objective the search is a branch and bound. At each level it
//! adds a lower bound of the cost still to pay to the cost of the rows
//! chosen so far, and backs up when that reaches the bar (the k-th best
//! cost so far). The bound generalises the one the tutorials use for
//! repeated cover: take the active columns that still need rows one by one,
//! those with the fewest rows left first (ties in column order), skipping
//! any that shares a row with a column taken before (taking short columns
//! first usually leaves more columns that share no row). No row serves two
//! taken columns, so each taken column `i` needs `d` rows of its own: at least the `d` smallest costs in its list (costs
//! below 0 counted as 0). Rows with negative costs can lower any total by
//! at most the sum of all negative costs, which is added once.
//! For the fewest rows (every cost 1), this is the number of rows the taken
//! columns still need.
//!
//! A second bound counts: the active columns need `D` more rows in all,
//! and a row through `h` of the columns that still need rows serves at
//! most `h` of them, once. So the rows still to choose cost at least what
//! the cheapest fractions of rows serving `D` cost: rows taken whole in
//! increasing cost per column served, `cost / h`, then the part of the
//! next one that is still needed (the fractional knapsack). For the fewest
//! rows (every cost the same) this is the fewest rows whose `h` add up to
//! `D`, found by counting rows per `h` without sorting. The search takes
//! the larger of the two bounds: the first is stronger when the needy
//! columns spread over disjoint rows (the Square Destroyer), the second
//! when every row serves many of them (lottery covers).
//!
//! A search that keeps only the one best solution also skips dominated
//! rows (with at most 256 primary columns, whose sets of columns are then
//! kept as bit sets of at most four words): a row `x` of a level is not tried when a row `y` tried
//! before it at that level serves every column that `x` serves and that
//! still needed rows, costs no more, has no secondary column, and adds to
//! no column whose upper bound could bind. A solution through `x` (which
//! excludes `y`) with `y` in place of `x` is then a solution that costs no
//! more, and `y`'s branch has met it. On the Square Destroyer this skips
//! the matches whose squares a match tried before also lies on, and the
//! tree shrinks about threefold.

use super::kit::{self, Seeded};
use super::walk::{rest_m, walk_m, Levels, Resume};
use super::{Core, Fixed, Given, Optimize, Run, Steering, Walked};
use crate::error::Error;
use crate::bound::optimizer::Optimizer;
use crate::bound::{Bound, Objective};
use super::layout::Layout;
use super::steer::{self, Weights};
use crate::alloc::filled;
use crate::matrix::Matrix;

/// The bit of a node's column (`top`) that marks the node *pure*: its
/// secondary column has been purified with the node's color, so choosing
/// its row commits nothing more there, and hiding its row leaves it in its
/// list (as in Knuth's DLX2: the list is read again only by the `unpurify`
/// that follows that row's `unhide`). Columns are below 2^31 (`new`).
const PURE: u32 = 1 << 31;

/// `v[i]`, where `i` comes from the links (see `Mcc::unlink`).
#[inline(always)]
fn get(v: &[u32], i: u32) -> u32 {
    debug_assert!((i as usize) < v.len());
    // SAFETY: every index the links hold is in range of the arrays it is
    // used on (`Mcc::new` sizes them all by the node and column counts).
    unsafe { *v.get_unchecked(i as usize) }
}

/// `v[i] = x`, as [`get`].
#[inline(always)]
fn put(v: &mut [u32], i: u32, x: u32) {
    debug_assert!((i as usize) < v.len());
    // SAFETY: as in `get`.
    unsafe { *v.get_unchecked_mut(i as usize) = x }
}

/// The most primary columns for which rows are also kept as bit sets
/// (`Mcc::row_mask`): four words a row.
const MASK_COLUMNS: usize = 256;

/// Puts primary column `j` into bit set `set` (column `j` is bit `j - 1`;
/// see `Mcc::row_mask`).
#[inline(always)]
fn add_column(set: &mut [u64], j: u32) {
    set[((j - 1) / 64) as usize] |= 1 << ((j - 1) % 64);
}

/// Whether primary column `j` is in bit set `set`.
#[inline(always)]
fn has_column(set: &[u64], j: u32) -> bool {
    set[((j - 1) / 64) as usize] & 1 << ((j - 1) % 64) != 0
}

/// Row `r`'s bit set among `sets`, `words` words each.
#[inline(always)]
fn row_set(sets: &[u64], words: usize, r: usize) -> &[u64] {
    &sets[r * words..(r + 1) * words]
}

/// Renumbers the colors in `color` 1, 2, ... in increasing order of the
/// caller's ids (0 stays "none"), so that no color of the whole `u32`
/// range can be taken for [`PURE`]: there are fewer distinct colors than
/// nodes, and node numbers are below `u32::MAX`.
fn dense_colors(color: &mut [u32]) -> Result<(), Error> {
    if color.iter().all(|&c| c == 0) {
        return Ok(());
    }
    let mut ids: Vec<u32> = Vec::new();
    ids.try_reserve_exact(color.len())?;
    ids.extend(color.iter().copied().filter(|&c| c != 0));
    ids.sort_unstable();
    ids.dedup();
    for c in color.iter_mut().filter(|c| **c != 0) {
        // `ids` holds every nonzero color, so the search finds it; its
        // rank is below `color.len()`, which fits a node number.
        *c = ids.binary_search(c).map_or(0, |k| k as u32 + 1);
    }
    Ok(())
}

/// Where a level stands. With an objective the stop branch comes first
/// (`Entered`, `Stop`, `Stopped`, then `Rows`); without, last, as in
/// Knuth's DLX3 (`Entered`, `Rows`, then `Last` and `Over`): the rows
/// tried are all excluded by then, so stopping hides nothing more.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Branch {
    /// Entered, no branch taken yet: the stop branch comes next, if the
    /// column has its `lo` rows and the level takes it first.
    Entered,
    /// The stop branch is being explored (taken first).
    Stop,
    /// The stop branch is done (or was not allowed): the rows come next.
    Stopped,
    /// Row branches: `order[at]` is the row being explored (`chosen`) or
    /// the next one to try.
    Rows,
    /// The stop branch is being explored (taken last, the rows all tried
    /// and still excluded).
    Last,
    /// Every branch is done: the level is left next.
    Over,
}

/// One level of the search.
#[derive(Clone, Copy, Debug)]
struct Level {
    /// The column branched on.
    item: u32,
    branch: Branch,
    /// Whether a chosen row is the column's last allowed one (the column is
    /// covered while its rows are tried, and nothing needs excluding).
    last: bool,
    /// Whether the row `order[at]` is chosen now.
    chosen: bool,
    /// This level's rows in `order`: `start..end`, `at` the current one.
    start: u32,
    at: u32,
    end: u32,
    /// Where the row branches stop: `end`, unless the last ones were
    /// given away ([`Core::donate`]).
    stop: u32,
    /// Where this level's excluded rows start on the `excluded` stack.
    excluded: u32,
    /// Whether the stop branch comes last (without an objective).
    stop_last: bool,
    /// The cost of the rows chosen above this level.
    path: i64,
}

impl Level {
    /// The rows this level's branch rules out are `order[start..]` up to
    /// this: all of them for the stop branch, the rows before the chosen
    /// one for a row branch (none when the chosen row fills the column,
    /// which rules out the rest by covering it).
    fn ruled_out(&self) -> u32 {
        match self.branch {
            Branch::Stop | Branch::Last | Branch::Over => self.end,
            Branch::Rows if !self.last => self.at,
            Branch::Entered | Branch::Stopped | Branch::Rows => self.start,
        }
    }
}

/// The links of a generalised cover, and the state of one search over them.
#[derive(Clone, Debug)]
pub(crate) struct Mcc {
    up: Vec<u32>,
    down: Vec<u32>,
    /// The column of each node (0 for headers and spacers), with the
    /// [`PURE`] bit.
    top: Vec<u32>,
    /// The color of each node: 0 for none.
    color: Vec<u32>,
    /// The row of each node.
    row: Vec<u32>,
    /// Row `r` is nodes `row_first[r]..row_first[r + 1] - 1`.
    row_first: Vec<u32>,
    /// Per column (index 0 unused): rows in its list.
    len: Vec<u32>,
    /// Per primary column: bounds and rows chosen.
    lo: Vec<u32>,
    hi: Vec<u32>,
    count: Vec<u32>,
    /// The active primary columns, a circular list through 0, in order.
    prev: Vec<u32>,
    next: Vec<u32>,
    /// The primary columns short of their lower bound (`count < lo`), a
    /// circular list through 0, in order: a column leaves it when a row
    /// brings it to `lo` and comes back when that row is undone, in the
    /// reverse order, as the links of exact cover do. The bound walks this
    /// list alone, not every active column.
    short_prev: Vec<u32>,
    short_next: Vec<u32>,
    primary: usize,
    /// Per item, whether it is preferred (Knuth's DLX3-SHARP: see
    /// [`Mcc::choose`]); empty when none is.
    prefer: Vec<bool>,
    /// With dynamic weights, each item's weight (see [`Steering`]);
    /// empty without.
    weights: Weights,
    /// Link updates, counted as in exact cover.
    pub updates: u64,
    stack: Vec<Level>,
    order: Vec<u32>,
    excluded: Vec<u32>,
    resume: Resume,
    /// [`Fixed::within`] of the forced rows.
    within: bool,
    /// The seed and generator of a randomised search.
    random: Option<Seeded>,
    /// The cost of the rows chosen on the stack.
    path: i64,
    /// Scratch for the bound: a stamp per column, a stamp and a count of
    /// needy columns per row, the rows counted, and costs.
    mark: Vec<u32>,
    hits: Vec<(u32, u32)>,
    touched: Vec<u32>,
    stamp: u32,
    costs: Vec<i64>,
    /// Scratch for the bound: how many rows serve each number of needy
    /// columns (a row has at most as many as it has nodes).
    by_hits: Vec<u32>,
    /// Scratch for the bound: the columns that need rows, each as its
    /// number of rows left (high half) and its index (low half), so that
    /// sorting puts the shortest first.
    needy: Vec<u64>,
    /// With at most [`MASK_COLUMNS`] primary columns, each row's primary
    /// columns as a bit set of `words` words (column `i` is bit `i - 1`),
    /// which the seed's bound reads in place of the row's nodes; `words`
    /// is 0 otherwise. Then also: whether each row has no secondary column,
    /// the primary columns whose upper bound is at least their number of
    /// rows (it never binds), and for each of the
    /// first `primary + 1` levels of a search with an objective the
    /// columns that needed rows when it was entered (for [`Mcc::replaced`];
    /// deeper levels skip no row).
    words: usize,
    row_mask: Vec<u64>,
    primary_only: Vec<bool>,
    unbounded: Vec<u64>,
    needy_sets: Vec<u64>,
}

impl Mcc {
    /// The links of `matrix`, nothing chosen.
    pub fn new(matrix: &Matrix) -> Result<Mcc, Error> {
        let n = matrix.columns();
        let rows = matrix.rows();
        let (entries, row_start) = matrix.raw();
        let total = n + 2 + rows + entries.len();
        if n >= PURE as usize {
            return Err(Error::TooLarge);
        }
        let (mut up, mut down): (Vec<u32>, Vec<u32>) = (filled(total)?, filled(total)?);
        let (mut top, mut color, mut row): (Vec<u32>, Vec<u32>, Vec<u32>) = (filled(total)?, filled(total)?, filled(total)?);
        let mut row_first: Vec<u32> = filled(rows + 1)?;
        let mut len: Vec<u32> = filled(n + 1)?;
        let layout = Layout::new(matrix)?;
        let prefer = layout.preferred_flags(matrix)?;
        let Layout { item_of, primary } = layout;
        let (mut lo, mut hi): (Vec<u32>, Vec<u32>) = (filled(primary + 1)?, filled(primary + 1)?);
        for (c, &item) in item_of.iter().enumerate() {
            if (item as usize) <= primary {
                let (l, h) = matrix.bounds(c).unwrap_or((1, 1));
                (lo[item as usize], hi[item as usize]) = (l, h);
            }
        }
        for i in 1..=n {
            (up[i], down[i]) = (i as u32, i as u32);
        }
        let mut x = n + 2;
        for r in 0..rows {
            row_first[r] = x as u32;
            let (s, e) = (row_start[r] as usize, row_start[r + 1] as usize);
            for (k, &c) in entries[s..e].iter().enumerate() {
                let item = item_of[c as usize] as usize;
                let last = up[item];
                (up[x], down[x]) = (last, item as u32);
                down[last as usize] = x as u32;
                up[item] = x as u32;
                len[item] += 1;
                top[x] = item as u32;
                color[x] = matrix.color_id(r, k).unwrap_or(0);
                row[x] = r as u32;
                x += 1;
            }
            x += 1; // the spacer
        }
        row_first[rows] = x as u32;
        dense_colors(&mut color)?;
        let (mut prev, mut next): (Vec<u32>, Vec<u32>) = (filled(primary + 1)?, filled(primary + 1)?);
        for i in 0..=primary {
            prev[i] = if i == 0 { primary as u32 } else { i as u32 - 1 };
            next[i] = if i == primary { 0 } else { i as u32 + 1 };
        }
        let (mut short_prev, mut short_next): (Vec<u32>, Vec<u32>) = (filled(primary + 1)?, filled(primary + 1)?);
        let mut last = 0;
        for i in (1..=primary).filter(|&i| lo[i] > 0) {
            (short_prev[i], short_next[last]) = (last as u32, i as u32);
            last = i;
        }
        (short_prev[0], short_next[last]) = (last as u32, 0);
        let mut g = Mcc {
            up,
            down,
            top,
            color,
            row,
            row_first,
            len,
            lo,
            hi,
            count: filled(primary + 1)?,
            prev,
            next,
            short_prev,
            short_next,
            primary,
            prefer,
            weights: Weights::default(),
            updates: 0,
            stack: Vec::new(),
            order: Vec::new(),
            excluded: Vec::new(),
            resume: Resume::Enter,
            within: false,
            random: None,
            path: 0,
            mark: filled(n + 1)?,
            hits: filled(rows)?,
            touched: Vec::new(),
            stamp: 0,
            costs: Vec::new(),
            by_hits: Vec::new(),
            needy: Vec::new(),
            words: 0,
            row_mask: Vec::new(),
            primary_only: Vec::new(),
            unbounded: Vec::new(),
            needy_sets: Vec::new(),
        };
        if primary <= MASK_COLUMNS {
            let words = primary.div_ceil(64);
            g.row_mask = filled(rows.checked_mul(words).ok_or(Error::OutOfMemory)?)?;
            (g.primary_only, g.unbounded) = (filled(rows)?, filled(words)?);
            g.needy_sets = filled((primary + 1) * words)?;
            for r in 0..rows {
                let mut primary_only = true;
                for q in g.nodes(r as u32) {
                    let j = g.top[q as usize];
                    if g.is_primary(j) {
                        add_column(&mut g.row_mask[r * words..(r + 1) * words], j);
                    } else {
                        primary_only = false;
                    }
                }
                g.primary_only[r] = primary_only;
            }
            for j in (1..=primary).filter(|&j| g.hi[j] >= g.len[j]) {
                add_column(&mut g.unbounded, j as u32);
            }
            g.words = words;
        }
        let widest = (0..rows).map(|r| g.nodes(r as u32).len()).max().unwrap_or(0);
        g.by_hits = filled(widest + 1)?;
        g.stack.try_reserve_exact(entries.len() + primary + 1)?;
        g.order.try_reserve_exact(entries.len())?;
        g.excluded.try_reserve_exact(rows)?;
        g.touched.try_reserve_exact(rows)?;
        // A column no row may cover: hide its rows for good.
        for i in 1..=primary as u32 {
            if g.hi[i as usize] == 0 {
                g.cover(i);
            }
        }
        g.updates = 0;
        Ok(g)
    }

    fn is_primary(&self, i: u32) -> bool {
        (i as usize) <= self.primary
    }

    /// The nodes of row `r`.
    fn nodes(&self, r: u32) -> std::ops::Range<u32> {
        self.row_first[r as usize]..self.row_first[r as usize + 1] - 1
    }

    // The loops below read and write the links only at indices read from
    // the links themselves (node numbers, their rows and columns), which
    // `new` makes all lie in range and which the search only ever copies:
    // their bounds checks can go, as in `links.rs`. Debug builds still check.

    /// Takes node `q` out of its vertical list (the caller counts the update).
    #[inline(always)]
    fn unlink(&mut self, q: u32) {
        let (u, d) = (get(&self.up, q), get(&self.down, q));
        put(&mut self.down, u, d);
        put(&mut self.up, d, u);
        // (A chosen row's own node may be pure: a forced row.)
        let t = get(&self.top, q) & !PURE;
        let len = get(&self.len, t);
        put(&mut self.len, t, len - 1);
    }

    #[inline(always)]
    fn relink(&mut self, q: u32) {
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
    fn hide(&mut self, x: u32) -> u64 {
        let mut updates = 0;
        self.each_other(x, |m, q| {
            m.unlink(q);
            updates += 1;
        });
        updates
    }

    #[inline]
    fn unhide(&mut self, x: u32) {
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
    fn cover(&mut self, i: u32) {
        self.cover_counting(i, 1);
    }

    /// [`Mcc::cover`], counting `first` updates for the column itself
    /// and one for each node hidden.
    #[inline(always)]
    fn cover_counting(&mut self, i: u32, first: u64) {
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

    fn uncover(&mut self, i: u32) {
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

    fn unpurify(&mut self, j: u32) {
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
    fn count_up(&mut self, j: u32) {
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
    fn count_down(&mut self, j: u32) {
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
    fn commit_rest(&mut self, x: u32) {
        let (first, end) = self.row_span(x);
        (first..x).chain(x + 1..end).for_each(|q| self.commit(q));
    }

    fn uncommit_rest(&mut self, x: u32) {
        let (first, end) = self.row_span(x);
        (first..x).chain(x + 1..end).rev().for_each(|q| self.uncommit(q));
    }

    /// Chooses row `r` outright (a forced row): its first node leaves its
    /// list with the rest of the row, and every column is committed.
    fn choose_row(&mut self, r: u32) {
        let x = self.row_first[r as usize];
        self.updates += self.hide(x) + 1;
        self.unlink(x);
        for q in self.nodes(r) {
            self.commit(q);
        }
    }

    fn unchoose_row(&mut self, r: u32) {
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
    fn exclude_row(&mut self, r: u32) {
        if !self.is_dead(r) {
            let x = self.row_first[r as usize];
            self.hide(x);
            self.unlink(x);
        }
    }

    fn include_row(&mut self, r: u32) {
        if !self.is_dead(r) {
            let x = self.row_first[r as usize];
            self.relink(x);
            self.unhide(x);
        }
    }

    /// Whether no primary column is active.
    fn all_done(&self) -> bool {
        self.next[0] == 0
    }

    /// Rows column `i` still needs to reach its lower bound (0 or less when
    /// it has them).
    fn need(&self, i: u32) -> i64 {
        i64::from(get(&self.lo, i)) - i64::from(get(&self.count, i))
    }

    /// The number of branches on active column `i` (see the module
    /// documentation).
    fn branches(&self, i: u32) -> i64 {
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
    fn rank(&self, i: u32, weight: u32, ties: bool) -> steer::Key {
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
    fn choose(&self, waiting: bool, rng: Option<&mut fastrand::Rng>) -> (u32, i64) {
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
    fn choose_first_steered(&self) -> (u32, i64) {
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

    /// Turns dynamic weights on (every weight back to 1) or off, for the
    /// counts and enumerations in order (see
    /// [`Mcc::choose_first_steered`]). Errors: out of memory.
    /// A lower bound on the cost the active columns still need (see the
    /// module documentation), or `None` when one of them cannot be
    /// satisfied. The seed's bound comes first; as soon as it reaches
    /// `room` it is returned as it stands (the branch is cut either way),
    /// and the counting bound is skipped. Otherwise that pass also leaves
    /// in `hits` each row's number of needy columns.
    fn lower_bound(&mut self, bound: &Bound, room: i64) -> Option<i64> {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.mark.iter_mut().for_each(|m| *m = 0);
            self.hits.iter_mut().for_each(|h| *h = (0, 0));
            self.stamp = 1;
        }
        self.needy_columns()?;
        let apart = match self.apart_bound(bound, room) {
            Ok(apart) => apart,
            Err(cut) => return Some(cut),
        };
        let total_need = self.count_hits();
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

    /// The seed's bound: needy columns no two of which share a row,
    /// shortest first, each at the cost of its cheapest rows; `Err` with
    /// the bound as soon as it reaches `room` (the rest cannot lower it).
    #[inline(always)]
    fn apart_bound(&mut self, bound: &Bound, room: i64) -> Result<i64, i64> {
        let stamp = self.stamp;
        // The loops below read the links through local slices, which the
        // compiler can keep in registers across the stores to `mark`.
        let (down, row, top, row_first, masks, words) = (&self.down[..], &self.row[..], &self.top[..], &self.row_first[..], &self.row_mask[..], self.words);
        let (lo, count) = (&self.lo[..], &self.count[..]);
        let (mark, costs) = (&mut self.mark[..], &mut self.costs);
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
            costs.clear();
            let mut p = down[i] as usize;
            while p != i {
                let r = row[p] as usize;
                if bound.same_cost.is_none() {
                    costs.push(bound.row_cost[r].max(0));
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
            apart += match bound.same_cost {
                Some(c) => need.saturating_mul(c),
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
    fn count_hits(&mut self) -> i64 {
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
            self.touched.sort_unstable_by(|&x, &y| {
                let ((cx, hx), (cy, hy)) = (ratio(x), ratio(y));
                (i128::from(cx) * i128::from(hy)).cmp(&(i128::from(cy) * i128::from(hx))).then(hy.cmp(&hx))
            });
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

    /// Undoes the top level's current branch, if any.
    #[inline(always)]
    fn undo_branch(&mut self) {
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
                self.uncommit_rest(self.order[l.at as usize]);
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
    fn leave(&mut self) {
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
        let (item, branches) = self.choose(bound.is_some(), rng.as_deref_mut());
        if branches <= 0 {
            return false;
        }
        let start = self.order.len() as u32;
        let mut p = self.down[item as usize];
        while p != item {
            self.order.push(p);
            p = self.down[p as usize];
        }
        if let Some(rng) = rng {
            rng.shuffle(&mut self.order[start as usize..]);
        } else if bound.is_some() && self.need(item) > 0 {
            // With an objective, the rows that serve the most columns still
            // needing rows go first: good solutions early lower the bar
            // sooner (stable, so ties keep the list order).
            let (row, hits, stamp) = (&self.row, &self.hits, self.stamp);
            let served = |x: &u32| {
                let h = hits[row[*x as usize] as usize];
                if h.0 == stamp { h.1 } else { 0 }
            };
            self.order[start as usize..].sort_by_key(|x| std::cmp::Reverse(served(x)));
        }
        let (end, excluded, path) = (self.order.len() as u32, self.excluded.len() as u32, self.path);
        let stop_last = bound.is_none();
        self.stack.push(Level { item, branch: Branch::Entered, last: false, chosen: false, start, at: start, end, stop: end, excluded, path, stop_last });
        true
    }

    /// Takes the top level's next branch: `true` when one was taken,
    /// `false` when the level is exhausted (and left).
    fn branch(&mut self, bound: Option<&Bound>) -> bool {
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
        self.commit_rest(x);
        self.path += bound.map_or(0, |b| b.row_cost[self.row[x as usize] as usize]);
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
    fn replaced(&self, b: &Bound, l: &Level) -> bool {
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

    /// Runs the search to its next solution, its end, or until entering a
    /// level would pass `limit` nodes. The caller copies the solution with
    /// [`Mcc::solution`].
    /// With a depth `cap`, stops at each path of `cap` levels instead
    /// ([`Walked::Cut`]), in the lists' order.
    fn search(&mut self, run: Run<'_>, bound: Option<&Bound>) -> Walked {
        if let Some(cap) = run.cap {
            return self.walk_with(run.nodes, run.limit, cap, None, None, None);
        }
        let mut random = self.random.take();
        let count = if bound.is_none() { run.count } else { None };
        let walked = self.walk_with(run.nodes, run.limit, usize::MAX, bound, random.as_mut().map(|r| &mut r.rng), count);
        self.random = random;
        walked
    }

    /// The walk ([`walk_m`]) with `bound` and `rng`.
    fn walk_with(
        &mut self,
        nodes: &mut u64,
        limit: u64,
        cap: usize,
        bound: Option<&Bound>,
        rng: Option<&mut fastrand::Rng>,
        count: Option<(&mut u64, u64)>,
    ) -> Walked {
        walk_m(&mut Walk { m: self, bound, rng }, nodes, limit, cap, count)
    }
}

/// Mcc's walk with its branch and bound and generator, for [`walk_m`].
struct Walk<'a, 'b, 'c, 'd> {
    m: &'a mut Mcc,
    bound: Option<&'b Bound<'d>>,
    rng: Option<&'c mut fastrand::Rng>,
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
    fn all_done(&self) -> bool {
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

/// How many more rows column `i` needs to reach its lower bound (negative
/// or 0 when it has them), from the bounds `lo` and the counts so far.
#[inline(always)]
fn need(lo: &[u32], count: &[u32], i: usize) -> i64 {
    i64::from(lo[i]) - i64::from(count[i])
}

impl Core for Mcc {
    fn kind(&self) -> super::Engine {
        super::Engine::General
    }

    fn depth_limit(&self) -> usize {
        // With bounds, a solution may have every row.
        self.rows()
    }

    fn updates(&self) -> u64 {
        self.updates
    }

    fn set_updates(&mut self, updates: u64) {
        self.updates = updates;
    }

    fn steer(&mut self, steering: Steering) -> Result<(), Error> {
        self.weights.set(steering.weights, self.primary)?;
        self.random = steering.generator();
        Ok(())
    }

    fn bound(&self) -> Option<&dyn Optimize> {
        Some(self)
    }

    fn bound_mut(&mut self) -> Option<&mut dyn Optimize> {
        Some(self)
    }

    fn walk(&mut self, mut run: Run<'_>) -> Walked {
        let bound = run.objective.take().map(|o| o.bound());
        self.search(run, bound.as_ref())
    }

    fn is_done(&self) -> bool {
        self.resume == Resume::Done
    }

    /// Chooses the forced `rows` (which must be [`compatible`](Self::compatible)),
    /// with nothing else chosen.
    fn force(&mut self, fixed: &Fixed) {
        self.within = fixed.within;
        for &r in &fixed.excluded {
            self.exclude_row(r as u32);
        }
        for &r in &fixed.forced {
            self.choose_row(r as u32);
        }
    }

    /// Undoes `force(fixed)`; the search must be unwound first.
    fn unforce(&mut self, fixed: &Fixed) {
        for &r in fixed.forced.iter().rev() {
            self.unchoose_row(r as u32);
        }
        for &r in fixed.excluded.iter().rev() {
            self.include_row(r as u32);
        }
    }

    /// The number of rows.
    fn rows(&self) -> usize {
        self.row_first.len() - 1
    }

    /// The rows of the solution just found, after the forced ones: the rows
    /// chosen on the stack, from the top level down.
    fn solution(&self, out: &mut Vec<usize>) {
        for l in &self.stack {
            if l.branch == Branch::Rows && l.chosen {
                out.push(self.row[self.order[l.at as usize] as usize] as usize);
            }
        }
    }

    /// The rows each level's branch rules out: all the column's rows for
    /// the stop branch (the column takes no more), the rows tried before
    /// the chosen one for a row branch (unless the chosen row is the
    /// column's last allowed one, which rules out the rest by covering it).
    fn excluded(&self, out: &mut Vec<usize>) {
        for l in &self.stack {
            out.extend(self.order[l.start as usize..l.ruled_out() as usize].iter().map(|&x| self.row[x as usize] as usize));
        }
    }

    /// A row branch rules out the rows of its column before it; the
    /// levels above rule out what [`Core::excluded`] says.
    fn donate(&mut self, rows: &mut Vec<usize>, excluded: &mut Vec<usize>) -> Option<Given> {
        let stack = &mut self.stack;
        let (k, share, stop) = kit::shallowest(stack.len(), |k| {
            let l = &mut stack[k];
            // The first row branch not taken yet.
            let untried = if l.branch == Branch::Rows && l.chosen { l.at + 1 } else { l.at };
            let given = (untried < l.stop).then(|| {
                l.stop -= 1;
                l.stop
            });
            (u64::from(l.end - l.start + 1), given)
        })?;
        let above = &self.stack[..k];
        rows.extend(above.iter().filter(|l| l.branch == Branch::Rows && l.chosen).map(|l| self.row[self.order[l.at as usize] as usize] as usize));
        rows.push(self.row[self.order[stop as usize] as usize] as usize);
        for l in above {
            excluded.extend(self.order[l.start as usize..l.ruled_out() as usize].iter().map(|&x| self.row[x as usize] as usize));
        }
        excluded.extend(self.order[self.stack[k].start as usize..stop as usize].iter().map(|&x| self.row[x as usize] as usize));
        Some(Given { level: k, share })
    }

    fn rest(&mut self, piece: &mut dyn FnMut(&dyn Core, usize)) {
        rest_m(&mut Walk { m: self, bound: None, rng: None }, &mut |w, level| piece(&*w.m, level));
    }

    /// At each level, the branches done among all its branches: the stop
    /// branch (the column takes no more rows, where its lower bound allows)
    /// first or last, and the rows.
    fn branches(&self, level: &mut dyn FnMut(u64, u64)) {
        for l in &self.stack {
            let stop = u32::from(self.lo[l.item as usize] <= self.count[l.item as usize] - u32::from(l.branch == Branch::Rows));
            let k = match l.branch {
                Branch::Entered | Branch::Stop => 0,
                Branch::Stopped => stop,
                Branch::Rows => u32::from(!l.stop_last) * stop + l.at - l.start,
                Branch::Last | Branch::Over => l.end - l.start,
            };
            level(u64::from(k), u64::from(l.end - l.start + stop));
        }
    }

    /// The number of rows chosen on the stack.
    fn depth(&self) -> usize {
        self.stack.iter().filter(|l| l.branch == Branch::Rows && l.chosen).count()
    }

    /// Undoes the whole search (the forced rows stay) and starts it again.
    fn unwind(&mut self) {
        while !self.stack.is_empty() {
            self.undo_branch();
            self.leave();
        }
        self.resume = Resume::Enter;
        self.path = 0;
    }
}

impl Optimize for Mcc {
    fn optimizer(&self, objective: Objective, costs: &[i64]) -> Result<Optimizer, Error> {
        // This engine has its own bound and needs no order of the lists.
        Optimizer::without_shares(objective, costs, self.rows())
    }

    fn solution_cost(&self, objective: &Optimizer) -> i64 {
        objective.bound().forced + self.path
    }
}
