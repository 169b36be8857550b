//! The small-matrix engine: exact cover with secondary items, on bit sets,
//! walking the same tree as DLX1 with the same counters.
//!
//! # Layout
//!
//! Items are numbered as in every engine ([`layout`](super::layout)). For
//! a matrix of `R` rows, a bit set of rows takes `words = ceil(R / 64)`
//! words:
//! * `col_word`, `col_mask`: for each item, the set of rows that contain it,
//!   as its words that have a bit: their positions and their bits;
//! * `alive`: the rows still in play, neither taken out by a cover nor
//!   excluded;
//! * `row_items`: each row's items, one row after another;
//! * `keys`: each item's number of rows still in play, with the item's
//!   number, in one key ([`Keys`]): the choice is DLX1's, one minimum scan.
//!   The keys are 16 bits wide where the longest list and the item numbers
//!   fit in 14 bits (sudoku, queens), 32 bits otherwise ([`new`] decides):
//!   on sudoku the scan reads 648 bytes instead of 1,296, and a top1465
//!   search runs 4.5% fewer instructions.
//!
//! # Covering
//!
//! Covering item `x` takes every row still in play that contains it out of
//! play: the rows of `alive & cols[x]`, found a word at a time (only the
//! words where `x` has rows), each cleared in `alive` and taken off its
//! items' keys. This is what DLX1's cover does, without the links: its
//! updates are the same (1 for the item, and for each row taken out its
//! length less 1, the nodes DLX1 unlinks), so the counters equal DLX1's.
//!
//! With [`CONFLICTS`] bytes or fewer of them, each row's conflict set is
//! kept too: the rows that share an item with it. Covering a row's items
//! (trying it, or forcing it) then marks them covered and takes the rows
//! in play of `alive & conflicts[r]` out, four words at a time, instead of
//! walking each item's words in turn: the same rows leave, each once,
//! with the same updates. On pentominoes (rows of 6 items) a third of the
//! time goes.
//!
//! # Colors
//!
//! With colors (and no bounds: a matrix with bounds goes to
//! [`bits_m`](super::bits_m)), two rows clash at a secondary item unless
//! both give it the same color. A row's conflict set leaves out the rows
//! that share only same-colored items with it (kept up to
//! [`COLORED_CONFLICTS`] bytes, read a word at a time past [`OUT`] words);
//! without them, trying a row *purifies* each of its colored items: the
//! item's rows of another color, or none, leave play ([`Shades`]). The
//! tree is then Algorithm M's (Knuth's DLX2), with its node count; the
//! updates count as for exact cover.
//!
//! # Nothing is uncovered
//!
//! The walk never puts a row back. A level whose item has two rows or
//! more saves its state (`alive` and the keys the walk reads: [`Saved`])
//! just after covering the item, and each of its rows after the first
//! starts from a copy of that state; its last row is tried in place, and
//! backing up past a level costs nothing, since the level above starts
//! again from its own copy. On sudoku most levels have one row, and those
//! never copy; where levels branch (pentominoes, Scott's board), a copy of
//! a few hundred bytes is cheaper than putting back the dozens of rows a
//! branch takes out. Levels beyond [`SAVED`] bytes of states rebuild
//! theirs from the state after forcing ([`Small::rebuild`]). Undoing the
//! whole search, or the forced rows, copies back the state saved after
//! forcing them, or before (a sudoku solver forces each puzzle's clues).
//!
//! A level whose item has one row in play (85% of a hard sudoku's nodes)
//! takes that row out of play and onto the stack, and leaves it on its
//! items' keys: trying the row covers every one of them at once, and a
//! covered item's length is never read again ([`Small::only_row`]).
//!
//! # The walk
//!
//! At a level, the item of fewest rows is covered first: the rows it takes
//! out are exactly the level's branches, pushed on `stack` in increasing
//! order, that is top to bottom in DLX1's lists (shuffled there for a
//! random order); a row is out of play at most once on a path, so the
//! stack never holds more than `R` rows. Trying the branch at `at` covers
//! that row's other items. So a level is six numbers ([`Level`]) and the
//! stack, and a level's branches can be given away ([`Core::donate`]) by
//! lowering its `stop`. The sixth is the deepest level above with rows
//! left when it was entered: a level whose rows are all tried backs up
//! straight there, past the levels of one row between (nothing to undo
//! there, and DLX1 would only pass them on its way up). A level whose
//! rows were given away since is passed on the way, as one whose rows
//! are all tried.
//!
//! A node costs a few word operations per item covered and one key update
//! per item of each row taken out (DLX1 writes two links and a length per
//! node, and as many again to put them back), with arrays small enough for
//! the first-level cache on a sudoku (324 items, 729 rows: 19 KB, and
//! 0.8 KB a saved state; the conflict sets, 70 KB, are read a row's 96
//! bytes at a time and mostly come from the second level). But covering an item
//! reads every word where it has rows, in play or not, where DLX1 walks
//! only the rows still in its list: for large matrices, deep in the
//! search, the links win. The solver's rule ([`fits`]) decides.

use super::keys::{self, Key, Keys, SINKS};
use super::layout::Layout;
use super::walk::{counting, enter, lone_solution_nodes, Entered, Phase};
use super::kit::{self, Seeded};
use super::{Core, Engine, Fixed, Given, Run, Steering, Walked};
use crate::alloc::filled;
use crate::error::Error;
use crate::matrix::Matrix;

/// The largest bit sets, in bytes (items times rows, a bit each), with
/// which the solver's automatic choice takes this engine (these three
/// numbers: see [`Fit`]; the header's `dlx_engine` states them for C).
const FITS: usize = 48 << 10;

/// The smallest dancing links, in bytes (16 a node: DLX1's layout), with
/// which the solver's automatic choice takes this engine.
const LINKS: usize = 32 << 10;

/// The largest conflict sets, in bytes (rows times rows, a bit each), that
/// the engine makes: a sudoku's 729 rows take 70 KB, the 2014 rows of the
/// pentominoes in a 6x10 box 504 KB (kept within a second-level cache).
const CONFLICTS: usize = 1 << 20;

/// The largest conflict sets the engine makes for a matrix with colors,
/// where covering item by item means purifying each colored item, a walk
/// over all its words: reduced Latin squares of order 6 (7,202 rows, 6.5
/// MB of conflict sets) search in half the time with them. A solver's
/// threads share them.
const COLORED_CONFLICTS: usize = 8 << 20;

/// The bytes of the conflict sets of a matrix of `rows` rows, if that fits
/// in a `usize`.
fn conflict_bytes(rows: usize) -> Option<usize> {
    rows.checked_mul(words(rows))?.checked_mul(8)
}

