"""SVG pictures of a grid, with no dependency: :func:`to_svg` and the Jupyter helpers.

>>> import xml.etree.ElementTree as ET
>>> svg = to_svg("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
>>> root = ET.fromstring(svg)
>>> root.get("width"), sorted({t.text for t in root.iter("{http://www.w3.org/2000/svg}text")})[:3]
('450', ['1', '2', '3'])
"""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape, quoteattr

from ._layout import Circle, Line, Path, Rect, Shape, Text, checked_size, layout
from ._model import prepare
from .themes import ThemeLike, get_theme

__all__ = ["to_svg", "grid_repr_svg", "step_repr_svg", "FONT_FAMILY"]

#: Font stack of SVG text: common sans-serif faces with digits of similar shape.
FONT_FAMILY = "Helvetica, Arial, 'DejaVu Sans', 'Liberation Sans', sans-serif"
# Digits' ink is about 0.72 em tall in these faces; the baseline sits half of it below the centre.
_BASELINE = 0.36


def to_svg(
    grid: Any,
    *,
    size: float = 450,
    theme: ThemeLike = "light",
    highlights: Any = None,
    candidates: bool | None = None,
    title: str | None = None,
) -> str:
    """An SVG document (a string) drawing ``grid``, ``size`` pixels square.

    ``grid`` is a Grid or puzzle string, ``(grid, {cell: {digits}})``, a hint-engine
    candidates state, or a :class:`~sudokit.render.Board`. ``highlights`` is a hint step,
    a :class:`~sudokit.render.Highlights` or a mapping with its field names.
    ``candidates`` fills blank cells with their candidates (default: only for hints on a
    board without pencil marks). ``title`` becomes the SVG's accessible ``<title>``.
    A :class:`~sudokit.human.Hint` from :func:`sudokit.hint` is drawn on its own board.
    """
    if highlights is None and _is_hint(grid):
        grid, highlights = (grid.state if grid.state is not None else "." * 81), grid
        title = title or highlights.text
    if checked_size(size, 0, 1e6, "pixels") == 0:
        raise ValueError(f"size must be positive, got {size}")
    from .variant import is_variant, variant_svg

    if is_variant(grid):  # a variant Puzzle of any size (sudokit.variants)
        return variant_svg(grid, size=size, theme=theme, title=title)
    shown, marks = prepare(grid, highlights, candidates)
    shapes = layout(shown, marks, get_theme(theme), float(size))
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_num(size)}" height="{_num(size)}" '
        f'viewBox="0 0 {_num(size)} {_num(size)}" role="img" font-family={quoteattr(FONT_FAMILY)}>'
    )
    label = f"<title>{escape(title or 'Sudoku grid')}</title>"
    return "\n".join([head, label, *(_element(s) for s in shapes), "</svg>"]) + "\n"


def _is_hint(value: Any) -> bool:
    """A :class:`~sudokit.human.Hint` (checked by name: the render package does not import
    the hint engine)."""
    return type(value).__name__ == "Hint" and hasattr(value, "state") and hasattr(value, "kind")


def grid_repr_svg(grid: Any) -> str:
    """What ``Grid._repr_svg_`` returns: the grid at a notebook-friendly 300 pixels."""
    return to_svg(grid, size=300)


def step_repr_svg(step: Any, state: Any = None) -> str:
    """An SVG of a hint step (or a hint holding one) on its board, for ``_repr_svg_``.

    The board is ``state`` if given, else the step's own ``state`` or ``grid`` attribute;
    without one the pattern is drawn alone on an empty grid.
    """
    board = state
    for name in ("state", "grid"):
        board = getattr(step, name, None) if board is None else board
    title = getattr(step, "name", None) or getattr(step, "text", None)
    if board is None:
        return to_svg("." * 81, size=360, highlights=step, candidates=False, title=title)
    return to_svg(board, size=360, highlights=step, title=title)


def _num(value: float) -> str:
    """A short decimal: at most two places, no trailing zeros."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _element(shape: Shape) -> str:
    cls = f' class="{shape.kind}"' if shape.kind else ""
    if isinstance(shape, Rect):
        paint = f'fill="{shape.fill or "none"}"'
        if shape.stroke:
            paint += f' stroke="{shape.stroke}" stroke-width="{_num(shape.width)}"'
        return f'<rect{cls} x="{_num(shape.x)}" y="{_num(shape.y)}" width="{_num(shape.w)}" height="{_num(shape.h)}" {paint}/>'
    if isinstance(shape, Line):
        dash = f' stroke-dasharray="{_num(shape.dash[0])} {_num(shape.dash[1])}"' if shape.dash else ""
        return (
            f'<line{cls} x1="{_num(shape.x1)}" y1="{_num(shape.y1)}" x2="{_num(shape.x2)}" y2="{_num(shape.y2)}" '
            f'stroke="{shape.color}" stroke-width="{_num(shape.width)}" stroke-linecap="round"{dash}/>'
        )
    if isinstance(shape, Path):
        dash = f' stroke-dasharray="{_num(shape.dash[0])} {_num(shape.dash[1])}"' if shape.dash else ""
        points = " ".join(f"{_num(x)},{_num(y)}" for x, y in shape.points)
        return (
            f'<polyline{cls} points="{points}" fill="none" stroke="{shape.color}" '
            f'stroke-width="{_num(shape.width)}" stroke-linecap="round" stroke-linejoin="round"{dash}/>'
        )
    if isinstance(shape, Circle):
        return f'<circle{cls} cx="{_num(shape.cx)}" cy="{_num(shape.cy)}" r="{_num(shape.r)}" fill="{shape.fill}"/>'
    return _text(shape, cls)


def _text(shape: Text, cls: str) -> str:
    weight = ' font-weight="bold"' if shape.bold else ""
    y = shape.cy + _BASELINE * shape.size
    return (
        f'<text{cls} x="{_num(shape.cx)}" y="{_num(y)}" font-size="{_num(shape.size)}" fill="{shape.color}" '
        f'text-anchor="middle"{weight}>{escape(shape.text)}</text>'
    )
