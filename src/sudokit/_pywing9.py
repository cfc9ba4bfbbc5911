"""Pure-Python twin of csrc/howing9.c: HoDoKu's XY-Wing, XYZ-Wing and W-Wing searches.

Re-exported by :mod:`sudokit._pycore` as ``ho_wings``; the contract is in ``_core.pyi`` and
the record layout in ``csrc/howing9.h``. Same search, same order, same bytes as the C code;
:mod:`sudokit.human.wings` writes the steps.

XY-Wing: a bivalue pivot {x,y} and two bivalue peers {x,z}, {y,z}; z leaves the cells seeing
both pincers. XYZ-Wing: a pivot {x,y,z}; z leaves the cells seeing all three. Both sorted as
HoDoKu's WingSolver takes them (XY: the three cells ascending, then the pivot's place; XYZ:
pivot, then pincers). W-Wing: equal bivalue cells a < b {x,y}, y ascending; the link is the
first house (rows, columns, boxes) with exactly two places for x, one seeing a, one b.
"""

from __future__ import annotations

from array import array

__all__ = ["ho_wings"]

_HOUSE_CELLS = (
    [[r * 9 + c for c in range(9)] for r in range(9)]
    + [[r * 9 + c for r in range(9)] for c in range(9)]
    + [[(b // 3 * 3 + k // 3) * 9 + b % 3 * 3 + k % 3 for k in range(9)] for b in range(9)]
)
_CELL_HOUSES = [(c // 9, 9 + c % 9, 18 + c // 27 * 3 + c % 9 // 3) for c in range(81)]
_PEERS = [sorted({q for h in _CELL_HOUSES[c] for q in _HOUSE_CELLS[h]} - {c}) for c in range(81)]
_SEES = [set(p) for p in _PEERS]


def _pop(m: int) -> int:
    return bin(m).count("1")


def _digits(m: int) -> list[int]:
    return [d for d in range(1, 10) if m >> (d - 1) & 1]


def _record(out: bytearray, head: tuple[int, ...], targets: list[int]) -> None:
    out.extend(head)
    out.append(len(targets))
    out.extend(targets)


def _wings(cands: list[int], size: int, out: bytearray) -> None:
    found = []
    for pivot in range(81):
        pm = cands[pivot]
        if _pop(pm) != size:
            continue
        pincers = [q for q in _PEERS[pivot] if _pop(cands[q]) == 2 and _pop(cands[q] & pm) == size - 1
                   and (size == 3 or cands[q] != pm)]
        for i, q1 in enumerate(pincers):
            for q2 in pincers[i + 1:]:
                m1, m2 = cands[q1], cands[q2]
                z = m1 & m2
                if m1 == m2 or _pop(z) != 1:
                    continue
                if size == 2 and (z & pm or (m1 | m2) & pm != pm) or size == 3 and (not z & pm or (m1 | m2) != pm):
                    continue
                seers = (q1, q2) if size == 2 else (q1, q2, pivot)
                targets = [c for c in range(81) if c != pivot and cands[c] & z and all(c in _SEES[s] for s in seers)]
                if not targets:
                    continue
                if size == 2:
                    trio = sorted((pivot, q1, q2))
                    key = (trio[0], trio[1], trio[2], trio.index(pivot))
                else:
                    key = (pivot, min(q1, q2), max(q1, q2), 0)
                found.append((key, (size - 2, pivot, q1, q2, _digits(z)[0], 255, 255, 255, 255), targets))
    found.sort(key=lambda f: f[0])
    for _key, head, targets in found:
        _record(out, head, targets)


def _w_link(cands: list[int], x: int, a: int, b: int) -> tuple[int, int, int] | None:
    for h, house in enumerate(_HOUSE_CELLS):
        places = [c for c in house if cands[c] >> (x - 1) & 1]
        if len(places) != 2:
            continue
        s1 = s2 = -1
        for c in sorted(places):
            if c in (a, b):
                continue
            if a in _SEES[c]:
                s1 = c
            elif b in _SEES[c]:
                s2 = c
        if s1 >= 0 and s2 >= 0:
            return h, s1, s2
    return None


def _w_wings(cands: list[int], out: bytearray) -> None:
    bivalue = [c for c in range(81) if _pop(cands[c]) == 2]
    for i, a in enumerate(bivalue):
        for b in bivalue[i + 1:]:
            if cands[a] != cands[b]:
                continue
            for y in _digits(cands[a]):
                targets = [c for c in range(81) if cands[c] >> (y - 1) & 1 and c in _SEES[a] and c in _SEES[b]]
                if not targets:
                    continue
                x = _digits(cands[a] & ~(1 << (y - 1)))[0]
                link = _w_link(cands, x, a, b)
                if link is not None:
                    _record(out, (2, a, b, 255, y, x, *link), targets)


def ho_wings(cands: bytes) -> bytes:
    """Every XY-Wing, XYZ-Wing and W-Wing in HoDoKu's order (``_core.pyi``)."""
    if len(cands) != 162:
        raise ValueError("need 81 native uint16 candidate masks")
    grid = array("H", cands).tolist()
    if any(m > 0x1FF for m in grid):
        raise ValueError("candidate masks must be 0..0x1FF")
    out = bytearray()
    _wings(grid, 2, out)
    _wings(grid, 3, out)
    _w_wings(grid, out)
    return bytes(out)
