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
    # Wait until the cluster is busy with the count, then kill a worker
    # (a hang guard: the deadline only ends a wait for a cluster that never
    # starts).
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


def boxes():
    """tools/gen_instances.py's pento_boxes: 9,364 solutions (2339 tilings
    of 6x10 and 2 of 3x20, each 4 times), one first-level branch holding
    99% of the tree."""
    import sys

    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tools"))
    import gen_instances

    return dlx.Matrix.parse(gen_instances.text(*gen_instances.pento_boxes()))


def test_resplitting_counts_exactly(client, instances):
    """Wrong code caught: pieces a task hands back lost or counted twice,
    or a count of the part before the budget dropped."""
    path, expect = instances("pento_6x10")
    m = dlx.Matrix.read(path)
    stats = {}
    assert dd.count(m, client, parts=2, budget=50_000, stats=stats) == expect
    assert stats["resplits"] > 10, stats


def test_resplitting_survives_a_killed_worker(client, instances):
    """Wrong code caught: a task run again after its worker died counted
    twice or not at all, or its hand-back lost."""
    path, expect = instances("pento_6x10")
    m = dlx.Matrix.read(path)
    result, failure = {}, []

    def run():
        try:
            result["count"] = dd.count(m, client, parts=4, budget=100_000)
        except BaseException as e:  # reported below
            failure.append(e)

    worker = threading.Thread(target=run)
    worker.start()
    # A hang guard: the deadline only ends a wait for a cluster that never
    # starts.
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and sum(len(v) for v in client.processing().values()) == 0:
        time.sleep(0.02)
    time.sleep(0.5)
    assert worker.is_alive(), "the count ended before a worker could be killed"
    os.kill(sorted(client.run(os.getpid).values())[0], signal.SIGKILL)
    worker.join(timeout=300)
    assert not failure, failure
    assert result["count"] == expect


def test_best_with_a_shared_bar(client):
    """Wrong code caught: a bar shared too tight (a piece pruned of a
    solution among the k best) or never read (no fewer nodes)."""
    m = boxes()
    for r in range(m.rows):
        m.set_cost(r, (7 * r) % 11)
    serial = [b.cost for b in m.best(k=3, objective="min")]
    nodes = {}
    for shared in (False, True):
        stats = {}
        found = dd.best(m, client, objective="min", k=3, parts=8, budget=100_000, share_bar=shared, stats=stats)
        assert [b.cost for b in found] == serial, shared
        nodes[shared] = stats["nodes"]
    assert nodes[True] < nodes[False], nodes


def test_count_from_a_checkpoint(client, instances, tmp_path):
    """Wrong code caught: the checkpoint's count not added, its pieces not
    all searched, or a checkpoint of another matrix accepted."""
    path, expect = instances("queens_12")
    m = dlx.Matrix.read(path)
    s = m.solver(nodes=20_000)
    with pytest.raises(dlx.LimitReached):
        s.count("plain")
    ck = tmp_path / "run.ck"
    ck.write_text(s.checkpoint())
    assert dd.count(m, client, checkpoint=str(ck), budget=20_000) == expect
    other, _ = instances("queens_8")
    with pytest.raises(dlx.CheckpointError):
        dd.count(dlx.Matrix.read(other), client, checkpoint=str(ck))


def test_files_with_resplitting(client, instances, tmp_path):
    """Wrong code caught: a task's file losing the solutions it wrote
    before its budget ran out, or a hand-back writing them again."""
    path, expect = instances("queens_10")
    m = dlx.Matrix.read(path)
    assert dd.solve_to_files(m, str(tmp_path), client, parts=2, budget=2_000) == expect
    lines = [tuple(sorted(map(int, l.split()))) for f in sorted(tmp_path.iterdir()) for l in f.read_text().splitlines()]
    assert len(lines) == expect and len(set(lines)) == expect
    assert sorted(lines) == sorted(tuple(sorted(s)) for s in m.solutions())


def test_progress_off_a_terminal_is_whole_lines(client, instances, capsys):
    # Issue 69: standard error captured (no terminal) gets whole lines, no
    # carriage return; catches the in-place line written to a log.
    path, expect = instances("queens_8")
    assert dd.count(dlx.Matrix.read(path), client, parts=40, progress=True) == expect
    err = capsys.readouterr().err
    assert err and "\r" not in err and err.endswith("\n"), repr(err)
    lines = err.splitlines()
    assert all(line.startswith("dlxcover: ") and "tasks done" in line for line in lines), lines
    assert ", 0 running," in lines[-1], "the last line is the end's"
