#!/usr/bin/env python3
"""make bench, part 6: the memoized count against the plain count, and
on two threads against one.

For each input, `dlx -q FILE` (enumeration) and `dlx -q --memo FILE` in
alternating runs (bench/threads.py's `versus`: same machine noise, same
count required), their median wall times, and the memo's time as a
percentage of the plain one. Inputs: the standard instances named below
(tools/gen_instances.py, in bench/out/instances).

Then `dlx -q --memo FILE` against `dlx -q --memo -j 2 FILE`, alternating,
and the ratio of their medians (above 1: two threads are faster), on
boards too large to enumerate (written with tools/gen_instances.py's
dominoes) and a pentomino box.

Usage: bench/memo.py [-n RUNS]
"""
import argparse, os, sys

from suite import dlx, generate, instances, out, root  # the suite's paths and instances
from threads import versus

sys.path.insert(0, os.path.join(root, 'tools'))
from gen_instances import dominoes, text  # noqa: E402

INPUTS = [('domino_8x8', []), ('domino_8x8', ['--memo-order', 'first']), ('queens_12', []), ('langford_11', [])]
THREADED = [('domino_14x14', []), ('domino_16x16', ['--memo-order', 'first']), ('pento_4x15', [])]


def board(rows, cols):
    """The rows x cols domino board in bench/out, written once."""
    path = os.path.join(out, 'domino_%dx%d.dlx' % (rows, cols))
    if not os.path.exists(path):
        with open(path + '.part', 'w') as f:
            f.write(text(*dominoes(rows, cols)))
        os.replace(path + '.part', path)
    return path


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('-n', type=int, default=5)
    a = ap.parse_args()
    generate()
    print('== memo: median of %d alternating runs; memo time as a share of the plain count' % a.n)
    for name, extra in INPUTS:
        path = os.path.join(instances, name + '.dlx')
        memo = ['--memo'] + extra
        tp, tm, _, out = versus(name, [dlx, '--plain', '-q', path], [dlx, '-q'] + memo + [path], None, a.n)
        print('%-12s %-26s count %s  plain %.4f s  memo %.4f s  memo/plain %.2f%%'
              % (name, ' '.join(memo), out.decode().strip(), tp, tm, 100 * tm / tp), flush=True)
    print('== memo on threads: median of %d alternating runs; ratio = 1 thread / 2 threads' % a.n)
    for name, extra in THREADED:
        if name.startswith('domino_'):
            path = board(*map(int, name[len('domino_'):].split('x')))
        else:
            path = os.path.join(instances, name + '.dlx')
        memo = [dlx, '-q', '--memo'] + extra
        t1, t2, _, count = versus(name, memo + [path], memo + ['-j', '2', path], None, a.n)
        print('%-13s %-20s count %s  1 thread %.3f s  2 threads %.3f s  ratio %.2f'
              % (name, ' '.join(extra), count.decode().strip(), t1, t2, t1 / t2), flush=True)


if __name__ == '__main__':
    main()
