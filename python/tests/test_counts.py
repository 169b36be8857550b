"""Known counts from the literature, through every way of building a
matrix: rows in Python, Knuth's text, named items, numpy, scipy.sparse."""

import pytest

import dlxcover as dlx

# OEIS A000170.
QUEENS = [1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200]


def queens_rows(n):
    """N-queens as exact cover: ranks and files primary, the 2n-1
    diagonals and anti-diagonals secondary; one row per square."""
    rows = []
    for r in range(n):
        for c in range(n):
            rows.append([r, n + c, 2 * n + r + c, 2 * n + (2 * n - 1) + (r - c + n - 1)])
    columns = 2 * n + 2 * (2 * n - 1)
    return rows, columns, range(2 * n, columns)


@pytest.mark.parametrize("n", range(1, 13))
def test_queens_from_rows(n):
    rows, columns, secondary = queens_rows(n)
    m = dlx.Matrix.from_rows(rows, columns, secondary)
    assert m.count() == QUEENS[n]
    for sol in m.solutions():
        squares = [divmod(r, n) for r in sol]
        assert len({r for r, _ in squares}) == n and len({c for _, c in squares}) == n
        assert len({r + c for r, c in squares}) == n and len({r - c for r, c in squares}) == n


@pytest.mark.parametrize("name", ["queens_12", "pento_3x20", "pento_4x15", "scott_8x8_hole", "langford_7",
                                  "langford_8", "langford_11", "langford_12", "domino_6x6"])
def test_instances(instances, name):
    path, expect = instances(name)
    m = dlx.Matrix.read(path)
    assert m.count() == expect


@pytest.mark.parametrize("name", ["pento_4x15", "scott_8x8_hole", "langford_11", "domino_6x6", "domino_8x8"])
def test_memo_counts(instances, name):
    path, expect = instances(name)
    assert dlx.Matrix.read(path).count_memo() == expect


def knuth_options(path):
    """The items and options of a Knuth file, read by a few lines of Python
    (no colors or bounds: the instances have none)."""
    lines = [l for l in path.read_text().splitlines() if l.strip() and not l.startswith("|")]
    head = lines[0].split("|")
    primary, secondary = head[0].split(), (head[1].split() if len(head) > 1 else [])
    return primary, secondary, [l.split() for l in lines[1:]]


def test_named_items(instances):
    path, expect = instances("pento_3x20")
    primary, secondary, options = knuth_options(path)
    m = dlx.Matrix(primary, secondary=secondary)
    m.add_rows(options)
    assert m.names == primary + secondary
    assert m.count() == expect
    for sol in m.solutions():
        covered = sorted(item for r in sol for item in m.option(r))
        assert covered == sorted(primary)


def dense(path):
    import numpy as np

    primary, secondary, options = knuth_options(path)
    index = {name: k for k, name in enumerate(primary + secondary)}
    a = np.zeros((len(options), len(index)), dtype=bool)
    for i, o in enumerate(options):
        a[i, [index[x] for x in o]] = True
    return a, range(len(primary), len(index))


@pytest.mark.parametrize("name", ["pento_3x20", "queens_8", "langford_7"])
def test_numpy(instances, name):
    np = pytest.importorskip("numpy")
    path, expect = instances(name)
    a, secondary = dense(path)
    assert dlx.Matrix.from_dense(a, secondary).count() == expect
    # 0/1 of another number type marks the same entries; other numbers are
    # refused (they were taken as a 1 before issue 48).
    assert dlx.Matrix.from_dense(a.astype(np.int8), secondary).count() == expect
    with pytest.raises(dlx.InputError, match="expected 0 or 1"):
        dlx.Matrix.from_dense(a.astype(np.int8) * 3, secondary)


@pytest.mark.parametrize("name", ["pento_3x20", "queens_8"])
def test_scipy_sparse(instances, name):
    sparse = pytest.importorskip("scipy.sparse")
    path, expect = instances(name)
    a, secondary = dense(path)
    for make in (sparse.csr_matrix, sparse.coo_matrix, sparse.csc_array):
        s = make(a)
        before = s.copy()
        assert dlx.Matrix.from_sparse(s, secondary).count() == expect
        assert (s != before).nnz == 0


def test_numpy_empty_row_named():
    np = pytest.importorskip("numpy")
    a = np.array([[1, 0], [0, 0], [0, 1]])
    with pytest.raises(dlx.InputError, match="row 1"):
        dlx.Matrix.from_dense(a)
    with pytest.raises(dlx.InputError):
        dlx.Matrix.from_dense(np.zeros(3))


KNUTH_DLX2 = """| The example at the opening of Knuth's DLX2
A B C | X Y
A B X:0 Y:0
A C X:1 Y:1
X:0 Y:1
B X:1
C Y:1
"""

