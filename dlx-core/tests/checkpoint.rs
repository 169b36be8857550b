//! Checkpoints: a search stopped anywhere, written out, read back by a new
//! solver and resumed, again and again, must find what an uninterrupted
//! search finds. The truth is a brute force over subsets of rows
//! (`common::all_general_covers`, `common::brute_force`), never a run of
//! the solver.

use dlx_testkit as common;

use common::{all_general_covers, brute_force, cost, queens, random_general, random_matrix, Lcg};
use dlx_core::{Checkpoint, Engine, Error, Goal, Limits, Matrix, Objective, Outcome, Relaxation, Solver};
use std::ops::ControlFlow;
use std::time::Duration;

/// How a solver of the test is made: engine, seed, threads, objective.
#[derive(Clone, Copy, Debug)]
struct Setup {
    engine: Engine,
    seed: Option<u64>,
    threads: usize,
    objective: Option<Objective>,
    relaxation: Relaxation,
}

impl Setup {
    fn solver(&self, m: &Matrix) -> Solver {
        let mut s = Solver::with_engine(m, self.engine).unwrap();
        s.set_threads(self.threads);
        // Helpers at once, so that workers hold pieces when it stops.
        s.set_helper_delay(Duration::ZERO);
        s.set_seed(self.seed).unwrap();
        s.set_objective(self.objective).unwrap();
        s.set_relaxation(self.relaxation);
        s
    }
}

/// Every engine that takes `m`.
fn engines(m: &Matrix) -> Vec<Engine> {
    Engine::all().into_iter().filter(|&e| Solver::with_engine(m, e).is_ok()).collect()
}

/// Runs the search of `setup` on `m` in calls of `budget` nodes, each call
/// followed by a checkpoint written as text, read back and resumed by a new
/// solver (the old one dropped); `count` counts instead of listing. Returns
/// the solutions handed out (sorted rows, sorted), the final solution
/// counter and the last solver.
///
/// With bounds, a call enters at least one node more than the matrix has
/// columns: a column closed with no rows left (Algorithm M's stop branch
/// alone) has no row to say so in a piece, so a call that stops right
/// after such levels leaves the piece it started from.
fn stop_and_resume(m: &Matrix, setup: Setup, budget: u64, count: bool) -> (Vec<Vec<usize>>, u64, Solver) {
    let budget = if m.is_generalized() { budget + m.columns() as u64 + 1 } else { budget };
    let mut s = setup.solver(m);
    s.set_limits(Limits { nodes: Some(budget), ..Limits::default() });
    let mut found = Vec::new();
    for round in 0.. {
        assert!(round < 2_000, "no end in sight: {setup:?} budget {budget}\n{}\n{}", s.checkpoint().unwrap().to_text().unwrap(), dlx_core::format::write(m));
        let outcome = if count {
            s.count_run().1
        } else {
            s.run(|rows| {
                let mut rows = rows.to_vec();
                rows.sort_unstable();
                found.push(rows);
                ControlFlow::Continue(())
            })
        };
        let text = s.checkpoint().unwrap().to_text().unwrap();
        let ck = Checkpoint::parse(&text).unwrap_or_else(|e| panic!("{e:?}\n{text}"));
        if outcome == Outcome::Exhausted {
            assert!(ck.pieces.is_empty() && ck.pending.is_empty(), "a finished search leaves nothing");
            break;
        }
        assert_eq!(outcome, Outcome::NodeLimit);
        let mut next = setup.solver(m);
        next.set_limits(Limits { nodes: Some(budget), ..Limits::default() });
        next.resume(&ck).unwrap_or_else(|e| panic!("{e:?} {setup:?}\n{text}\n{}", dlx_core::format::write(m)));
        assert_eq!(next.counters().solutions, s.counters().solutions, "the count goes on");
        assert_eq!(next.counters().nodes, s.counters().nodes, "the nodes go on");
        s = next;
    }
    found.sort();
    let total = s.counters().solutions;
    (found, total, s)
}