/// What the automatic engine rule ([`super::auto`]) weighs about a
/// matrix for this engine. Measured on the bench suite (`bench/engine.py`
/// with `--peer` runs of `dlx --engine exact` and `--engine small`, and
/// `bench/general.py` for colors): where the links do not fit in the
/// first-level cache (sudoku, pentominoes, Scott's board) the bit sets'
/// smaller footprint wins; where they do, the conflict sets win with rows
/// of 3 items or more (queens, 4 items a row; Langford pairs and tromino
/// tilings, 3 items a row, all primary: 1.2x to 1.35x faster than DLX1
/// choosing among its at most 64 items by a word, since levels save their
/// state instead of putting rows back) and lose with shorter ones
/// (dominoes, 2: 15% to 60% slower). With colors the bit sets beat
/// Algorithm M's links 1.0x to 3x (Latin squares, word rectangles).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Fit {
    /// The bit sets (items times rows, a bit each, as dense ones) fit in
    /// [`FITS`] bytes.
    pub bits: bool,
    /// DLX1's dancing links (16 bytes a node) would not fit in [`LINKS`].
    pub links_spill: bool,
    /// Rows of three items or more on average, whose conflict sets fit in
    /// [`CONFLICTS`].
    pub long_rows: bool,
}

/// What [`Fit`] says of `matrix`.
pub(crate) fn fit(matrix: &Matrix) -> Fit {
    let bits = (matrix.columns() + 1).checked_mul(words(matrix.rows())).and_then(|w| w.checked_mul(8));
    let nodes = matrix.columns() as u64 + matrix.rows() as u64 + matrix.entries() as u64 + 2;
    Fit {
        bits: bits.is_some_and(|b| b <= FITS),
        links_spill: nodes * 16 > LINKS as u64,
        long_rows: matrix.entries() >= 3 * matrix.rows() && conflict_bytes(matrix.rows()).is_some_and(|b| b <= CONFLICTS),
    }
}

/// The words of a bit set of `rows` rows (at least one).
fn words(rows: usize) -> usize {
    rows.div_ceil(64).max(1)
}

/// One level of the walk: its item, and its branches `stack[start..stop]`
/// (the rows the item's cover took out end at `end`; those from `stop` on
/// were given away), the one tried at `at`; and `back`, the deepest level
/// above it that had rows left to try when it was entered ([`NONE`] for
/// none), where the walk backs up to from it.
#[derive(Clone, Copy, Debug, Default)]
struct Level {
    item: u32,
    start: u32,
    end: u32,
    stop: u32,
    at: u32,
    back: u32,
}

/// No level (see [`Level::back`]).
const NONE: u32 = u32::MAX;

/// The most bytes of saved states ([`Saved`]) an engine keeps; deeper
/// levels rebuild theirs from the forced state ([`Small::rebuild`]).
const SAVED: usize = 1 << 20;

/// The most levels a path can have that try a row: the primary items over
/// the fewest that a row with any has (each row chosen covers that many or
/// more, and a row without one is never chosen). Sudoku: 324 / 4 = 81.
fn deepest(primary: usize, row_items: &[u32], row_start: &[u32]) -> usize {
    let fewest = row_start
        .windows(2)
        .map(|r| row_items[r[0] as usize..r[1] as usize].iter().filter(|&&y| y as usize <= primary).count())
        .filter(|&k| k > 0)
        .min();
    fewest.map_or(0, |k| primary / k)
}

/// The state of the walk (the rows in play and the keys it reads) just
/// after each level covered its item, for the levels below `slots`: a
/// level with rows left to try saves it before its first row, and each
/// next row starts from a copy of it. Levels from `slots` on rebuild it.
#[derive(Clone, Debug)]
struct Saved<K: Key> {
    alive: Vec<u64>,
    keys: Vec<K>,
    slots: usize,
}

impl<K: Key> Saved<K> {
    /// Room for states of `words` words of rows and `scanned` keys, for
    /// `levels` levels or as many as fit in `most` bytes.
    fn new(words: usize, scanned: usize, levels: usize, most: usize) -> Result<Saved<K>, Error> {
        let bytes = words * 8 + scanned * std::mem::size_of::<K>();
        let slots = levels.min(most / bytes);
        Ok(Saved { alive: filled(slots * words)?, keys: filled(slots * scanned)?, slots })
    }
}

/// The small-matrix engine.
#[derive(Clone, Debug)]
pub(crate) struct Small<K: Key> {
    keys: Keys<K>,
    /// Words of a bit set of rows.
    words: usize,
    /// Item `i`'s rows: the words `col_start[i]..col_start[i + 1]` of
    /// `col_word` (positions in a bit set) and `col_mask` (their bits).
    col_start: Vec<u32>,
    col_word: Vec<u32>,
    col_mask: Vec<u64>,
    /// The rows in play.
    alive: Vec<u64>,
    /// `alive` and `keys` with nothing forced, and just after forcing.
    clean: (Vec<u64>, Keys<K>),
    forced: (Vec<u64>, Keys<K>),
    /// Row `r`'s items: `row_items[row_start[r]..row_start[r + 1]]`.
    row_start: Vec<u32>,
    row_items: Vec<u32>,
    /// Row `r`'s primary items again, in groups of four padded with the
    /// keys' sinks (`slots[slot_start[r]..slot_start[r + 1]]`, at least
    /// one group), for taking rows out and putting them back without a
    /// loop per item (only primary items' keys are read: the choice scans
    /// them, and covering stops early on them); and its length less 1,
    /// the nodes DLX1 unlinks when it hides the row.
    slots: Vec<[u32; 4]>,
    slot_start: Vec<u32>,
    others: Vec<u32>,
    /// Whether every row has at most four primary items: row `r`'s group
    /// is then `slots[r]`, and no loop is needed.
    one_group: bool,
    /// `others` of every row, when all rows have the same length.
    same_length: Option<u32>,
    /// Row `r`'s conflicts, when they fit in [`CONFLICTS`] bytes (else
    /// empty): the rows that cannot be in a solution with it (itself
    /// too, unless its items are all colored): those that share an item
    /// with it, except rows that give a
    /// secondary item the same color as `r` does; as the bit set
    /// `conflicts[r * words..(r + 1) * words]`. Covering a row's items
    /// then takes their rows out of play a word at a time, all items at
    /// once.
    /// (Shared by the copies a solver's threads work on: read only.)
    conflicts: std::sync::Arc<Vec<u64>>,
    /// Whether `conflicts` has the sets, kept beside it: the walk asks at
    /// every branch, and the shared vector's length is a pointer away.
    has_conflicts: bool,
    /// The colors of the entries (empty for a matrix without them).
    shades: Shades,
    /// The levels' branches: the rows each level's item took out of play,
    /// level after level; `top` of them.
    stack: Vec<u32>,
    top: usize,
    /// The state at levels with rows left to try.
    saved: Saved<K>,
    /// The levels `0..=level`.
    levels: Vec<Level>,
    level: usize,
    phase: Phase,
    /// [`Fixed::within`] of the forced rows.
    within: bool,
    /// The seed and generator of a randomised search.
    random: Option<Seeded>,
    updates: u64,
}

/// The rows whose bits are set in `bits`, word `w` of a bit set of rows,
/// in increasing order.
#[inline(always)]
fn rows_in(w: usize, bits: u64) -> RowsIn {
    RowsIn { base: (w as u32) << 6, bits }
}

/// The iterator of [`rows_in`].
struct RowsIn {
    base: u32,
    bits: u64,
}

impl Iterator for RowsIn {
    type Item = u32;

