//! Counts and listings up to symmetry (`Solver::count_orbits`,
//! `Solver::run_orbits`) against an independent brute force: every
//! solution by the test kit's own search, each mapped by every element of
//! the group (closed here, by the test) to its least image as a set of row
//! contents, the distinct least images counted; and against the
//! literature (n-queens up to rotation and reflection, OEIS A002562).
//!
//! Wrong code they catch: a cycle of rows that covers a column twice
//! counted as a row of the fixed matrix (a wrong fixed count for every
//! rotation of a tiling), a multiplicity entry dropped instead of scanned,
//! colors lost in the quotient, copies of a row mapped to one image, the
//! Burnside sum divided by the wrong order, a listing that hands out two
//! solutions of one orbit or none of another, a stopped call that starts
//! over or counts an element twice, a symmetry that does not map the
//! matrix to itself taken without an error.

use std::collections::{BTreeSet, HashSet};
use std::ops::ControlFlow;

use dlx_core::{Count, CountMethod, Error, Limits, Matrix, Outcome, Solver, Unsupported};
use dlx_testkit::{all_general_covers, queens, Lcg};

/// A row's contents: its (column, color) pairs, sorted.
type Content = Vec<(usize, u32)>;

fn content(m: &Matrix, r: usize) -> Content {
    let mut c: Content = m.row(r).unwrap().enumerate().map(|(k, col)| (col, m.color_id(r, k).unwrap())).collect();
    c.sort();
    c
}

/// Every composite of the generators (column permutations), identity
/// first, closed by the test itself.
fn closure(n: usize, generators: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let id: Vec<usize> = (0..n).collect();
    let mut seen: HashSet<Vec<usize>> = HashSet::from([id.clone()]);
    let mut all = vec![id];
    let mut at = 0;
    while at < all.len() {
        for g in generators {
            let next: Vec<usize> = all[at].iter().map(|&c| g[c]).collect();
            if seen.insert(next.clone()) {
                all.push(next);
            }
        }
        at += 1;
    }
    all
}

/// A solution as the sorted contents of its rows mapped by `perm`.
fn image(m: &Matrix, rows: &[usize], perm: &[usize]) -> Vec<Content> {
    let mut out: Vec<Content> = rows
        .iter()
        .map(|&r| {
            let mut c: Content = content(m, r).into_iter().map(|(col, k)| (perm[col], k)).collect();
            c.sort();
            c
        })
        .collect();
    out.sort();
    out
}

/// Every exact cover of a plain matrix (no secondary columns, bounds or
/// colors), as sorted row ids: the first uncovered column, each row over
/// it that fits, in turn.
fn exact_covers(m: &Matrix) -> Vec<Vec<usize>> {
    fn go(m: &Matrix, covered: &mut Vec<bool>, chosen: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        let Some(c) = covered.iter().position(|&x| !x) else {
            let mut s = chosen.clone();
            s.sort();
            out.push(s);
            return;
        };
        for r in 0..m.rows() {
            let cols: Vec<usize> = m.row(r).unwrap().collect();
            if cols.contains(&c) && cols.iter().all(|&x| !covered[x]) {
                cols.iter().for_each(|&x| covered[x] = true);
                chosen.push(r);
                go(m, covered, chosen, out);
                chosen.pop();
                cols.iter().for_each(|&x| covered[x] = false);
            }
        }
    }
    let mut out = Vec::new();
    go(m, &mut vec![false; m.columns()], &mut Vec::new(), &mut out);
    out.sort();
    out
}

/// The brute force: (orbits, every solution) of `m` under `group`, rows
/// all distinct in content.
fn expected(m: &Matrix, group: &[Vec<usize>]) -> (u64, Vec<Vec<usize>>) {
    let all = if m.is_generalized() || (0..m.columns()).any(|c| m.is_secondary(c) == Some(true)) { all_general_covers(m, &[]) } else { exact_covers(m) };
    let least: BTreeSet<Vec<Content>> = all.iter().map(|s| group.iter().map(|g| image(m, s, g)).min().unwrap()).collect();
    (least.len() as u64, all)
}

