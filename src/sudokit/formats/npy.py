"""NumPy ``.npy`` collections: a ``uint8`` array of shape ``(n, 81)``, digits 0..9 (0 = blank).

The file is read and written in blocks with no NumPy needed for ``uint8`` data: the
``.npy`` header is a small Python-literal dict, and the body is ``81*n`` bytes. So a
multi-GB array streams through in constant memory, and the result loads with
``numpy.load(path)`` (or ``numpy.load(path, mmap_mode="r")``). Arrays of other integer
types, or of shape ``(n, 9, 9)``, read too; non-``uint8`` types need NumPy
(``pip install sudokit[numpy]``).

Writing to a seekable file puts a placeholder count in the header and fixes it at the
end; writing to a pipe spools the body to a temporary file first (the header must come
first and hold the count).

>>> import io
>>> from sudokit.grid import Grid
>>> buf = io.BytesIO()
>>> w = NpyWriter(buf); w.write(Record(Grid("12" + "." * 79))); w.close()
>>> [str(r.puzzle)[:3] for r in read_npy(io.BytesIO(buf.getvalue()), "x.npy")]
['12.']
"""

from __future__ import annotations

import ast
import shutil
import struct
import tempfile
from collections.abc import Iterator
from typing import IO, Any

from ..errors import MissingDependencyError
from ..grid import Grid
from ..limits import MAX_NPY_HEADER
from ._errors import format_error
from .record import Record

__all__ = ["read_npy", "NpyWriter"]

_MAGIC = b"\x93NUMPY"
_HEADER_SIZE = 128  # total bytes of magic + header, a multiple of 64 with room for a 20-digit count
_TO_NPY = bytes.maketrans(b".123456789", bytes(range(10)))
_FROM_NPY = bytes(range(10)).translate(bytes.maketrans(bytes(range(10)), b".123456789")) + b"?" * 246
_BLOCK = 8192  # rows per read


def _header(count: int) -> bytes:
    text = "{'descr': '|u1', 'fortran_order': False, 'shape': (%d, 81), }" % count
    body = text.ljust(_HEADER_SIZE - len(_MAGIC) - 4 - 1) + "\n"
    return _MAGIC + b"\x01\x00" + struct.pack("<H", len(body)) + body.encode("latin-1")


def _read_header(stream: IO[bytes], source: str) -> dict[str, Any]:
    magic = stream.read(8)
    if len(magic) < 8 or not magic.startswith(_MAGIC):
        raise format_error("not a .npy file (bad magic bytes)", source)
    major = magic[6]
    size_bytes = stream.read(2 if major == 1 else 4)
    try:
        (size,) = struct.unpack("<H" if major == 1 else "<I", size_bytes)
    except struct.error:
        raise format_error("unreadable .npy header", source) from None
    if size > MAX_NPY_HEADER:  # a v2 header may claim 4 GB: never read that much
        raise format_error(f"the .npy header claims {size:,} bytes (limit {MAX_NPY_HEADER:,})", source)
    try:
        header = ast.literal_eval(stream.read(size).decode("latin-1"))
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError, struct.error):
        raise format_error("unreadable .npy header", source) from None
    if not isinstance(header, dict) or not {"descr", "fortran_order", "shape"} <= set(header):
        raise format_error("unreadable .npy header", source)
    shape, descr = header["shape"], header["descr"]
    if not isinstance(shape, tuple) or not all(type(n) is int and n >= 0 for n in shape) or not isinstance(descr, str):
        raise format_error(f"unreadable .npy header (shape {shape!r}, dtype {descr!r})", source)
    return header


