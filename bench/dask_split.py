#!/usr/bin/env python3
"""The Dask path on a LocalCluster of 2 worker processes (one thread each):
budgeted re-splitting against the static plan, and `best` with the bar
shared against without.

The instance is `pento_boxes` of tools/gen_instances.py: the 12 pentominoes
in a 6x10 box or a 3x20 box (9,364 solutions), whose first level has two
branches, one holding 99% of the tree. Each plan starts from the same
number of pieces; the static one (budget None) runs each piece to its end,
the re-splitting one hands back what a task has left after `--budget`
nodes and deals it into new tasks. Wall time, one run each by default
(`-n` for more, alternating, median); every count is checked against 9,364.

`best`: the same instance with option r costing (7 r) mod 11, the 3 least
costs, with and without the shared bar; the nodes searched on the cluster
in all, and the costs checked against the serial k best.

Needs the Python package's environment (dask[distributed]): run it with
target/pyvenv/bin/python (made by `make test`); `make bench` does.
"""

import argparse
import os
import statistics
import sys
import time

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "tools"))
# The package from the source and the library `make` built, here and in
# the worker processes a LocalCluster starts.
sys.path.insert(0, os.path.join(here, "..", "python", "src"))
os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [os.path.join(here, "..", "python", "src"), os.environ.get("PYTHONPATH")]))
os.environ.setdefault("DLXCOVER_LIBRARY", os.path.join(here, "..", "target", "release", "libdlx.so"))

import gen_instances  # noqa: E402

import dlxcover as dlx  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-n", type=int, default=1, help="runs of each plan (alternating); the median is reported")
    ap.add_argument("--budget", type=int, default=200_000, help="nodes a task searches before it hands back the rest")
    args = ap.parse_args()
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        print("bench/dask_split.py: dask[distributed] is not installed: skipped (run it with target/pyvenv/bin/python)")
        return 0
    import dlxcover.distributed as dd

    primary, secondary, options = gen_instances.pento_boxes()
    m = dlx.Matrix.parse(gen_instances.text(primary, secondary, options))
    expect = 9364
    cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=40)
    client = Client(cluster)
    try:
        print("pento_boxes (6x10 or 3x20 box, 9,364 solutions) on a LocalCluster of 2 worker processes")
        print(f"{'initial pieces':>14} {'static s':>9} {'re-split s':>10} {'ratio':>6} {'tasks':>6} {'re-splits':>9}")
        for parts in (2, 8, 64):
            times = {"static": [], "resplit": []}
            last = {}
            for _ in range(args.n):
                for plan, budget in (("static", None), ("resplit", args.budget)):
                    stats = {}
                    t = time.perf_counter()
                    got = dd.count(m, client, parts=parts, budget=budget, stats=stats)
                    times[plan].append(time.perf_counter() - t)
                    assert got == expect, (plan, parts, got)
                    last[plan] = stats
            s, r = statistics.median(times["static"]), statistics.median(times["resplit"])
            print(f"{parts:>14} {s:>9.2f} {r:>10.2f} {s / r:>6.2f} {last['resplit']['tasks']:>6} {last['resplit']['resplits']:>9}")

        for r in range(m.rows):
            m.set_cost(r, (7 * r) % 11)
        serial = [b.cost for b in m.best(k=3, objective="min")]
        print()
        print(f"best: the 3 least costs, option r costing (7 r) mod 11; serial: {serial}")
        print(f"{'bar':>10} {'nodes':>12} {'seconds':>8} costs")
        for shared in (False, True):
            stats = {}
            t = time.perf_counter()
            found = dd.best(m, client, objective="min", k=3, parts=8, budget=args.budget, share_bar=shared, stats=stats)
            costs = [b.cost for b in found]
            assert costs == serial, (shared, costs, serial)
            print(f"{'shared' if shared else 'per task':>10} {stats['nodes']:>12,} {time.perf_counter() - t:>8.2f} {costs}")
    finally:
        client.close()
        cluster.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
