"""Matrix.to_cnf/write_cnf and to_opb/write_opb against checkers written
here: the CNF read back and its models counted by a small DPLL counter
(unit clauses, then a branch on the first free variable) equal
Matrix.count() on random matrices with secondary columns, colors and
bounds and on 6 queens (4, OEIS A000170); the OPB read back and its
optimum found by trying every assignment of its variables equals
Matrix.best()'s cost. The wrong code it catches: a prototype out of step
with the header, text lost or doubled between the pieces the library
hands over, the objective passed as the wrong value, a bad objective or
destination not raising the package's errors."""

import io
import random

import pytest

import dlxcover
from dlxcover import InputError, Matrix


def read_cnf(text):
    lines = [l for l in text.splitlines() if l and not l.startswith("c")]
    _, _, variables, count = lines[0].split()
    clauses = [[int(x) for x in l.split()[:-1]] for l in lines[1:]]
    assert len(clauses) == int(count) and all(l.split()[-1] == "0" for l in lines[1:])
    return int(variables), clauses


def count_models(variables, clauses):
    """Models over variables 1..variables, by DPLL with unit propagation."""
    def walk(clauses, free):
        clauses = [c for c in clauses]
        assigned = set()
        while True:
            if any(not c for c in clauses):
                return 0
            unit = next((c[0] for c in clauses if len(c) == 1), None)
            if unit is None:
                break
            assigned.add(abs(unit))
            clauses = [[l for l in c if l != -unit] for c in clauses if unit not in c]
        free = free - assigned
        if not clauses:
            return 2 ** len(free)
        v = abs(clauses[0][0])
        total = 0
        for lit in (v, -v):
            total += walk([[l for l in c if l != -lit] for c in clauses if lit not in c], free - {v})
        return total
    return walk(clauses, set(range(1, variables + 1)))


def random_matrix(rng):
    columns = rng.randint(3, 6)
    secondary = rng.sample(range(columns), rng.randint(0, 2))
    m = Matrix(columns)
    for c in secondary:
        m.set_secondary(c)
    primary = [c for c in range(columns) if c not in secondary]
    if primary and rng.random() < 0.3:
        m.set_bounds(primary[0], 0, 2)
    for _ in range(rng.randint(2, 9)):
        row = rng.sample(range(columns), rng.randint(1, 3))
        colors = [rng.choice([None, "red", "blue"]) if c in secondary else None for c in row]
        m.add_row(row, colors=colors, cost=rng.randint(0, 5))
    return m


def test_cnf_models_are_the_solutions():
    rng = random.Random(69)
    for case in range(300):
        m = random_matrix(rng)
        assert count_models(*read_cnf(m.to_cnf())) == m.count(), case
    queens = dlxcover.queens(6).matrix
    assert count_models(*read_cnf(queens.to_cnf())) == 4


def read_opb(text):
    objective, constraints, variables = [], [], 0
    for line in text.splitlines():
        if not line or line.startswith("*"):
            continue
        body = line.rstrip(";").split()
        if body[0] == "min:":
            body = body[1:]
            target = objective
        else:
            rel, rhs = body[-2], int(body[-1])
            body = body[:-2]
            target = []
            constraints.append((target, rel, rhs))
        for a, x in zip(body[::2], body[1::2]):
            target.append((int(a), int(x[1:]) - 1))
            variables = max(variables, int(x[1:]))
    return variables, objective, constraints


def optimum(variables, objective, constraints):
    best = None
    for a in range(1 << variables):
        bit = lambda v: (a >> v) & 1
        ok = all((sum(c * bit(v) for c, v in terms) == rhs) if rel == "=" else (sum(c * bit(v) for c, v in terms) >= rhs)
                 for terms, rel, rhs in constraints)
        if ok:
            value = sum(c * bit(v) for c, v in objective)
            best = value if best is None else min(best, value)
    return best


def test_opb_optima_are_the_best():
    rng = random.Random(6969)
    tried = 0
    for case in range(300):
        m = random_matrix(rng)
        objective = ["min", "max", "fewest"][case % 3]
        variables, obj, constraints = read_opb(m.to_opb(objective))
        if variables > 14:
            continue
        tried += 1
        got = optimum(variables, obj, constraints)
        best = m.best(1, objective)
        if not best:
            assert got is None, case
            continue
        want = {"min": best[0].cost, "max": -best[0].cost, "fewest": len(best[0].rows)}[objective]
        assert got == want, (case, objective)
    assert tried > 200


def test_writing_to_files_and_bad_input(tmp_path):
    m = dlxcover.queens(5).matrix
    path = tmp_path / "q.cnf"
    m.write_cnf(path)
    assert path.read_text() == m.to_cnf()
    binary = io.BytesIO()
    m.write_opb(binary, "fewest")
    assert binary.getvalue().decode() == m.to_opb("fewest") and "min:" in m.to_opb("fewest")
    assert "min:" not in m.to_opb()
    with pytest.raises(InputError, match="objective"):
        m.to_opb("most")
    with pytest.raises(TypeError, match="Matrix.write_cnf"):
        m.write_cnf(5)
