"""One search spread over a Dask cluster (``pip install dlxcover[distributed]``).

The matrix is cut into subproblems on the calling machine
(:meth:`Solver.split`: the nodes of the search tree a few levels down,
with the rows each forces and excludes); every solution lies below exactly
one of them. They are dealt round-robin into tasks, so that the large and
the small parts mix, and each task is solved on a worker from the matrix's
text in Knuth's format. The results are combined exactly: counts are
added (Python ints, so nothing overflows), the best solutions of the parts
are merged. A task whose worker dies is run again by Dask; every task's
result depends only on its input, so a task run twice is counted once.

    from dask.distributed import Client, LocalCluster
    import dlxcover, dlxcover.distributed as dd

    client = Client(LocalCluster(n_workers=4))
    m = dlxcover.Matrix.read("pentominoes.dlx")
    print(dd.count(m, client))

Any Dask cluster works the same way: ``Client("tcp://scheduler:8786")``,
or a batch system through dask-jobqueue (``SLURMCluster``, ``PBSCluster``).
"""

from __future__ import annotations

import hashlib
import os
from typing import TYPE_CHECKING, Any, Dict, List, Literal, Optional, Sequence, Tuple

from ._errors import Unsupported
from ._matrix import Matrix
from ._solver import Best, Solver, Subproblem

if TYPE_CHECKING:  # pragma: no cover
    from ._options import SolverOptions, Unpack

__all__ = ["count", "solve_to_files", "best", "plan"]

# Matrices a worker process has parsed, by the hash of their text.
_PARSED: Dict[str, Matrix] = {}


def _matrix(text: str) -> Matrix:
    key = hashlib.sha256(text.encode()).hexdigest()
    m = _PARSED.get(key)
    if m is None:
        if len(_PARSED) >= 4:
            _PARSED.clear()
        m = _PARSED[key] = Matrix.parse(text)
    return m


def _text(matrix: Matrix) -> str:
    """The matrix as the workers will read it; refuses what Knuth's format
    cannot carry (no primary column)."""
    text = matrix.write()
    try:
        again = Matrix.parse(text)
    except Exception as e:
        raise Unsupported(13, f"this matrix cannot be sent as Knuth's text ({e})") from None
    if again.rows != matrix.rows or again.columns != matrix.columns:
        raise Unsupported(13, "this matrix does not survive Knuth's text")
    return text


def plan(matrix: Matrix, parts: int, **options: Unpack[SolverOptions]) -> List[Subproblem]:
    """The subproblems of the first depth with at least ``parts`` of them;
    ``options`` as :class:`dlxcover.SolverOptions` (a seed, forced rows, ...)."""
    with Solver(matrix, **options) as s:
        return s.split(parts=parts)


def _deal(subproblems: List[Subproblem], tasks: int) -> List[List[Tuple[List[int], List[int]]]]:
    tasks = max(1, min(tasks, len(subproblems)))
    return [[(list(p.forced), list(p.excluded)) for p in subproblems[i::tasks]] for i in range(tasks)]


# -- what a worker runs -------------------------------------------------------

def _count_task(text: str, parts: Sequence[Tuple[List[int], List[int]]], method: str) -> int:
    m = _matrix(text)
    total = 0
    with Solver(m) as s:
        for forced, excluded in parts:
            s.set_subproblem(forced, excluded)
            total += s.count_memo() if method == "memo" else s.count()
    return total


def _files_task(text: str, parts: Sequence[Tuple[List[int], List[int]]], path: str) -> int:
    m = _matrix(text)
    total = 0
    partial = f"{path}.{os.getpid()}.part"
    with open(partial, "w") as f, Solver(m) as s:
        for forced, excluded in parts:
            s.set_subproblem(forced, excluded)
            for sol in s.solutions():
                f.write(" ".join(map(str, sol)) + "\n")
                total += 1
    # Whole or not at all: a task run again replaces the file.
    os.replace(partial, path)
    return total


