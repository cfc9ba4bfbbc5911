"""Variant puzzles in the web app: reading them from a request, and the jobs that accept them.

``/api/solve``, ``/api/count``, ``/api/check`` and ``/api/render`` take a variant puzzle
(sudokit's variant JSON, f-puzzles JSON, an f-puzzles or SudokuPad link) in the same
``{"puzzle": ...}`` field as a classic one; ``/api/variant`` answers what the page needs
to play it (its givens, its rules and its constraint layer as SVG). Everything here calls
:mod:`sudokit.variants` and :mod:`sudokit.render.variant`; no Sudoku logic lives here.

>>> p = load('{"size": 4, "constraints": [{"type": "killer", "cells": ["r1c1", "r1c2"], "total": 3}]}')
>>> p.size, rules(p)
(4, ['killer'])
"""

from __future__ import annotations

import json
from collections import Counter
from typing import TYPE_CHECKING, Any

from ..errors import InvalidFormatError, InvalidPuzzleError, MultipleSolutionsError, UnsolvableError

if TYPE_CHECKING:
    from ..variants import Puzzle

__all__ = ["is_variant_text", "load", "is_classic", "rules", "solve", "count", "check", "render", "describe", "overlay_svg",
           "classic_only"]

def is_variant_text(text: str) -> bool:
    """True for an f-puzzles or SudokuPad link (or its payload) or a variant JSON object."""
    from ..variants.sudokupad import is_sudokupad_text

    head = text.lstrip()[:4096]
    if "load=" in head or head.startswith("N4Ig") or is_sudokupad_text(head):
        return True
    return head.startswith("{") and '"puzzle"' not in text  # sudokit's and ipuz's classic JSON name a "puzzle"


def load(text: str) -> Puzzle:
    """The variant puzzle in ``text``; anything unreadable is an :class:`InvalidPuzzleError`
    (a client's malformed JSON must never surface as a server error)."""
    from ..variants import load_variant

    try:
        return load_variant(text)
    except InvalidPuzzleError:
        raise
    except (TypeError, KeyError, IndexError, AttributeError, ValueError, OverflowError, RecursionError) as exc:
        raise InvalidFormatError(f"not a readable variant puzzle ({type(exc).__name__}: {exc})") from None


def is_classic(p: Puzzle) -> bool:
    """A plain 9x9 Sudoku (no rules, standard boxes, one grid): the classic pages handle it."""
    return p.size == 9 and not p.constraints and p.regions is None and p.boxes in ((), (3, 3)) and p.grids is None


def rules(p: Puzzle) -> list[str]:
    """The JSON ``type`` of each distinct rule, in order of first appearance (plus the layout)."""
    names = [p.constraint_name(k).rsplit(" ", 1)[0] for k in range(len(p.constraints))]
    if p.regions is not None:
        names.insert(0, "jigsaw")
    if p.grids is not None:
        names.insert(0, "overlapping grids")
    return list(dict.fromkeys(names))


def classic_only(p: Puzzle, what: str) -> InvalidPuzzleError:
    """The error for an endpoint that plays classic Sudoku only (hints, explanations...)."""
    from ..errors import UnsupportedVariantError

    kinds = ", ".join(rules(p)) or f"size {p.size}"
    return UnsupportedVariantError(
        f"{what} work on classic 9x9 Sudoku only; this is a variant puzzle ({kinds}): "
        "solve, count, check and render accept it"
    )


def _text(p: Puzzle) -> str:
    return str(p)


def _base(p: Puzzle) -> dict[str, Any]:
    return {"puzzle": _text(p), "size": p.size, "rules": rules(p)}


# ------------------------------------------------------------------ solving
def solve(p: Puzzle, *, first: bool = False) -> dict[str, Any]:
    """Like the classic job: 422 when there is no solution, or several and not ``first``."""
    from .. import count_solutions, solve as solve_fn

    found = count_solutions(p, limit=2)
    if found == 0:
        raise UnsolvableError("the puzzle has no solution")
    if found > 1 and not first:
        raise MultipleSolutionsError("the puzzle has more than one solution (ask with \"first\": true for one of them)")
    solution = solve_fn(p, unique=False)
    return _base(p) | {"solution": _text(solution), "unique": found == 1, "rows": solution.to_list()}


def count(p: Puzzle, *, limit: int = 2) -> dict[str, Any]:
    """How many solutions, up to ``limit``."""
    from .. import count_solutions

    found = count_solutions(p, limit=limit)
    return _base(p) | {"count": found, "limit": limit, "capped": found >= limit}


