//! Subproblems of searches with bounds and colors: each part is solved on a
//! fresh solver with its rows forced and its excluded rows excluded, and the
//! parts must find every solution exactly once (against a brute force over
//! all subsets of rows), their counts adding up to the whole, and the best
//! of their best costs must be the best. Exact cover's parts are checked in
//! `dlx-core/tests/control.rs`.

use dlx_testkit as common;

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use common::{all_general_covers, brute_force, random_general, squares, Lcg};
use dlx_core::{Engine, Error, Goal, Matrix, Objective, Solver};

/// The subproblems of `s` at `depth`: rows to force, rows to exclude.
fn parts(s: &mut Solver, depth: usize) -> Vec<(Vec<usize>, Vec<usize>)> {
    let mut parts = Vec::new();
    let end = s
        .for_each_subproblem(depth, |part| {
            parts.push((part.rows.to_vec(), part.excluded.to_vec()));
            ControlFlow::Continue(())
        })
        .unwrap();
    assert_eq!(end, ControlFlow::Continue(()));
    assert_eq!(parts.len() as u64, s.count_subproblems(depth).unwrap());
    parts
}

/// A solver of `m` on `engine` for one part.
fn part_solver(m: &Matrix, engine: Engine, (rows, excluded): &(Vec<usize>, Vec<usize>)) -> Solver {
    let mut s = Solver::with_engine(m, engine).unwrap();
    s.exclude_rows(excluded).unwrap();
    s.force_rows(rows).unwrap();
    s
}

/// Every solution of every part, each sorted, in increasing order.
fn solutions_of_parts(m: &Matrix, engine: Engine, parts: &[(Vec<usize>, Vec<usize>)]) -> Vec<Vec<usize>> {
    let mut all = Vec::new();
    for part in parts {
        let mut s = part_solver(m, engine, part);
        common::run_sorted(&mut s, &mut all, |rows| {
            assert!(rows.starts_with(&part.0), "a part's solution starts with its rows");
            assert!(rows.iter().all(|r| part.1.binary_search(r).is_err()), "a part's solution has an excluded row");
        });
    }
    all.sort();
    all
}

/// The best cost over the parts' best, for `goal`.
fn best_of_parts(m: &Matrix, goal: Goal, parts: &[(Vec<usize>, Vec<usize>)]) -> Option<i64> {
    let costs = parts.iter().filter_map(|part| {
        let mut s = part_solver(m, Engine::Auto, part);
        s.set_objective(Some(Objective { goal, best: 1 })).unwrap();
        while s.next_solution().is_some() {}
        s.best().first().map(|b| b.cost)
    });
    if goal == Goal::MaxCost { costs.max() } else { costs.min() }
}

#[test]
fn parts_find_every_solution_once_on_random_matrices_with_bounds_and_colors() {
    let mut g = Lcg(1717);
    let (mut split, mut excluding) = (0, 0);
    for i in 0..1500 {
        let m = random_general(&mut g, -3, 9);
        let expect = all_general_covers(&m, &[]);
        let mut s = Solver::new(&m).unwrap();
        for depth in 0..4 {
            let parts = parts(&mut s, depth);
            split += usize::from(parts.len() > 1);
            excluding += usize::from(parts.iter().any(|p| !p.1.is_empty()));
            let found = solutions_of_parts(&m, Engine::Auto, &parts);
            let distinct: BTreeSet<_> = found.iter().collect();
            assert_eq!(distinct.len(), found.len(), "a solution in two parts, depth {depth}\n{}", dlx_core::format::write(&m));
            assert_eq!(found, expect, "depth {depth}\n{}", dlx_core::format::write(&m));
            if i % 3 == 0 {
                for goal in [Goal::MinCost, Goal::MaxCost, Goal::FewestRows] {
                    let best = brute_force(&m, goal, &[]).first().copied();
                    assert_eq!(best_of_parts(&m, goal, &parts), best, "{goal:?}, depth {depth}\n{}", dlx_core::format::write(&m));
                }
            }
        }
        // The solver searches from the start afterwards.
        assert_eq!(s.count_run().0, expect.len() as u64);
    }
    assert!(split > 1000 && excluding > 500, "{split} split, {excluding} with excluded rows");
}

