"""Shared pieces of the format modules: the collection-writer protocol and line parsing."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import IO, Protocol

from ..errors import InvalidFormatError
from ..grid import Grid
from ._errors import format_error, relocate
from .record import Record

#: Characters that may follow an 81-character puzzle on a text line (the rest is ignored).
SEPARATORS = " \t:;,|"


class CollectionWriter(Protocol):
    """Writes records one at a time; ``close`` finishes the file (but not a caller's stream)."""

    def write(self, record: Record) -> None:
        """Append one record."""

    def close(self) -> None:
        """Flush whatever is buffered and write any trailer."""


def content_lines(stream: Iterable[str]) -> Iterator[tuple[int, str]]:
    """(1-based line number, stripped text) of each line that is not blank or a ``#`` comment."""
    for number, raw in enumerate(stream, start=1):
        text = raw.strip()
        if text and not text.startswith("#"):
            yield number, text


def parse_cells(text: str, source: str | None, line: int | None, column: int = 1) -> Grid:
    """An 81-character cell string as a Grid; errors point at ``source:line:column``."""
    try:
        return Grid(text)
    except InvalidFormatError as exc:
        if exc.column is None:
            raise format_error(f"{exc} in {text[:20]!r}{'...' if len(text) > 20 else ''}", source, line) from None
        raise relocate(exc, source, line, column - 1) from None


def puzzle_token(text: str, source: str | None, line: int) -> str:
    """The puzzle at the start of a collection line: 81 cells, optionally followed by a
    separator (space, tab, ``: ; , |``) and anything else, which is ignored."""
    if len(text) > 81 and text[81] in SEPARATORS:
        return text[:81]
    if len(text) == 81:
        return text
    head = text.split(None, 1)[0]
    for sep in SEPARATORS:
        head = head.split(sep, 1)[0]
    raise format_error(f"expected a puzzle of 81 cells at the start of the line, got {len(head)}", source, line, 1)


def write_lines(stream: IO[str], lines: Iterable[str]) -> None:
    """Write each string followed by a newline."""
    for text in lines:
        stream.write(text)
        stream.write("\n")
