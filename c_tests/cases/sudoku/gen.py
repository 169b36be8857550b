#!/usr/bin/env python3
"""Generates the edge-case inputs for sudoku, sudoku_x, sudoku_grid, sudoku16.

Run from anywhere: python3 c_tests/cases/sudoku/gen.py (deterministic: fixed
random seed). Every answer is judged by the checkers, not by this script; it
only asserts that the grids it builds are valid and that the cases meant to
have no solution really have none (complete() of checkers/sudoku_common.py,
an exhaustive search, imported by path).
"""
import os, random, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
rng = random.Random(20240611)


def pattern9():
    return [(r * 3 + r // 3 + c) % 9 + 1 for r in range(9) for c in range(9)]


def line(g):
    return ''.join(str(v) if v else '.' for v in g)


sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(ROOT), 'checkers'))
from sudoku_common import complete  # noqa: E402
sys.path.insert(0, ROOT)
import case_files  # noqa: E402


def solve(p, n=9, bs=3, diag=False, randomize=False):
    return complete(p, n, bs, diag, rng if randomize else None)


def remove(g, keep):
    idx = list(range(len(g)))
    rng.shuffle(idx)
    p = [0] * len(g)
    for i in idx[:keep]:
        p[i] = g[i]
    return p


write = case_files.write


def top1465_first():
    for l in open(os.path.join(ROOT, 'sudoku', 'top1465.in')):
        l = l.strip()
        if l and not l.startswith('#'):
            return [0 if ch == '.' else int(ch) for ch in l]