#[test]
fn parts_of_a_solver_with_forced_and_excluded_rows() {
    let mut g = Lcg(99);
    let mut checked = 0;
    for _ in 0..1500 {
        let m = random_general(&mut g, 0, 0);
        let forced = [g.below(m.rows() as u64) as usize];
        let excluded = [g.below(m.rows() as u64) as usize, g.below(m.rows() as u64) as usize];
        let mut s = Solver::new(&m).unwrap();
        if excluded.contains(&forced[0]) || s.force_rows(&forced).is_err() {
            continue;
        }
        s.exclude_rows(&excluded).unwrap();
        let expect: Vec<Vec<usize>> =
            all_general_covers(&m, &forced).into_iter().filter(|r| !excluded.iter().any(|x| r.contains(x))).collect();
        assert_eq!(s.count_run().0, expect.len() as u64);
        let parts = parts(&mut s, 2);
        assert!(parts.iter().all(|(rows, out)| rows.starts_with(&forced) && excluded.iter().all(|x| out.contains(x))));
        assert_eq!(solutions_of_parts(&m, Engine::Auto, &parts), expect, "\n{}", dlx_core::format::write(&m));
        checked += 1;
    }
    assert!(checked > 500, "only {checked} instances");
}

#[test]
fn excluded_rows_are_checked_and_a_refusal_changes_nothing() {
    let mut m = Matrix::new(2).unwrap();
    m.add_row(&[0]).unwrap();
    m.add_row(&[0, 1]).unwrap();
    m.add_row(&[1]).unwrap();
    m.set_bounds(0, 1, 2).unwrap();
    let mut s = Solver::new(&m).unwrap();
    assert_eq!(s.exclude_rows(&[3]), Err(Error::RowRange));
    s.force_rows(&[1]).unwrap();
    assert_eq!(s.exclude_rows(&[2, 1]), Err(Error::ForcedExcluded));
    assert_eq!(s.excluded_rows(), &[] as &[usize]);
    // Repeats are allowed and kept once, in order.
    s.exclude_rows(&[2, 2]).unwrap();
    assert_eq!(s.excluded_rows(), &[2]);
    assert_eq!(s.force_rows(&[2]), Err(Error::ForcedExcluded));
    assert_eq!(s.forced_rows(), &[1]);
    // Rows 0 1 is the one solution left (1 2 uses row 2; 1 alone leaves
    // nothing out: column 1 is covered by row 1, column 0 has 1 of 1..2).
    let mut all: Vec<Vec<usize>> = std::iter::from_fn(|| s.next_solution().map(|r| r.to_vec())).collect();
    all.sort();
    assert_eq!(all, vec![vec![1], vec![1, 0]]);
    s.exclude_rows(&[]).unwrap();
    assert_eq!(s.count_run().0, 2, "{{1}}, {{1, 0}}; {{1, 2}} uses column 1 twice");
}

/// Three-letter words, some of which make double word squares.
const WORDS: &[&str] = &[
    "ace", "act", "age", "ago", "aid", "ale", "ant", "ape", "arc", "are", "art", "ate", "bad", "bag", "ban", "bar", "bat", "bed",
    "bee", "beg", "bet", "bid", "big", "bit", "boa", "bog", "cab", "can", "cap", "car", "cat", "cod", "cog", "con", "cot", "dab",
    "dam", "den", "dew", "die", "dig", "dim", "din", "doe", "dog", "don", "dot", "ear", "eat", "ebb", "eel", "egg", "ego", "elm",
    "end", "era", "ere", "eve", "ewe", "gab", "gag", "gap", "gas", "gel", "gem", "get", "gin", "gnu", "goa", "god", "got", "ice",
    "icy", "ire", "nab", "nag", "nap", "net", "nib", "nil", "nip", "nit", "nod", "non", "nor", "not", "now", "oar", "oat", "odd",
    "ode", "one", "orb", "ore", "owe", "own", "rag", "ran", "rap", "rat", "raw", "red", "rib", "rid", "rig", "rim", "rip", "rod",
    "roe", "rot", "row", "tab", "tad", "tag", "tan", "tap", "tar", "tea", "ted", "tee", "ten", "tie", "tin", "tip", "toe", "ton",
    "too", "top", "tor", "tot", "tow", "wad", "wag", "war", "was", "wax", "web", "wed", "wee", "wet", "win", "wit", "woe", "won",
];

/// Double word squares of side `k` as word_square.c builds them: primary
/// columns row i and column j, secondary columns cell (i, j) colored with
/// a letter, and word w used at most once.
fn word_squares(words: &[&str], k: usize) -> Matrix {
    let (lines, cells) = (2 * k, k * k);
    let mut m = Matrix::new(lines + cells + words.len()).unwrap();
    for c in lines..lines + cells + words.len() {
        m.set_secondary(c).unwrap();
    }
    for (w, word) in words.iter().enumerate() {
        for line in 0..lines {
            let mut cols = vec![line, lines + cells + w];
            let mut colors = vec![0, 0];
            for (p, letter) in word.bytes().enumerate() {
                let cell = if line < k { line * k + p } else { p * k + (line - k) };
                cols.push(lines + cell);
                colors.push(u32::from(letter));
            }
            m.add_colored_row(&cols, &colors).unwrap();
        }
    }
    m
}

