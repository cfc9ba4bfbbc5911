"""The work behind each API endpoint, as plain functions from JSON values to JSON values.

Each job takes keyword arguments that pickle (strings, ints, lists) and returns a
JSON-ready dict, so it can run in a worker process (:mod:`sudokit.web.pool`) that the
server kills when its time budget runs out. Jobs only call sudokit's public API; the
Sudoku logic lives there, never here.

>>> solve(puzzle="53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")["solution"][:9]
'534678912'
"""

from __future__ import annotations

import base64
import io
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from .. import count_solutions, parse
from ..errors import InvalidFormatError, MultipleSolutionsError, UnsolvableError
from ..grid import Grid
from . import variant
from .serialize import hint_json, path_json, rating_json

__all__ = ["JOBS", "read_puzzle", "solve", "count", "check", "hint", "explain", "rate", "generate", "render", "convert", "trace", "describe"]

if TYPE_CHECKING:
    from ..variants import Puzzle

Marks = list[str]


# ------------------------------------------------------------------ reading puzzles
def read_puzzle(text: str) -> tuple[Grid, list[frozenset[int]] | None]:
    """The puzzle in ``text`` (anything :func:`sudokit.parse` reads, else any single-puzzle
    text format of :mod:`sudokit.formats`: sdk, ss, HoDoKu, sukaku, JSON, ipuz...), and its
    pencil marks when the format has them."""
    if variant.is_variant_text(text):
        return _from_fpuzzles(text)
    try:
        return parse(text), None
    except InvalidFormatError as first:
        from ..formats import PencilGrid, read

        try:
            found = read(io.StringIO(text), name="puzzle")
        except (InvalidFormatError, ValueError, TypeError):
            raise first from None
        if isinstance(found, PencilGrid):
            return found.to_grid(), list(found.candidates)
        return found, None


def _from_fpuzzles(text: str) -> tuple[Grid, list[frozenset[int]] | None]:
    """A classic 9x9 f-puzzles/SudokuPad puzzle as a grid (and its given pencil marks);
    a variant is refused by name here: only solve, count, check and render take one
    (:mod:`sudokit.web.variant`)."""
    puzzle = variant.load(text)
    if not variant.is_classic(puzzle):
        raise variant.classic_only(puzzle, "hints, explanations, ratings, traces and conversions")
    grid = Grid.parse(list(puzzle.givens))
    if puzzle.candidates is None:
        return grid, None
    return grid, [frozenset(d for d in range(1, 10) if mask >> (d - 1) & 1) for mask in puzzle.candidates]  # 0: unmarked


def _variant_or_none(text: str) -> Puzzle | None:
    """The variant puzzle in ``text``, or None for a classic one (any classic format)."""
    if not variant.is_variant_text(text):
        return None
    found = variant.load(text)
    return None if variant.is_classic(found) else found


def _grid(puzzle: str) -> Grid:
    return read_puzzle(puzzle)[0]


def _marks(pencil_marks: Sequence[str] | None) -> dict[int, list[int]] | None:
    """81 strings of digits (the player's centre marks) as ``{cell: digits}``."""
    if pencil_marks is None:
        return None
    if len(pencil_marks) != 81:
        raise InvalidFormatError(f"pencil_marks must list 81 cells, got {len(pencil_marks)}")
    marks: dict[int, list[int]] = {}
    for cell, text in enumerate(pencil_marks):
        if any(ch not in "123456789" for ch in text):
            raise InvalidFormatError(f"pencil marks of cell {cell}: {text!r} is not a set of digits 1-9")
        if text:
            marks[cell] = sorted({int(ch) for ch in text})
    return marks


# ------------------------------------------------------------------ solving
def solve(*, puzzle: str, first: bool = False) -> dict[str, Any]:
    """The solution; with ``first`` any one solution of a puzzle with several."""
    from .. import solve as solve_fn

    found = _variant_or_none(puzzle)
    if found is not None:
        return variant.solve(found, first=first)
    grid = _grid(puzzle)
    count_found = count_solutions(grid, limit=2)
    if count_found == 0:
        solve_fn(grid)  # raises the precise error (conflicting givens or no solution)
        raise UnsolvableError("the puzzle has no solution")
    if count_found > 1 and not first:
        raise MultipleSolutionsError("the puzzle has more than one solution (ask with \"first\": true for one of them)")
    return {"puzzle": str(grid), "solution": str(solve_fn(grid, unique=False)), "unique": count_found == 1}


