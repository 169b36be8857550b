#!/usr/bin/env python3
"""Checker for knuth_example (the exact cover problem (3) of Knuth's paper).

usage: knuth_example.py CASE.in ACTUAL_OUTPUT

The expected output is built here, not stored from a run:
- the solution (rows 1 4 5, that is C E F / A D / B G) is the fact stated in
  Knuth's paper ("Dancing Links", 2000); the checker also confirms by brute
  force over all 2^6 subsets of rows that it is the only exact cover;
- the statistics (nodes, updates, solutions) come from `count_dlx1` below, a
  small dancing-links Algorithm X written for this checker that walks and counts
  exactly as Knuth's DLX1 counts:
    branch on the first active primary column of smallest size (stop scanning
    at size 0; an empty column is still covered); rows top to bottom; a chosen
    row's other columns covered going right from the chosen node, wrapping;
    a solution is recognised right after that, when no primary column is left;
    updates: +1 per column taken out of the active list, +1 per node unlinked
    from a column while hiding rows; nodes: +1 per level entered (root
    included), +1 per solution.
  Run as `knuth_example.py --selftest GEN_DLX_DIR` it reproduces the DLX1
  figures of Knuth's DLX1 on queens_8.dlx and domino_6x6.dlx (files written
  by tools/gen_instances.py), which is what makes it trustworthy.

Hand derivation for this matrix with the same rules (it agrees with the code):
  level 0: cover A (1 + D,G of row 2 + D of row 4 = 4); row 2 (A D G): cover
  D (1 + E,G of row 6 = 3), cover G (1 + B of row 5 = 2); level 1: B (size 1):
  cover B (1 + C,F of row 3 = 3); row 3: cover C (1 + E,F of row 1 = 3), cover
  F (1); level 2: E is empty: cover E (1), back up. Row 4 (A D): cover D (1 +
  E,G of row 6 = 3); level 1: E (size 1): cover E (1 + C,F of row 1 = 3); row 1
  (C E F), chosen node E: cover F (1 + B,C of row 3 = 3), cover C (1); level 2:
  B: cover B (1 + G of row 5 = 2); row 5: cover G (1): solution.
  updates = 4+3+2 + 3+3+1 + 1 + 3 + 3+3+1 + 2+1 = 30; nodes = 5 levels + 1
  solution = 6; solutions = 1.
  (The paper itself reports 28 updates, "10 at level 0, 14 at level 1, 4 at
  level 2"; levels 1 and 2 agree with the count above, level 0 here gives 12.
  The paper does not spell out its counting; the rules above,
  which the library follows, are what is checked.)

The program's output format (see c_tests/knuth_example.c):
  solution: 1 4 5
  row 1: C E F
  row 4: A D
  row 5: B G
  nodes: N
  updates: N
  solutions: N
"""
import itertools
import sys

NAMES = "ABCDEFG"
ROWS = ["C E F", "A D G", "B C F", "A D", "B G", "D E G"]  # Knuth's (3), 1-based in this order
PAPER_SOLUTION = [1, 4, 5]                                 # from the paper / SAMPLES.md


