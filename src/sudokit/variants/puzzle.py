"""The :class:`Puzzle` value: a geometry (size, boxes or jigsaw regions), givens, optional
per-cell candidates (sukaku) and typed constraint records.

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

__all__ = ["Puzzle", "SIZES", "box_shape", "cell_name", "DIGIT_CHARS"]

#: The sizes with a standard box shape (rows x columns of a box).
SIZES: dict[int, tuple[int, int]] = {4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3), 12: (3, 4), 16: (4, 4), 25: (5, 5)}
#: Digit characters of the one-line text form: 1-9 then A.. for 10 and up ('.' or '0' blank).
DIGIT_CHARS = "123456789ABCDEFGHIJKLMNOP"
MAX_SIZE = 25


def box_shape(size: int) -> tuple[int, int]:
    """The standard box shape (rows, columns) for ``size`` (f-puzzles' shapes for non-squares)."""
    if size in SIZES:
        return SIZES[size]
    for rows in range(int(size**0.5), 0, -1):
        if size % rows == 0:
            return rows, size // rows
    return 1, size


def cell_name(cell: int, size: int) -> str:
    """``r1c1`` name of a 0-based cell index in a ``size`` x ``size`` grid."""
    return f"r{cell // size + 1}c{cell % size + 1}"


@dataclass(frozen=True)
class Puzzle:
    """An immutable variant Sudoku: N x N cells, digits 1..N, houses and constraints.

    ``boxes`` is the box shape (rows, columns; default the standard one), ignored when ``regions`` (jigsaw: N regions
    of N cells tiling the grid) is given; ``boxes=None`` and ``regions=None`` mean rows and
    columns only (Latin square). ``givens`` holds N*N digits (0 blank); ``candidates``
    (sukaku), when set, holds N*N masks (bit d-1: digit d allowed; 0: any digit).
    """

    size: int = 9
    givens: tuple[int, ...] = ()
    boxes: tuple[int, ...] | None = ()
    regions: tuple[tuple[int, ...], ...] | None = None
    constraints: tuple[Constraint, ...] = ()
    candidates: tuple[int, ...] | None = None
    title: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        n = self.size
        if not isinstance(n, int) or not 1 <= n <= MAX_SIZE:
            raise InvalidFormatError(f"size must be 1..{MAX_SIZE}, got {n!r}")
        if not self.givens:
            object.__setattr__(self, "givens", (0,) * (n * n))
        object.__setattr__(self, "givens", tuple(self.givens))
        object.__setattr__(self, "constraints", tuple(self.constraints))
        if self.regions is not None:  # jigsaw regions replace the boxes
            object.__setattr__(self, "regions", tuple(tuple(r) for r in self.regions))
            object.__setattr__(self, "boxes", None)
        elif self.boxes is not None:
            object.__setattr__(self, "boxes", tuple(self.boxes) or box_shape(n))
        self._check()

    # ------------------------------------------------------------ validation
    def _check(self) -> None:
        n = self.size
        if len(self.givens) != n * n:
            raise InvalidFormatError(f"givens must hold {n * n} digits for size {n}, got {len(self.givens)}")
        for cell, digit in enumerate(self.givens):
            if not isinstance(digit, int) or not 0 <= digit <= n:
                raise InvalidConstraintError(f"given {digit!r} is not a digit 0..{n}", constraint="givens", cell=cell, size=n)
        if self.candidates is not None:
            object.__setattr__(self, "candidates", tuple(self.candidates))
            if len(self.candidates) != n * n or any(not isinstance(m, int) or not 0 <= m < 1 << n for m in self.candidates):
                raise InvalidFormatError(f"candidates must hold {n * n} masks of {n} bits")
        self._check_geometry()
        self._check_constraints()

    def _check_geometry(self) -> None:
        n = self.size
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
                            f"overlaps {self.constraint_name(caged[cell])}", constraint=name, cell=cell, size=self.size
                        )
                    caged[cell] = k

    def _on_grid(self, cell: object, name: str) -> None:
        if not isinstance(cell, int) or isinstance(cell, bool) or not 0 <= cell < self.size * self.size:
            raise CellOffGridError(f"cell {cell!r} is off the {self.size}x{self.size} grid", constraint=name)

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
        """Number of cells (N*N)."""
        return self.size * self.size

    @property
    def is_classic(self) -> bool:
        """A plain 9x9 Sudoku: the band-bitboard core solves it."""
        return self.size == 9 and self.boxes == (3, 3) and self.regions is None and not self.constraints and self.candidates is None

    def region_list(self) -> tuple[tuple[int, ...], ...]:
        """The boxes (or jigsaw regions) as cell tuples; empty for a Latin square."""
        if self.regions is not None:
            return self.regions
        if self.boxes is None:
            return ()
        n, (br, bc) = self.size, self.boxes
        return tuple(
            tuple((top + r) * n + left + c for r in range(br) for c in range(bc))
            for top in range(0, n, br)
            for left in range(0, n, bc)
        )

    def to_list(self) -> list[list[int]]:
        """The givens as rows of ints (0 blank); for a solution, its digits."""
        n = self.size
        return [list(self.givens[r * n : r * n + n]) for r in range(n)]

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

        return to_fpuzzles(self, compress=compress)

    def _repr_svg_(self) -> str:
        """Jupyter display: the puzzle as a 300-pixel SVG."""
        from ..render.variant import variant_svg

        return variant_svg(self, size=300)
