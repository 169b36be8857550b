#!/usr/bin/env python3
"""Checker for c_tests/target_sudoku (NOIP 2009 / Luogu P1074): recomputes
the answer.

usage: target_sudoku.py CASE.in ACTUAL_OUTPUT

The input is 81 numbers 0..9 (0 = empty) separated by blanks; it is assumed
valid (the runner calls no checker on the cases the program must reject).

The output must be exactly one line: the decimal integer that is the highest
score over all completions of the sudoku, or -1 when it has none (clashing
clues included). A completion's score is the sum over all 81 cells, clues
included, of digit * value, the value of row r, column c (0-based) being
10 - max(|r - 4|, |c - 4|): 10 at the centre, then 9, 8, 7 and 6 on the rim.
Trailing blanks and a CR at the line end are ignored, as the runner ignores
them in .expected files; anything else is an error.

The answer is recomputed by a search written here, sharing nothing with the
program or the library under test, and on purpose no cleverer than it needs
to be: it enumerates EVERY completion (no bound on the score, so a bug in a
bound cannot hide a better completion) by backtracking over the empty cells,
each time filling the empty cell with the fewest candidate digits, the
candidates kept as bit masks per row, column and box. Keep the test puzzles
to a few thousand completions: this takes a few seconds for those.
"""
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the checkers

VALUE = [10 - max(abs(r - 4), abs(c - 4)) for r in range(9) for c in range(9)]


def read_grid(path):
    """The 81 numbers of the input, row by row."""
    words = open(path, 'rb').read().split()
    if len(words) != 81:
        sys.exit('%s: %d numbers, not 81 (the checker assumes valid input)' % (path, len(words)))
    return [int(w) for w in words]


def completions(grid, limit=None):
    """Returns (number of completions, best score) of grid: the best score is
    None when there is no completion. With a limit, the search stops once it
    has counted that many (then the best score is only the best so far);
    cases/target_sudoku/gen.py uses that to pick its puzzles."""
    rows, cols, boxes = [0] * 9, [0] * 9, [0] * 9
    box = [(i // 27) * 3 + (i % 9) // 3 for i in range(81)]
    base = 0
    for i, v in enumerate(grid):
        if v:
            bit = 1 << v
            r, c, b = i // 9, i % 9, box[i]
            if (rows[r] | cols[c] | boxes[b]) & bit:
                return 0, None  # two equal clues in a row, column or box
            rows[r] |= bit
            cols[c] |= bit
            boxes[b] |= bit
            base += v * VALUE[i]
    empty = [i for i in range(81) if not grid[i]]
    digits = [(1 << d, d) for d in range(1, 10)]
    count = 0
    best = None

    def search(todo, score):
        nonlocal count, best
        if not todo:
            count += 1
            if best is None or score > best:
                best = score
            return count == limit
        pick, pick_free, pick_n = -1, 0, 10
        for k, i in enumerate(todo):
            free = 0x3FE & ~(rows[i // 9] | cols[i % 9] | boxes[box[i]])
            n = bin(free).count('1')
            if n < pick_n:
                pick, pick_free, pick_n = k, free, n
                if n <= 1:
                    break
        if pick_n == 0:
            return False
        i = todo[pick]
        rest = todo[:pick] + todo[pick + 1:]
        r, c, b = i // 9, i % 9, box[i]
        for bit, d in digits:
            if pick_free & bit:
                rows[r] |= bit
                cols[c] |= bit
                boxes[b] |= bit
                stop = search(rest, score + d * VALUE[i])
                rows[r] ^= bit
                cols[c] ^= bit
                boxes[b] ^= bit
                if stop:
                    return True
        return False

    search(empty, base)
    return count, best


def main():
    if len(sys.argv) != 3:
        sys.exit('usage: target_sudoku.py CASE.in ACTUAL_OUTPUT')
    count, best = completions(read_grid(sys.argv[1]))
    want = -1 if best is None else best
    with open(sys.argv[2], 'rb') as f:
        out = [l.rstrip(b'\r').rstrip(b' \t') for l in f.read().split(b'\n')]
    while out and out[-1] == b'':
        out.pop()
    if len(out) != 1:
        print('expected 1 output line, got %d' % len(out))
        return 1
    if out[0] != str(want).encode():
        print('got %r, expected %d (%d completions)' % (out[0].decode('utf-8', 'replace')[:100], want, count))
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
