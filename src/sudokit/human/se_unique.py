"""Sudoku Explainer's uniqueness rule, as serate 1.2.1.3 applies it: Unique Rectangles and
Unique Loops (6, 8, 10+ cells), types 1-4, rated 4.5 + 0.1 (6 cells) / 0.2 (8) / 0.5 (10+)
and, for type 3, + 0.1 per extra digit of the naked/hidden set.

SE's conditions differ from the general "missing candidates" rectangles of
:mod:`.uniqueness`: every cell of SE's loop holds *both* loop digits, at most two cells hold
more (or any number when all extras are the same single digit, type 2), and SE takes the
easiest of all loop hints (ties: the lower type, then search order). The path that rates
like SE uses this finder instead of the Unique Rectangle techniques.
"""

from __future__ import annotations

from collections.abc import Iterator

from .model import BIT, DIGITS_OF, HOUSE_CELLS, HOUSE_MASK, POPCOUNT, Candidates
from .se_chains import _HOUSE_CELLS_OF, _SE_HOUSES
from .se_rules import colex
from .step import Step, cells_text

#: The k-subsets of the nine cells of a house in SE's order, by k (made once).
_COLEX9: tuple[tuple[tuple[int, ...], ...], ...] = tuple(tuple(colex(k, 9)) for k in range(10))

__all__ = ["find_se_unique_loops"]

_Hint = tuple[float, int, int, tuple[int, ...], dict[int, int], tuple[object, ...]]


def find_se_unique_loops(state: Candidates) -> Iterator[Step]:
    """Every unique loop hint of ``state``, in SE's order (easiest first)."""
    cands = state.cands
    values = state.values
    hints: list[_Hint] = []
    seen: set[tuple[object, ...]] = set()
    done: set[tuple[object, ...]] = set()
    holding: dict[int, int] = {}  # both digits' mask -> the cells holding both (81-bit)
    for cell in range(81):
        if POPCOUNT[cands[cell]] != 2:
            continue
        v1, v2 = DIGITS_OF[cands[cell]]
        both = cands[cell]
        if both not in holding:
            holding[both] = state.where[v1] & state.where[v2]
        loops: list[list[int]] = []
        _search(cands, holding[both], cell, v1, v2, [], 0, 2, 0, -1, loops)
        for loop in loops:
            if not _valid(loop):
                continue
            extra = [c for c in loop if POPCOUNT[cands[c]] > 2]
            again = (frozenset(loop), tuple(extra), v1, v2)
            if again in done:
                continue  # the same loop from another cell or the other way round: the same hints, all seen
            done.add(again)
            for typ, removable, ident in _loop_hints(cands, values, loop, extra, v1, v2):
                key = (typ, frozenset(loop), len(loop)) + ident
                if key in seen or not removable:
                    continue
                seen.add(key)
                hints.append((_difficulty(len(loop), typ, ident), typ, len(hints), tuple(loop), removable, ident))
    hints.sort(key=lambda h: (h[0], h[1], h[2]))
    for difficulty, typ, _k, cells, removable, _ident in hints:
        yield _step(cells, typ, removable, difficulty, v_of(cands, cells))


def v_of(cands: list[int], loop: tuple[int, ...]) -> tuple[int, ...]:
    common = 0x1FF
    for c in loop:
        common &= cands[c]
    return DIGITS_OF[common]


def _difficulty(size: int, typ: int, ident: tuple[object, ...]) -> float:
    result = 4.5
    if size >= 10:
        result += 0.3
    if size >= 8:
        result += 0.2
    elif size >= 6:
        result += 0.1
    if typ == 3:
        n = ident[-1]
        assert isinstance(n, int)
        result += (n - 1) * 0.1
    return result


