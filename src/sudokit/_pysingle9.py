"""Pure-Python twin of csrc/hosingle9.c: the single-digit pattern searches of
:mod:`sudokit.human.single_digit` and the X-Chain search of :mod:`sudokit.human.chains`.

Re-exported by :mod:`sudokit._pycore` as ``ho_single``; the contract is in ``_core.pyi`` and
the record layouts in ``csrc/hosingle9.h``. Same searches, same order, same bytes as the C
code. A *strong link* of digit d is a house holding exactly two places for d, written
(house, lower cell, higher cell), houses in order (rows, columns, boxes).

* Skyscraper (kind 0): row links of every digit, then column links; per digit, link pairs
  in house order whose first cells (or else last cells) share a cross line and whose
  other ends do not (an X-Wing); the targets are d's places seeing both far ends.
* 2-String Kite (1): per digit, row link then column link; near ends tried first-first,
  first-last, last-first, last-last until two share a box; four distinct cells; the one
  target where the far ends' lines cross.
* Turbot Fish (2): every chain s=a-b=c on one digit over HoDoKu's X-Chain links (the
  other places of the cell's row, column, then box cells outside both; strong when the
  house holds two), except those HoDoKu's Skyscraper and Kite searches find; stably
  sorted by more targets, the smaller weighted index sum, start cell, digit.
* Empty Rectangle (3): per digit and box (2+ places), the box's crosses (a row and a
  column of the box covering its places, both used) with a row or column strong link
  outside the box (near end on the cross's column or row); per box sorted from the last
  row and column back, column links before row links, by near end.
* X-Chain (4): HoDoKu 2.2's depth-first ``ChainSolver`` (see ``csrc/hosingle9.h``).
"""

from __future__ import annotations

from array import array

__all__ = ["ho_single"]

