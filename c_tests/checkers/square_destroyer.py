#!/usr/bin/env python3
"""Checker for c_tests/square_destroyer (POJ 1084): recomputes every answer.

usage: square_destroyer.py CASE.in ACTUAL_OUTPUT

The input is `T`, then per case `N K` and K match numbers already taken
away (the numbering of square_destroyer.c). The output must be T lines, line
k the fewest further matches to take away so that no square of any size is
left complete. Only grids with N <= 3 are judged (the checker refuses larger
ones): for those it tries every set of remaining matches, smallest sets
first, written here with bit sets and sharing nothing with the program or
the library under test (no dancing links, no bound).
"""
import itertools
import sys

sys.dont_write_bytecode = True
from cover_common import case_output_lines  # noqa: E402


def squares(n):
    """Each square of the N x N grid as the bit set of its matches (bit x
    for match x, numbered from 1 row by row: N horizontal, then N + 1
    vertical)."""
    stride = 2 * n + 1
    horizontal = lambda row, col: row * stride + col + 1
    vertical = lambda row, col: row * stride + n + col + 1
    out = []
    for s in range(1, n + 1):
        for i in range(n - s + 1):
            for j in range(n - s + 1):
                edges = [horizontal(i, j + d) for d in range(s)] + [horizontal(i + s, j + d) for d in range(s)]
                edges += [vertical(i + d, j) for d in range(s)] + [vertical(i + d, j + s) for d in range(s)]
                out.append(sum(1 << e for e in edges))
    return out


def fewest(n, gone):
    """The fewest matches (not in the set `gone`) whose removal breaks every
    square: every subset of the remaining matches, by size."""
    complete = [q for q in squares(n) if q & gone == 0]
    left = [x for x in range(1, 2 * n * (n + 1) + 1) if not gone >> x & 1]
    for k in range(len(left) + 1):
        for pick in itertools.combinations(left, k):
            mask = sum(1 << x for x in pick)
            if all(q & mask for q in complete):
                return k
    raise AssertionError('taking every match away breaks every square')


def read_cases(path):
    nums = list(map(int, open(path).read().split()))
    t, at, cases = nums[0], 1, []
    for _ in range(t):
        n, k = nums[at], nums[at + 1]
        gone = 0
        for x in nums[at + 2:at + 2 + k]:
            gone |= 1 << x  # a match named twice is taken away once
        cases.append((n, gone))
        at += 2 + k
    return cases


def main():
    if len(sys.argv) != 3:
        sys.exit('usage: square_destroyer.py CASE.in ACTUAL_OUTPUT')
    cases = read_cases(sys.argv[1])
    lines = case_output_lines(sys.argv[2], len(cases))
    for k, ((n, gone), line) in enumerate(zip(cases, lines), 1):
        if n > 3:
            print('case %d: N = %d is beyond what this checker judges (3)' % (k, n))
            return 1
        want = fewest(n, gone)
        if line != str(want):
            print('case %d (N = %d): got %r, expected %d' % (k, n, line[:100], want))
            return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
