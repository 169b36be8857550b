#!/usr/bin/env python3
"""make bench, part 2: the engine's own speed on instances in Knuth's format.

The instances come from tools/gen_instances.py, written to
bench/out/instances. Each is solved by target/release/dlx (build it with
`cargo build --release`), which prints on standard error

  dlx: S solutions, N nodes, U updates, T s, R M updates/s

(counted as Knuth's DLX1 counts them; T is the search alone, reading the
file not included). A run is repeated RUNS times and the median time kept;
the counters are the same every time. Every instance is checked: the
solutions must equal the count its file names ("expect N"), and the
updates must equal Knuth's DLX1 figure where one is known.

Then, when c_tests/build/sudoku exists (`make`), each sudoku set of
../shared/data/sudoku is timed through `sudoku --plain` (the engine with no
sudoku deductions, one matrix per puzzle; converting each puzzle to Knuth's
format and starting dlx once per puzzle would time process start-up, not the
engine): puzzles per second. And through `sudoku --forced --unique` (one
matrix for all puzzles, each puzzle's clues forced, each answer proved
unique by counting to 2): puzzles per second, every grid it prints checked
to be a filled sudoku that keeps the puzzle's clues. With --sudoku-peer
NAME=COMMAND (any number of times), each peer reads the same set on its
standard input in the same alternating runs (ours, then each peer), and the
table gives its time over ours (below 1: the peer is faster). A peer is
only timed, its output not read; for example a driver of tdoku's solver
built from its public sources outside this repository.

Writes bench/out/results.json and bench/out/results.csv and prints a table.
Instances that take more than about 30 s on a 2-core Xeon are optional:
--all adds queens_15 and queens_16 (some 5 minutes more); langford_15 (many
minutes a run) only runs when named. Exit status 1 when a count or a counter is wrong or a run fails.

Usage: bench/suite.py [--all] [-n RUNS] [--sudoku-peer NAME=COMMAND ...] [NAME ...]
  NAME: instance names (e.g. queens_14 pento_6x10) or sudoku set names to
  run only those.
"""
import argparse, csv, datetime, json, os, platform, re, shlex, statistics, subprocess, sys, time

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(here)
shared = os.path.join(os.path.dirname(root), 'shared')
out = os.path.join(here, 'out')
instances = os.path.join(out, 'instances')
dlx = os.path.join(root, 'target', 'release', 'dlx')
sudoku = os.path.join(root, 'c_tests', 'build', 'sudoku')
sudoku_sets = os.path.join(shared, 'data', 'sudoku')

# The suite, in the order of the issue. Times of one run on the machine the
# suite was written on: all of these together take about half a minute a run.
INSTANCES = [
    'queens_12', 'queens_13', 'queens_14',
    'langford_11', 'langford_12',
    'pento_3x20', 'pento_4x15', 'pento_5x12', 'pento_6x10',
    'scott_8x8_hole',
    'domino_6x6', 'domino_8x8',
]
# Optional (--all), one run each about 16 s (queens_15) and 78 s (queens_16)
# there, so 3 runs are over 30 s. langford_15 (79.6 million solutions, many
# minutes) runs only when named: bench/suite.py -n 1 langford_15.
OPTIONAL = ['queens_15', 'queens_16']

# Knuth's DLX1 on the same files (../shared/KNUTH-COUNTERS.md and the issue):
# (solutions, updates).
KNUTH = {
    'queens_8': (92, 21456),
    'domino_6x6': (6728, 95296),
    'queens_14': (365596, 169411178),
    'pento_6x10': (9356, 1242377480),
    'scott_8x8_hole': (520, 102179915),
}

COUNTERS = re.compile(r'^dlx: (\d+) solutions?, (\d+) nodes, (\d+) updates, ([0-9.]+) s, ', re.M)


def machine():
    cpu, mhz = '', ''
    try:
        with open('/proc/cpuinfo') as f:
            for line in f:
                key, _, value = line.partition(':')
                if key.strip() == 'model name' and not cpu:
                    cpu = value.strip()
                if key.strip() == 'cpu MHz' and not mhz:
                    mhz = value.strip()
    except OSError:
        pass
    def git(*args):
        try:
            return subprocess.run(['git', '-C', root] + list(args), capture_output=True, text=True).stdout.strip()
        except OSError:
            return ''
    commit = git('rev-parse', '--short', 'HEAD')
    if commit and git('status', '--porcelain', '--untracked-files=no'):
        commit += '+changes'
    version = subprocess.run([dlx, '--version'], capture_output=True, text=True).stdout.strip()
    return {
        'arch': platform.machine(),
        'cpu': cpu or platform.processor(),
        'mhz': mhz,
        'cpus': os.cpu_count(),
        'system': platform.system() + ' ' + platform.release(),
        'dlx': version,
        'commit': commit,
        'date': datetime.datetime.now(datetime.timezone.utc).strftime('%Y-%m-%d %H:%M UTC'),
    }


