//! Preprocessing: the rows and columns a problem can do without, found
//! before any search, as Knuth's DLX-PRE finds them.
//!
//! Two rules, applied in rounds until a round changes nothing (or the work
//! limit is reached, which leaves a smaller reduction, never a wrong one):
//!
//! - **Forcing.** When every live row of a primary column `p` that must be
//!   covered exactly once holds column `c` without a color, and `c` may be
//!   covered at most once, then whichever row covers `p` covers `c`: the
//!   rows that hold `c` but not `p` go, and `c` goes from the problem (its
//!   rows are `p`'s, which clash at `p` anyway).
//! - **Blocking.** When every live row of a primary column `p` that must be
//!   covered at least once clashes with row `r`, which does not hold `p`,
//!   then `r` leaves `p` uncoverable: `r` goes. Two rows *clash* at a
//!   primary column of upper bound 1, and at a secondary column unless both
//!   give it the same color. A primary column of upper bound 2 or more
//!   makes no clash: with multiplicities, only what two rows rule out
//!   together counts.
//!
//! Besides: a row with no primary column is never chosen (the search
//! branches on primary columns) and a row on a primary column of upper
//! bound 0 can never be; both go at once. A column left with no rows goes;
//! if it is primary and must be covered, the problem has no solution
//! (*infeasible*) and every row goes.
//!
//! Every removed row is in no solution, so the solutions of what is left
//! are exactly those of the problem, row for row: [`preprocess`] cuts the
//! matrix down to what is left, and a search may simply leave the removed
//! rows out ([`Solver::preprocess`](crate::Solver::preprocess)). The rules only remove, and a removal
//! never makes another impossible (forcing changes no clash between live
//! rows), so the result of a complete run does not depend on the order of
//! the steps: it is the one fixed point, which is what lets it be compared
//! with DLX-PRE's.

use crate::alloc::{filled, filled_with};
use crate::error::Error;
use crate::matrix::{Matrix, DEFAULT_BOUNDS};

/// The work limit the tool and the C API take when none is given (2^32
/// entries read, a few seconds at most).
pub const DEFAULT_WORK: u64 = 4_294_967_296;

/// What a preprocessing did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PreStats {
    /// Rows found in no solution.
    pub rows_removed: usize,
    /// Columns left with no rows, or forced by another.
    pub columns_removed: usize,
    /// Rounds over the problem (the last one changed nothing when
    /// `complete`).
    pub rounds: u64,
    /// Entries read: what the work limit counts.
    pub work: u64,
    /// Whether the rounds reached the fixed point (otherwise the work limit
    /// stopped them: what was removed is still right, more might go).
    pub complete: bool,
    /// Whether a primary column that must be covered has no row left: no
    /// solution. Every row is then removed.
    pub infeasible: bool,
}

/// A problem cut down by preprocessing ([`preprocess`]).
#[derive(Clone, Debug)]
pub struct Preprocessed {
    /// What is left: the live rows and columns, renumbered in their order,
    /// with their names, bounds, colors and costs. A row keeps only its
    /// entries on live columns. When the problem is infeasible: the one
    /// primary column that cannot be covered, and no rows.
    pub matrix: Matrix,
    /// Row `i` of `matrix` is row `rows[i]` of the problem: a solution of
    /// `matrix` maps to the solution of the problem with these rows.
    pub rows: Vec<usize>,
    /// Column `j` of `matrix` is column `columns[j]` of the problem.
    pub columns: Vec<usize>,
    pub stats: PreStats,
}

/// The problem `matrix` without the rows and columns preprocessing finds
/// it can do without (see the module's documentation), spending at most
/// about `work_limit` entries read ([`DEFAULT_WORK`] is the tool's and the
/// C API's default). The solutions of the result, mapped through
/// `Preprocessed::rows`, are exactly those of `matrix`. Errors:
/// [`Error::OutOfMemory`].
pub fn preprocess(matrix: &Matrix, work_limit: u64) -> Result<Preprocessed, Error> {
    let reduction = reduce(matrix, work_limit)?;
    let out = matrix.restricted(&reduction.rows, &reduction.columns)?;
    let rows = marked(&reduction.rows, true, out.rows())?;
    let columns = marked(&reduction.columns, true, out.columns())?;
    Ok(Preprocessed { matrix: out, rows, columns, stats: reduction.stats })
}

