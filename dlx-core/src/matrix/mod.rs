//! The problem: columns and rows of an exact cover matrix.
//!
//! A [`Matrix`] has a fixed number of columns, numbered from 0. Each column
//! is *primary* (every solution covers it exactly once) or *secondary* (a
//! solution covers it at most once). Rows are added one at a time as lists of
//! distinct column indices and get ids 0, 1, 2, ... in the order they were
//! added. As in Knuth's programs, a row whose columns are all secondary is
//! never part of a solution: the search only branches on primary columns.
//!
//! A matrix read from Knuth's text format ([`format`](crate::format)) also
//! keeps what that format can say beyond plain exact cover: the item names,
//! bounds on primary columns (DLX3), colors on secondary entries (DLX2) and
//! costs of rows (DLX5). Each of these is stored only once it is used: a
//! plain matrix carries four empty vectors and nothing else. Costs can also
//! be set through [`Matrix::set_cost`]; a search uses them when it is given
//! an [`Objective`](crate::Objective). A matrix that uses bounds or colors
//! is [`generalized`](Matrix::is_generalized): it is solved by the
//! generalised engine (`engine::mcc`). Bounds and colors can
//! be given in code too ([`Matrix::set_bounds`], [`Matrix::add_colored_row`]).
//!
//! The matrix is only the model: it stores the rows compactly, one after
//! another in a single array. The dancing links that a search needs are
//! built from it by each [`Solver`](crate::Solver), so solving never changes
//! the matrix and any number of solvers may read one matrix at once.

mod rows;
mod symmetry;
#[cfg(test)]
mod tests;

use crate::error::Error;

/// The largest node index the links may use; everything must fit below it.
/// See `engine::links` for how nodes are counted.
pub(crate) const MAX_NODES: u64 = u32::MAX as u64 - 1;

/// The bounds of a primary column when none are given: exactly once.
pub const DEFAULT_BOUNDS: (u32, u32) = (1, 1);

/// An exact cover problem: columns (primary or secondary) and rows.
#[derive(Clone, Debug, Default)]
pub struct Matrix {
    secondary: Vec<bool>,
    /// Column indices of all rows, one row after another.
    entries: Vec<u32>,
    /// `row_start[r]..row_start[r + 1]` is row `r` in `entries`.
    row_start: Vec<u32>,
    /// The column names: empty, or one per column.
    names: Names,
    /// `(lower, upper)` per column: empty while every primary column has
    /// [`DEFAULT_BOUNDS`].
    bounds: Vec<(u32, u32)>,
    /// Per entry, 0 (no color) or `k` for `color_names` entry `k - 1`:
    /// empty while no entry has a color.
    colors: Vec<u32>,
    /// The distinct color names, in order of first use.
    color_names: Names,
    /// Per row, its cost: empty while every cost is 0.
    costs: Vec<i64>,
    /// Per column, whether the search prefers it when it picks the column
    /// to branch on ([`Matrix::set_preferred`]): empty while none is.
    preferred: Vec<bool>,
    /// The symmetries the caller gave ([`Matrix::add_symmetry`]), each a
    /// column permutation of `columns()` images, one after another.
    symmetries: Vec<u32>,
    /// Scratch space for the duplicate check of `add_row`.
    scratch: Vec<usize>,
}

/// Two matrices are equal when they state the same problem with the same
/// names, bounds, colors and costs (scratch space aside).
impl PartialEq for Matrix {
    fn eq(&self, other: &Self) -> bool {
        self.secondary == other.secondary
            && self.entries == other.entries
            && self.row_start == other.row_start
            && self.names == other.names
            && self.bounds == other.bounds
            && self.colors == other.colors
            && self.color_names == other.color_names
            && self.costs == other.costs
            && self.preferred == other.preferred
            && self.symmetries == other.symmetries
    }
}

impl Eq for Matrix {}

/// A list of strings stored one after another, each followed by a NUL, so
/// that the C API can hand out pointers into it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Names {
    text: String,
    /// `end[i]` is the offset just past name `i` (before its NUL).
    end: Vec<u32>,
}

impl Names {
    pub(crate) fn len(&self) -> usize {
        self.end.len()
    }

