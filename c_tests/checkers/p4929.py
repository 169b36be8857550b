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
The searches (and the check of a printed cover) live in cover_common.py.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the checkers
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cover_common import judge_none, judge_rows, masks_01, read_output_lines  # noqa: E402


def parse(path):
    tok = open(path).read().split()
    n, m = int(tok[0]), int(tok[1])
    vals = tok[2:2 + n * m]
    assert len(vals) == n * m and set(vals) <= {"0", "1"}, "bad case input"
    return n, m, masks_01(vals, n, m)


def judge(n, m, masks, line):
    """None when the line is a right answer, else why not."""
    if line == "No Solution!":
        return judge_none(n, m, masks, "No Solution!")
    try:
        rows = [int(x) for x in line.split()]
    except ValueError:
        return "not a row list or No Solution!: %r" % line[:80]
    return judge_rows(n, m, masks, rows)


def main():
    n, m, masks = parse(sys.argv[1])
    lines = read_output_lines(sys.argv[2])
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
