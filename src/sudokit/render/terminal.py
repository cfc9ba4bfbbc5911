"""Grids for the terminal: coloured with box-drawing lines on a terminal, plain ASCII when piped.

Colour is used when the stream is a terminal, ``NO_COLOR`` is unset or empty and ``TERM``
is not ``dumb`` (see https://no-color.org). Plain output uses only ``+ - |``, ``.`` and
digits, so a plain grid without pencil marks reads back with :meth:`Grid.parse`:

>>> print(to_terminal("1" + "." * 79 + "9", color=False))
+-------+-------+-------+
| 1 . . | . . . | . . . |
| . . . | . . . | . . . |
| . . . | . . . | . . . |
+-------+-------+-------+
| . . . | . . . | . . . |
| . . . | . . . | . . . |
| . . . | . . . | . . . |
+-------+-------+-------+
| . . . | . . . | . . . |
| . . . | . . . | . . . |
| . . . | . . . | . . 9 |
+-------+-------+-------+

With pencil marks each cell shows its candidates and the columns widen to fit. In colour,
givens are bold, entered digits cyan, hint cells get a background by role, placements
are green and eliminated candidates red and struck through.
"""

from __future__ import annotations

import os
import sys
from typing import IO, Any

from ._model import Board, Highlights, prepare

__all__ = ["to_terminal", "use_color"]

_Segment = tuple[str, str]  # (text, SGR parameters such as "1;36"; "" for none)
# 256-colour backgrounds for hint roles (with black text on top).
_ROLE_BG = {"base": "48;5;117", "cover": "48;5;114", "fin": "48;5;219", "pivot": "48;5;215",
            "pincer": "48;5;229", "link": "48;5;189", "other": "48;5;252"}
_PLACEMENT_BG = "48;5;120"
_BOXES = {
    False: {"top": "+++", "mid": "+++", "bottom": "+++", "h": "-", "v": "|", "blank": "."},
    True: {"top": "┌┬┐", "mid": "├┼┤", "bottom": "└┴┘", "h": "─", "v": "│", "blank": "·"},
}


def use_color(stream: IO[str] | None = None) -> bool:
    """True when ``stream`` (default stdout) is a terminal and colour is not switched off."""
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    target = sys.stdout if stream is None else stream
    try:
        return bool(target.isatty())
    except (AttributeError, ValueError):
        return False


def to_terminal(
    grid: Any,
    *,
    color: bool | None = None,
    stream: IO[str] | None = None,
    highlights: Any = None,
    candidates: bool | None = None,
) -> str:
    """The grid as text for a terminal (no trailing newline).

    ``color=None`` decides with :func:`use_color` on ``stream`` (default stdout).
    ``grid``, ``highlights`` and ``candidates`` are as for :func:`~sudokit.render.to_svg`;
    highlights show only in colour.
    """
    fancy = use_color(stream) if color is None else color
    shown, marks = prepare(grid, highlights, candidates)
    cells = [_cell(shown, marks, i, fancy) for i in range(81)]
    width = max(sum(len(t) for t, _ in segs) for segs in cells)
    return "\n".join(_lines(cells, width, fancy))


def _cell(shown: Board, marks: Highlights, cell: int, fancy: bool) -> list[_Segment]:
    """One cell's text as styled segments (styles are dropped in plain output)."""
    value = shown.values[cell]
    background = _background(marks, cell)
    if value:
        style = "1" if cell in shown.givens else "36"
        return [(str(value), _join(style, background))]
    digits = sorted(shown.marks[cell] | marks.mentioned().get(cell, set()))
    if not digits:
        return [(_BOXES[fancy]["blank"], _join("2", background))]
    struck, placed = set(marks.eliminations), set(marks.placements)
    pattern = {(c, d) for c, d, _ in marks.candidates}
    return [(str(d), _join(_mark_style((cell, d), struck, placed, pattern), background)) for d in digits]


def _mark_style(key: tuple[int, int], struck: set[tuple[int, int]], placed: set[tuple[int, int]], pattern: set[tuple[int, int]]) -> str:
    if key in struck:
        return "1;9;31"
    if key in placed:
        return "1;32"
    return "1;4" if key in pattern else ""


def _background(marks: Highlights, cell: int) -> str:
    if any(c == cell for c, _ in marks.placements):
        return _PLACEMENT_BG + ";30"
    role = next((r for c, r in marks.cells if c == cell), None)
    return "" if role is None else _ROLE_BG.get(role, _ROLE_BG["other"]) + ";30"


def _join(*styles: str) -> str:
    return ";".join(s for s in styles if s)


def _paint(segments: list[_Segment], width: int, fancy: bool) -> str:
    pad = " " * (width - sum(len(t) for t, _ in segments))
    if not fancy:
        return "".join(t for t, _ in segments) + pad
    last = segments[-1][1]
    body = "".join(f"\x1b[{s}m{t}\x1b[0m" if s else t for t, s in segments)
    background = ";".join(p for p in last.split(";") if p) if "48;5" in last else ""
    return body + (f"\x1b[{_only_bg(background)}m{pad}\x1b[0m" if pad and background else pad)


def _only_bg(style: str) -> str:
    """The ``48;5;N`` part of a style, so padding keeps the cell's background only."""
    parts = style.split(";")
    k = parts.index("48")
    return ";".join(parts[k : k + 3])


def _lines(cells: list[list[_Segment]], width: int, fancy: bool) -> list[str]:
    chars = _BOXES[fancy]
    stack = chars["h"] * (3 * width + 4)
    rule = {k: chars[k][0] + chars[k][1].join([stack] * 3) + chars[k][2] for k in ("top", "mid", "bottom")}
    lines = [rule["top"]]
    for row in range(9):
        parts = [" ".join(_paint(cells[row * 9 + col], width, fancy) for col in range(s * 3, s * 3 + 3)) for s in range(3)]
        v = chars["v"]
        lines.append(v + " " + f" {v} ".join(parts) + " " + v)
        if row in (2, 5):
            lines.append(rule["mid"])
    lines.append(rule["bottom"])
    return lines
