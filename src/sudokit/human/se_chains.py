"""Sudoku Explainer's chaining rules, re-implemented: cycles, forcing chains, Nishio,
cell/region forcing chains, dynamic forcing chains and their nested levels.

This is an implication engine, not a link graph: SE assumes a candidate on (or off) and
propagates the consequences breadth first with two rules each way (naked and hidden
singles), and in the dynamic modes it takes each consequence off the grid as it goes, so
later implications see the changed grid. Nested levels add the eliminations of simpler
rules (locked candidates, pairs, X-Wing, then whole forcing chains) found on that changed
grid. HoDoKu-style AIC/nice-loop searches on a static link graph cannot express this, so it
lives in its own module.

Ratings follow serate 1.2.1.3 (the ``diuf.sudoku.solver.rules.chaining`` package of the
public Sudoku Explainer source): a hint's difficulty is its rule's base (cycles 6.5, forcing
X/Y-chains 6.6, mixed 7.0, Nishio 7.5, multiple 8.0, dynamic 8.5, dynamic+ 9.0, nested
9.5 / 10.0 / 10.5 / 11.0) plus a length surcharge from its *complexity* (how many distinct
candidates the chains use, nested chains included); SE takes the easiest hint, ties broken
by complexity, then by kind, then by search order. Everything that changes which hint comes
first (the search order, the breadth-first queues, which parent a consequence records) is
kept as SE has it, because it decides the path and so the rating.

The hot search of the static rule (cycles and forcing X/Y-chains) runs in the kernel
(``se_loops``: csrc/sechain9.c, twin ``sudokit._pysechain9``); this module reads its chains
back into potentials and makes the hints. The multiple, Nishio and dynamic rules of every
nesting level, Dynamic Forcing Chains (+) (level 1: the simple rules inside) and the Nested
Forcing Chains (levels 2-5: whole chaining rules inside) run whole in the kernel
(``se_dyn``: csrc/sedyn9.c, csrc/serules9.c, csrc/senest9.c), whose twin
``sudokit._pysedyn9`` runs this module's own engine (:meth:`Chaining.python_hints`), so the
two are checked against each other byte for byte.

Cells are 0..80 row-major, candidates are the 9-bit masks of :mod:`.model`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from contextvars import ContextVar
from typing import Optional

from array import array

from .. import _backend
from .model import BIT, CELL_BIT, DIGITS_OF, HOUSE_CELLS, PEER_MASK, POPCOUNT, cells_of

__all__ = ["Potential", "ChainHint", "Chaining", "Budget", "BudgetExceeded", "LIMIT", "CHAINING_RULES", "length_surcharge"]

# SE's causes of an implication (``Potential.Cause``)
NAKED, HIDDEN_BLOCK, HIDDEN_ROW, HIDDEN_COLUMN, ADVANCED = range(5)

#: The three houses of each cell in SE's order: block, row, column (our house numbers).
_SE_HOUSES: tuple[tuple[int, int, int], ...] = tuple((18 + (i // 27) * 3 + (i % 9) // 3, i // 9, 9 + i % 9) for i in range(81))
_CAUSE_OF_HOUSE: tuple[int, ...] = (HIDDEN_ROW,) * 9 + (HIDDEN_COLUMN,) * 9 + (HIDDEN_BLOCK,) * 9
#: A cell's peers with the cause of "same digit" through them, in SE's order: the block
#: (ascending = SE's block order), then the rest of the row, then the rest of the column.
_PEER_PARTS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    (
        (sum(1 << c for c in HOUSE_CELLS[_SE_HOUSES[i][0]] if c != i), HIDDEN_BLOCK),
        (sum(1 << c for c in HOUSE_CELLS[_SE_HOUSES[i][1]] if c != i and c not in HOUSE_CELLS[_SE_HOUSES[i][0]]), HIDDEN_ROW),
        (sum(1 << c for c in HOUSE_CELLS[_SE_HOUSES[i][2]] if c != i and c not in HOUSE_CELLS[_SE_HOUSES[i][0]]), HIDDEN_COLUMN),
    )
    for i in range(81)
)
#: A cell's houses in SE's order as (house, 81-bit mask, cause).
_HOUSES_OF: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    tuple((h, sum(1 << c for c in HOUSE_CELLS[h]), _CAUSE_OF_HOUSE[h]) for h in _SE_HOUSES[i]) for i in range(81)
)

#: The peers of a cell in SE's order (``Cell.getHouseCells``: block, row, column, itself left out).
_HOUSE_CELLS_OF: tuple[tuple[int, ...], ...] = tuple(
    tuple(c for c in dict.fromkeys(c for h in _SE_HOUSES[i] for c in HOUSE_CELLS[h]) if c != i) for i in range(81)
)


class BudgetExceeded(Exception):
    """Raised from inside a search when its node budget is spent."""


class Potential:
    """A candidate assumed on or off, with the implications (``parents``) that force it.

    Two potentials are the same (``key``) when cell, digit and state agree, whatever their
    parents, exactly as SE compares them.
    """

    __slots__ = ("cell", "value", "on", "key", "parents", "cause", "nested")

    def __init__(self, cell: int, value: int, on: bool, parent: Optional[Potential] = None,
                 cause: Optional[int] = None, nested: Optional[ChainHint] = None) -> None:
        self.cell = cell
        self.value = value
        self.on = on
        self.key = (cell * 9 + value) * 2 + on
        self.parents: list[Potential] = [parent] if parent is not None else []
        self.cause = cause
        self.nested = nested

    def __repr__(self) -> str:
        return f"r{self.cell // 9 + 1}c{self.cell % 9 + 1}{'=' if self.on else '<>'}{self.value}"


PSet = dict[int, Potential]  # SE's LinkedSet: insertion-ordered, by key
#: A simple rule used inside nested chains: (current grid, initial grid, digit counts) ->
#: its hints as (removable cell -> mask, parent off potentials, the chain hint or None).
NestedRule = Callable[[list[int], list[int], Sequence[int]], list[tuple[dict[int, int], list["Potential"], Optional["ChainHint"]]]]


def length_surcharge(complexity: int) -> float:
    """SE's length difficulty: +0.1 each time ``complexity - 2`` passes 4, 6, 9, 12, 18, ..."""
    added = 0.0
    ceil = 4
    length = complexity - 2
    odd = False
    while length > ceil:
        added += 0.1
        ceil = ceil * 3 // 2 if not odd else ceil * 4 // 3
        odd = not odd
    return added


