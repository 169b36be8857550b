//! Each column's number of possible rows, kept up to date along a walk,
//! so that choosing a column costs a look at each open column's number
//! instead of a scan of its rows.
//!
//! A row is possible when every one of its columns takes it
//! ([`Problem::takes`]). Each column keeps its list as a sparse set, the
//! possible rows first (as Knuth's dancing cells do). A step from one
//! state to the next changes the columns of one row (or closes one
//! column), and states only narrow along a walk: for each changed column,
//! its possible rows that the new value refuses are blocked, moved out of
//! the possible rows of every column of theirs, and put on a trail. The
//! walk steps back in the reverse order, so undoing a step unblocks the
//! rows on the trail since its mark, each of which is still at the edge
//! of its columns' possible rows. The cost of a step is the possible rows
//! of the columns it changes and the columns of the rows it blocks,
//! whatever the size of the matrix: a row is blocked once on a path, not
//! at every step that touches it.

use super::order::Order;
use super::problem::{Choice, Problem};
use crate::alloc::filled;
use crate::error::Error;

/// How a walk finds each state's possible rows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Numbers {
    /// Kept in sparse sets along the walk (this module's opening): a step
    /// costs the rows it blocks, times their columns.
    #[default]
    Sets,
    /// Looked up afresh at each state, by scanning the lists of the
    /// columns the choice reads (each row checked against the state): a
    /// state costs those lists, whatever the step that reached it. Where
    /// columns hold a large share of the rows (every subset of a few
    /// items, say), a step blocks most of them, and the scan is cheaper.
    Scan,
}

impl Numbers {
    /// The way that suits problem `p`: [`Numbers::Scan`] where its primary
    /// columns hold on average at least [`SCAN_SHARE`] of the rows, and
    /// there are at least [`SCAN_ROWS`] rows per primary column.
    ///
    /// Measured (memoized count, CPU time, scan over sets): all partitions
    /// of 12-14 items (columns hold half the rows) 0.48-0.30; all subsets
    /// of at most 8 of 13 items (0.47) 0.59; of at most 6 of 14 or 16
    /// items (0.33-0.37) 0.91-0.93, of at most 5 of 15 (0.30) 1.25, of at
    /// most 4 of 14 or 16 (0.23-0.26) 1.4-1.75; every board, queens,
    /// Langford and Latin square of the counting bench (below 0.17)
    /// 1.6-11. A matrix of a few rows each over most of 80,000 columns
    /// (bench/counting.py's wide_80000) holds a large share too, but the
    /// scan checks each long row at every state: 1,200 times slower, which
    /// the rows per column rule out.
    pub fn suited(p: &Problem) -> Numbers {
        let rows = p.size().1 as u64;
        let primary = p.primary();
        let entries: u64 = primary.iter().map(|&c| p.column(c as usize).0.len() as u64).sum();
        let columns = primary.len() as u64;
        let dense = entries as f64 >= SCAN_SHARE * (columns * rows) as f64;
        if dense && rows >= SCAN_ROWS * columns && columns > 0 {
            Numbers::Scan
        } else {
            Numbers::Sets
        }
    }
}

/// The share of the rows that primary columns hold, on average, from
/// which [`Numbers::suited`] scans.
const SCAN_SHARE: f64 = 0.4;

/// The rows per primary column from which [`Numbers::suited`] scans.
const SCAN_ROWS: u64 = 4;

#[derive(Debug, Default)]
pub(crate) struct Live {
    numbers: Numbers,
    /// Per row: some column does not take it in the current state.
    blocked: Vec<bool>,
    /// Per column `c`, a sparse set over its list: `order[start(c)..]`
    /// holds the list positions of its rows, the `possible[c]` possible
    /// ones first; `slot[start(c) + pos]` is where position `pos` is in
    /// `order` (`start` is `Problem::list_start`).
    order: Vec<u32>,
    slot: Vec<u32>,
    possible: Vec<u32>,
    /// The rows blocked so far, in order, and the length of `trail`
    /// before each step not yet undone.
    trail: Vec<u32>,
    marks: Vec<usize>,
    /// The list entries looked at by steps so far: the walk's measure of
    /// its own work, against which it paces its looks for independent
    /// parts ([`super::parts`]).
    pub work: u64,
}

