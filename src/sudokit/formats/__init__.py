"""Reading and writing the file formats Sudoku tools exchange.

Single puzzles (:func:`read`, :func:`write`) come back as a :class:`~sudokit.grid.Grid`,
or a :class:`PencilGrid` for pencil-mark formats. Collections stream
(:func:`read_collection` yields :class:`Record` values lazily, :func:`write_collection`
and :func:`open_writer` write incrementally), so a multi-GB file never has to fit in memory.
Formats are picked from the extension, else from the content (:func:`detect_format`), or
named explicitly with ``format=``. See ``docs/formats.md`` for every format.

>>> import io
>>> from sudokit.formats import read, write, write_collection, read_collection
>>> out = io.StringIO()
>>> write_collection([{"puzzle": "." * 81, "rating": 1.5}], out, format="jsonl")
1
>>> [r.rating for r in read_collection(io.StringIO(out.getvalue()))]
[1.5]
"""

from __future__ import annotations

import io
import os
from collections.abc import Iterable, Iterator
from itertools import chain, islice
from typing import IO, Any, cast

from .._atomic import is_user_stop
from ..limits import bounded_lines, joined, read_bounded
from ..grid import Grid
from . import _registry
from ._base import CollectionWriter
from ._detect import detect_format
from ._errors import format_error
from ._io import Source, is_binary_stream, is_path, name_of, open_binary, open_text
from ._registry import FormatSpec, Puzzle, all_formats
from .pencil import PencilGrid
from .record import FIELDS, Record, RecordLike
from . import _builtin  # noqa: F401  (registers the built-in formats)

__all__ = [
    "FIELDS",
    "FormatSpec",
    "PencilGrid",
    "Puzzle",
    "Record",
    "RecordLike",
    "Writer",
    "all_formats",
    "detect_format",
    "format_names",
    "open_writer",
    "read",
    "read_collection",
    "write",
    "write_collection",
]

_HEAD = 64 * 1024
_NOT_UTF8 = "not UTF-8 text (is it a binary format? name it: --from / format=)"


def format_names() -> list[str]:
    """The names accepted by ``format=`` (and ``--from/--to``)."""
    return [spec.name for spec in all_formats()]


# ------------------------------------------------------------------ reading
def read(source: Source, format: str | None = None, *, name: str | None = None) -> Puzzle:
    """Read one puzzle from a path or an open stream.

    Returns a :class:`Grid`, or a :class:`PencilGrid` for pencil-mark formats
    (``sukaku``, ``pm``). A collection file with exactly one puzzle reads too; with more,
    :class:`InvalidFormatError` says to use :func:`read_collection`. ``name`` overrides
    the source's name in error messages (useful for streams).
    """
    name = name or name_of(source)
    data = _read_all(source, name)
    spec = _resolve(source, format, data[:_HEAD])
    if spec.loads is not None:
        text = _decode(data, name)
        return spec.loads(text, name)
    records = _records(spec, data, name)
    first = next(records, None)
    if first is None:
        raise format_error("no puzzle found", name)
    if next(records, None) is not None:
        raise format_error(f"holds more than one puzzle (format {spec.name}); read it as a collection", name)
    return first.puzzle


def read_collection(source: Source, format: str | None = None, *, name: str | None = None) -> Iterator[Record]:
    """Yield every puzzle of a collection as a :class:`Record`, lazily.

    Text formats are read line by line and binary ones in blocks, so memory stays flat
    however large the file. Single-puzzle formats yield one record (a pencil grid yields
    its placed digits). Errors are :class:`InvalidFormatError` naming ``file:line``
    (``name`` overrides the source's name in them).
    """
    name = name or name_of(source)
    if is_path(source):
        with open(cast("str | os.PathLike[str]", source), "rb") as probe:
            head = probe.read(_HEAD)
        spec = _resolve(source, format, head)
        yield from _stream_records(spec, source, name)
        return
    yield from _stream_from_open(source, format, name)


def _stream_from_open(stream: Source, format: str | None, name: str) -> Iterator[Record]:
    if is_binary_stream(stream):
        buffered = cast(IO[bytes], stream)
        head = buffered.peek(_HEAD)[:_HEAD] if hasattr(buffered, "peek") else b""
        if head or format is not None:
            spec = _resolve(stream, format, head)
            yield from _stream_records(spec, stream, name)
            return
        data = read_bounded(buffered, name)
        spec = _resolve(stream, format, data[:_HEAD])
        yield from _records(spec, data, name)
        return
    lines = bounded_lines(cast(IO[str], stream), name)
    head_lines = list(islice(lines, 50))
    spec = _resolve(stream, format, "".join(head_lines).encode("utf-8"))
    if spec.binary:
        raise TypeError(f"{name}: format {spec.name} needs a binary stream")
    yield from _text_records(spec, chain(head_lines, lines), name)


