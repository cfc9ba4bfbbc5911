"""Sudoku Explainer's rules above BUG, as serate 1.2.1.3 applies them: Aligned Pair and
Triplet Exclusion, the chaining producers of :mod:`.se_chains` as path techniques, and the
simple rules SE runs inside nested chains (locked candidates, hidden/naked pairs, X-Wing)
with the "parents" each needs.

Each chaining technique's finder yields the hints of one SE producer as steps, easiest
first and in SE's order, each step carrying its own rating (``Step.rating``): a chain's ER
depends on its length, so it is not a fixed number of the technique.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Sequence
from typing import Optional

from .. import _backend

from .model import BIT, DIGITS_OF, HOUSE_CELLS, HOUSE_NAMES, POPCOUNT, Candidates
from .se_chains import CHAINING_RULES, LIMIT, Budget, Chaining
from .se_hints import BINARY, CELL, CYCLE, FORCING, ChainHint, NestedRule, Potential
from .step import STEP_TEXT, Step, cell_text, cells_text

__all__ = ["aligned_exclusion", "nested_rules", "chain_finder", "aligned_finder", "colex", "chain_path", "chain_notation", "eureka_notation", "chain_links", "hint_step",
           "STEP_TEXT"]



def colex(k: int, n: int) -> Iterator[tuple[int, ...]]:
    """The k-subsets of range(n) in SE's ``Permutations`` order (Gosper's hack: colex)."""
    if k > n:
        return
    value = (1 << k) - 1
    limit = 1 << n
    while value < limit:
        yield tuple(i for i in range(n) if value >> i & 1)
        if not value:
            return
        smallest = value & -value
        ripple = value + smallest
        value = ripple | (((value ^ ripple) >> 2) // smallest)


# ------------------------------------------------------------ aligned exclusion
def aligned_exclusion(cands: Sequence[int], degree: int) -> Iterator[dict[int, int]]:
    """SE's Aligned Pair (degree 2) / Triplet (3) Exclusion: removable cell -> mask, in
    SE's search order. The search runs in the kernel (``se_aligned``: csrc/aligned9.c,
    twin ``sudokit._pyaligned9``, where the rule is described); a path wants only the
    first hint, so that is asked for first and the rest only when iterated further."""
    budget = LIMIT.get()
    kernel = _backend.kernel()
    grid = array("H", cands).tobytes()
    data, spent = kernel.se_aligned(grid, degree, 1)
    if budget is not None:
        budget.spend(spent)
    if not data:
        return
    yield _removable(data, 0)[0]
    data, total = kernel.se_aligned(grid, degree, 0)
    if budget is not None:
        budget.spend(total - spent)
    at = _removable(data, 0)[1]
    while at < len(data):
        removable, at = _removable(data, at)
        yield removable


def _removable(data: bytes, at: int) -> tuple[dict[int, int], int]:
    """The record of ``se_aligned`` at ``at`` as cell -> mask, and where the next starts."""
    n = data[at]
    entries = data[at + 1 : at + 1 + 3 * n]
    return {entries[k]: entries[k + 1] | entries[k + 2] << 8 for k in range(0, 3 * n, 3)}, at + 1 + 3 * n


# -------------------------------------------- simple rules inside nested chains
_BOX = tuple(range(18, 27))
_ROW = tuple(range(9))
_COL = tuple(range(9, 18))
_HOUSE_SET = tuple(frozenset(cells) for cells in HOUSE_CELLS)


def _positions(cands: Sequence[int], h: int, bit: int) -> list[int]:
    return [k for k, c in enumerate(HOUSE_CELLS[h]) if cands[c] & bit]


def _locking(cur: list[int], init: list[int], counts: Sequence[int]) -> list[tuple[dict[int, int], list[Potential], Optional[ChainHint]]]:
    out: list[tuple[dict[int, int], list[Potential], Optional[ChainHint]]] = []
    for first, second in ((_BOX, _COL), (_BOX, _ROW), (_COL, _BOX), (_ROW, _BOX)):
        for h1 in first:
            for h2 in second:
                inter = _HOUSE_SET[h1] & _HOUSE_SET[h2]
                if not inter:
                    continue
                for v in range(1, 10):
                    bit = BIT[v]
                    pos = [c for c in HOUSE_CELLS[h1] if cur[c] & bit]
                    if len(pos) > 1 and all(c in inter for c in pos):
                        removable = {c: bit for c in HOUSE_CELLS[h2] if c not in _HOUSE_SET[h1] and cur[c] & bit}
                        if removable:
                            parents = [Potential(c, v, False) for c in HOUSE_CELLS[h1]
                                       if init[c] & bit and not cur[c] & bit and c not in _HOUSE_SET[h2]]
                            out.append((removable, parents, None))
    return out


def _hidden_pair(cur: list[int], init: list[int], counts: Sequence[int]) -> list[tuple[dict[int, int], list[Potential], Optional[ChainHint]]]:
    out: list[tuple[dict[int, int], list[Potential], Optional[ChainHint]]] = []
    for houses in (_BOX, _COL, _ROW):
        for h in houses:
            cells = HOUSE_CELLS[h]
            if sum(1 for c in cells if cur[c]) <= 4:
                continue
            for a, b in colex(2, 9):
                va, vb = a + 1, b + 1
                pa, pb = _positions(cur, h, BIT[va]), _positions(cur, h, BIT[vb])
                if len(pa) <= 1 or len(pb) <= 1:
                    continue
                union = sorted(set(pa) | set(pb))
                if len(union) != 2:
                    continue
                keep = BIT[va] | BIT[vb]
                removable = {cells[k]: cur[cells[k]] & ~keep for k in union if cur[cells[k]] & ~keep}
                if removable:
                    parents = [Potential(cells[k], v, False) for k in range(9) if k not in union
                               for v in (va, vb) if init[cells[k]] & BIT[v]]
                    out.append((removable, parents, None))
    return out


def _naked_pair(cur: list[int], init: list[int], counts: Sequence[int]) -> list[tuple[dict[int, int], list[Potential], Optional[ChainHint]]]:
    out: list[tuple[dict[int, int], list[Potential], Optional[ChainHint]]] = []
    for houses in (_BOX, _COL, _ROW):
        for h in houses:
            cells = HOUSE_CELLS[h]
            if sum(1 for c in cells if cur[c]) < 4:
                continue
            for a, b in colex(2, 9):
                ca, cb = cells[a], cells[b]
                if POPCOUNT[cur[ca]] <= 1 or POPCOUNT[cur[cb]] <= 1:
                    continue
                union = cur[ca] | cur[cb]
                if POPCOUNT[union] != 2:
                    continue
                removable = {c: cur[c] & union for c in cells if c != ca and c != cb and cur[c] & union}
                if removable:
                    parents = [Potential(c, v, False) for c in (ca, cb) for v in DIGITS_OF[init[c] & ~union]]
                    out.append((removable, parents, None))
    return out


def _x_wing(cur: list[int], init: list[int], counts: Sequence[int]) -> list[tuple[dict[int, int], list[Potential], Optional[ChainHint]]]:
    out: list[tuple[dict[int, int], list[Potential], Optional[ChainHint]]] = []
    for bases, covers in ((_COL, _ROW), (_ROW, _COL)):
        for i, j in colex(2, 9):
            for v in range(1, 10):
                if counts[v] + 4 > 9:
                    continue
                bit = BIT[v]
                p1, p2 = _positions(cur, bases[i], bit), _positions(cur, bases[j], bit)
                if len(p1) <= 1 or len(p2) <= 1:
                    continue
                common = sorted(set(p1) | set(p2))
                if len(common) != 2:
                    continue
                cover_cells = set(HOUSE_CELLS[covers[common[0]]]) | set(HOUSE_CELLS[covers[common[1]]])
                removable: dict[int, int] = {}
                for k in common:
                    for pos, c in enumerate(HOUSE_CELLS[covers[k]]):
                        if pos not in (i, j) and cur[c] & bit:
                            removable[c] = bit
                if removable:
                    parents = [Potential(c, v, False) for b in (bases[i], bases[j]) for c in HOUSE_CELLS[b]
                               if init[c] & bit and not cur[c] & bit and c not in cover_cells]
                    out.append((removable, parents, None))
    return out


def _chaining_rule(engine: Chaining) -> NestedRule:
    def rule(cur: list[int], init: list[int], counts: Sequence[int]) -> list[tuple[dict[int, int], list[Potential], Optional[ChainHint]]]:
        out: list[tuple[dict[int, int], list[Potential], Optional[ChainHint]]] = []
        for hint in engine.hints(cur, counts):
            out.append((hint.removable, hint.rule_parents(init, cur), hint))
        return out

    return rule


#: The simple rules SE runs inside nested chains, in its order (the kernel's se_simple
#: runs them in C: csrc/serules9.c; its twin runs these).
SIMPLE_RULES: tuple[NestedRule, ...] = (_locking, _hidden_pair, _naked_pair, _x_wing)


def nested_rules(level: int, budget: Budget) -> list[NestedRule]:
    """The rules a chain of nesting ``level`` runs on its changed grid (SE's
    ``Chaining.getAdvancedPotentials``), in SE's order."""
    rules: list[NestedRule] = list(SIMPLE_RULES)
    if level < 4:
        if level >= 2:
            engine = Chaining(False, False, False, 0, budget)
            engine.lazy_loops = False  # its hints become potentials in the order of their eliminations
            rules.append(_chaining_rule(engine))
        if level >= 3:
            rules.append(_chaining_rule(Chaining(True, False, False, 0, budget)))
    else:
        rules.append(_chaining_rule(Chaining(True, True, False, 0, budget)))
        if level >= 5:
            rules.append(_chaining_rule(Chaining(True, True, False, level - 3, budget)))
    return rules


