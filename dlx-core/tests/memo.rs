//! The memoized count (`Solver::memo_count`) and its uniform draws
//! (`Solver::memo_sample`), judged by independent checks: the brute force
//! of dlx-testkit/src/checks, the counts of the literature in the standard
//! instances, and formulas (Fibonacci numbers for the 2 x n board).

use dlx_testkit as common;

use std::ops::ControlFlow;

use common::boards::{dominoes, dominoes_numbered, kasteleyn};
use common::{all_general_covers, is_general_cover, queens, random_general, random_matrix, side_by_side, Lcg};
use dlx_core::{Count, Decompose, Engine, Limits, Matrix, MemoOptions, Objective, Order, Outcome, Solver};
use num_bigint::BigUint;

const ORDERS: [Order; 2] = [Order::Fewest, Order::First];

fn memo(m: &Matrix, order: Order, forced: &[usize]) -> Solver {
    let mut s = Solver::new(m).unwrap();
    s.set_memo_options(MemoOptions { order, ..MemoOptions::default() });
    if !forced.is_empty() {
        s.force_rows(forced).unwrap();
    }
    s
}

fn count(s: &mut Solver) -> Count {
    s.memo_count().unwrap().expect("no limit: the count is done")
}

/// The count of `s`, whose node limit stops each call: the count and the
/// calls it took (each call but the last stopped by the limit).
fn count_in_slices(s: &mut Solver) -> (Count, usize) {
    let mut calls = 0;
    loop {
        calls += 1;
        match s.memo_count().unwrap() {
            Some(c) => return (c, calls),
            None => assert_eq!(s.outcome(), Some(Outcome::NodeLimit)),
        }
    }
}

/// `n` draws of `s` with `seed`, each checked to be a solution of `m`.
fn draws(s: &mut Solver, m: &Matrix, seed: u64, n: u64) -> Vec<Vec<usize>> {
    let mut all = Vec::new();
    s.memo_sample(seed, n, |rows| {
        assert!(is_general_cover(m, rows));
        all.push(rows.to_vec());
        ControlFlow::Continue(())
    })
    .unwrap();
    all
}

/// Rows forced in a random one of the solutions `all`, if there is one:
/// some of its rows, so the rest is a smaller problem.
fn some_forced(g: &mut Lcg, all: &[Vec<usize>]) -> Vec<usize> {
    if all.is_empty() || g.below(2) == 0 {
        return Vec::new();
    }
    let pick = &all[g.below(all.len() as u64) as usize];
    pick.iter().copied().filter(|_| g.below(2) == 0).collect()
}

/// A small random matrix with bounds and colors, some rows forced, and
/// its solutions with them by the brute force (sorted rows, sorted).
fn random_case(g: &mut Lcg) -> (Matrix, Vec<usize>, Vec<Vec<usize>>) {
    let m = random_general(g, 0, 3);
    let forced = some_forced(g, &all_general_covers(&m, &[]));
    let all = all_general_covers(&m, &forced);
    (m, forced, all)
}

#[test]
fn random_matrices_with_bounds_and_colors_count_as_the_brute_force() {
    let mut g = Lcg(18);
    for case in 0..1500 {
        let (m, forced, want) = random_case(&mut g);
        for order in ORDERS {
            let mut s = memo(&m, order, &forced);
            assert_eq!(count(&mut s), Count::from(want.len() as u64), "case {case}, {order:?}, forced {forced:?}");
            // Every draw is a solution with the forced rows.
            s.memo_sample(case, 5, |rows| {
                let mut sorted = rows.to_vec();
                sorted.sort_unstable();
                assert!(want.binary_search(&sorted).is_ok(), "case {case}: drew {rows:?}");
                assert!(forced.iter().all(|r| rows.contains(r)));
                ControlFlow::Continue(())
            })
            .unwrap();
        }
    }
}

