"""Almost Locked Sets: ALS-XZ, ALS-XY-Wing and Death Blossom (HoDoKu 2.2's rules).

An *almost locked set* (ALS) is n cells of one house holding n + 1 digits: take one digit
away and the rest are locked. Two ALS A and B that share a digit X whose cells in A and B
all see each other have X as a *restricted common* (RC): X can be in A or in B, not both,
so one of them is locked without X.

* **ALS-XZ**: A and B with an RC X and another common digit Z: one ALS holds Z, so Z leaves
  every cell seeing all Z cells of both. With two RCs (doubly linked) both are locked:
  every digit of A and of B leaves the cells that see all its cells in that ALS.
* **ALS-XY-Wing**: A and B both linked to a third ALS C (by different RCs X and Y): Z
  common to A and B leaves the cells seeing all Z cells of both.
* **ALS-Chain**: ALS A1 ... An (n >= 4), consecutive ones linked by restricted commons, no
  two consecutive links on the same digit: if A1 loses its first link digit, the chain forces
  An to be locked; so Z common to A1 and An (not a link digit at either end) leaves the cells
  seeing all Z cells of both.
* **Death Blossom**: a stem cell whose every candidate d is an RC with a petal ALS (the
  petal's d cells all see the stem): some petal loses d, so a digit Z of every petal
  leaves the cells seeing all Z cells of all petals.

ALS are collected as HoDoKu does (houses in order rows, columns, boxes; cell subsets in
depth-first order; up to 8 cells; a single bivalue cell counts), RCs for every pair of
non-overlapping ALS in that order, and the finders yield steps in HoDoKu's search order, so
the first step is the one HoDoKu's solver takes. Text is HoDoKu's, e.g.
``Almost Locked Set XZ-Rule: A=r279c2 {1467}, B=r24c7 {168}, X=1, Z=6 => r4c2<>6``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from .. import _backend
from .model import BIT, DIGITS_OF, HOUSE_CELLS, PEER_MASK, POPCOUNT, Candidates, cells_of
from .se_chains import LIMIT
from .step import Step, cells_text

__all__ = [
    "Als", "find_alses", "restricted_commons", "find_als_xz", "find_als_xy_wing", "find_als_chain", "find_death_blossom",
]

_FAMILY = "als"
_ALL = (1 << 81) - 1


@dataclass(frozen=True)
class Als:
    """n cells (81-bit mask) of one house with n + 1 candidate digits (9-bit mask).

    ``cells_with[d]``: the ALS cells holding d; ``sees[d]``: cells outside the ALS that
    hold d and see every one of those (0 for digits not in the ALS).
    """

    cells: int
    digits: int
    cells_with: tuple[int, ...]
    sees: tuple[int, ...]

    def text(self) -> str:
        """HoDoKu's ``r279c2 {1467}``."""
        return f"{cells_text(cells_of(self.cells))} {{{''.join(map(str, DIGITS_OF[self.digits]))}}}"


def _seen_by_all(cells: int) -> int:
    mask = _ALL
    for c in cells_of(cells):
        mask &= PEER_MASK[c]
    return mask


def _make(state: Candidates, cells: int, digits: int) -> Als:
    with_ = [0] * 10
    sees = [0] * 10
    for d in DIGITS_OF[digits]:
        w = state.where[d] & cells
        with_[d] = w
        sees[d] = state.where[d] & _seen_by_all(w) & ~cells
    return Als(cells, digits, tuple(with_), tuple(sees))


def find_alses(state: Candidates) -> list[Als]:
    """Every ALS of ``state`` in HoDoKu's order (each cell set once)."""
    return list(_alses_and_rcs(state)[0])


class _AlsTable:
    """The kernel's ALS records of one grid (``ho_als``), each made into an :class:`Als`
    when first asked for (an ALS-Chain step needs a handful of the hundreds)."""

    __slots__ = ("_state", "_data", "_made")

    def __init__(self, state: Candidates, data: bytes) -> None:
        self._state = state
        self._data = data
        self._made: dict[int, Als] = {}

    def __len__(self) -> int:
        return len(self._data) // 13

    def __getitem__(self, i: int) -> Als:
        made = self._made.get(i)
        if made is None:
            if not 0 <= i < len(self):
                raise IndexError(i)
            k = 13 * i
            data = self._data
            made = self._made[i] = _make(self._state, int.from_bytes(data[k:k + 11], "little"), data[k + 11] | data[k + 12] << 8)
        return made

    def __iter__(self) -> Iterator[Als]:
        return (self[i] for i in range(len(self)))


