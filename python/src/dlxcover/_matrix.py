"""The problem: a matrix of columns (items) and rows (options)."""

from __future__ import annotations

import ctypes
import io
import operator
from ctypes import byref, c_int, c_int64, c_size_t, c_uint32, c_void_p
from typing import TYPE_CHECKING, Any, Callable, Dict, Hashable, Iterable, Iterator, List, Optional, Sequence, Tuple, Union

from . import _native as n
from ._args import NotAnInteger, WrongKind, index, keywords, signed
from ._errors import InputError, ParseError, check, raise_status
from ._options import OBJECTIVES, SearchOptions, SolverOptions
from ._text import Place, read_all, write_through, writer

if TYPE_CHECKING:  # pragma: no cover
    from ._options import Objective, Unpack
    from ._pre import Preprocessed
    from ._solver import Best, Solver

Column = Union[int, Hashable]
Color = Union[int, str, None]


def _size_array(values: Sequence[int]) -> "ctypes.Array[c_size_t]":
    """``values``, checked by ``_args`` already, as a C array."""
    return (c_size_t * len(values))(*values)


def _check_zero_one(values: Any, np: Any, what: str, cell: Callable[[int], Tuple[int, int]]) -> None:
    """Refuses `values` (a 1-D array of numbers: the cells of `what`) unless
    each is 0 or 1: NaN, negatives, other numbers and non-numeric arrays,
    naming the first bad cell (`cell(i)` is the row and column of value
    `i`)."""
    if values.dtype.kind not in "iuf":
        raise InputError(n.ERR_INVALID_ARGUMENT, f"{what} of {values.dtype}: expected 0/1 numbers or booleans", whole=True)
    bad = np.flatnonzero(~((values == 0) | (values == 1)))
    if bad.size:
        r, c = cell(int(bad[0]))
        raise InputError(n.ERR_INVALID_ARGUMENT, f"row {r}, column {c} of {what} is {values[bad[0]]!r}: expected 0 or 1",
                         whole=True)


