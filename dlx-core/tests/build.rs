//! The builders (`dlx_core::build`) against facts and independent brute
//! forces: queens against OEIS A000170 and A002562, Langford pairs against
//! A014552, the pentomino boxes against the literature (Haselgrove; de
//! Bruijn), monomer-dimer coverings against A028420, the calendar puzzle
//! and random packings against a tiler written here, sudoku grids against a
//! backtracking filler written here.
//!
//! Wrong code they catch: a diagonal numbered off by one (too many
//! queens), a Langford row one place too short or long, a reflection
//! allowed to a piece that may only turn (or a rotation missed), a shape
//! counted twice because two turns give it, a placement dropped at the
//! board's edge or allowed over a hole, a piece used twice that may be
//! used once, an empty cell that is not allowed, a symmetry of the board
//! that maps a piece's shapes outside its own, a jigsaw region or a
//! diagonal left out of a row, a given ignored, a decoder that puts a
//! digit in the wrong cell.

use std::collections::BTreeSet;

use dlx_core::build::{langford, queens, Piece, Polyomino, Sudoku};
use dlx_core::{Count, CountMethod, Error, Outcome, Solver};
use dlx_testkit::Lcg;

fn count(m: &dlx_core::Matrix) -> u64 {
    let (n, outcome) = Solver::new(m).unwrap().count_run();
    assert_eq!(outcome, Outcome::Exhausted);
    n
}

fn orbits(m: &dlx_core::Matrix) -> Count {
    Solver::new(m).unwrap().count_orbits(CountMethod::Auto).unwrap().unwrap().orbits
}

#[test]
fn queens_match_a000170_and_a002562() {
    let all = [1u64, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724];
    let up_to_symmetry = [1u64, 1, 0, 0, 1, 2, 1, 6, 12, 46, 92];
    for n in 0..all.len() {
        let b = queens(n).unwrap();
        assert_eq!(count(&b.matrix), all[n], "{n} queens");
        assert_eq!(orbits(&b.matrix), Count::from(up_to_symmetry[n]), "{n} queens up to symmetry");
    }
    let b = queens(4).unwrap();
    assert_eq!(b.row_name(4 + 2), Some("q1,2"));
    assert_eq!(b.matrix.column_name(0), Some("r0"));
    assert_eq!(b.row_name(16), None);
}

#[test]
fn langford_pairs_match_a014552() {
    let known = [0u64, 0, 0, 1, 1, 0, 0, 26, 150, 0, 0, 17792];
    for (n, &known) in known.iter().enumerate().skip(1) {
        let b = langford(n).unwrap();
        assert_eq!(count(&b.matrix), 2 * known, "langford {n}");
        if n <= 8 {
            assert_eq!(orbits(&b.matrix), Count::from(known), "langford {n} up to reversal");
        }
    }
    // 3: 2 3 1 2 1 3 and its reversal; the row for 2 in places 0 and 3.
    let b = langford(3).unwrap();
    assert_eq!(b.row_name(0), Some("1@0"));
    let two = (0..b.matrix.rows()).find(|&r| b.row_name(r) == Some("2@0")).unwrap();
    assert_eq!(b.matrix.row(two).unwrap().collect::<Vec<_>>(), vec![1, 3, 6]);
}

/// Golomb's twelve pentominoes as pictures ('#' a square, '/' between rows).
const PENTOMINOES: [(&str, &str); 12] = [
    ("F", ".##/##./.#."),
    ("I", "#####"),
    ("L", "####/#..."),
    ("N", "##../.###"),
    ("P", "##/##/#."),
    ("T", "###/.#./.#."),
    ("U", "#.#/###"),
    ("V", "#../#../###"),
    ("W", "#../##./.##"),
    ("X", ".#./###/.#."),
    ("Y", "####/.#.."),
    ("Z", "##./.#./.##"),
];

fn cells_of(picture: &str) -> Vec<(i32, i32)> {
    let mut out = Vec::new();
    for (r, line) in picture.split('/').enumerate() {
        for (c, ch) in line.chars().enumerate() {
            if ch == '#' {
                out.push((r as i32, c as i32));
            }
        }
    }
    out
}

