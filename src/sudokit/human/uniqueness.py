"""Uniqueness: Unique Rectangle types 1-6, Hidden and Avoidable Rectangles, BUG+1 (valid only
for puzzles with one solution; HoDoKu 2.2's rules and search order).

A *deadly pattern*: four unsolved cells on two rows, two columns and two boxes that could
all take digits {a,b} would let a and b swap, giving a second solution. In a puzzle with
one solution at least one corner holds something else. *Floors* hold only a/b, *roofs* more:

* Type 1: three corners hold only a/b, so the fourth is neither a nor b.
* Type 2: two roofs side by side hold a/b plus the same extra digit c: one roof is c, so
  c leaves every cell seeing both roofs. Type 5: the same with diagonal roofs or three roofs.
* Type 3: the roofs' extra digits act as one virtual cell that forms a naked subset with
  other cells of a house shared by both roofs.
* Type 4: one UR digit a is missing from every other cell that sees both roofs: one roof
  is a, so neither roof can be b.
* Type 6: diagonal roofs, and in the rectangle's two rows and two columns a UR digit x only
  in the corners: x fills two diagonal corners, not the roofs (they would force a deadly
  pattern), so x leaves the roofs.
* Hidden Rectangle: see :func:`find_hidden_rectangle`.
* Avoidable Rectangle types 1/2: the same swap argument with corners solved by the player
  (not givens), see :func:`find_avoidable_rectangle_1`.

Which rectangles: HoDoKu's (``UniquenessSolver``, default "allow missing candidates"). A
start corner holds exactly a/b; another corner may have lost a or b to an elimination but
not to a placed a/b it sees (then it cannot take part in a deadly pattern at all, and
neither SE nor HoDoKu calls it a rectangle). The swap argument holds for any solution, so a
corner that lost a digit to an elimination keeps the deduction sound.

BUG+1 (bivalue universal grave): every unsolved cell has two candidates except one with
three, and every digit appears twice in each house except one digit three times in the
houses of that cell. If that digit were not true the grid would be a deadly BUG, so it is:
the cell's other candidates go.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from .model import (
    BIT, BOX_OF, CELL_BIT, CELL_HOUSES, COL_OF, DIGITS_OF, HOUSE_CELLS, HOUSE_MASK, HOUSE_NAMES, PEER_MASK, POPCOUNT, ROW_OF,
    Candidates, cells_of,
)
from .step import Step, cell_text, cells_text

__all__ = [
    "find_unique_rectangle_1", "find_unique_rectangle_2", "find_unique_rectangle_3",
    "find_unique_rectangle_4", "find_unique_rectangle_5", "find_unique_rectangle_6", "find_bug_plus_1",
    "find_hidden_rectangle", "find_avoidable_rectangle_1", "find_avoidable_rectangle_2", "RECTANGLES",
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


def _partners() -> tuple[tuple[tuple[int, tuple[tuple[int, int], ...], int, int], ...], ...]:
    """For each start corner, in HoDoKu's order: each box partner in its row or column with
    the pairs of cells across (outside the box) that close a rectangle, and the masks of
    those pairs' first and second cells (the searches' quick tests)."""
    out = []
    for i11 in range(81):
        r11, c11, box = ROW_OF[i11], COL_OF[i11], BOX_OF[i11]
        row = []
        for i12 in HOUSE_CELLS[18 + box]:
            if i12 == i11 or (ROW_OF[i12] != r11 and COL_OF[i12] != c11):
                continue
            lines = ROW_OF[i12] == r11
            unit11 = HOUSE_CELLS[9 + c11] if lines else HOUSE_CELLS[r11]
            unit12 = HOUSE_CELLS[9 + COL_OF[i12]] if lines else HOUSE_CELLS[ROW_OF[i12]]
            pairs = tuple((i21, i22) for i21, i22 in zip(unit11, unit12) if BOX_OF[i21] != box)
            row.append((i12, pairs, sum(CELL_BIT[p] for p, _ in pairs), sum(CELL_BIT[q] for _, q in pairs)))
        out.append(tuple(row))
    return tuple(out)


#: :func:`_partners`, indexed by the start corner.
_PARTNERS = _partners()


def _shared_houses(a: int, b: int) -> list[int]:
    return [h for h in CELL_HOUSES[a] if h in CELL_HOUSES[b]]


def _ur_step(kind: int, rect: tuple[int, ...], ab: int, elims: list[tuple[int, int]], why: str,
             roofs: tuple[int, ...] = (), extra: tuple[int, ...] = (), houses: tuple[str, ...] = ()) -> Step:
    a, b = DIGITS_OF[ab]
    if not houses:  # the rectangle's two rows and two columns
        first, last = min(rect), max(rect)
        houses = tuple(HOUSE_NAMES[h] for h in (CELL_HOUSES[first][0], CELL_HOUSES[last][0],
                                                CELL_HOUSES[first][1], CELL_HOUSES[last][1]))
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
    return _ur_steps(state, 1)


def find_unique_rectangle_2(state: Candidates) -> Iterator[Step]:
    """Both roofs (side by side) hold a/b plus the same extra c: c leaves the cells seeing both."""
    return _ur_steps(state, 2)


def find_unique_rectangle_5(state: Candidates) -> Iterator[Step]:
    """Type 2 with the extra digit c in diagonal roofs or in three corners: c leaves the cells
    seeing every corner that holds it."""
    return _ur_steps(state, 5)


def find_unique_rectangle_3(state: Candidates) -> Iterator[Step]:
    """The roofs' extra digits form a naked subset with other cells of a shared house."""
    return _ur_steps(state, 3)


