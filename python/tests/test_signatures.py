"""The public shortcuts say which options they take (issue 48: they were
``**options: Any``, so help() and type checkers knew nothing of them)."""

import inspect
import subprocess
import sys
import typing

import pytest

import dlxcover
from dlxcover import Matrix, SearchOptions, Solver, SolverOptions, distributed
from dlxcover import _options, _solver

SHORTCUTS = [Matrix.solver, Matrix.solutions, Matrix.count, Matrix.first, Matrix.best, Matrix.count_memo,
             distributed.plan, distributed.count, distributed.best, distributed.solve_to_files]


def public_callables():
    for owner in (Matrix, Solver):
        for name, f in vars(owner).items():
            if callable(f) and (not name.startswith("_") or name == "__init__"):
                yield f"{owner.__name__}.{name}", f
    for module in (dlxcover, distributed):
        for name, f in vars(module).items():
            if inspect.isfunction(f) and not name.startswith("_") and f.__module__.startswith("dlxcover"):
                yield f"{module.__name__}.{name}", f


def test_no_public_callable_takes_untyped_keywords():
    # Catches a shortcut that goes back to `**options: Any` (or no type).
    untyped = []
    for name, f in public_callables():
        for p in inspect.signature(f).parameters.values():
            if p.kind is p.VAR_KEYWORD and p.annotation not in ("Unpack[SolverOptions]", "Unpack[SearchOptions]"):
                untyped.append(f"{name}(**{p.name}: {p.annotation})")
    assert not untyped


def test_each_shortcut_documents_its_options():
    # Catches help() saying only "The number of solutions.".
    for f in SHORTCUTS:
        params = inspect.signature(f).parameters.values()
        if any(p.kind is p.VAR_KEYWORD for p in params):
            assert "SolverOptions" in f.__doc__ or "SearchOptions" in f.__doc__, f.__qualname__
        else:
            assert all(p.annotation is not inspect.Parameter.empty for p in params if p.name != "self"), f


def test_the_options_are_the_solvers_keywords_with_the_same_types():
    # Catches an option added to Solver but not to SolverOptions (or typed
    # differently there), which a type checker would then refuse.
    keywords = {name: p for name, p in inspect.signature(Solver.__init__).parameters.items()
                if p.kind is p.KEYWORD_ONLY}
    assert set(keywords) == set(SolverOptions.__annotations__)
    assert set(SolverOptions.__annotations__) - set(SearchOptions.__annotations__) == {"objective", "k"}
    names = {"Progress": _solver.Progress}
    assert typing.get_type_hints(SolverOptions, localns=names) == {
        k: v for k, v in typing.get_type_hints(Solver.__init__).items() if k in keywords}


def literal_values(hint):
    for arg in typing.get_args(hint) or ():
        if typing.get_origin(arg) is typing.Literal:
            return set(typing.get_args(arg))
    assert typing.get_origin(hint) is typing.Literal, hint
    return set(typing.get_args(hint))


@pytest.mark.parametrize("option, accepted", [
    ("objective", _options.OBJECTIVES), ("engine", _solver._ENGINES), ("memo_order", _solver._MEMO_ORDERS),
    ("memo_parts", _solver._MEMO_PARTS)])
def test_string_options_are_literals_of_what_the_solver_accepts(option, accepted):
    # Catches `str` in place of a Literal, or a Literal out of step with the values Solver maps.
    hint = typing.get_type_hints(SolverOptions, localns={"Progress": _solver.Progress})[option]
    assert literal_values(hint) == {v for v in accepted if v is not None}


def test_a_type_checker_refuses_an_unknown_option_and_value(tmp_path):
    # Catches options that type checkers cannot see (the point of the types).
    pytest.importorskip("mypy")
    good = tmp_path / "good.py"
    good.write_text("import dlxcover\nm = dlxcover.Matrix(2)\n"
                    "n: int = m.count(engine='small', seed=3, forced=[0], seconds=1.5)\n"
                    "b = m.best(k=2, objective='max', threads=2)\n")
    bad = tmp_path / "bad.py"
    bad.write_text("import dlxcover\nm = dlxcover.Matrix(2)\n"
                   "m.count(engine='fast')\nm.first(sead=3)\nm.count_memo(memo_order='last')\n")
    run = [sys.executable, "-m", "mypy", "--no-incremental", "--python-version", "3.11"]
    ok = subprocess.run(run + [str(good)], capture_output=True, text=True)
    assert ok.returncode == 0, ok.stdout
    no = subprocess.run(run + [str(bad)], capture_output=True, text=True)
    assert no.returncode == 1, no.stdout
    for line in ("bad.py:3:", "bad.py:4:", "bad.py:5:"):
        assert line in no.stdout, no.stdout
