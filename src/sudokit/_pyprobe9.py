"""Pure-Python twin of csrc/hoprobe9.c: the HoDoKu path's leading searches in one call.

Re-exported by :mod:`sudokit._pycore` as ``ho_probe``; the contract is in ``_core.pyi`` and
the kinds in ``csrc/hoprobe9.h``. It runs the twins of the searches the C code runs, in the
caller's order, and stops at the first that reports something: same result, same bytes.
"""

from __future__ import annotations

from array import array

from ._pyfish9 import ho_basic_fish
from ._pysingle9 import ho_single
from ._pywing9 import ho_wings
from ._pyxy9 import ho_xy

__all__ = ["ho_probe", "bug_plus_1"]

#: Number of kinds (csrc/hoprobe9.h: HP_KINDS).
KINDS = 18
_X_WING, _JELLYFISH, _SASHIMI_JELLYFISH, _SKYSCRAPER, _EMPTY_RECT = 0, 2, 8, 9, 12
_XY_WING, _W_WING, _REMOTE_PAIR = 13, 15, 16
_CELL_HOUSES = [(c // 9, 9 + c % 9, 18 + c // 27 * 3 + c % 9 // 3) for c in range(81)]


def ho_probe(cands: bytes, kinds: bytes, start: int, budget: int) -> tuple[int, bytes]:
    """(index in ``kinds`` of the first kind from ``start`` on that applies, its records);
    ``(len(kinds), b"")`` when none does."""
    masks = _masks(cands)
    if not 0 <= start <= len(kinds) or budget < 0 or any(k >= KINDS for k in kinds):
        raise ValueError("kinds must be 0..17, start 0..len(kinds) and the budget >= 0")
    wings: bytes | None = None
    for at in range(start, len(kinds)):
        kind = kinds[at]
        data: bytes | None
        if kind <= _SASHIMI_JELLYFISH:
            size = kind + 2 if kind <= _JELLYFISH else (kind - 3) // 2 + 2
            mode = 0 if kind <= _JELLYFISH else (kind - 3) % 2 + 1
            data, _ = ho_basic_fish(cands, size, mode, 1)
        elif kind <= _EMPTY_RECT:
            data, _ = ho_single(cands, kind - _SKYSCRAPER, 0)
        elif kind <= _W_WING:
            if wings is None:
                wings = ho_wings(cands)
            data = wings if _has_wing(wings, kind - _XY_WING) else b""
        elif kind == _REMOTE_PAIR:
            data, _ = ho_xy(cands, True, budget)
            if data is None:  # past the budget: applies, no records
                return at, b""
        else:
            if bug_plus_1(masks):
                return at, b""
            data = b""
        if data:
            return at, data
    return len(kinds), b""


def _masks(cands: bytes) -> list[int]:
    if len(cands) != 162:
        raise ValueError("cands must be 81 uint16 masks (162 bytes)")
    masks = array("H", cands).tolist()
    if any(m > 0x1FF for m in masks):
        raise ValueError("candidate masks must be 0..0x1FF")
    return masks


def _has_wing(data: bytes, kind: int) -> bool:
    at = 0
    while at + 10 <= len(data):
        if data[at] == kind:
            return True
        at += 10 + data[at + 9]
    return False


def bug_plus_1(cands: list[int]) -> bool:
    """Whether the BUG+1 step applies (csrc/hoprobe9.h: HP_BUG_PLUS_1)."""
    plus = -1
    for cell, m in enumerate(cands):
        n = m.bit_count()
        if n > 2:
            if n > 3 or plus >= 0:
                return False
            plus = cell
        elif n == 1:
            return False  # a naked single is pending: not a BUG state
    if plus < 0:
        return False
    cnt = [[0] * 10 for _ in range(27)]
    for cell, m in enumerate(cands):
        for d in range(1, 10):
            if m >> (d - 1) & 1:
                for h in _CELL_HOUSES[cell]:
                    cnt[h][d] += 1
    mine = _CELL_HOUSES[plus]
    true_digit = 0
    for d in range(1, 10):
        if cands[plus] >> (d - 1) & 1 and all(cnt[h][d] == 3 for h in mine):
            true_digit = d
    if not true_digit:
        return False
    for h in range(27):
        for d in range(1, 10):
            n = cnt[h][d]
            if (n != 3) if (d == true_digit and h in mine) else (n not in (0, 2)):
                return False
    return True