def find_unique_rectangle_4(state: Candidates) -> Iterator[Step]:
    """One UR digit missing from every cell that sees both roofs: the other leaves the roofs."""
    return _ur_steps(state, 4)


def find_unique_rectangle_6(state: Candidates) -> Iterator[Step]:
    """Diagonal roofs, and a UR digit only in the corners in the rectangle's rows and columns:
    it sits in the floors (an X-Wing), so it leaves the roofs."""
    return _ur_steps(state, 6)


def _allowed(state: Candidates) -> list[int]:
    """HoDoKu's "candidates allowed": per digit, the unsolved cells no placed copy sees."""
    empty = 0
    seen = [0] * 10  # per digit, the cells a placed copy sees
    for c, v in enumerate(state.values):
        if v:
            seen[v] |= PEER_MASK[c]
        else:
            empty |= CELL_BIT[c]
    return [empty & ~m for m in seen]


def _hodoku_rectangles(state: Candidates) -> Iterator[tuple[tuple[int, int, int, int], int]]:
    """(corners (start, its box partner, partner of start, partner of partner), a/b mask) for every
    rectangle HoDoKu 2.2 checks, in its order, each cell set once (HoDoKu's default allows
    missing candidates: the start corner holds exactly a/b, the others need a and b only
    *allowed*, i.e. not seen by a placed a or b; as in HoDoKu's source the third corner's b is
    not checked). A corner that lost a UR digit to a placed peer is no corner."""
    cands = state.cands
    starts = [c for c in range(81) if POPCOUNT[cands[c]] == 2]
    if not starts:
        return
    allowed = _allowed(state)
    done: set[int] = set()
    for i11 in starts:
        ab = cands[i11]
        a, b = DIGITS_OF[ab]
        allowed_a = allowed[a]
        both = allowed_a & allowed[b]
        for i12, pairs, _firsts, seconds in _PARTNERS[i11]:
            if not both >> i12 & 1 or not both & seconds:
                continue
            for i21, i22 in pairs:
                if not (allowed_a >> i21 & 1 and both >> i22 & 1):
                    continue
                key = CELL_BIT[i11] | CELL_BIT[i12] | CELL_BIT[i21] | CELL_BIT[i22]
                if key in done:
                    continue
                done.add(key)
                yield (i11, i12, i21, i22), ab


