"""One search over a matrix: solutions, counts, the best solutions, samples
and subproblems, with limits, seeds, forced rows, progress and cancel."""

from __future__ import annotations

import ctypes
import signal
import threading
from ctypes import POINTER, byref, c_double, c_int, c_int64, c_size_t, c_uint32, c_uint64, c_void_p
from typing import Any, Callable, Dict, Iterator, List, NamedTuple, Optional, Sequence, Union

from . import _native as n
from ._args import MOST, WrongKind, index, indices, integer, signed
from ._errors import InputError, Outcome, check, stopped
from ._matrix import Matrix, _size_array
from ._options import OBJECTIVES, Engine, MemoOrder, MemoParts, Objective
from ._pre import PreStats
from ._zdd import Zdd

# How often a search on the main thread looks for Ctrl-C (seconds).
SIGNAL_INTERVAL = 0.05

_MEMO_ORDERS = {"fewest": 0, "first": 1}
_MEMO_PARTS = {"auto": 0, "never": 1, "always": 2}
_ENGINES = {"auto": 0, "exact": 1, "general": 2, "small": 3, "cells": 4}
_COUNTERS = {
    "nodes": 0, "updates": 1, "solutions": 2, "steals": 3, "idle_ns": 4, "memo_nodes": 5,
    "memo_entries": 6, "memo_hits": 7, "memo_misses": 8, "memo_dropped": 9, "memo_bytes": 10,
}


class Progress(NamedTuple):
    """What a progress callback is told."""

    nodes: int
    updates: int
    solutions: int
    estimate: float  # the fraction of the tree walked, 0 to 1
    seconds: float  # since the current call began
    depth: int
    # With an objective: the best cost so far (None before the first
    # solution) and a bound no solution beats (as Solver.best_bound).
    best: Optional[int] = None
    bound: Optional[int] = None

    @property
    def gap(self) -> Optional[float]:
        """How far apart the best cost and the bound are, over the best
        cost (0.01: 1%; 0 once the best is proven); None without both."""
        if self.best is None or self.bound is None:
            return None
        return abs(self.best - self.bound) / max(abs(self.best), 1)


class Best(NamedTuple):
    """One of the best solutions: its rows and its cost."""

    rows: List[int]
    cost: int


class BatchResult(NamedTuple):
    """One item's result of :meth:`Solver.solve_batch`: the solutions found
    (at most ``most``) and the first one's rows (None when there is none);
    with an objective, ``count`` 1, the best solution's rows in ``first``
    and its cost in ``cost`` (``count`` 0 when the item has no solution);
    for an item that could not be searched (rows out of range, or
    conflicting), ``count`` is None and ``error`` the exception."""

    count: Optional[int]
    first: Optional[List[int]]
    error: Optional[Exception] = None
    cost: Optional[int] = None


class Subproblem(NamedTuple):
    """A part of a search: the rows to force and the rows to exclude."""

    forced: List[int]
    excluded: List[int]


def _rows(rows: Any, name: str) -> "ctypes.Array[c_size_t]":
    return _size_array(indices(rows, name, n.ERR_ROW_RANGE))


