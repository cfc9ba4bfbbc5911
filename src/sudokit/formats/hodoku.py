"""HoDoKu's library format: one puzzle (with optional pencil-mark state) per line.

Layout, from ``Sudoku2.getSudoku(LIBRARY)`` / ``setSudoku`` in HoDoKu's source::

    :0000:x:7.2.4.+5...<81 cells>...:<deleted candidates>::

Fields are separated by ``:``. Field 1 is a technique code (``0000`` = none), field 2
the candidate digits the step concerns (``x`` = none), field 3 the 81 cells (``.`` or
``0`` blank; a ``+`` before a digit marks a placed, non-given digit), field 4 the
candidates removed beyond what the placed digits rule out, as space-separated ``drc``
triples (digit, row, column: ``513`` = 5 removed from r1c3), later fields the step's
eliminations (ignored here).

Reading gives a :class:`Grid`, or a :class:`PencilGrid` when the line has ``+`` digits or
deleted candidates (the given/placed distinction itself is not kept). Writing a pencil
grid records as deleted the candidates its peers allow but it lacks; candidates the peers
rule out cannot be written in this format.

>>> from sudokit.grid import Grid
>>> g = Grid("1" + "." * 80)
>>> dumps_hodoku(g) == ":0000:x:" + str(g) + ":::\\n"
True
>>> loads_hodoku(":0000:x:" + str(g) + ":213::") .candidates[2] == frozenset(range(3, 10))
True
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import IO, Union

from ..grid import Grid
from ._base import content_lines, parse_cells
from ._errors import format_error
from .pencil import PencilGrid
from .record import Record

__all__ = ["loads_hodoku", "dumps_hodoku", "read_hodoku", "HodokuWriter", "parse_library_line"]


def parse_library_line(text: str, source: str, line: int) -> Union[Grid, PencilGrid]:
    """One library line as a Grid, or a PencilGrid when it carries pencil-mark state."""
    parts = text.split(":")
    if len(parts) < 5 or parts[0] != "":
        raise format_error("not a HoDoKu library line (expected ':type:digits:cells:deleted:...')", source, line, 1)
    cells_field = parts[3]
    offset = len(":".join(parts[:3])) + 2
    placed = "+" in cells_field
    stray = next((k for k, ch in enumerate(cells_field) if ch == "+" and cells_field[k + 1 : k + 2] not in tuple("123456789")), None)
    if stray is not None:  # "+." or a trailing "+": it marks nothing (found by atheris)
        raise format_error("'+' must come before a placed digit 1-9", source, line, offset + stray)
    grid = parse_cells(cells_field.replace("+", ""), source, line, offset)
    deleted = _deleted(parts[4], source, line, offset + len(cells_field) + 1)
    if not placed and not deleted:
        return grid
    candidates = [grid.candidates(i) - deleted.get(i, set()) for i in range(81)]
    return PencilGrid(grid, candidates)


def _deleted(field: str, source: str, line: int, column: int) -> dict[int, set[int]]:
    found: dict[int, set[int]] = {}
    for token in field.split():
        if len(token) != 3 or not token.isdigit() or "0" in token:
            raise format_error(f"bad deleted candidate {token!r} (expected digit, row, column like 513)", source, line, column + field.find(token))
        digit, row, col = (int(ch) for ch in token)
        found.setdefault((row - 1) * 9 + col - 1, set()).add(digit)
    return found


def loads_hodoku(text: str, source: str = "<string>") -> Union[Grid, PencilGrid]:
    """Read a single library line (``#`` comment lines allowed)."""
    lines = list(content_lines(text.splitlines()))
    if not lines:
        raise format_error("no puzzle found", source)
    if len(lines) > 1:
        raise format_error("more than one puzzle: read it as a collection", source, lines[1][0])
    return parse_library_line(lines[0][1], source, lines[0][0])


def dumps_hodoku(puzzle: Union[Grid, PencilGrid]) -> str:
    """One library line with technique ``0000`` and no step."""
    if isinstance(puzzle, Grid):
        return f":0000:x:{puzzle}:::\n"
    grid = puzzle.values
    deleted = [
        f"{d}{i // 9 + 1}{i % 9 + 1}"
        for i in range(81)
        if not grid[i]
        for d in sorted(grid.candidates(i) - puzzle.candidates[i])
    ]
    return f":0000:x:{grid}:{' '.join(deleted)}::\n"


def read_hodoku(stream: Iterable[str], source: str) -> Iterator[Record]:
    """Yield one record per library line (pencil marks are dropped; placed digits kept)."""
    for number, text in content_lines(stream):
        puzzle = parse_library_line(text, source, number)
        yield Record(puzzle.to_grid() if isinstance(puzzle, PencilGrid) else puzzle)


class HodokuWriter:
    """Writes one library line per record."""

    def __init__(self, stream: IO[str]) -> None:
        self._stream = stream

    def write(self, record: Record) -> None:
        """Append the record's puzzle as a library line."""
        self._stream.write(dumps_hodoku(record.puzzle))

    def close(self) -> None:
        """Flush the stream."""
        self._stream.flush()
