#!/usr/bin/env python3
"""make bench, part 7: the cost of the Python package (python/, dlxcover)
over the C API it calls.

  count   queens_12 (tools/gen_instances.py): a solver made, the count,
          the solver freed; dlxcover's Matrix.count() (with its Ctrl-C
          watch, as on a main thread) against bench/python_overhead.c
  build   a 100,000-row matrix, 5 random columns of 100 per row:
          Matrix.from_dense on a numpy bool array (the array's non-zeros
          found and handed over in one call) against dlx_matrix_new and
          one dlx_matrix_add_row per row in C

Each side times its work in its own process (median of REPS repetitions);
the two processes alternate RUNS times and the medians of their medians
are compared: the ratio is Python's time over C's (1.05 = 5% slower).
Needs the virtual environment `make test` builds (target/pyvenv, with
dlxcover and numpy); PYTHON=... names another interpreter.

Usage: bench/python.py [-n RUNS]
"""
import argparse, os, statistics, subprocess, sys

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(here)
out = os.path.join(here, 'out')
python = os.environ.get('PYTHON', os.path.join(root, 'target', 'pyvenv', 'bin', 'python'))
cbench = os.path.join(out, 'python_overhead')

PY_SIDE = r'''
import sys, time, statistics
import numpy as np
import dlxcover as dlx
mode, path, reps = sys.argv[1], sys.argv[2], int(sys.argv[3])
times = []
if mode == "count":
    m = dlx.Matrix.read(path)
    for _ in range(reps):
        t = time.perf_counter(); result = m.count(); times.append(time.perf_counter() - t)
else:
    raw = np.fromfile(path, dtype=np.uint64)
    rows, columns, k = (int(x) for x in raw[:3])
    cols = raw[3:].reshape(rows, k)
    a = np.zeros((rows, columns), dtype=bool)
    a[np.arange(rows)[:, None], cols] = True
    for _ in range(reps):
        t = time.perf_counter(); m = dlx.Matrix.from_dense(a); times.append(time.perf_counter() - t)
        result = m.rows; m.close()
print("%.6f %d" % (statistics.median(times), result))
'''


def run(cmd):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if p.returncode != 0:
        sys.exit('bench/python.py: %s failed: %s' % (' '.join(cmd[:2]), p.stderr[-400:]))
    seconds, result = p.stdout.split()
    return float(seconds), int(result)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('-n', type=int, default=7, help='alternating runs (default 7)')
    args = ap.parse_args()
    if not os.path.exists(python):
        sys.exit('bench/python.py: no %s: run `make test` first (it builds the virtual environment)' % python)
    os.makedirs(out, exist_ok=True)
    subprocess.run([os.environ.get('CC', 'cc'), '-O2', '-I', os.path.join(root, 'include'), '-o', cbench,
                    os.path.join(here, 'python_overhead.c'), '-L', os.path.join(root, 'target', 'release'),
                    '-Wl,-rpath,' + os.path.join(root, 'target', 'release'), '-ldlx'], check=True)
    sys.path.insert(0, os.path.join(root, 'tools'))
    import gen_instances
    queens = os.path.join(out, 'queens_12.dlx')
    for name, comment, problem in gen_instances.instances():
        if name == 'queens_12.dlx':
            with open(queens, 'w') as f:
                f.write(gen_instances.text(*problem, comment=comment))
    # The rows of the build: a fixed pseudo-random choice, the same for both.
    import random
    rng = random.Random(12)
    rows, columns, k = 100_000, 100, 5
    flat = [c for _ in range(rows) for c in rng.sample(range(columns), k)]
    build = os.path.join(out, 'build_rows.bin')
    import array
    with open(build, 'wb') as f:
        array.array('Q', [rows, columns, k] + flat).tofile(f)
    env_lib = dict(os.environ)
    print('%-8s %12s %12s %8s' % ('', 'C (s)', 'Python (s)', 'ratio'))
    for label, path, reps in (('count', queens, 21), ('build', build, 9)):
        c, py = [], []
        for _ in range(args.n):
            tc, rc = run([cbench, label, path, str(reps)])
            tp, rp = run([python, '-c', PY_SIDE, label, path, str(reps)])
            if rc != rp:
                sys.exit('bench/python.py: %s: C says %d, Python %d' % (label, rc, rp))
            c.append(tc)
            py.append(tp)
        mc, mp = statistics.median(c), statistics.median(py)
        print('%-8s %12.5f %12.5f %8.3f' % (label, mc, mp, mp / mc))


if __name__ == '__main__':
    main()