def count(*, puzzle: str, limit: int = 2) -> dict[str, Any]:
    """How many solutions, counting stops at ``limit``."""
    found_variant = _variant_or_none(puzzle)
    if found_variant is not None:
        return variant.count(found_variant, limit=limit)
    grid = _grid(puzzle)
    grid.check()
    found = count_solutions(grid, limit=limit)
    return {"puzzle": str(grid), "count": found, "limit": limit, "capped": found >= limit}


def check(*, puzzle: str, digits: str | None = None) -> dict[str, Any]:
    """Is the puzzle well formed, with one solution? With the player's ``digits``: which
    of them clash with a peer (``conflicts``) and which disagree with the solution
    (``mistakes``, only when the solution is unique)."""
    found_variant = _variant_or_none(puzzle)
    if found_variant is not None:
        return variant.check(found_variant, digits=digits)
    grid = _grid(puzzle)
    grid.check()
    found = count_solutions(grid, limit=2)
    result: dict[str, Any] = {"puzzle": str(grid), "givens": grid.givens, "solutions": found, "unique": found == 1}
    if digits is None:
        return result
    mine = _players(grid, digits)
    conflicts = sorted({c for conflict in mine.conflicts() for c in (conflict.cell_a, conflict.cell_b)})
    mistakes: list[int] = []
    if found == 1:
        from .. import solve as solve_fn

        solution = solve_fn(grid)
        mistakes = [i for i in range(81) if mine[i] and mine[i] != solution[i]]
    result.update(conflicts=conflicts, mistakes=mistakes, filled=81 - len(mine.empty_cells),
                  solved=found == 1 and mine.is_complete and not mistakes)
    return result


def _players(clues: Grid, digits: str) -> Grid:
    """The player's grid with the clues always in place."""
    try:
        mine = parse(digits)
    except InvalidFormatError as exc:
        raise InvalidFormatError(f"the player's digits: {exc}") from None
    return Grid.parse([c or m for c, m in zip(clues, mine)])


# ------------------------------------------------------------------ human-style
def hint(*, puzzle: str, digits: str | None = None, pencil_marks: Marks | None = None, level: int = 1) -> dict[str, Any]:
    """The next hint on the player's grid (see :func:`sudokit.hint`)."""
    from .. import hint as hint_fn

    grid, file_marks = read_puzzle(puzzle)
    marks: Any = _marks(pencil_marks)
    if marks is None and file_marks is not None:
        marks = {i: sorted(m) for i, m in enumerate(file_marks) if m}
    state = (grid, _players(grid, digits) if digits is not None else None, marks)
    return hint_json(hint_fn(state, level=level))


def explain(*, puzzle: str, fallback: bool = False) -> dict[str, Any]:
    """The whole solving path as steps (see :func:`sudokit.explain`)."""
    from .. import explain as explain_fn

    return path_json(explain_fn(_grid(puzzle), fallback=fallback))


def rate(*, puzzle: str) -> dict[str, Any]:
    """The difficulty ratings (see :func:`sudokit.rate`)."""
    from .. import rate as rate_fn

    return rating_json(rate_fn(_grid(puzzle)))


def _generate_function() -> Callable[..., Any]:
    """``generate`` wherever this version keeps it (a module function or the package's)."""
    from ..generation import generate as fn

    return fn


def generate(*, difficulty: str | None = None, symmetry: str = "none", seed: int | None = None, time_budget: float = 5.0) -> dict[str, Any]:
    """A new puzzle with one solution; rated when a ``difficulty`` is asked for."""
    generated = _generate_function()(difficulty, symmetry=symmetry, seed=seed, time_budget=time_budget)
    rating = generated.rating
    if rating is None:
        from .. import rate as rate_fn

        rating = rate_fn(generated.puzzle)
    return {
        "puzzle": str(generated.puzzle),
        "solution": str(generated.solution),
        "seed": generated.seed,
        "symmetry": symmetry,
        "difficulty": difficulty,
        "clues": generated.puzzle.givens,
        "rating": rating_json(rating),
    }


