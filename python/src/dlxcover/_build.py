"""Builders: the matrices of the problems people bring most (n queens,
Langford pairs, polyomino packing, sudoku grids), from a short
description, over the library's ``dlx_build_*``, ``dlx_polyomino_*`` and
``dlx_sudoku_*`` calls."""

from __future__ import annotations

import ctypes
from ctypes import byref, c_int32, c_size_t, c_void_p
from typing import Iterable, List, Optional, Sequence, Tuple

from . import _native as n
from ._args import WrongKind, index
from ._errors import InputError, check
from ._matrix import Matrix

Cell = Tuple[int, int]

# The flags of dlx_polyomino_add_piece (dlx.h's DLX_PIECE_*).
PIECE_ROTATE, PIECE_REFLECT, PIECE_REUSE = 1, 2, 4


class Built(n.Handle):
    """What a builder made: :attr:`matrix` (its columns named, with the
    symmetries the builder knows, for :meth:`Solver.count_orbits`) and
    :attr:`row_names`, what each row places in the builder's words
    (``q1,2``, ``3@0``, ``P 0,0 0,1 1,0 1,1 2,0``, ``4,5=7``)."""

    _free = "dlx_built_free"
    _kind = "built problem"

    def __init__(self, handle: int) -> None:
        self._handle = handle
        m = n.lib.dlx_built_matrix(handle)
        #: The problem, a :class:`Matrix` of its own (a copy: changing it
        #: leaves this object alone). Knuth's text carries it whole but
        #: for the matrix of no columns (0 queens), which it cannot say.
        columns = n.lib.dlx_matrix_column_count(m)
        self.matrix: Matrix = Matrix.parse(_text_of(m)) if columns else Matrix(0)
        #: The name of each row, in row order.
        self.row_names: List[str] = [n.lib.dlx_built_row_name(handle, r).decode() for r in range(self.matrix.rows)]

    def __repr__(self) -> str:
        return f"<dlxcover.Built: {self.matrix.columns} columns, {self.matrix.rows} rows>"


def _text_of(m: int) -> bytes:
    status, text = n.read_text(lambda buf, cap, length: n.lib.dlx_matrix_write(m, buf, cap, length))
    check(status, "dlx_matrix_write")
    return text.encode()


def _built(call: str, make) -> Built:  # type: ignore[no-untyped-def]
    h = c_void_p()
    check(make(byref(h)), call)
    return Built(h.value)  # type: ignore[arg-type]


def queens(n_queens: int) -> Built:
    """The n queens problem: row ``n*r + c`` (named ``q<r>,<c>``) puts a
    queen on square (r, c); primary columns ``r0..`` and ``c0..``,
    secondary diagonals ``a0..`` and ``b0..``; the square's eight
    symmetries come with it."""
    k = index(n_queens, "n", n.ERR_TOO_LARGE, 0, 1 << 16)
    return _built("queens", lambda out: n.lib.dlx_build_queens(k, out))


def langford(pairs: int) -> Built:
    """Langford pairs: 1, 1, ..., n, n in 2n places with k numbers between
    the two k's; the row ``<k>@<i>`` puts k in places i and i + k + 1. Each
    sequence and its reversal are solutions; the reversal comes as a
    symmetry."""
    k = index(pairs, "n", n.ERR_TOO_LARGE, 0, 1 << 16)
    return _built("langford", lambda out: n.lib.dlx_build_langford(k, out))


def _cells(cells: Iterable[Sequence[int]], what: str) -> "ctypes.Array[c_int32]":
    """Squares (row, column) as the C calls take them, checked."""
    flat: List[int] = []
    try:
        pairs = list(cells)
    except TypeError:
        raise WrongKind(n.ERR_INVALID_ARGUMENT, f"{what}: expected a list of (row, column) pairs", whole=True) from None
    for k, cell in enumerate(pairs):
        try:
            r, c = cell
        except (TypeError, ValueError):
            raise WrongKind(n.ERR_INVALID_ARGUMENT, f"{what}: square {k} is {cell!r}, expected (row, column)",
                            whole=True) from None
        for v, name in ((r, "row"), (c, "column")):
            flat.append(index(v, f"{what}: the {name} of square {k}", n.ERR_INVALID_ARGUMENT, -(2**31), 2**31 - 1))
    return (c_int32 * len(flat))(*flat)