class _RcTable:
    """The kernel's restricted-common records of one grid, (i, j, x1, x2) each, decoded when
    asked for."""

    __slots__ = ("_data",)

    def __init__(self, data: bytes) -> None:
        self._data = data

    def __len__(self) -> int:
        return len(self._data) // 6

    def __getitem__(self, k: int) -> tuple[int, int, int, int]:
        if not 0 <= k < len(self):
            raise IndexError(k)
        d = self._data
        p = 6 * k
        return d[p] | d[p + 1] << 8, d[p + 2] | d[p + 3] << 8, d[p + 4], d[p + 5]

    def __iter__(self) -> Iterator[tuple[int, int, int, int]]:
        return (self[k] for k in range(len(self)))


def _kernel_als(state: Candidates) -> tuple[_AlsTable, _RcTable]:
    """The kernel's ALS and restricted commons (``ho_als``: csrc/hoals9.c, twin
    :mod:`sudokit._pyals9`; the same as :func:`restricted_commons` of the ALS)."""
    data, rc_data = _backend.kernel().ho_als(state.cand_bytes())
    return _AlsTable(state, data), _RcTable(rc_data)


def _alses_and_rcs(state: Candidates) -> tuple[_AlsTable, _RcTable]:
    """The ALS of ``state`` and their restricted commons, built once per candidate grid
    (ALS-Chain and :func:`find_alses` start from them)."""
    found: tuple[_AlsTable, _RcTable] = state.cached("als_kernel", lambda: _kernel_als(state))
    return found


def restricted_commons(alses: list[Als]) -> list[tuple[int, int, int, int]]:
    """(i, j, x1, x2) for i < j, ALS i and j not overlapping, with one or two RCs x1 (x2 = 0
    when there is only one), in HoDoKu's order."""
    out = []
    for i, a in enumerate(alses):
        for j in range(i + 1, len(alses)):
            b = alses[j]
            common = a.digits & b.digits
            if not common or a.cells & b.cells:
                continue
            rcs = []
            for d in DIGITS_OF[common]:
                both = a.cells_with[d] | b.cells_with[d]
                if not both & ~((a.sees[d] | a.cells_with[d]) & (b.sees[d] | b.cells_with[d])):
                    rcs.append(d)
                    if len(rcs) == 2:
                        break
            if rcs:
                out.append((i, j, rcs[0], rcs[1] if len(rcs) > 1 else 0))
    return out


def _common_elims(a: Als, b: Als, skip: int) -> tuple[list[tuple[int, int]], int]:
    """Digits common to a and b (but not in ``skip``) leave the cells outside both that see
    all their cells in both ALS; returns (eliminations, digits that eliminated)."""
    out: list[tuple[int, int]] = []
    zs = 0
    outside = ~(a.cells | b.cells)
    for z in DIGITS_OF[a.digits & b.digits & ~skip]:
        hit = a.sees[z] & b.sees[z] & outside
        if hit:
            zs |= BIT[z]
            out += [(c, z) for c in cells_of(hit)]
    return out, zs


def _kernel_steps(state: Candidates, kind: int) -> Iterator[tuple[list[tuple[int, str]], int, int, list[tuple[int, int]]]]:
    """The kernel's ALS-XZ (kind 0) or ALS-XY-Wing (kind 1) steps (``ho_als_steps``:
    csrc/hoals9.c, twin :mod:`sudokit._pyals9`) as (sets, RC digits, Z digits,
    eliminations), a set being (cells, text). The first step is asked for alone (a rating
    path takes only that one); the rest only when a caller goes on."""
    cands = state.cand_bytes()
    kernel = _backend.kernel()
    data = _seeded(state, ("als_first", kind))
    if data is None:
        data = kernel.ho_als_steps(cands, kind, 1)
    if not data:
        return
    yield _decode_step(data, 0)[0]
    data = kernel.ho_als_steps(cands, kind, 1 << 30)
    k = _decode_step(data, 0)[1]
    while k < len(data):
        found, k = _decode_step(data, k)
        yield found