def _search(cands: list[int], holding: int, cell: int, v1: int, v2: int, loop: list[int], inside: int,
            allowed: int, ex: int, last: int, results: list[list[int]]) -> None:
    """SE's ``checkForLoops``: depth first through the houses (block, row, column), never
    twice through the same kind of house in a row. ``holding``: the cells holding both
    digits (the only ones a loop can go through), ``inside``: the loop's cells, both as
    81-bit masks (each house's cells are taken in ascending order, as SE does)."""
    loop.append(cell)
    inside |= 1 << cell
    both = BIT[v1] | BIT[v2]
    start = loop[0]
    for kind, h in enumerate(_SE_HOUSES[cell]):
        if kind == last:
            continue
        nexts = HOUSE_MASK[h] & holding
        while nexts:
            low = nexts & -nexts
            nexts ^= low
            nxt = low.bit_length() - 1
            if nxt == start and len(loop) >= 4:
                results.append(loop[:])
            elif not inside & low:
                m = cands[nxt]
                ex |= m & ~both  # (sic) accumulates over the siblings, as in SE
                card = POPCOUNT[m]
                if card == 2 or POPCOUNT[ex] == 1 or allowed > 0:
                    _search(cands, holding, nxt, v1, v2, loop, inside, allowed - 1 if card > 2 else allowed, ex, kind,
                            results)
    loop.pop()


def _valid(loop: list[int]) -> bool:
    """Every house met is met once at an odd and once at an even position."""
    odd: set[int] = set()
    even: set[int] = set()
    for k, c in enumerate(loop):
        side = odd if k % 2 else even
        for h in _SE_HOUSES[c]:
            if h in side:
                return False
            side.add(h)
    return odd == even


def _loop_hints(cands: list[int], values: list[int], loop: list[int], extra: list[int], v1: int, v2: int
                ) -> Iterator[tuple[int, dict[int, int], tuple[object, ...]]]:
    both = BIT[v1] | BIT[v2]
    if len(extra) == 1:
        yield 1, {extra[0]: both}, ()
    elif len(extra) > 2:
        yield 2, _type2(cands, extra, v1, v2), ()
    elif len(extra) == 2:
        c1, c2 = extra
        rest = (cands[c1] | cands[c2]) & ~both
        if POPCOUNT[rest] == 1:
            yield 2, _type2(cands, extra, v1, v2), ()
        elif POPCOUNT[rest] >= 2:
            yield from _type3(cands, values, c1, c2, v1, v2)
        four = _type4(cands, c1, c2, v1, v2)
        if four is not None:
            yield 4, four, ()


def _type2(cands: list[int], extra: list[int], v1: int, v2: int) -> dict[int, int]:
    value = DIGITS_OF[cands[extra[0]] & ~(BIT[v1] | BIT[v2])][0]
    common = list(_HOUSE_CELLS_OF[extra[0]])
    for c in extra[1:]:
        peers = set(_HOUSE_CELLS_OF[c])
        common = [x for x in common if x in peers]
    return {c: BIT[value] for c in common if c not in extra and cands[c] & BIT[value]}


