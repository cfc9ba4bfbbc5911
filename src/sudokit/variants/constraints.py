"""The typed constraint records of a variant puzzle (global rules and per-cell constraints).

Every record is an immutable dataclass whose ``repr`` evaluates back to it. Cells are
0-based indices ``row * size + column``; in JSON and messages they are ``r1c1`` names.
:mod:`sudokit.variants.compile` turns each record into the engine's primitives.

>>> KillerCage(cells=(0, 1), total=3)
KillerCage(cells=(0, 1), total=3)
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

__all__ = [
    "Constraint", "Diagonal", "ExtraRegion", "DisjointGroups", "AntiKnight", "AntiKing", "NonConsecutive",
    "KillerCage", "LittleKiller", "Sandwich", "Between", "Thermometer", "Arrow", "Kropki", "KropkiNegative", "XV",
    "XVNegative", "Parity", "Whisper", "Renban", "Palindrome", "Extremum", "CONSTRAINT_TYPES",
]


@dataclass(frozen=True)
class Constraint:
    """Base of every constraint record; ``kind`` is its name in JSON (``"type"``)."""

    kind: ClassVar[str] = ""
    #: Fields holding one cell (an int) or several (a tuple of ints), named r1c1 in JSON.
    cell_fields: ClassVar[tuple[str, ...]] = ()

    def cells_used(self) -> tuple[int, ...]:
        """Every cell this record names (for bounds checks and pictures)."""
        out: list[int] = []
        for name in self.cell_fields:
            value = getattr(self, name)
            out.extend(value if isinstance(value, tuple) else (value,))
        return tuple(out)

    def field_values(self) -> dict[str, Any]:
        """The record's fields by name (cells still as indices)."""
        return {f.name: getattr(self, f.name) for f in fields(self)}


# ---------------------------------------------------------------- global rules
@dataclass(frozen=True)
class Diagonal(Constraint):
    """Digits do not repeat on a diagonal: ``main`` runs r1c1..rNcN, ``anti`` rNc1..r1cN."""

    kind: ClassVar[str] = "diagonal"
    direction: str = "main"


@dataclass(frozen=True)
class ExtraRegion(Constraint):
    """An extra house (windoku window, ...): its cells hold distinct digits."""

    kind: ClassVar[str] = "extra_region"
    cell_fields: ClassVar[tuple[str, ...]] = ("cells",)
    cells: tuple[int, ...] = ()


@dataclass(frozen=True)
class DisjointGroups(Constraint):
    """Cells in the same position of every box hold distinct digits."""

    kind: ClassVar[str] = "disjoint_groups"


@dataclass(frozen=True)
class AntiKnight(Constraint):
    """Cells a chess knight's move apart hold different digits."""

    kind: ClassVar[str] = "anti_knight"


@dataclass(frozen=True)
class AntiKing(Constraint):
    """Diagonally touching cells hold different digits."""

    kind: ClassVar[str] = "anti_king"


@dataclass(frozen=True)
class NonConsecutive(Constraint):
    """Orthogonally touching cells never hold consecutive digits."""

    kind: ClassVar[str] = "non_consecutive"


@dataclass(frozen=True)
class KropkiNegative(Constraint):
    """Every dot is given: touching cells without a white (black) dot are not consecutive (1:2)."""

    kind: ClassVar[str] = "kropki_negative"
    white: bool = True
    black: bool = True


@dataclass(frozen=True)
class XVNegative(Constraint):
    """Every X (V) is given: touching cells without one do not sum to 10 (5)."""

    kind: ClassVar[str] = "xv_negative"
    x: bool = True
    v: bool = True


# ---------------------------------------------------------------- cell constraints
@dataclass(frozen=True)
class KillerCage(Constraint):
    """Distinct digits summing to ``total`` (``None``: distinct only, no sum shown)."""

    kind: ClassVar[str] = "killer"
    cell_fields: ClassVar[tuple[str, ...]] = ("cells",)
    cells: tuple[int, ...] = ()
    total: int | None = None