def ancestor_count(child: Potential) -> int:
    """Distinct candidates (by key) the potential depends on, itself included."""
    seen: set[int] = set()
    todo = [child]
    while todo:
        nxt: list[Potential] = []
        for p in todo:
            if p.key not in seen:
                seen.add(p.key)
                nxt.extend(p.parents)
        todo = nxt
    return len(seen)


def chain_of(target: Potential) -> list[Potential]:
    """The potentials of a chain, breadth first from the target, each once (``getChain``)."""
    out: list[Potential] = []
    seen: set[int] = set()
    todo = [target]
    while todo:
        nxt: list[Potential] = []
        for p in todo:
            if p.key not in seen:
                seen.add(p.key)
                out.append(p)
                nxt.extend(p.parents)
        todo = nxt
    return out


# hint kinds and their SE sort keys (``getSortKey``)
CYCLE, FORCING, BINARY, CELL, REGION = "cycle", "forcing", "binary", "cell", "region"
#: the kernel's kind codes (csrc/sedyn9.h SD_BINARY..SD_REGION)
_KINDS = {2: BINARY, 3: CELL, 4: REGION}


class ChainHint:
    """One SE chaining hint: what it removes (``removable``: cell -> digit mask), the
    placement it makes (``result`` when on) and the chains behind it (``targets``)."""

    __slots__ = ("rule", "kind", "removable", "is_x", "is_y", "targets", "result", "absurd",
                 "source", "house", "digit", "_complexity", "_difficulty", "order")

    def __init__(self, rule: Chaining, kind: str, removable: dict[int, int], targets: list[Potential],
                 result: Optional[Potential], *, is_x: bool = True, is_y: bool = True, absurd: bool = False,
                 source: Optional[Potential] = None, house: int = -1, digit: int = 0) -> None:
        self.rule = rule
        self.kind = kind
        self.removable = removable
        self.targets = targets
        self.result = result
        self.is_x = is_x
        self.is_y = is_y
        self.absurd = absurd
        self.source = source
        self.house = house
        self.digit = digit
        self._complexity = -1
        self._difficulty = -1.0
        self.order = 0

    # ------------------------------------------------------------ rating
    def flat_complexity(self) -> int:
        """How many links this chain has, not counting nested chains (SE's ``getFlatComplexity``)."""
        if self.kind in (CYCLE, FORCING):
            return ancestor_count(self.targets[0])
        return sum(ancestor_count(t) for t in self.targets)

    def nested_chains(self) -> list[ChainHint]:
        """The distinct nested chains used (``FullChain`` equality), first level only."""
        out: list[ChainHint] = []
        seen: set[tuple[tuple[int, ...], ...]] = set()
        for target in self.targets:
            for p in chain_of(target):
                if p.nested is not None:
                    sig = p.nested.signature()
                    if sig not in seen:
                        seen.add(sig)
                        out.append(p.nested)
        return out

    def signature(self) -> tuple[tuple[int, ...], ...]:
        """The potentials of each branch, as keys: equal signatures are the same chain."""
        return tuple(tuple(p.key for p in chain_of(t)) for t in self.targets)

    def complexity(self) -> int:
        """Links of this chain plus those of every nested chain it uses (SE's ``getComplexity``)."""
        if self._complexity < 0:
            self._complexity = self.flat_complexity() + sum(n.complexity() for n in self.nested_chains())
        return self._complexity

    def difficulty(self) -> float:
        """SE's ER of this hint: the rule's base plus the length surcharge."""
        if self._difficulty < 0:
            if self.kind == CYCLE:
                base = 7.0 if self.is_x and self.is_y else 6.5
            elif self.kind == FORCING:
                base = 7.0 if self.is_x and self.is_y else 6.6
            else:
                base = self.rule.base_difficulty()
            self._difficulty = base + length_surcharge(self.complexity())
        return self._difficulty

    def sort_key(self) -> int:
        """SE's tie-break between hints of equal difficulty (``ChainingHint.getSortKey``)."""
        if self.kind in (CYCLE, FORCING):
            return 4 if self.is_x and self.is_y else (3 if self.is_y else 2)
        if self.kind == BINARY:
            return 7 if self.absurd else 1
        return 5 if self.kind == CELL else 6

    def removable_key(self) -> tuple[tuple[int, int], ...]:
        """SE compares chaining hints by what they remove (``ChainingHint.equals``)."""
        return tuple(sorted(self.removable.items()))

    # ------------------------------------------------------------ naming
    def name(self) -> str:
        """The hint's name as serate prints it (e.g. "Forcing X-Chain", "Dynamic Cell Forcing Chains")."""
        rule = self.rule
        if self.kind == CYCLE:
            return "Bidirectional X-Cycle" if not self.is_y else ("Bidirectional Y-Cycle" if not self.is_x else "Bidirectional Cycle")
        if self.kind == FORCING:
            if self.is_x and self.is_y:
                return "Forcing Chain"
            if self.is_y:
                return "Forcing Y-Chain"
            return "Turbot Fish" if ancestor_count(self.targets[0]) == 6 else "Forcing X-Chain"
        if self.kind == BINARY:
            if rule.nishio:
                return "Nishio Forcing Chains"
            core = "Contradiction Forcing Chain" if self.absurd else "Double Forcing Chain"
        else:
            core = "Cell Forcing Chain" if self.kind == CELL else "Region Forcing Chain"
        prefix = "Dynamic " if rule.dynamic or rule.level else ""
        return prefix + core + "s" + nested_suffix(rule.level)

    # ------------------------------------------------------------ nesting
    def rule_parents(self, initial: Sequence[int], current: Sequence[int]) -> list[Potential]:
        """The off potentials of the outer chain this hint relies on (``getRuleParents``)."""
        out: PSet = {}
        for target in self.targets:
            seen: set[int] = set()
            todo = [target]
            while todo:
                nxt: list[Potential] = []
                for p in todo:
                    if p.key in seen:
                        continue
                    seen.add(p.key)
                    cause = p.cause
                    if cause is None:
                        if self.kind == CELL:
                            cause = NAKED
                        elif self.kind == REGION:
                            cause = _CAUSE_OF_HOUSE[self.house]
                    if p.on and cause is not None:
                        if cause == NAKED:
                            gone = initial[p.cell] & ~current[p.cell]
                            for v in DIGITS_OF[gone]:
                                q = Potential(p.cell, v, False)
                                out.setdefault(q.key, q)
                        else:
                            bit = BIT[p.value]
                            for c in HOUSE_CELLS[_house_of_cause(cause, p.cell)]:
                                if initial[c] & bit and not current[c] & bit:
                                    q = Potential(c, p.value, False)
                                    out.setdefault(q.key, q)
                    nxt.extend(p.parents)
                todo = nxt
        return list(out.values())


