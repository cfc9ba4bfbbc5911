"""Pure-Python twin of csrc/hoxy9.c: the XY-Chain / Remote Pair search of
:mod:`sudokit.human.chains`.

Re-exported by :mod:`sudokit._pycore` as ``ho_xy``; the contract is in ``_core.pyi`` and
the record layout in ``csrc/hoxy9.h``. Same search, same order, same bytes as the C code.

A breadth-first search of implications over bivalue cells: from every bivalue cell
(ascending) and each of its digits (ascending) set false; a false candidate makes the
other digit of its cell true, a true candidate makes the same digit false in the bivalue
peers (ascending cells); Remote Pairs use only cells holding the start cell's two digits.
At most 20 links; the first time a state (``2 * node + truth``) is reached fixes its
chain. A chain is reported when it ends true on the start digit in another cell, has 4+
candidates (Remote Pair: 8+), uses no cell twice, and the start digit has a place seeing
both ends.
"""

from __future__ import annotations

from array import array

__all__ = ["ho_xy"]

MAX_LINKS = 20
_BOX = tuple(r // 3 * 3 + c // 3 for r in range(9) for c in range(9))
#: Each cell's peers, ascending.
_PEERS = tuple(
    tuple(c for c in range(81) if c != i and (c // 9 == i // 9 or c % 9 == i % 9 or _BOX[c] == _BOX[i]))
    for i in range(81)
)
_POP = tuple(bin(m).count("1") for m in range(512))


def ho_xy(cands: bytes, remote: bool, budget: int) -> tuple[bytes | None, int]:
    """The chain records: ``(records or None past the budget, spent)`` (see ``_core.pyi``)."""
    if len(cands) != 162:
        raise ValueError("need 81 native uint16 candidate masks")
    masks = array("H")
    masks.frombytes(cands)
    if any(m > 0x1FF for m in masks) or budget < 0:
        raise ValueError("candidate masks must be 0..0x1FF and the budget >= 0")
    out = bytearray()
    spent = 0
    for start in range(81):
        m = masks[start]
        if _POP[m] != 2:
            continue
        pair = m if remote else 0
        for d in range(1, 10):
            if not m >> (d - 1) & 1:
                continue
            parent, order, spent = _bfs(masks, start, d, pair, budget, spent)
            if parent is None:
                return None, spent
            for st in order:
                node = st >> 1
                end = node // 9
                if not st & 1 or node % 9 + 1 != d or end == start:
                    continue
                chain = _path(parent, st)
                if len(chain) < (8 if remote else 4) or not _simple(chain):
                    continue
                if any(masks[c] >> (d - 1) & 1 and c in _PEERS[start] for c in _PEERS[end]):
                    out.append(len(chain))
                    for s in chain:
                        out += bytes((s & 0xFF, s >> 8))
    return bytes(out), spent


def _ok(masks: array[int], cell: int, pair: int) -> bool:
    m = masks[cell]
    return _POP[m] == 2 and (not pair or m == pair)


def _bfs(masks: array[int], start: int, d: int, pair: int, budget: int,
         spent: int) -> tuple[list[int] | None, list[int], int]:
    """(parent of every state or None past the budget, the reached states in order, spent)."""
    s0 = 2 * (9 * start + d - 1)
    parent = [-2] * 1458
    parent[s0] = -1
    order: list[int] = []
    frontier = [s0]
    for _ in range(MAX_LINKS):
        nxt = []
        for s in frontier:
            node = s >> 1
            cell, digit = node // 9, node % 9 + 1
            if s & 1:
                succ = [2 * (9 * c + digit - 1) for c in _PEERS[cell] if masks[c] >> (digit - 1) & 1 and _ok(masks, c, pair)]
            elif _ok(masks, cell, pair):
                other = masks[cell] & ~(1 << (digit - 1))
                succ = [2 * (9 * cell + other.bit_length() - 1) + 1]
            else:
                succ = []
            for s2 in succ:
                if parent[s2] == -2:
                    parent[s2] = s
                    nxt.append(s2)
        if not nxt:
            break
        spent += len(nxt)
        if spent > budget:
            return None, order, spent
        order += nxt
        frontier = nxt
    return parent, order, spent


def _path(parent: list[int], state: int) -> list[int]:
    out = []
    while state >= 0:
        out.append(state)
        state = parent[state]
    return out[::-1]


def _simple(chain: list[int]) -> bool:
    """No cell twice (consecutive candidates of one cell count once)."""
    used: set[int] = set()
    cur = -1
    for s in chain:
        cell = s >> 1
        cell //= 9
        if cell == cur:
            continue
        if cell in used:
            return False
        used.add(cell)
        cur = cell
    return True