def _classified_rectangles(state: Candidates) -> list[tuple[tuple[int, int, int, int], int, list[int], list[int]]]:
    """:func:`_hodoku_rectangles` with each rectangle's corners holding only a/b and those
    holding more (both ascending), once per candidate grid (the seven searches share it)."""
    def build() -> list[tuple[tuple[int, int, int, int], int, list[int], list[int]]]:
        cands = state.cands
        out = []
        for rect, ab in _hodoku_rectangles(state):
            two: list[int] = []
            add: list[int] = []
            for c in sorted(rect):
                (add if cands[c] & ~ab else two).append(c)
            out.append((rect, ab, two, add))
        return out
    return state.cached("ho_rectangles", build)


def _ur_steps(state: Candidates, kind: int) -> Iterator[Step]:
    """The Uniqueness Test ``kind`` steps (1-6) or Hidden Rectangles (0), in HoDoKu's order."""
    for rect, ab, two, add in _classified_rectangles(state):
        if kind == 1 and len(two) == 3:
            yield from _ur1(state, rect, ab, add[0])
        elif kind in (2, 5) and len(two) in (1, 2):
            yield from _ur25(state, rect, ab, add, kind)
        elif kind == 3 and len(two) == 2:
            yield from _ur3(state, rect, ab, add)
        elif kind == 4 and len(two) == 2:
            yield from _ur4(state, rect, ab, add)
        elif kind == 6 and len(two) == 2:
            yield from _ur6(state, rect, ab, two, add)
        elif kind == 0 and (len(two) == 1 or (len(two) == 2 and ROW_OF[two[0]] != ROW_OF[two[1]]
                                               and COL_OF[two[0]] != COL_OF[two[1]])):
            for corner in two:
                yield from _hidden_rectangle(state, rect, ab, corner, add)


def _ur1(state: Candidates, rect: tuple[int, ...], ab: int, corner: int) -> Iterator[Step]:
    others = [c for c in rect if c != corner]
    hit = state.cands[corner] & ab
    if hit:
        a, b = DIGITS_OF[ab]
        yield _ur_step(
            1, rect, ab, [(corner, d) for d in DIGITS_OF[hit]],
            f"{cells_text(others)} hold only {a}/{b}; if {cell_text(corner)} were {a} or {b} the four cells "
            f"could swap {a} and {b}, a second solution, so it is neither.",
            roofs=(corner,),
        )


def _ur25(state: Candidates, rect: tuple[int, ...], ab: int, add: list[int], kind: int) -> Iterator[Step]:
    cands = state.cands
    extra = 0
    seen = (1 << 81) - 1
    for c in add:
        extra |= cands[c] & ~ab
        seen &= PEER_MASK[c]
    if POPCOUNT[extra] != 1:
        return
    c = DIGITS_OF[extra][0]
    targets = cells_of(state.where[c] & seen)
    side = len(add) == 2 and (ROW_OF[add[0]] == ROW_OF[add[1]] or COL_OF[add[0]] == COL_OF[add[1]])
    if targets and (kind == 2) == side:
        a, b = DIGITS_OF[ab]
        yield _ur_step(
            kind, rect, ab, [(t, c) for t in targets],
            (f"{cell_text(add[0])} and {cell_text(add[1])} cannot both be {a}/{b} (a deadly pattern), so one is {c}; "
             f"no cell seeing both can be {c}." if len(add) == 2 else
             f"{cells_text(add)} cannot all be {a}/{b} (a deadly pattern), so one of them is {c}; "
             f"no cell seeing all of them can be {c}."),
            roofs=tuple(add),
        )


