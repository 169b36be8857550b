"""One search spread over a Dask cluster (``pip install dlxcover[distributed]``).

The matrix's text in Knuth's format goes to every worker once (scattered,
not sent with each task). The search is cut into *pieces* on the calling
machine (:meth:`Solver.split`: the nodes of the tree a few levels down,
each rows to force and rows to exclude; every solution lies below exactly
one), at least 30 per worker thread by default, dealt round-robin into
tasks so that large and small pieces mix.

A task searches its pieces for at most ``budget`` nodes. A task that runs
out hands back what it has left (the pieces of its search's checkpoint,
see ``docs/checkpoint.md``), and the client deals those into new tasks at
once: so a piece that turns out huge is split again while it runs, and no
single piece holds the run back (*budgeted re-splitting*). The budget is in
nodes, not seconds, so a task's result depends only on its input, and a
task whose worker dies is run again by Dask with the same result.

Counts are added exactly (Python ints). For :func:`best`, each task
publishes the k-th best cost it has found in a Dask ``Variable``, and every
task reads it before each piece and searches with that cost limit, so a
good solution found on one worker prunes the others.

    from dask.distributed import Client, LocalCluster
    import dlxcover, dlxcover.distributed as dd

    client = Client(LocalCluster(n_workers=4))
    m = dlxcover.Matrix.read("pentominoes.dlx")
    print(dd.count(m, client))

Any Dask cluster works the same way: ``Client("tcp://scheduler:8786")``,
a batch system through dask-jobqueue (``SLURMCluster``, ``PBSCluster``),
or Kubernetes (dask-kubernetes); see ``docs/threads.md``.
"""

from __future__ import annotations

import hashlib
import itertools
import os
import sys
import uuid
from typing import TYPE_CHECKING, Any, Dict, List, Literal, Optional, Sequence, Tuple

from ._args import keywords
from ._errors import LimitReached, Unsupported
from ._matrix import Matrix
from ._options import SolverOptions
from ._solver import Best, Solver, Subproblem

if TYPE_CHECKING:  # pragma: no cover
    from ._options import Unpack

__all__ = ["count", "solve_to_files", "best", "plan", "read_checkpoint", "DEFAULT_BUDGET", "PARTS_PER_THREAD"]

#: Nodes a task searches before it hands back what it has left (about a
#: second on a core of today).
DEFAULT_BUDGET = 2_000_000

#: Pieces planned per worker thread by default: Regin et al.'s
#: Embarrassingly Parallel Search (JAIR 2016) found 30 or more per worker
#: needed for balance on uneven trees.
PARTS_PER_THREAD = 30

#: Rows to force and rows to exclude.
Piece = Tuple[List[int], List[int]]

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
    text = matrix.to_text()
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
    keywords("distributed.plan", options, SolverOptions)
    with Solver(matrix, **options) as s:
        return s.split(parts=parts)


def _deal(pieces: Sequence[Piece], tasks: int) -> List[List[Piece]]:
    tasks = max(1, min(tasks, len(pieces)))
    return [list(pieces[i::tasks]) for i in range(tasks)]


def read_checkpoint(text: str) -> Tuple[int, List[Piece], List[Best], List[List[int]]]:
    """The count, the pieces, the best solutions and the solutions found
    but not handed out of a checkpoint's text (``Solver.checkpoint``; the
    format: ``docs/checkpoint.md``), to spread its pieces over a cluster.
    Check it against its matrix first with ``Solver.resume`` (this reads
    the lines, it does not check the checksums)."""
    solutions, pieces, found, pending = 0, [], [], []

    def rows(field: str) -> List[int]:
        return [int(w) for w in field.split()]

    lines = text.splitlines()
    if not lines or lines[0] != "dlx-checkpoint 1" or not lines[-1].startswith("end "):
        raise ValueError("not a checkpoint of version 1")
    for line in lines[1:-1]:
        kind, _, rest = line.partition(" ")
        if kind == "solutions":
            solutions = int(rest)
        elif kind == "piece":
            _, forced, excluded = rest.split(" :")
            pieces.append((rows(forced), rows(excluded)))
        elif kind == "best":
            cost, listed = rest.split(" :")
            found.append(Best(rows(listed), int(cost)))
        elif kind == "pending":
            pending.append(rows(rest[1:]))
    return solutions, pieces, found, pending