    #[inline(always)]
    fn next(&mut self) -> Option<u32> {
        if self.bits == 0 {
            return None;
        }
        let row = self.base | self.bits.trailing_zeros();
        self.bits &= self.bits - 1;
        Some(row)
    }
}

/// The colors of a matrix: for each entry that gives its (secondary)
/// item a color, the rows that give that item the same color, which
/// choosing the entry's row leaves in play (all the item's other rows
/// leave). An entry's group of rows is a subset of its item's, in the
/// same words, so walking both in step finds each word's rows of the
/// group.
#[derive(Clone, Debug, Default)]
struct Shades {
    /// Per entry (as `row_items`): 0 without a color, else its group.
    group: Vec<u32>,
    /// Group `g`'s rows: the words `start[g]..start[g + 1]` of `word`
    /// (positions in a bit set) and `mask` (their bits). Group 0 is empty.
    start: Vec<u32>,
    word: Vec<u32>,
    mask: Vec<u64>,
}

impl Shades {
    /// The groups of a matrix whose entries are `row_items` (items, rows
    /// as `row_start`) with `colors` (0 for none; shorter when the last
    /// entries have none). Nothing when no entry has a color.
    fn new(row_start: &[u32], row_items: &[u32], colors: &[u32]) -> Result<Shades, Error> {
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
    fn words_of(&self, g: u32) -> std::ops::Range<usize> {
        debug_assert!((g as usize) + 1 < self.start.len());
        // SAFETY: groups are numbered below `start.len() - 1`.
        unsafe { *self.start.get_unchecked(g as usize) as usize..*self.start.get_unchecked(g as usize + 1) as usize }
    }
}

/// The most words of a bit set of rows for which conflict sets are made
/// without colors (at most [`CONFLICTS`] bytes of them hold at most 2,880
/// rows: 45 words), and read four words at a time; with colors, longer
/// ones are read a word at a time.
const OUT: usize = 48;

/// Takes the bits of the four words at `set` out of the four at `alive`,
/// writing the bits taken to the four at `out`; returns which of these
/// have any: bit `j` for word `j`.
///
/// # Safety
/// The CPU must have AVX2, and four words must be readable at `set` and
/// writable at `alive` and `out`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn take_out4(alive: *mut u64, set: *const u64, out: *mut u64) -> u32 {
    use std::arch::x86_64::*;
    // SAFETY: as the caller promises.
    unsafe {
        let a = _mm256_loadu_si256(alive as *const __m256i);
        let s = _mm256_loadu_si256(set as *const __m256i);
        let both = _mm256_and_si256(a, s);
        _mm256_storeu_si256(alive as *mut __m256i, _mm256_andnot_si256(s, a));
        _mm256_storeu_si256(out as *mut __m256i, both);
        let zero = _mm256_cmpeq_epi64(both, _mm256_setzero_si256());
        !(_mm256_movemask_pd(_mm256_castsi256_pd(zero)) as u32) & 0xf
    }
}

