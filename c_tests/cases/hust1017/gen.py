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

usage: python3 gen.py
"""
import os
import random

here = os.path.dirname(os.path.abspath(__file__))


def partition(rng, m, size_lo, size_hi):
    cols = list(range(1, m + 1))
    rng.shuffle(cols)
    parts = []
    i = 0
    while i < m:
        k = rng.randint(size_lo, size_hi)
        parts.append(cols[i:i + k])
        i += k
    return parts


def emit(n, m, rows):
    out = ["%d %d" % (n, m)]
    for r in rows:
        out.append(" ".join(str(x) for x in [len(r)] + list(r)))
    return "\n".join(out) + "\n"


def small(rng):
    m = rng.randint(1, 20)
    n = rng.randint(1, 30)
    kind = rng.random()
    rows = []
    if kind < 0.7:
        rows = partition(rng, m, 1, max(1, m // 3))[:n]
        if kind < 0.25 and rows:
            victim = rows[rng.randrange(len(rows))]
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
    rows = partition(rng, m, 3, 7)
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