def _stream_records(spec: FormatSpec, source: Source, name: str) -> Iterator[Record]:
    if spec.binary:
        with open_binary(source, "r") as stream:
            yield from _binary_records(spec, stream, name)
    else:
        with open_text(source, "r") as text:
            try:
                yield from _text_records(spec, bounded_lines(text, name), name)
            except UnicodeDecodeError:  # raised while reading lines, after the last good record
                raise format_error(_NOT_UTF8, name) from None


def _text_records(spec: FormatSpec, lines: Iterable[str], name: str) -> Iterator[Record]:
    if spec.read_records is not None:
        yield from spec.read_records(lines, name)
        return
    assert spec.loads is not None
    yield Record(_as_grid(spec.loads(joined(lines, name), name)))


def _binary_records(spec: FormatSpec, stream: IO[bytes], name: str) -> Iterator[Record]:
    assert spec.read_records is not None
    yield from spec.read_records(stream, name)


def _records(spec: FormatSpec, data: bytes, name: str) -> Iterator[Record]:
    if spec.binary:
        return _binary_records(spec, io.BytesIO(data), name)
    return _text_records(spec, io.StringIO(_decode(data, name), newline=None), name)


def _as_grid(puzzle: Puzzle) -> Grid:
    return puzzle.to_grid() if isinstance(puzzle, PencilGrid) else puzzle


def _read_all(source: Source, name: str) -> bytes:
    """The whole input of a single puzzle, at most MAX_WHOLE_BYTES (sudokit.limits)."""
    if is_path(source):
        with open(cast("str | os.PathLike[str]", source), "rb") as stream:
            return bytes(read_bounded(stream, name))
    if is_binary_stream(source):
        return bytes(read_bounded(cast(IO[bytes], source), name))
    return str(read_bounded(cast(IO[str], source), name)).encode("utf-8")


def _decode(data: bytes, name: str) -> str:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise format_error(_NOT_UTF8, name, line) from None
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _resolve(source: Source, format: str | None, head: bytes) -> FormatSpec:
    if format is not None:
        return _registry.get(format)
    path = os.fspath(cast("str | os.PathLike[str]", source)) if is_path(source) else getattr(source, "name", None)
    return _registry.get(detect_format(path if isinstance(path, str) else None, head))


# ------------------------------------------------------------------ writing
def write(obj: Puzzle | str, target: Source, format: str | None = None) -> None:
    """Write one puzzle (a Grid, a PencilGrid or a puzzle string) to a path or stream.

    The format comes from ``format=`` or the target's extension; a stream with no name
    gets the 81-character ``line`` format (``sukaku`` for a pencil grid). The argument
    order is the same as :func:`write_collection`'s: what to write, then where.
    """
    if callable(getattr(obj, "write", None)) or isinstance(obj, os.PathLike) or (isinstance(obj, str) and not _is_target(target)):
        raise TypeError(f"write(obj, target): the puzzle comes first, then the path or stream; got a {type(target).__name__} as the target")
    _check_target(target, "write")
    puzzle: Puzzle = obj if isinstance(obj, (Grid, PencilGrid)) else Grid.parse(obj)
    spec = _target_spec(target, format, default="sukaku" if isinstance(puzzle, PencilGrid) else "line")
    if isinstance(puzzle, PencilGrid) and not spec.pencil:
        raise ValueError(f"format {spec.name} cannot hold pencil marks; write puzzle.to_grid() or use sukaku, pm, json or hodoku")
    if spec.dumps is None:
        write_collection([Record(_as_grid(puzzle))], target, format=spec.name)
        return
    text = spec.dumps(puzzle)
    with open_text(target, "w") as stream:
        stream.write(text)


