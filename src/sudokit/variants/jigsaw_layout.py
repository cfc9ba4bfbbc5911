"""Jigsaw regions drawn around a solution grid, so the layout is solvable by construction.

Drawing random regions first and then searching for a grid that fits them works up to
16x16 (:func:`sudokit.variants.generating.random_regions`), but at 25x25 completing a
random layout runs for many minutes (and a random layout may have no solution at all,
which no search proves quickly). :func:`regions_around` turns it around: it starts from a
solution of the boxed grid, whose boxes are valid regions, and moves cells *of one digit*
around a closed chain of touching regions: a cell of digit d joins a region it touches,
whose own cell of digit d joins a region *it* touches, and so on until one joins the
region the chain started from. Every region keeps one cell of each digit, rows and
columns are untouched, so the solution stays a solution of the new layout; a chain that
would cut a region in two is undone. (Trades between two regions only, the simplest
move, barely change a boxed layout: the few that fit keep undoing each other.)

The layouts are less wild than :func:`random_regions`' (some regions stay close to their
box), and the solution keeps its boxes valid too (the puzzle does not say so).

>>> import random
>>> sol = [int(ch) for ch in "534678912672195348198342567859761423426853791713924856961537284287419635345286179"]
>>> regions = regions_around(sol, 9, random.Random(1))
>>> all(sorted(sol[c] for c in region) == list(range(1, 10)) for region in regions)
True
>>> regions != tuple(tuple(r * 9 + c for r in range(R, R + 3) for c in range(C, C + 3)) for R in (0, 3, 6) for C in (0, 3, 6))
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from .puzzle import orthogonal_neighbours

__all__ = ["regions_around"]

#: Chains tried per chain wanted, at most (about one in five closes and keeps regions whole).
_TRIES = 30


def _connected(cells: set[int], near: list[list[int]]) -> bool:
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        for q in near[todo.pop()]:
            if q in cells and q not in seen:
                seen.add(q)
                todo.append(q)
    return len(seen) == len(cells)


def regions_around(solution: Sequence[int], n: int, rng: random.Random, trades: int | None = None,
                   check: Callable[[], None] = lambda: None) -> tuple[tuple[int, ...], ...]:
    """Connected regions of ``n`` cells tiling the grid, each holding every digit of
    ``solution`` (a solution of the ``n`` x ``n`` grid with its standard boxes) once.

    ``trades`` chains are moved (default ``8 * n * n``; at most ``30 * trades`` are tried);
    ``check`` is called now and then (a time budget: it raises to stop)."""
    from .puzzle import box_shape

    br, bc = box_shape(n)
    region = [(r // br) * (n // bc) + c // bc for r in range(n) for c in range(n)]
    cells: list[set[int]] = [set() for _ in range(n)]
    where = [[0] * (n + 1) for _ in range(n)]  # where[k][d]: the cell of digit d in region k
    for i, k in enumerate(region):
        cells[k].add(i)
        where[k][solution[i]] = i
    if any(len(c) != n for c in cells) or any(sorted(solution[i] for i in c) != list(range(1, n + 1)) for c in cells):
        raise ValueError("regions_around needs a solution of the grid with its standard boxes")
    near = [orthogonal_neighbours(i, n) for i in range(n * n)]
    wanted = 8 * n * n if trades is None else trades
    done = 0
    for attempt in range(_TRIES * wanted):
        if done >= wanted:
            break
        if attempt % 512 == 511:
            check()
        moves = _cycle(rng.randrange(n * n), region, where, solution, near, rng)
        if not moves:
            continue
        for cell, was, now in moves:
            cells[was].remove(cell)
            cells[now].add(cell)
        if all(_connected(cells[k], near) for _, k, _ in moves):
            d = solution[moves[0][0]]
            for cell, _, now in moves:
                region[cell] = now
                where[now][d] = cell
            done += 1
        else:
            for cell, was, now in moves:
                cells[now].remove(cell)
                cells[was].add(cell)
    return tuple(tuple(sorted(c)) for c in sorted(cells, key=min))


def _cycle(first: int, region: list[int], where: list[list[int]], solution: Sequence[int], near: list[list[int]],
           rng: random.Random, longest: int = 8) -> list[tuple[int, int, int]]:
    """A closed chain of moves ``(cell, from region, to region)`` of cells holding the digit
    of ``first``: each cell moves to a region it touches, whose cell of that digit moves on,
    until one moves into ``first``'s region (empty when the walk does not close)."""
    d, home = solution[first], region[first]
    moves: list[tuple[int, int, int]] = []
    seen = {home}
    cell, was = first, home
    for _ in range(longest):
        options = sorted({region[q] for q in near[cell]} - {was})
        if not options:
            return []
        now = home if home in options and rng.random() < 0.5 else rng.choice(options)
        moves.append((cell, was, now))
        if now == home:
            return moves
        if now in seen:
            return []
        seen.add(now)
        cell, was = where[now][d], now
    return []
