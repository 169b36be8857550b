#!/usr/bin/env python3
"""Checker for wisdom_beads: python3 wisdom_beads.py CASE.in ACTUAL_OUTPUT

The board is a left-aligned triangle: row i (1..10) has i cells. The input
marks pre-placed pieces with their letters (`.` = empty); a letter on the
input fixes that piece exactly on those cells.

A filled triangle passes when it has the triangle's shape, every cell holds a
letter A..L, the cells of each letter form that piece in some rotation or
reflection (so each piece is used once, all 12 are there: 3+3*4+8*5 = 55
cells), and for every letter on the input the output has that letter on
exactly the same cells.

`No solution` passes only when this checker proves it, in this order:
  1. a letter on the input whose cells are not one placement of that piece;
  2. a connected region of empty cells whose size is not the total size of any
     set of the pieces not yet placed (for example an isolated cell or pair);
  3. an exhaustive exact-cover search of its own (Knuth's Algorithm X on
     dicts of sets, smallest column first), within a node budget.
If the search finds a tiling, the case fails and the tiling is shown.
"""
import sys

SHAPES = {
    'A': '11/10', 'B': '1111', 'C': '111/100', 'D': '11/11', 'E': '1/1/111',
    'F': '1111/01', 'G': '111/101', 'H': '111/110', 'I': '111/0011',
    'J': '010/111/010', 'K': '1/11/011', 'L': '1111/1',
}
SIDE = 10
CELLS = [(r, c) for r in range(SIDE) for c in range(r + 1)]
NODE_BUDGET = 3_000_000


def shape_cells(picture):
    return [(r, c) for r, row in enumerate(picture.split('/'))
            for c, ch in enumerate(row) if ch == '1']


def normal(cells):
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return frozenset((r - r0, c - c0) for r, c in cells)


def orientations(letter):
    out = set()
    cells = shape_cells(SHAPES[letter])
    for mirror in (False, True):
        cur = [(r, -c) if mirror else (r, c) for r, c in cells]
        for _ in range(4):
            cur = [(c, -r) for r, c in cur]
            out.add(normal(cur))
    return out


ORIENT = {p: orientations(p) for p in SHAPES}


def is_piece(letter, cells):
    return len(cells) > 0 and normal(cells) in ORIENT[letter]


def read_triangle(lines, what):
    lines = [l.rstrip() for l in lines]
    while lines and lines[-1] == '':
        lines.pop()
    if len(lines) != SIDE:
        raise ValueError('%s: expected %d lines, got %d' % (what, SIDE, len(lines)))
    grid = {}
    for r, line in enumerate(lines):
        if len(line) != r + 1:
            raise ValueError('%s: line %d has %d characters, expected %d' % (what, r + 1, len(line), r + 1))
        for c, ch in enumerate(line):
            grid[(r, c)] = ch
    return grid


def cells_of(grid):
    by = {}
    for cell, ch in grid.items():
        if ch != '.':
            by.setdefault(ch, set()).add(cell)
    return by


def placements(letter, free):
    """All placements of a piece on cells of `free`."""
    out = []
    for o in ORIENT[letter]:
        for dr in range(SIDE):
            for dc in range(SIDE):
                cells = frozenset((r + dr, c + dc) for r, c in o)
                if cells <= free:
                    out.append(cells)
    return out


def regions(free):
    seen, out = set(), []
    for start in sorted(free):
        if start in seen:
            continue
        stack, comp = [start], []
        seen.add(start)
        while stack:
            r, c = stack.pop()
            comp.append((r, c))
            for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if nb in free and nb not in seen:
                    seen.add(nb)
                    stack.append(nb)
        out.append(comp)
    return out


def subset_sums(sizes):
    sums = {0}
    for s in sizes:
        sums |= {x + s for x in sums}
    return sums


def search(free, missing):
    """Algorithm X over the free cells and the missing pieces.
    Returns (tiling dict letter -> cells, or None; exhausted?)."""
    rows = {}
    for p in missing:
        for cells in placements(p, free):
            rows[(p, cells)] = list(cells) + [p]
    cols = {c: set() for c in list(free) + list(missing)}
    for key, cs in rows.items():
        for c in cs:
            cols[c].add(key)
    chosen, nodes = [], [0]

    def select(key):
        removed = []
        for c in rows[key]:
            for other in cols[c]:
                for c2 in rows[other]:
                    if c2 != c:
                        cols[c2].discard(other)
            removed.append(cols.pop(c))
        return removed

    def deselect(key, removed):
        for c in reversed(rows[key]):
            cols[c] = removed.pop()
            for other in cols[c]:
                for c2 in rows[other]:
                    if c2 != c:
                        cols[c2].add(other)

    def go():
        if not cols:
            return True
        nodes[0] += 1
        if nodes[0] > NODE_BUDGET:
            raise TimeoutError
        col = min(cols, key=lambda c: len(cols[c]))
        for key in sorted(cols[col], key=lambda k: (k[0], sorted(k[1]))):
            chosen.append(key)
            removed = select(key)
            if go():
                return True
            deselect(key, removed)
            chosen.pop()
        return False

    try:
        found = go()
    except TimeoutError:
        return None, False
    return ({p: cells for p, cells in chosen} if found else None), True


def prove_impossible(given):
    """A reason why the input has no solution, or None if none was found;
    raises AssertionError with a tiling when one exists."""
    fixed = cells_of(given)
    for p, cells in sorted(fixed.items()):
        if not is_piece(p, cells):
            return 'the %d cells marked %s are not one placement of piece %s' % (len(cells), p, p)
    free = {cell for cell, ch in given.items() if ch == '.'}
    missing = [p for p in SHAPES if p not in fixed]
    sums = subset_sums([len(shape_cells(SHAPES[p])) for p in missing])
    for comp in regions(free):
        if len(comp) not in sums:
            return 'the empty region at %s has %d cells, not a sum of sizes of the missing pieces' % (
                min(comp), len(comp))
    tiling, exhausted = search(free, missing)
    if tiling is not None:
        grid = dict(given)
        for p, cells in tiling.items():
            for cell in cells:
                grid[cell] = p
        text = '/'.join(''.join(grid[(r, c)] for c in range(r + 1)) for r in range(SIDE))
        raise AssertionError('`No solution` but this tiling exists: ' + text)
    if not exhausted:
        return None
    return 'exhaustive search found no tiling'


def check_solution(given, out):
    for cell, ch in out.items():
        if ch not in SHAPES:
            return 'cell %s holds %r, not a piece letter' % ((cell[0] + 1, cell[1] + 1), ch)
    got = cells_of(out)
    for p in SHAPES:
        if p not in got:
            return 'piece %s is missing' % p
        if not is_piece(p, got[p]):
            return 'the %d cells of %s do not form piece %s' % (len(got[p]), p, p)
    for p, cells in cells_of(given).items():
        if got[p] != cells:
            return 'pre-placed piece %s was not kept in place' % p
    return None


def main():
    given = read_triangle(open(sys.argv[1]).read().splitlines(), 'input')
    text = open(sys.argv[2]).read()
    if text.strip() == 'No solution':
        try:
            why = prove_impossible(given)
        except AssertionError as e:
            print(e)
            return 1
        if why is None:
            print('`No solution` could not be verified (search budget exceeded)')
            return 1
        return 0
    try:
        out = read_triangle(text.splitlines(), 'output')
    except ValueError as e:
        print(e)
        return 1
    why = check_solution(given, out)
    if why:
        print(why)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
