//! Search control: every outcome reached on purpose, resuming, cancelling
//! from another thread, progress estimates, randomised order, forced rows
//! and subproblems. Expected values are facts (known counts) or come from an
//! independent enumeration or verifier, never from the code under test.

use dlx_testkit as common;

use common::{is_exact_cover, queens};

use std::collections::BTreeSet;
use std::ops::ControlFlow;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use dlx_core::{Engine, Error, Found, Limits, Matrix, Outcome, Solver};

fn all_solutions(s: &mut Solver) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    while let Some(rows) = s.next_solution() {
        out.push(rows.to_vec());
    }
    out
}

#[test]
fn every_outcome_is_reached_on_purpose() {
    let m = queens(8);
    // Exhausted, with all 92 solutions.
    let mut s = Solver::new(&m).unwrap();
    let mut n = 0;
    assert_eq!(s.run(|_| { n += 1; ControlFlow::Continue(()) }), Outcome::Exhausted);
    assert_eq!(n, 92);
    // Solution limit.
    let mut s = Solver::new(&m).unwrap();
    s.set_limits(Limits { solutions: Some(10), ..Limits::default() });
    let mut n = 0;
    assert_eq!(s.run(|_| { n += 1; ControlFlow::Continue(()) }), Outcome::SolutionLimit);
    assert_eq!(n, 10);
    // Node limit: no more nodes than allowed were entered.
    let mut s = Solver::new(&m).unwrap();
    s.set_limits(Limits { nodes: Some(100), ..Limits::default() });
    assert_eq!(s.run(|_| ControlFlow::Continue(())), Outcome::NodeLimit);
    assert!(s.counters().nodes <= 100 && s.counters().nodes >= 90, "{:?}", s.counters());
    // Update limit.
    let big = queens(12);
    let mut s = Solver::new(&big).unwrap();
    s.set_limits(Limits { updates: Some(50_000), ..Limits::default() });
    assert_eq!(s.run(|_| ControlFlow::Continue(())), Outcome::UpdateLimit);
    assert!(s.counters().updates >= 50_000);
    // Time limit, on a search far longer than the limit (16-queens).
    let huge = queens(16);
    let mut s = Solver::new(&huge).unwrap();
    s.set_limits(Limits { time: Some(Duration::from_millis(30)), ..Limits::default() });
    assert_eq!(s.run(|_| ControlFlow::Continue(())), Outcome::TimeLimit);
    assert_eq!(s.outcome(), Some(Outcome::TimeLimit));
    // Stopped by the solution callback.
    let mut s = Solver::new(&m).unwrap();
    assert_eq!(s.run(|_| ControlFlow::Break(())), Outcome::Stopped);
    assert_eq!(s.counters().solutions, 1);
    // Stopped by the progress callback.
    let mut s = Solver::new(&huge).unwrap();
    s.set_progress(Some((Duration::from_millis(5), Box::new(|_| ControlFlow::Break(())))));
    assert_eq!(s.run(|_| ControlFlow::Continue(())), Outcome::Stopped);
    // Cancelled before the call: the call stops at once, then resumes.
    let mut s = Solver::new(&m).unwrap();
    s.canceller().cancel();
    assert_eq!(s.find(), Found::End(Outcome::Cancelled));
    assert_eq!(s.counters().nodes, 0);
    assert!(matches!(s.find(), Found::Solution(_)));
    assert_eq!(s.outcome(), Some(Outcome::Solution));
}

#[test]
fn a_limited_search_resumes_to_the_same_end() {
    let m = queens(10);
    let whole = all_solutions(&mut Solver::new(&m).unwrap());
    assert_eq!(whole.len(), 724);
    let total = {
        let mut s = Solver::new(&m).unwrap();
        all_solutions(&mut s);
        s.counters()
    };
    for limits in [
        Limits { nodes: Some(1), ..Limits::default() },
        Limits { nodes: Some(777), ..Limits::default() },
        Limits { updates: Some(5000), ..Limits::default() },
        Limits { solutions: Some(7), ..Limits::default() },
    ] {
        let mut s = Solver::new(&m).unwrap();
        s.set_limits(limits);
        let mut got = Vec::new();
        let mut stops = 0;
        loop {
            match s.run(|rows| { got.push(rows.to_vec()); ControlFlow::Continue(()) }) {
                Outcome::Exhausted => break,
                Outcome::NodeLimit | Outcome::UpdateLimit | Outcome::SolutionLimit => stops += 1,
                other => panic!("unexpected {other:?}"),
            }
        }
        assert!(stops > 1, "{limits:?} stopped only {stops} times");
        assert_eq!(got, whole, "{limits:?}");
        assert_eq!(s.counters(), total, "{limits:?}");
    }
}

