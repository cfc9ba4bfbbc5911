"""Wings: XY-Wing, XYZ-Wing and W-Wing.

XY-Wing: a *pivot* {x,y} sees two *pincers* {x,z} and {y,z}; whatever the pivot holds, one
pincer is z, so z leaves every cell that sees both pincers. XYZ-Wing: the pivot is
{x,y,z}; z leaves the cells that see the pivot and both pincers. W-Wing: two cells {x,y}
joined by a strong link on x (each sees one end of a house where x has two places): one
of them is y, so y leaves every cell that sees both.
"""

from __future__ import annotations

from collections.abc import Iterator

from .model import BIT, CELL_BIT, CELL_HOUSES, DIGITS_OF, HOUSE_MASK, HOUSE_NAMES, PEER_CELLS, PEER_MASK, POPCOUNT, Candidates, cells_of
from .step import Step, cell_text, cells_text

__all__ = ["find_xy_wing", "find_xyz_wing", "find_w_wing", "conjugate_pairs"]

_FAMILY = "wings"


def _wing(state: Candidates, pivot_size: int) -> Iterator[Step]:
    """The wings in HoDoKu's order (its ``WingSolver`` takes the first it meets): XY-Wings
    by their three cells in ascending order, then the pivot's place among them; XYZ-Wings
    by pivot, then pincers."""
    found = []
    for wing in _wings(state, pivot_size):
        pivot, q1, q2 = wing[:3]
        if pivot_size == 2:
            trio = sorted((pivot, q1, q2))
            key = (trio[0], trio[1], trio[2], trio.index(pivot))
        else:
            key = (pivot, min(q1, q2), max(q1, q2), 0)
        found.append((key, wing))
    found.sort(key=lambda f: f[0])
    for _key, (pivot, q1, q2, pm, z, targets) in found:
        yield _wing_step(pivot_size, pivot, q1, q2, pm, z, targets)


def _wings(state: Candidates, pivot_size: int) -> Iterator[tuple[int, int, int, int, int, list[int]]]:
    cands, where = state.cands, state.where
    for pivot in range(81):
        pm = cands[pivot]
        if POPCOUNT[pm] != pivot_size:
            continue
        pincers = [q for q in PEER_CELLS[pivot] if POPCOUNT[cands[q]] == 2 and POPCOUNT[cands[q] & pm] == pivot_size - 1]
        if pivot_size == 2:
            pincers = [q for q in pincers if cands[q] != pm]
        for i, q1 in enumerate(pincers):
            for q2 in pincers[i + 1:]:
                m1, m2 = cands[q1], cands[q2]
                if m1 == m2:
                    continue
                zmask = m1 & m2
                if POPCOUNT[zmask] != 1:
                    continue
                if pivot_size == 2:
                    if zmask & pm or (m1 | m2) & pm != pm:
                        continue
                    seen = PEER_MASK[q1] & PEER_MASK[q2]
                elif not (zmask & pm) or (m1 | m2) != pm:
                    continue
                else:
                    seen = PEER_MASK[q1] & PEER_MASK[q2] & PEER_MASK[pivot]
                z = DIGITS_OF[zmask][0]
                targets = cells_of(where[z] & seen & ~CELL_BIT[pivot])
                if targets:
                    yield pivot, q1, q2, pm, z, targets


def _wing_step(size: int, pivot: int, q1: int, q2: int, pm: int, z: int, targets: list[int]) -> Step:
    technique, name = ("xy_wing", "XY-Wing") if size == 2 else ("xyz_wing", "XYZ-Wing")
    xy = [d for d in DIGITS_OF[pm] if d != z]
    digits = tuple(xy) + (z,)
    if size == 2:
        why = (f"Whether the pivot {cell_text(pivot)} is {xy[0]} or {xy[1]}, one of the pincers "
               f"{cell_text(q1)}, {cell_text(q2)} is {z}, so no cell seeing both pincers can be {z}.")
    else:
        why = (f"One of the pivot {cell_text(pivot)} and the pincers {cell_text(q1)}, {cell_text(q2)} "
               f"must be {z}, so no cell seeing all three can be {z}.")
    return Step(
        technique, name, _FAMILY,
        eliminations=tuple((c, z) for c in targets),
        cells=((pivot, "pivot"), (q1, "pincer"), (q2, "pincer")),
        houses=tuple(HOUSE_NAMES[_shared_house(pivot, q)] for q in (q1, q2)),
        digits=digits,
        why=why,
        notation=(f"{xy[0]}/{xy[1]}" if size == 2  # HoDoKu: the pivot's digits only
                  else f"{'/'.join(map(str, DIGITS_OF[pm]))} in {cells_text([pivot, q1, q2])}"),
    )