def _type3(cands: list[int], values: list[int], c1: int, c2: int, v1: int, v2: int
           ) -> Iterator[tuple[int, dict[int, int], tuple[object, ...]]]:
    both = BIT[v1] | BIT[v2]
    extra = (cands[c1] | cands[c2]) & ~both
    for degree in range(POPCOUNT[extra], 8):
        for h1, h2 in zip(_SE_HOUSES[c1], _SE_HOUSES[c2]):
            if h1 != h2:
                continue
            cells = HOUSE_CELLS[h1]
            empty = sum(1 for c in cells if not values[c])
            i1, i2 = cells.index(c1), cells.index(c2)
            if degree * 2 <= empty:
                for idx in _COLEX9[degree]:
                    if i1 not in idx or i2 in idx:
                        continue
                    naked = extra & cands[c1] & cands[c2]
                    masks = []
                    others = []
                    for k in idx:
                        if k == i1:
                            masks.append(extra)
                        else:
                            masks.append(cands[cells[k]])
                            naked |= cands[cells[k]]
                            others.append(cells[k])
                    if POPCOUNT[naked] != degree:
                        continue
                    union = 0
                    for m in masks:
                        if POPCOUNT[m] <= 1:
                            union = -1
                            break
                        union |= m
                    if union < 0 or POPCOUNT[union] != degree:
                        continue
                    removable = {c: cands[c] & union for c in cells
                                 if c not in others and c != c1 and c != c2 and cands[c] & union}
                    yield 3, removable, ("naked", h1, union, tuple(others), degree)
            if degree * 2 < empty:
                rem = [v for v in range(1, 10) if v not in (v1, v2) and not extra & BIT[v]]
                if degree - 2 <= len(rem):
                    for pick in colex(degree - 2, len(rem)):
                        digits = [rem[k] for k in pick] + [v1, v2]
                        union = 0
                        ok = True
                        for v in digits:
                            pos = 0
                            for k, c in enumerate(cells):
                                if k != i2 and cands[c] & BIT[v]:
                                    pos |= 1 << k
                            if not pos:
                                ok = False
                            union |= pos
                        if not ok or POPCOUNT[union] != degree:
                            continue
                        hidden = 0
                        for v in digits:
                            hidden |= BIT[v]
                        idx_left = [k for k in range(9) if union >> k & 1 and k != i1 and k != i2]
                        removable = {}
                        for k in idx_left:
                            c = cells[k]
                            gone = cands[c] & ~hidden
                            if gone:
                                removable[c] = gone
                        yield 3, removable, ("hidden", h1, hidden, tuple(idx_left), len(idx_left))


def _type4(cands: list[int], c1: int, c2: int, v1: int, v2: int) -> dict[int, int] | None:
    r1 = r2 = -1
    for h1, h2 in zip(_SE_HOUSES[c1], _SE_HOUSES[c2]):
        if h1 != h2:
            continue
        others = [c for c in HOUSE_CELLS[h1] if c != c1 and c != c2]
        if not any(cands[c] & BIT[v1] for c in others):
            r1 = h1
        if not any(cands[c] & BIT[v2] for c in others):
            r2 = h1
    if r1 >= 0:
        return {c1: BIT[v2], c2: BIT[v2]}
    if r2 >= 0:
        return {c1: BIT[v1], c2: BIT[v1]}
    return None


def _step(loop: tuple[int, ...], typ: int, removable: dict[int, int], difficulty: float, digits: tuple[int, ...]) -> Step:
    kind = "Rectangle" if len(loop) == 4 else "Loop"
    technique = f"unique_rectangle_{typ}" if len(loop) == 4 else "unique_loop"
    name = f"Unique {kind} type {typ}" if len(loop) == 4 else f"Unique Loop {len(loop)} type {typ}"
    elims = tuple((c, v) for c, m in sorted(removable.items()) for v in DIGITS_OF[m])
    return Step(technique, name, "uniqueness", eliminations=elims, cells=tuple((c, "base") for c in loop),
                digits=digits, why=f"The cells {cells_text(loop)} must not be able to swap their digits "
                f"{'/'.join(map(str, digits))}: that would give a second solution.",
                notation=f"{'/'.join(map(str, digits))} in {cells_text(loop)}", rating=round(difficulty, 10))


# ------------------------------------------------------------------- BUG
_SE_REGION_ORDER = tuple(range(18, 27)) + tuple(range(9)) + tuple(range(9, 18))  # blocks, rows, columns


