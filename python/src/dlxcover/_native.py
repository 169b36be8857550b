"""The C ABI of the dlx library, through ctypes.

The library is the ``_libdlx`` shared object built into this package by
``pip install`` (or the file named by the environment variable
``DLXCOVER_LIBRARY``). ctypes releases the GIL during every call into it and
takes it back for each Python callback.
"""

from __future__ import annotations

import ctypes
import glob
import os
from ctypes import (CFUNCTYPE, POINTER, Structure, c_char_p, c_double, c_int, c_int32, c_int64, c_size_t,
                    c_uint32, c_uint64, c_void_p)
from typing import Any, Callable, Tuple

# dlx_status values (dlx.h).
OK, SOLUTION, DONE, STOPPED = 0, 1, 2, 3
ERR_NULL, ERR_COLUMN_RANGE, ERR_DUPLICATE_COLUMN, ERR_EMPTY_ROW = 4, 5, 6, 7
ERR_TOO_LARGE, ERR_OUT_OF_MEMORY, ERR_UNKNOWN_VALUE, ERR_BUFFER_TOO_SMALL = 8, 9, 10, 11
ERR_PANIC, ERR_UNSUPPORTED, ERR_PARSE, ERR_ROW_RANGE, ERR_CONFLICT = 12, 13, 14, 15, 16
ERR_COST_RANGE, ERR_INVALID_ARGUMENT, ERR_NO_SOLUTION, ERR_BOUNDS = 17, 18, 19, 20
ERR_COLOR_ON_PRIMARY, ERR_BUSY, ERR_CHECKPOINT, ERR_CHECKPOINT_MISMATCH = 21, 22, 23, 24
ERR_NOT_SYMMETRY = 25

# dlx_limit values.
LIMIT_SOLUTIONS, LIMIT_NODES, LIMIT_UPDATES, LIMIT_MILLISECONDS = 0, 1, 2, 3


class Progress(Structure):
    _fields_ = [
        ("size", c_size_t),
        ("nodes", c_uint64),
        ("updates", c_uint64),
        ("solutions", c_uint64),
        ("estimate", c_double),
        ("seconds", c_double),
        ("depth", c_size_t),
    ]


class PreStats(Structure):
    _fields_ = [
        ("size", c_size_t),
        ("rows_removed", c_uint64),
        ("columns_removed", c_uint64),
        ("rounds", c_uint64),
        ("work", c_uint64),
        ("complete", c_int),
        ("infeasible", c_int),
    ]


PROGRESS_FN = CFUNCTYPE(c_int, c_void_p, POINTER(Progress))
SOLUTION_FN = CFUNCTYPE(c_int, c_void_p, POINTER(c_size_t), c_size_t)
SUBPROBLEM_FN = CFUNCTYPE(c_int, c_void_p, POINTER(c_size_t), c_size_t, POINTER(c_size_t), c_size_t)
BATCH_FN = CFUNCTYPE(c_int, c_void_p, c_size_t, c_uint32, c_uint64, POINTER(c_size_t), c_size_t)
BATCH_BEST_FN = CFUNCTYPE(c_int, c_void_p, c_size_t, c_uint32, c_int64, POINTER(c_size_t), c_size_t)


class BatchItem(Structure):
    """dlx_batch_item."""
    _fields_ = [("forced", POINTER(c_size_t)), ("forced_count", c_size_t),
                ("excluded", POINTER(c_size_t)), ("excluded_count", c_size_t)]
WRITE_FN = CFUNCTYPE(c_int, c_void_p, c_void_p, c_size_t)

_P = c_void_p  # opaque handles
_PS = POINTER(c_size_t)