def _decode_step(data: bytes, k: int) -> tuple[tuple[list[tuple[int, str]], int, int, list[tuple[int, int]]], int]:
    """One ``ho_als_steps`` record at ``data[k:]`` and the offset after it."""
    sets = []
    for p in range(k + 1, k + 1 + 13 * data[k], 13):
        cells, digits = int.from_bytes(data[p:p + 11], "little"), data[p + 11] | data[p + 12] << 8
        sets.append((cells, f"{cells_text(cells_of(cells))} {{{''.join(map(str, DIGITS_OF[digits]))}}}"))
    p = k + 1 + 13 * data[k]
    xs, zs, n = data[p] | data[p + 1] << 8, data[p + 2] | data[p + 3] << 8, data[p + 4] | data[p + 5] << 8
    pairs = data[p + 6:p + 6 + 2 * n]
    return (sets, xs, zs, list(zip(pairs[::2], pairs[1::2]))), p + 6 + 2 * n


def find_als_xz(state: Candidates) -> Iterator[Step]:
    """ALS-XZ (singly and doubly linked), in HoDoKu's RC order; each step's eliminations
    in the order HoDoKu's search adds them (:func:`_xz_found_order`)."""
    for (a, b), xs, zs, elims in _kernel_steps(state, 0):
        x = ",".join(map(str, DIGITS_OF[xs]))
        z = f", Z={','.join(map(str, DIGITS_OF[zs]))}" if zs else ""
        yield _als_step(
            "als_xz", "Almost Locked Set XZ-Rule", _xz_found_order(state, a[0], b[0], xs, elims), (a[0], b[0]),
            f"A={a[1]}, B={b[1]}, X={x}{z}",
            f"X={x} can be in only one of the two sets, so the other is locked; "
            + ("both are locked, as the sets are doubly linked." if POPCOUNT[xs] == 2
               else "either way one of them holds the other common digit."),
        )


