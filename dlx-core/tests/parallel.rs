//! The parallel search (`Solver::set_threads`): on 2, 3 and 8 threads every
//! mode finds what one thread finds. Expected counts are the literature's
//! (the instances' `expect` lines) or a brute force over all subsets of
//! rows; on larger random instances the reference is the serial search,
//! itself checked against the brute force by the other tests. Every
//! solution handed out is checked on its own (a valid cover, none twice).

use dlx_testkit as common;

use std::ops::ControlFlow;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use common::{all_general_covers, brute_force, is_general_cover, queens, random_general, random_matrix, read_dlx, Lcg};
use dlx_core::{Engine, Found, Goal, Limits, Matrix, Objective, Outcome, Solver};

const THREADS: [usize; 3] = [2, 3, 8];

/// Every solution `s` hands out from where it stands, each sorted, in
/// increasing order; each checked as a cover of `m` when handed out.
fn solutions(m: &Matrix, s: &mut Solver) -> Vec<Vec<usize>> {
    let mut all = Vec::new();
    common::run_sorted(s, &mut all, |rows| assert!(is_general_cover(m, rows), "{rows:?} is not a cover"));
    all.sort();
    all
}

fn solver(m: &Matrix, engine: Engine, threads: usize) -> Solver {
    let mut s = Solver::with_engine(m, engine).unwrap();
    s.set_threads(threads);
    // Helpers at once: these searches are short, and the sharing is what
    // is tested.
    s.set_helper_delay(Duration::ZERO);
    s
}

/// A random matrix big enough that the threads share work: `columns`
/// primary columns, some secondary ones, rows of 1 to 3 primary columns.
fn medium(g: &mut Lcg, columns: usize, rows: usize, bounds: bool) -> Matrix {
    let secondary = 3;
    let mut m = Matrix::new(columns + secondary).unwrap();
    for c in columns..columns + secondary {
        m.set_secondary(c).unwrap();
    }
    if bounds {
        for c in 0..columns {
            if g.below(3) == 0 {
                m.set_bounds(c, g.below(2) as u32, 2).unwrap();
            }
        }
    }
    for _ in 0..rows {
        let mut cols: Vec<usize> = (0..1 + g.below(3)).map(|_| g.below(columns as u64) as usize).collect();
        if g.below(2) == 0 {
            cols.push(columns + g.below(secondary as u64) as usize);
        }
        cols.sort_unstable();
        cols.dedup();
        let r = m.add_row(&cols).unwrap();
        m.set_cost(r, g.below(7) as i64 - 2).unwrap();
    }
    m
}

#[test]
fn the_standard_instances_count_alike_on_every_number_of_threads() {
    let dir = common::generated();
    for name in ["queens_8", "queens_10", "queens_11_op", "langford_7", "langford_8", "domino_6x6", "pento_3x20"] {
        let (m, expect) = read_dlx(&dir.join(format!("{name}.dlx")));
        for threads in THREADS {
            let mut s = solver(&m, Engine::Auto, threads);
            assert_eq!(s.count_run(), (expect, Outcome::Exhausted), "{name} on {threads} threads");
            assert!(s.is_done());
            assert_eq!(s.counters().solutions, expect);
            let stats = s.thread_stats();
            assert_eq!(stats.len(), threads);
            assert_eq!(stats.iter().map(|t| t.nodes).sum::<u64>(), s.counters().nodes);
        }
        // The generalised engine too, and handing out every solution.
        let mut s = solver(&m, Engine::General, 2);
        let mut n = 0u64;
        assert_eq!(s.run(|_| { n += 1; ControlFlow::Continue(()) }), Outcome::Exhausted);
        assert_eq!(n, expect, "{name} on the generalised engine");
    }
}

