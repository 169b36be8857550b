#!/usr/bin/env python3
"""make bench, part 4: instructions of the engine against bench/dance.c.

Time is noisy on shared machines; instruction counts from valgrind's
callgrind are not. On each instance this counts the instructions executed
inside the search of each program: `dance`'s recursive `search` (cover,
uncover and the choice inlined in it) and, in target/release/dlx run with
`--engine exact` (the DLX1 engine, whichever engine the automatic choice
would take), the count (`Solver::count_run`: the DLX1 walk, its choice, and
the control between slices), reading the file left out of both. Both count updates as Knuth's
DLX1 does, and the counts must agree, so the two figures are the cost of the
same tree. The ratio is dance's instructions over ours: above 1 means our
engine runs fewer.

Skipped (with a note) when valgrind is not installed.

Usage: bench/instructions.py [NAME ...]   (default: queens_12 langford_11 domino_6x6)
"""
import os, re, shutil, subprocess, sys, tempfile

sys.dont_write_bytecode = True  # no __pycache__ in bench/
from suite import dlx, generate, here, instances, out  # the suite's paths and instances

DEFAULT = ['queens_12', 'langford_11', 'domino_6x6']
dance = os.path.join(out, 'dance')


def collected(cmd, function, path):
    """Instructions inside `function` (and what it calls) while `cmd` reads
    `path` on standard input, with the program's standard output and error."""
    with tempfile.TemporaryDirectory() as tmp, open(path, 'rb') as f:
        p = subprocess.run(['valgrind', '--tool=callgrind', '--callgrind-out-file=' + os.path.join(tmp, 'cg'),
                            '--toggle-collect=' + function] + cmd, stdin=f, capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit('instructions.py: %s exited %d: %s' % (cmd[0], p.returncode, p.stderr.strip()[-400:]))
    m = re.search(r'Collected : (\d+)', p.stderr)
    if not m or int(m.group(1)) == 0:
        sys.exit('instructions.py: no instructions collected in %s (no symbol %s?)' % (cmd[0], function))
    return int(m.group(1)), p.stdout + p.stderr


def main():
    names = sys.argv[1:] or DEFAULT
    if shutil.which('valgrind') is None:
        print('instructions.py: valgrind is not installed; skipped')
        return
    generate()
    subprocess.run([os.environ.get('CC', 'cc'), '-O2', '-o', dance, os.path.join(here, 'dance.c')], check=True)
    print('%-16s %14s %16s %16s %7s' % ('instance', 'updates', 'dance instr', 'ours instr', 'ratio'))
    for name in names:
        path = os.path.join(instances, name + '.dlx')
        nd, text_d = collected([dance], 'search', path)
        no, text_o = collected([dlx, '--engine', 'exact', '--progress', '0', '-'], 'dlx_core::solver::Solver::count_run', path)
        d = re.search(r'(\d+) solutions?, (\d+) updates', text_d)
        o = re.search(r'dlx: (\d+) solutions?, \d+ nodes, (\d+) updates', text_o)
        if not d or not o or d.groups() != o.groups():
            sys.exit('instructions.py: %s: the counters differ: %r against %r' % (name, d and d.groups(), o and o.groups()))
        print('%-16s %14s %16s %16s %6.2fx' % (name, '{:,}'.format(int(o.group(2))), '{:,}'.format(nd), '{:,}'.format(no), nd / no), flush=True)


if __name__ == '__main__':
    main()