def _ur3(state: Candidates, rect: tuple[int, ...], ab: int, add: list[int]) -> Iterator[Step]:
    """HoDoKu's Type 3: the roofs' extras with other cells (no a/b) of a house both roofs share
    (row, column, box) form a naked subset; its digits leave the house (and, for a row or
    column subset inside one box, the box too)."""
    cands, values = state.cands, state.values
    r1, r2 = add
    extra = (cands[r1] | cands[r2]) & ~ab
    for h in (ROW_OF[r1] if ROW_OF[r1] == ROW_OF[r2] else -1, 9 + COL_OF[r1] if COL_OF[r1] == COL_OF[r2] else -1,
              18 + BOX_OF[r1] if BOX_OF[r1] == BOX_OF[r2] else -1):
        if h < 0:
            continue
        pool = [c for c in HOUSE_CELLS[h] if cands[c] and not cands[c] & ab and c not in rect]
        yield from _ur3_subsets(state, rect, ab, add, h, pool, 0, extra, (r1, r2), values)


def _ur3_subsets(state: Candidates, rect: tuple[int, ...], ab: int, add: list[int], h: int, pool: list[int],
                 start: int, digits: int, cells: tuple[int, ...], values: list[int]) -> Iterator[Step]:
    cands = state.cands
    for k in range(start, len(pool)):
        now = cells + (pool[k],)
        union = digits | cands[pool[k]]
        if (h < 18 or not _one_line(now)) and POPCOUNT[union] == len(now) - 1:
            houses = [h]
            if h < 18 and len({BOX_OF[c] for c in now}) == 1:
                houses.append(18 + BOX_OF[now[0]])
            elims = [(c, d) for g in houses for c in HOUSE_CELLS[g] if not values[c] and c not in now
                     for d in DIGITS_OF[cands[c] & union]]
            if elims:
                subset = now[2:]
                yield _ur_step(
                    3, rect, ab, elims,
                    f"{cell_text(add[0])} or {cell_text(add[1])} holds one of "
                    f"{','.join(map(str, DIGITS_OF[digits & ~_mask_of(cands, subset)] or DIGITS_OF[digits]))} "
                    f"(else a deadly pattern); with {cells_text(subset)} they lock "
                    f"{','.join(map(str, DIGITS_OF[union]))} in {' and '.join(HOUSE_NAMES[g] for g in houses)}.",
                    roofs=tuple(add), extra=subset, houses=tuple(HOUSE_NAMES[g] for g in houses),
                )
        yield from _ur3_subsets(state, rect, ab, add, h, pool, k + 1, union, now, values)


def _mask_of(cands: list[int], cells: tuple[int, ...]) -> int:
    m = 0
    for c in cells:
        m |= cands[c]
    return m


def _one_line(cells: tuple[int, ...]) -> bool:
    return len({ROW_OF[c] for c in cells}) == 1 or len({COL_OF[c] for c in cells}) == 1


def _ur4(state: Candidates, rect: tuple[int, ...], ab: int, add: list[int]) -> Iterator[Step]:
    r1, r2 = add
    if ROW_OF[r1] != ROW_OF[r2] and COL_OF[r1] != COL_OF[r2]:
        return
    both = PEER_MASK[r1] & PEER_MASK[r2]
    a, b = DIGITS_OF[ab]
    strong = a if not state.where[a] & both else b if not state.where[b] & both else 0
    if not strong:
        return
    other = b if strong == a else a
    elims = [(r, other) for r in add if state.cands[r] & BIT[other]]
    if elims:
        houses = tuple(HOUSE_NAMES[h] for h in _shared_houses(r1, r2))
        yield _ur_step(
            4, rect, ab, elims,
            f"No other cell seeing both {cell_text(r1)} and {cell_text(r2)} can be {strong}, so one of them is "
            f"{strong}; if the other were {other} the rectangle would be deadly, so neither is {other}.",
            roofs=tuple(add), houses=houses,
        )