KNUTH_DLX3 = """| A simple example of color controls
A B 2:3|C | X Y
A B X:0 Y:0
A C X:1 Y:1
C X:0
B X:1
C Y:1
"""


def solutions_as_options(text):
    m = dlx.Matrix.parse(text)
    option_lines = [l for l in text.splitlines()[2:]]
    return [sorted(option_lines[r] for r in sol) for sol in m.solutions()]


def test_knuth_colors_example():
    # Knuth's DLX2 documentation: the unique solution is these two options.
    assert solutions_as_options(KNUTH_DLX2) == [sorted(["A C X:1 Y:1", "B X:1"])]


def test_knuth_multiplicities_example():
    # Knuth's DLX3 documentation: the unique solution is these three options.
    assert solutions_as_options(KNUTH_DLX3) == [sorted(["A C X:1 Y:1", "B X:1", "C Y:1"])]
    m = dlx.Matrix.parse(KNUTH_DLX3)
    assert m.bounds("C") == (2, 3) and m.is_secondary("X") and not m.is_secondary("A")


def test_generators_and_numpy_sizes():
    np = pytest.importorskip("numpy")
    # Secondary columns given by generators, a column count as a numpy int.
    m = dlx.Matrix(["a", "b"], secondary=(x for x in ["x", "y"]))
    assert m.names == ["a", "b", "x", "y"] and m.is_secondary("y") and not m.is_secondary("b")
    q = dlx.Matrix(np.int64(3), secondary=(c for c in [2]))
    assert q.columns == 3 and q.is_secondary(2) and not q.is_secondary(1)


def test_round_trip_and_pickle():
    import pickle

    m = dlx.Matrix.parse(KNUTH_DLX3)
    text = m.to_text()
    assert dlx.Matrix.from_text(text).to_text() == text
    again = pickle.loads(pickle.dumps(m))
    assert again.to_text() == text and again.names == m.names and again.count() == 1
    q = dlx.Matrix(["a", "b"], secondary=["x"])
    q.add_rows([["a", "x"], ["b"], ["a", "b"]])
    r = pickle.loads(pickle.dumps(q))
    assert r.names == ["a", "b", "x"] and r.option(0) == ["a", "x"] and r.count() == 2


def test_first_and_sample():
    rows, columns, secondary = queens_rows(8)
    m = dlx.Matrix.from_rows(rows, columns, secondary)
    first = m.first()
    assert len(first) == 8
    with m.solver() as s:
        draws = s.sample(50, seed=7)
        assert len(draws) == 50
        every = {tuple(sorted(x)) for x in m.solutions()}
        assert all(tuple(sorted(d)) in every for d in draws)
        assert s.sample(50, seed=7) == draws
    nothing = dlx.Matrix.from_rows([[0]], 2)
    assert nothing.first() is None and nothing.count() == 0 and list(nothing.solutions()) == []


def test_threads():
    rows, columns, secondary = queens_rows(10)
    m = dlx.Matrix.from_rows(rows, columns, secondary)
    with m.solver(threads=2) as s:
        assert s.threads == 2
        assert s.count() == 724
    assert sorted(map(sorted, m.solutions(threads=2))) == sorted(map(sorted, m.solutions()))


def dominoes(rows, cols):
    """Domino tilings of a rows x cols board, cells numbered row by row."""
    options = []
    for r in range(rows):
        for c in range(cols):
            if c + 1 < cols:
                options.append([r * cols + c, r * cols + c + 1])
            if r + 1 < rows:
                options.append([r * cols + c, (r + 1) * cols + c])
    return dlx.Matrix.from_rows(options, rows * cols)


def test_the_automatic_count_chooses_and_a_sample_reuses_its_cache():
    # 10x10: 258,584,046,368 tilings (Kasteleyn), beyond enumeration; the
    # 3 x 40 board listed long side first: a(20) of a(k) = 4a(k-1) - a(k-2).
    a, b = 1, 3
    for _ in range(19):
        a, b = b, 4 * b - a
    assert dominoes(3, 40).count() == b
    with dominoes(10, 10).solver() as s:
        assert s.auto_phase == "alone"
        assert s.count() == 258584046368 and s.auto_phase == "memo"
        states = s.counters["memo_nodes"]
        draws = s.sample(3, seed=1)
        assert len(draws) == 3 and s.counters["memo_nodes"] - states < states // 2
    rows, columns, secondary = queens_rows(8)
    with dlx.Matrix.from_rows(rows, columns, secondary).solver() as s:
        assert s.count("plain") == 92 and s.counters["memo_nodes"] == 0
        s.restart()
        assert s.count("memo") == 92
        with pytest.raises(dlx.InputError):
            s.count("fast")