/// The rows and columns preprocessing leaves.
#[derive(Clone, Debug)]
pub(crate) struct Reduction {
    pub rows: Vec<bool>,
    pub columns: Vec<bool>,
    pub stats: PreStats,
}

impl Reduction {
    /// The ids of the removed rows, rising.
    pub(crate) fn removed_rows(&self) -> Result<Vec<usize>, Error> {
        marked(&self.rows, false, self.stats.rows_removed)
    }
}

/// The indices `i` where `marks[i] == value`, rising (`count` of them).
fn marked(marks: &[bool], value: bool, count: usize) -> Result<Vec<usize>, Error> {
    let mut out = Vec::new();
    out.try_reserve_exact(count)?;
    out.extend(marks.iter().enumerate().filter(|(_, &m)| m == value).map(|(i, _)| i));
    Ok(out)
}

/// The reduction of `matrix` within `work_limit` entries read.
pub(crate) fn reduce(matrix: &Matrix, work_limit: u64) -> Result<Reduction, Error> {
    let mut p = Pre::new(matrix, work_limit)?;
    p.run();
    let (rows, columns) = (matrix.rows(), matrix.columns());
    let mut stats = PreStats { rounds: p.rounds, work: p.work, infeasible: p.infeasible.is_some(), ..PreStats::default() };
    if let Some(c) = p.infeasible {
        // As DLX-PRE: the column that cannot be covered, and nothing else.
        p.row_live.iter_mut().for_each(|l| *l = false);
        p.col_live.iter_mut().enumerate().for_each(|(j, l)| *l = j == c);
    }
    stats.complete = p.complete || p.infeasible.is_some();
    stats.rows_removed = rows - p.row_live.iter().filter(|&&l| l).count();
    stats.columns_removed = columns - p.col_live.iter().filter(|&&l| l).count();
    Ok(Reduction { rows: p.row_live, columns: p.col_live, stats })
}

/// The state of a preprocessing: live rows and columns, each column's list
/// of `(row, color)` (dead rows are skipped, and dropped once a round), and
/// stamps that mark what the current test has seen.
struct Pre<'a> {
    m: &'a Matrix,
    row_live: Vec<bool>,
    col_live: Vec<bool>,
    /// Live rows per column.
    len: Vec<u32>,
    /// Column `j`'s list is `list[start[j]..start[j] + cap[j]]`.
    list: Vec<(u32, u32)>,
    start: Vec<usize>,
    cap: Vec<u32>,
    /// `(lower, upper)` per column; `(0, 1)` for a secondary one.
    bounds: Vec<(u32, u32)>,
    /// The stamp of the current test: on a column of the row tested, on a
    /// row met, on a column counted (with its count in `hit`).
    stamp: u32,
    in_row: Vec<u32>,
    seen: Vec<u32>,
    hit_at: Vec<u32>,
    hit: Vec<u32>,
    work: u64,
    limit: u64,
    rounds: u64,
    changed: bool,
    complete: bool,
    infeasible: Option<usize>,
    /// Room for the live entries of the longest row.
    scratch: Vec<(usize, u32)>,
}