#[test]
fn parts_of_word_squares_add_up() {
    // The count by brute force: three different row words whose columns
    // are words, all six different.
    let is_word = |w: &[u8]| WORDS.iter().any(|x| x.as_bytes() == w);
    let mut expect = 0u64;
    for a in WORDS {
        for b in WORDS {
            for c in WORDS {
                let rows = [a.as_bytes(), b.as_bytes(), c.as_bytes()];
                let cols: Vec<[u8; 3]> = (0..3).map(|j| [rows[0][j], rows[1][j], rows[2][j]]).collect();
                let mut all: Vec<&[u8]> = rows.to_vec();
                all.extend(cols.iter().map(|c| &c[..]));
                let distinct: BTreeSet<&[u8]> = all.iter().copied().collect();
                if cols.iter().all(|c| is_word(c)) && distinct.len() == 6 {
                    expect += 1;
                }
            }
        }
    }
    assert!(expect > 10, "only {expect} squares");
    let m = word_squares(WORDS, 3);
    assert!(m.is_generalized());
    let mut s = Solver::new(&m).unwrap();
    assert_eq!(s.count_run().0, expect);
    for depth in [1, 2, 3] {
        let parts = parts(&mut s, depth);
        let counts: u64 = parts.iter().map(|p| part_solver(&m, Engine::Auto, p).count_run().0).sum();
        assert_eq!(counts, expect, "depth {depth}");
    }
}

/// Square Destroyer as square_destroyer.c builds it: a column per square
/// with bounds 1..=its matches (hit at least once), a row per match.
fn destroyer(n: usize) -> Matrix {
    let squares = squares(n);
    let mut m = Matrix::new(squares.len()).unwrap();
    for (q, sq) in squares.iter().enumerate() {
        m.set_bounds(q, 1, sq.count_ones()).unwrap();
    }
    for matchstick in 0..2 * n * (n + 1) {
        let cols: Vec<usize> = (0..squares.len()).filter(|&q| squares[q] >> matchstick & 1 == 1).collect();
        m.add_row(&cols).unwrap();
    }
    m
}

#[test]
fn parts_of_square_destroyer_add_up_and_keep_the_fewest() {
    for n in [2, 3] {
        let matches = 2 * n * (n + 1);
        let squares = squares(n);
        // Every set of matches that hits every square, by brute force.
        let (mut count, mut fewest) = (0u64, u32::MAX);
        for set in 0u64..1 << matches {
            if squares.iter().all(|sq| sq & set != 0) {
                count += 1;
                fewest = fewest.min(set.count_ones());
            }
        }
        let m = destroyer(n);
        let mut s = Solver::new(&m).unwrap();
        assert_eq!(s.count_run().0, count, "n {n}");
        for depth in [1, 2, 4] {
            let parts = parts(&mut s, depth);
            assert!(parts.iter().any(|p| !p.1.is_empty()), "no part excludes a match");
            let counts: u64 = parts.iter().map(|p| part_solver(&m, Engine::Auto, p).count_run().0).sum();
            assert_eq!(counts, count, "n {n}, depth {depth}");
            assert_eq!(best_of_parts(&m, Goal::FewestRows, &parts), Some(i64::from(fewest)), "n {n}, depth {depth}");
        }
    }
}

#[test]
fn the_generalised_engine_splits_plain_matrices_like_dlx1() {
    // On a plain matrix the generalised engine's parts exclude nothing
    // (every column takes its one row and is covered), and they are DLX1's.
    let mut g = Lcg(5);
    for _ in 0..500 {
        let m = common::random_matrix(&mut g, 0, 0);
        let mut exact = Solver::with_engine(&m, Engine::Exact).unwrap();
        let mut general = Solver::with_engine(&m, Engine::General).unwrap();
        for depth in 0..3 {
            let (e, a) = (parts(&mut exact, depth), parts(&mut general, depth));
            assert!(a.iter().all(|p| p.1.is_empty()));
            let sorted = |v: Vec<(Vec<usize>, Vec<usize>)>| v.into_iter().map(|p| p.0).collect::<BTreeSet<_>>();
            assert_eq!(solutions_of_parts(&m, Engine::General, &e), solutions_of_parts(&m, Engine::Exact, &a));
            assert_eq!(sorted(e).len(), sorted(a).len());
        }
    }
}
