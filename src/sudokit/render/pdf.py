"""PDF pictures via fpdf2 (``pip install sudokit[render]``): :func:`to_pdf` and :func:`paint`.

PDF is vector output: the same display list as the SVG, in points (1/72 inch), with the
built-in Helvetica face (bold for givens), so no font is embedded or downloaded.
"""

from __future__ import annotations

import os
import unicodedata
from typing import TYPE_CHECKING, Any

from ._deps import require
from ._layout import Circle, Line, Path, Rect, Shape, Text, checked_size, layout
from ._model import prepare
from .themes import ThemeLike, get_theme
from .._atomic import atomic_write

if TYPE_CHECKING:
    from fpdf import FPDF

__all__ = ["to_pdf", "new_document", "paint", "latin1"]

#: The largest page side in points: 200 inches, the limit PDF readers honour.
MAX_POINTS = 14_400

# Helvetica's digits are about 0.70 em tall: the baseline sits half of that below the centre.
_BASELINE = 0.35


def to_pdf(
    grid: Any,
    path: str | os.PathLike[str] | None = None,
    *,
    size: float = 400,
    theme: ThemeLike = "light",
    highlights: Any = None,
    candidates: bool | None = None,
    title: str | None = None,
) -> bytes:
    """A one-page PDF whose page is the picture, ``size`` points square; written to ``path``
    when given. Other arguments are as for :func:`~sudokit.render.to_svg`."""
    size = checked_size(size, 30, MAX_POINTS, "points")
    from .variant import is_variant, variant_pdf

    if is_variant(grid):  # a variant Puzzle of any size (sudokit.variants)
        data = variant_pdf(grid, size=size, theme=theme, title=title)
    else:
        shown, marks = prepare(grid, highlights, candidates)
        document = new_document((float(size), float(size)), title or "Sudoku grid")
        document.add_page()
        paint(document, layout(shown, marks, get_theme(theme), float(size)))
        data = bytes(document.output())
    if path is not None:
        with atomic_write(path) as out:
            out.write(data)
    return data


def new_document(page: str | tuple[float, float], title: str) -> FPDF:
    """An fpdf2 document in points with no margins or automatic page breaks."""
    fpdf = require("fpdf")
    document: FPDF = fpdf.FPDF(unit="pt", format=page)
    document.set_margins(0, 0, 0)
    document.set_auto_page_break(False)
    document.set_title(latin1(title))
    document.set_creator("sudokit")
    return document


_PLAIN = str.maketrans({"\u2013": "-", "\u2014": "-", "\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u2026": "..."})


def latin1(text: str) -> str:
    """``text`` for the built-in PDF fonts (Latin-1): dashes and curly quotes made plain,
    accents kept where Latin-1 has them or dropped, anything else replaced by ``?``.

    >>> latin1("Élan — “ćwiczenia” ✓")
    'Élan - "cwiczenia" ?'
    """
    out = []
    for ch in text.translate(_PLAIN):
        if ord(ch) > 255:
            base = unicodedata.normalize("NFKD", ch)[0]
            ch = base if ord(base) < 256 else "?"
        out.append(ch)
    return "".join(out)


def paint(document: FPDF, shapes: list[Shape], x: float = 0.0, y: float = 0.0) -> None:
    """Paint a display list on the current page with its top-left corner at (x, y)."""
    for shape in shapes:
        if isinstance(shape, Rect):
            _rect(document, shape, x, y)
        elif isinstance(shape, Line):
            _line(document, ((shape.x1, shape.y1), (shape.x2, shape.y2)), shape.color, shape.width, shape.dash, x, y)
        elif isinstance(shape, Path):
            _line(document, shape.points, shape.color, shape.width, shape.dash, x, y)
        elif isinstance(shape, Circle):
            document.set_fill_color(*_rgb(shape.fill))
            document.ellipse(shape.cx + x - shape.r, shape.cy + y - shape.r, 2 * shape.r, 2 * shape.r, style="F")
        else:
            _text(document, shape, x, y)


def _rgb(color: str) -> tuple[int, int, int]:
    value = color.lstrip("#")
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)


def _rect(document: FPDF, shape: Rect, x: float, y: float) -> None:
    if shape.fill:
        document.set_fill_color(*_rgb(shape.fill))
        document.rect(shape.x + x, shape.y + y, shape.w, shape.h, style="F")
    if shape.stroke:
        document.set_draw_color(*_rgb(shape.stroke))
        document.set_line_width(shape.width)
        document.rect(shape.x + x, shape.y + y, shape.w, shape.h, style="D")


def _line(
    document: FPDF,
    points: tuple[tuple[float, float], ...],
    color: str,
    width: float,
    dash: tuple[float, float] | None,
    x: float,
    y: float,
) -> None:
    document.set_draw_color(*_rgb(color))
    document.set_line_width(width)
    if dash:
        document.set_dash_pattern(dash=dash[0], gap=dash[1])
    moved = [(px + x, py + y) for px, py in points]
    if len(moved) == 2:
        document.line(*moved[0], *moved[1])
    else:
        document.polyline(moved)
    if dash:
        document.set_dash_pattern()


def _text(document: FPDF, shape: Text, x: float, y: float) -> None:
    document.set_font("helvetica", "B" if shape.bold else "", shape.size)
    document.set_text_color(*_rgb(shape.color))
    text = latin1(shape.text)
    width = document.get_string_width(text)
    document.text(shape.cx + x - width / 2, shape.cy + y + _BASELINE * shape.size, text)
