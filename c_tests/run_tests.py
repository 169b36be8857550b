#!/usr/bin/env python3
"""Run the C test suite.

Every program build/NAME (from NAME.c or NAME.cpp) has its cases in cases/NAME/. A case is a file
CASE.in (standard input; may be empty) with optionally
  CASE.args      command-line arguments, whitespace separated
  CASE.exit      the expected exit code (default 0), for input the program
                 must reject (with a message on standard error)
  CASE.expected  the exact expected standard output (trailing spaces at line
                 ends are ignored; every expected value comes from a fact in
                 the samples' specification or the literature, never from a run)
and the program's checker checkers/NAME.py, if there is one, is run as
  python3 checkers/NAME.py CASE.in ACTUAL_OUTPUT
and must exit 0: it judges outputs where several answers are valid.
A case passes when the program exits as expected within the time limit and every
comparison and checker agrees. With --wrap, each program runs under that
command (for example --wrap "valgrind -q --error-exitcode=9").
"""
import argparse, os, shlex, subprocess, sys, tempfile, time

here = os.path.dirname(os.path.abspath(__file__))


def norm(text):
    lines = [l.rstrip() for l in text.replace('\r\n', '\n').split('\n')]
    while lines and lines[-1] == '':
        lines.pop()
    return lines


def run_case(exe, prog, case_in, wrap, timeout):
    base = case_in[:-3]
    args = []
    if os.path.exists(base + '.args'):
        args = open(base + '.args').read().split()
    with open(case_in, 'rb') as f:
        data = f.read()
    cmd = wrap + [exe] + args
    t = time.perf_counter()  # reported, not asserted: each case's time is printed
    try:
        p = subprocess.run(cmd, input=data, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout)
    except subprocess.TimeoutExpired:
        return False, 'timed out after %d s' % timeout, 0.0
    dt = time.perf_counter() - t  # reported, not asserted
    out = p.stdout.decode('utf-8', 'replace')
    err = p.stderr.decode('utf-8', 'replace').strip()
    want = int(open(base + '.exit').read()) if os.path.exists(base + '.exit') else 0
    if p.returncode != want:
        return False, 'exit code %d, expected %d: %s' % (p.returncode, want, err[-500:]), dt
    if want != 0:
        if not err:
            return False, 'rejected the input without a message on standard error', dt
        return True, '', dt
    if os.path.exists(base + '.expected'):
        exp = open(base + '.expected').read()
        if norm(out) != norm(exp):
            a, e = norm(out), norm(exp)
            for i in range(max(len(a), len(e))):
                la = a[i] if i < len(a) else '<missing>'
                le = e[i] if i < len(e) else '<missing>'
                if la != le:
                    return False, 'line %d: got %r, expected %r' % (i + 1, la[:200], le[:200]), dt
    checker = os.path.join(here, 'checkers', prog + '.py')
    if os.path.exists(checker):
        with tempfile.NamedTemporaryFile('w', suffix='.out', delete=False) as tmp:
            tmp.write(out)
        try:
            c = subprocess.run([sys.executable, checker, case_in, tmp.name],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=600)
        finally:
            os.unlink(tmp.name)
        if c.returncode != 0:
            return False, 'checker: ' + c.stdout.decode('utf-8', 'replace').strip()[-500:], dt
    return True, '', dt


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--build', default='build')
    ap.add_argument('--wrap', default='')
    ap.add_argument('--timeout', type=int, default=300)
    ap.add_argument('only', nargs='*', help='program names to run (default: all)')
    a = ap.parse_args()
    build = os.path.join(here, a.build) if not os.path.isabs(a.build) else a.build
    wrap = shlex.split(a.wrap)
    cases_root = os.path.join(here, 'cases')
    progs = sorted(os.path.splitext(p)[0] for p in os.listdir(here) if p.endswith(('.c', '.cpp')))
    if a.only:
        progs = [p for p in progs if p in a.only]
    passed = failed = 0
    for prog in progs:
        exe = os.path.join(build, prog)
        cdir = os.path.join(cases_root, prog)
        cases = sorted(f for f in os.listdir(cdir) if f.endswith('.in')) if os.path.isdir(cdir) else []
        if not cases:
            print('FAIL %s: no test cases in cases/%s' % (prog, prog))
            failed += 1
            continue
        if not os.path.exists(exe):
            print('FAIL %s: not built (%s)' % (prog, exe))
            failed += len(cases)
            continue
        for c in cases:
            ok, why, dt = run_case(exe, prog, os.path.join(cdir, c), wrap, a.timeout)
            name = '%s/%s' % (prog, c[:-3])
            if ok:
                passed += 1
                print('ok   %-40s %7.2f s' % (name, dt))
            else:
                failed += 1
                print('FAIL %-40s %s' % (name, why))
    print('%d passed, %d failed' % (passed, failed))
    sys.exit(1 if failed else 0)


if __name__ == '__main__':
    main()