/// Checks `count_orbits` (each method) and `run_orbits` on `m`, whose
/// symmetries are `generators`, against the brute force.
fn check(m: &Matrix, generators: &[Vec<usize>], threads: usize, what: &str) {
    let group = closure(m.columns(), generators);
    let (orbits, all) = expected(m, &group);
    for method in [CountMethod::Plain, CountMethod::Memo, CountMethod::Auto] {
        let mut s = Solver::new(m).unwrap();
        s.set_threads(threads);
        let got = s.count_orbits(method).unwrap().unwrap();
        assert_eq!(got.orbits, Count::from(orbits), "{what}: orbits by {method:?}");
        assert_eq!(got.fixed.len(), group.len(), "{what}: the group's order");
        assert_eq!(got.fixed[0], Count::from(all.len() as u64), "{what}: the identity fixes every solution");
        let elements = s.group().unwrap();
        for (i, fixed) in got.fixed.iter().enumerate() {
            let g: Vec<usize> = elements.column_image(i).iter().map(|&c| c as usize).collect();
            assert!(group.contains(&g), "{what}: element {i} is not in the group");
            let n = all.iter().filter(|s| image(m, s, &g) == image(m, s, &group[0])).count();
            assert_eq!(*fixed, Count::from(n as u64), "{what}: solutions fixed by element {i} ({method:?})");
        }
    }
    let mut s = Solver::new(m).unwrap();
    s.set_threads(threads);
    let mut reps = BTreeSet::new();
    let outcome = s
        .run_orbits(|rows| {
            let mut sorted = rows.to_vec();
            sorted.sort();
            assert!(all.contains(&sorted), "{what}: {rows:?} is not a solution");
            assert!(reps.insert(group.iter().map(|g| image(m, rows, g)).min().unwrap()), "{what}: two of one orbit");
            ControlFlow::Continue(())
        })
        .unwrap();
    assert_eq!(outcome, Outcome::Exhausted);
    assert_eq!(reps.len() as u64, orbits, "{what}: one solution of each orbit listed");
}

/// A random permutation of `n` made of random cycles.
fn random_perm(g: &mut Lcg, n: usize) -> Vec<usize> {
    let mut p: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        p.swap(i, g.below(i as u64 + 1) as usize);
    }
    p
}

/// A random matrix closed under the group of one or two random column
/// permutations: column kinds and bounds constant on the group's orbits
/// of columns, each seed row added with all its images (no two rows alike).
fn random_symmetric(g: &mut Lcg) -> Option<(Matrix, Vec<Vec<usize>>)> {
    let n = 2 + g.below(6) as usize;
    let generators: Vec<Vec<usize>> = (0..1 + g.below(2)).map(|_| random_perm(g, n)).collect();
    let group = closure(n, &generators);
    if group.len() > 48 {
        return None;
    }
    // Each column's orbit: its least member decides the kind.
    let orbit_of = |c: usize| group.iter().map(|p| p[c]).min().unwrap();
    let mut kind = vec![0u64; n];
    for c in 0..n {
        kind[c] = if orbit_of(c) == c { g.below(6) } else { kind[orbit_of(c)] };
    }
    let mut m = Matrix::new(n).unwrap();
    for (c, &k) in kind.iter().enumerate() {
        match k {
            3 => m.set_secondary(c).unwrap(),
            4 => m.set_bounds(c, 0, 2).unwrap(),
            5 => m.set_bounds(c, 1, 2).unwrap(),
            _ => {}
        }
    }
    let mut rows: BTreeSet<Content> = BTreeSet::new();
    for _ in 0..1 + g.below(4) {
        let mut seed: Content = Vec::new();
        for (c, &k) in kind.iter().enumerate() {
            if g.below(3) == 0 {
                let color = if k == 3 { g.below(3) as u32 } else { 0 };
                seed.push((c, color));
            }
        }
        if seed.is_empty() {
            seed.push((g.below(n as u64) as usize, 0));
            if kind[seed[0].0] == 3 {
                seed[0].1 = 1;
            }
        }
        for p in &group {
            let mut r: Content = seed.iter().map(|&(c, k)| (p[c], k)).collect();
            r.sort();
            rows.insert(r);
        }
    }
    if rows.len() > 16 {
        return None;
    }
    for r in &rows {
        let (cols, colors): (Vec<usize>, Vec<u32>) = r.iter().copied().unzip();
        m.add_colored_row(&cols, &colors).unwrap();
    }
    for p in &generators {
        m.add_symmetry(p).unwrap();
    }
    Some((m, generators))
}

