#!/usr/bin/env python3
"""Writes the generated cases of treasure_map beside this file (fixed seeds:
every run writes the same bytes).

usage: python3 gen.py

Only inputs are written: every answer is judged by checkers/treasure_map.py,
which recomputes it by its own search; nothing here is taken from a run of
the program. This script imports that search (min_pieces) only to assert
that the cases meant to have no tiling have none and that the planted ones
have one, and to write those facts into the notes.

Maps are built the way the task describes them: the map is cut into
rectangles (so a tiling exists), then other pieces are added:
- partition(): a random cut of the map into rectangles, not only guillotine
  cuts: at the first free cell in row-major order it places a random
  rectangle of free cells;
- a second, independent cut of the same map, whose pieces mix with the first
  (many tilings, of different counts);
- merges (two pieces of a cut whose union is a rectangle: fewer pieces) and
  splits (a piece cut in two: more pieces, and ties);
- random rectangles anywhere (mostly decoys).
Cases meant to have no tiling remove pieces, or use the colouring argument of
the mutilated chessboard (see mutilated()).

Coordinates follow the input format: a piece (x1, y1, x2, y2) covers the
cells x1 < x <= x2, y1 < y <= y2, i.e. 0-based rows x1..x2-1 and columns
y1..y2-1.
"""
import os
import random
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(here)), 'checkers'))
sys.path.insert(0, os.path.dirname(here))
import case_files  # noqa: E402
from treasure_map import min_pieces  # noqa: E402


# ------------------------------------------------------------ constructions
def partition(rng, n, m, maxh, maxw):
    """A random cut of the n x m map into rectangles of at most maxh x maxw
    cells."""
    used = [[False] * m for _ in range(n)]
    out = []
    for x in range(n):
        for y in range(m):
            if used[x][y]:
                continue
            w = 1
            while w < rng.randint(1, maxw) and y + w < m and not used[x][y + w]:
                w += 1
            h = 1
            hmax = rng.randint(1, maxh)
            while h < hmax and x + h < n and not any(used[x + h][y:y + w]):
                h += 1
            for i in range(x, x + h):
                for j in range(y, y + w):
                    used[i][j] = True
            out.append((x, y, x + h, y + w))
    return out


def merges(parts):
    """The unions of two pieces of a cut that are rectangles themselves."""
    out = []
    for a in parts:
        for b in parts:
            if a[0] == b[0] and a[2] == b[2] and a[3] == b[1]:
                out.append((a[0], a[1], a[2], b[3]))
            if a[1] == b[1] and a[3] == b[3] and a[2] == b[0]:
                out.append((a[0], a[1], b[2], a[3]))
    return out


def splits(rng, piece):
    """piece cut in two by a random straight cut (no pieces if 1 x 1)."""
    x1, y1, x2, y2 = piece
    if x2 - x1 > 1 and (y2 - y1 == 1 or rng.random() < 0.5):
        c = rng.randint(x1 + 1, x2 - 1)
        return [(x1, y1, c, y2), (c, y1, x2, y2)]
    if y2 - y1 > 1:
        c = rng.randint(y1 + 1, y2 - 1)
        return [(x1, y1, x2, c), (x1, c, x2, y2)]
    return []


def random_rect(rng, n, m, maxh, maxw):
    h = rng.randint(1, min(n, maxh))
    w = rng.randint(1, min(m, maxw))
    x = rng.randint(0, n - h)
    y = rng.randint(0, m - w)
    return (x, y, x + h, y + w)


