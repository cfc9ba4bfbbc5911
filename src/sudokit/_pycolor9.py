"""Pure-Python twin of csrc/hocolor9.c: HoDoKu's Simple Colors and Multi-Colors.

Re-exported by :mod:`sudokit._pycore` as ``ho_colors``; the contract is in ``_core.pyi`` and
the record layout in ``csrc/hocolor9.h``. Same search, same order, same bytes as the C code;
:mod:`sudokit.human.coloring` writes the steps.

Per digit the strong links (houses with exactly two places; rows, columns, boxes in order)
form a graph whose connected components, from the lowest cell up, are the clusters, colored
by parity (a component that cannot be two-colored is left out: the candidates are
contradictory). Simple Colors per digit and cluster: the wrap, then the trap (4+ cells).
Multi-Colors per digit and ordered pair of different clusters: type 2, then type 1.
"""

from __future__ import annotations

from array import array

__all__ = ["ho_colors"]

_HOUSE_CELLS = (
    [[r * 9 + c for c in range(9)] for r in range(9)]
    + [[r * 9 + c for r in range(9)] for c in range(9)]
    + [[(b // 3 * 3 + k // 3) * 9 + b % 3 * 3 + k % 3 for k in range(9)] for b in range(9)]
)
_CELL_HOUSES = [(c // 9, 9 + c % 9, 18 + c // 27 * 3 + c % 9 // 3) for c in range(81)]
_PEERS = [
    sum(1 << p for p in {q for h in _CELL_HOUSES[c] for q in _HOUSE_CELLS[h]} - {c})
    for c in range(81)
]


def _cells(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _seen(mask: int) -> int:
    s = 0
    for c in _cells(mask):
        s |= _PEERS[c]
    return s


def _clusters(cands: list[int], d: int, out: bytearray) -> list[tuple[int, int, int, int]]:
    """Digit ``d``'s clusters, written to ``out``: (color-1 mask, color-2 mask, their sights)."""
    bit = 1 << (d - 1)
    graph: dict[int, list[int]] = {}
    first_house: dict[tuple[int, int], int] = {}
    for h, house in enumerate(_HOUSE_CELLS):
        places = [c for c in house if cands[c] & bit]
        if len(places) == 2:
            a, b = min(places), max(places)
            graph.setdefault(a, []).append(b)
            graph.setdefault(b, []).append(a)
            first_house.setdefault((a, b), h)
    color: dict[int, int] = {}
    found = []
    for start in sorted(graph):
        if start in color:
            continue
        color[start] = 0
        stack, members, ok = [start], {start}, True
        while stack:
            cell = stack.pop()
            for nxt in graph[cell]:
                if nxt not in color:
                    color[nxt] = 1 - color[cell]
                    members.add(nxt)
                    stack.append(nxt)
                elif color[nxt] == color[cell]:
                    ok = False
        if not ok:
            continue
        m1 = sum(1 << c for c in members if color[c] == 0)
        m2 = sum(1 << c for c in members if color[c] == 1)
        houses = sorted(h for (a, _b), h in first_house.items() if a in members)
        out.append(d)
        for part in (_cells(m1), _cells(m2), houses):
            out.append(len(part))
            out.extend(part)
        found.append((m1, m2, _seen(m1), _seen(m2)))
    return found


def _record(out: bytearray, kind: int, d: int, i: int, j: int, elims: int) -> None:
    cells = _cells(elims)
    out.extend((kind, d, i, j, len(cells)))
    out.extend(cells)


def ho_colors(cands: bytes) -> tuple[bytes, bytes]:
    """The clusters and the Simple Colors / Multi-Colors records (``_core.pyi``)."""
    if len(cands) != 162:
        raise ValueError("need 81 native uint16 candidate masks")
    grid = array("H", cands).tolist()
    if any(m > 0x1FF for m in grid):
        raise ValueError("candidate masks must be 0..0x1FF")
    clusters, simple, multi = bytearray(), bytearray(), bytearray()
    for d in range(1, 10):
        where = sum(1 << c for c in range(81) if grid[c] >> (d - 1) & 1)
        found = _clusters(grid, d, clusters)
        for i, (m1, m2, s1, s2) in enumerate(found):
            bad = (m1 if s1 & m1 else 0) | (m2 if s2 & m2 else 0)
            if bad:
                _record(simple, 0, d, i, 255, bad)
            if bin(m1 | m2).count("1") >= 4 and where & s1 & s2 & ~(m1 | m2):
                _record(simple, 1, d, i, 255, where & s1 & s2 & ~(m1 | m2))
        for i, (a1, a2, sa1, sa2) in enumerate(found):
            for j, (b1, b2, sb1, sb2) in enumerate(found):
                if i == j:
                    continue
                elims = (a1 if sa1 & b1 and sa1 & b2 else 0) | (a2 if sa2 & b1 and sa2 & b2 else 0)
                if elims:
                    _record(multi, 2, d, i, j, elims)
                elims = 0
                for sx, my, su, sv in ((sa1, b1, sa2, sb2), (sa1, b2, sa2, sb1), (sa2, b1, sa1, sb2), (sa2, b2, sa1, sb1)):
                    if sx & my:
                        elims |= where & su & sv
                if elims:
                    _record(multi, 3, d, i, j, elims)
    return bytes(clusters), bytes(simple + multi)
