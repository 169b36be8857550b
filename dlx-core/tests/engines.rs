//! The engines against each other: the generalised engine (Knuth's
//! Algorithm M) run on plain exact-cover matrices must find what the DLX1
//! engine finds (the same solutions, counts, best costs, k best, and the
//! same with forced rows), and both must agree with a brute force over all
//! subsets of rows; their orders and counters may differ. The small-matrix
//! engine walks DLX1's tree on bit sets: the same solutions in the same
//! order, the same counters, in every mode (forced and excluded rows,
//! pauses, seeds, subproblems, threads).

use dlx_testkit as common;

use common::{all_general_covers, brute_force, is_exact_cover, is_general_cover, random_general, random_matrix, Lcg};
use dlx_core::{Engine, Error, Goal, Matrix, Objective, Progress, Solver};
use std::time::Duration;

fn solutions(m: &Matrix, engine: Engine, forced: &[usize]) -> Vec<Vec<usize>> {
    let mut s = Solver::with_engine(m, engine).unwrap();
    if !forced.is_empty() {
        s.force_rows(forced).unwrap();
    }
    let mut all = Vec::new();
    common::run_sorted(&mut s, &mut all, |_| {});
    all.sort();
    all
}

fn best(m: &Matrix, engine: Engine, goal: Goal, k: usize) -> Vec<i64> {
    let mut s = Solver::with_engine(m, engine).unwrap();
    s.set_objective(Some(Objective { goal, best: k })).unwrap();
    while s.next_solution().is_some() {}
    s.best().iter().map(|b| b.cost).collect()
}

#[test]
fn the_generalised_engine_agrees_with_dlx1_on_plain_matrices() {
    let mut g = Lcg(1616);
    let mut with_solutions = 0;
    for i in 0..3000 {
        let (lo, hi) = [(0, 3), (-5, 5), (1, 1000)][i % 3];
        let m = random_matrix(&mut g, lo, hi);
        let exact = solutions(&m, Engine::Exact, &[]);
        assert_eq!(solutions(&m, Engine::General, &[]), exact, "solutions\n{m:?}");
        let count = |e| Solver::with_engine(&m, e).unwrap().count_run().0;
        assert_eq!(count(Engine::General), exact.len() as u64);
        assert_eq!(count(Engine::Exact), exact.len() as u64);
        with_solutions += usize::from(!exact.is_empty());
        for goal in [Goal::MinCost, Goal::MaxCost, Goal::FewestRows] {
            for k in [1, 3] {
                let expect: Vec<i64> = brute_force(&m, goal, &[]).into_iter().take(k).collect();
                assert_eq!(best(&m, Engine::Exact, goal, k), expect, "DLX1, {goal:?}, k {k}\n{m:?}");
                assert_eq!(best(&m, Engine::General, goal, k), expect, "Algorithm M, {goal:?}, k {k}\n{m:?}");
            }
        }
        // Forced rows: the same solutions, or the same refusal.
        let forced = [g.below(m.rows() as u64) as usize];
        let refused = |e| Solver::with_engine(&m, e).unwrap().force_rows(&forced).err();
        assert_eq!(refused(Engine::General), refused(Engine::Exact));
        if refused(Engine::Exact).is_none() {
            assert_eq!(solutions(&m, Engine::General, &forced), solutions(&m, Engine::Exact, &forced), "forced {forced:?}\n{m:?}");
        }
    }
    assert!(with_solutions > 500, "only {with_solutions} instances had solutions");
}

#[test]
fn the_exact_engine_refuses_bounds_and_colors() {
    let mut m = Matrix::new(2).unwrap();
    m.add_row(&[0, 1]).unwrap();
    assert!(Solver::with_engine(&m, Engine::Exact).is_ok());
    m.set_bounds(0, 0, 2).unwrap();
    assert_eq!(Solver::with_engine(&m, Engine::Exact).err(), Some(Error::Unsupported(dlx_core::Unsupported::ExactEngine)));
    assert!(Solver::with_engine(&m, Engine::Auto).is_ok());
}

/// A random exact-cover matrix of `columns` columns (a fifth secondary)
/// and `rows` rows of 1 to 4 columns: more than 64 rows spread each item's
/// rows over several words of the small engine's bit sets.
fn random_wide(g: &mut Lcg, columns: usize, rows: usize) -> Matrix {
    random_rows(g, columns, rows, 5, false)
}