def _house_of_cause(cause: int, cell: int) -> int:
    b, r, c = _SE_HOUSES[cell]
    return b if cause == HIDDEN_BLOCK else (r if cause == HIDDEN_ROW else c)


def nested_suffix(level: int) -> str:
    """SE's name suffix of a nesting level."""
    if level == 1:
        return " (+)"
    if level == 2:
        return " (+ Forcing Chains)"
    if level == 3:
        return " (+ Multiple Forcing Chains)"
    if level == 4:
        return " (+ Dynamic Forcing Chains)"
    if level >= 5:
        return " (+ Dynamic Forcing Chains" + nested_suffix(level - 3) + ")"
    return ""


class Budget:
    """A node and time budget shared by every search of one call (``None``: unlimited).

    The seconds are CPU seconds of the calling thread (``time.thread_time``: the chain
    searches and the kernel calls they make run there), not wall time: a rating's budget
    then does not shrink when the machine is loaded or other threads run, so whether a
    puzzle is rated within its budget does not depend on what else the machine does."""

    __slots__ = ("left", "deadline", "_tick", "used")

    def __init__(self, nodes: Optional[int], seconds: Optional[float] = None) -> None:
        self.left = nodes
        self.deadline = None if seconds is None else time.thread_time() + seconds
        self._tick = 0
        self.used = 0  # nodes spent so far (a cached search spends its nodes again: see Chaining.hints)

    def seconds_left(self) -> Optional[float]:
        """CPU seconds left before the deadline (None: no time limit)."""
        return None if self.deadline is None else self.deadline - time.thread_time()

    def spend(self, n: int = 1) -> None:
        """Use ``n`` nodes; raises ``BudgetExceeded`` when the nodes or the time run out."""
        self.used += n
        if self.left is not None:
            self.left -= n
            if self.left < 0:
                raise BudgetExceeded
        if self.deadline is not None:
            self._tick += n
            if self._tick >= 256:
                self._tick = 0
                if time.thread_time() > self.deadline:
                    raise BudgetExceeded


#: The budget of the call under way (set by ``rate``/``explain`` with limits); the chain
#: searches read it when they start.
LIMIT: ContextVar[Optional[Budget]] = ContextVar("sudokit_human_limit", default=None)