#[test]
fn pentomino_boxes_match_the_literature() {
    // Tilings of the boxes by the twelve pentominoes: 3x20 has 2 up to
    // symmetry, 4x15 has 368, 5x12 has 1,010 and 6x10 has 2,339, each
    // four times that in all (the box's group has order 4).
    for (h, w, known) in [(3, 20, 2u64), (4, 15, 368), (5, 12, 1010), (6, 10, 2339)] {
        let mut p = Polyomino::new();
        p.add_rectangle(h, w).unwrap();
        for (name, picture) in PENTOMINOES {
            p.add_piece(Piece::new(name, &cells_of(picture)).unwrap()).unwrap();
        }
        let b = p.build().unwrap();
        assert_eq!(Solver::new(&b.matrix).unwrap().group().unwrap().order(), 4, "{h}x{w}");
        let got = Solver::new(&b.matrix).unwrap().count_orbits(CountMethod::Auto).unwrap().unwrap();
        assert_eq!(got.fixed[0], Count::from(4 * known), "{h}x{w} in all");
        assert_eq!(got.orbits, Count::from(known), "{h}x{w} up to symmetry");
    }
}

#[test]
fn dominoes_anywhere_with_empty_cells_match_a028420() {
    // Monomer-dimer coverings of the n x n square: OEIS A028420.
    for (n, known) in [(1, 1u64), (2, 7), (3, 131), (4, 10012), (5, 2810694)] {
        let mut p = Polyomino::new();
        p.add_rectangle(n, n).unwrap();
        p.add_piece(Piece::new("domino", &[(0, 0), (0, 1)]).unwrap().reuse(true)).unwrap();
        p.empty_cells(true);
        let b = p.build().unwrap();
        assert_eq!(count(&b.matrix), known, "{n}x{n}");
    }
}

/// A piece's squares in one way of placing it.
type Shape = Vec<(i64, i64)>;

/// An independent tiler: the first undecided square of the board is left
/// empty (when allowed) or covered by a placement whose least square it
/// is; each piece's shapes are made here from its squares and flags. The
/// board has at most 64 squares, the decided ones a bit set.
struct Tiler {
    board: BTreeSet<(i64, i64)>,
    /// Per piece: its distinct shapes (sorted squares, least at 0, 0) and
    /// whether it may be used again.
    pieces: Vec<(Vec<Shape>, bool)>,
    empty: bool,
}

fn shapes_of(cells: &[(i32, i32)], rotate: bool, reflect: bool) -> Vec<Shape> {
    let mut out = BTreeSet::new();
    for flip in [false, true] {
        if flip && !reflect {
            continue;
        }
        for quarter in 0..4 {
            if quarter > 0 && !rotate {
                continue;
            }
            let mut s: Vec<(i64, i64)> = cells
                .iter()
                .map(|&(r, c)| {
                    let (mut r, mut c) = (r as i64, if flip { -(c as i64) } else { c as i64 });
                    for _ in 0..quarter {
                        (r, c) = (c, -r);
                    }
                    (r, c)
                })
                .collect();
            s.sort();
            let (r0, c0) = s[0];
            out.insert(s.iter().map(|&(r, c)| (r - r0, c - c0)).collect::<Vec<_>>());
        }
    }
    out.into_iter().collect()
}

impl Tiler {
    fn count(&self) -> u64 {
        let squares: Vec<(i64, i64)> = self.board.iter().copied().collect();
        assert!(squares.len() <= 64);
        // Per square, per piece: the bit sets of the placements whose
        // least square it is.
        let at: Vec<Vec<Vec<u64>>> = squares
            .iter()
            .map(|&(r, c)| {
                self.pieces
                    .iter()
                    .map(|(shapes, _)| {
                        shapes
                            .iter()
                            .filter_map(|s| s.iter().map(|&(a, b)| squares.iter().position(|&y| y == (a + r, b + c)).map(|i| 1u64 << i)).sum::<Option<u64>>())
                            .collect()
                    })
                    .collect()
            })
            .collect();
        let full = if squares.len() == 64 { u64::MAX } else { (1u64 << squares.len()) - 1 };
        let mut used = vec![false; self.pieces.len()];
        self.walk(&at, full, 0, &mut used)
    }

    fn walk(&self, at: &[Vec<Vec<u64>>], full: u64, decided: u64, used: &mut Vec<bool>) -> u64 {
        if decided == full {
            return u64::from(used.iter().zip(&self.pieces).all(|(&u, p)| u || p.1));
        }
        let x = decided.trailing_ones() as usize;
        let mut total = 0;
        if self.empty {
            total += self.walk(at, full, decided | 1 << x, used);
        }
        for (k, (_, reuse)) in self.pieces.iter().enumerate() {
            if used[k] && !reuse {
                continue;
            }
            for &bits in &at[x][k] {
                if bits & decided == 0 {
                    let was = std::mem::replace(&mut used[k], true);
                    total += self.walk(at, full, decided | bits, used);
                    used[k] = was;
                }
            }
        }
        total
    }
}