# -- what a worker runs -------------------------------------------------------

def _better(objective: str, a: int, b: int) -> bool:
    """Whether cost ``a`` is better than cost ``b``."""
    return a > b if objective == "max" else a < b


def _merge(found: List[Best], objective: str, k: int) -> List[Best]:
    return sorted(found, key=lambda b: -b.cost if objective == "max" else b.cost)[:k]


class _Bar:
    """The k-th best cost found anywhere so far, in a Dask Variable that
    every task reads before each piece and lowers (under a Dask Lock) when
    it has found better."""

    def __init__(self, name: Optional[str], objective: str, k: int):
        self.name, self.objective, self.k = name, objective, k

    def read(self, found: List[Best]) -> Optional[int]:
        """The tighter of the cluster's bar and this task's own."""
        mine = found[self.k - 1].cost if len(found) >= self.k else None
        theirs = None
        if self.name is not None:
            from dask.distributed import Variable

            try:
                theirs = Variable(self.name).get(timeout=1)
            except Exception:  # no bar yet, or the scheduler is slow: no harm
                theirs = None
        costs = [c for c in (mine, theirs) if c is not None]
        if not costs:
            return None
        return max(costs) if self.objective == "max" else min(costs)

    def publish(self, found: List[Best]) -> None:
        if self.name is None or len(found) < self.k:
            return
        from dask.distributed import Lock, Variable

        mine = found[self.k - 1].cost
        with Lock(self.name + "-lock"):
            var = Variable(self.name)
            try:
                now = var.get(timeout=1)
            except Exception:
                now = None
            if now is None or _better(self.objective, mine, now):
                var.set(mine)


def _task(text: str, pieces: Sequence[Piece], mode: str, budget: Optional[int], arg: Dict[str, Any]) -> Dict[str, Any]:
    """Searches ``pieces`` for at most ``budget`` nodes (None: no budget):
    ``mode`` "count", "memo", "files" (to ``arg["path"]``) or "best"
    (``arg``: objective, k, bar). Returns the count, the solutions written,
    the best found, the nodes, and the pieces left."""
    m = _matrix(text)
    out: Dict[str, Any] = {"count": 0, "nodes": 0, "left": [], "best": []}
    best_mode = mode == "best"
    options = {"objective": arg["objective"], "k": arg["k"]} if best_mode else {}
    bar = _Bar(arg.get("bar"), arg.get("objective", "min"), arg.get("k", 1))
    left = budget
    partial = arg["path"] + f".{os.getpid()}.part" if mode == "files" else None
    sink = open(partial, "w") if partial is not None else None
    try:
        with Solver(m, **options) as s:
            for i, (forced, excluded) in enumerate(pieces):
                if left is not None and left <= 0:
                    out["left"].extend(pieces[i:])
                    break
                if best_mode:
                    s.set_cost_limit(bar.read(out["best"]))
                s.set_subproblem(forced, excluded)
                s.set_limits(nodes=left)
                stopped = False
                try:
                    if mode == "memo":
                        out["count"] += s.count_memo()
                    elif mode == "count":
                        out["count"] += s.count("plain")
                    elif mode == "files":
                        for sol in s.solutions():
                            sink.write(" ".join(map(str, sol)) + "\n")  # type: ignore[union-attr]
                            out["count"] += 1
                    else:
                        out["best"] = _merge(out["best"] + s.best(), arg["objective"], arg["k"])
                except LimitReached as e:
                    stopped = True
                    if mode == "count":
                        out["count"] += e.partial
                    elif best_mode:
                        out["best"] = _merge(out["best"] + list(e.partial), arg["objective"], arg["k"])
                used = s.counters["nodes"]
                out["nodes"] += used
                if left is not None:
                    left -= used
                if best_mode:
                    bar.publish(out["best"])
                if stopped:
                    _, rest, _, pending = read_checkpoint(s.checkpoint())
                    out["left"].extend(rest)
                    out["left"].extend(pieces[i + 1:])
                    for sol in pending:
                        if sink is not None:
                            sink.write(" ".join(map(str, sol)) + "\n")
                        out["count"] += 1
                    break
    finally:
        if sink is not None:
            sink.close()
    if partial is not None:
        # Whole or not at all: a task run again replaces the file.
        os.replace(partial, arg["path"])
    return out