def planted(rng, n, m, p, maxh, maxw, second=True, joins=None, drop=0):
    """p distinct pieces (more if the cut alone has more, fewer if the map
    has fewer rectangles): a cut of the map into rectangles of at most
    maxh x maxw cells but `drop` of its pieces (which may or may not leave a
    tiling), then pieces of a second cut (if second), merges and splits of
    the first (all of them, or `joins` of each), then random rectangles,
    shuffled. Each merge or split is a choice between tilings of different
    counts: a search without memory may take up to twice as long for each."""
    base = partition(rng, n, m, maxh, maxw)
    rng.shuffle(base)
    pieces = base[drop:]
    seen = set(base)
    extra = partition(rng, n, m, maxh, maxw) if second else []
    joined = merges(base)
    rng.shuffle(joined)
    cut = []
    for piece in rng.sample(base, len(base) // 3):
        cut += splits(rng, piece)
    if joins is not None:
        joined, cut = joined[:joins], cut[:2 * joins]
    extra += joined + cut
    rng.shuffle(extra)
    for piece in extra:
        if len(pieces) >= p:
            break
        if piece not in seen:
            seen.add(piece)
            pieces.append(piece)
    tries = 0
    while len(pieces) < p and tries < 100 * p:
        tries += 1
        piece = random_rect(rng, n, m, maxh + 1, maxw + 1)
        if piece not in seen:
            seen.add(piece)
            pieces.append(piece)
    rng.shuffle(pieces)
    return pieces


def filled_up(rng, n, m, p, pieces, seen):
    """Adds distinct random pieces of up to 8 x 8 until there are p, then
    shuffles them."""
    while len(pieces) < p:
        piece = random_rect(rng, n, m, 8, 8)
        if piece not in seen:
            seen.add(piece)
            pieces.append(piece)
    rng.shuffle(pieces)
    return pieces


def cuts(rng, size, parts):
    return [0] + sorted(rng.sample(range(1, size), parts - 1)) + [size]


def blocks(rng, n, m, a, b, span, p, unaligned):
    """The map cut by a-1 random horizontal and b-1 random vertical lines into
    a x b blocks; the pieces are every single block (so a tiling exists),
    random rectangles of up to span x span blocks, and `unaligned` random
    rectangles ignoring the lines. Many tilings, of many different counts:
    the search for the fewest is long for a search without memory."""
    xs, ys = cuts(rng, n, a), cuts(rng, m, b)
    pieces = [(xs[i], ys[j], xs[i + 1], ys[j + 1]) for i in range(a) for j in range(b)]
    seen = set(pieces)
    while len(pieces) < p - unaligned:
        i, j = rng.randrange(a), rng.randrange(b)
        piece = (xs[i], ys[j], xs[min(a, i + rng.randint(1, span))], ys[min(b, j + rng.randint(1, span))])
        if piece not in seen:
            seen.add(piece)
            pieces.append(piece)
    return filled_up(rng, n, m, p, pieces, seen)


def mutilated(rng, n, m, a, b, span, p):
    """No tiling, by the colouring argument of the mutilated chessboard: the
    map is cut into a x b blocks (a, b even) coloured like a chessboard; the
    block in one corner and one other block of the same colour are pieces
    of their own and lie in no other piece; every other piece is a block
    rectangle of even area (as many blocks of each colour), all dominoes of
    blocks among them. The two single blocks are forced, and what is left
    has two more blocks of one colour than of the other: no tiling, but
    long searches before a search without memory finds out. Random pieces
    ignoring the block lines fill up to p pieces."""
    xs, ys = cuts(rng, n, a), cuts(rng, m, b)
    lone = [(0, 0), (a - 1, b - 1) if (a + b) % 2 == 0 else (a - 1, b - 2)]

    def rect(i1, j1, i2, j2):
        return (xs[i1], ys[j1], xs[i2], ys[j2])

    def holds_lone(i1, j1, i2, j2):
        return any(i1 <= i < i2 and j1 <= j < j2 for i, j in lone)

    pieces = [rect(i, j, i + 1, j + 1) for i, j in lone]
    for i in range(a):
        for j in range(b):
            for di, dj in ((1, 2), (2, 1)):
                if i + di <= a and j + dj <= b and not holds_lone(i, j, i + di, j + dj):
                    pieces.append(rect(i, j, i + di, j + dj))
    seen = set(pieces)
    tries = 0
    while len(pieces) < p - p // 10 and tries < 100000:
        tries += 1
        i, j = rng.randrange(a), rng.randrange(b)
        i2, j2 = min(a, i + rng.randint(1, span)), min(b, j + rng.randint(1, span))
        if (i2 - i) * (j2 - j) % 2 or holds_lone(i, j, i2, j2):
            continue
        piece = rect(i, j, i2, j2)
        if piece not in seen:
            seen.add(piece)
            pieces.append(piece)
    return filled_up(rng, n, m, p, pieces, seen)


# ------------------------------------------------------------ output
def case_text(n, m, pieces):
    return '%d %d %d\n' % (n, m, len(pieces)) + ''.join('%d %d %d %d\n' % p for p in pieces)


def cases_text(cases):
    return '%d\n' % len(cases) + ''.join(case_text(*c) for c in cases)


def write(name, text):
    case_files.write(os.path.join(here, name), text)


def answers(cases):
    return [min_pieces(*c) for c in cases]


def bad(name, data, note):
    case_files.reject(here, name, data, note)


# ------------------------------------------------------------ the files
def gen_edge():
    full30 = [(0, 0, 30, 30)]
    strip = [(0, y, 1, y + 1) for y in range(7)] + [(0, 0, 1, 3), (0, 3, 1, 7), (0, 0, 1, 4), (0, 4, 1, 7)]
    pinwheel = [(0, 0, 1, 2), (0, 2, 2, 3), (2, 1, 3, 3), (1, 0, 3, 1), (1, 1, 2, 2),
                (0, 0, 2, 2), (1, 1, 3, 3)]
    greedy_trap = [(0, 0, 3, 3), (0, 0, 2, 4), (2, 0, 4, 4), (0, 3, 3, 4), (3, 0, 4, 3)]
    # 30 x 30 in exactly 500 pieces: rows 1..20 in 300 horizontal dominoes,
    # rows 21..30 in 150 vertical ones, 50 of which are cut into two cells
    most = [(x, y, x + 1, y + 2) for x in range(20) for y in range(0, 30, 2)]
    vertical = [(x, y, x + 2, y + 1) for x in range(20, 30, 2) for y in range(30)]
    most += vertical[50:]
    for x, y, _, _ in vertical[:50]:
        most += [(x, y, x + 1, y + 1), (x + 1, y, x + 2, y + 1)]
    assert len(most) == 500
    cases = [
        (1, 1, []),                                   # 1 no pieces
        (1, 1, [(0, 0, 1, 1)]),                       # 2 one cell, one piece
        (1, 1, [(0, 0, 1, 1)] * 3),                   # 3 the same piece three times
        (30, 30, []),                                 # 4 big map, no pieces
        (30, 30, full30),                             # 5 one piece is the map
        (30, 30, full30 + [(0, 0, 15, 30), (15, 0, 30, 30)] + full30),  # 6
        (1, 7, strip),                                # 7 a 1 x 7 strip
        (7, 1, [(y1, 0, y2, 1) for _, y1, _, y2 in strip]),  # 8 the same, 7 x 1
        (3, 3, pinwheel),                             # 9 pinwheel
        (3, 3, pinwheel[:4]),                         # 10 pinwheel without centre
        (4, 4, greedy_trap),                          # 11 biggest piece is a trap
        (2, 2, [(0, 0, 1, 2), (0, 0, 2, 1), (1, 0, 2, 2), (0, 1, 2, 2)]),  # 12 tie
        (2, 3, [(0, 0, 2, 2), (0, 1, 2, 3), (0, 0, 1, 3), (1, 1, 2, 3)]),  # 13 overlaps
        (30, 30, most),                               # 14 500 pieces, all needed
        (5, 5, [(0, 0, 5, 5)] + [(x, y, x + 1, y + 1) for x in range(5) for y in range(5)]),  # 15
        (30, 1, [(0, 0, 10, 1), (10, 0, 30, 1), (0, 0, 29, 1), (29, 0, 30, 1)]),  # 16
        (2, 2, [(0, 0, 1, 1), (0, 1, 1, 2), (1, 0, 2, 1)]),  # 17 one cell bare
    ]
    want = [-1, 1, 1, -1, 1, 1, 2, 2, 5, -1, 2, 2, -1, 500, 1, 2, -1]
    got = answers(cases)
    assert got == want, (got, want)
    write('edge.in', cases_text(cases))
    write('edge.note', """Edge cases, in order (answers by inspection; the checker recomputes them):
1 1 x 1 map, no pieces: -1
2 1 x 1 map, the one piece: 1
3 1 x 1 map, the same piece three times: 1
4 30 x 30 map, no pieces: -1
5 30 x 30 map, one piece that is the whole map: 1
6 the whole map twice, and its two halves: 1
7 1 x 7 strip (N = 1): seven single cells, 1..3 + 4..7 and 1..4 + 5..7: 2
  (a tie of two pairs)
8 the same strip standing, 7 x 1 (M = 1): 2
9 3 x 3 pinwheel (four 1 x 2 pieces around the centre, not a guillotine
  cut) plus two 2 x 2 pieces that fit with nothing: 5
10 the pinwheel without its centre: -1
11 4 x 4: the biggest piece (3 x 3) fits in no tiling; two 2 x 4 halves: 2
12 2 x 2 by two horizontal or two vertical dominoes: 2 (a tie)
13 2 x 3: cell (2,1) lies only in the left 2 x 2 piece, which overlaps every
   other piece: -1
14 30 x 30 in exactly P = 500 pieces, all of them needed (300 horizontal
   dominoes, 100 vertical ones and 100 single cells): 500, the deepest search
15 5 x 5: the whole map, or its 25 cells: 1
16 30 x 1 column: 1..10 + 11..30, or 1..29 + 30: 2
17 2 x 2 with three single cells: cell (2,2) is in no piece: -1
""")


def gen_small():
    rng = random.Random(320901)
    cases = []
    for k in range(240):
        n, m = rng.randint(1, 7), rng.randint(1, 7)
        kind = k % 4
        if kind == 0:      # pure random pieces, few solvable
            p = rng.randint(0, 14)
            pieces = [random_rect(rng, n, m, n, m) for _ in range(p)]
        elif kind == 1:    # a cut plus extras
            pieces = planted(rng, n, m, rng.randint(1, 20), 3, 3)
        elif kind == 2:    # a cut with a piece removed: sometimes still tiled
            pieces = planted(rng, n, m, rng.randint(1, 20), 3, 3, drop=1)
        else:              # small pieces, single cells often
            pieces = planted(rng, n, m, rng.randint(1, 30), 2, 2)
        cases.append((n, m, pieces))
    got = answers(cases)
    solvable = sum(a > 0 for a in got)
    assert all(a > 0 for k, a in enumerate(got) if k % 4 in (1, 3))
    write('small.in', cases_text(cases))
    write('small.note', """Written by gen.py (fixed seed): 240 random maps of 1..7 x 1..7 cells (1 x 1,
1 x M and N x 1 maps among them), P from 0 to 30. Cases 1, 5, 9, ... are
random pieces only (P = 0 included); 2, 6, ... a random cut of the map into
rectangles plus a second cut, merges, splits and random pieces (always
tiled, often several tilings of the same count); 3, 7, ... the same with one
piece of the cut removed (sometimes still tiled); 4, 8, ... pieces of at
most 2 x 2 cells (many single cells). %d of the 240 have a tiling.
The checker recomputes every answer by its own search.
""" % solvable)


def gen_medium():
    rng = random.Random(320902)
    cases = []
    for k in range(30):
        if k % 3 == 0:     # two cuts mixed: many tilings of different counts
            n, m = rng.randint(8, 12), rng.randint(8, 12)
            pieces = planted(rng, n, m, rng.randint(80, 150), 4, 4, second=True)
        else:              # one cut, a few merges and splits; or a piece dropped
            n, m = rng.randint(8, 20), rng.randint(8, 20)
            pieces = planted(rng, n, m, rng.randint(30, 200), 5, 5, second=False,
                             joins=rng.randint(0, 6), drop=k % 3 == 2)
        cases.append((n, m, pieces))
    got = answers(cases)
    assert all(a > 0 for k, a in enumerate(got) if k % 3 != 2)
    write('medium.in', cases_text(cases))
    write('medium.note', """Written by gen.py (fixed seed): 30 maps of 8..20 x 8..20 cells with 30..200
pieces. Cases 1, 4, 7, ...: maps of at most 12 x 12, two random cuts into
rectangles of at most 4 x 4, all merges and splits of the first, random
pieces (many tilings of different counts). Cases 2, 5, ...: one cut into
rectangles of at most 5 x 5, up to 6 merges and 6 splits, random pieces.
Cases 3, 6, ...: the same with one piece of the cut removed. %d of the 30
have a tiling.
The checker recomputes every answer by its own search.
""" % sum(a > 0 for a in got))


def gen_big():
    rng = random.Random(320903)
    cases = [
        (30, 30, planted(rng, 30, 30, 300, 6, 6, second=False, joins=0)),
        (30, 30, planted(rng, 30, 30, 300, 4, 8, second=False, joins=12)),
        (30, 30, planted(rng, 30, 30, 300, 6, 6, second=False, joins=0, drop=1)),
        (30, 30, blocks(rng, 30, 30, 7, 8, 4, 300, 50)),
        (30, 30, mutilated(rng, 30, 30, 4, 6, 3, 300)),
        (30, 30, mutilated(rng, 30, 30, 6, 6, 3, 300)),
    ]
    got = answers(cases)
    assert got[0] > 0 and got[1] > 0 and got[3] > 0 and got[4] == got[5] == -1, got
    write('big.in', cases_text(cases))
    write('big.note', """Written by gen.py (fixed seed): six 30 x 30 maps with P = 300 pieces each.
1 a random cut into rectangles of at most 6 x 6 and random pieces: tiled
  (answer %d)
2 a cut into rectangles of at most 4 x 8, 12 merges and 12 splits of its
  pieces (choices between tilings of different counts), random pieces:
  tiled (answer %d)
3 as 1 with one piece of the cut removed (answer %d)
4 the map cut by straight lines into 7 x 8 blocks; every block is a piece,
  plus rectangles of up to 4 x 4 blocks and 50 random pieces: many tilings
  of many counts (answer %d)
5 4 x 6 blocks coloured like a chessboard; two blocks of the same colour are
  pieces of their own, every other block-aligned piece has even area, plus
  random pieces: no tiling by the colouring argument (answer -1)
6 the same with 6 x 6 blocks (answer -1)
The reference program answers the whole file in well under a second.
The checker recomputes every answer by its own search.
""" % tuple(got[:4]))


def gen_layout():
    # valid input laid out freely: numbers separated by any white space
    text = ('2\r\n 3\t3  2\r\n0 0 3 3\r\n\t0 0\n1 1\n'   # case 1: a piece split over lines
            '2 4 4 0 0 2 2 0 2 2 4\n'                    # case 2 on one line
            '0 0 1 1 1 0 2 4')                           # no final line end
    write('layout.in', text)
    write('layout.note', """Valid input laid out freely (scanf-style reading: any white space between
numbers): CRLF line ends, tabs and leading blanks, a piece split over two
lines, a whole case on one line, no line end after the last number.
Case 1: 3 x 3, the whole map or a single cell: 1. Case 2: 2 x 4, the halves
(0 0 2 2) and (0 2 2 4): 2 (the single cell (0 0 1 1) and the piece
(1 0 2 4) leave the cells x = 1, y = 2..4 bare).
""")
    assert answers([(3, 3, [(0, 0, 3, 3), (0, 0, 1, 1)]),
                    (2, 4, [(0, 0, 2, 2), (0, 2, 2, 4), (0, 0, 1, 1), (1, 0, 2, 4)])]) == [1, 2]


def gen_zero():
    write('zero_cases.in', '0\n')
    write('zero_cases.expected', '')
    write('zero_cases.note', 'T = 0: no cases, so no output (and exit 0).\n')


def gen_bad():
    ok = b'1\n2 2 1\n0 0 2 2\n'
    bad('bad_empty', b'', 'empty input: T is missing')
    bad('bad_letter', b'1\n2 2 1\n0 0 x 2\n', "an 'x' where a number belongs")
    bad('bad_decimal', b'1\n2 2 1\n0 0 2.0 2\n', "a number written 2.0 (not an integer)")
    bad('bad_truncated_piece', b'1\n2 2 1\n0 0 2\n', 'the last piece has three numbers, then the input ends')
    bad('bad_missing_piece', b'1\n2 2 2\n0 0 2 2\n', 'P = 2 but only one piece, then the input ends')
    bad('bad_missing_case', ok.replace(b'1\n', b'2\n', 1), 'T = 2 but only one case (its answer may be printed first)')
    bad('bad_truncated_header', b'1\n2 2\n', 'the case header has N and M but no P')
    bad('bad_after_good', ok.replace(b'1\n', b'2\n', 1) + b'3 3 1\n0 0 3 4\n',
        'a good case, then a piece with y2 = 4 > M = 3 (the first answer may be printed)')
    bad('bad_x2_outside', b'1\n3 4 1\n0 0 4 4\n', 'x2 = 4 > N = 3')
    bad('bad_y2_outside', b'1\n4 3 1\n0 0 4 4\n', 'y2 = 4 > M = 3')
    bad('bad_negative_x1', b'1\n3 3 1\n-1 0 3 3\n', 'x1 = -1')
    bad('bad_negative_y1', b'1\n3 3 1\n0 -1 3 3\n', 'y1 = -1')
    bad('bad_x_empty', b'1\n3 3 2\n0 0 3 3\n2 0 2 3\n', 'x1 = x2 (a piece of no cell)')
    bad('bad_y_reversed', b'1\n3 3 2\n0 0 3 3\n0 3 3 0\n', 'y1 > y2')
    bad('bad_n_zero', b'1\n0 3 0\n', 'N = 0')
    bad('bad_m_zero', b'1\n3 0 0\n', 'M = 0')
    bad('bad_n_31', b'1\n31 30 1\n0 0 31 30\n', 'N = 31 (maps are at most 30 x 30)')
    bad('bad_m_31', b'1\n30 31 1\n0 0 30 31\n', 'M = 31')
    bad('bad_n_overflow', b'1\n4294967297 2 1\n0 0 1 2\n',
        'N = 4294967297 = 2^32 + 1 (1 if wrapped to 32 bits): outside 1..30')
    bad('bad_p_501', b'1\n1 1 501\n' + b'0 0 1 1\n' * 501, 'P = 501 (at most 500), with 501 pieces given')
    bad('bad_p_negative', b'1\n2 2 -1\n', 'P = -1')
    bad('bad_t_negative', b'-1\n2 2 1\n0 0 2 2\n', 'T = -1')


if __name__ == '__main__':
    gen_edge()
    gen_small()
    gen_medium()
    gen_big()
    gen_layout()
    gen_zero()
    gen_bad()
