//! DIMACS CNF: the constraints of `export.rs` as clauses, for SAT solvers
//! and model counters ([`write_cnf`]).
//!
//! A cardinality `lo <= x_1 + ... + x_n <= hi` is a counter: a variable
//! `s(i, j)`, "at least `j` of the first `i` are true", for each `j` up
//! to the largest bound it needs, defined both ways from `s(i - 1, j)`,
//! `s(i - 1, j - 1)` and `x_i` (so every counter variable follows from the
//! rows', and the model count stays the solutions' count); then `s(n, lo)`
//! and not `s(n, hi + 1)`. A column no row can satisfy gets a variable
//! that is both true and false.

use std::io::{self, Write};

use super::export::{Cardinality, Model};
use crate::matrix::Matrix;

/// The size of an export: its variables and its clauses (CNF) or
/// constraints (OPB).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ExportSize {
    pub variables: u64,
    pub constraints: u64,
}

/// Where clauses go: counted (the header's figures), or written.
struct Clauses<'w, W: Write> {
    out: Option<&'w mut W>,
    variables: u64,
    clauses: u64,
}

impl<W: Write> Clauses<'_, W> {
    fn fresh(&mut self) -> u64 {
        self.variables += 1;
        self.variables
    }

    fn clause(&mut self, literals: &[i64]) -> io::Result<()> {
        self.clauses += 1;
        if let Some(out) = self.out.as_deref_mut() {
            for l in literals {
                write!(out, "{l} ")?;
            }
            out.write_all(b"0\n")?;
        }
        Ok(())
    }

    /// `lo <= sum(vars) <= hi` by the counter of the module's
    /// documentation.
    fn cardinality(&mut self, card: &Cardinality) -> io::Result<()> {
        let n = card.vars.len() as u64;
        if card.lo > n {
            let v = self.fresh() as i64;
            self.clause(&[v])?;
            return self.clause(&[-v]);
        }
        let top = card.lo.max(if card.hi < n { card.hi + 1 } else { 0 });
        if top == 0 {
            return Ok(());
        }
        if card.lo == 1 && top == 1 {
            let all: Vec<i64> = card.vars.iter().map(|&v| v as i64).collect();
            return self.clause(&all);
        }
        // prev[j - 1] is s(i - 1, j), for j up to min(i - 1, top).
        let mut prev: Vec<i64> = Vec::new();
        for (i, &x) in card.vars.iter().enumerate() {
            let x = x as i64;
            let width = (i as u64 + 1).min(top) as usize;
            let mut next = Vec::with_capacity(width);
            for j in 1..=width {
                let s = self.fresh() as i64;
                let stay = prev.get(j - 1).copied(); // s(i - 1, j), if it exists
                let below = if j == 1 { None } else { Some(prev[j - 2]) }; // s(i - 1, j - 1); None: true
                if let Some(stay) = stay {
                    self.clause(&[-stay, s])?;
                    self.clause(&[-s, stay, x])?;
                } else {
                    self.clause(&[-s, x])?;
                }
                match below {
                    None => self.clause(&[-x, s])?,
                    Some(below) => {
                        self.clause(&[-below, -x, s])?;
                        match stay {
                            Some(stay) => self.clause(&[-s, stay, below])?,
                            None => self.clause(&[-s, below])?,
                        }
                    }
                }
                next.push(s);
            }
            prev = next;
        }
        if card.lo >= 1 {
            self.clause(&[prev[card.lo as usize - 1]])?;
        }
        if card.hi < n {
            self.clause(&[-prev[card.hi as usize]])?;
        }
        Ok(())
    }

    fn model(&mut self, model: &Model) -> io::Result<()> {
        for &r in &model.never {
            self.clause(&[-(r as i64)])?;
        }
        for (g, vars) in &model.groups {
            let g = *g as i64;
            let mut any = vec![-g];
            for &v in vars {
                self.clause(&[-(v as i64), g])?;
                any.push(v as i64);
            }
            self.clause(&any)?;
        }
        for card in &model.cardinalities {
            self.cardinality(card)?;
        }
        Ok(())
    }
}

/// Writes the matrix as DIMACS CNF: variable `r + 1` is row `r`, and the
/// models are the solutions (a model counter counts what
/// `Solver::count` counts; see `export.rs` for the constraints, this
/// file for the clauses). Costs are not written (see [`write_opb`](super::write_opb)).
/// Returns the figures of the `p cnf` line.
pub fn write_cnf<W: Write>(m: &Matrix, out: &mut W) -> io::Result<ExportSize> {
    let model = Model::of(m)?;
    let mut count = Clauses::<W> { out: None, variables: model.variables, clauses: 0 };
    count.model(&model)?;
    writeln!(out, "c dlx: exact cover as CNF; variable r + 1 is row r (0-based), {} rows", model.rows)?;
    writeln!(out, "c dlx: the other variables follow from the rows', so the models are the solutions")?;
    writeln!(out, "p cnf {} {}", count.variables, count.clauses)?;
    let mut write = Clauses { out: Some(out), variables: model.variables, clauses: 0 };
    write.model(&model)?;
    debug_assert_eq!((write.variables, write.clauses), (count.variables, count.clauses));
    Ok(ExportSize { variables: count.variables, constraints: count.clauses })
}