#[test]
fn counting_without_rows_keeps_limits_and_resumes_to_the_same_end() {
    // 724 solutions of 10 queens: a fact; the counters of a full run with rows.
    let m = queens(10);
    let total = {
        let mut s = Solver::new(&m).unwrap();
        assert_eq!(all_solutions(&mut s).len(), 724);
        s.counters()
    };
    for limits in [
        Limits::default(),
        Limits { nodes: Some(777), ..Limits::default() },
        Limits { updates: Some(5000), ..Limits::default() },
        Limits { solutions: Some(7), ..Limits::default() },
    ] {
        let mut s = Solver::new(&m).unwrap();
        s.set_limits(limits);
        let (mut counted, mut calls) = (0, 0);
        loop {
            let (n, outcome) = s.count_run();
            counted += n;
            calls += 1;
            if let Some(max) = limits.solutions {
                assert!(n <= max);
            }
            match outcome {
                Outcome::Exhausted => break,
                Outcome::NodeLimit | Outcome::UpdateLimit | Outcome::SolutionLimit => {}
                other => panic!("unexpected {other:?}"),
            }
        }
        assert!(limits == Limits::default() || calls > 1, "{limits:?}");
        assert_eq!(counted, 724, "{limits:?}");
        assert_eq!(s.counters(), total, "{limits:?}");
    }
    // Rows are found again after counting: the next solution is a cover.
    let mut s = Solver::new(&m).unwrap();
    s.set_limits(Limits { solutions: Some(3), ..Limits::default() });
    assert_eq!(s.count_run(), (3, Outcome::SolutionLimit));
    let rows = s.next_solution().unwrap().to_vec();
    assert!(is_exact_cover(&m, &rows), "{rows:?}");
    assert_eq!(dlx_core::objective::count(&mut Solver::new(&m).unwrap(), Some(100)), 100);
    assert_eq!(dlx_core::objective::count(&mut Solver::new(&m).unwrap(), None), 724);
}

/// Wrong code caught: a cancel from another thread not seen at the next
/// poll point (the flag read once per call, or not at all while a slice
/// of the search runs on), or a cancelled search that cannot go on.
#[test]
fn cancelling_from_another_thread_stops_counting_16_queens_promptly() {
    let m = queens(16);
    let mut s = Solver::new(&m).unwrap();
    let ((outcome, n), at) = common::cancel_from_another_thread(&mut s, |s| {
        let mut n = 0u64;
        (s.run(|_| { n += 1; ControlFlow::Continue(()) }), n)
    });
    assert_eq!(outcome, Outcome::Cancelled);
    // 16-queens has 14,772,512 solutions: far from done.
    assert!(n > 0 && n < 14_772_512);
    // Within one slice of the poll point after the cancel (a solution
    // found at its end is a node past it).
    let nodes = s.counters().nodes;
    assert!(nodes - at <= dlx_core::control::POLL_NODES + 1, "{} nodes after the cancel", nodes - at);
    // The search resumes after a cancel.
    assert!(matches!(s.find(), Found::Solution(_)));
}

#[test]
fn progress_reports_a_growing_estimate() {
    let m = queens(12);
    let mut s = Solver::new(&m).unwrap();
    let seen = Arc::new(Mutex::new(Vec::new()));
    let log = seen.clone();
    s.set_progress(Some((Duration::ZERO, Box::new(move |r| {
        log.lock().unwrap().push((r.estimate, r.counters.nodes));
        ControlFlow::Continue(())
    }))));
    let mut n = 0;
    assert_eq!(s.run(|_| { n += 1; ControlFlow::Continue(()) }), Outcome::Exhausted);
    assert_eq!(n, 14200);
    let seen = seen.lock().unwrap();
    assert!(seen.len() > 100, "{} reports", seen.len());
    for w in seen.windows(2) {
        assert!(w[0].0 <= w[1].0 && w[0].1 <= w[1].1, "{w:?}");
    }
    assert!(seen.iter().all(|&(e, _)| (0.0..=1.0).contains(&e)));
    // Half way through the nodes, the estimate is well inside (0, 1).
    let mid = seen[seen.len() / 2].0;
    assert!(mid > 0.1 && mid < 0.9, "{mid}");
    assert_eq!(s.estimate(), 1.0);
}

