"""Intersections: Pointing, Claiming (Locked Candidates types 1 and 2), Locked Pair and Triple.

An intersection is the three cells a box shares with a row or column. When a digit's
places in one house all lie in the intersection, the digit can go nowhere else in the
other house.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from .model import (
    CELL_HOUSES, DIGITS_OF, HOUSE_CELLS, HOUSE_MASK, HOUSE_NAMES, POPCOUNT, Candidates, cells_of,
)
from .step import Step, cells_text
from .subsets import naked_subset_cells

__all__ = ["find_pointing", "find_claiming", "find_locked_pair", "find_locked_triple", "INTERSECTIONS"]

_FAMILY = "intersections"

#: The 54 (box, line) pairs that meet in three cells: (box house, line house, 81-bit mask).
INTERSECTIONS: tuple[tuple[int, int, int], ...] = tuple(
    (box, line, HOUSE_MASK[box] & HOUSE_MASK[line])
    for box in range(18, 27)
    for line in range(18)
    if HOUSE_MASK[box] & HOUSE_MASK[line]
)
#: The three cells of each intersection, in the order of :data:`INTERSECTIONS`.
_INTERSECTION_CELLS: tuple[tuple[int, ...], ...] = tuple(tuple(cells_of(inter)) for _, _, inter in INTERSECTIONS)


def _locked(state: Candidates, pointing: bool) -> Iterator[Step]:
    where = state.where
    # per base house, the digits with one to three places there (only those can be locked)
    few: dict[int, list[tuple[int, int]]] = {}
    for box, line, inter in INTERSECTIONS:
        base, cover = (box, line) if pointing else (line, box)
        small = few.get(base)
        if small is None:
            base_mask = HOUSE_MASK[base]
            small = few[base] = [
                (d, m) for d, m in ((d, where[d] & base_mask) for d in range(1, 10)) if m and m.bit_count() <= 3
            ]
        for d, in_base in small:
            if in_base & ~inter:
                continue
            targets = where[d] & HOUSE_MASK[cover] & ~inter
            if targets:
                yield _locked_step(pointing, d, base, cover, cells_of(in_base), cells_of(targets))


def _locked_step(pointing: bool, d: int, base: int, cover: int, cells: list[int], targets: list[int]) -> Step:
    technique, name = ("pointing", "Locked Candidates Type 1 (Pointing)") if pointing else ("claiming", "Locked Candidates Type 2 (Claiming)")
    where_text = HOUSE_NAMES[base]
    return Step(
        technique, name, _FAMILY,
        eliminations=tuple((c, d) for c in targets),
        cells=tuple((c, "base") for c in cells),
        houses=(HOUSE_NAMES[base], HOUSE_NAMES[cover]),
        digits=(d,),
        why=(f"In {where_text}, {d} can only go in {cells_text(cells)}, which also lie in "
             f"{HOUSE_NAMES[cover]}, so {d} can go nowhere else in {HOUSE_NAMES[cover]}."),
        notation=f"{d} in {_short(base)}",
    )


def _short(house: int) -> str:
    """HoDoKu's short house names: r1, c3, b9."""
    return "rcb"[house // 9] + str(house % 9 + 1)


def find_pointing(state: Candidates) -> Iterator[Step]:
    """A digit confined to one row or column inside a box leaves the rest of that line."""
    return _locked(state, pointing=True)


def find_claiming(state: Candidates) -> Iterator[Step]:
    """A digit confined to one box inside a row or column leaves the rest of that box."""
    return _locked(state, pointing=False)


def _locked_subsets(state: Candidates, size: int) -> Iterator[Step]:
    # A locked subset with eliminations is a naked subset of its box (or line) with
    # eliminations there, so none exists when no such naked subset lies in one box and one
    # line: the kernel's subset list (built once per grid) answers that for most grids.
    if not any(_one_intersection(cells) for cells in naked_subset_cells(state, size)):
        return
    cands = state.cands
    seen: set[tuple[int, ...]] = set()
    for (box, line, _), three in zip(INTERSECTIONS, _INTERSECTION_CELLS):
        cells = [c for c in three if 2 <= POPCOUNT[cands[c]] <= size]
        for combo in combinations(cells, size):
            union = 0
            for c in combo:
                union |= cands[c]
            if POPCOUNT[union] != size or combo in seen:
                continue
            seen.add(combo)
            inside = sum(1 << c for c in combo)
            elims: list[tuple[int, int]] = []
            for house in (line, box):
                for c in HOUSE_CELLS[house]:
                    if not (inside >> c) & 1 and cands[c] & union:
                        elims.extend((c, d) for d in DIGITS_OF[cands[c] & union])
            if elims:
                yield _subset_step(size, combo, union, line, box, sorted(set(elims)))


def _one_intersection(cells: tuple[int, ...]) -> bool:
    """True when the cells lie in one box and in one row or column."""
    first = CELL_HOUSES[cells[0]]
    same = [all(CELL_HOUSES[c][k] == first[k] for c in cells) for k in range(3)]
    return same[2] and (same[0] or same[1])


def _subset_step(size: int, combo: tuple[int, ...], union: int, line: int, box: int,
                 elims: list[tuple[int, int]]) -> Step:
    technique, name = ("locked_pair", "Locked Pair") if size == 2 else ("locked_triple", "Locked Triple")
    digits = DIGITS_OF[union]
    digit_text = ",".join(map(str, digits))
    return Step(
        technique, name, _FAMILY,
        eliminations=tuple(sorted(elims, key=lambda e: (e[1], e[0]))),  # by digit, as HoDoKu lists them
        cells=tuple((c, "base") for c in combo),
        houses=(HOUSE_NAMES[line], HOUSE_NAMES[box]),
        digits=digits,
        why=(f"{cells_text(combo)} hold only {digit_text} between them and lie in both "
             f"{HOUSE_NAMES[line]} and {HOUSE_NAMES[box]}, so those digits go nowhere else in either."),
        notation=f"{digit_text} in {cells_text(combo)}",
    )


def find_locked_pair(state: Candidates) -> Iterator[Step]:
    """A naked pair inside a box-line intersection: clears both the box and the line."""
    return _locked_subsets(state, 2)


def find_locked_triple(state: Candidates) -> Iterator[Step]:
    """A naked triple inside a box-line intersection: clears both the box and the line."""
    return _locked_subsets(state, 3)


