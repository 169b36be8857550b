#!/usr/bin/env python3
"""Writes random.in and big.in beside this file (fixed seeds: reproducible).
Only inputs are generated; each printed answer is judged by
checkers/hust1017.py (a printed cover is checked against the input, a NO is
proved by its exhaustive search), nothing is stored from a run.

random.in: 80 small cases (n <= 30 rows, m <= 20 columns); most hide a planted
cover (a random partition of the columns) among random decoy rows, some with a
planted row damaged, some with none, so both answers occur.
big.in: 2 cases of 1000 rows, over 500 and 1000 columns, each with a planted
cover (rows of 3..7 columns) among random decoy rows (8..15 and 5..10
columns): a cover exists, so the checker only has to verify the printed one.
(Decoys of 3..8 columns over 300-500 columns make searches of tens of
seconds, even for the reference program: too slow for this suite.)

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


def emit(n, m, rows):
    out = ["%d %d" % (n, m)]
    for r in rows:
        out.append(" ".join(str(x) for x in [len(r)] + list(r)))
    return "\n".join(out) + "\n"


def small(rng):
    m, n, rows, victim = small_planted(rng, 1, list)
    if victim is not None:
        extra = [c for c in range(1, m + 1) if c not in victim]
        if extra and rng.random() < 0.5:
            victim.append(rng.choice(extra))
        elif len(victim) > 1:
            victim.pop()
    while len(rows) < n:
        k = rng.randint(0, min(m, 5))
        rows.append(rng.sample(range(1, m + 1), k))
    rng.shuffle(rows)
    return emit(n, m, rows)


def big(rng, n, m, dlo, dhi):
    rows = partition(rng, list(range(1, m + 1)), 3, 7)
    while len(rows) < n:
        rows.append(rng.sample(range(1, m + 1), rng.randint(dlo, dhi)))
    rng.shuffle(rows)
    return emit(n, m, rows)


if __name__ == "__main__":
    rng = random.Random(1017)
    with open(os.path.join(here, "random.in"), "w") as f:
        for _ in range(80):
            f.write(small(rng))
    rng = random.Random(10170)
    with open(os.path.join(here, "big.in"), "w") as f:
        f.write(big(rng, 1000, 500, 8, 15))
        f.write(big(rng, 1000, 1000, 5, 10))
