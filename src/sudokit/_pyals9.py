"""Pure-Python twin of csrc/hoals9.c: HoDoKu's almost locked sets and restricted commons.

Re-exported by :mod:`sudokit._pycore` as ``ho_als``; the contract is in ``_core.pyi`` and
the record layout in ``csrc/hoals9.h``. Same search, same order, same bytes as the C code;
:mod:`sudokit.human.als` builds its ALS objects and steps from them.

An ALS is n cells (1..8) of one house holding n + 1 digits, collected as HoDoKu does:
houses in order (rows, columns, boxes), cell subsets of the house's empty cells depth
first, each cell set once. Two ALS that do not overlap have a restricted common X when
every X cell of both sees every X cell of the other (at most two are listed); the pairs
(i < j) in order. ``ho_als_chain`` (twin of csrc/hoalschain9.c) is HoDoKu's ALS-Chain
search over them.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator

__all__ = ["ho_als", "ho_als_chain", "ho_als_first", "ho_als_steps"]

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
_BIT = (0,) + tuple(1 << (d - 1) for d in range(1, 10))


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


def _grid(cands: bytes) -> tuple[list[tuple[int, int]], list[list[int]], list[tuple[int, int, int, int]]]:
    """The ALS (cells, digits), their ``sees`` per digit (cells outside the ALS holding d
    that see all its d cells; 0 for digits not in it) and their restricted commons
    (i, j, x1, x2) of a grid."""
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
    withs = [[where[d] & cells for d in range(10)] for cells, _ in alses]
    reach = [_reach(grid, where, cells, digits) for cells, digits in alses]
    rcs = []
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
                rcs.append((i, j, found[0], found[1] if len(found) > 1 else 0))
    sees = [[r & ~cells for r in reach[k]] for k, (cells, _) in enumerate(alses)]
    return alses, sees, rcs


_Grid = tuple[list[tuple[int, int]], list[list[int]], list[tuple[int, int, int, int]]]


def ho_als(cands: bytes) -> tuple[bytes, bytes]:
    """The ALS and restricted-common records: ``(alses, rcs)`` (see ``_core.pyi``)."""
    return _records(_grid(cands))


def _records(grid: _Grid) -> tuple[bytes, bytes]:
    """:func:`ho_als`' records of a :func:`_grid`."""
    alses, _sees, rcs = grid
    out = b"".join(cells.to_bytes(11, "little") + digits.to_bytes(2, "little") for cells, digits in alses)
    rc_out = b"".join(i.to_bytes(2, "little") + j.to_bytes(2, "little") + bytes((x1, x2)) for i, j, x1, x2 in rcs)
    return out, rc_out


def ho_als_steps(cands: bytes, kind: int, limit: int) -> bytes:
    """HoDoKu's ALS-XZ (kind 0) or ALS-XY-Wing (kind 1) step records (see ``_core.pyi``)."""
    if kind not in (0, 1) or limit < 0:
        raise ValueError("kind must be 0 or 1 and limit >= 0")
    return _step_records(_grid(cands), kind, limit)


def _step_records(grid: _Grid, kind: int, limit: int) -> bytes:
    """:func:`ho_als_steps`' records of a :func:`_grid`."""
    alses, sees, rcs = grid
    steps = _xz_steps(alses, sees, rcs) if kind == 0 else _xy_steps(alses, sees, rcs)
    out = bytearray()
    for n, (sets, xs, zs, elims) in enumerate(steps):
        if n >= limit:
            break
        out.append(len(sets))
        for k in sets:
            out += alses[k][0].to_bytes(11, "little") + alses[k][1].to_bytes(2, "little")
        pairs = [(c, z) for z in range(1, 10) if elims[z] for c in range(81) if elims[z] >> c & 1]  # digit, then cell
        out += xs.to_bytes(2, "little") + zs.to_bytes(2, "little") + len(pairs).to_bytes(2, "little")
        out += bytes(x for pair in pairs for x in pair)
    return bytes(out)


_Step = tuple[tuple[int, ...], int, int, list[int]]  # (ALS indices, RC digits, Z digits, eliminations per digit)


def _common_elims(alses: list[tuple[int, int]], sees: list[list[int]], a: int, b: int, skip: int, elims: list[int]) -> int:
    """Digits common to ALS a and b but not in ``skip`` leave the cells outside both that see
    all their cells in both: into ``elims``; returns the digits that did."""
    zs = 0
    outside = ~(alses[a][0] | alses[b][0])
    for z in _DIGITS[alses[a][1] & alses[b][1] & ~skip & 0x1FF]:
        hit = sees[a][z] & sees[b][z] & outside
        if hit:
            zs |= _BIT[z]
            elims[z] |= hit
    return zs


