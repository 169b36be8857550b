#!/usr/bin/env python3
"""Writes the standard exact cover instances the tests and benchmarks use,
in Knuth's text format (the input of DLX1), into a folder:

    python3 tools/gen_instances.py DIR

Each file starts with a comment line that gives its solution count as
"expect N". The counts are facts from the literature, not runs of the
library:

* pentominoes in rectangles (the 12 pieces, every placement as an option,
  so each tiling is counted once per symmetry of the rectangle: 4 times):
  6x10 2339, 5x12 1010, 4x15 368, 3x20 2 (Haselgrove and Haselgrove, 1960;
  Knuth, "Dancing links", 2000);
* Scott's problem, the 8x8 board without its centre 2x2 square: 65
  tilings up to symmetry, 520 counted apart (Scott, 1958; Knuth, 2000);
* n-queens: OEIS A000170;
* Langford pairings: OEIS A014552, counted twice (a pairing and its
  reverse are different options);
* domino tilings of the 6x6 and 8x8 boards: 6728 and 12988816 (Kasteleyn;
  Temperley and Fisher, 1961; OEIS A004003).

The order of the items and of the options is part of an instance: Knuth's
counters (nodes, updates) depend on it, and the tests quote his DLX1's
figures for these very orders. The items are listed as follows,
and the options in the order of the loops below.
"""
import os
import sys

PIECES = {
    # Conway's letters; each piece as rows of a picture, '#' a cell.
    "F": (".##", "##.", ".#."),
    "I": ("#####",),
    "L": ("####", "#..."),
    "N": ("##..", ".###"),
    "P": ("##", "##", "#."),
    "T": ("###", ".#.", ".#."),
    "U": ("#.#", "###"),
    "V": ("#..", "#..", "###"),
    "W": ("#..", "##.", ".##"),
    "X": (".#.", "###", ".#."),
    "Y": ("####", ".#.."),
    "Z": ("##.", ".#.", ".##"),
}


def cell(r, c):
    """A board cell's item name: its row, then its column as a letter."""
    return "%d%s" % (r, chr(97 + c)) if c < 26 else "r%dc%d" % (r, c)


def placed_at_origin(cells):
    """The cells moved so that their least row and column are 0, sorted."""
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return tuple(sorted((r - r0, c - c0) for r, c in cells))


def shapes(picture):
    """Every rotation and reflection of a piece, each once, sorted."""
    base = [(r, c) for r, line in enumerate(picture) for c, ch in enumerate(line) if ch == "#"]
    found = set()
    for start in (base, [(r, -c) for r, c in base]):
        cur = start
        for _ in range(4):
            found.add(placed_at_origin(cur))
            cur = [(c, -r) for r, c in cur]
    return sorted(found)


def pentominoes(rows, cols, holes=()):
    board = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in holes]
    free = set(board)
    items = sorted(PIECES) + [cell(r, c) for r, c in board]
    options = []
    for name in sorted(PIECES):
        for shape in shapes(PIECES[name]):
            for dr in range(rows):
                for dc in range(cols):
                    at = [(r + dr, c + dc) for r, c in shape]
                    if all(p in free for p in at):
                        options.append(" ".join([name] + [cell(r, c) for r, c in at]))
    return items, [], options


def pento_boxes():
    """The 12 pentominoes in a 6x10 box or in a 3x20 box: an item `box`
    whose two options each cover every cell of the other box, then each
    box's placements. Expect 9364: 2339 tilings of 6x10 and 2 of 3x20,
    each 4 times. A tree as uneven as they come: the first level has two
    branches, one with all but 1% of the nodes (bench/dask_split.py,
    python/tests/test_distributed.py). Not among `instances()`, whose
    every file the suites count."""
    boards = (("A", 6, 10), ("B", 3, 20))
    cells = {k: ["%s%d_%d" % (k, r, c) for r in range(h) for c in range(w)] for k, h, w in boards}
    options = ["box " + " ".join(cells["B"]), "box " + " ".join(cells["A"])]
    for k, h, w in boards:
        for name in sorted(PIECES):
            for shape in shapes(PIECES[name]):
                for dr in range(h):
                    for dc in range(w):
                        at = [(r + dr, c + dc) for r, c in shape]
                        if all(0 <= r < h and 0 <= c < w for r, c in at):
                            options.append(" ".join([name] + ["%s%d_%d" % (k, r, c) for r, c in at]))
    return ["box"] + sorted(PIECES) + cells["A"] + cells["B"], [], options