/// Wrong code caught: a piece lost or given twice (a donation not taken
/// out of the copy, the paused node forgotten, Algorithm M's stop branch
/// that comes last left out, rows tried before a branch not excluded), a
/// count or a pending solution dropped or counted twice across a
/// resume, on any engine, seeded or not, on one thread or two.
#[test]
fn listing_and_counting_resume_to_the_brute_force_set() {
    let mut g = Lcg(52);
    for case in 0..160 {
        let m = if case % 2 == 0 { random_general(&mut g, 0, 3) } else { random_matrix(&mut g, 0, 3) };
        let truth = all_general_covers(&m, &[]);
        for engine in engines(&m) {
            for (seed, threads) in [(None, 1), (Some(case as u64), 1), (None, 2)] {
                let setup = Setup { engine, seed, threads, objective: None, relaxation: Relaxation::Auto };
                for budget in [1, 2, 3, 5] {
                    let (found, total, _) = stop_and_resume(&m, setup, budget, false);
                    assert_eq!(found, truth, "case {case} {setup:?} budget {budget}: solutions");
                    assert_eq!(total, truth.len() as u64, "case {case} {setup:?} budget {budget}: counter");
                    let (_, counted, _) = stop_and_resume(&m, setup, budget, true);
                    assert_eq!(counted, truth.len() as u64, "case {case} {setup:?} budget {budget}: count");
                }
            }
        }
    }
}

/// Wrong code caught: the best list not carried over (a resumed search
/// would report a worse best, or the bar would not prune and the list
/// would take a worse one), or a piece cut by the bar it should not be.
#[test]
fn k_best_resumes_to_the_brute_force_costs() {
    let mut g = Lcg(5252);
    for case in 0..120 {
        let m = if case % 2 == 0 { random_general(&mut g, -3, 5) } else { random_matrix(&mut g, -3, 5) };
        for goal in [Goal::MinCost, Goal::MaxCost, Goal::FewestRows] {
            let costs = brute_force(&m, goal, &[]);
            for k in [1, 3] {
                let objective = Some(Objective { goal, best: k });
                for engine in engines(&m) {
                    for threads in [1, 2] {
                        let setup = Setup { engine, seed: None, threads, objective, relaxation: Relaxation::Auto };
                        for budget in [1, 4] {
                            let (_, _, s) = stop_and_resume(&m, setup, budget, false);
                            let best: Vec<i64> = s.best().iter().map(|b| b.cost).collect();
                            let want: Vec<i64> = costs.iter().copied().take(k).collect();
                            assert_eq!(best, want, "case {case} {setup:?} budget {budget}");
                            for b in s.best() {
                                assert_eq!(cost(&m, goal, &b.rows), b.cost);
                            }
                        }
                    }
                }
            }
        }
    }
}

/// A search led by the linear relaxation at every node (its children cut
/// by their parent's duals before they are covered, its branching item
/// the relaxation's), stopped after a few nodes, written out and resumed
/// by a new solver, ends with the best costs of a brute force, on every
/// goal; for the single best it goes on from the root below its best
/// cover (`Solver::resume`). Wrong code caught: a child cut by its parent
/// a unit too early, a piece lost across a resume (k = 2), a search that
/// had ended handing out a solution again.
#[test]
fn the_relaxation_resumes_to_the_brute_force_costs() {
    let mut g = Lcg(6767);
    for _ in 0..300 {
        let m = random_matrix(&mut g, -3, 5);
        for goal in [Goal::MinCost, Goal::MaxCost, Goal::FewestRows] {
            let costs = brute_force(&m, goal, &[]);
            for k in [1, 2] {
                let setup = Setup { engine: Engine::Exact, seed: None, threads: 1, objective: Some(Objective { goal, best: k }), relaxation: Relaxation::Always };
                for stop in [1, 2, 3, 5, 8] {
                    let mut s = setup.solver(&m);
                    s.set_limits(Limits { nodes: Some(stop), ..Limits::default() });
                    let first = s.run(|_| ControlFlow::Continue(()));
                    let text = s.checkpoint().unwrap().to_text().unwrap();
                    let mut next = setup.solver(&m);
                    next.resume(&Checkpoint::parse(&text).unwrap()).unwrap();
                    let mut handed = 0;
                    let second = next.run(|_| {
                        handed += 1;
                        ControlFlow::Continue(())
                    });
                    assert_eq!(second, Outcome::Exhausted);
                    if first == Outcome::Exhausted {
                        assert_eq!(handed, 0, "an ended search hands nothing out again");
                    }
                    let best: Vec<i64> = next.best().iter().map(|b| b.cost).collect();
                    let want: Vec<i64> = costs.iter().copied().take(k).collect();
                    assert_eq!(best, want, "{setup:?} stop {stop}\n{}", dlx_core::format::write(&m));
                }
            }
        }
    }
}

