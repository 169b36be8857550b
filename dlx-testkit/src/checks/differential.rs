//! Every mode of the search against the brute force of [`Problem`].

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use dlx_core::{Count, Decompose, Engine, Error, Goal, Limits, Matrix, MemoOptions, Objective, Order, Outcome, Solver};

use super::input::Input;
use super::problem::{Problem, COLORS, COSTS};

/// A small random problem: up to 7 columns (some secondary, some with
/// bounds), up to 10 rows of up to 4 entries (colors on secondary ones),
/// costs from [`COSTS`].
pub(super) fn problem(inp: &mut Input) -> Problem {
    let n = 1 + inp.below(7);
    let mut p = Problem::new(n);
    let general = inp.below(3) == 0;
    for c in 0..n {
        p.secondary[c] = inp.below(3) == 0;
        if p.secondary[c] {
            p.bounds[c] = (0, 1);
        } else if general && inp.flip() {
            let lo = inp.below(3) as u32;
            p.bounds[c] = (lo, lo + inp.below(3) as u32);
        }
    }
    let colored = inp.flip();
    for _ in 0..inp.below(11) {
        let len = 1 + inp.below(4.min(n));
        let mut row: Vec<(usize, u32)> = Vec::new();
        while row.len() < len {
            let c = inp.below(n);
            if row.iter().all(|e| e.0 != c) {
                let color = if p.secondary[c] && colored { inp.pick(&COLORS) } else { 0 };
                row.push((c, color));
            } else if inp.byte() == 0 {
                break;
            }
        }
        p.rows.push(row);
        p.costs.push(inp.pick(&COSTS));
    }
    p
}

/// The memoized count (or the automatic one, which runs the plain count
/// and the memo) with `forced` rows, either column rule, independent
/// parts looked for now and then, never or always, a cache
/// sometimes too small to hold every state, sometimes in slices of a few
/// nodes (each call resuming the last), on 1 to 3 threads, preprocessed
/// when `pre` says: `expect` solutions.
fn memo_count(inp: &mut Input, m: &Matrix, engine: Engine, forced: &[usize], expect: usize, pre: Option<u64>) {
    let mut s = on(Solver::with_engine(m, engine), Setup { threads: 1, pre, weights: false });
    let order = inp.pick(&[Order::Fewest, Order::First]);
    let memory = if inp.flip() { 1 << 20 } else { 64 * inp.below(64) as u64 };
    s.set_threads(1 + inp.below(3));
    let decompose = inp.pick(&[Decompose::Auto, Decompose::Never, Decompose::Always]);
    s.set_memo_options(MemoOptions { order, memory, decompose });
    s.force_rows(forced).expect("forced rows that fit together");
    let nodes = inp.flip().then(|| 1 + inp.below(8) as u64);
    s.set_limits(Limits { nodes, ..Limits::default() });
    let auto = inp.flip();
    let count = loop {
        let counted = if auto { s.count_auto() } else { s.memo_count() };
        match counted.expect("a memoized count") {
            Some(c) => break c,
            None => assert_eq!(s.outcome(), Some(Outcome::NodeLimit), "a memoized count stopped by a node limit"),
        }
    };
    assert_eq!(count, Count::from(expect as u64), "memoized count (automatic: {auto}), {order:?}, {decompose:?}, {memory} bytes, {} threads, forced {forced:?}", s.threads());
}

/// Draws from the memoized count: each one of the solutions `all`.
fn memo_draws(inp: &mut Input, m: &Matrix, engine: Engine, all: &[Vec<usize>], pre: Option<u64>) {
    let mut s = on(Solver::with_engine(m, engine), Setup { threads: 1, pre, weights: false });
    let decompose = inp.pick(&[Decompose::Auto, Decompose::Never, Decompose::Always]);
    s.set_memo_options(MemoOptions { decompose, ..MemoOptions::default() });
    let n = inp.below(4) as u64;
    let mut drawn = 0;
    let outcome = s
        .memo_sample(inp.below(1000) as u64, n, |rows| {
            let mut sorted = rows.to_vec();
            sorted.sort_unstable();
            assert!(all.contains(&sorted), "drew {rows:?}, not a solution");
            drawn += 1;
            ControlFlow::Continue(())
        })
        .expect("draws");
    assert_eq!(outcome, Outcome::Exhausted);
    assert_eq!(drawn, if all.is_empty() { 0 } else { n });
}

