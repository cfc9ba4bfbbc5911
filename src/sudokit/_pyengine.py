"""Pure-Python twin of the variant engine csrc/engine.c (same algorithm, same answers).

``engine_solve(program, limit, node_budget) -> (status, count, solution, nodes)``:
``program`` is the int32 byte string of :mod:`sudokit.variants.compile`; ``status`` 0
when the search finished (``count`` capped at ``limit``), 1 when ``node_budget`` (0:
none) ran out first; ``solution`` holds one byte per cell (its digit 1..N) of the first
solution, or b'' when there is none. Raises ValueError for a malformed program.

The search: propagate to a fixpoint (placed digits leave their peers, hidden singles in
every house of N cells, locked candidates between full houses sharing two or more cells,
pair relations made arc consistent, relation pairs (a digit whose only places in a full
house are the two cells of a relation), linear sums bounded), then
branch on a cell with the fewest candidates (ties: the cell whose branches failed most
often so far, then the first), digits in increasing order. The
fixpoint does not depend on the order the propagators run in (triple relations and
sandwiches too), so the C engine (which revisits only the items a change touches) and this
twin (which reruns every propagator until nothing changes) walk the same tree and return
the same first solution.
"""

from __future__ import annotations

from array import array

__all__ = ["engine_solve", "MAX_CELLS", "MAX_DIGITS", "MAX_LOCK_HOUSES"]

MAX_CELLS = 1024
MAX_DIGITS = 25
#: Locked candidates run on programs with at most this many full houses (as in C).
MAX_LOCK_HOUSES = 256
_MAX_COEF = 1_000_000


class _Model:
    """The decoded program: peers per cell, full houses, relations, sums."""

    def __init__(self, program: bytes) -> None:
        if len(program) % 4:
            raise ValueError("program must hold int32 values")
        words = array("i", program).tolist()
        self.pos = 0
        self.words = words
        n_cells, n_digits, n_houses, n_rels, n_sums, n_triples, n_sandwiches = self._take(7)
        if not 1 <= n_cells <= MAX_CELLS or not 1 <= n_digits <= MAX_DIGITS or min(n_houses, n_rels, n_sums, n_triples, n_sandwiches) < 0:
            raise ValueError("bad program header")
        self.n_cells, self.full = n_cells, (1 << n_digits) - 1
        self.masks = self._take(n_cells)
        if any(m < 0 or m > self.full for m in self.masks):
            raise ValueError("bad candidate mask")
        peers: list[set[int]] = [set() for _ in range(n_cells)]
        self.houses: list[list[int]] = []
        for _ in range(n_houses):
            house = self._take(self._count(n_cells))
            self._cells(house)
            if len(set(house)) != len(house):
                raise ValueError("a house names a cell twice")
            for c in house:
                peers[c].update(house)
            if len(house) == n_digits:
                self.houses.append(house)
        self.peers = [sorted(p - {i}) for i, p in enumerate(peers)]
        self.locks = self._locks()
        self.rels = []
        for _ in range(n_rels):
            a, b = self._take(2)
            self._cells((a, b))
            fwd = self._take(n_digits)
            if a == b or any(m < 0 or m > self.full for m in fwd):
                raise ValueError("bad relation")
            rev = [sum(1 << x for x in range(n_digits) if fwd[x] >> y & 1) for y in range(n_digits)]
            self.rels.append((a, b, fwd, rev))
        full_of: dict[int, list[int]] = {}
        for h, house in enumerate(self.houses):
            for c in house:
                full_of.setdefault(c, []).append(h)
        #: (house, a, b, fwd, rev) for every full house holding both cells of a relation
        self.pairs = [(self.houses[h], a, b, fwd, rev) for a, b, fwd, rev in self.rels for h in full_of.get(a, []) if h in full_of.get(b, [])]
        self.sums = []
        for _ in range(n_sums):
            k, total = self._take(2)
            if not 0 <= k <= n_cells:
                raise ValueError("bad sum")
            terms = [tuple(self._take(2)) for _ in range(k)]
            self._cells([c for c, _ in terms])
            if any(abs(coef) > _MAX_COEF for _, coef in terms) or abs(total) > _MAX_COEF * MAX_CELLS:
                raise ValueError("bad sum coefficient")
            self.sums.append((terms, total))
        self.triples = []
        for _ in range(n_triples):
            a, b, c = self._take(3)
            self._cells((a, b, c))
            table = self._take(n_digits * n_digits)
            if len({a, b, c}) != 3 or any(m < 0 or m > self.full for m in table):
                raise ValueError("bad triple relation")
            self.triples.append((a, b, c, table))
        self.sandwiches = []
        for _ in range(n_sandwiches):
            k, total = self._take(2)
            if not 0 <= k <= min(n_cells, MAX_DIGITS) or abs(total) > _MAX_COEF:  # a row or column at most, as in C
                raise ValueError("bad sandwich")
            cells = self._take(k)
            self._cells(cells)
            self.sandwiches.append((cells, total))
        if self.pos != len(words):
            raise ValueError("program has trailing data")

    def _locks(self) -> list[tuple[list[int], list[int], list[int]]]:
        """(shared cells, rest of house a, rest of house b) for full houses a before b sharing 2+ cells."""
        out: list[tuple[list[int], list[int], list[int]]] = []
        if not 2 <= len(self.houses) <= MAX_LOCK_HOUSES:
            return out
        for i, a in enumerate(self.houses):
            in_a = set(a)
            for b in self.houses[i + 1 :]:
                shared = [c for c in b if c in in_a]
                if len(shared) >= 2:
                    out.append((shared, [c for c in a if c not in shared], [c for c in b if c not in in_a]))
        return out

    def _take(self, k: int) -> list[int]:
        if self.pos + k > len(self.words):
            raise ValueError("program is truncated")
        out = self.words[self.pos : self.pos + k]
        self.pos += k
        return out

    def _count(self, most: int) -> int:
        k = self._take(1)[0]
        if not 0 <= k <= most:
            raise ValueError("bad house size")
        return k

    def _cells(self, cells: object) -> None:
        if any(not 0 <= c < self.n_cells for c in cells):  # type: ignore[attr-defined]
            raise ValueError("cell out of range")


