//! The uniqueness check on sudokus: on 10,000 random 9x9 puzzles (unique,
//! with several solutions, and with clashing givens that leave none) the
//! verdict of `Solver::uniqueness` equals that of a count capped at 2 and
//! that of an independent backtracking sudoku solver written here, and the
//! grids it hands out are the solver's or valid fillings of the givens.

use dlx_testkit as common;

use dlx_core::{Matrix, Solver, Uniqueness};

/// The sudoku's matrix and, for each row, the cell and digit it places. A
/// given cell has only its digit's row, so the givens are in the matrix.
fn sudoku(givens: &[u8; 81]) -> (Matrix, Vec<(usize, u8)>) {
    let mut m = Matrix::new(4 * 81).unwrap();
    let mut placed = Vec::new();
    for (cell, &given) in givens.iter().enumerate() {
        let (r, c) = (cell / 9, cell % 9);
        let b = r / 3 * 3 + c / 3;
        for d in 0..9 {
            if given == 0 || usize::from(given) == d + 1 {
                m.add_row(&[cell, 81 + r * 9 + d, 162 + c * 9 + d, 243 + b * 9 + d]).unwrap();
                placed.push((cell, d as u8 + 1));
            }
        }
    }
    (m, placed)
}

/// The grid a solution's rows give, or None when the rows do not fill 81
/// cells, one each.
fn grid(placed: &[(usize, u8)], rows: &[usize]) -> Option<[u8; 81]> {
    let mut g = [0u8; 81];
    for &row in rows {
        let (cell, d) = placed[row];
        if g[cell] != 0 {
            return None;
        }
        g[cell] = d;
    }
    g.iter().all(|&d| d != 0).then_some(g)
}

/// Whether `g` is a filled sudoku grid that keeps the givens.
fn valid(g: &[u8; 81], givens: &[u8; 81]) -> bool {
    let unit_ok = |cells: [usize; 9]| {
        let mut seen = 0u16;
        cells.iter().all(|&i| {
            let bit = 1 << g[i];
            let fresh = seen & bit == 0;
            seen |= bit;
            fresh
        })
    };
    (0..81).all(|i| givens[i] == 0 || givens[i] == g[i])
        && (0..9).all(|k| {
            unit_ok(std::array::from_fn(|j| k * 9 + j))
                && unit_ok(std::array::from_fn(|j| j * 9 + k))
                && unit_ok(std::array::from_fn(|j| (k / 3 * 3 + j / 3) * 9 + k % 3 * 3 + j % 3))
        })
}

/// The independent checker: a plain backtracking solver over the cells,
/// choosing the empty cell with the fewest digits left, counting up to 2
/// and keeping the first solution.
struct Brute {
    grid: [u8; 81],
    found: u32,
    first: Option<[u8; 81]>,
}

impl Brute {
    fn allowed(&self, cell: usize) -> u16 {
        let (r, c) = (cell / 9, cell % 9);
        let mut used = 0u16;
        for j in 0..9 {
            used |= 1 << self.grid[r * 9 + j];
            used |= 1 << self.grid[j * 9 + c];
            used |= 1 << self.grid[(r / 3 * 3 + j / 3) * 9 + c / 3 * 3 + j % 3];
        }
        !used & 0b11_1111_1110
    }

    fn search(&mut self) {
        let mut best: Option<(usize, u16)> = None;
        for cell in (0..81).filter(|&i| self.grid[i] == 0) {
            let a = self.allowed(cell);
            if best.is_none_or(|(_, b)| a.count_ones() < b.count_ones()) {
                best = Some((cell, a));
            }
        }
        let Some((cell, allowed)) = best else {
            self.found += 1;
            self.first.get_or_insert(self.grid);
            return;
        };
        for d in 1..=9u8 {
            if allowed & (1 << d) != 0 && self.found < 2 {
                self.grid[cell] = d;
                self.search();
                self.grid[cell] = 0;
            }
        }
    }

    /// Solutions of `givens` (0, 1 or 2 meaning "two or more") and the
    /// first; None when two givens clash.
    fn solve(givens: &[u8; 81]) -> (u32, Option<[u8; 81]>) {
        let mut b = Brute { grid: [0; 81], found: 0, first: None };
        for cell in (0..81).filter(|&i| givens[i] != 0) {
            if b.allowed(cell) & (1 << givens[cell]) == 0 {
                return (0, None);
            }
            b.grid[cell] = givens[cell];
        }
        b.search();
        (b.found, b.first)
    }
}

/// A random puzzle: a solved grid (a pattern under random digit, row, band,
/// column and stack permutations) with 17 to 40 givens kept; one in twenty
/// has a given changed, which mostly leaves no solution.
fn puzzle(g: &mut common::Lcg) -> [u8; 81] {
    let perm = |g: &mut common::Lcg, n: usize| {
        let mut p: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            p.swap(i, g.below(i as u64 + 1) as usize);
        }
        p
    };
    let digits = perm(g, 9);
    let (bands, stacks) = (perm(g, 3), perm(g, 3));
    let (in_band, in_stack): (Vec<Vec<usize>>, Vec<Vec<usize>>) = ((0..3).map(|_| perm(g, 3)).collect(), (0..3).map(|_| perm(g, 3)).collect());
    let mut solved = [0u8; 81];
    for r in 0..9 {
        for c in 0..9 {
            let (pr, pc) = (bands[r / 3] * 3 + in_band[r / 3][r % 3], stacks[c / 3] * 3 + in_stack[c / 3][c % 3]);
            solved[r * 9 + c] = digits[(pr * 3 + pr / 3 + pc) % 9] as u8 + 1;
        }
    }
    let keep = 17 + g.below(24) as usize;
    let cells = perm(g, 81);
    let mut givens = [0u8; 81];
    for &cell in &cells[..keep] {
        givens[cell] = solved[cell];
    }
    if g.below(20) == 0 {
        givens[cells[0]] = givens[cells[0]] % 9 + 1;
    }
    givens
}

#[test]
fn uniqueness_agrees_with_a_capped_count_and_a_backtracking_solver_on_10000_sudokus() {
    let mut g = common::Lcg(2012);
    let mut seen = [0usize; 3];
    for case in 0..10_000 {
        let givens = puzzle(&mut g);
        let (brute, first) = Brute::solve(&givens);
        let (m, placed) = sudoku(&givens);
        let capped = m.count_solutions(Some(2)).unwrap();
        let verdict = Solver::new(&m).unwrap().uniqueness().unwrap().unwrap();
        let what = format!("puzzle {case}: {givens:?}");
        assert_eq!(capped, u64::from(brute), "{what}: the count capped at 2");
        match verdict {
            Uniqueness::None => assert_eq!(brute, 0, "{what}"),
            Uniqueness::Unique(a) => {
                assert_eq!(brute, 1, "{what}");
                assert_eq!(grid(&placed, &a), first, "{what}: the one solution");
            }
            Uniqueness::Several(a, b) => {
                assert_eq!(brute, 2, "{what}");
                let (a, b) = (grid(&placed, &a).unwrap(), grid(&placed, &b).unwrap());
                assert!(valid(&a, &givens) && valid(&b, &givens) && a != b, "{what}: two solutions");
            }
        }
        seen[brute as usize] += 1;
    }
    assert!(seen.iter().all(|&k| k > 100), "every verdict drawn: {seen:?}");
}