# ------------------------------------------------------------ path techniques
def _counts(state: Candidates) -> list[int]:
    """How many cells hold each digit (index 0: the empty cells)."""
    values = state.values
    return [values.count(d) for d in range(10)]


def chain_path(target: Potential) -> list[Potential]:
    """The potentials from the assumption to ``target`` along first parents (for dynamic
    chains the other parents are the earlier eliminations a link also needs)."""
    path = [target]
    while path[-1].parents:
        path.append(path[-1].parents[0])
    return path[::-1]


def chain_notation(hint: ChainHint) -> str:
    """Every branch of the hint as ``r1c2=5 -> r1c7<>5 -> r1c7=3 ...``, branches joined by ``; ``."""
    return "; ".join(" -> ".join(repr(p) for p in chain_path(t)) for t in hint.targets)


def eureka_notation(hint: ChainHint) -> str:
    """Every branch of the hint in Eureka notation, branches joined by ``; ``.

    A potential turned on is reached by a strong link (``=``: "if the last one is false,
    this one is true"), one turned off by a weak link (``-``), so SE's implication
    ``r1c2=5 -> r1c7<>5 -> r1c7=3 -> r3c7<>3`` reads ``(5)r1c2-r1c7=(3)r1c7...`` and, with
    Eureka's compression of two digits of one cell, ``(5)r1c2-(5=3)r1c7-(3)r3c7``. Dynamic
    chains also lean on earlier eliminations (their other parents); like SE's own
    listing, this line follows the first parents only. A cycle is written once: its two
    branches are the same loop run both ways."""
    return "; ".join(_eureka_branch(chain_path(t)) for t in _drawn_targets(hint))


