//! Laying a matrix out as bit sets: the engine's entry point ([`new`]),
//! the bit sets of items, the groups of keys, the conflict sets and the
//! room for saved states.

use super::cover::OUT;
use super::fit::{conflict_bytes, words, COLORED_CONFLICTS, CONFLICTS};
use super::shades::Shades;
use super::walk::{Saved, SAVED};
use super::Small;
use crate::alloc::filled;
use crate::engine::keys::{self, Key, Keys, SINKS};
use crate::engine::layout::Layout;
use crate::engine::walk::Phase;
use crate::engine::Core;
use crate::error::Error;
use crate::matrix::Matrix;

/// The most levels a path can have that try a row: the primary items over
/// the fewest that a row with any has (each row chosen covers that many or
/// more, and a row without one is never chosen). Sudoku: 324 / 4 = 81.
pub(super) fn deepest(primary: usize, row_items: &[u32], row_start: &[u32]) -> usize {
    let fewest = row_start
        .windows(2)
        .map(|r| row_items[r[0] as usize..r[1] as usize].iter().filter(|&&y| y as usize <= primary).count())
        .filter(|&k| k > 0)
        .min();
    fewest.map_or(0, |k| primary / k)
}

/// The engine for `matrix`, which must have no bounds (colors it takes): with
/// 16-bit keys where they hold the item numbers (sudoku's 324 items of at
/// most 9 rows, queens), so that the choice scans half the bytes, else
/// with 32-bit keys.
pub(crate) fn new(matrix: &Matrix) -> Result<Box<dyn Core>, Error> {
    if matrix.has_bounds() {
        return Ok(Box::new(crate::engine::bits_m::BitsM::new(matrix)?));
    }
    let (layout, len) = lengths(matrix)?;
    Ok(if Keys::<u16>::numbered(&len, layout.primary) {
        Box::new(Small::<u16>::new(matrix, layout, len)?)
    } else {
        Box::new(Small::<u32>::new(matrix, layout, len)?)
    })
}

/// The matrix's layout, and its items' lengths as [`Keys::new`] takes them
/// (what [`Small::new`] is made from).
pub(super) fn lengths(matrix: &Matrix) -> Result<(Layout, Vec<u32>), Error> {
    let layout = Layout::new(matrix)?;
    let mut len = keys::lengths(matrix.columns())?;
    for &c in matrix.raw().0 {
        len[layout.item_of[c as usize] as usize] += 1;
    }
    Ok((layout, len))
}