/// A board's count takes a few hundred states whatever order its cells
/// are listed in: by rows (long side first), by columns, or at random.
/// The counts are the recurrence of 3 x 2k boards (a(k) = 4a(k-1) -
/// a(k-2)) and Kasteleyn's formula. Catches a column rule whose ties
/// follow the file's order: the 3 x 40 board listed row by row then meets
/// almost no state twice (tens of millions of states).
#[test]
fn boards_count_in_few_states_whatever_the_order_of_their_cells() {
    let (mut a, mut b) = (1u64, 3u64);
    for _ in 1..20 {
        (a, b) = (b, 4 * b - a);
    }
    assert_eq!(kasteleyn(2, 10), 89, "Kasteleyn's formula gives Fibonacci numbers on 2 x n");
    let mut g = Lcg(40);
    for (m, n, want, most) in [(3, 40, b, 2_000), (8, 8, kasteleyn(8, 8), 5_000)] {
        let mut shuffled: Vec<usize> = (0..m * n).collect();
        for i in (1..shuffled.len()).rev() {
            shuffled.swap(i, g.below(i as u64 + 1) as usize);
        }
        let listings: [&dyn Fn(usize, usize) -> usize; 3] = [&|r, c| r * n + c, &|r, c| c * m + r, &|r, c| shuffled[r * n + c]];
        for (k, cell) in listings.into_iter().enumerate() {
            let mut s = memo(&dominoes_numbered(m, n, cell), Order::Fewest, &[]);
            assert_eq!(count(&mut s), Count::from(want), "{m}x{n}, listing {k}");
            let nodes = s.memo_stats().nodes;
            assert!(nodes <= most, "{m}x{n}, listing {k}: {nodes} states");
        }
    }
}

#[test]
fn random_exact_cover_matrices_count_as_the_brute_force_and_the_search() {
    let mut g = Lcg(1);
    for case in 0..1500 {
        let m = random_matrix(&mut g, 0, 0);
        let want = all_general_covers(&m, &[]).len() as u64;
        let mut plain = Solver::new(&m).unwrap();
        assert_eq!(plain.count_run().0, want, "case {case}");
        for order in ORDERS {
            assert_eq!(count(&mut memo(&m, order, &[])), Count::from(want), "case {case}, {order:?}");
        }
    }
}

/// A random dense matrix: 2 or 3 primary columns (some with bounds, lower
/// bound 0 among them) and up to 2 secondary ones, 4 to 6 rows per
/// primary column (at most 16, the brute force's most), each primary column in a row with chance 1/2 (colored
/// or plain secondary entries): columns that hold most of many rows, where
/// the memo scans its lists instead of keeping them in sets (see
/// `memo/live.rs`'s `Numbers::suited`). Redrawn until the primary columns
/// hold at least 45% of the rows on average.
fn dense(g: &mut Lcg) -> Matrix {
    loop {
        let primary = 2 + g.below(2) as usize;
        let columns = primary + g.below(3) as usize;
        let mut m = Matrix::new(columns).unwrap();
        for c in 0..primary {
            if g.below(3) == 0 {
                let lower = g.below(2) as u32;
                m.set_bounds(c, lower, lower + 1 + g.below(2) as u32).unwrap();
            }
        }
        for c in primary..columns {
            m.set_secondary(c).unwrap();
        }
        let rows = (primary * 4 + g.below(5) as usize).min(16);
        let mut entries = 0;
        for _ in 0..rows {
            let mut cols: Vec<usize> = (0..primary).filter(|_| g.below(2) == 0).collect();
            if cols.is_empty() {
                cols.push(g.below(primary as u64) as usize);
            }
            entries += cols.len();
            cols.extend((primary..columns).filter(|_| g.below(3) == 0));
            let colors: Vec<u32> = cols.iter().map(|&c| if c >= primary { g.below(3) as u32 } else { 0 }).collect();
            m.add_colored_row(&cols, &colors).unwrap();
        }
        if entries * 100 >= 45 * primary * rows {
            return m;
        }
    }
}

