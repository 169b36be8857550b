//! The generalised engine (multiplicities and colors) against Knuth's
//! examples and against brute force: on many small random matrices mixing
//! bounds, colors and costs, the solutions the search enumerates must be
//! exactly the subsets of rows that an independent checker accepts, each
//! once, and the best costs must be those of that enumeration.

use dlx_testkit as common;

use common::{all_general_covers, cost, is_general_cover, random_general, Lcg};
use dlx_core::format::parse;
use dlx_core::{Error, Goal, Limits, Matrix, Objective, Solver};
use std::time::Duration;

/// Every solution of `s` from where it stands, each sorted.
fn solutions(s: &mut Solver) -> Vec<Vec<usize>> {
    std::iter::from_fn(|| s.next_solution().map(|r| r.to_vec())).collect()
}

fn sorted(mut all: Vec<Vec<usize>>) -> Vec<Vec<usize>> {
    for rows in &mut all {
        rows.sort_unstable();
    }
    all.sort();
    all
}

#[test]
fn knuths_dlx2_color_example() {
    // From the documentation of DLX2: the unique solution is
    // `A C X:1 Y:1` and `B X:1`.
    let m = parse("A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n").unwrap();
    let mut s = Solver::new(&m).unwrap();
    assert_eq!(sorted(solutions(&mut s)), vec![vec![1, 3]]);
}

#[test]
fn knuths_dlx3_multiplicity_example() {
    // From the documentation of DLX3: C covered two or three times; the
    // unique solution is `A C X:1 Y:1`, `B X:1`, `C Y:1`.
    let m = parse("A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n").unwrap();
    let mut s = Solver::new(&m).unwrap();
    assert_eq!(sorted(solutions(&mut s)), vec![vec![1, 3, 4]]);
}

#[test]
fn every_solution_once_on_random_matrices() {
    let mut g = Lcg(31);
    let (mut with, mut without, mut many) = (0, 0, 0);
    for i in 0..3000 {
        let m = random_general(&mut g, 0, 0);
        let expect = all_general_covers(&m, &[]);
        let mut s = Solver::new(&m).unwrap();
        if i % 2 == 1 {
            s.set_seed(Some(i)).unwrap();
        }
        let found = solutions(&mut s);
        for rows in &found {
            assert!(is_general_cover(&m, rows), "{rows:?} in\n{m:?}");
        }
        assert_eq!(found.len() as u64, s.counters().solutions);
        assert_eq!(sorted(found), expect, "seed {i}\n{}", dlx_core::format::write(&m));
        assert_eq!(m.count_solutions(None), Ok(expect.len() as u64));
        match expect.len() {
            0 => without += 1,
            1 => with += 1,
            _ => many += 1,
        }
    }
    assert!(with > 200 && without > 200 && many > 500, "{with} with one, {without} without, {many} with several");
}

#[test]
fn best_costs_match_brute_force() {
    let mut g = Lcg(4242);
    for i in 0..2400 {
        let (lo, hi) = [(0, 3), (-4, 6), (1, 100), (-20, -1)][i % 4];
        let m = random_general(&mut g, lo, hi);
        let goal = [Goal::MinCost, Goal::MaxCost, Goal::FewestRows][i / 4 % 3];
        let k = [1, 2, 4][i / 12 % 3];
        let mut costs: Vec<i64> = all_general_covers(&m, &[]).iter().map(|rows| cost(&m, goal, rows)).collect();
        costs.sort_unstable();
        if goal == Goal::MaxCost {
            costs.reverse();
        }
        costs.truncate(k);
        let mut s = Solver::new(&m).unwrap();
        s.set_objective(Some(Objective { goal, best: k })).unwrap();
        if i % 5 == 0 {
            s.set_seed(Some(i as u64)).unwrap();
        }
        while let Some(rows) = s.next_solution() {
            let rows = rows.to_vec();
            assert!(is_general_cover(&m, &rows));
            assert_eq!(s.cost(), Some(cost(&m, goal, &rows)));
        }
        let best: Vec<i64> = s.best().iter().map(|b| b.cost).collect();
        assert_eq!(best, costs, "goal {goal:?}, k {k}\n{}", dlx_core::format::write(&m));
        for b in s.best() {
            assert!(is_general_cover(&m, &b.rows));
            assert_eq!(cost(&m, goal, &b.rows), b.cost);
        }
    }
}

