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
from contextvars import ContextVar
from dataclasses import dataclass

__all__ = ["Step", "cell_text", "cells_text", "candidates_text", "STEP_TEXT"]

#: Whether the steps finders make carry their explanation (``why``, ``notation``, ``links``
#: and the pattern's ``cells``, ``houses`` and ``digits``). Only the rating paths of
#: ``rate`` set it off (the SE walk, and the HoDoKu walk when it only counts its steps): a
#: rating reads a step's technique, name, candidates and SE rating, and writing the
#: patterns out cost more than most searches. The same steps otherwise.
STEP_TEXT: ContextVar[bool] = ContextVar("sudokit_step_text", default=True)


def cell_text(cell: int) -> str:
    """``r<row>c<col>`` (1-based) for a 0-based cell index."""
    return f"r{cell // 9 + 1}c{cell % 9 + 1}"


def cells_text(cells: Iterable[int]) -> str:
    """Compact cell list exactly as HoDoKu prints it: take the first remaining cell, absorb
    the later cells of its row (``r2c13``) or, if none, of its column (``r23c1``); repeat,
    comma-separated (``r1c28,r6c28``)."""
    rest = sorted(set(cells))
    parts: list[str] = []
    while rest:
        first = rest.pop(0)
        row, col = divmod(first, 9)
        rows, cols = [row], [col]
        keep = []
        for c in rest:
            r2, c2 = divmod(c, 9)
            if r2 == row and len(rows) == 1:
                cols.append(c2)
            elif c2 == col and len(cols) == 1:
                rows.append(r2)
            else:
                keep.append(c)
        rest = keep
        parts.append("r" + "".join(str(r + 1) for r in rows) + "c" + "".join(str(c + 1) for c in cols))
    return ",".join(parts)


def candidates_text(pairs: Iterable[tuple[int, int]], op: str = "<>") -> str:
    """Eliminations (``op='<>'``) or placements (``op='='``) as ``r3c1<>3, r13c2<>8``:
    grouped by digit in the order the digits first appear (as HoDoKu prints a step's
    candidate list), each group's cells in HoDoKu's compact form."""
    pairs = list(pairs)
    if op == "=":
        return ", ".join(f"{cell_text(c)}={d}" for c, d in sorted(pairs, key=lambda p: p[0]))
    by_digit: dict[int, list[int]] = {}
    for cell, digit in pairs:
        by_digit.setdefault(digit, []).append(cell)
    return ", ".join(f"{cells_text(cells)}{op}{d}" for d, cells in by_digit.items())


#: Techniques HoDoKu prints without a pattern part ("Bivalue Universal Grave + 1 => r4c2<>1"); a
#: notation, if any, follows the name ("Forcing Chain Contradiction in r3 => r6c8=8").
_NO_PATTERN = frozenset({"bug_plus_1", "forcing_chain", "forcing_net"})

#: Techniques whose steps list their eliminations in the order HoDoKu's search adds them
#: (subsets house by house and cell by cell, Sue de Coq the box before the line), which
#: HoDoKu never sorts before printing: "r1c789<>9, r3c7<>1", digits as they come.
_LISTED_AS_FOUND = frozenset({
    "naked_pair", "naked_triple", "naked_quad", "hidden_pair", "hidden_triple", "hidden_quad",
    "locked_pair", "locked_triple", "sue_de_coq", "als_xz", "unique_rectangle_3",
})


@dataclass(frozen=True)
class Step:
    """One deduction found by a technique finder.

    Cells are 0-based indices; text uses 1-based ``r1c1`` names. ``cells`` lists the
    pattern's cells with their role (``"base"``, ``"cover"``, ``"fin"``, ``"pivot"``,
    ``"pincer"``, ``"link"``, ``"color1"``/``"color2"`` (Multi Colors: also ``"color3"``/``"color4"``), ``"roof"``/``"floor"``, ...),
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
    #: This step's own Sudoku Explainer rating when it differs from its technique's fixed
    #: one (chains: the rating grows with the chain's length); None otherwise.
    rating: float | None = None

    def __str__(self) -> str:
        """HoDoKu's one-line notation."""
        if self.placements and not self.eliminations and not self.notation:
            return f"{self.name}: {candidates_text(self.placements, '=')}"
        results = []
        if self.placements:
            results.append(candidates_text(self.placements, "="))
        if self.eliminations:
            results.append(candidates_text(self._listed_eliminations()))
        if self.technique in _NO_PATTERN:
            head = f"{self.name} {self.notation}" if self.notation else self.name
            return f"{head} => {', '.join(results)}"
        pattern = self.notation or self._generic_pattern()
        return f"{self.name}: {pattern} => {', '.join(results)}"

    def _listed_eliminations(self) -> list[tuple[int, int]] | tuple[tuple[int, int], ...]:
        """The eliminations in the order HoDoKu lists them: as its search found them for
        the techniques whose steps keep that order, else by digit, then cell (the chain
        searches sort their lists; for the other techniques that order prints the same
        lines as HoDoKu's on the sets benchmarks/RESULTS.md compares)."""
        if self.technique in _LISTED_AS_FOUND:
            return self.eliminations
        return sorted(self.eliminations, key=lambda e: (e[1], e[0]))

    def _generic_pattern(self) -> str:
        digits = ",".join(str(d) for d in self.digits)
        cells = ",".join(cell_text(c) for c, _ in self.cells)
        return f"{digits} in {cells}" if cells else digits

    def pattern_cells(self, role: str | None = None) -> tuple[int, ...]:
        """The pattern's cells, optionally only those with ``role``."""
        return tuple(c for c, r in self.cells if role is None or r == role)
