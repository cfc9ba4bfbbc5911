"""Singles: Full House, Hidden Single (box, then row/column) and Naked Single.

Every finder yields each instance once, in house order (rows, columns, boxes) or cell order.
"""

from __future__ import annotations

from collections.abc import Iterator

from .model import BIT, CELL_HOUSES, DIGITS_OF, HOUSE_CELLS, HOUSE_MASK, HOUSE_NAMES, POPCOUNT, Candidates
from .step import Step, cell_text

__all__ = ["find_full_house", "find_hidden_single_box", "find_hidden_single_line", "find_naked_single"]

_FAMILY = "singles"


def find_full_house(state: Candidates) -> Iterator[Step]:
    """A house with one blank cell left: it takes the house's missing digit."""
    values, cands, where = state.values, state.cands, state.where
    open_cells = where[1] | where[2] | where[3] | where[4] | where[5] | where[6] | where[7] | where[8] | where[9]
    seen: set[int] = set()
    for h in range(27):
        m = open_cells & HOUSE_MASK[h]
        if not m or m & (m - 1):
            continue
        cell = m.bit_length() - 1
        if cell in seen:
            continue
        missing = 0x1FF
        blanks = 0
        for c in HOUSE_CELLS[h]:
            if values[c]:
                missing &= ~BIT[values[c]]
            else:
                blanks += 1
        if blanks != 1 or POPCOUNT[missing] != 1 or not cands[cell] & missing:
            continue  # a blank without candidates (a broken user state) is not a full house
        digit = DIGITS_OF[missing][0]
        seen.add(cell)
        yield Step(
            "full_house", "Full House", _FAMILY,
            placements=((cell, digit),),
            cells=((cell, "base"),),
            houses=(HOUSE_NAMES[h],),
            digits=(digit,),
            why=f"{cell_text(cell)} is the last empty cell of {HOUSE_NAMES[h]}, so it takes the missing {digit}.",
        )


def _hidden_singles(state: Candidates, houses: range, technique: str) -> Iterator[Step]:
    digit_masks = list(enumerate(state.where))[1:]
    seen: set[tuple[int, int]] = set()
    for h in houses:
        hmask = HOUSE_MASK[h]
        for d, w in digit_masks:
            m = w & hmask
            if not m or m & (m - 1):
                continue
            cell = m.bit_length() - 1
            if (cell, d) in seen:
                continue
            seen.add((cell, d))
            yield Step(
                technique, "Hidden Single", _FAMILY,
                placements=((cell, d),),
                cells=((cell, "base"),),
                houses=(HOUSE_NAMES[h],),
                digits=(d,),
                why=f"In {HOUSE_NAMES[h]}, {d} can only go in {cell_text(cell)}.",
            )


def find_hidden_single_box(state: Candidates) -> Iterator[Step]:
    """A digit with one place left in a box."""
    return _hidden_singles(state, range(18, 27), "hidden_single_box")


def find_hidden_single_line(state: Candidates) -> Iterator[Step]:
    """A digit with one place left in a row or column (rows first)."""
    return _hidden_singles(state, range(0, 18), "hidden_single_line")


def find_naked_single(state: Candidates) -> Iterator[Step]:
    """A blank cell with one candidate left."""
    for cell, m in enumerate(state.cands):
        if m and not m & (m - 1):
            d = DIGITS_OF[m][0]
            yield Step(
                "naked_single", "Naked Single", _FAMILY,
                placements=((cell, d),),
                cells=((cell, "base"),),
                houses=tuple(HOUSE_NAMES[h] for h in CELL_HOUSES[cell]),
                digits=(d,),
                why=f"{cell_text(cell)} has only one candidate left: {d}.",
            )
