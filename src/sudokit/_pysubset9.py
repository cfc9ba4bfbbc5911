"""Pure-Python twin of csrc/subset9.c: the naked and hidden subset searches.

Re-exported by :mod:`sudokit._pycore` as ``subsets``; the contract is in ``_core.pyi`` and
the record layout in ``csrc/subset9.h``. Same search, same order, same bytes as the C code;
:mod:`sudokit.human.subsets` lists the eliminations and writes the steps.

Naked subsets of size n (2-4), houses in order: the cells holding 2..n candidates, their
n-combinations in cell order whose candidates together are n digits, kept when another
cell of the house holds one of them. Hidden subsets of size n, houses with more than n
empty cells: the digits with 1..n places, their n-combinations in digit order whose
places together are n cells, kept when one of those cells holds another digit.
"""

from __future__ import annotations

from array import array
from itertools import combinations

__all__ = ["subsets"]

_HOUSE_CELLS = (
    [[r * 9 + c for c in range(9)] for r in range(9)]
    + [[r * 9 + c for r in range(9)] for c in range(9)]
    + [[(b // 3 * 3 + k // 3) * 9 + b % 3 * 3 + k % 3 for k in range(9)] for b in range(9)]
)
_POP = tuple(bin(m).count("1") for m in range(512))


def _naked(cands: list[int], size: int, out: bytearray) -> None:
    for h, house in enumerate(_HOUSE_CELLS):
        cells = [c for c in house if 2 <= _POP[cands[c]] <= size]
        for combo in combinations(cells, size):
            union = 0
            for c in combo:
                union |= cands[c]
            if _POP[union] == size and any(c not in combo and cands[c] & union for c in house):
                out.extend((0, size, h, *combo, union & 0xFF, union >> 8))


def _hidden(cands: list[int], values: bytes, size: int, out: bytearray) -> None:
    for h, house in enumerate(_HOUSE_CELLS):
        if sum(1 for c in house if not values[c]) <= size:
            continue
        places = [(d, sum(1 << k for k, c in enumerate(house) if cands[c] >> (d - 1) & 1)) for d in range(1, 10)]
        for combo in combinations([(d, p) for d, p in places if 1 <= _POP[p] <= size], size):
            union = digits = 0
            for d, p in combo:
                union |= p
                digits |= 1 << (d - 1)
            if _POP[union] != size:
                continue
            cells = [house[k] for k in range(9) if union >> k & 1]
            if any(cands[c] & ~digits for c in cells):
                out.extend((1, size, h, *cells, digits & 0xFF, digits >> 8))


def subsets(cands: bytes, values: bytes) -> bytes:
    """Every naked, then every hidden subset of sizes 2-4 (``_core.pyi``)."""
    if len(cands) != 162 or len(values) != 81:
        raise ValueError("need 81 native uint16 candidate masks and 81 values")
    grid = array("H", cands).tolist()
    if any(m > 0x1FF for m in grid) or any(v > 9 for v in values):
        raise ValueError("candidate masks must be 0..0x1FF and values 0..9")
    out = bytearray()
    for size in (2, 3, 4):
        _naked(grid, size, out)
    for size in (2, 3, 4):
        _hidden(grid, values, size, out)
    return bytes(out)