/// A random matrix with colors and no bounds: `columns` columns (a third
/// secondary), `rows` rows of 1 to 4 columns, each secondary entry given
/// no color (a quarter of them), color 1, 2 or `u32::MAX`.
fn random_colored(g: &mut Lcg, columns: usize, rows: usize) -> Matrix {
    random_rows(g, columns, rows, 3, true)
}

/// `columns` columns, one in `secondary` of them secondary, and `rows`
/// rows of 1 to 4 columns, `colored` or not (as `random_colored`).
fn random_rows(g: &mut Lcg, columns: usize, rows: usize, secondary: u64, colored: bool) -> Matrix {
    let mut m = Matrix::new(columns).unwrap();
    for c in 0..columns {
        if g.below(secondary) == 0 {
            m.set_secondary(c).unwrap();
        }
    }
    for _ in 0..rows {
        let mut cols: Vec<usize> = (0..1 + g.below(4)).map(|_| g.below(columns as u64) as usize).collect();
        cols.sort_unstable();
        cols.dedup();
        let color = |g: &mut Lcg, c: usize| if colored && m.is_secondary(c) == Some(true) { [0, 1, 2, u32::MAX][g.below(4) as usize] } else { 0 };
        let colors: Vec<u32> = cols.iter().map(|&c| color(g, c)).collect();
        m.add_colored_row(&cols, &colors).unwrap();
    }
    m
}

/// The most nodes a test walk enters (a wide random matrix can have
/// astronomically many solutions); the engines stop at the same place.
const NODES: u64 = 5000;

fn limited(m: &Matrix, engine: Engine) -> Solver {
    let mut s = Solver::with_engine(m, engine).unwrap();
    s.set_limits(dlx_core::Limits { nodes: Some(NODES), ..Default::default() });
    s
}

/// Every solution `engine` hands out, in its order, with the counters.
fn walk(m: &Matrix, engine: Engine, setup: impl Fn(&mut Solver)) -> (Vec<Vec<usize>>, dlx_core::Counters) {
    let mut s = limited(m, engine);
    setup(&mut s);
    let mut all = Vec::new();
    s.run(|rows| {
        all.push(rows.to_vec());
        std::ops::ControlFlow::Continue(())
    });
    (all, s.counters())
}

/// The same, taken a few nodes at a time ([`Solver::search`]).
fn paused(m: &Matrix, engine: Engine, budget: u64) -> (Vec<Vec<usize>>, dlx_core::Counters) {
    let mut s = Solver::with_engine(m, engine).unwrap();
    let mut all = Vec::new();
    while s.counters().nodes < NODES {
        match s.search(budget) {
            Progress::Solution(rows) => all.push(rows.to_vec()),
            Progress::Paused => {}
            Progress::Exhausted => break,
        }
    }
    (all, s.counters())
}

fn sorted(mut all: Vec<Vec<usize>>) -> Vec<Vec<usize>> {
    for r in &mut all {
        r.sort_unstable();
    }
    all.sort();
    all
}

