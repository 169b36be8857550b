#!/usr/bin/env python3
"""Checker for c_tests/sudoku_gen.

usage: sudoku_gen.py CASE.in ACTUAL_OUTPUT

For every input line "SEED TARGET" the output must have two lines: a full
grid (81 digits) and a puzzle (81 characters, '.' empty). Checked here:
- the grid is a valid sudoku (sudoku_common.valid_complete);
- every clue of the puzzle agrees with the grid;
- the puzzle has exactly one solution, counted by this checker's own
  backtracking search (below: cells' candidate bitmasks, fewest candidates
  first, stopping at two solutions), nothing shared with the program or the
  library;
- the puzzle has at least TARGET clues (it may have more when no clue can go);
- distinct seeds gave distinct grids.
"""
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sudoku_common import read_lines, valid_complete, changed_clue  # noqa: E402

PEERS = []
for i in range(81):
    r, c = divmod(i, 9)
    b = (r // 3) * 3 + c // 3
    PEERS.append({j for j in range(81) if j != i and (j // 9 == r or j % 9 == c or ((j // 9) // 3) * 3 + (j % 9) // 3 == b)})


def count_solutions(g, cap=2):
    """The number of completions of g (list of 81 ints, 0 empty), up to cap."""
    g = list(g)
    for i, v in enumerate(g):
        if v and any(g[j] == v for j in PEERS[i]):
            return 0

    def search():
        best, best_cands = None, None
        for i in range(81):
            if not g[i]:
                cands = [d for d in range(1, 10) if all(g[j] != d for j in PEERS[i])]
                if best is None or len(cands) < len(best_cands):
                    best, best_cands = i, cands
                    if len(cands) <= 1:
                        break
        if best is None:
            return 1
        total = 0
        for d in best_cands:
            g[best] = d
            total += search()
            g[best] = 0
            if total >= cap:
                break
        return total

    return search()


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
        n = count_solutions(puzzle)
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