    /// The offset where name `i` starts.
    fn start(&self, i: usize) -> usize {
        if i == 0 {
            0
        } else {
            self.end[i - 1] as usize + 1
        }
    }

    pub(crate) fn get(&self, i: usize) -> Option<&str> {
        let end = *self.end.get(i)? as usize;
        Some(&self.text[self.start(i)..end])
    }

    /// Name `i` with its NUL, for the C API.
    pub(crate) fn get_with_nul(&self, i: usize) -> Option<&[u8]> {
        let end = *self.end.get(i)? as usize;
        Some(&self.text.as_bytes()[self.start(i)..=end])
    }

    /// A copy, or [`Error::OutOfMemory`].
    pub(crate) fn try_clone(&self) -> Result<Names, Error> {
        let mut text = String::new();
        text.try_reserve_exact(self.text.len())?;
        text.push_str(&self.text);
        Ok(Names { text, end: crate::alloc::copied(&self.end)? })
    }

    /// Appends `name`, which must not contain NUL; the offsets must fit in
    /// 32 bits.
    pub(crate) fn push(&mut self, name: &str) -> Result<(), Error> {
        let end = self.text.len() + name.len();
        if end >= u32::MAX as usize {
            return Err(Error::TooLarge);
        }
        self.text.try_reserve(name.len() + 1)?;
        self.end.try_reserve(1)?;
        self.text.push_str(name);
        self.text.push('\0');
        self.end.push(end as u32);
        Ok(())
    }
}

impl Matrix {
    /// A copy of the problem's structure (columns, rows, bounds, colors),
    /// without the names and costs, or [`Error::OutOfMemory`]: what a
    /// solver keeps for its memoized count ([`crate::memo`]).
    pub(crate) fn try_clone_structure(&self) -> Result<Matrix, Error> {
        use crate::alloc::copied;
        Ok(Matrix {
            secondary: copied(&self.secondary)?,
            entries: copied(&self.entries)?,
            row_start: copied(&self.row_start)?,
            bounds: copied(&self.bounds)?,
            colors: copied(&self.colors)?,
            preferred: copied(&self.preferred)?,
            symmetries: copied(&self.symmetries)?,
            ..Matrix::default()
        })
    }

    /// The problem cut down to the rows and columns marked `true` (one
    /// mark per row and per column), renumbered in their order, with their
    /// names, bounds, colors and costs; each kept row keeps only its
    /// entries on kept columns, and must keep at least one. Errors:
    /// [`Error::OutOfMemory`], [`Error::EmptyRow`].
    pub(crate) fn restricted(&self, rows: &[bool], columns: &[bool]) -> Result<Matrix, Error> {
        use crate::alloc::filled;
        debug_assert!(rows.len() == self.rows() && columns.len() == self.columns());
        let mut new_index: Vec<u32> = filled(self.columns())?;
        let mut out = Matrix::new(0)?;
        for (j, _) in columns.iter().enumerate().filter(|(_, &k)| k) {
            new_index[j] = out.secondary.len() as u32;
            out.secondary.try_reserve(1)?;
            out.secondary.push(self.secondary[j]);
            if let Some(name) = self.names.get(j) {
                out.names.push(name)?;
            }
        }
        for (j, _) in columns.iter().enumerate().filter(|(_, &k)| k) {
            if let Some(&b) = self.bounds.get(j) {
                out.store_bounds(new_index[j] as usize, b)?;
            }
            if self.preferred.get(j) == Some(&true) {
                out.set_preferred(new_index[j] as usize, true)?;
            }
        }
        out.color_names = self.color_names.try_clone()?;
        let colored = !self.colors.is_empty();
        for r in (0..self.rows()).filter(|&r| rows[r]) {
            let (a, b) = (self.row_start[r] as usize, self.row_start[r + 1] as usize);
            let kept = (a..b).filter(|&k| columns[self.entries[k] as usize]);
            let len = kept.clone().count();
            if len == 0 {
                return Err(Error::EmptyRow);
            }
            out.entries.try_reserve(len)?;
            out.row_start.try_reserve(1)?;
            if colored {
                out.colors.try_reserve(len)?;
            }
            for k in kept {
                out.entries.push(new_index[self.entries[k] as usize]);
                if colored {
                    out.colors.push(self.colors[k]);
                }
            }
            out.row_start.push(out.entries.len() as u32);
            if !self.costs.is_empty() {
                out.costs.try_reserve(1)?;
                out.costs.push(self.costs[r]);
            }
        }
        if out.colors.iter().all(|&c| c == 0) {
            out.colors = Vec::new();
        }
        if out.costs.iter().all(|&c| c == 0) {
            out.costs = Vec::new();
        }
        Ok(out)
    }

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
        Ok(Matrix { secondary, row_start, ..Matrix::default() })
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
    /// need not cover it at all (any bounds it had are dropped). Marking it
    /// again does nothing.
    pub fn set_secondary(&mut self, column: usize) -> Result<(), Error> {
        let flag = self.secondary.get_mut(column).ok_or(Error::ColumnRange)?;
        *flag = true;
        if let Some(b) = self.bounds.get_mut(column) {
            *b = DEFAULT_BOUNDS;
        }
        Ok(())
    }

