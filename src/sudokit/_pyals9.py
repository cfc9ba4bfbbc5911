"""Pure-Python twin of csrc/hoals9.c: HoDoKu's almost locked sets and restricted commons.

Re-exported by :mod:`sudokit._pycore` as ``ho_als``; the contract is in ``_core.pyi`` and
the record layout in ``csrc/hoals9.h``. Same search, same order, same bytes as the C code;
:mod:`sudokit.human.als` builds its ALS objects and steps from them.

An ALS is n cells (1..8) of one house holding n + 1 digits, collected as HoDoKu does:
houses in order (rows, columns, boxes), cell subsets of the house's empty cells depth
first, each cell set once. Two ALS that do not overlap have a restricted common X when
every X cell of both sees every X cell of the other (at most two are listed); the pairs
(i < j) in order.
"""

from __future__ import annotations

from array import array

__all__ = ["ho_als"]

_HOUSE_CELLS = (
    [[r * 9 + c for c in range(9)] for r in range(9)]
    + [[r * 9 + c for r in range(9)] for c in range(9)]
    + [[(b // 3 * 3 + k // 3) * 9 + b % 3 * 3 + k % 3 for k in range(9)] for b in range(9)]
)
_HOUSE = tuple(sum(1 << c for c in cells) for cells in _HOUSE_CELLS)
_PEER = tuple(
    (_HOUSE[i // 9] | _HOUSE[9 + i % 9] | _HOUSE[18 + i // 27 * 3 + i % 9 // 3]) & ~(1 << i) for i in range(81)
)
_POP = tuple(bin(m).count("1") for m in range(512))
_DIGITS = tuple(tuple(d for d in range(1, 10) if m >> (d - 1) & 1) for m in range(512))
_ALL = (1 << 81) - 1


def _alses(cands: list[int]) -> list[tuple[int, int]]:
    """(cells, digits) of every ALS in HoDoKu's order."""
    out: list[tuple[int, int]] = []
    seen: set[int] = set()
    for house in _HOUSE_CELLS:
        free = [c for c in house if cands[c]]

        def grow(start: int, cells: int, digits: int, n: int) -> None:
            if n >= 8:
                return
            for k in range(start, len(free)):
                c = free[k]
                m, size = digits | cands[c], n + 1
                bits = cells | 1 << c
                if _POP[m] == size + 1 and bits not in seen:
                    seen.add(bits)
                    out.append((bits, m))
                grow(k + 1, bits, m, size)

        grow(0, 0, 0, 0)
    return out


def _reach(cands: list[int], where: list[int], cells: int, digits: int) -> list[int]:
    """Per digit of the ALS: its cells holding d, or with the cells outside it that hold d
    and see all of those (the twin of :class:`sudokit.human.als.Als`' ``cells_with | sees``)."""
    out = [0] * 10
    for d in _DIGITS[digits]:
        w = where[d] & cells
        seen = _ALL
        m = w
        while m:
            low = m & -m
            seen &= _PEER[low.bit_length() - 1]
            m ^= low
        out[d] = w | (where[d] & seen & ~cells)
    return out


def ho_als(cands: bytes) -> tuple[bytes, bytes]:
    """The ALS and restricted-common records: ``(alses, rcs)`` (see ``_core.pyi``)."""
    if len(cands) != 162:
        raise ValueError("need 81 native uint16 candidate masks")
    masks = array("H")
    masks.frombytes(cands)
    if any(m > 0x1FF for m in masks):
        raise ValueError("candidate masks must be 0..0x1FF")
    grid = list(masks)
    where = [0] * 10
    for c in range(81):
        for d in _DIGITS[grid[c]]:
            where[d] |= 1 << c
    alses = _alses(grid)
    out = bytearray()
    for cells, digits in alses:
        out += cells.to_bytes(11, "little") + digits.to_bytes(2, "little")
    withs = [[where[d] & cells for d in range(10)] for cells, _ in alses]
    reach = [_reach(grid, where, cells, digits) for cells, digits in alses]
    rcs = bytearray()
    for i, (ca, da) in enumerate(alses):
        wa, ra = withs[i], reach[i]
        for j in range(i + 1, len(alses)):
            cb, db = alses[j]
            common = da & db
            if not common or ca & cb:
                continue
            wb, rb = withs[j], reach[j]
            found = []
            for d in _DIGITS[common]:
                if not (wa[d] | wb[d]) & ~(ra[d] & rb[d]):
                    found.append(d)
                    if len(found) == 2:
                        break
            if found:
                rcs += i.to_bytes(2, "little") + j.to_bytes(2, "little") + bytes((found[0], found[1] if len(found) > 1 else 0))
    return bytes(out), bytes(rcs)
