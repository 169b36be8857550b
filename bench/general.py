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
with N the instance's count; Knuth's programs do. `--miniexact PATH`
runs miniexact (Algorithm C on colors, M on multiplicities, enumerating
with -e, as it counts) on each instance written in its own format. The peers are built from
their public sources outside this repository (for Knuth's: `ctangle
dlx2.w && cc -O3 -march=native dlx2.c`); make bench passes them from the
variables DLX2, DLX3, SSXCC and SSMCC when they are set.

Each of our runs must print the instance's count, and each peer's its
count too: a disagreement stops the bench.

With --large, the large family (`tools/gen_general.py --large`, written to
bench/out/general_large: matrices past the bit sets). Besides `dlx --plain`
(the plain count on the default engine, whose time the ratios divide), the
default command (`dlx -q`, the automatic count) is timed, its median
shown as "default s".

With --costs, least cost instead of counts: each colored instance of the
small family gets a cost from 0 to 99 on each option (`|n`, drawn by a
generator seeded with the instance's name, so every run writes the same
files, in bench/out/general_costs), and `dlx --min-cost` runs against
each `--cost NAME=COMMAND` (Knuth's DLX5, which prints "The optimum cost
is $N"). The optimum of every run must be the same as ours.

Usage: bench/general.py [-n RUNS] [--large] [--xcc|--mcc|--all NAME=COMMAND ...] [--miniexact PATH] [NAME ...]
       bench/general.py --costs [-n RUNS] [--cost NAME=COMMAND ...] [NAME ...]
"""
import argparse, os, random, re, statistics, subprocess, sys

sys.dont_write_bytecode = True  # no __pycache__ in bench/
from suite import dlx, expected, out, root



def cpu_run(cmd, path):
    """Runs cmd with the file on standard input: (CPU seconds, output)."""
    with open(path, 'rb') as f:
        p = subprocess.Popen(cmd, stdin=f, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        output = p.stdout.read()
        _, status, usage = os.wait4(p.pid, 0)
        p.returncode = os.waitstatus_to_exitcode(status)
    # miniexact exits as SAT solvers do: 10 when it found a solution, 20
    # when (enumerating) it found no more.
    if p.returncode not in ((0, 10, 20) if 'miniexact' in cmd[0] else (0,)):
        sys.exit('general.py: %s on %s exited %d: %s' % (' '.join(cmd), path, p.returncode, output[-300:]))
    return usage.ru_utime + usage.ru_stime, output.decode(errors='replace')


def miniexact_file(path):
    """The instance in miniexact's own format (`< p:u;v ... > [ s ... ]`,
    each option ended by `;`), written beside it; returns its path."""
    with open(path) as f:
        lines = [l.split() for l in f if l.strip() and not l.startswith('|')]
    items = lines[0]
    cut = items.index('|') if '|' in items else len(items)

    def primary(item):
        bounds, bar, name = item.rpartition('|')
        if not bar:
            return name
        lo, _, hi = bounds.partition(':')
        return '%s:%s;%s' % (name, lo, hi or lo)

    text = '< %s >\n' % ' '.join(primary(i) for i in items[:cut])
    if items[cut + 1:]:
        text += '[ %s ]\n' % ' '.join(items[cut + 1:])
    text += ''.join(' '.join(option) + ' ;\n' for option in lines[1:])
    out = path[:-4] + '.mx'
    with open(out, 'w') as f:
        f.write(text)
    return out


def bounded(path):
    """Whether the instance has multiplicities (an item line with a bound
    such as `2|r0`), else it has colors."""
    with open(path) as f:
        items = next(line for line in f if not line.startswith('|'))
    return re.search(r'(^|\s)[0-9:]+\|', items) is not None


def with_costs(path, out_path):
    """Writes the instance at path with a cost of 0-99 on each option,
    drawn by a generator seeded with the file's name."""
    g = random.Random(os.path.basename(path))
    lines, first = [], True
    with open(path) as f:
        for line in f:
            if line.startswith('|') or not line.strip():
                lines.append(line)
            elif first:
                lines.append(line)
                first = False
            else:
                lines.append('%s |%d\n' % (line.rstrip('\n'), g.randint(0, 99)))
    with open(out_path, 'w') as f:
        f.write(''.join(lines))


def costs_table(a, peers):
    """The --costs mode: dlx --min-cost against each peer, on the colored
    instances of the small family with costs."""
    source = os.path.join(out, 'general')
    folder = os.path.join(out, 'general_costs')
    os.makedirs(folder, exist_ok=True)
    subprocess.run([sys.executable, os.path.join(root, 'tools', 'gen_general.py'), source], check=True)
    names = a.names or sorted(f[:-4] for f in os.listdir(source) if f.endswith('.dlx') and not bounded(os.path.join(source, f)))
    print('%-20s %9s %9s' % ('instance', 'optimum', 'ours s') + ''.join(' %12s' % (n + '/ours') for n, _ in peers))
    for name in names:
        path = os.path.join(folder, name + '.dlx')
        with_costs(os.path.join(source, name + '.dlx'), path)
        commands = [[dlx, '--min-cost', '-q', '-']] + [cmd for _, cmd in peers]
        for cmd in commands:
            cpu_run(cmd, path)  # warm-up
        times = [[] for _ in commands]
        optimum = None
        for _ in range(a.runs):
            for k, cmd in enumerate(commands):
                secs, text = cpu_run(cmd, path)
                times[k].append(secs)
                m = re.match(r'\s*(-?\d+)\b', text) if k == 0 else re.search(r'optimum cost is \$(-?\d+)', text)
                if not m:
                    sys.exit('general.py: %s: %s printed %r, no optimum' % (name, ' '.join(cmd), text.strip()[-200:]))
                if optimum is None:
                    optimum = m.group(1)
                elif m.group(1) != optimum:
                    sys.exit('general.py: %s: %s found %s, not the optimum %s' % (name, ' '.join(cmd), m.group(1), optimum))
        medians = [statistics.median(t) for t in times]
        print('%-20s %9s %9.3f' % (name, optimum, medians[0]) + ''.join(' %11.2fx' % (m / medians[0]) for m in medians[1:]), flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('-n', '--runs', type=int, default=5)
    for kind in ('xcc', 'mcc', 'all'):
        ap.add_argument('--' + kind, action='append', default=[], metavar='NAME=COMMAND')
    ap.add_argument('--miniexact', metavar='PATH', help='miniexact (run with -c or -m, -e, on the instance in its own format)')
    ap.add_argument('--large', action='store_true', help='the large family')
    ap.add_argument('--costs', action='store_true', help='least cost, against --cost peers')
    ap.add_argument('--cost', action='append', default=[], metavar='NAME=COMMAND')
    ap.add_argument('names', nargs='*')
    a = ap.parse_args()
    if a.costs:
        cost_peers = []
        for spec in a.cost:
            name, _, command = spec.partition('=')
            if not name or not command.split():
                ap.error('--cost wants NAME=COMMAND, not %r' % spec)
            cost_peers.append((name, command.split()))
        return costs_table(a, cost_peers)
    folder = os.path.join(out, 'general_large' if a.large else 'general')
    peers = []
    for kind in ('xcc', 'mcc', 'all'):
        for spec in getattr(a, kind):
            name, _, command = spec.partition('=')
            if not name or not command.split():
                ap.error('--%s wants NAME=COMMAND, not %r' % (kind, spec))
            peers.append((kind, name, command.split()))
    os.makedirs(folder, exist_ok=True)
    subprocess.run([sys.executable, os.path.join(root, 'tools', 'gen_general.py')] + ['--large'] * a.large + [folder], check=True)
    names = a.names or sorted(f[:-4] for f in os.listdir(folder) if f.endswith('.dlx'))
    if a.miniexact:
        peers.append(('all', 'miniexact', None))
    print('%-20s %12s %9s %10s' % ('instance', 'solutions', 'ours s', 'default s') + ''.join(' %12s' % (p[1] + '/ours') for p in peers))
    for name in names:
        path = os.path.join(folder, name + '.dlx')
        want = expected(path)
        colored = not bounded(path)
        mine = [(n, cmd) for kind, n, cmd in peers if cmd and (kind == 'all' or kind == ('xcc' if colored else 'mcc'))]
        if a.miniexact:
            mine.append(('miniexact', [a.miniexact, '-c' if colored else '-m', '-e', miniexact_file(path)]))
        commands = [[dlx, '--plain', '-q', '-'], [dlx, '-q', '-']] + [cmd for _, cmd in mine]
        for cmd in commands:
            cpu_run(cmd, path)  # warm-up
        times = [[] for _ in commands]
        for _ in range(a.runs):
            for k, cmd in enumerate(commands):
                secs, text = cpu_run(cmd, path)
                times[k].append(secs)
                # Ours prints the count alone (with -q); the peers "N solutions".
                m = re.match(r'\s*(\d+)\b', text) if k < 2 else re.search(r'(\d+) solutions', text)
                if not m or m.group(1) != str(want):
                    sys.exit('general.py: %s: %s printed %r, not the count %d' % (name, ' '.join(cmd), text.strip()[-200:], want))
        medians = [statistics.median(t) for t in times]
        cells = {n: ' %11.2fx' % (m / medians[0]) for (n, _), m in zip(mine, medians[2:])}
        print('%-20s %12s %9.3f %10.3f' % (name, '{:,}'.format(want), medians[0], medians[1])
              + ''.join(cells.get(p[1], ' %12s' % '-') for p in peers), flush=True)


if __name__ == '__main__':
    main()
