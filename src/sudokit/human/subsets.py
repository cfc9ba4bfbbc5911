"""Subsets: Naked and Hidden Pair, Triple and Quad.

Naked: N cells of a house whose candidates together are N digits; those digits go nowhere
else in the house. Hidden: N digits of a house whose places together are N cells; those
cells hold nothing else.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from .model import BIT, DIGITS_OF, HOUSE_CELLS, HOUSE_NAMES, POPCOUNT, Candidates
from .step import Step, cells_text

__all__ = [
    "find_naked_pair", "find_naked_triple", "find_naked_quad",
    "find_hidden_pair", "find_hidden_triple", "find_hidden_quad",
]

_FAMILY = "subsets"
_SIZE_NAME = {2: "Pair", 3: "Triple", 4: "Quadruple"}
_SIZE_ID = {2: "pair", 3: "triple", 4: "quad"}


def _naked(state: Candidates, size: int) -> Iterator[Step]:
    cands = state.cands
    for h in range(27):
        house = HOUSE_CELLS[h]
        cells = [c for c in house if 2 <= POPCOUNT[cands[c]] <= size]
        if len(cells) < size:
            continue
        for combo in combinations(cells, size):
            union = 0
            for c in combo:
                union |= cands[c]
            if POPCOUNT[union] != size:
                continue
            elims = [
                (c, d) for c in house
                if c not in combo and cands[c] & union
                for d in DIGITS_OF[cands[c] & union]
            ]
            if elims:
                yield _naked_step(size, h, combo, union, elims)


def _naked_step(size: int, h: int, combo: tuple[int, ...], union: int, elims: list[tuple[int, int]]) -> Step:
    digits = DIGITS_OF[union]
    digit_text = ",".join(map(str, digits))
    return Step(
        f"naked_{_SIZE_ID[size]}", f"Naked {_SIZE_NAME[size]}", _FAMILY,
        eliminations=tuple(sorted(elims, key=lambda e: (e[1], e[0]))),  # by digit, as HoDoKu lists them
        cells=tuple((c, "base") for c in combo),
        houses=(HOUSE_NAMES[h],),
        digits=digits,
        why=(f"In {HOUSE_NAMES[h]}, the {size} cells {cells_text(combo)} hold only {digit_text} between "
             f"them, so those digits go nowhere else in {HOUSE_NAMES[h]}."),
        notation=f"{digit_text} in {cells_text(combo)}",
    )


def _hidden(state: Candidates, size: int) -> Iterator[Step]:
    cands, values = state.cands, state.values
    tables = [(d, state.position_table(d)) for d in range(1, 10)]
    for h in range(27):
        house = HOUSE_CELLS[h]
        empty = [c for c in house if not values[c]]
        if len(empty) <= size:
            continue  # a hidden subset of all remaining cells eliminates nothing
        positions: list[tuple[int, int]] = []  # (digit, 9-bit position mask within the house)
        for d, table in tables:
            pos = table[h]
            if 1 <= POPCOUNT[pos] <= size:
                positions.append((d, pos))
        for combo in combinations(positions, size):
            union = 0
            dmask = 0
            for d, pos in combo:
                union |= pos
                dmask |= BIT[d]
            if POPCOUNT[union] != size:
                continue
            cells = [house[k] for k in range(9) if union >> k & 1]
            elims = [(c, d) for c in cells for d in DIGITS_OF[cands[c] & ~dmask]]
            if elims:
                yield _hidden_step(size, h, cells, dmask, elims)


def _hidden_step(size: int, h: int, cells: list[int], dmask: int, elims: list[tuple[int, int]]) -> Step:
    digits = DIGITS_OF[dmask]
    digit_text = ",".join(map(str, digits))
    return Step(
        f"hidden_{_SIZE_ID[size]}", f"Hidden {_SIZE_NAME[size]}", _FAMILY,
        eliminations=tuple(elims),
        cells=tuple((c, "base") for c in cells),
        houses=(HOUSE_NAMES[h],),
        digits=digits,
        why=(f"In {HOUSE_NAMES[h]}, {digit_text} can only go in the {size} cells {cells_text(cells)}, "
             f"so those cells hold nothing else."),
        notation=f"{digit_text} in {cells_text(cells)}",
    )


def find_naked_pair(state: Candidates) -> Iterator[Step]:
    """Two cells of a house with the same two candidates."""
    return _naked(state, 2)


def find_naked_triple(state: Candidates) -> Iterator[Step]:
    """Three cells of a house holding three digits between them."""
    return _naked(state, 3)


def find_naked_quad(state: Candidates) -> Iterator[Step]:
    """Four cells of a house holding four digits between them."""
    return _naked(state, 4)


def find_hidden_pair(state: Candidates) -> Iterator[Step]:
    """Two digits of a house confined to the same two cells."""
    return _hidden(state, 2)


def find_hidden_triple(state: Candidates) -> Iterator[Step]:
    """Three digits of a house confined to three cells."""
    return _hidden(state, 3)


def find_hidden_quad(state: Candidates) -> Iterator[Step]:
    """Four digits of a house confined to four cells."""
    return _hidden(state, 4)
