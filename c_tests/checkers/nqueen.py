#!/usr/bin/env python3
"""Checker for nqueen: python3 nqueen.py CASE.in ACTUAL_OUTPUT

Input: repeated `N` then N numbers (0 = free row, else the 1-based column of a
queen already in that row), ended by `0` or EOF. The program prints one line
per case: N 1-based columns, or `No solution`.

An answer line passes when it has N columns in 1..N, all different, no two
queens on one diagonal, and every pre-placed queen is where the input put it.

`No solution` passes only when this checker can prove it independently:
  - two pre-placed queens attack each other (same column or diagonal), or
  - an exhaustive backtracking search over the free rows (bitmask, rows in
    order, pre-placed queens fixed) finds no completion within a node budget.
If the search finds a completion, the case fails and that completion is shown;
if the budget runs out, the case fails as unjustified.
"""
import sys

NODE_BUDGET = 2_000_000


def parse_input(text):
    toks = text.split()
    pos = 0
    cases = []
    while pos < len(toks):
        n = int(toks[pos])
        pos += 1
        if n == 0:
            break
        given = [int(t) for t in toks[pos:pos + n]]
        if len(given) != n:
            raise ValueError('input ends inside a case')
        pos += n
        cases.append((n, given))
    return cases


def conflict(given):
    """A pair of pre-placed queens that attack each other, or None."""
    placed = [(r, c - 1) for r, c in enumerate(given) if c]
    for i in range(len(placed)):
        for j in range(i + 1, len(placed)):
            (r1, c1), (r2, c2) = placed[i], placed[j]
            if c1 == c2 or abs(r1 - r2) == abs(c1 - c2):
                return placed[i], placed[j]
    return None


def complete(n, given):
    """Search for a completion. Returns (columns or None, exhausted?)."""
    nodes = [0]
    cols = [0] * n

    def go(r, used, d1, d2):
        if r == n:
            return True
        nodes[0] += 1
        if nodes[0] > NODE_BUDGET:
            raise TimeoutError
        choices = [given[r] - 1] if given[r] else range(n)
        for c in choices:
            b, b1, b2 = 1 << c, 1 << (r - c + n - 1), 1 << (r + c)
            if used & b or d1 & b1 or d2 & b2:
                continue
            cols[r] = c
            if go(r + 1, used | b, d1 | b1, d2 | b2):
                return True
        return False

    try:
        found = go(0, 0, 0, 0)
    except TimeoutError:
        return None, False
    return ([c + 1 for c in cols] if found else None), True


def check_answer(n, given, line):
    parts = line.split()
    if len(parts) != n:
        return 'expected %d columns, got %d' % (n, len(parts))
    try:
        cols = [int(p) for p in parts]
    except ValueError:
        return 'not a list of numbers'
    for r, c in enumerate(cols):
        if not 1 <= c <= n:
            return 'row %d: column %d out of range' % (r + 1, c)
        if given[r] and given[r] != c:
            return 'row %d: pre-placed queen at column %d moved to %d' % (r + 1, given[r], c)
    for i in range(n):
        for j in range(i + 1, n):
            if cols[i] == cols[j]:
                return 'rows %d and %d share column %d' % (i + 1, j + 1, cols[i])
            if abs(cols[i] - cols[j]) == j - i:
                return 'rows %d and %d share a diagonal' % (i + 1, j + 1)
    return None


def main():
    cases = parse_input(open(sys.argv[1]).read())
    lines = [l.strip() for l in open(sys.argv[2]).read().splitlines() if l.strip()]
    if len(lines) != len(cases):
        print('expected %d output lines, got %d' % (len(cases), len(lines)))
        return 1
    for k, ((n, given), line) in enumerate(zip(cases, lines), 1):
        if line == 'No solution':
            pair = conflict(given)
            if pair:
                continue  # proven: two given queens attack each other
            sol, exhausted = complete(n, given)
            if sol is not None:
                print('case %d (N=%d): `No solution` but %s is one' % (k, n, ' '.join(map(str, sol))))
                return 1
            if not exhausted:
                print('case %d (N=%d): `No solution` could not be verified (search budget)' % (k, n))
                return 1
            continue  # proven by exhaustive search
        why = check_answer(n, given, line)
        if why:
            print('case %d (N=%d): %s: %r' % (k, n, why, line[:200]))
            return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
