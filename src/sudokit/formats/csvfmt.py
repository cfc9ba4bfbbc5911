"""CSV collections: columns ``puzzle, solution, rating, techniques, seed``.

Reading: the first row is a header when its first cell is not an 81-character puzzle.
Header names are matched case-insensitively, with common aliases (``quizzes``/``solutions``
of the well-known Kaggle data set, ``difficulty`` for ``rating``, ...); unknown columns are
ignored. Without a header the columns are taken in the order above. Techniques are one
cell separated by ``;``. Writing always emits a header and all five columns, so the file
layout never depends on the data (missing fields are empty cells).

>>> import io
>>> rows = list(read_csv(io.StringIO("quizzes,solutions\\n" + "." * 81 + "," + "\\n"), "x.csv"))
>>> rows[0].puzzle.givens, rows[0].solution
(0, None)
"""

from __future__ import annotations

import csv
from collections.abc import Iterator
from typing import IO

from ..errors import InvalidFormatError
from ._base import parse_cells
from ._errors import format_error
from .record import FIELDS, Record, _rating, _seed, _techniques

__all__ = ["read_csv", "CsvWriter", "ALIASES"]

#: Header spellings accepted for each field (lower case).
ALIASES: dict[str, str] = {
    "puzzle": "puzzle", "puzzles": "puzzle", "quiz": "puzzle", "quizzes": "puzzle", "grid": "puzzle", "givens": "puzzle",
    "solution": "solution", "solutions": "solution", "answer": "solution",
    "rating": "rating", "difficulty": "rating", "level": "rating", "grade": "rating", "er": "rating",
    "techniques": "techniques", "technique": "techniques", "steps": "techniques",
    "seed": "seed",
}


def read_csv(stream: IO[str], source: str) -> Iterator[Record]:
    """Yield one :class:`Record` per data row (lazily); errors name the row's line."""
    reader = csv.reader(stream)
    columns: list[str | None] = list(FIELDS)
    first = True
    try:
        for row in reader:
            line = reader.line_num
            if not row or all(not cell.strip() for cell in row) or row[0].lstrip().startswith("#"):
                continue
            if first:
                first = False
                if _is_header(row):
                    columns = _columns(row, source, line)
                    continue
            yield _record(row, columns, source, line)
    except csv.Error as exc:  # a stray CR, a field over the csv module's size limit, ...
        raise format_error(f"not valid CSV: {exc}", source, reader.line_num) from None


def _is_header(row: list[str]) -> bool:
    head = row[0].strip()
    return not (len(head) == 81 and all(ch in "123456789.0_*" for ch in head))


def _columns(row: list[str], source: str, line: int) -> list[str | None]:
    columns = [ALIASES.get(cell.strip().lower()) for cell in row]
    if "puzzle" not in columns:
        raise format_error(f"no puzzle column in header {row!r} (expected one of: puzzle, quizzes, grid)", source, line)
    return columns


def _record(row: list[str], columns: list[str | None], source: str, line: int) -> Record:
    data: dict[str, str] = {}
    for name, cell in zip(columns, row):
        if name is not None:
            data[name] = cell.strip()
    if not data.get("puzzle"):
        raise format_error("empty puzzle cell", source, line)
    puzzle = parse_cells(data["puzzle"], source, line)
    solution = data.get("solution")
    try:
        return Record(
            puzzle,
            parse_cells(solution, source, line) if solution else None,
            _rating(data.get("rating")),
            _techniques(data.get("techniques")),
            _seed(data.get("seed")),
        )
    except InvalidFormatError as exc:
        raise format_error(str(exc), source, line) from None


class CsvWriter:
    """Writes a header row, then one row per record with all five columns."""

    def __init__(self, stream: IO[str]) -> None:
        self._stream = stream
        self._writer = csv.writer(stream, lineterminator="\n")
        self._writer.writerow(FIELDS)

    def write(self, record: Record) -> None:
        """Append one row; missing fields are empty cells."""
        self._writer.writerow(
            (
                str(record.puzzle),
                "" if record.solution is None else str(record.solution),
                "" if record.rating is None else record.rating,
                "" if record.techniques is None else ";".join(record.techniques),
                "" if record.seed is None else record.seed,
            )
        )

    def close(self) -> None:
        """Flush the stream."""
        self._stream.flush()