#[test]
fn the_small_engine_walks_dlx1_s_tree_with_its_counters() {
    let mut g = Lcg(2121);
    let mut with_solutions = 0;
    for i in 0..1500 {
        let (columns, rows) = (6 + g.below(30) as usize, 40 + g.below(300) as usize);
        let mut m = if i % 2 == 0 { random_matrix(&mut g, 0, 3) } else { random_wide(&mut g, columns, rows) };
        if i % 20 == 3 && m.columns() >= 16 {
            // A column of 1100 rows more: too long for the small engine's
            // 16-bit keys with the item numbers (of 4 bits or more, for 8
            // primary items or more), so it takes 32-bit ones.
            let n = m.columns();
            for k in 0..1100 {
                m.add_row(&[0, 1 + k % (n - 1)]).unwrap();
            }
        }
        let exact = walk(&m, Engine::Exact, |_| {});
        let small = walk(&m, Engine::Small, |_| {});
        assert_eq!(small, exact, "solutions in order, counters\n{m:?}");
        with_solutions += usize::from(!exact.0.is_empty());
        for rows in &exact.0 {
            assert!(is_exact_cover(&m, rows), "{rows:?}\n{m:?}");
        }
        if m.rows() <= 13 {
            // The facts, from all subsets of rows.
            assert_eq!(sorted(small.0.clone()), all_general_covers(&m, &[]), "{m:?}");
        }
        let count = |e| {
            let mut s = limited(&m, e);
            let n = s.count_run().0;
            (n, s.counters())
        };
        assert_eq!(count(Engine::Small), count(Engine::Exact), "count_run\n{m:?}");
        let budget = 1 + g.below(5);
        assert_eq!(paused(&m, Engine::Small, budget), paused(&m, Engine::Exact, budget), "budget {budget}\n{m:?}");
        // Forced and excluded rows: the same walk, or the same refusal.
        let forced = [g.below(m.rows() as u64) as usize];
        let excluded = [g.below(m.rows() as u64) as usize, g.below(m.rows() as u64) as usize];
        let fix = |s: &mut Solver| {
            if s.force_rows(&forced).is_ok() {
                let _ = s.exclude_rows(&excluded);
            }
        };
        assert_eq!(walk(&m, Engine::Small, fix), walk(&m, Engine::Exact, fix), "forced {forced:?} excluded {excluded:?}\n{m:?}");
        // A seed: the same solutions, in some order (all of them, when
        // the walk in order saw all).
        let seed = |s: &mut Solver| s.set_seed(Some(i as u64)).unwrap();
        let seeded = walk(&m, Engine::Small, seed);
        if exact.1.nodes < NODES && seeded.1.nodes < NODES {
            assert_eq!(sorted(seeded.0), sorted(exact.0.clone()), "seeded\n{m:?}");
        }
        // Subproblems: the same cuts of the same tree.
        let depth = 1 + g.below(3) as usize;
        let cuts = |e| {
            let mut s = Solver::with_engine(&m, e).unwrap();
            let mut parts = Vec::new();
            let _ = s.for_each_subproblem(depth, |p| {
                parts.push((p.rows.to_vec(), p.excluded.to_vec()));
                std::ops::ControlFlow::Continue(())
            })
            .unwrap();
            parts.truncate(1000);
            parts
        };
        assert_eq!(cuts(Engine::Small), cuts(Engine::Exact), "depth {depth}\n{m:?}");
        // Threads: the same count and the same set of solutions.
        if i % 10 == 1 && exact.1.nodes < NODES {
            let threads = |s: &mut Solver| {
                s.set_threads(2);
                s.set_helper_delay(Duration::ZERO);
            };
            assert_eq!(sorted(walk(&m, Engine::Small, threads).0), sorted(exact.0.clone()), "2 threads\n{m:?}");
        }
    }
    assert!(with_solutions > 300, "only {with_solutions} instances had solutions");
}

#[test]
fn the_automatic_choice_moves_from_the_small_engine_for_an_objective() {
    // 100 columns, 700 rows of 4: DLX1's links take 57 KB, the bit sets
    // 9 KB, so the solver picks the small engine.
    let mut g = Lcg(77);
    let mut m = Matrix::new(100).unwrap();
    for r in 0..700 {
        let mut cols: Vec<usize> = (0..4).map(|_| g.below(100) as usize).collect();
        cols.sort_unstable();
        cols.dedup();
        m.add_row(&cols).unwrap();
        m.set_cost(r, g.below(50) as i64).unwrap();
    }
    let mut auto = Solver::new(&m).unwrap();
    assert_eq!(auto.engine(), Engine::Small);
    auto.force_rows(&[3]).unwrap();
    let objective = Some(Objective { goal: Goal::MinCost, best: 2 });
    auto.set_objective(objective).unwrap();
    assert_eq!(auto.engine(), Engine::Exact);
    let mut exact = Solver::with_engine(&m, Engine::Exact).unwrap();
    exact.force_rows(&[3]).unwrap();
    exact.set_objective(objective).unwrap();
    let limits = dlx_core::Limits { nodes: Some(20_000), ..Default::default() };
    for s in [&mut auto, &mut exact] {
        s.set_limits(limits);
        while s.next_solution().is_some() {}
    }
    assert_eq!(auto.best(), exact.best());
    assert_eq!(auto.counters(), exact.counters());
    // Asked for by name, the small engine moves too (it once refused with
    // Unsupported), and finds the same best with the same counters.
    let mut small = Solver::with_engine(&m, Engine::Small).unwrap();
    small.force_rows(&[3]).unwrap();
    small.set_objective(objective).unwrap();
    assert_eq!(small.engine(), Engine::Exact);
    small.set_limits(limits);
    while small.next_solution().is_some() {}
    assert_eq!((small.best(), small.counters()), (exact.best(), exact.counters()));
    small.set_objective(None).unwrap();
    small.force_rows(&[]).unwrap();
    let count = |mut s: Solver| {
        s.set_limits(dlx_core::Limits { nodes: Some(20_000), ..Default::default() });
        (s.count_run().0, s.counters())
    };
    assert_eq!(count(small), count(Solver::with_engine(&m, Engine::Exact).unwrap()));
    // With bounds it runs Algorithm M on bit sets, and an objective
    // moves it to Algorithm M on links.
    m.set_bounds(0, 0, 2).unwrap();
    let mut bounded = Solver::with_engine(&m, Engine::Small).unwrap();
    assert_eq!(bounded.engine(), Engine::Small);
    bounded.set_objective(objective).unwrap();
    assert_eq!(bounded.engine(), Engine::General);
}

