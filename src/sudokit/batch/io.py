"""Batch input and output: read files in chunks of rows, encode result chunks as bytes.

Formats (``line``, ``csv``, ``jsonl``, ``parquet``) follow the file extension unless named.
Readers stream: at most one chunk of rows is in memory, and every input row becomes exactly
one row of a chunk, so a damaged record is a bad row (``status`` ``invalid`` and why) in
the output instead of a gap. Whitespace-only lines are not rows.

* ``line``: one puzzle a line; ``#`` lines are skipped, ``puzzle # comment`` and
  ``puzzle:count:solution`` lines give their puzzle.
* ``csv``: a header row names the columns; the puzzle column is found by name
  (``puzzle``, ``quizzes``, ``grid``, ... as in :mod:`sudokit.formats.csvfmt`) or given with
  ``column`` (a name, or a 1-based number for a file without a header). Both Kaggle
  layouts (``quizzes,solutions`` with ``0`` blanks; ``id,puzzle,solution,clues,difficulty``
  with ``.``) and ``puzzle,solution`` are read as they are. One record a line.
* ``jsonl``: an object per line (puzzle key found as for CSV) or a bare JSON string.
* ``parquet``: a string column, found as for CSV; read one batch at a time.
"""

from __future__ import annotations

import csv
import io
import json
import os
from collections.abc import Iterator
from itertools import chain, islice
from typing import IO, Any

from ..errors import InvalidFormatError
from ..formats.csvfmt import ALIASES
from ._deps import arrow, arrow_csv, parquet
from .ops import COLUMNS, MAIN, Chunk, schema

__all__ = ["FORMATS", "format_for", "read_chunks", "count_rows_hint", "encode", "generate_chunks", "first_row"]

FORMATS = ("line", "csv", "jsonl", "parquet")
_EXTENSIONS = {".csv": "csv", ".jsonl": "jsonl", ".ndjson": "jsonl", ".parquet": "parquet", ".pq": "parquet"}


def format_for(path: str, named: str | None = None) -> str:
    """The format to use for ``path``: ``named`` when given, else from the extension
    (anything unknown, ``.txt`` included, is ``line``)."""
    if named:
        if named not in FORMATS:
            raise InvalidFormatError(f"unknown batch format {named!r} (choose from {', '.join(FORMATS)})")
        return named
    return _EXTENSIONS.get(os.path.splitext(path)[1].lower(), "line")


# ------------------------------------------------------------------ reading
def read_chunks(path: str, fmt: str, rows: int, column: str | None = None) -> Iterator[Chunk]:
    """The input as consecutive chunks of ``rows`` rows (the last may be shorter)."""
    readers = {"line": _line_chunks, "csv": _csv_chunks, "jsonl": _jsonl_chunks, "parquet": _parquet_chunks}
    index = start = 0
    for puzzles, read_errors in readers[fmt](path, rows, column):
        yield Chunk(index, start, len(puzzles), puzzles, read_errors)
        index, start = index + 1, start + len(puzzles)


def generate_chunks(count: int, rows: int) -> Iterator[Chunk]:
    """Chunks of row numbers for ``generate`` (no input)."""
    for index, start in enumerate(range(0, count, rows)):
        yield Chunk(index, start, min(rows, count - start))


def count_rows_hint(path: str, fmt: str) -> int | None:
    """The number of rows when it is cheap to know (Parquet's footer), else None."""
    if fmt == "parquet":
        return int(parquet().ParquetFile(path).metadata.num_rows)
    return None


def _lines(stream: Iterator[bytes] | IO[bytes], rows: int) -> Iterator[list[bytes]]:
    """Blocks of ``rows`` lines (the last may be shorter). A chunk is a block of lines, so
    its rows are the block's non-blank lines: chunk boundaries depend on the file only."""
    while block := list(islice(stream, rows)):
        yield block



def _decode(line: bytes) -> str:
    return line.decode("utf-8", errors="replace").strip()


def _line_chunks(path: str, rows: int, column: str | None) -> Iterator[tuple[Any, list[str | None] | None]]:
    pa = arrow()
    with open(path, "rb") as stream:
        pending: list[str] = []
        for block in _lines(stream, rows):
            pending.extend(_line_puzzle(text) for text in map(_decode, block) if text and not text.startswith("#"))
            while len(pending) >= rows:
                yield pa.array(pending[:rows], type=pa.string()), None
                pending = pending[rows:]
        if pending:
            yield pa.array(pending, type=pa.string()), None


