//! Batches of subproblems on several threads against the brute force:
//! each item's count (up to `most`) and first solution, in the items'
//! order, and each bad item's own error.

use dlx_testkit as common;

use common::{all_general_covers, is_general_cover, queens, random_general, random_matrix, Lcg};
use dlx_core::{BatchItem, BatchResult, Engine, Error, Matrix, Objective, Goal, Solver};

/// Random items of `m`: a few rows forced and a few excluded; now and then
/// a row out of range.
fn items(g: &mut Lcg, m: &Matrix, n: usize) -> Vec<(Vec<usize>, Vec<usize>)> {
    (0..n)
        .map(|_| {
            let mut pick = |k: u64| -> Vec<usize> {
                let n = g.below(k);
                (0..n)
                    .map(|_| {
                        let wild = u64::from(g.below(20) == 0);
                        g.below(m.rows() as u64 + wild) as usize
                    })
                    .collect()
            };
            let forced = pick(3);
            (forced, pick(3))
        })
        .collect()
}

/// Whether `rows` can be in one solution: no primary column past its upper
/// bound, no secondary column used twice but in one color.
fn fits(m: &Matrix, rows: &[usize]) -> bool {
    let mut used = vec![0u32; m.columns()];
    let mut color = vec![None; m.columns()];
    for &r in rows {
        for (k, c) in m.row(r).unwrap().enumerate() {
            used[c] += 1;
            if m.is_secondary(c) == Some(true) {
                let mine = m.color_id(r, k).unwrap();
                if used[c] > 1 && (mine == 0 || color[c] != Some(mine)) {
                    return false;
                }
                color[c] = Some(mine);
            } else if used[c] > m.bounds(c).unwrap().1 {
                return false;
            }
        }
    }
    true
}

/// The expected result of one item: its error, or the covers holding
/// `forced` and none of `excluded`.
fn truth(m: &Matrix, forced: &[usize], excluded: &[usize]) -> Result<Vec<Vec<usize>>, Error> {
    if forced.iter().chain(excluded).any(|&r| r >= m.rows()) {
        return Err(Error::RowRange);
    }
    let mut f = forced.to_vec();
    f.sort_unstable();
    let twice = f.windows(2).any(|w| w[0] == w[1]);
    if forced.iter().any(|r| excluded.contains(r)) {
        return Err(Error::ForcedExcluded);
    }
    if twice || !fits(m, forced) {
        return Err(Error::Conflict);
    }
    Ok(all_general_covers(m, forced).into_iter().filter(|c| !c.iter().any(|r| excluded.contains(r))).collect())
}

/// Checks `r`, the result of the item `forced`, `excluded` of `m` counted
/// to `most`, against the brute force.
fn check(at: &str, m: &Matrix, forced: &[usize], excluded: &[usize], most: u64, r: &BatchResult) {
    match truth(m, forced, excluded) {
        Err(e) => assert_eq!(r.count, Err(e), "{at}"),
        Ok(covers) => {
            assert_eq!(r.count, Ok((covers.len() as u64).min(most)), "{at}");
            if covers.is_empty() {
                assert!(r.first.is_empty(), "{at}");
            } else {
                assert!(is_general_cover(m, &r.first), "{at}: {:?}", r.first);
                assert_eq!(&r.first[..forced.len()], forced, "{at}: forced rows first");
                assert!(!r.first.iter().any(|x| excluded.contains(x)), "{at}");
            }
        }
    }
}

/// Wrong code caught: results out of order (a thread's result in another
/// item's slot), a count past `most` or short of it, a first solution that
/// is not one (or lacks its forced rows), a bad item failing the batch or
/// passing as searched, a thread's copy keeping the last item's rows.
#[test]
fn batches_match_the_brute_force() {
    let mut g = Lcg(53);
    for case in 0..150 {
        let m = if case % 2 == 0 { random_general(&mut g, 0, 3) } else { random_matrix(&mut g, 0, 3) };
        let n = 1 + g.below(12) as usize;
        let list = items(&mut g, &m, n);
        let batch: Vec<BatchItem> = list.iter().map(|(f, x)| BatchItem { forced: f, excluded: x }).collect();
        for engine in Engine::all() {
            let Ok(mut s) = Solver::with_engine(&m, engine) else { continue };
            for (threads, most) in [(1, 1), (2, 2), (4, 5)] {
                s.set_threads(threads);
                let results = s.solve_batch(&batch, most).unwrap();
                assert_eq!(results.len(), list.len());
                for (i, ((forced, excluded), r)) in list.iter().zip(&results).enumerate() {
                    let at = format!("case {case} {engine:?} -j{threads} most {most} item {i}");
                    check(&at, &m, forced, excluded, most, r);
                }
            }
        }
    }
}

/// Streamed results, whose rows are used again for later items once
/// handed out (hundreds of items, more than the batch keeps for later),
/// against the brute force. Wrong code caught: rows used again without
/// being emptied (an item's rows after the last one's), an item's rows
/// left in another's result.
#[test]
fn streamed_results_each_have_their_own_rows() {
    let mut g = Lcg(5353);
    for case in 0..12 {
        let m = if case % 2 == 0 { random_general(&mut g, 0, 3) } else { random_matrix(&mut g, 0, 3) };
        let list = items(&mut g, &m, 300);
        let batch: Vec<BatchItem> = list.iter().map(|(f, x)| BatchItem { forced: f, excluded: x }).collect();
        let mut s = Solver::new(&m).unwrap();
        for (threads, most) in [(1, 1), (3, 2)] {
            s.set_threads(threads);
            let all = s
                .solve_batch_each(&batch, most, |i, r| {
                    let (forced, excluded) = &list[i];
                    check(&format!("case {case} -j{threads} item {i}"), &m, forced, excluded, most, r);
                    std::ops::ControlFlow::Continue(())
                })
                .unwrap();
            assert!(all);
        }
    }
}

