#!/usr/bin/env python3
"""Checks that the C++ wrapper covers the whole C API.

    python3 tools/check_wrapper.py [WRAPPER_TEST]

1. Every function declared in include/dlx.h is named in include/dlx.hpp,
   or listed there as deliberately absent, on a comment line of the form
   ``absent: dlx_name: the reason``.
2. With WRAPPER_TEST (c_tests/build/wrapper_test, linked with lazy
   binding), every function not absent is called when it runs: the
   dynamic linker binds a function of libdlx the first time the program
   calls it, and LD_DEBUG=bindings reports each binding.

Exits 1 naming what is missing. Would catch: a function added to the C API
and not to the wrapper, a wrapper nobody tests, a wrapper that calls
another C function than its name says.
"""

import os
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]


def c_functions(header: str) -> set:
    """The functions dlx.h declares (a return type, then dlx_name( )."""
    return set(re.findall(r'^[a-z][\w *]*?\b(dlx_\w+)\(', header, re.M))


def main() -> int:
    header = (ROOT / 'include' / 'dlx.h').read_text()
    wrapper = (ROOT / 'include' / 'dlx.hpp').read_text()
    declared = c_functions(header)
    if len(declared) < 10:
        print('check_wrapper: found only %d functions in dlx.h: the pattern is out of date' % len(declared))
        return 1
    absent = dict(re.findall(r'absent: (dlx_\w+): (.+)', wrapper))
    named = set(re.findall(r'\b(dlx_\w+)\b', wrapper.replace('absent: ', 'absent ')))
    problems = ['%s: neither in dlx.hpp nor listed as absent' % f for f in sorted(declared - named - set(absent))]
    problems += ['%s: listed as absent but not in dlx.h' % f for f in sorted(set(absent) - declared)]
    if len(sys.argv) > 1:
        env = dict(os.environ, LD_DEBUG='bindings')
        env.pop('LD_BIND_NOW', None)
        run = subprocess.run([sys.argv[1]], env=env, capture_output=True, text=True)
        if run.returncode != 0:
            problems.append('%s failed (exit %d)' % (sys.argv[1], run.returncode))
        called = set(re.findall(r"normal symbol `(dlx_\w+)'", run.stderr))
        problems += ['%s: never called by %s' % (f, sys.argv[1]) for f in sorted(declared - set(absent) - called)]
    for p in problems:
        print('check_wrapper: ' + p)
    print('check_wrapper: %d functions in dlx.h, %d absent by choice, %s' % (
        len(declared), len(absent), 'FAILED' if problems else 'all wrapped' + (' and called' if len(sys.argv) > 1 else '')))
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