def _line_puzzle(text: str) -> str:
    """The puzzle of a ``puzzle # comment`` or ``puzzle:count:solution`` line; a variant
    puzzle (JSON, a link: they hold ``:`` themselves) is the whole line."""
    if len(text) != 81 and _variant_text(text):  # an 81-character line is a classic puzzle
        return text
    return text.split(" #", 1)[0].split(":", 1)[0].strip()


def _variant_text(text: str) -> bool:
    from ..variants.load import is_variant_text

    return is_variant_text(text)


def first_row(path: str, fmt: str) -> str | None:
    """The puzzle text of the first row of a ``line`` or ``jsonl`` file (None: no rows)."""
    with open(path, "rb") as stream:
        for text in map(_decode, stream):
            if fmt == "line" and text and not text.startswith("#"):
                return _line_puzzle(text)
            if fmt == "jsonl" and text:
                return _json_puzzle(text, None)[0]
    return None


def _find_column(names: list[str], column: str | None, source: str) -> int:
    """The index of the puzzle column among ``names``."""
    if column is not None:
        if column in names:
            return names.index(column)
        if column.isdigit() and 1 <= int(column) <= len(names):
            return int(column) - 1
        raise InvalidFormatError(f"{source}: no column {column!r} (columns: {', '.join(names)})")
    for k, name in enumerate(names):
        if ALIASES.get(name.strip().lower()) == "puzzle":
            return k
    raise InvalidFormatError(f"{source}: no puzzle column in {', '.join(names)} (name it with --column)")


def _looks_like_puzzle(text: str) -> bool:
    text = text.strip()
    return len(text) == 81 and all(ch in "123456789.0_*" for ch in text)


def _csv_chunks(path: str, rows: int, column: str | None) -> Iterator[tuple[Any, list[str | None] | None]]:
    with open(path, "rb") as stream:
        lines: Iterator[bytes] = iter(stream)
        first = next((line for line in lines if line.strip()), None)
        if first is None:
            return
        fields = next(csv.reader([_decode(first)]), [])
        if any(_looks_like_puzzle(field) for field in fields):  # no header: the first row is data
            names = [str(k + 1) for k in range(len(fields))]
            position = _find_column(names, column, path) if column else next(k for k, f in enumerate(fields) if _looks_like_puzzle(f))
            lines = chain([first], lines)
        else:
            names = [name.strip() for name in fields]
            position = _find_column(names, column, path)
        for block in _lines(lines, rows):
            yield _csv_block(block, len(names), position)


def _csv_block(lines: list[bytes], width: int, position: int) -> tuple[Any, list[str | None] | None]:
    """One column of a block of CSV lines: pyarrow's parser when every line is well formed,
    else line by line with the csv module (a damaged line becomes a bad row, not a gap)."""
    pa, pacsv = arrow(), arrow_csv()
    names = [f"c{k}" for k in range(width)]
    try:
        table = pacsv.read_csv(
            io.BytesIO(b"".join(lines)),
            read_options=pacsv.ReadOptions(column_names=names, use_threads=False),
            convert_options=pacsv.ConvertOptions(column_types={n: pa.string() for n in names}, include_columns=[names[position]],
                                                  strings_can_be_null=False, quoted_strings_can_be_null=False),
        )
        if table.num_rows == len(lines):
            return table.column(0).combine_chunks(), None
    except (pa.ArrowInvalid, pa.ArrowException):
        pass
    return _csv_slow(lines, width, position)


def _csv_slow(lines: list[bytes], width: int, position: int) -> tuple[Any, list[str | None]]:
    pa = arrow()
    puzzles: list[str | None] = []
    errors: list[str | None] = []
    for text in filter(None, map(_decode, lines)):
        try:
            fields = next(csv.reader([text]), [])
        except csv.Error as exc:
            puzzles.append(text)
            errors.append(f"not valid CSV: {exc}")
            continue
        if len(fields) != width or position >= len(fields):
            puzzles.append(text)
            errors.append(f"expected {width} fields, got {len(fields)}")
        else:
            puzzles.append(fields[position])
            errors.append(None)
    return pa.array(puzzles, type=pa.string()), errors