    /// The name of `column`; `None` when it is out of range or the matrix
    /// has no names (names come from the item line of the text format).
    pub fn column_name(&self, column: usize) -> Option<&str> {
        self.names.get(column)
    }

    /// [`column_name`](Matrix::column_name) as a C string, stored in the
    /// matrix (names hold no NUL): what the C API hands out.
    pub fn column_name_cstr(&self, column: usize) -> Option<&std::ffi::CStr> {
        self.names.get_with_nul(column).and_then(|name| std::ffi::CStr::from_bytes_with_nul(name).ok())
    }

    /// Whether the columns have names.
    pub fn has_names(&self) -> bool {
        self.names.len() > 0
    }

    /// The bounds `(lower, upper)` on how many chosen rows may cover
    /// `column`: [`DEFAULT_BOUNDS`] for a primary column unless the text
    /// gave others, `(0, 1)` for a secondary one; `None` when out of range.
    pub fn bounds(&self, column: usize) -> Option<(u32, u32)> {
        match self.is_secondary(column)? {
            true => Some((0, 1)),
            false => Some(self.bounds.get(column).copied().unwrap_or(DEFAULT_BOUNDS)),
        }
    }

    /// The color of the `k`-th entry of row `row` (in the row's order):
    /// `None` when it has none or is out of range.
    pub fn color(&self, row: usize, k: usize) -> Option<&str> {
        let start = *self.row_start.get(row)? as usize;
        let end = *self.row_start.get(row + 1)? as usize;
        if k >= end - start {
            return None;
        }
        match *self.colors.get(start + k)? {
            0 => None,
            c => self.color_names.get(c as usize - 1),
        }
    }

    /// The cost of row `row` (0 unless one was set); `None` when out of
    /// range.
    pub fn cost(&self, row: usize) -> Option<i64> {
        if row >= self.rows() {
            return None;
        }
        Some(self.costs.get(row).copied().unwrap_or(0))
    }

    /// Marks `column` preferred (or not) when a search picks the primary
    /// column to branch on: Knuth's rule in DLX2-SHARP and DLX3-SHARP,
    /// which the text format applies to items named with a leading `#`.
    /// Every engine picks a column of at most one row left (one branch, for
    /// bounds) first, as always; otherwise a preferred column of fewest
    /// rows (branches), the first such in column order; otherwise, when
    /// every preferred column is covered, any column, as without
    /// preferences. Solutions and counts do not change; the tree does,
    /// and so do the counters and the order of solutions. The memoized
    /// count keeps its own rule. A secondary column's mark has no effect
    /// while it is secondary. Errors, the matrix unchanged:
    /// [`Error::ColumnRange`], [`Error::OutOfMemory`].
    pub fn set_preferred(&mut self, column: usize, preferred: bool) -> Result<(), Error> {
        if column >= self.columns() {
            return Err(Error::ColumnRange);
        }
        if self.preferred.is_empty() {
            if !preferred {
                return Ok(());
            }
            self.preferred.try_reserve_exact(self.columns())?;
            self.preferred.resize(self.columns(), false);
        }
        self.preferred[column] = preferred;
        Ok(())
    }

