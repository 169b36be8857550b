#!/usr/bin/env python3
"""Checker for c_tests/sudoku_grid: validates the answer against the puzzle.

usage: sudoku_grid.py CASE.in ACTUAL_OUTPUT

The input holds 81 numbers 0..9 (0 = empty) separated by blanks, line ends
or commas. The output must be either
- 9 lines of 9 digits separated by single spaces (a space after the last
  digit is allowed: the original prints one), forming a complete grid where
  every row, column and 3x3 box holds 1..9 once and every clue is kept; or
- the line "No solution", accepted only when this checker proves by its own
  exhaustive search (a backtracking search written in Python in
  sudoku_common.py, nothing shared with the program or the library) that the
  puzzle has no completion.
"""
import os
import re
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the checkers
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sudoku_common import complete, grid_problem, read_lines  # noqa: E402


def main():
    if len(sys.argv) != 3:
        sys.exit('usage: sudoku_grid.py CASE.in ACTUAL_OUTPUT')
    words = [w for w in re.split(r'[\s,]+', open(sys.argv[1]).read()) if w]
    if len(words) != 81 or any(w not in '0123456789' or len(w) != 1 for w in words):
        sys.exit('input is not 81 numbers 0..9')
    p = [int(w) for w in words]
    out = read_lines(sys.argv[2])
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
    why = grid_problem(p, g)
    if why:
        print(why)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
