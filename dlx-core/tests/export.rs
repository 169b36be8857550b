//! The CNF and OPB exports (`format::write_cnf`, `format::write_opb`),
//! read back by a parser and counted or optimised by a solver written
//! here (a DPLL model counter; a pseudo-Boolean search with bound
//! pruning), against the brute force's solutions and optima on random
//! matrices with secondary columns, colors and bounds, and against the
//! known counts of queens (OEIS A000170) and domino tilings (Kasteleyn).
//! Catches a clause or constraint that lets a non-solution through or
//! shuts a solution out, a counter variable left free (which would
//! multiply the model count), a row without a primary column left free,
//! a header with the wrong figures, and a wrong sign in the objective.

use dlx_testkit as common;

use dlx_core::format::{write_cnf, write_opb};
use dlx_core::{Goal, Matrix};

/// A CNF read back: the `p cnf` figures and the clauses.
fn parse_cnf(text: &str) -> (usize, Vec<Vec<i64>>) {
    let mut header = None;
    let mut clauses = Vec::new();
    let mut current = Vec::new();
    for line in text.lines() {
        if line.starts_with('c') {
            continue;
        }
        if let Some(rest) = line.strip_prefix("p cnf ") {
            let f: Vec<usize> = rest.split_whitespace().map(|w| w.parse().unwrap()).collect();
            header = Some((f[0], f[1]));
            continue;
        }
        for w in line.split_whitespace() {
            let l: i64 = w.parse().unwrap();
            if l == 0 {
                clauses.push(std::mem::take(&mut current));
            } else {
                current.push(l);
            }
        }
    }
    let (vars, count) = header.expect("a p cnf line");
    assert_eq!(clauses.len(), count, "the header's clause count");
    assert!(clauses.iter().flatten().all(|l| l.unsigned_abs() as usize <= vars), "a literal past the header's variables");
    (vars, clauses)
}

/// The number of models, by DPLL: unit propagation, then a branch on a
/// variable of the first open clause; a state with every clause satisfied
/// counts 2^(unassigned variables).
fn models(vars: usize, clauses: &[Vec<i64>], value: &mut Vec<Option<bool>>) -> u128 {
    let mut trail = Vec::new();
    let result = loop {
        let mut unit = None;
        let mut open = None;
        let mut conflict = false;
        for c in clauses {
            let mut free = Vec::new();
            let satisfied = c.iter().any(|&l| match value[l.unsigned_abs() as usize] {
                Some(v) => v == (l > 0),
                None => {
                    free.push(l);
                    false
                }
            });
            if satisfied {
                continue;
            }
            match free.len() {
                0 => conflict = true,
                1 => unit = Some(free[0]),
                _ => open = open.or(Some(free[0])),
            }
            if conflict {
                break;
            }
        }
        if conflict {
            break 0;
        }
        if let Some(l) = unit {
            value[l.unsigned_abs() as usize] = Some(l > 0);
            trail.push(l.unsigned_abs() as usize);
            continue;
        }
        break match open {
            None => 1u128 << (1..=vars).filter(|&v| value[v].is_none()).count(),
            Some(l) => {
                let v = l.unsigned_abs() as usize;
                let mut n = 0;
                for b in [false, true] {
                    value[v] = Some(b);
                    n += models(vars, clauses, value);
                }
                value[v] = None;
                n
            }
        };
    };
    for v in trail {
        value[v] = None;
    }
    result
}

fn cnf_count(m: &Matrix) -> u128 {
    let mut text = Vec::new();
    let size = write_cnf(m, &mut text).unwrap();
    let (vars, clauses) = parse_cnf(std::str::from_utf8(&text).unwrap());
    assert_eq!(size.variables as usize, vars);
    assert!(vars >= m.rows(), "a variable per row");
    models(vars, &clauses, &mut vec![None; vars + 1])
}

/// Coefficients and variables.
type Terms = Vec<(i64, usize)>;

/// An OPB read back: the variables, the objective's terms, and the
/// constraints as (terms, is_equality, right-hand side).
struct Opb {
    vars: usize,
    objective: Terms,
    constraints: Vec<(Terms, bool, i64)>,
}

fn terms(words: &[&str]) -> Terms {
    words.chunks(2).map(|p| (p[0].parse().unwrap(), p[1].strip_prefix('x').unwrap().parse().unwrap())).collect()
}

