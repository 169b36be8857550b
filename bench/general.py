#!/usr/bin/env python3
"""make bench, part 9: colors (XCC) and multiplicities (MCC) against the
programs of their peers, in CPU time.

The instances come from tools/gen_general.py (written to
bench/out/general), each with its count from the literature or an
independent count. On each instance target/release/dlx (the default
engine choice) and every peer run in turns: one warm-up each, then RUNS
runs each, alternating. Each run's CPU time (user + system, from the
kernel's accounting of the child) is taken, since these shared machines
are often loaded, and the medians give each peer's time over ours: above
1 means ours is faster.

A peer is `--xcc NAME=COMMAND` (run on the instances with colors: Knuth's
DLX2 or SSXCC, say) or `--mcc NAME=COMMAND` (on those with multiplicities)
or `--all NAME=COMMAND` (both: DLX3 and SSMCC take colors too). COMMAND is split on blanks, gets the instance on
standard input, and must print "N solutions" (standard output or error)
with N the instance's count; Knuth's programs do. The peers are built from
their public sources outside this repository (for Knuth's: `ctangle
dlx2.w && cc -O3 -march=native dlx2.c`); make bench passes them from the
variables DLX2, DLX3, SSXCC and SSMCC when they are set.

Each of our runs must print the instance's count, and each peer's its
count too: a disagreement stops the bench.

Usage: bench/general.py [-n RUNS] [--xcc|--mcc|--all NAME=COMMAND ...] [NAME ...]
"""
import argparse, os, re, statistics, subprocess, sys

sys.dont_write_bytecode = True  # no __pycache__ in bench/
from suite import dlx, expected, out, root

folder = os.path.join(out, 'general')


def cpu_run(cmd, path):
    """Runs cmd with the file on standard input: (CPU seconds, output)."""
    with open(path, 'rb') as f:
        p = subprocess.Popen(cmd, stdin=f, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        output = p.stdout.read()
        _, status, usage = os.wait4(p.pid, 0)
        p.returncode = os.waitstatus_to_exitcode(status)
    if p.returncode != 0:
        sys.exit('general.py: %s on %s exited %d: %s' % (' '.join(cmd), path, p.returncode, output[-300:]))
    return usage.ru_utime + usage.ru_stime, output.decode(errors='replace')


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('-n', '--runs', type=int, default=5)
    for kind in ('xcc', 'mcc', 'all'):
        ap.add_argument('--' + kind, action='append', default=[], metavar='NAME=COMMAND')
    ap.add_argument('names', nargs='*')
    a = ap.parse_args()
    peers = []
    for kind in ('xcc', 'mcc', 'all'):
        for spec in getattr(a, kind):
            name, _, command = spec.partition('=')
            if not name or not command.split():
                ap.error('--%s wants NAME=COMMAND, not %r' % (kind, spec))
            peers.append((kind, name, command.split()))
    os.makedirs(folder, exist_ok=True)
    subprocess.run([sys.executable, os.path.join(root, 'tools', 'gen_general.py'), folder], check=True)
    names = a.names or sorted(f[:-4] for f in os.listdir(folder) if f.endswith('.dlx'))
    print('%-20s %12s %9s' % ('instance', 'solutions', 'ours s') + ''.join(' %12s' % (p[1] + '/ours') for p in peers))
    for name in names:
        path = os.path.join(folder, name + '.dlx')
        want = expected(path)
        colored = name.startswith('latin')
        mine = [(n, cmd) for kind, n, cmd in peers if kind == 'all' or kind == ('xcc' if colored else 'mcc')]
        commands = [[dlx, '-q', '-']] + [cmd for _, cmd in mine]
        for cmd in commands:
            cpu_run(cmd, path)  # warm-up
        times = [[] for _ in commands]
        for _ in range(a.runs):
            for k, cmd in enumerate(commands):
                secs, text = cpu_run(cmd, path)
                times[k].append(secs)
                # Ours prints the count alone (with -q); the peers "N solutions".
                m = re.match(r'\s*(\d+)\b', text) if k == 0 else re.search(r'(\d+) solutions', text)
                if not m or m.group(1) != str(want):
                    sys.exit('general.py: %s: %s printed %r, not the count %d' % (name, ' '.join(cmd), text.strip()[-200:], want))
        medians = [statistics.median(t) for t in times]
        cells = {n: ' %11.2fx' % (m / medians[0]) for (n, _), m in zip(mine, medians[1:])}
        print('%-20s %12s %9.3f' % (name, '{:,}'.format(want), medians[0])
              + ''.join(cells.get(p[1], ' %12s' % '-') for p in peers), flush=True)


if __name__ == '__main__':
    main()