# ------------------------------------------------------------------ pictures and formats
def render(
    *,
    puzzle: str,
    format: str = "svg",
    size: int = 450,
    theme: str = "light",
    digits: str | None = None,
    pencil_marks: Marks | None = None,
    candidates: bool = False,
) -> dict[str, Any]:
    """An SVG (text) or PNG (base64) picture of the puzzle, or of the player's grid."""
    from ..render import board, to_png, to_svg

    found_variant = _variant_or_none(puzzle)
    if found_variant is not None:  # pencil marks and candidates are drawn for classic grids only
        return variant.render(found_variant, format=format, size=size, theme=theme, digits=digits)
    grid, file_marks = read_puzzle(puzzle)
    marks = _marks(pencil_marks)
    if marks is None and file_marks is not None:
        marks = {i: sorted(m) for i, m in enumerate(file_marks) if m}
    picture: Any = grid
    if digits is not None or marks:
        picture = board(_players(grid, digits) if digits is not None else grid, puzzle=grid, marks=marks)
    if format == "png":
        data = to_png(picture, size=size, theme=theme, candidates=candidates or None)
        return {"media_type": "image/png", "base64": base64.b64encode(data).decode("ascii")}
    return {"media_type": "image/svg+xml", "text": to_svg(picture, size=size, theme=theme, candidates=candidates or None)}


def convert(*, puzzle: str, to: str = "line", source_format: str | None = None) -> dict[str, Any]:
    """The puzzle written in another single-puzzle text format."""
    from ..formats import PencilGrid, read, write
    from ..formats._registry import get

    spec = get(to)
    if spec.binary:
        raise ValueError(f"format {spec.name} is binary; the API converts to text formats only")
    found: Any = read(io.StringIO(puzzle), source_format, name="puzzle") if source_format else None
    if found is None:
        grid, marks = read_puzzle(puzzle)
        found = PencilGrid(grid, marks) if marks is not None and spec.pencil else grid
    if isinstance(found, PencilGrid) and not spec.pencil:
        found = found.to_grid()
    out = io.StringIO()
    out.name = "puzzle." + (spec.extensions[0].lstrip(".") if spec.extensions else spec.name)
    write(found, out, spec.name)
    return {"format": spec.name, "text": out.getvalue()}


# ------------------------------------------------------------------ watch it think
def trace(*, puzzle: str, solver: str = "positional", max_nodes: int = 20_000) -> dict[str, Any]:
    """A learning solver's search trace (``events``: ``[cell, digit]``, digit 0 = taken
    back), or for ``solver="logic"`` the human-style path's placements, one per step;
    ``seconds`` is how long the search took (while recording the trace)."""
    grid = _grid(puzzle)
    grid.check()
    if solver == "logic":
        from .. import explain as explain_fn

        start = time.perf_counter()
        path = explain_fn(grid, fallback=True)
        seconds = time.perf_counter() - start
        events = [[cell, digit] for step in path for cell, digit in step.placements]
        return {"solver": solver, "nodes": len(events), "events": events, "solution": str(path.final), "complete": path.solved,
                "seconds": seconds}
    from ..learn import SOLVERS

    report = SOLVERS[solver](grid.to_board(), max_nodes=max_nodes, trace=True)
    events = [[e.row * 9 + e.col, int(e.digit) if e.kind == "place" else 0] for e in report.trace]
    return {"solver": solver, "nodes": report.nodes, "events": events, "solution": report.solution, "complete": True,
            "seconds": report.seconds}


def describe(*, puzzle: str) -> dict[str, Any]:
    """What the page needs to play a variant: givens, rules, and the rules' layer as SVG
    (a classic puzzle answers ``classic: true`` and an empty layer)."""
    found = _variant_or_none(puzzle)
    if found is None:
        grid = _grid(puzzle)
        return {"puzzle": str(grid), "size": 9, "rules": [], "classic": True, "playable": True, "title": "", "overlay": ""}
    return variant.describe(found)


#: Every job by name (what a worker process may be asked to run).
JOBS: dict[str, Callable[..., dict[str, Any]]] = {
    "solve": solve,
    "count": count,
    "check": check,
    "hint": hint,
    "explain": explain,
    "rate": rate,
    "generate": generate,
    "render": render,
    "convert": convert,
    "trace": trace,
    "variant": describe,
}
