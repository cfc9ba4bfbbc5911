"""Pure-Python twin of csrc/seunique9.c: Sudoku Explainer's Unique Rectangles and Loops.

Re-exported by :mod:`sudokit._pycore` as ``se_unique``; the contract is in ``_core.pyi``
and the record layout in ``csrc/seunique9.h``. Same search, same order, same bytes as the
C code; :mod:`sudokit.human.se_unique` turns the records into steps.

serate 1.2.1.3's ``UniqueLoops`` (``checkForLoops``): from every bivalue cell (ascending),
with its two digits v1 < v2, a depth-first search through the cells holding both digits,
house by house in SE's order (box, row, column; never twice through the same kind of house
in a row; each house's cells ascending). A cell with more candidates may be entered while
fewer than two have been (``allowed``), or whenever the extra digits met so far (``ex``,
which accumulates over the siblings of a search level too, as in SE) are a single digit.
Back at the start after 4+ cells, the loop counts when every house it meets is met once
at an odd and once at an even position. Its cells with more than the two digits (the
*extra* cells, in loop order) give the hints:

* one extra cell: type 1, the extra cell loses both digits;
* three or more: type 2, the lowest extra digit of the first extra cell leaves every cell
  seeing all extra cells;
* two: type 2 when their extra digits are one digit; type 3 when two or more (a naked or a
  hidden set in a house both extra cells share, degree from the number of extra digits up
  to 7, SE's colex order of house positions / digits); type 4 when v1 (v2) has no other
  place in a house the two share: both lose v2 (v1).

A loop met again (the same cells, the same extra cells in the same order, from another
start or the other way round) is skipped; a hint is kept the first time its (type, cells,
type-3 set) is seen with eliminations. Rated 4.5, + 0.1 for 6-7 cells, + 0.2 for 8-9,
+ 0.5 for 10+, and for type 3 + 0.1 per set digit beyond the first (``difficulty``);
sorted by (rating, type, order found), as SE takes the easiest hint.
"""

from __future__ import annotations

from array import array

__all__ = ["se_unique", "difficulty"]

