#!/usr/bin/env python3
"""Checks of `dlx --memo` and `dlx --sample` against facts computed here,
independently of the library:

* domino tilings of m x n boards against Kasteleyn's product formula
  (1961), evaluated in 150-digit decimal arithmetic (our own pi and cosine
  series), including boards whose counts pass 2^64 and 2^128, and on
  2 and 3 threads;
* the uniformity of `--sample`: Pearson's chi-square over the 281 tilings
  of the 4 x 6 board (a fact of the same formula) accepts it, and the same
  test rejects a deliberately biased sampler (so the test can fail).

Usage: tests/py/memo_checks.py [path/to/dlx]   (default target/release/dlx)
Exit status 0 when every check holds.
"""
import math
import os
import random
import subprocess
import sys
import tempfile
from decimal import Decimal, getcontext

getcontext().prec = 150
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DLX = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, 'target', 'release', 'dlx')
sys.path.insert(0, os.path.join(ROOT, 'tools'))
from gen_instances import cell, dominoes, text  # noqa: E402  (the boards of the suite)


def arctan_inv(x):
    """arctan(1/x) by its series, for an integer x > 1."""
    x = Decimal(x)
    power = 1 / x
    total, k, sign = Decimal(0), 1, 1
    eps = Decimal(10) ** -(getcontext().prec + 2)
    while power > eps:
        total += sign * power / k
        power /= x * x
        k += 2
        sign = -sign
    return total


PI = 16 * arctan_inv(5) - 4 * arctan_inv(239)  # Machin's formula


def cos(t):
    """cos(t) by its Taylor series."""
    term, total, k = Decimal(1), Decimal(1), 0
    eps = Decimal(10) ** -(getcontext().prec + 2)
    while abs(term) > eps:
        term *= -t * t / ((k + 1) * (k + 2))
        total += term
        k += 2
    return total


def kasteleyn(m, n):
    """The number of domino tilings of the m x n board (Kasteleyn, 1961)."""
    if m * n % 2:
        return 0
    p = Decimal(1)
    for j in range(1, (m + 1) // 2 + 1):
        for k in range(1, (n + 1) // 2 + 1):
            p *= 4 * cos(PI * j / (m + 1)) ** 2 + 4 * cos(PI * k / (n + 1)) ** 2
    r = p.to_integral_value()
    assert abs(p - r) < Decimal('1e-50'), (m, n, p)
    return int(r)


def board(m, n):
    """The m x n board in Knuth's format: cells row by row, dominoes."""
    return text(*dominoes(m, n))


def dlx(args, text):
    with tempfile.NamedTemporaryFile('w', suffix='.dlx', delete=False) as f:
        f.write(text)
    try:
        p = subprocess.run([DLX] + args + [f.name], stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=600)
    finally:
        os.unlink(f.name)
    if p.returncode != 0:
        sys.exit('dlx %s failed: %s' % (' '.join(args), p.stderr.decode()[-300:]))
    return p.stdout.decode()


def solutions(out):
    """The solutions printed by --print/--sample, each as a frozenset of
    options (an option: its sorted item names)."""
    found = []
    for block in out.split('\n\n'):
        lines = [l for l in block.split('\n') if l.strip()]
        if lines:
            found.append(frozenset(' '.join(sorted(l.split())) for l in lines))
    return found


def chi_square(draws, universe):
    """Pearson's statistic of `draws` against the uniform law on `universe`."""
    counts = {s: 0 for s in universe}
    for d in draws:
        counts[d] += 1
    e = len(draws) / len(universe)
    return sum((c - e) ** 2 / e for c in counts.values())


def critical(df, z=3.09):
    """The chi-square value exceeded with probability 0.001 (z = 3.09), by
    Wilson and Hilferty's approximation."""
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def main():
    failures = 0

    def check(ok, what):
        nonlocal failures
        print('%s: %s' % (what, 'ok' if ok else 'FAIL'))
        failures += not ok

    # Kasteleyn against --memo, both column rules on the small boards. The
    # long boards stand on their short side: cells numbered row by row then
    # keep the frontier of the first-column rule as narrow as a row.
    boards = [(2, 2), (4, 4), (6, 6), (8, 8), (10, 10), (12, 12), (3, 10), (5, 8), (7, 7), (190, 2), (70, 4), (44, 6), (34, 8), (28, 10), (60, 8), (40, 12)]
    for m, n in boards:
        want = kasteleyn(m, n)
        for order in (['first'] if m * n > 150 else ['first', 'fewest']):
            got = dlx(['-q', '--memo', '--memo-order', order], board(m, n)).strip()
            size = 'past 2^128' if want >= 2 ** 128 else 'past 2^64' if want >= 2 ** 64 else ''
            check(got == str(want), '%dx%d dominoes, %s: %s %s' % (m, n, order, want, size))
    check(any(kasteleyn(m, n) >= 2 ** 128 for m, n in boards), 'some count passes 2^128')
    # On two threads over one shared cache: the same counts.
    for m, n in [(10, 10), (12, 12), (60, 8)]:
        got = dlx(['-q', '--memo', '--memo-order', 'first', '-j', '2'], board(m, n)).strip()
        check(got == str(kasteleyn(m, n)), '%dx%d dominoes on 2 threads: %d' % (m, n, kasteleyn(m, n)))
    got = dlx(['-q', '--memo', '-j', '3'], board(12, 12)).strip()
    check(got == str(kasteleyn(12, 12)), '12x12 dominoes, fewest, on 3 threads')

    # Uniformity of --sample on the 281 tilings of the 4 x 6 board.
    text = board(4, 6)
    universe = set(solutions(dlx(['-q', '--print'], text)))
    check(len(universe) == kasteleyn(4, 6) == 281, '4x6: 281 distinct tilings')
    draws = solutions(dlx(['-q', '--sample', '28100', '--seed', '2026'], text))
    check(len(draws) == 28100 and all(d in universe for d in draws), '28100 draws, each a tiling')
    stat, crit = chi_square(draws, universe), critical(len(universe) - 1)
    check(stat < crit, 'chi-square of --sample %.1f below %.1f (p = 0.001, 280 degrees)' % (stat, crit))
    # A sampler that favours the tilings with a vertical domino in the top
    # left corner by a quarter: the same test must reject it.
    ordered = sorted(universe, key=sorted)
    corner = '%s %s' % (cell(0, 0), cell(1, 0))
    weights = [1.25 if corner in s else 1.0 for s in ordered]
    rng = random.Random(2026)
    biased = rng.choices(ordered, weights, k=len(draws))
    bstat = chi_square(biased, universe)
    check(bstat > crit, 'chi-square of a biased sampler %.1f above %.1f' % (bstat, crit))
    # The same seed gives the same draws; another seed others.
    again = dlx(['-q', '--sample', '50', '--seed', '7'], text)
    check(again == dlx(['-q', '--sample', '50', '--seed', '7'], text), 'the same seed draws the same')
    check(again != dlx(['-q', '--sample', '50', '--seed', '8'], text), 'another seed draws others')

    print('%s' % ('FAILED' if failures else 'all passed'))
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
