"""Solves a sudoku: 729 options (a digit in a cell), four kinds of
constraints (each cell filled, each digit once per row, column, box), the
clues forced. Usage: python sudoku.py [81 characters, 0 or . for blanks]"""
import sys

import dlxcover as dlx

# A puzzle from Project Euler problem 96 (grid 01).
PUZZLE = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"


def solve(puzzle):
    def columns(r, c, d):
        box = (r // 3) * 3 + c // 3
        return [("cell", r, c), ("row", r, d), ("col", c, d), ("box", box, d)]

    options = [(r, c, d) for r in range(9) for c in range(9) for d in range(1, 10)]
    items = [(kind, a, b) for kind in ("cell", "row", "col", "box") for a in range(9)
             for b in (range(9) if kind == "cell" else range(1, 10))]
    m = dlx.Matrix(items)
    m.add_rows(columns(*o) for o in options)
    clues = [i for i, (r, c, d) in enumerate(options) if puzzle[9 * r + c] == str(d)]
    solution = m.first(forced=clues)
    if solution is None:
        return None
    grid = [["0"] * 9 for _ in range(9)]
    for i in solution:
        r, c, d = options[i]
        grid[r][c] = str(d)
    return ["".join(row) for row in grid]


if __name__ == "__main__":
    puzzle = (sys.argv[1] if len(sys.argv) > 1 else PUZZLE).replace(".", "0")
    rows = solve(puzzle)
    print("\n".join(rows) if rows else "no solution")
