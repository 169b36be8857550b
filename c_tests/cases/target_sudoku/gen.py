#!/usr/bin/env python3
"""Writes the generated cases of target_sudoku beside this file (fixed seed:
every run writes the same bytes).

usage: python3 gen.py

Only inputs are written (and, for layout.in, the answer of the published
sample it reuses): every answer is judged by checkers/target_sudoku.py,
which enumerates all completions itself. This script imports that
enumeration (completions) to pick puzzles with the number of completions
wanted, to assert that the cases meant to have none have none, and to write
those counts into the notes. Full grids come from complete() of
checkers/sudoku_common.py, randomised.
"""
import os
import random
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(here)), 'checkers'))
sys.path.insert(0, os.path.dirname(here))
import case_files  # noqa: E402
from sudoku_common import complete  # noqa: E402
from target_sudoku import completions  # noqa: E402

rng = random.Random(20091074)

SAMPLE = [int(w) for w in """
7 0 0 9 0 0 0 0 1
1 0 0 0 0 5 9 0 0
0 0 0 2 0 0 0 8 0
0 0 5 0 2 0 0 0 3
0 0 0 0 0 0 6 4 8
4 1 3 0 0 0 0 0 0
0 0 7 0 0 2 0 9 0
2 0 1 0 6 0 8 0 4
0 8 0 5 0 4 0 1 2
""".split()]

INKALA = [int(ch) for ch in
          '800000000003600000070090200050007000000045700000100030001000068008500010090000400']


def grid_text(g, sep=' ', end='\n'):
    return ''.join(sep.join(str(v) for v in g[r * 9:r * 9 + 9]) + end for r in range(9))


def write(name, text):
    case_files.write(os.path.join(here, name), text)


def random_grid():
    return complete([0] * 81, 9, 3, rng=rng)


def keep(g, k):
    """g with all but k random cells emptied."""
    idx = set(rng.sample(range(81), k))
    return [v if i in idx else 0 for i, v in enumerate(g)]


def puzzle_with(lo, hi, k):
    """A puzzle of k clues from a random grid with lo..hi completions (the
    first such of the random sequence)."""
    while True:
        p = keep(random_grid(), k)
        n, _ = completions(p, limit=hi + 1)
        if lo <= n <= hi:
            return p, n


def bad(name, data, note):
    case_files.reject(here, name, data, note)


def main():
    notes = []
    full = random_grid()
    write('full.in', grid_text(full))
    notes.append('full        a complete valid grid (random): its own score, 1 completion')
    one = list(full)
    one[40] = 0
    write('one_blank.in', grid_text(one))
    notes.append('one_blank   the same with the centre cell (value 10) empty')
    write('inkala.in', grid_text(INKALA))
    assert completions(INKALA)[0] == 1
    notes.append('inkala      A. Inkala\'s "hardest sudoku", 21 clues, a unique completion')
    for name, lo, hi, k in (('few', 2, 20, 30), ('many_100', 100, 400, 26), ('many_1000', 1000, 4000, 24)):
        p, n = puzzle_with(lo, hi, k)
        write(name + '.in', grid_text(p))
        notes.append('%-11s %d clues of a random grid, %d completions' % (name, k, n))
    # clashing clues: not an input error, the answer is -1
    for name, cells, d in (('clash_row', (3, 7), 5), ('clash_column', (10, 73), 8), ('clash_box', (30, 50), 2)):
        p = [0] * 81
        for i in cells:
            p[i] = d
        assert completions(p) == (0, None)
        write(name + '.in', grid_text(p))
        notes.append('%-11s two %ds in one %s (cells %d and %d, row-major from 0): -1'
                     % (name, d, name.split('_')[1], cells[0], cells[1]))
    # no completion although no two clues clash
    nocand = [0] * 81
    for c in range(1, 9):
        nocand[c] = c
    nocand[36] = 9
    assert completions(nocand) == (0, None)
    write('no_candidate.in', grid_text(nocand))
    notes.append('no_candidate row 1 holds 1..8 in columns 2..9, column 1 a 9 in row 5:\n'
                 '            cell (1,1) has no digit left: -1')
    sol = None
    wrong = None
    for i in range(81):
        if INKALA[i] or wrong:
            continue
        r, c = divmod(i, 9)
        seen = {INKALA[j] for j in range(81) if INKALA[j] and (
            j // 9 == r or j % 9 == c or (j // 27, j % 9 // 3) == (r // 3, c // 3))}
        for v in range(1, 10):
            trial = list(INKALA)
            trial[i] = v
            if v not in seen and completions(trial) == (0, None):
                wrong, sol = trial, (i, v)
                break
    write('dead_end.in', grid_text(wrong))
    notes.append('dead_end    inkala plus the clue %d at row %d column %d, which clashes with no\n'
                 '            clue but is not in its unique solution: -1' % (sol[1], sol[0] // 9 + 1, sol[0] % 9 + 1))
    # the sample laid out freely: any white space between numbers
    words = [str(v) for v in SAMPLE]
    text = ' '.join(words[:27]) + '\r\n' + '\t'.join(words[27:54]) + '\r\n  ' + '\n'.join(words[54:])
    write('layout.in', text)
    write('layout.expected', '2829\n')
    write('layout.note', 'The published sample (answer 2829, Luogu P1074) laid out freely: rows 1-3 on\n'
          'one line, rows 4-6 separated by tabs, CRLF line ends, leading blanks, then\n'
          'one number a line, no line end after the last one. The program reads\n'
          'numbers separated by any white space, as the original does (scanf).\n')
    write('README.note', 'Written by gen.py (fixed seed); the checker enumerates every completion\n'
          'and compares the best score (or -1):\n' + '\n'.join(notes) + '\n'
          'sample: the published sample 1 of Luogu P1074 (answer 2829, 3 completions).\n'
          'layout: see layout.note. bad_*: input to reject, see each .note.\n')
    g = grid_text(full).encode()
    nums = g.split()
    bad('bad_empty', b'', 'empty input')
    bad('bad_short', b' '.join(nums[:80]) + b'\n', '80 numbers instead of 81')
    bad('bad_extra', g + b'5\n', 'an 82nd number after the grid')
    bad('bad_ten', b' '.join(nums[:80] + [b'10']) + b'\n', 'a number 10')
    bad('bad_negative', b' '.join(nums[:80] + [b'-1']) + b'\n', 'a number -1')
    bad('bad_char', b' '.join(nums[:40] + [b'x'] + nums[41:]) + b'\n', "an 'x' instead of a number")
    bad('bad_decimal', b' '.join(nums[:40] + [b'5.0'] + nums[41:]) + b'\n', 'a number written 5.0')
    bad('bad_trailing_text', g + b'end\n', 'the 81 numbers, then the word "end"')


if __name__ == '__main__':
    main()
