//! The memoized count's view of a matrix: each column's rows, and the
//! state of a partial solution packed into a few 64-bit words, which is
//! also the key of the cache.
//!
//! The state says, for each column, everything that decides which rows
//! may still be added:
//!
//! * a primary column covered at most once: open or closed (one bit);
//! * a primary column with an upper bound above 1: closed, or open with
//!   `c` rows so far and a *cursor* `p`: the next row of this column to be
//!   added comes at or after position `p` of its list (see below);
//! * a secondary column: free, used without a color, or used with color
//!   `k` (colors renumbered densely per column).
//!
//! A search branches on an open primary column `i`: either no more rows of
//! `i` are added (when `i` has reached its lower bound), or the next row of
//! `i` in list order is `r`, for each `r` still possible. Adding `r` moves
//! `i`'s cursor past `r`, so every set of rows is reached by exactly one
//! path, and rows skipped on the way stay out. The number of ways to finish
//! a partial solution therefore depends on its state alone, whichever
//! column was chosen on the way: two paths that reach one state share one
//! count. A column covered at most once needs no cursor: once covered, it
//! is closed.

use super::order::{self, Order};
use crate::alloc::{copied, filled};
use crate::error::Error;
use crate::matrix::Matrix;

/// What kind of state a column has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// Primary, covered at most once: 0 open, 1 closed.
    Once,
    /// Primary, covered up to `upper` > 1 times: 0 closed; else an open
    /// flag, the rows so far and the cursor.
    Many,
    /// Secondary: 0 free, 1 used without a color, `1 + k` with color `k`.
    Free,
}

/// Where a column's state lives in the words, and its bounds.
#[derive(Clone, Copy, Debug)]
struct Column {
    kind: Kind,
    word: u32,
    shift: u8,
    bits: u8,
    /// For `Many`: the width of the cursor (the low bits), then of the
    /// count of rows so far.
    cursor_bits: u8,
    lower: u32,
    upper: u32,
}

impl Column {
    fn mask(&self) -> u64 {
        if self.bits >= 64 {
            u64::MAX
        } else {
            (1u64 << self.bits) - 1
        }
    }
}

/// One entry of a row: its column, the row's position in the column's
/// list (for a forced or excluded row, which is in no list, the position
/// the next row takes), and its color (0 none, else dense per column
/// from 1).
#[derive(Clone, Copy, Debug)]
struct Entry {
    column: u32,
    pos: u32,
    color: u32,
}

/// How a search goes on from a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Choice {
    /// Every primary column is closed: the state is one solution.
    Done,
    /// Some primary column can no longer reach its lower bound: none.
    Dead,
    /// Branch on `column`: its possible rows, then closing it if `close`.
    Branch { column: u32, close: bool },
}

/// A matrix as the memoized count sees it.
#[derive(Debug)]
pub(crate) struct Problem {
    columns: Vec<Column>,
    /// The primary columns, in index order.
    primary: Vec<u32>,
    /// The secondary columns, in index order.
    secondary: Vec<u32>,
    /// The primary columns in the order [`Order::Fewest`]'s ties follow
    /// (`order::breadth_first`).
    fewest: Vec<u32>,
    /// `list[list_start[c]..list_start[c + 1]]`: the rows of column `c`
    /// that may be added (excluded and forced rows left out), in order;
    /// `list_color`: the color each gives the column (as `Entry::color`).
    list_start: Vec<u32>,
    list: Vec<u32>,
    list_color: Vec<u32>,
    row_start: Vec<u32>,
    entries: Vec<Entry>,
    /// Words per state.
    pub words: usize,
    /// The state with the forced rows added, or `None` when they cannot be
    /// together.
    start: Option<Vec<u64>>,
}

/// The bits needed to hold every value up to `max`.
fn bits_for(max: u64) -> u8 {
    (64 - max.leading_zeros()).max(1) as u8
}

