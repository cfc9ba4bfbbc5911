"""Pure-Python twin of csrc/horect9.c: HoDoKu's Unique Rectangle (types 1-6), Hidden
Rectangle, Avoidable Rectangle (types 1-2) and BUG+1 searches of the HoDoKu path.

Re-exported by :mod:`sudokit._pycore` as ``ho_rects``; the contract is in ``_core.pyi`` and
the record layout in ``csrc/horect9.h``. Same search, same order, same bytes as the C code;
:mod:`sudokit.human.uniqueness` writes the steps (and says why each type holds).

Rectangles (HoDoKu 2.2's ``UniquenessSolver``, "allow missing candidates"): from each cell
holding exactly a/b, a box partner in its row or column where a and b are *allowed* (empty,
no placed a or b sees it), then each pair of cells across outside the box, the first
allowing a, the second a and b; each set of four cells once. Avoidable Rectangles: from
each player-solved cell (value a) a player-solved box partner (value b), then the pairs
across where one cell is empty and bivalue holding the value across and the other the
same or player-solved as that value; each set of four cells once. BUG+1: every cell with
candidates has two but one with three (none with one); the last of its digits seen three
times in each of its houses is true when every house holds every other digit 0 or 2 times
and it 3 times in that cell's houses.
"""

from __future__ import annotations

from array import array

__all__ = ["ho_rects"]

UR1, UR2, UR3, UR4, UR5, UR6, HIDDEN, AR1, AR2, BUG = range(10)