class Matrix(n.Handle):
    """An exact cover problem: columns, primary or secondary, and rows.

    ``Matrix(7)`` has columns 0..6; ``Matrix(["a", "b"], secondary=["x"])``
    has named columns ``a b`` (primary) then ``x`` (secondary), and rows may
    then name them. Rows get ids 0, 1, 2, ... in the order added; solutions
    are lists of row ids. Every method that changes the matrix checks its
    input and changes nothing when it raises.
    """

    _free = "dlx_matrix_free"
    _kind = "matrix"

    def __init__(self, columns: Union[int, Sequence[Hashable]] = 0, secondary: Iterable[Any] = ()) -> None:
        self._handle: Optional[int] = None
        self._names: Optional[List[Hashable]] = None
        self._index: Dict[Hashable, int] = {}
        self._colors: Dict[str, int] = {}
        secondary = list(secondary)  # read once: it may be a generator
        # Names: anything iterable but a 0-d numpy array (a number).
        if hasattr(columns, "__iter__") and getattr(columns, "ndim", 1) != 0:
            names = list(columns) + secondary  # type: ignore[arg-type]
            count = len(names)
            self._set_names(names)
            marks: List[Any] = list(range(len(names) - len(secondary), len(names)))
        else:  # a number of columns, checked
            count = index(columns, "columns")
            marks = secondary
        h = c_void_p()
        check(n.lib.dlx_matrix_new(count, byref(h)), "dlx_matrix_new")
        self._handle = h.value
        for c in marks:
            self.set_secondary(c)

    def _set_names(self, names: List[Hashable]) -> None:
        index: Dict[Hashable, int] = {}
        for k, name in enumerate(names):
            if name in index:
                raise InputError(n.ERR_DUPLICATE_COLUMN, f"column name {name!r} given twice", whole=True)
            index[name] = k
        self._names, self._index = names, index

    # -- construction ---------------------------------------------------

    @classmethod
    def parse(cls, text: Union[str, bytes]) -> "Matrix":
        """Reads a matrix in Knuth's format (DLX1-DLX5: ``|`` comments, the
        item line with ``|`` before the secondary items, ``u:v|item``
        bounds, one option per line with ``item:color`` colors and ``|n``
        costs). Raises :class:`ParseError` with the line and column."""
        data = text.encode() if isinstance(text, str) else bytes(text)
        h, err = c_void_p(), c_void_p()
        status = n.lib.dlx_matrix_parse(data, len(data), byref(h), byref(err))
        if status == n.ERR_PARSE:
            try:
                raise ParseError(n.lib.dlx_parse_error_line(err), n.lib.dlx_parse_error_column(err),
                                 (n.lib.dlx_parse_error_message(err) or b"").decode())
            finally:
                n.lib.dlx_parse_error_free(err)
        check(status, "dlx_matrix_parse")
        m = cls.__new__(cls)
        m._handle, m._colors = h.value, {}
        names = [n.lib.dlx_matrix_column_name(h, k).decode() for k in range(n.lib.dlx_matrix_column_count(h))]
        m._names, m._index = names, {name: k for k, name in enumerate(names)}
        return m

    @classmethod
    def from_text(cls, text: Union[str, bytes]) -> "Matrix":
        """The same as :meth:`parse`: a matrix from its text, what
        :meth:`to_text` gives."""
        return cls.parse(text)

    @classmethod
    def read(cls, source: Place) -> "Matrix":
        """Reads a matrix in Knuth's format (see :meth:`parse`) from
        ``source``: a path, or a file open for reading in text or binary
        mode (read to its end, left open)."""
        return cls.parse(read_all(source, "Matrix.read"))

    @classmethod
    def from_rows(cls, rows: Iterable[Sequence[Column]], columns: Union[int, Sequence[Hashable], None] = None,
                  secondary: Iterable[Any] = ()) -> "Matrix":
        """A matrix with the given rows. ``columns`` is the number of
        columns (default: one more than the largest index used) or their
        names; ``secondary`` as for the constructor."""
        rows = [list(r) for r in rows]
        if columns is None:
            columns = 1 + max((c for r in rows for c in r), default=-1)
        m = cls(columns, secondary)
        m.add_rows(rows)
        return m

    @classmethod
    def from_dense(cls, array: Any, secondary: Iterable[int] = ()) -> "Matrix":
        """A matrix from a 2-D array (numpy or anything ``numpy.asarray``
        takes): row ``i`` covers the columns where ``array[i]`` is 1 (or
        True). Every cell must be 0 or 1 (or a boolean): NaN, negatives,
        other numbers and non-numeric arrays raise :class:`InputError`
        naming the first bad cell. ``secondary`` lists column indices."""
        import numpy as np

        a = np.asarray(array)
        if a.ndim != 2:
            raise InputError(n.ERR_INVALID_ARGUMENT, f"expected a 2-D array, got {a.ndim} dimensions", whole=True)
        if a.dtype != np.bool_:
            _check_zero_one(a.reshape(-1), np, "the array", lambda i: divmod(i, a.shape[1]))
            a = a != 0
        # The library reads row i's cells at i * stride + j: cells of a row
        # one byte apart, rows at least a row apart. A dimension of size 1
        # may have any stride (numpy calls such an array contiguous
        # whatever it is), so its stride is not looked at.
        def stride_of(a: Any) -> int:
            return a.strides[0] if a.shape[0] > 1 else a.shape[1]

        if (a.shape[1] > 1 and a.strides[1] != 1) or stride_of(a) < a.shape[1]:
            a = np.array(a, order="C", copy=True)  # a new array: strides of its own shape
        m = cls(a.shape[1], secondary)
        if a.shape[0] == 0:
            return m
        first, failed = c_size_t(), c_size_t()
        # One call: the library finds the non-zero cells of each row.
        status = n.lib.dlx_matrix_add_rows_dense(m._h, a.ctypes.data if a.size else None, a.shape[0], a.shape[1],
                                                 stride_of(a), byref(first), byref(failed))
        if status >= n.ERR_NULL:
            raise_status(status, f"row {failed.value} of the array")
        return m

    @classmethod
    def from_sparse(cls, matrix: Any, secondary: Iterable[int] = ()) -> "Matrix":
        """A matrix from a scipy.sparse matrix or array: row ``i`` covers the
        columns of its entries that are 1 (each entry 0 or 1, or booleans;
        anything else raises :class:`InputError` naming the cell).
        ``secondary`` lists column indices. The input is not changed."""
        import numpy as np

        if not callable(getattr(matrix, "tocsr", None)):
            raise WrongKind(n.ERR_INVALID_ARGUMENT, f"Matrix.from_sparse: expected a scipy.sparse matrix or array, not "
                            f"{type(matrix).__name__} (rows of 0 and 1: Matrix.from_dense; lists of column indices: "
                            "Matrix.from_rows)", whole=True)
        csr = matrix.tocsr(copy=True)
        csr.sum_duplicates()
        if csr.dtype != np.bool_:
            # Entry i lies in the row whose slice of indptr holds it.
            row_of = lambda i: int(np.searchsorted(csr.indptr, i, side="right")) - 1  # noqa: E731
            _check_zero_one(csr.data, np, "the sparse matrix", lambda i: (row_of(i), int(csr.indices[i])))
        csr.eliminate_zeros()
        m = cls(csr.shape[1], secondary)
        m._add_csr(np.asarray(csr.indptr, dtype=np.uintp), np.asarray(csr.indices, dtype=np.uintp), None)
        return m

    # -- rows -------------------------------------------------------------

    def _column(self, c: Column) -> int:
        if isinstance(c, bool) or type(c).__name__ in ("bool", "bool_"):
            # True would pass for column 1 (bool is an int in Python).
            raise NotAnInteger(n.ERR_COLUMN_RANGE, f"a column is an index or a name, not {c!r}", whole=True)
        if self._names is not None:
            try:
                k = self._index.get(c)
            except TypeError:  # unhashable
                k = None
            if k is not None:
                return k
        try:
            i = operator.index(c)  # type: ignore[arg-type]
        except TypeError:
            if self._names is None:
                raise NotAnInteger(n.ERR_COLUMN_RANGE, f"column: expected an integer, not {type(c).__name__} {c!r}", whole=True) from None
            raise InputError(n.ERR_COLUMN_RANGE, f"no column {c!r}", whole=True) from None
        return index(i, "column", n.ERR_COLUMN_RANGE)

    def _color(self, k: Color) -> int:
        if k is None:
            return 0
        if isinstance(k, int) and not isinstance(k, bool):
            if not 0 <= k < 2**31:
                raise InputError(n.ERR_INVALID_ARGUMENT, f"color {k} is not in 0..2**31-1", whole=True)
            return k
        if isinstance(k, str):
            # Named colors take ids from 2**31 up, apart from integer colors.
            return self._colors.setdefault(k, 2**31 + len(self._colors))
        raise InputError(n.ERR_INVALID_ARGUMENT, f"a color is an int or a str, not {k!r}", whole=True)

    def add_row(self, row: Sequence[Column], colors: Optional[Sequence[Color]] = None,
                cost: Optional[int] = None) -> int:
        """Adds a row covering the given columns (indices, or names if the
        matrix has them) and returns its id. ``colors[k]`` is the color of
        entry ``k`` (an int, a str, or None/0 for none; colors go on
        secondary columns only); ``cost`` its cost for :meth:`best`."""
        cols = _size_array([self._column(c) for c in row])
        out = c_size_t()
        if colors is None:
            check(n.lib.dlx_matrix_add_row(self._h, cols, len(cols), byref(out)), f"row {list(row)!r}")
        else:
            if len(colors) != len(cols):
                raise InputError(n.ERR_INVALID_ARGUMENT, "colors and columns differ in length", whole=True)
            hues = (c_uint32 * len(cols))(*[self._color(k) for k in colors])
            check(n.lib.dlx_matrix_add_row_colored(self._h, cols, hues, len(cols), byref(out)), f"row {list(row)!r}")
        if cost is not None:
            self.set_cost(out.value, cost)
        return out.value

    def add_rows(self, rows: Iterable[Sequence[Column]], colors: Optional[Iterable[Sequence[Color]]] = None) -> range:
        """Adds many rows at once, all or none (one call into the library),
        and returns the range of their ids. Raises :class:`InputError`
        naming the first bad row; the matrix is then unchanged."""
        rows = list(rows)
        starts = [0]
        flat: List[int] = []
        for r in rows:
            flat.extend(self._column(c) for c in r)
            starts.append(len(flat))
        hues = None
        if colors is not None:
            colors = list(colors)
            if len(colors) != len(rows) or any(len(k) != len(r) for k, r in zip(colors, rows)):
                raise InputError(n.ERR_INVALID_ARGUMENT, "colors and rows differ in shape", whole=True)
            hues = (c_uint32 * len(flat))(*[self._color(k) for ks in colors for k in ks])
        return self._add_csr(_size_array(starts), _size_array(flat), hues, rows)

    def _add_csr(self, starts: Any, columns: Any, colors: Any, shown: Optional[list] = None) -> range:
        count = len(starts) - 1
        if count <= 0:
            return range(self.rows, self.rows)

        def address(a: Any) -> Optional[int]:
            if a is None:
                return None
            if hasattr(a, "ctypes"):
                return a.ctypes.data
            return ctypes.addressof(a)

        first, failed = c_size_t(), c_size_t()
        status = n.lib.dlx_matrix_add_rows(self._h, address(starts), count, address(columns), address(colors),
                                           byref(first), byref(failed))
        if status >= n.ERR_NULL:
            i = failed.value
            row = shown[i] if shown is not None and i < len(shown) else None
            raise_status(status, f"row {i} of the rows given" + (f" ({row!r})" if row is not None else ""))
        return range(first.value, first.value + count)

    # -- columns, bounds, costs -------------------------------------------

    def set_secondary(self, column: Column) -> None:
        """Makes a column secondary: covered at most once (or, with
        colors, by rows of one color), and not necessarily at all."""
        check(n.lib.dlx_matrix_set_secondary(self._h, self._column(column)), f"column {column!r}")

    def is_secondary(self, column: Column) -> bool:
        out = c_int()
        check(n.lib.dlx_matrix_is_secondary(self._h, self._column(column), byref(out)), f"column {column!r}")
        return bool(out.value)

    def set_preferred(self, column: Column, preferred: bool = True) -> None:
        """Prefers a primary column when the search picks the column to
        branch on (Knuth's ``#`` rule of DLX2-SHARP, which :meth:`parse`
        applies to items named ``#...``): a column of at most one row
        first, as ever, else the preferred column of fewest rows. The
        solutions stay; the tree and the counters change. See
        ``dlx_matrix_set_preferred`` in ``dlx.h``."""
        check(n.lib.dlx_matrix_set_preferred(self._h, self._column(column), 1 if preferred else 0), f"column {column!r}")

    def is_preferred(self, column: Column) -> bool:
        out = c_int()
        check(n.lib.dlx_matrix_is_preferred(self._h, self._column(column), byref(out)), f"column {column!r}")
        return bool(out.value)

    def add_symmetry(self, image: Sequence[Column]) -> None:
        """Adds a symmetry: ``image[c]`` (an index or a name) is the column
        that column ``c`` goes to, one per column, each column once. It
        should map each row (with its colors) to a row and each column to
        one of the same kind and bounds; :meth:`Solver.count_orbits` checks
        that (``InputError``, status ``ERR_NOT_SYMMETRY``, when it does
        not). See docs/symmetry.md."""
        cols = [self._column(c) for c in image]
        check(n.lib.dlx_matrix_add_symmetry(self._h, _size_array(cols), len(cols)), "add_symmetry")

    def clear_symmetries(self) -> None:
        """Drops every symmetry added."""
        check(n.lib.dlx_matrix_clear_symmetries(self._h))

    def set_bounds(self, column: Column, lower: int, upper: int) -> None:
        """Lets every solution cover a primary column between ``lower`` and
        ``upper`` times (Knuth's multiplicities)."""
        lower = index(lower, "lower", n.ERR_BOUNDS, most=2**32 - 1)
        upper = index(upper, "upper", n.ERR_BOUNDS, most=2**32 - 1)
        check(n.lib.dlx_matrix_set_bounds(self._h, self._column(column), lower, upper), f"column {column!r}")

    def bounds(self, column: Column) -> tuple:
        lo, hi = c_uint32(), c_uint32()
        check(n.lib.dlx_matrix_bounds(self._h, self._column(column), byref(lo), byref(hi)), f"column {column!r}")
        return (lo.value, hi.value)

    def set_cost(self, row: int, cost: int) -> None:
        """Sets the cost of a row (used by :meth:`best`)."""
        row = index(row, "row", n.ERR_ROW_RANGE)
        cost = signed(cost, "cost", n.ERR_COST_RANGE)
        check(n.lib.dlx_matrix_set_row_cost(self._h, row, cost), f"row {row}")

    def cost(self, row: int) -> int:
        row = index(row, "row", n.ERR_ROW_RANGE)
        out = c_int64()
        check(n.lib.dlx_matrix_row_cost(self._h, row, byref(out)), f"row {row}")
        return out.value

    # -- reading back -------------------------------------------------------

    @property
    def columns(self) -> int:
        """The number of columns."""
        return int(n.lib.dlx_matrix_column_count(self._h))

    @property
    def rows(self) -> int:
        """The number of rows."""
        return int(n.lib.dlx_matrix_row_count(self._h))

    @property
    def names(self) -> Optional[List[Hashable]]:
        """The column names, or None for numbered columns."""
        return None if self._names is None else list(self._names)

    def row(self, row: int) -> List[int]:
        """The column indices of a row, in the order given."""
        row = index(row, "row", n.ERR_ROW_RANGE)
        count = c_size_t()
        status = n.lib.dlx_matrix_row(self._h, row, None, 0, byref(count))
        if status not in (n.OK, n.ERR_BUFFER_TOO_SMALL):
            raise_status(status, f"row {row}")
        buf = (c_size_t * max(count.value, 1))()
        check(n.lib.dlx_matrix_row(self._h, row, buf, len(buf), byref(count)), f"row {row}")
        return list(buf[: count.value])

    def option(self, row: int) -> List[Hashable]:
        """A row as the names of its columns (indices when unnamed)."""
        cols = self.row(row)
        return cols if self._names is None else [self._names[c] for c in cols]

    def color(self, row: int, k: int) -> int:
        """The color id of entry ``k`` of a row (0: none)."""
        row, k = index(row, "row", n.ERR_ROW_RANGE), index(k, "k", n.ERR_INVALID_ARGUMENT)
        out = c_uint32()
        check(n.lib.dlx_matrix_entry_color(self._h, row, k, byref(out)), f"row {row}, entry {k}")
        return out.value

    def to_text(self) -> str:
        """The matrix in Knuth's format (what :meth:`from_text` reads back)."""
        status, text = n.read_text(lambda buf, cap, length: n.lib.dlx_matrix_write(self._h, buf, cap, length))
        check(status, "dlx_matrix_write")
        return text

    def to_cnf(self) -> str:
        """The matrix as DIMACS CNF (dlx_matrix_write_cnf): variable
        ``r + 1`` is row ``r``, and the models are exactly the solutions,
        so a model counter counts what :meth:`count` counts. Costs are not
        in it (:meth:`to_opb`)."""
        out = io.StringIO()
        self.write_cnf(out)
        return out.getvalue()

    def write_cnf(self, dest: Place) -> None:
        """Writes :meth:`to_cnf`'s text to ``dest``, a path or a file open
        for writing (as :meth:`write`)."""
        check(write_through(dest, "Matrix.write_cnf", lambda fn: n.lib.dlx_matrix_write_cnf(self._h, fn, None)),
              "write_cnf")

    def to_opb(self, objective: Optional[Objective] = None) -> str:
        """The matrix as OPB pseudo-Boolean constraints
        (dlx_matrix_write_opb): variable ``x{r+1}`` is row ``r``, and with
        ``objective`` ("min", "max", "fewest") a ``min:`` line of the row
        costs, the negated costs (the optimum is minus the greatest
        weight) or one per row."""
        out = io.StringIO()
        self.write_opb(out, objective)
        return out.getvalue()

    def write_opb(self, dest: Place, objective: Optional[Objective] = None) -> None:
        """Writes :meth:`to_opb`'s text to ``dest``, a path or a file open
        for writing (as :meth:`write`)."""
        if objective not in OBJECTIVES:
            raise InputError(n.ERR_UNKNOWN_VALUE, f"objective {objective!r}: expected one of min, max, fewest", whole=True)
        goal = OBJECTIVES[objective]
        check(write_through(dest, "Matrix.write_opb", lambda fn: n.lib.dlx_matrix_write_opb(self._h, goal, fn, None)),
              "write_opb")

    def write(self, dest: Place) -> None:
        """Writes the matrix in Knuth's format (what :meth:`read` reads
        back) to ``dest``: a path (created or replaced), or a file open for
        writing in text or binary mode (left open). :meth:`to_text` gives
        the text itself."""
        text = self.to_text()
        with writer(dest, "Matrix.write") as put:
            put(text)

    def preprocess(self, work_limit: Optional[int] = None) -> "Preprocessed":
        """The problem without the rows and columns Knuth's DLX-PRE
        reductions find it can do without (forcing and blocking, in rounds
        until nothing changes or about ``work_limit`` entries are read;
        None: the library's default, a few seconds at most). Exact with
        secondary columns, colors and multiplicities: the solutions of the
        result's ``matrix``, mapped through its ``rows``, are those of this
        matrix. The names, colors, bounds and costs of what is left are
        kept. See ``dlx_matrix_preprocess`` in ``dlx.h``."""
        from ._pre import Preprocessed, stats_of, stats_struct, work_of

        rows, columns = (c_size_t * max(self.rows, 1))(), (c_size_t * max(self.columns, 1))()
        h, st = c_void_p(), stats_struct()
        check(n.lib.dlx_matrix_preprocess(self._h, work_of(work_limit), byref(h), rows, columns, byref(st)), "preprocess")
        m = Matrix.__new__(Matrix)
        m._handle, m._colors = h.value, dict(self._colors)
        kept_rows = list(rows[: n.lib.dlx_matrix_row_count(h)])
        kept_columns = list(columns[: n.lib.dlx_matrix_column_count(h)])
        if self._names is None:
            m._names, m._index = None, {}
        else:
            names = [self._names[c] for c in kept_columns]
            m._names, m._index = names, {name: k for k, name in enumerate(names)}
        return Preprocessed(m, kept_rows, kept_columns, stats_of(st))

    # -- searching (shortcuts over Solver) ----------------------------------

    # Each takes the options of :class:`SolverOptions` as keywords (typed
    # there, and checked by the Solver it makes).

    def solver(self, **options: Unpack[SolverOptions]) -> "Solver":
        """A :class:`Solver` over this matrix with ``options`` (:class:`SolverOptions`)."""
        from ._solver import Solver

        keywords("Matrix.solver", options, SolverOptions)
        return Solver(self, **options)

    def solutions(self, **options: Unpack[SolverOptions]) -> Iterator[List[int]]:
        """Every solution, as lists of row ids (a generator); ``options``
        as :class:`SolverOptions`."""
        keywords("Matrix.solutions", options, SolverOptions)  # now, not at the first next()
        return self._solutions(options)

    def _solutions(self, options: Any) -> Iterator[List[int]]:
        with self.solver(**options) as s:
            yield from s.solutions()

    def count(self, **options: Unpack[SolverOptions]) -> int:
        """The number of solutions (exact at any size), by the plain count
        or the memoized one, whichever the problem favours (see
        :meth:`Solver.count`); ``options`` as :class:`SolverOptions` (a
        limit reached raises :class:`LimitReached`; with limits the count
        is the plain one)."""
        keywords("Matrix.count", options, SolverOptions)
        with self.solver(**options) as s:
            return s.count()

    def first(self, **options: Unpack[SolverOptions]) -> Optional[List[int]]:
        """The first solution, or None when there is none; ``options`` as
        :class:`SolverOptions`."""
        keywords("Matrix.first", options, SolverOptions)
        with self.solver(**options) as s:
            return s.first()

    def best(self, k: int = 1, objective: Objective = "min", **options: Unpack[SearchOptions]) -> List["Best"]:
        """The ``k`` best solutions under ``objective`` ("min" cost, "max"
        cost or "fewest" rows), best first; ``options`` as
        :class:`SearchOptions`."""
        keywords("Matrix.best", options, SearchOptions)
        with self.solver(objective=objective, k=k, **options) as s:
            return s.best()

    def count_memo(self, **options: Unpack[SolverOptions]) -> int:
        """The number of solutions by the memoized count (exact at any
        size; fast when partial solutions leave the same rest); ``options``
        as :class:`SolverOptions` (``memo_order``, ``memo_memory``)."""
        keywords("Matrix.count_memo", options, SolverOptions)
        with self.solver(**options) as s:
            return s.count_memo()

    # -- life -------------------------------------------------------------

    def __repr__(self) -> str:
        if self._handle is None:
            return "<dlxcover.Matrix closed>"
        return f"<dlxcover.Matrix {self.columns} columns, {self.rows} rows>"

    def __reduce__(self) -> Any:
        # Knuth's text carries everything; it keeps the column numbering
        # when the columns were parsed, named here, or numbered with every
        # primary column before every secondary one (the order it writes).
        numbered = self._names is None
        if n.lib.dlx_matrix_column_name(self._h, 0) is None and self.columns > 0:
            flags = [self.is_secondary(c) for c in range(self.columns)]
            if any(a and not b for a, b in zip(flags, flags[1:])):
                raise TypeError("a matrix built with a secondary column before a primary one cannot be "
                                "pickled (Knuth's text lists primary columns first): order them primary first")
        return (_unpickle, (self.to_text(), self._names, numbered, dict(self._colors)))


def _unpickle(text: str, names: Optional[List[Hashable]], numbered: bool, colors: Dict[str, int]) -> Matrix:
    m = Matrix.parse(text)
    if numbered:
        m._names, m._index = None, {}
    elif names is not None:
        m._set_names(names)
    m._colors = colors
    return m
