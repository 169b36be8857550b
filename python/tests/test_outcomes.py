"""Every way a search ends, bad input, callbacks, the GIL and Ctrl-C."""

import os
import signal
import subprocess
import sys
import threading
import time

import pytest

import dlxcover as dlx
from test_counts import QUEENS, queens_rows


def queens(n):
    rows, columns, secondary = queens_rows(n)
    return dlx.Matrix.from_rows(rows, columns, secondary)


def test_node_limit_pieces_add_up():
    m = queens(9)
    with m.solver(nodes=200) as s:
        total, stops = 0, 0
        while True:
            try:
                total += s.count()
                break
            except dlx.LimitReached as e:
                assert e.outcome == dlx.Outcome.NODE_LIMIT and s.outcome == dlx.Outcome.NODE_LIMIT
                total += e.partial
                stops += 1
        assert total == QUEENS[9] and stops > 10
        assert s.outcome == dlx.Outcome.EXHAUSTED


def test_solution_limit_and_generator():
    m = queens(8)
    with m.solver(solutions=5) as s:
        with pytest.raises(dlx.LimitReached) as e:
            s.count()
        assert e.value.partial == 5 and e.value.outcome == dlx.Outcome.SOLUTION_LIMIT
    # A generator never ends silently on a limit: it raises.
    with m.solver(nodes=50) as s:
        got = []
        with pytest.raises(dlx.LimitReached):
            for sol in s.solutions():
                got.append(sol)
        rest = []
        s.set_limits()
        rest = list(s.solutions())
        assert len(got) + len(rest) == 92


def test_update_limit_and_solution_outcome():
    m = queens(8)
    with m.solver(updates=500) as s:
        with pytest.raises(dlx.LimitReached) as e:
            s.count()
        assert e.value.outcome == dlx.Outcome.UPDATE_LIMIT
    with m.solver() as s:
        assert s.outcome == dlx.Outcome.NONE
        assert s.first() is not None and s.outcome == dlx.Outcome.SOLUTION
        assert s.count() == 91 and s.outcome == dlx.Outcome.EXHAUSTED


def test_time_limit(instances):
    path, _ = instances("queens_13")
    with dlx.Matrix.read(path).solver(seconds=0.01) as s:
        with pytest.raises(dlx.LimitReached) as e:
            s.count()
        assert e.value.outcome == dlx.Outcome.TIME_LIMIT and 0 <= e.value.partial < 73712


# DLX_POLL_NODES (the header's): a cancel ends a call within that many nodes.
POLL_NODES = 1024


def test_cancel_from_another_thread(instances):
    # Wrong code caught: a cancel from another thread not seen by the
    # running count (or only at its end). The third progress report (one at
    # every poll point) has another thread cancel and waits for it, so the
    # cancel comes at a known node count: the count stops within a slice.
    path, _ = instances("queens_14")
    seen = []

    def report(p):
        seen.append(p.nodes)
        if len(seen) == 3:
            other = threading.Thread(target=s.cancel)
            other.start()
            other.join()

    with dlx.Matrix.read(path).solver(progress=report, progress_interval=0) as s:
        with pytest.raises(dlx.Cancelled) as e:
            s.count("plain")
        assert e.value.outcome == dlx.Outcome.CANCELLED
        assert s.counters["nodes"] - seen[2] <= POLL_NODES + 1, (s.counters, seen)


def test_best_stopped_carries_partial():
    m = queens(8)
    for r in range(m.rows):
        m.set_cost(r, r % 7)
    with m.solver(objective="min", k=2, nodes=300) as s:
        with pytest.raises(dlx.LimitReached) as e:
            s.best()
        assert isinstance(e.value.partial, list)


def test_progress_reports_and_stop(instances):
    path, _ = instances("queens_13")
    seen = []

    def report(p):
        seen.append(p)
        return len(seen) >= 3  # True stops

    with dlx.Matrix.read(path).solver(progress=report, progress_interval=0.001) as s:
        with pytest.raises(dlx.Stopped) as e:
            s.count()
        assert e.value.outcome == dlx.Outcome.CALLBACK and not isinstance(e.value, dlx.LimitReached)
    assert len(seen) == 3 and all(0 <= p.estimate <= 1 and p.nodes > 0 for p in seen)


