"""Shared by the sudoku checkers (sudoku.py, sudoku_x.py, sudoku_grid.py,
sudoku16.py) and by cases/sudoku/gen.py: a grid validator and an exhaustive
search of their own, written here in Python, nothing shared with the program
or the library under test.

A grid is a list of n*n ints, row by row, 0 for an empty cell, 1..n a value.
"""
import sys

DIGITS = '123456789'


def read_lines(path):
    """The lines of the output file, without line ends and trailing empty lines."""
    with open(path) as f:
        out = [l.rstrip('\r\n') for l in f.read().split('\n')]
    while out and out[-1] == '':
        out.pop()
    return out


def read_line_puzzles(path):
    """Puzzles the way sudoku and sudoku_x read them: lines of 81 characters,
    '.' or '0' empty, '#' lines and empty lines skipped, stop at "end" or end
    of file."""
    puzzles = []
    with open(path) as f:
        for raw in f:
            line = raw.strip(' \t\r\n')
            if not line or line.startswith('#'):
                continue
            if line == 'end':
                break
            if len(line) != 81:
                sys.exit('input line %r is not 81 characters' % line[:100])
            puzzles.append([0 if ch in '.0' else int(ch) for ch in line])
    return puzzles


def valid_complete(g, n=9, bs=3, diag=False, symbols=DIGITS):
    """Why g (n*n ints) is not a valid complete grid (every row, column and
    bs x bs box, and with diag both main diagonals, holding 1..n once), or
    None. symbols[v - 1] shows the value v in messages."""
    if any(v < 1 or v > n for v in g):
        return 'a cell is not %s..%s' % (symbols[0], symbols[n - 1])
    show = lambda unit: ''.join(symbols[v - 1] for v in unit)
    for k in range(n):
        row = [g[k * n + j] for j in range(n)]
        col = [g[j * n + k] for j in range(n)]
        bx = [g[((k // bs) * bs + j // bs) * n + (k % bs) * bs + j % bs] for j in range(n)]
        for name, unit in (('row', row), ('column', col), ('box', bx)):
            if sorted(unit) != list(range(1, n + 1)):
                return '%s %d is %s' % (name, k + 1, show(unit))
    if diag:
        main = [g[k * n + k] for k in range(n)]
        anti = [g[k * n + n - 1 - k] for k in range(n)]
        for name, unit in (('main diagonal', main), ('anti-diagonal', anti)):
            if sorted(unit) != list(range(1, n + 1)):
                return '%s is %s' % (name, show(unit))
    return None


def changed_clue(puzzle, g):
    """The index of the first clue of puzzle that g does not keep, or None."""
    for i, v in enumerate(puzzle):
        if v and g[i] != v:
            return i
    return None


def grid_problem(puzzle, g, n=9, bs=3, diag=False, symbols=DIGITS):
    """Why g is not an answer to puzzle (an invalid grid, or a clue not
    kept), or None."""
    why = valid_complete(g, n, bs, diag, symbols)
    if why:
        return 'invalid grid: %s' % why
    i = changed_clue(puzzle, g)
    if i is not None:
        return 'clue %s at row %d column %d changed to %s' % (
            symbols[puzzle[i] - 1], i // n + 1, i % n + 1, symbols[g[i] - 1])
    return None


def complete(puzzle, n, bs, diag=False, rng=None):
    """One completion of puzzle (list of n*n ints, 0 = empty), or None when
    there is none (clues clashing included); see completions()."""
    found = completions(puzzle, n, bs, diag, rng, limit=1)
    return found[0] if found else None


def completions(puzzle, n, bs, diag=False, rng=None, limit=1):
    """Exhaustive search for up to `limit` completions of puzzle (list of
    n*n ints, 0 = empty), returned as a list of grids. Each step takes the
    empty cell with the fewest candidate digits or the (unit, digit) pair
    with the fewest candidate cells, whichever is smaller, and tries every
    option."""
    units = []
    for k in range(n):
        units.append([k * n + j for j in range(n)])
        units.append([j * n + k for j in range(n)])
        br, bc = (k // bs) * bs, (k % bs) * bs
        units.append([(br + j // bs) * n + bc + j % bs for j in range(n)])
    if diag:
        units.append([k * n + k for k in range(n)])
        units.append([k * n + n - 1 - k for k in range(n)])
    of_cell = [[] for _ in range(n * n)]
    for u, cells in enumerate(units):
        for i in cells:
            of_cell[i].append(u)
    full = (1 << n) - 1
    used = [0] * len(units)
    g = list(puzzle)
    for i, v in enumerate(g):
        if v:
            bit = 1 << (v - 1)
            for u in of_cell[i]:
                if used[u] & bit:
                    return []
                used[u] |= bit
    found = []

    def place(i, bit):
        g[i] = bit.bit_length()
        for u in of_cell[i]:
            used[u] |= bit

    def unplace(i, bit):
        g[i] = 0
        for u in of_cell[i]:
            used[u] ^= bit

    def search():
        cand = {}
        for i in range(n * n):
            if not g[i]:
                m = full
                for u in of_cell[i]:
                    m &= ~used[u]
                cand[i] = m
        if not cand:
            found.append(list(g))
            return len(found) >= limit
        best_n, best = n + 1, None
        for i, m in cand.items():
            k = bin(m).count('1')
            if k < best_n:
                best_n, best = k, [(i, 1 << d) for d in range(n) if m >> d & 1]
                if k <= 1:
                    break
        if best_n > 1:
            for u, cells in enumerate(units):
                free = full & ~used[u]
                while free:
                    bit = free & -free
                    free ^= bit
                    opts = [(i, bit) for i in cells if not g[i] and cand[i] & bit]
                    if len(opts) < best_n:
                        best_n, best = len(opts), opts
                        if best_n <= 1:
                            break
                if best_n <= 1:
                    break
        if best_n == 0:
            return False
        if rng is not None:
            rng.shuffle(best)
        for i, bit in best:
            place(i, bit)
            if search():
                return True
            unplace(i, bit)
        return False

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 4 * n * n + 100))
    search()
    return found


def check_line_output(argv, name, diag):
    """main() of the checkers of sudoku and sudoku_x: one output line per
    puzzle of the input, 81 digits, "No solution" (accepted only when
    complete() finds no completion) or "Multiple solutions" (accepted only
    when this checker finds two different completions). Returns the exit
    status."""
    if len(argv) != 3:
        sys.exit('usage: %s CASE.in ACTUAL_OUTPUT' % name)
    puzzles = read_line_puzzles(argv[1])
    out = read_lines(argv[2])
    if len(out) != len(puzzles):
        print('expected %d output lines, got %d' % (len(puzzles), len(out)))
        return 1
    for n, (p, line) in enumerate(zip(puzzles, out), 1):
        if line == 'Multiple solutions':
            if len(completions(p, 9, 3, diag=diag, limit=2)) < 2:
                print('puzzle %d: program says several solutions, but it has at most one' % n)
                return 1
            continue
        if line == 'No solution':
            if complete(p, 9, 3, diag=diag) is not None:
                print('puzzle %d: program says no solution, but it has one' % n)
                return 1
            continue
        if len(line) != 81 or not line.isdigit():
            print('puzzle %d: output %r is not 81 digits' % (n, line[:100]))
            return 1
        g = [int(ch) for ch in line]
        why = grid_problem(p, g, diag=diag)
        if why:
            print('puzzle %d: %s' % (n, why))
            return 1
    return 0
