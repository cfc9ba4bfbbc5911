"""Uniqueness: Unique Rectangle types 1-4 and BUG+1 (valid only for puzzles with one solution).

A *deadly pattern*: four unsolved cells on two rows, two columns and two boxes that could
all take digits {a,b} would let a and b swap, giving a second solution. In a puzzle with
one solution at least one corner holds something else:

* Type 1: three corners hold only a/b, so the fourth is neither a nor b.
* Type 2: the two *floor* corners hold only a/b and both *roof* corners a/b plus the same
  extra digit c: one roof is c, so c leaves every cell seeing both roofs.
* Type 3: the roofs' extra digits act as one virtual cell that forms a naked subset with
  other cells of a house shared by both roofs.
* Type 4: one UR digit a is confined to the two roofs in a house they share: one roof is a,
  so neither roof can be b.

Corners may miss one of a/b ("missing candidates"): the argument only needs that the four
cells cannot all take a/b values, which holds whenever the remaining candidates do.

BUG+1 (bivalue universal grave): every unsolved cell has two candidates except one with
three, and every digit appears twice in each house except one digit three times in the
houses of that cell. If that digit were not true the grid would be a deadly BUG, so it is:
the cell's other candidates go.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from .model import (
    BIT, CELL_BIT, CELL_HOUSES, DIGITS_OF, HOUSE_CELLS, HOUSE_MASK, HOUSE_NAMES, PEER_MASK, POPCOUNT,
    Candidates, cells_of,
)
from .step import Step, cell_text, cells_text

__all__ = [
    "find_unique_rectangle_1", "find_unique_rectangle_2", "find_unique_rectangle_3",
    "find_unique_rectangle_4", "find_bug_plus_1", "find_hidden_rectangle", "RECTANGLES",
]

_FAMILY = "uniqueness"


def _rectangles() -> tuple[tuple[int, int, int, int], ...]:
    """All (r1c1, r1c2, r2c1, r2c2) corner quadruples that span exactly two boxes."""
    out = []
    for r1, r2 in combinations(range(9), 2):
        for c1, c2 in combinations(range(9), 2):
            if (r1 // 3 == r2 // 3) != (c1 // 3 == c2 // 3):
                out.append((r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2))
    return tuple(out)


#: The 486 rectangles that could hold a deadly pattern.
RECTANGLES = _rectangles()
#: The four sides of a rectangle as (floor, floor, roof, roof) corner indices.
_SIDES = ((0, 1, 2, 3), (2, 3, 0, 1), (0, 2, 1, 3), (1, 3, 0, 2))


#: 81-bit masks of the rectangles' corners.
_RECT_MASKS = tuple(CELL_BIT[a] | CELL_BIT[b] | CELL_BIT[c] | CELL_BIT[d] for a, b, c, d in RECTANGLES)


def _live_rectangles(state: Candidates, min_small: int = 2) -> Iterator[tuple[int, int, int, int]]:
    """Rectangles of four unsolved cells, at least ``min_small`` of them holding <= 2 candidates
    (every UR type needs two a/b-only floor corners; type 1 needs three)."""
    cands = state.cands
    small = 0
    for c in range(81):
        if 0 < POPCOUNT[cands[c]] <= 2:
            small |= CELL_BIT[c]
    if small.bit_count() < min_small:
        return
    values = state.values
    for rect, mask in zip(RECTANGLES, _RECT_MASKS):
        if (small & mask).bit_count() >= min_small and not (
            values[rect[0]] or values[rect[1]] or values[rect[2]] or values[rect[3]]
        ):
            yield rect


def _shared_houses(a: int, b: int) -> list[int]:
    return [h for h in CELL_HOUSES[a] if h in CELL_HOUSES[b]]


def _ur_step(kind: int, rect: tuple[int, ...], ab: int, elims: list[tuple[int, int]], why: str,
             roofs: tuple[int, ...] = (), extra: tuple[int, ...] = (), houses: tuple[str, ...] = ()) -> Step:
    a, b = DIGITS_OF[ab]
    if not houses:  # the rectangle's two rows and two columns
        houses = tuple(HOUSE_NAMES[h] for h in (CELL_HOUSES[rect[0]][0], CELL_HOUSES[rect[3]][0],
                                                CELL_HOUSES[rect[0]][1], CELL_HOUSES[rect[3]][1]))
    roles = tuple((c, "roof" if c in roofs else "floor") for c in rect) + tuple((c, "subset") for c in extra)
    return Step(
        f"unique_rectangle_{kind}", f"Uniqueness Test {kind}", _FAMILY,
        eliminations=tuple(sorted(set(elims))),
        cells=roles,
        houses=houses,
        digits=(a, b),
        why=why,
        notation=f"{a}/{b} in {cells_text(rect)}",
    )


def find_unique_rectangle_1(state: Candidates) -> Iterator[Step]:
    """Three corners hold only a/b: the fourth loses a and b."""
    cands = state.cands
    for rect in _live_rectangles(state, 3):
        for k in range(4):
            others = [rect[j] for j in range(4) if j != k]
            ab = cands[others[0]] | cands[others[1]] | cands[others[2]]
            corner = rect[k]
            if POPCOUNT[ab] != 2 or not cands[corner] & ab or not cands[corner] & ~ab:
                continue
            a, b = DIGITS_OF[ab]
            yield _ur_step(
                1, rect, ab, [(corner, d) for d in DIGITS_OF[cands[corner] & ab]],
                f"{cells_text(others)} hold only {a}/{b}; if {cell_text(corner)} were {a} or {b} the four cells "
                f"could swap {a} and {b}, a second solution, so it is neither.",
                roofs=(corner,),
            )


def _floors_and_roofs(state: Candidates) -> Iterator[tuple[tuple[int, ...], int, int, int, int]]:
    """(rect, ab mask, roof1, roof2, extra mask) for every rectangle side whose floor holds only a/b
    and whose roofs both hold a UR digit plus something else."""
    cands = state.cands
    for rect in _live_rectangles(state):
        for f1, f2, g1, g2 in _SIDES:
            ab = cands[rect[f1]] | cands[rect[f2]]
            if POPCOUNT[ab] != 2:
                continue
            r1, r2 = rect[g1], rect[g2]
            m1, m2 = cands[r1], cands[r2]
            if not (m1 & ab and m2 & ab and m1 & ~ab and m2 & ~ab):
                continue
            yield rect, ab, r1, r2, (m1 | m2) & ~ab


def find_unique_rectangle_2(state: Candidates) -> Iterator[Step]:
    """Both roofs hold a/b plus the same extra c: c leaves the cells seeing both roofs."""
    cands, where = state.cands, state.where
    for rect, ab, r1, r2, extra in _floors_and_roofs(state):
        if POPCOUNT[extra] != 1 or (cands[r1] & ~ab) != extra or (cands[r2] & ~ab) != extra:
            continue
        c = DIGITS_OF[extra][0]
        targets = cells_of(where[c] & PEER_MASK[r1] & PEER_MASK[r2])
        if targets:
            a, b = DIGITS_OF[ab]
            yield _ur_step(
                2, rect, ab, [(t, c) for t in targets],
                f"{cell_text(r1)} and {cell_text(r2)} cannot both be {a}/{b} (a deadly pattern), so one is {c}; "
                f"no cell seeing both can be {c}.",
                roofs=(r1, r2),
            )


def find_unique_rectangle_3(state: Candidates) -> Iterator[Step]:
    """The roofs' extra digits form a naked subset with other cells of a shared house."""
    cands = state.cands
    for rect, ab, r1, r2, extra in _floors_and_roofs(state):
        if POPCOUNT[extra] < 2 and (cands[r1] & ~ab) == (cands[r2] & ~ab):
            continue  # a single shared extra digit is Type 2
        seen: set[tuple[int, ...]] = set()
        for h in _shared_houses(r1, r2):
            others = [c for c in HOUSE_CELLS[h] if c not in (r1, r2) and cands[c]]
            for k in range(1, len(others)):
                for subset in combinations(others, k):
                    union = extra
                    for c in subset:
                        union |= cands[c]
                    if POPCOUNT[union] != k + 1 or subset in seen:
                        continue
                    seen.add(subset)
                    step = _ur3_step(state, rect, ab, r1, r2, extra, subset, union)
                    if step is not None:
                        yield step


