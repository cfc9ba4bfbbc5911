"""Sudoku Explainer's Forcing Chains & Cycles (bidirectional X/Y-cycles and forcing
X/Y-chains, the static rule of :mod:`.se_chains`): the kernel's search (``se_loops``:
csrc/sechain9.c, twin ``sudokit._pysechain9``) read back into hints.

The functions take the :class:`~.se_chains.Chaining` engine whose grid (``cands``,
``where``), budget and settings they use. A path wants the easiest hint only: the kernel
rates, sorts and de-duplicates the hints itself (``se_loop_hints``: csrc/seloops9.c, twin
``sudokit._pyseloops9``) and :func:`sorted_loop_hints` reads back just the hints it asks
for; :func:`loop_hints` reads every chain of one link set (the nested rules and the
Python engine use it).
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING, Optional

from .. import _backend
from .model import BIT, CELL_BIT, PEER_MASK, cells_of
from .se_hints import _HOUSE_CELLS_OF, CYCLE, FORCING, ChainHint, Potential

if TYPE_CHECKING:
    from .se_chains import Chaining

__all__ = ["loop_hints", "sorted_loop_hints"]


def loop_hints(engine: Chaining, y_chain: bool, x_chain: bool) -> list[ChainHint]:
    """The cycle and forcing-chain hints of one link set, searched by the kernel
    (csrc/sechain9.c or its twin), read back into potentials (lazily: see
    :class:`_LoopHint`)."""
    data, spent = _backend.kernel().se_loops(array("H", engine.cands).tobytes(), y_chain, x_chain)
    engine.budget.spend(spent)
    if engine.lazy_loops:
        return _lazy_loops(engine, data, y_chain, x_chain)
    result: list[ChainHint] = []
    at = 0
    while at < len(data):
        kind, n = data[at], data[at + 1] | data[at + 2] << 8
        end = at + 3 + 4 * n
        p = _record_chain(data, at, end)
        at = end
        hint = (_cycle_hint(engine, p, _reversed_cycle(p), y_chain, x_chain) if kind == 0
                else _forcing_chain_hint(engine, p, y_chain, x_chain))
        if hint.removable:
            result.append(hint)
    return result


def sorted_loop_hints(engine: Chaining, max_hints: int) -> tuple[list[ChainHint], int]:
    """The first ``max_hints`` (0: all) hints of SE's Forcing Chains & Cycles on the
    engine's grid, easiest first, without duplicates (what ``engine.hints`` gives), from
    the kernel's sorted records (:func:`loop_hints` of the three link sets, rated, sorted
    and de-duplicated in C), and the search rounds the kernel spent (the caller spends
    them)."""
    data, spent = _backend.kernel().se_loop_hints(array("H", engine.cands).tobytes(), max_hints)
    hints: list[ChainHint] = []
    at = 0
    while at < len(data):
        links, complexity, n_rem = data[at], data[at + 1] | data[at + 2] << 8, data[at + 3]
        removable = {data[k]: data[k + 1] | data[k + 2] << 8 for k in range(at + 4, at + 4 + 3 * n_rem, 3)}
        at += 4 + 3 * n_rem
        end = at + 3 + 4 * (data[at + 1] | data[at + 2] << 8)
        hint = _LoopHint(engine, CYCLE if data[at] == 0 else FORCING, removable, data[at:end], complexity,
                         links != 1, links != 0)  # links: 0 X-only, 1 Y-only, 2 both
        hint.order = len(hints)
        hints.append(hint)
        at = end
    return hints, spent

def _lazy_loops(engine: Chaining, data: bytes, y_chain: bool, x_chain: bool) -> list[ChainHint]:
    """:func:`loop_hints`'s hints rated and compared from the kernel's records alone: the
    same eliminations (a cycle's in cell order), complexity and order, the potentials
    built only for a hint that is shown."""
    cands, where = engine.cands, engine.where
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
            result.append(_LoopHint(engine, CYCLE if kind == 0 else FORCING, removable, data[at:end], complexity,
                                    x_chain, y_chain))
        at = end
    return result


def _cycle_hint(engine: Chaining, dst_on: Potential, dst_off: Potential, y_chain: bool, x_chain: bool) -> ChainHint:
    cands = engine.cands
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
    return ChainHint(engine, CYCLE, removable, [dst_on, dst_off], None, is_x=x_chain, is_y=y_chain)


def _forcing_chain_hint(engine: Chaining, target: Potential, y_chain: bool, x_chain: bool) -> ChainHint:
    if not target.on:
        removable = {target.cell: BIT[target.value]}
    else:
        removable = {target.cell: engine.cands[target.cell] & ~BIT[target.value]}
    return ChainHint(engine, FORCING, removable, [target], target, is_x=x_chain, is_y=y_chain)


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

    def result_candidate(self) -> Optional[tuple[int, int, bool]]:
        """A forcing chain's end as (cell, digit, on), read off the record (its first
        potential) without building the chain; None for a cycle."""
        r = self._record
        return (r[3], r[4], bool(r[5])) if self.kind == FORCING else None

    def flat_complexity(self) -> int:
        """The chain's distinct potentials (one chain, single parents: its ancestor count),
        counted by the kernel."""
        return self._complexity


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