# ---------------------------------------------------------------- sudoku
def gen_sudoku():
    d = ROOT + '/sudoku'
    pat = pattern9()
    t1 = top1465_first()
    t1sol = solve(t1)
    # a clue that no clue of its row/column/box contradicts, but that differs
    # from the (unique) solution: the puzzle then has no completion
    wrong = None
    for i in range(81):
        if t1[i]:
            continue
        r, c = divmod(i, 9)
        seen = set()
        for j in range(81):
            rr, cc = divmod(j, 9)
            if t1[j] and (rr == r or cc == c or (rr // 3, cc // 3) == (r // 3, c // 3)):
                seen.add(t1[j])
        for v in range(1, 10):
            if v not in seen and v != t1sol[i]:
                wrong = list(t1)
                wrong[i] = v
                break
        if wrong:
            break
    assert solve(wrong) is None
    mixed = ''.join('0' if (ch == '.' and k % 2) else ch for k, ch in enumerate(line(t1)))
    clash_row = [0] * 81; clash_row[0] = 5; clash_row[8] = 5
    clash_col = [0] * 81; clash_col[0] = 7; clash_col[72] = 7
    clash_box = [0] * 81; clash_box[0] = 3; clash_box[10] = 3
    nocand = [0] * 81
    for c in range(1, 9):
        nocand[c] = c          # row 1: 1..8 in columns 2..9
    nocand[4 * 9] = 9          # column 1, row 5: 9 -> cell (1,1) has no digit left
    almost = list(pat); almost[40] = 0; almost[80] = 0
    text = ['# edge cases for sudoku: see edge.note', '',
            line(pat),
            line(almost),
            '.' * 81,
            '0' * 81,
            mixed,
            '   ' + line(t1) + '\t',
            line(clash_row),
            line(clash_col),
            line(clash_box),
            line(nocand),
            line(wrong),
            '# the next line is a comment, not a puzzle',
            '#' + '1' * 80,
            'end', '']
    write(d + '/edge.in', '\n'.join(text))
    write(d + '/edge.note', """Edge cases, in order:
1 a complete valid grid (pattern (3r + r/3 + c) mod 9 + 1): output = input
2 the same with two cells blank
3 empty grid written with '.', any valid grid is right
4 empty grid written with '0'
5 top1465 puzzle 1 with '0' and '.' blanks mixed
6 top1465 puzzle 1 with blanks and a tab around it
7 two 5s in row 1: no solution (clue clash)
8 two 7s in column 1: no solution (clue clash)
9 two 3s in box 1: no solution (clue clash)
10 row 1 holds 1..8 in columns 2..9 and column 1 has a 9: cell (1,1) has no
   candidate, no solution
11 top1465 puzzle 1 plus one clue that clashes with no clue of its row, column
   or box but differs from the puzzle's unique solution: no solution
The checker accepts "No solution" only after proving it by its own search.
""")
    # CRLF, no "end", no final newline: ends at end of file
    write(d + '/no_end_crlf.in', line(t1) + '\r\n' + '#c\r\n' + line(almost) + '\r\n' + line(t1))
    # lines after "end" are not read
    write(d + '/after_end.in', line(t1) + '\nend\n' + line(pat) + '\nnot a puzzle\n')
    write(d + '/only_end.in', 'end\n')
    write(d + '/empty.in', '')
    # POJ 3074 sample input (two puzzles)
    write(d + '/poj3074_sample.in',
          '.2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.\n'
          '......52..8.4......3...9...5.1...6..2..7........3.....6...1..........7.4.......3.\n'
          'end\n')


# ---------------------------------------------------------------- sudoku_x
def xvalid(g):
    for k in range(9):
        for unit in ([g[k * 9 + j] for j in range(9)], [g[j * 9 + k] for j in range(9)],
                     [g[((k // 3) * 3 + j // 3) * 9 + (k % 3) * 3 + j % 3] for j in range(9)]):
            if sorted(unit) != list(range(1, 10)):
                return False
    return (sorted(g[i * 10] for i in range(9)) == list(range(1, 10)) and
            sorted(g[i * 9 + 8 - i] for i in range(9)) == list(range(1, 10)))


def gen_sudoku_x():
    d = ROOT + '/sudoku_x'
    grids = []
    for _ in range(6):
        g = solve([0] * 81, diag=True, randomize=True)
        assert g and xvalid(g)
        grids.append(g)
    lines = ['# X-sudoku puzzles made from random valid X-sudoku grids with cells removed']
    for k, g in enumerate(grids):
        for keep in (30, 24, 18):
            lines.append(line(remove(g, keep)))
    lines += ['end', '']
    write(d + '/random.in', '\n'.join(lines))
    write(d + '/random.note', 'Each puzzle keeps 30, 24 or 18 cells of a valid X-sudoku grid built by a\n'
          'randomised backtracking search (so each has at least one solution); the\n'
          'checker validates the answer: rows, columns, boxes, both diagonals, clues.\n')
    pat = pattern9()
    assert not xvalid(pat)
    diag_clash = [0] * 81; diag_clash[0] = 5; diag_clash[40] = 5
    anti_clash = [0] * 81; anti_clash[8] = 2; anti_clash[72] = 2
    t1 = top1465_first()
    t1sol = solve(t1)
    t1x = solve(t1, diag=True)
    full = list(grids[0])
    almost = list(grids[1]); almost[0] = 0; almost[40] = 0; almost[80] = 0; almost[8] = 0
    text = ['# edge cases for sudoku_x: see edge.note',
            line(full),
            line(almost),
            '.' * 81,
            '0' * 81,
            line(pat),
            line(diag_clash),
            line(anti_clash),
            line(t1),
            'end', '']
    write(d + '/edge.in', '\n'.join(text))
    write(d + '/edge.note', """Edge cases, in order:
1 a complete valid X-sudoku grid: output = input
2 another with four diagonal cells blank
3 empty grid ('.'), any valid X-sudoku grid is right
4 empty grid ('0')
5 a complete grid valid as ordinary sudoku whose main diagonal repeats digits
  (pattern (3r + r/3 + c) mod 9 + 1): no solution
6 two 5s on the main diagonal, in different rows, columns and boxes: no solution
7 two 2s on the anti-diagonal, likewise: no solution
8 top1465 puzzle 1 read as X-sudoku: its only ordinary solution %s
The checker accepts "No solution" only after proving it by its own search.
""" % ('breaks a diagonal, so no solution' if t1x is None else 'is also an X-sudoku solution'))
    print('top1465#1 as X:', 'unsolvable' if t1x is None else 'solvable', 'plain sol diag ok:', xvalid(t1sol))


# ---------------------------------------------------------------- sudoku_grid
def grid_text(g, sep=' ', end=''):
    return '\n'.join(sep.join(str(v) for v in g[r * 9:r * 9 + 9]) + end for r in range(9)) + '\n'


def gen_sudoku_grid():
    d = ROOT + '/sudoku_grid'
    seed004 = ("9,2,0,0,0,0,0,0,0,\n5,0,0,8,7,0,0,0,0,\n0,3,8,0,9,1,0,0,0,\n"
               "0,5,2,9,3,0,1,6,0,\n0,9,0,0,0,0,0,3,0,\n0,7,3,0,6,4,9,8,0,\n"
               "0,0,0,4,1,0,2,5,0,\n0,0,0,0,5,3,0,0,1,\n0,0,0,0,0,0,0,7,3\n")
    write(d + '/seed004_commas.in', seed004)
    inkala = [int(ch) for ch in
              '800000000003600000070090200050007000000045700000100030001000068008500010090000400']
    write(d + '/inkala.in', grid_text(inkala))
    write(d + '/empty_grid.in', grid_text([0] * 81))
    write(d + '/solved.in', grid_text(pattern9()))
    t1 = top1465_first()
    write(d + '/top1465_first.in', grid_text(t1, sep='  '))
    clash = [0] * 81; clash[0] = 4; clash[80] = 4; clash[4] = 4
    write(d + '/clash_row.in', grid_text(clash))
    nocand = [0] * 81
    for c in range(1, 9):
        nocand[c] = c
    nocand[36] = 9
    write(d + '/no_candidate.in', grid_text(nocand, end=' ').replace('\n', '\r\n'))
    write(d + '/README.note', """seed004_commas: the example grid of seed 004 exactly as printed there (commas)
inkala: A. Inkala's published "world's hardest sudoku" (the Finnish mathematician
  of the story in seed 002 Ex.2; the grid is not in the seed), one solution
empty_grid: all zeros, any valid grid is right
solved: a complete valid grid, output = input
top1465_first: first puzzle of magictour top1465, two spaces between numbers
clash_row: two 4s in row 1 -> No solution
no_candidate: row 1 holds 1..8 in columns 2..9, column 1 has a 9 in row 5:
  cell (1,1) has no candidate -> No solution; CRLF line ends, trailing blanks
The checker validates every grid and proves "No solution" by its own search.
""")


# ---------------------------------------------------------------- sudoku16
L16 = 'ABCDEFGHIJKLMNOP'


def grid16_text(g):
    return '\n'.join(''.join(L16[v - 1] if v else '-' for v in g[r * 16:r * 16 + 16]) for r in range(16)) + '\n'


def shuffled16():
    base = [[(r * 4 + r // 4 + c) % 16 + 1 for c in range(16)] for r in range(16)]
    digits = list(range(1, 17)); rng.shuffle(digits)
    bands = list(range(4)); rng.shuffle(bands)
    stacks = list(range(4)); rng.shuffle(stacks)
    rows = [b * 4 + x for b in bands for x in rng.sample(range(4), 4)]
    cols = [s * 4 + x for s in stacks for x in rng.sample(range(4), 4)]
    g = [digits[base[rows[r]][cols[c]] - 1] for r in range(16) for c in range(16)]
    if rng.random() < 0.5:
        g = [g[c * 16 + r] for r in range(16) for c in range(16)]
    return g


def valid16(g):
    for k in range(16):
        for unit in ([g[k * 16 + j] for j in range(16)], [g[j * 16 + k] for j in range(16)],
                     [g[((k // 4) * 4 + j // 4) * 16 + (k % 4) * 4 + j % 4] for j in range(16)]):
            if sorted(unit) != list(range(1, 17)):
                return False
    return True


POJ3076 = """--A----C-----O-I
-J--A-B-P-CGF-H-
--D--F-I-E----P-
-G-EL-H----M-J--
----E----C--G---
-I--K-GA-B---E-J
D-GP--J-F----A--
-E---C-B--DP--O-
E--F-M--D--L-K-A
-C--------O-I-L-
H-P-C--F-A--B---
---G-OD---J----H
K---J----H-A-P-L
--B--P--E--K--A-
-H--B--K--FI-C--
--F---C--D--H-N-
"""


def gen_sudoku16():
    d = ROOT + '/sudoku16'
    g1, g2, g3 = shuffled16(), shuffled16(), shuffled16()
    assert valid16(g1) and valid16(g2) and valid16(g3)
    p1 = remove(g1, 130)
    p2 = remove(g2, 110)
    write(d + '/shuffled.in', grid16_text(p1) + grid16_text(p2))
    poj = [0 if ch == '-' else L16.index(ch) + 1 for ch in ''.join(POJ3076.split())]
    s = solve(poj, n=16, bs=4)
    print('POJ 3076 sample solvable:', s is not None)
    if s is not None:
        write(d + '/poj3076_sample.in', POJ3076)
    clash = [0] * 256; clash[0] = 1; clash[15] = 1
    almost = list(g3)
    for i in rng.sample(range(256), 20):
        almost[i] = 0
    text = grid16_text(g3) + grid16_text(almost) + grid16_text([0] * 256) + grid16_text(clash)
    # whitespace between words is free: the last puzzle again, all on one line
    text += ' '.join(grid16_text(p1).split()) + '\n'
    write(d + '/edge.in', text)
    write(d + '/edge.note', """Edge cases, in order:
1 a complete valid grid (the pattern grid (4r + r/4 + c) mod 16 with letters,
  rows and columns shuffled within bands/stacks, bands and stacks shuffled,
  maybe transposed): output = input
2 the same grid with 20 cells blank
3 empty grid: any valid grid is right
4 two As in row 1: no solution (clue clash)
5 the first puzzle of shuffled.in with its 16 words on one line
shuffled.in: two puzzles keeping 130 and 110 cells of such grids.
The checker validates every grid and accepts "No solution" only after its own
search proves it.
""")


# ---------------------------------------------------------------- rejections
def bad(prog, name, data, note):
    case_files.reject(os.path.join(ROOT, prog), name, data, note)


def gen_rejections():
    t1 = line(top1465_first()).encode()
    for prog in ('sudoku', 'sudoku_x'):
        bad(prog, 'bad_char', t1[:40] + b'x' + t1[41:] + b'\nend\n', "an 'x' among the 81 cells")
        bad(prog, 'bad_short', t1[:80] + b'\nend\n', 'a line of 80 cells')
        bad(prog, 'bad_nul', t1 + b'\x00\nend\n', 'a NUL byte after the 81 cells (the line is 82 bytes)')
    bad('sudoku', 'bad_long', b'.' * 300 + b'\nend\n', 'a line of 300 characters (longer than the 255-byte line buffer)')
    bad('sudoku', 'bad_after_good', t1 + b'\n' + t1[:81 - 5] + b'\nend\n',
        'a good puzzle, then a line of 76 cells (the first answer may be printed)')
    grid = grid_text(pattern9()).encode()
    nums = grid.split()
    bad('sudoku_grid', 'bad_short', b' '.join(nums[:80]) + b'\n', '80 numbers instead of 81')
    bad('sudoku_grid', 'bad_extra', grid + b'5\n', 'an 82nd number after the grid')
    bad('sudoku_grid', 'bad_ten', b' '.join(nums[:80] + [b'10']) + b'\n', 'a number 10')
    bad('sudoku_grid', 'bad_negative', b' '.join(nums[:80] + [b'-1']) + b'\n', "a negative number (the original reads '-' as a sign)")
    bad('sudoku_grid', 'bad_char', b' '.join(nums[:40] + [b'x'] + nums[41:]) + b'\n', "an 'x' instead of a number")
    bad('sudoku_grid', 'bad_nul', b' '.join(nums[:40] + [b'\x00'] + nums[41:]) + b'\n', 'a NUL byte instead of a number')
    g16 = grid16_text(shuffled16()).encode()
    rows16 = g16.split(b'\n')[:16]
    bad('sudoku16', 'bad_truncated', b'\n'.join(rows16[:15]) + b'\n', 'a puzzle of 15 rows, then end of input')
    bad('sudoku16', 'bad_letter', b'\n'.join([b'Q' + rows16[0][1:]] + rows16[1:]) + b'\n', "a letter 'Q' (beyond 'P')")
    bad('sudoku16', 'bad_lowercase', b'\n'.join([rows16[0][:5] + rows16[0][5:6].lower() + rows16[0][6:]] + rows16[1:]) + b'\n', 'a lower-case letter')
    bad('sudoku16', 'bad_width', b'\n'.join([rows16[0] + b'-'] + rows16[1:]) + b'\n', 'a row of 17 characters')
    bad('sudoku16', 'bad_nul', b'\n'.join([rows16[0][:7] + b'\x00' + rows16[0][8:]] + rows16[1:]) + b'\n', 'a NUL byte in a row')


if __name__ == '__main__':
    gen_sudoku()
    gen_sudoku_x()
    gen_sudoku_grid()
    gen_sudoku16()
    gen_rejections()
