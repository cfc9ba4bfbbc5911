"""Sudoku Explainer's uniqueness rule, as serate 1.2.1.3 applies it: Unique Rectangles and
Unique Loops (6, 8, 10+ cells), types 1-4, rated 4.5 + 0.1 (6 cells) / 0.2 (8) / 0.5 (10+)
and, for type 3, + 0.1 per extra digit of the naked/hidden set.

SE's conditions differ from the general "missing candidates" rectangles of
:mod:`.uniqueness`: every cell of SE's loop holds *both* loop digits, at most two cells hold
more (or any number when all extras are the same single digit, type 2), and SE takes the
easiest of all loop hints (ties: the lower type, then search order). The path that rates
like SE uses this finder instead of the Unique Rectangle techniques.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator

from .. import _backend
from .._pyseunique9 import difficulty
from .model import BIT, CELL_BIT, DIGITS_OF, HOUSE_CELLS, HOUSE_MASK, PEER_MASK, POPCOUNT, Candidates, cells_of
from .se_budget import LIMIT, BudgetExceeded
from .se_hints import _HOUSE_CELLS_OF, _SE_HOUSES
from .se_rules import colex
from .step import Step, cells_text

__all__ = ["find_se_unique_loops"]


def find_se_unique_loops(state: Candidates) -> Iterator[Step]:
    """Every unique loop hint of ``state``, in SE's order (easiest first).

    The search runs in the kernel (``se_unique``: csrc/seunique9.c, twin
    ``sudokit._pyseunique9``, where SE's rule is described); this turns its records into
    steps, lazily (a path takes the first). Its search nodes count against the
    budget of the call (:data:`~sudokit.human.se_chains.LIMIT`)."""
    cands = state.cands
    budget = LIMIT.get()
    left = None if budget is None else budget.left
    data, spent = _backend.kernel().se_unique(array("H", cands).tobytes(), bytes(state.values), -1 if left is None else max(left, 0))
    if budget is not None:
        budget.spend(spent)
    if data is None:
        raise BudgetExceeded
    at = 0
    while at < len(data):
        typ, size = data[at], data[at + 1]
        cells = tuple(data[at + 2 : at + 2 + size])
        n, count = data[at + 2 + size], data[at + 3 + size]
        at += 4 + size
        elims = tuple((data[k], d) for k in range(at, at + 3 * count, 3) for d in DIGITS_OF[data[k + 1] | data[k + 2] << 8])
        at += 3 * count
        yield _step(cells, typ, elims, difficulty(size, typ, n), v_of(cands, cells))


def v_of(cands: list[int], loop: tuple[int, ...]) -> tuple[int, ...]:
    """The digits every cell of ``loop`` holds."""
    common = 0x1FF
    for c in loop:
        common &= cands[c]
    return DIGITS_OF[common]


def _step(loop: tuple[int, ...], typ: int, elims: tuple[tuple[int, int], ...], rating: float, digits: tuple[int, ...]) -> Step:
    kind = "Rectangle" if len(loop) == 4 else "Loop"
    technique = f"unique_rectangle_{typ}" if len(loop) == 4 else "unique_loop"
    name = f"Unique {kind} type {typ}" if len(loop) == 4 else f"Unique Loop {len(loop)} type {typ}"
    return Step(technique, name, "uniqueness", eliminations=elims, cells=tuple((c, "base") for c in loop),
                digits=digits, why=f"The cells {cells_text(loop)} must not be able to swap their digits "
                f"{'/'.join(map(str, digits))}: that would give a second solution.",
                notation=f"{'/'.join(map(str, digits))} in {cells_text(loop)}", rating=round(rating, 10))


# ------------------------------------------------------------------- BUG
_SE_REGION_ORDER = tuple(range(18, 27)) + tuple(range(9)) + tuple(range(9, 18))  # blocks, rows, columns
ALL_CELLS = (1 << 81) - 1


def find_se_bug(state: Candidates) -> Iterator[Step]:
    """SE's Bivalue Universal Grave, types 1-4, in SE's order (the first one is taken).

    Type 1 rates 5.6, types 2 and 4 5.7, type 3 5.7 + 0.1 per naked-set digit beyond two.
    As in SE, type 1 is an elimination step (the bug cell keeps only its extra digit;
    the placement follows as a naked single).
    """
    cands = state.cands
    bug_cells: list[int] = []
    bug_values: dict[int, int] = {}
    all_values = 0
    common: list[int] | None = None
    temp = list(cands)
    where = state.where
    crowded = _crowded(state)
    if crowded is None:
        return
    for h in _SE_REGION_ORDER:
        hmask = HOUSE_MASK[h]
        for v in range(1, 10):
            bit = BIT[v]
            pos = where[v] & hmask  # the places of v in h: SE wants none or two
            if pos.bit_count() in (0, 2):
                continue
            new = pos & crowded
            if new and not new & (new - 1):  # one of them has three or more candidates
                cell = new.bit_length() - 1
                if cell not in bug_cells:
                    bug_cells.append(cell)
                bug_values[cell] = bug_values.get(cell, 0) | bit
                all_values |= bit
                temp[cell] &= ~bit
                peers = _HOUSE_CELLS_OF[cell]
                common = list(peers) if common is None else [c for c in common if c in peers]
                common = [c for c in common if c not in bug_cells]
                if len(bug_cells) > 1 and POPCOUNT[all_values] > 1 and not common:
                    return
            if not new:
                return
    # every empty cell must now hold two: the others held two already (see _crowded)
    if any(POPCOUNT[temp[c]] != 2 for c in cells_of(crowded)):
        return
    # and every house must hold each digit twice or not at all (temp differs from the
    # grid at the bug cells only: their bug values are gone)
    for v in range(1, 10):
        left = where[v]
        for c, gone in bug_values.items():
            if gone & BIT[v]:
                left &= ~CELL_BIT[c]
        for hmask in HOUSE_MASK:
            if (left & hmask).bit_count() not in (0, 2):
                return
    if not bug_cells:
        return
    if len(bug_cells) == 1:
        cell = bug_cells[0]
        yield _bug_step(1, bug_cells, {cell: cands[cell] & ~all_values}, 5.6)
    elif POPCOUNT[all_values] == 1:
        if common:
            removable = {c: all_values for c in common if cands[c] & all_values}
            if removable:
                yield _bug_step(2, bug_cells, removable, 5.7)
        if len(bug_cells) == 2:
            yield from _bug4(cands, bug_cells, bug_values, all_values)
    elif common:
        if len(bug_cells) == 2:
            yield from _bug4(cands, bug_cells, bug_values, all_values)
        yield from _bug3(cands, bug_cells, all_values, common)


def _crowded(state: Candidates) -> int | None:
    """The cells with three or more candidates (81-bit mask), or None when no BUG step
    can come out of this grid (checked first: most grids fail here at once).

    Only a "bug cell" loses candidates in :func:`find_se_bug`, and at its end every empty
    cell must hold exactly two, so: an empty cell with fewer than two candidates, or no
    cell with three or more, gives nothing; and the bug cells must be exactly the crowded
    cells, so when two or more of them have no common peer outside them, there is
    neither a type 2/3 elimination (they need one) nor a type 4 (two cells in one house
    share its other seven cells)."""
    # how many candidates each cell has, bit-parallel over the digits' cell sets:
    # one or more (ones), two or more (twos), three or more (crowded)
    ones = twos = crowded = 0
    where = state.where
    for d in range(1, 10):
        w = where[d]
        crowded |= twos & w
        twos |= ones & w
        ones |= w
    # a filled cell has no candidates, so every cell of ``ones`` is empty: an empty cell
    # with one candidate is in ``ones`` but not ``twos``, one with none is missing from ``ones``
    if not crowded or ones & ~twos or ones.bit_count() != state.values.count(0):
        return None
    if crowded & (crowded - 1):
        common = ALL_CELLS
        for c in cells_of(crowded):
            common &= PEER_MASK[c]
            if not common & ~crowded:
                return None
    return crowded


def _shared(cells: list[int]) -> Iterator[int]:
    for kind in range(3):
        houses = {_SE_HOUSES[c][kind] for c in cells}
        if len(houses) == 1:
            yield houses.pop()


def _bug4(cands: list[int], bug_cells: list[int], bug_values: dict[int, int], all_values: int) -> Iterator[Step]:
    c1, c2 = bug_cells
    common = cands[c1] & cands[c2] & ~all_values
    if POPCOUNT[common] != 1:
        return
    for _h in _shared(bug_cells):
        removable = {c1: cands[c1] & ~bug_values[c1] & ~common, c2: cands[c2] & ~bug_values[c2] & ~common}
        yield _bug_step(4, bug_cells, removable, 5.7)


def _bug3(cands: list[int], bug_cells: list[int], all_values: int, common: list[int]) -> Iterator[Step]:
    for h in _shared(bug_cells):
        region_cells = [c for c in common if c in HOUSE_CELLS[h]]
        for degree in range(2, 7):
            if len(region_cells) < degree:
                continue
            for idx in colex(degree - 1, len(region_cells)):
                naked = [region_cells[k] for k in idx]
                union = 0
                for c in naked:
                    union |= cands[c]
                if POPCOUNT[union] != degree:
                    continue
                masks = [cands[c] for c in naked] + [all_values]
                if any(POPCOUNT[m] <= 1 for m in masks):
                    continue
                naked_set = union | all_values
                if POPCOUNT[naked_set] != degree:
                    continue
                erasable = [c for c in region_cells if c not in naked and c not in bug_cells]
                removable = {c: cands[c] & naked_set for c in erasable if cands[c] & naked_set}
                if removable:
                    yield _bug_step(3, bug_cells, removable, 5.7 + (POPCOUNT[naked_set] - 1) * 0.1)


def _bug_step(typ: int, bug_cells: list[int], removable: dict[int, int], rating: float) -> Step:
    elims = tuple((c, v) for c, m in sorted(removable.items()) for v in DIGITS_OF[m])
    return Step("se_bug", f"BUG type {typ}", "uniqueness", eliminations=elims,
                cells=tuple((c, "base") for c in bug_cells),
                why=f"Without the extra candidates of {cells_text(bug_cells)} every cell and house would "
                "hold two candidates twice: a deadly pattern with two solutions.",
                notation=cells_text(bug_cells), rating=round(rating, 10))