#[test]
fn forced_rows_on_random_matrices() {
    let mut g = Lcg(77);
    let (mut accepted, mut refused) = (0, 0);
    for i in 0..2000 {
        let m = random_general(&mut g, -3, 5);
        let forced: Vec<usize> = (0..1 + g.below(3)).map(|_| g.below(m.rows() as u64) as usize).collect();
        // Forced rows are accepted exactly when they respect every upper
        // bound and color rule among themselves.
        let mut relaxed = m.clone();
        for c in 0..m.columns() {
            if let Some((false, (_, hi))) = m.is_secondary(c).zip(m.bounds(c)) {
                relaxed.set_bounds(c, 0, hi).unwrap();
            }
        }
        let fits = is_general_cover(&relaxed, &forced);
        let mut s = Solver::new(&m).unwrap();
        match s.force_rows(&forced) {
            Ok(()) => {
                assert!(fits, "{forced:?} accepted\n{m:?}");
                accepted += 1;
                let expect = all_general_covers(&m, &forced);
                let found = solutions(&mut s);
                assert!(found.iter().all(|rows| rows.starts_with(&forced)));
                assert_eq!(sorted(found), expect, "forced {forced:?}\n{}", dlx_core::format::write(&m));
                // And the best of them under an objective.
                let goal = [Goal::MinCost, Goal::FewestRows][i % 2];
                s.set_objective(Some(Objective { goal, best: 1 })).unwrap();
                while s.next_solution().is_some() {}
                let least = expect.iter().map(|rows| cost(&m, goal, rows)).min();
                assert_eq!(s.best().first().map(|b| b.cost), least);
            }
            Err(e) => {
                assert_eq!(e, Error::Conflict);
                assert!(!fits, "{forced:?} refused\n{m:?}");
                refused += 1;
                // Nothing changed: the whole enumeration is still there.
                assert_eq!(sorted(solutions(&mut s)), all_general_covers(&m, &[]));
            }
        }
    }
    assert!(accepted > 500 && refused > 300, "{accepted} accepted, {refused} refused");
}

#[test]
fn a_limited_search_resumes_to_the_same_end() {
    let mut g = Lcg(5);
    for _ in 0..300 {
        let m = random_general(&mut g, 0, 9);
        let mut whole = Solver::new(&m).unwrap();
        let all = solutions(&mut whole);
        let mut limited = Solver::new(&m).unwrap();
        limited.set_limits(Limits { nodes: Some(3), ..Limits::default() });
        let mut found = Vec::new();
        while !limited.is_done() {
            if let Some(rows) = limited.next_solution() {
                found.push(rows.to_vec());
            }
            let e = limited.estimate();
            assert!((0.0..=1.0).contains(&e));
        }
        assert_eq!(found, all);
        assert_eq!(limited.counters(), whole.counters());
    }
}

