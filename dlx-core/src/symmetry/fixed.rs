//! The solutions one element of a group maps to themselves, as the
//! solutions of a smaller matrix.
//!
//! Let `g` permute the columns by `σ` and the rows by `π`. A solution `S`
//! with `π(S) = S` is a union of cycles of `π`. Take a cycle `R` of rows
//! and a cycle `C` of columns: every column of `C` lies in the same number
//! `k` of rows of `R` (the rows of `R` over `σ(c)` are the images of those
//! over `c`, with the same colors), so the entries of `R` on `C` number
//! `k × |C|`. Each column of `C` is then covered `Σ_R k` times by `S`, the
//! sum over the cycles `S` is made of: the count of a matrix with one
//! column per cycle of columns (their kind and bounds) and one row per
//! cycle of rows, entry `(R, C)` where `k ≥ 1`. That matrix counts `S`
//! exactly when every `k` is 0 or 1. Where `k ≥ 2`, either `R` can be in no
//! fixed solution (a primary column covered more often than its upper
//! bound, a secondary one twice without one color), so it has no row, or
//! (a primary column that may be covered `k` times) the entry would need
//! a multiplicity that no row has: [`Fixed::Scan`], the fixed solutions
//! are counted among all of them ([`Group::fixes`](super::Group::fixes)).

use super::Group;
use crate::alloc::filled;
use crate::error::Error;
use crate::matrix::Matrix;

/// How to count the solutions an element fixes.
#[derive(Debug)]
pub enum Fixed {
    /// As the solutions of this matrix (no names, no costs).
    Matrix(Box<Matrix>),
    /// By testing every solution of the matrix: a cycle of rows would
    /// cover a column of a cycle of columns more than once, as its bounds
    /// allow.
    Scan,
}

impl Group {
    /// How to count the solutions of `matrix` (the matrix the group is of)
    /// that element `i` maps to themselves. Errors: [`Error::OutOfMemory`].
    pub fn fixed(&self, matrix: &Matrix, i: usize) -> Result<Fixed, Error> {
        // § The columns: one per cycle, its kind and bounds a member's.
        let (column_cycle, lengths) = cycles(self.column_image(i))?;
        let mut out = Matrix::new(lengths.len())?;
        out.take_color_names_of(matrix)?;
        let mut kinds: Vec<(bool, u32)> = Vec::new();
        kinds.try_reserve_exact(lengths.len())?;
        for (c, &q) in column_cycle.iter().enumerate() {
            // The cycles are numbered in the order of their least members.
            let q = q as usize;
            if q < kinds.len() {
                continue;
            }
            let secondary = matrix.is_secondary(c) == Some(true);
            let (lower, upper) = matrix.bounds(c).unwrap_or(crate::matrix::DEFAULT_BOUNDS);
            kinds.push((secondary, upper));
            if secondary {
                out.set_secondary(q)?;
            } else {
                out.set_bounds(q, lower, upper)?;
            }
        }
        // § The rows: one per cycle that some fixed solution may hold.
        let (row_cycle, _) = cycles(self.row_image(i))?;
        let mut done = filled::<bool>(matrix.rows())?;
        let (entries, starts) = matrix.raw();
        let colors = matrix.raw_colors();
        let map = self.row_image(i);
        let mut pairs: Vec<(u32, u32)> = Vec::new();
        let (mut columns, mut row_colors): (Vec<usize>, Vec<u32>) = (Vec::new(), Vec::new());
        for r in 0..matrix.rows() {
            if std::mem::replace(&mut done[row_cycle[r] as usize], true) {
                continue;
            }
            // r is its cycle's least row: the cycle's entries, as
            // (column cycle, color).
            pairs.clear();
            let mut s = r;
            loop {
                let (a, b) = (starts[s] as usize, starts[s + 1] as usize);
                pairs.try_reserve(b - a)?;
                pairs.extend((a..b).map(|k| (column_cycle[entries[k] as usize], colors.get(k).copied().unwrap_or(0))));
                s = map[s] as usize;
                if s == r {
                    break;
                }
            }
            pairs.sort_unstable();
            columns.clear();
            row_colors.clear();
            match quotient_row(&pairs, &lengths, &kinds, &mut columns, &mut row_colors)? {
                Quotient::Row => {
                    out.add_colored_row(&columns, &row_colors)?;
                }
                Quotient::Never => {}
                Quotient::Scan => return Ok(Fixed::Scan),
            }
        }
        Ok(Fixed::Matrix(Box::new(out)))
    }
}

/// The cycles of the permutation `map`: each point's cycle, numbered in
/// the order of their least points, and each cycle's length.
fn cycles(map: &[u32]) -> Result<(Vec<u32>, Vec<u32>), Error> {
    let mut cycle = filled::<u32>(map.len())?;
    cycle.iter_mut().for_each(|c| *c = u32::MAX);
    let mut lengths = Vec::new();
    for p in 0..map.len() {
        if cycle[p] != u32::MAX {
            continue;
        }
        let id = lengths.len() as u32;
        let (mut q, mut length) = (p, 0);
        while cycle[q] == u32::MAX {
            cycle[q] = id;
            length += 1;
            q = map[q] as usize;
        }
        lengths.try_reserve(1)?;
        lengths.push(length);
    }
    Ok((cycle, lengths))
}

/// What a cycle of rows becomes in the matrix of fixed solutions.
enum Quotient {
    /// A row, in `columns` and `colors`.
    Row,
    /// Nothing: no fixed solution has it.
    Never,
    /// A multiplicity: count by [`Fixed::Scan`].
    Scan,
}

/// The row of the cycle whose entries are `pairs` (column cycle, color;
/// sorted), into `columns` and `colors`. `lengths` gives each column
/// cycle's length, `kinds` whether it is secondary and its upper bound.
fn quotient_row(pairs: &[(u32, u32)], lengths: &[u32], kinds: &[(bool, u32)], columns: &mut Vec<usize>, colors: &mut Vec<u32>) -> Result<Quotient, Error> {
    let mut at = 0;
    while at < pairs.len() {
        let q = pairs[at].0;
        let end = at + pairs[at..].partition_point(|p| p.0 == q);
        let k = (end - at) / lengths[q as usize] as usize;
        let color = pairs[at].1;
        if k >= 2 {
            match kinds[q as usize] {
                (true, _) if color == 0 || pairs[at..end].iter().any(|p| p.1 != color) => return Ok(Quotient::Never),
                (true, _) => {}
                (false, upper) if (upper as usize) < k => return Ok(Quotient::Never),
                (false, _) => return Ok(Quotient::Scan),
            }
        }
        columns.try_reserve(1)?;
        colors.try_reserve(1)?;
        columns.push(q as usize);
        colors.push(color);
        at = end;
    }
    Ok(Quotient::Row)
}
