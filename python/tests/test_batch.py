"""Batches: many subproblems of one matrix on the solver's threads. The
truth: 8 queens has 92 solutions (OEIS A000170), one queen in each row,
so the counts of the items "a queen on square (0, j)" add up to 92; each
first solution is checked as non-attacking queens; a clash is an error of
its own item."""

import pytest

import dlxcover as dlx
from test_checkpoint import queens, valid


@pytest.mark.parametrize("threads", [1, 2, 4])
def test_batch_of_queens(threads):
    """Wrong code caught: results out of order or lost, a count past
    `most`, a first solution without its forced row, a bad item failing
    the whole batch."""
    m = queens(8)
    with m.solver(threads=threads) as s:
        items = [[j] for j in range(8)] + [([0, 1], [])] + [([3], [3])]
        results = s.solve_batch(items, most=100)
        assert len(results) == 10
        assert sum(r.count for r in results[:8]) == 92
        for j, r in enumerate(results[:8]):
            assert r.error is None and r.count > 0 and r.first[0] == j and valid(r.first, 8)
        assert results[8].count is None and isinstance(results[8].error, dlx.InputError)
        assert results[9].count is None and isinstance(results[9].error, dlx.InputError)
        capped = s.solve_batch([[j] for j in range(8)], most=2)
        assert [r.count for r in capped] == [min(2, r.count) for r in results[:8]]


def test_bad_calls():
    """Wrong code caught: most 0 accepted."""
    m = queens(6)
    with m.solver() as s:
        with pytest.raises(dlx.InputError):
            s.solve_batch([[0]], most=0)


@pytest.mark.parametrize("threads", [1, 2])
def test_best_of_each_item(threads):
    """Wrong code caught: an item's best cost off the brute force's (a bar
    left from the item before, the forced rows' costs left out), a best
    solution that is not a cover or lacks its forced rows, an item without
    a solution reported as found. The truth: every subset of the rows
    tried."""
    import itertools
    import random

    g = random.Random(7)
    for case in range(30):
        columns = 5
        rows = [sorted(g.sample(range(columns), g.randint(1, 3))) for _ in range(9)]
        m = dlx.Matrix(columns)
        for r in rows:
            m.add_row(r)
        costs = [g.randint(-1, 5) for _ in rows]
        for i, c in enumerate(costs):
            m.set_cost(i, c)
        covers = [set(c) for k in range(len(rows) + 1) for c in itertools.combinations(range(len(rows)), k)
                  if sorted(x for r in c for x in rows[r]) == list(range(columns))]
        items = [([], [])] + [([i], [j]) for i in range(3) for j in range(3, 6)]
        with m.solver(objective="min", threads=threads) as s:
            results = s.solve_batch(items)
        for (forced, excluded), r in zip(items, results):
            mine = [c for c in covers if set(forced) <= c and not set(excluded) & c]
            if not mine:
                assert (r.count, r.first, r.cost) == (0, None, None), (case, forced, excluded)
                continue
            best = min(sum(costs[x] for x in c) for c in mine)
            assert r.count == 1 and r.cost == best, (case, forced, excluded, r)
            assert set(r.first) in mine and r.first[:len(forced)] == forced
            assert sum(costs[x] for x in r.first) == best