impl Problem {
    /// The problem of `matrix` with the rows `forced` already chosen and
    /// the rows `excluded` (sorted) left out.
    pub fn new(matrix: &Matrix, forced: &[usize], excluded: &[usize]) -> Result<Problem, Error> {
        let n = matrix.columns();
        let rows = matrix.rows();
        let (raw, raw_start) = matrix.raw();
        let mut skip: Vec<bool> = filled(rows)?;
        for &r in forced.iter().chain(excluded) {
            if let Some(s) = skip.get_mut(r) {
                *s = true;
            }
        }
        // The lists: rows counted per column, then placed.
        let mut list_start: Vec<u32> = filled(n + 1)?;
        for r in (0..rows).filter(|&r| !skip[r]) {
            for &c in &raw[raw_start[r] as usize..raw_start[r + 1] as usize] {
                list_start[c as usize + 1] += 1;
            }
        }
        for c in 0..n {
            list_start[c + 1] += list_start[c];
        }
        let mut list: Vec<u32> = filled(list_start[n] as usize)?;
        let mut list_color: Vec<u32> = filled(list_start[n] as usize)?;
        let mut fill: Vec<u32> = filled(n)?;
        let mut entries: Vec<Entry> = Vec::new();
        entries.try_reserve_exact(raw.len())?;
        // Colors renumbered densely per column: (column, color id) -> k.
        let mut colors: Vec<Vec<u32>> = Vec::new();
        colors.try_reserve_exact(n)?;
        colors.resize(n, Vec::new());
        for r in 0..rows {
            for (k, &c) in raw[raw_start[r] as usize..raw_start[r + 1] as usize].iter().enumerate() {
                let c = c as usize;
                let pos = fill[c];
                if !skip[r] {
                    list[(list_start[c] + pos) as usize] = r as u32;
                    fill[c] += 1;
                }
                let id = matrix.color_id(r, k).unwrap_or(0);
                let color = if id == 0 {
                    0
                } else {
                    let known = &mut colors[c];
                    match known.iter().position(|&x| x == id) {
                        Some(i) => i as u32 + 1,
                        None => {
                            known.try_reserve(1)?;
                            known.push(id);
                            known.len() as u32
                        }
                    }
                };
                if !skip[r] {
                    list_color[(list_start[c] + pos) as usize] = color;
                }
                entries.push(Entry { column: c as u32, pos, color });
            }
        }
        // How many times the forced rows cover each column.
        let mut forced_cover: Vec<u32> = filled(n)?;
        for &r in forced {
            for &c in &raw[raw_start[r] as usize..raw_start[r + 1] as usize] {
                forced_cover[c as usize] = forced_cover[c as usize].saturating_add(1);
            }
        }
        let mut columns = Vec::new();
        columns.try_reserve_exact(n)?;
        let mut primary = Vec::new();
        let mut secondary = Vec::new();
        let (mut word, mut used) = (0u32, 0u32);
        for c in 0..n {
            let len = list_start[c + 1] - list_start[c];
            let (kind, lower, upper) = if matrix.is_secondary(c) == Some(true) {
                (Kind::Free, 0, 1)
            } else {
                let (lower, upper) = matrix.bounds(c).unwrap_or((1, 1));
                // A column is never covered more often than its rows allow.
                let upper = upper.min(len.saturating_add(forced_cover[c]));
                (if upper > 1 { Kind::Many } else { Kind::Once }, lower, upper)
            };
            let (bits, cursor_bits) = match kind {
                Kind::Once => (1, 0),
                Kind::Free => (bits_for(colors[c].len() as u64 + 1), 0),
                Kind::Many => {
                    let cursor = bits_for(len as u64);
                    let count = bits_for(upper as u64 - 1);
                    (1 + cursor + count, cursor)
                }
            };
            if used + bits as u32 > 64 {
                word += 1;
                used = 0;
            }
            columns.push(Column { kind, word, shift: used as u8, bits, cursor_bits, lower, upper });
            used += bits as u32;
            let kept = if kind == Kind::Free { &mut secondary } else { &mut primary };
            kept.try_reserve(1)?;
            kept.push(c as u32);
        }
        let words = word as usize + 1;
        let mut is_primary: Vec<bool> = filled(n)?;
        for (p, col) in is_primary.iter_mut().zip(&columns) {
            *p = col.kind != Kind::Free;
        }
        let graph = order::Graph { list_start: &list_start, list: &list, row_start: raw_start, row_column: raw, primary: &is_primary };
        let fewest = order::breadth_first(&graph)?;
        let mut p = Problem { columns, primary, secondary, fewest, list_start, list, list_color, row_start: copied(raw_start)?, entries, words, start: None };
        let mut start: Vec<u64> = filled(words)?;
        // A column whose lower bound is out of reach has no solution.
        let mut ok = p.columns.iter().all(|col| col.lower <= col.upper);
        for c in 0..n {
            let col = p.columns[c];
            if col.kind == Kind::Many {
                p.set(&mut start, c, 1 << (col.bits - 1));
            } else if col.kind == Kind::Once && col.upper == 0 {
                p.set(&mut start, c, 1);
            }
        }
        for &r in forced {
            if !p.possible(&start, r as u32) {
                ok = false;
                break;
            }
            p.add(&mut start, r as u32, None);
        }
        p.start = ok.then_some(start);
        Ok(p)
    }

