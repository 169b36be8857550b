#!/usr/bin/env python3
"""Least-cost set partitioning against OR-tools CP-SAT: time to the proven
optimum, one and two threads, in CPU time (user + sys of the process).

usage: bench/optimize.py [--rounds N] [--limit SECS] [--only NAME]

The instances are tools/gen_partition.py's families (routing, crew, random)
at the sizes in INSTANCES, written to bench/out/optimize/. For each one the
runs alternate: `dlx --min-cost -j T` and CP-SAT with num_workers T (T = 1,
2), `--rounds` times (default 3), each stopped after `--limit` seconds
(default 60); the table gives medians of CPU time, ours over CP-SAT's
(below 1: we are faster), and the time our first cover was printed. Both
optima must be equal wherever both proved theirs (else the bench fails).
A run that did not prove its optimum in time is shown as `>LIMIT`.

CP-SAT's model: a Boolean per option, AddExactlyOne per item, minimise the
sum of costs; its process time includes importing the package and building
the model (about 0.3 s, printed separately as `model`). CP-SAT goes into
a virtual environment of the bench's own (bench/out/optvenv), installed on
the first run.
"""
import argparse
import os
import resource
import statistics
import subprocess
import sys
import time

sys.dont_write_bytecode = True
here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(here)
sys.path.insert(0, os.path.join(root, 'tools'))
import gen_partition  # noqa: E402

OUT = os.path.join(here, 'out', 'optimize')
VENV = os.path.join(here, 'out', 'optvenv')
DLX = os.path.join(root, 'target', 'release', 'dlx')

# (family, items, options, seed): sized so that CP-SAT with 2 workers
# proves each optimum within a minute of wall time on a 2-core machine
# (with 1 worker it may not: the table then says >LIMIT).
INSTANCES = [
    ('crew', 100, 5000, 1),
    ('crew', 200, 20000, 1),
    ('crew', 400, 100000, 1),
    ('random', 50, 1000, 1),
    ('random', 60, 5000, 1),
    ('routing', 50, 2000, 1),
    ('routing', 60, 10000, 1),
]

CPSAT = r'''
import sys, time
t0 = time.process_time()
from ortools.sat.python import cp_model
items, opts = None, []
for line in open(sys.argv[1]):
    line = line.strip()
    if not line or line.startswith('|'):
        continue
    if items is None:
        items = line.split()
        continue
    its = [t for t in line.split() if not t.startswith('|')]
    cost = [int(t[1:]) for t in line.split() if t.startswith('|')]
    opts.append((its, cost[0] if cost else 0))
m = cp_model.CpModel()
x = [m.NewBoolVar('') for _ in opts]
by = {i: [] for i in items}
for k, (its, _) in enumerate(opts):
    for i in its:
        by[i].append(x[k])
for i in items:
    m.AddExactlyOne(by[i])
m.Minimize(sum(c * x[k] for k, (_, c) in enumerate(opts)))
s = cp_model.CpSolver()
s.parameters.num_workers = int(sys.argv[2])
s.parameters.max_time_in_seconds = float(sys.argv[3])
model = time.process_time() - t0
r = s.Solve(m)
proven = r == cp_model.OPTIMAL
print(int(s.ObjectiveValue()) if proven else 'none', round(model, 3))
'''


def venv_python():
    py = os.path.join(VENV, 'bin', 'python')
    if not os.path.exists(py):
        subprocess.run([sys.executable, '-m', 'venv', VENV], check=True)
        subprocess.run([py, '-m', 'pip', 'install', '-q', 'ortools'], check=True)
    return py


def cpu_run(cmd, limit):
    """Runs cmd; returns (stdout, stderr lines with their wall times, CPU
    seconds of the child, whether it ended within the limit)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines = []
    for line in p.stderr:
        lines.append((time.monotonic() - start, line.rstrip('\n')))
    out = p.stdout.read()
    try:
        p.wait(timeout=limit + 30)
    except subprocess.TimeoutExpired:
        p.kill()
        p.wait()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return out, lines, cpu, p.returncode == 0


def ours(path, threads, limit):
    out, lines, cpu, ok = cpu_run([DLX, '--min-cost', '-j', str(threads), '--time-limit', str(limit), path], limit)
    first = next((t for t, l in lines if 'found: cost' in l), None)
    # Exit 0 with a cost on stdout: the search ended, so the cost is proven.
    # A time limit ends with its own status and proves nothing.
    cost = int(out.split()[0]) if ok and out.split() else None
    return cost, cpu, first


def cpsat(py, path, workers, limit):
    out, _, cpu, ok = cpu_run([py, '-c', CPSAT, path, str(workers), str(limit)], limit)
    word, model = out.split()
    return (int(word) if ok and word != 'none' else None), cpu, float(model)


def show(v, limit):
    return f'>{limit:g}' if v is None else f'{v:.2f}'


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--rounds', type=int, default=3)
    ap.add_argument('--limit', type=float, default=60)
    ap.add_argument('--only', default=None, help='run only the instances whose name contains this')
    a = ap.parse_args()
    py = venv_python()
    os.makedirs(OUT, exist_ok=True)
    print(f'{"instance":<22} {"T":>2} {"optimum":>8} {"first":>6} {"dlx":>7} {"cp-sat":>7} {"model":>6} {"ratio":>6}')
    failed = False
    for family, items, options, seed in INSTANCES:
        name = f'{family}_{items}_{options}'
        if a.only and a.only not in name:
            continue
        path = os.path.join(OUT, name + '.dlx')
        with open(path, 'w') as f:
            f.write(gen_partition.text(family, items, options, seed))
        for threads in (1, 2):
            mine, theirs, firsts, models, costs = [], [], [], [], set()
            for _ in range(a.rounds):
                cost, cpu, first = ours(path, threads, a.limit)
                mine.append(cpu if cost is not None else None)
                firsts.append(first if first is not None else float('inf'))
                their_cost, their_cpu, model = cpsat(py, path, threads, a.limit)
                theirs.append(their_cpu if their_cost is not None else None)
                models.append(model)
                costs |= {c for c in (cost, their_cost) if c is not None}
            if len(costs) > 1:
                print(f'{name}: the optima differ: {sorted(costs)}', file=sys.stderr)
                failed = True
            m = None if None in mine else statistics.median(mine)
            t = None if None in theirs else statistics.median(theirs)
            ratio = f'{m / t:.2f}' if m is not None and t is not None else '-'
            optimum = str(min(costs)) if costs else '-'
            print(f'{name:<22} {threads:>2} {optimum:>8} {statistics.median(firsts):>6.2f} {show(m, a.limit):>7} '
                  f'{show(t, a.limit):>7} {statistics.median(models):>6.2f} {ratio:>6}', flush=True)
    sys.exit(1 if failed else 0)


if __name__ == '__main__':
    main()