fn parse_opb(text: &str) -> Opb {
    let mut opb = Opb { vars: 0, objective: Vec::new(), constraints: Vec::new() };
    let mut declared = None;
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("* #variable= ") {
            let w: Vec<&str> = rest.split_whitespace().collect();
            opb.vars = w[0].parse().unwrap();
            declared = Some(w[2].parse::<usize>().unwrap());
            continue;
        }
        if line.starts_with('*') {
            continue;
        }
        let w: Vec<&str> = line.strip_suffix(" ;").expect("a ';' ends the line").split_whitespace().collect();
        if w[0] == "min:" {
            opb.objective = terms(&w[1..]);
        } else {
            let (rel, rhs) = (w[w.len() - 2], w[w.len() - 1].parse().unwrap());
            assert!(rel == ">=" || rel == "=", "only >= and = are the format's");
            opb.constraints.push((terms(&w[..w.len() - 2]), rel == "=", rhs));
        }
    }
    assert_eq!(Some(opb.constraints.len()), declared, "the header's constraint count");
    assert!(opb.constraints.iter().flat_map(|c| &c.0).all(|&(_, v)| (1..=opb.vars).contains(&v)));
    opb
}

/// The number of 0/1 assignments that satisfy every constraint, and the
/// least objective among them: variables in order, a branch cut when a
/// constraint can no longer reach its right-hand side (or, for `=`, can
/// no longer stay at or below it).
fn optimise(opb: &Opb, value: &mut Vec<i64>, next: usize) -> (u64, Option<i64>) {
    for (terms, equal, rhs) in &opb.constraints {
        let (mut lo, mut hi) = (0, 0);
        for &(a, v) in terms {
            if v < next {
                lo += a * value[v];
                hi += a * value[v];
            } else if a > 0 {
                hi += a;
            } else {
                lo += a;
            }
        }
        if hi < *rhs || (*equal && lo > *rhs) {
            return (0, None);
        }
    }
    if next > opb.vars {
        let cost = opb.objective.iter().map(|&(a, v)| a * value[v]).sum();
        return (1, Some(cost));
    }
    let mut total = (0, None::<i64>);
    for b in [0, 1] {
        value[next] = b;
        let (n, best) = optimise(opb, value, next + 1);
        total.0 += n;
        total.1 = match (total.1, best) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
    }
    total
}

fn opb_of(m: &Matrix, goal: Option<Goal>) -> Opb {
    let mut text = Vec::new();
    let size = write_opb(m, goal, &mut text).unwrap();
    let opb = parse_opb(std::str::from_utf8(&text).unwrap());
    assert_eq!(size.variables as usize, opb.vars);
    opb
}

#[test]
fn random_matrices_export_to_their_counts_and_optima() {
    let mut g = common::Lcg(4);
    let mut solvable = 0;
    for case in 0..1500 {
        let m = common::random_general(&mut g, -4, 9);
        let all = common::all_general_covers(&m, &[]);
        let what = format!("case {case}: {}", dlx_core::format::write(&m));
        assert_eq!(cnf_count(&m), all.len() as u128, "{what}: CNF models");
        let plain = opb_of(&m, None);
        assert!(plain.objective.is_empty(), "{what}: no objective without a goal");
        assert_eq!(optimise(&plain, &mut vec![0; plain.vars + 1], 1).0, all.len() as u64, "{what}: OPB models");
        for goal in [Goal::MinCost, Goal::MaxCost, Goal::FewestRows] {
            let opb = opb_of(&m, Some(goal));
            let (n, best) = optimise(&opb, &mut vec![0; opb.vars + 1], 1);
            assert_eq!(n, all.len() as u64, "{what}: OPB models under {goal:?}");
            let want = common::brute_force(&m, goal, &[]).first().map(|&c| if goal == Goal::MaxCost { -c } else { c });
            // No objective line (every cost 0) leaves every model at 0.
            assert_eq!(best, want.map(|c| if opb.objective.is_empty() { 0 } else { c }), "{what}: the optimum under {goal:?}");
        }
        solvable += usize::from(!all.is_empty());
    }
    assert!(solvable > 300 && solvable < 1400, "both kinds drawn: {solvable} solvable");
}

#[test]
fn queens_and_dominoes_count_as_the_literature_says() {
    // OEIS A000170; Kasteleyn's formula for the boards.
    for (n, known) in [(4, 2), (5, 10), (6, 4)] {
        assert_eq!(cnf_count(&common::queens(n)), known, "{n} queens");
    }
    for (r, c) in [(2, 3), (3, 4), (4, 4)] {
        assert_eq!(cnf_count(&common::boards::dominoes(r, c)), u128::from(common::boards::kasteleyn(r, c)), "dominoes {r}x{c}");
    }
}

#[test]
fn a_column_no_row_can_satisfy_has_no_model() {
    // Column 1 must be covered twice and has one row: no solution.
    let mut m = Matrix::new(2).unwrap();
    m.set_bounds(1, 2, 2).unwrap();
    m.add_row(&[0, 1]).unwrap();
    assert_eq!(cnf_count(&m), 0);
    let opb = opb_of(&m, Some(Goal::FewestRows));
    assert_eq!(optimise(&opb, &mut vec![0; opb.vars + 1], 1), (0, None));
}
