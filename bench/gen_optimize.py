#!/usr/bin/env python3
"""Inputs for benchmarking the optimizing programs (treasure_map: fewest
rows; target_sudoku: maximum weight) against the seed's reference programs.

usage: bench/gen_optimize.py OUTDIR

Deterministic (fixed seeds): every run writes the same bytes. Writes
  treasure_30x30.txt     one treasure_map input: 10 maps of 30 x 30 cells with
                         exactly 300 pieces each, 8 of them tiled
  target_sudoku_1.txt .. target_sudoku_4.txt
                         one target_sudoku puzzle each, in increasing order of
                         the work needed to enumerate every completion
  target_random_01.txt .. target_random_20.txt
                         twenty random target_sudoku puzzles: a random full
                         grid (complete() of c_tests/checkers/sudoku_common.py
                         on an empty grid, randomised), of which 20 to 24
                         clues (the number drawn at random) are kept at
                         random places
  square_destroyer.txt   one square_destroyer input: 300 grids of 4 x 4 and
                         5 x 5 matches, some matches already taken away (the
                         random cases of c_tests/cases/square_destroyer/gen.py)
and prints what each holds.

treasure_30x30.txt uses the constructions of c_tests/cases/treasure_map/gen.py
(imported by path): each map is cut into rectangles, so a tiling exists, and
more pieces are added.
 1-3  a cut into rectangles of at most 5 x 5, 13 or 14 merges of two of its
      pieces and as many splits of one into two, random pieces: each merge
      or split doubles the tilings a search without memory must bound
 4-7  the map cut by straight lines into 8 x 8 (7 x 8) blocks, every block a
      piece, rectangles of up to 4 x 4 blocks and 50 random pieces
 8    6 x 8 blocks coloured like a chessboard, two single blocks of one colour
      forced, every other block piece of even area: no tiling (-1), found
      only after a long search by a search without memory
 9    a cut with one piece removed and no piece able to replace it (-1)
 10   as 1-3 with 12 merges and 12 splits
The answers are recomputed and printed with the own search of
c_tests/checkers/treasure_map.py. The reference (g++ -O2 of ../shared/reference/treasure_map.cpp)
answers the whole file in about 9 s on the machine where this was tuned.

target_sudoku_K.txt: the published sample 1 of Luogu P1074 (30 clues, 3
completions) with clues removed in an order shuffled by a fixed seed, down
to 22, 21, 20 and 20 clues. They have 87,740, 250,636, 469,065 and 802,637
completions (counted by the enumeration of c_tests/checkers/target_sudoku.py,
20 to 80 s each, too slow to run here); the reference program enumerates them all and
takes about 0.3, 0.8, 1.4 and 2.5 s with g++ -O2 on that machine.
"""
import importlib.util
import os
import random
import sys

sys.dont_write_bytecode = True  # no __pycache__ in bench/ or c_tests/
here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(here)
cases = os.path.join(root, 'c_tests', 'cases', 'treasure_map')


def load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


tgen = load('treasure_map_gen', os.path.join(cases, 'gen.py'))

# The published sample 1 of Luogu P1074, as the target sudoku cases have it.
SAMPLE = load('target_sudoku_gen', os.path.join(os.path.dirname(cases), 'target_sudoku', 'gen.py')).SAMPLE
sgen = load('square_destroyer_gen', os.path.join(os.path.dirname(cases), 'square_destroyer', 'gen.py'))
complete = load('sudoku_common', os.path.join(root, 'c_tests', 'checkers', 'sudoku_common.py')).complete

# (seed of the order in which clues are removed, clues kept), chosen by
# timing the reference: about 0.3, 0.7, 1.2, 2.4 s
SUDOKU = [(1, 22), (11, 21), (8, 20), (6, 20)]


def treasure():
    rng = random.Random(30093)
    maps = []
    for joins in (13, 14, 14):
        maps.append(tgen.planted(rng, 30, 30, 300, 5, 5, second=False, joins=joins))
    for _ in range(3):
        maps.append(tgen.blocks(rng, 30, 30, 8, 8, 4, 300, 50))
    maps.append(tgen.blocks(rng, 30, 30, 7, 8, 4, 300, 50))
    maps.append(tgen.mutilated(rng, 30, 30, 6, 8, 3, 300))
    maps.append(tgen.planted(rng, 30, 30, 300, 5, 5, second=False, joins=10, drop=1))
    maps.append(tgen.planted(rng, 30, 30, 300, 5, 5, second=False, joins=12))
    assert all(len(p) == 300 for p in maps)
    return [(30, 30, p) for p in maps]


def sudoku(seed, kept):
    order = [i for i in range(81) if SAMPLE[i]]
    random.Random(seed).shuffle(order)
    p = list(SAMPLE)
    for i in order[:len(order) - kept]:
        p[i] = 0
    return grid_text(p)


def random_targets(count=20, seed=2026):
    # Not chosen by timing anything: the first `count` puzzles of the seed.
    rng = random.Random(seed)
    puzzles = []
    for _ in range(count):
        grid = complete([0] * 81, 9, 3, rng=rng)
        kept = set(rng.sample(range(81), rng.randint(20, 24)))
        puzzles.append([v if i in kept else 0 for i, v in enumerate(grid)])
    return puzzles


def grid_text(p):
    return ''.join(' '.join(str(v) for v in p[r * 9:r * 9 + 9]) + '\n' for r in range(9))


def main():
    if len(sys.argv) != 2:
        sys.exit('usage: gen_optimize.py OUTDIR')
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    maps = treasure()
    with open(os.path.join(out, 'treasure_30x30.txt'), 'w', newline='') as f:
        f.write(tgen.cases_text(maps))
    got = tgen.answers(maps)
    assert [k for k, a in enumerate(got, 1) if a < 0] == [8, 9], got
    print('treasure_30x30.txt: %d maps of 30 x 30, 300 pieces each; answers %s'
          % (len(maps), ' '.join(str(a) for a in got)))
    for k, (seed, kept) in enumerate(SUDOKU, 1):
        name = 'target_sudoku_%d.txt' % k
        with open(os.path.join(out, name), 'w', newline='') as f:
            f.write(sudoku(seed, kept))
        print('%s: Luogu P1074 sample 1 cut to %d clues (order seed %d)' % (name, kept, seed))
    targets = random_targets()
    for k, p in enumerate(targets, 1):
        with open(os.path.join(out, 'target_random_%02d.txt' % k), 'w', newline='') as f:
            f.write(grid_text(p))
    print('target_random_01.txt .. _%02d.txt: random target sudokus of %s clues'
          % (len(targets), ', '.join(str(sum(1 for v in p if v)) for p in targets)))
    with open(os.path.join(out, 'square_destroyer.txt'), 'w', newline='') as f:
        f.write(sgen.cases(random.Random(5), 300, [4, 5]))
    print('square_destroyer.txt: 300 grids of 4 x 4 and 5 x 5')


if __name__ == '__main__':
    main()
