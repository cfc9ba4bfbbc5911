"""Pure-Python twin of the variant engine csrc/engine.c (same algorithm, same answers).

``engine_solve(program, limit, node_budget) -> (status, count, solution, nodes)``:
``program`` is the int32 byte string of :mod:`sudokit.variants.compile`; ``status`` 0
when the search finished (``count`` capped at ``limit``), 1 when ``node_budget`` (0:
none) ran out first; ``solution`` holds one byte per cell (its digit 1..N) of the first
solution, or b'' when there is none. Raises ValueError for a malformed program.

The search: propagate to a fixpoint (placed digits leave their peers, hidden singles in
every house of N cells, locked candidates between full houses sharing two or more cells,
pair relations made arc consistent, pointing through relations (a digit with two places
in a full house: what both places exclude through relations goes), pointing on the peer graph (anti-knight, anti-king),
linear sums bounded and narrowed by digit sets
(cages of cells that see each other) or reachable totals (other sums), sandwiches by the
digit sets between the 1 and the N: csrc/engine_sums.c describes them); on programs of
several grids (more than 4N full houses) the cells with two candidates are then probed at
the root (a candidate whose placement fails goes, until none does); then branch on a cell with the fewest candidates (ties: the cell whose branches failed most
often so far, then the one linked to the most open cells by relations, then the first), digits in increasing order;
with relations, sums or triples the cell whose branch failed last is branched on first
while it is open (last conflict, as C). The
fixpoint does not depend on the order the propagators run in (triple relations and
sandwiches too), so the C engine (which revisits only the items a change touches) and this
twin (which reruns every propagator until nothing changes) walk the same tree and return
the same first solution.
"""

from __future__ import annotations

from array import array
from typing import Any

__all__ = ["engine_solve", "MAX_CELLS", "MAX_DIGITS", "MAX_LOCK_HOUSES", "MAX_COMBOS", "DP_MAX_SPAN"]

MAX_CELLS = 1024
MAX_DIGITS = 25
#: Locked candidates run on programs with at most this many full houses (as in C).
MAX_LOCK_HOUSES = 256
_MAX_COEF = 1_000_000
#: Sums and sandwiches list at most this many digit sets; sums whose totals span more
#: values than DP_MAX_SPAN keep bounds only (as in C, csrc/engine_sums.c).
MAX_COMBOS = 4096
DP_MAX_SPAN = 1023


