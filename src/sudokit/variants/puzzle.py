"""The :class:`Puzzle` value: a geometry (size, boxes or jigsaw regions, or several grids
overlapping on a canvas: Samurai), givens, optional per-cell candidates (sukaku) and typed
constraint records.

>>> p = Puzzle.from_string("1..." + "." * 12, size=4, boxes=(2, 2))
>>> p.size, p.givens[:4]
(4, (1, 0, 0, 0))
>>> eval(repr(p)) == p
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..errors import BadRegionError, CellOffGridError, InvalidConstraintError, InvalidFormatError, OverlappingCagesError
from .constraints import *  # noqa: F403  (repr of a Puzzle names these classes)
from .constraints import Constraint, KillerCage

__all__ = ["Puzzle", "SIZES", "box_shape", "cell_name", "samurai_grids", "DIGIT_CHARS", "MAX_CANVAS_CELLS"]

#: The sizes with a standard box shape (rows x columns of a box).
SIZES: dict[int, tuple[int, int]] = {4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3), 12: (3, 4), 16: (4, 4), 25: (5, 5)}
#: Digit characters of the one-line text form: 1-9 then A.. for 10 and up ('.' or '0' blank).
DIGIT_CHARS = "123456789ABCDEFGHIJKLMNOP"
MAX_SIZE = 25
#: Most cells a canvas of overlapping grids may span (the engine's cell limit).
MAX_CANVAS_CELLS = 1024


def box_shape(size: int) -> tuple[int, int]:
    """The standard box shape (rows, columns) for ``size`` (f-puzzles' shapes for non-squares)."""
    if size in SIZES:
        return SIZES[size]
    for rows in range(int(size**0.5), 0, -1):
        if size % rows == 0:
            return rows, size // rows
    return 1, size


def samurai_grids(size: int = 9, boxes: tuple[int, int] | None = None) -> tuple[tuple[int, int], ...]:
    """Top-left corners of the five grids of a Samurai: four corner grids, each sharing one
    corner box with the centre grid (9x9: ``(0, 0), (0, 12), (6, 6), (12, 0), (12, 12)``)."""
    br, bc = boxes or box_shape(size)
    down, across = size - br, size - bc
    return ((0, 0), (0, 2 * across), (down, across), (2 * down, 0), (2 * down, 2 * across))


def cell_name(cell: int, size: int) -> str:
    """``r1c1`` name of a 0-based cell index in a ``size`` x ``size`` grid."""
    return f"r{cell // size + 1}c{cell % size + 1}"


def orthogonal_neighbours(cell: int, size: int) -> list[int]:
    """The cells sharing an edge with ``cell`` (0-based) in a ``size`` x ``size`` grid,
    in the order up, down, left, right (the layout generators' draws depend on it)."""
    r, c = divmod(cell, size)
    return [rr * size + cc for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if 0 <= rr < size and 0 <= cc < size]


@dataclass(frozen=True)
class Puzzle:
    """An immutable variant Sudoku: N x N cells, digits 1..N, houses and constraints.

    ``boxes`` is the box shape (rows, columns; default the standard one), ignored when ``regions`` (jigsaw: N regions
    of N cells tiling the grid) is given; ``boxes=None`` and ``regions=None`` mean rows and
    columns only (Latin square). ``givens`` holds N*N digits (0 blank); ``candidates``
    (sukaku), when set, holds N*N masks (bit d-1: digit d allowed; 0: any digit).

    ``grids`` (overlapping grids, e.g. :meth:`samurai`) places several N x N grids, each with
    its rows, columns and boxes, at (top, left) offsets on a canvas of ``height`` x ``width``
    cells; grids that overlap share whole boxes. Cells are then canvas indices
    ``row * width + column``, ``givens``/``candidates`` cover the whole canvas, and cells
    outside every grid stay 0.
    """

    size: int = 9
    givens: tuple[int, ...] = ()
    boxes: tuple[int, ...] | None = ()
    regions: tuple[tuple[int, ...], ...] | None = None
    constraints: tuple[Constraint, ...] = ()
    candidates: tuple[int, ...] | None = None
    title: str = field(default="", compare=False)
    grids: tuple[tuple[int, int], ...] | None = None

    def __post_init__(self) -> None:
        n = self.size
        if not isinstance(n, int) or not 1 <= n <= MAX_SIZE:
            raise InvalidFormatError(f"size must be 1..{MAX_SIZE}, got {n!r}")
        if self.regions is not None:  # jigsaw regions replace the boxes
            object.__setattr__(self, "regions", tuple(tuple(r) for r in self.regions))
            object.__setattr__(self, "boxes", None)
        elif self.boxes is not None:
            object.__setattr__(self, "boxes", tuple(self.boxes) or box_shape(n))
        self._set_canvas()
        if not self.givens:
            object.__setattr__(self, "givens", (0,) * self.cells)
        object.__setattr__(self, "givens", tuple(self.givens))
        object.__setattr__(self, "constraints", tuple(self.constraints))
        self._check()

    # ------------------------------------------------------------ validation
    def _set_canvas(self) -> None:
        """Canvas size and the cells of each grid (one grid of N x N without ``grids``)."""
        n = self.size
        if self.grids is None:
            object.__setattr__(self, "_shape", (n, n))
            object.__setattr__(self, "_grid_cells", (tuple(range(n * n)),))
            object.__setattr__(self, "_active", None)
            return
        from .overlap import canvas_of

        grids, shape, grid_cells, active = canvas_of(self)
        object.__setattr__(self, "grids", grids)
        object.__setattr__(self, "_shape", shape)
        object.__setattr__(self, "_grid_cells", grid_cells)
        object.__setattr__(self, "_active", active)

    def _check(self) -> None:
        n, cells, w = self.size, self.cells, self.width
        if len(self.givens) != cells:
            raise InvalidFormatError(f"givens must hold {cells} digits for a {self.height}x{w} grid, got {len(self.givens)}")
        for cell, digit in enumerate(self.givens):
            if not isinstance(digit, int) or not 0 <= digit <= n:
                raise InvalidConstraintError(f"given {digit!r} is not a digit 0..{n}", constraint="givens", cell=cell, size=w)
            if digit and not self.is_active(cell):
                raise CellOffGridError("a given lies outside every grid", constraint="givens", cell=cell, size=w)
        if self.candidates is not None:
            object.__setattr__(self, "candidates", tuple(self.candidates))
            if len(self.candidates) != cells or any(not isinstance(m, int) or not 0 <= m < 1 << n for m in self.candidates):
                raise InvalidFormatError(f"candidates must hold {cells} masks of {n} bits")
            for cell, mask in enumerate(self.candidates):
                if mask and not self.is_active(cell):
                    raise CellOffGridError("candidates lie outside every grid", constraint="candidates", cell=cell, size=w)
        self._check_geometry()
        self._check_constraints()

    def _check_geometry(self) -> None:
        n = self.size
        if self.grids is not None and self.regions is not None:
            raise BadRegionError("jigsaw regions cannot be combined with overlapping grids", constraint="regions")
        if self.regions is not None:
            seen: dict[int, int] = {}
            if len(self.regions) != n:
                raise BadRegionError(f"{len(self.regions)} regions, a size-{n} grid needs {n}", constraint="regions")
            for k, region in enumerate(self.regions):
                name = f"region {k + 1}"
                if len(region) != n:
                    raise BadRegionError(f"has {len(region)} cells, needs {n}", constraint=name, cell=region[0] if region else None, size=n)
                for cell in region:
                    self._on_grid(cell, name)
                    if cell in seen:
                        raise BadRegionError(f"shares a cell with region {seen[cell] + 1}", constraint=name, cell=cell, size=n)
                    seen[cell] = k
        elif self.boxes is not None:
            if len(self.boxes) != 2 or self.boxes[0] * self.boxes[1] != n:
                rows, cols = (tuple(self.boxes) + (0, 0))[:2]
                raise BadRegionError(f"boxes of {rows}x{cols} do not tile a {n}x{n} grid", constraint="boxes")

    def _check_constraints(self) -> None:
        caged: dict[int, int] = {}
        for k, con in enumerate(self.constraints):
            if not isinstance(con, Constraint):
                raise InvalidConstraintError(f"{con!r} is not a constraint record", constraint=f"constraint {k + 1}")
            name = self.constraint_name(k)
            for cell in con.cells_used():
                self._on_grid(cell, name)
            if isinstance(con, KillerCage):
                for cell in con.cells:
                    if cell in caged:
                        raise OverlappingCagesError(
                            f"overlaps {self.constraint_name(caged[cell])}", constraint=name, cell=cell, size=self.width
                        )
                    caged[cell] = k

    def _on_grid(self, cell: object, name: str) -> None:
        if not isinstance(cell, int) or isinstance(cell, bool) or not 0 <= cell < self.cells:
            raise CellOffGridError(f"cell {cell!r} is off the {self.height}x{self.width} grid", constraint=name)
        if not self.is_active(cell):
            raise CellOffGridError("the cell lies outside every grid", constraint=name, cell=cell, size=self.width)

    def constraint_name(self, index: int) -> str:
        """How messages name constraint ``index``: e.g. ``"killer 3"`` (1-based per kind)."""
        con = self.constraints[index]
        same = sum(1 for c in self.constraints[: index + 1] if c.kind == con.kind)
        return f"{con.kind} {same}"

    # ------------------------------------------------------------ construction
    @classmethod
    def from_string(cls, text: str, *, size: int | None = None, boxes: tuple[int, ...] | None = (), **kwargs: Any) -> Puzzle:
        """Read N*N characters (``1-9``, ``A``.. for 10+, ``.``/``0`` blank; whitespace ignored)."""
        chars = "".join(text.split())
        n = size or round(len(chars) ** 0.5)
        if n * n != len(chars):
            raise InvalidFormatError(f"{len(chars)} characters do not make a square grid")
        givens = []
        for k, ch in enumerate(chars.upper()):
            if ch in ".0_*":
                givens.append(0)
            elif ch in DIGIT_CHARS[:n]:
                givens.append(DIGIT_CHARS.index(ch) + 1)
            else:
                raise InvalidFormatError(f"{ch!r} is not a digit of a size-{n} grid", column=k + 1)
        return cls(size=n, givens=tuple(givens), boxes=boxes, **kwargs)

    @classmethod
    def from_rows(cls, rows: Sequence[Sequence[int]], **kwargs: Any) -> Puzzle:
        """Build from rows of ints (0 blank); ``boxes`` defaults to the standard shape."""
        n = len(rows)
        if any(len(r) != n for r in rows):
            raise InvalidFormatError(f"expected {n} rows of {n} digits")
        return cls(size=n, givens=tuple(d for r in rows for d in r), **kwargs)

    @classmethod
    def samurai(cls, givens: str | Sequence[int] = (), *, size: int = 9, boxes: tuple[int, int] | None = None, **kwargs: Any) -> Puzzle:
        """A Samurai: five N x N grids, the centre one sharing a corner box with each of the
        others (9x9: 369 cells on a 21x21 canvas). ``givens`` as for :meth:`overlapping`."""
        return cls.overlapping(samurai_grids(size, boxes), givens, size=size, boxes=boxes or (), **kwargs)

    @classmethod
    def overlapping(
        cls, grids: Sequence[tuple[int, int]], givens: str | Sequence[int] = (), *, size: int = 9, boxes: tuple[int, ...] | None = (), **kwargs: Any
    ) -> Puzzle:
        """Grids of N x N at ``grids`` (top, left) offsets. ``givens``: canvas digits (0
        blank) or text (``1-9A-P`` digits, ``.``/``0``/``-`` blank, whitespace ignored) of
        either every canvas cell or only the cells inside the grids, in reading order."""
        shape = cls(size=size, boxes=boxes, grids=tuple(tuple(g) for g in grids))  # type: ignore[misc]
        if isinstance(givens, str):
            from .overlap import parse_canvas_text

            givens = parse_canvas_text(givens, shape)
        return cls(size=size, boxes=boxes, grids=shape.grids, givens=tuple(givens), **kwargs)

    def with_givens(self, givens: Sequence[int]) -> Puzzle:
        """The same puzzle with other givens (e.g. a solution)."""
        return replace(self, givens=tuple(givens))

    def with_constraints(self, *constraints: Constraint) -> Puzzle:
        """The same puzzle with ``constraints`` added."""
        return replace(self, constraints=self.constraints + tuple(constraints))

    def normalized(self) -> Puzzle:
        """The same rules in a canonical order (constraints by kind, regions by first cell),
        for comparing puzzles read from formats that group constraints differently."""
        regions = None if self.regions is None else tuple(sorted(tuple(sorted(r)) for r in self.regions))
        cons = tuple(sorted(set(self.constraints), key=lambda c: (c.kind, repr(c))))
        return replace(self, regions=regions, constraints=cons)

    # ------------------------------------------------------------ reading
    @property
    def cells(self) -> int:
        """Number of cells of the canvas (N*N for one grid)."""
        return self.height * self.width

    @property
    def height(self) -> int:
        """Rows of the canvas (N for one grid)."""
        return int(self._shape[0])  # type: ignore[attr-defined]

    @property
    def width(self) -> int:
        """Columns of the canvas (N for one grid)."""
        return int(self._shape[1])  # type: ignore[attr-defined]

    def is_active(self, cell: int) -> bool:
        """True when ``cell`` lies inside some grid (always, without ``grids``)."""
        active = self._active  # type: ignore[attr-defined]
        return active is None or bool(active[cell])

    def grid_list(self) -> tuple[tuple[int, ...], ...]:
        """The cells of each N x N grid, row by row (one grid without ``grids``)."""
        return self._grid_cells  # type: ignore[attr-defined,no-any-return]

    @property
    def is_classic(self) -> bool:
        """A plain 9x9 Sudoku: the band-bitboard core solves it."""
        return (
            self.size == 9 and self.boxes == (3, 3) and self.regions is None and not self.constraints and self.candidates is None and self.grids is None
        )

    def region_list(self) -> tuple[tuple[int, ...], ...]:
        """The boxes (or jigsaw regions) as cell tuples, each shared box once; empty for a Latin square."""
        if self.regions is not None:
            return self.regions
        if self.boxes is None:
            return ()
        n, (br, bc) = self.size, self.boxes
        out: dict[tuple[int, ...], None] = {}
        for grid in self.grid_list():
            for top in range(0, n, br):
                for left in range(0, n, bc):
                    out.setdefault(tuple(grid[(top + r) * n + left + c] for r in range(br) for c in range(bc)))
        return tuple(out)

    def to_list(self) -> list[list[int]]:
        """The givens as rows of ints (0 blank); for a solution, its digits (cells outside
        every grid of overlapping grids stay 0)."""
        w = self.width
        return [list(self.givens[r * w : r * w + w]) for r in range(self.height)]

    def __str__(self) -> str:
        return "".join(DIGIT_CHARS[d - 1] if d else "." for d in self.givens)

    def to_json(self) -> dict[str, Any]:
        """The documented JSON form (docs/variants.md)."""
        from .jsonio import puzzle_to_json

        return puzzle_to_json(self)

    @classmethod
    def from_json(cls, data: Any) -> Puzzle:
        """Read the documented JSON form (a dict or a JSON string)."""
        from .jsonio import puzzle_from_json

        return puzzle_from_json(data)

    def to_fpuzzles(self, *, compress: bool = True) -> str:
        """f-puzzles JSON, LZ-String compressed base64 (as after ``?load=``) by default."""
        from .fpuzzles import to_fpuzzles

        if self.grids is not None:
            raise InvalidFormatError("f-puzzles has no overlapping grids (Samurai)")

        return to_fpuzzles(self, compress=compress)

    def _repr_svg_(self) -> str:
        """Jupyter display: the puzzle as a 300-pixel SVG."""
        from ..render.variant import variant_svg

        return variant_svg(self, size=300)
