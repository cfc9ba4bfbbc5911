"""Templates (HoDoKu's Template Set / Template Delete).

A *template* is one way to place a digit nine times: a cell in every row, column and box
(46,656 of them). For each digit keep the templates that cover its placed cells and use
only its candidates, then (as HoDoKu refines them) drop a template that takes a cell some
other digit's templates all need. A cell in every template of a digit takes it (Template
Set); a candidate in no template of its digit goes (Template Delete). HoDoKu scores each
10000 and has both off in its default solver; they are off by default here too.

>>> from sudokit.human import Candidates
>>> state = Candidates.from_puzzle("..5.4163223176.4..6.4523871.6.........86.71.........6.4...15926.....6543.564..718")
>>> print(next(find_template_set(state)))
Template Set: 1 => r4c1=1, r6c4=1, r8c2=1
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from .model import BOX_OF, CELL_BIT, Candidates, cells_of
from .step import Step

__all__ = ["find_template_set", "find_template_delete"]

_FULL = (1 << 81) - 1


@lru_cache(maxsize=1)
def _all_templates() -> tuple[int, ...]:
    """The 46,656 templates as 81-bit masks (built once, about 0.1 s)."""
    out: list[int] = []

    def row(r: int, cols: int, boxes: int, mask: int) -> None:
        if r == 9:
            out.append(mask)
            return
        for c in range(9):
            b = BOX_OF[r * 9 + c]
            if not cols >> c & 1 and not boxes >> b & 1:
                row(r + 1, cols | 1 << c, boxes | 1 << b, mask | CELL_BIT[r * 9 + c])

    row(0, 0, 0, 0)
    return tuple(out)


def _templates(state: Candidates) -> tuple[list[int], list[int]]:
    """Per digit: the cells in all its templates and the cells in at least one (refined as
    HoDoKu refines them)."""
    placed = [0] * 10
    for c, v in enumerate(state.values):
        if v:
            placed[v] |= CELL_BIT[c]
    lists: list[list[int]] = [[] for _ in range(10)]
    for d in range(1, 10):
        forbidden = _FULL & ~(placed[d] | state.where[d])
        must = placed[d]
        lists[d] = [t for t in _all_templates() if t & must == must and not t & forbidden]
    always = [_FULL] * 10
    for d in range(1, 10):
        a = _FULL
        for t in lists[d]:
            a &= t
        always[d] = a if lists[d] else _FULL
    removed = True
    while removed:
        removed = False
        for d in range(1, 10):
            others = 0
            for k in range(1, 10):
                if k != d:
                    others |= always[k]
            kept = [t for t in lists[d] if not t & others]
            if len(kept) != len(lists[d]):
                removed = True
                lists[d] = kept
            a = _FULL
            for t in kept:
                a &= t
            always[d] = a
    anywhere = [0] * 10
    for d in range(1, 10):
        for t in lists[d]:
            anywhere[d] |= t
    return always, anywhere


def find_template_set(state: Candidates) -> Iterator[Step]:
    """Per digit (ascending): the empty cells every template of the digit uses."""
    always, _ = _templates(state)
    for d in range(1, 10):
        cells = [c for c in cells_of(always[d]) if not state.values[c]] if always[d] != _FULL else []
        if cells:
            yield Step("template_set", "Template Set", "templates", placements=tuple((c, d) for c in cells),
                       cells=tuple((c, "base") for c in cells), digits=(d,), notation=str(d),
                       why=f"Every way to place all nine {d}s that fits the grid puts a {d} in these cells.")


def find_template_delete(state: Candidates) -> Iterator[Step]:
    """Per digit (ascending): the candidates no template of the digit uses."""
    _, anywhere = _templates(state)
    for d in range(1, 10):
        cells = cells_of(state.where[d] & ~anywhere[d])
        if cells:
            yield Step("template_delete", "Template Delete", "templates", eliminations=tuple((c, d) for c in cells),
                       cells=tuple((c, "base") for c in cells), digits=(d,), notation=str(d),
                       why=f"No way to place all nine {d}s that fits the grid uses these cells.")
