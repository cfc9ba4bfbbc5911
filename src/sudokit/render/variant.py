"""Pictures of variant puzzles (any size, jigsaw, Samurai, cages, lines, dots, arrows, shading).

:func:`variant_shapes` draws a :class:`~sudokit.variants.Puzzle` with the shared shape
model of :mod:`sudokit.render._layout`, so the SVG, PNG and PDF back ends paint it
unchanged; ``to_svg``, ``to_png``, ``to_pdf`` and ``save`` accept a variant Puzzle.

>>> from sudokit.variants import Puzzle, KillerCage
>>> svg = variant_svg(Puzzle(size=4, constraints=(KillerCage((0, 1), 3),)), size=200)
>>> svg.startswith("<svg") and 'class="cage"' in svg and ">3<" in svg
True
"""

from __future__ import annotations

import math
from typing import Any
from xml.sax.saxutils import escape

from ..variants import constraints as C
from ..variants.puzzle import Puzzle
from ._layout import Circle, Line, Path, Rect, Shape, Text
from .themes import Theme, ThemeLike, get_theme

__all__ = ["variant_shapes", "variant_svg", "is_variant"]

_GRAY, _THERMO, _WHISPER, _RENBAN, _PALIN, _SHADE = "#9a9a9a", "#c8c8c8", "#3cb44b", "#b04fd6", "#8f8f8f", "#dbe8f7"


def is_variant(value: object) -> bool:
    """True for a Puzzle that the 9x9 pictures cannot draw (any size or rule)."""
    return isinstance(value, Puzzle)


class _Pen:
    def __init__(self, p: Puzzle, size: float, theme: Theme) -> None:
        self.p, self.n, self.theme = p, p.size, theme
        self.w = p.width  # canvas columns: N, or wider for overlapping grids
        self.margin = size * 0.02
        self.cell = (size - 2 * self.margin) / max(p.height, p.width)
        self.out: list[Shape] = []

    def centre(self, i: int) -> tuple[float, float]:
        r, c = divmod(i, self.w)
        return self.margin + (c + 0.5) * self.cell, self.margin + (r + 0.5) * self.cell

    def corner(self, i: int) -> tuple[float, float]:
        r, c = divmod(i, self.w)
        return self.margin + c * self.cell, self.margin + r * self.cell


def variant_shapes(p: Puzzle, size: float = 450, theme: ThemeLike = "light", solution: Puzzle | None = None) -> list[Shape]:
    """The shapes of ``p`` in a ``size`` square (``solution``: its digits drawn in the blanks)."""
    pen = _Pen(p, float(size), get_theme(theme))
    th = pen.theme
    pen.out.append(Rect(0, 0, size, size, fill=th.background))
    _shading(pen)
    for con in p.constraints:
        _UNDER.get(type(con), _nothing)(pen, con)
    _grid_lines(pen)
    for con in p.constraints:
        _OVER.get(type(con), _nothing)(pen, con)
    _digits(pen, solution)
    return pen.out


def _nothing(pen: _Pen, con: Any) -> None:
    """Global rules without a mark (anti-knight, non-consecutive, negatives): stated in the rules."""


def _shading(pen: _Pen) -> None:
    for con in pen.p.constraints:
        if isinstance(con, C.ExtraRegion):
            for i in con.cells:
                x, y = pen.corner(i)
                pen.out.append(Rect(x, y, pen.cell, pen.cell, fill=_SHADE, kind="extra-region"))


def _region_of(p: Puzzle) -> list[int]:
    out = [0] * p.cells
    for k, region in enumerate(p.region_list()):
        for i in region:
            out[i] = k
    return out


def _grid_lines(pen: _Pen) -> None:
    if pen.p.grids is not None:
        _canvas_lines(pen)
        return
    n, th, cell, m = pen.n, pen.theme, pen.cell, pen.margin
    region = _region_of(pen.p)
    thin, thick = max(1.0, cell / 40) * th.line_scale, max(2.0, cell / 14) * th.line_scale
    for r in range(n):
        for c in range(n):
            i = r * n + c
            if c + 1 < n:
                heavy = region[i] != region[i + 1] and bool(pen.p.region_list())
                x = m + (c + 1) * cell
                pen.out.append(Line(x, m + r * cell, x, m + (r + 1) * cell, th.thick_line if heavy else th.thin_line, thick if heavy else thin))
            if r + 1 < n:
                heavy = region[i] != region[i + n] and bool(pen.p.region_list())
                y = m + (r + 1) * cell
                pen.out.append(Line(m + c * cell, y, m + (c + 1) * cell, y, th.thick_line if heavy else th.thin_line, thick if heavy else thin))
    side = n * cell
    pen.out.append(Rect(m, m, side, side, stroke=th.thick_line, width=thick))