def _ur6(state: Candidates, rect: tuple[int, ...], ab: int, two: list[int], add: list[int]) -> Iterator[Step]:
    r1, r2 = add
    if ROW_OF[r1] == ROW_OF[r2] or COL_OF[r1] == COL_OF[r2]:
        return
    lines = HOUSE_MASK[ROW_OF[r1]] | HOUSE_MASK[ROW_OF[r2]] | HOUSE_MASK[9 + COL_OF[r1]] | HOUSE_MASK[9 + COL_OF[r2]]
    lines &= ~(CELL_BIT[rect[0]] | CELL_BIT[rect[1]] | CELL_BIT[rect[2]] | CELL_BIT[rect[3]])
    a, b = DIGITS_OF[ab]
    x = a if not state.where[a] & lines else b if not state.where[b] & lines else 0
    if not x:
        return
    elims = [(r, x) for r in add if state.cands[r] & BIT[x]]
    if elims:
        yield _ur_step(
            6, rect, ab, elims,
            f"In the rectangle's rows and columns {x} can only go in its corners, so it fills two diagonal corners. "
            f"If those were {cells_text(add)}, the other two would hold {a if x == b else b}: a deadly pattern. "
            f"So {x} is in {cells_text(two)} and leaves {cells_text(add)}.",
            roofs=tuple(add),
        )


