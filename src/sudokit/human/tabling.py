"""Nice Loops and AICs (grouped or not) found the way HoDoKu 2.2's tabling search finds them.

HoDoKu builds, for every candidate assumed on and assumed off, a *table*: the premise's
direct links (:class:`~sudokit.human.forcing` builds the same tables for Forcing Chains)
expanded breadth first, in link order, to at most 1,000 entries. Each entry remembers the
entry that first reached it, so every entry has exactly one chain back to the premise.
Then, in table order (on-tables by cell and digit, then off-tables):

* every entry in the premise's own cell closes a *nice loop*: discontinuous (it places or
  removes a candidate of the start cell) or continuous (every weak link of the loop turns
  strong and removes what it sees);
* every "on" entry of an off-table in another cell is an *AIC*: the same digit at both
  ends removes it from the cells seeing both ends (two or more of them), two digits remove
  each end's digit from the other end.

A chain that meets a cell it already left (a lasso) is dropped, not replaced by another
chain to the same entry. Of several chains with the same eliminations the first found is
kept unless a later one is strictly shorter (the first stays listed too); the list is then
sorted as HoDoKu sorts steps (more eliminations first, then the weighted index sum of the
eliminations, then the shorter chain for steps of the same kind). Which chain a path uses
therefore depends on all of this order; matching it is what makes ``hodoku_score`` equal.

Tables are walked with bitsets (a premise's successors as one integer), and a premise is
walked only when its unbounded closure (from the forcing module's component pass) holds
an entry that could close a loop or end an AIC. Behaviour re-implemented from HoDoKu's
documented solver; no code taken.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cmp_to_key

from ..errors import SearchLimitExceeded
from .chains import Chain, _elim_digits, _ends_why, _index_sum, _step, chain_text
from .forcing import _GROUP, _OFF, _TABLE_LIMIT, _Tables
from .links import GROUP_BASE, LinkGraph
from .model import BIT, CELL_BIT, DIGITS_OF, PEER_MASK, POPCOUNT, Candidates, cells_of
from .se_chains import Budget, BudgetExceeded
from .step import Step, cell_text

__all__ = ["nice_loop_steps"]

#: First cell and cell mask of the candidate nodes (on and off), in forcing's numbering.
_FIRST = [node % 81 for node in range(_GROUP)]
_CELLS = [CELL_BIT[node % 81] for node in range(_GROUP)]
_DNL, _CNL, _AIC = "Discontinuous Nice Loop", "Continuous Nice Loop", "AIC"


class _Found:
    """One accepted chain: its eliminations (sorted by digit, cell), kind, nodes, grouped?"""

    __slots__ = ("elims", "kind", "chain", "grouped", "key", "index_sum")

    def __init__(self, elims: list[tuple[int, int]], kind: str, chain: list[int], grouped: bool) -> None:
        self.elims, self.kind, self.chain, self.grouped = elims, kind, chain, grouped
        self.key = frozenset(elims)
        self.index_sum = _index_sum(elims)


def _compare(a: _Found, b: _Found) -> int:
    """HoDoKu's ``SolutionStep.compareTo`` for two chain steps."""
    diff = len(b.elims) - len(a.elims)
    if diff:
        return diff
    if a.kind != b.kind or a.grouped != b.grouped or a.key != b.key:
        return a.index_sum - b.index_sum
    return len(a.chain) - len(b.chain)


