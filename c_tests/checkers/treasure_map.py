#!/usr/bin/env python3
"""Checker for c_tests/treasure_map (ZOJ 3209): recomputes every answer.

usage: treasure_map.py CASE.in ACTUAL_OUTPUT

The input is `T`, then per case `N M P` and P lines `x1 y1 x2 y2`; a piece
covers the cells (x, y) with x1 < x <= x2 and y1 < y <= y2 of the N x M map.
The input is assumed valid: the runner calls no checker on the cases the
program must reject.

The output must be exactly T lines, line k the decimal integer that is the
fewest pieces tiling case k's map exactly (no overlap, no gap, pieces used at
most once, not all of them needed), or -1 when no set of pieces does.
Trailing blanks and a CR at a line end are ignored, as the runner ignores
them in .expected files; anything else (a sign +, leading zeros or blanks, a
missing or an extra line) is an error.

Every answer is recomputed by a search written here, sharing nothing with the
program or the library under test, and unrelated to dancing links:
- the map is one integer used as a bit set, bit (x-1)*M + (y-1) for cell
  (x, y), so row-major order is bit order, and a piece is the mask of its
  cells;
- the first free cell in row-major order (the lowest clear bit) must be the
  top-left cell of the piece that covers it: every cell before it is covered,
  and a piece's top-left cell is its first cell in that order. So the search
  only tries the pieces whose top-left cell is that cell and whose cells are
  all free (one AND with the mask), biggest first;
- branch and bound on the count: a branch is cut when the pieces placed, plus
  1, plus the free cells divided by the largest piece's area, rounded up,
  cannot beat the best count found so far;
- a transposition table: the pieces still needed depend only on the set of
  covered cells, so each set met is stored with what the search learnt about
  it (the exact number of pieces still needed, or a lower bound when a search
  under a bound gave up), and never searched twice for the same question.
Pieces given twice are kept once: the minimum does not change.
"""
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the checkers

INF = 1 << 30


def read_cases(path):
    """The cases of the input file as a list of (N, M, pieces), each piece a
    tuple (x1, y1, x2, y2)."""
    words = open(path, 'rb').read().split()
    pos = 0

    def take(k):
        nonlocal pos
        vals = [int(w) for w in words[pos:pos + k]]
        if len(vals) != k:
            sys.exit('%s: truncated input (the checker assumes valid input)' % path)
        pos += k
        return vals

    cases = []
    for _ in range(take(1)[0]):
        n, m, p = take(3)
        cases.append((n, m, [tuple(take(4)) for _ in range(p)]))
    return cases


def piece_mask(m, x1, y1, x2, y2):
    """The bit set of the cells x1 < x <= x2, y1 < y <= y2 of a map M wide."""
    row = ((1 << (y2 - y1)) - 1) << y1
    mask = 0
    for x in range(x1, x2):
        mask |= row << (x * m)
    return mask


def min_pieces(n, m, pieces):
    """The fewest pieces that tile the n x m map exactly, or -1."""
    full = (1 << (n * m)) - 1
    at = [[] for _ in range(n * m)]  # by top-left cell: (area, mask)
    seen = set()
    for x1, y1, x2, y2 in pieces:
        if (x1, y1, x2, y2) in seen:
            continue
        seen.add((x1, y1, x2, y2))
        at[x1 * m + y1].append(((x2 - x1) * (y2 - y1), piece_mask(m, x1, y1, x2, y2)))
    for lst in at:
        lst.sort(key=lambda t: -t[0])
    at = [[mask for _, mask in lst] for lst in at]
    biggest = max([(x2 - x1) * (y2 - y1) for x1, y1, x2, y2 in pieces] or [1])
    memo = {}  # covered set -> (bound, exact)

    def need(covered, budget):
        """The fewest pieces completing `covered`, if it is below budget;
        otherwise a lower bound on it that is at least budget (INF when the
        search proved there is no completion)."""
        if covered == full:
            return 0
        free = full & ~covered
        low = -(-bin(free).count('1') // biggest)
        hit = memo.get(covered)
        if hit is not None:
            if hit[1] or hit[0] >= budget:
                return hit[0]
            low = max(low, hit[0])
        if low >= budget:
            return low
        cell = (free & -free).bit_length() - 1
        best = INF
        for mask in at[cell]:
            if covered & mask:
                continue
            r = min(INF, 1 + need(covered | mask, min(budget, best) - 1))
            if r < best:
                best = r
                if best <= low:
                    break
        # best < budget: it comes from an exact answer of a child, so it is
        # exact; otherwise every child needs at least what it returned.
        memo[covered] = (best, best < budget or best == INF)
        return best

    sys.setrecursionlimit(max(sys.getrecursionlimit(), n * m + 100))
    best = need(0, INF)
    return -1 if best >= INF else best


def main():
    if len(sys.argv) != 3:
        sys.exit('usage: treasure_map.py CASE.in ACTUAL_OUTPUT')
    cases = read_cases(sys.argv[1])
    with open(sys.argv[2], 'rb') as f:
        out = [l.rstrip(b'\r').rstrip(b' \t') for l in f.read().split(b'\n')]
    while out and out[-1] == b'':
        out.pop()
    if len(out) != len(cases):
        print('expected %d output lines, got %d' % (len(cases), len(out)))
        return 1
    for k, ((n, m, pieces), line) in enumerate(zip(cases, out), 1):
        want = min_pieces(n, m, pieces)
        if line != str(want).encode():
            print('case %d (%d x %d, %d pieces): got %r, expected %d' % (
                k, n, m, len(pieces), line.decode('utf-8', 'replace')[:100], want))
            return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
