"""HoDoKu's Forcing Chains and Forcing Nets (its tabling search), for the HoDoKu path.

A *premise* is one candidate assumed true (on) or false (off). Its *table* is everything
that follows from it: for a Forcing Chain only direct links (on: the digit leaves the
cell's peers and the cell's other digits go; off: the other end of a bivalue cell or of
a house with two places turns on; grouped links through box/line intersections too), for
a Forcing Net also every single that the assumption creates, four rounds deep. A table is
the closure of those links. Then, as HoDoKu's ``TablingSolver`` checks them:

* *contradiction*: one table sets and deletes the same candidate, sets two digits in a
  cell or one digit twice in a house, or empties a cell or a house; the premise is false;
* *verity*: both tables of a candidate (on and off), or the on-tables of every candidate
  of a cell or of every place of a digit in a house, agree on a result; it is true.

HoDoKu keeps one step per result and takes the first of its ordering: a placement
before any elimination, the lowest cell (then digit) first. Its text names the kind and,
for a contradiction, where it happens: ``Forcing Chain Contradiction in r3 => r6c8=8``,
``Forcing Chain Verity => r3c1<>1``.

Tables are bitsets: bit ``(d-1)*81 + cell`` is "cell is d", ``729 + (d-1)*81 + cell``
"cell is not d", group nodes above 1458. The closure of every table comes from one pass
over the strongly connected components of the link graph (each component's reach is the
OR of its successors'), HoDoKu's 1000-entry table limit by an ordered breadth-first walk
when a closure is larger. Behaviour re-implemented from HoDoKu 2.2's documented solver.
"""

from __future__ import annotations

from collections.abc import Iterator

from .._pytable9 import GROUP as _GROUP
from .._pytable9 import OFF as _OFF
from .._pytable9 import TABLE_LIMIT as _TABLE_LIMIT
from .._pytable9 import chain_links, closure, group_links, group_nodes, walk
from .model import BIT, CELL_BIT, DIGITS_OF, HOUSE_MASK, PEER_MASK, POPCOUNT, Candidates, cells_of
from .se_chains import LIMIT, Budget
from .step import Step, cell_text

__all__ = ["find_forcing_chain", "find_forcing_net", "forcing_results"]

_FULL = (1 << 81) - 1
#: HoDoKu's ``Options.ANZ_TABLE_LOOK_AHEAD``: rounds of singles a Forcing Net follows.
_LOOK_AHEAD = 4
_ROWS, _COLS, _BOXES = range(0, 9), range(9, 18), range(18, 27)
_BUDDIES = tuple(PEER_MASK)


def _on(cell: int, d: int) -> int:
    return (d - 1) * 81 + cell


def _off(cell: int, d: int) -> int:
    return _OFF + (d - 1) * 81 + cell


