#!/usr/bin/env python3
"""Writes the cases of square_destroyer beside this file (fixed seed:
every run writes the same bytes).

usage: python3 gen.py

The sample's answers (3 and 3) are facts from the issue; every other
answer is judged by checkers/square_destroyer.py, which tries every set of
matches, smallest first (grids up to 3 x 3).
"""
import os
import random
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(here))
import case_files  # noqa: E402


def cases(rng, count, sides):
    """`count` random cases on the given grid sizes, each with a random
    share of its matches already taken away (sometimes none, sometimes a
    match named twice)."""
    out = []
    for _ in range(count):
        n = rng.choice(sides)
        matches = 2 * n * (n + 1)
        taken = rng.sample(range(1, matches + 1), rng.choice([0, 1, 2, rng.randrange(matches + 1)]))
        if taken and len(taken) < matches and rng.random() < 0.2:
            taken.append(taken[0])
        out.append('%d %d\n%s' % (n, len(taken), ''.join('%d\n' % x for x in taken) if taken else ''))
    return '%d\n%s' % (len(out), ''.join(out))


def main():
    case_files.write(os.path.join(here, 'sample.in'), '2\n2 0\n3 3 12 17 23\n')
    case_files.write(os.path.join(here, 'sample.expected'), '3\n3\n')
    rng = random.Random(1084)
    case_files.write(os.path.join(here, 'full_grids.in'), '3\n1 0\n2 0\n3 0\n')
    case_files.write(os.path.join(here, 'small.in'), cases(rng, 40, [1, 2]))
    case_files.write(os.path.join(here, 'three.in'), cases(rng, 12, [3]))
    case_files.write(os.path.join(here, 'all_gone.in'), '1\n2 12\n' + ' '.join(map(str, range(1, 13))) + '\n')

    case_files.reject_all(here, [
        ('bad_n_zero', b'1\n0 0\n', 'N = 0'),
        ('bad_n_six', b'1\n6 0\n', 'N beyond 5'),
        ('bad_k_too_big', b'1\n1 5\n1 2 3 4 1\n', 'K beyond the 4 matches of a 1 x 1 grid'),
        ('bad_match_zero', b'1\n2 1\n0\n', 'match numbers start at 1'),
        ('bad_match_range', b'1\n2 1\n13\n', 'a 2 x 2 grid has 12 matches'),
        ('bad_short', b'2\n2 0\n', 'the second case is missing'),
        ('bad_trailing', b'1\n2 0\n7\n', 'text after the last case'),
    ])


if __name__ == '__main__':
    main()