/// The engine an input runs on: any that accepts the matrix, drawn from
/// the sum of the input's bytes rather than read from it, so that the
/// corpus's inputs decode to the same problems and modes as before the
/// engine was drawn. Every call must behave the same on each (a capability
/// that depends on the engine fails here).
fn engine_of(data: &[u8], m: &Matrix) -> Engine {
    let sum = data.iter().map(|&b| b as usize).sum::<usize>();
    let takes = |e: Engine| !matches!(Solver::with_engine(m, e), Err(Error::Unsupported(_)));
    let engines: Vec<Engine> = Engine::all().into_iter().filter(|&e| takes(e)).collect();
    assert!(engines.len() >= 2 && (m.is_generalized() || engines.len() == Engine::all().len()), "the engines that take the matrix: {engines:?}");
    engines[sum % engines.len()]
}

/// How every solver of an input is set up: its threads, whether it is
/// preprocessed first (`Solver::preprocess`, with this work limit), and
/// whether its choice uses dynamic weights (`Solver::set_weights`, on a
/// third of the inputs, by their length).
#[derive(Clone, Copy, Debug)]
struct Setup {
    threads: usize,
    pre: Option<u64>,
    weights: bool,
}

/// Whether solvers are preprocessed, and within what work: drawn from the
/// bytes' exclusive or (as `engine_of` draws from their sum), so that the
/// corpus's inputs decode as before. A small limit stops the rounds part
/// way, which must still be exact.
fn pre_of(data: &[u8]) -> Option<u64> {
    let x = data.iter().fold(0u8, |a, &b| a ^ b);
    match x % 3 {
        0 => None,
        1 => Some(u64::from(x)),
        _ => Some(dlx_core::pre::DEFAULT_WORK),
    }
}

/// Marks some columns preferred (`Matrix::set_preferred`) on half the
/// inputs, drawn from a hash of the bytes (as `pre_of` draws): the search
/// tree changes, and nothing it finds may.
fn prefer_some(data: &[u8], m: &mut Matrix) {
    let h = data.iter().fold(7u64, |h, &b| h.wrapping_mul(31).wrapping_add(u64::from(b)));
    if h % 2 == 0 {
        for c in 0..m.columns() {
            if (h >> (1 + 2 * (c % 30))) & 3 == 0 {
                m.set_preferred(c, true).expect("a column in range");
            }
        }
    }
}

/// A new solver set up as `setup` says.
fn on(made: Result<Solver, Error>, setup: Setup) -> Solver {
    let mut s = made.expect("a solver");
    s.set_threads(setup.threads);
    if setup.weights {
        s.set_weights(true).expect("weights");
    }
    if let Some(work) = setup.pre {
        s.preprocess(work).expect("preprocessing");
    }
    s
}

/// The problem preprocessed on its own (`dlx_core::preprocess`): the brute
/// force's solutions of what is left, mapped back to the problem's rows,
/// are `all`.
fn check_preprocessed(m: &Matrix, work: u64, all: &[Vec<usize>]) {
    let r = dlx_core::preprocess(m, work).expect("preprocessing");
    assert_eq!(r.rows.len(), r.matrix.rows());
    assert_eq!(r.stats.rows_removed, m.rows() - r.matrix.rows(), "rows removed");
    assert_eq!(r.stats.columns_removed, m.columns() - r.matrix.columns(), "columns removed");
    let left = Problem::of(&r.matrix).solutions(&[]);
    let mapped: Vec<Vec<usize>> = left
        .iter()
        .map(|s| {
            let mut rows: Vec<usize> = s.iter().map(|&i| r.rows[i]).collect();
            rows.sort_unstable();
            rows
        })
        .collect();
    assert_same_set(mapped, all, "the preprocessed problem's solutions");
    assert!(!r.stats.infeasible || all.is_empty(), "infeasible, with solutions");
}

