#!/usr/bin/env python3
"""Checker for c_tests/word_square: recomputes the count and checks every
square printed.

usage: word_square.py CASE.in ACTUAL_OUTPUT

The input is `k max` and a word list; the words of k letters count. The
output must be min(max, N) squares, each k lines of k letters and an empty
line, then `N squares`, where N is the number of k x k grids whose rows and
columns are 2k different words of the list. Each printed square must be one
of them, and no square may be printed twice.

N is recomputed here by a search sharing nothing with the program or the
library (no dancing links, no colors): fill the grid row by row with words,
keeping only rows after which every column is still the start of some word,
then check the columns and that the 2k words differ.
"""
import sys

sys.dont_write_bytecode = True


def squares(k, words):
    """Every double word square, as a tuple of its rows."""
    prefixes = {w[:i] for w in words for i in range(k + 1)}
    found = []

    def fill(rows):
        if len(rows) == k:
            cols = [''.join(r[j] for r in rows) for j in range(k)]
            if all(c in words for c in cols) and len(set(rows) | set(cols)) == 2 * k:
                found.append(tuple(rows))
            return
        for w in sorted(words):
            if all(''.join(r[j] for r in rows) + w[j] in prefixes for j in range(k)):
                fill(rows + [w])

    fill([])
    return found


def main():
    if len(sys.argv) != 3:
        sys.exit('usage: word_square.py CASE.in ACTUAL_OUTPUT')
    text = open(sys.argv[1]).read().split()
    k, limit = int(text[0]), int(text[1])
    words = {w for w in text[2:] if len(w) == k}
    every = set(squares(k, words))
    lines = [l.rstrip() for l in open(sys.argv[2]).read().split('\n')]
    while lines and lines[-1] == '':
        lines.pop()
    want = '%d squares' % len(every)
    if not lines or lines[-1] != want:
        print('last line %r, expected %r' % (lines[-1][:100] if lines else '', want))
        return 1
    body = lines[:-1]
    shown = min(limit, len(every))
    if len(body) != shown * (k + 1):
        print('expected %d squares of %d lines and an empty line each, got %d lines' % (shown, k, len(body)))
        return 1
    seen = set()
    for s in range(shown):
        rows = tuple(body[s * (k + 1):s * (k + 1) + k])
        if body[s * (k + 1) + k] != '':
            print('square %d is not followed by an empty line' % (s + 1))
            return 1
        if rows not in every:
            print('square %d %r is not a double word square of the list' % (s + 1, rows))
            return 1
        if rows in seen:
            print('square %d %r is printed twice' % (s + 1, rows))
            return 1
        seen.add(rows)
    return 0


if __name__ == '__main__':
    sys.exit(main())
