"""sudokit: a fast, complete Sudoku toolkit.

>>> import sudokit
>>> grid = sudokit.solve("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
>>> grid.is_solved
True
>>> sudokit.BACKEND in ("c", "python")
True

Everything in ``__all__`` works from ``import sudokit`` alone; the heavier parts (hints,
ratings, generation, canonical forms) load on first use so that importing stays fast and,
with the C core active, never loads the pure-Python twin.
"""

from __future__ import annotations

import sys
import types
from typing import TYPE_CHECKING, Any, cast

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
    from .generation import Generated, generate, generate_many, make_unique, minimize
    from .human.hint import Hint, hint
    from .human.path import Path, explain
    from .human.rating import Rating, rate
    from .transform import canonical, equivalent

__version__ = "0.2.0"

# Heavier subsystems load on first use so that `import sudokit` (and the CLI) stay fast.
_LAZY = {
    "explain": "human.path",
    "hint": "human.hint",
    "rate": "human.rating",
    "Hint": "human.hint",
    "Path": "human.path",
    "Rating": "human.rating",
    "generate": "generation",
    "generate_many": "generation",
    "Generated": "generation",
    "minimize": "generation",
    "make_unique": "generation",
    "canonical": "transform",
    "equivalent": "transform",
}


def __getattr__(name: str) -> Any:
    """Import ``hint``, ``rate``, ``generate``, ``canonical``... on first access."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'sudokit' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The public names only (``__all__``), as a user exploring the package wants them."""
    return sorted(__all__)


#: Which kernel this process uses: "c" (the compiled core) or "python" (the twin).
BACKEND: str = _backend.name()

__all__ = [
    "BACKEND",
    "BAD_INPUT",
    "Conflict",
    "ConflictingGivensError",
    "Generated",
    "Grid",
    "Hint",
    "InvalidFormatError",
    "InvalidPuzzleError",
    "MissingDependencyError",
    "MultipleSolutionsError",
    "Path",
    "Rating",
    "SearchLimitExceeded",
    "SudokuError",
    "UnsolvableError",
    "__version__",
    "canonical",
    "count_solutions",
    "equivalent",
    "explain",
    "generate",
    "generate_many",
    "hint",
    "is_unique",
    "make_unique",
    "minimize",
    "parse",
    "rate",
    "solutions",
    "solve",
    "solve_board",
    "solve_many",
]


# ---------------------------------------------------------------- the old module path
# 0.1 had the generator in the module ``sudokit.generate``; 0.2 moved it to
# ``sudokit.generation`` so that ``sudokit.generate`` can be the function. The old import
# path keeps working: ``from sudokit.generate import generate, generate_many`` finds the
# module ``sudokit.generation`` (a meta-path alias, loaded only when asked for), and the
# package refuses to let that import overwrite the function ``sudokit.generate``.
_ALIASES = {f"{__name__}.generate": f"{__name__}.generation"}


class _AliasImporter:
    """Finds ``sudokit.generate`` as the already-importable module ``sudokit.generation``."""

    @staticmethod
    def find_spec(name: str, path: object = None, target: object = None) -> Any:
        if name not in _ALIASES:
            return None
        from importlib.machinery import ModuleSpec

        return ModuleSpec(name, cast(Any, _AliasImporter))

    @staticmethod
    def create_module(spec: Any) -> types.ModuleType:
        from importlib import import_module

        return import_module(_ALIASES[spec.name])

    @staticmethod
    def exec_module(module: types.ModuleType) -> None:
        """Nothing to run: the module is the real one, already executed."""


class _Package(types.ModuleType):
    """The ``sudokit`` module: an import of the old path must not replace the function."""

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "generate" and isinstance(value, types.ModuleType):
            return
        super().__setattr__(name, value)


if not any(isinstance(f, type) and f.__name__ == "_AliasImporter" for f in sys.meta_path):
    sys.meta_path.append(cast(Any, _AliasImporter))
sys.modules[__name__].__class__ = _Package
