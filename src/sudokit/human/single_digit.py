"""Single-digit patterns: Skyscraper, 2-String Kite, Turbot Fish and Empty Rectangle.

All four are short chains on one digit built from *strong links* (a house where the digit
has exactly two places: one of them is it). Two strong links whose near ends see each
other (a *weak link*) force one of the far ends to hold the digit, so it leaves every cell
that sees both far ends:

* Skyscraper: both links in parallel lines, near ends in one cross line;
* 2-String Kite: a row link and a column link whose near ends share a box;
* Turbot Fish: any other such pair (a box link, or near ends seeing each other in a box).

Empty Rectangle: a box whose places for the digit all lie on one row and one column of the
box (a cross, not a single line) acts as a group end of a strong link.
"""

from __future__ import annotations

from collections.abc import Iterator

from .. import _backend
from .model import HOUSE_MASK, HOUSE_NAMES, Candidates, cells_of
from .step import STEP_TEXT, Step, cell_text, cells_text

__all__ = ["find_skyscraper", "find_two_string_kite", "find_turbot_fish", "find_empty_rectangle"]

_FAMILY = "single_digit"
_KINDS = {"skyscraper": "Skyscraper", "two_string_kite": "2-String Kite", "turbot_fish": "Turbot Fish"}


def _link_step(kind: str, d: int, link1: tuple[int, int, int], link2: tuple[int, int, int], targets: list[int]) -> Step:
    if not STEP_TEXT.get():
        return Step(kind, _KINDS[kind], _FAMILY, eliminations=tuple((c, d) for c in targets))
    (h1, e1, f1), (h2, e2, f2) = link1, link2
    return Step(
        kind, _KINDS[kind], _FAMILY,
        eliminations=tuple((c, d) for c in targets),
        cells=((f1, "base"), (e1, "link"), (e2, "link"), (f2, "base")),
        houses=(HOUSE_NAMES[h1], HOUSE_NAMES[h2]),
        digits=(d,),
        why=(f"{d} is in {cell_text(e1)} or {cell_text(f1)} ({HOUSE_NAMES[h1]}) and in {cell_text(e2)} or "
             f"{cell_text(f2)} ({HOUSE_NAMES[h2]}); {cell_text(e1)} and {cell_text(e2)} cannot both be {d}, "
             f"so {cell_text(f1)} or {cell_text(f2)} is {d}, and no cell seeing both can be."),
        notation=_link_notation(kind, d, e1, f1, e2, f2),
    )


def _link_notation(kind: str, d: int, e1: int, f1: int, e2: int, f2: int) -> str:
    """HoDoKu's text: ends and connectors compacted (``1 in r7c4,r9c7 (connected by r2c47)``);
    a Turbot Fish as its X-chain from its start (``8 r6c7 =8= r7c7 -8- r7c4 =8= r9c6``)."""
    if kind != "turbot_fish":
        return f"{d} in {cells_text([f1, f2])} (connected by {cells_text([e1, e2])})"
    return f"{d} {cell_text(f1)} ={d}= {cell_text(e1)} -{d}- {cell_text(e2)} ={d}= {cell_text(f2)}"


def _records(state: Candidates, kind: int) -> bytes:
    """The kernel search ``kind`` (``ho_single``: csrc/hosingle9.c, twin
    :mod:`sudokit._pysingle9`) on ``state``: its records (layouts in csrc/hosingle9.h)."""
    data: bytes | None
    data, _spent = _backend.kernel().ho_single(state.cand_bytes(), kind, 0)
    assert data is not None  # only the X-Chain search has a budget
    return data


def _link_steps(kind: str, data: bytes) -> Iterator[Step]:
    """The steps of the link records (d, h1, e1, f1, h2, e2, f2, n, n targets)."""
    at = 0
    while at < len(data):
        d, h1, e1, f1, h2, e2, f2, n = data[at:at + 8]
        targets = list(data[at + 8:at + 8 + n])
        at += 8 + n
        yield _link_step(kind, d, (h1, e1, f1), (h2, e2, f2), targets)


