"""Variant puzzles in batch runs: rows that hold a variant instead of 81 classic cells.

A row is a variant when its text is one (:func:`sudokit.variants.load.is_variant_text`):
sudokit's variant JSON on one line, f-puzzles JSON, an f-puzzles or SudokuPad link, or the
base64/``scl`` string. ``solve`` and ``count`` take those rows through the variant engine
(``sudokit.variants.solving``; the C engine releases the GIL, so chunks still run on
threads) and the classic rows of the same chunk through the kernel as before; ``canon`` and
``rate`` are classic-only and give such rows status ``invalid``. Only rows whose text is
not 81 characters long are looked at, so a classic chunk pays one vectorised length test.

A variant solution is written as the grid's digits on one line, ``1-9`` then ``A``-``P``
(``.`` outside the grids of a Samurai), like ``sudokit solve --format line`` and the
``solution`` of ``sudokit generate --variant``.

>>> import pyarrow as pa
>>> rows = pa.array(['{"size": 4, "givens": ["1...", "..1.", ".2..", "...3"]}', "." * 81])
>>> variant_rows(rows)
[0]
>>> solve_row(rows[0].as_py(), unique=True)
('ok', '1432231432414123', None)
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..errors import SudokuError
from ._deps import arrow, numpy, require
from .columns import status_of

__all__ = ["variant_rows", "without_rows", "solve_row", "count_row", "generate_variant_row", "variant_names", "looks_like_variant_file",
           "VARIANT_CHUNK_ROWS", "CLASSIC_ONLY"]

#: The default chunk size of a variant input: a variant solve takes 0.1-10 ms, so chunks
#: stay at seconds of work (what a Ctrl-C waits for and a crash loses) instead of minutes.
VARIANT_CHUNK_ROWS = 256
CLASSIC_ONLY = "batch {op} takes classic 9x9 puzzles; variant puzzles are read by solve and count only"


def variant_rows(puzzles: Any, read_errors: list[str | None] | None = None) -> list[int]:
    """Indexes of the rows of an Arrow string array that hold a variant puzzle (a row that
    could not be read, ``read_errors[k]`` set, is none)."""
    pa, pc = arrow(), require("pyarrow.compute")
    if puzzles is None or len(puzzles) == 0:
        return []
    if isinstance(puzzles, pa.ChunkedArray):
        puzzles = puzzles.combine_chunks()
    # Arrow compute end to end: Array.to_numpy(zero_copy_only=False) would import pandas (seconds)
    longer = pc.indices_nonzero(pc.not_equal(pc.utf8_length(puzzles), 81).fill_null(False)).to_pylist()
    return [k for k in longer if (read_errors is None or read_errors[k] is None) and _is_variant(puzzles[k].as_py())]


def without_rows(puzzles: Any, rows: list[int]) -> Any:
    """The array with ``rows`` set to null (the classic path then skips them)."""
    np, pa = numpy(), arrow()
    if not rows:
        return puzzles
    mask = np.zeros(len(puzzles), dtype=bool)
    mask[rows] = True
    return require("pyarrow.compute").if_else(pa.array(mask), pa.scalar(None, pa.string()), puzzles)


def _load(text: str) -> Any:
    from ..variants.load import load_variant

    return load_variant(text)


def _digits(givens: tuple[int, ...] | list[int]) -> str:
    from ..variants.puzzle import DIGIT_CHARS

    return "".join(DIGIT_CHARS[d - 1] if d else "." for d in givens)


def solve_row(text: str, unique: bool) -> tuple[str, str | None, str | None]:
    """``(status, solution digits or None, error or None)`` of one variant row."""
    from ..variants import solving

    try:
        puzzle = _load(text)
        count, first = solving.run(puzzle, 2 if unique else 1)
    except SudokuError as exc:
        return status_of(exc), None, str(exc)
    except Exception as exc:  # a bug: the row says so, the run goes on
        return "error", None, f"{type(exc).__name__}: {exc}"
    if first is None:  # clashing givens are a "conflict", as for classic rows
        error = solving.explain_zero(puzzle)
        return status_of(error), None, str(error)
    if unique and count > 1:
        return "multiple", None, "the puzzle has more than one solution"
    return "ok", _digits(first), None


def count_row(text: str, limit: int) -> tuple[str, int | None, str | None]:
    """``(status, solutions up to limit or None, error or None)`` of one variant row."""
    from ..variants import solving

    try:
        return "ok", solving.count_solutions(_load(text), limit), None
    except SudokuError as exc:
        return status_of(exc), None, str(exc)
    except Exception as exc:  # a bug: the row says so, the run goes on
        return "error", None, f"{type(exc).__name__}: {exc}"


def looks_like_variant_file(path: str, fmt: str) -> bool:
    """True when the first row of a ``line`` or ``jsonl`` file holds a variant puzzle
    (used only to pick the default chunk size; every row is still judged on its own)."""
    if fmt not in ("line", "jsonl"):
        return False
    from .io import first_row

    try:
        text = first_row(path, fmt)
    except OSError:
        return False  # the run itself reports the unreadable file
    return text is not None and _is_variant(text)


def _is_variant(text: str) -> bool:
    from ..variants.load import is_variant_text

    return is_variant_text(text)


def variant_names(options: dict[str, Any]) -> tuple[str, ...] | None:
    """The checked variant names of ``generate`` options (None: classic puzzles); a bad
    name or a classic-only option with them is a ValueError, raised before any work."""
    if options.get("variant") is None and options.get("size") is None:
        if not options.get("givens", True):
            raise ValueError("givens=False needs the killer variant")
        return None
    from ..cli._variant_generate import SIZES, parse_variant

    if options.get("difficulty") is not None or options.get("symmetry", "none") != "none" or not options.get("minimal", True):
        raise ValueError("difficulty, symmetry and minimal are for classic puzzles, not with variant/size")
    if options.get("size") is not None and options["size"] not in SIZES:
        raise ValueError(f"size must be one of {', '.join(map(str, SIZES))}, got {options['size']!r}")
    try:
        names = parse_variant(options["variant"]) if options.get("variant") else ("plain",)
    except argparse.ArgumentTypeError as exc:
        raise ValueError(str(exc)) from None
    if not options.get("givens", True) and "killer" not in names:
        raise ValueError("givens=False needs the killer variant")
    return names


def generate_variant_row(options: dict[str, Any], seed: int) -> dict[str, Any]:
    """The ``generate`` columns of one variant puzzle (options ``variant``: a comma list as
    for ``sudokit generate --variant``, ``size``, ``givens``, ``time_budget`` per puzzle)."""
    import time

    from ..cli._variant_generate import make_record

    names = variant_names(options) or ("plain",)
    budget = options.get("time_budget")
    deadline = None if budget is None else time.time() + float(budget)
    text, solution, _ = make_record((names, int(options.get("size") or 9), seed, bool(options.get("givens", True)), deadline))
    clues = sum(ch not in ".-" for row in json.loads(text)["givens"] for ch in row)
    return {"puzzle": text, "solution": solution, "clues": clues, "status": "ok"}
