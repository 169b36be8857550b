"""The one rule for the package's texts (a matrix in Knuth's format, a
diagram in DLX6's): a reading or writing call takes a path (``str`` or
``os.PathLike``) or an open file, text or binary; ``to_text()`` and
``from_text()`` are the same texts as strings."""

from __future__ import annotations

import contextlib
import ctypes
import io
import os
from typing import IO, Any, Callable, Iterator, List, Union

from . import _native as n
from ._args import WrongKind

#: Where a text comes from or goes: a path, or a file open in text or
#: binary mode.
Place = Union[str, "os.PathLike[str]", IO[str], IO[bytes]]


def _is_path(place: Any) -> bool:
    return isinstance(place, (str, os.PathLike))


def _is_binary(f: Any) -> bool:
    return isinstance(f, (io.RawIOBase, io.BufferedIOBase)) or "b" in str(getattr(f, "mode", ""))


def read_all(place: Place, call: str) -> bytes:
    """The bytes at ``place``; a :class:`WrongKind` naming ``call`` for
    anything that is neither a path nor readable."""
    if _is_path(place):
        with open(place, "rb") as f:
            return f.read()
    if not callable(getattr(place, "read", None)):
        raise WrongKind(n.ERR_INVALID_ARGUMENT, f"{call}: expected a path or a file open for reading, not {type(place).__name__}", whole=True)
    data = place.read()  # type: ignore[union-attr]
    return data.encode() if isinstance(data, str) else bytes(data)


@contextlib.contextmanager
def writer(place: Place, call: str) -> Iterator[Callable[[str], None]]:
    """A function that writes text to ``place`` (a path, created or
    truncated, closed at the end; or an open file, left open); a
    :class:`WrongKind` naming ``call`` for anything that is neither."""
    if _is_path(place):
        with open(place, "w", encoding="utf-8", newline="") as f:
            yield f.write
        return
    if not callable(getattr(place, "write", None)):
        raise WrongKind(n.ERR_INVALID_ARGUMENT, f"{call}: expected a path or a file open for writing, not {type(place).__name__}", whole=True)
    if _is_binary(place):
        yield lambda text: place.write(text.encode())  # type: ignore[union-attr,arg-type]
    else:
        yield place.write  # type: ignore[union-attr,misc]


def write_through(place: Place, call: str, run: Callable[[Any], int]) -> int:
    """Writes to ``place`` (as :func:`writer`) what a library call hands
    its ``dlx_write_fn`` piece by piece: ``run(fn)`` makes the call with
    ``fn`` and returns its status. An exception in the writing stops the
    call and is raised here."""
    failed: List[BaseException] = []
    with writer(place, call) as put:

        def take(user: Any, data: Any, length: int) -> int:
            try:
                put(ctypes.string_at(data, length).decode())
                return 0
            except BaseException as e:  # stops the writing; raised below
                failed.append(e)
                return 1

        status = run(n.WRITE_FN(take))
    if failed:
        raise failed[0]
    return status
