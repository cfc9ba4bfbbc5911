"""The :class:`Grid` value type and the vocabulary of the board.

Vocabulary (used everywhere in sudokit): a *cell* is one of 81 squares, ``r1c1``..``r9c9``
in text and index 0..80 (row-major) in code; a *digit* is 1..9; a *house* is a row,
column or box; the *peers* of a cell share a house with it; a *given* is a clue of the
puzzle; a *candidate* is a (cell, digit) still possible.

>>> g = Grid.parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
>>> g.givens, g[0], g[2]
(30, 5, 0)
>>> Grid.parse(repr(g)[6:-2]) == g and eval(repr(g)) == g
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Union, overload

from .errors import Conflict, ConflictingGivensError, InvalidFormatError, cell_name, house_conflicts
from .limits import MAX_PUZZLE_CHARS

if TYPE_CHECKING:  # the results of the verb methods, imported when a method runs
    from .human.hint import Hint
    from .human.path import Path
    from .human.rating import Rating

__all__ = ["Grid", "PuzzleLike", "parse", "ROWS", "COLS", "BOXES", "HOUSES", "PEERS", "BLANKS"]

#: Characters accepted for a blank cell in text input.
BLANKS = ".0_*"
_DIGITS = "123456789"
#: Decoration ignored in pretty-printed grids.
_DECORATION = re.compile(r"[|\-+=:\s]")

ROWS: tuple[tuple[int, ...], ...] = tuple(tuple(r * 9 + c for c in range(9)) for r in range(9))
COLS: tuple[tuple[int, ...], ...] = tuple(tuple(r * 9 + c for r in range(9)) for c in range(9))
BOXES: tuple[tuple[int, ...], ...] = tuple(
    tuple((br * 3 + r) * 9 + bc * 3 + c for r in range(3) for c in range(3))
    for br in range(3)
    for bc in range(3)
)
#: All 27 houses with their names, rows first: ("row 1", (0, 1, ..., 8)), ...
HOUSES: tuple[tuple[str, tuple[int, ...]], ...] = (
    tuple((f"row {k + 1}", h) for k, h in enumerate(ROWS))
    + tuple((f"column {k + 1}", h) for k, h in enumerate(COLS))
    + tuple((f"box {k + 1}", h) for k, h in enumerate(BOXES))
)
PEERS: tuple[frozenset[int], ...] = tuple(
    frozenset(p for _, h in HOUSES if i in h for p in h) - {i} for i in range(81)
)

# Normalise any accepted blank to '.' and reject everything else in one translate.
_NORMALISE = str.maketrans({b: "." for b in BLANKS})
#: A grid's stored cells (b'.', b'1'..b'9') -> their values (0 for a blank, 1..9).
_CELL_VALUES = bytes.maketrans(b".123456789", bytes(range(10)))
_VALID = set(_DIGITS + ".")

_new_object = object.__new__
_set_cells = object.__setattr__

PuzzleLike = Union["Grid", str, bytes, bytearray, memoryview, Sequence[Any]]


class Grid:
    """An immutable 9x9 Sudoku grid (a puzzle, a partial fill or a solution).

    Build one with :meth:`Grid.parse` (or :func:`sudokit.parse`). Cells hold 0 for a
    blank and 1..9 for a digit; ``grid[i]`` reads cell ``i`` (0..80) and ``grid[r, c]``
    reads row ``r``, column ``c`` (0-based). Grids compare and hash by content.
    """

    __slots__ = ("_cells",)
    _cells: bytes

    def __init__(self, cells: str = "." * 81) -> None:
        """Make a grid from an 81-character line (``.`` or ``0`` for blanks)."""
        if not isinstance(cells, str):
            raise InvalidFormatError(f"Grid() takes an 81-character string, got {type(cells).__name__}; use Grid.parse for other forms")
        object.__setattr__(self, "_cells", _parse_line(cells, line=None).encode("ascii"))

    @classmethod
    def _trusted(cls, cells: bytes) -> Grid:
        """Wrap 81 already-validated bytes (b'1'..b'9', b'.') without checking them."""
        grid = _new_object(cls)
        _set_cells(grid, "_cells", cells)
        return grid

    # ----------------------------------------------------------------- parsing
    @classmethod
    def parse(cls, puzzle: PuzzleLike) -> Grid:
        """Read a puzzle from any supported form.

        Accepted: a Grid; an 81-character line (blanks ``. 0 _ *``); a pretty-printed
        multi-line grid (``|``, ``-``, ``+`` and spaces ignored); bytes of either; a
        LeetCode board ``list[list[str]]``; a ``list[list[int]]``; 81 ints (0 = blank).
        Raises :class:`~sudokit.errors.InvalidFormatError` naming the problem.
        Givens are not checked for conflicts here; see :meth:`conflicts`.
        """
        if isinstance(puzzle, Grid):
            return puzzle
        if isinstance(puzzle, (str, bytes, bytearray, memoryview)) and len(puzzle) > MAX_PUZZLE_CHARS:
            # Before any per-character work: 100 MB of text must not become 100 M objects.
            raise InvalidFormatError(f"puzzle text of {len(puzzle):,} characters is longer than the limit of {MAX_PUZZLE_CHARS:,}; a puzzle has 81 cells")
        if isinstance(puzzle, (bytes, bytearray, memoryview)):
            try:
                puzzle = bytes(puzzle).decode("ascii")
            except UnicodeDecodeError as exc:
                raise InvalidFormatError("puzzle bytes are not ASCII", column=exc.start + 1) from None
        if isinstance(puzzle, str):
            return cls._trusted(_parse_text(puzzle).encode("ascii"))
        if hasattr(puzzle, "tolist") and not isinstance(puzzle, Sequence):
            puzzle = puzzle.tolist()  # numpy arrays
        if isinstance(puzzle, Sequence):
            return cls._trusted(_parse_sequence(puzzle).encode("ascii"))
        raise InvalidFormatError(f"cannot read a puzzle from {type(puzzle).__name__}")

    # ---------------------------------------------------------------- access
    @overload
    def __getitem__(self, key: int) -> int: ...
    @overload
    def __getitem__(self, key: tuple[int, int]) -> int: ...
    def __getitem__(self, key: int | tuple[int, int]) -> int:
        """The digit at a cell index or a (row, column) pair; 0 for a blank."""
        if isinstance(key, tuple):
            if len(key) != 2 or not (0 <= key[0] < 9 and 0 <= key[1] < 9):
                raise IndexError(f"cell {key!r} out of range: expected (row, column) with both in 0..8")
            index = key[0] * 9 + key[1]
        else:
            index = key
        if not 0 <= index < 81:
            raise IndexError(f"cell index {key!r} out of range")
        ch = self._cells[index]
        return 0 if ch == 46 else ch - 48

    def __iter__(self) -> Iterator[int]:
        """The 81 cell values in row-major order (0 for blanks)."""
        return iter(self._cells.translate(_CELL_VALUES))  # bytes iterate as ints, in C

    def __len__(self) -> int:
        return 81

    # ------------------------------------------------------------- identity
    def __eq__(self, other: object) -> bool:
        return isinstance(other, Grid) and other._cells == self._cells

    def __hash__(self) -> int:
        return hash(self._cells)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Grid is immutable")

    def __repr__(self) -> str:
        return f"Grid({str(self)!r})"

    def __str__(self) -> str:
        return self._cells.decode("ascii")

    def __bytes__(self) -> bytes:
        return self._cells

    # -------------------------------------------------------------- outputs
    def pretty(self) -> str:
        """A multi-line grid with box separators (readable back by :meth:`parse`)."""
        text = str(self)
        lines = []
        for r in range(9):
            row = text[r * 9 : r * 9 + 9]
            lines.append(" | ".join(" ".join(row[b : b + 3]) for b in (0, 3, 6)))
            if r in (2, 5):
                lines.append("------+-------+------")
        return "\n".join(lines)

    def to_board(self) -> list[list[str]]:
        """The LeetCode 37 board: 9 lists of 9 one-character strings, ``'.'`` for blanks."""
        text = str(self)
        return [list(text[r * 9 : r * 9 + 9]) for r in range(9)]

    def to_list(self) -> list[list[int]]:
        """9 lists of 9 ints, 0 for blanks."""
        values = list(self)
        return [values[r * 9 : r * 9 + 9] for r in range(9)]

    # ----------------------------------------------------------- properties
    @property
    def givens(self) -> int:
        """How many cells hold a digit."""
        return 81 - self._cells.count(b".")

    @property
    def empty_cells(self) -> list[int]:
        """Indices (0..80) of the blank cells."""
        return [i for i, ch in enumerate(self._cells) if ch == 46]

    @property
    def is_complete(self) -> bool:
        """True when no cell is blank (says nothing about validity)."""
        return b"." not in self._cells

    @property
    def is_valid(self) -> bool:
        """True when no two filled cells of a house hold the same digit."""
        return not self.conflicts()

    @property
    def is_solved(self) -> bool:
        """True when the grid is complete and valid."""
        return self.is_complete and self.is_valid

    def conflicts(self) -> list[Conflict]:
        """Every pair of cells sharing a house and a digit, with the house's name."""
        return house_conflicts(HOUSES, list(self))

    def check(self) -> Grid:
        """Return self, or raise :class:`ConflictingGivensError` listing the conflicts."""
        conflicts = self.conflicts()
        if conflicts:
            raise ConflictingGivensError(conflicts)
        return self

    def candidates(self, cell: int) -> set[int]:
        """Digits not yet used by the peers of a blank cell (empty set for a filled cell)."""
        if self[cell]:
            return set()
        return set(range(1, 10)) - {self[p] for p in PEERS[cell]}

    def replace(self, cell: int, digit: int) -> Grid:
        """A copy with ``cell`` set to ``digit`` (0 clears it)."""
        if not 0 <= digit <= 9:
            raise ValueError(f"digit must be 0..9, got {digit}")
        if not 0 <= cell < 81:  # a negative index would silently change a cell from the end
            raise IndexError(f"cell index {cell!r} out of range")
        cells = bytearray(self._cells)
        cells[cell] = 46 if digit == 0 else 48 + digit
        return Grid._trusted(bytes(cells))

    # ---- the common verbs as methods (the functions of the same names remain)
    def solve(self, *, unique: bool = True) -> Grid:
        """The solution (:func:`sudokit.solve`): exactly one, else MultipleSolutionsError,
        unless ``unique=False``."""
        from .solver import solve

        return solve(self, unique=unique)

    def count(self, limit: int = 2) -> int:
        """The number of solutions, stopping at ``limit`` (:func:`sudokit.count_solutions`)."""
        from .solver import count_solutions

        return count_solutions(self, limit)

    def rate(self, **options: Any) -> Rating:
        """The difficulty rating (:func:`sudokit.rate`; same keyword options)."""
        from .human.rating import rate

        return rate(self, **options)

    def hint(self, level: int = 1, **options: Any) -> Hint:
        """The next hint at ``level`` 1-3 (:func:`sudokit.hint`; same keyword options)."""
        from .human.hint import hint

        return hint(self, level, **options)

    def explain(self, **options: Any) -> Path:
        """The whole human-style solving path (:func:`sudokit.explain`)."""
        from .human.path import explain

        return explain(self, **options)

    def canonical(self) -> Grid:
        """The canonical form of this puzzle's equivalence class (:func:`sudokit.canonical`)."""
        from .transform import canonical

        return canonical(self)

    def _repr_svg_(self) -> str:
        """The grid as an SVG picture, for Jupyter."""
        from .render.svg import grid_repr_svg

        return grid_repr_svg(self)

    def cell_name(self, cell: int) -> str:
        """``r<row>c<col>`` for a 0-based cell index."""
        if not isinstance(cell, int) or not 0 <= cell < 81:
            raise IndexError(f"cell index {cell!r} out of range")
        return cell_name(cell)


