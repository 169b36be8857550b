#!/usr/bin/env python3
"""The Dask path's design argued past one machine: a real run's tree,
recorded, replayed on N simulated workers (N up to 1,000), with the static
plan and with budgeted re-splitting (python/src/dlxcover/distributed.py).

Recording: every subproblem `--depth` levels down (6 by default) of an
instance of tools/gen_instances.py is counted alone and its nodes noted;
a subproblem higher up is the sum of those below it plus one node of its
own. The recording is kept in bench/out/ (delete it to record again).

Scale: the tree stands for a run of `--hours` hours on one worker (its
nodes scaled to that time), and every task costs `--overhead` seconds
besides its work (scheduling, sending the result back).

Static plan: the pieces of the first depth with at least 30 per worker,
one per task, taken first come first served. Re-splitting: the same start;
a task that has worked `--budget` seconds hands back what it has left (the
subtrees not begun at each level of its path, the one begun cut further
the same way; a recorded leaf begun is finished in one piece), dealt into
N new tasks at the end of the queue, as the client does.

Efficiency: the work over (N x the time to the last task's end).
"""

import argparse
import heapq
import json
import os
import sys
from collections import deque

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "tools"))
# The package from the source and the library `make` built, here and in
# the worker processes a LocalCluster starts.
sys.path.insert(0, os.path.join(here, "..", "python", "src"))
os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [os.path.join(here, "..", "python", "src"), os.environ.get("PYTHONPATH")]))
os.environ.setdefault("DLXCOVER_LIBRARY", os.path.join(here, "..", "target", "release", "libdlx.so"))


def record(name, depth, path):
    """{prefix (tuple of rows): nodes} for the subproblems `depth` down."""
    if os.path.exists(path):
        with open(path) as f:
            saved = json.load(f)
        if saved["name"] == name and saved["depth"] == depth:
            return {tuple(k): v for k, v in saved["leaves"]}
    import gen_instances

    import dlxcover as dlx

    problems = {n[:-4]: p for n, _, p in gen_instances.instances()}
    problems["pento_boxes"] = gen_instances.pento_boxes()
    m = dlx.Matrix.parse(gen_instances.text(*problems[name]))
    leaves = {}
    with m.solver() as s:
        parts = s.split(depth=depth)
        for i, p in enumerate(parts):
            s.set_subproblem(p.forced, p.excluded)
            s.count("plain")
            leaves[tuple(p.forced)] = s.counters["nodes"]
            if i % 10000 == 0:
                print(f"\rrecording {name}: {i}/{len(parts)}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        json.dump({"name": name, "depth": depth, "leaves": [[list(k), v] for k, v in leaves.items()]}, f)
    return leaves


class Tree:
    """Subtree sizes and children, from the recorded leaves (in search order)."""

    def __init__(self, leaves):
        self.size, self.children = {}, {}
        for prefix, nodes in leaves.items():
            for k in range(len(prefix) + 1):
                p = prefix[:k]
                if p not in self.size:
                    self.size[p] = 1  # its own node
                    self.children[p] = []
                    if k > 0:
                        self.children[prefix[:k - 1]].append(p)
            self.size[prefix] += nodes - 1
            for k in range(len(prefix)):
                self.size[prefix[:k]] += nodes - 1

    def level(self, at_least):
        """The first depth with at least `at_least` subtrees, in order."""
        layer = [()]
        while len(layer) < at_least:
            deeper = [c for p in layer for c in self.children[p]]
            if len(deeper) == len(layer) or not deeper:
                break
            layer = deeper
        return layer

    def cut(self, piece, budget):
        """Works `budget` of `piece` = (prefix, work left of it, whole?):
        the work done and the pieces left."""
        prefix, left, whole = piece
        if left <= budget:
            return left, []
        kids = self.children[prefix] if whole else []
        if not kids:
            # A recorded leaf (or a leaf begun): finished in one piece.
            return budget, [(prefix, left - budget, False)]
        done, rest = 1, []
        for i, c in enumerate(kids):
            if done >= budget:
                rest.extend((k, self.size[k], True) for k in kids[i:])
                break
            d, r = self.cut((c, self.size[c], True), budget - done)
            done += d
            if r:
                # The subtree begun, cut further; then the ones not begun.
                rest = r + [(k, self.size[k], True) for k in kids[i + 1:]]
                break
        return done, rest


def simulate(tree, workers, unit, overhead, budget):
    """The time to the last task's end, with re-splitting when `budget`
    (seconds) is set. `unit`: seconds per node."""
    start = tree.level(30 * workers)
    queue = deque((0.0, [(p, tree.size[p], True)]) for p in start)
    free = [0.0] * workers
    heapq.heapify(free)
    arrivals = []  # (time, tasks) handed back, not yet in the queue
    end = 0.0
    while queue or arrivals:
        t = heapq.heappop(free)
        while arrivals and (not queue or arrivals[0][0] <= t):
            at, tasks = heapq.heappop(arrivals)
            queue.extend((at, task) for task in tasks)
        ready, task = queue.popleft()
        t = max(t, ready)
        work, left = 0, []
        room = budget / unit if budget else float("inf")
        for i, piece in enumerate(task):
            if room <= 0:
                left.extend(task[i:])
                break
            done, rest = tree.cut(piece, room) if budget else (piece[1], [])
            work += done
            room -= done
            if rest:
                left.extend(rest + task[i + 1:])
                break
        t += work * unit + overhead
        end = max(end, t)
        heapq.heappush(free, t)
        if left:
            n = max(1, min(workers, len(left)))
            heapq.heappush(arrivals, (t, [left[i::n] for i in range(n)]))
    return end


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--instance", default="pento_6x10", help="an instance of tools/gen_instances.py, or pento_boxes")
    ap.add_argument("--depth", type=int, default=6, help="the recorded depth")
    ap.add_argument("--hours", type=float, default=100.0, help="the run the tree stands for, on one worker")
    ap.add_argument("--overhead", type=float, default=0.05, help="seconds each task costs besides its work")
    ap.add_argument("--budget", type=float, default=60.0, help="seconds of work a task does before it hands back the rest")
    args = ap.parse_args()
    leaves = record(args.instance, args.depth, os.path.join(here, "out", f"tree_{args.instance}_{args.depth}.json"))
    tree = Tree(leaves)
    total = tree.size[()]
    unit = args.hours * 3600 / total
    biggest = max(leaves.values())
    print(f"{args.instance}: {total:,} nodes recorded, {len(leaves):,} subtrees {args.depth} levels down "
          f"(the largest {biggest:,} nodes), standing for {args.hours:g} h on one worker; "
          f"{args.overhead:g} s a task; budget {args.budget:g} s")
    print(f"{'workers':>7} {'pieces':>7} {'static':>7} {'re-split':>8}")
    for workers in (1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1000):
        ideal = total * unit / workers
        static = simulate(tree, workers, unit, args.overhead, None)
        resplit = simulate(tree, workers, unit, args.overhead, args.budget)
        pieces = len(tree.level(30 * workers))
        print(f"{workers:>7} {pieces:>7} {ideal / static:>7.1%} {ideal / resplit:>8.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
