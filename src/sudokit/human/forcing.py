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

The tables, their closure, the checks and HoDoKu's choice of the first step run in the
kernel (``ho_forcing``: csrc/hoforce9.c, twin :mod:`sudokit._pyforce9`, where the tables
are described); this module writes the step. Behaviour re-implemented from HoDoKu 2.2's
documented solver.
"""

from __future__ import annotations

from collections.abc import Iterator

from .. import _backend
from .._pyforce9 import CELL, NONE, Search, State
from .model import Candidates
from .se_chains import LIMIT, Budget
from .step import Step, cell_text

__all__ = ["find_forcing_chain", "find_forcing_net", "forcing_results"]

#: Node budget handed to the kernel when the call has no node limit (the search is
#: bounded anyway: two counts of at most 2,430 nodes).
_UNLIMITED = 1 << 40

Link = tuple[tuple[int, int], tuple[int, int], bool]


def forcing_results(state: Candidates, nets: bool) -> set[tuple[int, int, bool]]:
    """Every result (cell, digit, placed?) HoDoKu's Forcing Chain (``nets`` False) or
    Forcing Net search finds in ``state`` (the pure-Python search, which lists them all)."""
    budget = LIMIT.get() or Budget(None)
    search = Search(State(list(state.cands), list(state.values)), nets, budget.spend)
    return {r for r, _, _ in search.results()}


def _find(state: Candidates, nets: bool) -> Iterator[Step]:
    budget = LIMIT.get() or Budget(None)
    if not any(state.cands):
        return
    left = _UNLIMITED if budget.left is None else max(budget.left, 0)
    data, spent = _backend.kernel().ho_forcing(state.cand_bytes(), bytes(state.values), nets, left)
    budget.spend(spent)  # raises BudgetExceeded when the kernel stopped (data None)
    if data:
        yield _decode(data, nets)


def _decode(data: bytes, nets: bool) -> Step:
    """The step of a ``ho_forcing`` record (layout in csrc/hoforce9.h)."""
    cell, digit, placed, kind, index = data[:5]
    entity = "" if kind == NONE else cell_text(index) if kind == CELL else f"{'rcb'[index // 9]}{index % 9 + 1}"
    links: list[Link] = []
    j = 7
    for _ in range(int.from_bytes(data[5:7], "little")):
        nends = int.from_bytes(data[j + 2 : j + 4], "little")
        j += 4
        for _ in range(nends):
            m = int.from_bytes(data[j : j + 2], "little")
            nodes = [(data[k], data[k + 1], bool(data[k + 2])) for k in range(j + 2, j + 2 + 3 * m, 3)]
            j += 2 + 3 * m
            links += [((a[0], a[1]), (b[0], b[1]), b[2]) for a, b in zip(nodes, nodes[1:])]
    return _step((cell, digit, bool(placed)), entity, nets, tuple(dict.fromkeys(links)))


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