#[test]
fn random_packings_match_a_tiler() {
    let mut rng = Lcg(69);
    for case in 0..400 {
        let (h, w) = (1 + rng.below(4) as i32, 1 + rng.below(5) as i32);
        let board: Vec<(i32, i32)> = (0..h).flat_map(|r| (0..w).map(move |c| (r, c))).filter(|_| rng.below(6) != 0).collect();
        let mut p = Polyomino::new();
        p.add_cells(&board).unwrap();
        let mut tiler = Tiler { board: board.iter().map(|&(r, c)| (r as i64, c as i64)).collect(), pieces: Vec::new(), empty: rng.below(3) == 0 };
        p.empty_cells(tiler.empty);
        for k in 0..1 + rng.below(4) {
            // A random piece: a walk of 1 to 4 squares.
            let mut cells = vec![(0i32, 0i32)];
            for _ in 0..rng.below(4) {
                let (r, c) = cells[rng.below(cells.len() as u64) as usize];
                let next = [(r + 1, c), (r, c + 1), (r - 1, c), (r, c - 1)][rng.below(4) as usize];
                if !cells.contains(&next) {
                    cells.push(next);
                }
            }
            let (rotate, reflect, reuse) = (rng.below(2) == 0, rng.below(2) == 0, rng.below(3) == 0);
            p.add_piece(Piece::new(&format!("p{k}"), &cells).unwrap().rotations(rotate).reflections(reflect).reuse(reuse)).unwrap();
            tiler.pieces.push((shapes_of(&cells, rotate, reflect), reuse));
        }
        let b = p.build().unwrap();
        assert_eq!(count(&b.matrix), tiler.count(), "case {case}: {p:?}");
        // Every symmetry the builder gives maps the matrix to itself (else
        // the group is refused), and the orbits never outnumber the tilings.
        let orbits = orbits(&b.matrix);
        assert!(orbits <= Count::from(tiler.count()), "case {case}");
    }
}

/// The calendar puzzle ("A-Puzzle-A-Day"): months in two rows of six, days
/// in rows of seven, 29-31 in a last row of three; eight pieces cover all
/// but the month's square and the day's.
fn calendar_board() -> Vec<(i32, i32)> {
    let mut cells = Vec::new();
    for r in 0..7 {
        let width = match r {
            0 | 1 => 6,
            6 => 3,
            _ => 7,
        };
        cells.extend((0..width).map(|c| (r, c)));
    }
    cells
}

const CALENDAR_PIECES: [(&str, &str); 8] = [
    ("O", "###/###"),
    ("P", "##/##/#."),
    ("L", "####/#..."),
    ("N", "##../.###"),
    ("U", "#.#/###"),
    ("V", "#../#../###"),
    ("Y", "####/.#.."),
    ("Z", "##./.#./.##"),
];

#[test]
fn calendar_puzzle_counts_match_a_tiler_for_every_date() {
    let board = calendar_board();
    let month_cell = |m: i32| (m / 6, m % 6);
    let day_cell = |d: i32| (2 + d / 7, d % 7);
    let mut least = u64::MAX;
    for month in 0..12 {
        for day in 0..31 {
            let holes = [month_cell(month), day_cell(day)];
            let cells: Vec<(i32, i32)> = board.iter().copied().filter(|x| !holes.contains(x)).collect();
            let mut p = Polyomino::new();
            p.add_cells(&cells).unwrap();
            let mut tiler = Tiler { board: cells.iter().map(|&(r, c)| (r as i64, c as i64)).collect(), pieces: Vec::new(), empty: false };
            for (name, picture) in CALENDAR_PIECES {
                p.add_piece(Piece::new(name, &cells_of(picture)).unwrap()).unwrap();
                tiler.pieces.push((shapes_of(&cells_of(picture), true, true), false));
            }
            let got = count(&p.build().unwrap().matrix);
            assert_eq!(got, tiler.count(), "month {month}, day {day}");
            least = least.min(got);
        }
    }
    // Every date of the puzzle can be made.
    assert!(least > 0);
}