#[test]
fn the_small_engine_walks_algorithm_m_s_tree_on_colors() {
    // Wrong code this catches: a purify that keeps a row of another color
    // (or one without a color) in play, or takes one of the same color
    // out; conflict sets that treat a shared color as a clash; a walk on
    // colors that differs from DLX2's (Algorithm M's, without bounds) in
    // its order, its nodes or its solutions, in any mode.
    let mut g = Lcg(4242);
    let mut conflicts = [0; 2];
    small_walks_as_algorithm_m(1500, |i| {
        let m = if i % 2 == 0 {
            let mut m = random_general(&mut g, 0, 3);
            for c in 0..m.columns() {
                if m.is_secondary(c) == Some(false) {
                    m.set_bounds(c, 1, 1).unwrap();
                }
            }
            m
        } else {
            // 8,200 rows and more: conflict sets past the 8 MB the small
            // engine makes with colors, so it purifies item by item.
            let (columns, rows) = (6 + g.below(30) as usize, if i % 40 == 1 { 8200 + g.below(400) } else { 40 + g.below(300) } as usize);
            random_colored(&mut g, columns, rows)
        };
        conflicts[usize::from(m.rows() >= 8200)] += 1;
        (m, g.below(1 << 20))
    });
    assert!(conflicts[0] > 100 && conflicts[1] > 25, "{conflicts:?}");
}

#[test]
fn the_small_engine_walks_algorithm_m_s_tree_on_bounds() {
    // Wrong code this catches, in Algorithm M on bit sets: a column that
    // stops before its `lo` rows or takes rows past its `hi`; a stop
    // branch that leaves rows of its column in play; a row tried that
    // stays in play for the branches after it; a choice that strays from
    // Algorithm M's (other nodes); clash sets that let two rows share a
    // secondary column without one color; in any mode.
    let mut g = Lcg(5353);
    let mut bounded = 0;
    small_walks_as_algorithm_m(2000, |i| {
        let m = if i % 2 == 0 {
            random_general(&mut g, 0, 3)
        } else {
            // Wider: 70 rows and more span two words of the bit sets.
            let (columns, rows) = (4 + g.below(12) as usize, 20 + g.below(if i % 4 == 1 { 120 } else { 40 }) as usize);
            let mut m = random_colored(&mut g, columns, rows);
            for c in 0..columns {
                if m.is_secondary(c) == Some(false) && g.below(2) == 0 {
                    let lower = g.below(3) as u32;
                    m.set_bounds(c, lower, lower + g.below(3) as u32).unwrap();
                }
            }
            m
        };
        bounded += usize::from((0..m.columns()).any(|c| m.is_secondary(c) == Some(false) && m.bounds(c) != Some((1, 1))));
        (m, g.below(1 << 20))
    });
    assert!(bounded > 1000, "{bounded}");
}