def parse(puzzle: PuzzleLike) -> Grid:
    """Read a puzzle from any supported form; the same as :meth:`Grid.parse`."""
    return Grid.parse(puzzle)


# ----------------------------------------------------------------- helpers
def _parse_line(text: str, line: int | None) -> str:
    """Validate an 81-character line; return it with blanks normalised to '.'."""
    if len(text) != 81:
        raise InvalidFormatError(f"expected 81 cells, got {len(text)}", line=line, column=None)
    normal = text.translate(_NORMALISE)
    if not _VALID.issuperset(normal):
        column = next(k for k, ch in enumerate(normal) if ch not in _VALID)
        raise InvalidFormatError(
            f"unexpected character {text[column]!r} (use 1-9 for digits, one of {BLANKS!r} for blanks)",
            line=line,  # one line: its column says it all (a file's line number is the caller's)
            column=column + 1,
        )
    return normal


def _parse_text(text: str) -> str:
    stripped = text.strip()
    if len(stripped) == 81 and "\n" not in stripped:
        return _parse_line(stripped, line=None)
    return _parse_pretty(text)


def _parse_pretty(text: str) -> str:
    """Read a multi-line grid, dropping decoration; blank rows and separators are skipped."""
    cells: list[str] = []
    lines = text.splitlines()
    several = sum(1 for raw in lines if raw.strip()) > 1  # else "line 1" says nothing
    for number, raw in enumerate(lines, start=1):
        row = _DECORATION.sub("", raw)
        for column, ch in enumerate(row, start=1):
            if ch not in _DIGITS and ch not in BLANKS:
                where = {"line": number if several else None, "column": _column_of(raw, column)}
                raise InvalidFormatError(f"unexpected character {ch!r} (use 1-9 for digits, one of {BLANKS!r} for blanks)", **where)
        cells.extend(row)
    if len(cells) != 81:
        raise InvalidFormatError(f"expected 81 cells, got {len(cells)}")
    return "".join(cells).translate(_NORMALISE)