def _ur3_step(state: Candidates, rect: tuple[int, ...], ab: int, r1: int, r2: int, extra: int,
              subset: tuple[int, ...], union: int) -> Step | None:
    """The Type 3 step for a virtual naked subset, clearing every house it lies in."""
    cands = state.cands
    houses = [h for h in _shared_houses(r1, r2) if all(HOUSE_MASK[h] >> c & 1 for c in subset)]
    inside = set(subset) | {r1, r2}
    elims = [
        (c, d) for h in houses for c in HOUSE_CELLS[h] if c not in inside for d in DIGITS_OF[cands[c] & union]
    ]
    if not elims:
        return None
    return _ur_step(
        3, rect, ab, elims,
        f"{cell_text(r1)} or {cell_text(r2)} holds one of {','.join(map(str, DIGITS_OF[extra]))} "
        f"(else a deadly pattern); with {cells_text(subset)} they lock "
        f"{','.join(map(str, DIGITS_OF[union]))} in {' and '.join(HOUSE_NAMES[h] for h in houses)}.",
        roofs=(r1, r2), extra=subset, houses=tuple(HOUSE_NAMES[h] for h in houses),
    )


def find_unique_rectangle_4(state: Candidates) -> Iterator[Step]:
    """A UR digit confined to the roofs in a shared house: the other UR digit leaves both roofs."""
    cands, where = state.cands, state.where
    for rect, ab, r1, r2, _extra in _floors_and_roofs(state):
        for h in _shared_houses(r1, r2):
            for strong in DIGITS_OF[ab]:
                if where[strong] & HOUSE_MASK[h] != CELL_BIT[r1] | CELL_BIT[r2]:
                    continue
                other = DIGITS_OF[ab & ~BIT[strong]][0]
                elims = [(r, other) for r in (r1, r2) if cands[r] & BIT[other]]
                if elims:
                    yield _ur_step(
                        4, rect, ab, elims,
                        f"In {HOUSE_NAMES[h]}, {strong} must be in {cell_text(r1)} or {cell_text(r2)}; if the other "
                        f"were {other} the rectangle would be deadly, so neither is {other}.",
                        roofs=(r1, r2), houses=(HOUSE_NAMES[h],),
                    )


