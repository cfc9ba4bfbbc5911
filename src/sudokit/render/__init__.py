"""Pictures of Sudoku grids: SVG, PNG, PDF, printable books and the terminal.

One drawing model (:mod:`sudokit.render._layout`) feeds every picture, so an SVG, a PNG
and a PDF of the same board look the same. SVG and the terminal need nothing extra; PNG
needs Pillow and PDF/books need fpdf2 (``pip install sudokit[render]``).

>>> from sudokit.render import to_svg
>>> to_svg("1" + "." * 80, size=90).startswith("<svg")
True
"""

from __future__ import annotations

from ._model import Board, Highlights, board, highlights_of
from .book import make_book
from .pdf import to_pdf
from .png import to_image, to_png
from .save import save
from .svg import grid_repr_svg, step_repr_svg, to_svg
from .terminal import to_terminal, use_color
from .themes import THEMES, Theme, get_theme

__all__ = [
    "Board",
    "Highlights",
    "THEMES",
    "Theme",
    "board",
    "get_theme",
    "grid_repr_svg",
    "highlights_of",
    "make_book",
    "save",
    "step_repr_svg",
    "to_image",
    "to_pdf",
    "to_png",
    "to_svg",
    "to_terminal",
    "use_color",
]