/// Every solution the solver finds from here to its end (with `limits`,
/// resuming after every stop), each checked and sorted; also the number
/// of calls that stopped early.
fn drain(s: &mut Solver, p: &Problem, limits: Limits) -> (Vec<Vec<usize>>, usize) {
    s.set_limits(limits);
    let mut found = Vec::new();
    let mut stops = 0;
    loop {
        let outcome = s.run(|rows| {
            assert!(p.is_solution(rows), "{rows:?} is not a solution");
            let mut r = rows.to_vec();
            r.sort_unstable();
            found.push(r);
            ControlFlow::Continue(())
        });
        match outcome {
            Outcome::Exhausted => break,
            Outcome::NodeLimit | Outcome::UpdateLimit | Outcome::SolutionLimit => stops += 1,
            other => panic!("unexpected outcome {other:?}"),
        }
        assert!(stops < 1_000_000, "no progress");
    }
    (found, stops)
}

fn assert_same_set(mut found: Vec<Vec<usize>>, expect: &[Vec<usize>], what: &str) {
    found.sort();
    let distinct: BTreeSet<&Vec<usize>> = found.iter().collect();
    assert_eq!(distinct.len(), found.len(), "{what}: a solution twice");
    assert_eq!(found, expect, "{what}");
}

/// A solver for `m`; its objective set, or `None` when the library rightly
/// refuses it for the cost range.
fn with_objective(m: &Matrix, engine: Engine, p: &Problem, goal: Goal, k: usize, threads: Setup) -> Option<Solver> {
    // The bit sets have no branch and bound: a solver on them moves to
    // the links (checked below: the engine afterwards has one).
    let mut s = on(Solver::with_engine(m, engine), threads);
    let too_costly = goal != Goal::FewestRows && p.absolute_cost_sum() > 1 << 61;
    match s.set_objective(Some(Objective { goal, best: k })) {
        Ok(()) => {
            assert!(!too_costly, "an objective over costs past 2^61 accepted");
            assert_ne!(s.engine(), Engine::Small, "an objective left on the bit sets");
            Some(s)
        }
        Err(Error::CostRange) => {
            assert!(too_costly, "CostRange for costs within 2^61");
            None
        }
        Err(e) => panic!("set_objective: {e:?}"),
    }
}

/// Runs an optimising search to its end and checks what it keeps.
fn check_best(s: &mut Solver, p: &Problem, goal: Goal, expect: &[i64]) {
    let (_, _) = drain(s, p, Limits::default());
    let best = s.best();
    let got: Vec<i64> = best.iter().map(|b| b.cost).collect();
    assert_eq!(got, expect, "the best costs for {goal:?}");
    for b in best {
        assert!(p.is_solution(&b.rows), "a best solution is not one");
        assert_eq!(p.cost(goal, &b.rows), b.cost, "the cost of a best solution");
    }
}

pub fn differential(data: &[u8]) {
    let mut inp = Input::new(data);
    // Every mode runs on 1 to 4 threads (`Solver::set_threads`), with the
    // same results as on one.
    let threads = Setup { threads: 1 + inp.below(4), pre: pre_of(data), weights: data.len() % 3 == 1 };
    let p = problem(&mut inp);
    let mut m = p.matrix();
    prefer_some(data, &mut m);
    assert_eq!(Problem::of(&m).rows.len(), p.rows.len());
    let all = p.solutions(&[]);
    let engine = engine_of(data, &m);
    let goal = inp.pick(&[Goal::FewestRows, Goal::MinCost, Goal::MaxCost]);
    let k = 1 + inp.below(4);
    let c = Case { p: &p, m: &m, all: &all, engine, goal, k, threads };
    match inp.below(8) {
        0 => counts(&mut inp, c),
        1 => next_solution(c),
        2 => seeded(&mut inp, c),
        3 => resumed(&mut inp, c),
        4 => best(&mut inp, c),
        5 => forced(&mut inp, c),
        6 => subproblems(&mut inp, c),
        _ => cost_limit(&mut inp, c),
    }
}

