#!/usr/bin/env python3
"""make bench, part 5: the parallel search, 1 thread against 2 (and 16).

Each line runs two commands on the same input in alternating runs (so both
see the same machine noise) and prints their median wall times and the
ratio (time of the first / time of the second: above 1, the second is
faster). For counting, it also prints the nodes on 2 threads against 1
(the work the sharing adds) and the steals (pieces of the tree one thread
took from another).

  counting   dlx -j 1 against dlx -j 2 on pento_6x10, queens_14,
             langford_12, scott_8x8_hole, domino_8x8 (tools/gen_instances.py,
             written to bench/out/instances)
  optimising c_tests' treasure_map and square_destroyer, -j 1 against -j 2,
             on the inputs of bench/gen_optimize.py (square_destroyer's
             cases are batches, dlx_solver_solve_batch_best); and
             square_destroyer --each, one search per case on threads
  by size    square_destroyer --each's cases one at a time (each repeated
             so that a run takes milliseconds), -j 1 against -j 2,
             bucketed by the time of one search on one thread: below 50
             us, 50-200 us, 200 us-1 ms, above; a bucket's ratio is its
             summed times
  oversubscribed  dlx -j 2 against dlx -j 16 on pento_6x10 and langford_12:
             a ratio near 1 means idle threads neither spin nor contend
  batch      c_tests' sudoku --forced --unique, one puzzle after another
             against -j 2 (dlx_solver_solve_batch), on the 17-clue puzzles
             of ../shared/data/sudoku (skipped without them); the answers
             must agree

Usage: bench/threads.py [-n RUNS]
"""
import argparse, os, re, statistics, subprocess, sys, tempfile, time

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(here)
out = os.path.join(here, 'out')
instances = os.path.join(out, 'instances')
dlx = os.path.join(root, 'target', 'release', 'dlx')
build = os.path.join(root, 'c_tests', 'build')

COUNTING = ['pento_6x10', 'queens_14', 'langford_12', 'scott_8x8_hole', 'domino_8x8']


def timed(cmd, stdin_path):
    """Wall time, output and standard error of `cmd`. Its output goes to
    files, read once it has ended: a pipe's reader (this script) would take
    its turns on the cores the threads are timed on (on two cores, a
    sudoku batch's 4 MB of answers read through a pipe cost -j 2 2% of its
    ratio)."""
    with open(stdin_path, 'rb') if stdin_path else open(os.devnull, 'rb') as f, \
            tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        t = time.perf_counter()
        p = subprocess.run(cmd, stdin=f, stdout=out, stderr=err)
        dt = time.perf_counter() - t
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read(), err.read().decode()
    if p.returncode != 0:
        sys.exit('bench/threads.py: %s failed: %s' % (' '.join(cmd), stderr[-300:]))
    return dt, stdout, stderr


def versus(name, a, b, stdin_path, runs):
    """Medians of `a` and `b` in alternating runs, the last standard
    error of `b`, and the output both printed (they must agree)."""
    ta, tb = [], []
    outs = set()
    for _ in range(runs):
        for cmd, times in ((a, ta), (b, tb)):
            dt, o, err = timed(cmd, stdin_path)
            times.append(dt)
            outs.add(o)
    if len(outs) != 1:
        sys.exit('bench/threads.py: %s: the two commands printed different answers' % name)
    ma, mb = statistics.median(ta), statistics.median(tb)
    return ma, mb, err, outs.pop()


def counters(err):
    nodes = int(re.search(r'(\d+) nodes, \d+ updates', err).group(1))
    steals = sum(int(s) for s in re.findall(r'(\d+) steals', err))
    return nodes, steals


