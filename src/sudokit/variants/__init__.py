"""Every size and the popular variants: the :class:`Puzzle` model and its engine.

A :class:`Puzzle` is N x N cells (N = 4, 6, 8, 9, 12, 16, 25 with r x c boxes, or jigsaw
regions; or several such grids overlapping, as in a Samurai), givens, optional sukaku
candidates and constraint records. ``sudokit.solve``,
``count_solutions``, ``is_unique``, ``solutions`` and ``solve_many`` accept it.

>>> import sudokit
>>> from sudokit.variants import Puzzle, KillerCage
>>> p = Puzzle.from_string("1... ..1. .2.. ...3", size=4)
>>> sudokit.solve(p).to_list()[0]
[1, 4, 3, 2]
>>> sudokit.count_solutions(Puzzle(size=4, boxes=(2, 2)), limit=1000)
288
"""

from __future__ import annotations

from typing import Any

from .constraints import (
    CONSTRAINT_TYPES,
    XV,
    AntiKing,
    AntiKnight,
    Arrow,
    Between,
    Constraint,
    Diagonal,
    DisjointGroups,
    ExtraRegion,
    Extremum,
    KillerCage,
    Kropki,
    KropkiNegative,
    LittleKiller,
    NonConsecutive,
    Palindrome,
    Parity,
    Renban,
    Sandwich,
    Thermometer,
    Whisper,
    XVNegative,
)
from .cages import cage_combinations, cage_digits, cage_sum_range
from .puzzle import SIZES, Puzzle, box_shape, cell_name, samurai_grids

__all__ = [
    "CONSTRAINT_TYPES", "SIZES", "XV", "AntiKing", "AntiKnight", "Arrow", "Between", "Constraint", "Sandwich", "Diagonal", "DisjointGroups",
    "ExtraRegion", "Extremum", "KillerCage", "Kropki", "KropkiNegative", "LittleKiller", "NonConsecutive",
    "Palindrome", "Parity", "Puzzle", "Renban", "Thermometer", "Whisper", "XVNegative", "box_shape", "cell_name",
    "cage_combinations", "cage_digits", "cage_sum_range", "from_fpuzzles", "from_sudokupad", "generate", "load_variant", "samurai_grids",
    "windoku",
]


def windoku(size: int = 9) -> tuple[ExtraRegion, ...]:
    """The four windoku windows of a 9x9 grid (one cell in from each box corner)."""
    if size != 9:
        raise ValueError("windoku windows are defined for 9x9")
    return tuple(
        ExtraRegion(tuple((top + r) * 9 + left + c for r in range(3) for c in range(3))) for top in (1, 5) for left in (1, 5)
    )


def from_fpuzzles(text: str) -> Puzzle:
    """Read an f-puzzles puzzle: its JSON, the LZ-String base64 string or a whole link."""
    from .fpuzzles import from_fpuzzles as read

    return read(text)


def from_sudokupad(text: str) -> Puzzle:
    """Read a SudokuPad puzzle: a link, an ``scl``/``ctc``/``fpuzzles`` string or SCL JSON
    (see :mod:`sudokit.variants.sudokupad`)."""
    from .sudokupad import from_sudokupad as read

    return read(text)


def load_variant(text: str) -> Puzzle:
    """Read a variant puzzle from any text sudokit knows: its JSON, f-puzzles or SudokuPad
    JSON, links and compressed strings (see :mod:`sudokit.variants.load`)."""
    from .load import load_variant as read

    return read(text)


def generate(size: int = 9, **options: Any) -> Puzzle:
    """A random unique variant puzzle: see :func:`sudokit.variants.generating.generate`."""
    from .generating import generate as make

    return make(size, **options)