    /// Whether `column` is preferred ([`Matrix::set_preferred`]); `None`
    /// when out of range.
    pub fn is_preferred(&self, column: usize) -> Option<bool> {
        (column < self.columns()).then(|| self.preferred.get(column).copied().unwrap_or(false))
    }

    /// Whether some primary column is preferred.
    pub(crate) fn has_preferred(&self) -> bool {
        self.preferred.iter().zip(&self.secondary).any(|(&p, &s)| p && !s)
    }

    /// Whether some row has a cost other than 0.
    pub fn has_costs(&self) -> bool {
        self.costs.iter().any(|&c| c != 0)
    }

    /// Sets the cost of row `row`, any `i64` (negative costs included; see
    /// [`Objective`](crate::Objective) for what a search makes of them).
    /// Costs matter only to a search with an objective. Errors:
    /// [`Error::RowRange`], [`Error::OutOfMemory`] (the matrix unchanged).
    pub fn set_cost(&mut self, row: usize, cost: i64) -> Result<(), Error> {
        if row >= self.rows() {
            return Err(Error::RowRange);
        }
        if self.costs.is_empty() {
            if cost == 0 {
                return Ok(());
            }
            self.costs.try_reserve_exact(self.rows())?;
            self.costs.resize(self.rows(), 0);
        }
        self.costs[row] = cost;
        Ok(())
    }

    /// Whether the matrix uses bounds other than "exactly once" or colors:
    /// a [`Solver`](crate::Solver) then runs the generalised engine
    /// (`engine::mcc`) instead of plain exact cover. What counts is the
    /// values, not how they were set: bounds set back to `(1, 1)` (or
    /// dropped by making the column secondary) and rows whose colors are
    /// all 0 leave a matrix plain.
    pub fn is_generalized(&self) -> bool {
        self.has_bounds() || self.colors.iter().any(|&k| k != 0)
    }

    /// Whether some primary column has bounds other than
    /// [`DEFAULT_BOUNDS`] (a [generalized](Matrix::is_generalized) matrix
    /// without them has only colors).
    pub(crate) fn has_bounds(&self) -> bool {
        self.bounds.iter().zip(&self.secondary).any(|(&b, &secondary)| !secondary && b != DEFAULT_BOUNDS)
    }

    /// The color of each entry (one after another, as [`Matrix::raw`]'s
    /// entries), 0 for none; shorter than the entries when the last ones
    /// have none (empty while no entry has a color).
    pub(crate) fn raw_colors(&self) -> &[u32] {
        &self.colors
    }

    /// Whether `rows` (ids of rows of the matrix) can all be in one
    /// solution: no row twice, no primary column covered more often than
    /// its upper bound, and each secondary column used either once without
    /// a color or only with one color. The one rule for every engine
    /// (for exact cover: no two rows share a column). Errors:
    /// [`Error::OutOfMemory`].
    pub(crate) fn compatible(&self, rows: &[usize]) -> Result<bool, Error> {
        use crate::alloc::filled;
        if !self.is_generalized() {
            // Exact cover (a sudoku forces its clues this way, once a
            // puzzle): a column used twice, which a row given twice is too
            // (no row is empty). The columns used, on the stack up to 1,024
            // columns (a bit set would cost a shift and a mask an entry).
            let mut stack = [false; 1024];
            let mut heap: Vec<bool>;
            let used: &mut [bool] = if self.columns() <= stack.len() {
                &mut stack[..self.columns()]
            } else {
                heap = filled(self.columns())?;
                &mut heap
            };
            for &r in rows {
                let row = &self.entries[self.row_start[r] as usize..self.row_start[r + 1] as usize];
                if row.iter().any(|&j| std::mem::replace(&mut used[j as usize], true)) {
                    return Ok(false);
                }
            }
            return Ok(true);
        }
        // Per column: uses so far, and the color of the first use.
        let mut uses: Vec<(u32, u32)> = filled(self.columns())?;
        let mut seen: Vec<bool> = filled(self.rows())?;
        for &r in rows {
            debug_assert!(r < self.rows(), "row {r} checked by the caller");
            if std::mem::replace(&mut seen[r], true) {
                return Ok(false);
            }
            for k in self.row_start[r] as usize..self.row_start[r + 1] as usize {
                let j = self.entries[k] as usize;
                let color = self.colors.get(k).copied().unwrap_or(0);
                let (n, first) = uses[j];
                let upper = self.bounds.get(j).map_or(DEFAULT_BOUNDS.1, |b| b.1);
                let fits = if self.secondary[j] { n == 0 || (color != 0 && color == first) } else { n < upper };
                if !fits {
                    return Ok(false);
                }
                uses[j] = (n + 1, if n == 0 { color } else { first });
            }
        }
        Ok(true)
    }