def generate():
    """Runs tools/gen_instances.py into bench/out/instances; returns
    {name: (items, options)}, counted from the files."""
    os.makedirs(instances, exist_ok=True)
    tool = os.path.join(root, 'tools', 'gen_instances.py')
    subprocess.run([sys.executable, tool, instances], check=True, capture_output=True)
    sizes = {}
    for f in sorted(os.listdir(instances)):
        if not f.endswith('.dlx'):
            continue
        lines = [l.split() for l in open(os.path.join(instances, f)) if l.strip() and not l.startswith('|')]
        items = sum(1 for t in lines[0] if t != '|') if lines else 0
        sizes[f[:-4]] = (items, len(lines) - 1)
    return sizes


def expected(path):
    with open(path) as f:
        m = re.search(r'expect (\d+)', f.readline())
    return int(m.group(1)) if m else None


def run_instance(name, runs):
    path = os.path.join(instances, name + '.dlx')
    times, counters = [], None
    for _ in range(runs):
        p = subprocess.run([dlx, '--plain', '--progress', '0', path], capture_output=True, text=True)
        if p.returncode != 0:
            return {'instance': name, 'error': 'exit %d: %s' % (p.returncode, p.stderr.strip())}
        m = COUNTERS.search(p.stderr)
        if not m:
            return {'instance': name, 'error': 'no counters in: ' + p.stderr.strip()}
        c = tuple(int(x) for x in m.groups()[:3])
        if counters is not None and c != counters:
            return {'instance': name, 'error': 'counters differ between runs: %s, %s' % (counters, c)}
        counters = c
        times.append(float(m.group(4)))
    solutions, nodes, updates = counters
    secs = statistics.median(times)
    problems = []
    if int(p.stdout.strip() or -1) != solutions:
        problems.append('stdout %r differs from the counters' % p.stdout.strip())
    want = expected(path)
    if want is not None and want != solutions:
        problems.append('%d solutions, the file says %d' % (solutions, want))
    if name in KNUTH and KNUTH[name] != (solutions, updates):
        problems.append('%d updates, DLX1 makes %d' % (updates, KNUTH[name][1]))
    return {
        'instance': name, 'solutions': solutions, 'nodes': nodes, 'updates': updates,
        'seconds': secs, 'mupdates_per_s': updates / secs / 1e6 if secs > 0 else None,
        'runs': runs, 'times': times, 'expected_solutions': want,
        'dlx1_updates': KNUTH[name][1] if name in KNUTH else None,
        'check': '; '.join(problems) or 'ok',
    }


def count_puzzles(path):
    return len(read_puzzles(path))


def run_sudoku(path, runs):
    name = os.path.basename(path)
    puzzles = count_puzzles(path)
    times = []
    for _ in range(runs):
        with open(path, 'rb') as f:
            start = time.perf_counter()
            p = subprocess.run([sudoku, '--plain'], stdin=f, capture_output=True)
            times.append(time.perf_counter() - start)
        if p.returncode != 0:
            return {'set': name, 'error': 'exit %d: %s' % (p.returncode, p.stderr.decode(errors='replace').strip())}
    solved = len(p.stdout.splitlines())
    secs = statistics.median(times)
    return {
        'set': name, 'puzzles': puzzles, 'seconds': secs, 'runs': runs, 'times': times,
        'puzzles_per_s': puzzles / secs if secs > 0 else None,
        'check': 'ok' if solved == puzzles else '%d lines out for %d puzzles' % (solved, puzzles),
    }


def read_puzzles(path):
    # The puzzles as `sudoku` reads them: lines trimmed, blank and '#'
    # lines skipped, up to a line `end`; '.' and '0' are empty cells.
    puzzles = []
    with open(path, errors='replace') as f:
        for line in f:
            s = line.strip()
            if s == 'end':
                break
            if s and not s.startswith('#'):
                puzzles.append(s.replace('.', '0'))
    return puzzles