#[test]
fn small_random_matrices_find_the_brute_force_solutions() {
    let mut g = Lcg(17);
    for case in 0..300 {
        let m = if case % 2 == 0 { random_matrix(&mut g, -3, 5) } else { random_general(&mut g, -3, 5) };
        let expect = all_general_covers(&m, &[]);
        for threads in THREADS {
            let mut s = solver(&m, Engine::Auto, threads);
            assert_eq!(solutions(&m, &mut s), expect, "case {case} on {threads} threads");
            for goal in [Goal::MinCost, Goal::MaxCost, Goal::FewestRows] {
                let mut s = solver(&m, Engine::Auto, threads);
                s.set_objective(Some(Objective { goal, best: 3 })).unwrap();
                while s.next_solution().is_some() {}
                let best: Vec<i64> = s.best().iter().map(|b| b.cost).collect();
                let mut all = brute_force(&m, goal, &[]);
                all.truncate(3);
                assert_eq!(best, all, "case {case}, {goal:?} on {threads} threads");
            }
        }
    }
}

#[test]
fn larger_random_matrices_match_the_serial_search_in_every_mode() {
    let mut g = Lcg(5);
    let (mut case, mut tried, mut rows) = (0, 0, 30);
    // Work taken from another thread, per engine: the sharing is exercised.
    let mut steals = [0u64; 2];
    while case < 40 {
        let bounds = case % 2 == 1;
        let m = medium(&mut g, 10 + case % 5, rows, bounds);
        // Enough solutions to share out, few enough to list them all: the
        // number of rows follows what the last instance gave.
        tried += 1;
        assert!(tried < 2000, "the generator gives no instances of the size wanted");
        let mut probe = Solver::new(&m).unwrap();
        probe.set_limits(Limits { solutions: Some(1001), ..Limits::default() });
        match probe.count_run().0 {
            0..=19 => rows += 1,
            1001.. => rows -= 1,
            _ => case += 1,
        }
        if probe.counters().solutions < 20 || probe.counters().solutions > 1000 {
            continue;
        }
        for engine in [Engine::Auto, Engine::General] {
            let serial = solutions(&m, &mut solver(&m, engine, 1));
            let mut s = solver(&m, engine, 1);
            s.set_objective(Some(Objective { goal: Goal::MinCost, best: 4 })).unwrap();
            while s.next_solution().is_some() {}
            let best: Vec<i64> = s.best().iter().map(|b| b.cost).collect();
            for threads in THREADS {
                let what = format!("case {case}, {engine:?}, {threads} threads");
                assert_eq!(solutions(&m, &mut solver(&m, engine, threads)), serial, "{what}");
                let mut s = solver(&m, engine, threads);
                assert_eq!(s.count_run().0, serial.len() as u64, "{what}");
                steals[usize::from(engine == Engine::General)] += s.thread_stats().iter().map(|t| t.steals).sum::<u64>();
                let mut s = solver(&m, engine, threads);
                s.set_objective(Some(Objective { goal: Goal::MinCost, best: 4 })).unwrap();
                while s.next_solution().is_some() {}
                let got: Vec<i64> = s.best().iter().map(|b| b.cost).collect();
                assert_eq!(got, best, "{what}: the 4 best");
                // A seed and forced rows change nothing either.
                if let Some(first) = serial.first() {
                    let row = first[0];
                    let with: Vec<Vec<usize>> = serial.iter().filter(|s| s.contains(&row)).cloned().collect();
                    let mut s = solver(&m, engine, threads);
                    s.set_seed(Some(case as u64)).unwrap();
                    s.force_rows(&[row]).unwrap();
                    assert_eq!(solutions(&m, &mut s), with, "{what}: seed and forced row {row}");
                }
                // The pull iterator: one solution per call, the rest kept
                // (each call starts its threads: a few cases suffice).
                if case > 8 {
                    continue;
                }
                let mut s = solver(&m, engine, threads);
                let mut pulled: Vec<Vec<usize>> = std::iter::from_fn(|| s.next_solution().map(|r| r.to_vec()))
                    .map(|mut r| {
                        r.sort_unstable();
                        r
                    })
                    .collect();
                pulled.sort();
                assert_eq!(pulled, serial, "{what}: next_solution");
            }
        }
    }
    assert!(steals.iter().all(|&n| n > 10), "steals per engine: {steals:?}");
}