/// The small engine against Algorithm M on the links and on dancing
/// cells, on `n` matrices from `next` (with a seed): the same solutions
/// in the same order, and the nodes of dancing cells (which passes over
/// finished columns as the small engine does, where the links branch on
/// them once more), counting, paused, with forced and excluded rows, in a
/// random order, on two threads; each solution a cover by the brute
/// force's rule (all of them on small matrices); an objective moving the
/// solver to links.
fn small_walks_as_algorithm_m(n: usize, mut next: impl FnMut(usize) -> (Matrix, u64)) {
    let mut with_solutions = 0;
    for i in 0..n {
        let (m, draw) = next(i);
        let mut g = Lcg(draw);
        let nodes = |c: dlx_core::Counters| c.nodes;
        let general = walk(&m, Engine::General, |_| {});
        let small = walk(&m, Engine::Small, |_| {});
        let cells = walk(&m, Engine::Cells, |_| {});
        // (Within the node limit the links may find fewer: their tree is
        // larger where columns are finished.)
        assert_eq!((&small.0, nodes(small.1)), (&cells.0, nodes(cells.1)), "solutions in order, nodes\n{m:?}");
        assert!(small.0.starts_with(&general.0), "solutions in order\n{m:?}");
        with_solutions += usize::from(!small.0.is_empty());
        for rows in small.0.iter().take(20) {
            assert!(is_general_cover(&m, rows), "{rows:?}\n{m:?}");
        }
        if m.rows() <= 13 {
            assert_eq!(sorted(small.0.clone()), all_general_covers(&m, &[]), "{m:?}");
        }
        let count = |e| {
            let mut s = limited(&m, e);
            let n = s.count_run().0;
            (n, s.counters().nodes)
        };
        assert_eq!(count(Engine::Small), count(Engine::Cells), "count_run\n{m:?}");
        let budget = 1 + g.below(5);
        let paused_nodes = |e| {
            let (all, c) = paused(&m, e, budget);
            (all, c.nodes)
        };
        assert_eq!(paused_nodes(Engine::Small), paused_nodes(Engine::Cells), "budget {budget}\n{m:?}");
        let forced = [g.below(m.rows() as u64) as usize];
        let excluded = [g.below(m.rows() as u64) as usize, g.below(m.rows() as u64) as usize];
        let fix = |s: &mut Solver| {
            if s.force_rows(&forced).is_ok() {
                let _ = s.exclude_rows(&excluded);
            }
        };
        let (fs, fc) = (walk(&m, Engine::Small, fix), walk(&m, Engine::Cells, fix));
        assert_eq!((fs.0, fs.1.nodes), (fc.0, fc.1.nodes), "forced {forced:?} excluded {excluded:?}\n{m:?}");
        let seed = |s: &mut Solver| s.set_seed(Some(i as u64)).unwrap();
        let seeded = walk(&m, Engine::Small, seed);
        if general.1.nodes < NODES && seeded.1.nodes < NODES {
            assert_eq!(sorted(seeded.0), sorted(general.0.clone()), "seeded\n{m:?}");
        }
        if i % 10 == 1 && general.1.nodes < NODES {
            // Without the node limit: pieces handed over count their
            // roots again, so two threads may pass it where one did not.
            let mut s = Solver::with_engine(&m, Engine::Small).unwrap();
            s.set_threads(2);
            s.set_helper_delay(Duration::ZERO);
            let mut all = Vec::new();
            common::run_sorted(&mut s, &mut all, |_| {});
            all.sort();
            assert_eq!(all, sorted(general.0.clone()), "2 threads\n{m:?}");
        }
        // An objective moves the solver to Algorithm M (to DLX1's links
        // without colors), which finds the brute force's best.
        if i % 5 == 0 && m.rows() <= 13 {
            let mut s = Solver::with_engine(&m, Engine::Small).unwrap();
            s.set_objective(Some(Objective { goal: Goal::FewestRows, best: 2 })).unwrap();
            assert_eq!(s.engine(), if m.is_generalized() { Engine::General } else { Engine::Exact });
            while s.next_solution().is_some() {}
            let expect: Vec<i64> = brute_force(&m, Goal::FewestRows, &[]).into_iter().take(2).collect();
            assert_eq!(s.best().iter().map(|b| b.cost).collect::<Vec<_>>(), expect, "{m:?}");
        }
    }
    assert!(with_solutions > n / 5, "only {with_solutions} instances had solutions");
}