def _shared_house(a: int, b: int) -> int:
    """The first house (box before lines) two peers share."""
    ha, hb = CELL_HOUSES[a], CELL_HOUSES[b]
    return next(h for h in (ha[2], ha[0], ha[1]) if h in hb)


def find_xy_wing(state: Candidates) -> Iterator[Step]:
    """Pivot {x,y}, pincers {x,z} and {y,z}: z leaves the cells seeing both pincers."""
    return _wing(state, 2)


def find_xyz_wing(state: Candidates) -> Iterator[Step]:
    """Pivot {x,y,z}, pincers {x,z} and {y,z}: z leaves the cells seeing all three."""
    return _wing(state, 3)


def conjugate_pairs(state: Candidates, digit: int) -> list[tuple[int, int, int]]:
    """Strong links of ``digit``: (house, cell a, cell b) for every house where the digit
    has exactly two places, houses in order (rows, columns, boxes)."""
    return state.strong_links(digit)


def find_w_wing(state: Candidates) -> Iterator[Step]:
    """Two equal bivalue cells {x,y}, each seeing one end of a strong link on x, in HoDoKu's
    order (its ``WingSolver`` takes the first it meets): first cell, second cell after it,
    the eliminated digit smaller first, then the first house (rows, columns, boxes) whose
    two places of the link digit see one cell each; one step per cell pair and digit."""
    cands, where = state.cands, state.where
    bivalue = [c for c in range(81) if POPCOUNT[cands[c]] == 2]
    for i, a in enumerate(bivalue):
        for b in bivalue[i + 1:]:
            if cands[a] != cands[b]:
                continue
            for y in DIGITS_OF[cands[a]]:
                targets = cells_of(where[y] & PEER_MASK[a] & PEER_MASK[b])
                if not targets:
                    continue
                x = DIGITS_OF[cands[a] & ~BIT[y]][0]
                link = _w_link(state, x, a, b)
                if link is not None:
                    yield _w_step(a, b, x, y, *link, targets)


def _w_link(state: Candidates, x: int, a: int, b: int) -> tuple[int, int, int] | None:
    """The first house with exactly two places for ``x`` (neither ``a`` nor ``b``), one
    seeing ``a`` and the other ``b``, as HoDoKu tests them (a place seeing ``a`` counts
    for ``a`` only): (house, place seeing a, place seeing b)."""
    for house, _p, _q in state.strong_links(x):
        s1 = s2 = -1
        for c in cells_of(state.where[x] & HOUSE_MASK[house]):
            if c in (a, b):
                continue
            if PEER_MASK[c] >> a & 1:
                s1 = c
            elif PEER_MASK[c] >> b & 1:
                s2 = c
        if s1 >= 0 and s2 >= 0:
            return house, s1, s2
    return None


def _w_step(a: int, b: int, x: int, y: int, house: int, s1: int, s2: int, targets: list[int]) -> Step:
    return Step(
        "w_wing", "W-Wing", _FAMILY,
        eliminations=tuple((c, y) for c in targets),
        cells=((a, "pincer"), (b, "pincer"), (s1, "link"), (s2, "link")),
        houses=(HOUSE_NAMES[house],),
        digits=(x, y),
        why=(f"{cell_text(a)} and {cell_text(b)} are both {x}/{y}; {x} must be in {cell_text(s1)} or "
             f"{cell_text(s2)} ({HOUSE_NAMES[house]}), so one of them is {y}, and no cell seeing both can be {y}."),
        notation=f"{y}/{x} in {cells_text([a, b])} connected by {x} in {cells_text([s1, s2])}",
    )
