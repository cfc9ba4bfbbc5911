"""Pure-Python twin of csrc/hoxy9.c: the XY-Chain / Remote Pair search of
:mod:`sudokit.human.chains`.

Re-exported by :mod:`sudokit._pycore` as ``ho_xy``; the contract is in ``_core.pyi`` and
the record layout in ``csrc/hoxy9.h``. Same search, same order, same bytes as the C code.

HoDoKu 2.2's depth-first chain search (its ``ChainSolver``): from every bivalue cell
(ascending) and each of its digits d (ascending) set false, the chain goes to the cell's
other digit (true), then to a bivalue peer holding that digit (false; peers in HoDoKu's
link order: the row, the column, then the box cells outside both, each in house order),
to that cell's other digit (true), and so on, never back to a cell already on the chain,
at most 20 links (10 cells). Remote Pairs use only cells holding the start cell's two
digits. A chain ending true on d in a cell (2+ cells; Remote Pair 4+) where d has a place
seeing both ends is reported unless a chain with the same eliminations was reported with
no more links (HoDoKu's ``deletesMap``): XY-Chain, d where it sees both ends; Remote
Pair, both digits where they see two chain cells an odd number of cells (3+) apart.
"""

from __future__ import annotations

from array import array

__all__ = ["ho_xy"]

MAX_LINKS = 20
_BOX = tuple(r // 3 * 3 + c // 3 for r in range(9) for c in range(9))
#: Each cell's peers as a bit mask.
_PEER = tuple(
    sum(1 << c for c in range(81) if c != i and (c // 9 == i // 9 or c % 9 == i % 9 or _BOX[c] == _BOX[i]))
    for i in range(81)
)
#: Each cell's peers in HoDoKu's link order: row, column, then the box outside both.
_LINK_ORDER = tuple(
    tuple(c for c in range(9 * (i // 9), 9 * (i // 9) + 9) if c != i)
    + tuple(c for c in range(i % 9, 81, 9) if c != i)
    + tuple(c for c in range(81) if _BOX[c] == _BOX[i] and c // 9 != i // 9 and c % 9 != i % 9)
    for i in range(81)
)
_POP = tuple(bin(m).count("1") for m in range(512))


class _Budget(Exception):
    pass


def ho_xy(cands: bytes, remote: bool, budget: int) -> tuple[bytes | None, int]:
    """The chain records: ``(records or None past the budget, spent)`` (see ``_core.pyi``)."""
    if len(cands) != 162:
        raise ValueError("need 81 native uint16 candidate masks")
    masks = array("H")
    masks.frombytes(cands)
    if any(m > 0x1FF for m in masks) or budget < 0:
        raise ValueError("candidate masks must be 0..0x1FF and the budget >= 0")
    search = _Search(masks, remote, budget)
    try:
        for start in range(81):
            if _POP[masks[start]] == 2:
                for d in range(1, 10):
                    if masks[start] >> (d - 1) & 1:
                        search.run(start, d)
    except _Budget:
        return None, search.spent
    return bytes(search.out), search.spent


class _Search:
    def __init__(self, masks: array[int], remote: bool, budget: int) -> None:
        self.masks, self.remote, self.budget = masks, remote, budget
        self.where = [0] + [sum(1 << c for c in range(81) if masks[c] >> (d - 1) & 1) for d in range(1, 10)]
        self.out = bytearray()
        self.spent = 0
        self.best: dict[tuple[int, ...], int] = {}  # eliminations -> fewest links reported
        self.start = self.d = self.e = self.pair = 0
        self.chain: list[int] = []
        self.cells: list[int] = []
        self.used = 0

    def run(self, start: int, d: int) -> None:
        m = self.masks[start]
        self.start, self.d, self.pair = start, d, m if self.remote else 0
        self.e = (m & ~(1 << (d - 1))).bit_length()
        self.chain = [2 * (9 * start + d - 1), 2 * (9 * start + self.e - 1) + 1]
        self.cells = [start]
        self.used = 1 << start
        self.extend(start, self.e, 1)

    def extend(self, cell: int, x: int, level: int) -> None:
        """From ``cell`` with ``x`` true (chain entry ``level``) to the next cells."""
        if level >= MAX_LINKS:
            return
        masks, pair = self.masks, self.pair
        for c in _LINK_ORDER[cell]:
            m = masks[c]
            if not m >> (x - 1) & 1 or _POP[m] != 2 or (pair and m != pair):
                continue
            if self.used >> c & 1:
                continue  # back to the chain (to its start: a loop, never reported here)
            self.spent += 1
            if self.spent > self.budget:
                raise _Budget
            if level + 1 >= MAX_LINKS:
                continue
            y = (m & ~(1 << (x - 1))).bit_length()
            self.chain += (2 * (9 * c + x - 1), 2 * (9 * c + y - 1) + 1)
            self.cells.append(c)
            if y == self.d:
                self.check(c, level + 2)
            self.used |= 1 << c
            self.extend(c, y, level + 2)
            self.used &= ~(1 << c)
            del self.chain[-2:]
            self.cells.pop()

    def check(self, end: int, level: int) -> None:
        d, start = self.d, self.start
        ends = self.where[d] & _PEER[start] & _PEER[end]
        if not ends:
            return
        if not self.remote:
            key: tuple[int, ...] = (d, ends)
        elif level < 7:
            return
        else:
            seen = 0
            cells = self.cells
            for i in range(len(cells)):
                for j in range(i + 3, len(cells), 2):
                    seen |= _PEER[cells[i]] & _PEER[cells[j]]
            d1, d2 = sorted((d, self.e))
            key = (d1, self.where[d1] & seen, d2, self.where[d2] & seen)
        old = self.best.get(key)
        if old is not None and old <= level:
            return
        self.best[key] = level
        self.out.append(len(self.chain))
        for s in self.chain:
            self.out += bytes((s & 0xFF, s >> 8))
