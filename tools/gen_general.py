#!/usr/bin/env python3
"""Writes instances with colors (XCC) and with multiplicities (MCC) in
Knuth's text format (the input of his DLX2 and DLX3), into a folder:

    python3 tools/gen_general.py [--large] DIR

(`--large`: the large family instead, `large_instances`.)

Each file starts with a comment line giving its solution count as
"expect N". The counts come from the literature or from a count here that
shares nothing with the library (a dynamic programme over the columns, or
a walk over rows of permutations):

* latin_5: Latin squares of order 5 as XCC: primary items Rr (row r) and
  Cc (column c), secondary cells xrc; an option per row r and permutation
  p, `Rr xr0:p0 ... xr4:p4`, and per column c and permutation p,
  `Cc x0c:p0 ... x4c:p4`. 161,280 (OEIS A002860).
  Its count is also checked here by a walk over rows of permutations
  (`latin_count`, which takes too long for order 6).
* latin_6_reduced: reduced Latin squares of order 6 (first row and
  column in order), the same model with only the identity as options of
  R0 and C0: 9,408 (OEIS A000315).
* words_rectangle_100: 5x5 word rectangles (Knuth's XCC model, TAOCP
  7.2.2.1): primary items Rr and Cc, secondary cells xrc; an option per
  row r and word w, `Rr xr0:w0 ... xr4:w4`, and per column c and word w,
  `Cc x0c:w0 ... x4c:w4`; rows from one sample of 100 of the 1,024 words
  of length 5 over abcd, columns from another.
* words_square_110: the same with one sample of 110 words for rows and
  columns (double word squares).
  Both counted here a row at a time (`rectangle_count`).
* sums_7x7_2: 0/1 matrices of order 7 with row and column sums 2, items
  `2|r0 ... 2|c6`, an option `ri cj` per cell: 3,110,940 (OEIS A001499).
* sums_6x6_3: order 6, line sums 3: 297,200 (OEIS A058527).
* sums_6x6_r13_c2: rows taking 1 to 3 (`1:3|ri`), columns 2.
* sums_8x4_r12_c3: 8 rows taking 1 or 2, 4 columns of sum 3.
  The last three (and the first) are also counted by a dynamic programme
  over the columns here.

The large family (`--large`, matrices past the bit sets):

* latin_6_givens_5, latin_7_givens_11: Latin squares of order 6 and 7
  completing givens drawn from a random square, counted met in the middle
  over rows of permutations (`latin_givens_count`).
* words_rectangle_7776x16: 5x5 word rectangles whose rows may be any of
  the 7,776 words of length 5 over abcdef and whose columns come from a
  sample of 16: every choice of five column words is one, 16^5.
* words_rectangle_5000x24: rows from a sample of 5,000 such words,
  columns from one of 24, counted transposed by `rectangle_count`.
* words_distinct_80, words_distinct_90: 5x5 double word squares whose ten
  words are all different, each word a primary item bounded `0:1`
  (Knuth's word rectangles, TAOCP 7.2.2.1, with multiplicities), counted
  a row at a time by `distinct_rectangle_count`.

The order of the items and of the options is part of an instance: the
counters (nodes, updates) depend on it. DLX2 and DLX3 walk the same trees
as this library's counts (dlx-tool/tests/cli.rs checks DLX3's node count on two).
"""
import itertools
import math
import os
import random
import sys
from collections import Counter

# ---- colors ---------------------------------------------------------------


def latin(rows, cols):
    """Latin rectangles `rows` x `cols` on `cols` symbols, as XCC."""
    primary = ["R%d" % r for r in range(rows)] + ["C%d" % c for c in range(cols)]
    secondary = ["x%d%d" % (r, c) for r in range(rows) for c in range(cols)]
    options = []
    for r in range(rows):
        for p in itertools.permutations(range(cols)):
            options.append("R%d " % r + " ".join("x%d%d:%d" % (r, c, p[c]) for c in range(cols)))
    for c in range(cols):
        for p in itertools.permutations(range(cols), rows):
            options.append("C%d " % c + " ".join("x%d%d:%d" % (r, c, p[r]) for r in range(rows)))
    return primary, secondary, options


