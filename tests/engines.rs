//! The two engines against each other: the generalised engine (Knuth's
//! Algorithm M) run on plain exact-cover matrices must find what the DLX1
//! engine finds (the same solutions, counts, best costs, k best, and the
//! same with forced rows), and both must agree with a brute force over all
//! subsets of rows. Their orders and counters may differ.

mod common;

use common::{brute_force, random_matrix, Lcg};
use dlx::{Engine, Error, Goal, Matrix, Objective, Solver};

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
    assert_eq!(Solver::with_engine(&m, Engine::Exact).err(), Some(Error::Unsupported));
    assert!(Solver::with_engine(&m, Engine::Auto).is_ok());
}
