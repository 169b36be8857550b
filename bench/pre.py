#!/usr/bin/env python3
"""make bench, part 11: preprocessing and preferred items, in CPU time.

Two tables, each from alternating runs of `dlx --plain` (the plain
enumeration, so that the tree walked is the one the option changes), the
median of RUNS runs each, CPU time (user + system) of the whole process:

1. Preprocessing: each instance without and with `--pre` (Knuth's DLX-PRE
   reductions, `dlx-core/src/pre.rs`), with the options and items it removes and
   the nodes of both trees. The first instances are ones where it removes
   options that clash with every option of some item (pentominoes that
   wall off a cell, placements the reduced Latin squares' fixed first row
   and column rule out); the last ones are where it removes nothing, so
   their ratio is its cost.
2. Preferred items: files of tools/gen_pre.py whose items named `#` are
   preferred (Knuth's DLX2-SHARP rule), against the same file with the `#`
   taken out of the names (DLX1's rule), with the nodes of both trees.
3. Dynamic weights: without and with `--weights`, for the first solution
   (`-n 1`) and for the whole count, with the nodes of both trees.

Every run must print the instance's count. Usage:
bench/pre.py [-n RUNS] [NAME ...]
"""
import argparse, os, re, statistics, subprocess, sys

sys.dont_write_bytecode = True  # no __pycache__ in bench/
from suite import dlx, expected, out, root

FOLDER = os.path.join(out, 'pre')
# (instance, generator): where preprocessing removes options, then where
# it removes nothing.
PRE = [('latin_6_reduced', 'gen_counting'), ('pento_6x10', 'gen_instances'), ('scott_8x8_hole', 'gen_instances'),
       ('pento_5x12', 'gen_instances'), ('queens_13', 'gen_instances'), ('langford_12', 'gen_instances'),
       ('domino_6x6', 'gen_counting')]
# (instance, extra arguments) for the weights.
WEIGHTS = [('sudoku16_poj3076', ['-n', '1']), ('sudoku16_poj3076', []), ('pento_6x10', ['-n', '1']),
           ('queens_13', []), ('langford_12', []), ('pento_5x12', [])]
SHARP = ['sharp_queens_8', 'sharp_langford_8', 'sharp_magic1', 'sharp_magic2', 'sharp_sums_6x6_3']


def timed(cmd):
    """(CPU seconds, stdout, stderr) of one run, from the kernel's
    accounting of the child."""
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    stdout = p.stdout.read()
    stderr = p.stderr.read()
    _, status, usage = os.wait4(p.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit('pre.py: %s exited %d: %s' % (' '.join(cmd), os.waitstatus_to_exitcode(status), stderr.decode()))
    return usage.ru_utime + usage.ru_stime, stdout.decode(), stderr.decode()


def nodes_of(stderr):
    m = re.search(r'([0-9]+) nodes', stderr)
    return int(m.group(1)) if m else None


def compare(path, variants, runs):
    """Alternating runs of each variant (a list of extra arguments, and the
    file it reads); returns per variant (median CPU seconds, nodes, the
    last standard error)."""
    want = expected(path)
    times = [[] for _ in variants]
    last = [None] * len(variants)
    for _ in range(runs):
        for k, (args, file) in enumerate(variants):
            secs, stdout, stderr = timed([dlx, '--plain'] + args + [file])
            # With -n, the count printed is what the limit let through.
            count = int(stdout.split()[0])
            if '-n' not in args and want is not None and count != want:
                sys.exit('pre.py: %s %s printed %d, expected %d' % (file, ' '.join(args), count, want))
            times[k].append(secs)
            last[k] = stderr
    return [(statistics.median(t), nodes_of(e), e) for t, e in zip(times, last)]


def unsharp(path):
    """A copy of `path` with the '#' taken out of its item names."""
    plain = path[:-4] + '_plain.dlx'
    with open(path) as f, open(plain, 'w') as g:
        for line in f:
            g.write(line if line.startswith('|') else line.replace('#', ''))
    return plain


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('-n', type=int, default=5)
    ap.add_argument('names', nargs='*')
    a = ap.parse_args()
    for gen in ('gen_counting', 'gen_instances', 'gen_pre'):
        subprocess.run([sys.executable, os.path.join(root, 'tools', gen + '.py'), FOLDER], check=True, stdout=subprocess.DEVNULL)
    chosen = lambda name: not a.names or name in a.names

    print('== preprocessing: CPU seconds of `dlx --plain` without and with --pre, median of %d alternating runs' % a.n)
    print('%-18s %9s %9s %7s %10s %10s  %s' % ('instance', 'plain', '--pre', 'ratio', 'nodes', 'nodes pre', 'removed'))
    for name, _ in PRE:
        if not chosen(name):
            continue
        path = os.path.join(FOLDER, name + '.dlx')
        (t0, n0, _), (t1, n1, e1) = compare(path, [([], path), (['--pre'], path)], a.n)
        removed = re.search(r'removed ([0-9]+ of [0-9]+ options and [0-9]+ of [0-9]+ items)', e1)
        print('%-18s %9.3f %9.3f %7.2f %10d %10d  %s' % (name, t0, t1, t1 / t0 if t0 else float('nan'), n0, n1,
                                                       removed.group(1) if removed else '?'))

    print()
    print("== preferred items: CPU seconds of `dlx --plain` on the file without '#' and with it, median of %d alternating runs" % a.n)
    print('%-18s %9s %9s %7s %10s %10s' % ('instance', "no '#'", "'#'", 'ratio', 'nodes', "nodes '#'"))
    for name in SHARP:
        if not chosen(name):
            continue
        path = os.path.join(FOLDER, name + '.dlx')
        (t0, n0, _), (t1, n1, _) = compare(path, [([], unsharp(path)), ([], path)], a.n)
        print('%-18s %9.3f %9.3f %7.2f %10d %10d' % (name, t0, t1, t1 / t0 if t0 else float('nan'), n0, n1))

    print()
    print('== dynamic weights: CPU seconds of `dlx --plain` without and with --weights, median of %d alternating runs' % a.n)
    print('%-26s %9s %9s %7s %10s %10s' % ('instance', 'plain', 'weights', 'ratio', 'nodes', 'nodes wt'))
    for name, args in WEIGHTS:
        if not chosen(name):
            continue
        path = os.path.join(FOLDER, name + '.dlx')
        (t0, n0, _), (t1, n1, _) = compare(path, [(args, path), (args + ['--weights'], path)], a.n)
        shown = name + (' -n 1' if args else '')
        print('%-26s %9.3f %9.3f %7.2f %10d %10d' % (shown, t0, t1, t1 / t0 if t0 else float('nan'), n0, n1))


if __name__ == '__main__':
    main()