def latin_count(rows, cols):
    """Latin rectangles with the identity as first row, times the cols!
    first rows: every later row a permutation that differs from each row
    above at every column (each permutation as a bit set of its (column,
    symbol) pairs, so two differ everywhere when their sets are apart)."""
    sets = [sum(1 << (c * cols + p[c]) for c in range(cols)) for p in itertools.permutations(range(cols))]
    identity = sets[0]

    def extend(used, left):
        if left == 0:
            return 1
        return sum(extend(used | s, left - 1) for s in sets if not used & s)

    return math.factorial(cols) * extend(identity, rows - 1)


def reduced_latin(n):
    """Latin squares of order n with the first row and column in order
    (reduced), as XCC: the model of `latin` with only the identity for
    row 0 and column 0."""
    primary, secondary, options = latin(n, n)
    identity = " ".join("x0%d:%d" % (c, c) for c in range(n))
    first_col = " ".join("x%d0:%d" % (r, r) for r in range(n))
    keep = [o for o in options if not (o.startswith("R0 ") and o != "R0 " + identity)
            and not (o.startswith("C0 ") and o != "C0 " + first_col)]
    return primary, secondary, keep


def word_list(seed, k, n=5, letters="abcd"):
    """k of the words of length n over `letters`, drawn with `seed`."""
    every = ["".join(p) for p in itertools.product(letters, repeat=n)]
    return random.Random(seed).sample(every, k)


def word_rectangle(rows_words, cols_words, word_items=False):
    """n x n arrays whose rows are words of `rows_words` and columns words
    of `cols_words`, as XCC: primary items Rr and Cc, secondary cells xrc
    colored by their letter; an option per row and word, and per column
    and word. With `word_items`, each option also names the item `w<word>`
    of its word, after its Rr or Cc."""
    n = len(rows_words[0])
    primary = ["R%d" % r for r in range(n)] + ["C%d" % c for c in range(n)]
    secondary = ["x%d%d" % (r, c) for r in range(n) for c in range(n)]
    tag = (lambda w: " w" + w) if word_items else (lambda w: "")
    options = ["R%d%s " % (r, tag(w)) + " ".join("x%d%d:%s" % (r, c, w[c]) for c in range(n)) for r in range(n) for w in rows_words]
    options += ["C%d%s " % (c, tag(w)) + " ".join("x%d%d:%s" % (r, c, w[r]) for r in range(n)) for c in range(n) for w in cols_words]
    return primary, secondary, options


def next_rows(rows_words, cols_words):
    """Per column c, a map from each start of a column word to the bit set
    of the row words (bit j: `rows_words[j]`) whose letter c continues it
    to a start one longer."""
    n = len(rows_words[0])
    follows = [{} for _ in range(n)]  # per column: start -> letters that may follow
    for w in cols_words:
        for k in range(n):
            for c in range(n):
                follows[c].setdefault(w[:k], set()).add(w[k])
    return [{start: sum(1 << j for j, r in enumerate(rows_words) if r[c] in letters)
             for start, letters in follows[c].items()} for c in range(n)]


def rectangle_count(rows_words, cols_words):
    """The arrays of `word_rectangle`, a row at a time: the row words that
    may come next are those whose letter in each column continues that
    column's letters so far to the start of a column word (kept as bit
    sets of row words, per column and start)."""
    n, allowed = len(rows_words[0]), next_rows(rows_words, cols_words)

    def count(k, starts):
        rows = -1
        for c in range(n):
            rows &= allowed[c][starts[c]]
        if k == n - 1:
            return bin(rows).count("1")
        total = 0
        while rows:
            low = rows & -rows
            rows ^= low
            w = rows_words[low.bit_length() - 1]
            total += count(k + 1, tuple(starts[c] + w[c] for c in range(n)))
        return total

    return count(0, ("",) * n)


def bounded_word_rectangle(rows_words, cols_words):
    """`word_rectangle` with no word used twice: a primary item `w<word>`
    bounded `0:1` for each word, in each option that places it (a word of
    both lists has one item, so it is not both a row and a column)."""
    primary, secondary, options = word_rectangle(rows_words, cols_words, word_items=True)
    words = sorted(set(rows_words) | set(cols_words))
    return primary + ["0:1|w" + w for w in words], secondary, options


