//! How both engines number a matrix's columns: as *items* from 1, the
//! primary columns first in increasing order (`1..=primary`), then the
//! secondary ones (`primary + 1..=n`). DLX1 asks its input for that order;
//! here it is made, so a matrix may mark any column secondary.

use crate::alloc::filled;
use crate::error::Error;
use crate::matrix::Matrix;

/// The item number of each column of a matrix.
pub(crate) struct Layout {
    /// `item_of[c]`: column `c`'s item.
    pub item_of: Vec<u32>,
    /// The number of primary items.
    pub primary: usize,
}

impl Layout {
    pub fn new(matrix: &Matrix) -> Result<Layout, Error> {
        let n = matrix.columns();
        let mut item_of: Vec<u32> = filled(n)?;
        let secondary = |c: usize| matrix.is_secondary(c) == Some(true);
        let primary = (0..n).filter(|&c| !secondary(c)).count();
        let (mut next_primary, mut next_secondary) = (1, primary as u32 + 1);
        for (c, item) in item_of.iter_mut().enumerate() {
            let next = if secondary(c) { &mut next_secondary } else { &mut next_primary };
            *item = *next;
            *next += 1;
        }
        Ok(Layout { item_of, primary })
    }
}

impl Layout {
    /// The items of the matrix's preferred primary columns (see
    /// [`Matrix::set_preferred`]), in increasing order: empty when none is.
    pub fn preferred(&self, matrix: &Matrix) -> Result<std::sync::Arc<[u32]>, Error> {
        let mut items = Vec::new();
        if matrix.has_preferred() {
            let count = (0..matrix.columns()).filter(|&c| matrix.is_secondary(c) == Some(false) && matrix.is_preferred(c) == Some(true)).count();
            items.try_reserve_exact(count)?;
            for (c, &item) in self.item_of.iter().enumerate() {
                if matrix.is_secondary(c) == Some(false) && matrix.is_preferred(c) == Some(true) {
                    items.push(item);
                }
            }
        }
        Ok(std::sync::Arc::from(items))
    }

    /// Per primary item (index 0 unused), its lower and upper bounds (1
    /// and 1 for a column without bounds).
    pub fn bounds(&self, matrix: &Matrix) -> Result<(Vec<u32>, Vec<u32>), Error> {
        let (mut lo, mut hi): (Vec<u32>, Vec<u32>) = (filled(self.primary + 1)?, filled(self.primary + 1)?);
        for (c, &item) in self.item_of.iter().enumerate() {
            if (item as usize) <= self.primary {
                (lo[item as usize], hi[item as usize]) = matrix.bounds(c).unwrap_or((1, 1));
            }
        }
        Ok((lo, hi))
    }

    /// Whether some item of bounds `lo`, `hi` (as [`Layout::bounds`] gives
    /// them, or numbered from 0) has slack, a lower bound below its upper
    /// one: only such an item can be finished, its lower bound met and no
    /// option left (`Cells::finish`, `BitsM::finish`).
    pub fn has_slack(lo: &[u32], hi: &[u32]) -> bool {
        lo.iter().zip(hi).any(|(l, h)| l < h)
    }

    /// Per item (index 0 unused), whether it is a preferred primary item;
    /// empty when none is.
    pub fn preferred_flags(&self, matrix: &Matrix) -> Result<Vec<bool>, Error> {
        let items = self.preferred(matrix)?;
        if items.is_empty() {
            return Ok(Vec::new());
        }
        let mut flags: Vec<bool> = filled(self.item_of.len() + 1)?;
        for &i in items.iter() {
            flags[i as usize] = true;
        }
        Ok(flags)
    }
}
