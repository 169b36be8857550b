"""Counts the solutions of a problem in Knuth's format on a Dask cluster.

    python dask_count.py FILE                    a local cluster of 2 workers
    python dask_count.py FILE tcp://host:8786    an existing cluster's scheduler
    python dask_count.py FILE slurm              workers as Slurm jobs (dask-jobqueue)

The matrix is cut into subproblems here; the workers count them and the
counts are added. A worker that dies has its tasks run again elsewhere, so
the total stays exact.
"""
import sys

from dask.distributed import Client, LocalCluster

import dlxcover as dlx
import dlxcover.distributed as dd


def cluster(where):
    if where is None:
        return LocalCluster(n_workers=2, threads_per_worker=1)
    if where == "slurm":
        from dask_jobqueue import SLURMCluster  # pip install dask-jobqueue

        # One worker per job, one core each; ask the batch system for 20.
        c = SLURMCluster(cores=1, processes=1, memory="2GB", walltime="01:00:00")
        c.scale(jobs=20)
        return c
    return where  # a scheduler address


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    m = dlx.Matrix.read(sys.argv[1])
    with Client(cluster(sys.argv[2] if len(sys.argv) > 2 else None)) as client:
        print(dd.count(m, client, progress=sys.stdout.isatty()))