def distinct_rectangle_count(rows_words, cols_words):
    """The arrays of `bounded_word_rectangle`: those of `rectangle_count`
    whose 2n words (rows and columns) are all different. A row at a time
    as there (the row words that may come next as bit sets, per column
    and start of a column word), each row a word not used above; each
    array found is checked for a repeated word."""
    n, allowed = len(rows_words[0]), next_rows(rows_words, cols_words)

    def count(rows, starts):
        fits = -1
        for c in range(n):
            fits &= allowed[c][starts[c]]
        total = 0
        while fits:
            low = fits & -fits
            fits ^= low
            w = rows_words[low.bit_length() - 1]
            if w in rows:
                continue
            grown = tuple(starts[c] + w[c] for c in range(n))
            if len(rows) == n - 1:
                total += len(set(grown) | set(rows) | {w}) == 2 * n
            else:
                total += count(rows + [w], grown)
        return total

    return count([], ("",) * n)


def latin_square(n, seed):
    """A Latin square of order n drawn with `seed`: the cyclic one,
    (r + c) mod n, with its rows, columns and symbols permuted."""
    rng = random.Random(seed)
    rows, cols, syms = (rng.sample(range(n), n) for _ in range(3))
    return [[syms[(rows[r] + cols[c]) % n] for c in range(n)] for r in range(n)]


def latin_givens(n, k, seed):
    """Latin squares of order n that complete `k` givens of a square drawn
    with `seed`, as XCC: the model of `latin`, plus a primary item G whose
    one option colors the given cells. Returns the model and the givens
    ({(r, c): symbol})."""
    square = latin_square(n, seed)
    cells = random.Random(seed + 1).sample([(r, c) for r in range(n) for c in range(n)], k)
    givens = {cell: square[cell[0]][cell[1]] for cell in sorted(cells)}
    primary, secondary, options = latin(n, n)
    options.append("G " + " ".join("x%d%d:%d" % (r, c, v) for (r, c), v in givens.items()))
    return (["G"] + primary, secondary, options), givens


def latin_givens_count(n, givens):
    """The completions of `givens` to a Latin square of order n, met in the
    middle: each row is a permutation that keeps the row's givens, as the
    bit set of its (column, symbol) pairs; rows apart pairwise make a
    Latin rectangle. The top rows' rectangles are tallied by their bit
    set, and each of the bottom rows' is matched with the tops that hold
    exactly the pairs it lacks. (Shares nothing with `latin_count`.)"""
    rows = []
    for r in range(n):
        rows.append([sum(1 << (c * n + p[c]) for c in range(n)) for p in itertools.permutations(range(n))
                     if all(p[c] == v for (gr, c), v in givens.items() if gr == r)])
    full = (1 << (n * n)) - 1

    def tally(first, last):
        masks = Counter({0: 1})
        for r in range(first, last):
            grown = Counter()
            for used, ways in masks.items():
                for s in rows[r]:
                    if not used & s:
                        grown[used | s] += ways
            masks = grown
        return masks

    half = n // 2 + 1
    top, bottom = tally(0, half), tally(half, n)
    return sum(ways * top.get(full ^ used, 0) for used, ways in bottom.items())


def large_instances():
    """The large family (`--large`, bench/general.py --large): matrices
    past the bit sets, where the engines lay them out as links or sparse
    sets, each with its count from a count here."""
    assert latin_givens_count(5, {}) == 161280  # OEIS A002860
    for n, k, seed in ((6, 5, 1), (7, 11, 2)):
        model, givens = latin_givens(n, k, seed)
        yield ("latin_%d_givens_%d.dlx" % (n, k), "Latin squares of order %d completing %d givens, as XCC; expect %d"
               % (n, k, latin_givens_count(n, givens)), model)
    # Thousands of row words: every word of length 5 over abcdef (so any
    # five column words make a rectangle: 16^5 of them), and a sample of
    # 5,000, counted transposed (the rows from the short list).
    every = ["".join(p) for p in itertools.product("abcdef", repeat=5)]
    cols = word_list(13, 16, 5, "abcdef")
    yield ("words_rectangle_7776x16.dlx", "5x5 word rectangles, rows every word of 5 letters over abcdef, columns 16 of them, as XCC; expect %d"
           % 16 ** 5, word_rectangle(every, cols))
    rows, cols = word_list(11, 5000, 5, "abcdef"), word_list(12, 24, 5, "abcdef")
    assert rectangle_count(rows[:300], cols) == rectangle_count(cols, rows[:300])  # the transpose
    yield ("words_rectangle_5000x24.dlx", "5x5 word rectangles, rows from 5,000 words over abcdef, columns from 24, as XCC; expect %d"
           % rectangle_count(cols, rows), word_rectangle(rows, cols))
    # No word twice (Knuth's word rectangles; multiplicities, `0:1` words).
    for k, seed in ((80, 3), (90, 4)):
        square = word_list(seed, k)
        yield ("words_distinct_%d.dlx" % k, "5x5 double word squares of %d different words from one list of %d over abcd, "
               "each word bounded 0:1; expect %d" % (10, k, distinct_rectangle_count(square, square)), bounded_word_rectangle(square, square))