# name: (result type, argument types)
_PROTOTYPES = {
    "dlx_version": (c_char_p, []),
    "dlx_status_message": (c_char_p, [c_uint32]),
    "dlx_matrix_new": (c_uint32, [c_size_t, POINTER(c_void_p)]),
    "dlx_matrix_free": (None, [_P]),
    "dlx_matrix_set_secondary": (c_uint32, [_P, c_size_t]),
    "dlx_matrix_is_secondary": (c_uint32, [_P, c_size_t, POINTER(c_int)]),
    "dlx_matrix_add_row": (c_uint32, [_P, _PS, c_size_t, _PS]),
    "dlx_matrix_add_row_colored": (c_uint32, [_P, _PS, POINTER(c_uint32), c_size_t, _PS]),
    "dlx_matrix_add_rows": (c_uint32, [_P, c_void_p, c_size_t, c_void_p, c_void_p, _PS, _PS]),
    "dlx_matrix_add_rows_dense": (c_uint32, [_P, c_void_p, c_size_t, c_size_t, c_size_t, _PS, _PS]),
    "dlx_matrix_row": (c_uint32, [_P, c_size_t, _PS, c_size_t, _PS]),
    "dlx_matrix_set_bounds": (c_uint32, [_P, c_size_t, c_uint32, c_uint32]),
    "dlx_matrix_bounds": (c_uint32, [_P, c_size_t, POINTER(c_uint32), POINTER(c_uint32)]),
    "dlx_matrix_entry_color": (c_uint32, [_P, c_size_t, c_size_t, POINTER(c_uint32)]),
    "dlx_matrix_column_count": (c_size_t, [_P]),
    "dlx_matrix_row_count": (c_size_t, [_P]),
    "dlx_matrix_set_row_cost": (c_uint32, [_P, c_size_t, c_int64]),
    "dlx_matrix_row_cost": (c_uint32, [_P, c_size_t, POINTER(c_int64)]),
    "dlx_matrix_parse": (c_uint32, [c_char_p, c_size_t, POINTER(c_void_p), POINTER(c_void_p)]),
    "dlx_parse_error_line": (c_size_t, [_P]),
    "dlx_parse_error_column": (c_size_t, [_P]),
    "dlx_parse_error_message": (c_char_p, [_P]),
    "dlx_parse_error_free": (None, [_P]),
    "dlx_matrix_write": (c_uint32, [_P, c_void_p, c_size_t, _PS]),
    "dlx_matrix_column_name": (c_char_p, [_P, c_size_t]),
    "dlx_solver_new": (c_uint32, [_P, POINTER(c_void_p)]),
    "dlx_solver_new_with_engine": (c_uint32, [_P, c_uint32, POINTER(c_void_p)]),
    "dlx_solver_engine": (c_uint32, [_P, POINTER(c_uint32)]),
    "dlx_solver_free": (None, [_P]),
    "dlx_solver_next": (c_uint32, [_P, POINTER(_PS), _PS]),
    "dlx_solver_count": (c_uint32, [_P, POINTER(c_uint64)]),
    "dlx_solver_counter": (c_uint32, [_P, c_uint32, POINTER(c_uint64)]),
    "dlx_solver_set_limit": (c_uint32, [_P, c_uint32, c_uint64]),
    "dlx_solver_outcome": (c_uint32, [_P, POINTER(c_uint32)]),
    "dlx_solver_cancel": (c_uint32, [_P]),
    "dlx_solver_set_progress": (c_uint32, [_P, PROGRESS_FN, c_void_p, c_uint32]),
    "dlx_solver_estimate": (c_uint32, [_P, POINTER(c_double)]),
    "dlx_solver_set_seed": (c_uint32, [_P, c_uint64]),
    "dlx_solver_clear_seed": (c_uint32, [_P]),
    "dlx_solver_force_rows": (c_uint32, [_P, _PS, c_size_t]),
    "dlx_solver_exclude_rows": (c_uint32, [_P, _PS, c_size_t]),
    "dlx_solver_set_subproblem": (c_uint32, [_P, _PS, c_size_t, _PS, c_size_t]),
    "dlx_solver_restart": (c_uint32, [_P]),
    "dlx_solver_split": (c_uint32, [_P, c_size_t, SUBPROBLEM_FN, c_void_p, POINTER(c_uint64), POINTER(c_int)]),
    "dlx_solver_split_depth": (c_uint32, [_P, c_uint64, _PS]),
    "dlx_solver_set_objective": (c_uint32, [_P, c_uint32, c_size_t]),
    "dlx_solver_set_cost_limit": (c_uint32, [_P, c_int64]),
    "dlx_solver_clear_cost_limit": (c_uint32, [_P]),
    "dlx_solver_cost": (c_uint32, [_P, POINTER(c_int64)]),
    "dlx_solver_best_count": (c_size_t, [_P]),
    "dlx_solver_best": (c_uint32, [_P, c_size_t, POINTER(_PS), _PS, POINTER(c_int64)]),
    "dlx_solver_best_bound": (c_uint32, [_P, POINTER(c_int64)]),
    "dlx_progress_best": (c_uint32, [POINTER(Progress), POINTER(c_int64)]),
    "dlx_progress_bound": (c_uint32, [POINTER(Progress), POINTER(c_int64)]),
    "dlx_solver_set_threads": (c_uint32, [_P, c_size_t]),
    "dlx_solver_threads": (c_uint32, [_P, _PS]),
    "dlx_solver_set_memo_order": (c_uint32, [_P, c_uint32]),
    "dlx_solver_set_memo_parts": (c_uint32, [_P, c_uint32]),
    "dlx_solver_zdd": (c_uint32, [_P, POINTER(c_void_p)]),
    "dlx_zdd_free": (None, [_P]),
    "dlx_zdd_nodes": (c_uint32, [_P, POINTER(c_uint64)]),
    "dlx_zdd_count": (c_uint32, [_P, c_char_p, c_size_t, _PS]),
    "dlx_zdd_count_by_size": (c_uint32, [_P, c_char_p, c_size_t, _PS]),
    "dlx_zdd_least_cost": (c_uint32, [_P, _PS, c_size_t, _PS, POINTER(c_int64)]),
    "dlx_zdd_write": (c_uint32, [_P, WRITE_FN, c_void_p]),
    "dlx_solver_set_memo_memory": (c_uint32, [_P, c_uint64]),
    "dlx_matrix_add_symmetry": (c_uint32, [_P, _PS, c_size_t]),
    "dlx_matrix_clear_symmetries": (c_uint32, [_P]),
    "dlx_solver_count_orbits": (c_uint32, [_P, c_uint32, c_void_p, c_size_t, _PS]),
    "dlx_solver_orbit_fixed": (c_uint32, [_P, c_uint32, c_size_t, _PS, c_void_p, c_size_t, _PS]),
    "dlx_solver_run_orbits": (c_uint32, [_P, SOLUTION_FN, c_void_p, POINTER(c_int)]),
    "dlx_solver_is_unique": (c_uint32, [_P, POINTER(c_uint32), SOLUTION_FN, c_void_p]),
    "dlx_solver_count_memo": (c_uint32, [_P, c_void_p, c_size_t, _PS]),
    "dlx_solver_count_auto": (c_uint32, [_P, c_void_p, c_size_t, _PS]),
    "dlx_solver_auto_phase": (c_uint32, [_P, POINTER(c_uint32)]),
    "dlx_matrix_set_preferred": (c_uint32, [_P, c_size_t, c_int]),
    "dlx_matrix_is_preferred": (c_uint32, [_P, c_size_t, POINTER(c_int)]),
    "dlx_matrix_preprocess": (c_uint32, [_P, c_uint64, POINTER(c_void_p), _PS, _PS, POINTER(PreStats)]),
    "dlx_solver_set_weights": (c_uint32, [_P, c_int]),
    "dlx_solver_checkpoint": (c_uint32, [_P, c_void_p, c_size_t, _PS]),
    "dlx_solver_resume": (c_uint32, [_P, c_char_p, c_size_t]),
    "dlx_solver_solve_batch": (c_uint32, [_P, c_void_p, c_size_t, c_uint64, BATCH_FN, c_void_p]),
    "dlx_solver_solve_batch_best": (c_uint32, [_P, c_void_p, c_size_t, BATCH_BEST_FN, c_void_p]),
    "dlx_solver_preprocess": (c_uint32, [_P, c_uint64, POINTER(PreStats)]),
    "dlx_solver_sample": (c_uint32, [_P, c_uint64, c_uint64, SOLUTION_FN, c_void_p, POINTER(c_int)]),
    "dlx_built_matrix": (c_void_p, [_P]),
    "dlx_built_row_name": (c_char_p, [_P, c_size_t]),
    "dlx_built_free": (None, [_P]),
    "dlx_build_queens": (c_uint32, [c_size_t, POINTER(c_void_p)]),
    "dlx_build_langford": (c_uint32, [c_size_t, POINTER(c_void_p)]),
    "dlx_polyomino_new": (c_uint32, [POINTER(c_void_p)]),
    "dlx_polyomino_free": (None, [_P]),
    "dlx_polyomino_add_cells": (c_uint32, [_P, POINTER(c_int32), c_size_t]),
    "dlx_polyomino_add_rectangle": (c_uint32, [_P, c_size_t, c_size_t]),
    "dlx_polyomino_add_piece": (c_uint32, [_P, c_char_p, POINTER(c_int32), c_size_t, c_uint32]),
    "dlx_polyomino_set_empty_cells": (c_uint32, [_P, c_int]),
    "dlx_polyomino_build": (c_uint32, [_P, POINTER(c_void_p)]),
    "dlx_sudoku_new": (c_uint32, [c_size_t, c_size_t, POINTER(c_void_p)]),
    "dlx_sudoku_free": (None, [_P]),
    "dlx_sudoku_set_regions": (c_uint32, [_P, c_char_p]),
    "dlx_sudoku_set_givens": (c_uint32, [_P, c_char_p]),
    "dlx_sudoku_set_diagonal": (c_uint32, [_P, c_int]),
    "dlx_sudoku_build": (c_uint32, [_P, POINTER(c_void_p)]),
    "dlx_sudoku_decode": (c_uint32, [_P, _P, _PS, c_size_t, c_void_p, c_size_t, _PS]),
    "dlx_matrix_write_cnf": (c_uint32, [_P, WRITE_FN, c_void_p]),
    "dlx_matrix_write_opb": (c_uint32, [_P, c_uint32, WRITE_FN, c_void_p]),
}