# -- the driver ----------------------------------------------------------------

def _client(client: Any) -> Any:
    if client is not None:
        return client
    from dask.distributed import get_client

    try:
        return get_client()
    except ValueError:
        raise ValueError("no Dask client: pass one, e.g. Client(LocalCluster()) from dask.distributed") from None


class _Reporter:
    """The progress line: on a terminal rewritten in place (``\\r``);
    elsewhere (a log, a pipe) whole lines, at most one a second and the
    last, so a log has no carriage returns."""

    def __init__(self, out: Any) -> None:
        self.out, self.last, self.pending = out, None, None
        self.tty = bool(getattr(out, "isatty", lambda: False)())

    def __call__(self, line: Optional[str]) -> None:
        import time

        if self.tty:
            print(f"\r{line}" if line is not None else "", end="" if line is not None else "\n", file=self.out, flush=True)
            return
        now = time.monotonic()
        if line is not None and self.last is not None and now - self.last < 1.0:
            self.pending = line
            return
        line = line if line is not None else self.pending
        if line is not None:
            print(line, file=self.out, flush=True)
            self.last, self.pending = now, None


def _run(matrix: Matrix, client: Any, mode: str, *, parts: Optional[int], budget: Optional[int], progress: bool,
         retries: int, arg: Dict[str, Any], pieces: Optional[List[Piece]] = None,
         stats: Optional[Dict[str, int]] = None) -> List[Dict[str, Any]]:
    """Plans (unless ``pieces`` are given), submits, re-splits what tasks
    hand back, and returns every task's result."""
    from dask.distributed import as_completed

    client = _client(client)
    threads = max(1, sum(client.nthreads().values()))
    target = parts if parts is not None else max(64, PARTS_PER_THREAD * threads)
    text = _text(matrix)
    if pieces is None:
        pieces = [(list(p.forced), list(p.excluded)) for p in plan(matrix, target)]
    tag = hashlib.sha256(text.encode()).hexdigest()[:12]
    # One copy of the text on each worker; tasks refer to it.
    shared = client.scatter(text, broadcast=True, hash=False)
    numbers = itertools.count()

    def submit(chunk: List[Piece]) -> Any:
        i = next(numbers)
        task_arg = dict(arg)
        if mode == "files":
            task_arg["path"] = os.path.join(arg["directory"], f"part-{i:05d}.txt")
        return client.submit(_task, shared, chunk, mode, budget, task_arg,
                             key=f"dlxcover-{mode}-{tag}-{uuid.uuid4().hex[:8]}-{i}", retries=retries, pure=False)

    report = _Reporter(sys.stderr)
    running = as_completed([submit(c) for c in _deal(pieces, target)])
    results = []
    resplits = 0
    for future in running:
        r = future.result()
        results.append(r)
        if r["left"]:
            # What the task had left, dealt into a task per thread (the
            # first pieces, the biggest, given from the shallowest levels,
            # to different tasks) while fewer tasks wait than there are
            # threads; else into one task, which costs one task's overhead.
            resplits += 1
            waiting = running.count() - threads
            for chunk in _deal(r["left"], threads if waiting < threads else 1):
                running.add(submit(chunk))
        if progress:
            report(f"dlxcover: {len(results)} tasks done, {running.count()} running, {resplits} re-split")
    if progress:
        report(None)
    if stats is not None:
        stats.update(tasks=len(results), resplits=resplits, nodes=sum(r["nodes"] for r in results))
    return results


def _start(matrix: Matrix, checkpoint: Optional[str], objective: Optional[str] = None,
           k: int = 1) -> Tuple[int, Optional[List[Piece]], List[Best]]:
    """The count, pieces and best of a checkpoint file (None: nothing),
    checked against ``matrix`` (and the objective) by resuming it."""
    if checkpoint is None:
        return 0, None, []
    with open(checkpoint) as f:
        text = f.read()
    options: Dict[str, Any] = {"objective": objective, "k": k} if objective else {}
    with Solver(matrix, **options) as s:
        s.resume(text)  # CheckpointError: another matrix, cut, edited
    solutions, pieces, found, pending = read_checkpoint(text)
    if pending and objective is None:
        solutions += len(pending)
    return solutions, pieces, found


