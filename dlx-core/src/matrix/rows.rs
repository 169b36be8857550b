//! Adding rows: one at a time, colored, many from one array, or dense
//! rows of 0s and 1s; each call checks every row before it adds any, so a
//! bad row changes nothing.

use super::{Matrix, MAX_NODES};
use crate::error::Error;

impl Matrix {
    /// Adds a row covering `columns`, as [`Matrix::add_row`] does, where
    /// entry `k` gives its column color `colors[k]` (0: no color). Rows
    /// that give a secondary column the same color may be chosen together;
    /// a use without a color excludes every other use. Errors, the matrix
    /// unchanged: those of `add_row`, [`Error::InvalidArgument`] when the
    /// two slices differ in length, [`Error::ColorOnPrimary`] when a
    /// primary column gets a color.
    pub fn add_colored_row(&mut self, columns: &[usize], colors: &[u32]) -> Result<usize, Error> {
        if columns.len() != colors.len() {
            return Err(Error::InvalidArgument);
        }
        let colored = |(&c, &k): (&usize, &u32)| k != 0 && self.is_secondary(c) == Some(false);
        if columns.iter().zip(colors).any(colored) {
            return Err(Error::ColorOnPrimary);
        }
        if colors.iter().all(|&k| k == 0) {
            return self.add_row(columns);
        }
        // Room first, so that nothing can fail after the row is added.
        self.colors.try_reserve_exact(self.entries.len() + columns.len() - self.colors.len())?;
        let row = self.add_row(columns)?;
        self.colors.resize(self.entries.len(), 0);
        let start = self.row_start[row] as usize;
        self.colors[start..].copy_from_slice(colors);
        Ok(row)
    }

    /// Adds many rows at once, all or none: row `i` covers
    /// `columns[starts[i] .. starts[i + 1]]` (so `starts` has one more entry
    /// than there are rows, and never decreases), with the colors
    /// `colors[starts[i] .. starts[i + 1]]` when `colors` is given (as for
    /// [`Matrix::add_colored_row`]). Returns the id of the first row added.
    /// On error the matrix is unchanged and the error comes with the index
    /// (within this call) of the row that was refused:
    /// [`Error::InvalidArgument`] when `starts` decreases or runs past
    /// `columns` (or `colors` is shorter than `columns`), else the error of
    /// the row itself.
    pub fn add_rows(&mut self, starts: &[usize], columns: &[usize], colors: Option<&[u32]>) -> Result<usize, (usize, Error)> {
        let first = self.rows();
        let rows = starts.len().saturating_sub(1);
        if let Some(colors) = colors {
            if colors.len() < columns.len() {
                return Err((0, Error::InvalidArgument));
            }
        }
        for (i, w) in starts.windows(2).enumerate() {
            if w[0] > w[1] || w[1] > columns.len() {
                return Err((i, Error::InvalidArgument));
            }
        }
        let total = match (starts.first(), starts.last()) {
            (Some(&a), Some(&b)) => b - a,
            _ => 0,
        };
        self.all_or_nothing(|m| {
            m.entries.try_reserve(total).map_err(|e| (0, e.into()))?;
            m.row_start.try_reserve(rows).map_err(|e| (0, e.into()))?;
            for (i, w) in starts.windows(2).enumerate() {
                let cols = &columns[w[0]..w[1]];
                match colors {
                    Some(colors) => m.add_colored_row(cols, &colors[w[0]..w[1]]),
                    None => m.add_row(cols),
                }
                .map_err(|e| (i, e))?;
            }
            Ok(first)
        })
    }

