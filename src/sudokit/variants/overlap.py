"""Overlapping grids (Samurai and other gattai layouts): the canvas they span, the cells of
each grid, and the checks that make a layout consistent.

Several N x N grids sit at (top, left) offsets on a canvas; a canvas cell belongs to every
grid that covers it. Grids that overlap must share whole boxes (their offsets differ by a
multiple of the box shape), otherwise a box of one grid would cut across boxes of the other.

>>> from sudokit.variants import Puzzle
>>> p = Puzzle.samurai()
>>> (p.height, p.width), sum(map(p.is_active, range(p.cells)))
((21, 21), 369)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ..errors import BadRegionError, CellOffGridError, InvalidFormatError

if TYPE_CHECKING:
    from .puzzle import Puzzle

__all__ = ["canvas_of", "parse_canvas_text", "canvas_pairs", "canvas_neighbours", "BLANKS"]

#: Characters of a blank (or outside-every-grid) cell in canvas text.
BLANKS = ".0-_*"


def _offsets(grids: Any) -> tuple[tuple[int, int], ...]:
    try:
        out = tuple(tuple(g) for g in grids)
    except TypeError:
        out = ()
    if not out or any(len(g) != 2 or any(not isinstance(v, int) or isinstance(v, bool) for v in g) for g in out):
        raise InvalidFormatError(f"grids must be a non-empty list of (top, left) pairs of ints, got {grids!r}")
    return out


def canvas_of(p: Puzzle) -> tuple[tuple[tuple[int, int], ...], tuple[int, int], tuple[tuple[int, ...], ...], bytes]:
    """``(grids, (height, width), cells of each grid, active flag per canvas cell)`` of a
    layout; raises typed errors for a layout that is off the canvas, too big or inconsistent."""
    from .puzzle import MAX_CANVAS_CELLS

    n, grids = p.size, _offsets(p.grids)
    for k, (top, left) in enumerate(grids):
        if top < 0 or left < 0:
            raise CellOffGridError(f"starts at ({top}, {left}), off the canvas (offsets count from 0)", constraint=f"grid {k + 1}")
    height, width = max(t for t, _ in grids) + n, max(left for _, left in grids) + n
    if height * width > MAX_CANVAS_CELLS:
        raise InvalidFormatError(f"a canvas of {height}x{width} cells is larger than {MAX_CANVAS_CELLS} cells")
    _check_overlaps(p, grids, width)
    cells = tuple(tuple((top + r) * width + left + c for r in range(n) for c in range(n)) for top, left in grids)
    active = bytearray(height * width)
    for grid in cells:
        for i in grid:
            active[i] = 1
    return grids, (height, width), cells, bytes(active)


def _check_overlaps(p: Puzzle, grids: tuple[tuple[int, int], ...], width: int) -> None:
    n = p.size
    br, bc = p.boxes if p.boxes else (1, 1)  # Latin squares may overlap anywhere
    for k, (top, left) in enumerate(grids):
        for j, (t2, l2) in enumerate(grids[:k]):
            if (top, left) == (t2, l2):
                raise BadRegionError(f"lies exactly on grid {j + 1}", constraint=f"grid {k + 1}")
            if abs(top - t2) < n and abs(left - l2) < n and ((top - t2) % br or (left - l2) % bc):
                shared = max(top, t2) * width + max(left, l2)
                raise BadRegionError(
                    f"overlaps grid {j + 1} across box borders (overlapping grids must share whole {br}x{bc} boxes)",
                    constraint=f"grid {k + 1}", cell=shared, size=width,
                )


def parse_canvas_text(text: str, shape: Puzzle) -> tuple[int, ...]:
    """Canvas givens from text holding either every canvas cell or only the cells inside
    the grids (reading order); digits ``1-9A-P``, blanks ``.0-_*``, whitespace ignored."""
    from .puzzle import DIGIT_CHARS

    chars = "".join(text.split()).upper()
    n, cells = shape.size, shape.cells
    inside = [i for i in range(cells) if shape.is_active(i)]
    if len(chars) not in (cells, len(inside)):
        raise InvalidFormatError(f"{len(chars)} characters: expected {cells} (the whole canvas) or {len(inside)} (the cells of the grids)")
    digits = []
    for k, ch in enumerate(chars):
        if ch in BLANKS:
            digits.append(0)
        elif ch in DIGIT_CHARS[:n]:
            digits.append(DIGIT_CHARS.index(ch) + 1)
        else:
            raise InvalidFormatError(f"{ch!r} is not a digit of a size-{n} grid", column=k + 1)
    if len(chars) == cells:
        return tuple(digits)
    givens = [0] * cells
    for cell, d in zip(inside, digits):
        givens[cell] = d
    return tuple(givens)


def canvas_pairs(p: Puzzle, offsets: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """Pairs (a < b) of cells inside the grids that lie one of ``offsets`` apart on the canvas."""
    h, w, moves = p.height, p.width, list(offsets)
    out = []
    for r in range(h):
        for c in range(w):
            a = r * w + c
            if not p.is_active(a):
                continue
            for dr, dc in moves:
                rr, cc = r + dr, c + dc
                if 0 <= rr < h and 0 <= cc < w and (rr, cc) > (r, c) and p.is_active(rr * w + cc):
                    out.append((a, rr * w + cc))
    return out


def canvas_neighbours(p: Puzzle, cell: int) -> list[int]:
    """Orthogonal neighbours of ``cell`` inside the grids."""
    r, c = divmod(cell, p.width)
    out = []
    for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
        if 0 <= rr < p.height and 0 <= cc < p.width and p.is_active(rr * p.width + cc):
            out.append(rr * p.width + cc)
    return out
