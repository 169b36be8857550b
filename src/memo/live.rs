//! Each column's number of possible rows, kept up to date along a walk,
//! so that choosing a column costs a look at each open column's number
//! instead of a scan of its rows.
//!
//! A row is possible when every one of its columns takes it
//! ([`Problem::takes`]); `blocked` counts, for each row, the columns that
//! do not. A step from one state to the next changes the columns of one
//! row (or closes one column): for each, the rows of its list whose answer
//! changes move their blocked count, and a row that becomes possible or
//! impossible moves its columns' numbers. The cost of a step is that of
//! the columns it changes, whatever the size of the matrix; the walk steps
//! back the same way.

use super::problem::Problem;
use crate::alloc::filled;
use crate::error::Error;

#[derive(Debug, Default)]
pub(crate) struct Live {
    /// Per row: the columns that do not take it in the current state.
    blocked: Vec<u32>,
    /// Per column: its rows with nothing blocked.
    possible: Vec<u32>,
    /// The list entries looked at by steps so far: the walk's measure of
    /// its own work, against which it paces its looks for independent
    /// parts ([`super::parts`]).
    pub work: u64,
}

impl Live {
    /// The numbers for `state`.
    pub fn new(p: &Problem, state: &[u64]) -> Result<Live, Error> {
        let (columns, rows) = p.size();
        let mut blocked: Vec<u32> = filled(rows)?;
        let mut possible: Vec<u32> = filled(columns)?;
        for c in 0..columns {
            let v = p.get(state, c);
            let (list, colors) = p.column(c);
            for (pos, (&r, &color)) in list.iter().zip(colors).enumerate() {
                blocked[r as usize] += !p.takes(c, v, pos as u32, color) as u32;
            }
        }
        for (c, n) in possible.iter_mut().enumerate() {
            *n = p.column(c).0.iter().filter(|&&r| blocked[r as usize] == 0).count() as u32;
        }
        Ok(Live { blocked, possible, work: 0 })
    }

    /// Each column's possible rows.
    pub fn possible(&self) -> &[u32] {
        &self.possible
    }

    /// Whether row `r` is possible in the current state.
    pub fn is_possible(&self, r: u32) -> bool {
        self.blocked[r as usize] == 0
    }

    /// Moves the numbers from state `from` to state `to`, which differ
    /// only in the columns of row `via` (or, for [`super::walk::CLOSE`],
    /// in column `closed`).
    pub fn step(&mut self, p: &Problem, from: &[u64], to: &[u64], via: u32, closed: u32) {
        if via == super::walk::CLOSE {
            self.change(p, closed as usize, p.get(from, closed as usize), p.get(to, closed as usize));
        } else {
            for c in p.row_columns(via) {
                self.change(p, c, p.get(from, c), p.get(to, c));
            }
        }
    }

    /// Column `c` goes from value `old` to `new`.
    fn change(&mut self, p: &Problem, c: usize, old: u64, new: u64) {
        if old == new {
            return;
        }
        let (list, colors) = p.column(c);
        self.work += list.len() as u64;
        for (pos, (&r, &color)) in list.iter().zip(colors).enumerate() {
            let was = p.takes(c, old, pos as u32, color);
            let is = p.takes(c, new, pos as u32, color);
            if was == is {
                continue;
            }
            let b = &mut self.blocked[r as usize];
            if is {
                *b -= 1;
                if *b == 0 {
                    for d in p.row_columns(r) {
                        self.possible[d] += 1;
                    }
                }
            } else {
                *b += 1;
                if *b == 1 {
                    for d in p.row_columns(r) {
                        self.possible[d] -= 1;
                    }
                }
            }
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

    /// Down random paths of random matrices, with a step back now and
    /// then: the numbers kept by steps are those counted afresh for the
    /// state, and the choice they give is the one of scanning the lists.
    /// Catches a row whose flip `change` misses (a cursor that moves past
    /// several rows, a color that stops matching) or a step back that
    /// does not undo the step.
    #[test]
    fn numbers_kept_by_steps_are_those_counted_afresh() {
        let mut g = fastrand::Rng::with_seed(5);
        for _ in 0..3000 {
            let m = random(&mut g);
            let p = Problem::new(&m, &[], &[]).unwrap();
            let Some(start) = p.start() else { continue };
            let mut state = start.to_vec();
            let mut live = Live::new(&p, &state).unwrap();
            let order = if g.bool() { Order::Fewest } else { Order::First };
            loop {
                assert_eq!(live.possible(), Live::new(&p, &state).unwrap().possible());
                let choice = p.choose_counted(&state, order, live.possible());
                assert_eq!(choice, p.choose(&state, order));
                let Choice::Branch { column, close } = choice else { break };
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
                live.step(&p, &state, &child, via, column);
                if g.u32(..5) == 0 {
                    live.step(&p, &child, &state, via, column);
                    assert_eq!(live.possible(), Live::new(&p, &state).unwrap().possible());
                    live.step(&p, &state, &child, via, column);
                }
                state = child;
            }
        }
    }
}
