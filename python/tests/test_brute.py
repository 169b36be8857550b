"""Random small matrices (secondary columns, colors, bounds, costs)
against a brute force over every set of rows."""

import itertools
import random

import pytest

import dlxcover as dlx


def random_problem(rng):
    columns = rng.randint(1, 6)
    secondary = {c for c in range(columns) if rng.random() < 0.3}
    bounds = {}
    for c in range(columns):
        if c not in secondary and rng.random() < 0.25:
            lo = rng.randint(0, 2)
            bounds[c] = (lo, lo + rng.randint(0 if lo else 1, 2))
    rows, colors, costs = [], [], []
    for _ in range(rng.randint(1, 11)):
        row = rng.sample(range(columns), rng.randint(1, columns))
        rows.append(row)
        colors.append([rng.choice([0, 0, 1, 2]) if c in secondary else 0 for c in row])
        costs.append(rng.randint(-5, 9))
    return columns, secondary, bounds, rows, colors, costs


def covers(problem, chosen):
    columns, secondary, bounds, rows, colors, _ = problem
    for c in range(columns):
        uses = [colors[r][rows[r].index(c)] for r in chosen if c in rows[r]]
        if c in secondary:
            if len(uses) > 1 and (0 in uses or len(set(uses)) > 1):
                return False
        else:
            lo, hi = bounds.get(c, (1, 1))
            if not lo <= len(uses) <= hi:
                return False
    return True


def brute(problem):
    """Every set of rows that covers as the rules say, where each row has a
    primary column (as in Knuth's programs, a row of secondary columns
    only is never chosen)."""
    secondary, rows = problem[1], problem[3]
    useful = [r for r in range(len(rows)) if any(c not in secondary for c in rows[r])]
    return [set(s) for k in range(len(useful) + 1) for s in itertools.combinations(useful, k) if covers(problem, s)]


def build(problem):
    columns, secondary, bounds, rows, colors, costs = problem
    m = dlx.Matrix(columns, secondary=sorted(secondary))
    for c, (lo, hi) in bounds.items():
        m.set_bounds(c, lo, hi)
    m.add_rows(rows, colors=colors)
    for r, cost in enumerate(costs):
        m.set_cost(r, cost)
    return m


@pytest.mark.parametrize("seed", range(300))
def test_against_brute_force(seed):
    rng = random.Random(seed)
    problem = random_problem(rng)
    expected = brute(problem)
    m = build(problem)
    found = [set(s) for s in m.solutions()]
    assert sorted(map(sorted, found)) == sorted(map(sorted, expected))
    assert m.count() == len(expected)
    costs = problem[5]
    if expected:
        k = rng.randint(1, 3)
        want = sorted(sum(costs[r] for r in s) for s in expected)[:k]
        best = m.best(k=k, objective="min")
        assert [b.cost for b in best] == want
        for b in best:
            assert set(b.rows) in expected and sum(costs[r] for r in b.rows) == b.cost
        # Solver.best_bound never passes the least cost before the search
        # and meets it after; only colors and multiplicities have none.
        s = dlx.Solver(m, objective="min", k=k)
        before = s.best_bound
        plain = not problem[2] and not any(any(row) for row in problem[4])
        assert before is not None or not plain
        assert [b.cost for b in s.best()] == want
        if before is not None:
            assert before <= want[0] and s.best_bound == want[0]
        most = m.best(objective="max")
        assert most[0].cost == max(sum(costs[r] for r in s) for s in expected)
        fewest = m.best(objective="fewest")
        assert fewest[0].cost == min(len(s) for s in expected)
    else:
        assert m.best() == [] and m.first() is None
