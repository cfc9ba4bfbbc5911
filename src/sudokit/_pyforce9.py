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

HoDoKu keeps one step per (kind, result), replaced only by a strictly shorter one (the
length: the breadth-first distances of the chain ends, unlimited walk); for one placement
the kind found first (a contradiction: those are checked first), for one elimination the
shorter chain (ties: found first); then its sort puts a placement before any elimination,
the lowest cell (then digit) first. Only that first step is returned. Behaviour
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
        if nets:
            for cell in range(81):
                for d in _DIGITS[self.cands[cell]]:
                    self.links[_on(cell, d)] = simulate(state, cell, d, True)
                    self.links[_off(cell, d)] = simulate(state, cell, d, False)
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
        for c, d in naked + hidden:
            sim.place(c, d)
    out = sim.out
    out.remove(_on(cell, digit) if on else _off(cell, digit))
    return out


class _Sim:
    """HoDoKu's grid while it plays a Forcing Net premise (``Sudoku2``): its singles
    queues in the order singles appear (a naked single stays queued with its digit even
    when its cell is emptied later; a cell emptied by a deletion keeps its house counts),
    and the table entries recorded (``TablingSolver.setCell``): the set, then the
    original candidates of the digit that see the cell, then the cell's other candidates.
    These quirks decide which singles a false premise sets first, so which nets exist."""

    __slots__ = ("orig", "cands", "values", "free", "nsq", "hsq", "out", "seen")

    def __init__(self, state: State) -> None:
        self.orig = state.where
        self.cands = state.cands[:]
        self.values = state.values[:]
        self.free = [[(state.where[d] & _HOUSE[h]).bit_count() if d else 0 for d in range(10)] for h in range(27)]
        self.nsq: list[tuple[int, int]] = []
        self.hsq: list[tuple[int, int]] = []
        self.out: list[int] = []
        self.seen: set[int] = set()

    def add(self, node: int) -> None:
        if node not in self.seen:
            self.seen.add(node)
            self.out.append(node)

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

    def place(self, c: int, d: int) -> None:
        """``TablingSolver.setCell`` (the entries) and ``Sudoku2.setCell``."""
        self.add(_on(c, d))
        for p in _cells(self.orig[d] & _PEER[c]):
            self.add(_off(p, d))
        own = _DIGITS[self.cands[c]]
        for other in own:
            if other != d:
                self.add(_off(c, other))
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
        best: dict[tuple[bool, tuple[int, int, bool]], Found] = {}
        walks: dict[int, dict[int, tuple[int, int]]] = {}
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

