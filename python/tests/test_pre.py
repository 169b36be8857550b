"""Preferred columns (Matrix.set_preferred, '#' names) and preprocessing (Matrix.preprocess, Solver.preprocess, preprocess=) against
the facts of Knuth's dlx-pre.w and against the brute force of test_brute.

Wrong code each test would catch: a reduced matrix whose rows map back to
the wrong rows (the row map), names not carried to the columns left, a
solver whose preprocessing changes its solutions, counts or best costs
(forcing across colors or multiplicities, blocking through a primary
column of upper bound 2), a forced removed row that finds solutions, and
a bad work limit accepted; a preference that does not reach the search,
or one that changes the solutions."""

import itertools
import random

import pytest

import dlxcover as dlx
from test_brute import brute, build, covers, random_problem

EXAMPLE1 = "A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n"
EXAMPLE2 = "A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n"


def test_knuths_first_example_leaves_three_items_and_options_1_4_5():
    p = dlx.Matrix.parse(EXAMPLE1).preprocess()
    assert p.matrix.names == ["A", "B", "E"] and p.columns == [0, 1, 4]
    assert p.rows == [0, 3, 4]
    assert [p.matrix.option(r) for r in range(3)] == [["E"], ["A"], ["B"]]
    assert p.stats.rows_removed == 3 and p.stats.columns_removed == 4 and p.stats.complete


def test_knuths_second_example_leaves_options_2_and_4():
    p = dlx.Matrix.parse(EXAMPLE2).preprocess()
    assert p.rows == [1, 3]
    assert p.matrix.rows == 2 and p.matrix.columns == 4


@pytest.mark.parametrize("seed", range(300))
def test_preprocessed_against_brute_force(seed):
    rng = random.Random(1000 + seed)
    problem = random_problem(rng)
    expected = sorted(map(sorted, brute(problem)))
    m = build(problem)
    p = m.preprocess(work_limit=rng.choice([None, 1, 10, 100]))
    mapped = sorted(sorted(p.rows[r] for r in s) for s in p.matrix.solutions())
    assert mapped == expected
    assert p.stats.rows_removed == m.rows - p.matrix.rows
    assert not (p.stats.infeasible and expected)
    with m.solver(preprocess=True) as s:
        assert sorted(map(sorted, s.solutions())) == expected
    assert m.count(preprocess=True) == len(expected)
    costs = problem[5]
    if expected:
        assert [b.cost for b in m.best(preprocess=True)] == [min(sum(costs[r] for r in s) for s in expected)]
    # A row forced: the sets holding it that cover (a forced row is chosen
    # even without a primary column), whether or not preprocessing removed it.
    row = rng.randrange(m.rows)
    secondary, rows = problem[1], problem[3]
    others = [r for r in range(len(rows)) if r != row and any(c not in secondary for c in rows[r])]
    holding = sorted(sorted(set(t) | {row}) for k in range(len(others) + 1)
                     for t in itertools.combinations(others, k) if covers(problem, set(t) | {row}))
    with m.solver(preprocess=True) as s:
        try:
            s.set_subproblem([row])
        except dlx.InputError:
            return  # a row that cannot be in any solution with itself (bounds 0)
        assert sorted(map(sorted, s.solutions())) == holding


def test_a_bad_work_limit_is_refused():
    m = dlx.Matrix.parse(EXAMPLE1)
    for bad in (0, -1, True):
        with pytest.raises(dlx.InputError):
            m.preprocess(work_limit=bad)
    with m.solver() as s:
        assert s.preprocess().rows_removed == 3
        assert s.count() == 1


def queens_text(sharp):
    """8 queens in Knuth's layout (r0 c0 r1 c1 ...), the board columns
    named '#' when `sharp`."""
    c = "#c" if sharp else "c"
    items = " ".join("r%d %s%d" % (i, c, i) for i in range(8))
    items += " | " + " ".join("a%d" % k for k in range(15)) + " " + " ".join("b%d" % k for k in range(15))
    rows = ["r%d %s%d a%d b%d" % (i, c, j, i + j, 7 + i - j) for i in range(8) for j in range(8)]
    return items + "\n" + "\n".join(rows) + "\n"


def test_preferred_columns_walk_dlx2_sharps_tree():
    # Knuth's DLX2-SHARP on the '#' file: 92 solutions in 1193 nodes (his
    # DLX1 without '#': 1223).
    for m in (dlx.Matrix.parse(queens_text(True)), dlx.Matrix.parse(queens_text(False))):
        if not m.is_preferred(1):
            for j in range(8):
                m.set_preferred(2 * j + 1)
        assert m.is_preferred(1) and not m.is_preferred(0)
        with m.solver(engine="exact") as s:
            assert len(list(s.solutions())) == 92
            assert s.counters["nodes"] == 1193
    plain = dlx.Matrix.parse(queens_text(False))
    with plain.solver(engine="exact") as s:
        assert len(list(s.solutions())) == 92 and s.counters["nodes"] == 1223


@pytest.mark.parametrize("seed", range(100))
def test_preferred_columns_and_weights_keep_the_solutions(seed):
    rng = random.Random(5000 + seed)
    problem = random_problem(rng)
    expected = sorted(map(sorted, brute(problem)))
    m = build(problem)
    for c in range(m.columns):
        if rng.random() < 0.4:
            m.set_preferred(c)
    for engine, weights in (("exact", False), ("small", True), ("general", False), ("exact", True), ("general", True)):
        try:
            s = m.solver(engine=engine, weights=weights)
        except dlx.Unsupported:
            continue
        with s:
            assert sorted(map(sorted, s.solutions())) == expected