impl<'a> Pre<'a> {
    fn new(m: &'a Matrix, limit: u64) -> Result<Pre<'a>, Error> {
        let (n, rows) = (m.columns(), m.rows());
        let (entries, _) = m.raw();
        let mut cap: Vec<u32> = filled(n)?;
        for &j in entries {
            cap[j as usize] += 1;
        }
        let mut start: Vec<usize> = filled(n + 1)?;
        for j in 0..n {
            start[j + 1] = start[j] + cap[j] as usize;
        }
        let mut list: Vec<(u32, u32)> = filled(entries.len())?;
        let mut fill: Vec<usize> = crate::alloc::copied(&start[..n])?;
        for r in 0..rows {
            for (j, color) in entries_of(m, r) {
                list[fill[j]] = (r as u32, color);
                fill[j] += 1;
            }
        }
        let mut bounds: Vec<(u32, u32)> = filled(n)?;
        for (j, b) in bounds.iter_mut().enumerate() {
            *b = if m.is_secondary(j) == Some(true) { (0, 1) } else { m.bounds(j).unwrap_or(DEFAULT_BOUNDS) };
        }
        Ok(Pre {
            m,
            row_live: filled_with(rows, true)?,
            col_live: filled_with(n, true)?,
            len: crate::alloc::copied(&cap)?,
            list,
            start,
            cap,
            bounds,
            stamp: 0,
            in_row: filled(n)?,
            seen: filled(rows)?,
            hit_at: filled(n)?,
            hit: filled(n)?,
            work: 0,
            limit,
            rounds: 0,
            changed: false,
            complete: false,
            infeasible: None,
            scratch: {
                let longest = (0..rows).map(|r| entries_of(m, r).len()).max().unwrap_or(0);
                let mut v = Vec::new();
                v.try_reserve_exact(longest)?;
                v
            },
        })
    }

    fn primary(&self, j: usize) -> bool {
        self.m.is_secondary(j) == Some(false)
    }

    /// Whether rows that give column `j` the colors `x` and `y` clash there.
    fn clash(&self, j: usize, x: u32, y: u32) -> bool {
        if self.primary(j) {
            self.bounds[j].1 <= 1
        } else {
            x == 0 || x != y
        }
    }

    /// The live entries of row `r`.
    fn live_entries(&self, r: usize) -> impl Iterator<Item = (usize, u32)> + '_ {
        entries_of(self.m, r).filter(|&(j, _)| self.col_live[j])
    }

    /// A new stamp; the marks start over when the stamps run out.
    fn next_stamp(&mut self) -> u32 {
        if self.stamp == u32::MAX {
            self.stamp = 0;
            for v in [&mut self.in_row, &mut self.seen, &mut self.hit_at] {
                v.iter_mut().for_each(|s| *s = 0);
            }
        }
        self.stamp += 1;
        self.stamp
    }

    fn out_of_work(&self) -> bool {
        self.work > self.limit
    }

    /// Rounds until nothing changes, the problem is infeasible, or the
    /// work runs out.
    fn run(&mut self) {
        // Rows that can never be chosen, and columns with no rows at all.
        for r in 0..self.row_live.len() {
            let never = entries_of(self.m, r).all(|(j, _)| !self.primary(j))
                || entries_of(self.m, r).any(|(j, _)| self.primary(j) && self.bounds[j].1 == 0);
            if never {
                self.remove_row(r);
            }
        }
        for j in 0..self.col_live.len() {
            if self.col_live[j] && self.len[j] == 0 {
                self.remove_column(j);
            }
        }
        while self.infeasible.is_none() && !self.out_of_work() {
            self.rounds += 1;
            self.changed = false;
            self.round();
            self.compact();
            if !self.changed && !self.out_of_work() {
                self.complete = true;
                break;
            }
        }
    }

    /// One round: each live column tried for forcing, each live row for
    /// blocking.
    fn round(&mut self) {
        for c in 0..self.col_live.len() {
            if self.infeasible.is_some() || self.out_of_work() {
                return;
            }
            if self.col_live[c] {
                if let Some(p) = self.forcer(c) {
                    self.force(c, p);
                }
            }
        }
        for r in 0..self.row_live.len() {
            if self.infeasible.is_some() || self.out_of_work() {
                return;
            }
            if self.row_live[r] && self.blocks(r) {
                self.remove_row(r);
                self.changed = true;
            }
        }
    }

    /// A primary column of bounds (1, 1) whose every live row holds `c`
    /// without a color, when `c` may be covered at most once.
    fn forcer(&mut self, c: usize) -> Option<usize> {
        if self.bounds[c].1 != 1 {
            return None;
        }
        let stamp = self.next_stamp();
        let (start, cap) = (self.start[c], self.cap[c] as usize);
        for k in start..start + cap {
            let (o, color) = self.list[k];
            if color != 0 || !self.row_live[o as usize] {
                continue;
            }
            for (q, _) in entries_of(self.m, o as usize) {
                self.work += 1;
                if q == c || !self.col_live[q] || !self.primary(q) || self.bounds[q] != (1, 1) {
                    continue;
                }
                if self.count_hit(q, stamp) {
                    return Some(q);
                }
            }
        }
        None
    }

