"""Preprocessing (``dlx_matrix_preprocess``, ``dlx_solver_preprocess``):
what a preprocessing did, and a problem cut down by it."""

from __future__ import annotations

import ctypes
from typing import TYPE_CHECKING, List, NamedTuple, Optional

from . import _native as n
from ._args import index
from ._errors import InputError

if TYPE_CHECKING:  # pragma: no cover
    from ._matrix import Matrix


class PreStats(NamedTuple):
    """What a preprocessing did (see ``dlx_pre_stats`` in ``dlx.h``)."""

    rows_removed: int  # rows found in no solution
    columns_removed: int  # columns left with no rows, or forced by another
    rounds: int
    work: int  # entries read, what the work limit counts
    complete: bool  # False when the work limit stopped it (what went is still right)
    infeasible: bool  # a primary column that must be covered has no row left


class Preprocessed(NamedTuple):
    """A problem cut down by :meth:`Matrix.preprocess`: what is left, and
    for each of its rows (``rows``) and columns (``columns``) the row or
    column of the problem it is. A solution of ``matrix`` maps to the
    problem's solution ``[rows[i] for i in solution]``."""

    matrix: "Matrix"
    rows: List[int]
    columns: List[int]
    stats: PreStats


def stats_struct() -> n.PreStats:
    """A ``dlx_pre_stats`` with its size set, for the library to fill."""
    st = n.PreStats()
    st.size = ctypes.sizeof(st)
    return st


def stats_of(st: n.PreStats) -> PreStats:
    return PreStats(st.rows_removed, st.columns_removed, st.rounds, st.work, bool(st.complete), bool(st.infeasible))


def work_of(work_limit: Optional[int]) -> int:
    """The C API's work limit: None is its default (0)."""
    if work_limit is None:
        return 0
    return index(work_limit, "work_limit", lowest=1)
