//! The safe API: solving, resuming, secondary columns, threads. Expected
//! values are facts (known counts, hand-checked tiny matrices) or checked by
//! an independent verifier (`is_exact_cover`).

use dlx_testkit as common;

use common::{is_exact_cover, queens};

use std::collections::BTreeSet;

use dlx_core::{Error, Matrix, Solver};

#[test]
fn queens_counts_are_the_known_ones() {
    // OEIS A000170.
    for (n, known) in [(1, 1), (2, 0), (3, 0), (4, 2), (5, 10), (6, 4), (7, 40), (8, 92), (9, 352), (10, 724)] {
        assert_eq!(queens(n).count_solutions(None), Ok(known), "{n}-queens");
    }
}

#[test]
fn every_solution_is_an_exact_cover_and_none_repeats() {
    let m = queens(8);
    let mut seen = BTreeSet::new();
    for rows in Solver::new(&m).unwrap() {
        assert!(is_exact_cover(&m, &rows));
        let mut sorted = rows.clone();
        sorted.sort();
        assert!(seen.insert(sorted), "a solution came twice");
    }
    assert_eq!(seen.len(), 92);
}

#[test]
fn a_solver_resumes_where_it_stopped() {
    let m = queens(6);
    let all: Vec<Vec<usize>> = Solver::new(&m).unwrap().collect();
    let mut s = Solver::new(&m).unwrap();
    let mut again = Vec::new();
    while let Some(rows) = s.next_solution() {
        again.push(rows.to_vec());
        // Cloning mid-search gives an independent copy of the state.
        let rest: Vec<Vec<usize>> = s.clone().collect();
        assert_eq!(rest.len(), all.len() - again.len());
    }
    assert_eq!(again, all);
    assert!(s.is_done() && s.next_solution().is_none());
}

#[test]
fn knuths_example() {
    let mut m = Matrix::new(7).unwrap();
    for row in [&[2, 4, 5][..], &[0, 3, 6], &[1, 2, 5], &[0, 3], &[1, 6], &[3, 4, 6]] {
        m.add_row(row).unwrap();
    }
    let sols: Vec<Vec<usize>> = Solver::new(&m).unwrap().collect();
    assert_eq!(sols.len(), 1);
    let mut rows = sols[0].clone();
    rows.sort();
    assert_eq!(rows, vec![0, 3, 4]);
}

#[test]
fn secondary_columns_are_covered_at_most_once() {
    // Columns 0, 1 primary, 2 secondary. Rows: {0,2}, {1,2}, {0}, {1}.
    // Solutions: {0},{1}; {0,2},{1}; {0},{1,2}; but not {0,2},{1,2}.
    let mut m = Matrix::new(3).unwrap();
    m.set_secondary(2).unwrap();
    for row in [&[0, 2][..], &[1, 2], &[0], &[1]] {
        m.add_row(row).unwrap();
    }
    let mut sols: Vec<Vec<usize>> = Solver::new(&m)
        .unwrap()
        .map(|mut r| {
            r.sort();
            r
        })
        .collect();
    sols.sort();
    assert_eq!(sols, vec![vec![0, 3], vec![1, 2], vec![2, 3]]);
}

#[test]
fn edge_cases() {
    // No columns: the empty set is the one solution.
    assert_eq!(Matrix::new(0).unwrap().first_solution(), Ok(Some(vec![])));
    // A column no row covers: no solution.
    let mut m = Matrix::new(2).unwrap();
    m.add_row(&[0]).unwrap();
    assert_eq!(m.count_solutions(None), Ok(0));
    assert_eq!(m.first_solution(), Ok(None));
    // Counting stops at the maximum.
    assert_eq!(queens(8).count_solutions(Some(10)), Ok(10));
    assert_eq!(queens(8).count_solutions(Some(0)), Ok(0));
}

#[test]
fn counters_agree_with_knuth_on_queens_8_built_as_gen_dlx_builds_it() {
    // gen_dlx.py's order: primary r0 c0 r1 c1 ..., then a0..a14, b0..b14.
    let n = 8;
    let mut m = Matrix::new(2 * n + 2 * (2 * n - 1)).unwrap();
    for c in 2 * n..m.columns() {
        m.set_secondary(c).unwrap();
    }
    for i in 0..n {
        for j in 0..n {
            m.add_row(&[2 * i, 2 * j + 1, 2 * n + i + j, 2 * n + 2 * n - 1 + i + n - 1 - j]).unwrap();
        }
    }
    let mut s = Solver::new(&m).unwrap();
    while s.next_solution().is_some() {}
    let c = s.counters();
    assert_eq!((c.solutions, c.nodes, c.updates), (92, 1_223, 21_456));
}

