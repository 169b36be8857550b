#!/usr/bin/env python3
"""Compiles and runs every C, C++ and Python example of the documentation.

    python3 tools/check_docs.py --lib target/release [--python PY] [FILE.md ...]

FILEs default to README.md and docs/*.md. Each fenced block marked c, cpp
or python is checked:

- a C or C++ block with a `main` is a whole program: compiled with the
  warnings of the C suite as errors (C11, or C++17 for dlx.hpp), linked
  with the library in --lib, run, and must exit 0;
- a C or C++ block without one is a fragment: it runs inside a function
  given `m`, a matrix of Knuth's example (columns A..G, six rows with
  costs 1..6), and in C also `s`, a solver of it (docs/README.md says so);
- a Python block runs with PY (default: python3, with the package from
  python/src and the library from --lib) and must exit 0; its asserts are
  its checks.

Every page of docs/ must hold a C (or C++) example and a Python one, but
for the index and the pages of one language (NO_C, NO_PYTHON below).
Compile errors point at the Markdown file's line (#line). Every relative
link of those files must name a file of the repository. Exits 1 naming
each block or link that failed. Would catch: an example that no longer compiles
after an API change, one that crashes, one whose asserted results are
wrong, a fragment that uses a name it does not declare, and a page left
without an example.
"""

import argparse
import glob
import os
import pathlib
import re
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[1]
BLOCK = re.compile(r'^```(c|cpp|python)\n(.*?)^```$', re.S | re.M)

KNUTH_C = '''
    static const size_t rows[6][3] = {{2, 4, 5}, {0, 3, 6}, {1, 2, 5}, {0, 3}, {1, 6}, {3, 4, 6}};
    static const size_t len[6] = {3, 3, 3, 2, 2, 3};
'''

C_HARNESS = '''#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dlx.h"

static void fragment(dlx_matrix *m, dlx_solver *s)
{
    (void)m;
    (void)s;
    {
#line %(line)d "%(file)s"
%(code)s
    }
}

int main(void)
{''' + KNUTH_C + '''    dlx_matrix *m;
    dlx_solver *s;
    if (dlx_matrix_new(7, &m) != DLX_OK) return 1;
    for (size_t r = 0; r < 6; r++) {
        if (dlx_matrix_add_row(m, rows[r], len[r], NULL) != DLX_OK) return 1;
        if (dlx_matrix_set_row_cost(m, r, (int64_t)r + 1) != DLX_OK) return 1;
    }
    if (dlx_solver_new(m, &s) != DLX_OK) return 1;
    fragment(m, s);
    dlx_solver_free(s);
    dlx_matrix_free(m);
    return 0;
}
'''

CPP_HARNESS = '''#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>
#include "dlx.hpp"

static void fragment(dlx::matrix &m)
{
    (void)m;
    {
#line %(line)d "%(file)s"
%(code)s
    }
}

int main()
{
    dlx::matrix m(7);
    m.add_rows({{2, 4, 5}, {0, 3, 6}, {1, 2, 5}, {0, 3}, {1, 6}, {3, 4, 6}});
    for (std::size_t r = 0; r < 6; r++) {
        m.set_cost(r, static_cast<std::int64_t>(r) + 1);
    }
    fragment(m);
    return 0;
}
'''


def blocks(path):
    text = path.read_text()
    for match in BLOCK.finditer(text):
        line = text.count('\n', 0, match.start(2)) + 1
        yield match.group(1), match.group(2), line


