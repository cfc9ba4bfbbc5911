"""sudokit: a fast, complete Sudoku toolkit.

>>> import sudokit
>>> grid = sudokit.solve("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
>>> grid.is_solved
True
>>> sudokit.BACKEND in ("c", "python")
True
"""

from __future__ import annotations

from . import _backend
from .errors import (
    Conflict,
    ConflictingGivensError,
    InvalidFormatError,
    InvalidPuzzleError,
    MultipleSolutionsError,
    SearchLimitExceeded,
    SudokuError,
    UnsolvableError,
)
from .grid import Grid, parse
from .solver import BAD_INPUT, count_solutions, is_unique, solutions, solve, solve_board, solve_many

__version__ = "0.1.0"

#: Which kernel this process uses: "c" (the compiled core) or "python" (the twin).
BACKEND: str = _backend.name()

__all__ = [
    "BACKEND",
    "BAD_INPUT",
    "Conflict",
    "ConflictingGivensError",
    "Grid",
    "InvalidFormatError",
    "InvalidPuzzleError",
    "MultipleSolutionsError",
    "SearchLimitExceeded",
    "SudokuError",
    "UnsolvableError",
    "__version__",
    "count_solutions",
    "is_unique",
    "parse",
    "solutions",
    "solve",
    "solve_board",
    "solve_many",
]
