#!/usr/bin/env python3
"""Checker for c_tests/sudoku: validates every answer against its puzzle.

usage: sudoku.py CASE.in ACTUAL_OUTPUT

The input is read the way the program reads it (lines of 81 characters,
'.' or '0' empty, '#' lines and empty lines skipped, stop at "end" or end of
file). The output must have one line per puzzle:
- 81 digits: a complete grid where every row, column and 3x3 box holds 1..9
  once, and every clue of the puzzle is kept;
- "No solution": accepted only when this checker proves, by its own
  exhaustive search (a backtracking search written here in Python, nothing
  shared with the program or the library), that the puzzle has no completion.
"""
import sys


def read_puzzles(path):
    puzzles = []
    with open(path) as f:
        for raw in f:
            line = raw.strip(' \t\r\n')
            if not line or line.startswith('#'):
                continue
            if line == 'end':
                break
            if len(line) != 81:
                sys.exit('input line %r is not 81 characters' % line[:100])
            puzzles.append([0 if ch in '.0' else int(ch) for ch in line])
    return puzzles


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
        sys.exit('usage: sudoku.py CASE.in ACTUAL_OUTPUT')
    puzzles = read_puzzles(sys.argv[1])
    with open(sys.argv[2]) as f:
        out = [l.rstrip('\r\n') for l in f.read().split('\n')]
    while out and out[-1] == '':
        out.pop()
    if len(out) != len(puzzles):
        print('expected %d output lines, got %d' % (len(puzzles), len(out)))
        return 1
    for n, (p, line) in enumerate(zip(puzzles, out), 1):
        if line == 'No solution':
            if complete(p, 9, 3) is not None:
                print('puzzle %d: program says no solution, but it has one' % n)
                return 1
            continue
        if len(line) != 81 or not line.isdigit():
            print('puzzle %d: output %r is not 81 digits' % (n, line[:100]))
            return 1
        g = [int(ch) for ch in line]
        why = valid_complete(g)
        if why:
            print('puzzle %d: invalid grid: %s' % (n, why))
            return 1
        for i, v in enumerate(p):
            if v and g[i] != v:
                print('puzzle %d: clue %d at row %d column %d changed to %d'
                      % (n, v, i // 9 + 1, i % 9 + 1, g[i]))
                return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
