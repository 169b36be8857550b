#!/usr/bin/env python3
"""make bench: our C programs against the seed's reference programs.

Each line runs ../shared/tools/vs-reference, which compiles the reference
with g++ -O2, feeds both programs the same input in alternating runs and
prints the median times and the ratio reference/ours (above 1: ours is
faster). Inputs are written to bench/out/.

  dominoes   6x10 pentomino board        vs reference/dominoes_dlx.cpp
  sudoku     magictour top1465 (1465)    vs reference/sudoku9.cpp, same output
  sudoku-plain   the same, `sudoku --plain`: no deductions, the engine alone
  sudoku17-forced  the 49,158 17-clue puzzles, `sudoku --forced`: one
                 matrix for all, clues forced, first solution
  sudoku17-unique  the same, `sudoku --forced --unique`: also proves each
                 solution unique (counts to two); the reference only solves
  treasure-map   10 maps of 30 x 30 with 300 pieces each (bench/gen_optimize.py)
                 vs reference/treasure_map.cpp, same output
  target-sudoku-1 .. -4  target sudokus of 22, 21, 20, 20 clues
                 (bench/gen_optimize.py) vs reference/target_sudoku.cpp,
                 same output
  target-sudoku-random  20 random target sudokus of 20 to 24 clues
                 (bench/gen_optimize.py, fixed seed), each against
                 reference/target_sudoku.cpp, same output, with at most 3
                 runs each (the reference takes about 30 s for all 20);
                 prints each puzzle's ratio, then the ratio of the totals
                 and the puzzles where the reference is faster
  square-destroyer  300 grids of 4 x 4 and 5 x 5 matches, some taken away
                 (bench/gen_optimize.py) vs reference/square_destroyer.cpp,
                 same output
  lottery-8-5-3, lottery-9-5-2  the covering numbers C(8,5,3) = 8 and
                 C(9,5,2) = 5, above Schoenheim's bound (7 and 4), vs
                 reference/lottery.cpp, same output
                 (9 4 2 and 9 6 3 take the reference 47 s to over a minute)

Usage: bench/run.py [-n RUNS] [NAME ...]
"""
import argparse, os, re, subprocess, sys

sys.dont_write_bytecode = True  # no __pycache__ in bench/
# The bench's paths, and the one reader of the sudoku sets.
from suite import here, out, read_puzzles, root, shared

build = os.path.join(root, 'c_tests', 'build')


def sudoku_input(name='puzzles3_magictour_top1465', short='top1465'):
    # The reference reads puzzles until a line `end` and knows no comments:
    # the set's puzzles as `sudoku` reads them (suite.read_puzzles, empty
    # cells as '0', which the reference reads as it reads '.'), then `end`.
    puzzles = read_puzzles(os.path.join(shared, 'data', 'sudoku', name))
    path = os.path.join(out, short + '.txt')
    with open(path, 'w') as f:
        f.write('\n'.join(puzzles) + '\nend\n')
    return path


def text_input(name, text):
    path = os.path.join(out, name)
    with open(path, 'w') as f:
        f.write(text)
    return path


generated = set()


def optimize_input(name):
    # bench/gen_optimize.py writes every input of the optimisation benches,
    # the same bytes each time; once per run, so no stale file is used.
    if not generated:
        subprocess.run([sys.executable, os.path.join(here, 'gen_optimize.py'), out], check=True, stdout=subprocess.DEVNULL)
        generated.add(out)
    return os.path.join(out, name)