def _xz_steps(alses: list[tuple[int, int]], sees: list[list[int]], rcs: list[tuple[int, int, int, int]]) -> Iterator[_Step]:
    """ALS-XZ (singly and doubly linked), in RC order."""
    for i, j, x1, x2 in rcs:
        elims = [0] * 10
        zs = _common_elims(alses, sees, i, j, _BIT[x1], elims)
        if x2:
            zs |= _common_elims(alses, sees, i, j, _BIT[x2], elims)
            locked = False
            for one, other in ((i, j), (j, i)):
                for d in _DIGITS[alses[one][1] & ~(_BIT[x1] | _BIT[x2])]:
                    hit = sees[one][d] & ~alses[other][0]
                    if hit:
                        elims[d] |= hit
                        locked = True
            if locked:
                zs = 0  # HoDoKu prints no Z for a doubly linked ALS-XZ
        if any(elims):
            yield (i, j), _BIT[x1] | _BIT[x2], zs, elims


def _xy_steps(alses: list[tuple[int, int]], sees: list[list[int]], rcs: list[tuple[int, int, int, int]]) -> Iterator[_Step]:
    """ALS-XY-Wing: RCs k1 < k2 sharing an ALS C (A at k1's other end, B at k2's), in
    (k1, k2) order."""
    by_als: dict[int, list[int]] = {}
    for k, (i, j, _x1, _x2) in enumerate(rcs):
        by_als.setdefault(i, []).append(k)
        by_als.setdefault(j, []).append(k)
    pairs = sorted((k1, k2, c) for c, ks in by_als.items() for p, k1 in enumerate(ks) for k2 in ks[p + 1:])
    for k1, k2, c in pairs:
        r1, r2 = rcs[k1], rcs[k2]
        if not r1[3] and not r2[3] and r1[2] == r2[2]:
            continue
        a = r1[0] if r1[1] == c else r1[1]
        b = r2[0] if r2[1] == c else r2[1]
        if a == b or alses[a][0] & alses[b][0]:
            continue
        xs = _BIT[r1[2]] | _BIT[r1[3]] | _BIT[r2[2]] | _BIT[r2[3]]
        elims = [0] * 10
        zs = _common_elims(alses, sees, a, b, xs, elims)
        if zs:
            yield (a, b, c), xs, zs, elims


#: HoDoKu's longest ALS-Chain (``AlsSolver.MAX_RC`` links).
_CHAIN_LINKS = 50


def ho_als_chain(cands: bytes, max_nodes: int) -> tuple[bytes, int]:
    """HoDoKu's ALS-Chain search: ``(chains, nodes)`` (see ``_core.pyi``)."""
    if max_nodes < 0:
        raise ValueError("max_nodes must be >= 0")
    data, rc_data = ho_als(cands)
    return _chains(cands, data, rc_data, max_nodes)


def ho_als_first(cands: bytes, kinds: bytes, max_nodes: int) -> tuple[int, bytes, bytes, bytes, int]:
    """The first of the ALS searches ``kinds`` (0 ALS-XZ, 1 ALS-XY-Wing: the first step; 2
    ALS-Chain) that finds something, over one build of the ALS: ``(at, records, alses, rcs,
    nodes)`` (see ``_core.pyi``)."""
    if max_nodes < 0 or len(kinds) > 64 or any(k > 2 for k in kinds):
        raise ValueError("the kinds must be 0..2 (at most 64) and max_nodes >= 0")
    grid = _grid(cands)
    nodes = 0
    for at, kind in enumerate(kinds):
        if kind == 2:
            data, rc_data = _records(grid)
            found, nodes = _chains(cands, data, rc_data, max_nodes)
            if found:
                return at, found, data, rc_data, nodes
        else:
            found = _step_records(grid, kind, 1)
            if found:
                return at, found, b"", b"", nodes
    return len(kinds), b"", b"", b"", nodes


def _chains(cands: bytes, data: bytes, rc_data: bytes, max_nodes: int) -> tuple[bytes, int]:
    """:func:`ho_als_chain` over the records ``data``, ``rc_data`` of :func:`ho_als`."""
    grid = array("H")
    grid.frombytes(cands)
    where = [0] * 10
    for c in range(81):
        for d in _DIGITS[grid[c]]:
            where[d] |= 1 << c
    alses = []
    for k in range(0, len(data), 13):
        cells, digits = int.from_bytes(data[k:k + 11], "little"), data[k + 11] | data[k + 12] << 8
        sees = [r & ~cells for r in _reach(list(grid), where, cells, digits)]
        alses.append((cells, digits, bin(cells).count("1"), sees))
    rcs = [(rc_data[k] | rc_data[k + 1] << 8, rc_data[k + 2] | rc_data[k + 3] << 8, rc_data[k + 4], rc_data[k + 5])
           for k in range(0, len(rc_data), 6)]
    search = _ChainSearch(alses, rcs, max_nodes)
    search.run()
    return b"".join(record for _, record in search.found), search.nodes


