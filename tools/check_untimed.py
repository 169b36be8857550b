#!/usr/bin/env python3
"""Checks that no test reads the clock to judge speed.

    python3 tools/check_untimed.py [--self-test]

A test that asserts a duration ("the cancel took under 100 ms") fails on
a loaded machine for no defect and passes on a fast one for none. Tests
check what is deterministic instead: node counts, counters, the order of
events; speed is shown by `make bench`. So every line of the tests (Rust
tests/, the C suite's sources and runner, Python's tests and checks) that
reads a clock must say why that reading judges nothing, with a comment
naming one of the allowed uses:

- ``hang guard``: a deadline that only ends a test that would otherwise
  wait forever (it fails only where nothing would ever happen);
- ``reported, not asserted``: a time printed for people, never compared.

Exits 1 listing each clock read without one. ``--self-test`` checks this
checker on planted lines: a timed assertion in each language must be
caught, a marked hang guard must not.
"""

import pathlib
import re
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent

# Where tests live, as globs under the root.
PLACES = ["tests/**/*.rs", "tests/**/*.py", "c_tests/*.c", "c_tests/*.h", "c_tests/*.cpp", "c_tests/*.py",
          "python/tests/*.py", "examples/*.rs", "examples/*.c", "examples/*.cpp"]

# Reading a clock, in Rust, C and Python.
CLOCK = re.compile(
    r"Instant::now|\.elapsed\(\)|SystemTime::now"
    r"|\bclock_gettime\b|\bgettimeofday\b|\bclock\(\)|\btime\(NULL\)"
    r"|\btime\.(monotonic|perf_counter|time|process_time)(_ns)?\(|datetime\.now\(")

ALLOWED = ("hang guard", "reported, not asserted")


def unmarked(text):
    """The numbers of the lines of `text` that read a clock without a
    marker on the line itself or on one of the three comment lines above."""
    lines = text.splitlines()
    out = []
    for i, line in enumerate(lines):
        if not CLOCK.search(line):
            continue
        context = lines[max(0, i - 3):i + 1]
        if not any(mark in l for l in context for mark in ALLOWED):
            out.append(i + 1)
    return out


def check(root):
    bad = []
    for pattern in PLACES:
        for path in sorted(root.glob(pattern)):
            if "/target/" in str(path) or "/build/" in str(path):
                continue
            text = path.read_text(encoding="utf-8", errors="replace")
            for n in unmarked(text):
                bad.append("%s:%d: %s" % (path.relative_to(root), n, text.splitlines()[n - 1].strip()))
    return bad


def self_test():
    planted = {
        "tests/planted.rs": "let t = Instant::now();\nassert!(t.elapsed() < Duration::from_millis(100));\n",
        "c_tests/planted.c": "clock_gettime(CLOCK_MONOTONIC, &t);\nCHECK(ms < 100.0);\n",
        "python/tests/test_planted.py": "t = time.monotonic()\nassert time.monotonic() - t < 5\n",
    }
    guarded = "# hang guard: only a run that never ends waits this long\ndeadline = time.monotonic() + 30\n"
    with tempfile.TemporaryDirectory() as d:
        root = pathlib.Path(d)
        for name, text in planted.items():
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            (root / name).write_text(text)
        (root / "python/tests/test_guarded.py").write_text(guarded)
        found = check(root)
    caught = {line.split(":")[0] for line in found}
    ok = caught == set(planted)
    print("check_untimed self-test: %s (caught %s)" % ("ok" if ok else "FAILED", sorted(caught)))
    return ok


def main():
    if "--self-test" in sys.argv[1:]:
        sys.exit(0 if self_test() else 1)
    bad = check(ROOT)
    for line in bad:
        print("a clock read in a test, not marked as a hang guard or a time only reported: " + line)
    if bad:
        sys.exit(1)
    print("check_untimed: no test judges by the clock")


if __name__ == "__main__":
    main()
