#!/usr/bin/env python3
"""Checker for c_tests/sudoku_x (diagonal sudoku): validates every answer.

usage: sudoku_x.py CASE.in ACTUAL_OUTPUT

The input is read the way the program reads it (lines of 81 characters,
'.' or '0' empty, '#' lines and empty lines skipped, stop at "end" or end of
file). The output must have one line per puzzle:
- 81 digits: a complete grid where every row, column and 3x3 box and both
  main diagonals hold 1..9 once, and every clue of the puzzle is kept;
- "No solution": accepted only when this checker proves, by its own
  exhaustive search (a backtracking search written in Python in
  sudoku_common.py, nothing shared with the program or the library), that
  the puzzle has no completion.
The reading, validation and search live in sudoku_common.py.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the checkers
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sudoku_common import check_line_output  # noqa: E402


if __name__ == '__main__':
    sys.exit(check_line_output(sys.argv, 'sudoku_x.py', diag=True))