#[test]
fn a_seed_fixes_the_order_and_other_seeds_change_it() {
    let m = queens(8);
    let plain: BTreeSet<Vec<usize>> = all_solutions(&mut Solver::new(&m).unwrap())
        .into_iter()
        .map(|mut r| { r.sort(); r })
        .collect();
    assert_eq!(plain.len(), 92);
    let run = |seed: u64| {
        let mut s = Solver::new(&m).unwrap();
        s.set_seed(Some(seed)).unwrap();
        all_solutions(&mut s)
    };
    let a = run(1);
    assert_eq!(a, run(1), "same seed, same solutions in the same order");
    // Every seed finds the same 92 solutions, each an exact cover.
    let mut orders = BTreeSet::new();
    for seed in 1..=8 {
        let sols = run(seed);
        assert!(sols.iter().all(|r| is_exact_cover(&m, r)));
        let set: BTreeSet<Vec<usize>> = sols.iter().map(|r| { let mut r = r.clone(); r.sort(); r }).collect();
        assert_eq!(set, plain, "seed {seed}");
        orders.insert(sols);
    }
    assert!(orders.len() >= 7, "only {} different orders from 8 seeds", orders.len());
    // The first solution differs too (the row order is random, not only ties).
    let firsts: BTreeSet<Vec<usize>> = (1..=8).map(|seed| { let mut r = run(seed)[0].clone(); r.sort(); r }).collect();
    assert!(firsts.len() >= 4, "{firsts:?}");
    // Restarting replays the same order; None goes back to the plain order.
    let mut s = Solver::new(&m).unwrap();
    s.set_seed(Some(5)).unwrap();
    let first = s.next_solution().unwrap().to_vec();
    s.restart();
    assert_eq!(s.next_solution().unwrap(), &first[..]);
    s.set_seed(None).unwrap();
    assert_eq!(all_solutions(&mut s), all_solutions(&mut Solver::new(&m).unwrap()));
}

/// Wrong code caught: an engine whose restart keeps its generator where
/// it was, or that keeps a random order's room from one seed to the next
/// with the old draws in it, or that leaves weights where the last search
/// raised them.
#[test]
fn every_engine_replays_a_seed_and_its_weights_from_the_start() {
    let m = queens(7);
    for engine in Engine::all() {
        let mut s = Solver::with_engine(&m, engine).unwrap();
        s.set_weights(true).unwrap();
        s.set_seed(Some(5)).unwrap();
        let first = all_solutions(&mut s);
        assert_eq!(first.len(), 40, "{engine:?}");
        s.restart();
        assert_eq!(all_solutions(&mut s), first, "{engine:?}: restarted");
        s.set_seed(Some(6)).unwrap();
        let other = all_solutions(&mut s);
        s.set_seed(Some(5)).unwrap();
        assert_eq!(all_solutions(&mut s), first, "{engine:?}: seed 5 after seed 6");
        s.set_weights(true).unwrap();
        assert_eq!(all_solutions(&mut s), first, "{engine:?}: weights set again");
        assert_ne!(other, first, "{engine:?}: seeds 5 and 6 walk alike");
    }
}

#[test]
fn forced_rows_restrict_the_solutions_to_those_containing_them() {
    let m = queens(8);
    let plain = all_solutions(&mut Solver::new(&m).unwrap());
    let mut s = Solver::new(&m).unwrap();
    // Row 8*r + c is the queen on (r, c).
    for forced in [vec![0usize], vec![1, 11], vec![3, 8 + 6], vec![0, 12, 23, 29, 34, 46, 49, 59]] {
        s.force_rows(&forced).unwrap();
        assert_eq!(s.forced_rows(), &forced[..]);
        let got = all_solutions(&mut s);
        let want: BTreeSet<Vec<usize>> = plain
            .iter()
            .filter(|r| forced.iter().all(|f| r.contains(f)))
            .map(|r| { let mut r = r.clone(); r.sort(); r })
            .collect();
        for r in &got {
            assert_eq!(&r[..forced.len()], &forced[..], "forced rows come first");
            assert!(is_exact_cover(&m, r));
        }
        let got: BTreeSet<Vec<usize>> = got.into_iter().map(|mut r| { r.sort(); r }).collect();
        assert_eq!(got, want, "{forced:?}");
    }
    // No forced rows again: every solution.
    s.force_rows(&[]).unwrap();
    assert_eq!(all_solutions(&mut s).len(), 92);
}

