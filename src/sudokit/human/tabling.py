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

The tables and the search run in the kernel (``ho_nice_loops``: csrc/hotable9.c, twin
:mod:`sudokit._pytable9`), which returns the accepted chains in the order found; this
module sorts them and writes HoDoKu's text. Behaviour re-implemented from HoDoKu's
documented solver; no code taken.
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Iterator
from functools import cmp_to_key

from .. import _backend
from .._pytable9 import GROUP, OFF, GroupNode, group_nodes
from ..errors import SearchLimitExceeded
from .chains import Chain, _elim_digits, _ends_why, _step, bare_step, chain_text
from .links import GROUP_BASE
from .model import CELL_BIT, Candidates, cells_of
from .step import STEP_TEXT, Step, cell_text, cells_text

__all__ = ["nice_loop_steps"]

_NAMES = ("Discontinuous Nice Loop", "Continuous Nice Loop", "AIC")
_DNL, _CNL, _AIC = _NAMES


class _Found:
    """One accepted chain, as read for HoDoKu's sort: how many eliminations, kind, grouped?,
    the eliminations' bytes (sorted by digit, cell and distinct in a record, so equal bytes
    <=> equal eliminations), their index sum and the chain's length. The eliminations and
    the chain themselves are decoded only for the step written."""

    __slots__ = ("data", "n", "kind", "chain_at", "length", "grouped", "key", "index_sum")

    def __init__(self, data: bytes, at: int, n: int, kind: str, chain_at: int, length: int) -> None:
        self.data, self.n, self.kind, self.chain_at, self.length = data, n, kind, chain_at, length
        chain = array("H", data[chain_at:chain_at + 2 * length])
        if sys.byteorder == "big":
            chain.byteswap()
        self.grouped = max(chain) >= GROUP
        self.key = data[at:at + 2 * n]
        self.index_sum = _index_sum(self.key)

    @property
    def elims(self) -> list[tuple[int, int]]:
        """(cell, digit) of each elimination, by digit, then cell."""
        return list(zip(self.key[::2], self.key[1::2]))

    @property
    def chain(self) -> list[int]:
        """The kernel's chain nodes (see csrc/hotable9.h)."""
        chain = array("H", self.data[self.chain_at:self.chain_at + 2 * self.length])
        if sys.byteorder == "big":
            chain.byteswap()
        return chain.tolist()


def _index_sum(key: bytes) -> int:
    """HoDoKu's getIndexSumme (as chains._key_counts) over a record's eliminations, which
    the kernel sorts by digit, then cell."""
    return sum(c * (1 + 80 * k) + d for k, (c, d) in enumerate(zip(key[::2], key[1::2])))


def _compare(a: _Found, b: _Found) -> int:
    """HoDoKu's ``SolutionStep.compareTo`` for two chain steps."""
    diff = b.n - a.n
    if diff:
        return diff
    if a.kind != b.kind or a.grouped != b.grouped or a.key != b.key:
        return a.index_sum - b.index_sum
    return a.length - b.length


def _records(data: bytes) -> Iterator[_Found]:
    """The kernel's records (see csrc/hotable9.h) as found chains, in search order."""
    at = 0
    while at < len(data):
        kind = data[at]
        n = data[at + 1] | data[at + 2] << 8
        chain_at = at + 5 + 2 * n
        m = data[chain_at - 2] | data[chain_at - 1] << 8
        yield _Found(data, at + 3, n, _NAMES[kind], chain_at, m)
        at = chain_at + 2 * m


