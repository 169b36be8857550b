#!/usr/bin/env python3
"""Checker for c_tests/sudoku16 (POJ 3076): validates every answer.

usage: sudoku16.py CASE.in ACTUAL_OUTPUT

The input is a sequence of puzzles, each 16 words of 16 characters
('A'..'P' a clue, '-' empty). The output must hold per puzzle either
- 16 lines of 16 letters forming a complete grid where every row, column and
  4x4 box holds A..P once and every clue is kept, then an empty line; or
- the line "No solution" then an empty line, accepted only when this checker
  proves by its own exhaustive search (a backtracking search written in
  Python in sudoku_common.py, nothing shared with the program or the
  library) that the puzzle has no completion.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the checkers
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sudoku_common import complete, grid_problem, read_lines  # noqa: E402

LETTERS = 'ABCDEFGHIJKLMNOP'


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
            why = grid_problem(p, g, 16, 4, symbols=LETTERS)
            if why:
                print('puzzle %d: %s' % (n, why))
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
