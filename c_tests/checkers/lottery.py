#!/usr/bin/env python3
"""Checker for c_tests/lottery: recomputes the answer.

usage: lottery.py CASE.in ACTUAL_OUTPUT

The input is `m n w`. The output must be one line: the covering number
C(m, n, w), the fewest n-subsets of {1..m} (tickets) such that every
w-subset (draw) lies in one of them, when it is at most 10, else
`10 or more`.

The answer is recomputed by a search written here, sharing nothing with the
program or the library under test (no dancing links): draws are bits, a
ticket is the bit set of the draws it contains, and for k = 1, 2, ..., 10 a
depth-first search asks whether k tickets suffice. It branches on the lowest
uncovered draw (some ticket must contain it), trying the tickets that do,
and cuts a branch when the uncovered draws outnumber what the tickets still
allowed can hold (C(n, w) draws each). Meant for small inputs only.

A case with a CASE.expected file (a fact from the literature, which the
test runner has already compared) is not searched again here: some facts,
such as C(11, 7, 4) = 17, are far beyond this search.
"""
import itertools
import math
import os
import sys

sys.dont_write_bytecode = True
from cover_common import case_output_lines  # noqa: E402

LIMIT = 10


def covering_number(m, n, w):
    """C(m, n, w) when at most LIMIT, else None."""
    draws = {d: i for i, d in enumerate(itertools.combinations(range(m), w))}
    tickets = [sum(1 << draws[d] for d in itertools.combinations(t, w)) for t in itertools.combinations(range(m), n)]
    full = (1 << len(draws)) - 1
    per = math.comb(n, w)
    holding = [[t for t in tickets if t >> d & 1] for d in range(len(draws))]

    def fits(covered, k):
        if covered == full:
            return True
        if k == 0 or bin(full & ~covered).count('1') > k * per:
            return False
        first = (~covered & (covered + 1)).bit_length() - 1  # the lowest clear bit
        return any(fits(covered | t, k - 1) for t in holding[first])

    for k in range(0, LIMIT + 1):
        if fits(0, k):
            return k
    return None


def main():
    if len(sys.argv) != 3:
        sys.exit('usage: lottery.py CASE.in ACTUAL_OUTPUT')
    if os.path.exists(sys.argv[1][:-3] + '.expected'):
        return 0
    m, n, w = map(int, open(sys.argv[1]).read().split())
    line = case_output_lines(sys.argv[2], 1)[0]
    k = covering_number(m, n, w)
    want = '10 or more' if k is None else str(k)
    if line != want:
        print('%d %d %d: got %r, expected %r' % (m, n, w, line[:100], want))
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