#[test]
fn random_symmetric_matrices_match_the_brute_force() {
    let mut g = Lcg(20261203);
    let mut checked = 0;
    while checked < 400 {
        let Some((m, generators)) = random_symmetric(&mut g) else { continue };
        check(&m, &generators, 1 + checked % 2, &format!("random matrix {checked}: {}", dlx_core::format::write(&m)));
        checked += 1;
    }
}

/// The column permutation that the map of rows `row_map` induces on a
/// matrix whose columns are told apart by their sets of rows.
fn perm_of_row_map(m: &Matrix, row_map: impl Fn(usize) -> usize) -> Vec<usize> {
    let rows_of = |c: usize| -> Vec<usize> { (0..m.rows()).filter(|&r| m.row(r).unwrap().any(|x| x == c)).collect() };
    let sets: Vec<Vec<usize>> = (0..m.columns()).map(rows_of).collect();
    sets.iter()
        .map(|set| {
            let mut image: Vec<usize> = set.iter().map(|&r| row_map(r)).collect();
            image.sort();
            sets.iter().position(|s| *s == image).expect("the map sends a column to a column")
        })
        .collect()
}

/// A map of the cells of a board.
type CellMap = Box<dyn Fn(usize, usize) -> (usize, usize)>;

/// The rotation and the reflection of an n x n board, as maps of cells.
fn square_symmetries(n: usize) -> [CellMap; 2] {
    [Box::new(move |i, j| (j, n - 1 - i)), Box::new(move |i, j| (i, n - 1 - j))]
}

#[test]
fn queens_up_to_rotation_and_reflection_match_a002562() {
    // OEIS A002562: n-queens solutions up to the symmetries of the square.
    // (n = 1 is left out: its one row makes every column alike.)
    let known = [0u64, 0, 1, 2, 1, 6, 12, 46];
    for (n, &orbits) in (2..).zip(&known) {
        let mut m = queens(n);
        for f in square_symmetries(n) {
            let p = perm_of_row_map(&m, |r| {
                let (i, j) = f(r / n, r % n);
                i * n + j
            });
            m.add_symmetry(&p).unwrap();
        }
        let mut s = Solver::new(&m).unwrap();
        assert_eq!(s.group().unwrap().order(), 8);
        let got = s.count_orbits(CountMethod::Auto).unwrap().unwrap();
        assert_eq!(got.orbits, Count::from(orbits), "{n} queens");
        let mut listed = 0;
        s.run_orbits(|_| {
            listed += 1;
            ControlFlow::Continue(())
        })
        .unwrap();
        assert_eq!(listed, orbits, "{n} queens listed");
    }
}

/// Domino tilings of an m x n board with the symmetries of the rectangle
/// (of the square when m = n), against the brute force.
#[test]
fn domino_tilings_up_to_symmetry_match_the_brute_force() {
    for (rows, cols) in [(2, 2), (3, 4), (4, 4), (4, 5), (6, 6)] {
        let mut m = dlx_testkit::boards::dominoes(rows, cols);
        let cell = |i: usize, j: usize| i * cols + j;
        let mut generators = vec![
            (0..rows * cols).map(|c| cell(c / cols, cols - 1 - c % cols)).collect::<Vec<_>>(),
            (0..rows * cols).map(|c| cell(rows - 1 - c / cols, c % cols)).collect::<Vec<_>>(),
        ];
        if rows == cols {
            generators.push((0..rows * cols).map(|c| cell(c % cols, rows - 1 - c / cols)).collect());
        }
        for p in &generators {
            m.add_symmetry(p).unwrap();
        }
        check(&m, &generators, 1, &format!("dominoes {rows}x{cols}"));
    }
}