impl Live {
    /// The numbers for `state`, kept as `numbers` says.
    pub fn new(p: &Problem, state: &[u64], numbers: Numbers) -> Result<Live, Error> {
        if numbers == Numbers::Scan {
            return Ok(Live { numbers, ..Live::default() });
        }
        let (columns, rows) = p.size();
        // Rows in no list (forced or excluded) are never possible.
        let mut listed: Vec<bool> = filled(rows)?;
        let mut blocked: Vec<bool> = filled(rows)?;
        for c in 0..columns {
            let v = p.get(state, c);
            let (list, colors) = p.column(c);
            for (pos, (&r, &color)) in list.iter().zip(colors).enumerate() {
                listed[r as usize] = true;
                blocked[r as usize] |= !p.takes(c, v, pos as u32, color);
            }
        }
        for (b, &l) in blocked.iter_mut().zip(&listed) {
            *b |= !l;
        }
        let entries = p.list_start(columns);
        let mut order: Vec<u32> = filled(entries)?;
        let mut slot: Vec<u32> = filled(entries)?;
        let mut possible: Vec<u32> = filled(columns)?;
        for (c, possible) in possible.iter_mut().enumerate() {
            let base = p.list_start(c);
            let list = p.column(c).0;
            let mut k = 0;
            // The possible rows first, then the others.
            for pass in [false, true] {
                for (pos, &r) in list.iter().enumerate() {
                    if blocked[r as usize] == pass {
                        order[base + k] = pos as u32;
                        slot[base + pos] = k as u32;
                        k += 1;
                    }
                }
                if !pass {
                    *possible = k as u32;
                }
            }
        }
        Ok(Live { numbers, blocked, order, slot, possible, trail: Vec::new(), marks: Vec::new(), work: 0 })
    }

    /// How the walk goes on from `state` (the current one) under `order`.
    pub fn choose(&mut self, p: &Problem, state: &[u64], order: Order) -> Choice {
        match self.numbers {
            Numbers::Sets => p.choose_counted(state, order, &self.possible),
            Numbers::Scan => p.choose_scanned(state, order, &mut self.work),
        }
    }

    /// The possible rows of column `c` in `state` (the current one, or a
    /// part of it: see `super::parts`), in no particular order.
    pub fn possible_rows<'a>(&'a self, p: &'a Problem, state: &'a [u64], c: usize) -> Rows<'a> {
        match self.numbers {
            Numbers::Sets => {
                let base = p.list_start(c);
                Rows::Sets { at: self.order[base..base + self.possible[c] as usize].iter(), list: p.column(c).0 }
            }
            Numbers::Scan => {
                let (list, from) = p.list(state, c as u32);
                Rows::Scan { list: list[from.min(list.len())..].iter(), p, state }
            }
        }
    }

    /// The list entries [`Live::possible_rows`] looks at beyond the rows it
    /// gives: none from sets, the column's list from its cursor on when
    /// scanning.
    pub fn scan_cost(&self, p: &Problem, state: &[u64], c: usize) -> u64 {
        match self.numbers {
            Numbers::Sets => 0,
            Numbers::Scan => {
                let (list, from) = p.list(state, c as u32);
                list.len().saturating_sub(from) as u64
            }
        }
    }

    /// Appends the possible rows of column `c` in `state` to `out`.
    pub fn rows_into(&mut self, p: &Problem, state: &[u64], c: usize, out: &mut Vec<u32>) -> Result<(), Error> {
        let most = match self.numbers {
            Numbers::Sets => self.possible[c] as usize,
            Numbers::Scan => {
                let n = self.scan_cost(p, state, c);
                self.work += n;
                n as usize
            }
        };
        out.try_reserve(most)?;
        out.extend(self.possible_rows(p, state, c));
        Ok(())
    }

    /// Each column's possible rows (kept in sets).
    #[cfg(test)]
    pub fn possible(&self) -> &[u32] {
        &self.possible
    }

    /// Whether row `r` is possible in the current state.
    #[cfg(test)]
    pub fn is_possible(&self, r: u32) -> bool {
        debug_assert_eq!(self.numbers, Numbers::Sets);
        !self.blocked[r as usize]
    }

    /// Moves the numbers from state `from` to state `to`, one step on:
    /// `to` is `from` with row `via` added (or, for
    /// [`super::walk::CLOSE`], column `closed` closed). Only the rows still
    /// possible in the changed columns are looked at; those the new values
    /// refuse are blocked, in every column of theirs, and kept on the trail
    /// for [`Live::back`].
    pub fn step(&mut self, p: &Problem, from: &[u64], to: &[u64], via: u32, closed: u32) -> Result<(), Error> {
        if self.numbers == Numbers::Scan {
            return Ok(());
        }
        self.marks.try_reserve(1)?;
        self.marks.push(self.trail.len());
        if via == super::walk::CLOSE {
            self.change(p, closed as usize, p.get(from, closed as usize), p.get(to, closed as usize))?;
        } else {
            for c in p.row_columns(via) {
                self.change(p, c, p.get(from, c), p.get(to, c))?;
            }
        }
        Ok(())
    }

    /// Undoes the last step not yet undone: its rows possible again, in
    /// the reverse order, each still at the edge of its columns' possible
    /// rows, where its blocking left it.
    pub fn back(&mut self, p: &Problem) {
        let Some(mark) = self.marks.pop() else { return };
        while self.trail.len() > mark {
            let Some(r) = self.trail.pop() else { break };
            self.blocked[r as usize] = false;
            for (d, _) in p.row_places(r) {
                self.possible[d] += 1;
            }
        }
    }

    /// Column `c` goes from value `old` to `new` (which takes no row `old`
    /// did not take): its possible rows that `new` refuses are blocked.
    fn change(&mut self, p: &Problem, c: usize, old: u64, new: u64) -> Result<(), Error> {
        if old == new {
            return Ok(());
        }
        let base = p.list_start(c);
        let (list, colors) = p.column(c);
        let mut i = 0;
        while i < self.possible[c] as usize {
            self.work += 1;
            let pos = self.order[base + i];
            if p.takes(c, new, pos, colors[pos as usize]) {
                i += 1;
                continue;
            }
            // Blocked: out of every column's possible rows (this one's
            // too, which brings a row not yet looked at to slot `i`).
            let r = list[pos as usize];
            self.trail.try_reserve(1)?;
            self.trail.push(r);
            self.blocked[r as usize] = true;
            for (d, at) in p.row_places(r) {
                let base_d = p.list_start(d);
                let last = self.possible[d] - 1;
                let k = self.slot[base_d + at as usize];
                let other = self.order[base_d + last as usize];
                self.order.swap(base_d + k as usize, base_d + last as usize);
                self.slot[base_d + other as usize] = k;
                self.slot[base_d + at as usize] = last;
                self.possible[d] = last;
            }
        }
        Ok(())
    }
}