    /// Adds `rows` rows from a dense array of bytes, all or none: row `i`
    /// covers the columns `c < width` where `cells[i * stride + c]` is not
    /// zero. Returns the id of the first row added; on error the matrix is
    /// unchanged and the error comes with the row refused (its index in the
    /// array): [`Error::InvalidArgument`] when `cells` is too short for the
    /// shape or `stride < width`, else the error of the row itself (an
    /// empty row, or a column at or past [`Matrix::columns`]).
    pub fn add_dense_rows(&mut self, cells: &[u8], rows: usize, width: usize, stride: usize) -> Result<usize, (usize, Error)> {
        let first = self.rows();
        if rows == 0 {
            return Ok(first);
        }
        let needed = (rows - 1).checked_mul(stride).and_then(|n| n.checked_add(width));
        if stride < width || needed.is_none_or(|n| n > cells.len()) {
            return Err((0, Error::InvalidArgument));
        }
        let line = |i: usize| &cells[i * stride..i * stride + width];
        // A whole line's indices fit in the scratch row, with room for the
        // eight that each word of cells writes.
        let mut row: Vec<u32> = Vec::new();
        row.try_reserve_exact(width + 8).map_err(|e| (0, e.into()))?;
        row.resize(width + 8, 0);
        let columns = self.columns();
        self.all_or_nothing(|m| {
            m.row_start.try_reserve(rows).map_err(|e| (0, e.into()))?;
            for i in 0..rows {
                let len = nonzero_indices(line(i), &mut row);
                // The indices rise, so they are distinct and only the last
                // can be out of range.
                match row[..len].last() {
                    None => return Err((i, Error::EmptyRow)),
                    Some(&c) if c as usize >= columns => return Err((i, Error::ColumnRange)),
                    Some(_) => {}
                }
                m.check_room(len).and_then(|()| m.append_row(len, row[..len].iter().copied())).map_err(|e| (i, e))?;
            }
            Ok(first)
        })
    }

    /// Runs `f`, which only appends rows; when it fails, cuts the matrix
    /// back to where it was, which restores it exactly.
    fn all_or_nothing<T>(&mut self, f: impl FnOnce(&mut Self) -> Result<T, (usize, Error)>) -> Result<T, (usize, Error)> {
        let kept = (self.entries.len(), self.row_start.len(), self.colors.len(), self.costs.len());
        let result = f(self);
        if result.is_err() {
            self.entries.truncate(kept.0);
            self.row_start.truncate(kept.1);
            self.colors.truncate(kept.2);
            self.costs.truncate(kept.3);
        }
        result
    }

    /// Appends rows the parser has checked (every column in range, none
    /// twice in a row, no row empty): row `i` ends at `ends[i]` in
    /// `entries`; `colors` gives (entry, color id of
    /// [`Matrix::add_color_name`]) and `costs` (row, cost), both counted
    /// within these lists. All or nothing: on error, the first row that
    /// does not fit (or row 0) and why.
    pub(crate) fn append_checked_rows(
        &mut self,
        entries: &[u32],
        ends: &[u32],
        colors: &[(u32, u32)],
        costs: &[(u32, i64)],
    ) -> Result<(), (usize, Error)> {
        let fits = |rows: usize, len: usize| {
            Self::nodes_needed(self.columns() as u64, (self.rows() + rows) as u64, (self.entries.len() + len) as u64)
                <= MAX_NODES
        };
        if !fits(ends.len(), entries.len()) {
            let r = (0..ends.len()).position(|r| !fits(r + 1, ends[r] as usize)).unwrap_or(0);
            return Err((r, Error::TooLarge));
        }
        let (base, row_base) = (self.entries.len(), self.rows());
        let oom = |_| (0, Error::OutOfMemory);
        // Every allocation first: nothing changes unless all succeed.
        self.entries.try_reserve(entries.len()).map_err(oom)?;
        self.row_start.try_reserve(ends.len()).map_err(oom)?;
        let colored = !colors.is_empty() || !self.colors.is_empty();
        if colored {
            self.colors.try_reserve(base + entries.len() - self.colors.len()).map_err(oom)?;
        }
        let costed = costs.iter().any(|&(_, c)| c != 0) || !self.costs.is_empty();
        if costed {
            self.costs.try_reserve(row_base + ends.len() - self.costs.len()).map_err(oom)?;
        }
        self.entries.extend_from_slice(entries);
        self.row_start.extend(ends.iter().map(|&e| (base + e as usize) as u32));
        if colored {
            self.colors.resize(self.entries.len(), 0);
            for &(k, id) in colors {
                self.colors[base + k as usize] = id + 1;
            }
        }
        if costed {
            self.costs.resize(self.rows(), 0);
            for &(r, c) in costs {
                self.costs[row_base + r as usize] = c;
            }
        }
        Ok(())
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
        self.check_room(columns.len())?;
        if has_duplicate(columns, &mut self.scratch)? {
            return Err(Error::DuplicateColumn);
        }
        self.append_row(columns.len(), columns.iter().map(|&c| c as u32))
    }

