#!/usr/bin/env python3
"""make bench, part 3: the engine against a pointer-based dancing-links yardstick,
and against other programs when given.

bench/dance.c is the classic pointer-based dancing links (the design of
Knuth's DANCE, written here in plain C). It is compiled with `cc -O2` into
bench/out/dance. On each instance it and target/release/dlx (the default
engine choice) run in turns (one warm-up each, then RUNS runs each,
alternating, and more turns while our runs have not yet taken SECONDS in
all, at most 500: an instance of a millisecond or two is mostly process
start: the median of three runs of domino_6x6 read 1.00x in one bench, where
21 runs in each of three others read 1.06x to 1.08x), and the median times
give the ratio dance/ours: above 1 means our engine is faster. Both count
updates as DLX1 does, so the counts must agree, and the ratio of times is
the ratio of updates per second. Times are whole-process wall times
(starting the process and reading the file included, about a millisecond for
each program). The last column, `search`, is the ratio of the times the two
programs print for their search alone (medians of the same runs): on runs of
a few milliseconds it is the engine's figure, the whole-process one being
mostly the start of the process. The tool timed is the one `make` builds,
linked statically (static-tool in the Makefile). Linked dynamically, as
`cargo build` leaves it, it starts some 0.3 ms after dance.c (the Rust
standard library brings libgcc_s), and domino_6x6's whole-process ratio
falls to about 0.9x.

Other programs join the same alternation with `--peer NAME=COMMAND` (for
example Knuth's DLX1 or a dancing-cells program built elsewhere): COMMAND is
split on blanks, gets the instance on standard input, and must print
"N solutions" somewhere in its output (standard output or error); N must
equal our count, and "U updates", when it prints it, our updates. Each
peer's column is its time over ours.

The last line names the instance where we are furthest behind dance.c.

Usage: bench/engine.py [-n RUNS] [--seconds SECONDS] [--peer NAME=COMMAND ...]
                       [NAME ...]
  (RUNS 3 and SECONDS 0.5 unless given)
  (default: the suite of issue 21: queens 12-14, Langford 11-12, Scott's
  board, dominoes 6x6 and 8x8, pentominoes 3x20 to 6x10)
"""
import argparse, os, re, statistics, subprocess, sys, time

sys.dont_write_bytecode = True  # no __pycache__ in bench/
from suite import dlx, generate, here, instances, out  # the suite's paths and instances

dance = os.path.join(out, 'dance')

DEFAULT = ['queens_12', 'queens_13', 'queens_14', 'langford_11', 'langford_12', 'scott_8x8_hole',
           'domino_6x6', 'domino_8x8', 'pento_3x20', 'pento_4x15', 'pento_5x12', 'pento_6x10']


# The most turns an instance gets to fill --seconds.
MOST_RUNS = 500


def timed(cmd, path):
    with open(path, 'rb') as f:
        start = time.perf_counter()
        p = subprocess.run(cmd, stdin=f, capture_output=True, text=True)
        secs = time.perf_counter() - start
    if p.returncode != 0:
        sys.exit('engine.py: %s exited %d: %s' % (cmd[0], p.returncode, p.stderr.strip()))
    return secs, p.stdout + p.stderr


def printed_secs(text, pattern):
    m = re.search(pattern, text)
    if not m:
        sys.exit('engine.py: no search time in %r' % text)
    return float(m.group(1))


def counts(text, pattern):
    m = re.search(pattern, text)
    if not m:
        sys.exit('engine.py: no counters in %r' % text)
    return int(m.group(1)), int(m.group(2))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('-n', '--runs', type=int, default=3)
    ap.add_argument('--seconds', type=float, default=0.5)
    ap.add_argument('--peer', action='append', default=[], metavar='NAME=COMMAND')
    ap.add_argument('names', nargs='*', default=DEFAULT)
    a = ap.parse_args()
    if a.runs < 1:
        ap.error('--runs must be at least 1')
    peers = []
    for spec in a.peer:
        name, _, command = spec.partition('=')
        if not name or not command.split():
            ap.error('--peer wants NAME=COMMAND, not %r' % spec)
        peers.append((name, command.split()))
    generate()
    subprocess.run([os.environ.get('CC', 'cc'), '-O2', '-o', dance, os.path.join(here, 'dance.c')], check=True)
    head = '%-16s %14s %9s %9s %10s %10s %7s %7s' % ('instance', 'updates', 'dance s', 'ours s', 'dance M/s', 'ours M/s', 'ratio', 'search')
    print(head + ''.join(' %9s' % (name + '/us') for name, _ in peers))
    worst = None
    for name in a.names:
        path = os.path.join(instances, name + '.dlx')
        ours_cmd = [dlx, '--plain', '--progress', '0', '-']
        commands = [[dance], ours_cmd] + [cmd for _, cmd in peers]
        for cmd in commands:
            timed(cmd, path)  # warm-up
        times = [[] for _ in commands]
        texts = [''] * len(commands)
        searches = ([], [])  # the search times dance and ours print
        while len(times[1]) < a.runs or (sum(times[1]) < a.seconds and len(times[1]) < MOST_RUNS):
            for k, cmd in enumerate(commands):
                t, texts[k] = timed(cmd, path)
                times[k].append(t)
            searches[0].append(printed_secs(texts[0], r'\d+ updates, ([0-9.]+) s'))
            searches[1].append(printed_secs(texts[1], r'\d+ updates, ([0-9.]+) s'))
        sd, ud = counts(texts[0], r'(\d+) solutions?, (\d+) updates')
        so, uo = counts(texts[1], r'dlx: (\d+) solutions?, \d+ nodes, (\d+) updates')
        if (sd, ud) != (so, uo):
            sys.exit('engine.py: %s: dance counts %d solutions, %d updates; ours %d, %d' % (name, sd, ud, so, uo))
        for (peer, _), text in zip(peers, texts[2:]):
            m = re.search(r'(\d+) solutions', text)
            u = re.search(r'(\d+) updates', text)
            if not m or int(m.group(1)) != so or (u and int(u.group(1)) != uo):
                sys.exit('engine.py: %s: %s printed %r; ours: %d solutions, %d updates' % (name, peer, text.strip()[-200:], so, uo))
        medians = [statistics.median(t) for t in times]
        md, mo = medians[0], medians[1]
        if worst is None or md / mo < worst[1]:
            worst = (name, md / mo)
        sd_, so_ = statistics.median(searches[0]), statistics.median(searches[1])
        print('%-16s %14s %9.3f %9.3f %10.1f %10.1f %6.2fx %6.2fx' % (
            name, '{:,}'.format(uo), md, mo, uo / md / 1e6, uo / mo / 1e6, md / mo, sd_ / max(so_, 1e-9))
            + ''.join(' %8.2fx' % (mp / mo) for mp in medians[2:]), flush=True)
    if worst is not None:
        print('furthest behind dance.c: %s at %.2fx%s' % (worst[0], worst[1], '' if worst[1] < 1 else ' (ahead everywhere)'))


if __name__ == '__main__':
    main()
