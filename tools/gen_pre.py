#!/usr/bin/env python3
"""Instances on which preprocessing (dlx --pre, dlx-core/src/pre.rs) has work to do.

    gen_pre.py DIR

writes, in Knuth's format (item names of at most 8 characters, secondary
items last in every option, so that his DLX-PRE reads them all and misses
nothing):

  sudoku_<name>.dlx    a puzzle as a puzzle generator models it: every
                       digit in every empty cell, the clue alone in a
                       given one (cell, row, column and box items). The
                       clues block many options; each puzzle has one
                       solution.
  sudoku16_poj3076.dlx the 16x16 sudoku of POJ 3076's sample, modelled
                       the same way (letters A-P; one solution): a search
                       that dynamic weights (dlx --weights) shorten.
  colored_<k>.dlx      random problems with colored secondary items
                       (seeded: the same files every run).
  sharp_<name>.dlx     models with some items named with a leading '#',
                       which Knuth's DLX2-SHARP (and `dlx`) prefers when it
                       picks the item to branch on: sudoku models with
                       their cell items last and '#', Langford pairs of 8
                       with '#' values, 8 queens with '#' board columns.

The counts each file should have come from its own check: every sudoku
here has one solution (a fact of these published puzzles); the colored
files are counted by the tests' brute force, not by this script.
"""

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.dont_write_bytecode = True
import gen_instances  # noqa: E402

# Public puzzles, each with a unique solution: the first three of Peter
# Norvig's "hardest" list and two from the magictour top 1465 set.
PUZZLES = {
    "norvig1": "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "norvig2": "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
    "norvig3": "6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1....",
    "magic1": "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    "magic2": "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
}


# The sample puzzle of POJ 3076 "Sudoku" (16x16, letters A-P, '-' empty),
# as given in the problem statement, with one solution.
POJ3076 = (
    "--A----C-----O-I" "-J--A-B-P-CGF-H-" "--D--F-I-E----P-" "-G-EL-H----M-J--"
    "----E----C--G---" "-I--K-GA-B---E-J" "D-GP--J-F----A--" "-E---C-B--DP--O-"
    "E--F-M--D--L-K-A" "-C--------O-I-L-" "H-P-C--F-A--B---" "---G-OD---J----H"
    "K---J----H-A-P-L" "--B--P--E--K--A-" "-H--B--K--FI-C--" "--F---C--D--H-N-"
)


def sudoku16(clues):
    """A 16x16 puzzle's model: items p, r, c, b (row, column, box and
    letter 0-15); every letter in an empty cell, the clue alone in a
    given one."""
    n = 16
    items = ["p%d_%d" % (i, j) for i in range(n) for j in range(n)]
    for kind in "rcb":
        items += ["%s%d_%d" % (kind, i, d) for i in range(n) for d in range(n)]
    lines = [" ".join(items)]
    for i in range(n):
        for j in range(n):
            given = clues[n * i + j]
            letters = [ord(given) - ord("A")] if given != "-" else range(n)
            for d in letters:
                b = 4 * (i // 4) + j // 4
                lines.append("p%d_%d r%d_%d c%d_%d b%d_%d" % (i, j, i, d, j, d, b, d))
    return lines


def sudoku(clues, sharp=False):
    """The lines of a puzzle's model: items p, r, c, b (with `sharp`, the
    cells last and named #p); one option per digit allowed in a cell."""
    cell = "#p{}{}" if sharp else "p{}{}"
    cells = [cell.format(i, j) for i in range(9) for j in range(9)]
    items = ["r{}{}".format(i, d) for i in range(9) for d in range(1, 10)]
    items += ["c{}{}".format(j, d) for j in range(9) for d in range(1, 10)]
    items += ["b{}{}".format(k, d) for k in range(9) for d in range(1, 10)]
    items = items + cells if sharp else cells + items
    lines = [" ".join(items)]
    for i in range(9):
        for j in range(9):
            given = clues[9 * i + j]
            digits = [int(given)] if given.isdigit() else range(1, 10)
            for d in digits:
                box = 3 * (i // 3) + j // 3
                lines.append("{} r{}{} c{}{} b{}{}".format(cell.format(i, j), i, d, j, d, box, d))
    return lines


def sharpened(problem, prefer, comment):
    """A problem of gen_instances with the primary items for which
    `prefer(name)` holds renamed with a leading '#'."""
    primary, secondary, options = problem
    rename = {name: "#" + name for name in primary if prefer(name)}
    new = lambda names: [rename.get(n, n) for n in names]
    text = gen_instances.text(new(primary), secondary, [" ".join(new(o.split())) for o in options], comment)
    return text.rstrip("\n").split("\n")


def sums_sharp():
    """0/1 matrices 6x6 with every line sum 3 (multiplicities: each row
    and column item covered exactly 3 times), the columns named '#':
    297200 of them (OEIS A058527)."""
    rows = ["3|r{}".format(i) for i in range(6)]
    cols = ["3|#c{}".format(j) for j in range(6)]
    lines = ["| 0/1 matrices 6x6, line sums 3, columns named #; expect 297200", " ".join(rows + cols)]
    lines += ["r{} #c{}".format(i, j) for i in range(6) for j in range(6)]
    return lines


def colored(rng):
    """A random problem: 5 to 9 primary items, 2 to 5 secondary ones, 12
    to 40 options of 1 to 3 primary and 0 to 3 secondary items, each
    secondary one colored a, b or not at all."""
    primary = ["P{}".format(i) for i in range(rng.randint(5, 9))]
    secondary = ["s{}".format(i) for i in range(rng.randint(2, 5))]
    lines = [" ".join(primary) + " | " + " ".join(secondary)]
    for _ in range(rng.randint(12, 40)):
        opt = rng.sample(primary, rng.randint(1, 3))
        for s in rng.sample(secondary, rng.randint(0, min(3, len(secondary)))):
            color = rng.choice(["", ":a", ":b"])
            opt.append(s + color)
        lines.append(" ".join(opt))
    return lines


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    files = {}
    for name, clues in PUZZLES.items():
        files["sudoku_" + name] = ["| the sudoku " + clues + "; expect 1"] + sudoku(clues)
    for name in ["magic1", "magic2"]:
        clues = PUZZLES[name]
        files["sharp_" + name] = ["| the sudoku " + clues + ", cells last, named #p; expect 1"] + sudoku(clues, sharp=True)
    files["sharp_langford_8"] = sharpened(gen_instances.langford(8), str.isdigit, "Langford pairs of 8, values named #; expect 300")
    files["sharp_queens_8"] = sharpened(gen_instances.queens(8), lambda n: n.startswith("c"), "8 queens, board columns named #; expect 92")
    files["sharp_sums_6x6_3"] = sums_sharp()
    files["sudoku16_poj3076"] = ["| the 16x16 sudoku of POJ 3076's sample; expect 1"] + sudoku16(POJ3076)
    rng = random.Random(51)
    for k in range(1, 7):
        files["colored_{}".format(k)] = ["| random colored problem {} (seed 51)".format(k)] + colored(rng)
    for name, lines in files.items():
        (out / (name + ".dlx")).write_text("\n".join(lines) + "\n")
        print("{:<24} options={}".format(name + ".dlx", len(lines) - 2))


if __name__ == "__main__":
    main()
