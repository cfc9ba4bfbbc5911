"""The one drawing model shared by SVG, PNG and PDF: geometry plus a display list.

:func:`layout` turns a board, its highlights and a theme into a list of five primitive
shapes (:class:`Rect`, :class:`Line`, :class:`Path`, :class:`Circle`, :class:`Text`) in a square of
``size`` units, painted in list order. ``kind`` names what a shape is (``given``, ``mark``, ``struck``,
``role-fin``, ``link-weak``, ...): SVG writes it as the ``class`` attribute. Each back end only knows how to paint those four
shapes, so all outputs show the same picture.

Paint order: background, house/role/placement tints, grid lines, chain links, big digits,
pencil marks (with their discs). Links go under the digits so they never hide one; a link
longer than a cell is drawn as a curve bowed towards the grid's centre, so a link along a
row or column does not run through the candidates between its ends.

Geometry of one cell (``cell`` units wide): a big digit is centred in it; pencil mark
``d`` sits in a 3x3 sub-grid, column ``(d-1) % 3``, row ``(d-1) // 3``, like a phone pad::

    1 2 3
    4 5 6
    7 8 9
"""

from __future__ import annotations

import math
import numbers
from dataclasses import dataclass
from typing import Union

from ._model import Board, Highlights
from .themes import Theme

__all__ = ["Rect", "Line", "Path", "Circle", "Text", "Shape", "Geometry", "layout", "checked_size"]


def checked_size(size: float, low: float, high: float, unit: str) -> float:
    """``size`` when it is a finite number in ``low..high`` (one rule for every back end),
    else a ``ValueError`` saying the range: a huge PNG would exhaust memory."""
    if isinstance(size, bool) or not isinstance(size, numbers.Real) or not low <= size <= high:
        raise ValueError(f"size must be a number of {unit} in {low:g}..{high:g}, got {size!r}")
    return size


@dataclass(frozen=True)
class Rect:
    """A rectangle; ``fill``/``stroke`` of None are not painted."""

    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.0
    kind: str = ""


@dataclass(frozen=True)
class Line:
    """A straight line; ``dash`` is (on, off) lengths for a dashed line."""

    x1: float
    y1: float
    x2: float
    y2: float
    color: str
    width: float
    dash: tuple[float, float] | None = None
    kind: str = ""


@dataclass(frozen=True)
class Path:
    """An open polyline through ``points`` (curves arrive here already sampled)."""

    points: tuple[tuple[float, float], ...]
    color: str
    width: float
    dash: tuple[float, float] | None = None
    kind: str = ""


@dataclass(frozen=True)
class Circle:
    """A filled disc centred at (cx, cy)."""

    cx: float
    cy: float
    r: float
    fill: str
    kind: str = ""


@dataclass(frozen=True)
class Text:
    """One or more characters whose ink is centred at (cx, cy); ``size`` is the font size."""

    cx: float
    cy: float
    text: str
    size: float
    color: str
    bold: bool = False
    kind: str = ""


Shape = Union[Rect, Line, Path, Circle, Text]