@dataclass(frozen=True)
class LittleKiller(Constraint):
    """The digits on a diagonal line of cells sum to ``total`` (repeats allowed)."""

    kind: ClassVar[str] = "little_killer"
    cell_fields: ClassVar[tuple[str, ...]] = ("cells",)
    cells: tuple[int, ...] = ()
    total: int = 0


@dataclass(frozen=True)
class Sandwich(Constraint):
    """Between the 1 and the N of row (``line="row"``) or column ``index`` (0-based) the digits sum to ``total``."""

    kind: ClassVar[str] = "sandwich"
    line: str = "row"
    index: int = 0
    total: int = 0


@dataclass(frozen=True)
class Between(Constraint):
    """Every middle cell of the line holds a digit strictly between the digits of its two ends."""

    kind: ClassVar[str] = "between"
    cell_fields: ClassVar[tuple[str, ...]] = ("cells",)
    cells: tuple[int, ...] = ()


@dataclass(frozen=True)
class Thermometer(Constraint):
    """Digits increase from the bulb (``cells[0]``); ``slow``: or stay equal."""

    kind: ClassVar[str] = "thermometer"
    cell_fields: ClassVar[tuple[str, ...]] = ("cells",)
    cells: tuple[int, ...] = ()
    slow: bool = False


@dataclass(frozen=True)
class Arrow(Constraint):
    """The digits on the arrow sum to the number in the circle (read left to right over ``circle``)."""

    kind: ClassVar[str] = "arrow"
    cell_fields: ClassVar[tuple[str, ...]] = ("circle", "path")
    circle: tuple[int, ...] = ()
    path: tuple[int, ...] = ()


@dataclass(frozen=True)
class Kropki(Constraint):
    """A dot between two touching cells: ``white`` consecutive digits, ``black`` one double the other."""

    kind: ClassVar[str] = "kropki"
    cell_fields: ClassVar[tuple[str, ...]] = ("cells",)
    cells: tuple[int, ...] = ()
    color: str = "white"


@dataclass(frozen=True)
class XV(Constraint):
    """An X (``total=10``) or V (``total=5``) between two touching cells: their digits sum to it."""

    kind: ClassVar[str] = "xv"
    cell_fields: ClassVar[tuple[str, ...]] = ("cells",)
    cells: tuple[int, ...] = ()
    total: int = 10


@dataclass(frozen=True)
class Parity(Constraint):
    """The cell holds an odd (``odd=True``, a circle) or even (a square) digit."""

    kind: ClassVar[str] = "parity"
    cell_fields: ClassVar[tuple[str, ...]] = ("cell",)
    cell: int = 0
    odd: bool = True


@dataclass(frozen=True)
class Whisper(Constraint):
    """Neighbours along the line differ by at least ``difference`` (German whispers: 5)."""

    kind: ClassVar[str] = "whisper"
    cell_fields: ClassVar[tuple[str, ...]] = ("cells",)
    cells: tuple[int, ...] = ()
    difference: int = 5


@dataclass(frozen=True)
class Renban(Constraint):
    """The line holds a set of distinct consecutive digits, in any order."""

    kind: ClassVar[str] = "renban"
    cell_fields: ClassVar[tuple[str, ...]] = ("cells",)
    cells: tuple[int, ...] = ()


@dataclass(frozen=True)
class Palindrome(Constraint):
    """The line reads the same from both ends."""

    kind: ClassVar[str] = "palindrome"
    cell_fields: ClassVar[tuple[str, ...]] = ("cells",)
    cells: tuple[int, ...] = ()


@dataclass(frozen=True)
class Extremum(Constraint):
    """The cell is smaller (``minimum``) or larger (``maximum``) than its orthogonal neighbours."""

    kind: ClassVar[str] = "extremum"
    cell_fields: ClassVar[tuple[str, ...]] = ("cell",)
    cell: int = 0
    minimum: bool = True


CONSTRAINT_TYPES: dict[str, type[Constraint]] = {
    cls.kind: cls
    for cls in (
        Diagonal, ExtraRegion, DisjointGroups, AntiKnight, AntiKing, NonConsecutive, KropkiNegative, XVNegative,
        KillerCage, LittleKiller, Sandwich, Between, Thermometer, Arrow, Kropki, XV, Parity, Whisper, Renban, Palindrome,
        Extremum,
    )
}
