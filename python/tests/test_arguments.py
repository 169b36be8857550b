"""Issue 65: every index, count and size argument of the public API refuses
a value out of range or of the wrong type, naming the argument.

Wrong code caught: ctypes keeping the low 64 bits of a Python int (so that
``forced=[2**64]`` forced row 0, ``row(2**64)`` read row 0, ``threads=2**64
+ 1`` ran one thread), ``int()`` truncating a float (``forced=[1.9]``
forced row 1), and ``True`` taken as 1. Each call below must raise an
:class:`InputError` whose message names the argument; a bool or a float
raises one that is also a :class:`TypeError`."""

import numpy as np
import pytest

import dlxcover as dlx

TEXT = "A B C | X\nA B\nC X:red\nA\nB C\nA X:blue\n"


def matrix():
    return dlx.Matrix.parse(TEXT)


def solver():
    return matrix().solver()


def numbered():
    """A matrix of numbered columns (where a float cannot be a name)."""
    return dlx.Matrix.from_rows([[0, 1], [2], [0]], columns=3)


# (name the message must hold, the call with the bad value in its place)
CALLS = [
    ("columns", lambda v: dlx.Matrix(v)),
    ("column", lambda v: dlx.Matrix(3, secondary=[v])),
    ("column", lambda v: dlx.Matrix.from_rows([[0]], columns=3, secondary=[v])),
    ("columns", lambda v: dlx.Matrix.from_rows([[0]], columns=v)),
    ("column", lambda v: dlx.Matrix(3).add_row([0, v])),
    ("column", lambda v: dlx.Matrix(3).add_rows([[0], [v]])),
    ("column", lambda v: numbered().set_secondary(v)),
    ("column", lambda v: numbered().is_secondary(v)),
    ("column", lambda v: numbered().set_preferred(v)),
    ("column", lambda v: numbered().is_preferred(v)),
    ("column", lambda v: numbered().bounds(v)),
    ("column", lambda v: numbered().set_bounds(v, 1, 1)),
    ("lower", lambda v: matrix().set_bounds(0, v, 2)),
    ("upper", lambda v: matrix().set_bounds(0, 0, v)),
    ("row", lambda v: matrix().set_cost(v, 5)),
    ("row", lambda v: matrix().cost(v)),
    ("row", lambda v: matrix().row(v)),
    ("row", lambda v: matrix().option(v)),
    ("row", lambda v: matrix().color(v, 0)),
    ("k", lambda v: matrix().color(1, v)),
    ("work_limit", lambda v: matrix().preprocess(work_limit=v)),
    ("forced[1]", lambda v: matrix().count(forced=[2, v])),
    ("excluded[0]", lambda v: matrix().solver(excluded=[v])),
    ("forced[0]", lambda v: solver().set_subproblem([v])),
    ("excluded[0]", lambda v: solver().set_subproblem([], [v])),
    ("threads", lambda v: matrix().solver(threads=v)),
    ("k", lambda v: matrix().solver(objective="fewest", k=v)),
    ("k", lambda v: solver().set_objective("fewest", v)),
    ("k", lambda v: matrix().best(k=v)),
    ("nodes", lambda v: matrix().solver(nodes=v)),
    ("updates", lambda v: solver().set_limits(updates=v)),
    ("solutions", lambda v: solver().set_limits(solutions=v)),
    ("memo_memory", lambda v: matrix().solver(memo_memory=v)),
    ("items[1] forced[0]", lambda v: solver().solve_batch([[0], [v]])),
    ("items[0] excluded[0]", lambda v: solver().solve_batch([([0], [v])])),
    ("most", lambda v: solver().solve_batch([[0]], most=v)),
    ("count", lambda v: solver().sample(v)),
    ("depth", lambda v: solver().split(depth=v)),
    ("parts", lambda v: solver().split(parts=v)),
    ("work_limit", lambda v: solver().preprocess(v)),
]

# Costs: anything that fits an int64_t, and nothing else.
SIGNED = [
    ("cost", lambda v: matrix().set_cost(0, v)),
    ("cost_limit", lambda v: matrix().solver(objective="min", cost_limit=v)),
    ("cost_limit", lambda v: solver().set_cost_limit(v)),
]


@pytest.mark.parametrize("name,call", CALLS, ids=[f"{i}-{c[0]}" for i, c in enumerate(CALLS)])
@pytest.mark.parametrize("bad", [2**64, 2**64 + 1, -1, -(2**64), 1.5, 1.9, True, False, np.float64(2.0), np.True_])
def test_an_index_count_or_size_out_of_range_or_type_is_refused(name, call, bad):
    with pytest.raises(dlx.InputError) as e:
        call(bad)
    assert name in str(e.value), f"{name}={bad!r}: {e.value}"
    if isinstance(bad, (bool, float, np.bool_, np.floating)):
        assert isinstance(e.value, TypeError), f"{name}={bad!r}: {type(e.value)}"


