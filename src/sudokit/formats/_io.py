"""Opening paths and streams as text or bytes, whichever a format needs.

A *source* is a path (``str`` / ``os.PathLike``), ``"-"`` (stdin/stdout, only from the CLI),
or an open stream, text or binary. Formats say whether they want text or bytes; these
helpers adapt, and never close a stream the caller handed in. A path opened for writing
is written atomically (:mod:`sudokit._atomic`): a temporary file renamed over it at the
end, so a killed writer leaves the previous file, never half a file.
"""

from __future__ import annotations

import io
import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO, Any, Union, cast

from .._atomic import atomic_write

Source = Union[str, "os.PathLike[str]", IO[str], IO[bytes]]


def is_path(source: object) -> bool:
    """True for a file-system path (as opposed to an open stream)."""
    return isinstance(source, (str, os.PathLike))


def name_of(source: object) -> str:
    """A short name for messages: the path, the stream's ``name``, or ``<stream>``."""
    if is_path(source):
        return os.fspath(cast("os.PathLike[str]", source))
    name = getattr(source, "name", None)
    return name if isinstance(name, str) else "<stream>"


def is_binary_stream(stream: object) -> bool:
    """True when a stream reads/writes bytes rather than str."""
    if isinstance(stream, io.TextIOBase):
        return False
    if isinstance(stream, (io.BufferedIOBase, io.RawIOBase)):
        return True
    return "b" in str(getattr(stream, "mode", ""))


def _encoding(mode: str) -> str:
    """UTF-8; on reading a byte-order mark (as spreadsheet programs write) is skipped."""
    return "utf-8-sig" if mode == "r" else "utf-8"


@contextmanager
def open_text(source: Source, mode: str) -> Iterator[IO[str]]:
    """A text stream (UTF-8, universal newlines on read) for a path or any stream."""
    if is_path(source):
        path = cast("str | os.PathLike[str]", source)
        if mode != "r":
            with atomic_write(path, text=True, keep_partial=True) as stream:
                yield stream
            return
        with open(path, mode, encoding=_encoding(mode), newline=None) as stream:
            yield stream
    elif is_binary_stream(source):
        # Through a proxy whose close() does nothing: if flushing fails (a closed pipe), the
        # wrapper cannot be detached, and collecting it must not close the caller's stream.
        wrapper = io.TextIOWrapper(cast(Any, _Borrowed(cast(IO[bytes], source))), encoding=_encoding(mode), newline=None if mode == "r" else "")
        try:
            yield wrapper
        finally:
            if mode != "r":
                wrapper.flush()
            wrapper.detach()
    else:
        yield cast(IO[str], source)


@contextmanager
def open_binary(source: Source, mode: str) -> Iterator[IO[bytes]]:
    """A binary stream for a path or a binary stream (text streams get a clear error)."""
    if is_path(source):
        if mode != "r":
            with atomic_write(cast("str | os.PathLike[str]", source), keep_partial=True) as binary:
                yield binary
            return
        with open(cast("str | os.PathLike[str]", source), mode + "b") as stream:
            yield stream
    elif is_binary_stream(source):
        yield cast(IO[bytes], source)
    else:
        buffer: Any = getattr(source, "buffer", None)
        if buffer is None:
            raise TypeError(f"{name_of(source)}: this format needs a binary stream, got a text stream")
        if mode != "r":
            cast(IO[str], source).flush()
        yield cast(IO[bytes], buffer)


class _Borrowed(io.BufferedIOBase):
    """A caller's binary stream lent to a TextIOWrapper: everything is passed through
    except ``close``, which leaves the caller's stream open."""

    def __init__(self, raw: IO[bytes]) -> None:
        super().__init__()
        self._raw: Any = raw

    def readable(self) -> bool:
        return bool(self._raw.readable())

    def writable(self) -> bool:
        return bool(self._raw.writable())

    def seekable(self) -> bool:
        return False  # TextIOWrapper would otherwise tell()/seek() the caller's stream

    def read(self, size: int | None = -1) -> bytes:
        return bytes(self._raw.read(size))

    def read1(self, size: int = -1) -> bytes:
        reader = getattr(self._raw, "read1", self._raw.read)
        return bytes(reader(size))

    def readinto(self, buffer: Any) -> int:
        data = self.read1(len(buffer))
        buffer[: len(data)] = data
        return len(data)

    def write(self, data: Any) -> int:
        return int(self._raw.write(data))

    def flush(self) -> None:
        self._raw.flush()

    def close(self) -> None:
        pass

    @property
    def closed(self) -> bool:
        return bool(self._raw.closed)