def read_npy(stream: IO[bytes], source: str) -> Iterator[Record]:
    """Yield one record per row of an ``(n, 81)`` or ``(n, 9, 9)`` integer array, lazily."""
    header = _read_header(stream, source)
    shape = tuple(header["shape"])
    if len(shape) not in (2, 3) or shape[1:] not in ((81,), (9, 9)):
        raise format_error(f"expected an array of shape (n, 81) or (n, 9, 9), got {shape}", source)
    if header["fortran_order"]:
        raise format_error("Fortran-ordered arrays cannot be streamed; save with numpy.ascontiguousarray", source)
    descr = str(header["descr"])
    count = int(shape[0])
    if descr in ("|u1", "|i1", "u1", "i1"):
        yield from _rows_uint8(stream, count, source)
    else:
        yield from _rows_numpy(stream, count, descr, source)


def _rows_uint8(stream: IO[bytes], count: int, source: str) -> Iterator[Record]:
    done = 0
    while done < count:
        want = min(_BLOCK, count - done)
        block = stream.read(81 * want)
        if len(block) != 81 * want:
            raise format_error(f"file ends after {done + len(block) // 81} of {count} rows", source, done + len(block) // 81 + 1)
        text = block.translate(_FROM_NPY)
        for k in range(want):
            yield Record(_checked(text[81 * k : 81 * k + 81], source, done + k + 1))
        done += want


def _checked(cells: bytes, source: str, row: int) -> Grid:
    bad = cells.find(b"?")
    if bad >= 0:
        raise format_error(f"row {row}: cell {bad + 1} is not a digit 0-9", source, row, bad + 1)
    return Grid._trusted(cells)


def _rows_numpy(stream: IO[bytes], count: int, descr: str, source: str) -> Iterator[Record]:
    try:
        import numpy as np
    except ImportError:
        raise MissingDependencyError(f"{source}: reading a {descr} array needs NumPy: install sudokit[numpy] (uint8 arrays need nothing)") from None
    try:
        dtype = np.dtype(descr)
    except (TypeError, ValueError, SyntaxError):  # numpy parses "3 070u1"-like shapes with Python's parser
        raise format_error(f"unknown dtype {descr!r} in the .npy header", source) from None
    if dtype.kind not in "iu":
        raise format_error(f"expected an integer array, got dtype {dtype}", source)
    done = 0
    while done < count:
        want = min(_BLOCK, count - done)
        block = stream.read(81 * want * dtype.itemsize)
        if len(block) % dtype.itemsize:  # cut inside a value: frombuffer would raise ValueError
            block = block[: len(block) - len(block) % dtype.itemsize]
        rows = np.frombuffer(block, dtype=dtype)
        if rows.size != 81 * want:
            raise format_error(f"file ends after {done + rows.size // 81} of {count} rows", source)
        if rows.min(initial=0) < 0 or rows.max(initial=0) > 9:
            raise format_error(f"rows {done + 1}..{done + want}: values must be 0-9", source, done + 1)
        text = rows.astype(np.uint8).tobytes().translate(_FROM_NPY)
        for k in range(want):
            yield Record(Grid._trusted(text[81 * k : 81 * k + 81]))
        done += want


class NpyWriter:
    """Writes puzzles as a ``uint8 (n, 81)`` array, incrementally."""

    def __init__(self, stream: IO[bytes]) -> None:
        self._out = stream
        self._count = 0
        self._seekable = _seekable(stream)
        if self._seekable:
            self._start = stream.tell()
            stream.write(_header(0))
            self._body: IO[bytes] = stream
        else:
            self._body = tempfile.TemporaryFile()

    def write(self, record: Record) -> None:
        """Append the record's puzzle as one row (other fields are not stored)."""
        self._body.write(bytes(record.puzzle).translate(_TO_NPY))
        self._count += 1

    def close(self) -> None:
        """Write the real row count into the header (or copy the spooled body out)."""
        if self._seekable:
            end = self._out.tell()
            self._out.seek(self._start)
            self._out.write(_header(self._count))
            self._out.seek(end)
        else:
            self._out.write(_header(self._count))
            self._body.seek(0)
            shutil.copyfileobj(self._body, self._out)
            self._body.close()
        self._out.flush()


def _seekable(stream: IO[bytes]) -> bool:
    try:
        return stream.seekable()
    except (AttributeError, ValueError):
        return False