/// Dense matrices (the memo's scanning regime) count as the brute force,
/// on one thread and two, forced rows included; and the partitions of n
/// items (every nonempty subset a row) count the Bell numbers, from their
/// triangle. Catches a scan that keeps a row some column refuses (closed,
/// full, of another color, or before its cursor).
#[test]
fn dense_matrices_count_as_the_brute_force_and_partitions_as_bell_numbers() {
    let mut g = Lcg(68);
    for case in 0..400 {
        let m = dense(&mut g);
        let forced = some_forced(&mut g, &all_general_covers(&m, &[]));
        let want = Count::from(all_general_covers(&m, &forced).len() as u64);
        for (order, threads) in [(Order::Fewest, 1), (Order::First, 1), (Order::Fewest, 2)] {
            let mut s = memo_on(&m, order, &forced, threads);
            assert_eq!(count(&mut s), want, "case {case}, {order:?}, {threads} threads, forced {forced:?}");
        }
    }
    // Bell's triangle: each row starts with the last of the row above.
    let mut row = vec![1u64];
    let mut bell = vec![1u64];
    for _ in 0..12 {
        let mut next = vec![*row.last().unwrap()];
        for &x in &row {
            next.push(next.last().unwrap() + x);
        }
        bell.push(next[0]);
        row = next;
    }
    assert_eq!(bell[..6], [1, 1, 2, 5, 15, 52]);
    for (n, &want) in bell.iter().enumerate().skip(1) {
        let mut m = Matrix::new(n).unwrap();
        for set in 1..1usize << n {
            m.add_row(&(0..n).filter(|&c| set >> c & 1 == 1).collect::<Vec<_>>()).unwrap();
        }
        assert_eq!(count(&mut memo(&m, Order::Fewest, &[])), Count::from(want), "partitions of {n} items");
    }
}

/// A random matrix too large for the brute force: `columns` columns (a
/// quarter secondary, colored on some rows when `general`, where primary
/// columns also get bounds), `rows` rows of 1 to 4 columns.
fn medium(g: &mut Lcg, columns: usize, rows: usize, general: bool) -> Matrix {
    let mut m = Matrix::new(columns).unwrap();
    for c in 0..columns {
        if g.below(4) == 0 {
            m.set_secondary(c).unwrap();
        } else if general && g.below(3) == 0 {
            let lower = g.below(2) as u32;
            m.set_bounds(c, lower, lower + g.below(3) as u32).unwrap();
        }
    }
    for _ in 0..rows {
        let k = 1 + g.below(4) as usize;
        let mut cols: Vec<usize> = (0..k).map(|_| g.below(columns as u64) as usize).collect();
        cols.sort_unstable();
        cols.dedup();
        let colors: Vec<u32> = cols.iter().map(|&c| if general && m.is_secondary(c) == Some(true) { g.below(3) as u32 } else { 0 }).collect();
        m.add_colored_row(&cols, &colors).unwrap();
    }
    m
}

/// A [`medium`] matrix and its count by the search (the engine for its
/// kind).
fn medium_counted(g: &mut Lcg, columns: usize, rows: usize, general: bool) -> (Matrix, u64) {
    let m = medium(g, columns, rows, general);
    let engine = if general { Engine::General } else { Engine::Exact };
    let want = Solver::with_engine(&m, engine).unwrap().count_run().0;
    (m, want)
}

#[test]
fn larger_random_matrices_count_as_the_search() {
    let mut g = Lcg(77);
    for case in 0..120 {
        let general = case % 2 == 1;
        let (columns, rows) = (10 + g.below(8) as usize, 25 + g.below(30) as usize);
        let (m, want) = medium_counted(&mut g, columns, rows, general);
        for order in ORDERS {
            assert_eq!(count(&mut memo(&m, order, &[])), Count::from(want), "case {case}, {order:?}");
        }
    }
}

/// The standard instances too slow for a memoized count in a test (it
/// costs more per node than the search, and these meet few repeated
/// states): bench/memo.py measures some of them.
const SLOW: [&str; 9] = ["queens_14", "queens_15", "queens_16", "queens_14_op", "queens_15_op", "queens_16_op", "langford_15", "pento_5x12", "pento_6x10"];

#[test]
fn the_standard_instances_count_as_the_literature_says() {
    let dir = common::generated();
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    let mut counted = 0;
    for path in files {
        let name = path.file_stem().unwrap().to_str().unwrap().to_string();
        if SLOW.contains(&name.as_str()) {
            continue;
        }
        let (m, expect) = common::read_dlx(&path);
        // On two threads: the larger ones finish sooner.
        let mut s = memo_on(&m, Order::Fewest, &[], 2);
        assert_eq!(count(&mut s), Count::from(expect), "{name}");
        if name.starts_with("domino") {
            assert_eq!(count(&mut memo(&m, Order::First, &[])), Count::from(expect), "{name}, first");
        }
        counted += 1;
    }
    assert!(counted >= 19, "{counted} instances counted");
}

