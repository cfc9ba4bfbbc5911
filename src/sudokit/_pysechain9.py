"""Pure-Python twin of csrc/sechain9.c: Sudoku Explainer's cycle and forcing X/Y-chain search.

Re-exported by :mod:`sudokit._pycore` as ``se_loops``; the contract is in ``_core.pyi``
and the record layout in ``csrc/sechain9.h``. Same search, same order, same bytes as the
C code. A potential is a list ``[cell, value, on, cause, parent]`` (parent: the
potential that implied it, or None for the root).
"""

from __future__ import annotations

from array import array
from typing import Any

__all__ = ["se_loops", "se_loops_root", "NAKED", "HIDDEN_BLOCK", "HIDDEN_ROW", "HIDDEN_COLUMN", "ROOT"]

NAKED, HIDDEN_BLOCK, HIDDEN_ROW, HIDDEN_COLUMN, ROOT = 0, 1, 2, 3, 255

_HOUSE = tuple(
    tuple(9 * h + k for k in range(9)) if h < 9
    else tuple(9 * k + h - 9 for k in range(9)) if h < 18
    else tuple(((h - 18) // 3 * 3 + k // 3) * 9 + (h - 18) % 3 * 3 + k % 3 for k in range(9))
    for h in range(27)
)
_BOX = tuple(r // 3 * 3 + c // 3 for r in range(9) for c in range(9))
#: A cell's houses in SE's order (box, row, column) with the cause of each.
_SE_HOUSES = tuple(((18 + _BOX[i], HIDDEN_BLOCK), (i // 9, HIDDEN_ROW), (9 + i % 9, HIDDEN_COLUMN)) for i in range(81))
#: A cell's peers: the box, then the rest of the row, then the rest of the column.
_PARTS = tuple(
    tuple(
        (x, cause)
        for part, (h, cause) in enumerate(_SE_HOUSES[i])
        for x in _HOUSE[h]
        if x != i and not (part and _BOX[x] == _BOX[i])
    )
    for i in range(81)
)
#: A potential: [cell, value, on, cause, parent potential or None].
Node = list[Any]

_DIGITS = tuple(tuple(d for d in range(1, 10) if m >> (d - 1) & 1) for m in range(512))


def _on_to_off(cands: list[int], p: Node, y_chain: bool) -> list[tuple[int, int, int]]:
    cell, value = p[0], p[1]
    bit = 1 << (value - 1)
    out = [(cell, v, NAKED) for v in _DIGITS[cands[cell] & ~bit]] if y_chain else []
    out.extend((x, value, cause) for x, cause in _PARTS[cell] if cands[x] & bit)
    return out


def _off_to_on(cands: list[int], p: Node, y_chain: bool, x_chain: bool) -> list[tuple[int, int, int]]:
    cell, value = p[0], p[1]
    out = []
    digits = _DIGITS[cands[cell]]
    if y_chain and len(digits) == 2:
        lo, hi = digits
        out.append((cell, hi if lo == value else lo, NAKED))
    if x_chain:
        bit = 1 << (value - 1)
        seen: list[int] = []
        for h, cause in _SE_HOUSES[cell]:
            places = [x for x in _HOUSE[h] if cands[x] & bit]
            if len(places) != 2:
                continue
            other = places[1] if places[0] == cell else places[0]
            if other in seen:
                continue
            seen.append(other)
            out.append((other, value, cause))
    return out


def _is_parent(p: Node, cell: int, value: int, on: int) -> bool:
    p = p[4]
    while p is not None:
        if p[0] == cell and p[1] == value and p[2] == on:
            return True
        p = p[4]
    return False


def _capped(rounds: int, cap: int) -> bool:
    """Whether a search bounded to chains of ``cap`` potentials (0: no bound) stops after
    ``rounds`` rounds: every chain found in round r has 2r potentials."""
    return bool(cap) and 2 * (rounds + 1) > cap


def _cycles(cands: list[int], root: Node, y_chain: bool, x_chain: bool, found: list[Node], cap: int = 0) -> int:
    to_on = {(root[0], root[1])}
    pend_on: list[Node] = [root]
    pend_off: list[Node] = []
    length = rounds = 0
    while pend_on or pend_off:
        length += 1
        for p in pend_on:
            for cell, value, cause in _on_to_off(cands, p, y_chain):
                if not _is_parent(p, cell, value, 0):
                    pend_off.append([cell, value, 0, cause, p])
        pend_on = []
        length += 1
        for p in pend_off:
            for cell, value, cause in _off_to_on(cands, p, y_chain, x_chain):
                q = [cell, value, 1, cause, p]
                if length >= 4 and cell == root[0] and value == root[1]:
                    found.append(q)
                if (cell, value) not in to_on:
                    pend_on.append(q)
                    to_on.add((cell, value))
        pend_off = []
        rounds += 1
        if _capped(rounds, cap):
            break
    return rounds


def _forcing_chains(cands: list[int], root: Node, y_chain: bool, cap: int = 0) -> tuple[Node | None, int]:
    src = (root[0], root[1])
    on = root[2]
    to_on, to_off = ({src}, set()) if on else (set(), {src})
    pend_on: list[Node] = [root] if on else []
    pend_off: list[Node] = [] if on else [root]
    chain: Node | None = None
    rounds = 0
    while pend_on or pend_off:
        for p in pend_on:
            for cell, value, cause in _on_to_off(cands, p, y_chain):
                hit = on and chain is None and (cell, value) == src
                keep = (cell, value) not in to_off and not _is_parent(p, cell, value, 0)
                if hit or keep:
                    q = [cell, value, 0, cause, p]
                    if hit:
                        chain = q
                    if keep:
                        pend_off.append(q)
                        to_off.add((cell, value))
        pend_on = []
        for p in pend_off:
            for cell, value, cause in _off_to_on(cands, p, y_chain, True):
                hit = not on and chain is None and (cell, value) == src
                keep = (cell, value) not in to_on
                if hit or keep:
                    q = [cell, value, 1, cause, p]
                    if hit:
                        chain = q
                    if keep:
                        pend_on.append(q)
                        to_on.add((cell, value))
        pend_off = []
        rounds += 1
        if _capped(rounds, cap):
            break
    return chain, rounds


def _record(out: bytearray, kind: int, end: Node) -> None:
    body = bytearray()
    p: Node | None = end
    while p is not None:
        body += bytes((p[0], p[1], p[2], p[3]))
        p = p[4]
    n = len(body) // 4
    out += bytes((kind, n & 0xFF, n >> 8))
    out += body


def se_loops(cands: bytes, y_chain: bool, x_chain: bool) -> tuple[bytes, int]:
    """SE's cycles and forcing X/Y-chains; see ``_core.pyi``."""
    if len(cands) != 162:
        raise ValueError("need 81 native uint16 candidate masks")
    masks = array("H", cands).tolist()
    if not (y_chain or x_chain) or any(m > 0x1FF for m in masks):
        raise ValueError("candidate masks must be 0..0x1FF and x_chain or y_chain set")
    out = bytearray()
    spent = 0
    for cell in range(81):
        digits = _DIGITS[masks[cell]]
        if len(digits) < 2:
            continue
        for value in digits:
            spent += _root(out, masks, cell, value, y_chain, x_chain, 0)
    return bytes(out), spent


def se_loops_root(masks: list[int], cell: int, value: int, y_chain: bool, x_chain: bool, cap: int) -> tuple[bytes, int]:
    """The records and rounds of one root of :func:`se_loops` (``sechain9_root``): chains
    of more than ``cap`` potentials left out (0: none); ``masks`` checked by the caller."""
    out = bytearray()
    spent = _root(out, masks, cell, value, y_chain, x_chain, cap)
    return bytes(out), spent


def _root(out: bytearray, masks: list[int], cell: int, value: int, y_chain: bool, x_chain: bool, cap: int) -> int:
    """Append the chains from the candidate (cell, value); its rounds."""
    if len(_DIGITS[masks[cell]]) > 2 and not x_chain:
        return 0
    spent = 1
    root = [cell, value, 1, ROOT, None]
    found: list[Node] = []
    spent += _cycles(masks, root, y_chain, x_chain, found, cap)
    chains = []
    if x_chain:
        for start in (root, [cell, value, 0, ROOT, None]):
            chain, rounds = _forcing_chains(masks, start, y_chain, cap)
            spent += rounds
            if chain is not None:
                chains.append(chain)
    for q in found:
        _record(out, 0, q)
    for q in chains:
        _record(out, 1, q)
    return spent