@dataclass(frozen=True)
class Geometry:
    """Where things go in a square picture of ``size`` units."""

    size: float
    line_scale: float = 1.0

    @property
    def thick(self) -> float:
        """Width of the box borders and the outer frame."""
        return max(1.5, self.size * 0.0075) * self.line_scale

    @property
    def thin(self) -> float:
        """Width of the lines between cells."""
        return max(0.6, self.size * 0.0024) * self.line_scale

    @property
    def origin(self) -> float:
        """Offset of the grid's outer edge (room for half the frame line)."""
        return self.thick / 2 + self.size * 0.01

    @property
    def cell(self) -> float:
        """Width of one cell."""
        return (self.size - 2 * self.origin) / 9

    def corner(self, cell: int) -> tuple[float, float]:
        """Top-left corner of a cell (0..80)."""
        return self.origin + (cell % 9) * self.cell, self.origin + (cell // 9) * self.cell

    def centre(self, cell: int) -> tuple[float, float]:
        """Centre of a cell."""
        x, y = self.corner(cell)
        return x + self.cell / 2, y + self.cell / 2

    @property
    def sub(self) -> float:
        """Width of a pencil-mark slot (a third of the cell, less a small inset)."""
        return (self.cell - 2 * self._inset) / 3

    @property
    def _inset(self) -> float:
        return self.cell * 0.05

    def mark_centre(self, cell: int, digit: int) -> tuple[float, float]:
        """Centre of pencil mark ``digit`` in ``cell`` (phone-pad order)."""
        x, y = self.corner(cell)
        col, row = (digit - 1) % 3, (digit - 1) // 3
        return x + self._inset + self.sub * (col + 0.5), y + self._inset + self.sub * (row + 0.5)

    @property
    def digit_size(self) -> float:
        """Font size of a big digit."""
        return self.cell * 0.66

    @property
    def mark_size(self) -> float:
        """Font size of a pencil mark."""
        return self.sub * 0.82

    @property
    def disc(self) -> float:
        """Radius of the disc behind a highlighted pencil mark."""
        return self.sub * 0.48


def layout(shown: Board, marks: Highlights, theme: Theme, size: float) -> list[Shape]:
    """The display list of a whole picture, painted in order (background first)."""
    geo = Geometry(size, theme.line_scale)
    shapes: list[Shape] = [Rect(0, 0, size, size, fill=theme.background, kind="background")]
    shapes += _fills(geo, marks, theme)
    shapes += _grid_lines(geo, theme)
    shapes += _links(geo, marks, theme)
    shapes += _digits(geo, shown, marks, theme)
    shapes += _pencil(geo, shown, marks, theme)
    return shapes


def _cell_rect(geo: Geometry, cell: int, fill: str, kind: str) -> Rect:
    x, y = geo.corner(cell)
    return Rect(x, y, geo.cell, geo.cell, fill=fill, kind=kind)


def _fills(geo: Geometry, marks: Highlights, theme: Theme) -> list[Shape]:
    """House tints, then role tints, then placement cells (later ones win)."""
    shapes: list[Shape] = [_cell_rect(geo, c, theme.house, "house") for c in marks.house_cells()]
    shapes += [_cell_rect(geo, c, theme.role(role)[0], f"role-{role}") for c, role in marks.cells]
    shapes += [_cell_rect(geo, c, theme.placement_cell, "placement") for c, _ in marks.placements]
    return shapes


def _grid_lines(geo: Geometry, theme: Theme) -> list[Shape]:
    """Thin cell lines, then thick box lines, then the outer frame on top."""
    lo, hi = geo.origin, geo.size - geo.origin
    shapes: list[Shape] = []
    for k in (1, 2, 4, 5, 7, 8):
        at = lo + k * geo.cell
        shapes += [Line(at, lo, at, hi, theme.thin_line, geo.thin, kind="thin"), Line(lo, at, hi, at, theme.thin_line, geo.thin, kind="thin")]
    for k in (3, 6):
        at = lo + k * geo.cell
        shapes += [Line(at, lo, at, hi, theme.thick_line, geo.thick, kind="thick"), Line(lo, at, hi, at, theme.thick_line, geo.thick, kind="thick")]
    shapes.append(Rect(lo, lo, hi - lo, hi - lo, stroke=theme.thick_line, width=geo.thick, kind="frame"))
    return shapes


def _digits(geo: Geometry, shown: Board, marks: Highlights, theme: Theme) -> list[Shape]:
    shapes: list[Shape] = []
    for cell, value in enumerate(shown.values):
        if value:
            given = cell in shown.givens
            cx, cy = geo.centre(cell)
            color, kind = (theme.given, "given") if given else (theme.user, "user")
            shapes.append(Text(cx, cy, str(value), geo.digit_size, color, bold=given, kind=kind))
    return shapes


def _pencil(geo: Geometry, shown: Board, marks: Highlights, theme: Theme) -> list[Shape]:
    """Pencil marks of blank cells, with discs for pattern and placement candidates and
    eliminated candidates struck through."""
    discs = {(c, d): (theme.role(role)[1], f"disc-{role}") for c, d, role in marks.candidates}
    discs.update({(c, d): (theme.placement_digit, "disc-placement") for c, d in marks.placements})
    struck = set(marks.eliminations)
    extra = marks.mentioned()
    shapes: list[Shape] = []
    for cell, value in enumerate(shown.values):
        if value:
            continue
        for digit in sorted(shown.marks[cell] | extra.get(cell, set())):
            shapes += _mark(geo, theme, cell, digit, discs.get((cell, digit)), (cell, digit) in struck)
    return shapes


def _mark(geo: Geometry, theme: Theme, cell: int, digit: int, disc: tuple[str, str] | None, struck: bool) -> list[Shape]:
    cx, cy = geo.mark_centre(cell, digit)
    shapes: list[Shape] = []
    color, kind = theme.pencil, "mark"
    if disc is not None:
        shapes.append(Circle(cx, cy, geo.disc, disc[0], kind=disc[1]))
        placed = disc[1] == "disc-placement"
        color, kind = (theme.background, "placed") if placed else (theme.given, "pattern")
    if struck:
        shapes.append(Circle(cx, cy, geo.disc, theme.elimination_disc, kind="disc-elimination"))
        color, kind = theme.elimination, "struck"
    shapes.append(Text(cx, cy, str(digit), geo.mark_size, color, bold=disc is not None or struck, kind=kind))
    if struck:
        r = geo.disc * 0.9
        shapes.append(Line(cx - r, cy + r, cx + r, cy - r, theme.elimination, max(0.7, geo.sub * 0.07), kind="strike"))
    return shapes


def _links(geo: Geometry, marks: Highlights, theme: Theme) -> list[Shape]:
    """Chain links from candidate to candidate, trimmed so they stop at the candidates' discs."""
    shapes: list[Shape] = []
    for (ca, da), (cb, db), strong in marks.links:
        points = _trim(_bow(geo, geo.mark_centre(ca, da), geo.mark_centre(cb, db)), geo.disc)
        if len(points) < 2:
            continue
        dash = None if strong else (geo.sub * 0.35, geo.sub * 0.25)
        color, kind = (theme.strong_link, "link-strong") if strong else (theme.weak_link, "link-weak")
        shapes.append(Path(tuple(points), color, max(1.0, geo.sub * 0.11), dash, kind=kind))
    return shapes


def _bow(geo: Geometry, a: tuple[float, float], b: tuple[float, float]) -> list[tuple[float, float]]:
    """Points along the link a-b: straight within about a cell, else a quadratic curve
    bowed towards the centre of the grid."""
    (x1, y1), (x2, y2) = a, b
    length = math.hypot(x2 - x1, y2 - y1)
    if length <= geo.cell * 1.2:
        return [a, b]
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    nx, ny = -(y2 - y1) / length, (x2 - x1) / length
    centre = geo.size / 2
    if (centre - mx) * nx + (centre - my) * ny < 0:
        nx, ny = -nx, -ny
    bend = min(length * 0.2, geo.cell * 0.8)
    cx, cy = mx + nx * bend, my + ny * bend
    steps = 24
    return [
        ((1 - t) ** 2 * x1 + 2 * (1 - t) * t * cx + t * t * x2, (1 - t) ** 2 * y1 + 2 * (1 - t) * t * cy + t * t * y2)
        for t in (k / steps for k in range(steps + 1))
    ]


def _trim(points: list[tuple[float, float]], radius: float) -> list[tuple[float, float]]:
    """Cut ``radius`` off both ends of a polyline (exactly, on the segment that crosses it)."""
    for _ in range(2):
        points = _trim_start(points, radius)[::-1]
    return points


def _trim_start(points: list[tuple[float, float]], radius: float) -> list[tuple[float, float]]:
    x0, y0 = points[0]
    for k in range(1, len(points)):
        x, y = points[k]
        if math.hypot(x - x0, y - y0) >= radius:
            px, py = points[k - 1]
            d0, d1 = math.hypot(px - x0, py - y0), math.hypot(x - x0, y - y0)
            t = (radius - d0) / (d1 - d0) if d1 > d0 else 0.0
            return [(px + (x - px) * t, py + (y - py) * t)] + points[k:]
    return []