def _combos(d: int, hi: int, k: int, need: int, acc: int, out: list[int]) -> None:
    """Digit sets from d..hi summing to ``need``: k digits, or any number when k < 0 (stops
    past MAX_COMBOS, as C does)."""
    if len(out) > MAX_COMBOS:
        return
    if k == 0 or (k < 0 and need == 0):
        if need == 0:
            out.append(acc)
        return
    if d > hi or need < 0:
        return
    span = hi - d + 1
    if k > 0:
        if span < k or need < k * d + k * (k - 1) // 2 or need > k * hi - k * (k - 1) // 2:
            return
    elif need > span * (d + hi) // 2:
        return
    _combos(d + 1, hi, k - 1 if k > 0 else k, need - d, acc | 1 << (d - 1), out)
    _combos(d + 1, hi, k, need, acc, out)


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
        pairs = 0
        for _ in range(n_houses):
            house = self._take(self._count(n_cells))
            pairs += len(house) == 2
            self._cells(house)
            if len(set(house)) != len(house):
                raise ValueError("a house names a cell twice")
            for c in house:
                peers[c].update(house)
            if len(house) == n_digits:
                self.houses.append(house)
        self.peers = [sorted(p - {i}) for i, p in enumerate(peers)]
        #: pointing on the peer graph runs with many two-cell houses (anti-knight, anti-king; as C)
        self.point = pairs >= n_cells // 2 and n_digits > 2
        self.peer_bits = [sum(1 << p for p in ps) for ps in self.peers] if self.point else []
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
        #: links[p][x][d]: the digits x may hold when p holds d+1 (all relations between them)
        self.links: list[dict[int, list[int]]] = [{} for _ in range(n_cells)]
        for a, b, fwd, rev in self.rels:
            for p, x, table in ((a, b, fwd), (b, a, rev)):
                old = self.links[p].get(x)
                self.links[p][x] = list(table) if old is None else [u & v for u, v in zip(old, table)]
        #: full houses where some cell has a relation (rel_points looks at those only, as C)
        self.rel_houses = [house for house in self.houses if any(self.links[c] for c in house)]
        #: probe the two-candidate cells at the root (several grids: more than 4N full houses, as C)
        self.probe = len(self.houses) > 4 * n_digits
        #: branch on the cell of the last failed branch first (last conflict; as C)
        self.last_conflict = n_rels > 0 or n_sums > 0 or n_triples > 0
        #: with relations as many as the cells (non-consecutive) last conflict takes a cell of
        #: at most _LC_DENSE_MAX candidates only (as C: a wider one split many ways cost more)
        self.lc_max = _LC_DENSE_MAX if n_rels >= n_cells else 32
        self.sums = []
        for _ in range(n_sums):
            k, total = self._take(2)
            if not 0 <= k <= n_cells:
                raise ValueError("bad sum")
            flat = self._take(2 * k)
            terms = list(zip(flat[::2], flat[1::2]))
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
        #: per cell, the other cell of each of its relations (sums are left out: on little
        #: killers their long diagonals steered the tie-break into trees ~500x larger)
        self.link_cells: list[list[int]] = [[] for _ in range(n_cells)]
        for a, b, _, _ in self.rels:
            self.link_cells[a].append(b)
            self.link_cells[b].append(a)
        self._sum_tables(n_digits, peers)
        self._sandwich_tables(n_digits, peers)

    def _sum_tables(self, n: int, peers: list[set[int]]) -> None:
        """Per sum (terms, total, kind, data): kind "combos" with the digit sets of a sum of
        distinct digits, "reach" with (bitset span, target), or "bounds"."""
        tables: list[tuple[list[tuple[int, int]], int, str, Any]] = []
        for terms, total in self.sums:
            cells = [c for c, _ in terms]
            if len(terms) >= 2 and all(coef == 1 for _, coef in terms) and _all_peers(cells, peers):
                found: list[int] = []
                _combos(1, n, len(terms), total, 0, found)
                if len(found) <= MAX_COMBOS:
                    tables.append((terms, total, "combos", found))
                    continue
            span = sum(abs(coef) * (n - 1) for _, coef in terms)
            low = sum(coef * n if coef < 0 else coef for _, coef in terms)
            if terms and span <= DP_MAX_SPAN:
                tables.append((terms, total, "reach", ((span // 64 + 1) * 64, total - low)))
            else:
                tables.append((terms, total, "bounds", None))
        self.sum_tables = tables

    def _sandwich_tables(self, n: int, peers: list[set[int]]) -> None:
        """Per sandwich (cells, total, sets by size or None for the weaker rule)."""
        self.sandwich_tables: list[tuple[list[int], int, dict[int, list[int]] | None]] = []
        for cells, total in self.sandwiches:
            by_size: dict[int, list[int]] | None = None
            if n >= 3 and len(cells) == n and _all_peers(cells, peers):
                found: list[int] = []
                _combos(2, n - 1, -1, total, 0, found)
                if len(found) <= MAX_COMBOS:
                    by_size = {}
                    for mask in found:
                        by_size.setdefault(bin(mask).count("1"), []).append(mask)
            self.sandwich_tables.append((cells, total, by_size))

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


def _all_peers(cells: list[int], peers: list[set[int]]) -> bool:
    return all(a == b or b in peers[a] for a in cells for b in cells)


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
        for step in (_hidden, _locked, _pointing, _rel_points, _relations, _sums, _triples, _sandwiches):
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
                if not _single(m):  # two digits with one place, here (C: even without a change)
                    return None
                if m and m != cand[c]:
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


def _pointing(md: _Model, cand: list[int], queue: list[int]) -> bool | None:
    """Pointing on the peer graph: a digit with two or three places in a full house leaves
    every cell that sees all of them (a knight's move, a king's touch or a house away; only
    on programs with many two-cell houses, as C: csrc/engine.c pointing)."""
    if not md.point:
        return False
    changed = False
    for house in md.houses:
        for d in range(md.full.bit_length()):
            bit = 1 << d
            places = [c for c in house if cand[c] & bit]
            if not 2 <= len(places) <= 3:
                continue
            common = md.peer_bits[places[0]]
            for c in places[1:]:
                common &= md.peer_bits[c]
            while common:
                low = common & -common
                x = low.bit_length() - 1
                common ^= low
                if cand[x] & bit:
                    if _set(cand, queue, x, cand[x] & ~bit) is None:
                        return None
                    changed = True
    return changed


def _rel_points(md: _Model, cand: list[int], queue: list[int]) -> bool | None:
    """Pointing through relations: a digit with two places in a full house is in one of
    them, so a candidate both (place, digit) exclude goes. A place excludes the other
    digits of its own cell and what its relations forbid; only the first place and the
    cells related to it can lose anything (as C: csrc/engine.c rel_points)."""
    changed = False
    full = md.full
    for house in md.rel_houses:
        once = twice = thrice = 0
        for c in house:
            m = cand[c]
            thrice |= twice & m
            twice |= once & m
            once |= m
        for d in _bits(twice & ~thrice):
            bit = 1 << d
            places = [c for c in house if cand[c] & bit]
            if len(places) != 2:
                continue
            p0, p1 = places
            for x in [p0, *md.links[p0]]:
                gone = cand[x]
                for p in places:
                    if x == p:
                        gone &= ~bit
                    else:
                        table = md.links[p].get(x)
                        gone &= full & ~table[d] if table is not None else 0
                if gone:
                    if _set(cand, queue, x, cand[x] & ~gone) is None:
                        return None
                    changed = True
    return changed


def _probe(md: _Model, cand: list[int]) -> bool:
    """Failed-literal probing of the cells with two candidates until every one survives
    (a unique result; as C: csrc/engine.c probe). False on a contradiction."""
    changed = True
    while changed:
        changed = False
        for i in range(len(cand)):
            m = cand[i]
            if _single(m) or bin(m).count("1") != 2:
                continue
            for d in _bits(m):
                bit = 1 << d
                if not cand[i] & bit or _single(cand[i]):
                    continue
                trial = cand[:]
                trial[i] = bit
                if _propagate(md, trial, [i]):
                    continue
                cand[i] &= ~bit
                if not _propagate(md, cand, [i]):
                    return False
                changed = True
    return True


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
    n = md.full.bit_length()
    for terms, total, kind, data in md.sum_tables:
        step = False if kind == "reach" else _sum_bounds(cand, queue, terms, total)  # reach keeps less
        if step is None:
            return None
        if kind == "combos":
            more = _sum_combos(cand, queue, terms, data)
        elif kind == "reach":
            more = _sum_reach(cand, queue, terms, data, n)
        else:
            more = False
        if more is None:
            return None
        changed = changed or step or more
    return changed


def _sum_bounds(cand: list[int], queue: list[int], terms: list[tuple[int, int]], total: int) -> bool | None:
    changed = False
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


def _sum_combos(cand: list[int], queue: list[int], terms: list[tuple[int, int]], sets: list[int]) -> bool | None:
    """Distinct digits: keep the digits of the viable sets (every cell holds one of its
    digits, the cells together all); a digit of every viable set with one place left goes there."""
    cells = [c for c, _ in terms]
    allowed, required = 0, -1
    for digits in sets:
        cover = 0
        for c in cells:
            v = cand[c] & digits
            if not v:
                break
            cover |= v
        else:
            if cover == digits:
                allowed |= digits
                required &= digits
    if not allowed:
        return None
    once = twice = 0
    for c in cells:
        v = cand[c] & required
        twice |= once & v
        once |= v
    single = required & once & ~twice
    changed = False
    for c in cells:
        v = cand[c]
        keep, forced = v & allowed, v & single
        if forced:
            keep = keep & forced if _single(forced) else 0
        if keep != v:
            if _set(cand, queue, c, keep) is None:
                return None
            changed = True
    return changed


def _sum_reach(cand: list[int], queue: list[int], terms: list[tuple[int, int]], data: tuple[int, int], n: int) -> bool | None:
    """Reachable totals as bitsets: a digit stays when the terms before it and after it can
    complete the sum (offsets above each term's smallest value; C: sum_reach)."""
    width, target = data
    if not 0 <= target < width:
        return None
    offsets = [[coef * d if coef > 0 else -coef * (n - 1 - d) for d in range(n)] for _, coef in terms]
    back = [0] * (len(terms) + 1)
    back[-1] = 1 << target
    for t in range(len(terms) - 1, -1, -1):
        acc = 0
        for d in _bits(cand[terms[t][0]]):
            acc |= back[t + 1] >> offsets[t][d]
        back[t] = acc
    if not back[0] & 1:
        return None
    pre, changed = 1, False
    for t, (cell, _) in enumerate(terms):
        keep = nxt = 0
        for d in _bits(cand[cell]):
            shifted = pre << offsets[t][d]
            if shifted & back[t + 1]:
                keep |= 1 << d
                nxt |= shifted
        pre = nxt
        if keep != cand[cell]:
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
    """Lines of N cells seeing each other: for each placement of the 1 and the N, a listed
    set of middle digits fits between them and the rest outside; else the 1 and the N only
    where the bounds of the cells between them fit the total (C: engine_sums.c)."""
    changed = False
    low, high = 1, 1 << (md.full.bit_length() - 1)
    middle = md.full & ~(low | high)
    for cells, total, by_size in md.sandwich_tables:
        ones = [k for k, c in enumerate(cells) if cand[c] & low]
        tops = [k for k, c in enumerate(cells) if cand[c] & high]
        if by_size is not None:
            sup = [0] * len(cells)
            found = False
            for i in ones:
                for j in tops:
                    if i != j and _sandwich_fits(cand, cells, min(i, j), max(i, j), total, middle):
                        found = _sandwich_place(cand, cells, i, j, by_size.get(abs(i - j) - 1, []), middle, sup) or found
            if not found:
                return None
            for k, c in enumerate(cells):
                keep = cand[c] & sup[k]
                if keep != cand[c]:
                    if _set(cand, queue, c, keep) is None:
                        return None
                    changed = True
            continue
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


def _sandwich_place(cand: list[int], cells: list[int], i: int, j: int, sets: list[int], middle: int, sup: list[int]) -> bool:
    """Fold into ``sup`` what the 1 at i and the N at j give each cell (C: sandwich_place)."""
    a, b = min(i, j), max(i, j)
    in_sup = out_sup = 0
    found = False
    for digits in sets:
        rest = middle & ~digits
        cover_in = cover_out = 0
        ok = True
        for t, c in enumerate(cells):
            if t == a or t == b:
                continue
            inside = a < t < b
            v = cand[c] & (digits if inside else rest)
            if not v:
                ok = False
                break
            if inside:
                cover_in |= v
            else:
                cover_out |= v
        if ok and cover_in == digits and cover_out == rest:
            in_sup |= digits
            out_sup |= rest
            found = True
    if not found:
        return False
    top = 1 << (len(cells) - 1)
    for t in range(len(cells)):
        sup[t] |= 1 if t == i else top if t == j else in_sup if a < t < b else out_sup
    return True


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
_LC_DENSE_MAX = 5  # last conflict on programs with dense relations: cells of at most this many candidates (as C)


def _open_links(md: _Model, cand: list[int], i: int) -> int:
    """The open cells (two or more candidates) cell i shares a relation with, once per
    relation (as C: csrc/engine.c open_links)."""
    return sum(1 for x in md.link_cells[i] if cand[x] & (cand[x] - 1))


def _pick(md: _Model, cand: list[int], fails: list[int]) -> int:
    """A cell with the fewest (but at least two) candidates; ties go to the most failed
    branches so far, then to the most open cells linked by relations, then the
    first. -1 when all are placed."""
    best, best_count, best_fails, best_links = -1, 99, 0, -1
    for i, m in enumerate(cand):
        if not m & (m - 1):
            continue
        k = bin(m).count("1")
        if k > best_count:
            continue
        if k < best_count or fails[i] > best_fails:
            best, best_count, best_fails, best_links = i, k, fails[i], -1
            continue
        if fails[i] < best_fails:
            continue
        if best_links < 0:
            best_links = _open_links(md, cand, best)
        links = _open_links(md, cand, i)
        if links > best_links:
            best, best_links = i, links
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
    if md.probe and not _probe(md, cand):
        return 0, 0, b"", 0
    count, nodes, first = 0, 0, b""
    fails = [0] * len(cand)  # failed branches per cell (the tie-break of _pick)
    last = -1  # the cell of the latest failed branch (md.last_conflict)
    stack: list[list[object]] = []  # frames: [state, cell, untried digits]
    state: list[int] = cand
    while True:
        cell = (
            last
            if last >= 0 and state[last] & (state[last] - 1) and state[last].bit_count() <= md.lc_max
            else _pick(md, state, fails)
        )
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
            if md.last_conflict:
                last = at
        else:
            return 0, count, first, nodes