/// The engine for `matrix`, which must have no bounds (colors it takes): with
/// 16-bit keys where they hold the item numbers (sudoku's 324 items of at
/// most 9 rows, queens), so that the choice scans half the bytes, else
/// with 32-bit keys.
pub(crate) fn new(matrix: &Matrix) -> Result<Box<dyn Core>, Error> {
    if matrix.has_bounds() {
        return Ok(Box::new(super::bits_m::BitsM::new(matrix)?));
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
fn lengths(matrix: &Matrix) -> Result<(Layout, Vec<u32>), Error> {
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

    // The hot loops index with rows and items read from the engine's own
    // arrays (`new` makes every row below `rows` and every item in
    // `1..=items`, and bits are set only for rows) and with stack
    // positions below `rows` (a row is pushed only when it leaves play, at
    // most once). So the bounds checks can go; debug builds still check.

    /// Row `r`'s items.
    #[inline(always)]
    fn items_of(&self, r: u32) -> std::ops::Range<usize> {
        debug_assert!((r as usize) + 1 < self.row_start.len());
        // SAFETY: as above.
        unsafe { *self.row_start.get_unchecked(r as usize) as usize..*self.row_start.get_unchecked(r as usize + 1) as usize }
    }

    #[inline(always)]
    fn item_at(&self, k: usize) -> u32 {
        debug_assert!(k < self.row_items.len());
        // SAFETY: `k` comes from `items_of`.
        unsafe { *self.row_items.get_unchecked(k) }
    }

    /// The row at stack position `k`.
    #[inline(always)]
    fn row_at(&self, k: usize) -> u32 {
        debug_assert!(k < self.stack.len());
        // SAFETY: as above.
        unsafe { *self.stack.get_unchecked(k) }
    }

    /// Takes row `r` (cleared from `alive` already) off its items' keys,
    /// and with `PUSH` onto the stack of branches. Returns the nodes DLX1
    /// would unlink: its length less 1.
    #[inline(always)]
    fn take_out<const ONE: bool, const PUSH: bool>(&mut self, r: u32) -> u64 {
        if PUSH {
            self.push(r);
        }
        self.update_keys::<true, ONE>(r);
        self.others_of(r)
    }

    /// Pushes row `r`, just taken out of play, on the stack of branches.
    #[inline(always)]
    fn push(&mut self, r: u32) {
        debug_assert!(self.top < self.stack.len());
        // SAFETY: as above.
        unsafe { *self.stack.get_unchecked_mut(self.top) = r };
        self.top += 1;
    }

    /// Row `r`'s length less 1: the nodes DLX1 unlinks when it hides it.
    #[inline(always)]
    fn others_of(&self, r: u32) -> u64 {
        debug_assert!((r as usize) < self.others.len());
        // SAFETY: as above.
        u64::from(unsafe { *self.others.get_unchecked(r as usize) })
    }

    /// Word `k` of an item's rows (see `col_start`): its place in a bit
    /// set, and the item's rows there that are in play.
    #[inline(always)]
    fn col_in_play(&self, k: usize) -> (usize, u64) {
        debug_assert!(k < self.col_word.len() && (self.col_word[k] as usize) < self.words);
        // SAFETY: `col_start` lies within `col_word` and `col_mask`, and
        // the words within a bit set.
        unsafe {
            let w = *self.col_word.get_unchecked(k) as usize;
            (w, *self.alive.get_unchecked(w) & *self.col_mask.get_unchecked(k))
        }
    }

    /// Takes row `r` off its items' keys (`OUT`) or puts it back on, a
    /// group of four at a time.
    #[inline(always)]
    fn update_keys<const OUT: bool, const ONE: bool>(&mut self, r: u32) {
        // One group: no loop (a range of one group, looped over, costs
        // 7% to 11% more instructions in the walks).
        if ONE {
            for y in self.group_at(r as usize) {
                if OUT {
                    self.keys.remove(y);
                } else {
                    self.keys.restore(y);
                }
            }
            return;
        }
        // Every row has a group: a loop that tests its end after each.
        let groups = self.groups_of(r);
        let mut g = groups.start;
        loop {
            for y in self.group_at(g) {
                if OUT {
                    self.keys.remove(y);
                } else {
                    self.keys.restore(y);
                }
            }
            g += 1;
            if g >= groups.end {
                break;
            }
        }
    }

    /// Row `r`'s groups of four items.
    #[inline(always)]
    fn groups_of(&self, r: u32) -> std::ops::Range<usize> {
        debug_assert!((r as usize) + 1 < self.slot_start.len());
        // SAFETY: as above.
        unsafe { *self.slot_start.get_unchecked(r as usize) as usize..*self.slot_start.get_unchecked(r as usize + 1) as usize }
    }

    #[inline(always)]
    fn group_at(&self, g: usize) -> [u32; 4] {
        debug_assert!(g < self.slots.len());
        // SAFETY: `g` comes from `groups_of`.
        unsafe { *self.slots.get_unchecked(g) }
    }

    /// Covers item `x`: takes every row in play that contains it out of
    /// play (with `PUSH`, onto the stack: the branches of a level) and
    /// marks it covered. Returns the updates, as DLX1 counts them.
    #[inline(always)]
    fn cover<const ONE: bool, const PUSH: bool>(&mut self, x: u32) -> u64 {
        let mut updates = 1;
        debug_assert!((x as usize) + 1 < self.col_start.len());
        // SAFETY: as above.
        let (lo, hi) = unsafe { (*self.col_start.get_unchecked(x as usize), *self.col_start.get_unchecked(x as usize + 1)) };
        // A primary item's key counts its rows in play, and taking one out
        // lowers it: the words after the last one in play are not read.
        // (A secondary item's key is not kept in the saved states.)
        let counted = PUSH || x as usize <= self.keys.primary;
        let hi = if counted && self.keys.is_empty(x) { lo } else { hi };
        for k in lo as usize..hi as usize {
            let (w, out) = self.col_in_play(k);
            if out == 0 {
                continue;
            }
            updates += self.take_out_bits::<ONE, PUSH>(w, out);
            if counted && self.keys.is_empty(x) {
                break;
            }
        }
        self.keys.cover(x);
        updates
    }

    /// Each row's conflicts (see [`Small::conflicts`]), when they take at
    /// most `most` bytes; else none.
    fn conflicts(words: usize, row_start: &[u32], row_items: &[u32], cols: (&[u32], &[u32], &[u64]), shades: &Shades, most: usize) -> Result<Vec<u64>, Error> {
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

    /// Covers row `r`'s items other than `skip`. With `AVX2` (set only
    /// when the CPU has it) the conflict sets are read four words at a
    /// time.
    #[inline(always)]
    fn cover_row<const AVX2: bool, const ONE: bool>(&mut self, r: u32, skip: u32) -> u64 {
        if self.has_conflicts {
            return self.cover_conflicts::<AVX2, ONE>(r, skip);
        }
        let (mut updates, colored) = (0, !self.shades.group.is_empty());
        for k in self.items_of(r) {
            let y = self.item_at(k);
            if y == skip {
                continue;
            }
            updates += match colored.then(|| self.shades.group[k]) {
                Some(g) if g != 0 => self.purify::<ONE>(y, g),
                _ => self.cover::<ONE, false>(y),
            };
        }
        updates
    }

    /// Gives secondary item `x` the color of group `g`: takes the rows in
    /// play that have `x` with another color, or none, out of play (the
    /// group's rows stay). Returns the updates, counted as for covering
    /// `x`: 1, and for each row taken out its length less 1.
    #[inline(always)]
    fn purify<const ONE: bool>(&mut self, x: u32, g: u32) -> u64 {
        let mut updates = 1;
        debug_assert!((x as usize) + 1 < self.col_start.len());
        // SAFETY: as in `cover`.
        let (lo, hi) = unsafe { (*self.col_start.get_unchecked(x as usize), *self.col_start.get_unchecked(x as usize + 1)) };
        let mut same = self.shades.words_of(g);
        debug_assert!(same.end <= self.shades.word.len() && same.end <= self.shades.mask.len());
        for k in lo as usize..hi as usize {
            let (w, mut out) = self.col_in_play(k);
            // The group's words are a subset of the item's, in order.
            // SAFETY: `same` lies within the groups' words (`Shades::new`).
            if same.start < same.end && unsafe { *self.shades.word.get_unchecked(same.start) } as usize == w {
                out &= !unsafe { *self.shades.mask.get_unchecked(same.start) };
                same.start += 1;
            }
            if out != 0 {
                updates += self.take_out_bits::<ONE, false>(w, out);
            }
        }
        updates
    }

    /// Marks row `r`'s items other than `skip` covered; returns how many
    /// (DLX1's update for each).
    #[inline(always)]
    fn cover_items<const ONE: bool>(&mut self, r: u32, skip: u32) -> u64 {
        if ONE {
            // The whole group, the row's primary items: `skip` is covered
            // already, and the sinks and secondary items' keys are never
            // read. The items covered are the row's length, less `skip`
            // when it is one of them (it is, unless 0).
            for y in self.group_at(r as usize) {
                self.keys.cover(y);
            }
            debug_assert!(skip == 0 || self.items_of(r).any(|k| self.item_at(k) == skip));
            // SAFETY: `r` is a row.
            return u64::from(unsafe { *self.others.get_unchecked(r as usize) }) + u64::from(skip == 0);
        }
        let mut covered = 0;
        for k in self.items_of(r) {
            let y = self.item_at(k);
            if y != skip {
                self.keys.cover(y);
                covered += 1;
            }
        }
        covered
    }

    /// [`Small::cover_row`] on the conflict sets: the rows in play that
    /// share an item with `r` leave play a word at a time. The updates
    /// are DLX1's: 1 for each item covered, and for each row taken out its
    /// length less 1 (a row is taken out by the first of `r`'s items it
    /// has, which DLX1 covers first, and by no other). Rows with `skip`
    /// are out of play already (its cover took them out), `r` too when
    /// `skip` is one of its items.
    #[inline(always)]
    fn cover_conflicts<const AVX2: bool, const ONE: bool>(&mut self, r: u32, skip: u32) -> u64 {
        let mut updates = self.cover_items::<ONE>(r, skip);
        let base = r as usize * self.words;
        debug_assert!(base + self.words <= self.conflicts.len());
        let mut w = 0;
        #[cfg(target_arch = "x86_64")]
        if AVX2 {
            // Four words at a time: the rows in play of the set leave
            // `alive`, into `out`, and the words where some did are noted.
            // Then each such word's rows leave the keys. (Only for bit
            // sets of at most `OUT` words, 16 groups' bits in `some`:
            // `walk_on` runs no other on AVX2.)
            let mut out = std::mem::MaybeUninit::<[u64; OUT]>::uninit();
            let (alive, set, into, words) = (self.alive.as_mut_ptr(), self.conflicts.as_ptr(), out.as_mut_ptr() as *mut u64, self.words);
            let mut some = 0u64;
            debug_assert!(words <= OUT);
            // From the last group of four down, so that each group's bits
            // shift in below the others' by a constant.
            w = words / 4 * 4;
            let mut g = w;
            while g > 0 {
                g -= 4;
                // SAFETY: `AVX2` only when the CPU has it; the words lie
                // within `alive`, the row's set and `out`.
                some = some << 4 | u64::from(unsafe { take_out4(alive.add(g), set.add(base + g), into.add(g)) });
            }
            while some != 0 {
                let j = some.trailing_zeros() as usize;
                some &= some - 1;
                // SAFETY: `j` is below `w`: a word of `out` written above,
                // with rows (so the loop below tests its end after each).
                let mut bits = unsafe { *into.add(j) };
                unsafe { std::hint::assert_unchecked(bits != 0) };
                loop {
                    updates += self.take_out::<ONE, false>((j as u32) << 6 | bits.trailing_zeros());
                    bits &= bits - 1;
                    if bits == 0 {
                        break;
                    }
                }
            }
        }
        while w < self.words {
            updates += self.take_out_word::<ONE>(w, base + w);
            w += 1;
        }
        updates
    }

    /// Takes the rows in play of word `w` of `conflicts[at]` out of play.
    #[inline(always)]
    fn take_out_word<const ONE: bool>(&mut self, w: usize, at: usize) -> u64 {
        debug_assert!(w < self.words && at < self.conflicts.len());
        // SAFETY: `w` is below `words`, the length of `alive`, and `at`
        // within the conflict sets (the callers' row's set).
        let out = unsafe { *self.alive.get_unchecked(w) & *self.conflicts.get_unchecked(at) };
        if out == 0 {
            return 0;
        }
        self.take_out_bits::<ONE, false>(w, out)
    }

    /// Takes rows `out` of word `w` (all in play) out of play (with
    /// `PUSH`, onto the stack).
    #[inline(always)]
    fn take_out_bits<const ONE: bool, const PUSH: bool>(&mut self, w: usize, out: u64) -> u64 {
        debug_assert!(w < self.words);
        // SAFETY: `w` is below `words`, the length of `alive`.
        unsafe { *self.alive.get_unchecked_mut(w) ^= out };
        rows_in(w, out).map(|q| self.take_out::<ONE, PUSH>(q)).sum()
    }

    /// Chooses `forced` (compatible rows, none chosen yet) on the conflict
    /// sets: their rows leave play a word at a time, without the stack
    /// (nothing below the forced state is put back one by one), and the
    /// keys are brought up to date after: by taking the rows that left off
    /// them when they are fewer than the rows left in play, else by
    /// counting the rows left afresh (a sudoku's clues take out some 420 of
    /// 729 rows). The updates are those of `cover_row` on each. Compiled
    /// for AVX2 and POPCNT where the CPU has them (a sudoku solver forces
    /// each puzzle's clues: 7% fewer instructions in forcing them).
    fn force_conflicts(&mut self, forced: &[usize]) {
        #[cfg(target_arch = "x86_64")]
        if self.keys.avx2 {
            // SAFETY: `avx2` is set only when the CPU has AVX2 and POPCNT.
            return unsafe { self.force_conflicts_avx2(forced) };
        }
        self.force_conflicts_on(forced);
    }

    /// # Safety
    /// The CPU must have AVX2 and POPCNT.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,popcnt")]
    unsafe fn force_conflicts_avx2(&mut self, forced: &[usize]) {
        self.force_conflicts_on(forced);
    }

    /// [`Small::force_conflicts`], compiled into each of the two above.
    #[inline(always)]
    fn force_conflicts_on(&mut self, forced: &[usize]) {
        // `forced.0` holds the rows in play before, then the rows that
        // left, until `force` copies the state after into it.
        self.forced.0.copy_from_slice(&self.alive);
        let words = self.words;
        for &r in forced {
            self.updates += if self.one_group { self.cover_items::<true>(r as u32, 0) } else { self.cover_items::<false>(r as u32, 0) };
        }
        // (Covering items reads no row in play: the sets go after, from
        // one look at the shared vector.)
        let conflicts: &[u64] = &self.conflicts;
        for &r in forced {
            for (a, c) in self.alive.iter_mut().zip(&conflicts[r * words..(r + 1) * words]) {
                *a &= !c;
            }
        }
        // Now the rows that left.
        let (mut left, mut taken) = (0, 0);
        for (before, &a) in self.forced.0.iter_mut().zip(&self.alive) {
            *before &= !a;
            left += a.count_ones();
            taken += before.count_ones();
        }
        self.updates += match self.same_length {
            Some(others) => u64::from(taken) * u64::from(others),
            None => (0..self.words).flat_map(|w| rows_in(w, self.forced.0[w])).map(|q| u64::from(self.others[q as usize])).sum(),
        };
        if self.one_group {
            self.recount::<true>(taken <= left);
        } else {
            self.recount::<false>(taken <= left);
        }
    }

    /// The end of [`Small::force_conflicts`]: the keys brought up to date
    /// by taking the rows that left off them (`by_taken`), or by counting
    /// the rows left afresh. `ONE` when rows have one group of items.
    fn recount<const ONE: bool>(&mut self, by_taken: bool) {
        if by_taken {
            for w in 0..self.words {
                rows_in(w, self.forced.0[w]).for_each(|q| self.update_keys::<true, ONE>(q));
            }
        } else {
            self.keys.clear_lengths();
            for w in 0..self.words {
                rows_in(w, self.alive[w]).for_each(|q| self.update_keys::<false, ONE>(q));
            }
        }
    }

    /// The search loop; `RANDOM` when `self.random` is set, `CAP` with a
    /// depth cap, `COUNT` when it counts solutions itself ([`Run::count`]).
    /// With `AVX2` (set only when the CPU has it) the choice scans with
    /// AVX2 instructions. The steps, nodes and solutions are those of
    /// `Dlx1::walk`, and so is the loop's shape: its top tries the level's
    /// next row or backs up, its bottom enters the level below; where the
    /// last call stopped is taken care of before it, out of line.
    #[inline(always)]
    fn walk<const RANDOM: bool, const CAP: bool, const COUNT: bool, const AVX2: bool, const ONE: bool>(&mut self, run: Run<'_>) -> Walked {
        debug_assert!(!ONE || self.one_group);
        let Run { nodes: node_counter, limit, cap, count, .. } = run;
        let cap = cap.unwrap_or(usize::MAX);
        let (counted, count_limit) = counting::<COUNT>(count);
        let bounds = Bounds { limit, cap, count_limit };
        // The counters and the level stay in registers, and so does the
        // record of the level being tried (`levels[level]` is written when
        // the walk goes deeper, read when it comes back).
        let mut r = Regs { nodes: *node_counter, updates: 0, level: self.level, back: NONE, found: counted.as_ref().map_or(0, |c| **c) };
        let walked = 'walk: {
            let mut lv = match self.resume::<RANDOM, CAP, COUNT, AVX2, ONE>(&mut r, &bounds) {
                Entering::Branch(lv) => lv,
                Entering::NextRow => self.next_row::<ONE>(&mut r),
                Entering::Stop(walked) => break 'walk walked,
            };
            loop {
                if lv.at == lv.stop {
                    // Every row of the item was tried: back up to the
                    // deepest level above with rows left, past the levels
                    // of one row (it starts its next row from its saved
                    // state, and those levels leave nothing to undo).
                    if r.back == NONE {
                        self.phase = Phase::Done;
                        break 'walk Walked::Exhausted;
                    }
                    r.level = r.back as usize;
                    lv = self.next_row::<ONE>(&mut r);
                    continue;
                }
                let row = self.row_at(lv.at as usize);
                r.updates += self.cover_row::<AVX2, ONE>(row, lv.item);
                debug_assert!(r.level < self.levels.len());
                lv.back = r.back;
                // SAFETY: a level is entered only with a primary item
                // uncovered, each level below having covered one, so
                // `level < primary <= levels.len()`.
                unsafe { *self.levels.get_unchecked_mut(r.level) = lv };
                // As `back_of` (`r.back` is already `lv.back`), with a
                // branch: fewer instructions than a select.
                if lv.at + 1 < lv.stop {
                    r.back = r.level as u32;
                }
                r.level += 1;
                lv = match self.enter_level::<RANDOM, CAP, COUNT, AVX2, ONE>(&mut r, &bounds) {
                    Entering::Branch(lv) => lv,
                    Entering::NextRow => self.next_row::<ONE>(&mut r),
                    Entering::Stop(walked) => break 'walk walked,
                };
            }
        };
        self.level = r.level;
        *node_counter = r.nodes;
        self.updates += r.updates;
        if let Some(counted) = counted {
            *counted = r.found;
        }
        walked
    }

    /// Where the walk starts: at the first level (or the forced rows alone
    /// are the one solution, or the one subproblem), where the last call
    /// paused, or after the solution it returned. Out of line, as
    /// `Dlx1::resume` (the loop's one copy of the choice keeps its
    /// registers).
    #[inline(never)]
    fn resume<const RANDOM: bool, const CAP: bool, const COUNT: bool, const AVX2: bool, const ONE: bool>(&mut self, r: &mut Regs, bounds: &Bounds) -> Entering {
        match self.phase {
            Phase::Done => Entering::Stop(Walked::Exhausted),
            Phase::Recover => Entering::NextRow,
            // SAFETY: `AVX2` only when the CPU has it.
            Phase::Start if unsafe { self.keys.choose_on::<AVX2>() } == 0 => {
                // The forced rows (or the empty set) are the one solution.
                r.nodes += lone_solution_nodes(self.within);
                self.phase = Phase::Done;
                Entering::Stop(Walked::Solution)
            }
            Phase::Start if CAP && bounds.cap == 0 => {
                self.phase = Phase::Done;
                Entering::Stop(Walked::Cut)
            }
            Phase::Start | Phase::Paused => {
                r.back = self.back_of(r.level);
                self.enter_level::<RANDOM, CAP, COUNT, AVX2, ONE>(r, bounds)
            }
        }
    }

    /// Enters level `r.level`: chooses the item to branch on and covers
    /// it (its rows, taken out, are the level's branches), or finds a
    /// solution (counted, or returned), a cut or the end of the node
    /// budget.
    #[inline(always)]
    fn enter_level<const RANDOM: bool, const CAP: bool, const COUNT: bool, const AVX2: bool, const ONE: bool>(&mut self, r: &mut Regs, bounds: &Bounds) -> Entering {
        // SAFETY: `AVX2` only when the CPU has it.
        let (first, length) = unsafe { self.keys.choose_with_length_on::<AVX2>() };
        match enter::<CAP, COUNT>(first, &mut r.level, &mut self.phase, &mut r.nodes, bounds.limit, bounds.cap, &mut r.found, bounds.count_limit) {
            Entered::Branch => {}
            Entered::NextRow => return Entering::NextRow,
            Entered::Stop(walked) => return Entering::Stop(walked),
        }
        // (A seeded walk draws only now, see `enter`: among the items of
        // `first`'s length.)
        let item = match &mut self.random {
            Some(g) if RANDOM => self.keys.choose_random_from(first, &mut g.rng),
            _ => first,
        };
        r.nodes += 1;
        let start = self.top as u32;
        if length == 1 {
            // One row (most of a sudoku's levels): no state to save, and
            // the row's items are all covered next, so its keys need not
            // lose it (see `only_row`).
            r.updates += self.only_row(item);
            return Entering::Branch(Level { item, start, end: start + 1, stop: start + 1, at: start, back: NONE });
        }
        r.updates += self.cover::<ONE, true>(item);
        let end = self.top as u32;
        if let Some(g) = &mut self.random {
            if RANDOM {
                g.rng.shuffle(&mut self.stack[start as usize..end as usize]);
            }
        }
        if end - start >= 2 {
            self.save(r.level);
        }
        // (The loop writes the level's record when it tries a row.)
        Entering::Branch(Level { item, start, end, stop: end, at: start, back: NONE })
    }

    /// Covers item `x`, which has one row in play, as `cover` does, but
    /// leaves the row on its items' keys: the level tries that row alone,
    /// and covering it covers every one of its items, whose keys the walk
    /// then no longer reads for their lengths. (The one place that might,
    /// covering an item without conflict sets, stops early when its key
    /// says it has no rows left; a key one row too long only stops it
    /// later.) Returns DLX1's updates: covering `x` and hiding the row.
    #[inline(always)]
    fn only_row(&mut self, x: u32) -> u64 {
        debug_assert!((x as usize) + 1 < self.col_start.len());
        // SAFETY: as in `cover`.
        let mut k = unsafe { *self.col_start.get_unchecked(x as usize) } as usize;
        // The item has a row in play: the loop stops within its words.
        let (w, out) = loop {
            let (w, out) = self.col_in_play(k);
            if out != 0 {
                break (w, out);
            }
            k += 1;
        };
        debug_assert!(out.count_ones() == 1);
        let row = (w as u32) << 6 | out.trailing_zeros();
        // SAFETY: `w` is a word of `alive`.
        unsafe { *self.alive.get_unchecked_mut(w) ^= out };
        self.push(row);
        self.keys.cover(x);
        1 + self.others_of(row)
    }

    /// Where the walk backs up to from `level`, about to be entered (see
    /// `Regs::back`): the level above, if it has rows left to try, else
    /// where that one backs up to (the walk's loop keeps this as it goes).
    fn back_of(&self, level: usize) -> u32 {
        let Some(above) = level.checked_sub(1) else { return NONE };
        let lv = self.levels[above];
        if lv.at + 1 < lv.stop { above as u32 } else { lv.back }
    }

    /// Moves to the next row of level `r.level` (its record, to try
    /// from, and the level to back up to from it, into `r.back`), and if
    /// it has one, puts back the level's state to try it from: the state
    /// saved, or rebuilt.
    #[inline(always)]
    fn next_row<const ONE: bool>(&mut self, r: &mut Regs) -> Level {
        let level = r.level;
        debug_assert!(level < self.levels.len());
        // SAFETY: as in `walk`: `level` was entered.
        let mut lv = unsafe { *self.levels.get_unchecked(level) };
        lv.at += 1;
        r.back = lv.back;
        self.top = lv.end as usize;
        if lv.at < lv.stop {
            if level < self.saved.slots {
                self.load(level);
            } else {
                self.rebuild::<ONE>(level);
            }
        }
        lv
    }

    /// Saves the state at `level` (just after its item was covered), when
    /// it has a slot.
    #[inline(always)]
    fn save(&mut self, level: usize) {
        if level >= self.saved.slots {
            return;
        }
        let (words, keys) = (self.words, self.keys.scanned());
        let k = keys.len();
        debug_assert!((level + 1) * words <= self.saved.alive.len() && (level + 1) * k <= self.saved.keys.len());
        // SAFETY: `level` is below `slots`, and each vector has `slots`
        // states' room.
        unsafe {
            self.saved.alive.get_unchecked_mut(level * words..(level + 1) * words).copy_from_slice(&self.alive);
            self.saved.keys.get_unchecked_mut(level * k..(level + 1) * k).copy_from_slice(keys);
        }
    }

    /// Puts back the state saved at `level` (below `slots`).
    #[inline(always)]
    fn load(&mut self, level: usize) {
        let words = self.words;
        let keys = self.keys.scanned_mut();
        let k = keys.len();
        debug_assert!((level + 1) * words <= self.saved.alive.len() && (level + 1) * k <= self.saved.keys.len());
        // SAFETY: as in `save`.
        unsafe {
            keys.copy_from_slice(self.saved.keys.get_unchecked(level * k..(level + 1) * k));
            self.alive.copy_from_slice(self.saved.alive.get_unchecked(level * words..(level + 1) * words));
        }
    }

    /// Rebuilds the state at `level` (which has no slot: a path deeper
    /// than [`SAVED`] bytes of states hold) from the state after forcing:
    /// the levels above cover their items and choose their rows again,
    /// and `level` covers its item. The updates are not counted again.
    #[cold]
    #[inline(never)]
    fn rebuild<const ONE: bool>(&mut self, level: usize) {
        self.back_to_forced();
        for l in 0..=level {
            let lv = self.levels[l];
            let _ = self.cover::<ONE, false>(lv.item);
            if l < level {
                let _ = self.cover_row::<false, ONE>(self.row_at(lv.at as usize), lv.item);
            }
        }
    }

    /// Copies back the state saved just after forcing.
    fn back_to_forced(&mut self) {
        self.alive.copy_from_slice(&self.forced.0);
        self.keys.copy_from(&self.forced.1);
    }

    /// [`Small::walk`] compiled for the processor: with AVX2 where it has
    /// it (see `Dlx1::walk_on`); and for rows of one group of items or
    /// more (`ONE`: a walk with only the code it runs keeps its values in
    /// registers better).
    fn walk_on<const RANDOM: bool, const CAP: bool, const COUNT: bool>(&mut self, run: Run<'_>) -> Walked {
        let one = self.one_group;
        // Conflict sets of more than `OUT` words (colored rows only) are
        // read a word at a time: the walk for them is the plain one.
        #[cfg(target_arch = "x86_64")]
        if self.keys.avx2 && (!self.has_conflicts || self.words <= OUT) {
            // SAFETY: `avx2` is set only when the CPU has AVX2.
            return unsafe {
                if one {
                    self.walk_avx2::<RANDOM, CAP, COUNT, true>(run)
                } else {
                    self.walk_avx2::<RANDOM, CAP, COUNT, false>(run)
                }
            };
        }
        if one {
            self.walk::<RANDOM, CAP, COUNT, false, true>(run)
        } else {
            self.walk::<RANDOM, CAP, COUNT, false, false>(run)
        }
    }

    /// # Safety
    /// The CPU must have AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn walk_avx2<const RANDOM: bool, const CAP: bool, const COUNT: bool, const ONE: bool>(&mut self, run: Run<'_>) -> Walked {
        self.walk::<RANDOM, CAP, COUNT, true, ONE>(run)
    }

    /// Whether row `r` is in play.
    fn in_play(&self, r: usize) -> bool {
        self.alive[r / 64] >> (r % 64) & 1 != 0
    }
}

/// The small walk's running values, kept in registers while it runs.
struct Regs {
    nodes: u64,
    /// The updates made in this call (added to `Small::updates` at the end).
    updates: u64,
    level: usize,
    /// The deepest level above `level` with rows left to try ([`NONE`]
    /// for none): where the walk backs up to.
    back: u32,
    /// The solutions counted (with `COUNT`).
    found: u64,
}

/// What stops the walk: the node budget, the depth cap, the count wanted.
struct Bounds {
    limit: u64,
    cap: usize,
    count_limit: u64,
}

/// What entering a level (or resuming the walk) leaves the loop to do.
enum Entering {
    /// Try the rows of the level so described.
    Branch(Level),
    /// Undo the row tried at the level, and try the next one.
    NextRow,
    /// Return this.
    Stop(Walked),
}

impl<K: Key> Core for Small<K> {
    fn kind(&self) -> Engine {
        Engine::Small
    }

    fn rows(&self) -> usize {
        self.row_start.len() - 1
    }

    fn depth_limit(&self) -> usize {
        self.levels.len()
    }

    fn updates(&self) -> u64 {
        self.updates
    }

    fn set_updates(&mut self, updates: u64) {
        self.updates = updates;
    }

    fn force(&mut self, fixed: &Fixed) {
        self.within = fixed.within;
        for &r in &fixed.excluded {
            if self.in_play(r) {
                self.alive[r / 64] ^= 1 << (r % 64);
                // Excluded rows are not search work: no updates.
                let _ = self.take_out::<false, false>(r as u32);
            }
        }
        if self.conflicts.is_empty() {
            for &r in &fixed.forced {
                self.updates += self.cover_row::<false, false>(r as u32, 0);
            }
        } else {
            self.force_conflicts(&fixed.forced);
        }
        self.forced.0.copy_from_slice(&self.alive);
        self.forced.1.copy_from(&self.keys);
    }

    /// Puts back the state before `force` (which started from nothing
    /// covered and nothing excluded): a copy.
    fn unforce(&mut self, _fixed: &Fixed) {
        self.alive.copy_from_slice(&self.clean.0);
        self.keys.copy_from(&self.clean.1);
        self.top = 0;
    }

    /// Puts back the state just after `force`: a copy, when the search
    /// has started.
    fn unwind(&mut self) {
        if self.phase != Phase::Start {
            self.back_to_forced();
            self.top = 0;
        }
        self.phase = Phase::Start;
        self.level = 0;
    }

    fn steer(&mut self, steering: Steering) -> Result<(), Error> {
        self.keys.set_weights(steering.weights)?;
        self.random = steering.generator();
        Ok(())
    }

    fn walk(&mut self, run: Run<'_>) -> Walked {
        if run.cap.is_some() {
            return self.walk_on::<false, true, false>(Run { count: None, ..run });
        }
        match (self.random.is_some(), run.count.is_some()) {
            (false, false) => self.walk_on::<false, false, false>(run),
            (false, true) => self.walk_on::<false, false, true>(run),
            (true, false) => self.walk_on::<true, false, false>(run),
            (true, true) => self.walk_on::<true, false, true>(run),
        }
    }

    fn solution(&self, out: &mut Vec<usize>) {
        out.extend(self.levels[..self.depth()].iter().map(|l| self.stack[l.at as usize] as usize));
    }

    /// As DLX1's: the last untried row of the shallowest level that has
    /// one; exact cover rules nothing else out.
    fn donate(&mut self, rows: &mut Vec<usize>, _excluded: &mut Vec<usize>) -> Option<Given> {
        let levels = &mut self.levels;
        let (l, share, row) = kit::shallowest(self.phase.depth(self.level), |l| {
            let Level { start, end, stop, at, .. } = levels[l];
            let given = (stop > at + 1).then(|| {
                levels[l].stop = stop - 1;
                stop - 1
            });
            (u64::from(end - start), given)
        })?;
        rows.extend(self.levels[..l].iter().map(|v| self.stack[v.at as usize] as usize));
        rows.push(self.stack[row as usize] as usize);
        Some(Given { level: l, share })
    }

    /// Exact cover stops no column early: after the donations, only the
    /// node the walk paused before (or the whole search, at its start).
    fn rest(&mut self, piece: &mut dyn FnMut(&dyn Core, usize)) {
        if self.phase.before_a_node() {
            piece(self, self.depth());
        }
    }

    fn branches(&self, level: &mut dyn FnMut(u64, u64)) {
        for l in &self.levels[..self.depth()] {
            level(u64::from(l.at - l.start), u64::from(l.end - l.start));
        }
    }

    fn depth(&self) -> usize {
        self.phase.depth(self.level)
    }

    fn is_done(&self) -> bool {
        self.phase == Phase::Done
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every solution of a walk from the start (with `fixed` forced and
    /// excluded) in its first 5000 nodes, in order, with the nodes and
    /// updates.
    fn walked<K: Key>(e: &mut Small<K>, fixed: &Fixed) -> (Vec<Vec<usize>>, u64, u64) {
        e.force(fixed);
        let (mut all, mut nodes) = (Vec::new(), 0);
        loop {
            match Core::walk(e, Run { nodes: &mut nodes, limit: 5000, objective: None, cap: None, share: false, count: None }) {
                Walked::Solution => {
                    let mut rows = Vec::new();
                    e.solution(&mut rows);
                    all.push(rows);
                }
                Walked::Exhausted | Walked::Paused => break,
                other => panic!("{other:?}"),
            }
        }
        e.unwind();
        e.unforce(fixed);
        (all, nodes, e.updates())
    }

    #[test]
    fn the_conflict_sets_cover_as_the_items_do() {
        conflict_sets_cover_as_the_items_do::<u32>();
        conflict_sets_cover_as_the_items_do::<u16>();
    }

    fn conflict_sets_cover_as_the_items_do<K: Key>() {
        // The same solutions in the same order, the same nodes and updates,
        // with the conflict sets and without (on colors: conflict sets
        // that keep rows of the same color, and the purify that keeps
        // them), with states saved for every
        // level and for at most two, with nothing forced, one row
        // or a set of rows that take out most of the matrix; rows of at
        // most four items, longer, or all of one length; and the state
        // after undoing it all is the state before.
        let mut rng = fastrand::Rng::with_seed(77);
        let (mut solved, mut groups, mut most, mut same, mut colored) = (0, [0; 2], [0; 2], 0, 0);
        for i in 0..400 {
            // Rows of up to 4 items (one group of keys each), up to 7, or
            // all of 3.
            let longest = [4, 7, 3][i % 3];
            let columns = 4 + rng.usize(..24);
            let mut m = Matrix::new(columns).unwrap();
            for c in 0..columns {
                if rng.usize(..5) == 0 {
                    m.set_secondary(c).unwrap();
                }
            }
            for _ in 0..20 + rng.usize(..200) {
                let mut cols: Vec<usize> = match i % 3 {
                    2 => {
                        let mut all: Vec<usize> = (0..columns).collect();
                        rng.shuffle(&mut all);
                        all[..3].to_vec()
                    }
                    _ => (0..1 + rng.usize(..longest)).map(|_| rng.usize(..columns)).collect(),
                };
                cols.sort_unstable();
                cols.dedup();
                // Every other matrix has colors: no color, or one of two.
                let colors: Vec<u32> = cols.iter().map(|&c| if i % 2 == 1 && m.is_secondary(c) == Some(true) { rng.u32(..3) } else { 0 }).collect();
                m.add_colored_row(&cols, &colors).unwrap();
            }
            colored += usize::from(m.is_generalized());
            let (layout, len) = lengths(&m).unwrap();
            assert!(Keys::<K>::numbered(&len, layout.primary));
            let mut with = Small::<K>::new(&m, layout, len).unwrap();
            assert!(!with.conflicts.is_empty());
            let primary = |r: usize| with.items_of(r as u32).filter(|&k| with.item_at(k) as usize <= with.keys.primary).count();
            assert_eq!(with.one_group, (0..m.rows()).all(|r| primary(r) <= 4));
            groups[usize::from(with.one_group)] += 1;
            same += usize::from(with.same_length.is_some());
            // The other way: item by item, a loop over each row's groups.
            let (layout, len) = lengths(&m).unwrap();
            let mut without = Small::<K>::new(&m, layout, len).unwrap();
            (without.conflicts, without.has_conflicts, without.one_group) = (std::sync::Arc::new(Vec::new()), false, false);
            // States saved for no level, one or two: the others rebuild
            // theirs.
            let (layout, len) = lengths(&m).unwrap();
            let mut shallow = Small::<K>::new(&m, layout, len).unwrap();
            shallow.saved = Saved::new(shallow.words, shallow.keys.scanned().len(), i % 3, usize::MAX).unwrap();
            // Rows that fit together, taken greedily in a random order.
            let mut order: Vec<usize> = (0..m.rows()).collect();
            rng.shuffle(&mut order);
            let mut set: Vec<usize> = Vec::new();
            for r in order {
                let rows = [&set[..], &[r]].concat();
                if m.compatible(&rows).unwrap() {
                    set.push(r);
                }
            }
            let one = Fixed { forced: vec![rng.usize(..m.rows())], excluded: Vec::new(), within: false };
            for fixed in [Fixed::default(), one, Fixed { forced: set, excluded: Vec::new(), within: false }] {
                let (alive, keys) = (with.alive.clone(), with.keys.all().to_vec());
                // How many rows the forced ones leave in play.
                let updates = with.updates;
                with.force(&fixed);
                let left: u32 = with.alive.iter().map(|w| w.count_ones()).sum();
                most[usize::from((2 * left as usize) < m.rows())] += 1;
                with.unforce(&fixed);
                with.updates = updates;
                let a = walked(&mut with, &fixed);
                assert_eq!(a, walked(&mut without, &fixed), "{fixed:?}\n{m:?}");
                assert_eq!(a, walked(&mut shallow, &fixed), "{fixed:?}\n{m:?}");
                assert_eq!((with.alive.clone(), with.keys.all().to_vec()), (alive, keys));
                solved += usize::from(!a.0.is_empty());
            }
        }
        assert!(solved > 100, "only {solved} walks found solutions");
        assert!(most[0] > 100 && most[1] > 100 && same > 100, "{most:?} {same}");
        assert!(groups[0] > 100 && groups[1] > 100, "{groups:?}");
        assert!(colored > 100, "{colored}");
    }
}
