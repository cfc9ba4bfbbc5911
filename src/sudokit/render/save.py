"""Write a picture to a file, choosing SVG, PNG or PDF from the file name: :func:`save`."""

from __future__ import annotations

import os
from typing import Any

from .themes import ThemeLike
from .._atomic import atomic_write

__all__ = ["save", "FORMATS", "format_of"]

#: Picture formats by file extension.
FORMATS = {".svg": "svg", ".png": "png", ".pdf": "pdf"}


def format_of(path: str | os.PathLike[str]) -> str:
    """``"svg"``, ``"png"`` or ``"pdf"`` from a file name (``ValueError`` for anything else)."""
    ext = os.path.splitext(os.fspath(path))[1].lower()
    if ext not in FORMATS:
        raise ValueError(f"cannot tell the picture format of {os.fspath(path)!r}: use .svg, .png or .pdf")
    return FORMATS[ext]


def save(
    grid: Any,
    path: str | os.PathLike[str],
    *,
    size: float | None = None,
    theme: ThemeLike = "light",
    highlights: Any = None,
    candidates: bool | None = None,
) -> str:
    """Draw ``grid`` to ``path`` as SVG, PNG or PDF (by extension) and return the format.

    ``size`` is pixels for SVG/PNG (default 450) and points for PDF (default 400).
    """
    kind = format_of(path)
    options: dict[str, Any] = {"theme": theme, "highlights": highlights, "candidates": candidates}
    if kind == "svg":
        from .svg import to_svg

        with atomic_write(path, text=True) as out:
            out.write(to_svg(grid, size=size or 450, **options))
    elif kind == "png":
        from ._layout import checked_size
        from .png import MAX_PIXELS, to_png

        to_png(grid, path, size=int(checked_size(size or 450, 30, MAX_PIXELS, "pixels")), **options)
    else:
        from .pdf import to_pdf

        to_pdf(grid, path, size=size or 400, **options)
    return kind