def _xz_found_order(state: Candidates, a: int, b: int, xs: int, elims: list[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """An ALS-XZ step's eliminations (A, B: cell masks; ``xs``: the RC digits) in the
    order HoDoKu's AlsSolver adds them, which is the order it deletes them (it matters for
    the singles that follow) and prints their digits in: for each RC digit x (ascending),
    every other common digit z (ascending) from the cells that see all of A's and B's z;
    then, doubly linked, each digit of A but the RCs from the cells that see all of A's
    (not in B), then the same for B. Each elimination once, where it first comes."""
    where, cands = state.where, state.cands
    wanted, seen = set(elims), set()
    order: list[tuple[int, int]] = []

    def sees_all(cells: int, d: int) -> int:
        """The cells outside ``cells`` that hold d and see each of its cells holding d."""
        mask = where[d] & ~cells
        for c in cells_of(cells & where[d]):
            mask &= PEER_MASK[c]
        return mask

    def add(mask: int, d: int) -> None:
        for c in cells_of(mask):
            if (c, d) in wanted and (c, d) not in seen:
                seen.add((c, d))
                order.append((c, d))

    digits_a = digits_b = 0
    for c in cells_of(a):
        digits_a |= cands[c]
    for c in cells_of(b):
        digits_b |= cands[c]
    for x in DIGITS_OF[xs]:
        for z in DIGITS_OF[digits_a & digits_b & ~BIT[x]]:
            add(sees_all(a, z) & sees_all(b, z), z)
    if POPCOUNT[xs] == 2:
        for own, other, digits in ((a, b, digits_a), (b, a, digits_b)):
            for d in DIGITS_OF[digits & ~xs]:
                add(sees_all(own, d) & ~other, d)
    order += sorted(wanted - seen, key=lambda e: (e[1], e[0]))  # none: the kernel finds the same set
    return tuple(order)


def find_als_xy_wing(state: Candidates) -> Iterator[Step]:
    """ALS-XY-Wing: A and B each restricted-common-linked to C; HoDoKu's pair order."""
    for (a, b, c), xs, zs, elims in _kernel_steps(state, 1):
        yield _als_step(
            "als_xy_wing", "Almost Locked Set XY-Wing", elims, (a[0], b[0], c[0]),
            f"A={a[1]}, B={b[1]}, C={c[1]}, X,Y={','.join(map(str, DIGITS_OF[xs]))}, Z={','.join(map(str, DIGITS_OF[zs]))}",
            "C loses one of its links X/Y, which locks A or B; either way one of them holds Z.",
        )


#: HoDoKu's longest ALS-Chain (``AlsSolver.MAX_RC`` links) and our bound on the search's nodes
#: (HoDoKu has none; the depth-first search over chains grows fast on grids with many ALS:
#: 445,000 nodes, 1.4 s, on the largest grid of 2,000 grantm diabolical puzzles' HoDoKu paths).
#: A caller's ``max_nodes``/``max_seconds`` (``rate``, ``explain``) bounds it too.
_CHAIN_LINKS = 50
_CHAIN_NODES = 3_000_000


def find_als_chain(state: Candidates) -> Iterator[Step]:
    """ALS-Chains as HoDoKu 2.2 finds them (``AlsSolver.getAlsXYChain``): a depth-first search
    from every ALS along restricted commons to later ALS only ("forward only", its solver
    default), the link digits of consecutive links differing; from the fourth ALS on, the
    digits common to the first and the last ALS (minus the first and last link digits) give
    eliminations. One chain per elimination set (the one with fewest cells), all of them
    sorted as HoDoKu sorts ALS steps (most eliminations, then smallest index sum, then fewest
    ALS and cells); yields them best first. The search is the kernel's ``ho_als_chain``
    (csrc/hoalschain9.c, twin :mod:`sudokit._pyals9`)."""
    seeded = _seeded(state, ("als_first", 2))
    data, nodes = seeded if seeded is not None else _backend.kernel().ho_als_chain(state.cand_bytes(), _CHAIN_NODES)
    _spend_chain_nodes(nodes)
    if not data:
        return
    alses, rcs = _alses_and_rcs(state)  # for the chains' records only
    out = []
    k = 0
    while k < len(data):
        start, n = data[k] | data[k + 1] << 8, data[k + 2]
        chain = [(rcs[int.from_bytes(data[p:p + 4], "little")], data[p + 4]) for p in range(k + 3, k + 3 + 5 * n, 5)]
        out.append(_chain_entry(alses, start, chain))
        k += 3 + 5 * n
    # HoDoKu's comparator (stable sort): most eliminations, smallest index sum, fewest ALS, fewest cells
    out.sort(key=lambda f: (-len(f[0]), f[1], f[2], f[3]))
    for found in out:
        yield found[4]


def _spend_chain_nodes(nodes: int) -> None:
    """Charge a chain search's ``nodes`` to the call's budget, 1024 per 1024 nodes, as the
    search spent them; raises BudgetExceeded past it."""
    budget = LIMIT.get()
    if budget is not None and nodes >= 1024:
        budget.spend(nodes & ~1023)


def first_als_search(state: Candidates, kinds: bytes) -> int:
    """Which of the ALS searches ``kinds`` (0 ALS-XZ, 1 ALS-XY-Wing, 2 ALS-Chain, in that
    order) is the first to find something in ``state``: its index (``len(kinds)`` when
    none does), from one build of the grid's ALS and restricted commons (``ho_als_first``)
    instead of one per search. Its records are kept in ``state`` for its finder
    (:func:`find_als_xz`, :func:`find_als_xy_wing` or :func:`find_als_chain` on ``state``
    next), which then writes the same steps as on its own. A chain search that ran and
    found nothing is charged to the budget here, as its finder would have charged it."""
    found: tuple[int, bytes, bytes, bytes, int] = _backend.kernel().ho_als_first(state.cand_bytes(), kinds, _CHAIN_NODES)
    at, data, alses, rcs, nodes = found
    if at >= len(kinds):
        if 2 in kinds:
            _spend_chain_nodes(nodes)
        return at
    kind = kinds[at]
    state._memo[("als_first", kind)] = (data, nodes) if kind == 2 else data
    if kind == 2:
        state._memo[("als_kernel", 0)] = (_AlsTable(state, alses), _RcTable(rcs))
    return at


def _seeded(state: Candidates, key: tuple[str, int]) -> Any:
    """The records :func:`first_als_search` kept in ``state`` for ``key``'s search (taken:
    a second call searches again), or None."""
    return state._memo.pop(key, None)


def _chain_entry(alses: _AlsTable, start: int, chain: list[tuple[tuple[int, int, int, int], int]]
                 ) -> tuple[list[tuple[int, int]], int, int, int, Step]:
    """(eliminations, index sum, ALS count, cells, step) of a chain the search kept."""
    (r1, a1), (r2, a2) = chain[0], chain[-1]
    skip = (BIT[r1[2]] if a1 != 2 else 0) | (BIT[r1[3]] if a1 == 2 else 0)
    skip |= (BIT[r2[2]] if a2 in (1, 3) else 0) | (BIT[r2[3]] if a2 in (2, 3) else 0)
    sets = [alses[start]] + [alses[rc[1]] for rc, _ in chain]
    elims, _zs = _common_elims(sets[0], sets[-1], skip)
    size = sum(x.cells.bit_count() for x in sets)
    index_sum = sum(cell * (1 + 80 * n) + d for n, (cell, d) in enumerate(elims))
    return elims, index_sum, len(sets), size, _chain_step(chain, sets, elims)


def _chain_step(chain: list[tuple[tuple[int, int, int, int], int]], sets: list[Als], elims: list[tuple[int, int]]) -> Step:
    digits = "".join(str(d) for d in sorted({d for _, d in elims}))
    parts = [sets[0].text()]
    for (rc, actual), als in zip(chain, sets[1:]):
        link = (str(rc[2]) if actual in (1, 3) else "") + (str(rc[3]) if actual in (2, 3) else "")
        parts.append(f" -{link}- {als.text()}")
    return _als_step(
        "als_chain", "Almost Locked Set Chain", elims, tuple(a.cells for a in sets),
        f"{digits}- {''.join(parts)} -{digits}",
        "If the first set loses its link digit, every link forces the next set to lose its own, so the last "
        "set is locked; either way the first or the last set holds each of the end digits.",
    )


def find_death_blossom(state: Candidates) -> Iterator[Step]:
    """A stem cell whose every candidate links it to a petal ALS; a digit common to all
    petals leaves the cells that see all its petal cells."""
    cands = state.cands
    alses = state.cached("alses", lambda: find_alses(state))
    for stem in range(81):
        m = cands[stem]
        if POPCOUNT[m] < 2 or POPCOUNT[m] > 4:
            continue
        petals: dict[int, list[Als]] = {}
        for d in DIGITS_OF[m]:
            petals[d] = [a for a in alses if not a.cells >> stem & 1 and a.digits & BIT[d]
                         and not a.cells_with[d] & ~PEER_MASK[stem]]
        yield from _blossoms(state, stem, list(DIGITS_OF[m]), petals, 0, [], 0)


def _blossoms(state: Candidates, stem: int, digits: list[int], petals: dict[int, list[Als]],
              k: int, chosen: list[Als], used: int) -> Iterator[Step]:
    if k == len(digits):
        common = 0x1FF
        for p in chosen:
            common &= p.digits
        for z in DIGITS_OF[common & ~state.cands[stem]]:
            hit = state.where[z] & ~used
            for p in chosen:
                hit &= p.sees[z]
            if hit:
                elims = [(c, z) for c in cells_of(hit)]
                yield _als_step(
                    "death_blossom", "Death Blossom", elims, tuple(p.cells for p in chosen),
                    cells_text([stem]) + "".join(f",  -{d}- {p.text()}" for d, p in zip(digits, chosen)),
                    f"{cells_text([stem])} holds one of its digits, which leaves its petal locked without it; "
                    f"every petal holds {z} then, so no cell seeing all their {z} cells can be {z}.",
                    stem=stem,
                )
        return
    for p in petals[digits[k]]:
        if p.cells & used:
            continue
        yield from _blossoms(state, stem, digits, petals, k + 1, chosen + [p], used | p.cells)


def _als_step(technique: str, name: str, elims: list[tuple[int, int]] | tuple[tuple[int, int], ...], sets: tuple[int, ...],
              pattern: str, why: str, stem: int = -1) -> Step:
    """The step; ``sets``: the cell masks of its ALS (A, B, C, ... or the petals);
    ``elims`` as a tuple: already in HoDoKu's order (ALS-XZ), a list: sorted here."""
    roles = ("base", "cover", "pivot", "fin", "other", "other", "other", "other", "other")
    cells: list[tuple[int, str]] = [(stem, "pivot")] if stem >= 0 else []
    for k, a in enumerate(sets):
        cells += [(c, roles[min(k, len(roles) - 1)] if stem < 0 else "base") for c in cells_of(a)]
    return Step(
        technique, name, _FAMILY,
        eliminations=elims if isinstance(elims, tuple) else tuple(sorted(set(elims), key=lambda e: (e[1], e[0]))),
        cells=tuple(cells),
        digits=tuple(sorted({d for _, d in elims})),
        why=why,
        notation=pattern,
    )