#[test]
fn conflicting_forced_rows_are_rejected_and_change_nothing() {
    let m = queens(8);
    let mut s = Solver::new(&m).unwrap();
    s.force_rows(&[0]).unwrap();
    let first = s.next_solution().unwrap().to_vec();
    let counters = s.counters();
    assert_eq!(s.force_rows(&[0, 1]), Err(Error::Conflict), "same row of the board");
    assert_eq!(s.force_rows(&[0, 9]), Err(Error::Conflict), "same diagonal (secondary)");
    assert_eq!(s.force_rows(&[5, 5]), Err(Error::Conflict), "a row twice");
    assert_eq!(s.force_rows(&[64]), Err(Error::RowRange));
    // The solver carries on where it was.
    assert_eq!(s.counters(), counters);
    assert_eq!(s.forced_rows(), &[0]);
    let rest = all_solutions(&mut s);
    assert_eq!(rest.len() + 1, 4, "4 solutions have a queen on (0, 0)");
    assert!(!rest.contains(&first));
}

/// Counts each subproblem on its own solver with its rows forced, in two
/// threads, and returns the parts' total.
fn solve_parts(m: &Matrix, parts: Vec<Vec<usize>>) -> u64 {
    let parts = Arc::new(Mutex::new(parts));
    let workers: Vec<_> = (0..2)
        .map(|_| {
            let (parts, m) = (parts.clone(), m.clone());
            std::thread::spawn(move || {
                let mut s = Solver::new(&m).unwrap();
                let mut total = 0;
                loop {
                    let Some(part) = parts.lock().unwrap().pop() else { return total };
                    s.force_rows(&part).unwrap();
                    while let Some(rows) = s.next_solution() {
                        assert!(rows.starts_with(&part));
                        total += 1;
                    }
                }
            })
        })
        .collect();
    workers.into_iter().map(|w| w.join().unwrap()).sum()
}

fn subproblems(s: &mut Solver, depth: usize) -> Vec<Vec<usize>> {
    let mut parts = Vec::new();
    let end = s.for_each_subproblem(depth, |part| { assert!(part.excluded.is_empty()); parts.push(part.rows.to_vec()); ControlFlow::Continue(()) }).unwrap();
    assert_eq!(end, ControlFlow::Continue(()));
    parts
}

#[test]
fn subproblem_counts_add_up_for_queens_12() {
    let m = queens(12);
    let mut s = Solver::new(&m).unwrap();
    for depth in [0, 1, 2, 3] {
        let parts = subproblems(&mut s, depth);
        assert_eq!(parts.len() as u64, s.count_subproblems(depth).unwrap());
        let distinct: BTreeSet<_> = parts.iter().collect();
        assert_eq!(distinct.len(), parts.len());
        assert!(parts.iter().all(|p| p.len() <= depth));
        assert_eq!(solve_parts(&m, parts), 14200, "depth {depth}");
    }
    // At least 100 parts: the smallest such depth.
    let d = s.depth_for(100).unwrap();
    assert!(s.count_subproblems(d).unwrap() >= 100);
    assert!(d == 0 || s.count_subproblems(d - 1).unwrap() < 100);
    // The solver still searches from the start afterwards.
    assert_eq!(all_solutions(&mut s).len(), 14200);
}

#[test]
fn subproblems_of_a_forced_start_and_of_a_tiny_tree() {
    // With forced rows, the parts start with them and add up to their count.
    let m = queens(8);
    let mut s = Solver::new(&m).unwrap();
    s.force_rows(&[3]).unwrap();
    let parts = subproblems(&mut s, 2);
    assert!(parts.iter().all(|p| p[0] == 3));
    let with_3 = all_solutions(&mut s).len() as u64;
    assert_eq!(solve_parts(&m, parts), with_3);
    // A tree shallower than the depth asked: its solutions are the parts.
    let mut m = Matrix::new(3).unwrap();
    m.add_row(&[0, 1]).unwrap();
    m.add_row(&[2]).unwrap();
    m.add_row(&[0]).unwrap();
    m.add_row(&[1]).unwrap();
    let mut s = Solver::new(&m).unwrap();
    let parts = subproblems(&mut s, 10);
    assert_eq!(parts.len(), 2);
    assert_eq!(s.depth_for(1000).unwrap(), 3);
    assert_eq!(solve_parts(&m, parts), 2);
}

#[test]
fn subproblem_counts_add_up_for_pentominoes_6x10() {
    let (m, expect) = common::read_dlx(&common::generated().join("pento_6x10.dlx"));
    assert_eq!(expect, 9356);
    let mut s = Solver::new(&m).unwrap();
    let d = s.depth_for(50).unwrap();
    let parts = subproblems(&mut s, d);
    assert!(parts.len() >= 50);
    assert_eq!(solve_parts(&m, parts), expect);
}
