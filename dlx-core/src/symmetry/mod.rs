//! Symmetries: solutions counted and listed up to the permutations of the
//! columns that map the matrix to itself.
//!
//! A *symmetry* is a permutation of the columns that maps every row (with
//! its colors) to a row, primary columns to primary columns with the same
//! bounds and secondary ones to secondary ones. It then maps each solution
//! to a solution. The caller states some
//! ([`Matrix::add_symmetry`](crate::Matrix::add_symmetry)); [`Group::of`]
//! checks each and closes them under composition: the group `G`, each
//! element with its image of every column and of every row. Copies of one
//! row go to copies of its image in order (the `k`-th to the `k`-th), so
//! that each element's row images are a permutation and the composite of
//! two elements' row images is that of their composite.
//!
//! Two solutions are equivalent when an element maps one to the other: the
//! classes are the *orbits*. By Burnside's lemma there are
//! `(1/|G|) Σ_g fix(g)` of them, where `fix(g)` counts the solutions `g`
//! maps to themselves. Such a solution is a union of cycles of `g`'s row
//! images, so `fix(g)` is the count of a smaller matrix ([`fixed`]): one
//! row per cycle of rows, one column per cycle of columns. That matrix is
//! counted like any other (the plain count, the memo or the automatic
//! count; on threads): `Solver::count_orbits` in `crate::solver` runs the
//! sum. A listing hands out the least solution of each orbit (as a sorted
//! list of row ids, under the lexicographic order): [`Group::is_least`].

pub mod fixed;

pub use fixed::Fixed;

use std::collections::HashSet;

use crate::alloc::filled;
use crate::error::{Error, Unsupported};
use crate::matrix::Matrix;

/// The most elements a group may have.
pub const MAX_GROUP: usize = 1 << 16;

/// The most column and row images all the elements may have together
/// (`|G| × (columns + rows)`): 256 MiB of them.
pub const MAX_GROUP_ENTRIES: usize = 1 << 26;

/// The group the symmetries of a matrix generate, element 0 the identity.
#[derive(Clone, Debug)]
pub struct Group {
    columns: usize,
    rows: usize,
    /// Element `i`'s image of each column, `columns` per element.
    column_images: Vec<u32>,
    /// Element `i`'s image of each row, `rows` per element.
    row_images: Vec<u32>,
}

impl Group {
    /// The group of `matrix`'s symmetries (the identity alone when it has
    /// none). Errors: [`Error::NotSymmetry`] when a symmetry does not map
    /// the matrix to itself, [`Error::Unsupported`] ([`Unsupported::LargeGroup`])
    /// past [`MAX_GROUP`] elements or [`MAX_GROUP_ENTRIES`] images,
    /// [`Error::OutOfMemory`].
    pub fn of(matrix: &Matrix) -> Result<Group, Error> {
        let rows = Rows::of(matrix)?;
        let (n, m) = (matrix.columns(), matrix.rows());
        let mut generators = Vec::new();
        generators.try_reserve_exact(matrix.symmetries())?;
        for k in 0..matrix.symmetries() {
            let image = matrix.symmetry(k).ok_or(Error::InvalidArgument)?;
            generators.push((image, rows.images(matrix, image)?));
        }
        let mut group = Group { columns: n, rows: m, column_images: Vec::new(), row_images: Vec::new() };
        group.push((0..n as u32).collect::<Vec<_>>().as_slice(), (0..m as u32).collect::<Vec<_>>().as_slice())?;
        group.close(&generators)?;
        Ok(group)
    }

    /// Adds every composite of the elements with the generators, breadth
    /// first, until none is new.
    fn close(&mut self, generators: &[(&[u32], Vec<u32>)]) -> Result<(), Error> {
        let mut seen: HashSet<Vec<u32>> = HashSet::new();
        seen.try_reserve(1)?;
        seen.insert(crate::alloc::copied(self.column_image(0))?);
        let (mut columns, mut rows): (Vec<u32>, Vec<u32>) = (filled(self.columns)?, filled(self.rows)?);
        let mut next = 0;
        while next < self.order() {
            for (gc, gr) in generators {
                for (c, out) in columns.iter_mut().enumerate() {
                    *out = gc[self.column_image(next)[c] as usize];
                }
                if seen.contains(&columns) {
                    continue;
                }
                for (r, out) in rows.iter_mut().enumerate() {
                    *out = gr[self.row_image(next)[r] as usize];
                }
                seen.try_reserve(1)?;
                seen.insert(crate::alloc::copied(&columns)?);
                self.push(&columns, &rows)?;
            }
            next += 1;
        }
        Ok(())
    }

    /// Appends an element, within the limits.
    fn push(&mut self, columns: &[u32], rows: &[u32]) -> Result<(), Error> {
        let entries = (self.order() + 1).saturating_mul(self.columns + self.rows);
        if self.order() >= MAX_GROUP || entries > MAX_GROUP_ENTRIES {
            return Err(Error::Unsupported(Unsupported::LargeGroup));
        }
        self.column_images.try_reserve(columns.len())?;
        self.row_images.try_reserve(rows.len())?;
        self.column_images.extend_from_slice(columns);
        self.row_images.extend_from_slice(rows);
        Ok(())
    }

    /// The number of elements, `|G|`.
    pub fn order(&self) -> usize {
        // No columns: the identity alone (the empty permutation).
        self.column_images.len().checked_div(self.columns).unwrap_or(1)
    }

