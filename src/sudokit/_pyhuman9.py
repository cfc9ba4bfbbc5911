"""Pure-Python twin of csrc/human9.c: the front of Sudoku Explainer's technique order.

Re-exported by :mod:`sudokit._pycore` as ``human_se_run``; the contract is in
``_core.pyi`` and the search orders in ``csrc/human9.h``. Unlike the C code, which
recomputes its position masks before each step, this keeps them in step with every
placement (cheaper in Python)::

    pos[27 * d + h]  9-bit mask, bit k set <=> digit d can go in the k-th cell of house h
    cnt[h][d]        number of places of digit d in house h (cnt[h][0] == 0)
"""

from __future__ import annotations

from array import array
from collections import deque
from itertools import combinations

__all__ = ["human_se_run", "human_replay", "human_ho_run", "ho_tally", "DONE", "MAX", "EMPTIED", "BAD_INPUT"]

DONE, MAX, EMPTIED, BAD_INPUT = 0, 1, 2, 3
_MAX_STEPS = 729

#: For each cell: its three houses and its bit in each house's 9-bit positions.
_CELL = tuple(
    (r, 9 + c, 18 + r // 3 * 3 + c // 3, 1 << c, 1 << r, 1 << (r % 3 * 3 + c % 3))
    for r in range(9)
    for c in range(9)
)
#: ``_HOUSE[h][k]``: the k-th cell of house h (rows, columns, boxes; row-major).
_HOUSE = tuple(
    tuple(9 * h + k for k in range(9)) if h < 9
    else tuple(9 * k + h - 9 for k in range(9)) if h < 18
    else tuple(((h - 18) // 3 * 3 + k // 3) * 9 + (h - 18) % 3 * 3 + k % 3 for k in range(9))
    for h in range(27)
)
_PEERS = tuple(
    tuple(sorted({p for h in _CELL[i][:3] for p in _HOUSE[h]} - {i})) for i in range(81)
)
_POP = tuple(bin(m).count("1") for m in range(512))
_BOX_COL = (0x049, 0x092, 0x124)
_TRIPLE = (0x007, 0x038, 0x1C0)


def _fit(patterns: tuple[int, int, int]) -> tuple[int, ...]:
    """For each 9-bit mask with two or more bits, the pattern holding it, else 0."""
    return tuple(
        next((p for p in patterns if not m & ~p), 0) if _POP[m] >= 2 else 0 for m in range(512)
    )


_FIT_BOX_COL, _FIT_TRIPLE = _fit(_BOX_COL), _fit(_TRIPLE)
#: SE's four locking searches as (fit table, ((h1, parallel houses), ...)): pointing is
#: box/column then box/row, claiming column/box then row/box.
_POINTING = (
    (_FIT_BOX_COL, tuple((18 + i, tuple(18 + i % 3 + 3 * t for t in range(3) if i % 3 + 3 * t != i)) for i in range(9))),
    (_FIT_TRIPLE, tuple((18 + i, tuple(18 + i // 3 * 3 + t for t in range(3) if i // 3 * 3 + t != i)) for i in range(9))),
)
_CLAIMING = tuple(
    (_FIT_TRIPLE, tuple((base + i, tuple(base + i // 3 * 3 + t for t in range(3) if i // 3 * 3 + t != i)) for i in range(9)))
    for base in (9, 0)
)
_HIDDEN_ORDER = (*range(18, 27), *range(9, 18), *range(0, 9))


def _locks(pointing: bool) -> tuple[tuple[int, int, int, int], ...]:
    """The box-line intersections, box by box (its rows, then its columns), as (base
    house, cover house, intersection in base positions, intersection in cover positions)."""
    out = []
    for b in range(9):
        for t in range(6):
            row = t < 3
            line = b // 3 * 3 + t if row else 9 + b % 3 * 3 + t - 3
            in_box = _TRIPLE[line % 3] if row else _BOX_COL[(line - 9) % 3]
            in_line = _TRIPLE[b % 3 if row else b // 3]
            out.append((18 + b, line, in_box, in_line) if pointing else (line, 18 + b, in_line, in_box))
    return tuple(out)


_POINTING_LOCKS, _CLAIMING_LOCKS = _locks(True), _locks(False)
#: Where the registry looks for Locked Pairs (intersections box-major: the houses to
#: clear, the three cells) and Naked Pairs (each house: itself, its cells).
_LOCKED_PAIR_PLACES = tuple(
    ((line, box), tuple(c for c in range(81) if c in _HOUSE[line] and c in _HOUSE[box]))
    for box, line, _inside, _outside in _POINTING_LOCKS
)
_NAKED_PAIR_PLACES = tuple(((h,), _HOUSE[h]) for h in range(27))


class _Grid:
    """The state with its position masks and counts."""

    __slots__ = ("values", "cands", "pos", "cnt", "blanks")

    def __init__(self, values: list[int], cands: list[int]) -> None:
        self.values, self.cands = values, cands
        self.pos = pos = [0] * 270
        self.cnt = cnt = [[0] * 10 for _ in range(27)]
        self.blanks = blanks = [0] * 27
        for i in range(81):
            if values[i]:
                continue
            r, c, b, br, bc, bb = _CELL[i]
            blanks[r] += 1
            blanks[c] += 1
            blanks[b] += 1
            for d in range(1, 10):
                if cands[i] >> (d - 1) & 1:
                    pos[27 * d + r] |= br
                    pos[27 * d + c] |= bc
                    pos[27 * d + b] |= bb
                    cnt[r][d] += 1
                    cnt[c][d] += 1
                    cnt[b][d] += 1

    def _drop(self, cell: int, d: int) -> None:
        r, c, b, br, bc, bb = _CELL[cell]
        pos, cnt, base = self.pos, self.cnt, 27 * d
        pos[base + r] &= ~br
        pos[base + c] &= ~bc
        pos[base + b] &= ~bb
        cnt[r][d] -= 1
        cnt[c][d] -= 1
        cnt[b][d] -= 1

    def place(self, cell: int, digit: int) -> bool:
        """Place ``digit``; True if a blank cell is left without candidates."""
        values, cands = self.values, self.cands
        for d in range(1, 10):
            if cands[cell] >> (d - 1) & 1:
                self._drop(cell, d)
        bit = 1 << (digit - 1)
        emptied = False
        for p in _PEERS[cell]:
            if cands[p] & bit:
                cands[p] ^= bit
                self._drop(p, digit)
                emptied = emptied or not cands[p]
        values[cell], cands[cell] = digit, 0
        for h in _CELL[cell][:3]:
            self.blanks[h] -= 1
        return emptied

    # ------------------------------------------------------------ searches
    def full_house(self) -> tuple[int, int] | None:
        if 1 not in self.blanks:
            return None
        h = self.blanks.index(1)
        cell = next(c for c in _HOUSE[h] if not self.values[c])
        m = self.cands[cell]
        return (cell, (m & -m).bit_length()) if m else None

    def hidden_single(self, houses: range) -> tuple[int, int] | None:
        cnt = self.cnt
        for h in houses:
            if 1 in cnt[h]:
                d = cnt[h].index(1)
                return _HOUSE[h][self.pos[27 * d + h].bit_length() - 1], d
        return None

    def locking(self, searches: tuple[tuple[tuple[int, ...], tuple[tuple[int, tuple[int, ...]], ...]], ...]) -> tuple[int, int] | None:
        pos = self.pos
        for fit, pairs in searches:
            for d in range(1, 10):
                base = 27 * d
                for h1, others in pairs:
                    inside = fit[pos[base + h1]]
                    if not inside:
                        continue
                    for h3 in others:
                        pos3 = pos[base + h3]
                        remain = pos3 & ~inside
                        if remain and not remain & (remain - 1) and pos3 != remain:
                            return _HOUSE[h3][remain.bit_length() - 1], d
        return None

    def direct_hidden(self, degree: int) -> tuple[int, int] | None:
        pos, cnt = self.pos, self.cnt
        for h in _HIDDEN_ORDER:
            counts = cnt[h]
            small = [d for d in range(1, 10) if 2 <= counts[d] <= degree]
            if len(small) < degree:
                continue
            row = [pos[27 * d + h] for d in range(10)]
            for combo in combinations(small, degree):
                union = 0
                for d in combo:
                    union |= row[d]
                if _POP[union] != degree:
                    continue
                for d in range(1, 10):
                    rest = row[d] & ~union
                    if counts[d] > 1 and d not in combo and rest and not rest & (rest - 1):
                        return _HOUSE[h][rest.bit_length() - 1], d
        return None

    def locked(self, pointing: bool) -> tuple[int, int, list[int]] | None:
        """The registry's Pointing/Claiming: (digit, cover house, cells to clear)."""
        pos = self.pos
        for base_h, cover_h, inside, outside in _POINTING_LOCKS if pointing else _CLAIMING_LOCKS:
            for d in range(1, 10):
                m = pos[27 * d + base_h]
                if not m or _POP[m] > 3 or m & ~inside:
                    continue
                rest = pos[27 * d + cover_h] & ~outside
                if rest:
                    return d, cover_h, [_HOUSE[cover_h][k] for k in range(9) if rest >> k & 1]
        return None

    def eliminate(self, cells: list[int], digit: int) -> bool:
        """Remove ``digit`` from ``cells``; True if one of them is left without candidates."""
        bit, emptied = 1 << (digit - 1), False
        for cell in cells:
            if self.cands[cell] & bit:
                self.cands[cell] ^= bit
                self._drop(cell, digit)
                emptied = emptied or not self.cands[cell]
        return emptied

    def naked_pair(self, locked: bool) -> list[tuple[int, int]] | None:
        """The registry's Locked Pair (``locked``: in a box-line intersection, clearing the
        line and the box) or Naked Pair (in a house): eliminations, ascending."""
        cands = self.cands
        for houses, cells in _LOCKED_PAIR_PLACES if locked else _NAKED_PAIR_PLACES:
            two = [c for c in cells if _POP[cands[c]] == 2]
            for a, b in combinations(two, 2):
                pair = cands[a] | cands[b]
                if _POP[pair] != 2:
                    continue
                elims = sorted({(c, d) for h in houses for c in _HOUSE[h] if c != a and c != b for d in _DIGITS[cands[c] & pair]})
                if elims:
                    return elims
        return None

    def x_wing(self) -> list[tuple[int, int]] | None:
        """The registry's X-Wing (digits; base rows, then columns): eliminations, ascending."""
        pos = self.pos
        for d in range(1, 10):
            for base in (0, 9):
                lines = [pos[27 * d + base + i] for i in range(9)]
                for i, j in combinations([i for i in range(9) if _POP[lines[i]] == 2], 2):
                    if lines[i] != lines[j]:
                        continue
                    cells = sorted(
                        (9 * k + x if base == 0 else 9 * x + k)
                        for k in range(9) if k not in (i, j)
                        for x in range(9) if (lines[k] & lines[i]) >> x & 1
                    )
                    if cells:
                        return [(c, d) for c in cells]
        return None

    def hidden_pair(self) -> list[tuple[int, int]] | None:
        """The registry's Hidden Pair (houses 0..26): eliminations, ascending."""
        pos, cands = self.pos, self.cands
        for h in range(27):
            if self.blanks[h] <= 2:
                continue
            digits = [d for d in range(1, 10) if 1 <= _POP[pos[27 * d + h]] <= 2]
            for a, b in combinations(digits, 2):
                union = pos[27 * a + h] | pos[27 * b + h]
                if _POP[union] != 2:
                    continue
                keep = 1 << (a - 1) | 1 << (b - 1)
                elims = [(c, d) for k in range(9) if union >> k & 1 for c in (_HOUSE[h][k],) for d in _DIGITS[cands[c] & ~keep]]
                if elims:
                    return elims
        return None

    def eliminate_pairs(self, pairs: list[tuple[int, int]]) -> bool:
        """Remove each (cell, digit); True if a cell is left without candidates."""
        emptied = False
        for cell, digit in pairs:
            emptied = self.eliminate([cell], digit) or emptied
        return emptied

    def naked_single(self) -> tuple[int, int] | None:
        for cell, m in enumerate(self.cands):
            if m and not m & (m - 1):
                return cell, m.bit_length()
        return None

    def find(self, code: int) -> tuple[int, int] | None:
        if code == 0:
            return self.full_house()
        if code in (1, 2):
            return self.hidden_single(range(18, 27) if code == 1 else range(0, 18))
        if code in (3, 4):
            return self.locking(_POINTING if code == 3 else _CLAIMING)
        if code == 6:
            return self.naked_single()
        return self.direct_hidden(2 if code == 5 else 3)


def human_se_run(values: bytes, cands: bytes, enabled: int, max_steps: int) -> tuple[int, bytes, bytes, bytes, bytes]:
    """Twin of ``_core.human_se_run`` (see ``_core.pyi``)."""
    if len(values) != 81 or len(cands) != 162:
        raise ValueError("need 81 value bytes and 81 native uint16 candidate masks")
    vals, masks = list(values), array("H", cands).tolist()
    steps = bytearray()
    status = _run(vals, masks, enabled, max_steps, steps)
    where = bytearray(99)
    for d in range(9):
        for i in range(81):
            if masks[i] >> d & 1:
                where[11 * d + i // 8] |= 1 << (i % 8)
    return status, bytes(steps), bytes(vals), array("H", masks).tobytes(), bytes(where)


def _run(values: list[int], cands: list[int], enabled: int, max_steps: int, steps: bytearray) -> int:
    if any(v > 9 or m > 0x1FF or (v and m) for v, m in zip(values, cands)):
        return BAD_INPUT
    grid = _Grid(values, cands)
    codes = [code for code in range(14) if enabled >> code & 1]
    for _ in range(min(max(max_steps, 0), _MAX_STEPS)):
        for code in codes:
            if code >= 10:
                pairs = grid.naked_pair(code == 10) if code < 12 else grid.x_wing() if code == 12 else grid.hidden_pair()
                if pairs is not None:
                    steps += bytes((code, len(pairs), *(x for e in pairs for x in e)))
                    if grid.eliminate_pairs(pairs):
                        return EMPTIED
                    break
                continue
            if code >= 8:
                lock = grid.locked(code == 8)
                if lock is not None:
                    digit, _cover, cells = lock
                    steps += bytes((code, digit, len(cells), *cells))
                    if grid.eliminate(cells, digit):
                        return EMPTIED
                    break
                continue
            hit = grid.find(code)
            if hit is not None:
                cell, digit = hit
                steps += bytes((code, cell, digit))
                if grid.place(cell, digit):
                    return EMPTIED
                break
        else:
            return DONE
    return MAX


# ------------------------------------------------------------- HoDoKu's clue replay
_HOUSE_MASK = tuple(sum(1 << c for c in cells) for cells in _HOUSE)
_DIGITS = tuple(tuple(d for d in range(1, 10) if m >> (d - 1) & 1) for m in range(512))


def human_replay(puzzle: bytes) -> tuple[bytes, bytes, bytes, bytes, bytes]:
    """Twin of ``_core.human_replay`` (see ``_core.pyi``): place the clues one by one on
    an all-candidates grid, in cell order, keeping HoDoKu's free counts and singles
    queues (rules in csrc/human9.h)."""
    if len(puzzle) != 81 or any(ch not in b"123456789.0" for ch in puzzle):
        raise ValueError("puzzle must be 81 bytes of '1'-'9', '.' or '0'")
    cands = [0x1FF] * 81
    where = [0] + [(1 << 81) - 1] * 9
    free = [[0] + [9] * 9 for _ in range(27)]
    ns = bytearray()
    hs = bytearray()
    for cell, ch in enumerate(puzzle):
        digit = ch - 48 if 49 <= ch <= 57 else 0
        if not digit:
            continue
        bit = 1 << (digit - 1)
        w = where[digit]
        for peer in _PEERS[cell]:
            if cands[peer] & bit:
                left = cands[peer] = cands[peer] ^ bit
                w &= ~(1 << peer)
                for h in _CELL[peer][:3]:
                    f = free[h]
                    f[digit] -= 1
                    if f[digit] == 1:
                        rest = w & _HOUSE_MASK[h]
                        if rest:
                            hs += bytes(((rest & -rest).bit_length() - 1, digit))
                if left and not left & (left - 1):
                    ns += bytes((peer, left.bit_length()))
        where[digit] = w
        old = cands[cell]
        cands[cell] = 0
        for d in _DIGITS[old]:
            wd = where[d] = where[d] & ~(1 << cell)
            for h in _CELL[cell][:3]:
                f = free[h]
                f[d] -= 1
                if f[d] == 1 and d != digit:
                    rest = wd & _HOUSE_MASK[h]
                    if rest:
                        hs += bytes(((rest & -rest).bit_length() - 1, d))
    wbytes = b"".join((where[d] & ((1 << 81) - 1)).to_bytes(11, "little") for d in range(1, 10))
    return array("H", cands).tobytes(), bytes(v for f in free for v in f), bytes(ns), bytes(hs), wbytes


# ------------------------------------------------------------------ HoDoKu's front
_BOXES, _LINES = tuple(range(18, 27)), tuple(range(18))
_ALL_UNITS = (*_BOXES, *range(9), *range(9, 18))


class _Ho:
    """HoDoKu's state: values, candidates, free counts and the two singles queues."""

    __slots__ = ("values", "cands", "free", "ns", "hs")

    def __init__(self, values: list[int], cands: list[int], ns: list[tuple[int, int]], hs: list[tuple[int, int]]) -> None:
        self.values, self.cands = values, cands
        self.ns: deque[tuple[int, int]] = deque(ns)
        self.hs: deque[tuple[int, int]] = deque(hs)
        self.free = free = [[0] * 10 for _ in range(27)]
        for i, m in enumerate(cands):
            for d in _DIGITS[m]:
                for h in _CELL[i][:3]:
                    free[h][d] += 1

    def _first(self, h: int, d: int) -> int:
        bit = 1 << (d - 1)
        return next((c for c in _HOUSE[h] if self.cands[c] & bit), -1)

    def eliminate(self, cell: int, d: int) -> None:
        bit = 1 << (d - 1)
        if not self.cands[cell] & bit:
            return
        left = self.cands[cell] = self.cands[cell] ^ bit
        for h in _CELL[cell][:3]:
            self.free[h][d] -= 1
            if self.free[h][d] == 1:
                rest = self._first(h, d)
                if rest >= 0:
                    self.hs.append((rest, d))
        if left and not left & (left - 1):
            self.ns.append((cell, left.bit_length()))

    def place(self, cell: int, digit: int) -> None:
        if self.values[cell] == digit:
            return
        for p in _PEERS[cell]:  # ascending
            self.eliminate(p, digit)
        old = self.cands[cell]
        self.cands[cell] = 0
        for d in _DIGITS[old]:
            for h in _CELL[cell][:3]:
                self.free[h][d] -= 1
                if self.free[h][d] == 1 and d != digit:
                    rest = self._first(h, d)
                    if rest >= 0:
                        self.hs.append((rest, d))
        self.values[cell] = digit

    # ---------------------------------------------------------- singles
    def full_house(self) -> tuple[int, int] | None:
        values, free = self.values, self.free
        if any(values[c] for c, _ in self.ns):
            self.ns = deque(e for e in self.ns if not values[e[0]])
        for cell, d in self.ns:
            for h in _CELL[cell][:3]:
                if sum(free[h]) == free[h][d]:
                    return cell, d
        return None

    def naked_single(self) -> tuple[int, int] | None:
        while self.ns:
            cell, d = self.ns.popleft()
            if not self.values[cell]:
                return cell, d
        return None

    def hidden_single(self) -> tuple[int, int, int] | None:
        """(step code 2 in a box / 3 in a line, cell, digit)."""
        while self.hs:
            cell, d = self.hs.popleft()
            if self.values[cell]:
                continue
            for h in _CELL[cell][:3]:
                if self.free[h][d] == 1 and self.cands[cell] >> (d - 1) & 1:
                    return (2 if h >= 18 else 3), cell, d
            return None
        return None

    # ---------------------------------------------- intersections, subsets
    def locked_candidates(self, pointing: bool) -> list[tuple[int, int]] | None:
        cands, free = self.cands, self.free
        for unit in _BOXES if pointing else _LINES:
            for d in range(1, 10):
                n = free[unit][d]
                if n not in (2, 3):
                    continue
                bit = 1 << (d - 1)
                cells = [c for c in _HOUSE[unit] if cands[c] & bit]
                for k in (0, 1) if pointing else (2,):
                    cover = _CELL[cells[0]][k]
                    if all(_CELL[c][k] == cover for c in cells) and free[cover][d] > n:
                        return [(c, d) for c in _HOUSE[cover] if cands[c] & bit and c not in cells]
        return None

    def naked(self, size: int, locked: bool) -> list[tuple[int, int]] | None:
        cands = self.cands
        for unit in _BOXES if locked else _ALL_UNITS:
            eligible = [c for c in _HOUSE[unit] if cands[c] and _POP[cands[c]] <= size]
            for combo in combinations(eligible, size):
                mask = 0
                for c in combo:
                    mask |= cands[c]
                if _POP[mask] == size:
                    dels = self._subset_deletions(combo, mask, size, locked)
                    if dels is not None:
                        return dels
        return None

    def _subset_deletions(self, cells: tuple[int, ...], mask: int, size: int, locked: bool) -> list[tuple[int, int]] | None:
        cands = self.cands
        first = _CELL[cells[0]]
        same = [all(_CELL[c][k] == first[k] for c in cells) for k in range(3)]
        deletions: list[tuple[int, int]] = []
        found = [False, False, False]
        for k in range(3):
            if not same[k]:
                continue
            for c in _HOUSE[first[k]]:
                if c in cells or not cands[c] & mask:
                    continue
                for d in _DIGITS[cands[c] & mask]:
                    if (c, d) not in deletions:
                        deletions.append((c, d))
                if k == 2 or _CELL[c][2] != first[2]:
                    found[k] = True
        if not deletions:
            return None
        is_locked = size < 4 and sum(found) > 1 and same[2] and (same[0] or same[1])
        return deletions if is_locked == locked else None

    def hidden(self, size: int) -> list[tuple[int, int]] | None:
        cands, free = self.cands, self.free
        for unit in _ALL_UNITS:
            house = _HOUSE[unit]
            if sum(1 for c in house if cands[c]) <= size:
                continue
            digits = [d for d in range(1, 10) if 0 < free[unit][d] <= size]
            places = {d: sum(1 << k for k, c in enumerate(house) if cands[c] >> (d - 1) & 1) for d in digits}
            for combo in combinations(digits, size):
                union = 0
                for d in combo:
                    union |= places[d]
                if _POP[union] != size:
                    continue
                keep = sum(1 << (d - 1) for d in combo)
                dels = [(house[k], d) for k in range(9) if union >> k & 1 for d in _DIGITS[cands[house[k]] & ~keep]]
                if dels:
                    return dels
        return None


def human_ho_run(
    values: bytes, cands: bytes, ns: bytes, hs: bytes, enabled: int, max_steps: int, pre: bytes = b""
) -> tuple[int, bytes, bytes, bytes, bytes, bytes, bytes, bytes]:
    """Twin of ``_core.human_ho_run`` (see ``_core.pyi``; rules in csrc/human9.h)."""
    if (len(values) != 81 or len(cands) != 162 or len(ns) % 2 or len(ns) > 162 or len(hs) % 2 or len(hs) > 486
            or len(pre) % 3 or len(pre) > 3 * 2 * 729):
        raise ValueError("need 81 value bytes, 81 native uint16 candidate masks, queues of at most 81 / 243 byte "
                         "pairs and at most 1458 byte triples before the run")
    vals, masks = list(values), array("H", cands).tolist()
    steps = bytearray()
    queues = [list(zip(q[::2], q[1::2])) for q in (ns, hs)]
    first = list(zip(pre[::3], pre[1::3], pre[2::3]))
    bad = any(v > 9 or m > 0x1FF or (v and m) for v, m in zip(vals, masks))
    bad = bad or any(op > 1 or c > 80 or not 1 <= d <= 9 or (not op and vals[c] not in (0, d)) for op, c, d in first)
    if bad or any(c > 80 or not 1 <= d <= 9 for q in queues for c, d in q):
        status = BAD_INPUT
        state = _Ho(vals, [0] * 81, queues[0], queues[1])
        state.cands = masks
    else:
        state = _Ho(vals, masks, queues[0], queues[1])
        for op, c, d in first:  # the caller's step first, with the same bookkeeping
            if op:
                state.eliminate(c, d)
            else:
                state.place(c, d)
        status = _ho_run(state, enabled, max_steps, steps)
    where = bytearray(99)
    for d in range(9):
        for i in range(81):
            if masks[i] >> d & 1:
                where[11 * d + i // 8] |= 1 << (i % 8)
    return (
        status, bytes(steps), bytes(vals), array("H", masks).tobytes(),
        bytes(x for e in state.ns for x in e), bytes(x for e in state.hs for x in e),
        bytes(v for f in state.free for v in f), bytes(where),
    )


#: Step codes of ``human_ho_run`` (csrc/human9.h: H9_HO_CODES).
HO_CODES = 14


def ho_tally(steps: bytes) -> tuple[tuple[int, int], ...]:
    """Twin of ``_core.ho_tally`` (see ``_core.pyi``; rules in csrc/human9.h)."""
    counts: dict[int, int] = {}  # in order of first use
    j, end = 0, len(steps)
    while j < end:
        code = steps[j]
        # a single: (code, cell, digit); deletions: (code, n, n x (cell, digit))
        size = 3 if code < 4 else (2 + 2 * steps[j + 1] if j + 1 < end else end + 1)
        if code >= HO_CODES or size > end - j:
            raise ValueError("not human_ho_run step bytes (an unknown code or a record cut short)")
        counts[code] = counts.get(code, 0) + 1
        j += size
    return tuple(counts.items())


#: Slots 3-12 of ``human_ho_run``: (search, size); "lc" size 1 = pointing, 2 = claiming.
_HO_SEARCH: dict[int, tuple[str, int]] = {
    3: ("locked", 2), 4: ("locked", 3), 5: ("lc", 1), 6: ("lc", 2), 7: ("naked", 2), 8: ("naked", 3),
    9: ("hidden", 2), 10: ("hidden", 3), 11: ("naked", 4), 12: ("hidden", 4),
}


def _ho_run(state: _Ho, enabled: int, max_steps: int, steps: bytearray) -> int:
    slots = [t for t in range(13) if enabled >> t & 1]
    for _ in range(min(max(max_steps, 0), _MAX_STEPS)):
        if 0 not in state.values:
            return DONE
        for t in slots:
            if t < 3:
                hit = state.full_house() if t == 0 else state.naked_single() if t == 1 else state.hidden_single()
                if hit is None:
                    continue
                code, cell, digit = (t, *hit) if len(hit) == 2 else hit
                steps += bytes((code, cell, digit))
                state.place(cell, digit)
                break
            kind, size = _HO_SEARCH[t]
            if kind == "locked":
                dels = state.naked(size, True)
            elif kind == "lc":
                dels = state.locked_candidates(size == 1)
            elif kind == "naked":
                dels = state.naked(size, False)
            else:
                dels = state.hidden(size)
            if dels is None:
                continue
            steps += bytes((t + 1, len(dels), *(x for e in dels for x in e)))
            for cell, digit in dels:
                state.eliminate(cell, digit)
            break
        else:
            return DONE
    return MAX
