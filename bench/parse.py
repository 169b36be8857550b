#!/usr/bin/env python3
"""make bench, part 8: reading a big file, a base commit against this one.

The file: the domino tilings of an N x N board in Knuth's format (N = 2000
by default: 4 million items, 8 million options, about 198 MB), written to
bench/out/. Two things are timed, each for both commits:

* reading: bench/parse_phase.rs, built against each commit, reads the file
  into a matrix as that commit's tool does (the base: the whole file, then
  `parse_bytes`; this one: `format::read`, a block at a time, on every
  core) and stops;
* the tool: `dlx -n 0 -q FILE`, which also builds the solver (the dancing
  links), searching nothing.

All four run alternating, RUNS times; the medians of the wall time and of
the peak resident memory (the kernel's maxrss of the child) are compared.
The base is built from BASE (a commit before the parser work of issue 20)
in a worktree under bench/out/.

Usage: bench/parse.py [-n RUNS] [--size N] [--base COMMIT]
"""
import argparse, json, os, statistics, subprocess, sys, time

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


def build_phase(tree, label, stream):
    """bench/parse_phase.rs built against the library in `tree` (its safe
    core, named `dlx` as before the workspace split it into dlx-core/)."""
    crate = os.path.join(out, 'phase-' + label)
    core = os.path.join(tree, 'dlx-core')
    dep = ('dlx = { package = "dlx-core", path = %s }' % json.dumps(core) if os.path.isdir(core)
           else 'dlx = { path = %s }' % json.dumps(tree))
    os.makedirs(crate, exist_ok=True)
    with open(os.path.join(crate, 'Cargo.toml'), 'w') as f:
        f.write('[package]\nname = "parse_phase"\nversion = "0.0.0"\nedition = "2021"\n\n'
                '[[bin]]\nname = "parse_phase"\npath = %s\n\n[dependencies]\n%s\n\n'
                '[profile.release]\nopt-level = 3\ncodegen-units = 1\nlto = "fat"\n\n'
                '[lints.rust]\nunexpected_cfgs = { level = "warn", check-cfg = ["cfg(stream)"] }\n\n[workspace]\n'
                % (json.dumps(os.path.join(here, 'parse_phase.rs')), dep))
    env = dict(os.environ)
    if stream:
        env['RUSTFLAGS'] = (env.get('RUSTFLAGS', '') + ' --cfg stream').strip()
    subprocess.run(['cargo', 'build', '--release', '--quiet'], cwd=crate, check=True, env=env)
    return os.path.join(crate, 'target', 'release', 'parse_phase')


def measure(command, path):
    t = time.perf_counter()
    p = subprocess.Popen(command + [path], stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(p.pid, 0)
    dt = time.perf_counter() - t
    if status != 0:
        sys.exit('bench/parse.py: %s failed (%d)' % (command[0], status))
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
    commands = {
        ('reading', 'base'): [build_phase(os.path.dirname(os.path.dirname(os.path.dirname(base))), 'base', False)],
        ('reading', 'new'): [build_phase(root, 'new', True)],
        ('dlx -n 0', 'base'): [base, '-n', '0', '-q'],
        ('dlx -n 0', 'new'): [new, '-n', '0', '-q'],
    }
    runs = {k: [] for k in commands}
    for _ in range(args.n):
        for k, command in commands.items():
            runs[k].append(measure(command, path))
    print('file: %s (%.0f MB), %d runs each, alternating; medians' % (path, os.path.getsize(path) / 1e6, args.n))
    med = {k: (statistics.median(t for t, _ in v), statistics.median(m for _, m in v)) for k, v in runs.items()}
    for what in ('reading', 'dlx -n 0'):
        for who in ('base', 'new'):
            print('%-9s %-5s %8.2f s %9.0f MB' % (what, who, *med[(what, who)]))
        b, n = med[(what, 'base')], med[(what, 'new')]
        print('%-9s ratio base/new: time %.2fx, peak memory %.2fx' % (what, b[0] / n[0], b[1] / n[1]))


if __name__ == '__main__':
    main()