def _canvas_lines(pen: _Pen) -> None:
    """Overlapping grids: every edge of a cell inside a grid; heavy on box and grid borders."""
    p, th, cell, m, w = pen.p, pen.theme, pen.cell, pen.margin, pen.w
    region = [-1] * p.cells
    for k, box in enumerate(p.region_list()):
        for i in box:
            region[i] = k
    thin, thick = max(1.0, cell / 40) * th.line_scale, max(2.0, cell / 14) * th.line_scale

    def other(r: int, c: int) -> int:  # region of a canvas cell, -2 off the canvas or outside the grids
        return region[r * w + c] if 0 <= r < p.height and 0 <= c < w and p.is_active(r * w + c) else -2

    for i in (i for i in range(p.cells) if p.is_active(i)):
        r, c = divmod(i, w)
        x, y = m + c * cell, m + r * cell
        for dr, dc, edge in ((0, 1, (x + cell, y, x + cell, y + cell)), (1, 0, (x, y + cell, x + cell, y + cell)),
                             (0, -1, (x, y, x, y + cell)), (-1, 0, (x, y, x + cell, y))):
            them = other(r + dr, c + dc)
            if (dr < 0 or dc < 0) and them != -2:
                continue  # an inner edge is drawn once, from its upper/left cell
            heavy = them != region[i]
            pen.out.append(Line(*edge, th.thick_line if heavy else th.thin_line, thick if heavy else thin))


def _digits(pen: _Pen, solution: Puzzle | None) -> None:
    p, th = pen.p, pen.theme
    for i in range(p.cells):
        cx, cy = pen.centre(i)
        digit = p.givens[i] or (solution.givens[i] if solution is not None else 0)
        if digit:
            color = th.given if p.givens[i] else th.user
            pen.out.append(Text(cx, cy, str(digit), pen.cell * (0.6 if digit < 10 else 0.48), color, bold=bool(p.givens[i])))
        elif p.candidates is not None and p.candidates[i]:
            _pencil(pen, i, p.candidates[i])


def _pencil(pen: _Pen, i: int, mask: int) -> None:
    side = math.ceil(math.sqrt(pen.n))
    x, y = pen.corner(i)
    step = pen.cell / side
    for d in range(1, pen.n + 1):
        if mask >> (d - 1) & 1:
            r, c = divmod(d - 1, side)
            pen.out.append(Text(x + (c + 0.5) * step, y + (r + 0.5) * step, str(d), step * 0.7, pen.theme.pencil, kind="candidate"))


# ------------------------------------------------------------------ under the grid lines
def _line_through(pen: _Pen, cells: tuple[int, ...], color: str, width: float, kind: str, dash: tuple[float, float] | None = None) -> None:
    pen.out.append(Path(tuple(pen.centre(i) for i in cells), color, width, dash=dash, kind=kind))


def _thermo(pen: _Pen, con: C.Thermometer) -> None:
    _line_through(pen, con.cells, _THERMO, pen.cell * 0.3, "thermometer", dash=(pen.cell * 0.2, pen.cell * 0.1) if con.slow else None)
    cx, cy = pen.centre(con.cells[0])
    pen.out.append(Circle(cx, cy, pen.cell * 0.38, _THERMO, kind="thermometer-bulb"))


def _diagonal(pen: _Pen, con: C.Diagonal) -> None:
    n = pen.n
    for grid in pen.p.grid_list():
        cells = tuple(grid[i * n + i] for i in range(n)) if con.direction == "main" else tuple(grid[(n - 1 - i) * n + i] for i in range(n))
        _line_through(pen, cells, _GRAY, max(1.0, pen.cell / 30), "diagonal", dash=(pen.cell * 0.15, pen.cell * 0.1))


def _colored_line(color: str, kind: str) -> Any:
    return lambda pen, con: _line_through(pen, con.cells, color, pen.cell * 0.18, kind)


def _parity(pen: _Pen, con: C.Parity) -> None:
    cx, cy = pen.centre(con.cell)
    if con.odd:
        pen.out.append(Circle(cx, cy, pen.cell * 0.4, "#d0d0d0", kind="odd"))
    else:
        h = pen.cell * 0.4
        pen.out.append(Rect(cx - h, cy - h, 2 * h, 2 * h, fill="#d0d0d0", kind="even"))