#[test]
fn limits_stop_the_call_and_the_next_call_resumes() {
    let m = queens(9);
    let serial = solutions(&m, &mut Solver::new(&m).unwrap());
    assert_eq!(serial.len(), 352);
    for threads in THREADS {
        // Solution limits: calls of 7 solutions at most, until exhausted.
        let mut s = solver(&m, Engine::Auto, threads);
        s.set_limits(Limits { solutions: Some(7), ..Limits::default() });
        let mut all = Vec::new();
        loop {
            let before = all.len();
            let outcome = s.run(|rows| {
                let mut r = rows.to_vec();
                r.sort_unstable();
                all.push(r);
                ControlFlow::Continue(())
            });
            assert!(all.len() - before <= 7);
            if outcome == Outcome::Exhausted {
                break;
            }
            assert_eq!(outcome, Outcome::SolutionLimit);
            assert_eq!(all.len() - before, 7);
        }
        all.sort();
        assert_eq!(all, serial, "{threads} threads, solution limit");
        // Node limits, counting: no call enters more nodes than its limit.
        let mut s = solver(&m, Engine::Auto, threads);
        s.set_limits(Limits { nodes: Some(500), ..Limits::default() });
        let mut total = 0;
        loop {
            let before = s.counters().nodes;
            let (n, outcome) = s.count_run();
            total += n;
            // A solution is a node, found past the slice's budget.
            assert!(s.counters().nodes - before <= 500 + threads as u64, "{threads} threads");
            match outcome {
                Outcome::Exhausted => break,
                o => assert_eq!(o, Outcome::NodeLimit),
            }
        }
        assert_eq!(total, 352, "{threads} threads, node limit");
        // Counting with a solution limit keeps the solutions past it.
        let mut s = solver(&m, Engine::Auto, threads);
        s.set_limits(Limits { solutions: Some(100), ..Limits::default() });
        let mut counts = Vec::new();
        loop {
            let (n, outcome) = s.count_run();
            counts.push(n);
            if outcome == Outcome::Exhausted {
                break;
            }
        }
        assert_eq!(counts, [100, 100, 100, 52], "{threads} threads");
        // `find` stops at each solution whatever the solution limit, as on
        // one thread.
        let mut s = solver(&m, Engine::Auto, threads);
        s.set_limits(Limits { solutions: Some(0), ..Limits::default() });
        assert!(matches!(s.find(), Found::Solution(_)), "{threads} threads");
        let mut one = Solver::new(&m).unwrap();
        one.set_limits(Limits { solutions: Some(0), ..Limits::default() });
        assert!(matches!(one.find(), Found::Solution(_)));
    }
}


/// Node-limited counting calls, many times over with short limits: the
/// count over the calls is the whole count. Catches a call that declares
/// the search over when a node limit stopped it while a helper that left
/// held a piece (exhaustion counted among the workers still running): one
/// run in a few hundred lost solutions that way.
#[test]
fn node_limited_calls_lose_no_piece() {
    let m = queens(9);
    for round in 0..100 {
        for threads in THREADS {
            for limit in [37, 100, 500] {
                let mut s = solver(&m, Engine::Auto, threads);
                s.set_limits(Limits { nodes: Some(limit), ..Limits::default() });
                let mut total = 0;
                loop {
                    let (n, outcome) = s.count_run();
                    total += n;
                    if outcome == Outcome::Exhausted {
                        break;
                    }
                    assert_eq!(outcome, Outcome::NodeLimit);
                }
                assert_eq!(total, 352, "round {round}, {threads} threads, limit {limit}");
            }
        }
    }
}