class _ChainSearch:
    """The depth-first ALS-Chain search (one object per grid; HoDoKu's
    ``AlsSolver.getAlsXYChain``, forward only)."""

    def __init__(self, alses: list[tuple[int, int, int, list[int]]], rcs: list[tuple[int, int, int, int]],
                 max_nodes: int) -> None:
        self.alses = alses
        self.rcs = rcs
        self.by_start: dict[int, list[int]] = {}
        for k, rc in enumerate(rcs):
            self.by_start.setdefault(rc[0], []).append(k)
        self.found: list[tuple[int, bytes]] = []  # (size, record) per elimination set
        self.by_elims: dict[tuple[int, ...], int] = {}
        self.nodes = 0
        self.max_nodes = max_nodes
        self.chain: list[tuple[int, int]] = []  # (rc index, actual)

    def run(self) -> None:
        for start in range(len(self.alses)):
            if self.nodes > self.max_nodes:
                break
            self._extend(start, start, None)

    def _extend(self, start: int, at: int, last: tuple[int, int, int] | None) -> None:
        self.nodes += 1
        if len(self.chain) >= _CHAIN_LINKS or self.nodes > self.max_nodes:
            return
        links = self.by_start.get(at, [])
        first_try = True
        k = 0
        while k < len(links):
            rc = self.rcs[links[k]]
            actual = _actual_rc(rc[2], rc[3], last, first_try)
            if actual:
                self.chain.append((links[k], actual))
                if len(self.chain) >= 3:
                    self._check(start, rc[1])
                self._extend(start, rc[1], (rc[2], rc[3], actual))
                self.chain.pop()
                if last is None and rc[3] and first_try:
                    first_try = False
                    continue  # the first link has two digits: try the second one as well
                first_try = True
            k += 1

    def _check(self, start: int, end: int) -> None:
        (k1, a1), (k2, a2) = self.chain[0], self.chain[-1]
        r1, r2 = self.rcs[k1], self.rcs[k2]
        skip = (_BIT[r1[2]] if a1 != 2 else 0) | (_BIT[r1[3]] if a1 == 2 else 0)
        skip |= (_BIT[r2[2]] if a2 in (1, 3) else 0) | (_BIT[r2[3]] if a2 in (2, 3) else 0)
        a, b = self.alses[start], self.alses[end]
        outside = ~(a[0] | b[0])
        key = tuple(a[3][z] & b[3][z] & outside if a[1] & b[1] & ~skip & _BIT[z] else 0 for z in range(1, 10))
        if not any(key):
            return
        size = a[2] + sum(self.alses[self.rcs[k][1]][2] for k, _ in self.chain)
        at = self.by_elims.get(key)
        if at is not None and self.found[at][0] <= size:
            return
        record = start.to_bytes(2, "little") + bytes((len(self.chain),))
        record += b"".join(k.to_bytes(4, "little") + bytes((actual,)) for k, actual in self.chain)
        if at is None:
            self.by_elims[key] = len(self.found)
            self.found.append((size, record))
        else:
            self.found[at] = (size, record)


def _actual_rc(c1: int, c2: int, last: tuple[int, int, int] | None, first_try: bool) -> int:
    """HoDoKu's ``RestrictedCommon.checkRC``: which of this link's digits (1: the first, 2: the
    second, 3: both, 0: none) can follow the previous link's digits."""
    if last is None:
        return (1 if first_try else 2) if c2 else 1
    l1, l2, actual = last
    if actual == 1:
        return _follow(l1, 0, c1, c2)
    if actual == 2:
        return _follow(l2, 0, c1, c2)
    return _follow(l1, l1, c1, c2)  # sic: HoDoKu passes the first digit twice here


def _follow(c11: int, c12: int, c21: int, c22: int) -> int:
    """HoDoKu's ``RestrictedCommon.checkRCInt``."""
    if c12 == 0:
        if c22 == 0:
            return 0 if c11 == c21 else 1
        return 1 if c11 == c22 else 2 if c11 == c21 else 3
    if c22 == 0:
        return 0 if c21 in (c11, c12) else 1
    if (c11 == c21 and c12 == c22) or (c11 == c22 and c12 == c21):
        return 0
    if c22 in (c11, c12):
        return 1
    if c21 in (c11, c12):
        return 2
    return 3