class _Tables:
    """The direct links of every premise (HoDoKu's ``onTable``/``offTable`` before expansion)."""

    def __init__(self, state: Candidates, nets: bool, groups: bool = True) -> None:
        self.state = state
        self.cands = state.cands
        self.where = state.where
        self.groups = group_nodes(state.where) if groups else []
        self.size = _GROUP + 2 * len(self.groups)
        self.links: list[list[int]] = [[] for _ in range(self.size)]
        self.exists = [False] * self.size
        for cell in range(81):
            for d in DIGITS_OF[self.cands[cell]]:
                self.exists[_on(cell, d)] = self.exists[_off(cell, d)] = True
        for g in self.groups:
            self.exists[g.node] = self.exists[g.node + 1] = True
        if nets:
            self._net_links()
        else:
            self._chain_links()
        self._group_links()

    # ------------------------------------------------------------ links
    def _chain_links(self) -> None:
        chain_links(self.cands, self.where, self.links)

    def _net_links(self) -> None:
        """Forcing Net tables: the premise carried out on a copy, then four rounds of all
        naked and hidden singles, every placement and deletion recorded."""
        state = self.state
        for cell in range(81):
            for d in DIGITS_OF[self.cands[cell]]:
                self.links[_on(cell, d)] = _simulate(state, cell, d, True)
                self.links[_off(cell, d)] = _simulate(state, cell, d, False)

    def _group_links(self) -> None:
        group_links(self.where, self.groups, self.links)

    # ---------------------------------------------------------- closure
    def closure(self, budget: Budget) -> list[int]:
        """For every node, the bitset of its table (itself and all it implies)."""
        return closure(self.links, self.exists, budget.spend)

    def walk(self, start: int, limit: int = _TABLE_LIMIT) -> tuple[int, dict[int, tuple[int, int]]]:
        """HoDoKu's expansion of one table: breadth first in link order, at most ``limit``
        entries; the table and each entry's (distance from the premise, parent entry)."""
        return walk(self.links, start, limit)

    def node_cell(self, node: int) -> tuple[int, int]:
        """(cell, digit) of a node (a group node: its first cell)."""
        if node < _GROUP:
            d, cell = divmod(node % _OFF, 81)
            return cell, d + 1
        g = self.groups[(node - _GROUP) // 2]
        return (g.mask & -g.mask).bit_length() - 1, g.digit

    def path_links(self, dist: dict[int, tuple[int, int]], end: int) -> list[tuple[tuple[int, int], tuple[int, int], bool]]:
        """The links of the breadth-first path to ``end``, premise first (strong: into an
        "is" node)."""
        out = []
        node = end
        while node in dist and dist[node][1] >= 0:
            parent = dist[node][1]
            out.append((self.node_cell(parent), self.node_cell(node), node < _OFF or (node >= _GROUP and node % 2 == 0)))
            node = parent
        out.reverse()
        return out


def _simulate(state: Candidates, cell: int, digit: int, on: bool) -> list[int]:
    """The nodes a Forcing Net premise sets and deletes (in order) on a copy of ``state``."""
    cands = state.cands[:]
    values = state.values[:]
    where = state.where[:]
    out: list[int] = []
    seen: set[int] = set()

    def add(node: int) -> None:
        if node not in seen:
            seen.add(node)
            out.append(node)

    def place(c: int, d: int) -> None:
        # the original candidates of d that see c go, and the cell's other candidates
        add(_on(c, d))
        for p in cells_of(state.where[d] & _BUDDIES[c]):
            add(_off(p, d))
        for other in DIGITS_OF[cands[c]]:
            if other != d:
                add(_off(c, other))
        for other in DIGITS_OF[cands[c]]:
            where[other] &= ~CELL_BIT[c]
        cands[c] = 0
        values[c] = d
        hit = where[d] & _BUDDIES[c]
        where[d] &= ~hit
        for p in cells_of(hit):
            cands[p] &= ~BIT[d]

    if on:
        place(cell, digit)
    else:
        cands[cell] &= ~BIT[digit]
        where[digit] &= ~CELL_BIT[cell]
        add(_off(cell, digit))
        if POPCOUNT[cands[cell]] == 1:
            place(cell, DIGITS_OF[cands[cell]][0])
    for _ in range(_LOOK_AHEAD):
        singles = [(c, DIGITS_OF[cands[c]][0]) for c in range(81) if not values[c] and POPCOUNT[cands[c]] == 1]
        found = 0
        for d in range(1, 10):
            for h in range(27):
                places = where[d] & HOUSE_MASK[h]
                if places and not places & (places - 1):
                    found |= 1 << (places.bit_length() - 1) * 10 + d  # (cell, digit) once
        hidden = sorted({(k // 10, k % 10) for k in _bits(found)})
        if not singles and not hidden:
            break
        for c, d in singles + hidden:
            if values[c] == d:
                continue
            place(c, d)
    out.remove(_on(cell, digit) if on else _off(cell, digit))
    return out


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


# ----------------------------------------------------------------- the checks
def _parts(table: int) -> tuple[list[int], list[int]]:
    """(on cells per digit, off cells per digit), index 1..9."""
    on = [0] * 10
    off = [0] * 10
    for d in range(1, 10):
        on[d] = (table >> ((d - 1) * 81)) & _FULL
        off[d] = (table >> (_OFF + (d - 1) * 81)) & _FULL
    return on, off


class _Search:
    """Every result of one search, in HoDoKu's check order, with what produced it."""

    def __init__(self, state: Candidates, nets: bool, budget: Budget) -> None:
        self.state = state
        self.nets = nets
        self.tables = _Tables(state, nets)
        self.closure = self.tables.closure(budget)
        self.budget = budget
        empty = 0
        for c in range(81):
            if not state.values[c]:
                empty |= CELL_BIT[c]
        placed_peers = [0] * 10
        for c in range(81):
            v = state.values[c]
            if v:
                placed_peers[v] |= _BUDDIES[c] | CELL_BIT[c]
        self.empty = empty
        #: HoDoKu's ``candidatesAllowed``: empty cells no placed digit sees.
        self.allowed = [0] + [empty & ~placed_peers[d] for d in range(1, 10)]

    # -------------------------------------------------------- contradiction
    def contradictions(self, table: int) -> Iterator[tuple[str, list[int]]]:
        """HoDoKu's ``checkOneChain``: every contradiction of a table, in its order, as
        (where, the table nodes that show it)."""
        on, off = _parts(table)
        where = self.state.where
        for d in range(1, 10):
            both = on[d] & off[d]
            if both:
                c = (both & -both).bit_length() - 1
                yield cell_text(c), [_off(c, d), _on(c, d)]
        for i in range(1, 10):
            if not on[i]:
                continue
            for j in range(i + 1, 10):
                both = on[i] & on[j]
                if both:
                    c = (both & -both).bit_length() - 1
                    yield cell_text(c), [_on(c, i), _on(c, j)]
        for houses, letter in ((_ROWS, "r"), (_COLS, "c"), (_BOXES, "b")):
            for d in range(1, 10):
                if on[d] & (on[d] - 1):
                    for h in houses:
                        part = on[d] & HOUSE_MASK[h]
                        if part & (part - 1):
                            yield f"{letter}{h % 9 + 1}", [_on(c, d) for c in cells_of(part)]
        dead = _FULL
        any_on = 0
        for d in range(1, 10):
            dead &= off[d] | ~where[d]
            any_on |= on[d]
        dead &= self.empty & ~any_on
        for c in cells_of(dead):
            yield cell_text(c), [_off(c, d) for d in DIGITS_OF[self.state.cands[c]]]
        for houses, letter in ((_ROWS, "r"), (_COLS, "c"), (_BOXES, "b")):
            for d in range(1, 10):
                if not off[d]:
                    continue
                for h in houses:
                    part = self.allowed[d] & HOUSE_MASK[h]
                    if part and not part & ~off[d]:
                        yield f"{letter}{h % 9 + 1}", [_off(c, d) for c in cells_of(part)]

    def results(self) -> Iterator[tuple[tuple[int, int, bool], str, list[tuple[int, list[int]]]]]:
        """Every result (cell, digit, placed?) in HoDoKu's check order, with the entity of
        a contradiction ("" for a verity) and the chains as (premise node, end nodes)."""
        state, closure = self.state, self.closure
        cands = state.cands
        for cell in range(81):
            for d in DIGITS_OF[cands[cell]]:
                for node, result in ((_on(cell, d), (cell, d, False)), (_off(cell, d), (cell, d, True))):
                    table = closure[node]
                    inverse = _off(cell, d) if node < _OFF else _on(cell, d)
                    if table >> inverse & 1:
                        yield result, cell_text(cell), [(node, [inverse])]
                    for entity, ends in self.contradictions(table):
                        yield result, entity, [(node, ends)]
        for cell in range(81):
            for d in DIGITS_OF[cands[cell]]:
                a, b = _on(cell, d), _off(cell, d)
                common = closure[a] & closure[b]
                on, off = _parts(common)
                for k, part in ((0, on), (1, off)):
                    for d2 in range(1, 10):
                        for c2 in cells_of(part[d2] & ~CELL_BIT[cell]):
                            end = _on(c2, d2) if k == 0 else _off(c2, d2)
                            yield (c2, d2, k == 0), "", [(a, [end]), (b, [end])]
        for cell in range(81):
            if cands[cell]:
                yield from self._verity([_on(cell, d) for d in DIGITS_OF[cands[cell]]])
        for houses in (_ROWS, _COLS, _BOXES):
            for h in houses:
                for d in range(1, 10):
                    places = state.where[d] & HOUSE_MASK[h]
                    if places:
                        yield from self._verity([_on(c, d) for c in cells_of(places)])

    def _verity(self, premises: list[int]) -> Iterator[tuple[tuple[int, int, bool], str, list[tuple[int, list[int]]]]]:
        closure = self.closure
        common = closure[premises[0]]
        for p in premises[1:]:
            common &= closure[p]
        common &= (1 << _GROUP) - 1
        if not common:
            return
        on, off = _parts(common)
        for d in range(1, 10):
            for c in cells_of(on[d]):
                yield (c, d, True), "", [(p, [_on(c, d)]) for p in premises]
            for c in cells_of(off[d]):
                yield (c, d, False), "", [(p, [_off(c, d)]) for p in premises]


def _key(result: tuple[int, int, bool]) -> tuple[int, int]:
    """HoDoKu's ``TablingComparator`` for one-result steps: placements first, by cell;
    then eliminations by cell and digit."""
    cell, digit, placed = result
    return (0, cell) if placed else (1, cell * 10 + digit)


def forcing_results(state: Candidates, nets: bool) -> set[tuple[int, int, bool]]:
    """Every result (cell, digit, placed?) HoDoKu's Forcing Chain (``nets`` False) or
    Forcing Net search finds in ``state``."""
    search = _Search(state, nets, LIMIT.get() or Budget(None))
    return {r for r, _, _ in search.results()}


def _find(state: Candidates, nets: bool) -> Iterator[Step]:
    budget = LIMIT.get() or Budget(None)
    if not any(state.cands):
        return
    search = _Search(state, nets, budget)
    # HoDoKu keeps one step per (kind, result), replaced only by a strictly shorter one;
    # its sort then puts, for one placement, the kind found first (a contradiction: those
    # are checked first), for one elimination the shorter chain (ties: found first).
    Found = tuple[int, str, list[tuple[int, list[int]]]]
    best: dict[tuple[bool, tuple[int, int, bool]], Found] = {}
    walks: dict[int, dict[int, tuple[int, int]]] = {}
    tables = search.tables
    for result, entity, chains in search.results():
        length = 0
        for premise, ends in chains:
            dist = walks.get(premise)
            if dist is None:
                dist = walks[premise] = tables.walk(premise, 1 << 30)[1]
            length += sum(dist.get(e, (0, -1))[0] + 1 for e in ends)
        key = (not entity, result)
        old = best.get(key)
        if old is None or length < old[0]:
            best[key] = (length, entity, chains)
    chosen: dict[tuple[int, int, bool], Found] = {}
    for (_verity, result), found in best.items():  # contradictions come first
        old = chosen.get(result)
        if old is None or (not result[2] and found[0] < old[0]):
            chosen[result] = found
    for result in sorted(chosen, key=_key):
        _length, entity, chains = chosen[result]
        links = [link for premise, ends in chains for e in ends for link in tables.path_links(walks[premise], e)]
        yield _step(result, entity, nets, tuple(dict.fromkeys(links)))


def _step(result: tuple[int, int, bool], entity: str, nets: bool,
          links: tuple[tuple[tuple[int, int], tuple[int, int], bool], ...] = ()) -> Step:
    cell, digit, placed = result
    kind = "Contradiction" if entity else "Verity"
    name = "Forcing Net" if nets else "Forcing Chain"
    technique = "forcing_net" if nets else "forcing_chain"
    where = f" in {entity}" if entity else ""
    conclusion = f"{cell_text(cell)} {'is' if placed else 'is not'} {digit}"
    if entity:
        why = (f"Assuming the opposite of '{conclusion}' leads, following {'singles and ' if nets else ''}links, "
               f"to a contradiction in {entity}.")
    else:
        why = f"Every possibility of a cell or house (or both states of a candidate) leads, following links, to '{conclusion}'."
    return Step(
        technique, name, "forcing_chains",
        placements=((cell, digit),) if placed else (),
        eliminations=() if placed else ((cell, digit),),
        cells=((cell, "base"),),
        digits=(digit,),
        why=why,
        notation=f"{kind}{where}",
        links=links,
    )


def find_forcing_chain(state: Candidates) -> Iterator[Step]:
    """HoDoKu's Forcing Chain: a contradiction or verity through direct (and grouped) links."""
    return _find(state, nets=False)


def find_forcing_net(state: Candidates) -> Iterator[Step]:
    """HoDoKu's Forcing Net: as a Forcing Chain, following the singles an assumption creates."""
    return _find(state, nets=True)