def count(matrix: Matrix, client: Any = None, *, parts: Optional[int] = None,
          method: Literal["search", "memo"] = "search", budget: Optional[int] = DEFAULT_BUDGET,
          checkpoint: Optional[str] = None, progress: bool = False, retries: int = 3,
          stats: Optional[Dict[str, int]] = None) -> int:
    """The number of solutions of ``matrix``, counted on a Dask cluster.

    ``parts``: the least number of pieces planned (default 30 per worker
    thread, at least 64); ``method``: "search" enumerates each piece,
    "memo" counts it by the memoized count (which has no budget: each
    piece is one task to its end); ``budget``: the nodes a task searches
    before it hands back what it has left, to be split again (None: never,
    the static plan); ``checkpoint``: a checkpoint file
    (``Solver.checkpoint``, ``dlx --checkpoint``) of this matrix to go on
    from (its count is added); ``progress``: a line on standard error as
    tasks end; ``retries``: how often a failed task is tried again;
    ``stats``: a dict that receives the tasks run, the re-splits and the
    nodes searched."""
    if method not in ("search", "memo"):
        raise ValueError(f"method {method!r}: expected 'search' or 'memo'")
    base, pieces, _ = _start(matrix, checkpoint)
    mode = "memo" if method == "memo" else "count"
    results = _run(matrix, client, mode, parts=parts, budget=None if mode == "memo" else budget, progress=progress,
                   retries=retries, arg={}, pieces=pieces, stats=stats)
    return base + sum(r["count"] for r in results)


def solve_to_files(matrix: Matrix, directory: str, client: Any = None, *, parts: Optional[int] = None,
                   budget: Optional[int] = DEFAULT_BUDGET, progress: bool = False, retries: int = 3) -> int:
    """Writes every solution, one line of row ids each, into files
    ``part-NNNNN.txt`` of ``directory`` (which the workers must be able to
    write: a shared file system); returns the number written. Each file is
    written whole and then renamed into place, so a task run again leaves
    no half or doubled file. ``parts``, ``budget`` as for :func:`count`."""
    os.makedirs(directory, exist_ok=True)
    results = _run(matrix, client, "files", parts=parts, budget=budget, progress=progress, retries=retries,
                   arg={"directory": os.path.abspath(directory)})
    return sum(r["count"] for r in results)


def best(matrix: Matrix, client: Any = None, *, objective: Literal["min", "max", "fewest"] = "min", k: int = 1,
         parts: Optional[int] = None, budget: Optional[int] = DEFAULT_BUDGET, share_bar: bool = True,
         checkpoint: Optional[str] = None, progress: bool = False, retries: int = 3,
         stats: Optional[Dict[str, int]] = None) -> List[Best]:
    """The ``k`` best solutions under ``objective`` ("min", "max",
    "fewest"). With ``share_bar`` the k-th best cost found anywhere goes to
    every task (a Dask Variable, read before each piece as a cost limit),
    so one worker's good solution prunes the others' search. ``parts``,
    ``budget``, ``checkpoint``, ``stats`` as for :func:`count`."""
    if objective not in ("min", "max", "fewest"):
        raise ValueError(f"objective {objective!r}: expected 'min', 'max' or 'fewest'")
    _, pieces, found = _start(matrix, checkpoint, objective, k)
    arg: Dict[str, Any] = {"objective": objective, "k": k, "bar": None}
    if share_bar:
        from dask.distributed import Variable

        arg["bar"] = f"dlxcover-bar-{uuid.uuid4().hex}"
        Variable(arg["bar"], client=_client(client)).set(found[k - 1].cost if len(found) >= k else None)
    try:
        results = _run(matrix, client, "best", parts=parts, budget=budget, progress=progress, retries=retries,
                       arg=arg, pieces=pieces, stats=stats)
    finally:
        if share_bar:
            from dask.distributed import Variable

            Variable(arg["bar"], client=_client(client)).delete()
    return _merge(found + [b for r in results for b in r["best"]], objective, k)