# ---- multiplicities -------------------------------------------------------


def sums(rows, cols, row_bounds, col_sum):
    """0/1 matrices with row sums in `row_bounds` (lo, hi) and column sums
    `col_sum`: an item per line, an option per cell."""
    lo, hi = row_bounds
    bound = "%d" % lo if lo == hi else "%d:%d" % (lo, hi)
    primary = ["%s|r%d" % (bound, i) for i in range(rows)] + ["%d|c%d" % (col_sum, j) for j in range(cols)]
    options = ["r%d c%d" % (i, j) for i in range(rows) for j in range(cols)]
    return primary, [], options


def sums_count(rows, cols, row_bounds, col_sum):
    """The same matrices, a column at a time: the states are the row sums
    so far (at most the upper bound)."""
    lo, hi = row_bounds
    states = Counter({(0,) * rows: 1})
    for _ in range(cols):
        step = Counter()
        for so_far, ways in states.items():
            for chosen in itertools.combinations(range(rows), col_sum):
                grown = list(so_far)
                for i in chosen:
                    grown[i] += 1
                if max(grown) <= hi:
                    step[tuple(grown)] += ways
        states = step
    return sum(ways for s, ways in states.items() if min(s) >= lo)


def text(primary, secondary, options, comment):
    head = "| %s\n" % comment
    items = " ".join(primary) + (" | " + " ".join(secondary) if secondary else "")
    return head + items + "\n" + "".join(o + "\n" for o in options)


def instances():
    """(file name, comment with the expected count, (primary, secondary, options)) of each."""
    assert latin_count(5, 5) == 161280  # OEIS A002860
    yield "latin_5.dlx", "Latin squares of order 5 as XCC; expect 161280", latin(5, 5)
    yield "latin_6_reduced.dlx", "reduced Latin squares of order 6 as XCC; expect 9408", reduced_latin(6)
    rows, cols = word_list(1, 100), word_list(2, 100)
    yield ("words_rectangle_100.dlx", "5x5 word rectangles, rows and columns from two lists of 100 words over abcd, as XCC; expect %d"
           % rectangle_count(rows, cols), word_rectangle(rows, cols))
    square = word_list(3, 110)
    yield ("words_square_110.dlx", "5x5 double word squares, rows and columns from one list of 110 words over abcd, as XCC; expect %d"
           % rectangle_count(square, square), word_rectangle(square, square))
    assert sums_count(7, 7, (2, 2), 2) == 3110940  # OEIS A001499
    yield "sums_7x7_2.dlx", "0/1 matrices 7x7, line sums 2; expect 3110940", sums(7, 7, (2, 2), 2)
    assert sums_count(6, 6, (3, 3), 3) == 297200  # OEIS A058527
    yield "sums_6x6_3.dlx", "0/1 matrices 6x6, line sums 3; expect 297200", sums(6, 6, (3, 3), 3)
    yield ("sums_6x6_r13_c2.dlx", "0/1 matrices 6x6, row sums 1 to 3, column sums 2; expect %d"
           % sums_count(6, 6, (1, 3), 2), sums(6, 6, (1, 3), 2))
    yield ("sums_8x4_r12_c3.dlx", "0/1 matrices 8x4, row sums 1 or 2, column sums 3; expect %d"
           % sums_count(8, 4, (1, 2), 3), sums(8, 4, (1, 2), 3))


def main(argv):
    large = "--large" in argv[1:]
    argv = [a for a in argv if a != "--large"]
    if len(argv) != 2:
        print("usage: gen_general.py [--large] DIR", file=sys.stderr)
        return 1
    os.makedirs(argv[1], exist_ok=True)
    for name, comment, (primary, secondary, options) in (large_instances() if large else instances()):
        with open(os.path.join(argv[1], name), "w") as f:
            f.write(text(primary, secondary, options, comment))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