def find_bug_plus_1(state: Candidates) -> Iterator[Step]:
    """All cells bivalue but one trivalue cell: its digit seen three times in its houses is true."""
    cands, where = state.cands, state.where
    plus = -1
    for cell in range(81):
        n = POPCOUNT[cands[cell]]
        if n > 2:
            if n > 3 or plus >= 0:
                return
            plus = cell
        elif n == 1:
            return  # a naked single is pending: not a BUG state
    if plus < 0:
        return
    true_digit = 0
    for d in DIGITS_OF[cands[plus]]:
        counts = [(where[d] & HOUSE_MASK[h]).bit_count() for h in CELL_HOUSES[plus]]
        if counts == [3, 3, 3]:
            true_digit = d
    if not true_digit:
        return
    plus_houses = CELL_HOUSES[plus]
    for h in range(27):
        for d in range(1, 10):
            n = (where[d] & HOUSE_MASK[h]).bit_count()
            if d == true_digit and h in plus_houses:
                if n != 3:
                    return
            elif n not in (0, 2):
                return
    others = [d for d in DIGITS_OF[cands[plus]] if d != true_digit]
    yield Step(
        "bug_plus_1", "Bivalue Universal Grave + 1", _FAMILY,
        eliminations=tuple((plus, d) for d in others),
        cells=((plus, "base"),),
        houses=tuple(HOUSE_NAMES[h] for h in CELL_HOUSES[plus]),
        digits=(true_digit,),
        why=(f"Every other unsolved cell has two candidates; unless {cell_text(plus)} is {true_digit} "
             f"the grid would have two solutions, so {cell_text(plus)} is {true_digit}."),
    )


#: The rectangles through each cell, in :data:`RECTANGLES` order.
_RECTS_OF: tuple[tuple[tuple[int, int, int, int], ...], ...] = tuple(
    tuple(r for r in RECTANGLES if c in r) for c in range(81)
)


def find_hidden_rectangle(state: Candidates) -> Iterator[Step]:
    """Hidden Rectangle (HoDoKu): a rectangle of cells holding a and b whose only bivalue
    corners are A (and possibly the opposite corner D). If a's only places in D's row and
    in D's column are rectangle corners, D cannot be b (D = b would force a into both
    neighbours of A, A = b, and a deadly pattern). Searched as HoDoKu does: bivalue start
    cells in order, each rectangle once."""
    cands, where, values = state.cands, state.where, state.values
    done: set[tuple[int, int, int, int]] = set()
    for start in range(81):
        m = cands[start]
        if POPCOUNT[m] != 2:
            continue
        for rect in _RECTS_OF[start]:
            # HoDoKu's default allows a corner with extra candidates to miss one of a/b
            if rect in done or any(values[c] or not cands[c] & m for c in rect):
                continue
            done.add(rect)
            opposite = rect[3 - rect.index(start)]
            bivalue = [c for c in rect if cands[c] == m]
            if not (len(bivalue) == 1 or (len(bivalue) == 2 and opposite in bivalue)):
                continue
            corners = _RECT_MASKS[RECTANGLES.index(rect)]
            row, col = CELL_HOUSES[opposite][0], CELL_HOUSES[opposite][1]
            a, b = DIGITS_OF[m]
            for x, y in ((a, b), (b, a)):
                if where[x] & (HOUSE_MASK[row] | HOUSE_MASK[col]) & ~corners or not cands[opposite] & BIT[x]:
                    continue
                if cands[opposite] & BIT[y]:
                    yield Step(
                        "hidden_rectangle", "Hidden Rectangle", _FAMILY,
                        eliminations=((opposite, y),),
                        cells=tuple((c, "floor" if c == start else "roof") for c in rect),
                        houses=(HOUSE_NAMES[row], HOUSE_NAMES[col]),
                        digits=(a, b),
                        why=(f"{cell_text(start)} holds only {a}/{b}, and in {HOUSE_NAMES[row]} and {HOUSE_NAMES[col]} "
                             f"{x} can only go in the rectangle; if {cell_text(opposite)} were {y}, {x} would fill both "
                             f"other corners and {cell_text(start)} would be {y}: a deadly pattern."),
                        notation=f"{a}/{b} in {cells_text(rect)}",
                    )