def _hidden_rectangle(state: Candidates, rect: tuple[int, ...], ab: int, corner: int, add: list[int]) -> Iterator[Step]:
    """HoDoKu's check from ``corner`` (a corner holding only a/b): in the row and the column
    through the opposite corner D, if one UR digit x has no place outside the rectangle, D
    cannot be the other digit y."""
    row = ROW_OF[add[0]] if ROW_OF[add[0]] != ROW_OF[corner] else ROW_OF[add[1]]
    col = COL_OF[add[0]] if COL_OF[add[0]] != COL_OF[corner] else COL_OF[add[1]]
    corners = CELL_BIT[rect[0]] | CELL_BIT[rect[1]] | CELL_BIT[rect[2]] | CELL_BIT[rect[3]]
    opposite = row * 9 + col
    a, b = DIGITS_OF[ab]
    for x, y in ((a, b), (b, a)):
        if state.where[x] & (HOUSE_MASK[row] | HOUSE_MASK[9 + col]) & ~corners:
            continue
        if state.cands[opposite] & BIT[y]:
            yield Step(
                "hidden_rectangle", "Hidden Rectangle", _FAMILY,
                eliminations=((opposite, y),),
                cells=tuple((c, "floor" if c == corner else "roof") for c in rect),
                houses=(HOUSE_NAMES[row], HOUSE_NAMES[9 + col]),
                digits=(a, b),
                why=(f"{cell_text(corner)} holds only {a}/{b}, and in {HOUSE_NAMES[row]} and {HOUSE_NAMES[9 + col]} "
                     f"{x} can only go in the rectangle; if {cell_text(opposite)} were {y}, {x} would fill both "
                     f"other corners and {cell_text(corner)} would be {y}: a deadly pattern."),
                notation=f"{a}/{b} in {cells_text(rect)}",
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


def find_hidden_rectangle(state: Candidates) -> Iterator[Step]:
    """Hidden Rectangle (HoDoKu): a rectangle of cells holding a and b whose only bivalue
    corners are A (and possibly the opposite corner). If a's only places in the row and in
    the column through A's opposite corner D are rectangle corners, D cannot be b (D = b
    would force a into both neighbours of A, A = b, and a deadly pattern)."""
    return _ur_steps(state, 0)


def find_avoidable_rectangle_1(state: Candidates) -> Iterator[Step]:
    """Avoidable Rectangle type 1 (HoDoKu): three corners solved by the player (not givens),
    a and b in one box and the digit across; the fourth corner, unsolved, would complete a
    deadly pattern of non-givens with its fourth digit, so it loses that digit."""
    return _avoidable(state, 1)


def find_avoidable_rectangle_2(state: Candidates) -> Iterator[Step]:
    """Avoidable Rectangle type 2 (HoDoKu): two corners solved by the player as a and b, the
    other two unsolved bivalue {b,c} and {a,c} where a swap would follow: one of them is c,
    so c leaves every cell seeing both."""
    return _avoidable(state, 2)


def _avoidable(state: Candidates, kind: int) -> Iterator[Step]:
    """Avoidable Rectangles of ``kind`` in HoDoKu's order (:func:`_avoidable_rectangles`)."""
    for rect, a, b in _avoidable_rectangles(state):
        step = _avoidable_step(state, rect, a, b, kind)
        if step is not None:
            yield step


def _avoidable_rectangles(state: Candidates) -> list[tuple[tuple[int, int, int, int], int, int]]:
    """The rectangles both Avoidable Rectangle searches check, in HoDoKu's order, each
    cell set once, with the start's and its partner's values (once per candidate grid):
    from each player-solved cell (value a) a player-solved box partner in its row or
    column (value b), then two cells across, at least one unsolved and bivalue (holding b
    across from a, a across from b) and each other either the same or solved by the
    player as the value across."""
    def build() -> list[tuple[tuple[int, int, int, int], int, int]]:
        values, cands, givens = state.values, state.cands, state.givens
        bivalue = 0
        for c in range(81):
            if not values[c] and POPCOUNT[cands[c]] == 2:
                bivalue |= CELL_BIT[c]
        out: list[tuple[tuple[int, int, int, int], int, int]] = []
        if not bivalue:
            return out
        open_ = [bivalue & w for w in state.where]  # per digit: the unsolved bivalue cells holding it
        done: set[int] = set()
        for i11 in range(81):
            a = values[i11]
            if not a or i11 in givens:
                continue
            for i12, pairs, firsts, seconds in _PARTNERS[i11]:
                b = values[i12]
                if not b or i12 in givens or not (firsts & open_[b] or seconds & open_[a]):
                    continue
                open_b, open_a = open_[b], open_[a]
                for i21, i22 in pairs:
                    open21 = open_b >> i21 & 1
                    open22 = open_a >> i22 & 1
                    if not ((values[i21] == b and i21 not in givens and open22)
                            or (values[i22] == a and i22 not in givens and open21) or (open21 and open22)):
                        continue
                    key = CELL_BIT[i11] | CELL_BIT[i12] | CELL_BIT[i21] | CELL_BIT[i22]
                    if key in done:
                        continue
                    done.add(key)
                    out.append(((i11, i12, i21, i22), a, b))
        return out
    return state.cached("ho_avoidable", build)


def _avoidable_step(state: Candidates, rect: tuple[int, int, int, int], a: int, b: int, kind: int) -> Step | None:
    values, cands = state.values, state.cands
    i11, i12, i21, i22 = rect
    if values[i21] or values[i22]:
        if kind != 1:
            return None
        cell, digit = (i22, a) if values[i21] else (i21, b)
        if not cands[cell] & BIT[digit]:
            return None
        solved = [c for c in rect if c != cell]
        return Step(
            "avoidable_rectangle_1", "Avoidable Rectangle Type 1", _FAMILY,
            eliminations=((cell, digit),),
            cells=tuple((c, "floor" if c in solved else "roof") for c in rect),
            digits=tuple(sorted((a, b))),
            why=(f"{cells_text(solved)} were solved, not given; if {cell_text(cell)} were {digit} the four cells "
                 f"could swap {a} and {b}, a second solution, so it is not {digit}."),
            notation=f"{a}/{b} in {cells_text(rect)}",
        )
    if kind != 2:
        return None
    extra = cands[i21] & ~BIT[b]
    if not cands[i22] & extra:
        return None
    c = DIGITS_OF[extra][0]
    targets = cells_of(state.where[c] & PEER_MASK[i21] & PEER_MASK[i22])
    if not targets:
        return None
    return Step(
        "avoidable_rectangle_2", "Avoidable Rectangle Type 2", _FAMILY,
        eliminations=tuple((t, c) for t in targets),
        cells=tuple((x, "roof" if x in (i21, i22) else "floor") for x in rect),
        digits=tuple(sorted((a, b))),
        why=(f"{cell_text(i11)} and {cell_text(i12)} were solved, not given; {cell_text(i21)} and {cell_text(i22)} "
             f"cannot be {b} and {a} (a second solution), so one of them is {c}; no cell seeing both can be {c}."),
        notation=f"{a}/{b} in {cells_text(rect)}",
    )