def test_independent_parts_multiply_whatever_the_memo_parts_rule():
    # Three boards of 8 queens side by side: 92^3 (each board's 92
    # solutions, Sosin's count); catches a count that adds parts, and a
    # rule name that does not reach the library.
    rows, columns, secondary = queens_rows(8)
    width = columns
    three = [[c + k * width for c in r] for k in range(3) for r in rows]
    minor = [c + k * width for k in range(3) for c in secondary]
    for rule in ("auto", "always", "never"):
        with dlx.Matrix.from_rows(three, 3 * width, minor).solver(memo_parts=rule) as s:
            assert s.count("memo") == 92 ** 3
    with pytest.raises(dlx.InputError):
        dlx.Matrix.from_rows(rows, columns, secondary).solver(memo_parts="sometimes")


def read_dlx6(text):
    """An independent reader of Knuth's DLX6 text: node id -> (var, lo, hi),
    and the root (the hi of the line of variable 0)."""
    nodes, root = {}, None
    for line in text.splitlines():
        ident, rest = line.split(": (~")
        var, rest = rest.split("?")
        lo, hi = rest.rstrip(")").split(":")
        if int(var) == 0:
            root = int(hi, 16)
        else:
            nodes[int(ident, 16)] = (int(var), int(lo, 16), int(hi, 16))
    return nodes, root


def test_the_diagram_holds_every_solution_and_its_least_cost():
    # 8 queens: the diagram's paths, read back here, are the 92 solutions
    # the enumeration gives; all of 8 rows. Catches rows numbered off by
    # one in the text and branches lost.
    import io
    rows, columns, secondary = queens_rows(8)
    m = dlx.Matrix.from_rows(rows, columns, secondary)
    with m.solver() as s, s.zdd() as z:
        assert z.count() == 92 and z.count_by_size() == [0] * 8 + [92] and z.nodes > 0
        out = io.StringIO()
        z.write(out)
    nodes, root = read_dlx6(out.getvalue())

    def paths(at, chosen):
        if at == 1:
            yield sorted(chosen)
        elif at > 1:
            var, lo, hi = nodes[at]
            yield from paths(lo, chosen)
            yield from paths(hi, chosen + [var - 1])
    assert sorted(paths(root, [])) == sorted(sorted(sol) for sol in m.solutions())
    # Costs: the least by the diagram is the least over every solution.
    m = dominoes(4, 4)
    for r in range(m.rows):
        m.set_cost(r, (r * 7 + 3) % 11)
    least = min(sum((r * 7 + 3) % 11 for r in sol) for sol in m.solutions())
    with m.solver() as s, s.zdd() as z:
        cost, chosen = z.least_cost()
    assert cost == least and sum((r * 7 + 3) % 11 for r in chosen) == least and len(chosen) == 8


def test_every_text_call_takes_a_path_or_a_file(tmp_path):
    # One rule (issue 69): Matrix.read, Matrix.write and Zdd.write take a
    # path or an open file, text or binary; to_text/from_text are the
    # strings. The reference text is Knuth's DLX3 example as written here,
    # and the diagram's the one to_text gives; catches a call that still
    # takes only one kind (a str path read as the text itself, a binary
    # file handed str) or writes a different text to a file.
    import io
    m = dlx.Matrix.parse(KNUTH_DLX3)
    text = m.to_text()
    path = tmp_path / "m.dlx"
    m.write(path)
    m.write(str(tmp_path / "s.dlx"))
    assert path.read_text() == text and (tmp_path / "s.dlx").read_text() == text
    for f in (io.StringIO(), io.BytesIO()):
        m.write(f)
        got = f.getvalue()
        assert (got.decode() if isinstance(got, bytes) else got) == text
        f.seek(0)
        assert dlx.Matrix.read(f).to_text() == text
    assert dlx.Matrix.read(path).to_text() == text and dlx.Matrix.read(str(path)).to_text() == text
    with open(path, "r") as t, open(path, "rb") as b:
        assert dlx.Matrix.read(t).to_text() == text and dlx.Matrix.read(b).to_text() == text
    with pytest.raises(TypeError, match="Matrix.write: expected a path or a file"):
        m.write(42)
    with pytest.raises(TypeError, match="Matrix.read: expected a path or a file"):
        dlx.Matrix.read(42)
    rows, columns, secondary = queens_rows(4)
    with dlx.Matrix.from_rows(rows, columns, secondary).solver() as s, s.zdd() as z:
        diagram = z.to_text()
        nodes, root = read_dlx6(diagram)
        assert root is not None and nodes and diagram.endswith("\n")
        z.write(tmp_path / "z.txt")
        b = io.BytesIO()
        z.write(b)
        assert (tmp_path / "z.txt").read_text() == diagram and b.getvalue().decode() == diagram
        with pytest.raises(TypeError, match="Zdd.write: expected a path or a file"):
            z.write(None)
