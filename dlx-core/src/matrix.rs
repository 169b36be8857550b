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

#[cfg(test)]
mod tests {
    use super::*;

    /// A small generator, so the cases are the same on every run.
    fn next(state: &mut u64) -> u64 {
        *state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        *state >> 33
    }

    #[test]
    fn dense_rows_equal_rows_added_one_by_one() {
        let mut seed = 7;
        for _ in 0..300 {
            let columns = 1 + next(&mut seed) as usize % 40;
            let width = 1 + next(&mut seed) as usize % columns;
            let stride = width + next(&mut seed) as usize % 9;
            let rows = next(&mut seed) as usize % 12;
            // Any non-zero byte is an entry; the bytes past `width` in each
            // stride are noise that must be ignored.
            let mut cells = vec![0u8; rows * stride];
            for (k, cell) in cells.iter_mut().enumerate() {
                if k % stride >= width || next(&mut seed) % 4 == 0 {
                    *cell = 1 + (next(&mut seed) % 255) as u8;
                }
            }
            let mut one = Matrix::new(columns).unwrap();
            let mut bulk = Matrix::new(columns).unwrap();
            one.add_row(&[0]).unwrap();
            bulk.add_row(&[0]).unwrap();
            let mut expected = Ok(1);
            for r in 0..rows {
                let cols: Vec<usize> = (0..width).filter(|&c| cells[r * stride + c] != 0).collect();
                if let Err(e) = one.add_row(&cols) {
                    expected = Err((r, e));
                    break;
                }
            }
            let got = bulk.add_dense_rows(&cells, rows, width, stride);
            assert_eq!(got, expected);
            if got.is_ok() {
                assert_eq!(bulk, one);
            } else {
                // Refused: nothing of the call stays.
                assert_eq!((bulk.rows(), bulk.entries()), (1, 1));
            }
        }
    }

    #[test]
    fn dense_rows_refuse_bad_shapes_and_columns() {
        let mut m = Matrix::new(3).unwrap();
        assert_eq!(m.add_dense_rows(&[1, 0, 0, 1], 2, 3, 2), Err((0, Error::InvalidArgument)));
        assert_eq!(m.add_dense_rows(&[1, 0, 0, 1, 1], 2, 3, 3), Err((0, Error::InvalidArgument)));
        assert_eq!(m.add_dense_rows(&[1, 0, 0, 0, 0, 0, 0, 1], 2, 4, 4), Err((1, Error::ColumnRange)));
        assert_eq!(m.add_dense_rows(&[1, 0, 0, 0, 0, 0], 2, 3, 3), Err((1, Error::EmptyRow)));
        assert_eq!(m.rows(), 0);
        assert_eq!(m.add_dense_rows(&[], 0, 3, 3), Ok(0));
        // Colors and costs in use stay one per entry and one per row.
        m.set_secondary(2).unwrap();
        m.add_colored_row(&[0, 2], &[0, 5]).unwrap();
        m.set_cost(0, 4).unwrap();
        assert_eq!(m.add_dense_rows(&[0, 1, 1, 1, 0, 0], 2, 3, 3), Ok(1));
        assert_eq!((m.color_id(1, 1), m.cost(2), m.cost(0)), (Some(0), Some(0), Some(4)));
        assert_eq!(m.row(2).unwrap().collect::<Vec<_>>(), vec![0]);
    }

    #[test]
    fn many_rows_at_once_or_none() {
        let mut m = Matrix::new(4).unwrap();
        m.set_secondary(3).unwrap();
        assert_eq!(m.add_rows(&[0, 2, 3], &[0, 3, 1], Some(&[0, 2, 0])), Ok(0));
        assert_eq!(m.color_id(0, 1), Some(2));
        let before = m.clone();
        assert_eq!(m.add_rows(&[0, 1, 3], &[2, 1, 1], None), Err((1, Error::DuplicateColumn)));
        assert_eq!(m.add_rows(&[0, 2, 1], &[2, 1], None), Err((1, Error::InvalidArgument)));
        assert_eq!(m.add_rows(&[0, 1, 2], &[2, 0], Some(&[0, 1])), Err((1, Error::ColorOnPrimary)));
        assert_eq!(m.add_rows(&[0, 1, 4], &[2, 0], None), Err((1, Error::InvalidArgument)));
        assert_eq!(m, before);
        assert_eq!(m.add_rows(&[5], &[], None), Ok(2));
        assert_eq!(m, before);
    }

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

    /// Generalised by values, not by what was once set: a matrix whose
    /// bounds went back to (1, 1), or were dropped by making the column
    /// secondary, is plain (it failed when the answer was "bounds were
    /// ever stored"); a color or a bound in force is not.
    #[test]
    fn generalized_is_a_matter_of_values() {
        let mut m = Matrix::new(3).unwrap();
        m.set_secondary(2).unwrap();
        m.add_row(&[0, 2]).unwrap();
        assert!(!m.is_generalized());
        m.set_bounds(0, 1, 2).unwrap();
        assert!(m.is_generalized());
        m.set_bounds(0, 1, 1).unwrap();
        assert!(!m.is_generalized());
        m.set_bounds(1, 0, 1).unwrap();
        assert!(m.is_generalized());
        m.set_secondary(1).unwrap();
        assert!(!m.is_generalized());
        m.add_colored_row(&[0, 2], &[0, 0]).unwrap();
        assert!(!m.is_generalized());
        m.add_colored_row(&[1, 2], &[0, 5]).unwrap();
        assert!(m.is_generalized());
    }
}