class Chaining:
    """One of SE's chaining producers: ``Chaining(multiple, dynamic, nishio, level)``.

    :meth:`hints` returns every hint on a candidate grid, sorted as SE sorts them and
    without duplicates (same eliminations), easiest first.
    """

    #: Read the kernel's cycles and forcing X/Y-chains lazily (:class:`_LoopHint`), with each
    #: cycle's eliminations in cell order. A nested rule turns hints into potentials in the
    #: order of their eliminations, so nested chaining sets this off (exact old order).
    lazy_loops: bool = True

    def __init__(self, multiple: bool, dynamic: bool, nishio: bool, level: int, budget: Optional[Budget] = None) -> None:
        self.multiple = multiple
        self.dynamic = dynamic
        self.nishio = nishio
        self.level = level
        self.budget = budget or LIMIT.get() or Budget(None)
        self._other_rules: Optional[list[NestedRule]] = None
        self._cache_key: Optional[tuple[int, ...]] = None
        self._cache: list[ChainHint] = []
        self._cache_spent = 0
        self.cands: list[int] = []
        self.where: list[int] = [0] * 10  # digit -> 81-bit mask of the cells that still hold it
        self._static: Optional[dict[int, list[tuple[int, int, Optional[int]]]]] = None
        self.counts: Sequence[int] = (0,) * 10

    def base_difficulty(self) -> float:
        """The rule's ER before the length surcharge (SE's ``Chaining.getDifficulty``)."""
        if self.level >= 2:
            return 9.5 + 0.5 * (self.level - 2)
        if self.level > 0:
            return 8.5 + 0.5 * self.level
        if self.nishio:
            return 7.5
        if self.dynamic:
            return 8.5
        if self.multiple:
            return 8.0
        raise ValueError("cycles and forcing chains rate themselves")

    def name(self) -> str:
        """The rule's name as SE lists it in its technique selection."""
        if self.nishio:
            return "Nishio Forcing Chains"
        if self.dynamic:
            return "Dynamic Forcing Chains" + nested_suffix(self.level)
        return "Multiple Forcing Chains" if self.multiple else "Forcing Chains & Cycles"

    # ================================================================ entry
    def hints(self, cands: list[int], counts: Sequence[int]) -> list[ChainHint]:
        """SE's ``getHintList`` + de-duplication for the grid ``cands`` (81 masks; a
        filled cell has mask 0; ``counts[d]``: how many cells hold digit d). ``cands`` is
        used as scratch but restored."""
        key = tuple(cands)
        if key == self._cache_key:
            # the same grid again (a nested rule on a closure's grid): the same hints, and
            # the same nodes spent again, so the node budget does not depend on caching
            # (the kernel caches nested searches by grid and re-spends the same way)
            self.budget.spend(self._cache_spent)
            return self._cache
        used = self.budget.used
        if self.multiple or self.dynamic:
            found = self._kernel_hints(cands, counts)  # the whole search in the kernel (csrc/sedyn9.c)
        else:
            found = self._search(cands, counts)
        self._cache_key, self._cache, self._cache_spent = key, found, self.budget.used - used
        return found

    def python_hints(self, cands: list[int], counts: Sequence[int]) -> list[ChainHint]:
        """:meth:`hints` of a multiple/dynamic rule by this module's own engine (the kernel
        twin ``sudokit._pysedyn9`` runs it; the C search must agree). The chaining rules a
        nested level runs inside its closures still come from :meth:`hints` (the kernel,
        whose levels 0 and 1 are checked against this engine on their own)."""
        return self._search(cands, counts)

    def _kernel_hints(self, cands: list[int], counts: Sequence[int]) -> list[ChainHint]:
        left = self.budget.left
        seconds = self.budget.seconds_left()
        if seconds is not None and seconds <= 0:
            raise BudgetExceeded
        data, spent = _backend.kernel().se_dyn(array("H", cands).tobytes(), self.multiple, self.dynamic, self.nishio,
                                               self.level, bytes([0, *counts[1:10]]), -1 if left is None else left,
                                               -1.0 if seconds is None else seconds)
        self.budget.spend(spent)
        if data is None:
            raise BudgetExceeded
        return self._decode(data)

    def _decode(self, data: bytes) -> list[ChainHint]:
        """The kernel's hint records (csrc/sedyn9.h) as hints."""
        out: list[ChainHint] = []
        at = 0
        end = len(data)
        while at < end:
            kind, absurd, house, digit, cell, lo, hi, rc, rv, ron, rt0, clo, chi, nt = data[at:at + 14]
            at += 14
            targets: list[Potential] = []
            for _ in range(nt):
                n = data[at] | data[at + 1] << 8
                at += 2
                nodes: list[Potential] = []
                links: list[tuple[Potential, int, int]] = []
                for _k in range(n):
                    c, v, on, cause, npar_lo, npar_hi = data[at:at + 6]
                    npar = npar_lo | npar_hi << 8
                    p = Potential(c, v, bool(on), None, None if cause == 255 else cause)
                    nodes.append(p)
                    if npar:
                        links.append((p, at + 6, npar))
                    at += 6 + 2 * npar
                for p, start, npar in links:
                    p.parents = [nodes[data[k] | data[k + 1] << 8] for k in range(start, start + 2 * npar, 2)]
                targets.append(nodes[0])
            result = targets[0] if rt0 else Potential(rc, rv, bool(ron))
            hint = ChainHint(self, _KINDS[kind], {cell: lo | hi << 8}, targets, result, absurd=bool(absurd),
                             house=-1 if house == 255 else house, digit=digit)
            hint._complexity = clo | chi << 8
            hint.order = len(out)
            out.append(hint)
        return out

    def _search(self, cands: list[int], counts: Sequence[int]) -> list[ChainHint]:
        """SE's search in this module's engine: every hint, sorted, without duplicates."""
        self.cands = cands
        self.counts = counts
        where = [0] * 10
        for cell, m in enumerate(cands):
            for v in DIGITS_OF[m]:
                where[v] |= 1 << cell
        self.where = where
        # consequences on a grid that does not change during the search (all but the
        # dynamic modes), by potential: computed once per grid
        self._static = None if self.dynamic else {}
        if self.multiple or self.dynamic:
            found = self._multiple_chains()
        else:
            found = self._loops(False, True) + self._loops(True, False) + self._loops(True, True)
        for k, h in enumerate(found):
            h.order = k
        found.sort(key=lambda h: (h.difficulty(), h.complexity(), h.sort_key(), h.order))
        unique: dict[tuple[tuple[int, int], ...], ChainHint] = {}
        for h in found:
            unique.setdefault(h.removable_key(), h)
        return list(unique.values())

    # ====================================================== implication rules
    def _on_to_off(self, p: Potential, y_chain: bool) -> list[Potential]:
        static = self._static
        if static is not None:
            ck = p.key * 2 + y_chain
            made = static.get(ck)
            if made is None:
                made = static[ck] = [(q.cell, q.value, q.cause) for q in self._on_to_off_now(p, y_chain)]
            return [Potential(c, v, False, p, cause) for c, v, cause in made]
        return self._on_to_off_now(p, y_chain)

    def _on_to_off_now(self, p: Potential, y_chain: bool) -> list[Potential]:
        out: list[Potential] = []
        cell, value = p.cell, p.value
        if y_chain:
            for v in DIGITS_OF[self.cands[cell] & ~BIT[value]]:
                out.append(Potential(cell, v, False, p, NAKED))
        w = self.where[value]
        for mask, cause in _PEER_PARTS[cell]:  # block, rest of the row, rest of the column
            m = w & mask
            while m:
                low = m & -m
                out.append(Potential(low.bit_length() - 1, value, False, p, cause))
                m ^= low
        return out

    def _off_to_on(self, p: Potential, source: Optional[tuple[list[int], list[int]]], offs: PSet, y_chain: bool, x_chain: bool) -> list[Potential]:
        static = self._static
        if static is not None and source is None:
            ck = -(p.key * 4 + y_chain * 2 + x_chain) - 1
            made = static.get(ck)
            if made is None:
                made = static[ck] = [(q.cell, q.value, q.cause) for q in self._off_to_on_now(p, None, offs, y_chain, x_chain)]
            return [Potential(c, v, True, p, cause) for c, v, cause in made]
        return self._off_to_on_now(p, source, offs, y_chain, x_chain)

    def _off_to_on_now(self, p: Potential, source: Optional[tuple[list[int], list[int]]], offs: PSet, y_chain: bool, x_chain: bool) -> list[Potential]:
        cands = self.cands
        out: list[Potential] = []
        cell, value = p.cell, p.value
        if y_chain:
            m = cands[cell]
            if POPCOUNT[m] == 2:
                lo, hi = DIGITS_OF[m]
                q = Potential(cell, hi if lo == value else lo, True, p, NAKED)
                if source is not None:
                    for v in DIGITS_OF[source[0][cell] & ~m]:
                        q.parents.append(_hidden_parent(offs, cell, v))
                out.append(q)
        if x_chain:
            w = self.where[value]
            seen: list[int] = []
            for h, hmask, cause in _HOUSES_OF[cell]:
                m = w & hmask
                if m.bit_count() != 2:
                    continue
                low = m & -m
                other = low.bit_length() - 1
                if other == cell:
                    other = m.bit_length() - 1
                if other in seen:
                    continue  # the same consequence through another house: SE keeps the first
                seen.append(other)
                q = Potential(other, value, True, p, cause)
                if source is not None:
                    gone = source[1][value] & ~w & hmask
                    while gone:
                        bit = gone & -gone
                        q.parents.append(_hidden_parent(offs, bit.bit_length() - 1, value))
                        gone ^= bit
                out.append(q)
        return out

    # ===================================================== cycles and X/Y chains
    def _loops(self, y_chain: bool, x_chain: bool) -> list[ChainHint]:
        """The cycle and forcing-chain hints of one link set, searched by the kernel
        (csrc/sechain9.c or its twin), read back into potentials (lazily: see
        :class:`_LoopHint`)."""
        data, spent = _backend.kernel().se_loops(array("H", self.cands).tobytes(), y_chain, x_chain)
        self.budget.spend(spent)
        if self.lazy_loops:
            return self._lazy_loops(data, y_chain, x_chain)
        result: list[ChainHint] = []
        at = 0
        while at < len(data):
            kind, n = data[at], data[at + 1] | data[at + 2] << 8
            end = at + 3 + 4 * n
            p = _record_chain(data, at, end)
            at = end
            hint = (self._cycle_hint(p, _reversed_cycle(p), y_chain, x_chain) if kind == 0
                    else self._forcing_chain_hint(p, y_chain, x_chain))
            if hint.removable:
                result.append(hint)
        return result

    def _lazy_loops(self, data: bytes, y_chain: bool, x_chain: bool) -> list[ChainHint]:
        """:meth:`_loops`'s hints rated and compared from the kernel's records alone: the
        same eliminations (a cycle's in cell order), complexity and order, the potentials
        built only for a hint that is shown."""
        cands, where = self.cands, self.where
        result: list[ChainHint] = []
        at = 0
        while at < len(data):
            kind, n = data[at], data[at + 1] | data[at + 2] << 8
            end = at + 3 + 4 * n
            removable: dict[int, int] = {}
            if kind == 0:  # a cycle: digits that see an 'on' and an 'off' of the same digit
                cells, values, ons = data[at + 3 : end - 4 : 4], data[at + 4 : end - 4 : 4], data[at + 5 : end - 4 : 4]
                inside = 0
                for c in cells:
                    inside |= CELL_BIT[c]
                forward = [0] * 10
                back = [0] * 10
                for c, v, on in zip(cells, values, ons):
                    if on:
                        forward[v] |= PEER_MASK[c] & where[v]
                    else:
                        back[v] |= PEER_MASK[c] & where[v]
                for v in range(1, 10):
                    both = forward[v] & back[v] & ~inside
                    if both:
                        for c in cells_of(both):
                            removable[c] = removable.get(c, 0) | BIT[v]
            else:  # a forcing chain: its end is the target
                cell, value = data[at + 3], data[at + 4]
                removable[cell] = cands[cell] & ~BIT[value] if data[at + 5] else BIT[value]
            if removable:
                complexity = len({data[k : k + 3] for k in range(at + 3, end, 4)})
                result.append(_LoopHint(self, CYCLE if kind == 0 else FORCING, removable, data[at:end], complexity,
                                        x_chain, y_chain))
            at = end
        return result

    def _cycle_hint(self, dst_on: Potential, dst_off: Potential, y_chain: bool, x_chain: bool) -> ChainHint:
        cands = self.cands
        cells: set[int] = set()
        p = dst_on
        while p.parents:
            cells.add(p.cell)
            p = p.parents[0]
        forward: set[tuple[int, int]] = set()
        back: set[tuple[int, int]] = set()
        p = dst_on
        while p.parents:
            bit = BIT[p.value]
            for c in _HOUSE_CELLS_OF[p.cell]:
                if c not in cells and cands[c] & bit:
                    (forward if p.on else back).add((c, p.value))
            p = p.parents[0]
        removable: dict[int, int] = {}
        for c, v in sorted(forward & back):  # cell order (SE's own HashMap order is arbitrary)
            removable[c] = removable.get(c, 0) | BIT[v]
        return ChainHint(self, CYCLE, removable, [dst_on, dst_off], None, is_x=x_chain, is_y=y_chain)

    def _forcing_chain_hint(self, target: Potential, y_chain: bool, x_chain: bool) -> ChainHint:
        if not target.on:
            removable = {target.cell: BIT[target.value]}
        else:
            removable = {target.cell: self.cands[target.cell] & ~BIT[target.value]}
        return ChainHint(self, FORCING, removable, [target], target, is_x=x_chain, is_y=y_chain)

    # ======================================== multiple, Nishio and dynamic chains
    def _multiple_chains(self) -> list[ChainHint]:
        result: list[ChainHint] = []
        cands = self.cands
        for cell in range(81):
            m = cands[cell]
            card = POPCOUNT[m]
            if not (card > 2 or (card > 1 and self.dynamic)):
                continue
            value_to_on: dict[int, PSet] = {}
            value_to_off: dict[int, PSet] = {}
            cell_to_on: Optional[PSet] = None
            cell_to_off: PSet = {}
            for v in DIGITS_OF[m]:
                p_on = Potential(cell, v, True)
                p_off = Potential(cell, v, False)
                on_to_on: PSet = {}
                on_to_off: PSet = {}
                double = card >= 3 and not self.nishio and self.dynamic
                contradiction = self.dynamic or self.nishio
                self._binary_chaining(p_on, p_off, result, on_to_on, on_to_off, double, contradiction)
                if not self.nishio:
                    self._region_chainings(result, cell, v, on_to_on, on_to_off)
                value_to_on[v] = on_to_on
                value_to_off[v] = on_to_off
                if cell_to_on is None:
                    cell_to_on, cell_to_off = dict(on_to_on), dict(on_to_off)
                else:
                    cell_to_on = {k: p for k, p in cell_to_on.items() if k in on_to_on}
                    cell_to_off = {k: p for k, p in cell_to_off.items() if k in on_to_off}
            if not self.nishio and (card == 2 or (self.multiple and card > 2)) and cell_to_on is not None:
                for outcomes, common in ((value_to_on, cell_to_on), (value_to_off, cell_to_off)):
                    for p in common.values():
                        hint = self._reduction_hint(CELL, p, [outcomes[v][p.key] for v in DIGITS_OF[m]], house=-1)
                        if hint.removable:
                            result.append(hint)
        return result

    def _binary_chaining(self, p_on: Potential, p_off: Potential, result: list[ChainHint], on_to_on: PSet,
                         on_to_off: PSet, reduction: bool, contradiction: bool) -> None:
        off_to_on: PSet = {}
        off_to_off: PSet = {}
        on_to_on[p_on.key] = p_on
        absurd = self._chaining(on_to_on, on_to_off)
        if contradiction and absurd is not None:
            self._add(result, self._off_hint(absurd[0], absurd[1], p_on, p_on, True))
        off_to_off[p_off.key] = p_off
        absurd = self._chaining(off_to_on, off_to_off)
        if contradiction and absurd is not None:
            self._add(result, self._on_hint(absurd[0], absurd[1], p_off, p_off, True))
        if reduction:
            for key, p_from_on in on_to_on.items():
                p_from_off = off_to_on.get(key)
                if p_from_off is not None:
                    self._add(result, self._on_hint(p_from_on, p_from_off, p_on, p_from_on, False))
            for key, p_from_on in on_to_off.items():
                p_from_off = off_to_off.get(key)
                if p_from_off is not None:
                    self._add(result, self._off_hint(p_from_on, p_from_off, p_off, p_from_off, False))

    @staticmethod
    def _add(result: list[ChainHint], hint: ChainHint) -> None:
        if hint.removable:
            result.append(hint)

    def _on_hint(self, dst_on: Potential, dst_off: Potential, source: Potential, target: Potential, absurd: bool) -> ChainHint:
        rest = self.cands[target.cell] & ~BIT[target.value]
        removable = {target.cell: rest} if rest else {}
        return self._binary_hint(removable, source, dst_on, dst_off, absurd)

    def _off_hint(self, dst_on: Potential, dst_off: Potential, source: Potential, target: Potential, absurd: bool) -> ChainHint:
        return self._binary_hint({target.cell: BIT[target.value]}, source, dst_on, dst_off, absurd)

    def _binary_hint(self, removable: dict[int, int], source: Potential, dst_on: Potential, dst_off: Potential, absurd: bool) -> ChainHint:
        if self.nishio or absurd:
            result: Optional[Potential] = Potential(source.cell, source.value, not source.on)
        else:
            result = dst_on
        return ChainHint(self, BINARY, removable, [dst_on, dst_off], result, absurd=absurd, source=source)

    def _region_chainings(self, result: list[ChainHint], cell: int, value: int, on_to_on: PSet, on_to_off: PSet) -> None:
        bit = BIT[value]
        cands = self.cands
        for h in _SE_HOUSES[cell]:
            cells = [c for c in HOUSE_CELLS[h] if cands[c] & bit]
            card = len(cells)
            if not (card == 2 or (self.multiple and card > 2)) or cells[0] != cell:
                continue
            outcomes_on: list[PSet] = []
            outcomes_off: list[PSet] = []
            region_on: PSet = {}
            region_off: PSet = {}
            for c in cells:
                if c == cell:
                    outcomes_on.append(on_to_on)
                    outcomes_off.append(on_to_off)
                    region_on.update(on_to_on)
                    region_off.update(on_to_off)
                else:
                    other = Potential(c, value, True)
                    other_on: PSet = {other.key: other}
                    other_off: PSet = {}
                    self._chaining(other_on, other_off)
                    outcomes_on.append(other_on)
                    outcomes_off.append(other_off)
                    region_on = {k: p for k, p in region_on.items() if k in other_on}
                    region_off = {k: p for k, p in region_off.items() if k in other_off}
            for outcomes, common in ((outcomes_on, region_on), (outcomes_off, region_off)):
                for p in common.values():
                    hint = self._reduction_hint(REGION, p, [o[p.key] for o in outcomes], house=h, digit=value)
                    if hint.removable:
                        result.append(hint)

    def _reduction_hint(self, kind: str, target: Potential, chains: list[Potential], house: int, digit: int = 0) -> ChainHint:
        if target.on:
            rest = self.cands[target.cell] & ~BIT[target.value]
            removable = {target.cell: rest} if rest else {}
        else:
            removable = {target.cell: BIT[target.value]}
        return ChainHint(self, kind, removable, chains, chains[0], house=house, digit=digit)

    def _chaining(self, to_on: PSet, to_off: PSet) -> Optional[tuple[Potential, Potential]]:
        """Propagate the assumptions in place; the first (on, off) pair of one candidate
        forced both ways, or None. The grid is restored on return."""
        cands = self.cands
        where = self.where
        save = cands[:]
        save_where = where[:]
        y_chain = not self.nishio
        dynamic = self.dynamic
        source = (save, save_where) if dynamic else None
        pending_on = list(to_on.values())
        pending_off = list(to_off.values())
        spend = self.budget.spend
        try:
            while pending_on or pending_off:
                spend()
                if pending_on:
                    p = pending_on.pop(0)
                    for q in self._on_to_off(p, y_chain):
                        conj = to_on.get(q.key | 1)
                        if conj is not None:
                            return conj, q
                        if q.key not in to_off:
                            to_off[q.key] = q
                            pending_off.append(q)
                else:
                    p = pending_off.pop(0)
                    made_on = self._off_to_on(p, source, to_off, y_chain, True)
                    if dynamic:
                        cands[p.cell] &= ~BIT[p.value]
                        where[p.value] &= ~(1 << p.cell)
                    for q in made_on:
                        conj = to_off.get(q.key & ~1)
                        if conj is not None:
                            return q, conj
                        if q.key not in to_on:
                            to_on[q.key] = q
                            pending_on.append(q)
                if not pending_on and not pending_off and self.level > 0:
                    for q in self._advanced_potentials(save, to_off):
                        if q.key not in to_off:
                            to_off[q.key] = q
                            pending_off.append(q)
            return None
        finally:
            cands[:] = save
            where[:] = save_where

    # ============================================================= nesting
    def _simple_potentials(self, current: list[int], source: list[int], offs: PSet) -> list[Potential]:
        """The eliminations of SE's four simple rules (locking, hidden and naked pair,
        X-Wing: the first that finds some) on the changed grid, searched by the kernel
        (csrc/serules9.c, twin: se_rules' own rules)."""
        counts = bytes([0, *self.counts[1:10]])
        _rule, data = _backend.kernel().se_simple(array("H", current).tobytes(), array("H", source).tobytes(), counts)
        result: list[Potential] = []
        at = 0
        while at < len(data):
            n = data[at]
            removable = [(data[k], data[k + 1] | data[k + 2] << 8) for k in range(at + 1, at + 1 + 3 * n, 3)]
            at += 1 + 3 * n
            m = data[at]
            reals = [offs[(data[k] * 9 + data[k + 1]) * 2] for k in range(at + 1, at + 1 + 2 * m, 2)]
            at += 1 + 2 * m
            for cell, mask in removable:
                for v in DIGITS_OF[mask]:
                    q = Potential(cell, v, False, None, ADVANCED)
                    q.parents.extend(reals)
                    result.append(q)
        return result

    def _advanced_potentials(self, source: list[int], offs: PSet) -> list[Potential]:
        """Eliminations of simpler rules on the changed grid, each an off potential whose
        parents are the chain's eliminations the rule needed (``getAdvancedPotentials``)."""
        from .se_rules import nested_rules  # the simple rules live with SE's other rules

        if self._other_rules is None:
            self._other_rules = nested_rules(self.level, self.budget)
        current = self.cands[:]
        result = self._simple_potentials(current, source, offs)
        if result:
            return result
        for rule in self._other_rules[4:]:  # the chaining rules nested at this level
            for removable, parents, nested in rule(current, source, self.counts):
                if not parents:
                    continue  # the rule applies without the chain: nothing to add
                reals = [offs[q.key] for q in parents]
                for cell, mask in removable.items():
                    for v in DIGITS_OF[mask]:
                        q = Potential(cell, v, False, None, ADVANCED, nested)
                        q.parents.extend(reals)
                        result.append(q)
            if result:
                break
        return result