/// What every mode of [`differential`] checks against: the problem, its
/// matrix and all its solutions (by the brute force), the engine, the
/// objective's goal and k, and the threads and preprocessing.
#[derive(Clone, Copy)]
struct Case<'a> {
    p: &'a Problem,
    m: &'a Matrix,
    all: &'a Vec<Vec<usize>>,
    engine: Engine,
    goal: Goal,
    k: usize,
    threads: Setup,
}

/// Mode 0 of [`differential`]: Counts every way (the count, `count_run`, the memo, preprocessing, the generalised engine, a capped count, the first solution, the text written and read back).
fn counts(inp: &mut Input, c: Case) {
    let Case { p, m, all, engine, threads, .. } = c;
    assert_eq!(m.count_solutions(None).expect("a count"), all.len() as u64, "count");
    let mut s = on(Solver::with_engine(m, engine), threads);
    assert_eq!(s.count_run(), (all.len() as u64, Outcome::Exhausted), "count_run");
    memo_count(inp, m, engine, &[], all.len(), threads.pre);
    memo_draws(inp, m, engine, all, threads.pre);
    if let Some(work) = threads.pre {
        check_preprocessed(m, work, all);
    }
    // The generalised engine runs plain matrices too, to the same end.
    let mut g = on(Solver::with_engine(m, Engine::General), threads);
    let (found, _) = drain(&mut g, p, Limits::default());
    assert_same_set(found, all, "the generalised engine");
    assert_eq!(s.counters().solutions, all.len() as u64);
    let max = inp.below(4) as u64;
    let capped = if max == 0 { all.len() as u64 } else { max.min(all.len() as u64) };
    assert_eq!(m.count_solutions(Some(max).filter(|&x| x > 0)).expect("a count"), capped, "count up to {max}");
    let first = m.first_solution().expect("a search");
    assert_eq!(first.is_some(), !all.is_empty());
    if let Some(rows) = first {
        assert!(p.is_solution(&rows));
    }
    if !p.has_text() {
        return; // Knuth's format has no text for this matrix.
    }
    let text = dlx_core::format::write(m);
    let back = dlx_core::format::parse(&text).expect("written text parses");
    assert_eq!(back.count_solutions(None).expect("a count"), all.len() as u64, "count after writing\n{text}");
}

/// Mode 1 of [`differential`]: Solutions one at a time.
fn next_solution(c: Case) {
    let Case { p, m, all, engine, threads, .. } = c;
    let mut s = on(Solver::with_engine(m, engine), threads);
    let mut found = Vec::new();
    while let Some(rows) = s.next_solution() {
        assert!(p.is_solution(rows));
        let mut r = rows.to_vec();
        r.sort_unstable();
        found.push(r);
    }
    assert!(s.is_done());
    assert_same_set(found, all, "next_solution");
}

/// Mode 2 of [`differential`]: A seeded search.
fn seeded(inp: &mut Input, c: Case) {
    let Case { p, m, all, engine, threads, .. } = c;
    let mut s = on(Solver::with_engine(m, engine), threads);
    s.set_seed(Some(inp.u64())).expect("a seed");
    let (found, _) = drain(&mut s, p, Limits::default());
    assert_same_set(found, all, "seeded");
}

