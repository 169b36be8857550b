def complete(puzzle, n, bs, diag=False, rng=None):
    """Exhaustive search for one completion of puzzle (list of n*n ints, 0 =
    empty). Each step takes the empty cell with the fewest candidate digits or
    the (unit, digit) pair with the fewest candidate cells, whichever is
    smaller, and tries every option. Returns the grid, or None when there is
    no completion (clues clashing included)."""
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
                    return None
                used[u] |= bit

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
            return True
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

    import sys
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 4 * n * n + 100))
    return g if search() else None