def _extremum(pen: _Pen, con: C.Extremum) -> None:
    cx, cy = pen.centre(con.cell)
    h = pen.cell * 0.5
    sign = 1 if con.minimum else -1  # chevrons point into the cell for a minimum
    for dx, dy in ((0, -1), (0, 1), (-1, 0), (1, 0)):
        tip = (cx + dx * h * (0.75 - 0.15 * sign), cy + dy * h * (0.75 - 0.15 * sign))
        base = (cx + dx * h * (0.75 + 0.15 * sign), cy + dy * h * (0.75 + 0.15 * sign))
        wing = (dy * h * 0.2, dx * h * 0.2)
        pts = ((base[0] + wing[0], base[1] + wing[1]), tip, (base[0] - wing[0], base[1] - wing[1]))
        pen.out.append(Path(pts, _GRAY, max(1.0, pen.cell / 25), kind="minimum" if con.minimum else "maximum"))


def _little_killer(pen: _Pen, con: C.LittleKiller) -> None:
    _line_through(pen, con.cells, _GRAY, max(1.0, pen.cell / 30), "little-killer", dash=(pen.cell * 0.05, pen.cell * 0.1))
    x, y = pen.corner(con.cells[0])
    pen.out.append(Text(x + pen.cell * 0.22, y + pen.cell * 0.2, str(con.total), pen.cell * 0.25, pen.theme.given, kind="little-killer"))


def _between(pen: _Pen, con: C.Between) -> None:
    _line_through(pen, con.cells, _GRAY, pen.cell * 0.06, "between")
    for end in (con.cells[0], con.cells[-1]):
        cx, cy = pen.centre(end)
        _ring(pen, cx, cy, pen.cell * 0.4, _GRAY, "between-end")


def _sandwich(pen: _Pen, con: C.Sandwich) -> None:
    """The total in the line's first cell, top left, boxed (the picture has no outside margin)."""
    first = con.index * pen.n if con.line == "row" else con.index
    x, y = pen.corner(first)
    size = pen.cell * 0.24
    dx, dy = (-pen.margin * 0.5, 0.0) if con.line == "row" else (0.0, -pen.margin * 0.5)
    pen.out.append(Text(x + dx + pen.cell * (0.1 if con.line == "row" else 0.5), y + dy + pen.cell * (0.5 if con.line == "row" else 0.1),
                        str(con.total), size, pen.theme.given, bold=True, kind="sandwich"))


# ------------------------------------------------------------------ over the grid lines
def _cage(pen: _Pen, con: C.KillerCage) -> None:
    n, inset, cells = pen.w, pen.cell * 0.08, set(con.cells)
    dash, width = (pen.cell * 0.08, pen.cell * 0.06), max(1.0, pen.cell / 35)
    for i in con.cells:
        x, y = pen.corner(i)
        r, c = divmod(i, n)
        x0, y0, x1, y1 = x + inset, y + inset, x + pen.cell - inset, y + pen.cell - inset
        # stretch each side to the neighbouring caged cells so the dashes run on
        left = x if c > 0 and i - 1 in cells else x0
        right = x + pen.cell if c + 1 < n and i + 1 in cells else x1
        top = y if r > 0 and i - n in cells else y0
        bottom = y + pen.cell if r + 1 < n and i + n in cells else y1
        if not (r > 0 and i - n in cells):
            pen.out.append(Line(left, y0, right, y0, pen.theme.given, width, dash=dash, kind="cage"))
        if not (r + 1 < n and i + n in cells):
            pen.out.append(Line(left, y1, right, y1, pen.theme.given, width, dash=dash, kind="cage"))
        if not (c > 0 and i - 1 in cells):
            pen.out.append(Line(x0, top, x0, bottom, pen.theme.given, width, dash=dash, kind="cage"))
        if not (c + 1 < n and i + 1 in cells):
            pen.out.append(Line(x1, top, x1, bottom, pen.theme.given, width, dash=dash, kind="cage"))
    if con.total is not None:
        x, y = pen.corner(min(con.cells))
        size = pen.cell * 0.24
        pen.out.append(Rect(x + inset * 0.5, y + inset * 0.5, size * 1.3 * len(str(con.total)) * 0.6 + size * 0.3, size * 1.1, fill=pen.theme.background))
        pen.out.append(Text(x + inset * 0.5 + size * 0.15 + size * 0.39 * len(str(con.total)), y + inset * 0.5 + size * 0.55, str(con.total), size, pen.theme.given, kind="cage-sum"))


def _ring(pen: _Pen, cx: float, cy: float, r: float, color: str, kind: str) -> None:
    pen.out.append(Circle(cx, cy, r, color, kind=kind))
    pen.out.append(Circle(cx, cy, r - max(1.0, pen.cell / 22), pen.theme.background, kind=kind))


