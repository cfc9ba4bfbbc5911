"""Chains: X-Chain, XY-Chain, Remote Pair, Nice Loops and AIC (grouped or not).

A chain is a sequence of *implications* over the nodes of the
:class:`~sudokit.human.links.LinkGraph`: a true node makes the nodes weakly linked to it
false, a false node makes the nodes strongly linked to it true. The searches run in the
kernel as HoDoKu 2.2 runs them, because HoDoKu's choice among chains depends on its search
order: X-Chains, XY-Chains and Remote Pairs follow its depth-first ``ChainSolver``
(``ho_single``, ``ho_xy``), nice loops and AICs its ``TablingSolver`` (``ho_nice_loops``):

* **X-Chain** (one digit, house links only): start false => end true, both the same digit;
  the digit leaves every cell that sees both ends.
* **XY-Chain** (bivalue cells only): the same, the strong links being the cells themselves.
* **Remote Pair**: an XY-Chain of 4+ cells all holding the same pair; both digits leave the
  cells that see two chain cells an odd number of cells apart.
* **Nice Loop / AIC** (any links; grouped nodes in the grouped variant): a chain that
  comes back to its start cell is a *discontinuous* nice loop (it places or removes the
  start candidate) or a *continuous* one (every weak link of the loop turns strong); a
  chain from a false start to a true end in another cell is an **AIC**.

When several instances exist, the finders yield them in HoDoKu's preference order (more
eliminations first, then the smaller candidate index sum, then the shorter chain), one
per set of eliminations. Step text is HoDoKu's, e.g.
``AIC: 5 5- r1c2 =5= r2c3 =1= r2c1 -1- r5c1 -8- r6c1 -9- r6c3 -5 => r2c3,r4c2<>5``;
:func:`eureka` writes the same chain in Eureka notation.

Searches are bounded: ``budget`` links (or states) per call; past it :class:`SearchLimitExceeded`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import partial
from typing import Protocol

from .. import _backend
from ..errors import SearchLimitExceeded
from .hosort import ContractViolation, java_sort
from .links import GROUP_BASE, LinkGraph
from .model import BIT, CELL_BIT, DIGITS_OF, PEER_MASK, POPCOUNT, Candidates, cells_of
from .step import STEP_TEXT, Step, candidates_text, cell_text

__all__ = [
    "find_x_chain", "find_xy_chain", "find_remote_pair", "find_nice_loop", "find_grouped_nice_loop",
    "eureka", "DEFAULT_BUDGET", "MAX_CHAIN_LINKS",
]

_FAMILY = "chains"
#: HoDoKu's default cap on X-/XY-Chain length (``Options.RESTRICT_CHAIN_LENGTH``, links).
MAX_CHAIN_LINKS = 20
#: States a single finder call may visit before it gives up (SearchLimitExceeded).
DEFAULT_BUDGET = 2_000_000

#: A chain: ((node, truth), ...) from the start to the end, each implied by the one before.
Chain = tuple[tuple[int, bool], ...]
#: The eliminations of an X-/XY-Chain or Remote Pair as ((digit, 81-bit cells), ...),
#: digits ascending, none with no cell: equal keys <=> equal eliminations.
_Key = tuple[tuple[int, int], ...]
#: A chain found, for HoDoKu's sort: (eliminations, index sum, their key, length, where
#: its record starts in the search's bytes).
_Item = tuple[int, int, _Key, int, int]


# ---------------------------------------------------------------- text
class Nodes(Protocol):
    """What writing a chain needs of its nodes: a :class:`LinkGraph` or :data:`CANDIDATES`."""

    def digit(self, node: int) -> int: ...

    def cells(self, node: int) -> int: ...

    def text(self, node: int) -> str: ...


class _Candidates:
    """Candidate nodes only (``9 * cell + digit - 1``), as a :class:`LinkGraph` reads them:
    writing an X-, XY-Chain or Remote Pair needs no graph."""

    def digit(self, node: int) -> int:
        return node % 9 + 1

    def cells(self, node: int) -> int:
        return CELL_BIT[node // 9]

    def text(self, node: int) -> str:
        return cell_text(node // 9)


CANDIDATES: Nodes = _Candidates()


def chain_text(g: Nodes, chain: Chain) -> str:
    """HoDoKu's chain notation: cells joined by ``=d=`` (the next node becomes true) or
    ``-d-`` (it becomes false); a move inside a cell is not written."""
    parts = [g.text(chain[0][0])]
    last = g.cells(chain[0][0])
    for node, truth in chain[1:]:
        cells = g.cells(node)
        if cells == last and node < GROUP_BASE:
            continue
        d = g.digit(node)
        parts.append(f"={d}=" if truth else f"-{d}-")
        parts.append(g.text(node))
        last = cells
    return " ".join(parts)


def eureka(g: Nodes, chain: Chain) -> str:
    """The chain in Eureka notation, e.g. ``(5)r1c2=r1c7-(5=3)r3c8``."""
    out: list[str] = []
    k = 0
    n = len(chain)
    while k < n:
        node, truth = chain[k]
        digits = [g.digit(node)]
        ops: list[str] = []
        j = k
        while j + 1 < n and g.cells(chain[j + 1][0]) == g.cells(node) and chain[j + 1][0] < GROUP_BASE and node < GROUP_BASE:
            ops.append("=" if chain[j + 1][1] else "-")
            digits.append(g.digit(chain[j + 1][0]))
            j += 1
        inner = digits[0] if not ops else "".join(f"{d}{op}" for d, op in zip(digits, ops)) + str(digits[-1])
        if k:
            out.append("=" if truth else "-")
        out.append(f"({inner}){g.text(node)}")
        k = j + 1
    return "".join(out)


def _elim_digits(elims: Sequence[tuple[int, int]]) -> str:
    return "/".join(str(d) for d in sorted({d for _, d in elims}))


def _elim_order(elims: Sequence[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """A chain step's eliminations, distinct, in HoDoKu's order (digit, then cell)."""
    return tuple(sorted(set(elims), key=lambda e: (e[1], e[0])))


def bare_step(technique: str, name: str, elims: Sequence[tuple[int, int]]) -> Step:
    """A chain step as :func:`_step` writes it, without text and pattern (while
    :data:`~.step.STEP_TEXT` is off: a rating reads neither)."""
    return Step(technique, name, _FAMILY, eliminations=_elim_order(elims))


def _links(g: Nodes, chain: Chain) -> tuple[tuple[tuple[int, int], tuple[int, int], bool], ...]:
    """The chain's links for drawing: ((cell, digit), (cell, digit), strong); a group
    node is drawn from its first cell."""
    out = []
    for (a, _ta), (b, tb) in zip(chain, chain[1:]):
        ca = a // 9 if a < GROUP_BASE else cells_of(g.cells(a))[0]  # a candidate: its cell
        cb = b // 9 if b < GROUP_BASE else cells_of(g.cells(b))[0]
        out.append(((ca, g.digit(a)), (cb, g.digit(b)), tb))
    return tuple(out)


def _cells(g: Nodes, chain: Chain) -> tuple[tuple[int, str], ...]:
    """Chain cells with their role: the two ends ``pincer``, the cells between ``link``."""
    seen: dict[int, str] = {}
    last = len(chain) - 1
    for k, (node, _truth) in enumerate(chain):
        end = k == 0 or k == last
        for c in (node // 9,) if node < GROUP_BASE else cells_of(g.cells(node)):
            if end:
                seen[c] = "pincer"
            elif c not in seen:
                seen[c] = "link"
    return tuple(seen.items())


def _step(technique: str, name: str, g: Nodes, chain: Chain, elims: list[tuple[int, int]], text: str, why: str) -> Step:
    digits = tuple(sorted({g.digit(n) for n, _ in chain}))
    return Step(
        technique, name, _FAMILY,
        eliminations=_elim_order(elims),
        cells=_cells(g, chain),
        digits=digits,
        why=why,
        notation=text,
        links=_links(g, chain),
    )


# ---------------------------------------------------------------- X-Chain
def find_x_chain(state: Candidates, *, budget: int = DEFAULT_BUDGET) -> Iterator[Step]:
    """Chains on one digit: house strong links alternating with weak links. The chains
    of the kernel's ``ho_single`` X-Chain search (csrc/hosingle9.c, twin
    :mod:`sudokit._pysingle9`: HoDoKu's depth-first ``ChainSolver`` search), sorted as
    HoDoKu sorts them (:func:`_ho_order`); one step per set of eliminations, the first."""
    data, _spent = _backend.kernel().ho_single(state.cand_bytes(), 4, budget)
    if data is None:
        raise SearchLimitExceeded("chain search budget exhausted")
    if not data:
        return
    where = state.where
    found: list[_Item] = []
    sums: dict[_Key, tuple[int, int]] = {}  # key -> (eliminations, index sum)
    at = 0
    while at < len(data):
        d, n = data[at], data[at + 1]
        key = ((d, where[d] & PEER_MASK[data[at + 2]] & PEER_MASK[data[at + 1 + n]]),)
        counted = sums.get(key)
        if counted is None:
            sums[key] = counted = _key_counts(key)
        found.append((counted[0], counted[1], key, n, at))
        at += 2 + n
    yield from _ho_steps(found, partial(_x_step, data))


def _x_step(data: bytes, item: _Item) -> Step:
    """The step of the ``ho_single`` X-Chain record of ``item``."""
    at, key = item[4], item[2]
    d, n = data[at], data[at + 1]
    chain: Chain = tuple((9 * c + d - 1, bool(k & 1)) for k, c in enumerate(data[at + 2:at + 2 + n]))
    return _chain_step("x_chain", "X-Chain", CANDIDATES, chain, _key_elims(key), f"{d} ", "", d)


def _chain_step(technique: str, name: str, g: Nodes, chain: Chain, elims: list[tuple[int, int]],
                head: str, tail: str, d: int) -> Step:
    """A chain step whose text is ``head + chain + tail``."""
    if not STEP_TEXT.get():
        return bare_step(technique, name, elims)
    return _step(technique, name, g, chain, elims, head + chain_text(g, chain) + tail, _ends_why(g, chain, d))


def _ends_why(g: Nodes, chain: Chain, d: int) -> str:
    a, z = g.text(chain[0][0]), g.text(chain[-1][0])
    return (f"If {a} is not {g.digit(chain[0][0])}, the chain forces {z} to be {g.digit(chain[-1][0])}: one of the "
            f"two ends holds it, so no cell that sees both ends can be {d}.")


# --------------------------------------------------------------- XY-Chain
def find_xy_chain(state: Candidates, *, budget: int = DEFAULT_BUDGET) -> Iterator[Step]:
    """Chains of bivalue cells: the start digit leaves the cells that see both ends."""
    yield from _xy(state, budget, remote=False)


def find_remote_pair(state: Candidates, *, budget: int = DEFAULT_BUDGET) -> Iterator[Step]:
    """XY-Chains of 4+ cells that all hold the same two digits."""
    yield from _xy(state, budget, remote=True)


def _xy(state: Candidates, budget: int, remote: bool) -> Iterator[Step]:
    """The chains of the kernel's ``ho_xy`` search (csrc/hoxy9.c, twin
    :mod:`sudokit._pyxy9`: HoDoKu's depth-first search over bivalue cells), sorted as
    HoDoKu sorts them (:func:`_ho_order`); one step per set of eliminations, the first.
    A record is read for the sort only (ends, eliminations as masks); the chain of a
    step is decoded when the step is written."""
    data, _spent = _backend.kernel().ho_xy(state.cand_bytes(), remote, budget)
    if data is None:
        raise SearchLimitExceeded("chain search budget exhausted")
    if not data:
        return
    where = state.where
    found: list[_Item] = []
    sums: dict[_Key, tuple[int, int]] = {}  # key -> (eliminations, index sum)
    at = 0
    while at < len(data):
        n = data[at]
        first, last = (data[at + 1] | data[at + 2] << 8) >> 1, (data[at + 2 * n - 1] | data[at + 2 * n] << 8) >> 1
        start, d, end = first // 9, first % 9 + 1, last // 9
        if remote:
            key = _remote_key(state, data, at, n)
        else:
            key = ((d, where[d] & PEER_MASK[start] & PEER_MASK[end]),)
        counted = sums.get(key)
        if counted is None:
            sums[key] = counted = _key_counts(key)
        found.append((counted[0], counted[1], key, n, at))
        at += 1 + 2 * n
    yield from _ho_steps(found, partial(_xy_step, state, data, remote))


def _ho_steps(found: list[_Item], make: Callable[[_Item], Step]) -> Iterator[Step]:
    """The steps (``make``) of ``found`` in HoDoKu's order (:func:`_ho_order`), one per
    set of eliminations (the first); the first step without the sort when
    :func:`_ho_first` knows it (a walk reads no further)."""
    done: set[_Key] = set()
    first = _ho_first(found)
    if first is not None:
        done.add(first[2])
        yield make(first)
    for item in _ho_order(found):
        if item[2] not in done:
            done.add(item[2])
            yield make(item)


def _ho_first(found: list[_Item]) -> _Item | None:
    """The item :func:`_ho_order` puts first, when that is clear without sorting, else
    None. The most eliminations, then the smallest index sum, single out a class of items;
    when all of them have the same eliminations, the comparison orders them by length among
    themselves and puts each before every other item, whatever the other items' comparisons
    (which are not transitive): Java's TimSort (a stable merge sort, as the fallback
    sort) leaves the shortest (the first on a tie) in front."""
    if not found:
        return None
    most = max(f[0] for f in found)
    low = min(f[1] for f in found if f[0] == most)
    best = [f for f in found if f[0] == most and f[1] == low]
    key = best[0][2]
    for f in best:
        if f[2] != key:
            return None
    return min(best, key=lambda f: f[3])


def _key_counts(key: _Key) -> tuple[int, int]:
    """How many eliminations a key of :func:`_xy` has, and their index sum (HoDoKu's
    ``getIndexSumme``: over the eliminations by digit, then cell, as the key lists them,
    the k-th adds ``cell * (1 + 80 k) + digit``)."""
    n = total = 0
    for d, mask in key:
        while mask:
            low = mask & -mask
            total += (low.bit_length() - 1) * (1 + 80 * n) + d
            n += 1
            mask ^= low
    return n, total


def _remote_key(state: Candidates, data: bytes, at: int, n: int) -> _Key:
    """A Remote Pair record's eliminations as ((digit, cells), ...): both digits of the
    pair leave the cells seeing two chain cells an odd number of cells apart (at least
    three), as HoDoKu's ``checkRemotePairs``."""
    cells = [(data[at + 1 + 2 * k] | data[at + 2 + 2 * k] << 8) >> 1 for k in range(0, n, 2)]
    cells = [node // 9 for node in cells]
    seen = 0
    for i in range(len(cells)):
        for j in range(i + 3, len(cells), 2):
            seen |= PEER_MASK[cells[i]] & PEER_MASK[cells[j]]
    # a digit with nothing to remove is left out: equal keys <=> equal eliminations
    return tuple((d, mask) for d in DIGITS_OF[state.cands[cells[0]]] for mask in (state.where[d] & seen,) if mask)


def _key_elims(key: _Key) -> list[tuple[int, int]]:
    """The eliminations of a key of :func:`_xy`, by digit, then cell."""
    return [(c, d) for d, mask in key for c in cells_of(mask)]


def _xy_step(state: Candidates, data: bytes, remote: bool, item: _Item) -> Step:
    """The step of the ``ho_xy`` record of ``item``."""
    at, key = item[4], item[2]
    if not STEP_TEXT.get():
        return bare_step("remote_pair", "Remote Pair", _key_elims(key)) if remote else bare_step("xy_chain", "XY-Chain", _key_elims(key))
    n = data[at]
    chain: Chain = tuple((s >> 1, bool(s & 1)) for s in (data[at + 1 + 2 * k] | data[at + 2 + 2 * k] << 8 for k in range(n)))
    d = chain[0][0] % 9 + 1
    elims = _key_elims(key)
    if remote:
        m = state.cands[chain[0][0] // 9]
        return _chain_step("remote_pair", "Remote Pair", CANDIDATES, chain, elims, f"{d}/{DIGITS_OF[m & ~BIT[d]][0]} ", "", d)
    return _chain_step("xy_chain", "XY-Chain", CANDIDATES, chain, elims, f"{_elim_digits(elims)} {d}- ", f" -{d}", d)


def _ho_order(found: list[_Item]) -> list[_Item]:
    """``found`` (in search order) as HoDoKu's ``Collections.sort`` leaves it: more
    eliminations first; different eliminations by the weighted index sum (equal sums
    compare equal); the same eliminations by chain length. That comparison is not a
    total order, so the sort is Java's own (:func:`~sudokit.human.hosort.java_sort`)."""
    def cmp(a: _Item, b: _Item) -> int:
        if a[0] != b[0]:
            return b[0] - a[0]
        if a[2] != b[2]:
            return a[1] - b[1]
        return a[3] - b[3]

    try:
        return java_sort(list(found), cmp)
    except ContractViolation:  # Java would throw; keep a stable order by the same keys
        return sorted(found, key=lambda f: (-f[0], f[1], f[3]))


# ------------------------------------------------------ Nice Loops and AIC
def find_nice_loop(state: Candidates, *, budget: int = DEFAULT_BUDGET) -> Iterator[Step]:
    """Discontinuous and continuous nice loops and AICs over candidate nodes, found and
    ordered as HoDoKu's tabling search finds them (:mod:`sudokit.human.tabling`)."""
    from .tabling import nice_loop_steps  # tabling builds its steps with this module's text

    yield from nice_loop_steps(state, grouped=False, budget=budget)


def find_grouped_nice_loop(state: Candidates, *, budget: int = DEFAULT_BUDGET) -> Iterator[Step]:
    """Nice loops and AICs with group nodes in HoDoKu's order. As HoDoKu's grouped search,
    it can also meet a loop without groups (then named and scored as one)."""
    from .tabling import nice_loop_steps

    yield from nice_loop_steps(state, grouped=True, budget=budget)