class Polyomino(n.Handle):
    """A polyomino packing problem: a board of squares (holes are the
    squares left out), pieces placed on it without overlap, and whether
    squares may stay empty. :meth:`build` makes the matrix."""

    _free = "dlx_polyomino_free"
    _kind = "polyomino problem"

    def __init__(self) -> None:
        h = c_void_p()
        check(n.lib.dlx_polyomino_new(byref(h)), "Polyomino")
        self._handle = h.value

    def add_cells(self, cells: Iterable[Sequence[int]]) -> None:
        """Adds squares (row, column) to the board; those on it already are
        ignored."""
        arr = _cells(cells, "add_cells")
        check(n.lib.dlx_polyomino_add_cells(self._h, arr, len(arr) // 2), "add_cells")

    def add_rectangle(self, rows: int, columns: int) -> None:
        """Adds the ``rows`` x ``columns`` rectangle with its corner at (0, 0)."""
        h, w = index(rows, "rows", n.ERR_TOO_LARGE), index(columns, "columns", n.ERR_TOO_LARGE)
        check(n.lib.dlx_polyomino_add_rectangle(self._h, h, w), "add_rectangle")

    def add_piece(self, name: str, cells: Iterable[Sequence[int]], rotate: bool = True, reflect: bool = True,
                  reuse: bool = False) -> None:
        """Adds a piece named ``name`` (not empty, without white space,
        ``:``, ``|`` or ``,``; each piece's own) made of ``cells``: it may
        be turned by quarter turns when ``rotate``, turned over when
        ``reflect``, and used any number of times (none included) when
        ``reuse``, else exactly once."""
        if not isinstance(name, str):
            raise WrongKind(n.ERR_INVALID_ARGUMENT, f"add_piece: the name {name!r} is not a str", whole=True)
        if not name or any(ch.isspace() or ch in ":|,\0" for ch in name):
            raise InputError(n.ERR_INVALID_ARGUMENT, f"add_piece: the name {name!r} is empty or holds white space, "
                             "':', '|' or ','", whole=True)
        arr = _cells(cells, "add_piece")
        if not arr:
            raise InputError(n.ERR_INVALID_ARGUMENT, f"add_piece: piece {name!r} has no squares", whole=True)
        flags = (PIECE_ROTATE if rotate else 0) | (PIECE_REFLECT if reflect else 0) | (PIECE_REUSE if reuse else 0)
        check(n.lib.dlx_polyomino_add_piece(self._h, name.encode(), arr, len(arr) // 2, flags),
              f"add_piece {name!r} (a square twice, or a name used already)")

    def set_empty_cells(self, on: bool = True) -> None:
        """Whether squares may stay empty (default: every square covered)."""
        check(n.lib.dlx_polyomino_set_empty_cells(self._h, 1 if on else 0), "set_empty_cells")

    def build(self) -> Built:
        """The matrix: a primary column per piece used once (named as the
        piece), then one per square (``<row>,<column>``); a row per
        placement, and with empty squares allowed one per square
        (``empty r,c``); the board's symmetries that keep every piece's
        ways of lying."""
        return _built("build", lambda out: n.lib.dlx_polyomino_build(self._h, out))


class Sudoku(n.Handle):
    """A sudoku-family grid of side ``box_rows * box_columns`` (at most 35):
    boxes of that shape, or ``regions`` (a jigsaw: a character per cell,
    row by row, white space skipped), ``givens`` (a symbol per cell:
    1-9, then A-Z for 10-35; ``.``, ``0`` or ``_`` for none) and
    ``diagonal`` (both long diagonals hold each digit once too)."""

    _free = "dlx_sudoku_free"
    _kind = "sudoku"

    def __init__(self, box_rows: int = 3, box_columns: int = 3, givens: Optional[str] = None,
                 regions: Optional[str] = None, diagonal: bool = False) -> None:
        r = index(box_rows, "box_rows", n.ERR_TOO_LARGE)
        c = index(box_columns, "box_columns", n.ERR_TOO_LARGE)
        h = c_void_p()
        check(n.lib.dlx_sudoku_new(r, c, byref(h)), f"Sudoku({box_rows}, {box_columns}): boxes of 1 or more rows and columns, a side of at most 35")
        self._handle = h.value
        self.side = r * c
        if regions is not None:
            self.set_regions(regions)
        if givens is not None:
            self.set_givens(givens)
        if diagonal:
            self.set_diagonal(True)

    def _text(self, value: str, what: str) -> bytes:
        if not isinstance(value, str):
            raise WrongKind(n.ERR_INVALID_ARGUMENT, f"{what}: expected a str, got {type(value).__name__}", whole=True)
        return value.encode()

    def set_regions(self, regions: str) -> None:
        """Sets the regions: a character per cell naming its region, as many
        regions as the side, each of that many cells."""
        check(n.lib.dlx_sudoku_set_regions(self._h, self._text(regions, "set_regions")),
              f"set_regions: expected {self.side} regions of {self.side} cells each")

    def set_givens(self, givens: str) -> None:
        """Sets the givens: a symbol per cell (side x side of them)."""
        check(n.lib.dlx_sudoku_set_givens(self._h, self._text(givens, "set_givens")),
              f"set_givens: expected {self.side * self.side} symbols, each '.' or a digit up to {self.side}")

    def set_diagonal(self, on: bool = True) -> None:
        """Whether the two long diagonals hold each digit once too."""
        check(n.lib.dlx_sudoku_set_diagonal(self._h, 1 if on else 0), "set_diagonal")

    def build(self) -> Built:
        """The matrix: columns ``p<r>,<c>``, ``r<r>=<d>``, ``c<c>=<d>``,
        ``x<k>=<d>`` (and ``d=<d>``, ``a=<d>`` with the diagonals); rows
        ``<r>,<c>=<d>``, one per digit of each cell, or only the given."""
        return _built("build", lambda out: n.lib.dlx_sudoku_build(self._h, out))

    def decode(self, built: Built, rows: Sequence[int]) -> str:
        """The grid a solution's rows (of ``built``, from :meth:`build`) fill
        in: a symbol per cell, row by row, ``.`` where none is filled."""
        ids = [index(r, "rows", n.ERR_ROW_RANGE) for r in rows]
        arr = (c_size_t * len(ids))(*ids)
        status, text = n.read_text(lambda buf, cap, length: n.lib.dlx_sudoku_decode(self._h, built._h, arr, len(ids),
                                                                                     buf, cap, length))
        check(status, "decode: the rows are not a solution's of this grid")
        return text
