//! Colors on bit sets: for each colored entry, the rows that give its
//! item the same color ([`Shades`]), which trying the entry's row keeps in
//! play.

use crate::alloc::filled;
use crate::error::Error;

/// The colors of a matrix: for each entry that gives its (secondary)
/// item a color, the rows that give that item the same color, which
/// choosing the entry's row leaves in play (all the item's other rows
/// leave). An entry's group of rows is a subset of its item's, in the
/// same words, so walking both in step finds each word's rows of the
/// group.
#[derive(Clone, Debug, Default)]
pub(super) struct Shades {
    /// Per entry (as `row_items`): 0 without a color, else its group.
    pub(super) group: Vec<u32>,
    /// Group `g`'s rows: the words `start[g]..start[g + 1]` of `word`
    /// (positions in a bit set) and `mask` (their bits). Group 0 is empty.
    pub(super) start: Vec<u32>,
    pub(super) word: Vec<u32>,
    pub(super) mask: Vec<u64>,
}

impl Shades {
    /// The groups of a matrix whose entries are `row_items` (items, rows
    /// as `row_start`) with `colors` (0 for none; shorter when the last
    /// entries have none). Nothing when no entry has a color.
    pub(super) fn new(row_start: &[u32], row_items: &[u32], colors: &[u32]) -> Result<Shades, Error> {
        let colored = colors.iter().filter(|&&k| k != 0).count();
        if colored == 0 {
            return Ok(Shades::default());
        }
        // (item, color, row, entry) of each colored entry, by item, color
        // and row.
        let mut all: Vec<[u32; 4]> = Vec::new();
        all.try_reserve_exact(colored)?;
        for r in 0..row_start.len() - 1 {
            let entries = row_start[r] as usize..row_start[r + 1] as usize;
            for (k, &item) in entries.clone().zip(&row_items[entries]) {
                match colors.get(k) {
                    Some(&color) if color != 0 => all.push([item, color, r as u32, k as u32]),
                    _ => {}
                }
            }
        }
        all.sort_unstable();
        let mut group: Vec<u32> = filled(row_items.len())?;
        let (mut start, mut word, mut mask) = (Vec::new(), Vec::new(), Vec::new());
        start.try_reserve_exact(colored + 2)?;
        word.try_reserve_exact(colored)?;
        mask.try_reserve_exact(colored)?;
        start.push(0);
        for (i, &[item, color, row, k]) in all.iter().enumerate() {
            let new_group = i == 0 || all[i - 1][..2] != [item, color];
            if new_group {
                start.push(word.len() as u32);
            }
            if new_group || word.last() != Some(&(row / 64)) {
                word.push(row / 64);
                mask.push(0);
            }
            if let Some(m) = mask.last_mut() {
                *m |= 1 << (row % 64);
            }
            group[k as usize] = start.len() as u32 - 1;
        }
        start.push(word.len() as u32);
        Ok(Shades { group, start, word, mask })
    }

    /// Group `g`'s words.
    #[inline(always)]
    pub(super) fn words_of(&self, g: u32) -> std::ops::Range<usize> {
        debug_assert!((g as usize) + 1 < self.start.len());
        // SAFETY: groups are numbered below `start.len() - 1`.
        unsafe { *self.start.get_unchecked(g as usize) as usize..*self.start.get_unchecked(g as usize + 1) as usize }
    }
}
