#!/usr/bin/env python3
"""Checks the demo's output: the 81-digit line is a valid sudoku solution
that keeps every clue of the puzzle shown above it, and 8-queens has 92
solutions (a known fact)."""
import re, sys

out = open(sys.argv[2]).read()
lines = out.splitlines()
digits = [l for l in lines if re.fullmatch(r'[1-9]{81}', l)]
if len(digits) != 1:
    sys.exit('expected one 81-digit solution line')
sol = digits[0]
grid_cells = []
for l in lines[lines.index('sudoku:') + 1:]:
    if not l.strip():
        break
    cells = [t for t in l.replace('|', ' ').split() if t not in ('------+-------+------',)]
    if l.startswith('---'):
        continue
    grid_cells += cells
puzzle = ''.join(grid_cells)
if len(puzzle) != 81:
    sys.exit('could not read the puzzle grid')
units = [[9 * r + c for c in range(9)] for r in range(9)] + [[9 * r + c for r in range(9)] for c in range(9)] + \
        [[9 * (3 * (b // 3) + i) + 3 * (b % 3) + j for i in range(3) for j in range(3)] for b in range(9)]
for u in units:
    if sorted(sol[i] for i in u) != list('123456789'):
        sys.exit('unit %s does not hold 1..9' % u)
for p, s in zip(puzzle, sol):
    if p in '123456789' and p != s:
        sys.exit('a clue was changed')
if '8-queens: 92 solutions' not in lines:
    sys.exit('8-queens must have 92 solutions')
print('ok')