/// One long node-limited call, listing and counting: the whole call stays
/// within its budget (each thread may pass it by the one solution it found
/// at its last slice's end). Catches a worker's slice that finds a
/// solution past its budget without taking that node from the call's: a
/// million-node call on 13 queens went a few hundred nodes over.
#[test]
fn a_long_node_limited_call_keeps_its_budget() {
    let m = queens(12);
    for threads in THREADS {
        for listing in [false, true] {
            let mut s = solver(&m, Engine::Auto, threads);
            let limit = 300_000;
            s.set_limits(Limits { nodes: Some(limit), ..Limits::default() });
            let outcome = if listing { s.run(|_| ControlFlow::Continue(())) } else { s.count_run().1 };
            assert_eq!(outcome, Outcome::NodeLimit, "12 queens has 327,813 nodes (DLX1's count)");
            let nodes = s.counters().nodes;
            assert!((limit..=limit + threads as u64).contains(&nodes), "{threads} threads, listing {listing}: {nodes} nodes");
        }
    }
}
#[test]
fn the_first_solution_stops_every_thread() {
    let m = queens(14);
    let mut s = solver(&m, Engine::Auto, 4);
    let Found::Solution(rows) = s.find() else { panic!("14-queens has solutions") };
    assert!(is_general_cover(&m, rows));
    // Far from the 365,596 solutions' tree of 27 million nodes.
    assert!(s.counters().nodes < 1_000_000, "{:?}", s.counters());
    assert_eq!(s.outcome(), Some(Outcome::Solution));
    assert_eq!(s.counters().solutions, 1);
}

/// Wrong code caught: a cancel that threads do not see (the call goes on
/// to the end), a cancel asked for before a call that the call's workers
/// walk past (every thread looks at the flag before each slice: the call
/// enters at most a slice per thread), or a cancelled search on threads
/// that cannot go on. (How soon a cancel from another thread stops a
/// running call is counted in nodes on one thread, in dlx-core/tests/control.rs:
/// on threads, the others walk on while the canceller is scheduled.)
#[test]
fn cancelling_stops_every_thread_promptly_and_the_search_resumes() {
    let m = queens(16);
    let threads = 4;
    let mut s = solver(&m, Engine::Auto, threads);
    let ((n, outcome), _) = common::cancel_from_another_thread(&mut s, |s| s.count_run());
    assert_eq!(outcome, Outcome::Cancelled);
    assert!(n < 14_772_512);
    assert!(matches!(s.find(), Found::Solution(_)));
    // Asked for before the call: the call stops at once.
    s.canceller().cancel();
    let before = s.counters().nodes;
    assert_eq!(s.count_run().1, Outcome::Cancelled);
    let after = s.counters().nodes - before;
    assert!(after <= threads as u64 * dlx_core::control::POLL_NODES, "{after} nodes after the cancel");
    assert!(matches!(s.find(), Found::Solution(_)));
}

#[test]
fn progress_reports_summed_counters_and_a_stop_from_it_resumes() {
    let dir = common::generated();
    let (m, expect) = read_dlx(&dir.join("langford_11.dlx"));
    let mut s = solver(&m, Engine::Auto, 3);
    let seen = Arc::new(Mutex::new(Vec::new()));
    let log = seen.clone();
    s.set_progress(Some((Duration::ZERO, Box::new(move |r| {
        let mut log = log.lock().unwrap();
        log.push((r.estimate, r.counters.nodes));
        // Stop the search at the third report.
        if log.len() == 3 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    }))));
    let (first, outcome) = s.count_run();
    assert_eq!(outcome, Outcome::Stopped);
    let (rest, outcome) = s.count_run();
    assert_eq!(outcome, Outcome::Exhausted);
    assert_eq!(first + rest, expect);
    let seen = seen.lock().unwrap();
    assert!(seen.len() >= 3);
    assert!(seen.iter().all(|&(e, _)| (0.0..=1.0).contains(&e)));
    assert!(seen.windows(2).all(|w| w[0].1 <= w[1].1), "nodes never go down: {seen:?}");
    assert_eq!(s.estimate(), 1.0);
}