#[test]
fn bad_bounds_and_colors_are_refused_and_change_nothing() {
    let mut m = Matrix::new(3).unwrap();
    m.set_secondary(2).unwrap();
    assert_eq!(m.set_bounds(3, 0, 1), Err(Error::ColumnRange));
    assert_eq!(m.set_bounds(0, 2, 1), Err(Error::Bounds));
    assert_eq!(m.set_bounds(2, 0, 1), Err(Error::Bounds));
    assert!(!m.is_generalized());
    assert_eq!(m.add_colored_row(&[0, 2], &[1, 0]), Err(Error::ColorOnPrimary));
    assert_eq!(m.add_colored_row(&[0, 2], &[0]), Err(Error::InvalidArgument));
    assert_eq!(m.add_colored_row(&[0, 0], &[0, 0]), Err(Error::DuplicateColumn));
    assert_eq!(m.add_colored_row(&[0, 5], &[0, 1]), Err(Error::ColumnRange));
    assert_eq!((m.rows(), m.is_generalized()), (0, false));
    // Uncolored rows through add_colored_row are plain rows.
    assert_eq!(m.add_colored_row(&[0, 2], &[0, 0]), Ok(0));
    assert!(!m.is_generalized());
    assert_eq!(m.add_colored_row(&[1, 2], &[0, 7]), Ok(1));
    assert_eq!((m.color_id(1, 1), m.color_id(0, 1), m.color_id(1, 2)), (Some(7), Some(0), None));
    assert!(m.is_generalized());
    // A color given in code is written as its number, and reads back.
    let text = dlx_core::format::write(&m);
    assert_eq!(text, "0 1 | 2\n0 2\n1 2:7\n");
    assert_eq!(parse(&text).unwrap().color(1, 1), Some("7"));
    // A generalised search splits too (dlx-core/tests/split.rs checks the parts).
    let mut s = Solver::new(&m).unwrap();
    assert_eq!(s.for_each_subproblem(1, |_| std::ops::ControlFlow::Continue(())), Ok(std::ops::ControlFlow::Continue(())));
}

#[test]
fn fewest_rows_covering_at_least_once_is_a_covering_number() {
    // Lottery covering numbers C(m, n, w): the fewest n-subsets of
    // {1..m} such that every w-subset lies in one of them. Known values:
    // C(4,3,2) = 3, C(5,3,2) = 4, C(6,3,2) = 6, C(7,3,2) = 7 (the Fano
    // plane), C(6,5,4) = 5 (La Jolla covering repository).
    for (mm, n, w, known) in [(4, 3, 2, 3), (5, 3, 2, 4), (6, 3, 2, 6), (7, 3, 2, 7), (6, 5, 4, 5)] {
        let subsets = |k: usize| -> Vec<u32> { (0u32..1 << mm).filter(|s| s.count_ones() as usize == k).collect() };
        let (tickets, draws) = (subsets(n), subsets(w));
        let mut m = Matrix::new(draws.len()).unwrap();
        for c in 0..draws.len() {
            m.set_bounds(c, 1, tickets.len() as u32).unwrap();
        }
        for t in &tickets {
            let cols: Vec<usize> = (0..draws.len()).filter(|&c| draws[c] & !t == 0).collect();
            m.add_row(&cols).unwrap();
        }
        let mut s = Solver::new(&m).unwrap();
        s.set_objective(Some(Objective { goal: Goal::FewestRows, best: 1 })).unwrap();
        while s.next_solution().is_some() {}
        assert_eq!(s.best()[0].cost, known, "C({mm},{n},{w})");
        assert!(is_general_cover(&m, &s.best()[0].rows));
    }
}

#[test]
fn a_cost_limit_keeps_only_solutions_that_good_in_both_engines() {
    let mut g = Lcg(8080);
    let mut cut = 0;
    for i in 0..1600 {
        // Plain exact cover matrices (the exact engine) and generalised ones.
        let m = if i % 2 == 0 { common::random_matrix(&mut g, -5, 9) } else { random_general(&mut g, -5, 9) };
        let goal = [Goal::MinCost, Goal::MaxCost, Goal::FewestRows][i / 2 % 3];
        let limit = g.below(21) as i64 - 8;
        let within = |c: i64| if goal == Goal::MaxCost { c >= limit } else { c <= limit };
        let mut costs: Vec<i64> = all_general_covers(&m, &[]).iter().map(|rows| cost(&m, goal, rows)).collect();
        let before = costs.len();
        costs.retain(|&c| within(c));
        cut += usize::from(costs.len() < before && !costs.is_empty());
        costs.sort_unstable();
        if goal == Goal::MaxCost {
            costs.reverse();
        }
        costs.truncate(2);
        let mut s = Solver::new(&m).unwrap();
        // Set before or after the objective: the same.
        if i % 4 < 2 {
            s.set_cost_limit(Some(limit));
        }
        s.set_objective(Some(Objective { goal, best: 2 })).unwrap();
        if i % 4 >= 2 {
            s.set_cost_limit(Some(limit));
        }
        assert_eq!(s.cost_limit(), Some(limit));
        while let Some(rows) = s.next_solution() {
            assert!(within(cost(&m, goal, rows)));
        }
        let best: Vec<i64> = s.best().iter().map(|b| b.cost).collect();
        assert_eq!(best, costs, "goal {goal:?}, limit {limit}\n{}", dlx_core::format::write(&m));
        // Lifting the limit gives the unlimited best again.
        s.set_cost_limit(None);
        while s.next_solution().is_some() {}
        let mut all: Vec<i64> = all_general_covers(&m, &[]).iter().map(|rows| cost(&m, goal, rows)).collect();
        all.sort_unstable();
        if goal == Goal::MaxCost {
            all.reverse();
        }
        all.truncate(2);
        assert_eq!(s.best().iter().map(|b| b.cost).collect::<Vec<_>>(), all);
    }
    assert!(cut > 200, "only {cut} instances where the limit cut some solutions but not all");
}

