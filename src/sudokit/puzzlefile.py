"""Reading puzzles from text: one puzzle a line, or a single pretty-printed grid.

Lines starting with ``#`` and blank lines are skipped; CRLF and LF both work. Every
puzzle keeps its source name and 1-based line number so errors can point at it.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from itertools import islice
from importlib import resources
from typing import IO, NamedTuple

from .errors import InvalidFormatError
from .grid import Grid
from .limits import MAX_PUZZLE_CHARS, bounded_lines

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


def _content(lines: Iterable[str], source: str) -> Iterator[tuple[int, str]]:
    for number, raw in enumerate(lines, start=1):
        text = raw.strip() if number > 1 else raw.lstrip(_BOM).strip()
        if text and not text.startswith("#"):
            if "\x00" in text:  # one message for a binary file, not one per "line" of it
                raise InvalidFormatError(f"{source}:{number}: binary data (a NUL byte), not puzzle text; "
                                         "for a binary format (npy, parquet) name its extension or use 'sudokit convert --from'")
            yield number, text


def iter_entries(stream: IO[str] | Iterable[str], source: str = "<stdin>") -> Iterator[Entry]:
    """Yield one :class:`Entry` per puzzle in a text stream.

    If the first content line is not a whole puzzle, the rest of the stream is read as
    one pretty-printed grid (for example the output of ``Grid.pretty()``).
    """
    content = _content(bounded_lines(stream, source), source)  # an over-long line fails early, in bounded memory
    for number, text in content:
        head = [(number, text)]
        if len(text) < 81:
            head += islice(content, _GRID_LINES)
            if _is_grid(t for _, t in head):
                yield Entry(source, number, "\n".join(_grid_rows(head, content)))
                return
            # A whole puzzle among the first lines: one puzzle a line after all, and the
            # short first line a mistake to report on its own (not the file as one grid).
        yield from (Entry(source, n, t) for n, t in head)
        yield from (Entry(source, n, t) for n, t in content)
        return


def _is_grid(lines: Iterable[str]) -> bool:
    """Short lines, nearly all of them grid rows: one pretty grid, even when a row or two
    holds a typo (one error for the grid, not one per line)."""
    texts = list(lines)
    rows = sum(1 for t in texts if _could_be_grid_row(t))
    return all(len(t) < 81 for t in texts) and rows >= max(len(texts) - 2, (2 * len(texts) + 2) // 3)


def _grid_rows(head: list[tuple[int, str]], rest: Iterator[tuple[int, str]]) -> list[str]:
    """The grid's lines, stopping past the size any grid can have (Grid.parse then says
    it is too long) so a huge file is not read into memory."""
    rows, size = [t for _, t in head], sum(len(t) + 1 for _, t in head)
    for _, text in rest:
        rows.append(text)
        size += len(text) + 1
        if size > MAX_PUZZLE_CHARS:
            break
    return rows


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
            where = f" (after line {line})" if line else ""
            raise InvalidFormatError(f"{name}: not UTF-8 text{where}: a binary file? one puzzle a line is expected") from None


def parse_entry(entry: Entry) -> Grid:
    """Parse one entry, re-raising format errors with the file name and line number."""
    try:
        return Grid.parse(entry.text)
    except InvalidFormatError as exc:
        raise InvalidFormatError(f"{entry.where()}: {exc}") from None


def example_text() -> str:
    """The bundled example puzzle file (used by ``sudokit solve`` with no input)."""
    return resources.files("sudokit").joinpath("data/example.txt").read_text(encoding="utf-8")
