//! Branch and bound against brute force: on many small random matrices, the
//! best cost and the k best costs the search finds must equal those of an
//! exhaustive enumeration over all subsets of rows, written here without
//! the library.

use dlx_testkit as common;

use common::{brute_force, cost, is_exact_cover, random_matrix, Lcg};
use dlx_core::{Error, Goal, Limits, Matrix, Objective, Relaxation, Solver};

/// Runs the search to its end and checks what it reports along the way:
/// each solution is an exact cover whose cost `Solver::cost` gives, each is
/// strictly better than the k-th best before it, and the best list is
/// sorted. Returns the final best costs.
fn best_costs(m: &Matrix, s: &mut Solver, goal: Goal, k: usize) -> Vec<i64> {
    let better = |a: i64, b: i64| if goal == Goal::MaxCost { a > b } else { a < b };
    while let Some(rows) = s.next_solution() {
        let rows = rows.to_vec();
        assert!(is_exact_cover(m, &rows), "{rows:?} is not an exact cover");
        let c = cost(m, goal, &rows);
        assert_eq!(s.cost(), Some(c));
        let best = s.best();
        assert!(best.iter().any(|b| b.rows == rows && b.cost == c), "a solution returned is among the best");
        // A solution beyond the first k must have beaten the one it evicted.
        assert!(best.len() <= k);
        assert!(best.windows(2).all(|w| !better(w[1].cost, w[0].cost)), "the best list is sorted");
    }
    assert!(s.is_done());
    for b in s.best() {
        assert!(is_exact_cover(m, &b.rows));
        assert_eq!(cost(m, goal, &b.rows), b.cost);
    }
    s.best().iter().map(|b| b.cost).collect()
}

fn check(m: &Matrix, goal: Goal, k: usize, forced: &[usize], seed: Option<u64>) {
    check_with(m, goal, k, forced, seed, Relaxation::Auto);
}

fn check_with(m: &Matrix, goal: Goal, k: usize, forced: &[usize], seed: Option<u64>, relaxation: Relaxation) {
    let expect: Vec<i64> = brute_force(m, goal, forced).into_iter().take(k).collect();
    let mut s = Solver::new(m).unwrap();
    s.set_relaxation(relaxation);
    s.set_objective(Some(Objective { goal, best: k })).unwrap();
    s.set_seed(seed).unwrap();
    if !forced.is_empty() {
        s.force_rows(forced).unwrap();
    }
    // The bound (the volume algorithm's, computed when first asked) never
    // passes the optimum, and meets it once the search is complete:
    // catches a Lagrangian sum or rounding that overshoots, and a bound
    // for `MaxCost` left in the search's sign. Asking for it before the
    // search also turns on, for k = 1, reduced-cost fixing and the dive,
    // which the brute force then checks: a row dropped at the bar's level
    // (not above it) loses optima here, and a dive for k > 1 kept a cover
    // twice.
    let bound = s.best_bound().expect("a bound with an objective");
    let beats = |b: i64, c: i64| if goal == Goal::MaxCost { b > c } else { b < c };
    if let Some(&best) = expect.first() {
        assert!(!beats(best, bound), "bound {bound} passes the optimum {best}: goal {goal:?}\n{m:?}");
    }
    assert_eq!(best_costs(m, &mut s, goal, k), expect, "goal {goal:?}, k {k}, forced {forced:?}, seed {seed:?}\n{m:?}");
    if let Some(&best) = expect.first() {
        assert_eq!(s.best_bound(), Some(best), "a complete search's bound is its optimum");
    }
}

#[test]
fn best_costs_match_brute_force_on_random_matrices() {
    let mut g = Lcg(2026);
    let (mut with_solutions, mut without) = (0, 0);
    for i in 0..1500 {
        let (lo, hi) = match i % 3 {
            0 => (0, 3),
            1 => (-5, 5),
            _ => (1, 1000),
        };
        let m = random_matrix(&mut g, lo, hi);
        let goal = [Goal::MinCost, Goal::MaxCost, Goal::FewestRows][i / 3 % 3];
        for k in [1, 2, 5] {
            check(&m, goal, k, &[], None);
        }
        if brute_force(&m, goal, &[]).is_empty() {
            without += 1;
        } else {
            with_solutions += 1;
        }
    }
    // The instances must exercise both cases.
    assert!(with_solutions > 300 && without > 100, "{with_solutions} with solutions, {without} without");
}