/// Wrong code caught: pieces of a deeper tree (DLX1's and the bit sets'
/// levels several deep, shares of threads) lost or repeated; the 92
/// solutions of 8 queens, each found once.
#[test]
fn queens_resume_on_two_threads() {
    let m = queens(8);
    for engine in [Engine::Exact, Engine::Small, Engine::General] {
        for threads in [1, 2] {
            let setup = Setup { engine, seed: None, threads, objective: None, relaxation: Relaxation::Auto };
            let (found, total, _) = stop_and_resume(&m, setup, 97, false);
            assert_eq!(found.len(), 92, "{setup:?}");
            found.windows(2).for_each(|w| assert_ne!(w[0], w[1], "{setup:?}: a solution twice"));
            assert!(found.iter().all(|rows| common::is_exact_cover(&m, rows)));
            assert_eq!(total, 92);
            let (_, counted, _) = stop_and_resume(&m, setup, 1000, true);
            assert_eq!(counted, 92, "{setup:?}");
        }
    }
}

/// Wrong code caught: a checkpoint applied to another matrix, to the same
/// matrix with another cost, or with another objective; a text cut short
/// or edited accepted; a refused resume that changed the solver.
#[test]
fn another_matrix_or_a_damaged_text_is_refused() {
    let m = queens(6);
    let mut s = Solver::new(&m).unwrap();
    s.set_limits(Limits { nodes: Some(20), ..Limits::default() });
    s.count_run();
    let ck = s.checkpoint().unwrap();
    let text = ck.to_text().unwrap();

    let mut other = Solver::new(&queens(7)).unwrap();
    assert_eq!(other.resume(&ck), Err(Error::CheckpointMismatch));
    let mut costly = m.clone();
    costly.set_cost(0, 1).unwrap();
    assert_eq!(Solver::new(&costly).unwrap().resume(&ck), Err(Error::CheckpointMismatch));
    let mut best = Solver::new(&m).unwrap();
    best.set_objective(Some(Objective { goal: Goal::FewestRows, best: 1 })).unwrap();
    assert_eq!(best.resume(&ck), Err(Error::CheckpointMismatch));

    for cut in [0, 10, text.len() / 2, text.len() - 2] {
        assert_eq!(Checkpoint::parse(&text[..cut]), Err(Error::Checkpoint));
    }
    let edited = text.replacen("solutions 0", "solutions 1", 1);
    assert_ne!(edited, text);
    assert_eq!(Checkpoint::parse(&edited), Err(Error::Checkpoint));

    // A checksum-valid checkpoint whose rows make no sense (built, not
    // read) is refused, and the solver is left as it was.
    let mut fresh = Solver::new(&m).unwrap();
    let mut wild = ck.clone();
    wild.pieces[0].rows.push(m.rows());
    assert_eq!(fresh.resume(&wild), Err(Error::Checkpoint));
    let mut clash = ck.clone();
    clash.pieces[0].rows = vec![0, 1];
    assert_eq!(fresh.resume(&clash), Err(Error::Checkpoint));
    assert_eq!(fresh.count_run().0, 4, "6 queens have 4 solutions; the solver was untouched");
}

/// Wrong code caught: a checkpoint after the memoized count claiming a
/// frontier it does not have; `count_auto` on a resumed solver counting
/// the pieces without the count before them.
#[test]
fn memo_has_no_checkpoint_and_count_auto_adds_the_count_before() {
    let m = queens(8);
    let mut memo = Solver::new(&m).unwrap();
    memo.memo_count().unwrap();
    assert_eq!(memo.checkpoint().err(), Some(Error::Unsupported(dlx_core::Unsupported::CheckpointAfterMemo)));

    let mut s = Solver::new(&m).unwrap();
    s.set_limits(Limits { nodes: Some(500), ..Limits::default() });
    let (counted, _) = s.count_run();
    assert!(counted > 0 && counted < 92, "the test wants a count part way: {counted}");
    let ck = s.checkpoint().unwrap();
    let mut next = Solver::new(&m).unwrap();
    next.resume(&ck).unwrap();
    assert_eq!(next.count_auto().unwrap().map(|c| c.to_string()), Some("92".to_string()));
}