/// Wrong code caught: a refusal that says the wrong cause (every
/// `Unsupported` once said "not supported for a matrix with bounds or
/// colors", also for a plain matrix with an objective), or a diagram's
/// least cost out of range told as the objective's 2^61 limit.
#[test]
fn each_refusal_says_its_own_cause() {
    use dlx_core::Unsupported as Why;
    let mut colored = Matrix::new(2).unwrap();
    colored.set_secondary(1).unwrap();
    colored.add_colored_row(&[0, 1], &[0, 1]).unwrap();
    let e = Solver::with_engine(&colored, Engine::Exact).err().unwrap();
    assert_eq!(e, Error::Unsupported(Why::ExactEngine));
    assert!(e.to_string().contains("exact engine") && e.to_string().contains("bounds or colors"), "{e}");

    // A plain matrix: bounds and colors have nothing to do with these.
    let plain = common::queens(5);
    let mut s = Solver::new(&plain).unwrap();
    s.set_objective(Some(Objective { goal: Goal::FewestRows, best: 1 })).unwrap();
    let memo = [s.memo_count().err(), s.count_auto().err(), s.memo_sample(0, 1, |_| std::ops::ControlFlow::Continue(())).err()];
    for e in memo {
        assert_eq!(e, Some(Error::Unsupported(Why::MemoWithObjective)));
        let text = e.unwrap().to_string();
        assert!(text.contains("memoized count") && text.contains("objective") && !text.contains("bounds or colors"), "{text}");
    }
    let mut s = Solver::new(&plain).unwrap();
    assert_eq!(s.memo_count().unwrap().map(|c| c.to_string()), Some("10".to_string()), "5 queens");
    let e = s.checkpoint().err().unwrap();
    assert_eq!(e, Error::Unsupported(Why::CheckpointAfterMemo));
    assert!(e.to_string().contains("checkpoint") && !e.to_string().contains("bounds or colors"), "{e}");

    // Three rows of cost 2^62 each, all needed: 3 * 2^62 does not fit an i64.
    let mut big = Matrix::new(3).unwrap();
    for c in 0..3 {
        big.add_row(&[c]).unwrap();
        big.set_cost(c, 1 << 62).unwrap();
    }
    let e = Solver::new(&big).unwrap().zdd().unwrap().least_cost().err().unwrap();
    assert_eq!(e, Error::LeastCostRange);
    assert!(e.to_string().contains("least cost") && !e.to_string().contains("2^61"), "{e}");
}

/// A search whose forced rows are already its one solution (and a matrix
/// with no primary item, whose one solution is the empty set), on every
/// engine and in every mode of the walk: found once, counted once (with a
/// count limit of one solution and without), and one subproblem at any
/// depth. Catches a counting walk that loses the lone solution or counts
/// it twice (it is counted before the walk's loop, where the walk is
/// already done), and a cutting walk that takes it for a cut.
#[test]
fn the_forced_rows_alone_are_one_solution_in_every_mode() {
    // Rows {0,1}, {2}, {1,2}: {0,1}+{2} is the one cover.
    let mut m = Matrix::new(3).unwrap();
    for row in [&[0, 1][..], &[2], &[1, 2]] {
        m.add_row(row).unwrap();
    }
    let mut bare = Matrix::new(1).unwrap();
    bare.set_secondary(0).unwrap();
    bare.add_row(&[0]).unwrap();
    // Item 0 taken once or twice, two rows of it: Algorithm M's engines
    // (`Small` runs it on bit sets).
    let mut bounded = Matrix::new(1).unwrap();
    bounded.set_bounds(0, 1, 2).unwrap();
    bounded.add_row(&[0]).unwrap();
    bounded.add_row(&[0]).unwrap();
    for engine in [Engine::Exact, Engine::Small, Engine::General] {
        let with_bounds = (engine != Engine::Exact).then_some((&bounded, &[0, 1][..]));
        for (m, forced) in [(&m, &[0, 1][..]), (&bare, &[][..])].into_iter().chain(with_bounds) {
            let fresh = || {
                let mut s = Solver::with_engine(m, engine).unwrap();
                s.force_rows(forced).unwrap();
                s
            };
            assert_eq!(solutions(m, engine, forced).len(), 1, "{engine:?} finds");
            assert_eq!(fresh().count_run(), (1, dlx_core::Outcome::Exhausted), "{engine:?} counts");
            let mut one = fresh();
            one.set_limits(dlx_core::Limits { solutions: Some(1), ..Default::default() });
            assert_eq!(one.count_run().0, 1, "{engine:?} counts to a limit of one");
            for depth in 0..3 {
                assert_eq!(fresh().count_subproblems(depth).unwrap(), 1, "{engine:?} cuts at {depth}");
            }
        }
    }
}

