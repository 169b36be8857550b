#!/usr/bin/env python3
"""Checker for c_tests/sudoku_grid: validates the answer against the puzzle.

usage: sudoku_grid.py CASE.in ACTUAL_OUTPUT

The input holds 81 numbers 0..9 (0 = empty) separated by blanks, line ends
or commas. The output must be either
- 9 lines of 9 digits separated by single spaces (a space after the last
  digit is allowed: the original prints one), forming a complete grid where
  every row, column and 3x3 box holds 1..9 once and every clue is kept; or
- the line "No solution", accepted only when this checker proves by its own
  exhaustive search (a backtracking search written here in Python, nothing
  shared with the program or the library) that the puzzle has no completion.
"""
import re
import sys


def valid_complete(g):
    """Why g (81 ints) is not a valid complete grid, or None."""
    if any(v < 1 or v > 9 for v in g):
        return 'a cell is not 1..9'
    for k in range(9):
        row = [g[k * 9 + j] for j in range(9)]
        col = [g[j * 9 + k] for j in range(9)]
        bx = [g[((k // 3) * 3 + j // 3) * 9 + (k % 3) * 3 + j % 3] for j in range(9)]
        for name, unit in (('row', row), ('column', col), ('box', bx)):
            if sorted(unit) != list(range(1, 10)):
                return '%s %d is %s' % (name, k + 1, ''.join(map(str, unit)))
    return None


def complete(puzzle, n, bs, diag=False, rng=None):
    """Exhaustive search for one completion of puzzle (list of n*n ints, 0 =
    empty). Each step takes the empty cell with the fewest candidate digits or
    the (unit, digit) pair with the fewest candidate cells, whichever is
    smaller, and tries every option. Returns the grid, or None when there is
    no completion (clues clashing included)."""
    units = []
    for k in range(n):
        units.append([k * n + j for j in range(n)])
        units.append([j * n + k for j in range(n)])
        br, bc = (k // bs) * bs, (k % bs) * bs
        units.append([(br + j // bs) * n + bc + j % bs for j in range(n)])
    if diag:
        units.append([k * n + k for k in range(n)])
        units.append([k * n + n - 1 - k for k in range(n)])
    of_cell = [[] for _ in range(n * n)]
    for u, cells in enumerate(units):
        for i in cells:
            of_cell[i].append(u)
    full = (1 << n) - 1
    used = [0] * len(units)
    g = list(puzzle)
    for i, v in enumerate(g):
        if v:
            bit = 1 << (v - 1)
            for u in of_cell[i]:
                if used[u] & bit:
                    return None
                used[u] |= bit

    def place(i, bit):
        g[i] = bit.bit_length()
        for u in of_cell[i]:
            used[u] |= bit

    def unplace(i, bit):
        g[i] = 0
        for u in of_cell[i]:
            used[u] ^= bit

    def search():
        cand = {}
        for i in range(n * n):
            if not g[i]:
                m = full
                for u in of_cell[i]:
                    m &= ~used[u]
                cand[i] = m
        if not cand:
            return True
        best_n, best = n + 1, None
        for i, m in cand.items():
            k = bin(m).count('1')
            if k < best_n:
                best_n, best = k, [(i, 1 << d) for d in range(n) if m >> d & 1]
                if k <= 1:
                    break
        if best_n > 1:
            for u, cells in enumerate(units):
                free = full & ~used[u]
                while free:
                    bit = free & -free
                    free ^= bit
                    opts = [(i, bit) for i in cells if not g[i] and cand[i] & bit]
                    if len(opts) < best_n:
                        best_n, best = len(opts), opts
                        if best_n <= 1:
                            break
                if best_n <= 1:
                    break
        if best_n == 0:
            return False
        if rng is not None:
            rng.shuffle(best)
        for i, bit in best:
            place(i, bit)
            if search():
                return True
            unplace(i, bit)
        return False

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 4 * n * n + 100))
    return g if search() else None


def main():
    if len(sys.argv) != 3:
        sys.exit('usage: sudoku_grid.py CASE.in ACTUAL_OUTPUT')
    words = [w for w in re.split(r'[\s,]+', open(sys.argv[1]).read()) if w]
    if len(words) != 81 or any(w not in '0123456789' or len(w) != 1 for w in words):
        sys.exit('input is not 81 numbers 0..9')
    p = [int(w) for w in words]
    with open(sys.argv[2]) as f:
        out = [l.rstrip('\r\n') for l in f.read().split('\n')]
    while out and out[-1] == '':
        out.pop()
    if out == ['No solution']:
        if complete(p, 9, 3) is not None:
            print('program says no solution, but the puzzle has one')
            return 1
        return 0
    if len(out) != 9:
        print('expected 9 lines, got %d' % len(out))
        return 1
    g = []
    for r, line in enumerate(out, 1):
        if line.endswith(' '):
            line = line[:-1]
        cells = line.split(' ')
        if len(cells) != 9 or any(len(x) != 1 or not x.isdigit() for x in cells):
            print('line %d: %r is not 9 digits separated by single spaces' % (r, line))
            return 1
        g += [int(x) for x in cells]
    why = valid_complete(g)
    if why:
        print('invalid grid: %s' % why)
        return 1
    for i, v in enumerate(p):
        if v and g[i] != v:
            print('clue %d at row %d column %d changed to %d' % (v, i // 9 + 1, i % 9 + 1, g[i]))
            return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
