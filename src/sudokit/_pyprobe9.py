"""Pure-Python twin of csrc/hoprobe9.c: the HoDoKu path's leading searches in one call.

Re-exported by :mod:`sudokit._pycore` as ``ho_probe``; the contract is in ``_core.pyi`` and
the kinds in ``csrc/hoprobe9.h``. It runs the twins of the searches the C code runs, in the
caller's order, and stops at the first that reports something: same result, same bytes.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable

from ._pyfish9 import ho_basic_fish
from ._pyrect9 import ho_rects
from ._pysingle9 import ho_single
from ._pywing9 import ho_wings
from ._pyxy9 import ho_xy

__all__ = ["ho_probe"]

#: Number of kinds (csrc/hoprobe9.h: HP_KINDS).
KINDS = 27
_JELLYFISH, _SASHIMI_JELLYFISH, _SKYSCRAPER, _EMPTY_RECT = 2, 8, 9, 12
_XY_WING, _W_WING, _REMOTE_PAIR, _BUG_PLUS_1, _UR1 = 13, 15, 16, 17, 18
_HR_BUG, _HR_ALL = 9, 0x3FF  # horect9.h: HR_BUG, HR_ALL_KINDS


def ho_probe(cands: bytes, values: bytes, givens: bytes, kinds: bytes, start: int, budget: int) -> tuple[int, bytes]:
    """(index in ``kinds`` of the first kind from ``start`` on that applies, its records);
    ``(len(kinds), b"")`` when none does."""
    _check(cands, values, givens)
    if not 0 <= start <= len(kinds) or len(kinds) > 256 or budget < 0 or any(k >= KINDS for k in kinds):
        raise ValueError("kinds must be 0..26 (at most 256), start 0..len(kinds) and the budget >= 0")
    wings: bytes | None = None
    rects: bytes | None = None
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
            data = wings if _has(wings, kind - _XY_WING, _wing_next) else b""
        elif kind == _REMOTE_PAIR:
            data, _ = ho_xy(cands, True, budget)
            if data is None:  # past the budget: applies, no records
                return at, b""
        else:
            if rects is None:
                rects = ho_rects(cands, values, givens, _HR_ALL, 0)
            wanted = _HR_BUG if kind == _BUG_PLUS_1 else kind - _UR1
            data = rects if _has(rects, wanted, _rect_next) else b""
        if data:
            return at, data
    return len(kinds), b""


def _check(cands: bytes, values: bytes, givens: bytes) -> None:
    if len(cands) != 162 or len(values) != 81 or len(givens) != 81:
        raise ValueError("need 81 native uint16 candidate masks, 81 values and 81 given flags")
    if any(m > 0x1FF for m in array("H", cands)) or any(v > 9 for v in values) or any(g > 1 for g in givens):
        raise ValueError("candidate masks must be 0..0x1FF, values 0..9 and given flags 0..1")


def _wing_next(data: bytes, at: int) -> int:
    return at + 10 + data[at + 9]


def _rect_next(data: bytes, at: int) -> int:
    at += 12 + data[at + 11]
    return at + 1 + 2 * data[at]


def _has(data: bytes, kind: int, step: Callable[[bytes, int], int]) -> bool:
    """Whether a record list (wings or rectangles; ``step`` skips one record) holds ``kind``."""
    at = 0
    while at < len(data):
        if data[at] == kind:
            return True
        at = step(data, at)
    return False