def by_size(exe, path, runs, repeat=40):
    """square_destroyer's cases one by one, each `repeat` times in one
    process: median times per search on 1 and 2 threads, summed by bucket
    of the one-thread time."""
    toks = open(path).read().split()
    cases, at = [], 1
    for _ in range(int(toks[0])):
        k = int(toks[at + 1])
        cases.append(' '.join(toks[at:at + 2 + k]))
        at += 2 + k
    tmp = os.path.join(out, 'square_destroyer_one.txt')
    buckets = [(0, 50), (50, 200), (200, 1000), (1000, float('inf'))]
    sums = {b: [0, 0.0, 0.0] for b in buckets}
    for case in sorted(set(cases)):
        with open(tmp, 'w') as f:
            f.write('%d\n' % repeat + (case + '\n') * repeat)
        t1, t2, _, _ = versus(case, [exe, '--each', '-j', '1'], [exe, '--each', '-j', '2'], tmp, runs)
        us = 1e6 * t1 / repeat
        b = next(b for b in buckets if b[0] <= us < b[1])
        n = cases.count(case)
        sums[b][0] += n
        sums[b][1] += n * t1
        sums[b][2] += n * t2
    for (lo, hi), (n, t1, t2) in sums.items():
        if n:
            name = 'sd %d-%s us' % (lo, '' if hi == float('inf') else '%d' % hi)
            print('%-16s %3d cases  1 thread %.3f s  2 threads %.3f s  ratio %.2f' % (name, n, t1, t2, t1 / t2), flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('-n', type=int, default=5)
    a = ap.parse_args()
    if not all(os.path.exists(os.path.join(instances, n + '.dlx')) for n in COUNTING):
        subprocess.run([sys.executable, os.path.join(root, 'tools', 'gen_instances.py'), instances], check=True,
                       stdout=subprocess.DEVNULL)
    subprocess.run([sys.executable, os.path.join(here, 'gen_optimize.py'), out], check=True, stdout=subprocess.DEVNULL)
    print('== threads: median of %d alternating runs; ratio = 1 thread / 2 threads' % a.n)
    for name in COUNTING:
        path = os.path.join(instances, name + '.dlx')
        # No progress lines: their counters would be taken for the last.
        t1, t2, err2, _ = versus(name, [dlx, '--plain', '--progress', '0', '-j', '1', path], [dlx, '--plain', '--progress', '0', '-j', '2', path], None, a.n)
        _, _, err1 = timed([dlx, '--plain', '--progress', '0', path], None)
        (n1, _), (n2, steals) = counters(err1), counters(err2)
        print('%-16s 1 thread %.3f s  2 threads %.3f s  ratio %.2f  nodes %+.2f%%  steals %d'
              % (name, t1, t2, t1 / t2, 100.0 * (n2 - n1) / n1, steals), flush=True)
    for prog, inp in (('treasure_map', 'treasure_30x30.txt'), ('square_destroyer', 'square_destroyer.txt')):
        exe = os.path.join(build, prog)
        path = os.path.join(out, inp)
        t1, t2, _, _ = versus(prog, [exe, '-j', '1'], [exe, '-j', '2'], path, a.n)
        print('%-16s 1 thread %.3f s  2 threads %.3f s  ratio %.2f' % (prog, t1, t2, t1 / t2), flush=True)
    exe, path = os.path.join(build, 'square_destroyer'), os.path.join(out, 'square_destroyer.txt')
    t1, t2, _, _ = versus('sd --each', [exe, '--each', '-j', '1'], [exe, '--each', '-j', '2'], path, a.n)
    print('%-16s 1 thread %.3f s  2 threads %.3f s  ratio %.2f' % ('sd --each', t1, t2, t1 / t2), flush=True)
    by_size(os.path.join(build, 'square_destroyer'), os.path.join(out, 'square_destroyer.txt'), a.n)
    clue17 = os.path.join(root, '..', 'shared', 'data', 'sudoku', 'puzzles2_17_clue')
    if os.path.exists(clue17):
        exe = os.path.join(build, 'sudoku')
        t1, t2, _, answers = versus('sudoku batch', [exe, '--forced', '--unique'], [exe, '--forced', '--unique', '-j', '2'], clue17, a.n)
        n = answers.count(b'\n')
        print('%-16s 1 thread %.3f s  2 threads %.3f s  ratio %.2f  (%d puzzles: %.0f and %.0f a second)'
              % ('sudoku batch', t1, t2, t1 / t2, n, n / t1, n / t2), flush=True)
    print('== oversubscribed: ratio = 2 threads / 16 threads')
    for name in ('pento_6x10', 'langford_12'):
        path = os.path.join(instances, name + '.dlx')
        t2, t16, _, _ = versus(name, [dlx, '--plain', '-j', '2', path], [dlx, '--plain', '-j', '16', path], None, a.n)
        print('%-16s 2 threads %.3f s  16 threads %.3f s  ratio %.2f' % (name, t2, t16, t2 / t16), flush=True)


if __name__ == '__main__':
    main()
