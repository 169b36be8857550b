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
    """Wrong code caught: most 0 or an objective accepted."""
    m = queens(6)
    with m.solver() as s:
        with pytest.raises(dlx.InputError):
            s.solve_batch([[0]], most=0)
    with m.solver(objective="fewest") as s:
        with pytest.raises(dlx.Unsupported):
            s.solve_batch([[0]])