/// The n x n board's dominoes with the square's group: the quarter turn
/// and the mirror, as images of the cells.
fn square_of_dominoes(n: usize) -> Matrix {
    let mut m = dlx_testkit::boards::dominoes(n, n);
    m.add_symmetry(&(0..n * n).map(|c| (c % n) * n + n - 1 - c / n).collect::<Vec<_>>()).unwrap();
    m.add_symmetry(&(0..n * n).map(|c| (c / n) * n + n - 1 - c % n).collect::<Vec<_>>()).unwrap();
    m
}

/// The 8x8 board: 12,988,816 tilings (Kasteleyn), 1,629,189 up to the
/// square's eight symmetries (OEIS A316535, "number of domino tilings of
/// a 2n x 2n square up to rotations and reflections"), by the memo count
/// and by the automatic choice on two threads. Catches a fixed-point
/// count that is right on the small boards the brute force reaches but
/// wrong where the memo's states repeat.
#[test]
fn the_chessboards_domino_tilings_up_to_symmetry_are_the_literatures() {
    let n = 8;
    let m = square_of_dominoes(n);
    for (method, threads) in [(CountMethod::Memo, 1), (CountMethod::Auto, 2)] {
        let mut s = Solver::new(&m).unwrap();
        s.set_threads(threads);
        let got = s.count_orbits(method).unwrap().unwrap();
        assert_eq!(got.fixed.len(), 8, "{method:?}: the square's group");
        assert_eq!(got.fixed[0], Count::from(dlx_testkit::boards::kasteleyn(n, n)), "{method:?}: all tilings");
        assert_eq!(got.orbits, Count::from(1_629_189u64), "{method:?}: up to symmetry");
    }
}

#[test]
fn copies_of_a_row_go_to_copies_in_order() {
    // Rows {a}, {a}, {b}, {b}; a <-> b maps row 0 to 2 and 1 to 3. The
    // solutions {0,2} and {1,3} are fixed, {0,3} and {1,2} swap: 3 orbits
    // ((4 + 2) / 2 by Burnside).
    let mut m = Matrix::new(2).unwrap();
    for c in [0, 0, 1, 1] {
        m.add_row(&[c]).unwrap();
    }
    m.add_symmetry(&[1, 0]).unwrap();
    let got = Solver::new(&m).unwrap().count_orbits(CountMethod::Plain).unwrap().unwrap();
    assert_eq!(got.orbits, Count::from(3u64));
    assert_eq!(got.fixed, vec![Count::from(4u64), Count::from(2u64)]);
}

#[test]
fn bad_symmetries_and_parts_are_refused() {
    let mut m = Matrix::new(3).unwrap();
    m.add_row(&[0, 1]).unwrap();
    m.add_row(&[2]).unwrap();
    assert_eq!(m.add_symmetry(&[0, 1]), Err(Error::InvalidArgument), "too short");
    assert_eq!(m.add_symmetry(&[0, 0, 1]), Err(Error::InvalidArgument), "not a bijection");
    assert_eq!(m.add_symmetry(&[0, 1, 3]), Err(Error::ColumnRange));
    assert_eq!(m.symmetries(), 0, "nothing kept from a refused symmetry");
    // 0 <-> 2 sends {0, 1} to {1, 2}, no row.
    m.add_symmetry(&[2, 1, 0]).unwrap();
    assert_eq!(Solver::new(&m).unwrap().count_orbits(CountMethod::Auto).unwrap_err(), Error::NotSymmetry);
    m.clear_symmetries();
    m.add_symmetry(&[1, 0, 2]).unwrap();
    let mut s = Solver::new(&m).unwrap();
    assert_eq!(s.count_orbits(CountMethod::Plain).unwrap().unwrap().orbits, Count::from(1u64));
    s.force_rows(&[1]).unwrap();
    assert_eq!(s.count_orbits(CountMethod::Plain).unwrap_err(), Error::Unsupported(Unsupported::OrbitsOfPart));
    // A primary column sent to a secondary one.
    let mut m = Matrix::new(2).unwrap();
    m.set_secondary(1).unwrap();
    m.add_row(&[0]).unwrap();
    m.add_row(&[1]).unwrap();
    m.add_symmetry(&[1, 0]).unwrap();
    assert_eq!(Solver::new(&m).unwrap().run_orbits(|_| ControlFlow::Continue(())).unwrap_err(), Error::NotSymmetry);
}

