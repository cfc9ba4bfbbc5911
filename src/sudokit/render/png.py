"""PNG pictures via Pillow (``pip install sudokit[render]``): :func:`to_png`, :func:`to_image`.

The picture is painted from the same display list as the SVG at three times the size and
scaled down, which smooths the lines and discs Pillow would otherwise draw jagged. Digits
use the font Pillow ships (``ImageFont.load_default(size=...)``, Pillow 10.1 or later), so
nothing is downloaded; each digit's ink is centred on its cell by measuring it.
"""

from __future__ import annotations

import io
import math
import os
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ._deps import require
from ._layout import Circle, Line, Path, Rect, Shape, Text, checked_size, layout
from ._model import prepare
from .themes import ThemeLike, get_theme
from .._atomic import atomic_write

if TYPE_CHECKING:
    from PIL import Image, ImageDraw, ImageFont

__all__ = ["to_png", "to_image", "MAX_PIXELS"]

#: The largest picture side: 10,000 pixels square is 300 MB of RGB while drawing.
MAX_PIXELS = 10_000


def to_image(
    grid: Any,
    *,
    size: int = 450,
    theme: ThemeLike = "light",
    highlights: Any = None,
    candidates: bool | None = None,
) -> Image.Image:
    """A Pillow RGB image of ``grid``, ``size`` pixels square (arguments as :func:`~sudokit.render.to_svg`)."""
    image_mod = require("PIL.Image")
    size = int(checked_size(size, 30, MAX_PIXELS, "pixels"))
    from .variant import is_variant, variant_image

    if is_variant(grid):  # a variant Puzzle of any size (sudokit.variants)
        result: Image.Image = variant_image(grid, size=size, theme=theme)
        return result
    shown, marks = prepare(grid, highlights, candidates)
    scale = 3 if size <= 1200 else 2 if size <= 2400 else 1
    shapes = layout(shown, marks, get_theme(theme), float(size * scale))
    image: Image.Image = image_mod.new("RGB", (size * scale, size * scale), get_theme(theme).background)
    paint(image, shapes)
    if scale == 1:
        return image
    return image.resize((size, size), image_mod.Resampling.LANCZOS)


def to_png(
    grid: Any,
    path: str | os.PathLike[str] | None = None,
    *,
    size: int = 450,
    theme: ThemeLike = "light",
    highlights: Any = None,
    candidates: bool | None = None,
) -> bytes:
    """PNG bytes of ``grid``, also written to ``path`` when given (arguments as :func:`to_image`)."""
    image = to_image(grid, size=size, theme=theme, highlights=highlights, candidates=candidates)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=True)
    data = buffer.getvalue()
    if path is not None:
        with atomic_write(path) as out:
            out.write(data)
    return data


def paint(image: Image.Image, shapes: list[Shape], offset: tuple[float, float] = (0.0, 0.0)) -> None:
    """Paint a display list onto a Pillow image, shifted by ``offset`` pixels."""
    draw = require("PIL.ImageDraw").Draw(image)
    for shape in shapes:
        _paint(draw, shape, offset)


def _paint(draw: ImageDraw.ImageDraw, shape: Shape, offset: tuple[float, float]) -> None:
    ox, oy = offset
    if isinstance(shape, Rect):
        _rect(draw, shape, ox, oy)
    elif isinstance(shape, Line):
        _path(draw, ((shape.x1, shape.y1), (shape.x2, shape.y2)), shape.color, shape.width, shape.dash, ox, oy)
    elif isinstance(shape, Path):
        _path(draw, shape.points, shape.color, shape.width, shape.dash, ox, oy)
    elif isinstance(shape, Circle):
        cx, cy, r = shape.cx + ox, shape.cy + oy, shape.r
        draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=shape.fill)
    else:
        _text(draw, shape, ox, oy)


def _rect(draw: ImageDraw.ImageDraw, shape: Rect, ox: float, oy: float) -> None:
    x0, y0 = shape.x + ox, shape.y + oy
    if shape.fill:
        draw.rectangle([x0, y0, x0 + shape.w, y0 + shape.h], fill=shape.fill)
    if shape.stroke:
        # Pillow draws an outline inside the box; grow the box so the stroke is centred on it.
        half = shape.width / 2
        box = [x0 - half, y0 - half, x0 + shape.w + half, y0 + shape.h + half]
        draw.rectangle(box, outline=shape.stroke, width=max(1, round(shape.width)))


def _path(
    draw: ImageDraw.ImageDraw,
    points: tuple[tuple[float, float], ...],
    color: str,
    line_width: float,
    dash: tuple[float, float] | None,
    ox: float,
    oy: float,
) -> None:
    """A polyline, dashed by walking along it when ``dash`` is given."""
    width = max(1, round(line_width))
    moved = [(x + ox, y + oy) for x, y in points]
    pieces = [moved] if dash is None else _dashes(moved, dash)
    for piece in pieces:
        draw.line(piece, fill=color, width=width, joint="curve" if len(piece) > 2 else None)


def _dashes(points: list[tuple[float, float]], dash: tuple[float, float]) -> list[list[tuple[float, float]]]:
    """Split a polyline into the "on" pieces of an (on, off) dash pattern."""
    on, off = dash
    pieces: list[list[tuple[float, float]]] = []
    current: list[tuple[float, float]] = [points[0]]
    drawing, left = True, on
    for (x1, y1), (x2, y2) in zip(points, points[1:]):
        length, done = math.hypot(x2 - x1, y2 - y1), 0.0
        while length - done > left:
            done += left
            t = done / length
            point = (x1 + (x2 - x1) * t, y1 + (y2 - y1) * t)
            if drawing:
                pieces.append(current + [point])
            current = [point]
            drawing, left = not drawing, off if drawing else on
        left -= length - done
        if drawing:
            current.append((x2, y2))
    if drawing and len(current) > 1:
        pieces.append(current)
    return pieces


def _text(draw: ImageDraw.ImageDraw, shape: Text, ox: float, oy: float) -> None:
    font = _font(max(1, round(shape.size)))
    # Givens are bold: Pillow's bundled face has one weight, so thicken it with a stroke.
    stroke = max(1, round(shape.size * 0.025)) if shape.bold else 0
    left, top, right, bottom = draw.textbbox((0, 0), shape.text, font=font, stroke_width=stroke)
    x = shape.cx + ox - (left + right) / 2
    y = shape.cy + oy - (top + bottom) / 2
    draw.text((x, y), shape.text, fill=shape.color, font=font, stroke_width=stroke, stroke_fill=shape.color)


@lru_cache(maxsize=64)
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """Pillow's bundled font at ``size`` pixels (older Pillow: DejaVu if present, else the bitmap face)."""
    font_mod = require("PIL.ImageFont")
    try:
        return font_mod.load_default(size=size)  # type: ignore[no-any-return]
    except TypeError:  # Pillow < 10.1 has no sized default font
        try:
            return font_mod.truetype("DejaVuSans.ttf", size)  # type: ignore[no-any-return]
        except OSError:
            return font_mod.load_default()  # type: ignore[no-any-return]
