#!/usr/bin/env python3
"""make bench, part 5: the memoized count against the plain count.

For each input, `dlx -q FILE` (enumeration) and `dlx -q --memo FILE` in
alternating runs (bench/threads.py's `versus`: same machine noise, same
count required), their median wall times, and the memo's time as a
percentage of the plain one. Inputs: the standard instances named below
(tools/gen_instances.py, in bench/out/instances).

Usage: bench/memo.py [-n RUNS]
"""
import argparse, os

from suite import dlx, generate, instances  # the suite's paths and instances
from threads import versus

INPUTS = [('domino_8x8', []), ('domino_8x8', ['--memo-order', 'first']), ('queens_12', []), ('langford_11', [])]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('-n', type=int, default=5)
    a = ap.parse_args()
    generate()
    print('== memo: median of %d alternating runs; memo time as a share of the plain count' % a.n)
    for name, extra in INPUTS:
        path = os.path.join(instances, name + '.dlx')
        memo = ['--memo'] + extra
        tp, tm, _, out = versus(name, [dlx, '-q', path], [dlx, '-q'] + memo + [path], None, a.n)
        print('%-12s %-26s count %s  plain %.4f s  memo %.4f s  memo/plain %.2f%%'
              % (name, ' '.join(memo), out.decode().strip(), tp, tm, 100 * tm / tp), flush=True)


if __name__ == '__main__':
    main()
