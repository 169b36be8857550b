#!/usr/bin/env python3
"""make bench, part 7: reading a big file, the tool of a base commit against
this one.

The file: the domino tilings of an N x N board in Knuth's format (N = 2000
by default: 4 million items, 8 million options, about 195 MB), written to
bench/out/. Each binary runs `dlx -n 0 -q FILE` (read, parse, build the
matrix and the solver, search nothing), alternating, RUNS times; the
medians of the wall time and of the peak resident memory (the kernel's
maxrss of the child) are compared. The base binary is built from BASE (a
commit before the parser work of issue 20) in a worktree under bench/out/.

Usage: bench/parse.py [-n RUNS] [--size N] [--base COMMIT]
"""
import argparse, os, statistics, subprocess, sys, time

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(here)
out = os.path.join(here, 'out')
BASE = 'f280d3a'


def write_board(n, path):
    if os.path.exists(path):
        return
    with open(path + '.part', 'w') as f:
        f.write('| domino tilings of the %dx%d board (bench/parse.py)\n' % (n, n))
        f.write(' '.join('r%dc%d' % (r, c) for r in range(n) for c in range(n)) + '\n')
        for r in range(n):
            lines = []
            for c in range(n):
                if c + 1 < n:
                    lines.append('r%dc%d r%dc%d\n' % (r, c, r, c + 1))
                if r + 1 < n:
                    lines.append('r%dc%d r%dc%d\n' % (r, c, r + 1, c))
            f.write(''.join(lines))
    os.replace(path + '.part', path)


def build_base(commit):
    tree = os.path.join(out, 'parse-base')
    binary = os.path.join(tree, 'target', 'release', 'dlx')
    if not os.path.exists(binary):
        subprocess.run(['git', '-C', root, 'worktree', 'remove', '--force', tree], stderr=subprocess.DEVNULL)
        subprocess.run(['git', '-C', root, 'worktree', 'add', '--detach', tree, commit], check=True,
                       stdout=subprocess.DEVNULL)
        subprocess.run(['cargo', 'build', '--release', '--bin', 'dlx'], cwd=tree, check=True)
    return binary


def measure(binary, path):
    t = time.perf_counter()
    p = subprocess.Popen([binary, '-n', '0', '-q', path], stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(p.pid, 0)
    dt = time.perf_counter() - t
    if status != 0:
        sys.exit('bench/parse.py: %s failed (%d)' % (binary, status))
    return dt, usage.ru_maxrss / 1024.0  # MB


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('-n', type=int, default=3)
    ap.add_argument('--size', type=int, default=2000)
    ap.add_argument('--base', default=BASE)
    args = ap.parse_args()
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, 'domino_%d.dlx' % args.size)
    write_board(args.size, path)
    base = build_base(args.base)
    new = os.path.join(root, 'target', 'release', 'dlx')
    runs = {'base': [], 'new': []}
    for _ in range(args.n):
        runs['base'].append(measure(base, path))
        runs['new'].append(measure(new, path))
    print('file: %s (%.0f MB)' % (path, os.path.getsize(path) / 1e6))
    med = {k: (statistics.median(t for t, _ in v), statistics.median(m for _, m in v)) for k, v in runs.items()}
    for k in ('base', 'new'):
        print('%-5s %8.2f s %9.0f MB' % (k, med[k][0], med[k][1]))
    print('ratio base/new: time %.2fx, peak memory %.2fx' % (med['base'][0] / med['new'][0], med['base'][1] / med['new'][1]))


if __name__ == '__main__':
    main()
