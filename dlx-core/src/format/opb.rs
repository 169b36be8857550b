//! OPB, the pseudo-Boolean format of the PB competitions: the constraints
//! of `export.rs` as linear constraints over 0/1 variables `x1, x2, ...`,
//! with the row costs as the objective ([`write_opb`]). Only `>=` and `=`
//! are written (the format's own relations): at most `hi` is the negated
//! sum at least `-hi`. A color's variable `g` is tied to its rows `x` by
//! `g - x >= 0` for each and `x... - g >= 0`.

use std::io::{self, Write};

use super::cnf::ExportSize;
use super::export::Model;
use crate::bound::Goal;
use crate::matrix::Matrix;

/// Where constraints go: counted (the header's figures), or written.
struct Constraints<'w, W: Write> {
    out: Option<&'w mut W>,
    variables: u64,
    constraints: u64,
}

impl<W: Write> Constraints<'_, W> {
    /// `sum(coefficient * x) relation rhs ;`
    fn constraint(&mut self, terms: impl Iterator<Item = (i64, u64)>, relation: &str, rhs: i64) -> io::Result<()> {
        self.constraints += 1;
        if let Some(out) = self.out.as_deref_mut() {
            for (a, v) in terms {
                write!(out, "{a:+} x{v} ")?;
            }
            writeln!(out, "{relation} {rhs} ;")?;
        }
        Ok(())
    }

    fn model(&mut self, model: &Model) -> io::Result<()> {
        for &r in &model.never {
            self.constraint([(1, r)].into_iter(), "=", 0)?;
        }
        for (g, vars) in &model.groups {
            for &v in vars {
                self.constraint([(1, *g), (-1, v)].into_iter(), ">=", 0)?;
            }
            self.constraint(vars.iter().map(|&v| (1, v)).chain([(-1, *g)]), ">=", 0)?;
        }
        for card in &model.cardinalities {
            let n = card.vars.len() as u64;
            let ones = || card.vars.iter().map(|&v| (1, v));
            if card.lo > n {
                // Nothing can satisfy it: a variable both 1 and 0.
                self.variables += 1;
                let v = self.variables;
                self.constraint([(1, v)].into_iter(), ">=", 1)?;
                self.constraint([(-1, v)].into_iter(), ">=", 0)?;
            } else if card.lo == card.hi {
                self.constraint(ones(), "=", card.lo as i64)?;
            } else {
                if card.lo > 0 {
                    self.constraint(ones(), ">=", card.lo as i64)?;
                }
                if card.hi < n {
                    self.constraint(card.vars.iter().map(|&v| (-1, v)), ">=", -(card.hi as i64))?;
                }
            }
        }
        Ok(())
    }
}

/// Writes the matrix as OPB: variable `x{r + 1}` is row `r`, the
/// solutions are the models (the constraints: `export.rs`), and with
/// `goal` the objective is `min:` of the row costs (`Goal::MinCost`),
/// of the negated costs (`Goal::MaxCost`: the optimum is minus the
/// greatest weight) or of the number of rows (`Goal::FewestRows`); with
/// `None`, or costs all 0 under a cost goal, there is no objective line.
/// Returns the figures of the `*` header line.
pub fn write_opb<W: Write>(m: &Matrix, goal: Option<Goal>, out: &mut W) -> io::Result<ExportSize> {
    let model = Model::of(m)?;
    let mut count = Constraints::<W> { out: None, variables: model.variables, constraints: 0 };
    count.model(&model)?;
    writeln!(out, "* #variable= {} #constraint= {}", count.variables, count.constraints)?;
    writeln!(out, "* dlx: exact cover as OPB; x(r + 1) is row r (0-based), {} rows", model.rows)?;
    let coefficient = |r: usize| -> i64 {
        match goal {
            Some(Goal::MinCost) => m.cost(r).unwrap_or(0),
            Some(Goal::MaxCost) => -m.cost(r).unwrap_or(0),
            Some(Goal::FewestRows) => 1,
            None => 0,
        }
    };
    if (0..m.rows()).any(|r| coefficient(r) != 0) {
        out.write_all(b"min:")?;
        for r in (0..m.rows()).filter(|&r| coefficient(r) != 0) {
            write!(out, " {:+} x{}", coefficient(r), r + 1)?;
        }
        out.write_all(b" ;\n")?;
    }
    let mut write = Constraints { out: Some(out), variables: model.variables, constraints: 0 };
    write.model(&model)?;
    debug_assert_eq!((write.variables, write.constraints), (count.variables, count.constraints));
    Ok(ExportSize { variables: count.variables, constraints: count.constraints })
}