def _arrow(pen: _Pen, con: C.Arrow) -> None:
    width = max(1.0, pen.cell / 22)
    for i in con.circle:
        cx, cy = pen.centre(i)
        _ring(pen, cx, cy, pen.cell * 0.4, _GRAY, "arrow-circle")
    points = [pen.centre(con.circle[-1])] + [pen.centre(i) for i in con.path]
    (x0, y0), (x1, y1) = points[0], points[1]
    d = math.hypot(x1 - x0, y1 - y0) or 1.0
    points[0] = (x0 + (x1 - x0) / d * pen.cell * 0.4, y0 + (y1 - y0) / d * pen.cell * 0.4)
    pen.out.append(Path(tuple(points), _GRAY, width, kind="arrow"))
    (ax, ay), (bx, by) = points[-2], points[-1]
    d = math.hypot(bx - ax, by - ay) or 1.0
    ux, uy, h = (bx - ax) / d, (by - ay) / d, pen.cell * 0.2
    head = ((bx - ux * h - uy * h, by - uy * h + ux * h), (bx, by), (bx - ux * h + uy * h, by - uy * h - ux * h))
    pen.out.append(Path(head, _GRAY, width, kind="arrow"))


def _edge_mid(pen: _Pen, cells: tuple[int, ...]) -> tuple[float, float]:
    (ax, ay), (bx, by) = pen.centre(cells[0]), pen.centre(cells[1])
    return (ax + bx) / 2, (ay + by) / 2


def _kropki(pen: _Pen, con: C.Kropki) -> None:
    cx, cy = _edge_mid(pen, con.cells)
    r = pen.cell * 0.13
    if con.color == "black":
        pen.out.append(Circle(cx, cy, r, pen.theme.given, kind="kropki-black"))
    else:
        _ring(pen, cx, cy, r, pen.theme.given, "kropki-white")


def _xv(pen: _Pen, con: C.XV) -> None:
    cx, cy = _edge_mid(pen, con.cells)
    pen.out.append(Circle(cx, cy, pen.cell * 0.17, pen.theme.background, kind="xv"))
    pen.out.append(Text(cx, cy, "X" if con.total == 10 else "V", pen.cell * 0.3, pen.theme.given, bold=True, kind="xv"))


_UNDER: dict[type, Any] = {
    C.Thermometer: _thermo,
    C.Diagonal: _diagonal,
    C.Whisper: _colored_line(_WHISPER, "whisper"),
    C.Renban: _colored_line(_RENBAN, "renban"),
    C.Palindrome: _colored_line(_PALIN, "palindrome"),
    C.Parity: _parity,
    C.Extremum: _extremum,
    C.LittleKiller: _little_killer,
    C.Between: _between,
    C.Sandwich: _sandwich,
}
_OVER: dict[type, Any] = {C.KillerCage: _cage, C.Arrow: _arrow, C.Kropki: _kropki, C.XV: _xv}


def variant_svg(p: Puzzle, *, size: float = 450, theme: ThemeLike = "light", solution: Puzzle | None = None, title: str | None = None) -> str:
    """An SVG document of a variant puzzle."""
    from .svg import FONT_FAMILY, _element, _num

    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_num(size)}" height="{_num(size)}" '
        f'viewBox="0 0 {_num(size)} {_num(size)}" role="img" font-family="{FONT_FAMILY}">'
    )
    label = f"<title>{escape(title or p.title or 'Sudoku puzzle')}</title>"
    return "\n".join([head, label, *(_element(s) for s in variant_shapes(p, size, theme, solution)), "</svg>"]) + "\n"


def variant_image(p: Puzzle, *, size: int = 450, theme: ThemeLike = "light", solution: Puzzle | None = None) -> Any:
    """A Pillow RGB image of a variant puzzle (drawn 3x larger, then downsampled)."""
    from ._deps import require
    from .png import paint

    image_mod = require("PIL.Image")
    scale = 3 if size <= 1200 else 1
    image = image_mod.new("RGB", (size * scale, size * scale), get_theme(theme).background)
    paint(image, variant_shapes(p, float(size * scale), theme, solution))
    return image if scale == 1 else image.resize((size, size), image_mod.Resampling.LANCZOS)


def variant_pdf(p: Puzzle, *, size: float = 400, theme: ThemeLike = "light", solution: Puzzle | None = None, title: str | None = None) -> bytes:
    """A one-page PDF of a variant puzzle, ``size`` points square."""
    from .pdf import new_document, paint

    document = new_document((float(size), float(size)), title or p.title or "Sudoku puzzle")
    document.add_page()
    paint(document, variant_shapes(p, float(size), theme, solution))
    return bytes(document.output())