#[test]
fn every_goal_on_every_cost_range() {
    let mut g = Lcg(7);
    for i in 0..900 {
        let (lo, hi) = [(0, 2), (-3, 3), (-100, -1)][i % 3];
        let m = random_matrix(&mut g, lo, hi);
        let goal = [Goal::MinCost, Goal::MaxCost, Goal::FewestRows][i / 3 % 3];
        check(&m, goal, 1 + i % 4, &[], None);
    }
}

#[test]
fn forced_rows_and_seeds_keep_the_best() {
    let mut g = Lcg(99);
    for i in 0..600 {
        let m = random_matrix(&mut g, -4, 9);
        let goal = [Goal::MinCost, Goal::MaxCost, Goal::FewestRows][i % 3];
        let forced = [g.below(m.rows() as u64) as usize];
        if Solver::new(&m).unwrap().force_rows(&forced).is_ok() {
            check(&m, goal, 3, &forced, None);
        }
        check(&m, goal, 2, &[], Some(i as u64));
    }
}

/// The linear relaxation at every node (`Relaxation::Always`) against
/// brute force, on every goal, k, forced rows and seeds: catches a node
/// bound that overshoots (a secondary column's slack taken as 0, a row on
/// the path counted as free, duals scaled the wrong way), a path the
/// relaxation does not follow back (a row left fixed to 1 after the search
/// backed up), a cut whose level is not undone, a child cut by its
/// parent's duals with the bound a unit too high, and a branching choice
/// that counts a secondary item as one to cover.
#[test]
fn the_relaxation_at_every_node_keeps_the_best() {
    let mut g = Lcg(4242);
    for i in 0..1200 {
        let (lo, hi) = [(0, 3), (-5, 5), (1, 1000)][i % 3];
        let m = random_matrix(&mut g, lo, hi);
        let goal = [Goal::MinCost, Goal::MaxCost, Goal::FewestRows][i / 3 % 3];
        check_with(&m, goal, 1 + i % 3, &[], None, Relaxation::Always);
        let forced = [g.below(m.rows() as u64) as usize];
        if Solver::new(&m).unwrap().force_rows(&forced).is_ok() {
            check_with(&m, goal, 1, &forced, Some(i as u64), Relaxation::Always);
        }
    }
}

/// The least cost of an exact cover of `items` items (all primary) by
/// `rows` (item lists with costs), by dynamic programming over the sets of
/// items covered: `None` when there is none.
fn least_cover(items: usize, rows: &[(Vec<usize>, i64)]) -> Option<i64> {
    let full = (1usize << items) - 1;
    let mut best: Vec<Option<i64>> = vec![None; full + 1];
    best[0] = Some(0);
    for mask in 0..full {
        let Some(so_far) = best[mask] else { continue };
        let first = (0..items).find(|i| mask >> i & 1 == 0).unwrap();
        for (cols, c) in rows.iter().filter(|(cols, _)| cols.contains(&first)) {
            let bits: usize = cols.iter().map(|&i| 1 << i).sum();
            if bits & mask == 0 {
                let to = &mut best[mask | bits];
                *to = Some(to.map_or(so_far + c, |t: i64| t.min(so_far + c)));
            }
        }
    }
    best[full]
}