def _record_chain(data: bytes, at: int, end: int) -> Potential:
    """The potentials of one kernel chain record (``data[at:end]``), its end returned."""
    p: Optional[Potential] = None
    for k in range(end - 4, at + 2, -4):  # the root first
        cause = data[k + 3]
        p = Potential(data[k], data[k + 1], bool(data[k + 2]), p, None if cause == 255 else cause)
    if p is None:
        raise RuntimeError("internal error: an empty chain record")
    return p


class _LoopHint(ChainHint):
    """A cycle or forcing X/Y-chain hint made from a kernel record: its eliminations,
    complexity (distinct candidates of the chain) and kind are known at once, so it is
    rated, sorted and de-duplicated without potentials; ``targets`` and ``result`` are
    built on first use (a path shows one hint of the hundreds a search finds)."""

    __slots__ = ("_record", "_chains")

    def __init__(self, rule: Chaining, kind: str, removable: dict[int, int], record: bytes, complexity: int,
                 is_x: bool, is_y: bool) -> None:
        super().__init__(rule, kind, removable, [], None, is_x=is_x, is_y=is_y)
        self._record = record
        self._chains: Optional[list[Potential]] = None
        self._complexity = complexity

    @property
    def targets(self) -> list[Potential]:
        """The chains: a cycle read both ways, or the forcing chain."""
        if self._chains is None:
            p = _record_chain(self._record, 0, len(self._record))
            self._chains = [p, _reversed_cycle(p)] if self.kind == CYCLE else [p]
        return self._chains

    @targets.setter
    def targets(self, value: list[Potential]) -> None:
        self._chains = value or None

    @property
    def result(self) -> Optional[Potential]:
        """A forcing chain's end (its conclusion); None for a cycle."""
        return self.targets[0] if self.kind == FORCING else None

    @result.setter
    def result(self, value: Optional[Potential]) -> None:
        pass  # derived from the record