class Solver(n.Handle):
    """One search over a :class:`Matrix` (which it copies: the matrix may
    change or go afterwards).

    Options (all keyword): ``seed`` (a random but reproducible order),
    ``forced`` and ``excluded`` (rows every solution contains / none
    contains), ``objective`` ("min", "max", "fewest") with ``k`` best kept
    and ``cost_limit``, ``threads`` (0: one per core), limits per call
    (``nodes``, ``updates``, ``seconds``, ``solutions``), ``progress`` (a
    callable given a :class:`Progress` every ``progress_interval`` seconds;
    returning True stops the search), ``memo_order`` ("fewest"/"first"),
    ``memo_parts`` ("auto"/"never"/"always": when the memo looks for
    independent parts, whose counts multiply) and ``memo_memory`` (bytes)
    for :meth:`count_memo`, and ``engine``
    ("auto", the default: "small", bit sets, for small matrices, plain
    or with bounds or colors (the rule: ``dlx_engine`` in the C header
    ``dlx.h``); else "cells", dancing cells, with colors, "general",
    Algorithm M, with bounds, and
    "exact", Knuth's DLX1, for exact cover; or any by name: "exact"
    refuses bounds and colors; "cells", dancing cells, takes bounds and
    colors on any size; an objective moves "small" and "cells" to
    "exact", or to "general" with bounds or colors).

    A call that does not reach the end of its search raises
    :class:`Stopped` (:class:`LimitReached`, :class:`Cancelled`) carrying
    what it found; calling again goes on from there. The GIL is released
    while the library searches; on the main thread Ctrl-C stops a search
    within about 50 ms and raises KeyboardInterrupt, and an exception from a
    callback stops it and is raised by the call.
    """

    _free = "dlx_solver_free"
    _kind = "solver"

    def __init__(self, matrix: Matrix, *, seed: Optional[int] = None, forced: Sequence[int] = (),
                 excluded: Sequence[int] = (), objective: Optional[Objective] = None, k: int = 1,
                 cost_limit: Optional[int] = None, threads: Optional[int] = None,
                 nodes: Optional[int] = None, updates: Optional[int] = None, seconds: Optional[float] = None,
                 solutions: Optional[int] = None, progress: Optional[Callable[[Progress], Any]] = None,
                 progress_interval: float = 1.0, memo_order: Optional[MemoOrder] = None, memo_parts: Optional[MemoParts] = None,
                 memo_memory: Optional[int] = None, engine: Engine = "auto", weights: bool = False,
                 preprocess: Union[bool, int] = False) -> None:
        self._handle: Optional[int] = None
        self._objective = 0
        # Whether next() has taken solutions since the search (re)started.
        self._taken = False
        self._limited = False
        h = c_void_p()
        if engine not in _ENGINES:
            raise InputError(n.ERR_UNKNOWN_VALUE, f"engine {engine!r}: expected one of {list(_ENGINES)}", whole=True)
        check(n.lib.dlx_solver_new_with_engine(matrix._h, _ENGINES[engine], byref(h)), f"engine={engine}")
        self._handle = h.value
        self._progress = progress
        self._interval = progress_interval
        # The interval (ms) the progress callback is registered with; 0 for
        # none, None before the first call.
        self._registered: Optional[int] = None
        self._pending: Optional[BaseException] = None
        self._last_report = 0.0
        self._interrupted: Optional[tuple] = None
        self._trampoline = n.PROGRESS_FN(self._guard(self._on_progress))
        if threads is not None:
            threads = index(threads, "threads")
            check(n.lib.dlx_solver_set_threads(self._h, threads), f"threads={threads}")
        if objective is not None:
            self.set_objective(objective, k)
        if cost_limit is not None:
            self.set_cost_limit(cost_limit)
        if seed is not None:
            self.set_seed(seed)
        if forced or excluded:
            self.set_subproblem(forced, excluded)
        self.set_limits(nodes=nodes, updates=updates, seconds=seconds, solutions=solutions)
        if memo_order is not None:
            if memo_order not in _MEMO_ORDERS:
                raise InputError(n.ERR_UNKNOWN_VALUE, f"memo_order {memo_order!r}: expected one of {list(_MEMO_ORDERS)}", whole=True)
            check(n.lib.dlx_solver_set_memo_order(self._h, _MEMO_ORDERS[memo_order]), "memo_order")
        if memo_parts is not None:
            if memo_parts not in _MEMO_PARTS:
                raise InputError(n.ERR_UNKNOWN_VALUE, f"memo_parts {memo_parts!r}: expected one of {list(_MEMO_PARTS)}", whole=True)
            check(n.lib.dlx_solver_set_memo_parts(self._h, _MEMO_PARTS[memo_parts]), "memo_parts")
        if memo_memory is not None:
            memo_memory = index(memo_memory, "memo_memory")
            check(n.lib.dlx_solver_set_memo_memory(self._h, memo_memory), "memo_memory")
        if weights:
            self.set_weights(True)
        if preprocess is not False:
            self.preprocess(None if preprocess is True else preprocess)

    # -- settings -------------------------------------------------------------

    def set_limits(self, *, nodes: Optional[int] = None, updates: Optional[int] = None,
                   seconds: Optional[float] = None, solutions: Optional[int] = None) -> None:
        """Sets the limits of every later call (None: no limit)."""
        self._limited = any(v is not None for v in (nodes, updates, seconds, solutions))
        if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not seconds > 0):
            raise InputError(n.ERR_INVALID_ARGUMENT, f"seconds: expected a positive number, not {seconds!r}", whole=True)
        # Milliseconds, at least 1; beyond 64 bits (inf too) no limit is nearer.
        ms = None if seconds is None else MOST if seconds * 1000 >= MOST else max(1, round(seconds * 1000))
        for which, name, value in ((n.LIMIT_NODES, "nodes", nodes), (n.LIMIT_UPDATES, "updates", updates),
                                   (n.LIMIT_SOLUTIONS, "solutions", solutions), (n.LIMIT_MILLISECONDS, "seconds", ms)):
            if value is not None:
                value = index(value, name, lowest=1)
            check(n.lib.dlx_solver_set_limit(self._h, which, value or 0), "limit")

    def set_seed(self, seed: Optional[int]) -> None:
        """Randomises the order with ``seed`` (None: the ordinary order) and
        starts again."""
        if seed is None:
            check(n.lib.dlx_solver_clear_seed(self._h))
        else:
            check(n.lib.dlx_solver_set_seed(self._h, integer(seed, "seed") % 2**64), "seed")

    def set_cost_limit(self, limit: Optional[int]) -> None:
        """With an objective, lets only solutions of cost at most ``limit``
        (at least, for "max") count, or every one with None, and starts
        again. See ``dlx_solver_set_cost_limit``."""
        if limit is None:
            check(n.lib.dlx_solver_clear_cost_limit(self._h), "cost_limit")
        else:
            check(n.lib.dlx_solver_set_cost_limit(self._h, signed(limit, "cost_limit")), "cost_limit")

    def set_subproblem(self, forced: Sequence[int] = (), excluded: Sequence[int] = ()) -> None:
        """Forces and excludes rows (replacing earlier ones) and starts
        again."""
        f, x = _rows(forced, "forced"), _rows(excluded, "excluded")
        both = sorted(set(f[: len(f)]) & set(x[: len(x)]))
        if both:
            raise InputError(n.ERR_CONFLICT, f"row {both[0]} is both forced and excluded", whole=True)
        check(n.lib.dlx_solver_set_subproblem(self._h, f, len(f), x, len(x)), "forced/excluded rows")

    def set_objective(self, objective: Optional[str], k: int = 1) -> None:
        """Sets the objective ("min", "max", "fewest", or None for all
        solutions) keeping the ``k`` best, and starts again."""
        if objective not in OBJECTIVES:
            raise InputError(n.ERR_UNKNOWN_VALUE, f"objective {objective!r}: expected one of min, max, fewest", whole=True)
        k = index(k, "k", lowest=1)
        check(n.lib.dlx_solver_set_objective(self._h, OBJECTIVES[objective], k), "objective")
        self._objective = OBJECTIVES[objective]

    def set_weights(self, on: bool = True) -> None:
        """Dynamic weights for the choice of the column to branch on: a
        column found with no row left gains weight, and among columns of
        two rows or more the least rows over weight goes first (dom/wdeg,
        as Knuth's SSXCC-WTD). The same solutions and counts, another tree.
        Starts again. See ``dlx_solver_set_weights``."""
        check(n.lib.dlx_solver_set_weights(self._h, 1 if on else 0), "weights")
        self._taken = False

    def solve_batch(self, items: Sequence[Any], most: int = 1) -> List["BatchResult"]:
        """Searches each item, a list of rows to force or a pair (forced,
        excluded), for up to ``most`` solutions, keeping its first, on the
        solver's threads, the GIL released; the results in the items'
        order (:class:`BatchResult`). For many small problems of one
        matrix, such as sudoku puzzles as clues forced on the matrix of
        every sudoku. With an objective, each item's branch and bound runs
        to its end instead and its result holds its best solution and that
        one's cost (forced rows included); ``most`` is not used. The
        solver's own search does not move; its limits do not apply. See
        ``dlx_solver_solve_batch`` and ``dlx_solver_solve_batch_best``."""
        from ._errors import raise_status

        most = index(most, "most", lowest=1)
        if isinstance(items, (str, bytes)) or not hasattr(items, "__len__") or not hasattr(items, "__getitem__"):
            raise WrongKind(n.ERR_INVALID_ARGUMENT, f"solve_batch: items: expected a list of items (each a list of rows to force "
                            f"or a pair (forced, excluded)), not {type(items).__name__}", whole=True)
        arrays, c_items = [], (n.BatchItem * len(items))()
        for i, item in enumerate(items):
            forced, excluded = (item[0], item[1]) if isinstance(item, tuple) else (item, ())
            f, x = _rows(forced, f"items[{i}] forced"), _rows(excluded, f"items[{i}] excluded")
            arrays.append((f, x))
            c_items[i] = n.BatchItem(ctypes.cast(f, POINTER(c_size_t)), len(f), ctypes.cast(x, POINTER(c_size_t)), len(x))
        out: List[BatchResult] = []

        def failed(status: int, index: int) -> BatchResult:
            try:
                raise_status(status, f"batch item {index}")
            except Exception as e:
                return BatchResult(None, None, e)

        def take(user: Any, index: int, status: int, count: int, rows: Any, k: int) -> bool:
            out.append(BatchResult(count, rows[:k] if count else None) if status == n.OK else failed(status, index))
            return False

        def take_best(user: Any, index: int, status: int, cost: int, rows: Any, k: int) -> bool:
            if status == n.SOLUTION:
                out.append(BatchResult(1, rows[:k], None, cost))
            else:
                out.append(BatchResult(0, None) if status == n.DONE else failed(status, index))
            return False

        if self._objective:
            best_callback = n.BATCH_BEST_FN(self._guard(take_best))
            status = n.lib.dlx_solver_solve_batch_best(self._h, c_items, len(items), best_callback, None)
        else:
            callback = n.BATCH_FN(self._guard(take))
            status = n.lib.dlx_solver_solve_batch(self._h, c_items, len(items), most, callback, None)
        if self._pending is not None:
            pending, self._pending = self._pending, None
            raise pending
        check(status, "solve_batch")
        return out

    def checkpoint(self) -> str:
        """What the search has left and has found so far, as the text of a
        checkpoint: :meth:`resume` on a solver of the same matrix (with the
        same objective) goes on from it, in this process or another. Take
        it between calls (after a call stopped by a limit, or at any time
        between calls); the search goes on unchanged. Write it to a file
        yourself (atomically: a temporary file, then ``os.replace``). See
        ``dlx_solver_checkpoint`` and ``docs/checkpoint.md``."""
        status, text = n.read_text(lambda buf, cap, length: n.lib.dlx_solver_checkpoint(self._h, buf, cap, length))
        check(status, "checkpoint")
        return text

    def resume(self, text: str) -> None:
        """Goes on from a checkpoint's text (:meth:`checkpoint`): the
        counters, the count and the best solutions start where it stopped,
        and later calls search only what it had left, so the totals are
        those of an uninterrupted run: ``count()`` then gives the whole
        run's total, ``count("plain")`` the solutions left. Call it after
        ``threads``,
        ``objective`` and the other settings that start the search again.
        Raises :class:`CheckpointError` for a text cut short, edited, or of
        another matrix or objective (the solver unchanged). See
        ``dlx_solver_resume``."""
        data = text.encode()
        check(n.lib.dlx_solver_resume(self._h, data, len(data)), "resume")
        self._taken = False

    def preprocess(self, work_limit: Optional[int] = None) -> "PreStats":
        """Leaves out of every later call the rows Knuth's DLX-PRE
        reductions (forcing and blocking, within about ``work_limit``
        entries read; None: the library's default) find in no solution.
        Nothing the caller sees changes: solutions, counts, costs and row
        ids stay this matrix's; a forced row it removed gives no solution.
        Starts again; returns what went. See ``dlx_solver_preprocess``."""
        from ._pre import stats_of, stats_struct, work_of

        st = stats_struct()
        check(n.lib.dlx_solver_preprocess(self._h, work_of(work_limit), byref(st)), "preprocess")
        self._taken = False
        return stats_of(st)

    def restart(self) -> None:
        """Starts the search again (forced rows, seed and options kept)."""
        check(n.lib.dlx_solver_restart(self._h))
        self._taken = False

    def cancel(self) -> None:
        """Stops the running search (from any thread): it raises
        :class:`Cancelled`. With no search running, the next one stops."""
        check(n.lib.dlx_solver_cancel(self._h))

    # -- the callback machinery ----------------------------------------------

    def _watch_signals(self) -> bool:
        return (threading.current_thread() is threading.main_thread()
                and signal.getsignal(signal.SIGINT) not in (signal.SIG_IGN, signal.SIG_DFL, None))

    def _guard(self, body: Callable[..., Any]) -> Callable[..., int]:
        """A callback for the library around `body`, which returns true to
        stop the search: it also stops it once Ctrl-C has come, and when
        `body` raises (KeyboardInterrupt included), keeping the exception
        for the caller (see `_ended`). Nothing raised crosses into C."""

        def call(*args: Any) -> int:
            try:
                return 1 if self._interrupted or body(*args) else 0
            except BaseException as e:
                self._pending = e
                return 1

        return call

    def _on_progress(self, user: Any, report: Any) -> bool:
        """The caller's progress callback, every `progress_interval`
        seconds; True (from it) stops the search."""
        if self._progress is None:
            return False
        p = report.contents
        if p.seconds - self._last_report < self._interval:
            return False
        self._last_report = p.seconds
        best = _int_or_none(n.lib.dlx_progress_best, report, n.ERR_NO_SOLUTION)
        bound = _int_or_none(n.lib.dlx_progress_bound, report, n.ERR_UNSUPPORTED)
        return self._progress(Progress(p.nodes, p.updates, p.solutions, p.estimate, p.seconds, p.depth, best, bound)) is True

    def _arm(self) -> bool:
        """Sets the progress callback a call needs: the caller's, and on the
        main thread a look for signals every SIGNAL_INTERVAL seconds."""
        watch = self._watch_signals()
        want = 0
        if self._progress is not None or watch:
            seconds = min(self._interval, SIGNAL_INTERVAL) if watch else self._interval
            want = max(1, round(seconds * 1000))
        if want != self._registered:
            callback = self._trampoline if want else ctypes.cast(None, n.PROGRESS_FN)
            check(n.lib.dlx_solver_set_progress(self._h, callback, None, want))
            self._registered = want
        self._pending, self._last_report, self._interrupted = None, 0.0, None
        return watch

    def _invoke(self, fn: Callable[..., int], *args: Any) -> int:
        """Calls the library with the progress callback armed. On the main
        thread, Ctrl-C is caught for the call's length: Python runs the
        handler when the next progress report enters Python, which then
        stops the search; after the call the handler that was there before
        (KeyboardInterrupt by default) is called."""
        if not self._arm():
            return fn(*args)

        def on_sigint(signum: int, frame: Any) -> None:
            self._interrupted = (signum, frame)

        previous = signal.signal(signal.SIGINT, on_sigint)
        try:
            status = fn(*args)
        finally:
            signal.signal(signal.SIGINT, previous)
        if self._interrupted is not None:
            self._pending = None
            if callable(previous):
                previous(*self._interrupted)
            else:
                raise KeyboardInterrupt
        return status

    def _ended(self, status: int, partial: Any, what: Optional[str] = None) -> None:
        """Raises what a call (named `what` in an error) that returned
        `status` must raise: the exception a callback raised, the error,
        or :class:`Stopped`."""
        pending, self._pending = self._pending, None
        if pending is not None:
            raise pending
        check(status, what)
        if status == n.STOPPED:
            raise stopped(self.outcome, partial)

    # -- searching ------------------------------------------------------------

    def next(self) -> Optional[List[int]]:
        """The next solution (its row ids: forced rows first), or None when
        there are no more."""
        rows, count = POINTER(c_size_t)(), c_size_t()
        self._taken = True
        status = self._invoke(n.lib.dlx_solver_next, self._h, byref(rows), byref(count))
        self._ended(status, None)
        if status == n.DONE:
            return None
        return rows[: count.value]

    def solutions(self) -> Iterator[List[int]]:
        """The remaining solutions, one list of row ids each."""
        while True:
            rows = self.next()
            if rows is None:
                return
            yield rows

    __iter__ = solutions

    def first(self) -> Optional[List[int]]:
        """The first solution from here, or None."""
        return self.next()

    def count(self, method: str = "auto") -> int:
        """The number of remaining solutions (a Python int, exact at any
        size). ``method``: ``"auto"`` (the default) lets the library pick
        the plain count or the memoized one as the count goes, whichever
        this problem favours (see ``auto_phase``); ``"plain"`` enumerates
        them (the counters are then Knuth's DLX1's); ``"memo"`` is
        ``count_memo()``. With limits (``set_limits``: a stopped plain count
        carries its partial count, and the next call counts the rest), an
        objective or a cost limit, or once ``next()`` has taken solutions,
        the automatic count is the plain one."""
        if method not in ("auto", "plain", "memo"):
            raise InputError(n.ERR_INVALID_ARGUMENT, "method is 'auto', 'plain' or 'memo', not %r" % (method,), whole=True)
        if method == "memo":
            return self.count_memo()
        if method == "auto" and not (self._taken or self._objective or self._limited):
            status, digits = self._digits(n.lib.dlx_solver_count_auto)
            if status != n.ERR_UNSUPPORTED:
                self._ended(status, None)
                return digits
        out = c_uint64()
        status = self._invoke(n.lib.dlx_solver_count, self._h, byref(out))
        self._ended(status, out.value)
        return out.value

    @property
    def auto_phase(self) -> str:
        """Which count ``count()`` ran (or runs): ``"plain"`` or
        ``"memo"`` once it has chosen, ``"alone"`` or ``"race"`` before."""
        v = c_uint32()
        check(n.lib.dlx_solver_auto_phase(self._h, byref(v)))
        return ("alone", "race", "plain", "memo")[v.value]

    def _digits(self, fn) -> tuple:
        """Calls a count that writes decimal digits: (status, the count or
        None)."""
        status, text = n.read_text(lambda buf, cap, length: self._invoke(fn, self._h, buf, cap, length))
        return status, int(text) if status == n.DONE else None

    def best(self) -> List[Best]:
        """Runs the search with its objective to the end and returns the
        ``k`` best solutions, best first. Needs an objective."""
        if not self._objective:
            raise InputError(n.ERR_INVALID_ARGUMENT, "best() needs an objective: Solver(m, objective='min', k=...)", whole=True)
        out = c_uint64()
        status = self._invoke(n.lib.dlx_solver_count, self._h, byref(out))
        if status == n.STOPPED and self._pending is None:
            raise stopped(self.outcome, self._best_so_far())
        self._ended(status, None)
        return self._best_so_far()

    @property
    def best_bound(self) -> Optional[int]:
        """A bound no solution beats, as the objective measures cost (none
        costs less; more for ``objective='max'``): near the linear
        relaxation's optimum (computed when first asked: a few hundred
        passes over the matrix), the best cost once the search is complete. The
        optimum lies between it and the best so far. ``None`` without an
        objective, and with colors or multiplicities."""
        return _int_or_none(n.lib.dlx_solver_best_bound, self._h, n.ERR_UNSUPPORTED)


    def _best_so_far(self) -> List[Best]:
        found = []
        for i in range(n.lib.dlx_solver_best_count(self._h)):
            rows, count, cost = POINTER(c_size_t)(), c_size_t(), c_int64()
            check(n.lib.dlx_solver_best(self._h, i, byref(rows), byref(count), byref(cost)))
            found.append(Best(rows[: count.value], cost.value))
        return found

    def count_memo(self) -> int:
        """The number of solutions by the memoized count: exact at any
        size (a Python int)."""
        status, digits = self._digits(n.lib.dlx_solver_count_memo)
        self._ended(status, None, "count_memo")
        return digits

    def count_orbits(self, method: str = "auto") -> int:
        """The number of solutions up to the matrix's symmetries
        (:meth:`Matrix.add_symmetry`): classes of solutions the group they
        generate maps to one another, exact at any size (a Python int), by
        Burnside's lemma over each element's fixed solutions, each counted
        by ``method`` (``"auto"``, ``"plain"`` or ``"memo"``). Not with
        forced or excluded rows, an objective or a cost limit. See
        docs/symmetry.md."""
        status, digits = self._digits(lambda h, buf, cap, length: n.lib.dlx_solver_count_orbits(h, _method(method), buf, cap, length))
        self._ended(status, None, "count_orbits")
        return digits

    def orbit_fixed(self, method: str = "auto") -> List[int]:
        """Per element of the symmetries' group (the identity first, which
        fixes every solution), the number of solutions it maps to
        themselves; their mean is :meth:`count_orbits`."""
        order = c_size_t()
        status = self._invoke(n.lib.dlx_solver_orbit_fixed, self._h, _method(method), c_size_t(-1).value,
                              byref(order), None, 0, None)
        self._ended(status, None, "count_orbits")
        fixed = []
        for i in range(order.value):
            status, text = n.read_text(lambda buf, cap, length: self._invoke(n.lib.dlx_solver_orbit_fixed, self._h, _method(method), i, None, buf, cap, length))
            self._ended(status, None, "count_orbits")
            fixed.append(int(text))
        return fixed

    def orbit_solutions(self) -> List[List[int]]:
        """One solution of each orbit (:meth:`count_orbits`): the one whose
        sorted row ids come first, in the order the search meets them. It
        runs the whole search."""
        found: List[List[int]] = []
        take = n.SOLUTION_FN(self._guard(lambda user, rows, k: found.append(rows[:k])))
        status = self._invoke(n.lib.dlx_solver_run_orbits, self._h, take, None, None)
        self._ended(status, found, "count_orbits")
        return found

    def uniqueness(self) -> "Uniqueness":
        """Whether the problem (with the forced rows, without the excluded
        ones) has no solution, exactly one or several: the search starts
        again and stops at the second solution. Returns
        ``Uniqueness(verdict, solutions)``: ``"none"`` and ``[]``,
        ``"unique"`` and the solution, or ``"several"`` and the first two.
        Not with an objective or a cost limit."""
        met: List[List[int]] = []
        take = n.SOLUTION_FN(self._guard(lambda user, rows, k: met.append(rows[:k])))
        verdict = c_uint32()
        status = self._invoke(n.lib.dlx_solver_is_unique, self._h, byref(verdict), take, None)
        self._ended(status, None, "uniqueness")
        return Uniqueness(("none", "unique", "several")[verdict.value], met)

    def zdd(self) -> Zdd:
        """Every solution (with the forced rows, without the excluded ones)
        as a decision diagram (:class:`Zdd`), built by the memoized count's
        walk under ``memo_order`` within ``memo_memory``; runs to the end
        (limits do not apply)."""
        h = c_void_p()
        check(n.lib.dlx_solver_zdd(self._h, byref(h)), "zdd")
        return Zdd(h.value)

    def sample(self, count: int, seed: int = 0) -> List[List[int]]:
        """``count`` solutions drawn uniformly and independently at random
        (after the memoized count); the same seed gives the same draws."""
        drawn: List[List[int]] = []
        count = index(count, "count")

        take = n.SOLUTION_FN(self._guard(lambda user, rows, k: drawn.append(rows[:k])))
        status = self._invoke(n.lib.dlx_solver_sample, self._h, integer(seed, "seed") % 2**64, count, take, None, None)
        self._ended(status, drawn, "sample")
        return drawn

    def split(self, depth: Optional[int] = None, parts: Optional[int] = None) -> List[Subproblem]:
        """Cuts the search into subproblems: the nodes ``depth`` levels down
        (or the first depth with at least ``parts`` of them). Every solution
        lies below exactly one; solving each (``Solver(m, forced=...,
        excluded=...)``) and adding the counts gives the whole count."""
        if (depth is None) == (parts is None):
            raise InputError(n.ERR_INVALID_ARGUMENT, "give depth or parts", whole=True)
        if parts is not None:
            parts = index(parts, "parts")
            d = c_size_t()
            check(n.lib.dlx_solver_split_depth(self._h, max(1, parts), byref(d)), "split_depth")
            depth = d.value
        else:
            depth = index(depth, "depth")
        found: List[Subproblem] = []

        take = n.SUBPROBLEM_FN(self._guard(lambda user, rows, k, x, nx: found.append(Subproblem(rows[:k], x[:nx]))))
        status = self._invoke(n.lib.dlx_solver_split, self._h, depth, take, None, None, None)
        self._ended(status, found, "split")
        return found

    # -- reading ---------------------------------------------------------------

    def __repr__(self) -> str:
        if self._handle is None:
            return "<dlxcover.Solver closed>"
        c = self.counters
        return (f"<dlxcover.Solver engine={self.engine} threads={self.threads} outcome={self.outcome} "
                f"solutions={c['solutions']} nodes={c['nodes']}>")

    @property
    def outcome(self) -> Outcome:
        """How the last call ended."""
        out = c_uint32()
        check(n.lib.dlx_solver_outcome(self._h, byref(out)))
        return Outcome(out.value)

    @property
    def counters(self) -> Dict[str, int]:
        """The search's counters (nodes, updates, solutions, and those of
        threads and of the memoized count)."""
        result = {}
        for name, which in _COUNTERS.items():
            v = c_uint64()
            check(n.lib.dlx_solver_counter(self._h, which, byref(v)))
            result[name] = v.value
        return result

    @property
    def estimate(self) -> float:
        """The estimated fraction of the search tree walked, 0 to 1."""
        v = c_double()
        check(n.lib.dlx_solver_estimate(self._h, byref(v)))
        return v.value

    @property
    def engine(self) -> str:
        """The engine the solver runs: "exact", "small", "general" or
        "cells" (a solver on "small" or "cells" runs "exact", or "general"
        with bounds or colors, once given an objective)."""
        v = c_uint32()
        check(n.lib.dlx_solver_engine(self._h, byref(v)))
        return {code: name for name, code in _ENGINES.items()}[v.value]

    @property
    def threads(self) -> int:
        v = c_size_t()
        check(n.lib.dlx_solver_threads(self._h, byref(v)))
        return v.value

    @property
    def cost(self) -> Optional[int]:
        """The cost of the last solution found, or None."""
        return _int_or_none(n.lib.dlx_solver_cost, self._h, n.ERR_NO_SOLUTION)


def _int_or_none(fn: Callable[..., int], first: Any, absent: int) -> Optional[int]:
    """Calls ``fn(first, &value)``: the value, or None when it returns the
    status ``absent``."""
    v = c_int64()
    status = fn(first, byref(v))
    if status == absent:
        return None
    check(status)
    return v.value


class Uniqueness(NamedTuple):
    """What :meth:`Solver.uniqueness` found: ``verdict`` is ``"none"``,
    ``"unique"`` or ``"several"``, ``solutions`` the solutions met (none,
    the one, or the first two)."""
    verdict: str
    solutions: List[List[int]]


def _method(method: str) -> int:
    """A count method's ``dlx_count_method`` value."""
    try:
        return ("auto", "plain", "memo").index(method)
    except ValueError:
        raise InputError(n.ERR_INVALID_ARGUMENT, "method is 'auto', 'plain' or 'memo', not %r" % (method,), whole=True) from None