def compile_and_run(lang, code, where, line, tmp, lib):
    rel = os.path.relpath(where, ROOT)
    if re.search(r'\bint\s+main\s*\(', code):
        source = '#line %d "%s"\n%s' % (line, rel, code)
    else:
        source = (C_HARNESS if lang == 'c' else CPP_HARNESS) % {'line': line, 'file': rel, 'code': code}
    ext, compiler, flags = {
        'c': ('c', os.environ.get('CC', 'cc'), ['-std=c11', '-pedantic']),
        'cpp': ('cpp', os.environ.get('CXX', 'c++'), ['-std=c++17', '-pedantic']),
    }[lang]
    src = os.path.join(tmp, 'example.' + ext)
    exe = os.path.join(tmp, 'example')
    with open(src, 'w') as f:
        f.write(source)
    build = subprocess.run([compiler, *flags, '-Wall', '-Wextra', '-Werror', '-I', str(ROOT / 'include'), '-o', exe,
                            src, '-L', lib, '-Wl,-rpath,' + lib, '-ldlx'], capture_output=True, text=True)
    if build.returncode != 0:
        return 'does not compile:\n' + build.stderr
    run = subprocess.run([exe], capture_output=True, text=True, timeout=120)
    if run.returncode != 0:
        return 'exits %d:\n%s%s' % (run.returncode, run.stdout[-2000:], run.stderr[-2000:])
    return None


def run_python(code, python, tmp, lib):
    script = os.path.join(tmp, 'example.py')
    with open(script, 'w') as f:
        f.write(code)
    env = dict(os.environ)
    if python is not None:
        python = os.path.abspath(python)
    else:
        python = sys.executable
        env['PYTHONPATH'] = str(ROOT / 'python' / 'src')
        env['DLXCOVER_LIBRARY'] = os.path.join(lib, 'libdlx.so')
    run = subprocess.run([python, script], capture_output=True, text=True, timeout=300, cwd=tmp, env=env)
    if run.returncode != 0:
        return 'exits %d:\n%s%s' % (run.returncode, run.stdout[-2000:], run.stderr[-3000:])
    return None


def broken_links(path):
    """The relative links of a Markdown file whose target does not exist."""
    for target in re.findall(r'\]\(([^)#:]+)(?:#[^)]*)?\)', path.read_text()):
        if not (path.parent / target).exists():
            yield target


# Every guide page holds a runnable example in C (or C++) and one in
# Python, but these: the index, and the pages of one language.
NO_C = {'README.md', 'python.md'}
NO_PYTHON = {'README.md', 'cpp.md'}


def missing_examples(path, langs):
    """What a page of docs/ lacks of the examples every page holds."""
    if path.parent != ROOT / 'docs':
        return []
    lacks = []
    if path.name not in NO_C and not langs & {'c', 'cpp'}:
        lacks.append('a C or C++ example')
    if path.name not in NO_PYTHON and 'python' not in langs:
        lacks.append('a Python example')
    return lacks


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--lib', required=True, help='the folder of libdlx.so')
    ap.add_argument('--python', help='the Python that has dlxcover installed')
    ap.add_argument('files', nargs='*')
    args = ap.parse_args()
    lib = os.path.abspath(args.lib)
    files = [pathlib.Path(f).resolve() for f in args.files] or \
        [ROOT / 'README.md'] + sorted(pathlib.Path(p) for p in glob.glob(str(ROOT / 'docs' / '*.md')))
    failed = checked = 0
    with tempfile.TemporaryDirectory() as tmp:
        for path in files:
            for target in broken_links(path):
                failed += 1
                print('FAIL %s: a link to %s, which does not exist' % (os.path.relpath(path, ROOT), target))
            langs = set()
            for lang, code, line in blocks(path):
                langs.add(lang)
                where = '%s:%d (%s)' % (os.path.relpath(path, ROOT), line, lang)
                if lang == 'python':
                    problem = run_python(code, args.python, tmp, lib)
                else:
                    problem = compile_and_run(lang, code, path, line, tmp, lib)
                checked += 1
                if problem:
                    failed += 1
                    print('FAIL %s %s' % (where, problem))
                else:
                    print('ok   %s' % where)
            for lack in missing_examples(path, langs):
                failed += 1
                print('FAIL %s: no runnable example: it lacks %s' % (os.path.relpath(path, ROOT), lack))
    print('check_docs: %d examples, %d failed' % (checked, failed))
    return 1 if failed or checked == 0 else 0


if __name__ == '__main__':
    sys.exit(main())