def _drawn_targets(hint: ChainHint) -> list[Potential]:
    return hint.targets[:1] if hint.kind == CYCLE else list(hint.targets)


def _eureka_branch(path: list[Potential]) -> str:
    """One chain (assumption first) in Eureka notation: ``(d)rXcY`` nodes, ``(d=e)rXcY``
    for two digits of one cell, the digit left out when it repeats the node before."""
    text: list[str] = []
    last_digit = 0
    k = 0
    while k < len(path):
        p = path[k]
        if k:
            text.append("=" if p.on else "-")
        cell = cell_text(p.cell)
        nxt = path[k + 1] if k + 1 < len(path) else None
        if nxt is not None and nxt.cell == p.cell and nxt.value != p.value:
            text.append(f"({p.value}{'=' if nxt.on else '-'}{nxt.value}){cell}")
            last_digit, k = 0, k + 2  # after a cell pair, always name the digit again
            continue
        text.append(cell if p.value == last_digit else f"({p.value}){cell}")
        last_digit, k = p.value, k + 1
    return "".join(text)


def chain_links(hint: ChainHint) -> tuple[tuple[tuple[int, int], tuple[int, int], bool], ...]:
    """The links of every branch for drawing, ``((cell, digit), (cell, digit), strong)``:
    a link into a potential turned on is strong, one into a potential turned off weak."""
    links: dict[tuple[tuple[int, int], tuple[int, int], bool], None] = {}
    for t in _drawn_targets(hint):
        path = chain_path(t)
        for a, b in zip(path, path[1:]):
            if (a.cell, a.value) != (b.cell, b.value):
                links[((a.cell, a.value), (b.cell, b.value), b.on)] = None
    return tuple(links)