/// Mode 3 of [`differential`]: A search stopped by a node, update or solution limit and resumed, against one run whole.
fn resumed(inp: &mut Input, c: Case) {
    let Case { p, m, all, engine, threads, .. } = c;
    let mut whole = on(Solver::with_engine(m, engine), threads);
    let (found, _) = drain(&mut whole, p, Limits::default());
    assert_same_set(found, all, "whole");
    let budget = 1 + inp.below(12) as u64;
    let limits = match inp.below(3) {
        0 => Limits { nodes: Some(budget), ..Limits::default() },
        1 => Limits { updates: Some(budget), ..Limits::default() },
        _ => Limits { solutions: Some(budget), ..Limits::default() },
    };
    let mut parts = on(Solver::with_engine(m, engine), threads);
    if inp.flip() {
        parts.set_seed(Some(inp.byte() as u64)).expect("a seed");
        whole.set_seed(parts.seed()).expect("a seed");
        let (found, _) = drain(&mut whole, p, Limits::default());
        assert_same_set(found, all, "whole, seeded");
    }
    let (found, _) = drain(&mut parts, p, limits);
    assert_same_set(found, all, "resumed after limits");
    let (a, b) = (parts.counters(), whole.counters());
    assert_eq!(a.solutions, b.solutions, "solutions after resuming");
    // On one thread the tree walked is the same; threads share out
    // pieces of it as the timing goes, and may walk a few more nodes.
    if threads.threads == 1 {
        assert_eq!((a.nodes, a.updates), (b.nodes, b.updates), "counters after resuming");
    }
}

/// Mode 4 of [`differential`]: The k best, seeded or not, and on the generalised engine.
fn best(inp: &mut Input, c: Case) {
    let Case { p, m, engine, goal, k, threads, .. } = c;
    let seed = if inp.flip() { Some(inp.byte() as u64) } else { None };
    let expect = p.best_costs(goal, k, &[], None);
    if let Some(mut s) = with_objective(m, engine, p, goal, k, threads) {
        s.set_seed(seed).expect("a seed");
        check_best(&mut s, p, goal, &expect);
        // And on the generalised engine, whatever the matrix.
        let mut g = on(Solver::with_engine(m, Engine::General), threads);
        g.set_objective(Some(Objective { goal, best: k })).expect("the same objective");
        check_best(&mut g, p, goal, &expect);
    }
}

/// Mode 5 of [`differential`]: Forced rows, sometimes after other rows were forced and searched.
fn forced(inp: &mut Input, c: Case) {
    let Case { p, m, engine, goal, k, threads, .. } = c;
    let mut forced = Vec::new();
    for _ in 0..1 + inp.below(2) {
        let r = inp.below(p.rows.len() + 1);
        if !forced.contains(&r) {
            forced.push(r);
        }
    }
    let mut s = on(Solver::with_engine(m, engine), threads);
    // Sometimes from a solver that has forced other rows and
    // searched a little (their purified colors must not count).
    if inp.flip() && !p.rows.is_empty() {
        let before = inp.below(p.rows.len());
        if s.force_rows(&[before]).is_ok() {
            let _ = s.next_solution();
        }
    }
    match s.force_rows(&forced) {
        Err(Error::RowRange) => assert!(forced.iter().any(|&r| r >= p.rows.len())),
        Err(Error::Conflict) => assert!(!p.is_compatible(&forced), "forced rows {forced:?} do not conflict"),
        Err(e) => panic!("force_rows: {e:?}"),
        Ok(()) => {
            assert!(p.is_compatible(&forced), "conflicting forced rows {forced:?} accepted");
            let expect = p.solutions(&forced);
            let (found, _) = drain(&mut s, p, Limits::default());
            assert_same_set(found, &expect, "with forced rows");
            memo_count(inp, m, engine, &forced, expect.len(), threads.pre);
            if let Some(mut o) = with_objective(m, engine, p, goal, k, threads) {
                o.force_rows(&forced).expect("the same forced rows");
                check_best(&mut o, p, goal, &p.best_costs(goal, k, &forced, None));
            }
        }
    }
}

