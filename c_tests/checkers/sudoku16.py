#!/usr/bin/env python3
"""Checker for c_tests/sudoku16 (POJ 3076): validates every answer.

usage: sudoku16.py CASE.in ACTUAL_OUTPUT

The input is a sequence of puzzles, each 16 words of 16 characters
('A'..'P' a clue, '-' empty). The output must hold per puzzle either
- 16 lines of 16 letters forming a complete grid where every row, column and
  4x4 box holds A..P once and every clue is kept, then an empty line; or
- the line "No solution" then an empty line, accepted only when this checker
  proves by its own exhaustive search (a backtracking search written here in
  Python, nothing shared with the program or the library) that the puzzle
  has no completion.
"""
import sys

LETTERS = 'ABCDEFGHIJKLMNOP'


def valid_complete(g):
    """Why g (256 ints) is not a valid complete grid, or None."""
    if any(v < 1 or v > 16 for v in g):
        return 'a cell is not A..P'
    for k in range(16):
        row = [g[k * 16 + j] for j in range(16)]
        col = [g[j * 16 + k] for j in range(16)]
        bx = [g[((k // 4) * 4 + j // 4) * 16 + (k % 4) * 4 + j % 4] for j in range(16)]
        for name, unit in (('row', row), ('column', col), ('box', bx)):
            if sorted(unit) != list(range(1, 17)):
                return '%s %d is %s' % (name, k + 1, ''.join(LETTERS[v - 1] for v in unit))
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
        sys.exit('usage: sudoku16.py CASE.in ACTUAL_OUTPUT')
    words = open(sys.argv[1]).read().split()
    if len(words) % 16:
        sys.exit('input is not a whole number of 16-row puzzles')
    puzzles = []
    for k in range(0, len(words), 16):
        text = ''.join(words[k:k + 16])
        if len(text) != 256 or any(ch not in LETTERS + '-' for ch in text):
            sys.exit('input puzzle %d is malformed' % (k // 16 + 1))
        puzzles.append([0 if ch == '-' else LETTERS.index(ch) + 1 for ch in text])
    with open(sys.argv[2]) as f:
        out = [l.rstrip('\r\n') for l in f.read().split('\n')]
    pos = 0
    for n, p in enumerate(puzzles, 1):
        if pos < len(out) and out[pos] == 'No solution':
            if complete(p, 16, 4) is not None:
                print('puzzle %d: program says no solution, but it has one' % n)
                return 1
            pos += 1
        else:
            block = out[pos:pos + 16]
            pos += 16
            if len(block) != 16 or any(len(l) != 16 or any(ch not in LETTERS for ch in l)
                                       for l in block):
                print('puzzle %d: expected 16 lines of 16 letters A..P' % n)
                return 1
            g = [LETTERS.index(ch) + 1 for l in block for ch in l]
            why = valid_complete(g)
            if why:
                print('puzzle %d: invalid grid: %s' % (n, why))
                return 1
            for i, v in enumerate(p):
                if v and g[i] != v:
                    print('puzzle %d: clue %s at row %d column %d changed to %s'
                          % (n, LETTERS[v - 1], i // 16 + 1, i % 16 + 1, LETTERS[g[i] - 1]))
                    return 1
        if pos >= len(out) or out[pos] != '':
            print('puzzle %d: the empty line after the grid is missing' % n)
            return 1
        pos += 1
    rest = [l for l in out[pos:] if l != '']
    if rest or len(out) - pos > 1:
        print('unexpected output after the last puzzle: %r' % out[pos:pos + 3])
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