def count_dlx1(ncols, rows, secondary=()):
    """Dancing links over `rows` (lists of 0-based columns, in order); returns
    (nodes, updates, solutions) counted as Knuth's DLX1 counts them."""
    secondary = set(secondary)
    # node 0 is the root; 1..ncols are column headers; then one node per entry.
    L, R, U, D, C, ROW = [], [], [], [], [], []
    size = [0] * (ncols + 1)

    def new(c, r):
        L.append(0); R.append(0); U.append(0); D.append(0); C.append(c); ROW.append(r)
        return len(L) - 1

    root = new(0, -1)
    for c in range(1, ncols + 1):
        n = new(c, -1)
        U[n] = D[n] = n
    prim = [c for c in range(1, ncols + 1) if c - 1 not in secondary]
    seq = [root] + prim
    for i, n in enumerate(seq):
        R[n] = seq[(i + 1) % len(seq)]
        L[n] = seq[i - 1]
    for c in range(1, ncols + 1):
        if c - 1 in secondary:
            L[c] = R[c] = c
    for r, cols in enumerate(rows):
        first = None
        for c0 in cols:
            c = c0 + 1
            n = new(c, r)
            U[n] = U[c]; D[n] = c; D[U[c]] = n; U[c] = n
            size[c] += 1
            if first is None:
                first = n
                L[n] = R[n] = n
            else:
                L[n] = L[first]; R[n] = first; R[L[first]] = n; L[first] = n

    st = {"nodes": 0, "updates": 0, "solutions": 0}

    def cover(c):
        R[L[c]] = R[c]; L[R[c]] = L[c]
        st["updates"] += 1
        i = D[c]
        while i != c:
            j = R[i]
            while j != i:
                U[D[j]] = U[j]; D[U[j]] = D[j]
                size[C[j]] -= 1
                st["updates"] += 1
                j = R[j]
            i = D[i]

    def uncover(c):
        i = U[c]
        while i != c:
            j = L[i]
            while j != i:
                size[C[j]] += 1
                U[D[j]] = j; D[U[j]] = j
                j = L[j]
            i = U[i]
        R[L[c]] = c; L[R[c]] = c

    def search():
        st["nodes"] += 1
        best, c = None, R[root]
        while c != root:
            if best is None or size[c] < size[best]:
                best = c
                if size[c] == 0:
                    break
            c = R[c]
        cover(best)
        r = D[best]
        while r != best:
            j = R[r]
            while j != r:
                cover(C[j]); j = R[j]
            if R[root] == root:
                st["solutions"] += 1
                st["nodes"] += 1
            else:
                search()
            j = L[r]
            while j != r:
                uncover(C[j]); j = L[j]
            r = D[r]
        uncover(best)

    if R[root] == root:          # nothing to cover: the empty solution
        st["nodes"] += 1
        st["solutions"] += 1
    else:
        search()
    return st["nodes"], st["updates"], st["solutions"]


def read_dlx(path):
    """Knuth's text format as tools/gen_instances.py writes it (for --selftest)."""
    lines = [l.split() for l in open(path) if l.strip() and not l.startswith("|")]
    items = lines[0]
    sec = []
    if "|" in items:
        k = items.index("|")
        items, sec = items[:k] + items[k + 1:], items[k + 1:]
    idx = {n: i for i, n in enumerate(items)}
    return len(items), [[idx[n] for n in l] for l in lines[1:]], [idx[n] for n in sec]


def selftest(gendir):
    known = {"queens_8.dlx": (1223, 21456, 92), "domino_6x6.dlx": (25695, 95296, 6728)}
    ok = True
    for f, want in known.items():
        n, rows, sec = read_dlx(gendir + "/" + f)
        got = count_dlx1(n, rows, sec)
        print(f, "got", got, "DLX1", want, "ok" if got == want else "MISMATCH")
        ok = ok and got == want
    return ok


def fail(msg):
    print(msg)
    sys.exit(1)


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--selftest":
        sys.exit(0 if selftest(sys.argv[2]) else 1)
    if len(sys.argv) != 3:
        fail("usage: knuth_example.py CASE.in ACTUAL_OUTPUT")
    rows = [[NAMES.index(x) for x in r.split()] for r in ROWS]

    # Independent confirmation that the paper's solution is the only one.
    covers = []
    for k in range(len(rows) + 1):
        for sub in itertools.combinations(range(len(rows)), k):
            cols = sorted(c for r in sub for c in rows[r])
            if cols == list(range(len(NAMES))):
                covers.append([r + 1 for r in sub])
    if covers != [PAPER_SOLUTION]:
        fail("checker self-check: brute force found %r, paper says %r" % (covers, PAPER_SOLUTION))

    nodes, updates, sols = count_dlx1(len(NAMES), rows)
    want = ["solution: " + " ".join(map(str, PAPER_SOLUTION))]
    for r in PAPER_SOLUTION:
        want.append("row %d: %s" % (r, ROWS[r - 1]))
    want += ["nodes: %d" % nodes, "updates: %d" % updates, "solutions: %d" % sols]

    got = [l.rstrip() for l in open(sys.argv[2]).read().split("\n")]
    while got and got[-1] == "":
        got.pop()
    for i in range(max(len(got), len(want))):
        g = got[i] if i < len(got) else "<missing>"
        w = want[i] if i < len(want) else "<nothing more>"
        if g != w:
            fail("line %d: got %r, expected %r" % (i + 1, g, w))
    sys.exit(0)


if __name__ == "__main__":
    main()