def _jsonl_chunks(path: str, rows: int, column: str | None) -> Iterator[tuple[Any, list[str | None] | None]]:
    pa = arrow()
    with open(path, "rb") as stream:
        for block in _lines(stream, rows):
            puzzles: list[str | None] = []
            errors: list[str | None] = []
            for text in filter(None, map(_decode, block)):
                puzzle, error = _json_puzzle(text, column)
                puzzles.append(puzzle)
                errors.append(error)
            yield pa.array(puzzles, type=pa.string()), errors if any(e is not None for e in errors) else None


def _json_puzzle(text: str, column: str | None) -> tuple[str, str | None]:
    """(puzzle text, None) or (the raw line, why it holds no puzzle)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        return text, f"not valid JSON: {exc.msg} (column {exc.colno})"
    if isinstance(data, str):
        return data, None
    if not isinstance(data, dict):
        return text, f"expected a JSON object or string, got {type(data).__name__}"
    if column is None and _is_variant_object(data):
        return text, None  # the line is a variant puzzle itself (sudokit's, f-puzzles' or SCL JSON)
    keys = [column] if column else [key for key in data if ALIASES.get(str(key).lower()) == "puzzle"]
    value = data.get(keys[0]) if keys else None
    if isinstance(value, dict):  # a variant puzzle object under the key (sudokit generate --variant -f jsonl)
        return json.dumps(value, ensure_ascii=False, separators=(",", ":")), None
    if not isinstance(value, str):
        return text, f"no puzzle string under {keys[0] if keys else 'puzzle'!r}"
    return value, None


def _is_variant_object(data: dict[str, Any]) -> bool:
    """A JSON object that is a variant puzzle: sudokit's schema (``size``/``givens``/
    ``constraints``), f-puzzles (``grid`` as a list of rows) or SCL (``cells``)."""
    if isinstance(data.get("puzzle"), (str, dict)):
        return False
    return any(key in data for key in ("size", "givens", "constraints", "cells")) or isinstance(data.get("grid"), list)


def _parquet_chunks(path: str, rows: int, column: str | None) -> Iterator[tuple[Any, list[str | None] | None]]:
    pa = arrow()
    source = parquet().ParquetFile(path)
    names = list(source.schema_arrow.names)
    name = names[_find_column(names, column, path)]
    held: list[Any] = []
    size = 0
    for batch in source.iter_batches(batch_size=rows, columns=[name]):
        held.append(batch.column(0))
        size += batch.num_rows
        while size >= rows:
            joined = pa.concat_arrays([a.cast(pa.string()) for a in held])
            yield joined.slice(0, rows), None
            rest = joined.slice(rows)
            held, size = ([rest] if len(rest) else []), len(rest)
    if size:
        yield pa.concat_arrays([a.cast(pa.string()) for a in held]), None


# ------------------------------------------------------------------ writing
def encode(op: str, table: Any, fmt: str, first: bool) -> bytes:
    """The bytes of one result chunk in ``fmt`` (for Parquet: an Arrow IPC stream, which
    :mod:`~sudokit.batch.manifest` turns into one row group); ``first`` adds the CSV header.
    The same table always gives the same bytes (a resumed run's output equals a fresh one)."""
    if fmt == "csv":
        pacsv = arrow_csv()
        sink = io.BytesIO()
        pacsv.write_csv(table, sink, pacsv.WriteOptions(include_header=first, quoting_style="needed"))
        return sink.getvalue()
    if fmt == "parquet":  # kept as an Arrow IPC stream; encoded to Parquet once, when joined
        sink = arrow().BufferOutputStream()
        with arrow().ipc.new_stream(sink, table.schema) as writer:
            writer.write_table(table)
        return bytes(sink.getvalue())
    if fmt == "jsonl":
        return "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in table.to_pylist()).encode()
    return "".join(_line_of(op, row) + "\n" for row in table.to_pylist()).encode()


def _line_of(op: str, row: dict[str, Any]) -> str:
    """A ``line`` output row: the main column, or ``# status: error`` for a bad row."""
    if row["status"] == "ok":
        return str(row[MAIN[op]])
    return f"# {row['status']}: {row['error']}"


def empty_table(op: str) -> Any:
    """An output table with no rows (what an empty input gives)."""
    return schema(op).empty_table()


assert set(MAIN) == set(COLUMNS)
