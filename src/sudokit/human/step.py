"""The :class:`Step` value type: one logical deduction, and its one-line notation.

>>> s = Step("naked_pair", "Naked Pair", "subsets", eliminations=((18, 3), (18, 8)),
...          cells=((9, "base"), (20, "base")), houses=("box 1",), digits=(3, 8))
>>> str(s)
'Naked Pair: 3,8 in r2c1,r3c3 => r3c1<>3, r3c1<>8'
>>> str(Step("hidden_single_line", "Hidden Single", "singles", placements=((53, 1),)))
'Hidden Single: r6c9=1'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

__all__ = ["Step", "cell_text", "cells_text", "candidates_text"]


def cell_text(cell: int) -> str:
    """``r<row>c<col>`` (1-based) for a 0-based cell index."""
    return f"r{cell // 9 + 1}c{cell % 9 + 1}"


def cells_text(cells: Iterable[int]) -> str:
    """Compact group notation as HoDoKu writes it: ``r2c13`` (one row), ``r23c1`` (one
    column), else rows with equal columns merged, comma-separated (``r1456c34,r9c4``)."""
    ordered = sorted(set(cells))
    if not ordered:
        return ""
    by_row: dict[int, list[int]] = {}
    for c in ordered:
        by_row.setdefault(c // 9, []).append(c % 9)
    if len(by_row) > 1 and len({c % 9 for c in ordered}) == 1:
        col = ordered[0] % 9
        return "r" + "".join(str(r + 1) for r in sorted(by_row)) + f"c{col + 1}"
    groups: dict[tuple[int, ...], list[int]] = {}
    for r, cols in by_row.items():
        groups.setdefault(tuple(cols), []).append(r)
    parts: list[str] = []
    for col_key, rows in sorted(groups.items(), key=lambda kv: (kv[1][0], kv[0])):
        col_text = "".join(str(c + 1) for c in col_key)
        parts.append("r" + "".join(str(r + 1) for r in rows) + "c" + col_text)
    return ",".join(parts)


def candidates_text(pairs: Iterable[tuple[int, int]], op: str = "<>") -> str:
    """Eliminations (``op='<>'``) or placements (``op='='``) as ``r3c1<>3, r13c2<>8``:
    grouped by digit, cells in group notation."""
    by_digit: dict[int, list[int]] = {}
    for cell, digit in pairs:
        by_digit.setdefault(digit, []).append(cell)
    if op == "=":
        return ", ".join(f"{cell_text(c)}={d}" for c, d in sorted(pairs, key=lambda p: p[0]))
    return ", ".join(f"{cells_text(cells)}{op}{d}" for d, cells in sorted(by_digit.items()))


@dataclass(frozen=True)
class Step:
    """One deduction found by a technique finder.

    Cells are 0-based indices; text uses 1-based ``r1c1`` names. ``cells`` lists the
    pattern's cells with their role (``"base"``, ``"cover"``, ``"fin"``, ``"pivot"``,
    ``"pincer"``, ``"link"``, ``"color1"``/``"color2"``, ``"roof"``/``"floor"``, ...),
    ``houses`` the houses involved by name (as in :data:`sudokit.grid.HOUSES`).
    ``notation`` is the pattern part of the one-line text when the generic
    ``<digits> in <cells>`` does not fit (fish: ``5 r14 c37``).
    """

    technique: str
    name: str
    family: str
    placements: tuple[tuple[int, int], ...] = ()
    eliminations: tuple[tuple[int, int], ...] = ()
    cells: tuple[tuple[int, str], ...] = ()
    houses: tuple[str, ...] = ()
    digits: tuple[int, ...] = ()
    why: str = ""
    notation: str = ""
    #: Chain links for drawing: ``((cell, digit), (cell, digit), strong)``, in chain order.
    links: tuple[tuple[tuple[int, int], tuple[int, int], bool], ...] = ()

    def __str__(self) -> str:
        """HoDoKu-style one-line notation."""
        if self.placements and not self.eliminations and not self.notation:
            return f"{self.name}: {candidates_text(self.placements, '=')}"
        pattern = self.notation or self._generic_pattern()
        results = []
        if self.placements:
            results.append(candidates_text(self.placements, "="))
        if self.eliminations:
            results.append(candidates_text(self.eliminations))
        return f"{self.name}: {pattern} => {', '.join(results)}"

    def _generic_pattern(self) -> str:
        digits = ",".join(str(d) for d in self.digits)
        cells = ",".join(cell_text(c) for c, _ in self.cells)
        return f"{digits} in {cells}" if cells else digits

    def pattern_cells(self, role: str | None = None) -> tuple[int, ...]:
        """The pattern's cells, optionally only those with ``role``."""
        return tuple(c for c, r in self.cells if role is None or r == role)
