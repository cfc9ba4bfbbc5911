"""Nine-row text grids: ``pretty``, SadMan ``sdk``/``sdm``, Simple Sudoku ``ss``, HoDoKu's grid.

All of them share one tolerant reader, :func:`parse_rows`: border lines (any line holding
``---``, like ``------+-------+------``, ``*-----------*`` or HoDoKu's
``.-------.-------.-------.``) are skipped, ``|`` and spaces are decoration, and every other
line must hold exactly 9 cells (``1-9``, blanks ``. 0 _ *``). Errors name the line.

Layouts (sources, looked up for this module):

* SadMan ``.sdk`` — sadmansoftware.com FAQ 19 and SudoCue's file-format page
  (sudocue.net/fileformats.php): optional ``#X...`` header lines (``#A`` author, ``#D``
  description, ``#C`` comment, ``#B`` date, ``#S`` source, ``#L`` level, ``#U`` URL), an
  optional ``[Puzzle]`` section line, then 9 lines of 9 cells with ``.`` for blanks. Later
  sections (``[State]``, ``[PencilMarks]``, ...) hold progress and are ignored on reading.
* SadMan ``.sdm`` — one 81-character puzzle per line, ``0`` for blanks (SudoCue's page;
  the sdm reader/writer of fracpete/sudokuformats4j writes ``0``).
* Simple Sudoku ``.ss`` — 9 rows ``xxx|xxx|xxx`` with ``-----------`` after rows 3 and 6,
  ``.`` for blanks (pzl.org.uk/Formats.html "format 4"; the SS reader in
  christopher3108/SudokuSolver). Simple Sudoku's boxed clipboard form
  (``*-----------*`` / ``|.3.|4..|...|``, Sudopedia "Sudoku Clipboard and File Formats")
  reads too.
* HoDoKu's formatted grid — ``Sudoku2.getSudoku(VALUES_ONLY_FORMATTED)`` in HoDoKu's
  source: borders ``.---.---.---.``, ``:---+---+---:``, ``'---'---'---'`` and rows
  ``| 5 3 . | . 7 . | . . . |``.

>>> from sudokit.grid import Grid
>>> g = Grid("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
>>> print(dumps_ss(g).splitlines()[0])
53.|.7.|...
>>> loads_ss(dumps_ss(g)) == g and loads_sdk(dumps_sdk(g)) == g and loads_hodoku_grid(dumps_hodoku_grid(g)) == g
True
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import IO

from ..grid import Grid
from ._base import content_lines, parse_cells, puzzle_token
from ._errors import format_error
from .record import Record

__all__ = [
    "parse_rows",
    "loads_pretty",
    "dumps_pretty",
    "loads_sdk",
    "dumps_sdk",
    "loads_ss",
    "dumps_ss",
    "loads_hodoku_grid",
    "dumps_hodoku_grid",
    "read_sdm",
    "SdmWriter",
]

_CELL_CHARS = "123456789.0_*"


def is_border(line: str) -> bool:
    """A grid border or box separator line (it holds ``---``)."""
    return "---" in line


def parse_rows(lines: Iterable[tuple[int, str]], source: str) -> Grid:
    """Read 9 numbered grid rows (decoration allowed) into a Grid.

    ``lines`` are ``(line_number, text)`` pairs; border lines are skipped and every other
    line must hold 9 cells. Once 9 rows are read, trailing lines with letters (like
    Simple Sudoku's "Simple Sudoku / Version 4.2n" footer) are ignored.
    """
    rows: list[str] = []
    last = 0
    for number, raw in lines:
        if is_border(raw):
            continue
        if len(rows) == 9 and any(ch.isalpha() for ch in raw):
            continue
        if len(rows) == 9:
            raise format_error("more than 9 grid rows", source, number)
        rows.append(_row_cells(raw, source, number))
        last = number
    if len(rows) != 9:
        raise format_error(f"expected 9 grid rows, got {len(rows)}", source, last or None)
    return Grid("".join(rows))


def _row_cells(raw: str, source: str, number: int) -> str:
    row = []
    for column, ch in enumerate(raw, start=1):
        if ch in "| \t":
            continue
        if ch not in _CELL_CHARS:
            raise format_error(f"unexpected character {ch!r} in grid row (use 1-9, or . 0 for blanks)", source, number, column)
        row.append(ch)
    if len(row) != 9:
        raise format_error(f"grid row has {len(row)} cells, expected 9", source, number)
    return "".join(row)


def _grid_lines(text: str) -> list[tuple[int, str]]:
    """Content lines: blank lines, ``#`` comments and ``[Section]`` lines are dropped."""
    return [(n, t) for n, t in content_lines(text.splitlines()) if not t.startswith("[")]


# ------------------------------------------------------------- pretty grids
def loads_pretty(text: str, source: str = "<string>") -> Grid:
    """A 9-row grid with any of the usual decorations (see :func:`parse_rows`)."""
    return parse_rows(_grid_lines(text), source)


def dumps_pretty(grid: Grid) -> str:
    """:meth:`Grid.pretty` plus a trailing newline."""
    return grid.pretty() + "\n"


# ----------------------------------------------------------------- SadMan
def loads_sdk(text: str, source: str = "<string>") -> Grid:
    """A SadMan ``.sdk`` file: ``#`` headers, optional ``[Puzzle]``, 9 rows of 9."""
    lines = list(content_lines(text.splitlines()))
    section = None
    rows: list[tuple[int, str]] = []
    for number, line in lines:
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip().lower()
            continue
        if section in (None, "puzzle"):
            rows.append((number, line))
    if len(rows) == 1 and len(rows[0][1]) == 81:
        return parse_cells(rows[0][1], source, rows[0][0])
    return parse_rows(rows, source)


def dumps_sdk(grid: Grid) -> str:
    """``[Puzzle]`` and 9 rows of 9 cells, ``.`` for blanks."""
    text = str(grid)
    return "[Puzzle]\n" + "".join(text[r * 9 : r * 9 + 9] + "\n" for r in range(9))


def read_sdm(stream: Iterable[str], source: str) -> Iterator[Record]:
    """Yield one record per line of a SadMan ``.sdm`` collection (lazily)."""
    for number, text in content_lines(stream):
        yield Record(parse_cells(puzzle_token(text, source, number), source, number))


class SdmWriter:
    """Writes one 81-digit line per puzzle with ``0`` for blanks, as SadMan does."""

    def __init__(self, stream: IO[str]) -> None:
        self._stream = stream

    def write(self, record: Record) -> None:
        """Append the record's puzzle."""
        self._stream.write(str(record.puzzle).replace(".", "0") + "\n")

    def close(self) -> None:
        """Flush the stream."""
        self._stream.flush()


def dumps_sdm_line(grid: Grid) -> str:
    """One puzzle as an ``.sdm`` line."""
    return str(grid).replace(".", "0") + "\n"


# ---------------------------------------------------------- Simple Sudoku
def loads_ss(text: str, source: str = "<string>") -> Grid:
    """A Simple Sudoku ``.ss`` grid (either the file or the boxed clipboard layout)."""
    return parse_rows(_grid_lines(text), source)


def dumps_ss(grid: Grid) -> str:
    """Nine ``xxx|xxx|xxx`` rows with ``-----------`` between bands."""
    text = str(grid)
    out = []
    for r in range(9):
        row = text[r * 9 : r * 9 + 9]
        out.append(f"{row[:3]}|{row[3:6]}|{row[6:]}")
        if r in (2, 5):
            out.append("-" * 11)
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- HoDoKu
def loads_hodoku_grid(text: str, source: str = "<string>") -> Grid:
    """HoDoKu's formatted grid (``.---.`` borders, ``|`` box separators)."""
    return parse_rows(_grid_lines(text), source)


def dumps_hodoku_grid(grid: Grid) -> str:
    """The layout of HoDoKu's "values only, formatted" copy."""
    text = str(grid)
    top, mid, bottom = (".", ".", "."), (":", "+", ":"), ("'", "'", "'")
    out = []
    for r in range(9):
        if r % 3 == 0:
            out.append(_hodoku_border(top if r == 0 else mid))
        row = text[r * 9 : r * 9 + 9]
        out.append("| " + " | ".join(" ".join(row[b : b + 3]) for b in (0, 3, 6)) + " |")
    out.append(_hodoku_border(bottom))
    return "\n".join(out) + "\n"


def _hodoku_border(corners: tuple[str, str, str]) -> str:
    left, middle, right = corners
    return left + middle.join("-" * 7 for _ in range(3)) + right