def queens(n, organ_pipe=False):
    """Board rows and columns primary (row i then column i, for each i, in
    the order given), both diagonal families secondary."""
    order = list(range(n))
    if organ_pipe:
        # From the middle out, as in TAOCP 7.2.2.1.
        order.sort(key=lambda i: (abs(i - (n - 1) / 2), i))
    primary = [name for i in order for name in ("r%d" % i, "c%d" % i)]
    secondary = ["a%d" % k for k in range(2 * n - 1)] + ["b%d" % k for k in range(2 * n - 1)]
    options = ["r%d c%d a%d b%d" % (i, j, i + j, n - 1 + i - j) for i in range(n) for j in range(n)]
    return primary, secondary, options


def langford(n):
    """Value v in slots j and j + v + 1 (slots 1 to 2n)."""
    primary = [str(v) for v in range(1, n + 1)] + ["s%d" % k for k in range(1, 2 * n + 1)]
    options = ["%d s%d s%d" % (v, j, j + v + 1) for v in range(1, n + 1) for j in range(1, 2 * n - v)]
    return primary, [], options


def dominoes(rows, cols):
    primary = [cell(r, c) for r in range(rows) for c in range(cols)]
    options = []
    for r in range(rows):
        for c in range(cols):
            if c + 1 < cols:
                options.append(cell(r, c) + " " + cell(r, c + 1))
            if r + 1 < rows:
                options.append(cell(r, c) + " " + cell(r + 1, c))
    return primary, [], options


QUEENS = {8: 92, 10: 724, 11: 2680, 12: 14200, 13: 73712, 14: 365596, 15: 2279184, 16: 14772512}
LANGFORD = {7: 26, 8: 150, 11: 17792, 12: 108144, 15: 39809640}


def text(primary, secondary, options, comment=None):
    """The problem in Knuth's format: the comment line, if any, the items
    (secondary ones after `|`), an option a line."""
    head = "| %s\n" % comment if comment is not None else ""
    items = " ".join(primary) + (" | " + " ".join(secondary) if secondary else "")
    return head + items + "\n" + "".join(o + "\n" for o in options)


def instances():
    """(file name, comment, (primary, secondary, options)) for every file."""
    for (r, c), tilings in {(6, 10): 2339, (5, 12): 1010, (4, 15): 368, (3, 20): 2}.items():
        yield ("pento_%dx%d.dlx" % (r, c),
               "the 12 pentominoes in a %dx%d box; expect %d (%d tilings, each 4 times)" % (r, c, 4 * tilings, tilings),
               pentominoes(r, c))
    yield ("scott_8x8_hole.dlx",
           "Scott's problem, 8x8 without the centre 2x2; expect 520 (65 tilings, each 8 times)",
           pentominoes(8, 8, holes={(3, 3), (3, 4), (4, 3), (4, 4)}))
    for n, count in QUEENS.items():
        yield ("queens_%d.dlx" % n, "%d queens; expect %d" % (n, count), queens(n))
        yield ("queens_%d_op.dlx" % n, "%d queens, items in organ-pipe order; expect %d" % (n, count), queens(n, True))
    for n, count in LANGFORD.items():
        yield ("langford_%d.dlx" % n, "Langford pairings of order %d; expect %d (%d, each twice)" % (n, 2 * count, count), langford(n))
    yield ("domino_8x8.dlx", "domino tilings of the 8x8 board; expect 12988816", dominoes(8, 8))
    yield ("domino_6x6.dlx", "domino tilings of the 6x6 board; expect 6728", dominoes(6, 6))


def main(argv):
    if len(argv) != 2:
        sys.stderr.write("usage: gen_instances.py DIR\n")
        return 1
    write_all(argv[1], instances())
    return 0


def write_all(folder, problems):
    """Writes each (file name, comment, problem) of `problems` into
    `folder`, each file whole, then renamed: a reader never sees half a
    file."""
    os.makedirs(folder, exist_ok=True)
    for name, comment, problem in problems:
        path = os.path.join(folder, name)
        with open(path + ".part", "w") as f:
            f.write(text(*problem, comment=comment))
        os.replace(path + ".part", path)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
