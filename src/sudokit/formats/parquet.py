"""Parquet collections via pyarrow (optional: ``pip install sudokit[parquet]``).

Columns: ``puzzle`` (string, required), ``solution`` (string), ``rating`` (double, or
string when the ratings are labels), ``techniques`` (list of strings), ``seed`` (int64).
Reading matches column names like CSV does (``quizzes``/``solutions`` ...) and streams
record batches; writing buffers :data:`ROW_GROUP` records and writes each buffer as one
row group, so memory stays bounded. The ``rating`` type is fixed by the first row group.
"""

from __future__ import annotations

import importlib
import shutil
import tempfile
from collections.abc import Iterator
from typing import IO, Any

from ..errors import InvalidFormatError, MissingDependencyError
from ..grid import Grid
from ._errors import format_error
from .csvfmt import ALIASES
from .record import FIELDS, Record

__all__ = ["read_parquet", "ParquetWriter", "ROW_GROUP"]

#: Records per row group (and per read batch).
ROW_GROUP = 65536


def _pyarrow() -> Any:
    try:
        # Imported by name: pyarrow ships no type information.
        pyarrow = importlib.import_module("pyarrow")
        importlib.import_module("pyarrow.parquet")
    except ImportError:
        raise MissingDependencyError("Parquet needs pyarrow: install sudokit[parquet] (pip install 'sudokit[parquet]')") from None
    return pyarrow


def read_parquet(stream: IO[bytes], source: str) -> Iterator[Record]:
    """Yield one record per row, reading one batch of rows at a time."""
    pa = _pyarrow()
    if _seekable(stream):
        yield from _read(pa, stream, source)
        return
    # Parquet's footer is at the end: it needs seeking. Spool a pipe to a temporary file
    # (on disk, not in memory: a pipe may carry gigabytes).
    with tempfile.TemporaryFile() as spool:
        shutil.copyfileobj(stream, spool, 1 << 20)
        spool.seek(0)
        yield from _read(pa, spool, source)


def _read(pa: Any, stream: IO[bytes], source: str) -> Iterator[Record]:
    try:
        parquet = pa.parquet.ParquetFile(stream)
        names = parquet.schema_arrow.names
    except _errors(pa) as exc:
        raise _damaged(exc, "not a Parquet file", source) from None
    mapping = {name: ALIASES[name.lower()] for name in names if name.lower() in ALIASES}
    if "puzzle" not in mapping.values():
        raise format_error(f"no puzzle column (columns: {', '.join(names)})", source)
    row = 0
    batches = parquet.iter_batches(batch_size=ROW_GROUP, columns=list(mapping))
    while True:
        try:
            batch = next(batches, None)
            if batch is None:
                return
            columns = {mapping[name]: batch.column(name).to_pylist() for name in mapping}
        except _errors(pa) as exc:
            raise _damaged(exc, f"damaged Parquet file after row {row}", source) from None
        for k in range(batch.num_rows):
            row += 1
            yield _record({key: values[k] for key, values in columns.items()}, source, row)


def _errors(pa: Any) -> tuple[type[BaseException], ...]:
    """What pyarrow raises on a damaged file: its own errors, OSError, and (for corrupt
    string pages or metadata) UnicodeDecodeError, ValueError, IndexError, MemoryError."""
    return (pa.ArrowException, OSError, UnicodeDecodeError, ValueError, IndexError, MemoryError, OverflowError)


def _damaged(exc: BaseException, what: str, source: str) -> BaseException:
    """pyarrow's error for a corrupt file as a format error; a real I/O error (with an
    errno, from the operating system) stays what it is."""
    if isinstance(exc, OSError) and exc.errno is not None:
        return exc
    detail = f"{type(exc).__name__}" if isinstance(exc, (UnicodeDecodeError, MemoryError)) else f"{exc}"[:200]
    return format_error(f"{what}: {detail}", source)


def _record(data: dict[str, Any], source: str, row: int) -> Record:
    try:
        return Record.of(data)
    except InvalidFormatError as exc:
        raise format_error(f"row {row}: {exc}", source, row) from None


class ParquetWriter:
    """Buffers records and writes them one row group at a time."""

    def __init__(self, stream: IO[bytes]) -> None:
        self._pa = _pyarrow()
        self._stream = stream
        self._rows: list[Record] = []
        self._writer: Any = None
        self._schema: Any = None

    def write(self, record: Record) -> None:
        """Buffer one record; a full buffer becomes a row group."""
        self._rows.append(record)
        if len(self._rows) >= ROW_GROUP:
            self._flush()

    def close(self) -> None:
        """Write the last row group and the file footer."""
        self._flush()
        if self._writer is None:
            self._schema = self._make_schema([])
            self._writer = self._pa.parquet.ParquetWriter(self._stream, self._schema)
        self._writer.close()

    def _flush(self) -> None:
        if not self._rows:
            return
        if self._schema is None:
            self._schema = self._make_schema(self._rows)
            self._writer = self._pa.parquet.ParquetWriter(self._stream, self._schema)
        self._writer.write_table(self._table(self._rows), row_group_size=len(self._rows))
        self._rows = []

    def _make_schema(self, rows: list[Record]) -> Any:
        pa = self._pa
        ratings = [r.rating for r in rows if r.rating is not None]
        numeric = all(isinstance(v, (int, float)) for v in ratings)
        return pa.schema(
            [
                pa.field("puzzle", pa.string(), nullable=False),
                pa.field("solution", pa.string()),
                pa.field("rating", pa.float64() if numeric else pa.string()),
                pa.field("techniques", pa.list_(pa.string())),
                pa.field("seed", pa.int64()),
            ]
        )

    def _table(self, rows: list[Record]) -> Any:
        numeric = self._schema.field("rating").type == self._pa.float64()
        columns = {
            "puzzle": [str(r.puzzle) for r in rows],
            "solution": [_text(r.solution) for r in rows],
            "rating": [_rating(r.rating, numeric) for r in rows],
            "techniques": [None if r.techniques is None else list(r.techniques) for r in rows],
            "seed": [_seed(r.seed) for r in rows],
        }
        assert tuple(columns) == FIELDS
        return self._pa.table(columns, schema=self._schema)


def _seed(value: int | None) -> int | None:
    """A seed for the int64 column (pyarrow raised a bare OverflowError beyond it)."""
    if value is not None and not -(2**63) <= value < 2**63:
        raise InvalidFormatError(f"seed {value} does not fit Parquet's int64 seed column (use CSV or JSONL for it)")
    return value


def _text(grid: Grid | None) -> str | None:
    return None if grid is None else str(grid)


def _rating(value: Any, numeric: bool) -> Any:
    if value is None:
        return None
    if numeric:
        if isinstance(value, str):
            raise ValueError(f"rating {value!r} is a label but this file's rating column is numeric (set by the first row group)")
        return float(value)
    return str(value)


def _seekable(stream: IO[bytes]) -> bool:
    try:
        return stream.seekable()
    except (AttributeError, ValueError):
        return False
