"""Plain text: one 81-character puzzle a line (``txt``), and a single one (``line``).

``txt`` collection: blank lines and lines starting with ``#`` are skipped; anything after
the first 81 characters that follows a separator (space, tab, ``: ; , |``) is ignored, so
``puzzle:count:solution`` and ``puzzle # comment`` lines read too. Only the puzzle is
written back; use CSV, JSONL or Parquet to keep solutions and ratings.

>>> from sudokit.grid import Grid
>>> dumps_line(Grid("1" + "." * 80))[:12]
'1...........'
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import IO

from ..grid import Grid
from ._base import content_lines, parse_cells, puzzle_token
from ._errors import format_error
from .record import Record

__all__ = ["read_txt", "TxtWriter", "loads_line", "dumps_line"]


def read_txt(stream: IO[str], source: str) -> Iterator[Record]:
    """Yield one :class:`Record` per puzzle line of a text stream (lazily)."""
    for number, text in content_lines(stream):
        yield Record(parse_cells(puzzle_token(text, source, number), source, number))


class TxtWriter:
    """Writes one puzzle per line (other record fields are dropped)."""

    def __init__(self, stream: IO[str]) -> None:
        self._stream = stream

    def write(self, record: Record) -> None:
        """Append the record's puzzle as one line."""
        self._stream.write(f"{record.puzzle}\n")

    def close(self) -> None:
        """Flush the stream."""
        self._stream.flush()


def loads_line(text: str, source: str = "<string>") -> Grid:
    """A single 81-character puzzle (``.`` or ``0`` for blanks), comment lines allowed."""
    lines = list(content_lines(text.splitlines()))
    if not lines:
        raise format_error("no puzzle found", source)
    if len(lines) > 1:
        raise format_error("more than one line: read it as a collection", source, lines[1][0])
    number, line = lines[0]
    return parse_cells(line, source, number)


def dumps_line(grid: Grid) -> str:
    """The 81-character line with ``.`` for blanks, and a newline."""
    return f"{grid}\n"