    /// [`Error::TooLarge`] when one more row of `len` entries would take
    /// the links past 32-bit indices.
    fn check_room(&self, len: usize) -> Result<(), Error> {
        let needed = Self::nodes_needed(self.columns() as u64, self.rows() as u64 + 1, (self.entries.len() + len) as u64);
        if needed > MAX_NODES {
            return Err(Error::TooLarge);
        }
        Ok(())
    }

    /// Appends a checked row of `len` entries (no color, cost 0), keeping
    /// colors and costs one per entry and one per row when they are in use,
    /// and returns its id. Every allocation comes first: on error nothing
    /// has changed.
    fn append_row(&mut self, len: usize, entries: impl Iterator<Item = u32>) -> Result<usize, Error> {
        self.entries.try_reserve(len)?;
        self.row_start.try_reserve(1)?;
        if !self.colors.is_empty() {
            self.colors.try_reserve(len)?;
        }
        if !self.costs.is_empty() {
            self.costs.try_reserve(1)?;
        }
        self.entries.extend(entries);
        self.row_start.push(self.entries.len() as u32);
        if !self.colors.is_empty() {
            self.colors.resize(self.entries.len(), 0);
        }
        if !self.costs.is_empty() {
            self.costs.push(0);
        }
        Ok(self.rows() - 1)
    }
}

/// For each byte value `m`, the positions of its set bits, lowest first
/// (the rest of the eight entries 0).
const BIT_POSITIONS: [[u8; 8]; 256] = {
    let mut table = [[0u8; 8]; 256];
    let mut m = 0;
    while m < 256 {
        let (mut bit, mut k) = (0, 0);
        while bit < 8 {
            if (m >> bit) & 1 == 1 {
                table[m][k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        m += 1;
    }
    table
};

/// Writes to `out` the indices of the non-zero bytes of `line`, in
/// increasing order, and returns how many there are. `out` has room for
/// `line.len() + 8` indices. Eight bytes at a time and without a branch on
/// the data (whose non-zeros fall at random): a word's non-zero bytes
/// become one bit each, the table gives their positions, all eight slots
/// are written and only the count advances.
fn nonzero_indices(line: &[u8], out: &mut [u32]) -> usize {
    const LOW: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let mut words = line.chunks_exact(8);
    let (mut len, mut base) = (0, 0u32);
    for word in &mut words {
        let w = u64::from_le_bytes(word.try_into().unwrap_or([0; 8]));
        // Adding 0x7f to a byte's low seven bits carries into its high bit
        // unless they are all zero; its own high bit is or-ed in.
        let high = (((w & LOW) + LOW) | w) & !LOW;
        // Gathers the eight high bits, byte k's as bit k.
        let mask = ((high >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as usize;
        let slots = &mut out[len..len + 8];
        for (slot, &p) in slots.iter_mut().zip(&BIT_POSITIONS[mask]) {
            *slot = base + u32::from(p);
        }
        len += mask.count_ones() as usize;
        base += 8;
    }
    for &cell in words.remainder() {
        out[len] = base;
        len += usize::from(cell != 0);
        base += 1;
    }
    len
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
