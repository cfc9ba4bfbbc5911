"""sudokit: a fast, complete Sudoku toolkit.

>>> import sudokit
>>> grid = sudokit.solve("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
>>> grid.is_solved
True
>>> sudokit.BACKEND in ("c", "python")
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import _backend
from .errors import (
    Conflict,
    ConflictingGivensError,
    InvalidFormatError,
    InvalidPuzzleError,
    MissingDependencyError,
    MultipleSolutionsError,
    SearchLimitExceeded,
    SudokuError,
    UnsolvableError,
)
from .grid import Grid, parse
from .solver import BAD_INPUT, count_solutions, is_unique, solutions, solve, solve_board, solve_many

if TYPE_CHECKING:  # the lazily imported names below, for type checkers
    from .generate import make_unique, minimize
    from .human.hint import hint
    from .human.path import explain
    from .human.rating import rate
    from .transform import canonical, equivalent

__version__ = "0.1.0"

# Heavier subsystems load on first use so that `import sudokit` (and the CLI) stay fast.
# `generate` itself is not re-exported: the name belongs to the module `sudokit.generate`.
_LAZY = {
    "explain": "human",
    "hint": "human",
    "rate": "human",
    "minimize": "generate",
    "make_unique": "generate",
    "canonical": "transform",
    "equivalent": "transform",
}


def __getattr__(name: str) -> Any:
    """Import ``hint``, ``rate``, ``canonical``... on first access."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'sudokit' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


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
    "MissingDependencyError",
    "MultipleSolutionsError",
    "SearchLimitExceeded",
    "SudokuError",
    "UnsolvableError",
    "__version__",
    "canonical",
    "count_solutions",
    "equivalent",
    "explain",
    "hint",
    "make_unique",
    "minimize",
    "rate",
    "is_unique",
    "parse",
    "solutions",
    "solve",
    "solve_board",
    "solve_many",
]