BENCHES = {
    'dominoes': lambda: ('dominoes_dlx', 'dominoes', text_input('dominoes_6x10.txt', '6 10\n'), []),
    'sudoku': lambda: ('sudoku9', 'sudoku', sudoku_input(), ['--same-output']),
    'sudoku-plain': lambda: ('sudoku9', 'sudoku --plain', sudoku_input(), ['--same-output']),
    'sudoku17-forced': lambda: ('sudoku9', 'sudoku --forced', sudoku_input('puzzles2_17_clue', 'clue17'), ['--same-output']),
    'sudoku17-unique': lambda: ('sudoku9', 'sudoku --forced --unique', sudoku_input('puzzles2_17_clue', 'clue17'), ['--same-output']),
    'treasure-map': lambda: ('treasure_map', 'treasure_map', optimize_input('treasure_30x30.txt'), ['--same-output']),
    'square-destroyer': lambda: ('square_destroyer', 'square_destroyer', optimize_input('square_destroyer.txt'), ['--same-output']),
    'lottery-8-5-3': lambda: ('lottery', 'lottery', text_input('lottery_8_5_3.txt', '8 5 3\n'), ['--same-output']),
    'lottery-9-5-2': lambda: ('lottery', 'lottery', text_input('lottery_9_5_2.txt', '9 5 2\n'), ['--same-output']),
}
for _k in range(1, 5):
    BENCHES['target-sudoku-%d' % _k] = (lambda k: lambda: (
        'target_sudoku', 'target_sudoku', optimize_input('target_sudoku_%d.txt' % k), ['--same-output']))(_k)


RANDOM_TARGETS = 20


def vs_reference(tool, runs, flags, ref, ours, path):
    # The command that times reference program `ref` against `ours` on `path`.
    return [sys.executable, tool, '-n', str(runs)] + flags + [ref, ours, path]


def random_targets(tool, runs):
    # One vs-reference run per puzzle; the medians it prints are added up.
    prog = os.path.join(build, 'target_sudoku')
    total_ref = total_ours = 0.0
    slower, failed = [], False
    for k in range(1, RANDOM_TARGETS + 1):
        path = optimize_input('target_random_%02d.txt' % k)
        cmd = vs_reference(tool, min(runs, 3), ['--same-output'], 'target_sudoku', prog, path)
        r = subprocess.run(cmd, stdout=subprocess.PIPE, text=True)
        medians = re.findall(r'median ([0-9.]+) s', r.stdout)
        if r.returncode != 0 or len(medians) != 2:
            print('  %s: vs-reference failed (exit %d)\n%s' % (os.path.basename(path), r.returncode, r.stdout))
            failed = True
            continue
        ref, ours = float(medians[0]), float(medians[1])
        total_ref, total_ours = total_ref + ref, total_ours + ours
        if ref < ours:
            slower.append(k)
        print('  %s: reference %.4f s, ours %.4f s, %.2fx' % (os.path.basename(path), ref, ours, ref / ours), flush=True)
    if total_ours > 0:
        print('  total: reference %.3f s, ours %.3f s, %.1fx; the reference faster on %s'
              % (total_ref, total_ours, total_ref / total_ours, ', '.join('%02d' % k for k in slower) or 'none'))
    return failed


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('-n', type=int, default=5)
    ap.add_argument('names', nargs='*', default=sorted(BENCHES) + ['target-sudoku-random'])
    a = ap.parse_args()
    os.makedirs(out, exist_ok=True)
    tool = os.path.join(shared, 'tools', 'vs-reference')
    if not os.path.exists(tool):
        print('bench/run.py: skipped: the seed material is not at %s (its reference programs and '
              'tools/vs-reference are what this part compares against); the rest of make bench '
              'needs nothing from it' % os.path.normpath(shared))
        return
    failed = False
    for name in a.names:
        if name == 'target-sudoku-random':
            print('== %s: %d puzzles, each with vs-reference target_sudoku' % (name, RANDOM_TARGETS), flush=True)
            failed |= random_targets(tool, a.n)
            continue
        ref, prog, path, flags = BENCHES[name]()
        ours = os.path.join(build, prog)
        cmd = vs_reference(tool, a.n, flags, ref, ours, path)
        shown = [os.path.relpath(c, root) if c.startswith(root) else c for c in cmd[1:]]
        print('== %s: %s' % (name, ' '.join(repr(c) if ' ' in c else c for c in shown)), flush=True)
        failed |= subprocess.run(cmd).returncode != 0
    sys.exit(1 if failed else 0)


if __name__ == '__main__':
    main()