#[test]
fn a_stopped_count_goes_on_to_the_same_answer() {
    // 6x6 dominoes under the square's group, a node limit so small that
    // every call stops: each element's count goes on where it stopped.
    let n = 6;
    let m = square_of_dominoes(n);
    let whole = Solver::new(&m).unwrap().count_orbits(CountMethod::Plain).unwrap().unwrap();
    for method in [CountMethod::Plain, CountMethod::Memo] {
        let mut s = Solver::new(&m).unwrap();
        s.set_limits(Limits { nodes: Some(50), ..Limits::default() });
        let mut calls = 0;
        let got = loop {
            calls += 1;
            if let Some(o) = s.count_orbits(method).unwrap() {
                break o;
            }
            assert_eq!(s.outcome(), Some(Outcome::NodeLimit));
            assert!(calls < 100_000, "the count goes on");
        };
        assert!(calls > 8, "{method:?}: the limit stopped the calls");
        assert_eq!(got, whole, "{method:?}: stopped and gone on");
    }
    // The whole count against the brute force (6728 tilings, Kasteleyn).
    assert_eq!(whole.fixed[0], Count::from(dlx_testkit::boards::kasteleyn(6, 6)));
}

#[test]
fn a_cycle_that_gives_one_secondary_column_two_colors_is_in_no_fixed_solution() {
    // Columns p, q primary, x, y secondary; the symmetry swaps p with q
    // and x with y. Rows {p, x:1, y:2} and {q, y:1, x:2} form one cycle
    // that gives x both colors; with {p} and {q} the solutions are
    // {p}{q} (fixed), {p x:1 y:2}{q} and {p}{q y:1 x:2} (swapped): fixed
    // counts 3 and 1, 2 orbits.
    let mut m = Matrix::new(4).unwrap();
    m.set_secondary(2).unwrap();
    m.set_secondary(3).unwrap();
    m.add_colored_row(&[0, 2, 3], &[0, 1, 2]).unwrap();
    m.add_colored_row(&[1, 3, 2], &[0, 1, 2]).unwrap();
    m.add_row(&[0]).unwrap();
    m.add_row(&[1]).unwrap();
    let swap = vec![1, 0, 3, 2];
    m.add_symmetry(&swap).unwrap();
    check(&m, &[swap], 1, "two colors on one column of a cycle");
}

#[test]
fn the_text_format_states_symmetries_as_cycles() {
    // Two dominoes' worth of a 2x2 board: cells a b / c d, the mirror
    // swapping a with b and c with d.
    let text = "a b c d\n|@symmetry a:b c:d\na b\nc d\na c\nb d\n|@symmetry a:b:d:c\n";
    let m = dlx_core::format::parse(text).unwrap();
    assert_eq!(m.symmetries(), 2);
    assert_eq!(m.symmetry(0).unwrap(), &[1, 0, 3, 2]);
    assert_eq!(m.symmetry(1).unwrap(), &[1, 3, 0, 2], "a to b, b to d, d to c, c to a: a quarter turn");
    // Written back after the options, and read to the same matrix.
    let written = dlx_core::format::write(&m);
    assert!(written.ends_with("|@symmetry a:b c:d\n|@symmetry a:b:d:c\n"), "{written}");
    assert_eq!(dlx_core::format::parse(&written).unwrap(), m);
    // The 2x2 board's two tilings are one under the quarter turn.
    assert_eq!(Solver::new(&m).unwrap().count_orbits(CountMethod::Plain).unwrap().unwrap().orbits, Count::from(1u64));
    for (bad, line, column, says) in [
        ("|@symmetry a:b\na b\na\nb\n", 1, 1, "after the item line"),
        ("a b\n|@symmetry a:x\na\nb\n", 2, 14, "not `x`"),
        ("a b\na\n  |@symmetry a:b b\nb\n", 3, 18, "named twice"),
        ("a b\n|@symmetry a::b\na\nb\n", 2, 14, "before and after"),
    ] {
        let e = dlx_core::format::parse(bad).unwrap_err();
        assert_eq!((e.line, e.column), (line, column), "{bad:?}: {e}");
        assert!(e.message.contains(says), "{bad:?}: {e}");
    }
}