/// Mode 6 of [`differential`]: Subproblems, on either engine for a plain matrix, sometimes of a solver that excludes rows.
fn subproblems(inp: &mut Input, c: Case) {
    let Case { p, m, all, engine, goal, threads, .. } = c;
    // Subproblems, on either engine for a plain matrix, sometimes of
    // a solver that excludes rows: solving each part with its rows
    // forced and its excluded rows excluded finds every solution
    // (without the excluded rows) once, and the best of the parts'
    // best is the best.
    let depth = inp.below(4);
    let engine = if inp.flip() { Engine::General } else { engine };
    let mut s = on(Solver::with_engine(m, engine), threads);
    let excluded: Vec<usize> = (0..inp.below(3)).map(|_| inp.below(p.rows.len() + 1)).collect();
    match s.exclude_rows(&excluded) {
        Err(Error::RowRange) => assert!(excluded.iter().any(|&r| r >= p.rows.len())),
        Err(e) => panic!("exclude_rows: {e:?}"),
        Ok(()) => {}
    }
    let out: BTreeSet<usize> = s.excluded_rows().iter().copied().collect();
    let expect: Vec<Vec<usize>> = all.iter().filter(|r| r.iter().all(|x| !out.contains(x))).cloned().collect();
    let mut parts = Vec::new();
    let flow = s.for_each_subproblem(depth, |part| {
        parts.push((part.rows.to_vec(), part.excluded.to_vec()));
        ControlFlow::Continue(())
    });
    assert!(flow.expect("subproblems").is_continue());
    let mut found = Vec::new();
    let mut best: Option<i64> = None;
    for (rows, excluded) in &parts {
        assert!(out.iter().all(|x| excluded.contains(x)), "a part drops the solver's excluded rows");
        let mut w = on(Solver::with_engine(m, engine), threads);
        w.exclude_rows(excluded).expect("a subproblem's excluded rows");
        w.force_rows(rows).expect("a subproblem's rows are compatible");
        found.extend(drain(&mut w, p, Limits::default()).0);
        if let Some(mut o) = with_objective(m, engine, p, goal, 1, threads) {
            o.exclude_rows(excluded).expect("the same excluded rows");
            o.force_rows(rows).expect("the same forced rows");
            drain(&mut o, p, Limits::default());
            if let Some(b) = o.best().first() {
                let better = match goal {
                    Goal::MaxCost => best.is_none_or(|c| b.cost > c),
                    _ => best.is_none_or(|c| b.cost < c),
                };
                if better {
                    best = Some(b.cost);
                }
            }
        }
    }
    assert_same_set(found, &expect, "the subproblems' solutions");
    // On a plain matrix every row a path rules out shares a column
    // with a row it chose (what dlx_solver_subproblems relies on, on
    // every engine): forcing the chosen rows alone finds the same.
    if !m.is_generalized() {
        let mut alone = Vec::new();
        for (rows, _) in &parts {
            let mut w = on(Solver::with_engine(m, engine), threads);
            w.exclude_rows(s.excluded_rows()).expect("the solver's excluded rows");
            w.force_rows(rows).expect("a subproblem's rows are compatible");
            alone.extend(drain(&mut w, p, Limits::default()).0);
        }
        assert_same_set(alone, &expect, "the subproblems' forced rows alone, on a plain matrix");
    }
    if out.is_empty() && with_objective(m, engine, p, goal, 1, threads).is_some() {
        assert_eq!(best.into_iter().collect::<Vec<_>>(), p.best_costs(goal, 1, &[], None), "the best of the parts");
    }
    let (again, _) = drain(&mut s, p, Limits::default());
    assert_same_set(again, &expect, "the search after splitting");
}

/// Mode _ of [`differential`]: A cost limit on the k best.
fn cost_limit(inp: &mut Input, c: Case) {
    let Case { p, m, all, engine, goal, k, threads } = c;
    let limit = match inp.below(3) {
        0 => inp.pick(&COSTS),
        _ if all.is_empty() => 0,
        _ => {
            let s = &all[inp.below(all.len())];
            p.cost(goal, s) + inp.below(3) as i64 - 1
        }
    };
    if let Some(mut s) = with_objective(m, engine, p, goal, k, threads) {
        s.set_cost_limit(Some(limit));
        check_best(&mut s, p, goal, &p.best_costs(goal, k, &[], Some(limit)));
    }
}