class _Search:
    """HoDoKu's tables for one grid and the loops/AICs found in them, in its order."""

    def __init__(self, state: Candidates, grouped: bool, budget: Budget) -> None:
        self.state = state
        self.budget = budget
        self.tables = tables = _Tables(state, nets=False, groups=grouped)
        self.links = tables.links
        self.bits = bits = [0] * tables.size
        for v, succ in enumerate(self.links):
            b = 0
            for w in succ:
                b |= 1 << w
            bits[v] = b
        self.all_nodes = (1 << tables.size) - 1
        self.closure = tables.closure(budget)
        self.group_cells = [g.mask for g in tables.groups]
        self.found: list[_Found] = []
        self.best: dict[frozenset[tuple[int, int]], int] = {}
        #: per node: its first cell (HoDoKu's ``getCellIndex``) and all its cells
        self.first = _FIRST + [(m & -m).bit_length() - 1 for m in self.group_cells for _ in (0, 1)]
        self.cells = _CELLS + [m for m in self.group_cells for _ in (0, 1)]

    # ---------------------------------------------------------------- tables
    def walk(self, start: int) -> tuple[list[int], dict[int, int]]:
        """The premise's table: entries in HoDoKu's order and each entry's parent."""
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
                    if len(order) >= _TABLE_LIMIT:
                        self.budget.spend(len(order))
                        return order, parent
        self.budget.spend(len(order))
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
        cands = self.state.cands
        premises = [(d - 1) * 81 + cell for cell in range(81) for d in DIGITS_OF[cands[cell]]]
        aics: list[tuple[int, list[int], dict[int, int]]] = []
        for off in (0, _OFF):
            for on_node in premises:
                start = on_node + off
                ends = self.loop_ends(start)
                aic_ends = self.aic_ends(start) if off else 0
                reach = self.closure[start]
                if not reach & (ends | aic_ends):
                    continue
                order, parent = self.walk(start)
                cell = start % 81
                for node in order[1:]:
                    if node < _GROUP and node % 81 == cell and ends >> node & 1:
                        self.nice_loop(self.path(parent, node))
                if aic_ends:
                    hits = [node for node in order[1:] if aic_ends >> node & 1]
                    if hits:
                        aics.append((start, hits, parent))
        for start, hits, parent in aics:
            for node in hits:
                self.aic(start, parent, node)

    def loop_ends(self, start: int) -> int:
        """Entries of the start cell that can close a loop (the direct ones never do)."""
        cell = start % 81
        out = 0
        for d in DIGITS_OF[self.state.cands[cell]]:
            out |= 1 << (d - 1) * 81 + cell | 1 << _OFF + (d - 1) * 81 + cell
        return out & ~(1 << start) & ~self.bits[start]

    def aic_ends(self, start: int) -> int:
        """"On" entries in other cells that would make an AIC from this off-premise
        remove something (HoDoKu's ``checkAics`` filter): the start digit where two or
        more of its places see both ends; another digit in a peer holding the start digit
        when the start cell holds that digit."""
        cell = start % 81
        d = (start - _OFF) // 81 + 1
        where, cands = self.state.where, self.state.cands
        wd = where[d]
        peers = PEER_MASK[cell]
        once = twice = 0
        for y in cells_of(wd & peers):
            m = PEER_MASK[y] & wd
            twice |= once & m
            once |= m
        out = (twice & ~CELL_BIT[cell]) << (d - 1) * 81
        for e in DIGITS_OF[cands[cell]]:
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
        cands = self.state.cands
        ds, de = (start % _OFF) // 81 + 1, (end % _OFF) // 81 + 1
        first_strong, last_strong = start >= _OFF, end < _OFF
        elims: list[tuple[int, int]]
        kind = _DNL
        if not first_strong and not last_strong and ds == de:
            elims = [(cell, ds)]
        elif first_strong and last_strong and ds == de:
            elims = [(cell, x) for x in DIGITS_OF[cands[cell]] if x != ds]
        elif first_strong != last_strong and ds != de:
            elims = [(cell, ds if not first_strong else de)]
        elif ((not first_strong and not last_strong and POPCOUNT[cands[cell]] == 2 and ds != de)
              or (first_strong and last_strong and ds != de) or (first_strong != last_strong and ds == de)):
            elims, kind = self.continuous(chain, first_strong and last_strong, ds, de), _CNL
        else:
            return
        self.add(elims, kind, chain)

    def continuous(self, chain: list[int], both_strong: bool, ds: int, de: int) -> list[tuple[int, int]]:
        """Eliminations of a continuous nice loop, as HoDoKu collects them."""
        state = self.state
        cands, where = state.cands, state.where
        first, cells = self.first, self.cells
        start_cell = first[chain[0]]
        on_chain = 0
        for node in chain:
            on_chain |= cells[node]
        out: list[tuple[int, int]] = []
        n = len(chain) - 1

        def strong(k: int) -> bool:
            node = chain[k]
            return node < _OFF or (node >= _GROUP and not node & 1)

        def digit(k: int) -> int:
            node = chain[k]
            if node < _GROUP:
                return (node % _OFF) // 81 + 1
            return self.tables.groups[(node - _GROUP) // 2].digit

        for i in range(n + 1):
            if (i == 0 and both_strong) or (i > 0 and strong(i) and i <= n - 2 and first[chain[i - 1]] != first[chain[i]]):
                if i == 0 or (not strong(i + 1) and first[chain[i]] == first[chain[i + 1]]
                              and strong(i + 2) and first[chain[i + 1]] != first[chain[i + 2]]):
                    c1, c2 = (ds, de) if i == 0 else (digit(i), digit(i + 2))
                    c = first[chain[i]]
                    out += [(c, x) for x in DIGITS_OF[cands[c]] if x != c1 and x != c2]
            if i > 0 and not strong(i) and first[chain[i - 1]] != first[chain[i]]:
                d = digit(i)
                seen = where[d] & ~on_chain & ~CELL_BIT[start_cell]
                for node in (chain[i - 1], chain[i]):
                    for c in cells_of(cells[node]):
                        seen &= PEER_MASK[c]
                out += [(c, d) for c in cells_of(seen)]
        return out

    def aic(self, start: int, parent: dict[int, int], end: int) -> None:
        """HoDoKu's ``checkAic`` for the chain from an off-premise to an on-entry."""
        sc, ec = start % 81, end % 81
        ds, de = (start - _OFF) // 81 + 1, end // 81 + 1
        where, cands = self.state.where, self.state.cands
        if ds == de:
            mask = where[ds] & PEER_MASK[sc] & PEER_MASK[ec]
            elims = [(c, ds) for c in cells_of(mask)] if mask.bit_count() > 1 else []
        else:
            elims = []
            if cands[sc] & BIT[de]:
                elims.append((sc, de))
            if cands[ec] & BIT[ds]:
                elims.append((ec, ds))
        if not elims:
            return
        chain = self.path(parent, end)
        if len(chain) <= 2 or not self.no_lasso(chain, aic=True):
            return
        self.add(elims, _AIC, chain)

    def add(self, elims: list[tuple[int, int]], kind: str, chain: list[int]) -> None:
        if not elims:
            return
        elims = sorted(set(elims), key=lambda e: (e[1], e[0]))
        grouped = any(node >= _GROUP for node in chain)
        key = frozenset(elims)
        old = self.best.get(key)
        if old is not None and len(self.found[old].chain) <= len(chain):
            return
        self.best[key] = len(self.found)
        self.found.append(_Found(elims, kind, chain, grouped))

    def sorted(self) -> list[_Found]:
        return sorted(self.found, key=cmp_to_key(_compare))


# ------------------------------------------------------------------ steps
def _to_graph(search: _Search, g: LinkGraph, chain: list[int]) -> Chain:
    """The chain in :class:`LinkGraph` nodes: ((node, truth), ...)."""
    out = []
    for node in chain:
        if node < _GROUP:
            d, cell = divmod(node % _OFF, 81)
            out.append((9 * cell + d, node < _OFF))
        else:
            grp = search.tables.groups[(node - _GROUP) // 2]
            out.append((g.group_node(grp.digit, grp.mask), not node & 1))
    return tuple(out)


def _make_step(found: _Found, g: LinkGraph, chain: Chain) -> Step:
    """The step with HoDoKu's text for one loop or AIC."""
    prefix = "Grouped " if found.grouped else ""
    technique = "grouped_nice_loop" if found.grouped else "nice_loop"
    elims = found.elims
    name = prefix + found.kind
    (s, t0), (e, _t1) = chain[0], chain[-1]
    if found.kind == _AIC:
        ds, de = g.digit(s), g.digit(e)
        text = f"{_elim_digits(elims)} {ds}- {chain_text(g, chain)} -{de}"
        return _step(technique, name, g, chain, elims, text, _ends_why(g, chain, ds))
    if found.kind == _CNL:
        k = len(chain) - 1
        while g.cells(chain[k - 1][0]) == g.cells(chain[-1][0]) and chain[k - 1][0] < GROUP_BASE:
            k -= 1
        j = 1
        while g.cells(chain[j][0]) == g.cells(chain[0][0]) and chain[j][0] < GROUP_BASE:
            j += 1
        text = f"{_elim_digits(elims)} {g.digit(chain[k][0])}= {chain_text(g, chain)} ={g.digit(chain[j][0])}"
        why = "The chain closes into a loop, so each of its weak links is strong too; the candidates those links exclude go."
        return _step(technique, name, g, chain, elims, text, why)
    cell, ds = s // 9, g.digit(s)
    text = f"{_elim_digits(elims)} {chain_text(g, chain)}"
    why = (f"Starting from {cell_text(cell)} {'=' if t0 else '<>'} {ds}, the chain comes back to "
           f"{cell_text(cell)} with a contradiction, so the start is false.")
    return _step(technique, name, g, chain, elims, text, why)


def nice_loop_steps(state: Candidates, grouped: bool, budget: int) -> Iterator[Step]:
    """HoDoKu's nice loops and AICs of ``state`` (with group nodes when ``grouped``), in
    its order; ``budget``: table entries to walk before :class:`SearchLimitExceeded`."""
    try:
        search = _Search(state, grouped, Budget(budget))
        search.run()
    except BudgetExceeded:
        raise SearchLimitExceeded("nice loop search budget exhausted") from None
    if not search.found:
        return
    g = LinkGraph(state, groups=grouped)
    for found in search.sorted():
        yield _make_step(found, g, _to_graph(search, g, found.chain))