MAX_LINKS = 20
_ROW = tuple(c // 9 for c in range(81))
_COL = tuple(c % 9 for c in range(81))
_BOX = tuple(c // 27 * 3 + c % 9 // 3 for c in range(81))
_HOUSE_CELLS = (
    tuple(tuple(9 * r + k for k in range(9)) for r in range(9))
    + tuple(tuple(9 * k + c for k in range(9)) for c in range(9))
    + tuple(tuple((b // 3 * 3 + k // 3) * 9 + b % 3 * 3 + k % 3 for k in range(9)) for b in range(9))
)
_HOUSE_MASK = tuple(sum(1 << c for c in cells) for cells in _HOUSE_CELLS)
_CELL_HOUSES = tuple((_ROW[c], 9 + _COL[c], 18 + _BOX[c]) for c in range(81))
_PEER = tuple((_HOUSE_MASK[_ROW[c]] | _HOUSE_MASK[9 + _COL[c]] | _HOUSE_MASK[18 + _BOX[c]]) & ~(1 << c) for c in range(81))


class _Budget(Exception):
    pass


def _cells(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def ho_single(cands: bytes, kind: int, budget: int) -> tuple[bytes | None, int]:
    """The records of search ``kind``: ``(records or None past the budget, spent)``."""
    if len(cands) != 162:
        raise ValueError("need 81 native uint16 candidate masks")
    masks = array("H")
    masks.frombytes(cands)
    if any(m > 0x1FF for m in masks) or budget < 0 or not 0 <= kind <= 4:
        raise ValueError("candidate masks must be 0..0x1FF, the kind 0..4 and the budget >= 0")
    where = [0] + [sum(1 << c for c in range(81) if masks[c] >> (d - 1) & 1) for d in range(1, 10)]
    out = bytearray()
    if kind == 0:
        _skyscraper(where, out)
    elif kind == 1:
        _kite(where, out)
    elif kind == 2:
        _turbot(where, out)
    elif kind == 3:
        _empty_rectangle(where, out)
    else:
        search = _XChain(where, budget, out)
        try:
            search.run()
        except _Budget:
            return None, search.spent
        return bytes(out), search.spent
    return bytes(out), 0


def _strong_links(places: int, lo: int, hi: int) -> list[tuple[int, int, int]]:
    links = []
    for h in range(lo, hi):
        m = places & _HOUSE_MASK[h]
        if m.bit_count() == 2:
            links.append((h, (m & -m).bit_length() - 1, m.bit_length() - 1))
    return links


def _emit_link(out: bytearray, d: int, h1: int, e1: int, f1: int, h2: int, e2: int, f2: int, targets: int) -> None:
    cells = _cells(targets)
    out += bytes((d, h1, e1, f1, h2, e2, f2, len(cells), *cells))


def _skyscraper(where: list[int], out: bytearray) -> None:
    for lines in (True, False):
        cross = _COL if lines else _ROW
        for d in range(1, 10):
            links = _strong_links(where[d], 0, 9) if lines else _strong_links(where[d], 9, 18)
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
                    targets = where[d] & _PEER[f1] & _PEER[f2]
                    if targets:
                        _emit_link(out, d, h1, e1, f1, h2, e2, f2, targets)


def _kite(where: list[int], out: bytearray) -> None:
    for d in range(1, 10):
        rows, cols = _strong_links(where[d], 0, 9), _strong_links(where[d], 9, 18)
        for h1, a1, b1 in rows:
            for h2, a2, b2 in cols:
                for e1, f1, e2, f2 in ((a1, b1, a2, b2), (a1, b1, b2, a2), (b1, a1, a2, b2), (b1, a1, b2, a2)):
                    if _BOX[e1] == _BOX[e2]:
                        break
                else:
                    continue
                if len({a1, b1, a2, b2}) < 4:
                    continue
                target = _ROW[f2] * 9 + _COL[f1]
                if where[d] >> target & 1:
                    _emit_link(out, d, h1, e1, f1, h2, e2, f2, 1 << target)


def _chain_links(places: int) -> dict[int, list[tuple[int, bool]]]:
    """HoDoKu's X-Chain links of one digit: for every place, the other places of its row,
    column and box (box cells outside both), each strong when that house holds two."""
    out: dict[int, list[tuple[int, bool]]] = {}
    for cell in _cells(places):
        links: list[tuple[int, bool]] = []
        for k, h in enumerate(_CELL_HOUSES[cell]):
            m = places & _HOUSE_MASK[h]
            strong = m.bit_count() == 2
            for other in _HOUSE_CELLS[h]:
                if other == cell or not m >> other & 1:
                    continue
                if k == 2 and (_ROW[other] == _ROW[cell] or _COL[other] == _COL[cell]):
                    continue
                links.append((other, strong))
        out[cell] = links
    return out


def _link_house(places: int, a: int, b: int) -> int:
    """The house where ``a`` and ``b`` are the digit's only two places (row, column, box)."""
    for h in _CELL_HOUSES[a]:
        if _HOUSE_MASK[h] >> b & 1 and (places & _HOUSE_MASK[h]).bit_count() == 2:
            return h
    return -1


def _named_elsewhere(places: int, s: int, a: int, b: int, c: int) -> bool:
    """Is s=a-b=c what HoDoKu's Skyscraper or 2-String Kite search finds (near ends a, b)?"""
    h1, h2 = _link_house(places, a, s), _link_house(places, b, c)
    if h1 >= 18 or h2 >= 18 or h1 < 0 or h2 < 0:
        return False
    if (h1 < 9) != (h2 < 9):  # a row and a column link: a Kite when the near ends share a box
        return _BOX[a] == _BOX[b] and len({s, a, b, c}) == 4
    cross = _COL if h1 < 9 else _ROW
    p0, p1 = min(s, a), max(s, a)
    q0, q1 = min(b, c), max(b, c)
    if cross[p0] == cross[q0]:
        return (a, b) == (p0, q0)
    return cross[p1] == cross[q1] and (a, b) == (p1, q1)


def _turbot(where: list[int], out: bytearray) -> None:
    found: list[tuple[int, int, int, int, int, int, int]] = []  # (-n, sum, s, d, a, b, c)
    for d in range(1, 10):
        places = where[d]
        links = _chain_links(places)
        for s in _cells(places):
            for a, strong in links[s]:
                if not strong:
                    continue
                for b, _ in links[a]:
                    if b == s:
                        continue
                    for c, strong2 in links[b]:
                        if not strong2 or c == a or _named_elsewhere(places, s, a, b, c):
                            continue
                        targets = _cells(places & _PEER[s] & _PEER[c])
                        if targets:
                            total = sum(cell * (1 + 80 * k) + d for k, cell in enumerate(targets))
                            found.append((-len(targets), total, s, d, a, b, c))
    found.sort(key=lambda f: (f[0], f[1], f[2], f[3]))  # stable: the search order breaks ties
    for _n, _sum, s, d, a, b, c in found:
        places = where[d]
        _emit_link(out, d, _link_house(places, s, a), a, s, _link_house(places, b, c), b, c, places & _PEER[s] & _PEER[c])


def _empty_rectangle(where: list[int], out: bytearray) -> None:
    for d in range(1, 10):
        links = _strong_links(where[d], 0, 18)
        for box in range(18, 27):
            in_box = where[d] & _HOUSE_MASK[box]
            if in_box.bit_count() < 2:
                continue
            b = box - 18
            found: list[tuple[tuple[int, int, bool, int], bytes]] = []
            for row in range(3 * (b // 3), 3 * (b // 3) + 3):
                for col in range(3 * (b % 3), 3 * (b % 3) + 3):
                    row_mask, col_mask = _HOUSE_MASK[row], _HOUSE_MASK[9 + col]
                    if in_box & ~(row_mask | col_mask):
                        continue
                    if not in_box & ~row_mask or not in_box & ~col_mask:
                        continue  # all in one line: that is a Pointing, not a rectangle
                    for h, a, z in links:
                        if _HOUSE_MASK[h] & _HOUSE_MASK[box]:
                            continue
                        for near, far in ((a, z), (z, a)):
                            if h >= 9 and _ROW[near] == row:  # column link, near end on the ER row
                                target = _ROW[far] * 9 + col
                            elif h < 9 and _COL[near] == col:  # row link, near end on the ER column
                                target = row * 9 + _COL[far]
                            else:
                                continue
                            if _BOX[target] == b or not where[d] >> target & 1:
                                continue
                            found.append(((-row, -col, _ROW[near] != row, near), bytes((d, box, row, col, h, near, far, target))))
            found.sort(key=lambda f: f[0])
            for _key, rec in found:
                out += rec


class _XChain:
    """HoDoKu's ``ChainSolver.getChains(X_CHAIN)``: its stack walk written as recursion
    (the same links in the same order; a cell on the chain is never entered again)."""

    def __init__(self, where: list[int], budget: int, out: bytearray) -> None:
        self.where, self.budget, self.out = where, budget, out
        self.spent = 0
        self.best: dict[tuple[int, int], int] = {}  # (digit, eliminations) -> fewest links reported
        self.links = [{} if d == 0 else _chain_links(where[d]) for d in range(10)]
        self.d = self.start = self.start_set = self.used = 0
        self.chain: list[int] = []

    def run(self) -> None:
        for start in range(81):
            for d in range(1, 10):
                if not self.where[d] >> start & 1:
                    continue
                for cell, strong in self.links[d][start]:
                    if strong:
                        self.d, self.start, self.start_set = d, start, _PEER[start] & self.where[d]
                        self.chain = [start, cell]
                        self.used = 1 << start | 1 << cell
                        self.extend(cell, False)

    def extend(self, cell: int, strong_only: bool) -> None:
        """From chain entry ``cell`` (the next link strong only, or either kind)."""
        chain = self.chain
        for nxt, strong in self.links[self.d][cell]:
            if strong_only and not strong:
                continue
            loop = False
            if self.used >> nxt & 1:
                if nxt != self.start:
                    continue  # back to the chain
                loop = True  # back to the start: checked, not extended
            self.spent += 1
            if self.spent > self.budget:
                raise _Budget
            chain.append(nxt)
            if strong_only:  # a strong link ends a chain; one used as a weak link does not
                elims = self.start_set & _PEER[nxt]
                if elims:
                    self.check(elims)
            if len(chain) <= MAX_LINKS and not loop:
                self.used |= 1 << nxt
                self.extend(nxt, not strong_only)
                self.used &= ~(1 << nxt)
            chain.pop()

    def check(self, elims: int) -> None:
        level = len(self.chain) - 1
        old = self.best.get((self.d, elims))
        if old is not None and old <= level:
            return
        self.best[(self.d, elims)] = level
        self.out += bytes((self.d, level + 1, *self.chain))
