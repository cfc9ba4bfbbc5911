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

from .model import (
    BOX_OF, CELL_BIT, COL_OF, HOUSE_MASK, HOUSE_NAMES, PEER_MASK, ROW_OF, Candidates, cells_of,
)
from .step import Step, cell_text, cells_text

__all__ = ["find_skyscraper", "find_two_string_kite", "find_turbot_fish", "find_empty_rectangle"]

_FAMILY = "single_digit"
_KINDS = {"skyscraper": "Skyscraper", "two_string_kite": "2-String Kite", "turbot_fish": "Turbot Fish"}


def _kind(h1: int, h2: int, e1: int, e2: int) -> str:
    """Classify two strong links joined at near ends e1, e2 (houses: 0-8 rows, 9-17 cols, 18-26 boxes)."""
    if h1 < 18 and h2 < 18:
        if (h1 < 9) == (h2 < 9):
            same_cross = COL_OF[e1] == COL_OF[e2] if h1 < 9 else ROW_OF[e1] == ROW_OF[e2]
            return "skyscraper" if same_cross else "turbot_fish"
        return "two_string_kite"
    return "turbot_fish"


def _houses_fit(kind: str, h1: int, h2: int) -> bool:
    """Can links in houses h1 < h2 form this kind of pattern at all?"""
    if kind == "skyscraper":
        return h2 < 18 and (h1 < 9) == (h2 < 9)
    if kind == "two_string_kite":
        return h1 < 9 <= h2 < 18
    return h2 >= 18 or (h1 < 9) == (h2 < 9)  # turbot: a box link, or parallel lines via a box


def _two_links(state: Candidates, kind: str) -> Iterator[Step]:
    where = state.where
    for d in range(1, 10):
        links = state.strong_links(d)
        seen: set[tuple[frozenset[int], frozenset[tuple[int, int]]]] = set()
        for i, (h1, a1, b1) in enumerate(links):
            for h2, a2, b2 in links[i + 1:]:
                if a1 == a2 or a1 == b2 or b1 == a2 or b1 == b2 or not _houses_fit(kind, h1, h2):
                    continue
                for e1, f1 in ((a1, b1), (b1, a1)):
                    near = PEER_MASK[e1]
                    for e2, f2 in ((a2, b2), (b2, a2)):
                        if not near >> e2 & 1 or _kind(h1, h2, e1, e2) != kind:
                            continue
                        if kind == "skyscraper" and (COL_OF[f1] == COL_OF[f2] if h1 < 9 else ROW_OF[f1] == ROW_OF[f2]):
                            continue  # an X-Wing, not a Skyscraper
                        pattern = CELL_BIT[a1] | CELL_BIT[b1] | CELL_BIT[a2] | CELL_BIT[b2]
                        targets = where[d] & PEER_MASK[f1] & PEER_MASK[f2] & ~pattern
                        if not targets:
                            continue
                        key = (frozenset((a1, b1, a2, b2)), frozenset((c, d) for c in cells_of(targets)))
                        if key in seen:
                            continue
                        seen.add(key)
                        yield _link_step(kind, d, (h1, e1, f1), (h2, e2, f2), cells_of(targets))


def _link_step(kind: str, d: int, link1: tuple[int, int, int], link2: tuple[int, int, int], targets: list[int]) -> Step:
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
    a Turbot Fish as its X-chain from the lower-index end (``8 r6c7 =8= r7c7 -8- r7c4 =8= r9c6``)."""
    if kind != "turbot_fish":
        return f"{d} in {cells_text([f1, f2])} (connected by {cells_text([e1, e2])})"
    if f2 < f1:
        e1, f1, e2, f2 = e2, f2, e1, f1
    return f"{d} {cell_text(f1)} ={d}= {cell_text(e1)} -{d}- {cell_text(e2)} ={d}= {cell_text(f2)}"


def find_skyscraper(state: Candidates) -> Iterator[Step]:
    """Two parallel strong links whose near ends share a cross line."""
    return _two_links(state, "skyscraper")


def find_two_string_kite(state: Candidates) -> Iterator[Step]:
    """A row strong link and a column strong link whose near ends share a box."""
    return _two_links(state, "two_string_kite")


def find_turbot_fish(state: Candidates) -> Iterator[Step]:
    """Two strong links joined by a weak link that is neither a Skyscraper nor a Kite."""
    return _two_links(state, "turbot_fish")


def find_empty_rectangle(state: Candidates) -> Iterator[Step]:
    """A box whose digit places form a cross, plus a strong link in a line outside it.

    In HoDoKu's order (its ``SingleDigitPatternSolver`` takes the first it meets): digit,
    box, the cross from the box's last row and column back to its first, the column links
    (near end on the cross's row, left to right) before the row links."""
    where = state.where
    for d in range(1, 10):
        links = [(h, a, b) for h, a, b in state.strong_links(d) if h < 18]
        for box in range(18, 27):
            in_box = where[d] & HOUSE_MASK[box]
            if in_box.bit_count() < 2:
                continue
            found = []
            for row, col in _crosses(box, in_box):
                for step in _er_links(state, d, box, row, col, in_box, links):
                    near = next(c for c, role in step.cells if role == "link")
                    found.append(((-row, -col, ROW_OF[near] != row, near), step))
            found.sort(key=lambda f: f[0])
            for _key, step in found:
                yield step


def _crosses(box: int, in_box: int) -> Iterator[tuple[int, int]]:
    """(row, column) pairs whose union covers the box's places, using both arms."""
    b = box - 18
    for row in range(3 * (b // 3), 3 * (b // 3) + 3):
        for col in range(3 * (b % 3), 3 * (b % 3) + 3):
            row_part, col_part = HOUSE_MASK[row] & in_box, HOUSE_MASK[9 + col] & in_box
            if in_box & ~(row_part | col_part):
                continue
            if not in_box & ~HOUSE_MASK[row] or not in_box & ~HOUSE_MASK[9 + col]:
                continue  # all in one line: that is a Pointing, not a rectangle
            yield row, col


def _er_links(state: Candidates, d: int, box: int, row: int, col: int, in_box: int,
              links: list[tuple[int, int, int]]) -> Iterator[Step]:
    where = state.where
    for h, a, b in links:
        if (HOUSE_MASK[h] & HOUSE_MASK[box]):
            continue
        for near, far in ((a, b), (b, a)):
            if h >= 9 and ROW_OF[near] == row:  # column link, near end on the ER row
                target = ROW_OF[far] * 9 + col
            elif h < 9 and COL_OF[near] == col:  # row link, near end on the ER column
                target = row * 9 + COL_OF[far]
            else:
                continue
            if BOX_OF[target] == box - 18 or not where[d] >> target & 1:
                continue
            yield Step(
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
