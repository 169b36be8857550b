//! The constraints of a matrix over 0/1 variables, as the CNF and OPB
//! writers (`cnf.rs`, `opb.rs`) state them: variable `r + 1` is true
//! when row `r` is in the solution.
//!
//! * A row without a primary column is false: the search never chooses
//!   one (as Knuth's programs never do).
//! * A primary column with bounds `(lo, hi)`: between `lo` and `hi` of its
//!   rows are true (exact cover: exactly one).
//! * A secondary column: at most one of its rows, except that rows which
//!   give it one same color go together. A color's rows get a variable
//!   of their own, true exactly when one of them is (its definition is
//!   part of the constraints); at most one of the uncolored rows and the
//!   colors' variables is true.
//!
//! Every added variable is defined by the rows' variables, so the
//! solutions of the matrix and the models of the constraints are in one
//! to one correspondence: a model counter's count is the solver's count.

use std::io;

use crate::matrix::Matrix;

/// At least `lo` and at most `hi` of `vars` (1-based variable numbers)
/// are true.
pub(super) struct Cardinality {
    pub vars: Vec<u64>,
    pub lo: u64,
    pub hi: u64,
}

/// The constraints of a matrix (see the module's documentation).
pub(super) struct Model {
    /// Variables `1..=rows` are the rows.
    pub rows: u64,
    /// The rows' variables that must be false.
    pub never: Vec<u64>,
    /// `(g, vars)`: variable `g` is true exactly when one of `vars` is.
    pub groups: Vec<(u64, Vec<u64>)>,
    pub cardinalities: Vec<Cardinality>,
    /// The variables numbered so far: the rows and the groups'.
    pub variables: u64,
}

/// Running out of memory, as the writers report it.
pub(super) fn out_of_memory() -> io::Error {
    io::Error::new(io::ErrorKind::OutOfMemory, "out of memory building the export")
}

/// A vector with room for `n`, or the writers' out-of-memory error.
fn with_room<T>(n: usize) -> io::Result<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(n).map_err(|_| out_of_memory())?;
    Ok(v)
}

impl Model {
    pub(super) fn of(m: &Matrix) -> io::Result<Model> {
        let columns = m.columns();
        // Each column's entries: (row variable, color id).
        let mut sizes = with_room::<usize>(columns)?;
        sizes.resize(columns, 0);
        for r in 0..m.rows() {
            for c in m.row(r).into_iter().flatten() {
                sizes[c] += 1;
            }
        }
        let mut entries = with_room::<Vec<(u64, u32)>>(columns)?;
        for &n in &sizes {
            entries.push(with_room(n)?);
        }
        let mut never = Vec::new();
        for r in 0..m.rows() {
            let mut primary = false;
            for (k, c) in m.row(r).into_iter().flatten().enumerate() {
                entries[c].push((r as u64 + 1, m.color_id(r, k).unwrap_or(0)));
                primary |= m.is_secondary(c) == Some(false);
            }
            if !primary {
                never.try_reserve(1).map_err(|_| out_of_memory())?;
                never.push(r as u64 + 1);
            }
        }
        let mut model = Model { rows: m.rows() as u64, never, groups: Vec::new(), cardinalities: Vec::new(), variables: m.rows() as u64 };
        for (c, list) in entries.into_iter().enumerate() {
            if m.is_secondary(c) == Some(true) {
                model.secondary(list)?;
            } else {
                let (lo, hi) = m.bounds(c).unwrap_or((1, 1));
                let vars = list.into_iter().map(|(v, _)| v).collect();
                model.cardinalities.try_reserve(1).map_err(|_| out_of_memory())?;
                model.cardinalities.push(Cardinality { vars, lo: u64::from(lo), hi: u64::from(hi) });
            }
        }
        Ok(model)
    }

    /// A secondary column's constraints: its colors' groups, then at
    /// most one of the uncolored rows and the groups.
    fn secondary(&mut self, mut list: Vec<(u64, u32)>) -> io::Result<()> {
        if list.len() < 2 {
            return Ok(());
        }
        list.sort_by_key(|&(v, color)| (color, v));
        let mut one_of = with_room::<u64>(list.len())?;
        let mut i = 0;
        while i < list.len() {
            let color = list[i].1;
            let end = list[i..].iter().position(|e| e.1 != color).map_or(list.len(), |k| i + k);
            if color == 0 {
                one_of.extend(list[i..end].iter().map(|e| e.0));
            } else if end - i == 1 {
                one_of.push(list[i].0);
            } else {
                self.variables += 1;
                one_of.push(self.variables);
                self.groups.try_reserve(1).map_err(|_| out_of_memory())?;
                self.groups.push((self.variables, list[i..end].iter().map(|e| e.0).collect()));
            }
            i = end;
        }
        self.cardinalities.try_reserve(1).map_err(|_| out_of_memory())?;
        self.cardinalities.push(Cardinality { vars: one_of, lo: 0, hi: 1 });
        Ok(())
    }
}
