//! The problem: columns and rows of an exact cover matrix.
//!
//! A [`Matrix`] has a fixed number of columns, numbered from 0. Each column
//! is *primary* (every solution covers it exactly once) or *secondary* (a
//! solution covers it at most once). Rows are added one at a time as lists of
//! distinct column indices and get ids 0, 1, 2, ... in the order they were
//! added. As in Knuth's programs, a row whose columns are all secondary is
//! never part of a solution: the search only branches on primary columns.
//!
//! The matrix is only the model: it stores the rows compactly, one after
//! another in a single array. The dancing links that a search needs are
//! built from it by each [`Solver`](crate::Solver), so solving never changes
//! the matrix and any number of solvers may read one matrix at once.

use crate::error::Error;

/// The largest node index the links may use; everything must fit below it.
/// See [`links`](crate::links) for how nodes are counted.
pub(crate) const MAX_NODES: u64 = u32::MAX as u64 - 1;

/// An exact cover problem: columns (primary or secondary) and rows.
#[derive(Clone, Debug, Default)]
pub struct Matrix {
    secondary: Vec<bool>,
    /// Column indices of all rows, one row after another.
    entries: Vec<u32>,
    /// `row_start[r]..row_start[r + 1]` is row `r` in `entries`.
    row_start: Vec<u32>,
    /// Scratch space for the duplicate check of `add_row`.
    scratch: Vec<usize>,
}

impl Matrix {
    /// A matrix with `columns` primary columns and no rows.
    pub fn new(columns: usize) -> Result<Matrix, Error> {
        if Self::nodes_needed(columns as u64, 0, 0) > MAX_NODES {
            return Err(Error::TooLarge);
        }
        let mut secondary = Vec::new();
        secondary.try_reserve_exact(columns)?;
        secondary.resize(columns, false);
        let mut row_start = Vec::new();
        row_start.try_reserve(16)?;
        row_start.push(0);
        Ok(Matrix { secondary, entries: Vec::new(), row_start, scratch: Vec::new() })
    }

    /// The number of link nodes a matrix of this size needs: the unused node
    /// 0, one header per column, one spacer per row plus the first one, and
    /// one node per entry.
    fn nodes_needed(columns: u64, rows: u64, entries: u64) -> u64 {
        columns.saturating_add(rows).saturating_add(entries).saturating_add(2)
    }

    /// The number of columns.
    pub fn columns(&self) -> usize {
        self.secondary.len()
    }

    /// The number of rows added so far.
    pub fn rows(&self) -> usize {
        self.row_start.len() - 1
    }

    /// The total number of entries (1s) in all rows.
    pub fn entries(&self) -> usize {
        self.entries.len()
    }

    /// Whether `column` is secondary; `None` when it is out of range.
    pub fn is_secondary(&self, column: usize) -> Option<bool> {
        self.secondary.get(column).copied()
    }

    /// Makes `column` secondary: a solution covers it at most once, and
    /// need not cover it at all. Marking it again does nothing.
    pub fn set_secondary(&mut self, column: usize) -> Result<(), Error> {
        let flag = self.secondary.get_mut(column).ok_or(Error::ColumnRange)?;
        *flag = true;
        Ok(())
    }