/// Wrong code caught: an item's best cost off the brute force's (a bar
/// left from the item before, forced rows' costs left out, the goal's sign
/// turned), a best list longer than the objective keeps or than the covers
/// there are, a best solution that is not a cover of that cost.
#[test]
fn best_of_each_item_matches_the_brute_force() {
    let mut g = Lcg(59);
    for case in 0..120 {
        let m = random_general(&mut g, -2, 4);
        let n = 1 + g.below(10) as usize;
        let list = items(&mut g, &m, n);
        let batch: Vec<BatchItem> = list.iter().map(|(f, x)| BatchItem { forced: f, excluded: x }).collect();
        let cost = |rows: &[usize], goal: Goal| -> i64 {
            match goal {
                Goal::FewestRows => rows.len() as i64,
                _ => rows.iter().map(|&r| m.cost(r).unwrap()).sum(),
            }
        };
        for (goal, k) in [(Goal::MinCost, 1), (Goal::MaxCost, 2), (Goal::FewestRows, 1)] {
            let mut s = Solver::new(&m).unwrap();
            s.set_objective(Some(Objective { goal, best: k })).unwrap();
            for threads in [1, 3] {
                s.set_threads(threads);
                let results = s.solve_batch(&batch, 1).unwrap();
                for (i, ((forced, excluded), r)) in list.iter().zip(&results).enumerate() {
                    let at = format!("case {case} {goal:?} best {k} -j{threads} item {i}");
                    match truth(&m, forced, excluded) {
                        Err(e) => assert_eq!(r.count, Err(e), "{at}"),
                        Ok(covers) if covers.is_empty() => {
                            assert_eq!((r.count, r.cost), (Ok(0), None), "{at}");
                            assert!(r.first.is_empty(), "{at}");
                        }
                        Ok(covers) => {
                            let costs = covers.iter().map(|c| cost(c, goal));
                            let want = if goal == Goal::MaxCost { costs.max() } else { costs.min() };
                            assert_eq!(r.cost, want, "{at}");
                            assert_eq!(r.count, Ok((covers.len() as u64).min(k as u64)), "{at}");
                            assert!(is_general_cover(&m, &r.first), "{at}: {:?}", r.first);
                            assert_eq!(Some(cost(&r.first, goal)), want, "{at}");
                            assert_eq!(&r.first[..forced.len()], &forced[..], "{at}: forced rows first");
                            assert!(!r.first.iter().any(|x| excluded.contains(x)), "{at}");
                        }
                    }
                }
            }
        }
    }
}

/// Wrong code caught: the solver's own search moved by a batch; `most` 0
/// accepted.
#[test]
fn the_solver_is_untouched_and_bad_calls_refused() {
    let m = queens(6);
    let mut s = Solver::new(&m).unwrap();
    s.set_threads(2);
    let first = s.next_solution().unwrap().to_vec();
    let rows: Vec<Vec<usize>> = (0..6).map(|j| vec![j]).collect();
    let batch: Vec<BatchItem> = rows.iter().map(|f| BatchItem { forced: f, excluded: &[] }).collect();
    // 6 queens: 4 solutions, one with a queen on each of the first row's
    // squares 1 to 4 (counted by hand), none on squares 0 and 5.
    let counts: Vec<u64> = s.solve_batch(&batch, 10).unwrap().iter().map(|r| *r.count.as_ref().unwrap()).collect();
    assert_eq!(counts, vec![0, 1, 1, 1, 1, 0]);
    let second = s.next_solution().unwrap().to_vec();
    assert_ne!(first, second, "the solver's own search went on from where it stood");
    assert_eq!(s.solve_batch(&batch, 0).err(), Some(Error::InvalidArgument));
}

/// Wrong code caught: results handed out of order, one handed twice or
/// skipped, or a stop that lets later items be reported (or that hangs
/// while a helper still holds an item).
#[test]
fn results_stream_in_order_and_a_stop_ends_the_batch() {
    let m = queens(8);
    let mut s = Solver::new(&m).unwrap();
    s.set_threads(2);
    // A queen forced on each of the 64 squares, 40 times over: 2,560 items.
    let rows: Vec<Vec<usize>> = (0..2560).map(|j| vec![j % 64]).collect();
    let batch: Vec<BatchItem> = rows.iter().map(|f| BatchItem { forced: f, excluded: &[] }).collect();
    let mut seen = Vec::new();
    let all = s
        .solve_batch_each(&batch, 100, |i, r| {
            seen.push((i, *r.count.as_ref().unwrap()));
            std::ops::ControlFlow::Continue(())
        })
        .unwrap();
    assert!(all);
    assert_eq!(seen.iter().map(|&(i, _)| i).collect::<Vec<_>>(), (0..2560).collect::<Vec<_>>());
    // Every square of 8 queens is in some of its 92 solutions; a square's
    // count is the same for its 40 items; the 64 counts sum to 8 x 92 (each
    // solution has 8 queens).
    assert!(seen.iter().all(|&(i, n)| n > 0 && n == seen[i % 64].1));
    assert_eq!(seen[..64].iter().map(|&(_, n)| n).sum::<u64>(), 8 * 92);
    let mut handed = 0;
    let all = s
        .solve_batch_each(&batch, 1, |i, _| {
            assert_eq!(i, handed);
            handed += 1;
            if i == 99 {
                std::ops::ControlFlow::Break(())
            } else {
                std::ops::ControlFlow::Continue(())
            }
        })
        .unwrap();
    assert!(!all);
    assert_eq!(handed, 100);
}
