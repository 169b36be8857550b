"""The package's copy of the C ABI agrees with include/dlx.h.

The statuses, enumeration values, the progress struct and the ctypes
prototypes in dlxcover are written by hand; this test reads the header the
library is built with and checks every one of them, so that a value or a
signature changed on either side fails here (not as a wrong answer or a
crash at run time). The wrong code it catches: `ERR_BUSY = 23`,
`_ENGINES["small"] = 2`, a prototype with an argument missing, a c_uint64
where the header has size_t, a field of dlx_progress out of order.
"""

import ctypes
import pathlib
import re

import pytest

from dlxcover import _errors, _native, _options, _solver

HEADER = pathlib.Path(__file__).resolve().parents[2] / "include" / "dlx.h"


def _code():
    if not HEADER.exists():
        pytest.skip("include/dlx.h is not beside the package (an installed copy)")
    text = HEADER.read_text()
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", " ", text)


def _enum(code, name):
    """The members of `enum name { ... }` as a dict."""
    m = re.search(r"enum %s\b[^{;]*\{(.*?)\}" % name, code, re.S)
    assert m, f"enum {name} is in the header"
    body = re.sub(r"#[^\n]*", " ", m.group(1))
    members = re.findall(r"(DLX_\w+)\s*=\s*(\d+)", body)
    return {k: int(v) for k, v in members}


def test_statuses_match():
    statuses = _enum(_code(), "dlx_status")
    declared = {k: v for k, v in vars(_native).items() if re.fullmatch(r"(OK|SOLUTION|DONE|STOPPED|ERR_\w+)", k)}
    assert {"DLX_" + k: v for k, v in declared.items()} == statuses


def test_limits_match():
    limits = _enum(_code(), "dlx_limit")
    declared = {k: v for k, v in vars(_native).items() if k.startswith("LIMIT_")}
    assert {"DLX_" + k: v for k, v in declared.items()} == limits


def test_outcomes_match():
    outcomes = _enum(_code(), "dlx_outcome")
    assert {"DLX_OUTCOME_" + o.name: o.value for o in _errors.Outcome} == outcomes


@pytest.mark.parametrize("enum, table, prefix", [
    ("dlx_engine", "_ENGINES", "DLX_ENGINE_"),
    ("dlx_memo_order", "_MEMO_ORDERS", "DLX_MEMO_ORDER_"),
    ("dlx_memo_parts", "_MEMO_PARTS", "DLX_MEMO_PARTS_"),
    ("dlx_counter", "_COUNTERS", "DLX_COUNTER_"),
])
def test_named_values_match(enum, table, prefix):
    values = _enum(_code(), enum)
    declared = getattr(_solver, table)
    assert {prefix + k.upper(): v for k, v in declared.items()} == values


def test_objectives_match():
    values = _enum(_code(), "dlx_objective")
    names = {"all": "ALL", "min": "MIN_COST", "max": "MAX_COST", "fewest": "FEWEST_ROWS"}
    declared = {"DLX_OBJECTIVE_" + names[k]: v for k, v in _options.OBJECTIVES.items() if k is not None}
    assert declared == values
    assert _options.OBJECTIVES[None] == values["DLX_OBJECTIVE_ALL"]


# The ctypes type each C type of the header is declared with.
_SCALARS = {
    "size_t": ctypes.c_size_t, "uint32_t": ctypes.c_uint32, "uint64_t": ctypes.c_uint64,
    "int64_t": ctypes.c_int64, "double": ctypes.c_double, "int": ctypes.c_int,
    "dlx_status": ctypes.c_uint32,
}


def _same(ctype, c):
    """Whether the ctypes declaration `ctype` passes the C type `c`."""
    c = c.replace("const ", "").replace("struct ", "").strip()
    if c == "void":
        return ctype is None
    if c.endswith("*") or c.endswith("_fn"):
        if c == "char *":
            # A string in (c_char_p), or a buffer to write (c_void_p).
            return ctype in (ctypes.c_char_p, ctypes.c_void_p)
        # Any pointer: a handle or buffer (c_void_p), a typed pointer, or a
        # callback type.
        return ctype in (ctypes.c_void_p, ctypes.c_char_p) or (
            isinstance(ctype, type) and issubclass(ctype, (ctypes._Pointer, ctypes._CFuncPtr)))
    return ctype is _SCALARS[c]


def _prototypes(code):
    found = {}
    for m in re.finditer(r"([A-Za-z_][\w \*]*?)\b(dlx_\w+)\s*\(([^)]*)\)\s*;", code):
        ret, name, args = m.group(1).strip(), m.group(2), " ".join(m.group(3).split())
        params = [] if args in ("", "void") else [a.strip() for a in args.split(",")]
        # Each parameter's type: the text before its name.
        types = [re.sub(r"\w+$", "", p).strip() for p in params]
        found[name] = (ret, types)
    return found


def test_prototypes_match():
    header = _prototypes(_code())
    assert "dlx_matrix_new" in header and "dlx_solver_sample" in header
    for name, (restype, argtypes) in _native._PROTOTYPES.items():
        assert name in header, f"{name} is not in dlx.h"
        ret, types = header[name]
        assert _same(restype, ret), f"{name} returns {ret}, declared {restype}"
        assert len(argtypes) == len(types), f"{name} takes {len(types)} arguments, declared {len(argtypes)}"
        for i, (ctype, c) in enumerate(zip(argtypes, types)):
            assert _same(ctype, c), f"{name} argument {i}: {c}, declared {ctype}"


def test_progress_struct_matches():
    m = re.search(r"typedef struct dlx_progress \{(.*?)\} dlx_progress;", _code(), re.S)
    assert m
    fields = [tuple(f.split()) for f in m.group(1).split(";") if f.strip()]
    assert [(n, _SCALARS[t]) for t, n in fields] == list(_native.Progress._fields_)


def test_callback_types_match():
    code = _code()
    for name, fn in [("dlx_solution_fn", _native.SOLUTION_FN), ("dlx_progress_fn", _native.PROGRESS_FN),
                     ("dlx_subproblem_fn", _native.SUBPROBLEM_FN)]:
        m = re.search(r"typedef (\w+) \(\*%s\)\(([^)]*)\);" % name, code)
        assert m, name
        types = [re.sub(r"\w+$", "", p).strip() for p in " ".join(m.group(2).split()).split(",")]
        assert _same(fn._restype_, m.group(1))
        assert len(fn._argtypes_) == len(types), name
        for ctype, c in zip(fn._argtypes_, types):
            assert _same(ctype, c), f"{name}: {c}, declared {ctype}"
