"""Shared by the exact-cover checkers (easy_finding.py, hust1017.py,
p4929.py): exhaustive searches of their own, written here in Python, nothing
shared with the program or the library under test, and the verification of
a printed cover. A matrix is a list of row masks (bit j set = the row has a
1 in column j, 0-based).
"""
import sys

sys.setrecursionlimit(100000)
STEP_LIMIT = 3_000_000


class TooBig(Exception):
    pass


def find_cover(ncols, masks):
    """An exact cover (list of row indices) or None; exhaustive. It branches
    on the lowest uncovered column and tries every row with a 1 there that is
    disjoint from the rows taken so far (every exact cover holds exactly one
    such row). Raises TooBig past STEP_LIMIT steps."""
    full = (1 << ncols) - 1
    bycol = [[] for _ in range(ncols)]
    for i, mk in enumerate(masks):
        c = 0
        x = mk
        while x:
            if x & 1:
                bycol[c].append(i)
            x >>= 1
            c += 1
    chosen = []
    steps = [0]

    def rec(covered):
        if covered == full:
            return True
        steps[0] += 1
        if steps[0] > STEP_LIMIT:
            raise TooBig()
        free = ~covered & full
        c = (free & -free).bit_length() - 1
        for i in bycol[c]:
            if masks[i] & covered == 0:
                chosen.append(i)
                if rec(covered | masks[i]):
                    return True
                chosen.pop()
        return False

    return list(chosen) if rec(0) else None


def subsets_cover(ncols, masks):
    """True when some subset of the rows is an exact cover: plain enumeration
    (with overlapping subsets cut off early), for small row counts."""
    full = (1 << ncols) - 1

    def rec(i, covered):
        if i == len(masks):
            return covered == full
        if rec(i + 1, covered):
            return True
        return masks[i] & covered == 0 and rec(i + 1, covered | masks[i])

    return rec(0, 0)


def masks_01(vals, r, c):
    """The row masks of r rows of c values "0"/"1" (vals: r*c tokens)."""
    masks = []
    for i in range(r):
        mk = 0
        for j in range(c):
            if vals[i * c + j] == "1":
                mk |= 1 << j
        masks.append(mk)
    return masks


def read_output_lines(path):
    """The stripped lines of the output file, without trailing empty lines."""
    lines = [l.strip() for l in open(path).read().split("\n")]
    while lines and lines[-1] == "":
        lines.pop()
    return lines


def case_output_lines(path, ncases):
    """read_output_lines(path), after checking there is one line per case
    (else the checker fails: message, exit code 1)."""
    lines = read_output_lines(path)
    if len(lines) != ncases:
        print("expected %d output lines (one per case), got %d" % (ncases, len(lines)))
        sys.exit(1)
    return lines


def judge_none(n, m, masks, word):
    """None when "no cover" (printed as word) is right: find_cover finds none
    and, for at most 20 rows, neither does subset enumeration; else why not."""
    try:
        cover = find_cover(m, masks)
    except TooBig:
        return "cannot verify %s: search too large (make the case smaller)" % word
    if cover is not None:
        return "printed %s, but rows %s form an exact cover" % (
            word, " ".join(str(i + 1) for i in sorted(cover)))
    if n <= 20 and subsets_cover(m, masks):
        return "printed %s, but subset enumeration finds a cover (checker bug?)" % word
    return None


def judge_rows(n, m, masks, rows):
    """None when rows (1-based row numbers) are an exact cover of the n x m
    matrix: distinct, in 1..n, every column covered once; else why not."""
    if len(set(rows)) != len(rows):
        return "a row is listed twice"
    covered = 0
    for r in rows:
        if not 1 <= r <= n:
            return "row %d is not in 1..%d" % (r, n)
        if masks[r - 1] & covered:
            return "row %d covers a column already covered" % r
        covered |= masks[r - 1]
    if covered != (1 << m) - 1:
        missing = [c + 1 for c in range(m) if not covered >> c & 1]
        return "columns not covered: %s" % missing[:10]
    return None


# For the case generators cases/hust1017/gen.py and cases/p4929/gen.py (they
# import this file by path): the random matrices with a planted cover.

def partition(rng, cols, lo, hi, make=list):
    """cols shuffled (in place) and cut into consecutive parts of lo..hi
    columns (the last may be shorter), each part built with make."""
    rng.shuffle(cols)
    parts, i = [], 0
    while i < len(cols):
        k = rng.randint(lo, hi)
        parts.append(make(cols[i:i + k]))
        i += k
    return parts


def small_planted(rng, first, make):
    """The start of a small random case: (m, n, rows, victim) with m in 1..20
    columns numbered from first, n in 1..30 rows, rows holding a planted
    cover cut to n parts (70% of cases; else empty) and victim one of those
    rows for the caller to damage (25% of cases; else None)."""
    m = rng.randint(1, 20)
    n = rng.randint(1, 30)
    kind = rng.random()
    rows, victim = [], None
    if kind < 0.7:
        rows = partition(rng, list(range(first, first + m)), 1, max(1, m // 3), make)[:n]
        if kind < 0.25 and rows:
            victim = rows[rng.randrange(len(rows))]
    return m, n, rows, victim
