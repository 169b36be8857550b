#!/usr/bin/env python3
"""The counting suite: instances for the plain, memoized and automatic
counts (bench/counting.py), each with its count from a formula, the
literature or a count written here independently of the library.

  domino boards  3x40 listed row by row (long side first), 40x3, 8x8,
                 12x12, and 8x8 with its cells listed in a random order;
                 counted by a transfer matrix over column profiles
  two boards     two 8x8 domino boards side by side (the square of one's
                 count), and the 8 queens beside a 6x6 domino board (92
                 times the board's count)
  pentominoes    6x10 and 5x12 boxes, Scott's 8x8 board without its centre
                 (tools/gen_instances.py; 4 x 2339, 4 x 1010, 8 x 65)
  queens 12, 13, Langford pairings 11, 12 (tools/gen_instances.py)
  bell_12        the partitions of a 12-set: every nonempty subset an
                 option; Bell's number by his triangle
  matchings_22   the perfect matchings of 22 points: every pair an option;
                 21!! = 21 x 19 x ... x 1
  sts_9          Steiner triple systems on 9 points: the 36 pairs, each
                 covered by one of the 84 triples; 840 (Colbourn and
                 Dinitz, Handbook of Combinatorial Designs)
  latin_6_reduced  reduced Latin squares of order 6 with colors, 9408
                 (tools/gen_general.py)
  sums_6x6_3     0/1 matrices 6x6 with line sums 3, with multiplicities,
                 297200 (tools/gen_general.py)
  wide_80000, wide_3000000  that many items and 3 options: all of them,
                 the even ones, the odd ones; 2 solutions. A memo whose
                 every state rescans every column's rows is quadratic here

Usage: gen_counting.py DIR   (writes DIR/NAME.dlx, the first line a
comment that ends `expect N`)
"""
import itertools, os, random, sys

sys.dont_write_bytecode = True
here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
import gen_general  # noqa: E402
from gen_instances import dominoes, langford, pentominoes, queens, write_all  # noqa: E402


def tilings(rows, cols):
    """Domino tilings of a rows x cols board by a transfer matrix: columns
    left to right (along the long side), the state the set of cells of the
    next column already covered by horizontal dominoes sticking out of
    this one."""
    rows, cols = min(rows, cols), max(rows, cols)
    ways = {0: 1}
    for _ in range(cols):
        nxt = {}
        for mask, n in ways.items():
            # Fill this column's free cells: vertical pairs or horizontals out.
            def fill(r, out):
                if r == rows:
                    nxt[out] = nxt.get(out, 0) + n
                    return
                if mask >> r & 1:
                    fill(r + 1, out)
                    return
                fill(r + 1, out | 1 << r)
                if r + 1 < rows and not mask >> (r + 1) & 1:
                    fill(r + 2, out)
            fill(0, 0)
        ways = nxt
    return ways.get(0, 0)


def bell(n):
    """Bell's number by his triangle."""
    row = [1]
    for _ in range(n - 1):
        nxt = [row[-1]]
        for x in row:
            nxt.append(nxt[-1] + x)
        row = nxt
    return row[-1]


def double_factorial(n):
    out = 1
    while n > 1:
        out *= n
        n -= 2
    return out


def side_by_side(a, b):
    """Two problems with no item in common: items and options prefixed."""
    (pa, sa, oa), (pb, sb, ob) = a, b
    tag = lambda p, names: [p + x for x in names]
    opt = lambda p, options: [" ".join(p + t for t in o.split()) for o in options]
    return tag("A", pa) + tag("B", pb), tag("A", sa) + tag("B", sb), opt("A", oa) + opt("B", ob)


def shuffled(problem, seed):
    primary, secondary, options = problem
    primary = list(primary)
    random.Random(seed).shuffle(primary)
    return primary, secondary, options


def instances():
    """(name, comment, problem) of every instance."""
    for r, c, listing in ((3, 40, "listed row by row, long side first"), (40, 3, "listed row by row, short side first"),
                          (8, 8, ""), (12, 12, "")):
        yield "domino_%dx%d" % (r, c), "domino tilings of %dx%d %s; expect %d" % (r, c, listing, tilings(r, c)), dominoes(r, c)
    yield "domino_8x8_shuffled", "domino tilings of 8x8, cells listed at random; expect %d" % tilings(8, 8), shuffled(dominoes(8, 8), 8)
    yield "two_domino_8x8", "two 8x8 domino boards side by side; expect %d" % tilings(8, 8) ** 2, side_by_side(dominoes(8, 8), dominoes(8, 8))
    yield "queens_8_and_domino_6x6", "8 queens beside a 6x6 domino board; expect %d" % (92 * tilings(6, 6)), side_by_side(queens(8), dominoes(6, 6))
    for r, c, n in ((6, 10, 2339), (5, 12, 1010)):
        yield "pento_%dx%d" % (r, c), "the 12 pentominoes in a %dx%d box; expect %d" % (r, c, 4 * n), pentominoes(r, c)
    yield "scott_8x8_hole", "Scott's board, 8x8 without its centre; expect 520", pentominoes(8, 8, holes={(3, 3), (3, 4), (4, 3), (4, 4)})
    for n, count in ((12, 14200), (13, 73712)):
        yield "queens_%d" % n, "%d queens; expect %d" % (n, count), queens(n)
    for n, count in ((11, 17792), (12, 108144)):
        yield "langford_%d" % n, "Langford pairings of order %d; expect %d" % (n, 2 * count), langford(n)
    items = [str(i) for i in range(1, 13)]
    subsets = [" ".join(s) for k in range(1, 13) for s in itertools.combinations(items, k)]
    yield "bell_12", "the partitions of a 12-set; expect %d" % bell(12), (items, [], subsets)
    points = ["p%d" % i for i in range(22)]
    yield "matchings_22", "perfect matchings of 22 points; expect %d" % double_factorial(21), (points, [], [" ".join(p) for p in itertools.combinations(points, 2)])
    pairs = {p: "%d%d" % p for p in itertools.combinations(range(9), 2)}
    triples = [" ".join(pairs[p] for p in itertools.combinations(t, 2)) for t in itertools.combinations(range(9), 3)]
    yield "sts_9", "Steiner triple systems on 9 points; expect 840", (sorted(pairs.values()), [], triples)
    yield "latin_6_reduced", "reduced Latin squares of order 6 with colors; expect 9408", gen_general.reduced_latin(6)
    yield "sums_6x6_3", "0/1 matrices 6x6 with line sums 3; expect 297200", gen_general.sums(6, 6, (3, 3), 3)
    for n in (80000, 3000000):
        items = ["i%d" % i for i in range(n)]
        yield "wide_%d" % n, "%d items, 3 options: all, the even ones, the odd ones; expect 2" % n, \
            (items, [], [" ".join(items), " ".join(items[0::2]), " ".join(items[1::2])])


def main(argv):
    if len(argv) != 2:
        sys.stderr.write("usage: gen_counting.py DIR\n")
        return 1
    write_all(argv[1], ((name + ".dlx", comment, problem) for name, comment, problem in instances()))
    return 0

if __name__ == "__main__":
    sys.exit(main(sys.argv))
