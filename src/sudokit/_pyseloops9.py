"""Pure-Python twin of csrc/seloops9.c: Sudoku Explainer's Forcing Chains & Cycles hints,
rated, sorted and de-duplicated.

Re-exported by :mod:`sudokit._pycore` as ``se_loop_hints``; the contract is in
``_core.pyi`` and the rules (eliminations, complexity, rating, order, when the search
with both link sets is skipped) in ``csrc/seloops9.h``. The chains come from the twin of
the chain search (:mod:`sudokit._pysechain9`). Same hints, same order, same bytes.
"""

from __future__ import annotations

from array import array

from ._pysechain9 import _DIGITS, _PARTS, se_loops, se_loops_root

__all__ = ["se_loop_hints"]

#: (y_chain, x_chain) of SE's three searches: X-only, Y-only, both.
_LINKS = ((False, True), (True, False), (True, True))


def _surcharge(complexity: int) -> float:
    """SE's length surcharge (``se_hints.length_surcharge``), the same float sums."""
    added, ceil, length, odd = 0.0, 4, complexity - 2, False
    while length > ceil:
        added += 0.1
        ceil = ceil * 3 // 2 if not odd else ceil * 4 // 3
        odd = not odd
    return added


def _removable(masks: list[int], kind: int, rec: bytes) -> list[tuple[int, int]]:
    """What one chain (``rec``: its potentials, 4 bytes each, end first) removes, by cell."""
    if kind == 1:
        cell, value, on = rec[0], rec[1], rec[2]
        bit = 1 << (value - 1)
        return [(cell, masks[cell] & ~bit if on else bit)]
    body = [rec[k : k + 4] for k in range(0, len(rec) - 4, 4)]  # the root (last) left out
    inside = {p[0] for p in body}
    fwd = [0] * 81
    back = [0] * 81
    for cell, value, on, _cause in body:
        bit = 1 << (value - 1)
        for other, _c in _PARTS[cell]:
            if other not in inside and masks[other] & bit:
                if on:
                    fwd[other] |= bit
                else:
                    back[other] |= bit
    return [(c, fwd[c] & back[c]) for c in range(81) if fwd[c] & back[c]]


def _hints(masks: list[int], data: bytes, links: int, first: int) -> list[tuple[float, int, int, int, bytes]]:
    """The hints of one search as (difficulty, complexity, sort key, order, record)."""
    out: list[tuple[float, int, int, int, bytes]] = []
    at = 0
    while at < len(data):
        kind, n = data[at], data[at + 1] | data[at + 2] << 8
        rec = data[at + 3 : at + 3 + 4 * n]
        chain = data[at : at + 3 + 4 * n]
        at += 3 + 4 * n
        rem = _removable(masks, kind, rec)
        if not rem:
            continue
        complexity = len({rec[k : k + 3] for k in range(0, len(rec), 4)})
        base = 7.0 if links == 2 else (6.5 if kind == 0 else 6.6)
        head = bytes((links, complexity & 0xFF, complexity >> 8, len(rem)))
        head += b"".join(bytes((c, m & 0xFF, m >> 8)) for c, m in rem)
        out.append((base + _surcharge(complexity), complexity, 2 + links, first + len(out), head + chain))
    return out


def _unique(hints: list[tuple[float, int, int, int, bytes]], limit: int) -> list[bytes]:
    """The records sorted, the first of each set of eliminations, at most ``limit`` (0: all)."""
    kept: list[bytes] = []
    seen: set[bytes] = set()
    for h in sorted(hints, key=lambda h: h[:4]):
        rec = h[4]
        key = rec[3 : 4 + 3 * rec[3]]
        if key not in seen:
            seen.add(key)
            kept.append(rec)
            if limit and len(kept) == limit:
                break
    return kept


def se_loop_hints(cands: bytes, max_hints: int) -> tuple[bytes, int]:
    """SE's Forcing Chains & Cycles hints, sorted; see ``_core.pyi``."""
    if len(cands) != 162:
        raise ValueError("need 81 native uint16 candidate masks")
    masks = array("H", cands).tolist()
    if max_hints < 0 or any(m > 0x1FF for m in masks):
        raise ValueError("candidate masks must be 0..0x1FF and max_hints >= 0")
    hints: list[tuple[float, int, int, int, bytes]] = []
    spent = 0
    for links, (y_chain, x_chain) in enumerate(_LINKS):
        if links == 2 and max_hints:
            first = _unique(hints, max_hints)
            if len(first) == max_hints and all(h[0] < 7.0 for h in hints if h[4] in first):
                break
        if max_hints == 1:
            spent += _best_search(masks, links, hints)
        else:
            data, s = se_loops(cands, y_chain, x_chain)
            spent += s
            hints += _hints(masks, data, links, len(hints))
    return b"".join(_unique(hints, max_hints)), spent


def _cap(hints: list[tuple[float, int, int, int, bytes]], links: int) -> int:
    """The longest chain of search ``links`` that could still come before the easiest of
    ``hints`` (seloops9's ``complexity_cap``); 0: no bound."""
    if not hints:
        return 0
    best, best_c = min(h[:4] for h in hints)[:2]
    base = 7.0 if links == 2 else 6.5
    cap = 1
    for c in range(2, 4096):
        d = base + _surcharge(c)
        if not (d < best or (d == best and c < best_c)):
            return cap
        cap = c
    return 0


def _best_search(masks: list[int], links: int, hints: list[tuple[float, int, int, int, bytes]]) -> int:
    """One search root by root, each root's hints read at once so that the easiest so far
    bounds the next roots (seloops9's ``best_search``); appends to ``hints``, returns the rounds."""
    y_chain, x_chain = _LINKS[links]
    spent = 0
    for cell in range(81):
        digits = _DIGITS[masks[cell]]
        if len(digits) < 2:
            continue
        for value in digits:
            data, s = se_loops_root(masks, cell, value, y_chain, x_chain, _cap(hints, links))
            spent += s
            hints += _hints(masks, data, links, len(hints))
    return spent