def _single(m: int) -> bool:
    return m & (m - 1) == 0


def _bits(m: int) -> list[int]:
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


def _propagate(md: _Model, cand: list[int], queue: list[int]) -> bool:
    """Narrow ``cand`` to the fixpoint of every primitive; False on a contradiction."""
    while True:
        if not _eliminate(md, cand, queue):
            return False
        changed = False
        for step in (_hidden, _locked, _rel_pairs, _relations, _sums, _triples, _sandwiches):
            result = step(md, cand, queue)
            if result is None:
                return False
            changed = changed or result
        if not changed and not queue:
            return True


def _eliminate(md: _Model, cand: list[int], queue: list[int]) -> bool:
    while queue:
        i = queue.pop()
        bit = cand[i]
        for p in md.peers[i]:
            m = cand[p]
            if m & bit:
                m &= ~bit
                if not m:
                    return False
                cand[p] = m
                if _single(m):
                    queue.append(p)
    return True


def _set(cand: list[int], queue: list[int], cell: int, m: int) -> bool | None:
    if not m:
        return None
    cand[cell] = m
    if _single(m):
        queue.append(cell)
    return True


def _hidden(md: _Model, cand: list[int], queue: list[int]) -> bool | None:
    changed = False
    for house in md.houses:
        once = twice = 0
        for c in house:
            m = cand[c]
            twice |= once & m
            once |= m
        if once != md.full:
            return None
        exact = once & ~twice
        if exact:
            for c in house:
                m = cand[c] & exact
                if m and m != cand[c]:
                    if not _single(m):
                        return None
                    _set(cand, queue, c, m)
                    changed = True
    return changed


def _locked(md: _Model, cand: list[int], queue: list[int]) -> bool | None:
    """Pointing/claiming: a digit one house holds only in the cells it shares with another
    leaves the rest of the other."""
    changed = False
    for shared, rest_a, rest_b in md.locks:
        inside = out_a = out_b = 0
        for c in shared:
            inside |= cand[c]
        for c in rest_a:
            out_a |= cand[c]
        for c in rest_b:
            out_b |= cand[c]
        for locked, rest, out in ((inside & ~out_a, rest_b, out_b), (inside & ~out_b, rest_a, out_a)):
            if locked & out:
                for c in rest:
                    if cand[c] & locked:
                        if _set(cand, queue, c, cand[c] & ~locked) is None:
                            return None
                        changed = True
    return changed


def _rel_pairs(md: _Model, cand: list[int], queue: list[int]) -> bool | None:
    """A digit whose only places in a full house are the two cells a, b of a relation: a
    keeps only it and ``rev[d]``, b only it and ``fwd[d]``."""
    changed = False
    for house, a, b, fwd, rev in md.pairs:
        others = 0
        for c in house:
            if c != a and c != b:
                others |= cand[c]
        ka, kb = cand[a], cand[b]
        for d in _bits(ka & kb & ~others):
            ka &= 1 << d | rev[d]
            kb &= 1 << d | fwd[d]
        for cell, new in ((a, ka), (b, kb)):
            if new != cand[cell]:
                if _set(cand, queue, cell, new) is None:
                    return None
                changed = True
    return changed


def _relations(md: _Model, cand: list[int], queue: list[int]) -> bool | None:
    changed = False
    for a, b, fwd, rev in md.rels:
        ma, mb = cand[a], cand[b]
        support = 0
        for x in _bits(ma):
            support |= fwd[x]
        nb = mb & support
        if nb != mb:
            if _set(cand, queue, b, nb) is None:
                return None
            changed = True
        support = 0
        for y in _bits(nb):
            support |= rev[y]
        na = ma & support
        if na != ma:
            if _set(cand, queue, a, na) is None:
                return None
            changed = True
    return changed


def _range(m: int, coef: int) -> tuple[int, int]:
    lo, hi = (m & -m).bit_length(), m.bit_length()
    return (coef * lo, coef * hi) if coef > 0 else (coef * hi, coef * lo)