def _find_library() -> str:
    path = os.environ.get("DLXCOVER_LIBRARY")
    if path:
        return path
    here = os.path.dirname(os.path.abspath(__file__))
    found = sorted(glob.glob(os.path.join(here, "_libdlx*")))
    if not found:
        raise ImportError("dlxcover: the dlx library (_libdlx) is missing from the package; "
                          "install with `pip install ./python` from the repository")
    return found[0]


def _load() -> ctypes.CDLL:
    lib = ctypes.CDLL(_find_library())
    for name, (restype, argtypes) in _PROTOTYPES.items():
        fn = getattr(lib, name)
        fn.restype = restype
        fn.argtypes = argtypes
    return lib


lib = _load()


def read_text(call: Callable[[Any, int, Any], int]) -> Tuple[int, str]:
    """Calls ``call(buffer, capacity, length)``, a library call that writes
    a text and its NUL (or sets the length and returns
    ``ERR_BUFFER_TOO_SMALL``), again with room for the length it asked:
    (the last status, the text written, empty when none was: a status
    other than OK or DONE)."""
    length = c_size_t()
    buf = ctypes.create_string_buffer(64)
    status = call(buf, len(buf), ctypes.byref(length))
    if status == ERR_BUFFER_TOO_SMALL:
        buf = ctypes.create_string_buffer(length.value + 1)
        status = call(buf, len(buf), ctypes.byref(length))
    return status, buf.value.decode() if status in (OK, DONE) else ""


class Handle:
    """An object that owns one handle of the library, freed by ``close()``
    or when the object goes; usable as a context manager."""

    _handle: "int | None" = None
    _free = "dlx_matrix_free"  # the library function that frees the handle
    _kind = "object"

    @property
    def _h(self) -> int:
        if self._handle is None:
            raise ValueError(f"the {self._kind} is closed")
        return self._handle

    def close(self) -> None:
        """Frees the library's object now (otherwise on garbage collection)."""
        if self._handle is not None:
            getattr(lib, self._free)(self._handle)
            self._handle = None

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:  # interpreter shutdown
            pass

    def __enter__(self):  # type: ignore[no-untyped-def]
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