_BOX = tuple(r // 3 * 3 + c // 3 for r in range(9) for c in range(9))
#: Rows 0-8, columns 9-17, boxes 18-26, each house's cells ascending.
_HOUSE_CELLS = (
    tuple(tuple(r * 9 + k for k in range(9)) for r in range(9))
    + tuple(tuple(k * 9 + c for k in range(9)) for c in range(9))
    + tuple(tuple(c for c in range(81) if _BOX[c] == b) for b in range(9))
)
_HOUSE_MASK = tuple(sum(1 << c for c in cells) for cells in _HOUSE_CELLS)
#: A cell's houses in SE's order: box, row, column.
_SE_HOUSES = tuple((18 + _BOX[i], i // 9, 9 + i % 9) for i in range(81))
_POP = tuple(bin(m).count("1") for m in range(512))


def _peer_mask(i: int) -> int:
    mask = 0
    for h in _SE_HOUSES[i]:
        mask |= _HOUSE_MASK[h]
    return mask & ~(1 << i)


#: A cell's 20 peers as an 81-bit mask.
_PEERS = tuple(_peer_mask(i) for i in range(81))


def _colex(k: int, n: int) -> list[int]:
    """The k-subsets of range(n) as bit masks, in SE's ``Permutations`` order (colex)."""
    if k > n:
        return []
    out = []
    value = (1 << k) - 1
    while value < 1 << n:
        out.append(value)
        if not value:
            break
        smallest = value & -value
        ripple = value + smallest
        value = ripple | (((value ^ ripple) >> 2) // smallest)
    return out


_COLEX9 = tuple(tuple(_colex(k, 9)) for k in range(10))


def difficulty(size: int, typ: int, n: int) -> float:
    """SE's rating of a loop hint: ``size`` cells, type ``typ``, ``n`` the type-3 set's
    size (the float sums in SE's order: the hints are sorted by this value)."""
    result = 4.5
    if size >= 10:
        result += 0.3
    if size >= 8:
        result += 0.2
    elif size >= 6:
        result += 0.1
    if typ == 3:
        result += (n - 1) * 0.1
    return result


def se_unique(cands: bytes, values: bytes, limit: int) -> tuple[bytes | None, int]:
    """The unique loop hints, easiest first, and the search nodes: ``(hints or None past
    the limit, spent)`` (see ``_core.pyi``)."""
    if len(cands) != 162 or len(values) != 81:
        raise ValueError("need 81 native uint16 candidate masks and 81 values")
    masks = array("H")
    masks.frombytes(cands)
    if any(m > 0x1FF for m in masks) or any(v > 9 for v in values) or limit < -1:
        raise ValueError("candidate masks must be 0..0x1FF, values 0..9 and the limit >= -1")
    search = _Search(masks.tolist(), values, limit)
    try:
        return search.run(), search.spent
    except _LimitReached:
        return None, search.spent


class _LimitReached(Exception):
    """More search nodes than the limit."""


class _Search:
    __slots__ = ("cands", "values", "limit", "spent", "hints", "done", "seen")

    def __init__(self, cands: list[int], values: bytes, limit: int) -> None:
        self.cands = cands
        self.values = values
        self.limit = limit
        self.spent = 0
        self.hints: list[tuple[float, int, int, bytes]] = []
        self.done: set[tuple[object, ...]] = set()
        self.seen: set[tuple[object, ...]] = set()

    def run(self) -> bytes:
        cands = self.cands
        holdings: dict[int, int] = {}
        for cell in range(81):
            both = cands[cell]
            if _POP[both] != 2:
                continue
            holding = holdings.get(both, -1)
            if holding < 0:
                holding = holdings[both] = sum(1 << c for c in range(81) if cands[c] & both == both)
            low = both & -both
            v1, v2 = low.bit_length(), (both ^ low).bit_length()
            self._search(holding, cell, v1, v2, [], 0, 2, 0, -1)
        self.hints.sort(key=lambda h: (h[0], h[1], h[2]))
        return b"".join(h[3] for h in self.hints)

    def _search(self, holding: int, cell: int, v1: int, v2: int, loop: list[int], inside: int,
                allowed: int, ex: int, last: int) -> None:
        """SE's ``checkForLoops``: ``holding`` the cells holding both digits, ``inside``
        the loop's cells (81-bit masks)."""
        self.spent += 1
        if self.spent > self.limit >= 0:
            raise _LimitReached
        cands = self.cands
        loop.append(cell)
        inside |= 1 << cell
        both = 1 << (v1 - 1) | 1 << (v2 - 1)
        start = loop[0]
        for kind, h in enumerate(_SE_HOUSES[cell]):
            if kind == last:
                continue
            nexts = _HOUSE_MASK[h] & holding
            while nexts:
                low = nexts & -nexts
                nexts ^= low
                nxt = low.bit_length() - 1
                if nxt == start and len(loop) >= 4:
                    self._found(loop, v1, v2)
                elif not inside & low:
                    m = cands[nxt]
                    ex |= m & ~both  # (sic) accumulates over the siblings, as in SE
                    card = _POP[m]
                    if card == 2 or _POP[ex] == 1 or allowed > 0:
                        self._search(holding, nxt, v1, v2, loop, inside, allowed - 1 if card > 2 else allowed, ex, kind)
        loop.pop()

    def _found(self, loop: list[int], v1: int, v2: int) -> None:
        if not _valid(loop):
            return
        cands = self.cands
        extra = tuple(c for c in loop if _POP[cands[c]] > 2)
        cells = sum(1 << c for c in loop)
        again = (cells, extra, v1, v2)
        if again in self.done:
            return  # the same loop from another cell or the other way round: the same hints, all seen
        self.done.add(again)
        for typ, removable, ident in _loop_hints(cands, self.values, extra, v1, v2):
            key = (typ, cells, len(loop)) + ident
            if key in self.seen or not removable:
                continue
            self.seen.add(key)
            n = ident[-1] if typ == 3 else 0
            assert isinstance(n, int)
            record = bytearray((typ, len(loop), *loop, n, len(removable)))
            for c in sorted(removable):
                record += bytes((c, removable[c] & 0xFF, removable[c] >> 8))
            self.hints.append((difficulty(len(loop), typ, n), typ, len(self.hints), bytes(record)))


def _valid(loop: list[int]) -> bool:
    """Every house met is met once at an odd and once at an even position."""
    sides = [0, 0]  # the houses met at even, odd positions
    for k, c in enumerate(loop):
        for h in _SE_HOUSES[c]:
            if sides[k & 1] >> h & 1:
                return False
            sides[k & 1] |= 1 << h
    return sides[0] == sides[1]


_Hint = tuple[int, dict[int, int], tuple[object, ...]]


def _loop_hints(cands: list[int], values: bytes, extra: tuple[int, ...], v1: int, v2: int) -> list[_Hint]:
    both = 1 << (v1 - 1) | 1 << (v2 - 1)
    out: list[_Hint] = []
    if len(extra) == 1:
        out.append((1, {extra[0]: both}, ()))
    elif len(extra) > 2:
        out.append((2, _type2(cands, extra, both), ()))
    elif len(extra) == 2:
        c1, c2 = extra
        rest = (cands[c1] | cands[c2]) & ~both
        if _POP[rest] == 1:
            out.append((2, _type2(cands, extra, both), ()))
        elif _POP[rest] >= 2:
            out.extend(_type3(cands, values, c1, c2, v1, v2))
        four = _type4(cands, c1, c2, v1, v2)
        if four is not None:
            out.append((4, four, ()))
    return out


def _type2(cands: list[int], extra: tuple[int, ...], both: int) -> dict[int, int]:
    rest = cands[extra[0]] & ~both
    bit = rest & -rest  # the first extra cell's lowest extra digit
    common = _PEERS[extra[0]]
    for c in extra[1:]:
        common &= _PEERS[c]
    return {c: bit for c in range(81) if common >> c & 1 and c not in extra and cands[c] & bit}


def _type3(cands: list[int], values: bytes, c1: int, c2: int, v1: int, v2: int) -> list[_Hint]:
    both = 1 << (v1 - 1) | 1 << (v2 - 1)
    extra = (cands[c1] | cands[c2]) & ~both
    out: list[_Hint] = []
    for degree in range(_POP[extra], 8):
        for h1, h2 in zip(_SE_HOUSES[c1], _SE_HOUSES[c2]):
            if h1 != h2:
                continue
            cells = _HOUSE_CELLS[h1]
            empty = sum(1 for c in cells if not values[c])
            i1, i2 = cells.index(c1), cells.index(c2)
            if degree * 2 <= empty:
                out.extend(_naked(cands, cells, h1, degree, i1, i2, c1, c2, extra))
            if degree * 2 < empty:
                out.extend(_hidden(cands, cells, h1, degree, i1, i2, v1, v2, extra))
    return out


def _naked(cands: list[int], cells: tuple[int, ...], h: int, degree: int, i1: int, i2: int, c1: int, c2: int,
           extra: int) -> list[_Hint]:
    """The naked sets of ``degree`` house positions holding c1's position and not c2's:
    c1 counts as a cell with the two cells' extra digits."""
    out: list[_Hint] = []
    for idx in _COLEX9[degree]:
        if not idx >> i1 & 1 or idx >> i2 & 1:
            continue
        naked = extra & cands[c1] & cands[c2]
        union = 0
        others = []
        for k in range(9):
            if not idx >> k & 1:
                continue
            m = extra if k == i1 else cands[cells[k]]
            if k != i1:
                naked |= m
                others.append(cells[k])
            if _POP[m] <= 1:
                union = -1  # SE's naked-set check: every cell of the set has 2+ candidates
            elif union >= 0:
                union |= m
        if _POP[naked] != degree or union < 0 or _POP[union] != degree:
            continue
        removable = {c: cands[c] & union for c in cells if c not in others and c != c1 and c != c2 and cands[c] & union}
        out.append((3, removable, ("naked", h, union, tuple(others), degree)))
    return out


def _hidden(cands: list[int], cells: tuple[int, ...], h: int, degree: int, i1: int, i2: int, v1: int, v2: int,
            extra: int) -> list[_Hint]:
    """The hidden sets of the loop digits and ``degree - 2`` digits not among the extra
    ones, on ``degree`` house positions (c2's position left out)."""
    out: list[_Hint] = []
    rem = [v for v in range(1, 10) if v not in (v1, v2) and not extra >> (v - 1) & 1]
    if degree - 2 > len(rem):
        return out
    for pick in _colex(degree - 2, len(rem)):
        digits = [rem[k] for k in range(len(rem)) if pick >> k & 1] + [v1, v2]
        union = 0
        ok = True
        for v in digits:
            pos = 0
            for k, c in enumerate(cells):
                if k != i2 and cands[c] >> (v - 1) & 1:
                    pos |= 1 << k
            if not pos:
                ok = False
            union |= pos
        if not ok or _POP[union] != degree:
            continue
        hidden = 0
        for v in digits:
            hidden |= 1 << (v - 1)
        idx_left = [k for k in range(9) if union >> k & 1 and k != i1 and k != i2]
        removable = {}
        for k in idx_left:
            gone = cands[cells[k]] & ~hidden
            if gone:
                removable[cells[k]] = gone
        out.append((3, removable, ("hidden", h, hidden, tuple(idx_left), len(idx_left))))
    return out


def _type4(cands: list[int], c1: int, c2: int, v1: int, v2: int) -> dict[int, int] | None:
    b1, b2 = 1 << (v1 - 1), 1 << (v2 - 1)
    r1 = r2 = -1
    for h1, h2 in zip(_SE_HOUSES[c1], _SE_HOUSES[c2]):
        if h1 != h2:
            continue
        others = [c for c in _HOUSE_CELLS[h1] if c != c1 and c != c2]
        if not any(cands[c] & b1 for c in others):
            r1 = h1
        if not any(cands[c] & b2 for c in others):
            r2 = h1
    if r1 >= 0:
        return {c1: b2, c2: b2}
    if r2 >= 0:
        return {c1: b1, c2: b1}
    return None
