#!/usr/bin/env python3
"""make bench, part 3: the engine against a pointer-based dancing-links yardstick.

bench/dance.c is the classic pointer-based dancing links (the design of
Knuth's DANCE, written here in plain C). It is compiled with `cc -O2` into
bench/out/dance. On each instance it and target/release/dlx run in turns
(one warm-up each, then RUNS runs each, alternating), and the median times
give the ratio dance/ours: above 1 means our engine is faster. Both count
updates as DLX1 does, so the counts must agree, and the ratio of times is
the ratio of updates per second. Times are whole-process wall times (reading
the file included, a few milliseconds).

Usage: bench/engine.py [-n RUNS] [NAME ...]   (default: pento_6x10 queens_14 scott_8x8_hole)
"""
import argparse, os, re, statistics, subprocess, sys, time

sys.dont_write_bytecode = True  # no __pycache__ in bench/
from suite import dlx, generate, here, instances, out  # the suite's paths and instances

dance = os.path.join(out, 'dance')

DEFAULT = ['pento_6x10', 'queens_14', 'scott_8x8_hole']


def timed(cmd, path):
    with open(path, 'rb') as f:
        start = time.perf_counter()
        p = subprocess.run(cmd, stdin=f, capture_output=True, text=True)
        secs = time.perf_counter() - start
    if p.returncode != 0:
        sys.exit('engine.py: %s exited %d: %s' % (cmd[0], p.returncode, p.stderr.strip()))
    return secs, p.stdout + p.stderr


def counts(text, pattern):
    m = re.search(pattern, text)
    if not m:
        sys.exit('engine.py: no counters in %r' % text)
    return int(m.group(1)), int(m.group(2))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('-n', '--runs', type=int, default=3)
    ap.add_argument('names', nargs='*', default=DEFAULT)
    a = ap.parse_args()
    if a.runs < 1:
        ap.error('--runs must be at least 1')
    generate()
    subprocess.run([os.environ.get('CC', 'cc'), '-O2', '-o', dance, os.path.join(here, 'dance.c')], check=True)
    print('%-16s %14s %9s %9s %10s %10s %7s' % ('instance', 'updates', 'dance s', 'ours s', 'dance M/s', 'ours M/s', 'ratio'))
    for name in a.names:
        path = os.path.join(instances, name + '.dlx')
        ours_cmd = [dlx, '--progress', '0', '-']
        timed([dance], path), timed(ours_cmd, path)
        td, to = [], []
        for _ in range(a.runs):
            t, text_d = timed([dance], path); td.append(t)
            t, text_o = timed(ours_cmd, path); to.append(t)
        sd, ud = counts(text_d, r'(\d+) solutions, (\d+) updates')
        so, uo = counts(text_o, r'dlx: (\d+) solutions, \d+ nodes, (\d+) updates')
        if (sd, ud) != (so, uo):
            sys.exit('engine.py: %s: dance counts %d solutions, %d updates; ours %d, %d' % (name, sd, ud, so, uo))
        md, mo = statistics.median(td), statistics.median(to)
        print('%-16s %14s %9.3f %9.3f %10.1f %10.1f %6.2fx' % (
            name, '{:,}'.format(uo), md, mo, uo / md / 1e6, uo / mo / 1e6, md / mo), flush=True)


if __name__ == '__main__':
    main()