#[test]
fn one_thread_is_the_serial_search() {
    let m = queens(10);
    let mut a = Solver::new(&m).unwrap();
    let mut b = solver(&m, Engine::Auto, 1);
    let (x, y): (Vec<_>, Vec<_>) = (a.by_ref().collect(), b.by_ref().collect());
    assert_eq!(x, y, "same order");
    assert_eq!(a.counters(), b.counters());
    assert!(b.thread_stats().is_empty());
    // 0 is one thread per core.
    b.set_threads(0);
    assert_eq!(b.threads(), std::thread::available_parallelism().map_or(1, |n| n.get()));
}

#[test]
fn many_more_threads_than_cores_give_the_same_counts() {
    let dir = common::generated();
    let (m, expect) = read_dlx(&dir.join("langford_11.dlx"));
    let mut s = solver(&m, Engine::Auto, 16);
    assert_eq!(s.count_run(), (expect, Outcome::Exhausted));
    assert!(s.thread_stats().iter().map(|t| t.steals).sum::<u64>() > 0, "threads took work");
}

/// `n` columns, each with two rows of its own: 2^n solutions, one every
/// few nodes, so that the first slice (run on the calling thread before
/// any thread starts) fills the mailbox of solutions.
fn pairs(n: usize) -> Matrix {
    let mut m = Matrix::new(n).unwrap();
    for c in 0..n {
        m.add_row(&[c]).unwrap();
        m.add_row(&[c]).unwrap();
    }
    m
}

#[test]
fn solutions_found_before_the_threads_start_are_all_handed_out() {
    let m = pairs(11);
    for threads in THREADS {
        for engine in [Engine::Exact, Engine::General] {
            let mut s = solver(&m, engine, threads);
            let all = solutions(&m, &mut s);
            assert_eq!(all.len(), 1 << 11, "{engine:?} on {threads} threads");
            assert!(all.windows(2).all(|w| w[0] != w[1]), "none twice");
            // Resumed one solution at a time from a fresh start.
            let mut s = solver(&m, engine, threads);
            let mut n = 0;
            while s.next_solution().is_some() {
                n += 1;
            }
            assert_eq!(n, 1 << 11);
        }
    }
    // A search that ends inside the first slice starts no thread.
    let mut s = solver(&pairs(3), Engine::Auto, 2);
    assert_eq!(s.count_run(), (8, Outcome::Exhausted));
    assert_eq!(s.thread_stats().iter().map(|t| t.steals).sum::<u64>(), 0);
}

#[test]
fn a_panicking_callback_stops_every_thread_and_reaches_the_caller() {
    // Without the calling thread's guard, the other threads would wait for
    // it forever and this test would hang instead of ending.
    let dir = common::generated();
    let (m, _) = read_dlx(&dir.join("langford_11.dlx"));
    let prev = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    for threads in THREADS {
        let mut s = solver(&m, Engine::Auto, threads);
        let mut seen = 0;
        let got = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            s.run(|_| {
                seen += 1;
                if seen == 100 {
                    panic!("stop here");
                }
                ControlFlow::Continue(())
            })
        }));
        assert!(got.is_err(), "the panic reaches the caller on {threads} threads");
    }
    std::panic::set_hook(prev);
}

// Wrong code caught: a call that waits for a helper to come while every
// helper is busy in the search whose callback made the call (it would
// hang), or helpers of one call that work on another's workers (wrong
// counts).
#[test]
fn a_search_on_threads_inside_a_callback_of_one_completes() {
    let (ten, eight) = (queens(10), queens(8));
    let mut outer = solver(&ten, Engine::Auto, 2);
    let mut inner_counts = Vec::new();
    let mut seen = 0;
    let outcome = outer.run(|_| {
        seen += 1;
        // From the 100th solution on, the outer search's helpers have
        // joined it, and wait for the callback to take their solutions.
        if seen >= 100 && inner_counts.len() < 20 {
            let mut inner = solver(&eight, Engine::Auto, 2);
            inner_counts.push(inner.count_run().0);
        }
        ControlFlow::Continue(())
    });
    // OEIS A000170: 10 queens 724, 8 queens 92.
    assert_eq!(outcome, Outcome::Exhausted);
    assert_eq!(outer.counters().solutions, 724);
    assert_eq!(inner_counts, vec![92; 20]);
}