/// Set partitioning of 10-14 items and 40-160 rows (runs of consecutive
/// items, as crew pairings, and random sets), against the dynamic program
/// above: the relaxation at every node finds each optimum, and cuts the
/// tree (fewer nodes in all than the share bound alone, so a relaxation
/// never consulted fails here); catches a node cut for an item with one
/// row left rather than none.
#[test]
fn the_relaxation_finds_the_optima_of_a_dynamic_program() {
    let mut g = Lcg(77);
    let (mut with, mut without) = (0u64, 0u64);
    for t in 0..60 {
        let items = 10 + g.below(5) as usize;
        let mut rows: Vec<(Vec<usize>, i64)> = Vec::new();
        for _ in 0..40 + g.below(121) {
            let cols: Vec<usize> = if g.below(2) == 0 {
                let a = g.below(items as u64) as usize;
                (a..(a + 1 + g.below(4) as usize).min(items)).collect()
            } else {
                let mut c: Vec<usize> = (0..items).filter(|_| g.below(5) == 0).collect();
                if c.is_empty() {
                    c.push(g.below(items as u64) as usize);
                }
                c
            };
            let cost = if t % 4 == 0 { g.below(41) as i64 - 10 } else { 100 * cols.len() as i64 + g.below(300) as i64 };
            rows.push((cols, cost));
        }
        let mut m = Matrix::new(items).unwrap();
        for (cols, c) in &rows {
            let r = m.add_row(cols).unwrap();
            m.set_cost(r, *c).unwrap();
        }
        let expect = least_cover(items, &rows);
        for relaxation in [Relaxation::Always, Relaxation::Never] {
            let mut s = Solver::new(&m).unwrap();
            s.set_relaxation(relaxation);
            s.set_objective(Some(Objective { goal: Goal::MinCost, best: 1 })).unwrap();
            while s.next_solution().is_some() {}
            assert_eq!(s.best().first().map(|b| b.cost), expect, "test {t}, {relaxation:?}\n{m:?}");
            let nodes = s.counters().nodes;
            if relaxation == Relaxation::Always { with += nodes } else { without += nodes }
        }
    }
    assert!(with < without, "the relaxation cut nothing: {with} nodes with it, {without} without");
}

#[test]
fn a_limited_search_keeps_its_best_and_resumes_to_the_same_end() {
    // Fewest queens' rows is always n; minimum cost with costs i * j on the
    // 8 x 8 board, checked against a search without limits.
    let n = 8;
    let mut m = common::queens(n);
    for i in 0..n {
        for j in 0..n {
            m.set_cost(n * i + j, ((i * 7 + j * 3) % 11) as i64).unwrap();
        }
    }
    let goal = Objective { goal: Goal::MinCost, best: 3 };
    let mut whole = Solver::new(&m).unwrap();
    whole.set_objective(Some(goal)).unwrap();
    while whole.next_solution().is_some() {}
    let mut all = Solver::new(&m).unwrap();
    let mut costs: Vec<i64> = std::iter::from_fn(|| all.next_solution().map(|r| cost(&m, Goal::MinCost, r))).collect();
    assert_eq!(costs.len(), 92);
    costs.sort_unstable();
    let expect: Vec<i64> = costs[..3].to_vec();
    assert_eq!(whole.best().iter().map(|b| b.cost).collect::<Vec<_>>(), expect);

    let mut limited = Solver::new(&m).unwrap();
    limited.set_objective(Some(goal)).unwrap();
    limited.set_limits(Limits { nodes: Some(7), ..Limits::default() });
    let mut stops = 0;
    while !limited.is_done() {
        let _ = limited.next_solution();
        stops += 1;
        // The best so far never gets worse.
        assert!(limited.best().len() <= 3);
    }
    assert!(stops > 20);
    assert_eq!(limited.best(), whole.best());
    assert_eq!(limited.counters(), whole.counters());
}

#[test]
fn the_bound_prunes() {
    // Fewest rows covering a 6 x 6 board with every rectangle: one row does
    // it; the search must not walk the whole tree to prove it.
    let (h, w) = (6, 6);
    let mut m = Matrix::new(h * w).unwrap();
    for y0 in 0..h {
        for y1 in y0 + 1..=h {
            for x0 in 0..w {
                for x1 in x0 + 1..=w {
                    let cells: Vec<usize> = (y0..y1).flat_map(|y| (x0..x1).map(move |x| y * w + x)).collect();
                    m.add_row(&cells).unwrap();
                }
            }
        }
    }
    let mut s = Solver::new(&m).unwrap();
    s.set_objective(Some(Objective { goal: Goal::FewestRows, best: 1 })).unwrap();
    while s.next_solution().is_some() {}
    assert_eq!(s.best()[0].cost, 1);
    let mut plain = Solver::new(&m).unwrap();
    plain.set_limits(Limits { nodes: Some(1_000_000), ..Limits::default() });
    plain.run(|_| std::ops::ControlFlow::Continue(()));
    assert!(s.counters().nodes * 100 < plain.counters().nodes, "{:?} vs {:?}", s.counters(), plain.counters());
}

