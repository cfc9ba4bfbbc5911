"""Pure-Python twin of csrc/hotable9.c: HoDoKu's tables and its Nice Loop / AIC search.

Re-exported by :mod:`sudokit._pycore` as ``ho_nice_loops``; the contract is in
``_core.pyi`` and the record layout in ``csrc/hotable9.h``. Same search, same order, same
bytes as the C code; :mod:`sudokit.human.tabling` sorts the loops and writes the steps.
:mod:`sudokit.human.forcing` (Forcing Chains and Nets, Kraken fish) builds its tables with
:class:`GroupNode`, :func:`chain_links`, :func:`group_links` and :func:`closure` here.

*Nodes*: ``(d-1)*81 + cell`` is "cell is d", ``729 + (d-1)*81 + cell`` "cell is not d",
``1458 + 2*g`` group g on and ``1459 + 2*g`` off (groups in HoDoKu's order: rows then
columns, digit, box). A premise's *table* is its direct links expanded breadth first in
link order to at most 1,000 entries; each entry keeps the entry that first reached it.
In table order (on-premises by cell and digit, then off-premises), an entry in the
premise's own cell closes a nice loop (discontinuous or continuous), an "on" entry of an
off-table in another cell ends an AIC (checked after all loops). A chain that meets a
cell it already left (a lasso) is dropped. Of chains with the same eliminations the first
is kept unless a later one is strictly shorter (then both are listed). A premise is walked
only when its closure (one pass over the strongly connected components of the links) holds
an entry that can close a loop or end a useful AIC. Behaviour re-implemented from HoDoKu
2.2's documented solver.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable

__all__ = ["ho_nice_loops", "GroupNode", "group_nodes", "chain_links", "group_links", "closure", "walk",
           "OFF", "GROUP", "TABLE_LIMIT", "DNL", "CNL", "AIC"]

OFF = 729
GROUP = 1458
#: HoDoKu's ``Options.MAX_TABLE_ENTRY_LENGTH``: a table holds at most this many entries.
TABLE_LIMIT = 1000
#: Record kinds: discontinuous nice loop, continuous nice loop, AIC.
DNL, CNL, AIC = 0, 1, 2
_FULL = (1 << 81) - 1
_HOUSE_CELLS = (
    [[r * 9 + c for c in range(9)] for r in range(9)]
    + [[r * 9 + c for r in range(9)] for c in range(9)]
    + [[(b // 3 * 3 + k // 3) * 9 + b % 3 * 3 + k % 3 for k in range(9)] for b in range(9)]
)
_HOUSE = tuple(sum(1 << c for c in cells) for cells in _HOUSE_CELLS)
#: (row, 9 + column, 18 + box) of each cell.
_CELL_HOUSES = tuple((i // 9, 9 + i % 9, 18 + i // 27 * 3 + i % 9 // 3) for i in range(81))
_PEER = tuple((_HOUSE[h[0]] | _HOUSE[h[1]] | _HOUSE[h[2]]) & ~(1 << i) for i, h in enumerate(_CELL_HOUSES))
_DIGITS = tuple(tuple(d for d in range(1, 10) if m >> (d - 1) & 1) for m in range(512))
_ROWS, _COLS, _BOXES = range(0, 9), range(9, 18), range(18, 27)


def _cells(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _one(mask: int) -> bool:
    return bool(mask) and not mask & (mask - 1)


class GroupNode:
    """Two or three places of a digit in one box and one line (HoDoKu's ``GroupNode``)."""

    __slots__ = ("digit", "mask", "line", "col", "box", "buddies", "node")

    def __init__(self, digit: int, mask: int, node: int) -> None:
        cells = _cells(mask)
        self.digit, self.mask, self.node = digit, mask, node
        r0, c0 = divmod(cells[0], 9)
        r1, c1 = divmod(cells[1], 9)
        self.line = r0 if r0 == r1 else -1
        self.col = c0 if c0 == c1 else -1
        self.box = _CELL_HOUSES[cells[0]][2]
        buddies = _FULL
        for c in cells:
            buddies &= _PEER[c]
        self.buddies = buddies


def group_nodes(where: list[int]) -> list[GroupNode]:
    """HoDoKu's order: rows then columns, digit, box. ``where[d]``: the places of d."""
    nodes: list[GroupNode] = []
    for lines in (_ROWS, _COLS):
        for h in lines:
            for d in range(1, 10):
                inside = where[d] & _HOUSE[h]
                if not inside:
                    continue
                for b in _BOXES:
                    part = inside & _HOUSE[b]
                    if part & (part - 1):
                        nodes.append(GroupNode(d, part, GROUP + 2 * len(nodes)))
    return nodes


def chain_links(cands: list[int], where: list[int], links: list[list[int]]) -> None:
    """Forcing Chain links of the candidate nodes (HoDoKu's ``onTable``/``offTable``): on,
    the cell's other digits go, then the digit's other places in the cell's houses; off,
    the other digit of a bivalue cell, then the one other place in a house."""
    for cell in range(81):
        mask = cands[cell]
        if not mask:
            continue
        ds = _DIGITS[mask]
        bivalue = len(ds) == 2
        for d in ds:
            on, off = links[(d - 1) * 81 + cell], links[OFF + (d - 1) * 81 + cell]
            for other in ds:
                if other != d:
                    on.append(OFF + (other - 1) * 81 + cell)
                    if bivalue:
                        off.append((other - 1) * 81 + cell)
            seen_on = seen_off = 0
            for h in _CELL_HOUSES[cell]:
                places = where[d] & _HOUSE[h] & ~(1 << cell)
                if not places:
                    continue
                for p in _cells(places & ~seen_on):
                    on.append(OFF + (d - 1) * 81 + p)
                seen_on |= places
                if not places & (places - 1) and not places & seen_off:
                    off.append((d - 1) * 81 + places.bit_length() - 1)
                    seen_off |= places


def group_links(where: list[int], groups: list[GroupNode], links: list[list[int]]) -> None:
    """The links into and out of the group nodes, appended in HoDoKu's order."""
    for g in groups:
        d = g.digit
        base = (d - 1) * 81
        on, off = links[g.node], links[g.node + 1]
        seeing = where[d] & g.buddies
        for p in _cells(seeing):
            on.append(OFF + base + p)
            links[base + p].append(g.node + 1)
        if seeing:
            for h in (g.box, g.line if g.line >= 0 else 9 + g.col):
                part = seeing & _HOUSE[h]
                if _one(part):
                    p = part.bit_length() - 1
                    off.append(base + p)
                    links[OFF + base + p].append(g.node)
        counts = [0, 0, 0]
        first = [-1, -1, -1]
        for j, g2 in enumerate(groups):
            if g2 is g or g2.digit != d or g2.mask & g.mask:
                continue
            for k, same in enumerate((g.line != -1 and g.line == g2.line, g.col != -1 and g.col == g2.col, g.box == g2.box)):
                if same:
                    counts[k] += 1
                    if counts[k] == 1:
                        first[k] = j
                    on.append(g2.node + 1)
        for k, house in enumerate((g.line, 9 + g.col if g.col >= 0 else -1, g.box)):
            if counts[k] == 1 and house >= 0:
                g2 = groups[first[k]]
                if not where[d] & _HOUSE[house] & ~g.mask & ~g2.mask:
                    off.append(g2.node)


def closure(links: list[list[int]], exists: list[bool], spend: Callable[[int], None]) -> list[int]:
    """For every node, the bitset of its table (itself and all it implies; a table of more
    than 1,000 entries is :func:`walk`'s). ``spend`` is told the node count, then the
    component count."""
    n = len(links)
    spend(n)
    index = [-1] * n
    low = [0] * n
    on_stack = [False] * n
    stack: list[int] = []
    comp = [-1] * n
    comps: list[list[int]] = []
    counter = 0
    for root in range(n):
        if not exists[root] or index[root] >= 0:
            continue
        work = [(root, 0)]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack[root] = True
        while work:
            v, i = work[-1]
            succ = links[v]
            if i < len(succ):
                work[-1] = (v, i + 1)
                w = succ[i]
                if index[w] < 0:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack[w] = True
                    work.append((w, 0))
                elif on_stack[w] and index[w] < low[v]:
                    low[v] = index[w]
                continue
            work.pop()
            if work and low[v] < low[work[-1][0]]:
                u = work[-1][0]
                low[u] = low[v]
            if low[v] == index[v]:
                members = []
                while True:
                    w = stack.pop()
                    on_stack[w] = False
                    comp[w] = len(comps)
                    members.append(w)
                    if w == v:
                        break
                comps.append(members)
    # Tarjan emits components in reverse topological order: successors first.
    reach = [0] * len(comps)
    spend(len(comps))
    for k, members in enumerate(comps):
        bits = 0
        for v in members:
            bits |= 1 << v
            for w in links[v]:
                c = comp[w]
                if c != k:
                    bits |= reach[c]
        reach[k] = bits
    tables = [reach[comp[v]] if comp[v] >= 0 else 0 for v in range(n)]
    for v in range(n):
        t = tables[v]
        if t and t.bit_count() > TABLE_LIMIT:
            tables[v] = walk(links, v)[0]
    return tables


def walk(links: list[list[int]], start: int, limit: int = TABLE_LIMIT) -> tuple[int, dict[int, tuple[int, int]]]:
    """HoDoKu's expansion of one table: breadth first in link order, at most ``limit``
    entries; the table and each entry's (distance from the premise, parent entry)."""
    dist = {start: (0, -1)}
    order = [start]
    bits = 1 << start
    j = 0
    while j < len(order) and len(order) < limit:
        v = order[j]
        j += 1
        dv = dist[v][0] + 1
        for w in links[v]:
            if w not in dist:
                if len(order) >= limit:
                    break
                dist[w] = (dv, v)
                order.append(w)
                bits |= 1 << w
    return bits, dist


class _Over(Exception):
    """The node budget ran out."""


class _Search:
    """The tables of one grid and the loops/AICs found in them, in HoDoKu's order."""

    def __init__(self, cands: list[int], grouped: bool, budget: int) -> None:
        self.cands = cands
        self.where = where = [0] * 10
        for cell in range(81):
            for d in _DIGITS[cands[cell]]:
                where[d] |= 1 << cell
        self.budget, self.spent = budget, 0
        self.groups = groups = group_nodes(where) if grouped else []
        size = GROUP + 2 * len(groups)
        self.links: list[list[int]] = [[] for _ in range(size)]
        exists = [False] * size
        for cell in range(81):
            for d in _DIGITS[cands[cell]]:
                exists[(d - 1) * 81 + cell] = exists[OFF + (d - 1) * 81 + cell] = True
        for g in groups:
            exists[g.node] = exists[g.node + 1] = True
        chain_links(cands, where, self.links)
        group_links(where, groups, self.links)
        self.bits = bits = [0] * size
        for v, succ in enumerate(self.links):
            b = 0
            for w in succ:
                b |= 1 << w
            bits[v] = b
        self.all_nodes = (1 << size) - 1
        self.closure = closure(self.links, exists, self.spend)
        #: per node: its first cell (HoDoKu's ``getCellIndex``) and all its cells
        self.first = [v % 81 for v in range(GROUP)] + [(g.mask & -g.mask).bit_length() - 1 for g in groups for _ in (0, 1)]
        self.cells = [1 << (v % 81) for v in range(GROUP)] + [g.mask for g in groups for _ in (0, 1)]
        self.out = bytearray()
        self.best: dict[tuple[int, ...], int] = {}
        self.lengths: list[int] = []

    def spend(self, n: int) -> None:
        self.spent += n
        if self.spent > self.budget:
            raise _Over(self.spent)

    # ---------------------------------------------------------------- tables
    def walk(self, start: int) -> tuple[list[int], dict[int, int]]:
        """The premise's table: entries in order and each entry's parent."""
        links, bits = self.links, self.bits
        parent = {start: -1}
        order = [start]
        unseen = self.all_nodes & ~(1 << start)
        j = 0
        while j < len(order):
            v = order[j]
            j += 1
            new = bits[v] & unseen
            if not new:
                continue
            unseen ^= new
            for w in links[v]:
                if new >> w & 1:
                    new ^= 1 << w
                    parent[w] = v
                    order.append(w)
                    if len(order) >= TABLE_LIMIT:
                        self.spend(len(order))
                        return order, parent
        self.spend(len(order))
        return order, parent

    @staticmethod
    def path(parent: dict[int, int], end: int) -> list[int]:
        out = []
        while end != -1:
            out.append(end)
            end = parent[end]
        out.reverse()
        return out

    def no_lasso(self, chain: list[int], aic: bool) -> bool:
        """HoDoKu's lasso test: no node's (first) cell was used before the node just
        before it; a loop may come back to its start cell, and its last link must not
        move inside the start cell."""
        first = self.first
        if not aic and first[chain[-1]] == first[chain[-2]]:
            return False
        start_cell = first[chain[0]]
        used = 0
        last = -1
        for node in chain:
            c = first[node]
            if used >> c & 1:
                return False
            if last >= 0 and (first[last] != start_cell or aic):
                used |= self.cells[last]
            last = node
        return True

    # ---------------------------------------------------------------- search
    def run(self) -> None:
        cands = self.cands
        premises = [(d - 1) * 81 + cell for cell in range(81) for d in _DIGITS[cands[cell]]]
        aics: list[tuple[int, list[int], dict[int, int]]] = []
        for off in (0, OFF):
            for on_node in premises:
                start = on_node + off
                ends = self.loop_ends(start)
                aic_ends = self.aic_ends(start) if off else 0
                if not self.closure[start] & (ends | aic_ends):
                    continue
                order, parent = self.walk(start)
                cell = start % 81
                for node in order[1:]:
                    if node < GROUP and node % 81 == cell and ends >> node & 1:
                        self.nice_loop(self.path(parent, node))
                if aic_ends:
                    hits = [node for node in order[1:] if aic_ends >> node & 1]
                    if hits:
                        aics.append((start, hits, parent))
        for start, hits, parent in aics:  # AICs after all loops
            for node in hits:
                self.aic(start, parent, node)

    def loop_ends(self, start: int) -> int:
        """Entries of the start cell that can close a loop (the direct ones never do)."""
        cell = start % 81
        out = 0
        for d in _DIGITS[self.cands[cell]]:
            out |= 1 << (d - 1) * 81 + cell | 1 << OFF + (d - 1) * 81 + cell
        return out & ~(1 << start) & ~self.bits[start]

    def aic_ends(self, start: int) -> int:
        """"On" entries in other cells that would make an AIC from this off-premise
        remove something (HoDoKu's ``checkAics`` filter): the start digit where two or
        more of its places see both ends; another digit in a peer holding the start digit
        when the start cell holds that digit."""
        cell = start % 81
        d = (start - OFF) // 81 + 1
        where = self.where
        wd = where[d]
        peers = _PEER[cell]
        once = twice = 0
        for y in _cells(wd & peers):
            m = _PEER[y] & wd
            twice |= once & m
            once |= m
        out = (twice & ~(1 << cell)) << (d - 1) * 81
        for e in _DIGITS[self.cands[cell]]:
            if e != d:
                out |= (peers & wd & where[e]) << (e - 1) * 81
        return out

    # ---------------------------------------------------------------- checks
    def nice_loop(self, chain: list[int]) -> None:
        """HoDoKu's ``checkNiceLoop`` for the chain from the premise to an entry of its cell."""
        if len(chain) <= 2 or not self.no_lasso(chain, aic=False):
            return
        first = self.first
        if first[chain[0]] == first[chain[1]]:
            return  # the first link must leave the start cell
        start, end = chain[0], chain[-1]
        cell = start % 81
        ds, de = (start % OFF) // 81 + 1, (end % OFF) // 81 + 1
        first_strong, last_strong = start >= OFF, end < OFF
        digits = _DIGITS[self.cands[cell]]
        elims: list[tuple[int, int]]
        kind = DNL
        if not first_strong and not last_strong and ds == de:
            elims = [(cell, ds)]
        elif first_strong and last_strong and ds == de:
            elims = [(cell, x) for x in digits if x != ds]
        elif first_strong != last_strong and ds != de:
            elims = [(cell, ds if not first_strong else de)]
        elif ((not first_strong and not last_strong and len(digits) == 2 and ds != de)
              or (first_strong and last_strong and ds != de) or (first_strong != last_strong and ds == de)):
            elims, kind = self.continuous(chain, first_strong and last_strong, ds, de), CNL
        else:
            return
        self.add(elims, kind, chain)

    def _digit(self, node: int) -> int:
        if node < GROUP:
            return (node % OFF) // 81 + 1
        return self.groups[(node - GROUP) // 2].digit

    def continuous(self, chain: list[int], both_strong: bool, ds: int, de: int) -> list[tuple[int, int]]:
        """Eliminations of a continuous nice loop, as HoDoKu collects them."""
        cands, where, first, cells = self.cands, self.where, self.first, self.cells
        start_cell = first[chain[0]]
        on_chain = 0
        for node in chain:
            on_chain |= cells[node]
        out: list[tuple[int, int]] = []
        n = len(chain) - 1
        strong = [node < OFF or (node >= GROUP and not node & 1) for node in chain]
        for i in range(n + 1):
            if (i == 0 and both_strong) or (i > 0 and strong[i] and i <= n - 2 and first[chain[i - 1]] != first[chain[i]]):
                if i == 0 or (not strong[i + 1] and first[chain[i]] == first[chain[i + 1]]
                              and strong[i + 2] and first[chain[i + 1]] != first[chain[i + 2]]):
                    c1, c2 = (ds, de) if i == 0 else (self._digit(chain[i]), self._digit(chain[i + 2]))
                    c = first[chain[i]]
                    out += [(c, x) for x in _DIGITS[cands[c]] if x != c1 and x != c2]
            if i > 0 and not strong[i] and first[chain[i - 1]] != first[chain[i]]:
                d = self._digit(chain[i])
                seen = where[d] & ~on_chain & ~(1 << start_cell)
                for node in (chain[i - 1], chain[i]):
                    for c in _cells(cells[node]):
                        seen &= _PEER[c]
                out += [(c, d) for c in _cells(seen)]
        return out

    def aic(self, start: int, parent: dict[int, int], end: int) -> None:
        """HoDoKu's ``checkAic`` for the chain from an off-premise to an on-entry."""
        sc, ec = start % 81, end % 81
        ds, de = (start - OFF) // 81 + 1, end // 81 + 1
        where, cands = self.where, self.cands
        if ds == de:
            mask = where[ds] & _PEER[sc] & _PEER[ec]
            elims = [(c, ds) for c in _cells(mask)] if mask & (mask - 1) else []
        else:
            elims = []
            if cands[sc] >> (de - 1) & 1:
                elims.append((sc, de))
            if cands[ec] >> (ds - 1) & 1:
                elims.append((ec, ds))
        if not elims:
            return
        chain = self.path(parent, end)
        if len(chain) <= 2 or not self.no_lasso(chain, aic=True):
            return
        self.add(elims, AIC, chain)

    def add(self, elims: list[tuple[int, int]], kind: int, chain: list[int]) -> None:
        """One record unless a chain as short or shorter had the same eliminations."""
        if not elims:
            return
        elims = sorted(set(elims), key=lambda e: (e[1], e[0]))
        key = tuple(c * 16 + d for c, d in elims)
        old = self.best.get(key)
        if old is not None and self.lengths[old] <= len(chain):
            return
        self.best[key] = len(self.lengths)
        self.lengths.append(len(chain))
        out = self.out
        out.append(kind)
        out += len(elims).to_bytes(2, "little")
        for c, d in elims:
            out += bytes((c, d))
        out += len(chain).to_bytes(2, "little")
        for node in chain:
            out += node.to_bytes(2, "little")


def ho_nice_loops(cands: bytes, grouped: bool, budget: int) -> tuple[bytes | None, int]:
    """The nice loop / AIC records: ``(records or None past the budget, spent)`` (see ``_core.pyi``)."""
    if len(cands) != 162:
        raise ValueError("need 81 native uint16 candidate masks")
    masks = array("H")
    masks.frombytes(cands)
    if any(m > 0x1FF for m in masks) or budget < 0:
        raise ValueError("candidate masks must be 0..0x1FF and the budget >= 0")
    try:
        search = _Search(list(masks), grouped, budget)
        search.run()
    except _Over as over:
        return None, int(over.args[0])
    return bytes(search.out), search.spent