/// The possible rows of a column: [`Live::possible_rows`].
pub(crate) enum Rows<'a> {
    /// The column's possible rows are its list's positions `at`.
    Sets { at: std::slice::Iter<'a, u32>, list: &'a [u32] },
    /// Those of `list` (from the cursor on) that `state` takes.
    Scan { list: std::slice::Iter<'a, u32>, p: &'a Problem, state: &'a [u64] },
}

impl Iterator for Rows<'_> {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        match self {
            Rows::Sets { at, list } => at.next().map(|&pos| list[pos as usize]),
            Rows::Scan { list, p, state } => list.by_ref().copied().find(|&r| p.possible(state, r)),
        }
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::matrix::Matrix;
    use crate::memo::order::Order;
    use crate::memo::problem::Choice;

    /// A random matrix with secondary columns, colors and bounds.
    pub(in crate::memo) fn random(g: &mut fastrand::Rng) -> Matrix {
        let columns = 3 + g.usize(..8);
        let mut m = Matrix::new(columns).unwrap();
        for c in 0..columns {
            match g.u32(..4) {
                0 => m.set_secondary(c).unwrap(),
                1 => {
                    let lower = g.u32(..2);
                    m.set_bounds(c, lower, lower + g.u32(..3)).unwrap()
                }
                _ => {}
            }
        }
        for _ in 0..g.usize(..14) {
            let mut cols: Vec<usize> = (0..1 + g.usize(..4)).map(|_| g.usize(..columns)).collect();
            cols.sort_unstable();
            cols.dedup();
            let colors: Vec<u32> = cols.iter().map(|&c| if m.is_secondary(c) == Some(true) { g.u32(..3) } else { 0 }).collect();
            m.add_colored_row(&cols, &colors).unwrap();
        }
        m
    }

    /// Down random paths of random matrices, stepping back one or several
    /// levels now and then and going down again: the numbers kept by
    /// steps are those counted afresh for the state, each row is possible
    /// as the state says, and the choice they give is the one of scanning
    /// the lists. Catches a row whose refusal `change` misses (a cursor
    /// that moves past several rows, a color that stops matching), a
    /// blocked row not moved out of another column's possible rows, and
    /// an undo that does not restore the step's rows in reverse order.
    /// The scan ([`Numbers::Scan`]), which keeps nothing, must give the
    /// same choice and the same rows at every state: catches a scan that
    /// keeps a row some column refuses, or a choice that counts it.
    #[test]
    fn numbers_kept_by_steps_are_those_counted_afresh() {
        let mut g = fastrand::Rng::with_seed(5);
        for _ in 0..3000 {
            let m = random(&mut g);
            let p = Problem::new(&m, &[], &[]).unwrap();
            let Some(start) = p.start() else { continue };
            let mut path = vec![start.to_vec()];
            let mut live = Live::new(&p, start, Numbers::Sets).unwrap();
            let mut scan = Live::new(&p, start, Numbers::Scan).unwrap();
            let order = if g.bool() { Order::Fewest } else { Order::First };
            let listed: Vec<u32> = (0..p.size().0).flat_map(|c| p.column(c).0.to_vec()).collect();
            for _ in 0..60 {
                let state = path.last().unwrap().clone();
                assert_eq!(live.possible(), Live::new(&p, &state, Numbers::Sets).unwrap().possible());
                for &r in &listed {
                    assert_eq!(live.is_possible(r), p.possible(&state, r), "row {r}");
                }
                let choice = p.choose_counted(&state, order, live.possible());
                assert_eq!(choice, p.choose(&state, order));
                assert_eq!(scan.choose(&p, &state, order), choice, "the scan's choice");
                if let Choice::Branch { column, .. } = choice {
                    let c = column as usize;
                    let mut kept: Vec<u32> = live.possible_rows(&p, &state, c).collect();
                    let mut scanned: Vec<u32> = scan.possible_rows(&p, &state, c).collect();
                    kept.sort_unstable();
                    scanned.sort_unstable();
                    assert_eq!(kept, scanned, "the scan's rows of column {c}");
                }
                let Choice::Branch { column, close } = choice else {
                    if path.len() == 1 {
                        break;
                    }
                    // Back some levels, and down another way.
                    for _ in 0..1 + g.usize(..path.len() - 1) {
                        live.back(&p);
                        path.pop();
                    }
                    continue;
                };
                let (list, from) = p.list(&state, column);
                let rows: Vec<u32> = list[from.min(list.len())..].iter().copied().filter(|&r| p.possible(&state, r)).collect();
                let mut child = state.clone();
                let via = if rows.is_empty() || (close && g.u32(..4) == 0) {
                    p.close(&mut child, column);
                    super::super::walk::CLOSE
                } else {
                    let r = rows[g.usize(..rows.len())];
                    p.add(&mut child, r, Some(column));
                    r
                };
                live.step(&p, &state, &child, via, column).unwrap();
                path.push(child);
                if g.u32(..5) == 0 {
                    for _ in 0..1 + g.usize(..path.len() - 1) {
                        live.back(&p);
                        path.pop();
                    }
                }
            }
        }
    }


    /// The matrix of every nonempty subset of `n` items, and of `rows`
    /// rows each over most of `n` items.
    fn subsets(n: usize) -> Matrix {
        let mut m = Matrix::new(n).unwrap();
        for set in 1..1u32 << n {
            let cols: Vec<usize> = (0..n).filter(|&c| set >> c & 1 == 1).collect();
            m.add_row(&cols).unwrap();
        }
        m
    }

    /// The rule of [`Numbers::suited`]: scan the partitions of 8 items
    /// (columns hold half the rows, 32 rows per column), keep sets on a
    /// matrix as dense with few rows (a scan there checks each long row at
    /// every state), and on a sparse one (queens-like: each column holds
    /// a few of many rows). Catches a rule that compares the wrong way or
    /// drops its rows-per-column guard.
    #[test]
    fn scans_where_columns_hold_most_of_many_rows() {
        let bell = subsets(8);
        assert_eq!(Numbers::suited(&Problem::new(&bell, &[], &[]).unwrap()), Numbers::Scan);
        let mut wide = Matrix::new(40).unwrap();
        wide.add_row(&(0..40).collect::<Vec<_>>()).unwrap();
        wide.add_row(&(0..40).step_by(2).collect::<Vec<_>>()).unwrap();
        wide.add_row(&(1..40).step_by(2).collect::<Vec<_>>()).unwrap();
        assert_eq!(Numbers::suited(&Problem::new(&wide, &[], &[]).unwrap()), Numbers::Sets);
        let mut sparse = Matrix::new(16).unwrap();
        for r in 0..8 {
            for c in 8..16 {
                sparse.add_row(&[r, c]).unwrap();
            }
        }
        assert_eq!(Numbers::suited(&Problem::new(&sparse, &[], &[]).unwrap()), Numbers::Sets);
    }
}