def _chain_why(hint: ChainHint, name: str, rating: float) -> str:
    """What the chains prove, in words, by kind of hint."""
    roots = [chain_path(t)[0] for t in hint.targets]
    ends = list(hint.targets)
    if hint.kind == CYCLE:
        core = (f"the loop from {roots[0]!r} back to itself holds in both directions, so a candidate "
                "that would break one of its links is false")
    elif hint.kind == FORCING:
        core = f"assuming {roots[0]!r} leads to {ends[0]!r}, its own opposite, so {ends[0]!r}"
    elif hint.kind == BINARY and (hint.absurd or hint.rule.nishio):
        core = (f"assuming {roots[0]!r} leads both to {ends[0]!r} and to {ends[1]!r}, a contradiction, "
                f"so {roots[0]!r} is false")
    elif hint.kind == BINARY:
        core = f"both {roots[0]!r} and {roots[1]!r} lead to {ends[0]!r}, so it holds"
    else:
        where = cell_text(roots[0].cell) if hint.kind == CELL else f"{HOUSE_NAMES[hint.house]} (digit {hint.digit})"
        core = f"every choice in {where} ({', '.join(repr(r) for r in roots)}) leads to {ends[0]!r}, so it holds"
    return f"{name}: {core}. {hint.complexity()} candidates involved (SE rating {rating:.1f})."


def hint_step(technique: str, hint: ChainHint, cands: Sequence[int], text: bool = True) -> Step:
    """A chaining hint as a path step: its eliminations, its placement when the result is
    on, the chains in its notation (``text``; without it the step has no ``cells``,
    ``why``, ``notation`` nor ``links``), and its own SE rating."""
    elims = tuple((c, v) for c, mask in sorted(hint.removable.items()) for v in DIGITS_OF[mask])
    placements: tuple[tuple[int, int], ...] = ()
    result = hint.result_candidate()
    if result is not None and result[2] and cands[result[0]] & BIT[result[1]]:
        placements = ((result[0], result[1]),)
        elims = tuple((c, v) for c, v in elims if c != result[0])
    rating = round(hint.difficulty(), 10)
    name = hint.name()
    digits = tuple(sorted({v for _, v in elims} | {v for _, v in placements}))
    if not text:
        return Step(technique, name, "chains", placements=placements, eliminations=elims, digits=digits, rating=rating)
    roles: dict[int, str] = {}
    for t in hint.targets:
        path = chain_path(t)
        roles.setdefault(path[0].cell, "base")
        for p in path[1:]:
            roles.setdefault(p.cell, "link")
    return Step(technique, name, "chains", placements=placements, eliminations=elims, cells=tuple(roles.items()),
                digits=digits, why=f"{_chain_why(hint, name, rating)} The chain: {chain_notation(hint)}.",
                notation=eureka_notation(hint), links=chain_links(hint), rating=rating)


class _ChainFinder:
    """The finder of one SE chaining producer (a callable: Candidates -> steps)."""

    def __init__(self, technique: str, multiple: bool, dynamic: bool, nishio: bool, level: int) -> None:
        self.technique = technique
        self.args = (multiple, dynamic, nishio, level)

    def __call__(self, state: Candidates, budget: Optional[Budget] = None) -> Iterator[Step]:
        engine = Chaining(*self.args, budget=budget)
        cands = list(state.cands)
        text = STEP_TEXT.get()
        for hint in engine.iter_hints(cands, _counts(state)):
            yield hint_step(self.technique, hint, cands, text)


def chain_finder(technique: str) -> _ChainFinder:
    """The finder of the SE chaining technique ``technique`` (an id of ``CHAINING_RULES``)."""
    for tid, _name, multiple, dynamic, nishio, level in CHAINING_RULES:
        if tid == technique:
            return _ChainFinder(tid, multiple, dynamic, nishio, level)
    raise KeyError(technique)


def aligned_finder(degree: int) -> object:
    """The finder of Aligned Pair (2) / Triplet (3) Exclusion."""
    technique, name, rating = (("aligned_pair_exclusion", "Aligned Pair Exclusion", 6.2) if degree == 2
                               else ("aligned_triple_exclusion", "Aligned Triplet Exclusion", 7.5))

    def find(state: Candidates) -> Iterator[Step]:
        text = STEP_TEXT.get()
        for removable in aligned_exclusion(state.cands, degree):
            elims = tuple((c, v) for c, mask in sorted(removable.items()) for v in DIGITS_OF[mask])
            digits = tuple(sorted({v for _, v in elims}))
            if not text:
                yield Step(technique, name, "exclusion", eliminations=elims, digits=digits, rating=rating)
                continue
            cells = tuple((c, "base") for c in sorted(removable))
            yield Step(technique, name, "exclusion", eliminations=elims, cells=cells, digits=digits,
                       why=f"No combination of digits of {cells_text(removable)} allows these candidates.",
                       rating=rating)

    return find