class Boom(Exception):
    pass


def test_exception_in_callback_propagates(instances):
    path, _ = instances("queens_13")

    def report(p):
        raise Boom("from the callback")

    with dlx.Matrix.read(path).solver(progress=report, progress_interval=0.001) as s:
        with pytest.raises(Boom):
            s.count()
        # The solver is still usable and counts the rest.
        s._progress = None
        assert s.count() >= 0


def test_bad_input_changes_nothing():
    m = dlx.Matrix(3, secondary=[2])
    m.add_row([0, 1])
    before = m.to_text()
    for bad in ([], [0, 0], [3], [-1], ["x"]):
        with pytest.raises(dlx.InputError):
            m.add_row(bad)
    with pytest.raises(dlx.InputError, match="row 1"):
        m.add_rows([[0], [1, 1], [2]])
    with pytest.raises(dlx.InputError):
        m.add_row([0, 2], colors=[1, 0])  # a color on a primary column
    with pytest.raises(dlx.InputError):
        m.set_bounds(2, 0, 1)  # bounds on a secondary column
    with pytest.raises(dlx.InputError):
        m.set_bounds(0, 2, 1)
    with pytest.raises(dlx.InputError):
        m.set_cost(5, 1)
    assert m.to_text() == before and m.rows == 1
    with pytest.raises(dlx.InputError):
        dlx.Matrix(["a", "a"])
    with pytest.raises(dlx.InputError):
        m.solver(forced=[7])
    with pytest.raises(dlx.InputError):
        m.solver(objective="cheapest")
    with pytest.raises(dlx.InputError):
        m.solver(nodes=0)
    with pytest.raises(dlx.InputError):
        m.solver().best()  # no objective: not an empty answer
    with m.solver() as s:
        s.close()
        with pytest.raises(ValueError):
            s.count()


def test_parse_error_position():
    with pytest.raises(dlx.ParseError) as e:
        dlx.Matrix.parse("A B\nA C\n")
    assert (e.value.line, e.value.column) == (2, 3) and "C" in e.value.reason


def test_subproblems_add_up():
    m = queens(9)
    with m.solver() as s:
        parts = s.split(parts=40)
    assert len(parts) >= 40
    total = 0
    for p in parts:
        with m.solver(forced=p.forced, excluded=p.excluded) as s:
            total += s.count()
    assert total == QUEENS[9]


def test_gil_released(instances):
    # While a long count runs in a thread, this thread keeps running Python.
    path, expect = instances("queens_14")
    m = dlx.Matrix.read(path)
    result = {}
    worker = threading.Thread(target=lambda: result.setdefault("count", m.count()))
    ticks = 0
    worker.start()
    while worker.is_alive():
        ticks += 1
    worker.join()
    assert result["count"] == expect
    # Held, the GIL would let this loop run a handful of times (once per
    # switch interval the count gives it back at most, never, as the call
    # holds it); released, it spins freely for the whole count.
    assert ticks > 10000, ticks


CTRL_C = r"""
import sys, dlxcover as dlx
m = dlx.Matrix.read(sys.argv[1])
print("counting", flush=True)
try:
    m.count()
    print("finished", flush=True)
except KeyboardInterrupt:
    print("interrupted", flush=True)
    sys.exit(3)
"""