UNITS = ([[r * 9 + c for c in range(9)] for r in range(9)] + [[r * 9 + c for r in range(9)] for c in range(9)]
         + [[(b // 3 * 3 + i // 3) * 9 + b % 3 * 3 + i % 3 for i in range(9)] for b in range(9)])


def grid_problem(puzzle, grid):
    # Why `grid` is not a solution of `puzzle` (None when it is one): 81
    # digits, every row, column and box 1 to 9 once, the clues kept.
    if len(grid) != 81 or not grid.isdigit() or '0' in grid:
        return 'not a filled grid: %r' % grid[:90]
    if any(sorted(grid[k] for k in unit) != list('123456789') for unit in UNITS):
        return 'a row, column or box repeats a digit: %s' % grid
    if any(p != '0' and p != g for p, g in zip(puzzle, grid)):
        return 'a clue changed: %s for %s' % (grid, puzzle)
    return None


def run_unique(path, runs, peers):
    # `sudoku --forced --unique` and each peer on `path`, in alternating runs.
    name = os.path.basename(path)
    puzzles = read_puzzles(path)
    cmds = [('ours', [sudoku, '--forced', '--unique'])] + peers
    times = {k: [] for k, _ in cmds}
    last = b''
    for _ in range(runs):
        for k, cmd in cmds:
            who = 'sudoku --forced --unique' if k == 'ours' else 'peer %s' % k
            with open(path, 'rb') as f:
                start = time.perf_counter()
                try:
                    p = subprocess.run(cmd, stdin=f, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
                except OSError as e:
                    return {'set': name, 'error': '%s: %s' % (who, e)}
                times[k].append(time.perf_counter() - start)
            if p.returncode != 0:
                return {'set': name, 'error': '%s: exit %d: %s' % (who, p.returncode, p.stderr.decode(errors='replace').strip()[:300])}
            if k == 'ours':
                last = p.stdout
    # Our last run's output is checked (every run does the same).
    lines = last.decode(errors='replace').splitlines()
    problems, several, none = [], 0, 0
    if len(lines) != len(puzzles):
        problems.append('%d lines out for %d puzzles' % (len(lines), len(puzzles)))
    for puzzle, line in zip(puzzles, lines):
        if line == 'Multiple solutions':
            several += 1
        elif line == 'No solution':
            none += 1
        else:
            why = grid_problem(puzzle, line)
            if why:
                problems.append(why)
                break
    secs = {k: statistics.median(v) for k, v in times.items()}
    return {
        'set': name, 'puzzles': len(puzzles), 'seconds': secs['ours'], 'runs': runs, 'times': times['ours'],
        'puzzles_per_s': len(puzzles) / secs['ours'] if secs['ours'] > 0 else None,
        'multiple': several, 'no_solution': none,
        'peers': {k: {'seconds': secs[k], 'times': times[k], 'ratio': secs[k] / secs['ours'] if secs['ours'] > 0 else None}
                  for k, _ in peers},
        'check': '; '.join(problems) or 'ok',
    }


def peer_arg(text):
    name, sep, command = text.partition('=')
    if not sep or not name or not command.strip():
        raise argparse.ArgumentTypeError('expected NAME=COMMAND, got %r' % text)
    return (name, shlex.split(command))


def tabulate(names, run, line, width):
    # Runs each name, printing its line (or its failure) as it comes; returns
    # the results and whether any failed or was wrong.
    results, failed = [], False
    for name in names:
        r = run(name)
        results.append(r)
        if 'error' in r:
            failed = True
            print('%-*s  FAILED: %s' % (width, name, r['error']))
        else:
            failed |= r['check'] != 'ok'
            print(line(name, r))
        sys.stdout.flush()
    return results, failed


def fmt_int(n):
    return '{:,}'.format(n)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--all', action='store_true', help='include the optional long instances: ' + ' '.join(OPTIONAL))
    ap.add_argument('-n', '--runs', type=int, default=3, help='runs per instance, the median time is kept (default 3)')
    ap.add_argument('--sudoku-peer', type=peer_arg, action='append', default=[], metavar='NAME=COMMAND',
                    help='a sudoku solver timed beside `sudoku --forced --unique` on each set (see above)')
    ap.add_argument('names', nargs='*', help='only these instances or sudoku sets')
    a = ap.parse_args()
    if a.runs < 1:
        ap.error('--runs must be at least 1')
    if not os.access(dlx, os.X_OK):
        sys.exit('%s is missing: run `cargo build --release` first' % os.path.relpath(dlx, root))
    sizes = generate()
    names = INSTANCES + (OPTIONAL if a.all else [])
    sets = sorted(f for f in os.listdir(sudoku_sets) if not f.startswith('.')) if os.path.isdir(sudoku_sets) else []
    if not sets:
        print('bench/suite.py: no sudoku sets at %s (the seed material): the sudoku timings are skipped'
              % os.path.normpath(sudoku_sets))
    if a.names:
        known = set(INSTANCES + OPTIONAL + list(sizes) + sets)
        unknown = [n for n in a.names if n.replace('.dlx', '') not in known]
        if unknown:
            ap.error('unknown names: %s' % ' '.join(unknown))
        wanted = [n.replace('.dlx', '') for n in a.names]
        names = [n for n in wanted if n not in sets]
        sets = [s for s in sets if s in wanted]

    info = machine()
    print('dlx suite on %s%s (%s, %d CPUs), %s, commit %s; median of %d run(s)' % (
        info['cpu'], ' at %.0f MHz' % float(info['mhz']) if info['mhz'] else '', info['arch'],
        info['cpus'] or 0, info['dlx'], info['commit'] or '?', a.runs))
    print()
    head = ('instance', 'solutions', 'nodes', 'updates', 'seconds', 'M updates/s', 'check')
    widths = (16, 12, 12, 15, 9, 12)
    print(''.join(h.rjust(w) if i else h.ljust(w) for i, (h, w) in enumerate(zip(head, widths))) + '  ' + head[-1])

    def with_sizes(name):
        r = run_instance(name, a.runs)
        if name in sizes:
            r['items'], r['options'] = sizes[name]
        return r

    def instance_line(name, r):
        rate = '%.1f' % r['mupdates_per_s'] if r['mupdates_per_s'] else '-'
        return '%-16s%12s%12s%15s%9.3f%12s  %s' % (
            name, fmt_int(r['solutions']), fmt_int(r['nodes']), fmt_int(r['updates']), r['seconds'], rate, r['check'])

    results, failed = tabulate(names, with_sizes, instance_line, 16)

    sudoku_results, unique_results = [], []
    if sets and os.access(sudoku, os.X_OK):
        print()
        print('%-30s%9s%9s%12s%12s  %s' % ('sudoku set (sudoku --plain)', 'puzzles', 'seconds', 'puzzles/s', 'us/puzzle', 'check'))

        def plain_line(s, r):
            return '%-30s%9d%9.3f%12.0f%12.1f  %s' % (
                s, r['puzzles'], r['seconds'], r['puzzles_per_s'], 1e6 * r['seconds'] / r['puzzles'], r['check'])
        sudoku_results, bad = tabulate(sets, lambda s: run_sudoku(os.path.join(sudoku_sets, s), a.runs), plain_line, 30)
        failed |= bad
        print()
        print('%-30s%9s%9s%12s  %s' % ('sudoku set (--forced --unique)', 'puzzles', 'seconds', 'puzzles/s', 'check')
              + ''.join('  %s: seconds, puzzles/s, time/ours' % k for k, _ in a.sudoku_peer))

        def unique_line(s, r):
            told = r['check'] if r['check'] != 'ok' else 'ok (%d multiple, %d none)' % (r['multiple'], r['no_solution'])
            return ('%-30s%9d%9.3f%12.0f  %s' % (s, r['puzzles'], r['seconds'], r['puzzles_per_s'], told)
                    + ''.join('  %s: %.3f, %.0f, %.2f' % (k, v['seconds'], r['puzzles'] / v['seconds'] if v['seconds'] > 0 else 0, v['ratio'] or 0)
                              for k, v in r['peers'].items()))
        unique_results, bad = tabulate(sets, lambda s: run_unique(os.path.join(sudoku_sets, s), a.runs, a.sudoku_peer), unique_line, 30)
        failed |= bad
    elif sets:
        print('\n%s is missing (run `make`): the sudoku sets are skipped' % os.path.relpath(sudoku, root))

    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, 'results.json'), 'w') as f:
        json.dump({'machine': info, 'instances': results, 'sudoku': sudoku_results, 'sudoku_unique': unique_results}, f, indent=2)
        f.write('\n')
    fields = ['kind', 'instance', 'solutions', 'nodes', 'updates', 'seconds', 'mupdates_per_s',
              'puzzles', 'puzzles_per_s', 'check']
    with open(os.path.join(out, 'results.csv'), 'w', newline='') as f:
        w = csv.DictWriter(f, fieldnames=fields, extrasaction='ignore')
        w.writeheader()
        for r in results:
            w.writerow(dict(r, kind='dlx', check=r.get('check', r.get('error'))))
        for r in sudoku_results:
            w.writerow(dict(r, kind='sudoku', instance=r['set'], check=r.get('check', r.get('error'))))
        for r in unique_results:
            w.writerow(dict(r, kind='sudoku-unique', instance=r['set'], check=r.get('check', r.get('error'))))
    print('\nwrote %s and results.csv' % os.path.relpath(os.path.join(out, 'results.json'), root))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
