#!/usr/bin/env python3
"""Checks of `dlx --json` with Python's own json module:

* the 8-queens file gives one document with count 92 (OEIS A000170);
* with --print, 92 solutions, each a set of option numbers that a checker
  here finds to be a placement of 8 queens (one per rank and file, none on
  a shared diagonal), all distinct;
* with --max-nodes, complete is false, the outcome node_limit, exit 5;
* with --fewest --best 3 on Knuth's paper matrix, the one solution (3 rows);
* a byte-order mark before the text is accepted;
* every count mode (the default automatic count, --auto, --memo, --plain)
  gives the same count as the text output and the literature's (8 queens,
  domino tilings of 8x8: 12988816); a memo count stopped by a limit says
  so, with a null count.

Usage: tests/py/json_checks.py [path/to/dlx]   (default target/release/dlx)
"""
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DLX = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, 'target', 'release', 'dlx')
sys.path.insert(0, os.path.join(ROOT, 'tools'))
from gen_instances import dominoes, queens, text  # noqa: E402

failures = 0


def check(ok, what):
    global failures
    print(('ok   ' if ok else 'FAIL ') + what)
    failures += not ok


def run(args, data=None):
    p = subprocess.run([DLX, '--json'] + args, input=data, capture_output=True)
    return p.returncode, p.stdout.decode(), p.stderr.decode()


with tempfile.TemporaryDirectory() as tmp:
    primary, secondary, options = queens(8)
    path = os.path.join(tmp, 'queens_8.dlx')
    with open(path, 'w') as f:
        f.write(text(primary, secondary, options))
    rc, out, _ = run([path])
    doc = json.loads(out)
    check(rc == 0 and doc['count'] == 92 and doc['complete'] is True and doc['outcome'] == 'exhausted',
          'queens_8: count 92, complete')
    check(doc['counters']['solutions'] == 92 and doc['file'] == path, 'queens_8: counters and file')

    rc, out, _ = run(['-p', '-q', path])
    doc = json.loads(out)

    def placement(rows):
        squares = [tuple(int(x[1:]) for x in options[r].split()[:2]) for r in rows]
        ranks, files = {r for r, _ in squares}, {c for _, c in squares}
        return (len(rows) == 8 and len(ranks) == 8 and len(files) == 8
                and len({r + c for r, c in squares}) == 8 and len({r - c for r, c in squares}) == 8)

    sols = doc['solutions']
    check(rc == 0 and len(sols) == 92 and all(placement(s) for s in sols)
          and len({frozenset(s) for s in sols}) == 92, 'queens_8 --print: 92 distinct placements')
    # Each option printed is named by its text, as the file gives it.
    named = doc.get('options', {})
    check(sorted(map(int, named)) == sorted({r for s in sols for r in s})
          and all(named[str(r)] == options[r] for s in sols for r in s),
          'queens_8 --print: options names each row printed by its text')

    rc, out, _ = run(['-p', '-'], b'A B | X\nA X:red\nB X:red\nA B\n')
    doc = json.loads(out)
    check(rc == 0 and doc['options'] == {'0': 'A X:red', '1': 'B X:red', '2': 'A B'},
          'colors: the option text keeps its colors')

    rc, out, _ = run(['--max-nodes', '100', path])
    doc = json.loads(out)
    check(rc == 5 and doc['complete'] is False and doc['outcome'] == 'node_limit', 'node limit: incomplete, exit 5')

    paper = 'A B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n'
    rc, out, _ = run(['--fewest', '--best', '3', '-'], paper.encode())
    doc = json.loads(out)
    check(rc == 0 and [b['cost'] for b in doc['best']] == [3] and sorted(doc['best'][0]['rows']) == [0, 3, 4],
          "Knuth's paper: the one solution, 3 rows")

    rc, out, _ = run(['-'], b'\xef\xbb\xbf' + paper.encode())
    check(rc == 0 and json.loads(out)['count'] == 1, 'a byte-order mark is accepted')
    # Every count mode gives the same count in JSON as in text, and the
    # literature's: 92 for 8 queens, 12988816 domino tilings of 8x8
    # (Kasteleyn 1961), which the plain search alone takes seconds over.
    primary, secondary, options = dominoes(8, 8)
    board = os.path.join(tmp, 'domino_8x8.dlx')
    with open(board, 'w') as f:
        f.write(text(primary, secondary, options))
    for file, count, modes in [(path, 92, [[], ['--auto'], ['--memo'], ['--plain']]), (board, 12988816, [[], ['--auto'], ['--memo']])]:
        p = subprocess.run([DLX, '-q', file], capture_output=True)
        check(p.returncode == 0 and p.stdout.decode().strip() == str(count), '%s: the text count is %d' % (os.path.basename(file), count))
        for mode in modes:
            rc, out, err = run(['-q'] + mode + [file])
            doc = json.loads(out) if rc == 0 else {}
            check(rc == 0 and doc.get('count') == count and doc.get('complete') is True and doc.get('outcome') == 'exhausted',
                  '%s --json %s: count %d, complete' % (os.path.basename(file), ' '.join(mode) or '(default)', count))
            if mode in ([], ['--auto'], ['--memo']):
                check(doc.get('counted_by') in ('plain', 'memo'), '%s --json %s: counted_by' % (os.path.basename(file), ' '.join(mode)))
    rc, out, err = run(['--memo', '--max-nodes', '10', board])
    doc = json.loads(out) if out else {}
    check(rc == 5 and doc.get('count', 0) is None and doc.get('complete') is False and doc.get('outcome') == 'node_limit',
          '--json --memo stopped by a limit: count null, incomplete, exit 5')

print('%s: %d failure(s)' % ('FAILED' if failures else 'passed', failures))
sys.exit(1 if failures else 0)
