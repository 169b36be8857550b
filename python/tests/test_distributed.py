"""Counts on a Dask LocalCluster of 2 worker processes, one of them killed
in the middle of a count."""

import os
import signal
import threading
import time

import pytest

import dlxcover as dlx

distributed = pytest.importorskip("dask.distributed")
dd = pytest.importorskip("dlxcover.distributed")


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=None, silence_logs=40)
    c = distributed.Client(cluster)
    yield c
    c.close()
    cluster.close()


@pytest.mark.parametrize("name", ["pento_6x10", "queens_12"])
def test_count(client, instances, name):
    path, expect = instances(name)
    assert dd.count(dlx.Matrix.read(path), client) == expect


def test_count_memo_and_parts(client, instances):
    path, expect = instances("scott_8x8_hole")
    assert dd.count(dlx.Matrix.read(path), client, parts=10, method="memo") == expect


def test_files_and_best(client, instances, tmp_path):
    path, expect = instances("queens_8")
    m = dlx.Matrix.read(path)
    assert dd.solve_to_files(m, str(tmp_path), client, parts=20) == expect
    lines = [tuple(sorted(map(int, l.split()))) for f in sorted(tmp_path.iterdir()) for l in f.read_text().splitlines()]
    assert sorted(lines) == sorted(tuple(sorted(s)) for s in m.solutions())
    for r in range(m.rows):
        m.set_cost(r, (r * 7) % 11)
    for objective in ("min", "max"):
        here = m.best(k=3, objective=objective)
        there = dd.best(m, client, objective=objective, k=3, parts=20)
        assert [b.cost for b in there] == [b.cost for b in here]


def test_worker_killed_mid_count(client, instances):
    path, expect = instances("pento_6x10")
    m = dlx.Matrix.read(path)
    result, failure = {}, []

    def run():
        try:
            result["count"] = dd.count(m, client, parts=128)
        except BaseException as e:  # reported below
            failure.append(e)

    worker = threading.Thread(target=run)
    worker.start()
    # Wait until the cluster is busy with the count, then kill a worker.
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        busy = client.processing()
        if sum(len(v) for v in busy.values()) > 0 and sum(client.run(lambda: 1).values()) == 2:
            break
        time.sleep(0.05)
    time.sleep(0.3)
    assert worker.is_alive(), "the count ended before a worker could be killed"
    pids = client.run(os.getpid)
    victim = sorted(pids.values())[0]
    os.kill(victim, signal.SIGKILL)
    worker.join(timeout=300)
    assert not failure, failure
    assert result["count"] == expect
