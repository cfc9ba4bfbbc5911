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
    BOX_OF, CELL_BIT, CELL_HOUSES, COL_OF, HOUSE_CELLS, HOUSE_MASK, HOUSE_NAMES, PEER_MASK, ROW_OF, Candidates, cells_of,
)
from .step import Step, cell_text, cells_text

__all__ = ["find_skyscraper", "find_two_string_kite", "find_turbot_fish", "find_empty_rectangle"]

_FAMILY = "single_digit"
_KINDS = {"skyscraper": "Skyscraper", "two_string_kite": "2-String Kite", "turbot_fish": "Turbot Fish"}


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
    a Turbot Fish as its X-chain from its start (``8 r6c7 =8= r7c7 -8- r7c4 =8= r9c6``)."""
    if kind != "turbot_fish":
        return f"{d} in {cells_text([f1, f2])} (connected by {cells_text([e1, e2])})"
    return f"{d} {cell_text(f1)} ={d}= {cell_text(e1)} -{d}- {cell_text(e2)} ={d}= {cell_text(f2)}"


def find_skyscraper(state: Candidates) -> Iterator[Step]:
    """Two parallel strong links whose near ends share a cross line, in HoDoKu's order
    (its ``SingleDigitPatternSolver`` takes the first it meets): row links for every digit
    before column links; per digit, link pairs in house order. As HoDoKu, the near ends are
    the links' first cells (both) or last cells (both); a pair joined first-to-last is left
    to the Turbot Fish search, and the eliminations are every place seeing both far ends."""
    where = state.where
    for lines in (True, False):
        for d in range(1, 10):
            links = [(h, a, b) for h, a, b in state.strong_links(d) if (h < 9 if lines else 9 <= h < 18)]
            cross = COL_OF if lines else ROW_OF
            for i, (h1, a1, b1) in enumerate(links):
                for h2, a2, b2 in links[i + 1:]:
                    if cross[a1] == cross[a2]:
                        e1, f1, e2, f2 = a1, b1, a2, b2
                    elif cross[b1] == cross[b2]:
                        e1, f1, e2, f2 = b1, a1, b2, a2
                    else:
                        continue
                    if cross[f1] == cross[f2]:
                        continue  # an X-Wing
                    targets = where[d] & PEER_MASK[f1] & PEER_MASK[f2]
                    if targets:
                        yield _link_step("skyscraper", d, (h1, e1, f1), (h2, e2, f2), cells_of(targets))


def find_two_string_kite(state: Candidates) -> Iterator[Step]:
    """A row strong link and a column strong link whose near ends share a box, in HoDoKu's
    order: digit, row link, column link; near ends tried first-first, first-last,
    last-first, last-last; the one elimination is where the far ends' lines cross."""
    where = state.where
    for d in range(1, 10):
        links = state.strong_links(d)
        rows = [link for link in links if link[0] < 9]
        cols = [link for link in links if 9 <= link[0] < 18]
        for h1, a1, b1 in rows:
            for h2, a2, b2 in cols:
                for e1, f1, e2, f2 in ((a1, b1, a2, b2), (a1, b1, b2, a2), (b1, a1, a2, b2), (b1, a1, b2, a2)):
                    if BOX_OF[e1] == BOX_OF[e2]:
                        break
                else:
                    continue
                if len({a1, b1, a2, b2}) < 4:
                    continue
                target = ROW_OF[f2] * 9 + COL_OF[f1]
                if where[d] >> target & 1:
                    yield _link_step("two_string_kite", d, (h1, e1, f1), (h2, e2, f2), [target])


def find_turbot_fish(state: Candidates) -> Iterator[Step]:
    """Every three-link X-Chain (strong, weak, strong) on one digit, as HoDoKu's
    ``ChainSolver`` finds Turbot Fish: from every cell and digit in order, links in
    HoDoKu's link order (row, column, then box cells not already in the cell's row or
    column); every such chain is kept, then stably sorted by more eliminations first and
    the smaller weighted index sum (HoDoKu's step order). The chains HoDoKu's Skyscraper
    and 2-String Kite searches find are left to them."""
    where = state.where
    found: list[tuple[int, int, int, int, int, int, int]] = []  # (-n, sum, d, s, a, b, c)
    for d in range(1, 10):
        links = _turbot_links(where[d])
        for s in cells_of(where[d]):
            for a, strong in links[s]:
                if not strong:
                    continue
                for b, _ in links[a]:
                    if b == s:
                        continue
                    for c, strong2 in links[b]:
                        if not strong2 or c == a or _named_elsewhere(where[d], s, a, b, c):
                            continue
                        targets = cells_of(where[d] & PEER_MASK[s] & PEER_MASK[c])
                        if targets:
                            total = sum(cell * (1 + 80 * k) + d for k, cell in enumerate(targets))
                            found.append((-len(targets), total, s, d, a, b, c))
    found.sort(key=lambda f: (f[0], f[1], f[2], f[3]))  # stable: HoDoKu's search order breaks ties
    for _n, _sum, s, d, a, b, c in found:
        targets = cells_of(where[d] & PEER_MASK[s] & PEER_MASK[c])
        yield _link_step("turbot_fish", d, (_link_house(where[d], s, a), a, s), (_link_house(where[d], b, c), b, c), targets)


def _named_elsewhere(places: int, s: int, a: int, b: int, c: int) -> bool:
    """Is the chain s=a-b=c what HoDoKu's Skyscraper or 2-String Kite search finds (near
    ends a, b)? Those searches run first; such a chain with eliminations is never left to
    the Turbot Fish search, so leaving it out changes no HoDoKu step and keeps the names
    apart on other paths."""
    h1, h2 = _link_house(places, a, s), _link_house(places, b, c)
    if h1 >= 18 or h2 >= 18:
        return False
    if (h1 < 9) != (h2 < 9):  # a row and a column link: a Kite when the near ends share a box
        return BOX_OF[a] == BOX_OF[b] and len({s, a, b, c}) == 4
    cross = COL_OF if h1 < 9 else ROW_OF
    p0, p1 = min(s, a), max(s, a)
    q0, q1 = min(b, c), max(b, c)
    if cross[p0] == cross[q0]:
        return (a, b) == (p0, q0)
    return cross[p1] == cross[q1] and (a, b) == (p1, q1)


def _turbot_links(places: int) -> dict[int, list[tuple[int, bool]]]:
    """HoDoKu's X-Chain links of one digit: for every place, the other places of its row,
    column and box (box cells sharing its row or column only once, under the line), each
    strong when that house has exactly two places."""
    out: dict[int, list[tuple[int, bool]]] = {}
    for cell in cells_of(places):
        row, col, box = CELL_HOUSES[cell]
        links: list[tuple[int, bool]] = []
        for k, h in enumerate((row, col, box)):
            m = places & HOUSE_MASK[h]
            strong = m.bit_count() == 2
            for other in HOUSE_CELLS[h]:
                if other == cell or not m >> other & 1:
                    continue
                if k == 2 and (ROW_OF[other] == ROW_OF[cell] or COL_OF[other] == COL_OF[cell]):
                    continue
                links.append((other, strong))
        out[cell] = links
    return out


def _link_house(places: int, a: int, b: int) -> int:
    """The house where ``a`` and ``b`` are the digit's only two places (row, column, box)."""
    return next(h for h in CELL_HOUSES[a] if HOUSE_MASK[h] >> b & 1 and (places & HOUSE_MASK[h]).bit_count() == 2)


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