def find_skyscraper(state: Candidates) -> Iterator[Step]:
    """Two parallel strong links whose near ends share a cross line, in HoDoKu's order
    (its ``SingleDigitPatternSolver`` takes the first it meets): row links for every digit
    before column links; per digit, link pairs in house order. As HoDoKu, the near ends are
    the links' first cells (both) or last cells (both); a pair joined first-to-last is left
    to the Turbot Fish search, and the eliminations are every place seeing both far ends.
    The search runs in the kernel (:mod:`sudokit._pysingle9` is its reference)."""
    yield from _link_steps("skyscraper", _records(state, 0))


def find_two_string_kite(state: Candidates) -> Iterator[Step]:
    """A row strong link and a column strong link whose near ends share a box, in HoDoKu's
    order: digit, row link, column link; near ends tried first-first, first-last,
    last-first, last-last; the one elimination is where the far ends' lines cross."""
    yield from _link_steps("two_string_kite", _records(state, 1))


def find_turbot_fish(state: Candidates) -> Iterator[Step]:
    """Every three-link X-Chain (strong, weak, strong) on one digit, as HoDoKu's
    ``ChainSolver`` finds Turbot Fish: from every cell and digit in order, links in
    HoDoKu's link order (row, column, then box cells not already in the cell's row or
    column); every such chain is kept, then stably sorted by more eliminations first and
    the smaller weighted index sum (HoDoKu's step order). The chains HoDoKu's Skyscraper
    and 2-String Kite searches find are left to them (a chain with eliminations they find
    is never left to the Turbot Fish search, so leaving it out changes no HoDoKu step and
    keeps the names apart on other paths)."""
    yield from _link_steps("turbot_fish", _records(state, 2))


def steps_of(state: Candidates, technique: str, data: bytes) -> Iterator[Step]:
    """The steps of ``technique``'s ``ho_single`` records found on ``state`` (the HoDoKu
    walk's ``ho_probe`` hands them over): what its finder yields for the same bytes."""
    if technique == "empty_rectangle":
        return _er_steps(state, data)
    return _link_steps(technique, data)


def find_empty_rectangle(state: Candidates) -> Iterator[Step]:
    """A box whose digit places form a cross, plus a strong link in a line outside it.

    In HoDoKu's order (its ``SingleDigitPatternSolver`` takes the first it meets): digit,
    box, the cross from the box's last row and column back to its first, the column links
    (near end on the cross's row, left to right) before the row links."""
    return _er_steps(state, _records(state, 3))


def _er_steps(state: Candidates, data: bytes) -> Iterator[Step]:
    for at in range(0, len(data), 8):
        d, box, row, col, h, near, far, target = data[at:at + 8]
        yield _er_step(state, d, box, row, col, h, near, far, target)


def _er_step(state: Candidates, d: int, box: int, row: int, col: int, h: int, near: int, far: int, target: int) -> Step:
    if not STEP_TEXT.get():
        return Step("empty_rectangle", "Empty Rectangle", _FAMILY, eliminations=((target, d),))
    in_box = state.where[d] & HOUSE_MASK[box]
    return Step(
        "empty_rectangle", "Empty Rectangle", _FAMILY,
        eliminations=((target, d),),
        cells=tuple((c, "base") for c in cells_of(in_box)) + ((near, "link"), (far, "link")),
        houses=(HOUSE_NAMES[box], HOUSE_NAMES[h]),
        digits=(d,),
        why=(f"In {HOUSE_NAMES[box]}, {d} lies on row {row + 1} or column {col + 1}; if "
             f"{cell_text(target)} were {d}, {cell_text(far)} would not be, so {cell_text(near)} "
             f"would be, leaving {HOUSE_NAMES[box]} no place for {d}."),
        notation=f"{d} in b{box - 17} ({cells_text([near, far])})",
    )