@pytest.mark.parametrize("name,call", SIGNED, ids=[c[0] for c in SIGNED])
@pytest.mark.parametrize("bad", [2**63, -(2**63) - 1, 2**64, 1.5, True])
def test_a_cost_outside_int64_or_of_the_wrong_type_is_refused(name, call, bad):
    with pytest.raises(dlx.InputError) as e:
        call(bad)
    assert name in str(e.value), f"{name}={bad!r}: {e.value}"


def test_a_named_matrix_takes_no_float_for_a_column():
    # A float may be a name; when it is none, it is no column.
    with pytest.raises(dlx.InputError, match="no column 1.5"):
        matrix().set_secondary(1.5)


def test_integers_of_any_kind_in_range_are_taken():
    # Wrong code caught: the checks refusing what is right (numpy's
    # integers, the largest values).
    m = matrix()
    assert m.row(np.int64(1)) == [2, 3] and m.cost(np.uint8(0)) == 0
    assert m.count(forced=[np.int32(2)]) == 1
    m.set_cost(0, 2**63 - 1)
    m.set_cost(0, -(2**63))
    with m.solver(threads=np.int64(2), nodes=2**64 - 1) as s:
        assert s.count() == 3  # {A B, C X}, {A, B C}, {A X, B C}
    # A row id past the matrix but within 64 bits is the library's to refuse.
    with pytest.raises(dlx.InputError):
        m.row(2**64 - 1)


# from_dense: any stride is legal on a dimension of size 1. Wrong code
# caught: a one-row transposed array refused for its row stride (numpy
# calls it contiguous, and gives a stride of 1 for a row of 2 cells).
@pytest.mark.parametrize("make,rows", [
    (lambda: np.ones((2, 1), bool).T, [[0, 1]]),
    (lambda: np.ones((2, 1), np.uint8).T, [[0, 1]]),
    (lambda: np.ones((1, 3), bool)[:, ::2], [[0, 1]]),
    (lambda: np.ones((3, 1), bool)[::2], [[0], [0]]),
    (lambda: np.eye(3, dtype=bool)[::-1], [[2], [1], [0]]),
    (lambda: np.eye(4, dtype=bool)[::2, ::2], [[0], [1]]),
    (lambda: np.eye(3, dtype=bool).T, [[0], [1], [2]]),
    (lambda: np.zeros((0, 3), bool), []),
])
def test_from_dense_takes_any_valid_stride(make, rows):
    a = make()
    m = dlx.Matrix.from_dense(a)
    assert (m.rows, m.columns) == (a.shape[0], a.shape[1])
    assert [m.row(i) for i in range(m.rows)] == rows


def test_a_row_both_forced_and_excluded_says_so():
    # Issue 69: it said "the forced rows conflict", which named no conflict.
    m = dlx.Matrix(2)
    m.add_row([0])
    m.add_row([1])
    with pytest.raises(dlx.InputError, match="row 1 is both forced and excluded"):
        dlx.Solver(m, forced=[1], excluded=[0, 1])


def test_wrong_kinds_and_unknown_keywords_name_the_users_call():
    # Issue 69, point 6: a batch that is no list of items, an item that is
    # no list of rows, a list given to from_sparse, and an unknown keyword
    # of a shortcut each name what the user called (not an inner call's
    # TypeError or AttributeError); catches a check left out of any one.
    s = numbered().solver()
    for items, said in [(5, "solve_batch: items: expected a list of items"), ([None], "items\\[0\\] forced: expected a list"),
                        (["ab"], "items\\[0\\] forced: expected a list"), ([([0], 7)], "items\\[0\\] excluded: expected a list")]:
        with pytest.raises(dlx.InputError, match=said) as e:
            s.solve_batch(items)
        assert isinstance(e.value, TypeError)
    with pytest.raises(dlx.InputError, match="items\\[0\\] forced\\[0\\]: expected an integer, not str 'x'"):
        s.solve_batch([["x"]])
    with pytest.raises(dlx.InputError, match="from_sparse: expected a scipy.sparse matrix.*Matrix.from_dense.*Matrix.from_rows"):
        dlx.Matrix.from_sparse([[1, 0], [0, 1]])
    m = numbered()
    for call, name in [(lambda: m.count(bogus=1), "Matrix.count"), (lambda: m.first(thread=2), "Matrix.first"),
                       (lambda: m.solutions(seeds=1), "Matrix.solutions"), (lambda: m.solver(bogus=1), "Matrix.solver"),
                       (lambda: m.best(1, objectve="min"), "Matrix.best"), (lambda: m.count_memo(bogus=1), "Matrix.count_memo")]:
        with pytest.raises(TypeError, match=f"^{name}\\(\\) got an unexpected keyword argument"):
            call()
    # A known keyword still reaches the solver.
    assert m.count(threads=1) == 1 and m.best(1, objective="fewest")[0].rows
    import dlxcover.distributed as dd
    with pytest.raises(TypeError, match="^distributed.plan\\(\\) got an unexpected keyword"):
        dd.plan(m, 2, bogus=1)