#[test]
fn knuths_examples_and_the_c_suites_files_count_as_the_search() {
    // Every file of Knuth's format among the C suite's cases (his DLX1-DLX5
    // examples and the paper's matrix among them) that parses.
    let dir = common::workspace().join("c_tests/cases/format_test");
    let mut counted = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let Ok(m) = std::fs::read_to_string(&path).map_err(|_| ()).and_then(|t| dlx_core::format::parse(&t).map_err(|_| ())) else { continue };
        let want = Solver::new(&m).unwrap().count_run().0;
        for order in ORDERS {
            for threads in [1, 2] {
                assert_eq!(count(&mut memo_on(&m, order, &[], threads)), Count::from(want), "{}, {order:?}, {threads} threads", path.display());
            }
        }
        counted += 1;
    }
    assert!(counted >= 5, "{counted} files counted");
}

/// A memoized count on `threads` threads.
fn memo_on(m: &Matrix, order: Order, forced: &[usize], threads: usize) -> Solver {
    let mut s = memo(m, order, forced);
    s.set_threads(threads);
    s
}

#[test]
fn counts_beyond_128_bits_are_exact() {
    // The 2 x n board has F(n + 1) tilings (F(1) = F(2) = 1).
    let n = 400;
    let (mut a, mut b) = (BigUint::from(1u32), BigUint::from(1u32));
    for _ in 2..=n {
        let next = &a + &b;
        a = std::mem::replace(&mut b, next);
    }
    assert!(b.bits() > 128);
    let m = dominoes(n, 2);
    let c = count(&mut memo(&m, Order::First, &[]));
    assert_eq!(c.to_biguint(), b);
    assert_eq!(c.to_string(), b.to_string());
    assert_eq!(c.to_u64(), None);
}

#[test]
fn limits_and_cancel_stop_the_count_and_the_next_call_goes_on() {
    let m = dominoes(6, 6);
    let mut s = memo(&m, Order::Fewest, &[]);
    s.set_limits(Limits { nodes: Some(50), ..Limits::default() });
    let (c, calls) = count_in_slices(&mut s);
    assert!(calls > 3);
    assert_eq!(c, Count::from(6728u64));
    // A cancel is used up by the call it stops.
    let mut s = memo(&m, Order::Fewest, &[]);
    s.canceller().cancel();
    assert_eq!(s.memo_count().unwrap(), None);
    assert_eq!(s.outcome(), Some(Outcome::Cancelled));
    assert_eq!(count(&mut s), Count::from(6728u64));
    // A progress callback that asks to stop stops the count.
    let m = dominoes(10, 10);
    let mut s = memo(&m, Order::Fewest, &[]);
    s.set_progress(Some((std::time::Duration::ZERO, Box::new(|_: &dlx_core::Report| ControlFlow::Break(())))));
    assert_eq!(s.memo_count().unwrap(), None);
    assert_eq!(s.outcome(), Some(Outcome::Stopped));
    s.set_progress(None);
    assert_eq!(count(&mut s), Count::from(258584046368u64));
    // Draws wait for the count: stopped by a limit, nothing is drawn.
    let mut s = memo(&m, Order::Fewest, &[]);
    s.set_limits(Limits { nodes: Some(10), ..Limits::default() });
    let mut drawn = 0;
    assert_eq!(s.memo_sample(1, 3, |_| { drawn += 1; ControlFlow::Continue(()) }).unwrap(), Outcome::NodeLimit);
    assert_eq!(drawn, 0);
}

#[test]
fn draws_depend_on_the_seed_alone_and_a_count_of_zero_draws_nothing() {
    let m = dominoes(4, 6);
    let drawn = |seed| draws(&mut memo(&m, Order::Fewest, &[]), &m, seed, 20);
    assert_eq!(drawn(5), drawn(5));
    assert_ne!(drawn(5), drawn(6));
    let odd = dominoes(3, 3);
    let mut s = memo(&odd, Order::Fewest, &[]);
    let mut drawn = 0;
    assert_eq!(s.memo_sample(1, 3, |_| { drawn += 1; ControlFlow::Continue(()) }).unwrap(), Outcome::Exhausted);
    assert_eq!(drawn, 0);
    assert!(count(&mut s).is_zero());
}

