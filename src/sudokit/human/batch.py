"""Rating many puzzles on every core: :func:`rate_many`.

Each worker is a separate process (the rater is pure Python above the kernel, so threads
would share one interpreter lock); puzzles go out in chunks and come back in input order.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from ..grid import PuzzleLike
from .rating import SYSTEMS, Rating, _systems, rate

__all__ = ["rate_many"]


def _rate_chunk(args: tuple[Sequence[PuzzleLike], dict[str, Any]]) -> list[Rating]:
    puzzles, options = args
    return [rate(p, **options) for p in puzzles]


def rate_many(
    puzzles: Iterable[PuzzleLike],
    *,
    jobs: int | None = None,
    techniques: Iterable[str] | str | None = None,
    uniqueness: bool | None = None,
    max_seconds: float | None = None,
    max_nodes: int | None = None,
    systems: str | Iterable[str] | None = SYSTEMS,
    brute_force: bool = False,
) -> list[Rating]:
    """Rate every puzzle (as :func:`~sudokit.human.rate` with the same options), in input
    order, using ``jobs`` worker processes (default: every core; 1 rates in this process).

    ``max_seconds``/``max_nodes`` bound each puzzle. The first error of any puzzle is
    raised (like ``rate``); ratings of the other puzzles are then lost, so check bad input
    first when that matters.
    """
    items = list(puzzles)
    wanted = tuple(sorted(_systems(systems)))  # checked here, not once per worker
    options: dict[str, Any] = {"uniqueness": uniqueness, "max_seconds": max_seconds, "max_nodes": max_nodes, "systems": wanted,
                               "brute_force": brute_force}
    if techniques is not None:
        options["techniques"] = techniques if isinstance(techniques, str) else tuple(techniques)
    workers = (os.cpu_count() or 1) if jobs is None else int(jobs)
    if workers < 1:
        raise ValueError(f"jobs must be at least 1, got {jobs}")
    if workers == 1 or len(items) < 2:
        return _rate_chunk((items, options))
    # small chunks balance sets where a few puzzles take most of the time
    size = max(1, min(64, len(items) // (workers * 8) or 1))
    chunks = [(items[k : k + size], options) for k in range(0, len(items), size)]
    out: list[Rating] = []
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for part in pool.map(_rate_chunk, chunks):
            out.extend(part)
    return out
