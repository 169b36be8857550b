#!/usr/bin/env python3
"""Writes random01.in .. random12.in and big.in beside this file (fixed
seeds: reproducible). Only inputs are generated; each answer is judged by
checkers/p4929.py (a printed cover is checked against the matrix, a
"No Solution!" is proved by its exhaustive search), nothing is stored from a
run.

randomNN.in: small matrices (N <= 30, M <= 20); most hide a planted cover (a
random partition of the columns) among random decoy rows, some with a planted
row damaged, some with none, so both answers occur.
big.in: the problem's limits, N = M = 500 with under 5000 ones: a planted
cover (rows of 3..7 ones) among decoy rows of 8..12 ones, so a cover exists
and the checker only verifies the printed one.

The planted covers come from cover_common.py in checkers/.

usage: python3 gen.py
"""
import os
import random
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(here)), "checkers"))
from cover_common import partition, small_planted  # noqa: E402


def emit(m, rows):
    out = ["%d %d" % (len(rows), m)]
    for r in rows:
        out.append(" ".join("1" if c in r else "0" for c in range(m)))
    return "\n".join(out) + "\n"


def small(rng):
    m, n, rows, victim = small_planted(rng, 0, set)
    if victim is not None:
        victim ^= {rng.randrange(m)}
    density = rng.choice([0.1, 0.2, 0.3])
    while len(rows) < n:
        rows.append({c for c in range(m) if rng.random() < density})
    rng.shuffle(rows)
    return emit(m, rows)


def big(rng, n, m):
    rows = partition(rng, list(range(m)), 3, 7, set)
    while len(rows) < n:
        rows.append(set(rng.sample(range(m), rng.randint(8, 12))))
    rng.shuffle(rows)
    return emit(m, rows)


if __name__ == "__main__":
    rng = random.Random(4929)
    for i in range(1, 13):
        with open(os.path.join(here, "random%02d.in" % i), "w") as f:
            f.write(small(rng))
    with open(os.path.join(here, "big.in"), "w") as f:
        f.write(big(random.Random(49290), 500, 500))
