"""One output record per input puzzle, in input order, in any format of the shared list.

Every command that writes results writes them through :class:`RecordWriter`, so the rules
hold everywhere:

* a record for every input record, in order, so ``paste in.txt out.txt`` lines up;
* ``-o FILE`` is written atomically (:mod:`sudokit._atomic`): it appears whole when the
  run ends, an error leaves no file (or the old one), Ctrl-C keeps the records already done;
* a failed input still gets its record: in ``line`` format the placeholder line ``.``
  (the message goes to stderr as ``sudokit CMD: file:line: message``), in ``csv``/``jsonl``/
  ``json``/``parquet`` a row whose ``status`` column says what went wrong (``ok``,
  ``invalid``, ``unsolvable``, ``multiple``, ``limit``) and whose ``error`` column holds
  the message;
* ``json`` is one JSON array (streamed), ``jsonl`` one object a line, ``csv`` has a header,
  ``parquet`` needs ``-o FILE`` and ``sudokit[parquet]``.
"""

from __future__ import annotations

import argparse
import csv
import importlib
import json
from collections.abc import Callable, Sequence
from typing import IO, Any

from .. import errors
from .._atomic import atomic_write, is_user_stop
from ..puzzlefile import Entry
from . import ExitCode, Streams, exit_code_for, usage_error
from ._options import RECORDS, output_format

__all__ = ["PLACEHOLDER", "RecordWriter"]

#: The line a failed input gets in line formats.
PLACEHOLDER = "."

LineFormatter = Callable[[dict[str, Any]], str]


