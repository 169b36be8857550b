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
The searches (and the check of a printed cover) live in cover_common.py.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the checkers
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cover_common import judge_none, judge_rows, case_output_lines  # noqa: E402


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
        return judge_none(n, m, masks, "NO")
    parts = line.split()
    try:
        nums = [int(x) for x in parts]
    except ValueError:
        return "not a number list or NO: %r" % line[:80]
    if not nums or nums[0] != len(nums) - 1:
        return "first number must count the rows that follow: %r" % line[:80]
    return judge_rows(n, m, masks, nums[1:])


def main():
    cases = parse(sys.argv[1])
    lines = case_output_lines(sys.argv[2], len(cases))
    bad = 0
    for idx, ((n, m, masks), line) in enumerate(zip(cases, lines)):
        why = judge(n, m, masks, line)
        if why:
            print("case %d (n=%d m=%d): %s" % (idx + 1, n, m, why))
            bad += 1
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