def _best_task(text: str, parts: Sequence[Tuple[List[int], List[int]]], objective: str, k: int) -> List[Best]:
    m = _matrix(text)
    found: List[Best] = []
    with Solver(m, objective=objective, k=k) as s:
        for forced, excluded in parts:
            s.set_subproblem(forced, excluded)
            found = _merge(found + s.best(), objective, k)
    return found


def _merge(found: List[Best], objective: str, k: int) -> List[Best]:
    return sorted(found, key=lambda b: -b.cost if objective == "max" else b.cost)[:k]


# -- the driver ----------------------------------------------------------------

def _client(client: Any) -> Any:
    if client is not None:
        return client
    from dask.distributed import get_client

    try:
        return get_client()
    except ValueError:
        raise ValueError("no Dask client: pass one, e.g. Client(LocalCluster()) from dask.distributed") from None


def _run(matrix: Matrix, client: Any, parts: Optional[int], progress: bool, retries: int, name: str,
         task: Any, *extra: Any, options: Optional[Dict[str, Any]] = None) -> List[Any]:
    client = _client(client)
    threads = max(1, sum(client.nthreads().values()))
    target = parts if parts is not None else max(64, 16 * threads)
    text = _text(matrix)
    subproblems = plan(matrix, target, **(options or {}))
    chunks = _deal(subproblems, target)
    tag = hashlib.sha256(text.encode()).hexdigest()[:12]
    futures = [client.submit(task, text, chunk, *(e(i) if callable(e) else e for e in extra),
                             key=f"dlxcover-{name}-{tag}-{i}-of-{len(chunks)}", retries=retries, pure=False)
               for i, chunk in enumerate(chunks)]
    if progress:
        from dask.distributed import progress as bar

        bar(futures, notebook=False)
    return client.gather(futures)


def count(matrix: Matrix, client: Any = None, *, parts: Optional[int] = None,
          method: Literal["search", "memo"] = "search",
          progress: bool = False, retries: int = 3) -> int:
    """The number of solutions of ``matrix``, counted on a Dask cluster.

    ``parts`` is the least number of subproblems (default 16 per worker
    thread, at least 64); ``method`` "search" enumerates each part,
    "memo" counts it by the memoized count; ``progress`` shows Dask's
    progress bar; ``retries`` how often a failed task is tried again."""
    if method not in ("search", "memo"):
        raise ValueError(f"method {method!r}: expected 'search' or 'memo'")
    return sum(_run(matrix, client, parts, progress, retries, "count", _count_task, method))


def solve_to_files(matrix: Matrix, directory: str, client: Any = None, *, parts: Optional[int] = None,
                   progress: bool = False, retries: int = 3) -> int:
    """Writes every solution, one line of row ids each, into files
    ``part-NNNNN.txt`` of ``directory`` (which the workers must be able to
    write: a shared file system); returns the number written. Each file is
    written whole and then renamed into place, so a task run again leaves
    no half or doubled file."""
    os.makedirs(directory, exist_ok=True)
    return sum(_run(matrix, client, parts, progress, retries, "files", _files_task,
                    lambda i: os.path.join(os.path.abspath(directory), f"part-{i:05d}.txt")))


def best(matrix: Matrix, client: Any = None, *, objective: Literal["min", "max", "fewest"] = "min", k: int = 1, parts: Optional[int] = None,
         progress: bool = False, retries: int = 3) -> List[Best]:
    """The ``k`` best solutions under ``objective`` ("min", "max",
    "fewest"), each part's best found on the cluster and merged."""
    if objective not in ("min", "max", "fewest"):
        raise ValueError(f"objective {objective!r}: expected 'min', 'max' or 'fewest'")
    found = _run(matrix, client, parts, progress, retries, "best", _best_task, objective, k)
    return _merge([b for part in found for b in part], objective, k)