def players(p: Puzzle, digits: str) -> list[int]:
    """The player's digits (a string of one character per cell, ``.``/``0`` blank; digits
    and then letters for sizes over 9), with the givens always in place."""
    from ..variants.puzzle import DIGIT_CHARS

    text = "".join(digits.split())
    if len(text) != p.cells:
        raise InvalidFormatError(f"the player's digits: expected {p.cells} cells, got {len(text)}")
    values = []
    for k, ch in enumerate(text):
        if ch in ".0":
            values.append(0)
            continue
        d = DIGIT_CHARS.find(ch.upper()) + 1
        if not 1 <= d <= p.size:
            raise InvalidFormatError(f"the player's digits: {ch!r} is not a digit 1..{p.size}", column=k + 1)
        values.append(d)
    return [g or v if p.is_active(k) else 0 for k, (g, v) in enumerate(zip(p.givens, values))]


def _conflicts(p: Puzzle, values: list[int]) -> list[int]:
    """Cells whose digit repeats in one of the puzzle's houses (rows, columns, boxes or
    regions, and every other rule that makes cells distinct: diagonals, cages, windows...)."""
    from ..variants.compile import compile_puzzle

    clash: set[int] = set()
    for house in compile_puzzle(p).houses:
        seen = Counter(values[c] for c in house if values[c])
        clash.update(c for c in house if values[c] and seen[values[c]] > 1)
    return sorted(clash)


def check(p: Puzzle, *, digits: str | None = None) -> dict[str, Any]:
    """Solutions (0, 1, 2+) and, with the player's ``digits``, conflicts and mistakes."""
    from .. import count_solutions, solve as solve_fn

    found = count_solutions(p, limit=2)
    result = _base(p) | {"givens": sum(1 for g in p.givens if g), "solutions": found, "unique": found == 1}
    if digits is None:
        return result
    mine = players(p, digits)
    mistakes: list[int] = []
    if found == 1:
        solution = solve_fn(p).givens
        mistakes = [i for i, d in enumerate(mine) if d and d != solution[i]]
    active = sum(1 for i in range(p.cells) if p.is_active(i))
    filled = sum(1 for d in mine if d)
    result.update(conflicts=_conflicts(p, mine), mistakes=mistakes, filled=filled,
                  solved=found == 1 and filled == active and not mistakes)
    return result


# ------------------------------------------------------------------ pictures
def render(p: Puzzle, *, format: str = "svg", size: int = 450, theme: str = "light", digits: str | None = None) -> dict[str, Any]:
    """The whole picture (grid, rules, givens; the player's digits in their colour)."""
    import base64

    from ..render.variant import variant_image, variant_svg

    shown = p.with_givens(players(p, digits)) if digits is not None else None
    if format == "png":
        out = __import__("io").BytesIO()
        variant_image(p, size=size, theme=theme, solution=shown).save(out, format="PNG")
        return {"media_type": "image/png", "base64": base64.b64encode(out.getvalue()).decode("ascii")}
    return {"media_type": "image/svg+xml", "text": variant_svg(p, size=size, theme=theme, solution=shown)}


def overlay_svg(p: Puzzle, size: int = 900) -> str:
    """Only the rules' marks (cages, lines, dots, arrows, shading), cropped to the grid, so
    the page can lay it over its own cells: everything :func:`variant_shapes` draws for the
    puzzle without its givens, minus what it draws for the bare grid (without boxes for a
    jigsaw, so every region border stays in the layer)."""
    from ..render.svg import _element, _num
    from ..render.variant import variant_shapes

    blank = p.with_givens([0] * p.cells)
    grid_only = Counter(variant_shapes(_bare(blank), size))
    shapes = []
    for shape in variant_shapes(blank, size):
        if grid_only[shape]:
            grid_only[shape] -= 1
        else:
            shapes.append(shape)
    margin = size * 0.02
    side = size - 2 * margin
    box = f"{_num(margin)} {_num(margin)} {_num(side * p.width / max(p.width, p.height))} {_num(side * p.height / max(p.width, p.height))}"
    head = f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{box}" preserveAspectRatio="none" class="variant-layer">'
    return "\n".join([head, *(_element(s) for s in shapes), "</svg>"])


def _bare(p: Puzzle) -> Puzzle:
    """``p`` without its rules (and without a jigsaw's regions: rows and columns only)."""
    from dataclasses import replace

    return replace(p, constraints=(), regions=None, boxes=None) if p.regions is not None else replace(p, constraints=())


def describe(p: Puzzle) -> dict[str, Any]:
    """What the page needs: the givens, the rules, whether its 9x9 board can show the
    puzzle (one 9x9 grid with 3x3 boxes or jigsaw regions; then ``regions`` lists the
    boxes or regions), and the rules' layer as SVG."""
    playable = p.size == 9 and p.grids is None and (p.regions is not None or p.boxes in ((), (3, 3)))
    return _base(p) | {
        "classic": is_classic(p),
        "playable": playable,
        "title": p.title,
        "overlay": overlay_svg(p),
        "regions": [list(r) for r in p.region_list()] if playable else None,
    }


def from_body(puzzle: Any) -> str:
    """A request's ``puzzle`` field as text (a JSON object is sent on as its JSON)."""
    return puzzle if isinstance(puzzle, str) else json.dumps(puzzle)
