"""Variant puzzles in ``sudokit solve``/``count``/``check``: JSON files (sudokit's schema,
f-puzzles or SudokuPad SCL) and f-puzzles/SudokuPad links/strings, one puzzle per input,
answered in command-line order among the classic inputs, through the same record writer."""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Callable

from typing import TYPE_CHECKING, Any

from .. import errors
from ..puzzlefile import Entry

if TYPE_CHECKING:  # sudokit.variants is imported only when a variant input shows up
    from ..variants.puzzle import Puzzle
    from ._records import RecordWriter

__all__ = ["split_inputs", "answer_variant", "variant_pretty", "is_variant_input", "load_input", "variant_text"]


def split_inputs(sources: list[str]) -> tuple[list[str], list[str]]:
    """(variant inputs, classic inputs), each in command-line order."""
    if not any(_maybe_variant(s) for s in sources):  # the common case: no import, no file reads
        return [], sources
    from ..variants.load import is_variant_source

    variants = [s for s in sources if s != "-" and is_variant_source(s)]
    return variants, [s for s in sources if s not in variants]


def _maybe_variant(source: str) -> bool:
    """Cheap pre-check: JSON-ish files, links, or text that could be a variant puzzle."""
    if os.path.isfile(source):
        return os.path.splitext(source)[1].lower() in (".json", ".fpuzzles", ".fpz", ".txt", "")
    head = source.lstrip()
    return (head[:1] == "{" or "load=" in source or "fpuzzles" in source or head.startswith(("N4Ig", "scl", "ctc"))
            or "sudokupad" in source or "crackingthecryptic" in source)


def is_variant_input(source: str | None) -> bool:
    """True when one CLI input (file path or argument) holds a variant puzzle."""
    if not source or source == "-" or not _maybe_variant(source):
        return False
    from ..variants.load import is_variant_source

    return is_variant_source(source)


def load_input(source: str) -> Puzzle:
    """The variant puzzle of one CLI input (file or argument)."""
    return _load(source)


def variant_text(p: Puzzle) -> str:
    """A terminal view of a variant puzzle: its givens as rows (``.`` blank), then its rules."""
    from collections import Counter

    width = len(str(p.size))
    rows = [" ".join((str(d) if d else ".").rjust(width) for d in row) for row in p.to_list()]
    kinds = Counter(c.kind for c in p.constraints)
    layout = "jigsaw regions" if p.regions is not None else "no boxes" if p.boxes is None else f"{p.boxes[0]}x{p.boxes[1]} boxes"
    rules = ", ".join(f"{kind}" + (f" x{count}" if count > 1 else "") for kind, count in kinds.items())
    title = f"{p.title}: " if p.title else ""
    grids = getattr(p, "grids", None)
    shape = f"{len(grids)} overlapping {p.size}x{p.size} grids" if grids else f"{p.size}x{p.size}"
    return "\n".join(rows + [f"{title}{shape}, {layout}" + (f"; {rules}" if rules else "")])


def _load(source: str) -> Puzzle:
    from ..variants.load import load_variant, read_variant_file

    return read_variant_file(source) if os.path.isfile(source) else load_variant(source)


def answer_variant(out: RecordWriter, source: str, args: argparse.Namespace, mode: str) -> None:
    """Write the record of one variant input (mode: solve, count or check) to ``out``: the
    same columns as a classic record, the puzzle column holding the puzzle's one-line JSON."""
    where = source if os.path.isfile(source) else "<argument>"
    entry = Entry(where, 1, source)
    puzzle_json = ""
    try:
        p = _load(source)
        puzzle_json = json.dumps(p.to_json(), separators=(",", ":"))
        out.ok(entry, puzzle_json, **_ANSWER[mode](p, args))
    except (errors.SudokuError, OSError) as exc:
        out.fail(entry, exc, puzzle_json)


def variant_pretty(record: dict[str, Any]) -> str:
    """The pretty text of a variant ``solve`` record: the solution's rows (cells outside
    every grid of a Samurai blank)."""
    from ..variants.puzzle import DIGIT_CHARS, Puzzle

    p = Puzzle.from_json(json.loads(record["puzzle"]))
    digits = str(record["solution"])
    width = p.width
    rows = [digits[r * width : r * width + width] for r in range(p.height)]
    return "\n".join(" ".join(ch if ch in DIGIT_CHARS else " " for ch in row).rstrip() for row in rows) + "\n"


def _solve(p: Puzzle, args: argparse.Namespace) -> dict[str, Any]:
    from ..variants import solving

    try:
        s = solving.solve(p, unique=not args.first)
    except errors.MultipleSolutionsError:
        raise errors.MultipleSolutionsError("the puzzle has more than one solution (use --first to print one)") from None
    return {"solution": str(s)}


def _count(p: Puzzle, args: argparse.Namespace) -> dict[str, Any]:
    from ..variants import solving

    return {"count": solving.count_solutions(p, args.limit)}


def _check(p: Puzzle, args: argparse.Namespace) -> dict[str, Any]:
    from ..variants import solving

    count = solving.count_solutions(p, 2)
    if count == 0:
        raise errors.UnsolvableError("the puzzle has no solution")
    if count > 1:
        raise errors.MultipleSolutionsError()
    return {}


_ANSWER: dict[str, Callable[[Puzzle, argparse.Namespace], dict[str, Any]]] = {"solve": _solve, "count": _count, "check": _check}
