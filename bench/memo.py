#!/usr/bin/env python3
"""make bench, part 5: the memoized count against the plain count.

For each input, `dlx -q FILE` (enumeration) and `dlx -q --memo FILE` in
alternating runs (same machine noise), their median wall times, and the
memo's time as a percentage of the plain one; both must print the same
count. Inputs: domino_8x8 and the other standard instances named below
(tools/gen_instances.py, written to bench/out/instances).

Usage: bench/memo.py [-n RUNS]
"""
import argparse, os, statistics, subprocess, sys, time

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(here)
instances = os.path.join(here, 'out', 'instances')
dlx = os.path.join(root, 'target', 'release', 'dlx')
INPUTS = [('domino_8x8', []), ('domino_8x8', ['--memo-order', 'first']), ('queens_12', []), ('langford_11', [])]


def timed(cmd):
    t = time.perf_counter()
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    dt = time.perf_counter() - t
    if p.returncode != 0:
        sys.exit('bench/memo.py: %s failed: %s' % (' '.join(cmd), p.stderr.decode()[-300:]))
    return dt, p.stdout


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('-n', type=int, default=5)
    a = ap.parse_args()
    if not all(os.path.exists(os.path.join(instances, n + '.dlx')) for n, _ in INPUTS):
        subprocess.run([sys.executable, os.path.join(root, 'tools', 'gen_instances.py'), instances], check=True, stdout=subprocess.DEVNULL)
    print('== memo: median of %d alternating runs; memo time as a share of the plain count' % a.n)
    for name, extra in INPUTS:
        path = os.path.join(instances, name + '.dlx')
        plain, memo, outs = [], [], set()
        for _ in range(a.n):
            for cmd, times in (([dlx, '-q', path], plain), ([dlx, '-q', '--memo'] + extra + [path], memo)):
                dt, out = timed(cmd)
                times.append(dt)
                outs.add(out)
        if len(outs) != 1:
            sys.exit('bench/memo.py: %s: the two counts differ' % name)
        tp, tm = statistics.median(plain), statistics.median(memo)
        print('%-12s %-22s count %s  plain %.4f s  memo %.4f s  memo/plain %.2f%%'
              % (name, ' '.join(['--memo'] + extra), outs.pop().decode().strip(), tp, tm, 100 * tm / tp), flush=True)


if __name__ == '__main__':
    main()
