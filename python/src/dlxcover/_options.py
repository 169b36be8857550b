"""The options of a search, typed once: :class:`Solver` takes them as
keywords, and every shortcut (``Matrix.count``, ``Matrix.first``,
``distributed.plan``, ...) passes them on, typed by the dictionaries here
(PEP 692: a type checker reads ``**options: Unpack[SolverOptions]`` as
these keywords and no others)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Optional, Sequence, Union

try:  # Python 3.8+ has both; TypedDict with total=False since 3.8
    from typing import Literal, TypedDict
except ImportError:  # pragma: no cover
    from typing_extensions import Literal, TypedDict  # type: ignore

if TYPE_CHECKING:  # pragma: no cover
    import sys

    from ._solver import Progress

    # Unpack[SolverOptions] types `**options` (PEP 692); the shortcuts
    # import it from here.
    if sys.version_info >= (3, 11):
        from typing import Unpack as Unpack
    else:
        from typing_extensions import Unpack as Unpack

#: What a search optimises: "min" or "max" total row cost, "fewest" rows;
#: "all" (the default) enumerates every solution.
Objective = Literal["all", "min", "max", "fewest"]

#: The C value (dlx_objective) of each objective; None is "all".
OBJECTIVES = {None: 0, "all": 0, "min": 1, "max": 2, "fewest": 3}
#: The engine: "auto" picks by the rule of ``dlx_engine`` in ``dlx.h``.
Engine = Literal["auto", "exact", "general", "small", "cells"]
#: The memoized count's column choice.
MemoOrder = Literal["fewest", "first"]
#: When the memoized count looks for independent parts (``dlx_memo_parts``).
MemoParts = Literal["auto", "never", "always"]


class SearchOptions(TypedDict, total=False):
    """Every option of a search but the objective (all optional, keyword only).

    - ``seed``: a random but reproducible order of rows and columns.
    - ``forced`` / ``excluded``: rows every solution contains / none contains.
    - ``cost_limit``: with an objective, only solutions of cost at most
      this ("max": at least; "fewest": at most this many rows).
    - ``threads``: search threads (0: one per core; default 1).
    - ``nodes``, ``updates``, ``seconds``, ``solutions``: limits of each
      call; reaching one raises :class:`LimitReached`.
    - ``progress``: a callable given a :class:`Progress` every
      ``progress_interval`` seconds; returning True stops the search.
    - ``memo_order``, ``memo_parts`` and ``memo_memory`` (bytes): for the
      memoized count.
    - ``engine``: which engine searches (see :data:`Engine`).
    - ``weights``: True for dynamic weights in the choice of the column to
      branch on (dom/wdeg, see :meth:`Solver.set_weights`).
    - ``preprocess``: True to leave out the rows Knuth's DLX-PRE
      reductions find in no solution before searching (see
      :meth:`Solver.preprocess`); a number is its work limit.
    """

    seed: Optional[int]
    forced: Sequence[int]
    excluded: Sequence[int]
    cost_limit: Optional[int]
    threads: Optional[int]
    nodes: Optional[int]
    updates: Optional[int]
    seconds: Optional[float]
    solutions: Optional[int]
    progress: Optional[Callable[["Progress"], Any]]
    progress_interval: float
    memo_order: Optional[MemoOrder]
    memo_parts: Optional[MemoParts]
    memo_memory: Optional[int]
    engine: Engine
    weights: bool
    preprocess: Union[bool, int]


class SolverOptions(SearchOptions, total=False):
    """:class:`SearchOptions` and the objective: ``objective`` (see
    :data:`Objective`) with the ``k`` best solutions kept."""

    objective: Optional[Objective]
    k: int