#[test]
fn a_piece_that_only_turns_and_the_errors() {
    // Two L tetrominoes on a 2x4 box under each pair of flags, against
    // the tiler (which makes its own shapes from the flags).
    for (rotate, reflect) in [(true, false), (false, true), (false, false), (true, true)] {
        let mut p = Polyomino::new();
        p.add_rectangle(2, 4).unwrap();
        let l = [(0, 0), (1, 0), (1, 1), (1, 2)];
        p.add_piece(Piece::new("a", &l).unwrap().rotations(rotate).reflections(reflect)).unwrap();
        p.add_piece(Piece::new("b", &l).unwrap().rotations(rotate).reflections(reflect)).unwrap();
        let tiler = Tiler { board: (0..2).flat_map(|r| (0..4).map(move |c| (r, c))).collect(), pieces: vec![(shapes_of(&l, rotate, reflect), false); 2], empty: false };
        assert_eq!(count(&p.build().unwrap().matrix), tiler.count(), "rotate {rotate}, reflect {reflect}");
    }
    assert_eq!(Piece::new("", &[(0, 0)]), Err(Error::InvalidArgument));
    assert_eq!(Piece::new("a b", &[(0, 0)]), Err(Error::InvalidArgument));
    assert_eq!(Piece::new("a", &[]), Err(Error::InvalidArgument));
    assert_eq!(Piece::new("a", &[(0, 0), (0, 0)]), Err(Error::InvalidArgument));
    let mut p = Polyomino::new();
    p.add_piece(Piece::new("a", &[(0, 0)]).unwrap()).unwrap();
    assert_eq!(p.add_piece(Piece::new("a", &[(0, 0)]).unwrap()), Err(Error::InvalidArgument));
    // A name with a comma could be a square's column name.
    assert_eq!(Piece::new("0,0", &[(0, 0)]), Err(Error::InvalidArgument));
}

/// An independent sudoku filler: every filling of the empty cells, in
/// order, with digits not yet in the cell's row, column, region or (when
/// asked) diagonal; the fillings, each as a string of symbols.
fn fillings(side: usize, regions: &[usize], givens: &[u8], diagonal: bool, cap: usize) -> Vec<String> {
    fn clash(side: usize, regions: &[usize], grid: &[u8], diagonal: bool, i: usize, d: u8) -> bool {
        let (r, c) = (i / side, i % side);
        (0..side * side).any(|j| {
            let (s, t) = (j / side, j % side);
            j != i
                && grid[j] == d
                && (s == r || t == c || regions[j] == regions[i] || (diagonal && ((r == c && s == t) || (r + c == side - 1 && s + t == side - 1))))
        })
    }
    fn walk(side: usize, regions: &[usize], grid: &mut Vec<u8>, diagonal: bool, at: usize, out: &mut Vec<String>, cap: usize) {
        if out.len() >= cap {
            return;
        }
        if at == grid.len() {
            out.push(grid.iter().map(|&d| char::from(dlx_core::build::SYMBOLS[d as usize - 1])).collect());
            return;
        }
        if grid[at] != 0 {
            if !clash(side, regions, grid, diagonal, at, grid[at]) {
                walk(side, regions, grid, diagonal, at + 1, out, cap);
            }
            return;
        }
        for d in 1..=side as u8 {
            if !clash(side, regions, grid, diagonal, at, d) {
                grid[at] = d;
                walk(side, regions, grid, diagonal, at + 1, out, cap);
                grid[at] = 0;
            }
        }
    }
    let mut out = Vec::new();
    walk(side, regions, &mut givens.to_vec(), diagonal, 0, &mut out, cap);
    out
}

fn box_regions(rows: usize, columns: usize) -> Vec<usize> {
    let side = rows * columns;
    (0..side * side).map(|i| (i / side / rows) * rows + (i % side) / columns).collect()
}

/// Solves `s` and returns each solution decoded, sorted.
fn decoded(s: &Sudoku) -> Vec<String> {
    let b = s.build().unwrap();
    let mut solver = Solver::new(&b.matrix).unwrap();
    let mut out = Vec::new();
    while let Some(rows) = solver.next_solution() {
        out.push(s.decode(&b, rows).unwrap());
    }
    out.sort();
    out
}

