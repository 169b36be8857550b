#!/usr/bin/env python3
"""Writes the cases of lottery beside this file.

usage: python3 gen.py

Every case is judged by checkers/lottery.py, which recomputes the covering
number by its own search. The .expected files hold facts from the
literature, not runs: C(4,3,2) = 3 (the seed's worked example), C(5,3,2) = 4
and C(6,5,4) = 5 (the issue), C(7,3,2) = 7 (the Fano plane), C(v,k,1) =
ceil(v/k), C(v,v-1,t) = t + 1, C(v,k,k) = the binomial C(v,k), and C(8,5,4)
above 10 (SAMPLES.md), and Turan numbers T(n, l, r) = C(n, n - r, n - l)
(Sidorenko's survey, 1995, as tabulated in Wikipedia's "Turan number"):
T(10, 7, 4) = 10 = C(10, 6, 3), T(9, 7, 4) = 5 = C(9, 5, 2),
T(8, 6, 4) = 6 = C(8, 4, 2), T(9, 6, 4) = 12 = C(9, 5, 3) and
T(11, 7, 4) = 17 = C(11, 7, 4).
"""
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(here))
import case_files  # noqa: E402

FACTS = {
    (4, 3, 2): '3', (5, 3, 2): '4', (6, 5, 4): '5', (7, 3, 2): '7', (8, 5, 4): '10 or more',
    (10, 3, 1): '4', (9, 8, 5): '6', (5, 3, 3): '10', (6, 3, 3): '10 or more', (7, 7, 4): '1',
    (10, 6, 3): '10', (9, 5, 2): '5', (8, 4, 2): '6', (9, 5, 3): '10 or more', (11, 7, 4): '10 or more',
}
# Where the program's bounds decide (each judged by the checker's own
# search, so a bound that claimed too much would fail here): (8, 5, 3) is
# the least input whose floor from the exact C(7, 4, 2) = 5 (8) is above
# Schoenheim's bound (7); the pair argument rules out 4 tickets for
# (9, 5, 2) (a fact case above) and 5 for (10, 7, 3); two smaller covers
# joined give the answer of (10, 8, 4), (10, 8, 5) and (10, 7, 3).
JUDGED = [(6, 3, 2), (6, 4, 2), (7, 4, 2), (8, 4, 2), (8, 3, 2), (9, 3, 2), (7, 5, 3), (8, 6, 4),
          (9, 7, 5), (10, 8, 6), (6, 4, 3), (7, 2, 1), (3, 3, 0), (1, 1, 1), (12, 11, 2), (8, 5, 3),
          (10, 7, 3), (10, 8, 4), (10, 8, 5)]

for (m, n, w), want in FACTS.items():
    name = os.path.join(here, 'fact_%d_%d_%d' % (m, n, w))
    case_files.write(name + '.in', '%d %d %d\n' % (m, n, w))
    case_files.write(name + '.expected', want + '\n')
for m, n, w in JUDGED:
    case_files.write(os.path.join(here, 'judged_%d_%d_%d.in' % (m, n, w)), '%d %d %d\n' % (m, n, w))

case_files.reject_all(here, [
    ('bad_w_above_n', b'5 2 3\n', 'w > n'),
    ('bad_n_above_m', b'4 5 2\n', 'n > m'),
    ('bad_n_zero', b'4 0 0\n', 'n = 0'),
    ('bad_too_many_tickets', b'15 7 3\n', 'C(15, 7) = 6435 tickets, beyond 1000'),
    ('bad_too_many_pairs', b'1000 999 1\n', '1000 tickets of 999 draws each, beyond 100000 pairs'),
    ('bad_m_huge', b'1001 1 1\n', 'm beyond 1000'),
    ('bad_letter', b'8 x 4\n', 'not a number'),
    ('bad_short', b'8 5\n', 'w missing'),
    ('bad_trailing', b'4 3 2 1\n', 'text after m n w'),
])
