"""One exception hierarchy for everything sudokit raises on purpose.

::

    SudokuError                      base class; catch this to catch them all
    ├── InvalidPuzzleError (+ValueError)   the input is not a well-formed puzzle
    │   ├── InvalidFormatError       wrong length, bad characters, bad shape
    │   ├── ConflictingGivensError   two givens share a house and a digit
    │   └── InvalidConstraintError   a variant description is malformed (names constraint, cell)
    │       ├── CellOffGridError, BadRegionError, OverlappingCagesError,
    │       └── UnreachableSumError, UnknownConstraintError
    ├── UnsolvableError              well formed, but no solution exists
    ├── MultipleSolutionsError       more than one solution where one was required
    ├── SearchLimitExceeded          a node, time or count budget ran out
    │   └── generation.GenerationBudgetExceeded (carries what was found so far)
    └── MissingDependencyError (+ImportError)   an optional extra is not installed

Puzzles with no solution are not bugs: they raise :class:`UnsolvableError` with a clear
message, never a crash or a wrong answer. The CLI maps each class to an exit code
(see :mod:`sudokit.cli`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple


class SudokuError(Exception):
    """Base class of every error sudokit raises deliberately."""


class InvalidPuzzleError(SudokuError, ValueError):
    """The input cannot be read as a valid puzzle."""


class InvalidFormatError(InvalidPuzzleError):
    """Wrong length, an unexpected character or a bad shape.

    ``line`` and ``column`` (1-based) locate the problem in text input when known.
    """

    def __init__(self, message: str, *, line: int | None = None, column: int | None = None) -> None:
        where = ""
        if line is not None and column is not None:
            where = f"line {line}, column {column}: "
        elif column is not None:
            where = f"column {column}: "
        super().__init__(where + message)
        self.line = line
        self.column = column


class Conflict(NamedTuple):
    """Two cells of one house holding the same digit (0-based cell indices)."""

    cell_a: int
    cell_b: int
    digit: int
    house: str  # e.g. "row 1", "column 3", "box 9"

    def __str__(self) -> str:
        return f"{cell_name(self.cell_a)} and {cell_name(self.cell_b)} both hold {self.digit} ({self.house})"


def house_conflicts(houses: Iterable[tuple[str, Iterable[int]]], digits: Sequence[int]) -> list[Conflict]:
    """Every pair of cells of one named house holding the same digit (0: blank), each
    later cell paired with the first of its digit: classic grids and variants alike."""
    found = []
    for name, house in houses:
        seen: dict[int, int] = {}
        for cell in house:
            digit = digits[cell]
            if digit and digit in seen:
                found.append(Conflict(seen[digit], cell, digit, name))
            elif digit:
                seen[digit] = cell
    return found


class ConflictingGivensError(InvalidPuzzleError):
    """Two givens of one row, column or box hold the same digit (variants: of one house,
    e.g. a jigsaw region, a diagonal or a killer cage; ``width`` names their cells)."""

    def __init__(self, conflicts: list[Conflict], *, width: int = 9) -> None:
        self.conflicts = conflicts
        # One phrase per pair of cells, naming every house the pair breaks: two 5s side by
        # side in r1c1 and r1c2 break row 1 and box 1, which is one mistake, not two.
        houses: dict[tuple[int, int, int], list[str]] = {}
        for c in conflicts:
            houses.setdefault((min(c.cell_a, c.cell_b), max(c.cell_a, c.cell_b), c.digit), []).append(c.house)
        name = cell_name if width == 9 else lambda i: f"r{i // width + 1}c{i % width + 1}"  # variants: the grid's width
        pairs = [f"{name(a)} and {name(b)} both hold {digit} ({', '.join(names)})" for (a, b, digit), names in houses.items()]
        shown = "; ".join(pairs[:3])
        more = f" (+{len(pairs) - 3} more)" if len(pairs) > 3 else ""
        super().__init__(f"conflicting givens: {shown}{more}")


class InvalidConstraintError(InvalidPuzzleError):
    """A variant puzzle description is malformed (see :mod:`sudokit.variants`).

    ``constraint`` names the offending constraint (e.g. ``"killer cage 3"``) and ``cell``
    the 0-based cell index it is about, when there is one; ``cell_text`` is its ``r1c1``
    name in the puzzle's own size.
    """

    def __init__(self, message: str, *, constraint: str | None = None, cell: int | None = None, size: int = 9) -> None:
        self.constraint = constraint
        self.cell = cell
        self.cell_text = None if cell is None or cell < 0 else f"r{cell // size + 1}c{cell % size + 1}"
        where = f"{constraint}: " if constraint else ""
        at = f" (at {self.cell_text})" if self.cell_text else ""
        super().__init__(f"{where}{message}{at}")


class CellOffGridError(InvalidConstraintError):
    """A constraint names a cell outside the grid."""


class BadRegionError(InvalidConstraintError):
    """Regions (jigsaw/boxes) that do not tile the grid, or a region of the wrong size."""


class OverlappingCagesError(InvalidConstraintError):
    """Two killer cages share a cell."""


class UnreachableSumError(InvalidConstraintError):
    """A sum (cage, arrow, little killer, ...) that its cells can never reach."""


class UnknownConstraintError(InvalidConstraintError):
    """An import or a JSON description names a constraint sudokit does not know."""


class UnsupportedVariantError(InvalidPuzzleError):
    """A variant puzzle given to something that works on classic 9x9 Sudoku only (hints,
    explanations and ratings in the web app)."""


class UnsolvableError(SudokuError):
    """The puzzle is well formed but has no solution."""


class MultipleSolutionsError(SudokuError):
    """The puzzle has more than one solution where exactly one was required."""

    def __init__(self, message: str = "the puzzle has more than one solution", *, count: int = 2) -> None:
        super().__init__(message)
        self.count = count  # a lower bound: counting stopped at the limit


class SearchLimitExceeded(SudokuError):
    """A node, time or result budget ran out before the search finished."""

    def __init__(self, message: str, *, nodes: int | None = None, seconds: float | None = None, partial: object = None) -> None:
        super().__init__(message)
        self.nodes = nodes
        self.seconds = seconds
        self.partial = partial  # the best result found before the budget ran out, if any


class MissingDependencyError(SudokuError, ImportError):
    """An optional library (numpy, pyarrow, Pillow, fpdf2) is needed but not installed.

    The message names the extra to install, e.g. ``pip install 'sudokit[parquet]'``.
    """


def cell_name(index: int) -> str:
    """Name a 0-based cell index in r/c notation: ``cell_name(0) == 'r1c1'``."""
    return f"r{index // 9 + 1}c{index % 9 + 1}"
