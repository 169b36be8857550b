//! The symmetries a caller states for a matrix: permutations of its
//! columns, kept as given. What they generate, and whether each maps the
//! matrix to itself, is `crate::symmetry`'s concern, checked when a count
//! or a listing up to symmetry asks for them (rows may still be added
//! after a symmetry).

use super::Matrix;
use crate::error::Error;

impl Matrix {
    /// Adds a symmetry: `image[c]` is the column that column `c` goes to.
    /// It must be a permutation of the columns (`columns()` entries, each
    /// column once), and should map the matrix to itself: primary columns
    /// to primary columns with the same bounds, secondary to secondary,
    /// and each row (with its colors) to a row. That is checked when a
    /// count or a listing up to symmetry uses it ([`crate::symmetry`]),
    /// since rows may still come. Errors, the matrix unchanged:
    /// [`Error::InvalidArgument`] (not `columns()` entries, or a column
    /// reached twice), [`Error::ColumnRange`], [`Error::OutOfMemory`].
    pub fn add_symmetry(&mut self, image: &[usize]) -> Result<(), Error> {
        let n = self.columns();
        if image.len() != n {
            return Err(Error::InvalidArgument);
        }
        if image.iter().any(|&c| c >= n) {
            return Err(Error::ColumnRange);
        }
        let mut seen: Vec<bool> = crate::alloc::filled(n)?;
        if image.iter().any(|&c| std::mem::replace(&mut seen[c], true)) {
            return Err(Error::InvalidArgument);
        }
        self.symmetries.try_reserve(n)?;
        self.symmetries.extend(image.iter().map(|&c| c as u32));
        Ok(())
    }

    /// The number of symmetries added.
    pub fn symmetries(&self) -> usize {
        self.symmetries.len().checked_div(self.columns()).unwrap_or(0)
    }

    /// Symmetry `k` ([`Matrix::add_symmetry`]): the image of each column.
    pub fn symmetry(&self, k: usize) -> Option<&[u32]> {
        let n = self.columns();
        (k < self.symmetries()).then(|| &self.symmetries[k * n..(k + 1) * n])
    }

    /// Drops every symmetry added.
    pub fn clear_symmetries(&mut self) {
        self.symmetries.clear();
    }
}

impl Matrix {
    /// Gives this matrix the color names of `other` (ids keep their
    /// meaning): for a matrix built from `other`'s rows.
    pub(crate) fn take_color_names_of(&mut self, other: &Matrix) -> Result<(), Error> {
        self.color_names = other.color_names.try_clone()?;
        Ok(())
    }
}
