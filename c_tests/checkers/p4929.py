#!/usr/bin/env python3
"""Checker for p4929 (Luogu P4929, exact cover of a 0/1 matrix).

usage: p4929.py CASE.in ACTUAL_OUTPUT

Input: "N M" then N rows of M values 0/1 (one case). The output must be one
line:
- the 1-based numbers of rows forming an exact cover, separated by white
  space, in any order (for M = 0 the empty line: no row needed); accepted when
  the numbers are distinct rows in 1..N and every column has a 1 in exactly
  one of them;
- "No Solution!": accepted only when this checker's own exhaustive search
  finds no exact cover. The search branches on the lowest uncovered column and
  tries every row with a 1 there that is disjoint from the rows taken so far;
  every exact cover contains exactly one such row, so when it ends without a
  cover none exists. For at most 20 rows the answer is also confirmed by
  trying every subset of rows. Past its step limit the checker fails rather
  than accept an unverified "No Solution!".
Nothing here comes from a run of the program under test.
"""
import sys

sys.setrecursionlimit(100000)
STEP_LIMIT = 3_000_000


class TooBig(Exception):
    pass


def find_cover(ncols, masks):
    """An exact cover (list of row indices) or None; exhaustive."""
    full = (1 << ncols) - 1
    bycol = [[] for _ in range(ncols)]
    for i, mk in enumerate(masks):
        c = 0
        x = mk
        while x:
            if x & 1:
                bycol[c].append(i)
            x >>= 1
            c += 1
    chosen = []
    steps = [0]

    def rec(covered):
        if covered == full:
            return True
        steps[0] += 1
        if steps[0] > STEP_LIMIT:
            raise TooBig()
        free = ~covered & full
        c = (free & -free).bit_length() - 1
        for i in bycol[c]:
            if masks[i] & covered == 0:
                chosen.append(i)
                if rec(covered | masks[i]):
                    return True
                chosen.pop()
        return False

    return list(chosen) if rec(0) else None


def subsets_cover(ncols, masks):
    """True when some subset of the rows is an exact cover: plain enumeration
    (with overlapping subsets cut off early), for small row counts."""
    full = (1 << ncols) - 1

    def rec(i, covered):
        if i == len(masks):
            return covered == full
        if rec(i + 1, covered):
            return True
        return masks[i] & covered == 0 and rec(i + 1, covered | masks[i])

    return rec(0, 0)


def parse(path):
    tok = open(path).read().split()
    n, m = int(tok[0]), int(tok[1])
    vals = tok[2:2 + n * m]
    assert len(vals) == n * m and set(vals) <= {"0", "1"}, "bad case input"
    masks = []
    for i in range(n):
        mk = 0
        for j in range(m):
            if vals[i * m + j] == "1":
                mk |= 1 << j
        masks.append(mk)
    return n, m, masks


def judge(n, m, masks, line):
    """None when the line is a right answer, else why not."""
    if line == "No Solution!":
        try:
            cover = find_cover(m, masks)
        except TooBig:
            return "cannot verify No Solution!: search too large (make the case smaller)"
        if cover is not None:
            return "printed No Solution!, but rows %s form an exact cover" % " ".join(
                str(i + 1) for i in sorted(cover))
        if n <= 20 and subsets_cover(m, masks):
            return "printed No Solution!, but subset enumeration finds a cover (checker bug?)"
        return None
    try:
        rows = [int(x) for x in line.split()]
    except ValueError:
        return "not a row list or No Solution!: %r" % line[:80]
    if len(set(rows)) != len(rows):
        return "a row is listed twice"
    covered = 0
    for r in rows:
        if not 1 <= r <= n:
            return "row %d is not in 1..%d" % (r, n)
        if masks[r - 1] & covered:
            return "row %d covers a column already covered" % r
        covered |= masks[r - 1]
    if covered != (1 << m) - 1:
        missing = [c + 1 for c in range(m) if not covered >> c & 1]
        return "columns not covered: %s" % missing[:10]
    return None


def main():
    n, m, masks = parse(sys.argv[1])
    lines = [l.strip() for l in open(sys.argv[2]).read().split("\n")]
    while lines and lines[-1] == "":
        lines.pop()
    if len(lines) > 1:
        print("expected one output line, got %d" % len(lines))
        sys.exit(1)
    why = judge(n, m, masks, lines[0] if lines else "")
    if why:
        print("N=%d M=%d: %s" % (n, m, why))
        sys.exit(1)
    sys.exit(0)


if __name__ == "__main__":
    main()