#[test]
fn solvers_on_one_matrix_run_in_parallel_threads() {
    fn assert_sync<T: Sync>() {}
    fn assert_send<T: Send>() {}
    assert_sync::<Matrix>();
    assert_send::<Matrix>();
    assert_send::<Solver>();
    let m = queens(9);
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..6).map(|_| scope.spawn(|| Solver::new(&m).unwrap().count())).collect();
        for h in handles {
            assert_eq!(h.join().unwrap(), 352);
        }
    });
}

#[test]
fn errors_leave_the_matrix_unchanged() {
    let mut m = Matrix::new(3).unwrap();
    m.add_row(&[0, 1]).unwrap();
    for (row, err) in [(&[][..], Error::EmptyRow), (&[3], Error::ColumnRange), (&[1, 1], Error::DuplicateColumn)] {
        assert_eq!(m.add_row(row), Err(err));
    }
    assert_eq!((m.rows(), m.entries()), (1, 2));
    assert_eq!(Error::TooLarge.to_string(), "the matrix is too large for 32-bit link indices");
}

#[test]
fn a_budgeted_search_walks_the_same_tree() {
    use dlx_core::Progress;
    let m = queens(8);
    let mut whole = Solver::new(&m).unwrap();
    let all: Vec<Vec<usize>> = whole.by_ref().collect();
    for budget in [1, 2, 7, 100] {
        let mut s = Solver::new(&m).unwrap();
        let (mut found, mut pauses) = (Vec::new(), 0);
        loop {
            match s.search(budget) {
                Progress::Solution(rows) => found.push(rows.to_vec()),
                Progress::Paused => pauses += 1,
                Progress::Exhausted => break,
            }
        }
        assert_eq!(found, all, "budget {budget}");
        assert_eq!(s.counters(), whole.counters(), "budget {budget}");
        assert!(budget > 10 || pauses > 0, "budget {budget} never paused");
    }
}

/// `Solver::uniqueness` against the brute force of the test kit on random
/// generalised matrices (bounds, colors, secondary items), with and
/// without a forced row: the verdict is that of the number of solutions
/// (0, 1, 2 or more) and each solution given is one of them; a second call
/// starts over to the same verdict. Catches a verdict taken from the first
/// solution alone, a search that goes on from where the last call left it,
/// a forced row dropped.
#[test]
fn uniqueness_matches_the_brute_force() {
    use dlx_core::{Goal, Objective, Uniqueness, Unsupported};
    let mut g = common::Lcg(69);
    let mut seen = [0usize; 3];
    for case in 0..600 {
        let m = common::random_general(&mut g, 0, 3);
        let forced: Vec<usize> = if case % 3 == 0 && m.rows() > 0 { vec![case % m.rows()] } else { vec![] };
        let all = common::all_general_covers(&m, &forced);
        let mut s = Solver::new(&m).unwrap();
        if s.force_rows(&forced).is_err() {
            continue;
        }
        for _ in 0..2 {
            let sorted = |r: &[usize]| -> Vec<usize> {
                let mut r = r.to_vec();
                r.sort();
                r
            };
            match s.uniqueness().unwrap().unwrap() {
                Uniqueness::None => assert!(all.is_empty(), "case {case}"),
                Uniqueness::Unique(a) => assert_eq!(all, vec![sorted(&a)], "case {case}"),
                Uniqueness::Several(a, b) => {
                    assert!(all.len() >= 2 && all.contains(&sorted(&a)) && all.contains(&sorted(&b)) && sorted(&a) != sorted(&b), "case {case}");
                }
            }
        }
        seen[all.len().min(2)] += 1;
    }
    assert!(seen.iter().all(|&k| k > 20), "every verdict drawn: {seen:?}");
    let mut s = Solver::new(&queens(6)).unwrap();
    s.set_objective(Some(Objective { goal: Goal::FewestRows, best: 1 })).unwrap();
    assert_eq!(s.uniqueness(), Err(Error::Unsupported(Unsupported::UniqueWithObjective)));
}