def test_ctrl_c_stops_a_long_count(instances):
    path, _ = instances("queens_16")  # minutes of counting
    # A shell runs a background job with SIGINT ignored, and its children
    # inherit that: the child gets the default back, so that Python
    # installs its KeyboardInterrupt handler as it does in a terminal.
    p = subprocess.Popen([sys.executable, "-c", CTRL_C, str(path)], stdout=subprocess.PIPE, text=True,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert p.stdout.readline().strip() == "counting"
    time.sleep(0.5)
    p.send_signal(signal.SIGINT)
    try:
        # A hang guard, not a measure: the count takes minutes, so only a
        # signal that stops it ends the child before this.
        out, _ = p.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        p.kill()
        raise
    assert p.returncode == 3 and out.strip() == "interrupted"


def test_engines(instances):
    # Every engine counts the file's own expected count; "auto" runs the
    # small engine on a small plain matrix with rows of three columns or
    # more (queens, Langford pairs), DLX1 on one with rows of two (dominoes),
    # Algorithm M on bit sets (the small engine) on a small one with
    # bounds, which DLX1 refuses.
    for name, chosen in (("queens_8", "small"), ("domino_6x6", "exact"), ("langford_8", "small")):
        path, expected = instances(name)
        m = dlx.Matrix.read(path)
        for engine, runs in (("auto", chosen), ("exact", "exact"), ("general", "general"), ("small", "small")):
            with m.solver(engine=engine) as s:
                assert s.engine == runs
                assert s.count() == expected
    with pytest.raises(dlx.InputError):
        m.solver(engine="fastest")
    b = dlx.Matrix.parse("A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n")
    assert b.count(engine="general") == 1 and b.count(engine="small") == 1
    assert b.solver().engine == "small"
    with pytest.raises(dlx.Unsupported):
        b.solver(engine="exact")
    # An objective moves a solver on the small engine to DLX1 (it once
    # refused), with the same best: the fewest of queens_8's 8 rows.
    q = dlx.Matrix.read(instances("queens_8")[0])
    with q.solver(engine="small", objective="fewest") as s:
        assert s.engine == "exact"
        assert [b.cost for b in s.best()] == [8]


# Issue 48's Python defects, each test failing on the code before its fix.

def test_errors_found_by_the_package_say_only_what_is_wrong():
    # Before: "column name 'a' given twice: a column appears twice in one
    # row" and "no column 'zz': column index out of range".
    with pytest.raises(dlx.InputError) as e:
        dlx.Matrix(["a", "a"])
    assert str(e.value) == "column name 'a' given twice"
    m = dlx.Matrix(["a", "b"])
    with pytest.raises(dlx.InputError) as e:
        m.add_row(["a", "zz"])
    assert str(e.value) == "no column 'zz'"
    assert m.rows == 0


def test_a_bool_is_not_a_column():
    # Before: add_row([True, 2]) took True as column 1.
    m = dlx.Matrix(3)
    for row in ([True, 2], [0, False]):
        with pytest.raises(dlx.InputError, match="not True|not False"):
            m.add_row(row)
    assert m.rows == 0


def test_outcomes_print_their_names():
    # Before: print(e.outcome) printed 6.
    assert str(dlx.Outcome.TIME_LIMIT) == "TIME_LIMIT"
    assert f"{dlx.Outcome.NODE_LIMIT}" == "NODE_LIMIT"


def test_a_solver_has_a_repr():
    # Before: <dlxcover._solver.Solver object at 0x...>.
    with dlx.Matrix(1).solver() as s:
        assert repr(s).startswith("<dlxcover.Solver engine=")
    assert repr(s) == "<dlxcover.Solver closed>"


def test_dense_input_is_zero_or_one():
    np = pytest.importorskip("numpy")
    # Before: NaN, -1, inf, 2 and an object array holding "a" were taken as
    # a 1, and an array of no rows raised an error.
    for bad, where in ((np.array([[1, 0], [0, np.nan]]), "row 1, column 1"), (np.array([[-1, 0]]), "row 0, column 0"),
                       (np.array([[0, np.inf]]), "row 0, column 1"), (np.array([[0, 1], [2, 0]], dtype=np.uint8), "row 1, column 0"),
                       (np.array([[1, "a"]], dtype=object), "object")):
        with pytest.raises(dlx.InputError, match=where):
            dlx.Matrix.from_dense(bad)
    assert dlx.Matrix.from_dense(np.zeros((0, 3))).count() == dlx.Matrix(3).count() == 0
    assert dlx.Matrix.from_dense(np.array([[1.0, 0.0], [0.0, 1.0]])).count() == 1
    assert dlx.Matrix.from_dense(np.array([[True, False], [False, True]])).count() == 1


def test_sparse_input_is_zero_or_one():
    np = pytest.importorskip("numpy")
    sparse = pytest.importorskip("scipy.sparse")
    # Before: any stored non-zero value was taken as a 1.
    with pytest.raises(dlx.InputError, match="row 1, column 0 of the sparse matrix"):
        dlx.Matrix.from_sparse(sparse.csr_matrix(np.array([[0.0, 1.0], [-1.0, 0.0]])))
    assert dlx.Matrix.from_sparse(sparse.csr_matrix(np.array([[0.0, 1.0], [1.0, 0.0]]))).count() == 1


# Issue 65: each refusal of the C API's one DLX_ERR_UNSUPPORTED says its
# own cause. Wrong code caught: the library's one sentence ("not supported
# for a matrix with bounds or colors") given for every refusal, also on a
# plain matrix, and a diagram's least cost out of range told as the
# objective's 2^61 limit.
def test_each_refusal_says_its_own_cause():
    colored = dlx.Matrix.parse("A | X\nA X:red\n")
    with pytest.raises(dlx.Unsupported, match="exact engine.*bounds or colors"):
        colored.solver(engine="exact")
    queens5 = "r0 r1 r2 r3 r4 c0 c1 c2 c3 c4 | " + " ".join("a%d b%d" % (k, k) for k in range(9)) + "\n" + "".join(
        "r%d c%d a%d b%d\n" % (i, j, i + j, i - j + 4) for i in range(5) for j in range(5))
    plain = dlx.Matrix.parse(queens5)
    for call in (lambda s: s.count_memo(), lambda s: s.count("memo"), lambda s: s.sample(1)):
        with plain.solver(objective="fewest") as s:
            with pytest.raises(dlx.Unsupported) as e:
                call(s)
            assert "memoized count takes no objective" in str(e.value) and "bounds or colors" not in str(e.value)
    with plain.solver() as s:
        assert s.count_memo() == 10  # 5 queens
        with pytest.raises(dlx.Unsupported, match="no checkpoint after the memoized") as e:
            s.checkpoint()
        assert "bounds or colors" not in str(e.value)
    big = dlx.Matrix.parse("A B C\nA |4611686018427387904\nB |4611686018427387904\nC |4611686018427387904\n")
    with big.solver() as s:
        z = s.zdd()
        with pytest.raises(dlx.InputError, match="least cost") as e:
            z.least_cost()
        assert "2^61" not in str(e.value)


def test_progress_carries_the_best_and_the_bound():
    # Wrong code caught: a best or bound read from the wrong report, not
    # passed on, or a gap of the wrong sign. The matrix cuts a line of 400
    # columns into intervals of 1 to 6 with made-up costs; its least cost
    # is a shortest path, by dynamic programming here.
    line, longest = 400, 6

    def cost(a, length):
        return (a * 7 + length * 13) % 11 + 3 * length

    least = [0] + [None] * line
    for b in range(1, line + 1):
        least[b] = min(least[b - k] + cost(b - k, k) for k in range(1, min(longest, b) + 1))
    m = dlx.Matrix(line)
    for a in range(line):
        for k in range(1, min(longest, line - a) + 1):
            m.add_row(range(a, a + k), cost=cost(a, k))
    seen = []
    with m.solver(objective="min", progress=seen.append, progress_interval=0) as s:
        (best,) = s.best()
    assert best.cost == least[line]
    assert seen and any(p.best is not None for p in seen)
    for p in seen:
        assert p.bound is not None and p.bound <= least[line]
        assert p.best is None or (p.best >= least[line] and p.gap is not None and 0 <= p.gap < 1)
    # Without an objective there is neither.
    seen.clear()
    with queens(10).solver(progress=seen.append, progress_interval=0) as s:
        s.count()
    assert seen and all(p.best is None and p.bound is None and p.gap is None for p in seen)
