#!/usr/bin/env python3
"""Checker for c_tests/sudoku: validates every answer against its puzzle.

usage: sudoku.py CASE.in ACTUAL_OUTPUT

The input is read the way the program reads it (lines of 81 characters,
'.' or '0' empty, '#' lines and empty lines skipped, stop at "end" or end of
file). The output must have one line per puzzle:
- 81 digits: a complete grid where every row, column and 3x3 box holds 1..9
  once, and every clue of the puzzle is kept;
- "No solution": accepted only when this checker proves, by its own
  exhaustive search (a plain backtracking solver, nothing shared with the
  program or the library), that the puzzle has no completion.
"""
import sys

N = 9
ALL = (1 << 9) - 1


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


def box(r, c):
    return (r // 3) * 3 + c // 3


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


def solvable(p):
    """Exhaustive backtracking (fewest candidates first): True if p has a completion."""
    rows, cols, boxes = [0] * 9, [0] * 9, [0] * 9
    empty = []
    for i, v in enumerate(p):
        r, c = divmod(i, 9)
        if v:
            bit = 1 << (v - 1)
            b = box(r, c)
            if rows[r] & bit or cols[c] & bit or boxes[b] & bit:
                return False  # two clues clash
            rows[r] |= bit
            cols[c] |= bit
            boxes[b] |= bit
        else:
            empty.append((r, c, box(r, c)))

    def search(left):
        if not left:
            return True
        best, best_n, best_mask = None, 10, 0
        for idx, (r, c, b) in enumerate(left):
            mask = ALL & ~(rows[r] | cols[c] | boxes[b])
            n = bin(mask).count('1')
            if n < best_n:
                best, best_n, best_mask = idx, n, mask
                if n == 0:
                    return False
        r, c, b = left[best]
        rest = left[:best] + left[best + 1:]
        while best_mask:
            bit = best_mask & -best_mask
            best_mask ^= bit
            rows[r] |= bit
            cols[c] |= bit
            boxes[b] |= bit
            ok = search(rest)
            rows[r] ^= bit
            cols[c] ^= bit
            boxes[b] ^= bit
            if ok:
                return True
        return False

    return search(empty)


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
            if solvable(p):
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