def find_se_bug(state: Candidates) -> Iterator[Step]:
    """SE's Bivalue Universal Grave, types 1-4, in SE's order (the first one is taken).

    Type 1 rates 5.6, types 2 and 4 5.7, type 3 5.7 + 0.1 per naked-set digit beyond two.
    As in SE, type 1 is an elimination step (the bug cell keeps only its extra digit;
    the placement follows as a naked single).
    """
    cands = state.cands
    bug_cells: list[int] = []
    bug_values: dict[int, int] = {}
    all_values = 0
    common: list[int] | None = None
    temp = list(cands)
    for h in _SE_REGION_ORDER:
        cells = HOUSE_CELLS[h]
        for v in range(1, 10):
            bit = BIT[v]
            pos = [c for c in cells if cands[c] & bit]
            if len(pos) in (0, 2):
                continue
            new = [c for c in pos if POPCOUNT[cands[c]] >= 3]
            if len(new) == 1:
                cell = new[0]
                if cell not in bug_cells:
                    bug_cells.append(cell)
                bug_values[cell] = bug_values.get(cell, 0) | bit
                all_values |= bit
                temp[cell] &= ~bit
                peers = _HOUSE_CELLS_OF[cell]
                common = list(peers) if common is None else [c for c in common if c in peers]
                common = [c for c in common if c not in bug_cells]
                if len(bug_cells) > 1 and POPCOUNT[all_values] > 1 and not common:
                    return
            if not new:
                return
    if any(not state.values[c] and POPCOUNT[temp[c]] != 2 for c in range(81)):
        return
    for h in range(27):
        for v in range(1, 10):
            if sum(1 for c in HOUSE_CELLS[h] if temp[c] & BIT[v]) not in (0, 2):
                return
    if not bug_cells:
        return
    if len(bug_cells) == 1:
        cell = bug_cells[0]
        yield _bug_step(1, bug_cells, {cell: cands[cell] & ~all_values}, 5.6)
    elif POPCOUNT[all_values] == 1:
        if common:
            removable = {c: all_values for c in common if cands[c] & all_values}
            if removable:
                yield _bug_step(2, bug_cells, removable, 5.7)
        if len(bug_cells) == 2:
            yield from _bug4(cands, bug_cells, bug_values, all_values)
    elif common:
        if len(bug_cells) == 2:
            yield from _bug4(cands, bug_cells, bug_values, all_values)
        yield from _bug3(cands, bug_cells, all_values, common)


def _shared(cells: list[int]) -> Iterator[int]:
    for kind in range(3):
        houses = {_SE_HOUSES[c][kind] for c in cells}
        if len(houses) == 1:
            yield houses.pop()


def _bug4(cands: list[int], bug_cells: list[int], bug_values: dict[int, int], all_values: int) -> Iterator[Step]:
    c1, c2 = bug_cells
    common = cands[c1] & cands[c2] & ~all_values
    if POPCOUNT[common] != 1:
        return
    for _h in _shared(bug_cells):
        removable = {c1: cands[c1] & ~bug_values[c1] & ~common, c2: cands[c2] & ~bug_values[c2] & ~common}
        yield _bug_step(4, bug_cells, removable, 5.7)


def _bug3(cands: list[int], bug_cells: list[int], all_values: int, common: list[int]) -> Iterator[Step]:
    for h in _shared(bug_cells):
        region_cells = [c for c in common if c in HOUSE_CELLS[h]]
        for degree in range(2, 7):
            if len(region_cells) < degree:
                continue
            for idx in colex(degree - 1, len(region_cells)):
                naked = [region_cells[k] for k in idx]
                union = 0
                for c in naked:
                    union |= cands[c]
                if POPCOUNT[union] != degree:
                    continue
                masks = [cands[c] for c in naked] + [all_values]
                if any(POPCOUNT[m] <= 1 for m in masks):
                    continue
                naked_set = union | all_values
                if POPCOUNT[naked_set] != degree:
                    continue
                erasable = [c for c in region_cells if c not in naked and c not in bug_cells]
                removable = {c: cands[c] & naked_set for c in erasable if cands[c] & naked_set}
                if removable:
                    yield _bug_step(3, bug_cells, removable, 5.7 + (POPCOUNT[naked_set] - 1) * 0.1)


def _bug_step(typ: int, bug_cells: list[int], removable: dict[int, int], rating: float) -> Step:
    elims = tuple((c, v) for c, m in sorted(removable.items()) for v in DIGITS_OF[m])
    return Step("se_bug", f"BUG type {typ}", "uniqueness", eliminations=elims,
                cells=tuple((c, "base") for c in bug_cells),
                why=f"Without the extra candidates of {cells_text(bug_cells)} every cell and house would "
                "hold two candidates twice: a deadly pattern with two solutions.",
                notation=cells_text(bug_cells), rating=round(rating, 10))
