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
The searches (and the check of a printed cover) live in cover_common.py.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the checkers
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cover_common import TooBig, find_cover, masks_01, case_output_lines, subsets_cover  # noqa: E402

YES, NO = "Yes, I found it", "It is impossible"


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
        cases.append((r, c, masks_01(vals, r, c)))
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
    lines = case_output_lines(sys.argv[2], len(cases))
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