#[test]
fn bad_objectives_are_rejected_and_change_nothing() {
    let mut m = Matrix::new(2).unwrap();
    m.add_row(&[0]).unwrap();
    m.add_row(&[1]).unwrap();
    m.add_row(&[0, 1]).unwrap();
    m.set_cost(0, i64::MIN).unwrap();
    assert_eq!(m.set_cost(3, 1), Err(Error::RowRange));
    let mut s = Solver::new(&m).unwrap();
    assert_eq!(s.set_objective(Some(Objective { goal: Goal::FewestRows, best: 0 })), Err(Error::InvalidArgument));
    assert_eq!(s.set_objective(Some(Objective { goal: Goal::MinCost, best: 1 })), Err(Error::CostRange));
    assert_eq!(s.set_objective(Some(Objective { goal: Goal::MaxCost, best: 1 })), Err(Error::CostRange));
    assert_eq!(s.objective(), None);
    // The solver still enumerates both solutions in the order rows were added.
    let found: Vec<Vec<usize>> = std::iter::from_fn(|| s.next_solution().map(|r| r.to_vec())).collect();
    assert_eq!(found, vec![vec![0, 1], vec![2]]);
    // Largest costs that still fit: 2^61 in all.
    m.set_cost(0, 1 << 60).unwrap();
    m.set_cost(2, (1 << 60) - 1).unwrap();
    let mut s = Solver::new(&m).unwrap();
    s.set_objective(Some(Objective { goal: Goal::MaxCost, best: 1 })).unwrap();
    while s.next_solution().is_some() {}
    assert_eq!(s.best()[0].cost, 1 << 60);
    assert_eq!(s.best()[0].rows, vec![0, 1]);
}

/// Costs near the top of the allowed range, positive and negative, on
/// matrices with secondary columns: the bound's shares must stay valid
/// (issue 15: shares were also given to secondary nodes, the range check
/// failed and left them half-written, and the optimum came out wrong).
#[test]
fn large_costs_keep_the_bound_valid() {
    let mut g = Lcg(15);
    for i in 0..600 {
        let e = [40, 48, 56][i % 3];
        let m = random_matrix(&mut g, -(1i64 << e), 1i64 << e);
        let goal = [Goal::MinCost, Goal::MaxCost][i / 3 % 2];
        check(&m, goal, 1 + i % 3, &[], None);
    }
    // Every row with secondary columns, as in the issue's case.
    for i in 0..600 {
        let e = [38, 40, 44, 50, 56][i % 5];
        let (p, s) = (2 + g.below(4) as usize, 1 + g.below(3) as usize);
        let mut m = Matrix::new(p + s).unwrap();
        for c in p..p + s {
            m.set_secondary(c).unwrap();
        }
        for _ in 0..1 + g.below(12) {
            let mut cols: Vec<usize> = (0..p).filter(|_| g.below(3) == 0).collect();
            if cols.is_empty() {
                cols.push(g.below(p as u64) as usize);
            }
            cols.extend((p..p + s).filter(|_| g.below(2) == 0));
            let r = m.add_row(&cols).unwrap();
            let big = g.below(3) == 0;
            let c = if big { (1i64 << e) - g.below(1000) as i64 } else { g.below(21) as i64 - 10 };
            m.set_cost(r, c).unwrap();
        }
        let goal = [Goal::MinCost, Goal::MaxCost][i % 2];
        check(&m, goal, 1 + i % 3, &[], None);
    }
}

/// The case of issue 15 itself. Options (from 0): {P1} 0, {P0 y} 2^40,
/// {P1} -4, {P0} -8, {P0} 0. The least cost is -12 (options 2 and 3),
/// the greatest 2^40 (options 1 and 0).
#[test]
fn issue_15_large_cost_case() {
    let text = "P0 P1 | y\nP1\nP0 y |1099511627776\nP1 |-4\nP0 |-8\nP0\n";
    let m = dlx_core::format::parse(text).unwrap();
    for (goal, best) in [(Goal::MinCost, -12), (Goal::MaxCost, 1i64 << 40)] {
        let mut s = Solver::new(&m).unwrap();
        s.set_objective(Some(Objective { goal, best: 1 })).unwrap();
        while s.next_solution().is_some() {}
        assert_eq!(s.best()[0].cost, best, "{goal:?}");
    }
}
