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
# 256-colour backgrounds for hint roles (text on them is black: 30).
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
    chars = _BOXES[fancy and _unicode_ok(stream)]
    shown, marks = prepare(grid, highlights, candidates)
    mentioned = marks.mentioned()
    cells = [_cell(shown, marks, mentioned.get(i, set()), i, chars["blank"]) for i in range(81)]
    width = max(_width(segments) for segments, _ in cells)
    return "\n".join(_lines([_paint(segs, bg, width, fancy) for segs, bg in cells], width, chars))


def _unicode_ok(stream: IO[str] | None) -> bool:
    """Whether the stream's encoding has the box-drawing characters (else ASCII lines)."""
    encoding = getattr(sys.stdout if stream is None else stream, "encoding", None) or "utf-8"
    try:
        "┌─┬┐│├┼┤└┴┘·".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def _cell(shown: Board, marks: Highlights, extra: set[int], cell: int, blank: str) -> tuple[list[_Segment], str]:
    """One cell's text as styled segments, and its background style ("" for none)."""
    value = shown.values[cell]
    background = _background(marks, cell)
    if value:
        return [(str(value), "1" if cell in shown.givens else "36")], background
    digits = sorted(shown.marks[cell] | extra)
    if not digits:
        return [(blank, "2")], background
    struck, placed = set(marks.eliminations), set(marks.placements)
    pattern = {(c, d) for c, d, _ in marks.candidates}
    return [(str(d), _mark_style((cell, d), struck, placed, pattern)) for d in digits], background


def _mark_style(key: tuple[int, int], struck: set[tuple[int, int]], placed: set[tuple[int, int]], pattern: set[tuple[int, int]]) -> str:
    if key in struck:
        return "1;9;31"
    if key in placed:
        return "1;32"
    return "1;4" if key in pattern else ""


def _background(marks: Highlights, cell: int) -> str:
    """``48;5;N`` for a highlighted cell (placements win over roles), else ""."""
    if any(c == cell for c, _ in marks.placements):
        return _PLACEMENT_BG
    role = next((r for c, r in marks.cells if c == cell), None)
    return "" if role is None else _ROLE_BG.get(role, _ROLE_BG["other"])


def _width(segments: list[_Segment]) -> int:
    return sum(len(text) for text, _ in segments)


def _paint(segments: list[_Segment], background: str, width: int, fancy: bool) -> str:
    """The cell padded to ``width``; in colour, each segment styled on the cell's background."""
    pad = " " * (width - _width(segments))
    if not fancy:
        return "".join(text for text, _ in segments) + pad
    on_bg = (lambda style: ";".join(p for p in (style, background, "30") if p)) if background else (lambda style: style)
    body = "".join(f"\x1b[{on_bg(style)}m{text}\x1b[0m" if on_bg(style) else text for text, style in segments)
    return body + (f"\x1b[{background}m{pad}\x1b[0m" if pad and background else pad)


def _lines(cells: list[str], width: int, chars: dict[str, str]) -> list[str]:
    """Rows of painted cells between box lines (``width`` is the widest cell's text)."""
    stack = chars["h"] * (3 * width + 4)
    rule = {k: chars[k][0] + chars[k][1].join([stack] * 3) + chars[k][2] for k in ("top", "mid", "bottom")}
    lines = [rule["top"]]
    for row in range(9):
        parts = [" ".join(cells[row * 9 + col] for col in range(s * 3, s * 3 + 3)) for s in range(3)]
        v = chars["v"]
        lines.append(v + " " + f" {v} ".join(parts) + " " + v)
        if row in (2, 5):
            lines.append(rule["mid"])
    lines.append(rule["bottom"])
    return lines
