"""What can go wrong: the library's statuses as Python exceptions, and the
ways a search can end before its end."""

from __future__ import annotations

import enum
from typing import Any, NoReturn

from . import _native as n


class Outcome(enum.IntEnum):
    """How the last search call ended (``dlx_outcome``)."""

    NONE = 0
    SOLUTION = 1
    EXHAUSTED = 2
    SOLUTION_LIMIT = 3
    NODE_LIMIT = 4
    UPDATE_LIMIT = 5
    TIME_LIMIT = 6
    CALLBACK = 7
    CANCELLED = 8

    def __str__(self) -> str:
        return self.name


class Error(Exception):
    """A call into the library failed; ``status`` is its ``dlx_status``."""

    def __init__(self, status: int, message: str | None = None, *, whole: bool = False) -> None:
        # `whole`: the message says all (the package found the fault
        # itself); otherwise the library's sentence for the status follows.
        self.status = status
        text = n.lib.dlx_status_message(status).decode()
        super().__init__(message if whole and message else f"{message}: {text}" if message else text)


class InputError(Error, ValueError):
    """The input was refused (a column or row out of range, a duplicate
    column, an empty row, conflicting forced rows, bad bounds, a color on a
    primary column, ...). Nothing was changed."""


class ParseError(InputError):
    """A text is not in Knuth's format: ``line`` and ``column`` (1-based)
    say where, ``reason`` what was expected."""

    def __init__(self, line: int, column: int, reason: str) -> None:
        self.line, self.column, self.reason = line, column, reason
        Exception.__init__(self, f"line {line}, column {column}: {reason}")
        self.status = n.ERR_PARSE


class Unsupported(Error):
    """The call does not apply to this matrix or solver (for example a
    memoized count with an objective)."""


class Stopped(Exception):
    """A search ended before its end, so its answer is not complete.

    ``outcome`` says why (an :class:`Outcome`); ``partial`` is what the call
    found before it stopped (the number counted, or the solutions kept). The
    solver keeps its place: calling the same method again goes on from
    there."""

    def __init__(self, outcome: Outcome, partial: Any = None) -> None:
        self.outcome, self.partial = outcome, partial
        super().__init__(f"the search stopped early ({outcome.name.lower()}); partial result: {partial!r}")


class LimitReached(Stopped):
    """A limit (solutions, nodes, updates or time) ended the search."""


class Cancelled(Stopped):
    """:meth:`Solver.cancel` ended the search."""


_INPUT = {
    n.ERR_COLUMN_RANGE, n.ERR_DUPLICATE_COLUMN, n.ERR_EMPTY_ROW, n.ERR_TOO_LARGE, n.ERR_ROW_RANGE,
    n.ERR_CONFLICT, n.ERR_COST_RANGE, n.ERR_INVALID_ARGUMENT, n.ERR_BOUNDS, n.ERR_COLOR_ON_PRIMARY,
    n.ERR_UNKNOWN_VALUE, n.ERR_NOT_SYMMETRY,
}


class CheckpointError(Error, ValueError):
    """A checkpoint refused (``Solver.resume``): its text malformed, cut
    short or edited (``status == ERR_CHECKPOINT``), or of another matrix or
    objective (``ERR_CHECKPOINT_MISMATCH``). Nothing of it was used."""


_MEMO = "the memoized count takes no objective or cost limit: they pick among the solutions, the count counts them all"

# The C API has one status, DLX_ERR_UNSUPPORTED, for every refusal of this
# kind, and its sentence names only the kind: what each call (its `what`
# before any '=') refused, and why.
UNSUPPORTED_CAUSES = {
    "engine": "the exact engine (Knuth's DLX1) takes no bounds or colors: use 'small', 'general', 'cells' or 'auto'",
    "count_memo": _MEMO,
    "uniqueness": "no uniqueness check with an objective or a cost limit: the search then hands out only "
                  "solutions better than the last",
    "count_orbits": "no count or listing up to symmetry with forced or excluded rows, an objective or a cost limit: "
                    "they pick solutions a symmetry need not keep (or the group passes 65,536 elements)",
    "sample": _MEMO,
    "checkpoint": "no checkpoint after the memoized or automatic count: it keeps its states in a cache, "
                  "not a frontier (count with count('plain') to take checkpoints)",
}


def raise_status(status: int, what: str | None = None) -> NoReturn:
    """Raises the exception for an error status."""
    if status in (n.ERR_CHECKPOINT, n.ERR_CHECKPOINT_MISMATCH):
        raise CheckpointError(status, what)
    if status == n.ERR_OUT_OF_MEMORY:
        raise MemoryError(what or "dlx: out of memory")
    if status in _INPUT:
        raise InputError(status, what)
    if status == n.ERR_UNSUPPORTED:
        cause = UNSUPPORTED_CAUSES.get((what or "").split("=")[0])
        raise Unsupported(status, f"{what}: {cause}" if cause else what, whole=cause is not None)
    raise Error(status, what)


def check(status: int, what: str | None = None) -> int:
    """Returns a status that is not an error; raises for one that is."""
    if status >= n.ERR_NULL:
        raise_status(status, what)
    return status


def stopped(outcome: int, partial: Any) -> Stopped:
    """The exception for a search that stopped with `outcome`."""
    o = Outcome(outcome)
    if o == Outcome.CANCELLED:
        return Cancelled(o, partial)
    if o in (Outcome.SOLUTION_LIMIT, Outcome.NODE_LIMIT, Outcome.UPDATE_LIMIT, Outcome.TIME_LIMIT):
        return LimitReached(o, partial)
    return Stopped(o, partial)
