"""dlxcover: exact cover by Knuth's dancing links, over the dlx C library.

Build a :class:`Matrix` (from rows, named items, a numpy array, a
scipy.sparse matrix, or Knuth's text format), then ask it for its
solutions, its count, its first or best solutions, or make a
:class:`Solver` for limits, seeds, forced rows, subproblems, progress and
threads. :func:`queens`, :func:`langford`, :class:`Polyomino` and
:class:`Sudoku` build the matrices of common problems.
``dlxcover.distributed`` spreads one count over a Dask cluster.
"""

from ._errors import Cancelled, CheckpointError, Error, InputError, LimitReached, Outcome, ParseError, Stopped, Unsupported
from ._matrix import Matrix
from ._build import Built, Polyomino, Sudoku, langford, queens
from ._native import lib as _lib
from ._options import Engine, MemoOrder, MemoParts, Objective, SearchOptions, SolverOptions
from ._solver import BatchResult, Best, Progress, Solver, Subproblem, Uniqueness
from ._pre import PreStats, Preprocessed
from ._zdd import Zdd

__all__ = [
    "Matrix", "Solver", "Outcome", "Progress", "Best", "Subproblem", "Uniqueness", "Error", "InputError", "ParseError",
    "Unsupported", "Stopped", "LimitReached", "Cancelled", "library_version", "SolverOptions", "SearchOptions",
    "Objective", "Engine", "MemoOrder", "MemoParts", "Zdd", "PreStats", "Preprocessed", "CheckpointError", "BatchResult",
    "Built", "Polyomino", "Sudoku", "queens", "langford",
]

__version__ = "0.1.0"


def library_version() -> str:
    """The version of the dlx library loaded."""
    return _lib.dlx_version().decode()