    /// The starting state, or `None` when the forced rows cannot be
    /// together.
    pub fn start(&self) -> Option<&[u64]> {
        self.start.as_deref()
    }

    /// Column `c`'s value in state `s`.
    pub(super) fn get(&self, s: &[u64], c: usize) -> u64 {
        let col = &self.columns[c];
        (s[col.word as usize] >> col.shift) & col.mask()
    }

    fn set(&self, s: &mut [u64], c: usize, v: u64) {
        let col = &self.columns[c];
        let w = &mut s[col.word as usize];
        *w = (*w & !(col.mask() << col.shift)) | (v << col.shift);
    }

    /// A `Many` column's open state: rows so far and cursor.
    fn open(col: &Column, rows: u64, cursor: u64) -> u64 {
        1 << (col.bits - 1) | rows << col.cursor_bits | cursor
    }

    /// A `Many` column's rows so far and cursor (it is open).
    fn split(col: &Column, v: u64) -> (u64, u64) {
        let cursor = v & ((1u64 << col.cursor_bits) - 1);
        let rows = (v & !(1u64 << (col.bits - 1))) >> col.cursor_bits;
        (rows, cursor)
    }

    fn row_entries(&self, r: u32) -> &[Entry] {
        &self.entries[self.row_start[r as usize] as usize..self.row_start[r as usize + 1] as usize]
    }