/// The solutions of `engine` on `m` in the order found (rows sorted
/// within each), and its node count.
fn in_order(m: &Matrix, engine: Engine, forced: &[usize], excluded: &[usize]) -> (Vec<Vec<usize>>, u64) {
    let mut s = Solver::with_engine(m, engine).unwrap();
    if !forced.is_empty() || !excluded.is_empty() {
        s.set_subproblem(forced, excluded).unwrap();
    }
    let mut all = Vec::new();
    while let Some(rows) = s.next_solution() {
        let mut rows = rows.to_vec();
        rows.sort_unstable();
        all.push(rows);
    }
    (all, s.counters().nodes)
}

/// Wrong code caught, in dancing cells (`engine::cells`): a trail that
/// misses an item's end or restores one out of order (solutions lost or
/// repeated), an item frozen by a chosen option still hidden from or left
/// live (clashing solutions, or covers lost), a purified item whose
/// options of its color are hidden, a dead end flagged where the option
/// itself still covers the item (covers lost), a count not put back with
/// the trail (bounds broken after backing up), forced rows committed on
/// their first item alone (a secondary first item indexed as primary),
/// unforcing before any force. Against the brute force (every set of
/// rows) and Algorithm M on links: the same solutions, and, since a
/// level's options are taken in the matrix's order, in the same order,
/// with rows forced and excluded too. The same node count where no item
/// has slack; with slack, dancing cells passes over the finished items
/// (at their lower bound with no option left) on which Algorithm M
/// branches once more, so fewer nodes on some matrices (a `finish` that
/// retires nothing, or an item that still needs options) and never more.
#[test]
fn dancing_cells_walk_algorithm_m_and_agree_with_the_brute_force() {
    let mut g = Lcg(6868);
    let (mut with_solutions, mut fewer) = (0, 0);
    for i in 0..4000 {
        let m = if i % 4 == 0 { random_matrix(&mut g, 0, 3) } else { random_general(&mut g, 0, 3) };
        let (cells, nodes) = in_order(&m, Engine::Cells, &[], &[]);
        let (links, links_nodes) = in_order(&m, Engine::General, &[], &[]);
        assert_eq!(cells, links, "order of solutions\n{m:?}");
        let slack = (0..m.columns()).any(|c| m.is_secondary(c) == Some(false) && m.bounds(c).is_some_and(|(lo, hi)| lo < hi));
        if slack {
            assert!(nodes <= links_nodes, "nodes {nodes} > {links_nodes}\n{m:?}");
            fewer += usize::from(nodes < links_nodes);
        } else {
            assert_eq!(nodes, links_nodes, "nodes\n{m:?}");
        }
        let mut sorted = cells.clone();
        sorted.sort();
        assert_eq!(sorted, all_general_covers(&m, &[]), "brute force\n{m:?}");
        assert!(cells.iter().all(|r| is_general_cover(&m, r)));
        with_solutions += usize::from(!cells.is_empty());
        let count = Solver::with_engine(&m, Engine::Cells).unwrap().count_run().0;
        assert_eq!(count, cells.len() as u64, "count\n{m:?}");
        // A row forced (when it may be) and another excluded.
        let forced = [g.below(m.rows() as u64) as usize];
        let excluded = [g.below(m.rows() as u64) as usize];
        if forced != excluded && Solver::with_engine(&m, Engine::General).unwrap().set_subproblem(&forced, &excluded).is_ok() {
            let cells = in_order(&m, Engine::Cells, &forced, &excluded);
            let links = in_order(&m, Engine::General, &forced, &excluded);
            assert_eq!(cells.0, links.0, "forced {forced:?}, excluded {excluded:?}\n{m:?}");
            assert!(if slack { cells.1 <= links.1 } else { cells.1 == links.1 }, "nodes, forced {forced:?}, excluded {excluded:?}\n{m:?}");
            let want: Vec<Vec<usize>> = all_general_covers(&m, &forced).into_iter().filter(|r| !r.contains(&excluded[0])).collect();
            let mut got = cells.0;
            got.sort();
            assert_eq!(got, want, "forced {forced:?}, excluded {excluded:?}, brute force\n{m:?}");
        }
    }
    assert!(with_solutions > 1000, "only {with_solutions} instances had solutions");
    assert!(fewer > 100, "only {fewer} instances passed over a finished item");
}
