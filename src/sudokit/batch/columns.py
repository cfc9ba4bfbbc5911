"""Columns in, columns out: Arrow string columns <-> numpy ``uint8 (n, 81)`` cell arrays.

A chunk of puzzles crosses into the kernel as one C-contiguous ``(n, 81)`` array of ASCII
cells (``b'1'..b'9'``, ``b'.'``), built straight from the Arrow column's offsets and data
buffers: when every row is an 81-character line (the usual case) no Python object is made
per puzzle. Rows that are not (grid drawings, wrong lengths, stray characters) take a
slow path through :meth:`Grid.parse`, which either reads them or says why not; that
message becomes the row's ``error``.

The status vocabulary of every batch output (the ``status`` column):

==========  ==============================================================
ok          the row was processed
invalid     not a puzzle (wrong length, bad characters, unreadable record)
conflict    two givens share a house and a digit
unsolvable  a well-formed puzzle without a solution
multiple    more than one solution where one was required
limit       a search or time limit ran out for this row
error       anything else (a bug: the message says what)
==========  ==============================================================
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..errors import (
    ConflictingGivensError,
    InvalidPuzzleError,
    MultipleSolutionsError,
    SearchLimitExceeded,
    SudokuError,
    UnsolvableError,
)
from ..grid import Grid
from ._deps import arrow, numpy

__all__ = ["STATUSES", "status_of", "cells_of", "strings_of", "Cells"]

STATUSES = ("ok", "invalid", "conflict", "unsolvable", "multiple", "limit", "error")


def status_of(exc: BaseException) -> str:
    """The ``status`` word for an exception a row raised."""
    table: list[tuple[type[BaseException], str]] = [
        (ConflictingGivensError, "conflict"),
        (InvalidPuzzleError, "invalid"),
        (UnsolvableError, "unsolvable"),
        (MultipleSolutionsError, "multiple"),
        (SearchLimitExceeded, "limit"),
    ]
    return next((word for kind, word in table if isinstance(exc, kind)), "error")


@lru_cache(maxsize=1)
def _lookup() -> Any:
    """byte -> normalised cell byte, 255 for a byte that is never a cell."""
    np = numpy()
    table = np.full(256, 255, dtype=np.uint8)
    for digit in b"123456789":
        table[digit] = digit
    for blank in b".0_*":
        table[blank] = ord(".")
    return table


class Cells:
    """A chunk's puzzles as kernel input: ``cells`` (n, 81) ASCII, ``good`` (n,) bool, and
    ``errors`` (row -> why it is not a puzzle, for the rows that are not good)."""

    def __init__(self, cells: Any, good: Any, errors: dict[int, str]) -> None:
        self.cells, self.good, self.errors = cells, good, errors

    @property
    def all_good(self) -> bool:
        """True when every row is a well-formed puzzle."""
        return not self.errors


def cells_of(puzzles: Any, read_errors: list[str | None] | None = None) -> Cells:
    """Kernel input for an Arrow string array of puzzles (nulls are bad rows).

    ``read_errors[k]``, when given and not None, is why row k could not be read at all
    (a damaged CSV or JSON record); it wins over any other message. When every row is 81
    characters, the cells are mapped straight from the Arrow data buffer (one numpy
    table lookup for the whole chunk).
    """
    np, pa = numpy(), arrow()
    if isinstance(puzzles, pa.ChunkedArray):
        puzzles = puzzles.combine_chunks()
    if puzzles.type != pa.string():
        puzzles = puzzles.cast(pa.string())
    n = len(puzzles)
    if n == 0:
        return Cells(np.zeros((0, 81), np.uint8), np.zeros(0, bool), {})
    offsets, data = _buffers(puzzles)
    fixed = (np.diff(offsets) == 81) & _valid(puzzles)
    if fixed.all() and int(offsets[-1]) - int(offsets[0]) == 81 * n:
        raw = data[int(offsets[0]) : int(offsets[0]) + 81 * n].reshape(n, 81)  # a view: no copy
    else:
        raw = np.full((n, 81), ord("."), dtype=np.uint8)
        raw[fixed] = data[offsets[:-1][fixed][:, None] + np.arange(81)]
    cells = _lookup()[raw]
    good = fixed & (cells != 255).all(axis=1)
    errors: dict[int, str] = {}
    bad = np.flatnonzero(~good).tolist()
    if bad:
        cells[~good] = ord(".")
        for k in bad:
            _slow_row(puzzles, k, cells, good, errors, read_errors)
    return Cells(cells, good, errors)


def _buffers(puzzles: Any) -> tuple[Any, Any]:
    """The int32 offsets (n + 1) and the data bytes of an Arrow string array, zero copy."""
    np = numpy()
    buffers = puzzles.buffers()
    n = len(puzzles)
    offsets = np.frombuffer(buffers[1], dtype=np.int32, count=n + 1, offset=4 * puzzles.offset)
    data = np.frombuffer(buffers[2], dtype=np.uint8) if buffers[2] is not None else np.zeros(0, np.uint8)
    if data.size < int(offsets[-1]) + 81:  # room for the fancy index of a row at the end
        data = np.concatenate([data, np.zeros(81, np.uint8)])
    return offsets, data


def _valid(puzzles: Any) -> Any:
    np = numpy()
    if puzzles.null_count == 0:
        return np.ones(len(puzzles), dtype=bool)
    return puzzles.is_valid().to_numpy(zero_copy_only=False)


def _slow_row(puzzles: Any, k: int, cells: Any, good: Any, errors: dict[int, str], read_errors: list[str | None] | None) -> None:
    """Read row k with Grid.parse (grids, spaced digits...), or record why it is not a puzzle."""
    reason = read_errors[k] if read_errors is not None else None
    if reason is not None:
        errors[k] = reason
        return
    text = puzzles[k].as_py()
    if text is None or not text.strip():
        errors[k] = "empty puzzle cell"
        return
    try:
        cells[k] = numpy().frombuffer(bytes(Grid.parse(text)), dtype=numpy().uint8)
        good[k] = True
    except SudokuError as exc:
        errors[k] = str(exc)


def strings_of(cells: Any, present: Any) -> Any:
    """An Arrow string array of the 81-byte rows of ``cells``; null where ``present`` is False."""
    np, pa = numpy(), arrow()
    n = len(cells)
    data = np.ascontiguousarray(cells, dtype=np.uint8).reshape(-1)
    offsets = np.arange(0, 81 * (n + 1), 81, dtype=np.int32)
    validity = None if present.all() else pa.py_buffer(np.packbits(present, bitorder="little"))
    return pa.Array.from_buffers(pa.string(), n, [validity, pa.py_buffer(offsets), pa.py_buffer(data)])
