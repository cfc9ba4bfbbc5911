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
corner that lost a digit to an elimination keeps the deduction sound. The searches (and
BUG+1's) run in the kernel (``ho_rects``: csrc/horect9.c, twin :mod:`sudokit._pyrect9`), all
rectangle types at once and once per candidate grid; this module writes the steps.

BUG+1 (bivalue universal grave): every unsolved cell has two candidates except one with
three, and every digit appears twice in each house except one digit three times in the
houses of that cell. If that digit were not true the grid would be a deadly BUG, so it is:
the cell's other candidates go.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import combinations

from .. import _backend
from .model import BIT, CELL_HOUSES, DIGITS_OF, HOUSE_CELLS, HOUSE_NAMES, Candidates
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


def _shared_houses(a: int, b: int) -> list[int]:
    return [h for h in CELL_HOUSES[a] if h in CELL_HOUSES[b]]


def _ur_step(kind: int, rect: tuple[int, ...], ab: int, elims: list[tuple[int, int]] | tuple[tuple[int, int], ...], why: str,
             roofs: tuple[int, ...] = (), extra: tuple[int, ...] = (), houses: tuple[str, ...] = ()) -> Step:
    """The step; ``elims`` as a tuple: already in HoDoKu's order (Type 3), a list: sorted here."""
    a, b = DIGITS_OF[ab]
    if not houses:  # the rectangle's two rows and two columns
        first, last = min(rect), max(rect)
        houses = tuple(HOUSE_NAMES[h] for h in (CELL_HOUSES[first][0], CELL_HOUSES[last][0],
                                                CELL_HOUSES[first][1], CELL_HOUSES[last][1]))
    roles = tuple((c, "roof" if c in roofs else "floor") for c in rect) + tuple((c, "subset") for c in extra)
    return Step(
        f"unique_rectangle_{kind}", f"Uniqueness Test {kind}", _FAMILY,
        eliminations=elims if isinstance(elims, tuple) else tuple(sorted(set(elims))),
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


#: The kinds of the kernel's records (``ho_rects``), by the finders' names for them.
_UR_KIND = {1: 0, 2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 0: 6}  # Uniqueness Test n; 0: Hidden Rectangle
_AR_KIND = {1: 7, 2: 8}
_BUG_KIND = 9
_RECT_KINDS, _BUG_KINDS = 0x1FF, 0x200
_NO_RECORDS: tuple[bytes, tuple[tuple[int, ...], ...]] = (b"", ((),) * 10)


@lru_cache(maxsize=64)
def _given_flags(givens: frozenset[int]) -> bytes:
    """The kernel's 81 given flags (a walk keeps one ``givens`` set: built once)."""
    flags = bytearray(81)
    for c in givens:
        flags[c] = 1
    return bytes(flags)


def _records(state: Candidates, bug: bool = False) -> tuple[bytes, tuple[tuple[int, ...], ...]]:
    """The kernel's records of every rectangle type on this candidate grid (the nine
    searches share one call) or, with ``bug``, of BUG+1 (its own call: on the HoDoKu path
    BUG+1 comes long before the rectangles, and a step in between often ends the grid)
    and, per kind, the offsets of its records in order."""
    def build() -> tuple[bytes, tuple[tuple[int, ...], ...]]:
        raw = _backend.kernel().ho_rects(
            state.cand_bytes(), bytes(state.values), _given_flags(state.givens), _BUG_KINDS if bug else _RECT_KINDS, 0)
        if not raw:
            return _NO_RECORDS
        at: list[list[int]] = [[] for _ in range(10)]
        j = 0
        while j < len(raw):
            at[raw[j]].append(j)
            j += 12 + raw[j + 11]
            j += 1 + 2 * raw[j]
        return raw, tuple(tuple(a) for a in at)
    return state.cached("ho_bug" if bug else "ho_rects", build)


def _ur_steps(state: Candidates, kind: int) -> Iterator[Step]:
    """The Uniqueness Test ``kind`` steps (1-6) or Hidden Rectangles (0), in HoDoKu's order."""
    raw, at = _records(state)
    offsets = at[_UR_KIND[kind]]
    if not offsets:
        return iter(())
    return (_decoded(state, raw, j) for j in offsets)


def _decoded(state: Candidates, raw: bytes, j: int) -> Step:
    """The step of the kernel record at ``raw[j]`` (layout: ``_core.pyi``, csrc/horect9.h)."""
    kind = raw[j]
    rect = (raw[j + 1], raw[j + 2], raw[j + 3], raw[j + 4])
    a, b, digit, cell = raw[j + 5], raw[j + 6], raw[j + 7], raw[j + 8]
    n = raw[j + 11]
    cells = list(raw[j + 12 : j + 12 + n])
    k = j + 12 + n
    pairs = raw[k + 1 : k + 1 + 2 * raw[k]]
    elims = list(zip(pairs[::2], pairs[1::2]))
    if kind == 0:
        return _ur1(rect, BIT[a] | BIT[b], cell, elims)
    if kind in (1, 4):
        return _ur25(rect, BIT[a] | BIT[b], cells, kind + 1, digit, elims)
    if kind == 2:
        return _ur3(state, rect, BIT[a] | BIT[b], cells, (raw[j + 9], raw[j + 10]), elims)
    if kind == 3:
        return _ur4(rect, BIT[a] | BIT[b], cells, digit, elims)
    if kind == 5:
        return _ur6(rect, BIT[a] | BIT[b], cells, digit, elims)
    if kind == 6:
        return _hidden_rectangle(rect, a, b, cell, digit, elims[0])
    if kind == 7:
        return _avoidable_1(rect, a, b, cell, digit)
    return _avoidable_2(rect, a, b, digit, elims)


def _ur1(rect: tuple[int, ...], ab: int, corner: int, elims: list[tuple[int, int]]) -> Step:
    others = [c for c in rect if c != corner]
    a, b = DIGITS_OF[ab]
    return _ur_step(
        1, rect, ab, elims,
        f"{cells_text(others)} hold only {a}/{b}; if {cell_text(corner)} were {a} or {b} the four cells "
        f"could swap {a} and {b}, a second solution, so it is neither.",
        roofs=(corner,),
    )


def _ur25(rect: tuple[int, ...], ab: int, add: list[int], kind: int, c: int, elims: list[tuple[int, int]]) -> Step:
    a, b = DIGITS_OF[ab]
    return _ur_step(
        kind, rect, ab, elims,
        (f"{cell_text(add[0])} and {cell_text(add[1])} cannot both be {a}/{b} (a deadly pattern), so one is {c}; "
         f"no cell seeing both can be {c}." if len(add) == 2 else
         f"{cells_text(add)} cannot all be {a}/{b} (a deadly pattern), so one of them is {c}; "
         f"no cell seeing all of them can be {c}."),
        roofs=tuple(add),
    )


def _ur3(state: Candidates, rect: tuple[int, ...], ab: int, cells: list[int], pair: tuple[int, int],
         elims: list[tuple[int, int]]) -> Step:
    """HoDoKu's Type 3: the roofs' extras with other cells (no a/b) of a house both roofs share
    (row, column, box) form a naked subset; its digits leave the house (and, for a row or
    column subset inside one box, the box too)."""
    cands = state.cands
    add, subset = cells[:2], tuple(cells[2:])
    digits = (cands[add[0]] | cands[add[1]]) & ~ab | _mask_of(cands, subset[:-1])  # before the last cell joined
    union = digits | cands[subset[-1]]
    houses = [h for h in pair if h != 255]
    # HoDoKu adds the eliminations house by house (the subset's house, then the box of a
    # line subset inside one box), cell by cell, digit by digit; it deletes and prints them
    # in that order ("r134c2<>4, r4c2<>1"): each once, where it first comes.
    wanted, ordered = set(elims), []
    for h in houses:
        for c in HOUSE_CELLS[h]:
            for d in DIGITS_OF[cands[c]]:
                if (c, d) in wanted:
                    wanted.discard((c, d))
                    ordered.append((c, d))
    ordered += sorted(wanted)  # none: the kernel eliminates only in those houses
    return _ur_step(
        3, rect, ab, tuple(ordered),
        f"{cell_text(add[0])} or {cell_text(add[1])} holds one of "
        f"{','.join(map(str, DIGITS_OF[digits & ~_mask_of(cands, subset)] or DIGITS_OF[digits]))} "
        f"(else a deadly pattern); with {cells_text(subset)} they lock "
        f"{','.join(map(str, DIGITS_OF[union]))} in {' and '.join(HOUSE_NAMES[g] for g in houses)}.",
        roofs=tuple(add), extra=subset, houses=tuple(HOUSE_NAMES[g] for g in houses),
    )


def _mask_of(cands: list[int], cells: tuple[int, ...]) -> int:
    m = 0
    for c in cells:
        m |= cands[c]
    return m


def _ur4(rect: tuple[int, ...], ab: int, add: list[int], strong: int, elims: list[tuple[int, int]]) -> Step:
    r1, r2 = add
    a, b = DIGITS_OF[ab]
    other = b if strong == a else a
    houses = tuple(HOUSE_NAMES[h] for h in _shared_houses(r1, r2))
    return _ur_step(
        4, rect, ab, elims,
        f"No other cell seeing both {cell_text(r1)} and {cell_text(r2)} can be {strong}, so one of them is "
        f"{strong}; if the other were {other} the rectangle would be deadly, so neither is {other}.",
        roofs=tuple(add), houses=houses,
    )


def _ur6(rect: tuple[int, ...], ab: int, add: list[int], x: int, elims: list[tuple[int, int]]) -> Step:
    a, b = DIGITS_OF[ab]
    two = sorted(c for c in rect if c not in add)
    return _ur_step(
        6, rect, ab, elims,
        f"In the rectangle's rows and columns {x} can only go in its corners, so it fills two diagonal corners. "
        f"If those were {cells_text(add)}, the other two would hold {a if x == b else b}: a deadly pattern. "
        f"So {x} is in {cells_text(two)} and leaves {cells_text(add)}.",
        roofs=tuple(add),
    )


def _hidden_rectangle(rect: tuple[int, ...], a: int, b: int, corner: int, x: int, elim: tuple[int, int]) -> Step:
    """HoDoKu's check from ``corner`` (a corner holding only a/b): in the row and the column
    through the opposite corner D, if one UR digit x has no place outside the rectangle, D
    cannot be the other digit y."""
    opposite, y = elim
    row, col = opposite // 9, opposite % 9
    return Step(
        "hidden_rectangle", "Hidden Rectangle", _FAMILY,
        eliminations=(elim,),
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
    raw, at = _records(state, bug=True)
    return (_bug_plus_1(raw, j) for j in at[_BUG_KIND])


def _bug_plus_1(raw: bytes, j: int) -> Step:
    true_digit, plus = raw[j + 7], raw[j + 8]
    pairs = raw[j + 13 : j + 13 + 2 * raw[j + 12]]
    return Step(
        "bug_plus_1", "Bivalue Universal Grave + 1", _FAMILY,
        eliminations=tuple(zip(pairs[::2], pairs[1::2])),
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
    """Avoidable Rectangles of ``kind`` in HoDoKu's order (the kernel's: from each
    player-solved cell (value a) a player-solved box partner in its row or column (value
    b), then two cells across, at least one unsolved and bivalue (holding b across from a,
    a across from b) and each other either the same or solved by the player as the value
    across; each cell set once)."""
    raw, at = _records(state)
    offsets = at[_AR_KIND[kind]]
    if not offsets:
        return iter(())
    return (_decoded(state, raw, j) for j in offsets)


def _avoidable_1(rect: tuple[int, ...], a: int, b: int, cell: int, digit: int) -> Step:
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


def _avoidable_2(rect: tuple[int, ...], a: int, b: int, c: int, elims: list[tuple[int, int]]) -> Step:
    i11, i12, i21, i22 = rect
    return Step(
        "avoidable_rectangle_2", "Avoidable Rectangle Type 2", _FAMILY,
        eliminations=tuple(elims),
        cells=tuple((x, "roof" if x in (i21, i22) else "floor") for x in rect),
        digits=tuple(sorted((a, b))),
        why=(f"{cell_text(i11)} and {cell_text(i12)} were solved, not given; {cell_text(i21)} and {cell_text(i22)} "
             f"cannot be {b} and {a} (a second solution), so one of them is {c}; no cell seeing both can be {c}."),
        notation=f"{a}/{b} in {cells_text(rect)}",
    )
