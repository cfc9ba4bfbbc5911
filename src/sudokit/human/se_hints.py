"""Sudoku Explainer's potentials and chaining hints: a candidate assumed on or off with the
implications that force it (:class:`Potential`), one chaining hint with SE's rating, sort
key and name (:class:`ChainHint`), and the helpers they share (SE's length surcharge,
ancestor counts, the house tables in SE's order). The searches that make them live in
:mod:`.se_chains` (multiple, Nishio, dynamic and nested chains) and :mod:`.se_loops`
(cycles and forcing X/Y-chains); ratings follow serate 1.2.1.3, see :mod:`.se_chains`.

Cells are 0..80 row-major, candidates are the 9-bit masks of :mod:`.model`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Optional

from .model import BIT, DIGITS_OF, HOUSE_CELLS

if TYPE_CHECKING:
    from .se_chains import Chaining

__all__ = ["Potential", "ChainHint", "PSet", "NestedRule", "length_surcharge", "ancestor_count", "chain_of", "nested_suffix",
           "CYCLE", "FORCING", "BINARY", "CELL", "REGION", "NAKED", "HIDDEN_BLOCK", "HIDDEN_ROW", "HIDDEN_COLUMN", "ADVANCED"]

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

    def result_candidate(self) -> Optional[tuple[int, int, bool]]:
        """``result`` as (cell, digit, on), or None."""
        r = self.result
        return None if r is None else (r.cell, r.value, r.on)

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
            return "Turbot Fish" if self.flat_complexity() == 6 else "Forcing X-Chain"
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