def _sums(md: _Model, cand: list[int], queue: list[int]) -> bool | None:
    changed = False
    for terms, total in md.sums:
        ranges = [_range(cand[c], coef) for c, coef in terms]
        lo = sum(r[0] for r in ranges)
        hi = sum(r[1] for r in ranges)
        if not lo <= total <= hi:
            return None
        for (cell, coef), (tlo, thi) in zip(terms, ranges):
            low, high = total - (hi - thi), total - (lo - tlo)
            m = cand[cell]
            keep = 0
            for x in _bits(m):
                if low <= coef * (x + 1) <= high:
                    keep |= 1 << x
            if keep != m:
                if _set(cand, queue, cell, keep) is None:
                    return None
                changed = True
    return changed


def _triples(md: _Model, cand: list[int], queue: list[int]) -> bool | None:
    """Generalised arc consistency on each triple relation."""
    changed = False
    n = md.full.bit_length()
    for a, b, c, table in md.triples:
        ma, mb, mc = cand[a], cand[b], cand[c]
        sa = sb = sc = 0
        for x in _bits(ma):
            for y in _bits(mb):
                m = table[x * n + y] & mc
                if m:
                    sa |= 1 << x
                    sb |= 1 << y
                    sc |= m
        for cell, old, new in ((a, ma, ma & sa), (b, mb, mb & sb), (c, mc, mc & sc)):
            if new != old:
                if _set(cand, queue, cell, new) is None:
                    return None
                changed = True
    return changed


def _sandwiches(md: _Model, cand: list[int], queue: list[int]) -> bool | None:
    """Keep the 1 and the N only where some placement of both lets the middle reach the total."""
    changed = False
    low, high = 1, 1 << (md.full.bit_length() - 1)
    middle = md.full & ~(low | high)
    for cells, total in md.sandwiches:
        ones = [k for k, c in enumerate(cells) if cand[c] & low]
        tops = [k for k, c in enumerate(cells) if cand[c] & high]
        ok_one, ok_top = set(), set()
        for i in ones:
            for j in tops:
                if i != j and _sandwich_fits(cand, cells, min(i, j), max(i, j), total, middle):
                    ok_one.add(i)
                    ok_top.add(j)
        if not ok_one:
            return None
        for positions, good, bit in ((ones, ok_one, low), (tops, ok_top, high)):
            for k in positions:
                if k not in good:
                    if _set(cand, queue, cells[k], cand[cells[k]] & ~bit) is None:
                        return None
                    changed = True
    return changed


def _sandwich_fits(cand: list[int], cells: list[int], i: int, j: int, total: int, middle: int) -> bool:
    lo = hi = 0
    for c in cells[i + 1 : j]:
        m = cand[c] & middle
        if not m:
            return False
        lo += (m & -m).bit_length()
        hi += m.bit_length()
    return lo <= total <= hi


_MAX_FAILS = 0x0FFFFFFF


def _pick(cand: list[int], fails: list[int]) -> int:
    """A cell with the fewest (but at least two) candidates; ties go to the most failed
    branches so far, then the first. -1 when all are placed."""
    best, best_count, best_fails = -1, 99, 0
    for i, m in enumerate(cand):
        if m & (m - 1):
            k = bin(m).count("1")
            if k < best_count or (k == best_count and fails[i] > best_fails):
                best, best_count, best_fails = i, k, fails[i]
    return best


def engine_solve(program: bytes, limit: int, node_budget: int) -> tuple[int, int, bytes, int]:
    """Count solutions of a compiled variant program (see the module docstring)."""
    md = _Model(bytes(program))
    if limit < 1 or node_budget < 0:
        raise ValueError("limit must be >= 1 and node_budget >= 0")
    cand = list(md.masks)
    if any(m == 0 for m in cand):
        return 0, 0, b"", 0
    if not _propagate(md, cand, [i for i, m in enumerate(cand) if _single(m)]):
        return 0, 0, b"", 0
    count, nodes, first = 0, 0, b""
    fails = [0] * len(cand)  # failed branches per cell (the tie-break of _pick)
    stack: list[list[object]] = []  # frames: [state, cell, untried digits]
    state: list[int] = cand
    while True:
        cell = _pick(state, fails)
        if cell < 0:
            count += 1
            if count == 1:
                first = bytes(m.bit_length() for m in state)
            if count >= limit:
                return 0, count, first, nodes
        else:
            stack.append([state, cell, state[cell]])
        while stack:  # the next untried branch, depth first
            frame = stack[-1]
            parent, at, rest = frame[0], frame[1], frame[2]
            assert isinstance(parent, list) and isinstance(at, int) and isinstance(rest, int)
            if not rest:
                stack.pop()
                continue
            bit = rest & -rest
            frame[2] = rest & ~bit
            nodes += 1
            if node_budget and nodes > node_budget:
                return 1, count, first, nodes
            child = parent[:]
            child[at] = bit
            if _propagate(md, child, [at]):
                state = child
                break
            if fails[at] < _MAX_FAILS:
                fails[at] += 1
        else:
            return 0, count, first, nodes
