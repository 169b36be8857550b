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

use super::problem::Problem;
use crate::alloc::filled;
use crate::error::Error;

#[derive(Debug, Default)]
pub(crate) struct Live {
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
    /// The numbers for `state`.
    pub fn new(p: &Problem, state: &[u64]) -> Result<Live, Error> {
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
        Ok(Live { blocked, order, slot, possible, trail: Vec::new(), marks: Vec::new(), work: 0 })
    }

    /// Each column's possible rows.
    pub fn possible(&self) -> &[u32] {
        &self.possible
    }

    /// The possible rows of column `c` (in no particular order).
    pub fn possible_rows<'a>(&'a self, p: &'a Problem, c: usize) -> impl Iterator<Item = u32> + 'a {
        let base = p.list_start(c);
        let list = p.column(c).0;
        self.order[base..base + self.possible[c] as usize].iter().map(move |&pos| list[pos as usize])
    }

    /// Whether row `r` is possible in the current state.
    #[cfg(test)]
    pub fn is_possible(&self, r: u32) -> bool {
        !self.blocked[r as usize]
    }

    /// Moves the numbers from state `from` to state `to`, one step on:
    /// `to` is `from` with row `via` added (or, for
    /// [`super::walk::CLOSE`], column `closed` closed). Only the rows still
    /// possible in the changed columns are looked at; those the new values
    /// refuse are blocked, in every column of theirs, and kept on the trail
    /// for [`Live::back`].
    pub fn step(&mut self, p: &Problem, from: &[u64], to: &[u64], via: u32, closed: u32) -> Result<(), Error> {
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
    #[test]
    fn numbers_kept_by_steps_are_those_counted_afresh() {
        let mut g = fastrand::Rng::with_seed(5);
        for _ in 0..3000 {
            let m = random(&mut g);
            let p = Problem::new(&m, &[], &[]).unwrap();
            let Some(start) = p.start() else { continue };
            let mut path = vec![start.to_vec()];
            let mut live = Live::new(&p, start).unwrap();
            let order = if g.bool() { Order::Fewest } else { Order::First };
            let listed: Vec<u32> = (0..p.size().0).flat_map(|c| p.column(c).0.to_vec()).collect();
            for _ in 0..60 {
                let state = path.last().unwrap().clone();
                assert_eq!(live.possible(), Live::new(&p, &state).unwrap().possible());
                for &r in &listed {
                    assert_eq!(live.is_possible(r), p.possible(&state, r), "row {r}");
                }
                let choice = p.choose_counted(&state, order, live.possible());
                assert_eq!(choice, p.choose(&state, order));
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

}