    /// Counts one more row for column `q` under `stamp`; says whether that
    /// is every live row of `q`.
    fn count_hit(&mut self, q: usize, stamp: u32) -> bool {
        if self.hit_at[q] != stamp {
            self.hit_at[q] = stamp;
            self.hit[q] = 0;
        }
        self.hit[q] += 1;
        self.hit[q] == self.len[q]
    }

    /// Column `c` is forced by `p`: the rows with `c` but not `p` go, then
    /// `c` goes.
    fn force(&mut self, c: usize, p: usize) {
        let stamp = self.next_stamp();
        let (ps, pcap) = (self.start[p], self.cap[p] as usize);
        for k in ps..ps + pcap {
            let o = self.list[k].0 as usize;
            self.seen[o] = stamp;
        }
        let (cs, ccap) = (self.start[c], self.cap[c] as usize);
        for k in cs..cs + ccap {
            let o = self.list[k].0 as usize;
            self.work += 1;
            if self.row_live[o] && self.seen[o] != stamp {
                self.remove_row(o);
                if self.infeasible.is_some() {
                    return;
                }
            }
        }
        if self.col_live[c] {
            self.col_live[c] = false;
            self.len[c] = 0;
        }
        self.changed = true;
    }

    /// Whether some primary column that must be covered, not in row `r`,
    /// has only rows that clash with `r`.
    fn blocks(&mut self, r: usize) -> bool {
        let stamp = self.next_stamp();
        for (j, _) in entries_of(self.m, r) {
            self.in_row[j] = stamp;
        }
        let mut row = std::mem::take(&mut self.scratch);
        row.clear();
        row.extend(self.live_entries(r));
        let blocked = self.blocked_by(r, &row, stamp);
        self.scratch = row;
        blocked
    }

    /// [`Pre::blocks`] once row `r`'s live entries are in `row` and its
    /// columns carry `stamp`.
    fn blocked_by(&mut self, r: usize, row: &[(usize, u32)], stamp: u32) -> bool {
        for &(j, x) in row {
            let (start, cap) = (self.start[j], self.cap[j] as usize);
            for k in start..start + cap {
                let (o, y) = self.list[k];
                let o = o as usize;
                self.work += 1;
                if o == r || !self.row_live[o] || self.seen[o] == stamp || !self.clash(j, x, y) {
                    continue;
                }
                self.seen[o] = stamp;
                for (q, _) in entries_of(self.m, o) {
                    self.work += 1;
                    let must = self.primary(q) && self.bounds[q].0 >= 1;
                    if must && self.col_live[q] && self.in_row[q] != stamp && self.count_hit(q, stamp) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Row `r` goes; a column it leaves empty goes too.
    fn remove_row(&mut self, r: usize) {
        self.row_live[r] = false;
        for (j, _) in entries_of(self.m, r) {
            if self.col_live[j] {
                self.len[j] -= 1;
                if self.len[j] == 0 {
                    self.remove_column(j);
                }
            }
        }
    }

    /// Column `j`, with no live row, goes; a primary one that must be
    /// covered makes the problem infeasible.
    fn remove_column(&mut self, j: usize) {
        self.col_live[j] = false;
        if self.primary(j) && self.bounds[j].0 >= 1 && self.infeasible.is_none() {
            self.infeasible = Some(j);
        }
    }

    /// Drops the dead rows from every list.
    fn compact(&mut self) {
        for j in 0..self.cap.len() {
            let start = self.start[j];
            let mut kept = 0;
            for k in start..start + self.cap[j] as usize {
                let e = self.list[k];
                if self.row_live[e.0 as usize] {
                    self.list[start + kept] = e;
                    kept += 1;
                }
            }
            self.work += u64::from(self.cap[j]);
            self.cap[j] = kept as u32;
        }
    }
}

/// The entries of row `r`: `(column, color)`, color 0 for none.
fn entries_of(m: &Matrix, r: usize) -> impl ExactSizeIterator<Item = (usize, u32)> + '_ {
    let (entries, starts) = m.raw();
    let colors = m.raw_colors();
    let (a, b) = (starts[r] as usize, starts[r + 1] as usize);
    (a..b).map(move |k| (entries[k] as usize, colors.get(k).copied().unwrap_or(0)))
}
