"""Solve and count variant puzzles through the engine (C, or the twin ``_pyengine``).

``sudokit.solve``/``count_solutions``/``is_unique``/``solutions``/``solve_many`` call these
for a :class:`~sudokit.variants.Puzzle`; a classic 9x9 puzzle goes to the band core instead.
A solution is the same puzzle with every cell given (``solution.to_list()`` gives its rows).
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from .. import _backend
from ..errors import Conflict, ConflictingGivensError, MultipleSolutionsError, SearchLimitExceeded, UnsolvableError, house_conflicts
from .compile import compile_puzzle
from .puzzle import Puzzle

__all__ = ["run", "solve", "count_solutions", "is_unique", "solutions", "solve_many", "conflicts", "explain_zero"]


def run(puzzle: Puzzle, limit: int, max_nodes: int | None = None) -> tuple[int, tuple[int, ...] | None]:
    """``(count capped at limit, first solution digits or None)`` from the engine.

    Raises :class:`~sudokit.errors.SearchLimitExceeded` when ``max_nodes`` branches were
    tried before the search finished.
    """
    if puzzle.is_classic:
        return _run_classic(puzzle, limit)
    program = compile_puzzle(puzzle).encode()
    status, count, first, nodes = _backend.kernel().engine_solve(program, limit, max_nodes or 0)
    if status == 1:
        raise SearchLimitExceeded(f"node budget of {max_nodes} exhausted after {count} solution(s)", nodes=nodes)
    if not count:
        return count, None
    if puzzle.grids is not None:  # the engine places a 1 outside every grid
        return count, tuple(d if puzzle.is_active(i) else 0 for i, d in enumerate(first))
    return count, tuple(first)


def _run_classic(puzzle: Puzzle, limit: int) -> tuple[int, tuple[int, ...] | None]:
    cells = bytes(48 + d if d else 46 for d in puzzle.givens)
    count, first, _ = _backend.kernel().solve(cells, limit)
    return count, (tuple(b - 48 for b in first) if count else None)


def conflicts(puzzle: Puzzle) -> list[Conflict]:
    """Pairs of givens with one digit in one house: a row, column, box or region, or a rule
    whose cells hold distinct digits (diagonal, extra region, killer cage, ...)."""
    program = compile_puzzle(puzzle)
    return house_conflicts(zip(program.house_names, program.houses), puzzle.givens)


def explain_zero(puzzle: Puzzle) -> UnsolvableError | ConflictingGivensError:
    """Why a puzzle has no solution: its givens clash, or it just has none (as for classic
    puzzles: :class:`~sudokit.errors.ConflictingGivensError` or UnsolvableError)."""
    found = conflicts(puzzle)
    if found:
        return ConflictingGivensError(found, width=puzzle.width)
    return UnsolvableError("the puzzle has no solution")


def solve(puzzle: Puzzle, *, unique: bool = False, max_nodes: int | None = None) -> Puzzle:
    """The solution of a variant puzzle (every cell given); see :func:`sudokit.solve`.
    Clashing givens raise :class:`~sudokit.errors.ConflictingGivensError`."""
    count, first = run(puzzle, 2 if unique else 1, max_nodes)
    if first is None:
        raise explain_zero(puzzle)
    if unique and count > 1:
        raise MultipleSolutionsError("the puzzle has more than one solution", count=count)
    return puzzle.with_givens(first)


def count_solutions(puzzle: Puzzle, limit: int = 2, *, max_nodes: int | None = None) -> int:
    """Solutions of a variant puzzle, counting stops at ``limit``; clashing givens raise
    :class:`~sudokit.errors.ConflictingGivensError` (a count of 0 is a puzzle without
    solutions), as for classic puzzles."""
    count = run(puzzle, limit, max_nodes)[0]
    if not count:
        error = explain_zero(puzzle)
        if isinstance(error, ConflictingGivensError):
            raise error
    return count


def is_unique(puzzle: Puzzle) -> bool:
    """True when the variant puzzle has exactly one solution."""
    return count_solutions(puzzle, 2) == 1


def solutions(puzzle: Puzzle, limit: int | None = None) -> Iterator[Puzzle]:
    """Yield solutions lazily (split on a cell with the fewest candidates until unique);
    clashing givens raise :class:`~sudokit.errors.ConflictingGivensError` at the start."""
    found = conflicts(puzzle)
    if found:
        raise ConflictingGivensError(found, width=puzzle.width)
    produced = 0
    stack = [puzzle]
    while stack and (limit is None or produced < limit):
        branch = stack.pop()
        count, first = run(branch, 2)
        if count == 1 and first is not None:
            produced += 1
            yield puzzle.with_givens(first)
        elif count > 1:
            stack.extend(reversed(_split(branch)))


def _split(puzzle: Puzzle) -> list[Puzzle]:
    """One child per digit of the first blank cell (children partition the solutions)."""
    cell = next(i for i, d in enumerate(puzzle.givens) if not d and puzzle.is_active(i))
    out = []
    for d in range(1, puzzle.size + 1):
        givens = list(puzzle.givens)
        givens[cell] = d
        out.append(puzzle.with_givens(givens))
    return out


def solve_many(puzzles: Sequence[Puzzle], *, unique: bool = False, threads: int = 1,
               return_counts: bool = False) -> Any:
    """Solve each puzzle (None when it has no solution, or not exactly one with ``unique``).

    With ``return_counts`` the result is ``(solutions, counts)``: ``counts[i]`` is the
    solution count of puzzle ``i`` capped at 2 (at 1 without ``unique``), as for classic
    puzzles."""
    limit = 2 if unique else 1

    def one(p: Puzzle) -> tuple[Puzzle | None, int]:
        count, first = run(p, limit)
        ok = count == 1 if unique else count >= 1
        return (p.with_givens(first) if ok and first is not None else None), count

    if threads > 1 and len(puzzles) > 1:
        with ThreadPoolExecutor(max_workers=threads) as pool:
            results = list(pool.map(one, puzzles))
    else:
        results = [one(p) for p in puzzles]
    solved = [s for s, _ in results]
    return (solved, array("i", [c for _, c in results])) if return_counts else solved