def _column_of(raw: str, kept_index: int) -> int:
    """Column in ``raw`` of the ``kept_index``-th character that survives decoration removal."""
    seen = 0
    for column, ch in enumerate(raw, start=1):
        if not _DECORATION.match(ch):
            seen += 1
            if seen == kept_index:
                return column
    return len(raw)


def _parse_sequence(items: Sequence[Any]) -> str:
    if len(items) == 9 and all(isinstance(row, Sequence) and not isinstance(row, str) for row in items):
        rows = list(items)
        if any(len(row) != 9 for row in rows):
            bad = next(k for k, row in enumerate(rows) if len(row) != 9)
            raise InvalidFormatError(f"row {bad + 1} has {len(rows[bad])} cells, expected 9")
        flat: Iterable[Any] = (value for row in rows for value in row)
    elif len(items) == 81:
        flat = items
    else:
        raise InvalidFormatError(f"expected 9 rows of 9 or 81 values, got {len(items)} items")
    return "".join(_cell_char(value, k) for k, value in enumerate(flat))


def _cell_char(value: Any, index: int) -> str:
    """One cell of a board: '1'..'9' / ints 1..9 are digits; '.', '0', 0, None are blanks."""
    if value is None:
        return "."
    if isinstance(value, bool):
        raise InvalidFormatError(f"{cell_name(index)}: bad value {value!r}")
    if isinstance(value, int) or (hasattr(value, "__index__") and not isinstance(value, str)):
        number = int(value)
        if 0 <= number <= 9:
            return "." if number == 0 else str(number)
    elif isinstance(value, str) and len(value) == 1 and (value in _DIGITS or value in BLANKS):
        return "." if value in BLANKS else value
    raise InvalidFormatError(f"{cell_name(index)}: bad value {value!r} (expected a digit 1-9 or a blank)")
