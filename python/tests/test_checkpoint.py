"""Checkpoints from Python: a count stopped by a node limit, its checkpoint
resumed in a new solver, must end at the fact (8 queens: 92 solutions,
OEIS A000170); a listing resumed must give 92 distinct valid solutions;
another matrix or an edited text is refused with CheckpointError."""

import pytest

import dlxcover as dlx
from test_counts import QUEENS, queens_rows


def queens(n):
    rows, columns, secondary = queens_rows(n)
    return dlx.Matrix.from_rows(rows, columns, secondary)


def valid(rows, n):
    cells = [(r // n, r % n) for r in rows]
    return len(cells) == n and all(
        a[0] != b[0] and a[1] != b[1] and a[0] - a[1] != b[0] - b[1] and a[0] + a[1] != b[0] + b[1]
        for i, a in enumerate(cells) for b in cells[i + 1:])


@pytest.mark.parametrize("threads", [1, 2])
def test_count_resumes_to_the_total(threads):
    """Wrong code caught: the count before the checkpoint dropped, or
    counted again, by count() or count("plain") after resume."""
    m = queens(8)
    s = m.solver(nodes=300, threads=threads)
    with pytest.raises(dlx.LimitReached) as e:
        s.count("plain")
    before = e.value.partial
    assert 0 < before < QUEENS[8]
    text = s.checkpoint()
    with m.solver(threads=threads) as t:
        t.resume(text)
        assert t.count() == QUEENS[8]
    with m.solver(threads=threads) as t:
        t.resume(text)
        assert t.count("plain") == QUEENS[8] - before
        assert t.counters["solutions"] == QUEENS[8]


def test_listing_resumes_to_the_solution_set():
    """Wrong code caught: solutions lost or repeated across resumes."""
    m = queens(8)
    found = []
    s = m.solver(nodes=100)
    for _ in range(1000):
        try:
            found.extend(sorted(r) for r in s.solutions())
            break
        except dlx.LimitReached:
            text = s.checkpoint()
            s = m.solver(nodes=100)
            s.resume(text)
    assert len(found) == QUEENS[8] and all(valid(r, 8) for r in found)
    assert len({tuple(r) for r in found}) == QUEENS[8]


def test_refusals():
    """Wrong code caught: another matrix, an edited or cut text taken."""
    s = queens(6).solver(nodes=20)
    with pytest.raises(dlx.LimitReached):
        s.count("plain")
    text = s.checkpoint()
    with pytest.raises(dlx.CheckpointError) as e:
        queens(7).solver().resume(text)
    assert e.value.status == 24
    with pytest.raises(dlx.CheckpointError) as e:
        queens(6).solver().resume(text[: len(text) // 2])
    assert e.value.status == 23
    with pytest.raises(dlx.CheckpointError):
        queens(6).solver().resume(text.replace("nodes ", "nodes 1", 1))
