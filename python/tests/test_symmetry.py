"""Counts and listings up to symmetry (Matrix.add_symmetry,
Solver.count_orbits, orbit_fixed, orbit_solutions) and the uniqueness
check (Solver.uniqueness: Knuth's example has one solution, 4 queens
two) against facts: 8 queens
have 92 solutions and 12 up to the symmetries of the square (OEIS
A002562); the 2x3 board's 3 domino tilings fall in 2 classes under its two
mirrors (the upright tiling is kept by both, the two others swap under
left-right). Each listed queens solution is checked on the board, and no
two are images of each other (computed here). The wrong code it catches: a
prototype out of step with the header (a crash or a wrong count), the
orbits counted as all solutions, the listing handing out two of one
orbit, a bad symmetry or forced rows not raising the package's errors."""

import pytest

import dlxcover
from dlxcover import InputError, Matrix, Solver, Unsupported

N = 8


def turn(t, i, j):
    if t & 4:
        i, j = j, i
    if t & 1:
        i = N - 1 - i
    if t & 2:
        j = N - 1 - j
    return i, j


def queens():
    m = Matrix(6 * N - 2)
    for c in range(2 * N, 6 * N - 2):
        m.set_secondary(c)
    lines = [set() for _ in range(6 * N - 2)]
    for i in range(N):
        for j in range(N):
            cols = [i, N + j, 2 * N + i + j, 4 * N - 1 + i + N - 1 - j]
            m.add_row(cols)
            for c in cols:
                lines[c].add((i, j))
    for t in (1, 5):
        image = [lines.index({turn(t, i, j) for i, j in line}) for line in lines]
        m.add_symmetry(image)
    return m


def test_queens_up_to_symmetry():
    m = queens()
    s = Solver(m)
    assert s.count_orbits() == 12
    fixed = s.orbit_fixed()
    assert len(fixed) == 8 and fixed[0] == 92 and sum(fixed) == 8 * 12
    assert Solver(m).count_orbits("plain") == 12
    least = set()
    for rows in Solver(m).orbit_solutions():
        squares = [(r // N, r % N) for r in rows]
        assert len({i for i, _ in squares}) == N and len({j for _, j in squares}) == N
        assert len({i + j for i, j in squares}) == N and len({i - j for i, j in squares}) == N
        least.add(min(tuple(sorted(turn(t, i, j) for i, j in squares)) for t in range(8)))
    assert len(least) == 12


def test_dominoes_2x3():
    m = Matrix(6)
    for r in range(2):
        for c in range(3):
            if c + 1 < 3:
                m.add_row([r * 3 + c, r * 3 + c + 1])
            if r == 0:
                m.add_row([c, 3 + c])
    m.add_symmetry([2, 1, 0, 5, 4, 3])
    m.add_symmetry([3, 4, 5, 0, 1, 2])
    assert Solver(m).count_orbits("memo") == 2
    assert len(Solver(m).orbit_solutions()) == 2


def test_bad_symmetries_and_parts():
    m = Matrix(3)
    m.add_row([0, 1])
    m.add_row([2])
    with pytest.raises(InputError):
        m.add_symmetry([0, 1])
    with pytest.raises(InputError):
        m.add_symmetry([0, 0, 1])
    m.add_symmetry([2, 1, 0])  # sends {0, 1} to {1, 2}: no row
    with pytest.raises(InputError) as e:
        Solver(m).count_orbits()
    assert e.value.status == dlxcover._native.ERR_NOT_SYMMETRY
    m.clear_symmetries()
    m.add_symmetry([1, 0, 2])
    with pytest.raises(Unsupported):
        Solver(m, forced=[1]).count_orbits()
    with pytest.raises(InputError):
        Solver(m).count_orbits("fast")


def test_uniqueness():
    # Knuth's example (TAOCP 7.2.2.1 (6)) has one solution, rows 0, 3, 4;
    # 4 queens have two; a column no row covers leaves none.
    m = Matrix(7)
    for row in ([2, 4, 5], [0, 3, 6], [1, 2, 5], [0, 3], [1, 6], [3, 4, 6]):
        m.add_row(row)
    u = Solver(m).uniqueness()
    assert u.verdict == "unique" and [sorted(s) for s in u.solutions] == [[0, 3, 4]]
    q = Matrix(6 * 4 - 2)
    for c in range(8, 22):
        q.set_secondary(c)
    for i in range(4):
        for j in range(4):
            q.add_row([i, 4 + j, 8 + i + j, 15 + i + 3 - j])
    u = Solver(q).uniqueness()
    assert u.verdict == "several" and len(u.solutions) == 2 and u.solutions[0] != u.solutions[1]
    e = Matrix(2)
    e.add_row([0])
    assert Solver(e).uniqueness() == ("none", [])
    with pytest.raises(Unsupported):
        Solver(m, objective="fewest").uniqueness()