/// Issue 15, finding 2: row 0 = {A, x:0xFFFFFFFF} and row 1 = {B, x} (no
/// color) exclude each other through x, so there is no solution.
#[test]
fn the_largest_color_is_a_color() {
    for color in [1, 5, u32::MAX - 1, u32::MAX] {
        let mut m = Matrix::new(3).unwrap();
        m.set_secondary(2).unwrap();
        m.add_colored_row(&[0, 2], &[0, color]).unwrap();
        m.add_row(&[1, 2]).unwrap();
        assert_eq!(m.count_solutions(None), Ok(0), "color {color}");
        // Two rows of the same color go together; of different ones, not.
        let mut m = Matrix::new(3).unwrap();
        m.set_secondary(2).unwrap();
        m.add_colored_row(&[0, 2], &[0, color]).unwrap();
        m.add_colored_row(&[1, 2], &[0, color]).unwrap();
        m.add_colored_row(&[1, 2], &[0, color ^ 1]).unwrap();
        assert_eq!(m.count_solutions(None), Ok(1), "color {color}");
    }
}

/// Forcing rows that give a secondary column one color is allowed also
/// after earlier forced rows have purified that column (found by the c_api
/// fuzzer: the check read the purified marks as a second color).
#[test]
fn forcing_again_reads_colors_not_purified_marks() {
    let mut m = Matrix::new(3).unwrap();
    m.set_secondary(1).unwrap();
    m.set_secondary(2).unwrap();
    for _ in 0..4 {
        m.add_colored_row(&[0, 1], &[0, 7]).unwrap();
    }
    m.set_bounds(0, 0, 4).unwrap();
    let mut s = Solver::new(&m).unwrap();
    s.force_rows(&[1]).unwrap();
    assert!(s.next_solution().is_some());
    assert_eq!(s.force_rows(&[1, 3]), Ok(()));
    assert_eq!(s.force_rows(&[3, 1, 2]), Ok(()));
    // Every solution contains the forced rows: any superset of {1, 2, 3}.
    let mut n = 0;
    while let Some(rows) = s.next_solution() {
        assert!(rows.starts_with(&[3, 1, 2]));
        n += 1;
    }
    assert_eq!(n, 2, "{{1, 2, 3}} and {{0, 1, 2, 3}}");
}

/// A random cover where rows can often stand in for one another: primary
/// columns to hit once or twice, most with an upper bound that never binds
/// (some with one that does), a secondary column some rows use (colored or
/// not), costs from a narrow range so that many rows tie.
fn random_replaceable(g: &mut Lcg, lo: i64, hi: i64) -> Matrix {
    let n = 2 + g.below(6) as usize;
    let mut m = Matrix::new(n + 1).unwrap();
    m.set_secondary(n).unwrap();
    for c in 0..n {
        let least = 1 + u32::from(g.below(4) == 0);
        let most = if g.below(5) == 0 { least + g.below(2) as u32 } else { 100 };
        m.set_bounds(c, least, most).unwrap();
    }
    for _ in 0..3 + g.below(10) {
        let mut cols: Vec<usize> = (0..n).filter(|_| g.below(5) < 2).collect();
        if cols.is_empty() {
            cols.push(g.below(n as u64) as usize);
        }
        if g.below(5) == 0 {
            cols.push(n);
        }
        let colors: Vec<u32> = cols.iter().map(|&c| if c == n { g.below(3) as u32 } else { 0 }).collect();
        let r = m.add_colored_row(&cols, &colors).unwrap();
        m.set_cost(r, lo + g.below((hi - lo + 1) as u64) as i64).unwrap();
    }
    m
}

