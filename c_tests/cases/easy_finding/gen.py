#!/usr/bin/env python3
"""Writes random.in and poj_size.in beside this file (fixed seeds, so the
files are reproducible). Only the inputs are generated: whether each case has
an exact cover is decided by brute force in checkers/easy_finding.py, not
stored here. About half the cases hide a planted cover (a random partition
of the columns into rows, mixed with random decoy rows), some of those with
one planted row damaged, so both answers occur.

usage: python3 gen.py
"""
import os
import random

here = os.path.dirname(os.path.abspath(__file__))


def case(rng, nrows, ncols, plant, damage=False, density=0.3):
    rows = []
    if plant:
        cols = list(range(ncols))
        rng.shuffle(cols)
        k = rng.randint(1, min(nrows, ncols))
        cuts = sorted(rng.sample(range(1, ncols), k - 1)) if k > 1 else []
        parts = [cols[a:b] for a, b in zip([0] + cuts, cuts + [ncols])]
        for p in parts:
            rows.append(set(p))
        if damage:
            victim = rng.randrange(len(rows))
            c = rng.randrange(ncols)
            rows[victim] ^= {c}
    while len(rows) < nrows:
        rows.append({c for c in range(ncols) if rng.random() < density})
    rng.shuffle(rows)
    out = ["%d %d" % (nrows, ncols)]
    for r in rows:
        out.append(" ".join("1" if c in r else "0" for c in range(ncols)))
    return "\n".join(out) + "\n"


def write(name, seed, shapes):
    rng = random.Random(seed)
    with open(os.path.join(here, name), "w") as f:
        for nrows, ncols in shapes:
            kind = rng.random()
            f.write(case(rng, nrows, ncols, plant=kind < 0.6, damage=kind < 0.2,
                         density=rng.choice([0.1, 0.2, 0.3, 0.5])))


if __name__ == "__main__":
    r = random.Random(1)
    write("random.in", 3740, [(r.randint(1, 12), r.randint(1, 12)) for _ in range(60)])
    # The size limits of POJ 3740: up to 16 rows, up to 300 columns.
    write("poj_size.in", 3741, [(16, r.choice([50, 120, 300])) for _ in range(12)])