#[test]
fn a_tiny_cache_keeps_the_count_exact_and_says_it_dropped_states() {
    let m = dominoes(8, 8);
    let mut s = memo(&m, Order::First, &[]);
    s.set_memo_options(MemoOptions { order: Order::First, memory: 20_000, ..MemoOptions::default() });
    assert_eq!(count(&mut s), Count::from(12988816u64));
    let stats = s.memo_stats();
    assert!(stats.cache.dropped > 0 && stats.cache.bytes <= 20_000, "{stats:?}");
}

#[test]
fn an_objective_or_a_cost_limit_is_refused() {
    let m = dominoes(2, 2);
    let mut s = Solver::new(&m).unwrap();
    s.set_objective(Some(Objective { goal: dlx_core::Goal::FewestRows, best: 1 })).unwrap();
    assert_eq!(s.memo_count(), Err(dlx_core::Error::Unsupported(dlx_core::Unsupported::MemoWithObjective)));
    s.set_objective(None).unwrap();
    s.set_cost_limit(Some(3));
    assert_eq!(s.memo_count(), Err(dlx_core::Error::Unsupported(dlx_core::Unsupported::MemoWithObjective)));
    s.set_cost_limit(None);
    assert_eq!(count(&mut s), Count::from(2u64));
}

#[test]
fn threads_count_as_one_thread_does() {
    // Boards large enough that the helpers start (Kasteleyn's figures).
    for (m, n, want) in [(10, 10, 258584046368u64), (8, 12, 82741005829)] {
        let b = dominoes(m, n);
        for order in ORDERS {
            for threads in [2, 3, 4] {
                let mut s = memo_on(&b, order, &[], threads);
                assert_eq!(count(&mut s), Count::from(want), "{m}x{n}, {order:?}, {threads} threads");
                assert!(s.memo_stats().nodes > 0);
            }
        }
    }
    // Random matrices of every kind against the search.
    let mut g = Lcg(4);
    for case in 0..60 {
        let general = case % 2 == 1;
        let (columns, rows) = (14 + g.below(8) as usize, 40 + g.below(30) as usize);
        let (m, want) = medium_counted(&mut g, columns, rows, general);
        for order in ORDERS {
            let threads = 2 + case as usize % 3;
            assert_eq!(count(&mut memo_on(&m, order, &[], threads)), Count::from(want), "case {case}, {order:?}, {threads} threads");
        }
    }
}

#[test]
fn threads_stopped_every_few_nodes_still_count_exactly() {
    // Each call runs a few nodes on the calling thread, starts the
    // helpers, stops them and keeps their walks (and the states they were
    // counting, marked in the cache) for the next call.
    let mut g = Lcg(11);
    for case in 0..300 {
        let (m, forced, all) = random_case(&mut g);
        let want = all.len() as u64;
        let order = ORDERS[case % 2];
        let mut s = memo_on(&m, order, &forced, 2 + case % 3);
        s.set_limits(Limits { nodes: Some(1 + g.below(4)), ..Limits::default() });
        let (got, _) = count_in_slices(&mut s);
        assert_eq!(got, Count::from(want), "case {case}, {order:?}, forced {forced:?}");
    }
    // How many calls the count takes depends on the scheduler: on a loaded
    // machine the helpers may finish it before the calling thread looks at
    // its limit again. Every try must count exactly, and one of a few must
    // have been stopped more than twice (else the limit was never tried).
    let b = dominoes(8, 8);
    for order in ORDERS {
        let mut sliced = false;
        for _ in 0..10 {
            let mut s = memo_on(&b, order, &[], 2);
            s.set_limits(Limits { nodes: Some(300), ..Limits::default() });
            let (got, calls) = count_in_slices(&mut s);
            assert_eq!(got, Count::from(12988816u64), "{order:?}");
            sliced |= calls > 2;
            if sliced {
                break;
            }
        }
        assert!(sliced, "{order:?}: no count was stopped more than twice in 10 tries");
    }
}

#[test]
fn draws_on_threads_are_those_of_one_thread() {
    // A draw reads only exact counts, so the cache the threads left
    // behind gives the same solutions for the same seed.
    let m = dominoes(8, 10);
    for order in ORDERS {
        let drawn = |threads| draws(&mut memo_on(&m, order, &[], threads), &m, 9, 25);
        let one = drawn(1);
        assert_eq!(one.len(), 25);
        assert_eq!(drawn(2), one, "{order:?}");
        assert_eq!(drawn(3), one, "{order:?}");
    }
}