#[test]
fn empty_grids_match_known_counts() {
    // 4x4 sudoku: 288 grids; 4x4 with both diagonals: the filler's count.
    assert_eq!(count(&Sudoku::new(2, 2).unwrap().build().unwrap().matrix), 288);
    let mut x = Sudoku::new(2, 2).unwrap();
    x.set_diagonal(true);
    let blank = vec![0u8; 16];
    assert_eq!(count(&x.build().unwrap().matrix), fillings(4, &box_regions(2, 2), &blank, true, usize::MAX).len() as u64);
    // 1x1: one grid; Latin squares of order 3 (regions the rows): 12.
    assert_eq!(count(&Sudoku::new(1, 1).unwrap().build().unwrap().matrix), 1);
    assert_eq!(count(&Sudoku::new(1, 3).unwrap().build().unwrap().matrix), 12);
}

#[test]
fn random_grids_match_the_filler() {
    let mut rng = Lcg(6969);
    // Jigsaw regions for 5x5 (rows of a shifted pattern) and 4x4.
    let jigsaws: [(usize, &str); 2] = [(5, "AAABB AACBB DCCCB DDCEE DDEEE"), (4, "aaab abbb cccd cddd")];
    for case in 0..300 {
        let (mut s, side, regions) = match case % 4 {
            0 => (Sudoku::new(2, 2).unwrap(), 4, box_regions(2, 2)),
            1 => (Sudoku::new(2, 3).unwrap(), 6, box_regions(2, 3)),
            _ => {
                let (side, text) = jigsaws[case % 2];
                let mut s = Sudoku::new(1, side).unwrap();
                s.set_regions(text).unwrap();
                let labels: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
                let mut names: Vec<char> = Vec::new();
                let regions = labels
                    .iter()
                    .map(|l| {
                        if !names.contains(l) {
                            names.push(*l);
                        }
                        names.iter().position(|n| n == l).unwrap()
                    })
                    .collect();
                (s, side, regions)
            }
        };
        let diagonal = rng.below(3) == 0;
        s.set_diagonal(diagonal);
        let mut givens = vec![0u8; side * side];
        let text: String = givens
            .iter_mut()
            .map(|g| {
                if rng.below(side as u64 / 2 + 1) == 0 {
                    *g = 1 + rng.below(side as u64) as u8;
                    char::from(dlx_core::build::SYMBOLS[*g as usize - 1])
                } else {
                    '.'
                }
            })
            .collect();
        s.set_givens(&text).unwrap();
        let want = fillings(side, &regions, &givens, diagonal, 2000);
        if want.len() < 2000 {
            assert_eq!(decoded(&s), want, "case {case}: {text}");
        } else {
            assert!(count(&s.build().unwrap().matrix) >= 2000, "case {case}");
        }
    }
}

#[test]
fn a_classic_sudoku_and_the_errors() {
    // A puzzle with one solution, checked by the filler.
    let puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let mut s = Sudoku::new(3, 3).unwrap();
    s.set_givens(puzzle).unwrap();
    let givens: Vec<u8> = puzzle.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
    assert_eq!(decoded(&s), fillings(9, &box_regions(3, 3), &givens, false, 3));
    // The names the builder documents.
    let b = s.build().unwrap();
    assert_eq!(b.matrix.column_name(81), Some("r0=1"));
    assert_eq!(b.row_name(0), Some("0,0=5"));
    assert_eq!(s.decode(&b, &[0]).unwrap(), format!("5{}", ".".repeat(80)));
    assert_eq!(s.decode(&b, &[0, 0]), Err(Error::InvalidArgument));
    assert_eq!(s.decode(&b, &[b.matrix.rows()]), Err(Error::RowRange));
    // Bad input, each refused with nothing changed.
    assert_eq!(s.set_givens("12"), Err(Error::InvalidArgument));
    assert_eq!(s.set_givens(&"A".repeat(81)), Err(Error::InvalidArgument));
    assert_eq!(s.set_regions(&"a".repeat(81)), Err(Error::InvalidArgument));
    assert_eq!(s.build().unwrap(), b);
    assert_eq!(Sudoku::new(0, 3), Err(Error::InvalidArgument));
    assert_eq!(Sudoku::new(6, 6), Err(Error::TooLarge));
    // 16x16 reads letters: G is 16, a given in the first cell.
    let mut big = Sudoku::new(4, 4).unwrap();
    big.set_givens(&format!("g{}", ".".repeat(255))).unwrap();
    let b = big.build().unwrap();
    assert_eq!(b.row_name(0), Some("0,0=G"));
}
