#!/usr/bin/env python3
"""Checker for hust1017 (HUST 1017, exact cover; rows given as column lists).

usage: hust1017.py CASE.in ACTUAL_OUTPUT

Input, repeated until end: "n m", then n lines "k c1 .. ck" (1-based columns).
The output must have one line per case:
- "k r1 .. rk": accepted when k is the number of rows listed, the rows are
  distinct numbers in 1..n and every column 1..m lies in exactly one of them
  (any order, any of several covers);
- "NO": accepted only when this checker's own exhaustive search finds no exact
  cover. The search branches on the lowest uncovered column and tries every
  row containing it that is disjoint from the rows taken so far; every exact
  cover contains exactly one such row, so when it ends without a cover none
  exists. For matrices of at most 20 rows the answer is also confirmed by
  trying every subset of rows. When the search exceeds its step limit the
  checker fails (it will not accept an unverified "NO"); the cases are kept
  small enough for that never to happen.
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
    pos = 0
    cases = []
    while pos < len(tok):
        n, m = int(tok[pos]), int(tok[pos + 1])
        pos += 2
        masks = []
        for _ in range(n):
            k = int(tok[pos])
            cols = [int(x) for x in tok[pos + 1:pos + 1 + k]]
            pos += 1 + k
            assert all(1 <= c <= m for c in cols) and len(set(cols)) == k, "bad case input"
            mk = 0
            for c in cols:
                mk |= 1 << (c - 1)
            masks.append(mk)
        cases.append((n, m, masks))
    return cases


def judge(n, m, masks, line):
    """None when the line is a right answer for the case, else why not."""
    if line == "NO":
        try:
            cover = find_cover(m, masks)
        except TooBig:
            return "cannot verify NO: search too large (make the case smaller)"
        if cover is not None:
            return "printed NO, but rows %s form an exact cover" % " ".join(str(i + 1) for i in sorted(cover))
        if n <= 20 and subsets_cover(m, masks):
            return "printed NO, but subset enumeration finds a cover (checker bug?)"
        return None
    parts = line.split()
    try:
        nums = [int(x) for x in parts]
    except ValueError:
        return "not a number list or NO: %r" % line[:80]
    if not nums or nums[0] != len(nums) - 1:
        return "first number must count the rows that follow: %r" % line[:80]
    rows = nums[1:]
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
    cases = parse(sys.argv[1])
    lines = [l.strip() for l in open(sys.argv[2]).read().split("\n")]
    while lines and lines[-1] == "":
        lines.pop()
    if len(lines) != len(cases):
        print("expected %d output lines (one per case), got %d" % (len(cases), len(lines)))
        sys.exit(1)
    bad = 0
    for idx, ((n, m, masks), line) in enumerate(zip(cases, lines)):
        why = judge(n, m, masks, line)
        if why:
            print("case %d (n=%d m=%d): %s" % (idx + 1, n, m, why))
            bad += 1
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