impl<K: Key> Small<K> {
    /// The engine for `matrix`, which must have no bounds (colors it
    /// takes), with
    /// keys of type `K` (for `u16`, [`Keys::numbered`] must hold); `layout`
    /// and `len` are the matrix's [`lengths`].
    pub fn new(matrix: &Matrix, layout: Layout, len: Vec<u32>) -> Result<Small<K>, Error> {
        let n = matrix.columns();
        let rows = matrix.rows();
        let words = words(rows);
        let (entries, row_start) = matrix.raw();
        let preferred = layout.preferred(matrix)?;
        let Layout { item_of, primary } = layout;
        let mut row_items: Vec<u32> = filled(entries.len())?;
        for (k, &c) in entries.iter().enumerate() {
            row_items[k] = item_of[c as usize];
        }
        // Each item's rows in increasing order (a counting sort by item),
        // then as words.
        let mut at: Vec<u32> = filled(n + 2)?;
        for i in 1..=n {
            at[i + 1] = at[i] + len[i];
        }
        let mut by_item: Vec<u32> = filled(entries.len())?;
        for r in 0..rows {
            for &item in &row_items[row_start[r] as usize..row_start[r + 1] as usize] {
                let slot = &mut at[item as usize];
                by_item[*slot as usize] = r as u32;
                *slot += 1;
            }
        }
        let mut col_start: Vec<u32> = filled(n + 2)?;
        let (mut col_word, mut col_mask) = (Vec::new(), Vec::new());
        col_word.try_reserve_exact(entries.len())?;
        col_mask.try_reserve_exact(entries.len())?;
        let mut from = 0;
        for i in 1..=n {
            col_start[i] = col_word.len() as u32;
            for &r in &by_item[from..from + len[i] as usize] {
                let w = r / 64;
                if col_word.last() != Some(&w) || col_word.len() == col_start[i] as usize {
                    col_word.push(w);
                    col_mask.push(0);
                }
                if let Some(m) = col_mask.last_mut() {
                    *m |= 1 << (r % 64);
                }
            }
            from += len[i] as usize;
        }
        col_start[n + 1] = col_word.len() as u32;
        drop(by_item);
        let mut alive: Vec<u64> = filled(words)?;
        for (w, word) in alive.iter_mut().enumerate() {
            let bits = rows.saturating_sub(w * 64).min(64);
            *word = if bits == 64 { u64::MAX } else { (1 << bits) - 1 };
        }
        // The groups of four: each row's primary items (at least one
        // group, of sinks alone for a row without any).
        let is_primary = |y: &&u32| **y as usize <= primary;
        let mut slot_start: Vec<u32> = filled(rows + 1)?;
        let mut others: Vec<u32> = filled(rows)?;
        for r in 0..rows {
            let items = &row_items[row_start[r] as usize..row_start[r + 1] as usize];
            let k = items.iter().filter(is_primary).count() as u32;
            slot_start[r + 1] = slot_start[r] + k.div_ceil(4).max(1);
            others[r] = items.len() as u32 - 1;
        }
        let one_group = slot_start[rows] as usize == rows;
        let same_length = others.first().copied().filter(|&o| others.iter().all(|&p| p == o));
        let mut slots: Vec<[u32; 4]> = filled(slot_start[rows] as usize)?;
        for r in 0..rows {
            let mut items = row_items[row_start[r] as usize..row_start[r + 1] as usize].iter().filter(is_primary);
            for group in &mut slots[slot_start[r] as usize..slot_start[r + 1] as usize] {
                for (j, slot) in group.iter_mut().enumerate() {
                    *slot = items.next().copied().unwrap_or((n + 1 + j % SINKS) as u32);
                }
            }
        }
        let shades = Shades::new(row_start, &row_items, matrix.raw_colors())?;
        let most = if shades.group.is_empty() { CONFLICTS } else { COLORED_CONFLICTS };
        let conflicts = Self::conflicts(words, row_start, &row_items, (&col_start, &col_word, &col_mask), &shades, most)?;
        let mut keys = Keys::new(&len, primary)?;
        keys.set_preferred(preferred);
        let saved = Saved::new(words, keys.scanned().len(), deepest(primary, &row_items, row_start), SAVED)?;
        let clean = (crate::alloc::copied(&alive)?, keys.try_clone()?);
        let forced = (crate::alloc::copied(&alive)?, keys.try_clone()?);
        Ok(Small {
            keys,
            words,
            col_start,
            col_word,
            col_mask,
            alive,
            clean,
            forced,
            row_start: crate::alloc::copied(row_start)?,
            row_items,
            slots,
            slot_start,
            others,
            one_group,
            same_length,
            has_conflicts: !conflicts.is_empty(),
            conflicts: std::sync::Arc::new(conflicts),
            shades,
            stack: filled(rows)?,
            top: 0,
            saved,
            // An exact cover never has more rows than there are primary items.
            levels: filled(primary.max(1))?,
            level: 0,
            phase: Phase::Start,
            within: false,
            random: None,
            updates: 0,
        })
    }

    /// Each row's conflicts (see [`Small::conflicts`]), when they take at
    /// most `most` bytes; else none.
    pub(super) fn conflicts(words: usize, row_start: &[u32], row_items: &[u32], cols: (&[u32], &[u32], &[u64]), shades: &Shades, most: usize) -> Result<Vec<u64>, Error> {
        let (col_start, col_word, col_mask) = cols;
        let rows = row_start.len() - 1;
        if conflict_bytes(rows).is_none_or(|bytes| bytes > most) || (words > OUT && shades.group.is_empty()) {
            return Ok(Vec::new());
        }
        let mut conflicts: Vec<u64> = filled(rows * words)?;
        for r in 0..rows {
            let set = &mut conflicts[r * words..(r + 1) * words];
            let entries = row_start[r] as usize..row_start[r + 1] as usize;
            for (k, &y) in entries.clone().zip(&row_items[entries]) {
                let y = y as usize;
                // The item's rows, less those of the entry's color (a
                // group's words are a subset of its item's, in order).
                let mut same = shades.group.get(k).map_or(0..0, |&g| shades.words_of(g));
                for j in col_start[y] as usize..col_start[y + 1] as usize {
                    let w = col_word[j];
                    let mut bits = col_mask[j];
                    if same.start < same.end && shades.word[same.start] == w {
                        bits &= !shades.mask[same.start];
                        same.start += 1;
                    }
                    set[w as usize] |= bits;
                }
            }
        }
        Ok(conflicts)
    }
}
