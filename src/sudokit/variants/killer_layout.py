"""Killer cage layouts drawn around a solution, shaped like published killers.

Published killer puzzles have cages of mostly two to four cells and almost no one-cell
cages (a one-cell cage is just a given). :func:`cage_layout` draws each cage's size from
those weights, starts every cage at the free cell with the fewest free neighbours (the
cells a layout would otherwise strand, as in Warnsdorff's rule) and grows it through
neighbours whose digit it does not hold yet, preferring cells that are running out of
free neighbours too. A cell left alone at the end joins a neighbouring cage that lacks its
digit (one cell over ``largest`` if it must), so a one-cell cage stays only when every
neighbouring cage already holds that digit. For a puzzle without givens,
:func:`recage` cuts the cages around a given the layout still needs into new cages (that
given in a cage of two or three cells) so the generator can try the puzzle without it;
:func:`split_off` turns a given that no such draw made redundant into a one-cell cage.

>>> import random
>>> sol = [int(ch) for ch in "534678912672195348198342567859761423426853791713924856961537284287419635345286179"]
>>> cages = cage_layout(sol, 9, random.Random(1))
>>> sorted(c for cage in cages for c in cage.cells) == list(range(81))
True
>>> all(cage.total == sum(sol[c] for c in cage.cells) for cage in cages)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .constraints import KillerCage
from .puzzle import orthogonal_neighbours

__all__ = ["cage_layout", "recage", "split_off", "SIZE_WEIGHTS"]

#: Relative odds of a cage's target size (sizes above ``largest`` are dropped): two- and
#: three-cell cages most often, then four, now and then five (when ``largest`` allows).
SIZE_WEIGHTS = {2: 4, 3: 4, 4: 2, 5: 1}


def _target(rng: random.Random, largest: int) -> int:
    sizes = [s for s in SIZE_WEIGHTS if s <= largest] or [max(1, largest)]
    return rng.choices(sizes, weights=[SIZE_WEIGHTS.get(s, 1) for s in sizes])[0]


def cage_layout(solution: Sequence[int], n: int, rng: random.Random, largest: int = 4) -> tuple[KillerCage, ...]:
    """Cages covering the ``n`` x ``n`` grid, each of distinct digits of ``solution``."""
    near = [orthogonal_neighbours(i, n) for i in range(n * n)]
    free = set(range(n * n))
    degree = [len(cells) for cells in near]  # free neighbours of each cell, kept up to date
    owner: dict[int, int] = {}
    cages: list[list[int]] = []

    def take(cell: int) -> None:
        free.discard(cell)
        for q in near[cell]:
            degree[q] -= 1

    while free:
        low = min(degree[c] for c in free)
        start = rng.choice(sorted(c for c in free if degree[c] == low))
        cage, want = [start], _target(rng, largest)
        take(start)
        while len(cage) < want:
            digits = {solution[c] for c in cage}
            options = sorted({q for c in cage for q in near[c] if q in free and solution[q] not in digits})
            if not options:
                break
            low = min(degree[q] for q in options)
            q = rng.choice([q for q in options if degree[q] == low])
            cage.append(q)
            take(q)
        for c in cage:
            owner[c] = len(cages)
        cages.append(cage)
    _absorb_singles(cages, owner, solution, near, rng, largest)
    return tuple(KillerCage(tuple(sorted(cage)), sum(solution[c] for c in cage)) for cage in cages if cage)


def _absorb_singles(cages: list[list[int]], owner: dict[int, int], solution: Sequence[int], near: list[list[int]],
                    rng: random.Random, largest: int) -> None:
    """Move each one-cell cage into a neighbouring cage without its digit (smallest first)."""
    for k, cage in enumerate(cages):
        if len(cage) != 1:
            continue
        cell = cage[0]
        hosts = sorted({owner[q] for q in near[cell]} - {k})
        hosts = [h for h in hosts if len(cages[h]) <= largest and solution[cell] not in {solution[c] for c in cages[h]}]
        if not hosts:
            continue
        smallest = min(len(cages[h]) for h in hosts)
        host = rng.choice([h for h in hosts if len(cages[h]) == smallest])
        cages[host].append(cell)
        owner[cell] = host
        cage.clear()


def recage(cages: Sequence[KillerCage], cell: int, solution: Sequence[int], n: int, rng: random.Random,
           largest: int = 4) -> tuple[KillerCage, ...] | None:
    """Another layout around ``cell``: its cage and a random neighbouring cage are cut up
    afresh, ``cell`` in a new cage of two or three cells, the rest of the two cages in
    connected cages of at least two cells (None when this draw leaves a cell alone)."""
    owner = {c: k for k, cage in enumerate(cages) for c in cage.cells}
    near = [orthogonal_neighbours(i, n) for i in range(n * n)]
    home = owner[cell]
    others = sorted({owner[q] for c in cages[home].cells for q in near[c]} - {home})
    if not others:
        return None
    union = set(cages[home].cells) | set(cages[rng.choice(others)].cells)
    pieces: list[list[int]] = []
    free = set(union)
    start, want = cell, rng.choice((2, 2, 3))
    while free:
        cage = [start]
        free.discard(start)
        while len(cage) < want:
            digits = {solution[c] for c in cage}
            options = sorted({q for c in cage for q in near[c] if q in free and solution[q] not in digits})
            if not options:
                break
            q = rng.choice(options)
            cage.append(q)
            free.discard(q)
        pieces.append(cage)
        if free:
            low = min(sum(q in free for q in near[c]) for c in free)
            start = rng.choice(sorted(c for c in free if sum(q in free for q in near[c]) == low))
            want = _target(rng, largest)
    for piece in [p for p in pieces if len(p) == 1]:
        hosts = [h for h in pieces if h is not piece and len(h) <= largest and any(q in h for q in near[piece[0]])
                 and solution[piece[0]] not in {solution[c] for c in h}]
        if not hosts:
            return None
        rng.choice(hosts).append(piece.pop())
    new = {tuple(sorted(p)) for p in pieces if p}
    if new <= {cage.cells for cage in cages}:
        return None  # drawn the same two cages again
    kept = [cage for cage in cages if not set(cage.cells) & union]
    return tuple(kept) + tuple(KillerCage(cells, sum(solution[c] for c in cells)) for cells in sorted(new))


def split_off(cages: Sequence[KillerCage], cell: int, solution: Sequence[int], n: int) -> tuple[KillerCage, ...]:
    """The layout with ``cell`` in a one-cell cage of its own; the rest of its old cage
    stays caged as its connected pieces (each a cage with its own sum)."""
    out: list[KillerCage] = []
    for cage in cages:
        if cell not in cage.cells:
            out.append(cage)
            continue
        rest = set(cage.cells) - {cell}
        while rest:
            piece, todo = set(), [min(rest)]
            while todo:
                c = todo.pop()
                if c in rest:
                    rest.discard(c)
                    piece.add(c)
                    todo.extend(orthogonal_neighbours(c, n))
            out.append(KillerCage(tuple(sorted(piece)), sum(solution[c] for c in piece)))
        out.append(KillerCage((cell,), solution[cell]))
    return tuple(out)