    /// The columns of row `row`, in the order they were given.
    pub fn row(&self, row: usize) -> Option<impl ExactSizeIterator<Item = usize> + '_> {
        let start = *self.row_start.get(row)? as usize;
        let end = *self.row_start.get(row + 1)? as usize;
        Some(self.entries[start..end].iter().map(|&c| c as usize))
    }

    /// The raw column indices of every row, one row after another, and the
    /// start offsets of the rows (one more than there are rows).
    pub(crate) fn raw(&self) -> (&[u32], &[u32]) {
        (&self.entries, &self.row_start)
    }

    /// Adds a row covering `columns` (distinct, each below `columns()`), and
    /// returns its id. On error the matrix is unchanged.
    pub fn add_row(&mut self, columns: &[usize]) -> Result<usize, Error> {
        if columns.is_empty() {
            return Err(Error::EmptyRow);
        }
        let n = self.columns();
        if columns.iter().any(|&c| c >= n) {
            return Err(Error::ColumnRange);
        }
        // Distinct columns never outnumber the matrix's columns; checking this
        // first also bounds the scratch allocation below by the matrix size.
        if columns.len() > n {
            return Err(Error::DuplicateColumn);
        }
        let needed = Self::nodes_needed(n as u64, self.rows() as u64 + 1, (self.entries.len() + columns.len()) as u64);
        if needed > MAX_NODES {
            return Err(Error::TooLarge);
        }
        if has_duplicate(columns, &mut self.scratch)? {
            return Err(Error::DuplicateColumn);
        }
        self.entries.try_reserve(columns.len())?;
        self.row_start.try_reserve(1)?;
        for &c in columns {
            self.entries.push(c as u32);
        }
        self.row_start.push(self.entries.len() as u32);
        Ok(self.rows() - 1)
    }
}

/// Whether `columns` names a column twice: by comparing pairs in a short
/// row, by sorting a copy in `scratch` in a long one.
fn has_duplicate(columns: &[usize], scratch: &mut Vec<usize>) -> Result<bool, Error> {
    if columns.len() <= 16 {
        for (k, &c) in columns.iter().enumerate() {
            for &d in &columns[..k] {
                if c == d {
                    return Ok(true);
                }
            }
        }
        return Ok(false);
    }
    scratch.clear();
    scratch.try_reserve(columns.len())?;
    scratch.extend_from_slice(columns);
    scratch.sort_unstable();
    Ok(scratch.windows(2).any(|w| w[0] == w[1]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_get_ids_in_order_and_keep_their_column_order() {
        let mut m = Matrix::new(4).unwrap();
        assert_eq!(m.add_row(&[2, 0]), Ok(0));
        assert_eq!(m.add_row(&[3]), Ok(1));
        assert_eq!(m.row(0).unwrap().collect::<Vec<_>>(), vec![2, 0]);
        assert_eq!(m.row(1).unwrap().collect::<Vec<_>>(), vec![3]);
        assert!(m.row(2).is_none());
        assert_eq!((m.rows(), m.entries(), m.columns()), (2, 3, 4));
    }

    #[test]
    fn bad_rows_are_rejected_and_change_nothing() {
        let mut m = Matrix::new(3).unwrap();
        m.add_row(&[0, 1]).unwrap();
        assert_eq!(m.add_row(&[]), Err(Error::EmptyRow));
        assert_eq!(m.add_row(&[0, 3]), Err(Error::ColumnRange));
        assert_eq!(m.add_row(&[1, 2, 1]), Err(Error::DuplicateColumn));
        assert_eq!(m.add_row(&[0, 1, 2, 0]), Err(Error::DuplicateColumn));
        // Long rows take the sorting path.
        let mut wide = Matrix::new(40).unwrap();
        let mut long: Vec<usize> = (0..30).collect();
        assert_eq!(wide.add_row(&long), Ok(0));
        long[29] = 3;
        assert_eq!(wide.add_row(&long), Err(Error::DuplicateColumn));
        assert_eq!((m.rows(), m.entries()), (1, 2));
        assert_eq!(m.add_row(&[2]), Ok(1));
    }

    #[test]
    fn secondary_columns() {
        let mut m = Matrix::new(2).unwrap();
        assert_eq!(m.set_secondary(2), Err(Error::ColumnRange));
        m.set_secondary(1).unwrap();
        m.set_secondary(1).unwrap();
        assert_eq!((m.is_secondary(0), m.is_secondary(1), m.is_secondary(2)), (Some(false), Some(true), None));
    }

    #[test]
    fn sizes_beyond_32_bit_indices_are_refused() {
        assert_eq!(Matrix::new(u32::MAX as usize).unwrap_err(), Error::TooLarge);
        assert_eq!(Matrix::new(usize::MAX).unwrap_err(), Error::TooLarge);
    }
}
