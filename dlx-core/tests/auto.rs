//! The automatic count (`Solver::count_auto`), judged by independent
//! checks: the brute force of dlx-testkit/src/checks, formulas (Bell numbers,
//! double factorials, Kasteleyn's count of domino tilings) and the
//! literature.

use dlx_testkit as common;

use common::boards::{dominoes, kasteleyn};
use common::{all_general_covers, queens, random_general, side_by_side, Lcg};
use dlx_core::{Count, Limits, Matrix, Outcome, Phase, Solver};

fn auto(m: &Matrix) -> Solver {
    Solver::new(m).unwrap()
}

/// The count, in calls stopped by `limits` (each resuming the last).
fn count_within(s: &mut Solver, limits: Limits) -> Count {
    s.set_limits(limits);
    loop {
        match s.count_auto().unwrap() {
            Some(c) => return c,
            None => assert!(matches!(s.outcome(), Some(Outcome::NodeLimit | Outcome::TimeLimit)), "{:?}", s.outcome()),
        }
    }
}

/// The partitions of an n-set: every nonempty subset a row.
fn partitions(n: usize) -> Matrix {
    let mut m = Matrix::new(n).unwrap();
    for set in 1u32..1 << n {
        let cols: Vec<usize> = (0..n).filter(|&i| set >> i & 1 == 1).collect();
        m.add_row(&cols).unwrap();
    }
    m
}

/// The perfect matchings of 2n points: every pair a row.
fn matchings(points: usize) -> Matrix {
    let mut m = Matrix::new(points).unwrap();
    for i in 0..points {
        for j in i + 1..points {
            m.add_row(&[i, j]).unwrap();
        }
    }
    m
}

/// Bell's number by his triangle.
fn bell(n: usize) -> u64 {
    let mut row = vec![1u64];
    for _ in 1..n {
        let mut next = vec![*row.last().unwrap()];
        for &x in &row {
            next.push(next.last().unwrap() + x);
        }
        row = next;
    }
    *row.last().unwrap()
}

/// Counts from formulas: Bell numbers, double factorials, Kasteleyn's
/// boards, the 8 queens (92) and products of independent problems.
/// Catches a race that adds the two counts' partial results, or a hand
/// over that loses the solutions the plain count found first.
#[test]
fn counts_are_those_of_the_formulas() {
    for n in [5, 9, 11] {
        assert_eq!(auto(&partitions(n)).count_auto().unwrap(), Some(Count::from(bell(n))), "Bell {n}");
    }
    for points in [8, 14, 18] {
        let want: u64 = (1..points as u64).step_by(2).product();
        assert_eq!(auto(&matchings(points)).count_auto().unwrap(), Some(Count::from(want)), "{points} points");
    }
    for (r, c) in [(6, 6), (8, 8), (4, 13)] {
        assert_eq!(auto(&dominoes(r, c)).count_auto().unwrap(), Some(Count::from(kasteleyn(r, c))), "{r}x{c}");
    }
    assert_eq!(auto(&queens(8)).count_auto().unwrap(), Some(Count::from(92u64)));
    let two = side_by_side(&dominoes(8, 8), &dominoes(8, 8));
    assert_eq!(auto(&two).count_auto().unwrap(), Some(Count::from(kasteleyn(8, 8) as u128 * kasteleyn(8, 8) as u128)));
    let mixed = side_by_side(&queens(8), &dominoes(6, 6));
    assert_eq!(auto(&mixed).count_auto().unwrap(), Some(Count::from(92 * kasteleyn(6, 6))));
}

/// A board whose tilings the plain count could not list in hours (the
/// 10 x 10 board's 258,584,046,368) is counted, by the memo: catches a
/// race that never chooses, or chooses the plain count here.
#[test]
fn a_board_too_large_to_enumerate_is_counted_by_the_memo() {
    for threads in [1, 2] {
        let mut s = auto(&dominoes(10, 10));
        s.set_threads(threads);
        assert_eq!(s.count_auto().unwrap(), Some(Count::from(kasteleyn(10, 10))));
        assert_eq!(s.auto_phase(), Phase::Memo);
        // Asked again, the count is known.
        assert_eq!(s.count_auto().unwrap(), Some(Count::from(kasteleyn(10, 10))));
    }
}

/// Random matrices with secondary columns, colors and bounds, some rows
/// forced: the brute force's count, in one call and in calls of a few
/// nodes, on one thread and two. Catches a count that resumes wrongly
/// after a limit, or a phase that ignores the forced rows.
#[test]
fn random_matrices_count_as_the_brute_force() {
    let mut g = Lcg(50);
    for case in 0..600 {
        let m = random_general(&mut g, 0, 3);
        let all = all_general_covers(&m, &[]);
        let forced: Vec<usize> = if all.is_empty() || g.below(2) == 0 { Vec::new() } else { all[g.below(all.len() as u64) as usize].iter().copied().filter(|_| g.below(2) == 0).collect() };
        let want = Count::from(all_general_covers(&m, &forced).len() as u64);
        let mut s = auto(&m);
        s.set_threads(1 + (case % 2));
        s.force_rows(&forced).unwrap();
        let limits = Limits { nodes: (case % 3 == 0).then_some(1 + g.below(5)), ..Limits::default() };
        assert_eq!(count_within(&mut s, limits), want, "case {case}, forced {forced:?}");
    }
}

/// A count stopped by a time limit, again and again, goes on to the same
/// count as one that never stopped, through every phase (the 3 x 40 board
/// listed row by row; Langford pairs of order 8, 150 x 2 by Knuth's
/// table).
#[test]
fn a_count_stopped_by_time_limits_resumes_to_the_same_count() {
    use std::time::Duration;
    let limits = Limits { time: Some(Duration::from_micros(300)), ..Limits::default() };
    let (mut a, mut b) = (1u64, 3u64);
    for _ in 1..20 {
        (a, b) = (b, 4 * b - a);
    }
    assert_eq!(count_within(&mut auto(&dominoes(3, 40)), limits), Count::from(b));
    let mut langford = Matrix::new(8 + 16).unwrap();
    for v in 1..=8 {
        for j in 0..16 - v - 1 {
            langford.add_row(&[v - 1, 8 + j, 8 + j + v + 1]).unwrap();
        }
    }
    assert_eq!(count_within(&mut auto(&langford), limits), Count::from(300u64));
}

/// An objective or a cost limit is refused, as by the memoized count.
#[test]
fn an_objective_is_refused() {
    let mut s = auto(&queens(6));
    s.set_cost_limit(Some(3));
    assert_eq!(s.count_auto(), Err(dlx_core::Error::Unsupported(dlx_core::Unsupported::MemoWithObjective)));
}

/// Solutions taken before the count do not shorten it: the automatic
/// count counts every solution, as the memoized count does. Catches a
/// count that resumes a plain search begun by `find`.
#[test]
fn solutions_taken_before_do_not_shorten_the_count() {
    let mut s = auto(&queens(8));
    for _ in 0..10 {
        assert!(matches!(s.find(), dlx_core::Found::Solution(_)));
    }
    assert_eq!(s.count_auto().unwrap(), Some(Count::from(92u64)));
}
