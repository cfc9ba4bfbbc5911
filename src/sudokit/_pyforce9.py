"""Pure-Python twin of csrc/hoforce9.c: HoDoKu's Forcing Chain / Forcing Net search.

Re-exported by :mod:`sudokit._pycore` as ``ho_forcing``; the contract is in ``_core.pyi``
and the record layout in ``csrc/hoforce9.h``. Same tables, same checks, same choice, same
bytes as the C code; :mod:`sudokit.human.forcing` writes the step. :mod:`sudokit.human.kraken`
builds its Forcing Chain tables with :class:`Tables` here.

A *premise* is one candidate assumed true (on) or false (off). Its *table* is everything
that follows from it: for a Forcing Chain only direct links (:func:`~sudokit._pytable9.chain_links`
and the group links), for a Forcing Net also every single that the assumption creates, four
rounds deep (:func:`simulate`). A table is the closure of those links
(:func:`~sudokit._pytable9.closure`: HoDoKu's 1,000-entry limit by an ordered walk when a
closure is larger). Then, as HoDoKu's ``TablingSolver`` checks them:

* *contradiction*: one table sets and deletes the same candidate, sets two digits in a
  cell or one digit twice in a house, or empties a cell or a house; the premise is false;
* *verity*: both tables of a candidate (on and off), or the on-tables of every candidate
  of a cell or of every place of a digit in a house, agree on a result; it is true.

HoDoKu keeps one step per (kind, result), replaced only by a strictly shorter one; for
one placement the kind found first (a contradiction: those are checked first), for one
elimination the shorter chain (ties: found first); then its sort puts a placement before
any elimination, the lowest cell (then digit) first. Only that first step is returned.
For a Forcing Chain the length is the breadth-first distances of the chain ends
(unlimited walk). For a Forcing Net it is HoDoKu's own (:class:`_NetChains`): each
premise's entries keep their reasons (the deletions that made a single), its table is
expanded as ``expandTables`` does, and a chain is built back along the reasons with its
net branches; a step whose chains have no branch is no net, and HoDoKu drops it. Behaviour
re-implemented from HoDoKu 2.2's documented solver.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterator

from ._pytable9 import _CELL_HOUSES, _DIGITS, _HOUSE, _HOUSE_CELLS, _PEER, GROUP, OFF, TABLE_LIMIT, _cells
from ._pytable9 import chain_links, closure, group_links, group_nodes, walk

__all__ = ["ho_forcing", "Tables", "Search", "simulate"]

_FULL = (1 << 81) - 1
#: HoDoKu's ``Options.ANZ_TABLE_LOOK_AHEAD``: rounds of singles a Forcing Net follows.
LOOK_AHEAD = 4
_ROWS, _COLS, _BOXES = range(0, 9), range(9, 18), range(18, 27)
_POP = tuple(bin(m).count("1") for m in range(512))
#: Entity kinds of a record: none (a verity), a cell, a house (0-8 rows, 9-17 columns, 18-26 boxes).
NONE, CELL, HOUSE = 0, 1, 2

#: One result: (cell, digit, placed?), (entity kind, index), chains as (premise node, end nodes).
Result = tuple[tuple[int, int, bool], tuple[int, int], list[tuple[int, list[int]]]]


def _on(cell: int, d: int) -> int:
    return (d - 1) * 81 + cell


def _off(cell: int, d: int) -> int:
    return OFF + (d - 1) * 81 + cell


class State:
    """The grid a search reads: candidate masks, values and the places of each digit."""

    __slots__ = ("cands", "values", "where")

    def __init__(self, cands: list[int], values: list[int]) -> None:
        self.cands = cands
        self.values = values
        self.where = [0] * 10
        for cell in range(81):
            for d in _DIGITS[cands[cell]]:
                self.where[d] |= 1 << cell


class Tables:
    """The direct links of every premise (HoDoKu's ``onTable``/``offTable`` before expansion)."""

    def __init__(self, state: State, nets: bool, groups: bool = True) -> None:
        self.state = state
        self.cands = state.cands
        self.where = state.where
        self.groups = group_nodes(state.where) if groups else []
        self.size = GROUP + 2 * len(self.groups)
        self.links: list[list[int]] = [[] for _ in range(self.size)]
        self.exists = [False] * self.size
        for cell in range(81):
            for d in _DIGITS[self.cands[cell]]:
                self.exists[_on(cell, d)] = self.exists[_off(cell, d)] = True
        for g in self.groups:
            self.exists[g.node] = self.exists[g.node + 1] = True
        #: a Forcing Net premise's direct entries (its simulation): reasons and distances
        self.rets: dict[int, list[list[int]]] = {}
        self.dist: dict[int, list[int]] = {}
        if nets:
            for cell in range(81):
                for d in _DIGITS[self.cands[cell]]:
                    for node, on in ((_on(cell, d), True), (_off(cell, d), False)):
                        sim = play(state, cell, d, on)
                        self.links[node] = sim.out[1:]
                        self.rets[node] = sim.rets
                        self.dist[node] = sim.dist
        else:
            chain_links(self.cands, self.where, self.links)
        group_links(self.where, self.groups, self.links)

    def closure(self, spend: Callable[[int], None]) -> list[int]:
        """For every node, the bitset of its table (itself and all it implies)."""
        return closure(self.links, self.exists, spend)

    def walk(self, start: int, limit: int = TABLE_LIMIT) -> tuple[int, dict[int, tuple[int, int]]]:
        """HoDoKu's expansion of one table: breadth first in link order, at most ``limit``
        entries; the table and each entry's (distance from the premise, parent entry)."""
        return walk(self.links, start, limit)

    def node_cell(self, node: int) -> tuple[int, int]:
        """(cell, digit) of a node (a group node: its first cell)."""
        if node < GROUP:
            d, cell = divmod(node % OFF, 81)
            return cell, d + 1
        g = self.groups[(node - GROUP) // 2]
        return (g.mask & -g.mask).bit_length() - 1, g.digit


def simulate(state: State, cell: int, digit: int, on: bool) -> list[int]:
    """The nodes a Forcing Net premise sets and deletes (in order) on a copy of ``state``:
    the premise carried out, then four rounds of the naked and hidden singles HoDoKu's
    queues hold (:class:`_Sim`)."""
    return play(state, cell, digit, on).out[1:]


def play(state: State, cell: int, digit: int, on: bool) -> _Sim:
    """:func:`simulate`'s grid afterwards, with every entry's reasons and distance."""
    sim = _Sim(state)
    if on:
        sim.place(cell, digit)
    else:
        sim.add(_off(cell, digit))
        sim.remove(cell, digit)
        if _POP[sim.cands[cell]] == 1:
            sim.place(cell, _DIGITS[sim.cands[cell]][0])
    for _ in range(LOOK_AHEAD):
        naked = [(c, d) for c, d in sim.nsq if not sim.values[c]]
        hidden = []
        taken = 0
        for c, d in sim.hsq:  # one hidden single per cell, the first queued
            if not sim.values[c] and not taken >> c & 1 and any(sim.free[h][d] == 1 for h in _CELL_HOUSES[c]):
                hidden.append((c, d))
                taken |= 1 << c
        for k, (c, d) in enumerate(naked + hidden):
            # the set's reasons: a naked single's other original digits deleted; a hidden
            # single's other original places deleted in its house with the fewest places
            # (row, then column, then box on ties)
            if k < len(naked):
                rets = [sim.index(_off(c, o)) for o in _DIGITS[state.cands[c]] if o != d][:5]
            else:
                hs = _CELL_HOUSES[c]
                h = hs[0]
                if sim.free[hs[1]][d] < sim.free[h][d]:
                    h = hs[1]
                if sim.free[hs[2]][d] < sim.free[h][d]:
                    h = hs[2]
                rets = [sim.index(_off(p, d)) for p in _cells(state.where[d] & _HOUSE[h] & ~(1 << c))][:5]
            sim.place(c, d, rets or [0])
    return sim


def _sorted_rets(rets: list[int]) -> list[int]:
    """``TableEntry.makeSRetIndex``: five reasons, the largest first (swapped with each
    one found larger)."""
    r = (list(rets) + [0] * 5)[:5]
    for i in range(1, 5):
        if r[i] > r[0]:
            r[0], r[i] = r[i], r[0]
    return r


class _Sim:
    """HoDoKu's grid while it plays a Forcing Net premise (``Sudoku2``): its singles
    queues in the order singles appear (a naked single stays queued with its digit even
    when its cell is emptied later; a cell emptied by a deletion keeps its house counts),
    and the table entries recorded (``TablingSolver.setCell``): the set, then the
    original candidates of the digit that see the cell, then the cell's other candidates.
    These quirks decide which singles a false premise sets first, so which nets exist."""

    __slots__ = ("orig", "cands", "values", "free", "nsq", "hsq", "out", "seen", "rets", "dist")

    def __init__(self, state: State) -> None:
        self.orig = state.where
        self.cands = state.cands[:]
        self.values = state.values[:]
        self.free = [[(state.where[d] & _HOUSE[h]).bit_count() if d else 0 for d in range(10)] for h in range(27)]
        self.nsq: list[tuple[int, int]] = []
        self.hsq: list[tuple[int, int]] = []
        self.out: list[int] = []
        self.seen: dict[int, int] = {}  # node: entry index
        self.rets: list[list[int]] = []
        self.dist: list[int] = []

    def add(self, node: int, rets: list[int] | None = None) -> None:
        """``TableEntry.addEntry``: a new node, its reasons (entry indices, the largest
        first) and its distance (that of its first reason, as given, + 1; 9 bits)."""
        if node in self.seen:
            return
        i = len(self.out)
        self.seen[node] = i
        self.out.append(node)
        r0 = rets[0] if rets else 0
        self.dist.append(((self.dist[r0] if r0 < i else 0) + 1) & 0x1FF)
        self.rets.append(_sorted_rets(rets or [0]))

    def index(self, node: int) -> int:
        """The entry index of a node, else 0 (``TableEntry.getEntryIndex``)."""
        return self.seen.get(node, 0)

    def _hidden(self, h: int, d: int) -> None:
        bit = 1 << (d - 1)
        for c in _HOUSE_CELLS[h]:
            if self.cands[c] & bit:
                self.hsq.append((c, d))
                return

    def _unqueue(self, h: int, d: int) -> None:
        for i, (c, v) in enumerate(self.hsq):
            if v == d and h in _CELL_HOUSES[c]:
                del self.hsq[i]
                return

    def remove(self, c: int, d: int) -> None:
        """``Sudoku2.delCandidate``."""
        bit = 1 << (d - 1)
        if not self.cands[c] & bit:
            return
        self.cands[c] &= ~bit
        if not self.cands[c]:
            return  # HoDoKu stops here: the house counts keep the candidate
        if _POP[self.cands[c]] == 1:
            self.nsq.append((c, _DIGITS[self.cands[c]][0]))
        for h in _CELL_HOUSES[c]:
            self.free[h][d] -= 1
            if self.free[h][d] == 1:
                self._hidden(h, d)
            elif self.free[h][d] == 0:
                self._unqueue(h, d)

    def place(self, c: int, d: int, rets: list[int] | None = None) -> None:
        """``TablingSolver.setCell`` (the entries, the set's reasons given) and ``Sudoku2.setCell``."""
        ri = [len(self.out)]  # the deletions' reason: the set's index (even when it is not added)
        self.add(_on(c, d), rets)
        for p in _cells(self.orig[d] & _PEER[c]):
            self.add(_off(p, d), ri)
        own = _DIGITS[self.cands[c]]
        for other in own:
            if other != d:
                self.add(_off(c, other), ri)
        if self.values[c] == d:
            return
        self.values[c] = d
        self.cands[c] = 0
        for p in _cells(_PEER[c]):
            self.remove(p, d)
        for other in own:
            for h in _CELL_HOUSES[c]:
                self.free[h][other] -= 1
                if self.free[h][other] == 1 and other != d:
                    self._hidden(h, other)


def _parts(table: int) -> tuple[list[int], list[int]]:
    """(on cells per digit, off cells per digit), index 1..9."""
    on = [0] * 10
    off = [0] * 10
    for d in range(1, 10):
        on[d] = (table >> ((d - 1) * 81)) & _FULL
        off[d] = (table >> (OFF + (d - 1) * 81)) & _FULL
    return on, off


class Search:
    """Every result of one search, in HoDoKu's check order, with what produced it."""

    def __init__(self, state: State, nets: bool, spend: Callable[[int], None]) -> None:
        self.state = state
        self.nets = nets
        self.tables = Tables(state, nets)
        self.closure = self.tables.closure(spend)
        empty = 0
        for c in range(81):
            if not state.values[c]:
                empty |= 1 << c
        placed_peers = [0] * 10
        for c in range(81):
            v = state.values[c]
            if v:
                placed_peers[v] |= _PEER[c] | 1 << c
        self.empty = empty
        #: HoDoKu's ``candidatesAllowed``: empty cells no placed digit sees.
        self.allowed = [0] + [empty & ~placed_peers[d] for d in range(1, 10)]

    # -------------------------------------------------------- contradiction
    def contradictions(self, table: int) -> Iterator[tuple[tuple[int, int], list[int]]]:
        """HoDoKu's ``checkOneChain``: every contradiction of a table, in its order, as
        (entity, the table nodes that show it)."""
        on, off = _parts(table)
        where = self.state.where
        for d in range(1, 10):
            both = on[d] & off[d]
            if both:
                c = (both & -both).bit_length() - 1
                yield (CELL, c), [_off(c, d), _on(c, d)]
        for i in range(1, 10):
            if not on[i]:
                continue
            for j in range(i + 1, 10):
                both = on[i] & on[j]
                if both:
                    c = (both & -both).bit_length() - 1
                    yield (CELL, c), [_on(c, i), _on(c, j)]
        for houses in (_ROWS, _COLS, _BOXES):
            for d in range(1, 10):
                if on[d] & (on[d] - 1):
                    for h in houses:
                        part = on[d] & _HOUSE[h]
                        if part & (part - 1):
                            yield (HOUSE, h), [_on(c, d) for c in _cells(part)]
        dead = _FULL
        any_on = 0
        for d in range(1, 10):
            dead &= off[d] | ~where[d]
            any_on |= on[d]
        dead &= self.empty & ~any_on
        for c in _cells(dead):
            yield (CELL, c), [_off(c, d) for d in _DIGITS[self.state.cands[c]]]
        for houses in (_ROWS, _COLS, _BOXES):
            for d in range(1, 10):
                if not off[d]:
                    continue
                for h in houses:
                    part = self.allowed[d] & _HOUSE[h]
                    if part and not part & ~off[d]:
                        yield (HOUSE, h), [_off(c, d) for c in _cells(part)]

    def results(self) -> Iterator[Result]:
        """Every result (cell, digit, placed?) in HoDoKu's check order, with the entity of
        a contradiction ((NONE, 0) for a verity) and the chains as (premise node, end nodes)."""
        state, closure = self.state, self.closure
        cands = state.cands
        # HoDoKu names the cell of a premise that leads to its own opposite from a stale
        # set: the first cell of box 9 where 9 is allowed (the last set its previous table
        # check left); when there is none, the premise's cell
        stale = self.allowed[9] & _HOUSE[26]
        scell = (stale & -stale).bit_length() - 1 if stale else -1
        for cell in range(81):
            for d in _DIGITS[cands[cell]]:
                for node, result in ((_on(cell, d), (cell, d, False)), (_off(cell, d), (cell, d, True))):
                    table = closure[node]
                    inverse = _off(cell, d) if node < OFF else _on(cell, d)
                    if table >> inverse & 1:
                        yield result, (CELL, cell if scell < 0 else scell), [(node, [inverse])]
                    for entity, ends in self.contradictions(table):
                        yield result, entity, [(node, ends)]
        for cell in range(81):
            for d in _DIGITS[cands[cell]]:
                a, b = _on(cell, d), _off(cell, d)
                common = closure[a] & closure[b]
                on, off = _parts(common)
                for k, part in ((0, on), (1, off)):
                    for d2 in range(1, 10):
                        for c2 in _cells(part[d2] & ~(1 << cell)):
                            end = _on(c2, d2) if k == 0 else _off(c2, d2)
                            yield (c2, d2, k == 0), (NONE, 0), [(a, [end]), (b, [end])]
        for cell in range(81):
            if cands[cell]:
                yield from self._verity([_on(cell, d) for d in _DIGITS[cands[cell]]])
        for houses in (_ROWS, _COLS, _BOXES):
            for h in houses:
                for d in range(1, 10):
                    places = state.where[d] & _HOUSE[h]
                    if places:
                        yield from self._verity([_on(c, d) for c in _cells(places)])

    def _verity(self, premises: list[int]) -> Iterator[Result]:
        closure = self.closure
        common = closure[premises[0]]
        for p in premises[1:]:
            common &= closure[p]
        common &= (1 << GROUP) - 1
        if not common:
            return
        on, off = _parts(common)
        for d in range(1, 10):
            for c in _cells(on[d]):
                yield (c, d, True), (NONE, 0), [(p, [_on(c, d)]) for p in premises]
            for c in _cells(off[d]):
                yield (c, d, False), (NONE, 0), [(p, [_off(c, d)]) for p in premises]

    def first(self) -> tuple[Result, dict[int, dict[int, tuple[int, int]]]] | None:
        """HoDoKu's first step (its result, entity and chains) and the unlimited walks of
        its premises, or None."""
        # one step per (kind, result), replaced only by a strictly shorter one; for one
        # placement the kind found first (contradictions are checked first), for one
        # elimination the shorter chain (ties: found first)
        Found = tuple[int, tuple[int, int], list[tuple[int, list[int]]]]
        walks: dict[int, dict[int, tuple[int, int]]] = {}
        if self.nets:
            return self._first_net(walks)
        best: dict[tuple[bool, tuple[int, int, bool]], Found] = {}
        for result, entity, chains in self.results():
            length = 0
            for premise, ends in chains:
                dist = walks.get(premise)
                if dist is None:
                    dist = walks[premise] = self.tables.walk(premise, 1 << 30)[1]
                length += sum(dist.get(e, (0, -1))[0] + 1 for e in ends)
            key = (entity[0] == NONE, result)
            old = best.get(key)
            if old is None or length < old[0]:
                best[key] = (length, entity, chains)
        chosen: dict[tuple[int, int, bool], Found] = {}
        for (_verity, result), found in best.items():  # contradictions come first
            old = chosen.get(result)
            if old is None or (not result[2] and found[0] < old[0]):
                chosen[result] = found
        if not chosen:
            return None
        result = min(chosen, key=_key)  # the first of the lowest key: sorted() is stable
        _length, entity, chains = chosen[result]
        return (result, entity, chains), walks


    def _first_net(self, walks: dict[int, dict[int, tuple[int, int]]]
                   ) -> tuple[Result, dict[int, dict[int, tuple[int, int]]]] | None:
        # HoDoKu keeps one step per result (per placement and kind: that key names the
        # kind; a placement's contradiction then sorts first): the first found, replaced by
        # a strictly shorter one (its chain lengths, _NetChains); it drops a step whose
        # chains are no net
        found: dict[tuple[int, int, bool], list[tuple[tuple[int, int], list[tuple[int, list[int]]]]]] = {}
        for result, entity, chains in self.results():
            found.setdefault(result, []).append((entity, chains))
        hc = _NetChains(self.tables)
        for result in sorted(found, key=_key):  # stable: the first found of a key first
            slots: list[tuple[int, tuple[int, int], list[tuple[int, list[int]]]] | None] = [None, None]
            for entity, chains in found[result]:
                length, net = 0, False
                for premise, ends in chains:
                    for e in ends:
                        got = hc.length(premise, e)
                        if got is None:
                            break
                        length += got[0]
                        net |= got[1]
                    else:
                        continue
                    break
                else:
                    slot = int(result[2] and entity[0] == NONE)
                    old = slots[slot]
                    if net and (old is None or length < old[0]):
                        slots[slot] = (length, entity, chains)
            best = slots[0] if slots[0] is not None else slots[1]
            if best is not None:
                for premise, _ends in best[2]:
                    if premise not in walks:
                        walks[premise] = self.tables.walk(premise, 1 << 30)[1]
                return (result, best[1], best[2]), walks
        return None


class _NetChains:
    """HoDoKu's chains of a Forcing Net (``TablingSolver.expandTables`` and ``buildChain``):
    a premise's expanded table, the chain back from one of its nodes and its length."""

    def __init__(self, tables: Tables) -> None:
        self.t = tables
        self.xprem = -1
        self.xnode: list[int] = []
        self.xdist: list[int] = []
        self.xsrc: list[int] = []
        self.xidx: dict[int, int] = {}
        self.mark: set[int] = set()

    def _count(self, v: int) -> int:
        return min(1 + len(self.t.links[v]), TABLE_LIMIT)

    def _node(self, v: int, i: int) -> int:
        return self.t.links[v][i - 1] if i else v

    def _dist(self, v: int, i: int) -> int:
        if not i:
            return 1
        dist = self.t.dist.get(v)
        return dist[i] if dist is not None and i < len(dist) else 2

    def _rets(self, v: int, i: int) -> list[int]:
        rets = self.t.rets.get(v)
        return rets[i] if i and rets is not None and i < len(rets) else [0] * 5

    def _index(self, v: int, node: int) -> int:
        for i in range(self._count(v)):
            if self._node(v, i) == node:
                return i
        return -1

    def expand(self, p: int) -> None:
        """The expanded table of premise p: its direct entries, then breadth first each
        entry's direct entries (at the sum of the distances), at most the table limit; an
        entry already there from another table takes a shorter sum."""
        if self.xprem == p:
            return
        self.xprem = p
        node, dist, src, idx = self.xnode, self.xdist, self.xsrc, self.xidx
        node.clear()
        dist.clear()
        src.clear()
        idx.clear()
        for i in range(self._count(p)):
            v = self._node(p, i)
            if v not in idx:
                idx[v] = len(node)
                node.append(v)
                dist.append(self._dist(p, i))
                src.append(-1)
        j = 1
        while j < len(node) and len(node) < TABLE_LIMIT:
            s, base = node[j], dist[j]
            for k in range(1, self._count(s)):
                v, d = self._node(s, k), (base + self._dist(s, k)) & 0x1FF
                o = idx.get(v)
                if o is not None:
                    if src[o] >= 0 and dist[o] > d:
                        src[o], dist[o] = s, d
                elif len(node) < TABLE_LIMIT:
                    idx[v] = len(node)
                    node.append(v)
                    dist.append(d)
                    src.append(s)
            j += 1

    def _cells(self, node: int) -> int:
        return 1 << node % 81 if node < GROUP else self.t.groups[(node - GROUP) // 2].mask

    def _first_cell(self, node: int) -> int:
        return node % 81 if node < GROUP else self.t.node_cell(node)[0]

    def _build(self, i: int, ismin: bool, chainset: list[int], mins: list[int]) -> tuple[int, int]:
        """(nodes walked, last node) back from entry i: along the first reasons (through
        the table an entry came from, then back) to the premise; the main chain marks its
        nodes and cells and lists its entries' other reasons (the net branches); a branch
        stops at a node of the main chain."""
        length, cur, first, expanded = 1, -1, i, False
        last = self.xnode[i]
        if not ismin:
            self.mark.add(last)
        while first != 0 and length < TABLE_LIMIT:
            if cur < 0 and self.xsrc[first] >= 0:
                node = self.xnode[first]
                cur = self.xsrc[first]
                first = self._index(cur, node)
                if first < 0:
                    return length, last
                expanded = True
            rets = self._rets(self.xprem if cur < 0 else cur, first)
            for q in range(5):
                e = rets[q]
                node = self.xnode[e] if cur < 0 else self._node(cur, e)
                if q == 0:
                    first = e
                    length += 1
                    last = node
                    if not ismin:
                        chainset[0] |= self._cells(node)
                        self.mark.add(node)
                    elif chainset[0] >> self._first_cell(node) & 1 and node in self.mark:
                        return length, last
                elif e and not ismin and len(mins) < 200:
                    mins.append(node)
            if expanded and first == 0:
                ret = self._node(cur, 0)
                cur, first, expanded = -1, self.xidx[ret], False
        return length, last

    def length(self, p: int, end: int) -> tuple[int, bool] | None:
        """HoDoKu's length of the chain from premise p to node end (the main chain and each
        branch that joins it) and whether it is a net; None beyond p's expanded table."""
        self.expand(p)
        if end not in self.xidx:
            return None
        chainset = [0]
        mins: list[int] = []
        self.mark = set()
        total, _last = self._build(self.xidx[end], False, chainset, mins)
        net = False
        for m in mins:
            if m not in self.xidx:
                continue
            n, last = self._build(self.xidx[m], True, chainset, [])
            if last in self.mark:
                total += n
                net = True
        return total, net


def _key(result: tuple[int, int, bool]) -> tuple[int, int]:
    """HoDoKu's ``TablingComparator`` for one-result steps: placements first, by cell;
    then eliminations by cell and digit."""
    cell, digit, placed = result
    return (0, cell) if placed else (1, cell * 10 + digit)


def _path(dist: dict[int, tuple[int, int]], end: int) -> list[int]:
    """The nodes of the breadth-first path from the premise to ``end`` (just ``end`` when
    the walk did not reach it)."""
    out = [end]
    while end in dist and dist[end][1] >= 0:
        end = dist[end][1]
        out.append(end)
    out.reverse()
    return out


class _Over(Exception):
    """The node budget ran out."""


def ho_forcing(cands: bytes, values: bytes, nets: bool, budget: int) -> tuple[bytes | None, int]:
    """HoDoKu's first Forcing Chain (Net when ``nets``) step: ``(record or None past the
    budget, spent)`` (see ``_core.pyi``)."""
    if len(cands) != 162 or len(values) != 81:
        raise ValueError("need 81 native uint16 candidate masks and 81 values")
    masks = array("H")
    masks.frombytes(cands)
    if any(m > 0x1FF for m in masks) or any(v > 9 for v in values) or budget < 0:
        raise ValueError("candidate masks must be 0..0x1FF, values 0..9 and the budget >= 0")
    spent = 0

    def spend(n: int) -> None:
        nonlocal spent
        spent += n
        if spent > budget:
            raise _Over

    if not any(masks):
        return b"", 0
    try:
        search = Search(State(list(masks), list(values)), nets, spend)
    except _Over:
        return None, spent
    first = search.first()
    if first is None:
        return b"", spent
    ((cell, digit, placed), (kind, index), chains), walks = first
    tables = search.tables
    out = bytearray((cell, digit, placed, kind, index))
    out += len(chains).to_bytes(2, "little")
    for premise, ends in chains:
        out += premise.to_bytes(2, "little") + len(ends).to_bytes(2, "little")
        for e in ends:
            path = _path(walks[premise], e)
            out += len(path).to_bytes(2, "little")
            for node in path:
                c, d = tables.node_cell(node)
                out += bytes((c, d, node < OFF or (node >= GROUP and node % 2 == 0)))
    return bytes(out), spent

