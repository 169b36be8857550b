"""The builders (queens, langford, Polyomino, Sudoku) against facts and
brute forces written here: n queens (OEIS A000170, and A002562 up to the
square's symmetries), Langford pairs (twice A014552, once up to
reversal), the twelve pentominoes in the 3x20, 4x15, 5x12 and 6x10 boxes
(8, 1472, 4040 and 9356 tilings; 2 and 2339 up to symmetry for the first
and last), monomer-dimer coverings (A028420), the calendar puzzle's count
on a dozen dates against a tiler here, and small sudoku grids (boxes,
jigsaw regions, diagonals, givens) whose decoded solutions equal a
backtracking filler's. The wrong code it catches: a prototype out of step
with the header, a builder's matrix lost or changed on the way to Python
(names, rows, symmetries), a flag passed to the wrong bit, a decoder
reading the wrong cell, bad input not raising the package's errors."""

import pytest

import dlxcover
from dlxcover import InputError, Polyomino, Solver, Sudoku

PENTOMINOES = {
    "F": ".##/##./.#.", "I": "#####", "L": "####/#...", "N": "##../.###", "P": "##/##/#.", "T": "###/.#./.#.",
    "U": "#.#/###", "V": "#../#../###", "W": "#../##./.##", "X": ".#./###/.#.", "Y": "####/.#..", "Z": "##./.#./.##",
}


def cells_of(picture):
    return [(r, c) for r, line in enumerate(picture.split("/")) for c, ch in enumerate(line) if ch == "#"]


def test_queens_match_a000170_and_a002562():
    a000170 = [1, 1, 0, 0, 2, 10, 4, 40, 92, 352]
    for k, known in enumerate(a000170):
        assert dlxcover.queens(k).matrix.count() == known, k
    b = dlxcover.queens(8)
    assert Solver(b.matrix).count_orbits() == 12
    assert b.row_names[9] == "q1,1" and len(b.row_names) == 64 and b.matrix.names[8] == "c0"


def test_langford_matches_a014552():
    for k, known in [(3, 1), (4, 1), (5, 0), (6, 0), (7, 26), (8, 150)]:
        b = dlxcover.langford(k)
        assert b.matrix.count() == 2 * known, k
        assert Solver(b.matrix).count_orbits() == known, k
    assert dlxcover.langford(3).row_names[0] == "1@0"


@pytest.mark.parametrize("h,w,known,orbits", [(3, 20, 8, 2), (4, 15, 1472, None), (5, 12, 4040, None), (6, 10, 9356, 2339)])
def test_pentomino_boxes(h, w, known, orbits):
    p = Polyomino()
    p.add_rectangle(h, w)
    for name, picture in PENTOMINOES.items():
        p.add_piece(name, cells_of(picture))
    b = p.build()
    assert b.matrix.count() == known
    if orbits is not None:
        assert Solver(b.matrix).count_orbits() == orbits
    assert b.row_names[0].startswith("F ") and b.matrix.names[12] == "0,0"


def test_monomer_dimer_coverings_match_a028420():
    for k, known in [(1, 1), (2, 7), (3, 131), (4, 10012)]:
        p = Polyomino()
        p.add_cells([(r, c) for r in range(k) for c in range(k)])
        p.add_piece("domino", [(0, 0), (0, 1)], reflect=False, reuse=True)
        p.set_empty_cells()
        assert p.build().matrix.count() == known


def shapes(cells, rotate=True, reflect=True):
    """Every way of placing `cells` the flags allow, as sorted tuples whose
    least square is (0, 0): made here, not by the library."""
    out = set()
    for flip in ([False, True] if reflect else [False]):
        for quarter in (range(4) if rotate else [0]):
            s = [(r, -c if flip else c) for r, c in cells]
            for _ in range(quarter):
                s = [(c, -r) for r, c in s]
            s.sort()
            r0, c0 = s[0]
            out.add(tuple((r - r0, c - c0) for r, c in s))
    return sorted(out)


def tilings(board, pieces):
    """Tilings of `board` (a list of squares) by `pieces` (lists of
    shapes), each piece once: the first free square, in order, is the
    least square of the piece placed on it."""
    squares = sorted(board)
    bit = {x: 1 << i for i, x in enumerate(squares)}
    full = (1 << len(squares)) - 1
    at = []
    for r, c in squares:
        at.append([[sum(bit[(a + r, b + c)] for a, b in s) for s in piece if all((a + r, b + c) in bit for a, b in s)]
                   for piece in pieces])

    def walk(used, free_pieces):
        if used == full:
            return 1
        x = (~used & (used + 1)).bit_length() - 1
        total = 0
        for k in list(free_pieces):
            for mask in at[x][k]:
                if mask & used == 0:
                    free_pieces.remove(k)
                    total += walk(used | mask, free_pieces)
                    free_pieces.add(k)
        return total

    return walk(0, set(range(len(pieces))))


