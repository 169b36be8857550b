"""The examples of python/examples run and print what the facts say."""

import pathlib
import subprocess
import sys

import pytest

EXAMPLES = pathlib.Path(__file__).resolve().parents[1] / "examples"


def run(*args):
    p = subprocess.run([sys.executable, str(EXAMPLES / args[0]), *map(str, args[1:])], capture_output=True,
                       text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    return p.stdout.split()


def test_sudoku():
    puzzle = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
    grid = run("sudoku.py", puzzle)
    assert len(grid) == 9
    digits = set("123456789")
    assert all(set(row) == digits for row in grid)
    assert all({grid[r][c] for r in range(9)} == digits for c in range(9))
    assert all({grid[r][c] for r in range(b // 3 * 3, b // 3 * 3 + 3) for c in range(b % 3 * 3, b % 3 * 3 + 3)}
               == digits for b in range(9))
    assert all(p in "0" or p == grid[i // 9][i % 9] for i, p in enumerate(puzzle))


def test_nqueens():
    assert run("nqueens.py", 8) == ["92"] and run("nqueens.py", 10) == ["724"]  # OEIS A000170


def test_pentominoes():
    assert run("pentominoes_numpy.py", 3, 20) == ["8"]  # 2 tilings, 4 symmetries each
    assert run("pentominoes_numpy.py", 4, 15) == ["1472"]  # 368 tilings


def test_dask_count(instances):
    pytest.importorskip("dask.distributed")
    path, expect = instances("queens_10")
    assert run("dask_count.py", path)[-1] == str(expect)