#[test]
fn the_one_best_skips_no_better_branch() {
    // A search for the one best solution skips a row that an earlier row
    // of its level can stand in for (the engine's `replaced`); the best
    // cost must still be the brute force's, on one thread or two, with or
    // without a seed.
    let mut g = Lcg(2026);
    let mut found = 0;
    for i in 0..3000 {
        let (lo, hi) = [(1, 1), (0, 2), (-2, 2), (1, 3)][i % 4];
        let m = random_replaceable(&mut g, lo, hi);
        let goal = [Goal::FewestRows, Goal::MinCost, Goal::MaxCost][i / 4 % 3];
        let least = all_general_covers(&m, &[]).iter().map(|rows| cost(&m, goal, rows)).reduce(|a, b| if goal == Goal::MaxCost { a.max(b) } else { a.min(b) });
        let mut s = Solver::new(&m).unwrap();
        s.set_objective(Some(Objective { goal, best: 1 })).unwrap();
        if i % 3 == 1 {
            s.set_threads(2);
            s.set_helper_delay(Duration::ZERO);
        }
        if i % 5 == 2 {
            s.set_seed(Some(i as u64)).unwrap();
        }
        while let Some(rows) = s.next_solution() {
            assert!(is_general_cover(&m, rows));
        }
        let best = s.best().first().map(|b| b.cost);
        assert_eq!(best, least, "goal {goal:?}, case {i}\n{}", dlx_core::format::write(&m));
        if let Some(b) = s.best().first() {
            assert!(is_general_cover(&m, &b.rows));
            assert_eq!(cost(&m, goal, &b.rows), b.cost);
            found += 1;
        }
    }
    assert!(found > 2000, "{found} with a solution");
}

#[test]
fn the_one_best_matches_the_two_best_on_larger_covers() {
    // Too large for brute force: the best cost of a search for one best
    // solution (which skips replaceable rows) against the first of a
    // search for two (which skips none), on covers of 8 to 300 columns
    // (rows as bit sets of one to four words, and none past 256).
    let mut g = Lcg(1084);
    for i in 0..60 {
        let n = if i % 3 == 0 { 8 + g.below(53) as usize } else { 60 + g.below(241) as usize };
        let mut m = Matrix::new(n + 1).unwrap();
        m.set_secondary(n).unwrap();
        for c in 0..n {
            let least = 1 + u32::from(g.below(6) == 0);
            let most = if g.below(8) == 0 { least } else { 1000 };
            m.set_bounds(c, least, most).unwrap();
        }
        for _ in 0..n + g.below(40) as usize {
            let mut cols: Vec<usize> = (0..n).filter(|_| g.below(6) == 0).collect();
            if cols.is_empty() {
                cols.push(g.below(n as u64) as usize);
            }
            if g.below(8) == 0 {
                cols.push(n);
            }
            let r = m.add_row(&cols).unwrap();
            m.set_cost(r, 1 + g.below(3) as i64).unwrap();
        }
        let goal = [Goal::FewestRows, Goal::MinCost][i % 2];
        let best_of = |k: usize| {
            let mut s = Solver::new(&m).unwrap();
            s.set_objective(Some(Objective { goal, best: k })).unwrap();
            while s.next_solution().is_some() {}
            let b = s.best().first().cloned();
            if let Some(b) = &b {
                assert!(is_general_cover(&m, &b.rows));
                assert_eq!(cost(&m, goal, &b.rows), b.cost);
            }
            b.map(|b| b.cost)
        };
        assert_eq!(best_of(1), best_of(2), "goal {goal:?}, case {i}\n{}", dlx_core::format::write(&m));
    }
}
