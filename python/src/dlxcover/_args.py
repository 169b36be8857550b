"""The checks every index, count and size argument goes through before it
reaches the C API, whose ``size_t`` and ``uint64_t`` parameters would
otherwise take ``2**64`` as 0 (ctypes keeps the low bits), a float
truncated, and ``True`` as 1: each value must be an integer (anything with
``__index__``, such as numpy's integers; not a bool, not a float) within
its range, else an :class:`InputError` naming the argument (one that is
also a :class:`TypeError` when the value is no integer)."""

from __future__ import annotations

import operator
from typing import Any, Iterable, List

from . import _native as n
from ._errors import InputError


class WrongKind(InputError, TypeError):
    """An argument of the wrong kind (a number where a list is meant, a
    list where a sparse matrix is): an :class:`InputError` that is also a
    :class:`TypeError`."""


class NotAnInteger(WrongKind):
    """A bool, a float or another non-integer where an integer is meant."""

#: The largest value of a ``size_t`` or ``uint64_t`` argument.
MOST = 2**64 - 1


def integer(value: Any, name: str) -> int:
    """``value`` as a Python int: an integer, not a bool or a float."""
    if isinstance(value, bool) or type(value).__name__ in ("bool", "bool_"):  # numpy's too
        raise NotAnInteger(n.ERR_INVALID_ARGUMENT, f"{name}: expected an integer, not the bool {value!r}", whole=True)
    try:
        return operator.index(value)
    except TypeError:
        raise NotAnInteger(n.ERR_INVALID_ARGUMENT, f"{name}: expected an integer, not {type(value).__name__} {value!r}",
                           whole=True) from None


def index(value: Any, name: str, status: int = n.ERR_INVALID_ARGUMENT, lowest: int = 0, most: int = MOST) -> int:
    """``value`` as an int in ``lowest..most`` (an index, a count or a
    size), else an InputError naming the argument: :class:`NotAnInteger`
    for no integer, of `status` for one out of range."""
    v = integer(value, name)
    if not lowest <= v <= most:
        raise InputError(status, f"{name}: {v} is outside {lowest}..{most}", whole=True)
    return v


def indices(values: Iterable[Any], name: str, status: int) -> List[int]:
    """Each of ``values`` as by :func:`index`, named ``name[i]``; a
    :class:`WrongKind` naming ``name`` when ``values`` is no iterable."""
    try:
        if isinstance(values, (str, bytes)):
            raise TypeError
        listed = enumerate(values)
    except TypeError:
        raise WrongKind(n.ERR_INVALID_ARGUMENT, f"{name}: expected a list of integers, not {type(values).__name__} {values!r}",
                        whole=True) from None
    return [index(v, f"{name}[{i}]", status) for i, v in listed]


def keywords(call: str, given: Iterable[str], known: Any) -> None:
    """A TypeError naming ``call``, the call the user made, for the first
    of ``given`` that is not a key of the TypedDict ``known`` (instead of
    one naming the inner call it would reach)."""
    for k in given:
        if k not in known.__annotations__:  # a TypedDict's, its bases' included
            raise TypeError(f"{call}() got an unexpected keyword argument {k!r}")


def signed(value: Any, name: str, status: int = n.ERR_INVALID_ARGUMENT) -> int:
    """``value`` as an int that fits an ``int64_t``."""
    return index(value, name, status, -(2**63), 2**63 - 1)