class RecordWriter:
    """Writes the records of one command run to stdout or ``-o FILE``.

    ``fields`` are the command's own columns; every record also has ``source``, ``line``
    and ``puzzle`` first and ``status``, ``error`` last (only ``fields`` with ``keyed=False``,
    for records that come from no input, like generated puzzles). ``line`` turns a good record into
    its line-format text, ``pretty`` (if the command offers it) into its pretty text, and
    ``placeholder`` a failed record into its pretty text (default ``.``).
    Use it as a context manager; it also keeps the run's exit code (the first failure's).
    """

    def __init__(self, args: argparse.Namespace, streams: Streams, fields: Sequence[str], line: LineFormatter,
                 pretty: LineFormatter | None = None, choices: Sequence[str] = RECORDS,
                 placeholder: LineFormatter | None = None, keyed: bool = True) -> None:
        try:
            self.format = output_format(args, choices)
        except ValueError as exc:
            raise usage_error(str(exc)) from None
        self.streams = streams
        self.columns = ["source", "line", "puzzle", *fields, "status", "error"] if keyed else list(fields)
        self.keyed = keyed
        self.line, self.pretty = line, pretty or line
        self.placeholder = placeholder or (lambda record: PLACEHOLDER)
        self.output: str | None = getattr(args, "output", None)
        if self.output == "-":
            self.output = None
        self.status = ExitCode.OK
        self.count = 0
        self._rows: list[dict[str, Any]] | None = None
        self._csv: Any = None
        self._stream: IO[str] | None = None
        self._file: Any = None  # the atomic_write context of -o FILE

    # ------------------------------------------------------------- lifecycle
    def __enter__(self) -> RecordWriter:
        if self.format == "parquet":
            self._start_parquet()
            return self
        if self.output is None:
            self._stream = self.streams.stdout
        else:  # the file appears whole at the end; Ctrl-C keeps the records already done
            self._file = atomic_write(self.output, text=True, keep_partial=True)
            self._stream = self._file.__enter__()
        if self.format == "csv":
            self._csv = csv.DictWriter(self._stream, fieldnames=self.columns, extrasaction="ignore", lineterminator="\n")
            self._csv.writeheader()
        elif self.format == "json":
            self._stream.write("[")
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: Any) -> None:
        finish = kind is None or is_user_stop(exc)  # a stop keeps what is done; an error keeps nothing
        try:
            if self.format == "parquet":
                if finish:
                    self._finish_parquet()
            elif self._stream is not None and finish:
                if self.format == "json":
                    self._stream.write("\n]\n" if self.count else "]\n")  # still a whole document
                self._stream.flush()
        finally:
            if self._file is not None:
                self._file.__exit__(kind, exc, tb)

    # ------------------------------------------------------------- records
    def ok(self, entry: Entry | None, puzzle: str = "", **values: Any) -> None:
        """The record of an input that worked (``entry`` None: a record of no input, like
        a generated puzzle, with ``keyed=False``: just ``values``)."""
        if entry is None:
            self._emit({"puzzle": puzzle, **values} if puzzle else values, True)
        else:
            self._emit({"source": entry.source, "line": entry.line, "puzzle": puzzle, **values, "status": "ok", "error": ""}, True)

    def fail(self, entry: Entry, exc: BaseException, puzzle: str = "", **values: Any) -> None:
        """The record of an input that failed: its message on stderr, a placeholder record."""
        self.failed(entry, str(exc), exit_code_for(exc), puzzle, **values)

    def failed(self, entry: Entry, message: str, code: int, puzzle: str = "", **values: Any) -> None:
        """:meth:`fail` for an error known by its message and exit code (from a worker process)."""
        self.streams.error(f"{entry.where()}: {message}")
        if self.status == ExitCode.OK:
            self.status = ExitCode(code)
        status = "error" if code == ExitCode.FAILURE else ExitCode(code).name.lower()
        record = {"source": entry.source, "line": entry.line, "puzzle": puzzle, **values, "status": status, "error": message}
        self._emit(record, False)

    def text(self, text: str, records: int) -> None:
        """Already formatted line-format text for ``records`` good records (the fast path)."""
        assert self._stream is not None and self.format == "line"
        self._stream.write(text)
        self.count += records

    def flush(self) -> None:
        """Flush a stream output (so a pipe reader sees each chunk as it is done)."""
        if self._stream is not None:
            self._stream.flush()

    def _emit(self, record: dict[str, Any], good: bool) -> None:
        fmt = self.format
        if fmt == "line":
            self._write((self.line(record) if good else PLACEHOLDER) + "\n")
        elif fmt == "pretty":
            self._write((self.pretty(record) if good else self.placeholder(record)) + "\n")
        elif fmt == "csv":
            self._csv.writerow({k: _cell(v) for k, v in record.items()})
        elif fmt == "jsonl":
            self._write(json.dumps(record) + "\n")
        elif fmt == "json":
            self._write(("\n" if self.count == 0 else ",\n") + json.dumps(record))
        else:
            assert self._rows is not None
            self._rows.append({k: _cell(v) if isinstance(v, (list, tuple)) else v for k, v in record.items()})
        self.count += 1

    def _write(self, text: str) -> None:
        assert self._stream is not None
        self._stream.write(text)

    # ------------------------------------------------------------- parquet
    def _start_parquet(self) -> None:
        if self.output is None:
            raise usage_error("parquet is a binary format: write it to a file with -o FILE.parquet")
        try:
            importlib.import_module("pyarrow.parquet")
        except ImportError:
            raise errors.MissingDependencyError("Parquet output needs pyarrow: pip install 'sudokit[parquet]'") from None
        self._rows = []

    def _finish_parquet(self) -> None:
        pyarrow = importlib.import_module("pyarrow")
        parquet = importlib.import_module("pyarrow.parquet")
        assert self._rows is not None and self.output is not None
        columns = {name: [row.get(name) for row in self._rows] for name in self.columns}
        with atomic_write(self.output) as stream:
            parquet.write_table(pyarrow.table(columns), stream)


def _cell(value: Any) -> Any:
    """A CSV cell: lists as space-separated words (technique ids), None as empty."""
    if isinstance(value, (list, tuple)):
        return " ".join(str(v) for v in value)
    return "" if value is None else value