/// Runs the search of `setup` on `m` in calls of `budget` nodes, each
/// followed by a checkpoint resumed by a new solver, as
/// [`stop_and_resume`] does, listing: the solutions in the order handed
/// out (each one's rows sorted) and the nodes in all. (With bounds, a
/// call enters more nodes than the matrix has columns, as there.)
fn resumed_in_order(m: &Matrix, setup: Setup, budget: u64) -> (Vec<Vec<usize>>, u64) {
    let budget = if m.is_generalized() { budget + m.columns() as u64 + 1 } else { budget };
    let mut s = setup.solver(m);
    s.set_limits(Limits { nodes: Some(budget), ..Limits::default() });
    let mut found = Vec::new();
    for round in 0.. {
        assert!(round < 100_000, "no end in sight: {setup:?} budget {budget}");
        let outcome = s.run(|rows| {
            let mut rows = rows.to_vec();
            rows.sort_unstable();
            found.push(rows);
            ControlFlow::Continue(())
        });
        if outcome == Outcome::Exhausted {
            break;
        }
        let ck = Checkpoint::parse(&s.checkpoint().unwrap().to_text().unwrap()).unwrap();
        s = setup.solver(m);
        s.set_limits(Limits { nodes: Some(budget), ..Limits::default() });
        s.resume(&ck).unwrap();
    }
    (found, s.counters().nodes)
}

/// The uninterrupted search of `setup` on `m`: its solutions in order and
/// its nodes.
fn in_order(m: &Matrix, setup: Setup) -> (Vec<Vec<usize>>, u64) {
    let mut s = setup.solver(m);
    let mut found = Vec::new();
    let outcome = s.run(|rows| {
        let mut rows = rows.to_vec();
        rows.sort_unstable();
        found.push(rows);
        ControlFlow::Continue(())
    });
    assert_eq!(outcome, Outcome::Exhausted);
    (found, s.counters().nodes)
}

/// Wrong code caught: a checkpoint's pieces in another order than the
/// search would reach them (a donation's shallowest branch first, the
/// queue before the piece a worker holds, Algorithm M's stop branch before
/// the rows of its level), so that a resumed search walks the tree in
/// another order and a node limit (`dlx --max-nodes` across a kill) stops
/// at other solutions than an uninterrupted run; a piece whose forced rows
/// are a solution counted as a root and a solution (one node too many per
/// such piece). On one thread without a seed, a search stopped and resumed
/// any number of times hands out the same solutions in the same order and,
/// on exact cover, enters the same nodes.
#[test]
fn a_resumed_search_walks_the_same_tree_in_the_same_order() {
    let mut g = Lcg(71);
    for case in 0..200 {
        let m = match case % 3 {
            0 => random_general(&mut g, 0, 3),
            1 => random_matrix(&mut g, 0, 3),
            _ => queens(5 + case % 3),
        };
        for engine in engines(&m) {
            let setup = Setup { engine, seed: None, threads: 1, objective: None, relaxation: Relaxation::Auto };
            let whole = in_order(&m, setup);
            for budget in [1, 2, 3, 7, 40] {
                let (found, nodes) = resumed_in_order(&m, setup, budget);
                let what = format!("case {case} {setup:?} budget {budget}\n{}", dlx_core::format::write(&m));
                assert_eq!(found, whole.0, "{what}");
                if m.is_generalized() {
                    // A piece below a column closed with no row (Algorithm
                    // M's stop branch alone) enters that level again.
                    assert!(nodes >= whole.1, "{what}: {nodes} nodes, {} uninterrupted", whole.1);
                } else {
                    assert_eq!(nodes, whole.1, "{what}: nodes");
                }
            }
        }
    }
}
