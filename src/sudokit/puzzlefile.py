"""Reading puzzles from text: one puzzle a line, or a single pretty-printed grid.

Lines starting with ``#`` and blank lines are skipped; CRLF and LF both work. Every
puzzle keeps its source name and 1-based line number so errors can point at it.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from itertools import islice
from importlib import resources
from typing import IO, NamedTuple, cast

from .errors import InvalidFormatError
from .grid import Grid

__all__ = ["Entry", "iter_entries", "read_puzzles", "example_text"]

#: Content lines looked at to tell a pretty grid (rows, separators, borders: at most ~13)
#: from one puzzle a line whose first line is a typo.
_GRID_LINES = 24
_BOM = "\ufeff"  # a UTF-8 byte-order mark, as Windows editors write: skipped before the first line


class Entry(NamedTuple):
    """One puzzle's text and where it came from (``line`` is 1-based).

    A NamedTuple rather than a dataclass: the CLI makes one per input line, millions per
    run, and tuple construction is several times cheaper.
    """

    source: str
    line: int
    text: str

    def where(self) -> str:
        """``source:line`` for messages."""
        return f"{self.source}:{self.line}"


def _content(lines: Iterable[str]) -> Iterator[tuple[int, str]]:
    for number, raw in enumerate(lines, start=1):
        text = raw.strip() if number > 1 else raw.lstrip(_BOM).strip()
        if text and not text.startswith("#"):
            yield number, text


def iter_entries(stream: IO[str] | Iterable[str], source: str = "<stdin>") -> Iterator[Entry]:
    """Yield one :class:`Entry` per puzzle in a text stream.

    If the first content line is not a whole puzzle, the rest of the stream is read as
    one pretty-printed grid (for example the output of ``Grid.pretty()``).
    """
    content = _content(stream)
    for number, text in content:
        head = [(number, text)]
        if len(text) != 81 and _could_be_grid_row(text):
            head += islice(content, _GRID_LINES)
            if all(_could_be_grid_row(t) for _, t in head):
                rows = [t for _, t in head] + [t for _, t in content]
                yield Entry(source, number, "\n".join(rows))
                return
            # A whole puzzle among the first lines: one puzzle a line after all, and the
            # short first line a mistake to report on its own (not the file as one grid).
        yield from (Entry(source, n, t) for n, t in head)
        if hasattr(stream, "readlines"):
            yield from _line_entries(cast("IO[str]", stream), source, head[-1][0])
        else:
            yield from (Entry(source, n, t) for n, t in content)
        return


def _line_entries(stream: IO[str], source: str, number: int) -> Iterator[Entry]:
    """The rest of a one-puzzle-a-line stream, read in large blocks (the hot path of big files)."""
    while lines := stream.readlines(1 << 20):
        for raw in lines:
            number += 1
            text = raw.strip()
            if text and text[0] != "#":
                yield Entry(source, number, text)


def _could_be_grid_row(text: str) -> bool:
    """A short line of cells and decoration, like ``5 3 . | . 7 . | . . .``."""
    return len(text) < 81 and all(ch in "123456789.0_*|-+= :" for ch in text)


def read_puzzles(path: str | os.PathLike[str]) -> Iterator[Grid]:
    """Yield every puzzle of a text file as a :class:`Grid` (errors name the line)."""
    name = os.fspath(path)
    line = 0
    with open(name, encoding="utf-8-sig", newline=None) as stream:
        try:
            for entry in iter_entries(stream, name):
                line = entry.line
                yield parse_entry(entry)
        except UnicodeDecodeError:
            raise InvalidFormatError(f"{name}: not UTF-8 text after line {line}") from None


def parse_entry(entry: Entry) -> Grid:
    """Parse one entry, re-raising format errors with the file name and line number."""
    try:
        return Grid.parse(entry.text)
    except InvalidFormatError as exc:
        raise InvalidFormatError(f"{entry.where()}: {exc}") from None


def example_text() -> str:
    """The bundled example puzzle file (used by ``sudokit solve`` with no input)."""
    return resources.files("sudokit").joinpath("data/example.txt").read_text(encoding="utf-8")
