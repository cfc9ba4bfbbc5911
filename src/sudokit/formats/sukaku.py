"""Pencil-mark (sukaku) formats: the 729-character string and the candidate grid.

* ``sukaku`` — 729 characters, 9 per cell in cell order; character ``k`` of a cell is
  ``k+1`` when that digit is a candidate, else ``.`` or ``0``. Whitespace between
  characters is ignored on reading, so the 9-lines-of-81 layout reads too.
* ``pm`` — the multi-line candidate grid HoDoKu ("PM grid"), Simple Sudoku and Sudoku
  Explainer print: 9 rows of 9 space-separated cells, each cell its candidates
  (``1579``) or its placed digit, with ``|`` between boxes and border lines holding
  ``---``. Layouts: HoDoKu's ``Sudoku2.getSudoku(PM_GRID)`` and the Simple Sudoku
  candidate grid on Sudopedia's "Sudoku Clipboard and File Formats" page. HoDoKu's step
  marks (``*``, ``#``, ``@``, ``-``, ``A``..``Z`` before a cell) are ignored on reading.
  A cell written ``.`` is blank with no candidates (our extension, for broken states).
  Text lines after the grid (Simple Sudoku's footer, HoDoKu's step) are ignored.

Neither format tells a placed digit from a blank cell with one candidate: a lone digit
reads as placed unless a peer still lists it (HoDoKu's rule, :meth:`PencilGrid.from_options`).

>>> from sudokit.grid import Grid
>>> pg = PencilGrid.from_grid(Grid("123456789" + "." * 72))
>>> loads_pm(dumps_pm(pg)) == pg and loads_sukaku(dumps_sukaku(pg)) == pg
True
"""

from __future__ import annotations

import re

from ..errors import InvalidFormatError
from ._base import content_lines
from ._errors import format_error
from .pencil import PencilGrid

__all__ = ["loads_sukaku", "dumps_sukaku", "loads_pm", "dumps_pm"]

_MARKUP = re.compile(r"[*#@\-A-Za-z]")


def loads_sukaku(text: str, source: str = "<string>") -> PencilGrid:
    """Read a 729-character candidate string (whitespace and ``#`` comment lines ignored)."""
    chars: list[str] = []
    positions: list[tuple[int, int]] = []
    for number, line in content_lines(text.splitlines()):
        for column, ch in enumerate(line, start=1):
            if not ch.isspace():
                chars.append(ch)
                positions.append((number, column))
    if len(chars) != 729:
        raise format_error(f"expected 729 candidate characters, got {len(chars)}", source, positions[-1][0] if positions else None)
    try:
        return PencilGrid.from_729("".join(chars))
    except InvalidFormatError as exc:
        where, column = positions[(exc.column or 1) - 1]
        message = str(exc).split(": ", 1)[-1]
        raise format_error(message, source, where, column) from None


def dumps_sukaku(puzzle: PencilGrid) -> str:
    """The 729-character string on one line."""
    return _as_pencil(puzzle).to_729() + "\n"


def loads_pm(text: str, source: str = "<string>") -> PencilGrid:
    """Read a candidate grid (HoDoKu / Simple Sudoku / Sudoku Explainer layout)."""
    tokens: list[str] = []
    last = None
    for number, line in content_lines(text.splitlines()):
        if "---" in line:
            continue
        if len(tokens) == 81 and any(ch.isalpha() for ch in line):
            continue  # a footer or HoDoKu's step text after the grid
        row = _pm_row(line, source, number)
        if not row:
            continue
        if len(tokens) >= 81:
            raise format_error("more than 9 rows of candidates", source, number)
        tokens.extend(row)
        last = number
    if len(tokens) != 81:
        raise format_error(f"expected 81 cells in 9 rows, got {len(tokens)}", source, last)
    return PencilGrid.from_options([int(d) for d in t if d not in ".0"] for t in tokens)


def _pm_row(line: str, source: str, number: int) -> list[str]:
    cleaned = _MARKUP.sub("", line.replace("|", " "))
    tokens = cleaned.split()
    if not tokens:
        return []
    for token in tokens:
        bad = next((ch for ch in token if ch not in "123456789.0"), None)
        if bad is not None:
            raise format_error(f"unexpected character {bad!r} in candidate grid", source, number, line.index(bad) + 1)
        if token not in (".", "0") and len(set(token)) != len(token):
            raise format_error(f"cell {token!r} repeats a digit", source, number, line.find(token) + 1)
    if len(tokens) != 9:
        raise format_error(f"candidate grid row has {len(tokens)} cells, expected 9", source, number)
    return tokens


def dumps_pm(puzzle: PencilGrid) -> str:
    """A candidate grid in HoDoKu's layout: columns padded to their widest cell."""
    pg = _as_pencil(puzzle)
    cells = [_pm_cell(pg, i) for i in range(81)]
    widths = [max(len(cells[r * 9 + c]) for r in range(9)) for c in range(9)]
    lines = []
    for r in range(9):
        if r % 3 == 0:
            lines.append(_border(widths, *((".", ".", ".") if r == 0 else (":", "+", ":"))))
        boxes = [
            "  ".join(cells[r * 9 + c].ljust(widths[c]) for c in range(b, b + 3))
            for b in (0, 3, 6)
        ]
        lines.append("| " + " | ".join(boxes) + " |")
    lines.append(_border(widths, "'", "'", "'"))
    return "\n".join(lines) + "\n"


def _pm_cell(pg: PencilGrid, cell: int) -> str:
    digit = pg.values[cell]
    if digit:
        return str(digit)
    return "".join(str(d) for d in sorted(pg.candidates[cell])) or "."


def _border(widths: list[int], left: str, middle: str, right: str) -> str:
    spans = ["-" * (sum(widths[b : b + 3]) + 2 * 2 + 2) for b in (0, 3, 6)]
    return left + middle.join(spans) + right


def _as_pencil(puzzle: object) -> PencilGrid:
    from ..grid import Grid

    if isinstance(puzzle, PencilGrid):
        return puzzle
    if isinstance(puzzle, Grid):
        return PencilGrid.from_grid(puzzle)
    raise TypeError(f"expected a PencilGrid or Grid, got {type(puzzle).__name__}")