_HOUSE_CELLS = (
    [[r * 9 + c for c in range(9)] for r in range(9)]
    + [[r * 9 + c for r in range(9)] for c in range(9)]
    + [[(b // 3 * 3 + k // 3) * 9 + b % 3 * 3 + k % 3 for k in range(9)] for b in range(9)]
)
_ROW = [c // 9 for c in range(81)]
_COL = [c % 9 for c in range(81)]
_BOX = [c // 27 * 3 + c % 9 // 3 for c in range(81)]
_HOUSE_MASK = [sum(1 << c for c in cells) for cells in _HOUSE_CELLS]
_PEER = [
    (_HOUSE_MASK[_ROW[c]] | _HOUSE_MASK[9 + _COL[c]] | _HOUSE_MASK[18 + _BOX[c]]) & ~(1 << c) for c in range(81)
]
_DIGITS = [[d for d in range(1, 10) if m >> (d - 1) & 1] for m in range(512)]
_CELL_BIT = [1 << c for c in range(81)]
_POP = [len(ds) for ds in _DIGITS]


def _bit(d: int) -> int:
    return 1 << (d - 1)


def _cells(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _partners() -> list[list[tuple[int, list[tuple[int, int]], int, int]]]:
    """For each start corner: each box partner in its row or column (box order) with the
    pairs of cells across, outside the box, that close a rectangle, and the masks of the
    pairs' first and second cells (quick tests: a pair needs one of them)."""
    out = []
    for i11 in range(81):
        row = []
        for i12 in _HOUSE_CELLS[18 + _BOX[i11]]:
            if i12 == i11 or (_ROW[i12] != _ROW[i11] and _COL[i12] != _COL[i11]):
                continue
            if _ROW[i12] == _ROW[i11]:
                pairs = [(j * 9 + _COL[i11], j * 9 + _COL[i12]) for j in range(9)]
            else:
                pairs = [(_ROW[i11] * 9 + j, _ROW[i12] * 9 + j) for j in range(9)]
            pairs = [(p, q) for p, q in pairs if _BOX[p] != _BOX[i11]]
            row.append((i12, pairs, sum(1 << p for p, _ in pairs), sum(1 << q for _, q in pairs)))
        out.append(row)
    return out


_PARTNERS = _partners()

# one rectangle: (corners i11, i12, i21, i22), a, b, the corners holding only a/b and the others
_Rect = tuple[tuple[int, int, int, int], int, int, list[int], list[int]]


class _Search:
    def __init__(self, cands: list[int], values: bytes, givens: bytes, max_per_kind: int) -> None:
        self.cands, self.values, self.givens, self.max = cands, values, givens, max_per_kind
        where = self.where = [0] * 10
        for c, m in enumerate(cands):
            if m:
                bit = _CELL_BIT[c]
                for d in _DIGITS[m]:
                    where[d] |= bit
        self.out = bytearray()
        self.count = 0

    # ------------------------------------------------------------- rectangles
    def unique_rects(self) -> list[_Rect]:
        cands, values = self.cands, self.values
        empty, seen = 0, [0] * 10
        for c in range(81):
            if values[c]:
                seen[values[c]] |= _PEER[c]
            else:
                empty |= 1 << c
        allowed = [empty & ~m for m in seen]
        done: set[int] = set()
        out: list[_Rect] = []
        for i11 in range(81):
            ab = cands[i11]
            if _POP[ab] != 2:
                continue
            a, b = _DIGITS[ab]
            both = allowed[a] & allowed[b]
            for i12, pairs, _firsts, seconds in _PARTNERS[i11]:
                if not both >> i12 & 1 or not both & seconds:
                    continue
                for i21, i22 in pairs:
                    if not (allowed[a] >> i21 & 1 and both >> i22 & 1):
                        continue
                    key = 1 << i11 | 1 << i12 | 1 << i21 | 1 << i22
                    if key in done:
                        continue
                    done.add(key)
                    two = [c for c in sorted((i11, i12, i21, i22)) if not cands[c] & ~ab]
                    add = [c for c in sorted((i11, i12, i21, i22)) if cands[c] & ~ab]
                    out.append(((i11, i12, i21, i22), a, b, two, add))
        return out

    def avoidable_rects(self) -> list[tuple[tuple[int, int, int, int], int, int]]:
        cands, values, givens = self.cands, self.values, self.givens
        bivalue = 0
        for c in range(81):
            if _POP[cands[c]] == 2 and not values[c]:
                bivalue |= _CELL_BIT[c]
        out: list[tuple[tuple[int, int, int, int], int, int]] = []
        if not bivalue:
            return out
        open_ = [bivalue & w for w in self.where]
        done: set[int] = set()
        for i11 in range(81):
            a = values[i11]
            if not a or givens[i11]:
                continue
            for i12, pairs, firsts, seconds in _PARTNERS[i11]:
                b = values[i12]
                if not b or givens[i12] or not (firsts & open_[b] or seconds & open_[a]):
                    continue
                for i21, i22 in pairs:
                    open21 = open_[b] >> i21 & 1
                    open22 = open_[a] >> i22 & 1
                    if not ((values[i21] == b and not givens[i21] and open22)
                            or (values[i22] == a and not givens[i22] and open21) or (open21 and open22)):
                        continue
                    key = 1 << i11 | 1 << i12 | 1 << i21 | 1 << i22
                    if key not in done:
                        done.add(key)
                        out.append(((i11, i12, i21, i22), a, b))
        return out

    # ---------------------------------------------------------------- records
    def emit(self, kind: int, rect: tuple[int, ...], a: int, b: int, elims: list[tuple[int, int]], digit: int = 0,
             cell: int = 255, houses: tuple[int, int] = (255, 255), cells: tuple[int, ...] | list[int] = ()) -> bool:
        """Append a record; True when the kind's limit is reached."""
        pairs = sorted(set(elims))
        self.out += bytes((kind, *rect, a, b, digit, cell, *houses, len(cells), *cells, len(pairs)))
        for c, d in pairs:
            self.out += bytes((c, d))
        self.count += 1
        return bool(self.max) and self.count >= self.max

    # -------------------------------------------------------------- the types
    def ur1(self, rect: _Rect) -> bool:
        corners, a, b, _two, add = rect
        hit = self.cands[add[0]] & (_bit(a) | _bit(b))
        if not hit:
            return False
        return self.emit(UR1, corners, a, b, [(add[0], d) for d in _DIGITS[hit]], cell=add[0], cells=add)

    def ur25(self, rect: _Rect, kind: int) -> bool:
        corners, a, b, _two, add = rect
        ab = _bit(a) | _bit(b)
        extra, seen = 0, (1 << 81) - 1
        for c in add:
            extra |= self.cands[c] & ~ab
            seen &= _PEER[c]
        if _POP[extra] != 1:
            return False
        c = _DIGITS[extra][0]
        targets = _cells(self.where[c] & seen)
        side = len(add) == 2 and (_ROW[add[0]] == _ROW[add[1]] or _COL[add[0]] == _COL[add[1]])
        if not targets or (kind == UR2) != side:
            return False
        return self.emit(kind, corners, a, b, [(t, c) for t in targets], digit=c, cells=add)

    def ur3(self, rect: _Rect) -> bool:
        corners, a, b, _two, add = rect
        cands, ab = self.cands, _bit(a) | _bit(b)
        r1, r2 = add
        extra = (cands[r1] | cands[r2]) & ~ab
        for h in (_ROW[r1] if _ROW[r1] == _ROW[r2] else -1, 9 + _COL[r1] if _COL[r1] == _COL[r2] else -1,
                  18 + _BOX[r1] if _BOX[r1] == _BOX[r2] else -1):
            if h < 0:
                continue
            pool = [c for c in _HOUSE_CELLS[h] if cands[c] and not cands[c] & ab and c not in corners]
            if self.ur3_subsets(rect, h, pool, 0, extra, (r1, r2)):
                return True
        return False

    def ur3_subsets(self, rect: _Rect, h: int, pool: list[int], start: int, digits: int, cells: tuple[int, ...]) -> bool:
        """Depth first: each pool cell after ``start`` added to ``cells``; a subset with one
        digit fewer than cells (the roofs count as one) that eliminates something."""
        cands, values = self.cands, self.values
        for k in range(start, len(pool)):
            now = cells + (pool[k],)
            union = digits | cands[pool[k]]
            if (h < 18 or not _one_line(now)) and _POP[union] == len(now) - 1:
                houses = [h]
                if h < 18 and len({_BOX[c] for c in now}) == 1:
                    houses.append(18 + _BOX[now[0]])
                elims = [(c, d) for g in houses for c in _HOUSE_CELLS[g] if not values[c] and c not in now
                         for d in _DIGITS[cands[c] & union]]
                if elims:
                    corners, a, b, _two, _add = rect
                    pair = (houses[0], houses[1] if len(houses) > 1 else 255)
                    if self.emit(UR3, corners, a, b, elims, houses=pair, cells=now):
                        return True
            if self.ur3_subsets(rect, h, pool, k + 1, union, now):
                return True
        return False

    def ur4(self, rect: _Rect) -> bool:
        corners, a, b, _two, add = rect
        r1, r2 = add
        if _ROW[r1] != _ROW[r2] and _COL[r1] != _COL[r2]:
            return False
        both = _PEER[r1] & _PEER[r2]
        strong = a if not self.where[a] & both else b if not self.where[b] & both else 0
        if not strong:
            return False
        other = b if strong == a else a
        elims = [(r, other) for r in add if self.cands[r] & _bit(other)]
        return bool(elims) and self.emit(UR4, corners, a, b, elims, digit=strong, cells=add)

    def ur6(self, rect: _Rect) -> bool:
        corners, a, b, _two, add = rect
        r1, r2 = add
        if _ROW[r1] == _ROW[r2] or _COL[r1] == _COL[r2]:
            return False
        lines = _HOUSE_MASK[_ROW[r1]] | _HOUSE_MASK[_ROW[r2]] | _HOUSE_MASK[9 + _COL[r1]] | _HOUSE_MASK[9 + _COL[r2]]
        lines &= ~(1 << corners[0] | 1 << corners[1] | 1 << corners[2] | 1 << corners[3])
        x = a if not self.where[a] & lines else b if not self.where[b] & lines else 0
        if not x:
            return False
        elims = [(r, x) for r in add if self.cands[r] & _bit(x)]
        return bool(elims) and self.emit(UR6, corners, a, b, elims, digit=x, cells=add)

    def hidden(self, rect: _Rect) -> bool:
        corners, a, b, two, add = rect
        if not (len(two) == 1 or (len(two) == 2 and _ROW[two[0]] != _ROW[two[1]] and _COL[two[0]] != _COL[two[1]])):
            return False
        box = 1 << corners[0] | 1 << corners[1] | 1 << corners[2] | 1 << corners[3]
        for corner in two:
            row = _ROW[add[0]] if _ROW[add[0]] != _ROW[corner] else _ROW[add[1]]
            col = _COL[add[0]] if _COL[add[0]] != _COL[corner] else _COL[add[1]]
            opposite = row * 9 + col
            for x, y in ((a, b), (b, a)):
                if self.where[x] & (_HOUSE_MASK[row] | _HOUSE_MASK[9 + col]) & ~box:
                    continue
                if self.cands[opposite] & _bit(y) and self.emit(HIDDEN, corners, a, b, [(opposite, y)], digit=x, cell=corner):
                    return True
        return False

    def avoidable(self, rect: tuple[tuple[int, int, int, int], int, int], kind: int) -> bool:
        corners, a, b = rect
        values, cands = self.values, self.cands
        _i11, _i12, i21, i22 = corners
        if values[i21] or values[i22]:
            if kind != AR1:
                return False
            cell, digit = (i22, a) if values[i21] else (i21, b)
            if not cands[cell] & _bit(digit):
                return False
            return self.emit(AR1, corners, a, b, [(cell, digit)], digit=digit, cell=cell)
        if kind != AR2:
            return False
        extra = cands[i21] & ~_bit(b)
        if not cands[i22] & extra:
            return False
        c = _DIGITS[extra][0]
        targets = _cells(self.where[c] & _PEER[i21] & _PEER[i22])
        return bool(targets) and self.emit(AR2, corners, a, b, [(t, c) for t in targets], digit=c)

    def bug_plus_1(self) -> None:
        cands, where = self.cands, self.where
        plus = -1
        for cell in range(81):
            n = _POP[cands[cell]]
            if n > 2:
                if n > 3 or plus >= 0:
                    return
                plus = cell
            elif n == 1:
                return
        if plus < 0:
            return
        houses = (_ROW[plus], 9 + _COL[plus], 18 + _BOX[plus])
        true_digit = 0
        for d in _DIGITS[cands[plus]]:
            if all(bin(where[d] & _HOUSE_MASK[h]).count("1") == 3 for h in houses):
                true_digit = d
        if not true_digit:
            return
        for h in range(27):
            for d in range(1, 10):
                n = bin(where[d] & _HOUSE_MASK[h]).count("1")
                if d == true_digit and h in houses:
                    if n != 3:
                        return
                elif n not in (0, 2):
                    return
        others = [(plus, d) for d in _DIGITS[cands[plus]] if d != true_digit]
        self.emit(BUG, (255, 255, 255, 255), 0, 0, others, digit=true_digit, cell=plus)

    def run(self, kinds: int) -> None:
        urs = self.unique_rects() if kinds & 0x7F else []
        ars = self.avoidable_rects() if kinds & 0x180 else []
        for kind in range(10):
            if not kinds >> kind & 1:
                continue
            self.count = 0
            if kind == BUG:
                self.bug_plus_1()
                continue
            if kind >= AR1:
                for q in ars:
                    if self.avoidable(q, kind):
                        break
                continue
            for rect in urs:
                n2 = len(rect[3])
                if kind == UR1:
                    stop = n2 == 3 and self.ur1(rect)
                elif kind in (UR2, UR5):
                    stop = n2 in (1, 2) and self.ur25(rect, kind)
                elif kind == UR3:
                    stop = n2 == 2 and self.ur3(rect)
                elif kind == UR4:
                    stop = n2 == 2 and self.ur4(rect)
                elif kind == UR6:
                    stop = n2 == 2 and self.ur6(rect)
                else:
                    stop = self.hidden(rect)
                if stop:
                    break


def _one_line(cells: tuple[int, ...]) -> bool:
    return len({_ROW[c] for c in cells}) == 1 or len({_COL[c] for c in cells}) == 1


def ho_rects(cands: bytes, values: bytes, givens: bytes, kinds: int, max_per_kind: int) -> bytes:
    """The records of HoDoKu's rectangle steps of the ``kinds`` (bit mask: Uniqueness Test
    1-6, Hidden Rectangle, Avoidable Rectangle 1-2, BUG+1), at most ``max_per_kind`` of each (0:
    all); see ``_core.pyi``. Raises ValueError on bad input."""
    if len(cands) != 162 or len(values) != 81 or len(givens) != 81:
        raise ValueError("need 81 native uint16 candidate masks, 81 values and 81 given flags")
    masks = array("H", cands).tolist()
    if max(masks) > 0x1FF or max(values) > 9 or max(givens) > 1 or max_per_kind < 0 or not 0 <= kinds <= 0x3FF:
        raise ValueError("candidate masks must be 0..0x1FF, values 0..9, given flags 0/1, kinds 0..0x3FF and max_per_kind >= 0")
    search = _Search(masks, bytes(values), bytes(givens), max_per_kind)
    search.run(kinds)
    return bytes(search.out)
