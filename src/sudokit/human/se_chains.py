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

Potentials and hints are in :mod:`.se_hints`, the static rule's reading of the kernel in
:mod:`.se_loops`, the node/time budget in :mod:`.se_budget` (all still importable from here).

Cells are 0..80 row-major, candidates are the 9-bit masks of :mod:`.model`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Optional

from array import array

from .. import _backend
from .model import BIT, DIGITS_OF, HOUSE_CELLS, POPCOUNT
from .se_budget import LIMIT, Budget, BudgetExceeded
from .se_hints import (_HOUSES_OF, _KINDS, _PEER_PARTS, _SE_HOUSES, ADVANCED, BINARY, CELL, NAKED, REGION, ChainHint, NestedRule,
                       Potential, PSet, length_surcharge, nested_suffix)
from .se_loops import loop_hints, sorted_loop_hints

# the names this module had before the split, still importable from here
from .se_hints import _CAUSE_OF_HOUSE as _CAUSE_OF_HOUSE, _HOUSE_CELLS_OF as _HOUSE_CELLS_OF
from .se_hints import _house_of_cause as _house_of_cause, ancestor_count as ancestor_count
from .se_hints import chain_of as chain_of, CYCLE as CYCLE, FORCING as FORCING
from .se_hints import HIDDEN_BLOCK as HIDDEN_BLOCK, HIDDEN_ROW as HIDDEN_ROW, HIDDEN_COLUMN as HIDDEN_COLUMN
from .se_loops import _LoopHint as _LoopHint, _record_chain as _record_chain, _reversed_cycle as _reversed_cycle

__all__ = ["Potential", "ChainHint", "Chaining", "Budget", "BudgetExceeded", "LIMIT", "CHAINING_RULES", "length_surcharge"]


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
        elif self.lazy_loops:
            self.cands = cands
            found, spent = sorted_loop_hints(self, 0)  # searched, rated and sorted in the kernel (csrc/seloops9.c)
            self.budget.spend(spent)
        else:
            found = self._search(cands, counts)
        self._cache_key, self._cache, self._cache_spent = key, found, self.budget.used - used
        return found

    def iter_hints(self, cands: list[int], counts: Sequence[int]) -> Iterator[ChainHint]:
        """:meth:`hints` one at a time, for a caller that may want only the first (a
        path). Forcing Chains & Cycles asks the kernel for the easiest hint first, which
        can skip the slowest of its three searches (csrc/seloops9.h), and searches again
        for the rest only when they are asked for."""
        if self.multiple or self.dynamic or not self.lazy_loops:
            yield from self.hints(cands, counts)
            return
        self.cands = list(cands)
        first, spent_first = sorted_loop_hints(self, 1)
        self.budget.spend(spent_first)
        if not first:
            return
        yield first[0]
        rest, spent = sorted_loop_hints(self, 0)
        self.budget.spend(spent - spent_first)  # the rounds of the first search are not spent twice
        yield from rest[1:]

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
            found = loop_hints(self, False, True) + loop_hints(self, True, False) + loop_hints(self, True, True)
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


def _hidden_parent(offs: PSet, cell: int, value: int) -> Potential:
    p = offs.get((cell * 9 + value) * 2)
    if p is None:  # SE raises too: the grid can only lose candidates the chain took off
        raise RuntimeError(f"chaining: no parent for r{cell // 9 + 1}c{cell % 9 + 1}<>{value}")
    return p


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