    /// Element `i`'s image of each column (element 0 is the identity).
    pub fn column_image(&self, i: usize) -> &[u32] {
        &self.column_images[i * self.columns..(i + 1) * self.columns]
    }

    /// Element `i`'s image of each row.
    pub fn row_image(&self, i: usize) -> &[u32] {
        &self.row_images[i * self.rows..(i + 1) * self.rows]
    }

    /// Whether the solution `rows` (row ids, any order) is the least of its
    /// orbit: no element maps it to a set of rows that is smaller, compared
    /// as sorted lists. Exactly one solution of each orbit is. `scratch`
    /// is reused between calls. Errors: [`Error::OutOfMemory`].
    pub fn is_least(&self, rows: &[usize], scratch: &mut Scratch) -> Result<bool, Error> {
        scratch.load(rows)?;
        for i in 1..self.order() {
            if scratch.compare(self.row_image(i)).is_lt() {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Whether element `i` maps the solution `rows` to itself. `scratch` is
    /// reused between calls. Errors: [`Error::OutOfMemory`].
    pub fn fixes(&self, i: usize, rows: &[usize], scratch: &mut Scratch) -> Result<bool, Error> {
        scratch.load(rows)?;
        Ok(scratch.compare(self.row_image(i)).is_eq())
    }
}

/// Buffers [`Group::is_least`] and [`Group::fixes`] reuse.
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    sorted: Vec<u32>,
    image: Vec<u32>,
}

impl Scratch {
    /// `rows` sorted, with room for their image.
    fn load(&mut self, rows: &[usize]) -> Result<(), Error> {
        self.sorted.clear();
        self.sorted.try_reserve(rows.len())?;
        self.sorted.extend(rows.iter().map(|&r| r as u32));
        self.sorted.sort_unstable();
        self.image.clear();
        self.image.try_reserve(rows.len())?;
        Ok(())
    }

    /// The loaded rows' images under the row map `map`, sorted, against
    /// the rows themselves (as sorted lists).
    fn compare(&mut self, map: &[u32]) -> std::cmp::Ordering {
        self.image.clear();
        self.image.extend(self.sorted.iter().map(|&r| map[r as usize]));
        self.image.sort_unstable();
        self.image.cmp(&self.sorted)
    }
}

/// The rows sorted by their contents, to find the image of each: each row
/// as its `(column, color)` pairs in column order, and the row ids in the
/// order of those lists (copies of a row by id).
struct Rows {
    /// Each row's sorted pairs, at the row's offsets in the matrix.
    pairs: Vec<(u32, u32)>,
    starts: Vec<u32>,
    /// The row ids, sorted by their pairs, then by id.
    order: Vec<u32>,
    /// Each row's place among the copies of its contents (0 for the first).
    copy: Vec<u32>,
}

impl Rows {
    fn of(matrix: &Matrix) -> Result<Rows, Error> {
        let (entries, starts) = matrix.raw();
        let colors = matrix.raw_colors();
        let mut pairs = filled::<(u32, u32)>(entries.len())?;
        for (k, p) in pairs.iter_mut().enumerate() {
            *p = (entries[k], colors.get(k).copied().unwrap_or(0));
        }
        for w in starts.windows(2) {
            pairs[w[0] as usize..w[1] as usize].sort_unstable();
        }
        let mut rows = Rows { pairs, starts: crate::alloc::copied(starts)?, order: filled(matrix.rows())?, copy: filled(matrix.rows())? };
        for (i, r) in rows.order.iter_mut().enumerate() {
            *r = i as u32;
        }
        let mut order = std::mem::take(&mut rows.order);
        order.sort_by(|&a, &b| rows.row(a).cmp(rows.row(b)).then(a.cmp(&b)));
        for i in 1..order.len() {
            if rows.row(order[i]) == rows.row(order[i - 1]) {
                rows.copy[order[i] as usize] = rows.copy[order[i - 1] as usize] + 1;
            }
        }
        rows.order = order;
        Ok(rows)
    }

    fn row(&self, r: u32) -> &[(u32, u32)] {
        &self.pairs[self.starts[r as usize] as usize..self.starts[r as usize + 1] as usize]
    }

    /// The image of every row under the column permutation `image`, after
    /// checking that it maps the columns' kinds and bounds to themselves.
    /// Errors: [`Error::NotSymmetry`], [`Error::OutOfMemory`].
    fn images(&self, matrix: &Matrix, image: &[u32]) -> Result<Vec<u32>, Error> {
        let same_kind = |c: usize| matrix.bounds(c) == matrix.bounds(image[c] as usize) && matrix.is_secondary(c) == matrix.is_secondary(image[c] as usize);
        if !(0..matrix.columns()).all(same_kind) {
            return Err(Error::NotSymmetry);
        }
        let mut out = filled::<u32>(matrix.rows())?;
        let mut mapped: Vec<(u32, u32)> = Vec::new();
        for (r, out) in out.iter_mut().enumerate() {
            mapped.clear();
            mapped.try_reserve(self.row(r as u32).len())?;
            mapped.extend(self.row(r as u32).iter().map(|&(c, k)| (image[c as usize], k)));
            mapped.sort_unstable();
            let first = self.order.partition_point(|&s| self.row(s) < mapped.as_slice());
            let at = first + self.copy[r] as usize;
            match self.order.get(at) {
                Some(&s) if self.row(s) == mapped.as_slice() => *out = s,
                _ => return Err(Error::NotSymmetry),
            }
        }
        Ok(out)
    }
}

