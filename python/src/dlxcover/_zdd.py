"""The diagram of every solution (``dlx_zdd`` in the C library): its
count, its counts by size, a least-cost solution, and its text in the
format of Knuth's DLX6."""

from __future__ import annotations

import io
from ctypes import byref, c_int64, c_size_t, c_uint64
from typing import List, Optional, Tuple

from . import _native as n
from ._errors import InputError, check
from ._text import Place, write_through


class Zdd(n.Handle):
    """Every solution of a solver's problem as a zero-suppressed decision
    diagram, made by :meth:`Solver.zdd`. It does not refer to the solver
    or the matrix, which may close first.

    ``count()``, ``count_by_size()`` (entry ``k``: the solutions of ``k``
    rows), ``least_cost()`` (by the matrix's row costs) and ``write(file)``
    (Knuth's DLX6 text: one node a line, ``ID: (~V?LO:HI)``, ids in hex,
    ``V`` the row id + 1, a last line of variable 0 pointing to the root;
    his ZDDREAD programs read it)."""

    _free = "dlx_zdd_free"
    _kind = "diagram"

    def __init__(self, handle: int) -> None:
        self._handle = handle

    @property
    def nodes(self) -> int:
        """The diagram's nodes (the two ends not counted)."""
        v = c_uint64()
        check(n.lib.dlx_zdd_nodes(self._h, byref(v)))
        return v.value

    def _text(self, fn) -> str:
        status, text = n.read_text(lambda buf, cap, length: fn(self._h, buf, cap, length))
        check(status)
        return text

    def count(self) -> int:
        """The number of solutions (a Python int, exact at any size)."""
        return int(self._text(n.lib.dlx_zdd_count))

    def count_by_size(self) -> List[int]:
        """The number of solutions of each size: entry ``k`` counts those
        of ``k`` rows (forced rows included), up to the largest size; empty
        when there is no solution."""
        return [int(x) for x in self._text(n.lib.dlx_zdd_count_by_size).split()]

    def least_cost(self) -> Optional[Tuple[int, List[int]]]:
        """A solution of least total cost by the matrix's row costs
        (whatever the solver's objective): ``(cost, rows)``, or None when
        there is no solution."""
        count, cost = c_size_t(), c_int64()
        status = n.lib.dlx_zdd_least_cost(self._h, None, 0, byref(count), byref(cost))
        if status == n.ERR_NO_SOLUTION:
            return None
        if status == n.ERR_COST_RANGE:
            # The status is the objective's too; its sentence is about that.
            raise InputError(status, "least_cost: the least cost of the diagram's solutions does not fit a 64-bit integer", whole=True)
        if status == n.ERR_BUFFER_TOO_SMALL:
            rows = (c_size_t * count.value)()
            status = n.lib.dlx_zdd_least_cost(self._h, rows, count.value, byref(count), byref(cost))
            check(status)
            return cost.value, list(rows[: count.value])
        check(status)
        return cost.value, []

    def write(self, dest: Place) -> None:
        """Writes the diagram as text (Knuth's DLX6 format) to ``dest``: a
        path (created or replaced), or a file open for writing in text or
        binary mode (left open). :meth:`to_text` gives the text itself."""
        check(write_through(dest, "Zdd.write", lambda fn: n.lib.dlx_zdd_write(self._h, fn, None)))

    def to_text(self) -> str:
        """The diagram in Knuth's DLX6 text, as :meth:`write` writes it."""
        out = io.StringIO()
        self.write(out)
        return out.getvalue()
