#!/usr/bin/env python3
"""Checker for c_tests/sudoku_gen.

usage: sudoku_gen.py CASE.in ACTUAL_OUTPUT

For every input line "SEED TARGET" the output must have two lines: a full
grid (81 digits) and a puzzle (81 characters, '.' empty). Checked here:
- the grid is a valid sudoku (sudoku_common.valid_complete);
- every clue of the puzzle agrees with the grid;
- the puzzle has exactly one solution, counted (up to two) by the
  checkers' own exhaustive search (sudoku_common.completions), nothing
  shared with the program or the library;
- the puzzle has at least TARGET clues (it may have more when no clue can go);
- distinct seeds gave distinct grids.
"""
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sudoku_common import read_lines, valid_complete, changed_clue, completions  # noqa: E402

def main():
    inp, out = sys.argv[1], sys.argv[2]
    requests = []
    with open(inp) as f:
        for line in f:
            if line.strip() and not line.startswith('#'):
                seed, target = line.split()
                requests.append((int(seed), int(target)))
    lines = read_lines(out)
    if len(lines) != 2 * len(requests):
        print('sudoku_gen.py: %d output lines for %d requests' % (len(lines), len(requests)))
        return 1
    grids = {}
    for k, (seed, target) in enumerate(requests):
        gl, pl = lines[2 * k], lines[2 * k + 1]
        where = 'seed %d' % seed
        if len(gl) != 81 or not gl.isdigit() or len(pl) != 81 or any(ch not in '.123456789' for ch in pl):
            print('%s: malformed lines %r %r' % (where, gl, pl))
            return 1
        grid = [int(ch) for ch in gl]
        puzzle = [0 if ch == '.' else int(ch) for ch in pl]
        why = valid_complete(grid)
        if why:
            print('%s: invalid grid: %s' % (where, why))
            return 1
        if changed_clue(puzzle, grid) is not None:
            print('%s: a clue disagrees with the grid' % where)
            return 1
        clues = sum(1 for v in puzzle if v)
        if clues < target:
            print('%s: %d clues, fewer than the target %d' % (where, clues, target))
            return 1
        n = len(completions(puzzle, 9, 3, limit=2))
        if n != 1:
            print('%s: the puzzle has %s solutions' % (where, 'no' if n == 0 else 'several'))
            return 1
        if seed in grids and grids[seed] != gl:
            print('%s: the same seed gave two grids' % where)
            return 1
        grids[seed] = gl
        print('%s: %d clues, unique solution' % (where, clues))
    if len(set(grids.values())) != len(grids):
        print('distinct seeds gave the same grid')
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