    /// Whether `rows` is a whole solution: ids of this matrix's rows that
    /// are [`compatible`](Matrix::compatible) (no row twice, no column past
    /// its upper bound, colors agreeing) and cover every primary column at
    /// least its lower bound of times. The rule a checkpoint's solutions
    /// are held to. Errors: [`Error::OutOfMemory`].
    pub(crate) fn is_solution(&self, rows: &[usize]) -> Result<bool, Error> {
        if rows.iter().any(|&r| r >= self.rows()) || !self.compatible(rows)? {
            return Ok(false);
        }
        let mut uses: Vec<u32> = crate::alloc::filled(self.columns())?;
        for &r in rows {
            for &j in &self.entries[self.row_start[r] as usize..self.row_start[r + 1] as usize] {
                uses[j as usize] += 1;
            }
        }
        let lower = |j: usize| self.bounds.get(j).map_or(DEFAULT_BOUNDS.0, |b| b.0);
        Ok((0..self.columns()).all(|j| self.secondary[j] || uses[j] >= lower(j)))
    }

    /// Lets every solution cover primary column `column` between `lower`
    /// and `upper` times (exact cover is `(1, 1)`, "at least once" is `(1,
    /// rows)`, `(0, 0)` forbids it). A secondary column keeps its `(0, 1)`:
    /// making a column secondary drops any bounds it had. Errors, the matrix
    /// unchanged: [`Error::ColumnRange`], [`Error::Bounds`] (`lower >
    /// upper`, or the column is secondary), [`Error::OutOfMemory`].
    pub fn set_bounds(&mut self, column: usize, lower: u32, upper: u32) -> Result<(), Error> {
        match self.is_secondary(column) {
            None => Err(Error::ColumnRange),
            Some(true) => Err(Error::Bounds),
            Some(false) if lower > upper => Err(Error::Bounds),
            Some(false) => self.store_bounds(column, (lower, upper)),
        }
    }

    /// The color id of the `k`-th entry of row `row`: 0 when it has none,
    /// `None` when out of range. Colors from the text format are numbered
    /// from 1 in order of first use ([`Matrix::color`] gives their names).
    pub fn color_id(&self, row: usize, k: usize) -> Option<u32> {
        let start = *self.row_start.get(row)? as usize;
        let end = *self.row_start.get(row + 1)? as usize;
        if k >= end - start {
            return None;
        }
        Some(self.colors.get(start + k).copied().unwrap_or(0))
    }

    /// Gives the columns names, one per column (all distinct, none
    /// containing NUL: the parser checks this).
    pub(crate) fn set_names(&mut self, names: Names) {
        debug_assert_eq!(names.len(), self.columns());
        self.names = names;
    }

    /// Stores the bounds of column `column` (in range).
    pub(crate) fn store_bounds(&mut self, column: usize, bounds: (u32, u32)) -> Result<(), Error> {
        if self.bounds.is_empty() {
            if bounds == DEFAULT_BOUNDS {
                return Ok(());
            }
            self.bounds.try_reserve_exact(self.columns())?;
            self.bounds.resize(self.columns(), DEFAULT_BOUNDS);
        }
        self.bounds[column] = bounds;
        Ok(())
    }

    /// The color names, in order of first use (ids 1, 2, ...).
    pub(crate) fn color_names(&self) -> impl Iterator<Item = &str> + '_ {
        (0..self.color_names.len()).filter_map(|i| self.color_names.get(i))
    }

    /// Adds a color name and returns its id for [`Matrix::append_checked_rows`];
    /// the caller makes sure the name is new and contains no NUL.
    pub(crate) fn add_color_name(&mut self, color: &str) -> Result<u32, Error> {
        self.color_names.push(color)?;
        Ok(self.color_names.len() as u32 - 1)
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
}