    /// The columns of row `r` (listed), each with the row's position in
    /// its list.
    pub(super) fn row_places(&self, r: u32) -> impl Iterator<Item = (usize, u32)> + '_ {
        self.row_entries(r).iter().map(|e| (e.column as usize, e.pos))
    }

    /// Where column `c`'s list starts among all the lists (for `c` the
    /// number of columns: their total length).
    pub(super) fn list_start(&self, c: usize) -> usize {
        self.list_start[c] as usize
    }

    /// The columns of row `r`.
    pub(super) fn row_columns(&self, r: u32) -> impl Iterator<Item = usize> + '_ {
        self.row_entries(r).iter().map(|e| e.column as usize)
    }

    /// Every row of column `c` that may be added, and the color each gives
    /// it (a row's position in the list is its `pos`).
    pub(super) fn column(&self, c: usize) -> (&[u32], &[u32]) {
        let span = self.list_start[c] as usize..self.list_start[c + 1] as usize;
        (&self.list[span.clone()], &self.list_color[span])
    }

    /// The number of columns and rows.
    pub(super) fn size(&self) -> (usize, usize) {
        (self.columns.len(), self.row_start.len() - 1)
    }

    /// Whether column `c` in state `v` takes a row at position `pos` of
    /// its list that gives it `color`.
    pub(super) fn takes(&self, c: usize, v: u64, pos: u32, color: u32) -> bool {
        let col = &self.columns[c];
        match col.kind {
            Kind::Once => v == 0,
            Kind::Many => v != 0 && pos as u64 >= Self::split(col, v).1,
            Kind::Free => v == 0 || (color != 0 && v == 1 + color as u64),
        }
    }

    /// Whether row `r` may be added in state `s`.
    pub fn possible(&self, s: &[u64], r: u32) -> bool {
        self.row_entries(r).iter().all(|e| self.takes(e.column as usize, self.get(s, e.column as usize), e.pos, e.color))
    }

    /// Adds row `r` (possible) to state `s`; `branch`: the column whose
    /// cursor moves past it.
    pub fn add(&self, s: &mut [u64], r: u32, branch: Option<u32>) {
        for e in self.row_entries(r) {
            let c = e.column as usize;
            let col = self.columns[c];
            match col.kind {
                Kind::Once => self.set(s, c, 1),
                Kind::Free => self.set(s, c, 1 + e.color as u64),
                Kind::Many => {
                    let (rows, cursor) = Self::split(&col, self.get(s, c));
                    let rows = rows + 1;
                    let v = if rows >= col.upper as u64 {
                        0
                    } else if branch == Some(e.column) {
                        Self::open(&col, rows, e.pos as u64 + 1)
                    } else {
                        Self::open(&col, rows, cursor)
                    };
                    self.set(s, c, v);
                }
            }
        }
    }

    /// Closes column `c` in state `s`: no more of its rows.
    pub fn close(&self, s: &mut [u64], c: u32) {
        let v = if self.columns[c as usize].kind == Kind::Once { 1 } else { 0 };
        self.set(s, c as usize, v);
    }

    /// The rows of column `c`, and where a search of it starts in state
    /// `s` (its cursor).
    pub fn list(&self, s: &[u64], c: u32) -> (&[u32], usize) {
        let c = c as usize;
        let rows = &self.list[self.list_start[c] as usize..self.list_start[c + 1] as usize];
        let col = &self.columns[c];
        let from = if col.kind == Kind::Many { Self::split(col, self.get(s, c)).1 as usize } else { 0 };
        (rows, from)
    }

    /// The primary columns, and the secondary ones, in index order.
    pub(super) fn primary(&self) -> &[u32] {
        &self.primary
    }

    pub(super) fn secondary(&self) -> &[u32] {
        &self.secondary
    }

    /// Whether column `c` is primary and open in state `s`.
    pub(super) fn is_open(&self, s: &[u64], c: usize) -> bool {
        self.progress(s, c).is_some()
    }

    /// Whether column `c` is secondary and free in state `s` (rows of any
    /// color may still use it, so two of them may clash there).
    pub(super) fn is_free(&self, s: &[u64], c: usize) -> bool {
        self.columns[c].kind == Kind::Free && self.get(s, c) == 0
    }

    /// Sets secondary column `c` aside in state `s`: used without a color,
    /// which no row takes. A part of a state ([`super::parts`]) sets aside
    /// the secondary columns none of its rows can use, so that its key does
    /// not depend on them.
    pub(super) fn set_aside(&self, s: &mut [u64], c: u32) {
        self.set(s, c as usize, 1);
    }

    /// For an open column: (rows so far, may it close now).
    fn progress(&self, s: &[u64], c: usize) -> Option<(u64, bool)> {
        let col = &self.columns[c];
        let v = self.get(s, c);
        match col.kind {
            Kind::Once if v == 0 => Some((0, col.lower == 0)),
            Kind::Many if v != 0 => {
                let rows = Self::split(col, v).0;
                Some((rows, rows >= col.lower as u64))
            }
            _ => None,
        }
    }

    /// The possible rows of column `c` in state `s`, counted up to
    /// `enough`, and the list entries looked at.
    fn possible_rows(&self, s: &[u64], c: u32, enough: usize) -> (usize, u64) {
        let (rows, from) = self.list(s, c);
        let mut n = 0;
        let mut looked = 0;
        for &r in &rows[from.min(rows.len())..] {
            if n >= enough {
                break;
            }
            looked += 1;
            n += self.possible(s, r) as usize;
        }
        (n, looked)
    }

    /// How the search goes on from state `s` under `order`, each column's
    /// possible rows counted from its list.
    pub fn choose(&self, s: &[u64], order: Order) -> Choice {
        self.choose_scanned(s, order, &mut 0)
    }

    /// [`Problem::choose`], adding the list entries it looks at to `work`.
    pub fn choose_scanned(&self, s: &[u64], order: Order, work: &mut u64) -> Choice {
        let looked = std::cell::Cell::new(0u64);
        let choice = self.choose_by(s, order, |c, enough| {
            let (n, more) = self.possible_rows(s, c, enough);
            looked.set(looked.get() + more);
            n
        });
        *work += looked.get();
        choice
    }

    /// How the search goes on from state `s` under `order`, given each
    /// column's number of possible rows in `s` (kept by `Live`).
    pub fn choose_counted(&self, s: &[u64], order: Order, possible: &[u32]) -> Choice {
        self.choose_by(s, order, |c, _| possible[c as usize] as usize)
    }

    /// The choice: the open column with the fewest branches (its possible
    /// rows, plus one if it may close), the first among equals in the
    /// order's column list; dead when a column has no branch or cannot
    /// reach its lower bound. `rows(c, enough)`: column `c`'s possible
    /// rows, or any number at least `enough` when there are that many.
    fn choose_by(&self, s: &[u64], order: Order, rows: impl Fn(u32, usize) -> usize) -> Choice {
        let columns = match order {
            Order::Fewest => &self.fewest,
            Order::First => &self.primary,
        };
        let mut best: Option<(usize, u32, bool)> = None;
        for &c in columns {
            let Some((rows_so_far, close)) = self.progress(s, c as usize) else { continue };
            let need = (self.columns[c as usize].lower as u64).saturating_sub(rows_so_far);
            let need = usize::try_from(need).unwrap_or(usize::MAX);
            let enough = best.map_or(usize::MAX, |b| b.0).max(need);
            let possible = rows(c, enough);
            let n = possible + close as usize;
            if possible < need || n == 0 {
                return Choice::Dead;
            }
            if best.is_none_or(|b| n < b.0) {
                best = Some((n, c, close));
            }
            if order == Order::First || n == 1 {
                break;
            }
        }
        match best {
            None => Choice::Done,
            Some((_, column, close)) => Choice::Branch { column, close },
        }
    }
}
