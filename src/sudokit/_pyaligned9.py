"""Pure-Python twin of csrc/aligned9.c: Sudoku Explainer's Aligned Pair/Triplet Exclusion.

Re-exported by :mod:`sudokit._pycore` as ``se_aligned``; the contract is in ``_core.pyi``
and the record layout in ``csrc/aligned9.h``. Same search, same order, same bytes as the
C code; :mod:`sudokit.human.se_rules` turns the records into steps.

SE's rule (serate 1.2.1.3 ``AlignedExclusion``): a *base* cell has two or more
candidates, no peer with a single candidate, and at least one *excluder*: a peer with
2..degree candidates (peers in SE's order: the box, the rest of the row, the rest of the
column). Every pair of base cells is tried in colex order ((0,1) (0,2) (1,2) (0,3) ...);
for triplets, every third base cell among the pair's excluders (the first cell's in its
order, then the second's). The cells need two or more excluders in common. A combination
of one digit per base cell is not allowed when two base cells that see each other get the
same digit, or when it holds every candidate of a common excluder (that cell would be
left empty); a base candidate no allowed combination uses is removed.
"""

from __future__ import annotations

from array import array

__all__ = ["se_aligned"]

_BOX = tuple(r // 3 * 3 + c // 3 for r in range(9) for c in range(9))
#: A cell's peers in SE's order: the box (ascending), the rest of the row, the rest of the column.
_PEERS = tuple(
    tuple(c for c in range(81) if c != i and _BOX[c] == _BOX[i])
    + tuple(i // 9 * 9 + k for k in range(9) if _BOX[i // 9 * 9 + k] != _BOX[i])
    + tuple(k * 9 + i % 9 for k in range(9) if _BOX[k * 9 + i % 9] != _BOX[i])
    for i in range(81)
)
_SEES = tuple(frozenset(_PEERS[i]) for i in range(81))
_POP = tuple(bin(m).count("1") for m in range(512))
_BITS = tuple(tuple(1 << d for d in range(9) if m >> d & 1) for m in range(512))


def se_aligned(cands: bytes, degree: int, max_hints: int) -> tuple[bytes, int]:
    """The Aligned Pair (``degree`` 2) / Triplet (3) Exclusion hints: ``(records, spent)``
    (see ``_core.pyi``)."""
    if len(cands) != 162:
        raise ValueError("need 81 native uint16 candidate masks")
    masks = array("H", cands).tolist()
    if degree not in (2, 3) or max_hints < 0 or any(m > 0x1FF for m in masks):
        raise ValueError("candidate masks must be 0..0x1FF, degree 2 or 3, max_hints >= 0")
    out = bytearray()
    spent = 0
    found = 0
    bases, excluders, reach = _bases(masks, degree)
    if len(bases) < degree:
        return b"", 0
    is_base = set(bases)
    for i1 in range(1, len(bases)):
        c1 = bases[i1]
        for i0 in range(i1):
            c0 = bases[i0]
            spent += 1
            if degree == 2:
                common = reach[c0] & reach[c1]
                if common.bit_count() >= 2:
                    found += _exclusion(masks, (c0, c1), common, out)
            else:
                pair = reach[c0] & reach[c1]
                if pair.bit_count() < 2:
                    continue
                thirds = excluders[c0] + [c for c in excluders[c1] if not reach[c0] >> c & 1]
                for c2 in thirds:
                    if c2 not in is_base or c2 == c0 or c2 == c1:
                        continue
                    common = pair & reach[c2]
                    if common.bit_count() >= 2:
                        found += _exclusion(masks, (c0, c1, c2), common, out)
                        if max_hints and found >= max_hints:
                            return bytes(out), spent
            if max_hints and found >= max_hints:
                return bytes(out), spent
    return bytes(out), spent


def _bases(masks: list[int], degree: int) -> tuple[list[int], dict[int, list[int]], dict[int, int]]:
    """The base cells (ascending), each one's excluders (SE's peer order) and their 81-bit mask."""
    bases: list[int] = []
    excluders: dict[int, list[int]] = {}
    reach: dict[int, int] = {}
    for cell in range(81):
        if _POP[masks[cell]] < 2:
            continue
        cells = []
        for other in _PEERS[cell]:
            n = _POP[masks[other]]
            if n == 1:
                break  # a naked single among the peers: SE skips the cell
            if 2 <= n <= degree:
                cells.append(other)
        else:
            if cells:
                bases.append(cell)
                excluders[cell] = cells
                reach[cell] = sum(1 << c for c in cells)
    return bases, excluders, reach


def _exclusion(masks: list[int], base: tuple[int, ...], common: int, out: bytearray) -> int:
    """Append the record of the candidates of ``base`` no allowed combination uses; 1 if
    one was appended."""
    locks = [masks[c] for c in range(81) if common >> c & 1]
    n = len(base)
    full = [masks[c] for c in base]
    allowed = [0] * n
    s01 = base[1] in _SEES[base[0]]
    for b0 in _BITS[full[0]]:
        for b1 in _BITS[full[1]]:
            if b0 == b1 and s01:
                continue
            if n == 2:
                combo = b0 | b1
                if any(not m & ~combo for m in locks):
                    continue
                allowed[0] |= b0
                allowed[1] |= b1
                continue
            s02, s12 = base[2] in _SEES[base[0]], base[2] in _SEES[base[1]]
            for b2 in _BITS[full[2]]:
                combo = b0 | b1 | b2
                if (b2 == b0 and s02) or (b2 == b1 and s12) or any(not m & ~combo for m in locks):
                    continue
                allowed[0] |= b0
                allowed[1] |= b1
                allowed[2] |= b2
    gone = [(c, full[k] & ~allowed[k]) for k, c in enumerate(base) if full[k] & ~allowed[k]]
    if not gone:
        return 0
    out.append(len(gone))
    for c, mask in gone:
        out += bytes((c, mask & 0xFF, mask >> 8))
    return 1