CALENDAR = [(r, c) for r in range(7) for c in range({0: 6, 1: 6, 6: 3}.get(r, 7))]
CALENDAR_PIECES = {"O": "###/###", "P": "##/##/#.", "L": "####/#...", "N": "##../.###", "U": "#.#/###",
                   "V": "#../#../###", "Y": "####/.#..", "Z": "##./.#./.##"}


@pytest.mark.parametrize("month,day", [(0, 0), (1, 13), (2, 27), (3, 4), (4, 30), (5, 17), (6, 8), (7, 21), (8, 1),
                                       (9, 29), (10, 11), (11, 24)])
def test_calendar_puzzle_matches_a_tiler(month, day):
    holes = {(month // 6, month % 6), (2 + day // 7, day % 7)}
    board = [x for x in CALENDAR if x not in holes]
    p = Polyomino()
    p.add_cells(board)
    for name, picture in CALENDAR_PIECES.items():
        p.add_piece(name, cells_of(picture))
    got = p.build().matrix.count()
    assert got == tilings(board, [shapes(cells_of(pic)) for pic in CALENDAR_PIECES.values()])
    assert got > 0  # every date of the puzzle can be made


def test_flags_against_the_tiler():
    l_tetromino = [(0, 0), (1, 0), (1, 1), (1, 2)]
    board = [(r, c) for r in range(2) for c in range(4)]
    for rotate in (False, True):
        for reflect in (False, True):
            p = Polyomino()
            p.add_cells(board)
            p.add_piece("a", l_tetromino, rotate=rotate, reflect=reflect)
            p.add_piece("b", l_tetromino, rotate=rotate, reflect=reflect)
            want = tilings(board, [shapes(l_tetromino, rotate, reflect)] * 2)
            assert p.build().matrix.count() == want, (rotate, reflect)


def fillings(side, regions, givens, diagonal):
    """Every filling of the grid, by backtracking here, as strings."""
    cells = side * side
    units = []
    for i in range(cells):
        r, c = divmod(i, side)
        units.append([j for j in range(cells) if j != i and (
            j // side == r or j % side == c or regions[j] == regions[i]
            or (diagonal and r == c and j // side == j % side)
            or (diagonal and r + c == side - 1 and j // side + j % side == side - 1))])
    grid = list(givens)
    out = []

    def walk(i):
        if i == cells:
            out.append("".join("123456789"[d - 1] for d in grid))
            return
        options = [grid[i]] if grid[i] else range(1, side + 1)
        for d in options:
            if all(grid[j] != d for j in units[i]):
                was, grid[i] = grid[i], d
                walk(i + 1)
                grid[i] = was

    walk(0)
    return sorted(out)


@pytest.mark.parametrize("seed", range(40))
def test_small_grids_match_the_filler(seed):
    import random
    rng = random.Random(seed)
    kind = seed % 3
    if kind == 0:
        s, side = Sudoku(2, 2), 4
        regions = [(i // 4 // 2) * 2 + (i % 4) // 2 for i in range(16)]
    elif kind == 1:
        text = "aaab abbb cccd cddd"
        s, side = Sudoku(2, 2, regions=text), 4
        regions = [ch for ch in text if ch != " "]
    else:
        text = "AAABB AACBB DCCCB DDCEE DDEEE"
        s, side = Sudoku(1, 5, regions=text), 5
        regions = [ch for ch in text if ch != " "]
    diagonal = rng.random() < 0.4
    s.set_diagonal(diagonal)
    givens = [rng.randint(1, side) if rng.random() < 0.25 else 0 for _ in range(side * side)]
    s.set_givens("".join(str(g) if g else "." for g in givens))
    b = s.build()
    got = sorted(s.decode(b, rows) for rows in b.matrix.solutions())
    assert got == fillings(side, regions, givens, diagonal)


def test_a_classic_sudoku_and_bad_input():
    inkala = "800000000003600000070090200050007000000045700000100030001000068008500010090000400"
    published = "812753649943682175675491283154237896369845721287169534521974368438526917796318452"
    s = Sudoku(givens=inkala)
    b = s.build()
    assert [s.decode(b, rows) for rows in b.matrix.solutions()] == [published]
    assert b.row_names[0] == "0,0=8"
    with pytest.raises(InputError, match="81 symbols"):
        s.set_givens("12")
    with pytest.raises(InputError):
        s.set_regions("a" * 81)
    with pytest.raises(InputError):
        Sudoku(6, 6)
    with pytest.raises(TypeError):
        s.set_givens(5)
    with pytest.raises(InputError, match="not a solution"):
        s.decode(b, [0, 0])
    p = Polyomino()
    with pytest.raises(InputError, match="white space"):
        p.add_piece("a b", [(0, 0)])
    with pytest.raises(InputError, match="no squares"):
        p.add_piece("a", [])
    with pytest.raises(TypeError):
        p.add_piece("a", [5])
    p.add_piece("a", [(0, 0)])
    with pytest.raises(InputError, match="used already"):
        p.add_piece("a", [(0, 0)])
    with pytest.raises(InputError):
        dlxcover.queens(-1)
    assert dlxcover.queens(0).matrix.count() == 1