#[test]
fn a_tiny_shared_cache_keeps_the_count_exact() {
    // The 8x8 board's states take some 40 KB in either order.
    let m = dominoes(8, 8);
    for order in ORDERS {
        let mut s = memo_on(&m, order, &[], 2);
        s.set_memo_options(MemoOptions { order, memory: 16 * 1024, ..MemoOptions::default() });
        assert_eq!(count(&mut s), Count::from(12988816u64));
        let stats = s.memo_stats();
        assert!(stats.cache.dropped > 0 && stats.cache.bytes <= 16 * 1024, "{stats:?}");
    }
}

/// The count of `m` with parts looked for by `decompose`, and the states
/// it entered.
fn count_parts(m: &Matrix, decompose: Decompose, threads: usize) -> (Count, u64) {
    let mut s = Solver::new(m).unwrap();
    s.set_threads(threads);
    s.set_memo_options(MemoOptions { decompose, ..MemoOptions::default() });
    let c = count(&mut s);
    (c, s.memo_stats().nodes)
}

/// Independent parts multiply. Two random matrices with bounds, colors
/// and secondary columns side by side count the product of their brute
/// force counts, whether parts are looked for at every state, now and
/// then or never, on one thread or two. Catches a product level that
/// adds its parts' counts, a part that leaves another group's columns
/// open (its count would hold the other group's choices), and a part
/// that sets aside a secondary column its own rows use.
#[test]
fn independent_parts_multiply() {
    let mut g = Lcg(50);
    for case in 0..400 {
        let (a, b) = (random_general(&mut g, 0, 0), random_general(&mut g, 0, 0));
        let want = all_general_covers(&a, &[]).len() as u64 * all_general_covers(&b, &[]).len() as u64;
        let m = side_by_side(&a, &b);
        for decompose in [Decompose::Always, Decompose::Auto, Decompose::Never] {
            for threads in [1, 2] {
                assert_eq!(count_parts(&m, decompose, threads).0, Count::from(want), "case {case}, {decompose:?}, {threads} threads");
            }
        }
    }
}

/// Boards of 8 queens side by side. Three apart: 92^3 solutions. Each
/// board's diagonals are secondary columns, so without parts the states
/// after the first board differ in its diagonals and the next board is
/// counted again for each of its 92 solutions; as parts, each board is
/// one entry of the cache. Catches a look for parts that never finds
/// them. Two whose first ranks are filled together (one option puts a
/// queen on the first rank of each board, any file of one and any file of
/// the other: 92^2 solutions) are one problem until that option is
/// chosen and two parts after; catches a part that keeps the other
/// board's columns open or sets aside a diagonal its own rows use.
#[test]
fn boards_of_queens_count_as_parts() {
    let n = 8;
    let q = queens(n);
    let three = side_by_side(&side_by_side(&q, &q), &q);
    let (whole, whole_nodes) = count_parts(&three, Decompose::Never, 1);
    let (parts, parts_nodes) = count_parts(&three, Decompose::Auto, 1);
    assert_eq!(whole, Count::from(92u64 * 92 * 92));
    assert_eq!(parts, Count::from(92u64 * 92 * 92));
    assert!(parts_nodes * 20 < whole_nodes, "{parts_nodes} states with parts, {whole_nodes} without");

    let width = q.columns();
    let mut m = Matrix::new(2 * width).unwrap();
    for c in 0..2 * width {
        if q.is_secondary(c % width) == Some(true) {
            m.set_secondary(c).unwrap();
        }
    }
    let cells = |r: usize, shift: usize| q.row(r).unwrap().map(move |c| c + shift);
    for (j, k) in (0..n).flat_map(|j| (0..n).map(move |k| (j, k))) {
        m.add_row(&cells(j, 0).chain(cells(k, width)).collect::<Vec<_>>()).unwrap();
    }
    for r in n..n * n {
        m.add_row(&cells(r, 0).collect::<Vec<_>>()).unwrap();
        m.add_row(&cells(r, width).collect::<Vec<_>>()).unwrap();
    }
    for decompose in [Decompose::Always, Decompose::Auto, Decompose::Never] {
        for threads in [1, 2] {
            assert_eq!(count_parts(&m, decompose, threads).0, Count::from(92u64 * 92), "{decompose:?}, {threads} threads");
        }
    }
}
