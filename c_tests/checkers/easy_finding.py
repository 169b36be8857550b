#!/usr/bin/env python3
"""Checker for easy_finding (POJ 3740: does a 0/1 matrix have an exact cover?).

usage: easy_finding.py CASE.in ACTUAL_OUTPUT

Input, repeated until end: "R C" then R rows of C values 0/1. The output must
have one line per case, "Yes, I found it" when some set of rows has exactly one
1 in every column, else "It is impossible". The right answer is decided here
by brute force, never taken from a run of the program under test:
- for at most 20 rows, every subset of rows is tried (overlapping subsets are
  cut off as soon as they overlap, which loses no cover);
- always, an exhaustive search that branches on the lowest uncovered column
  and tries every row with a 1 there disjoint from the rows taken so far
  (every exact cover holds exactly one such row); both must agree, and a found
  cover is re-checked column by column.
Past its step limit the checker fails rather than guess; cases are kept small.
"""
import sys

sys.setrecursionlimit(100000)
STEP_LIMIT = 3_000_000
YES, NO = "Yes, I found it", "It is impossible"


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
        r, c = int(tok[pos]), int(tok[pos + 1])
        pos += 2
        vals = tok[pos:pos + r * c]
        pos += r * c
        assert len(vals) == r * c and set(vals) <= {"0", "1"}, "bad case input"
        masks = []
        for i in range(r):
            mk = 0
            for j in range(c):
                if vals[i * c + j] == "1":
                    mk |= 1 << j
            masks.append(mk)
        cases.append((r, c, masks))
    return cases


def truth(r, c, masks):
    """YES or NO, or raise TooBig."""
    cover = find_cover(c, masks)
    if cover is not None:
        counts = [sum(masks[i] >> j & 1 for i in cover) for j in range(c)]
        assert counts == [1] * c, "checker bug: bad cover"
    answer = YES if cover is not None else NO
    if r <= 20:
        answer2 = YES if subsets_cover(c, masks) else NO
        assert answer == answer2, "checker bug: the two searches disagree"
    return answer


def main():
    cases = parse(sys.argv[1])
    lines = [l.strip() for l in open(sys.argv[2]).read().split("\n")]
    while lines and lines[-1] == "":
        lines.pop()
    if len(lines) != len(cases):
        print("expected %d output lines (one per case), got %d" % (len(cases), len(lines)))
        sys.exit(1)
    bad = 0
    for idx, ((r, c, masks), line) in enumerate(zip(cases, lines)):
        try:
            want = truth(r, c, masks)
        except TooBig:
            print("case %d (R=%d C=%d): too large to decide here" % (idx + 1, r, c))
            bad += 1
            continue
        if line != want:
            print("case %d (R=%d C=%d): got %r, expected %r" % (idx + 1, r, c, line, want))
            bad += 1
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