def write_collection(records: Iterable[RecordLike], target: Source, format: str | None = None) -> int:
    """Write records (dicts with :data:`FIELDS` keys, :class:`Record`, Grid or strings),
    streaming: records are consumed one at a time. Returns how many were written.

    The format comes from ``format=`` or the target's extension (``txt`` for an unnamed
    stream). A single-puzzle format accepts exactly one record. The order is what to write,
    then where, as for :func:`write`; the 0.1 order ``(target, records)`` still works with
    a DeprecationWarning.
    """
    if _is_target(records) and not _is_target(target):
        import warnings

        warnings.warn("write_collection(target, records) is the 0.1 argument order; use write_collection(records, target)",
                      DeprecationWarning, stacklevel=2)
        records, target = cast(Iterable[RecordLike], target), cast(Source, records)
    _check_target(target, "write_collection")
    if isinstance(records, (str, bytes, Grid, Record, PencilGrid)) or not isinstance(records, Iterable):
        raise TypeError(f"write_collection(records, target): records must be an iterable of records, got a {type(records).__name__} "
                        "(write one puzzle with write())")
    count = 0
    with open_writer(target, format) as writer:
        for item in records:
            writer.write(Record.of(item))
            count += 1
    return count


def _is_target(value: object) -> bool:
    """A path (str or os.PathLike) or a writable stream."""
    return isinstance(value, (str, os.PathLike)) or callable(getattr(value, "write", None))


def _check_target(target: object, function: str) -> None:
    if not _is_target(target):
        raise TypeError(f"{function}: the target must be a file path or a writable stream, got a {type(target).__name__}")


class Writer:
    """An open collection being written (from :func:`open_writer`): ``write`` records one
    at a time, ``close`` (or leaving the ``with`` block) finishes the file."""

    def __init__(self, spec: FormatSpec, target: Source) -> None:
        self.spec, self.target = spec, target
        self._context: Any = open_binary(target, "w") if spec.binary else open_text(target, "w")
        self._stream = self._context.__enter__()
        self._inner: CollectionWriter = (
            spec.writer(self._stream) if spec.writer else _SingleWriter(spec, cast(IO[str], self._stream))
        )

    def write(self, record: RecordLike) -> None:
        """Append one record (dict, Record, Grid or puzzle string)."""
        self._inner.write(Record.of(record))

    def close(self) -> None:
        """Finish the file; closes it only if this writer opened it."""
        self._finish(None)

    def _finish(self, exc: BaseException | None) -> None:
        """Write the trailer and keep the file, unless ``exc`` is a bad input or a bug:
        then a file opened here is dropped (the previous one stays). After Ctrl-C,
        SIGTERM or a spent budget the records written so far are kept, as a whole file."""
        if self._context is None:
            return
        context, self._context = self._context, None
        try:
            self._inner.close()
        except BaseException as error:
            if exc is None or is_user_stop(exc):
                context.__exit__(type(error), error, error.__traceback__)
                raise
        if exc is None:
            context.__exit__(None, None, None)
        else:
            context.__exit__(type(exc), exc, exc.__traceback__)  # commits or discards; never swallows

    def __enter__(self) -> Writer:
        return self

    def __exit__(self, exc_type: object, exc: BaseException | None, tb: object) -> None:
        self._finish(exc)


class _SingleWriter:
    """Adapts a single-puzzle format to the writer protocol (exactly one record)."""

    def __init__(self, spec: FormatSpec, stream: IO[str]) -> None:
        self.spec, self.stream, self.count = spec, stream, 0

    def write(self, record: Record) -> None:
        """Write the one record; a second one is a ``ValueError``."""
        self.count += 1
        if self.count > 1:
            raise ValueError(f"format {self.spec.name} holds one puzzle; use txt, csv, jsonl, sdm, parquet or npy for many")
        if self.spec.dumps_record is not None:
            self.stream.write(self.spec.dumps_record(record))
        else:
            assert self.spec.dumps is not None
            self.stream.write(self.spec.dumps(record.puzzle))

    def close(self) -> None:
        """Flush the stream."""
        self.stream.flush()


def open_writer(target: Source, format: str | None = None) -> Writer:
    """An incremental writer: ``with open_writer("out.csv") as w: w.write({...})``."""
    return Writer(_target_spec(target, format, default="txt"), target)


def _target_spec(target: Source, format: str | None, default: str) -> FormatSpec:
    if format is not None:
        return _registry.get(format)
    path = os.fspath(cast("str | os.PathLike[str]", target)) if is_path(target) else getattr(target, "name", None)
    if isinstance(path, str):
        spec = _registry.by_extension(os.path.splitext(path)[1])
        if spec is not None:
            return spec
        if is_path(target):
            raise ValueError(f"{path}: cannot tell the format from the extension; name it with format=")
    return _registry.get(default)

