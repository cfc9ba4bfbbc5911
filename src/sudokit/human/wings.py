"""Wings: XY-Wing, XYZ-Wing and W-Wing.

XY-Wing: a *pivot* {x,y} sees two *pincers* {x,z} and {y,z}; whatever the pivot holds, one
pincer is z, so z leaves every cell that sees both pincers. XYZ-Wing: the pivot is
{x,y,z}; z leaves the cells that see the pivot and both pincers. W-Wing: two cells {x,y}
joined by a strong link on x (each sees one end of a house where x has two places): one
of them is y, so y leaves every cell that sees both.
"""

from __future__ import annotations

from collections.abc import Iterator

from .. import _backend
from .model import CELL_HOUSES, DIGITS_OF, HOUSE_NAMES, Candidates
from .step import STEP_TEXT, Step, cell_text, cells_text

__all__ = ["find_xy_wing", "find_xyz_wing", "find_w_wing", "conjugate_pairs"]

_FAMILY = "wings"


def wing_steps(state: Candidates, technique: str, data: bytes) -> Iterator[Step]:
    """The steps of ``technique`` (``xy_wing``, ``xyz_wing``, ``w_wing``) from ``ho_wings``
    bytes found on ``state`` (the HoDoKu walk's ``ho_probe`` hands them over)."""
    if technique == "w_wing":
        return _w_steps(_records(data, 2))
    return _wing(state, 2 if technique == "xy_wing" else 3, data)


def _wing(state: Candidates, pivot_size: int, data: bytes | None = None) -> Iterator[Step]:
    """The wings in HoDoKu's order (its ``WingSolver`` takes the first it meets): XY-Wings
    by their three cells in ascending order, then the pivot's place among them; XYZ-Wings
    by pivot, then pincers (the kernel's ``ho_wings`` search: csrc/howing9.c, twin
    :mod:`sudokit._pywing9`)."""
    cands = state.cands
    records = _found(state, pivot_size - 2) if data is None else _records(data, pivot_size - 2)
    for _kind, pivot, q1, q2, z, _x, _house, _s1, _s2, targets in records:
        yield _wing_step(pivot_size, pivot, q1, q2, cands[pivot], z, targets)


_Record = tuple[int, int, int, int, int, int, int, int, int, list[int]]


def _found(state: Candidates, kind: int) -> Iterator[_Record]:
    """The kernel's wing records of ``kind`` (0 XY, 1 XYZ, 2 W; each: kind; cells a, b, c;
    z; x, house, s1, s2; targets): the bytes once per candidate grid (the three searches
    share them), a record read when a search reaches it."""
    data: bytes = state.cached("ho_wings", lambda: _backend.kernel().ho_wings(state.cand_bytes()))
    return _records(data, kind)


def _records(data: bytes, kind: int) -> Iterator[_Record]:
    """The records of ``kind`` in ``ho_wings`` bytes."""
    j = 0
    while j < len(data):
        n = data[j + 9]
        if data[j] == kind:
            yield (*data[j : j + 9], list(data[j + 10 : j + 10 + n]))
        j += 10 + n


def _wing_step(size: int, pivot: int, q1: int, q2: int, pm: int, z: int, targets: list[int]) -> Step:
    technique, name = ("xy_wing", "XY-Wing") if size == 2 else ("xyz_wing", "XYZ-Wing")
    if not STEP_TEXT.get():
        return Step(technique, name, _FAMILY, eliminations=tuple((c, z) for c in targets))
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
    return _w_steps(_found(state, 2))


def _w_steps(records: Iterator[_Record]) -> Iterator[Step]:
    for _kind, a, b, _c, y, x, house, s1, s2, targets in records:
        yield _w_step(a, b, x, y, house, s1, s2, targets)


def _w_step(a: int, b: int, x: int, y: int, house: int, s1: int, s2: int, targets: list[int]) -> Step:
    if not STEP_TEXT.get():
        return Step("w_wing", "W-Wing", _FAMILY, eliminations=tuple((c, y) for c in targets))
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