// Wrong code caught: helpers shared by many solvers at once that lose or
// mix work (wrong counts) or deadlock when every one is busy.
#[test]
fn sixty_four_solvers_of_four_threads_at_once_count_right() {
    let m = queens(8);
    let counts: Vec<u64> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..64).map(|_| scope.spawn(|| solver(&m, Engine::Auto, 4).count_run().0)).collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert_eq!(counts, vec![92; 64]);
}

// Wrong code caught: a call that starts on the calling thread alone and
// hands over to threads mid-walk (Solver::set_helper_delay above zero)
// that loses the walk's place (solutions missed or found twice), restarts
// its limits (more solutions or nodes than asked for), or drops the best
// found before the handover; DLX1's copy not readied to share (its serial
// walk keeps no stop points).
#[test]
fn a_call_handed_over_to_threads_mid_walk_goes_on_exactly() {
    let m = queens(10);
    for engine in [Engine::Exact, Engine::Small, Engine::General] {
        let serial = solutions(&m, &mut solver(&m, engine, 1));
        assert_eq!(serial.len(), 724, "OEIS A000170");
        for (threads, delay) in [(2, 1), (3, 1), (2, 30)] {
            let what = format!("{engine:?} on {threads} threads, handed over after {delay} us");
            let threaded = |limits: Limits| {
                let mut s = Solver::with_engine(&m, engine).unwrap();
                s.set_threads(threads);
                s.set_helper_delay(Duration::from_micros(delay));
                s.set_limits(limits);
                s
            };
            assert_eq!(threaded(Limits::default()).count_run(), (724, Outcome::Exhausted), "{what}");
            assert_eq!(solutions(&m, &mut threaded(Limits::default())), serial, "{what}");
            // 50 solutions a call: each call stops at exactly 50, and
            // together they are every solution once.
            let mut s = threaded(Limits { solutions: Some(50), ..Limits::default() });
            let mut all = Vec::new();
            loop {
                let mut this = 0;
                let outcome = s.run(|rows| {
                    let mut r = rows.to_vec();
                    r.sort_unstable();
                    all.push(r);
                    this += 1;
                    ControlFlow::Continue(())
                });
                if outcome == Outcome::Exhausted {
                    assert!(this <= 50, "{what}");
                    break;
                }
                assert_eq!((outcome, this), (Outcome::SolutionLimit, 50), "{what}");
            }
            all.sort();
            assert_eq!(all, serial, "{what}: 50 a call");
            // A node limit holds across the handover.
            let mut s = threaded(Limits { nodes: Some(3000), ..Limits::default() });
            let (_, outcome) = s.count_run();
            assert_eq!(outcome, Outcome::NodeLimit, "{what}");
            // (A solution is a node, found past a slice's budget; a copy
            // of the walk that counted its nodes again went 128 over.)
            assert!(s.counters().nodes <= 3000 + threads as u64, "{what}: {} nodes", s.counters().nodes);
        }
    }
    // The best costs: found before and after the handover, the same as on
    // one thread.
    let mut g = Lcg(77);
    for case in 0..20 {
        let m = medium(&mut g, 12, 60, case % 2 == 1);
        let mut one = Solver::new(&m).unwrap();
        one.set_objective(Some(Objective { goal: Goal::MinCost, best: 3 })).unwrap();
        one.run(|_| ControlFlow::Continue(()));
        let want: Vec<i64> = one.best().iter().map(|b| b.cost).collect();
        let mut s = Solver::new(&m).unwrap();
        s.set_threads(2);
        s.set_helper_delay(Duration::from_micros(1));
        s.set_objective(Some(Objective { goal: Goal::MinCost, best: 3 })).unwrap();
        s.run(|_| ControlFlow::Continue(()));
        let got: Vec<i64> = s.best().iter().map(|b| b.cost).collect();
        assert_eq!(got, want, "case {case}");
    }
}