# ------------------------------------------------------------------ steps
class _Nodes:
    """Writing a chain of the kernel's nodes (the :class:`~sudokit.human.chains.Nodes`
    protocol): candidates ``9 * cell + digit - 1`` as a :class:`LinkGraph` numbers them,
    the kernel's group nodes from ``GROUP_BASE`` on. Only the chosen step is written, so no
    link graph is built for it."""

    __slots__ = ("group_digit", "group_cells")

    def __init__(self, groups: list[GroupNode]) -> None:
        self.group_digit = [grp.digit for grp in groups]
        self.group_cells = [grp.mask for grp in groups]

    def digit(self, node: int) -> int:
        return node % 9 + 1 if node < GROUP_BASE else self.group_digit[node - GROUP_BASE]

    def cells(self, node: int) -> int:
        return CELL_BIT[node // 9] if node < GROUP_BASE else self.group_cells[node - GROUP_BASE]

    def text(self, node: int) -> str:
        return cell_text(node // 9) if node < GROUP_BASE else cells_text(cells_of(self.group_cells[node - GROUP_BASE]))


def _to_graph(chain: list[int]) -> Chain:
    """The kernel's chain in :class:`_Nodes` nodes: ((node, truth), ...)."""
    out = []
    for node in chain:
        if node < GROUP:
            d, cell = divmod(node % OFF, 81)
            out.append((9 * cell + d, node < OFF))
        else:
            out.append((GROUP_BASE + (node - GROUP) // 2, not node & 1))
    return tuple(out)


def _make_step(found: _Found, g: _Nodes, chain: Chain) -> Step:
    """The step with HoDoKu's text for one loop or AIC."""
    prefix = "Grouped " if found.grouped else ""
    technique = "grouped_nice_loop" if found.grouped else "nice_loop"
    elims = found.elims
    name = prefix + found.kind
    if not STEP_TEXT.get():
        return bare_step(technique, name, elims)
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
    data, _spent = _backend.kernel().ho_nice_loops(state.cand_bytes(), grouped, budget)
    if data is None:
        raise SearchLimitExceeded("nice loop search budget exhausted")
    if not data:
        return
    nodes: list[_Nodes] = []  # made for the first step written out

    def step(f: _Found) -> Step:
        if not nodes:
            nodes.append(_Nodes(group_nodes(state.where) if grouped and STEP_TEXT.get() else []))
        return _make_step(f, nodes[0], _to_graph(f.chain) if STEP_TEXT.get() else ())

    first = _first(data)
    if first is not None:  # most walks read only the first step: no sort for it
        yield step(first)
    found = sorted(_records(data), key=cmp_to_key(_compare))
    for f in found[1:] if first is not None else found:  # the sort's first is ``first`` (see _first)
        yield step(f)


def _first(data: bytes) -> _Found | None:
    """The record the sort of :func:`nice_loop_steps` puts first, when that is clear
    without sorting, else None. The most eliminations, then the smallest index sum, single
    out a class of records; when all of them are one kind with one set of eliminations,
    :func:`_compare` orders them by length among themselves and puts each before every
    other record, whatever the other records' comparisons (which are not transitive), so
    a stable merge sort (Python's) leaves the shortest (the first on a tie) in front."""
    heads: list[int] = []  # the offsets of the records with the most eliminations
    most, at, end = -1, 0, len(data)
    while at < end:
        n = data[at + 1] | data[at + 2] << 8
        if n > most:
            most, heads = n, [at]
        elif n == most:
            heads.append(at)
        chain_at = at + 5 + 2 * n
        at = chain_at + 2 * (data[chain_at - 2] | data[chain_at - 1] << 8)
    low, n, lowest = -1, most, heads
    for at in heads:
        index_sum = _index_sum(data[at + 3:at + 3 + 2 * n])
        if low < 0 or index_sum < low:
            lowest, low = [at], index_sum
        elif index_sum == low:
            lowest.append(at)
    best = []
    for at in lowest:
        chain_at = at + 5 + 2 * n
        best.append(_Found(data, at + 3, n, _NAMES[data[at]], chain_at, data[chain_at - 2] | data[chain_at - 1] << 8))
    one = best[0]
    for f in best[1:]:
        if f.kind != one.kind or f.key != one.key or f.grouped != one.grouped:
            return None
    return min(best, key=lambda f: f.length)