def _hidden_parent(offs: PSet, cell: int, value: int) -> Potential:
    p = offs.get((cell * 9 + value) * 2)
    if p is None:  # SE raises too: the grid can only lose candidates the chain took off
        raise RuntimeError(f"chaining: no parent for r{cell // 9 + 1}c{cell % 9 + 1}<>{value}")
    return p


def _reversed_cycle(org: Potential) -> Potential:
    """The cycle read backwards with every state flipped (``getReversedCycle``)."""
    rev_list: list[Potential] = []
    cause = None
    p: Optional[Potential] = org
    while p is not None:
        rev = Potential(p.cell, p.value, not p.on, None, p.cause)
        rev_list.insert(0, rev)
        p = p.parents[0] if p.parents else None
    for a, b in zip(rev_list, rev_list[1:]):
        a.parents.append(b)
    del cause
    return rev_list[0]


#: SE's chaining producers in the order serate tries them, with their technique ids:
#: (id, display name, multiple, dynamic, nishio, level). Aligned Triplet Exclusion (7.5)
#: sits between the first two in serate; see :mod:`.se_rules`.
CHAINING_RULES: tuple[tuple[str, str, bool, bool, bool, int], ...] = (
    ("se_forcing_chains_cycles", "Forcing Chains & Cycles", False, False, False, 0),
    ("se_nishio", "Nishio Forcing Chains", False, True, True, 0),
    ("se_multiple_forcing_chains", "Multiple Forcing Chains", True, False, False, 0),
    ("se_dynamic_forcing_chains", "Dynamic Forcing Chains", True, True, False, 0),
    ("se_dynamic_forcing_chains_plus", "Dynamic Forcing Chains (+)", True, True, False, 1),
    ("se_nested_forcing_chains", "Nested Forcing Chains", True, True, False, 2),
    ("se_nested_multiple_forcing_chains", "Nested Multiple Forcing Chains", True, True, False, 3),
    ("se_nested_dynamic_forcing_chains", "Nested Dynamic Forcing Chains", True, True, False, 4),
    ("se_nested_dynamic_forcing_chains_plus", "Nested Dynamic Forcing Chains (+)", True, True, False, 5),
)
