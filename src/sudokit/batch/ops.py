"""The batch operations: one function per operation, from a chunk of rows to an Arrow table.

``solve``, ``count`` and ``canon`` are one kernel call per chunk on a ``uint8 (n, 81)``
array (the C kernel releases the GIL, so chunks run on threads); ``rate`` and
``generate`` are Python-heavy and run on worker processes. Every operation returns the
columns of :data:`COLUMNS` for its name, in that order, one output row per input row:
a bad row gets its ``status`` and ``error`` and nulls elsewhere, it never stops the chunk.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .. import _backend, _pycore
from ..errors import ConflictingGivensError, SudokuError
from ..grid import Grid
from ._deps import arrow, numpy
from .columns import STATUSES, Cells, cells_of, status_of, strings_of
from .variants import CLASSIC_ONLY, count_row, generate_variant_row, solve_row, variant_names, variant_rows, without_rows

__all__ = ["Chunk", "Op", "OPS", "COLUMNS", "run_op", "row_seed"]

_NO_SOLUTION = "the puzzle has no solution"
_SEVERAL = "the puzzle has more than one solution"


@dataclass
class Chunk:
    """Rows ``start .. start + rows - 1`` of the input: ``puzzles`` (an Arrow string array,
    None for ``generate``) and ``read_errors`` (why a row could not be read, or None)."""

    index: int
    start: int
    rows: int
    puzzles: Any = None
    read_errors: list[str | None] | None = None


#: The output columns of each operation, in order (see docs/batch.md for their meaning).
COLUMNS: dict[str, tuple[str, ...]] = {
    "solve": ("puzzle", "solution", "status", "error"),
    "count": ("puzzle", "count", "status", "error"),
    "canon": ("puzzle", "canonical", "status", "error"),
    "rate": ("puzzle", "se", "ep", "ed", "hodoku_level", "hodoku_score", "band", "hardest", "solved_logically", "steps", "status", "error"),
    "generate": ("seed", "puzzle", "solution", "clues", "se", "status", "error"),
}

#: Each operation's options and their defaults (the manifest records them all).
OPTIONS: dict[str, dict[str, Any]] = {
    "solve": {"first": False},
    "count": {"limit": 2},
    "canon": {},
    "rate": {},
    "generate": {"count": None, "seed": None, "difficulty": None, "symmetry": "none", "minimal": True, "time_budget": None,
                 "variant": None, "size": None, "givens": True},
}


def options_for(op: str, given: dict[str, Any]) -> dict[str, Any]:
    """``given`` completed with the defaults of ``op``; unknown names are a ValueError."""
    unknown = set(given) - set(OPTIONS[op])
    if unknown:
        raise ValueError(f"batch {op} has no option {', '.join(sorted(unknown))} (options: {', '.join(OPTIONS[op]) or 'none'})")
    options = {**OPTIONS[op], **given}
    if op == "generate":
        variant_names(options)  # a bad variant option fails here, before any chunk
    return options


#: The column a ``line`` output writes for an ``ok`` row.
MAIN = {"solve": "solution", "count": "count", "canon": "canonical", "rate": "se", "generate": "puzzle"}

_RATING_TYPES = {"se": "float64", "ep": "float64", "ed": "float64", "hodoku_level": "string", "hodoku_score": "int64",
                 "band": "string", "hardest": "string", "solved_logically": "bool_", "steps": "int64"}
_TYPES = {"puzzle": "string", "solution": "string", "canonical": "string", "count": "int64", "status": "string",
          "error": "string", "seed": "int64", "clues": "int64", **_RATING_TYPES}


def schema(op: str) -> Any:
    """The Arrow schema of an operation's output (fixed, so every chunk writes the same bytes)."""
    pa = arrow()
    return pa.schema([pa.field(name, getattr(pa, _TYPES[name])()) for name in COLUMNS[op]])


@dataclass(frozen=True)
class Op:
    """An operation: its compute function, where it runs and its default chunk size."""

    name: str
    compute: Callable[[Chunk, dict[str, Any]], Any]
    processes: bool
    chunk_rows: int


def run_op(op: str, chunk: Chunk, options: dict[str, Any]) -> Any:
    """The output table of ``op`` over one chunk (top level, so worker processes can call it)."""
    return OPS[op].compute(chunk, options)


# ------------------------------------------------------------------ helpers
def _table(op: str, columns: dict[str, Any]) -> Any:
    pa = arrow()
    sch = schema(op)
    arrays = [columns[f.name] if isinstance(columns[f.name], (pa.Array, pa.ChunkedArray)) else pa.array(columns[f.name], type=f.type) for f in sch]
    return pa.Table.from_arrays(arrays, schema=sch)


def _statuses(codes: Any) -> Any:
    """An Arrow string column from uint8 status codes (indexes into STATUSES), vectorised."""
    pa = arrow()
    return pa.DictionaryArray.from_arrays(pa.array(codes, type=pa.int8()), pa.array(STATUSES)).cast(pa.string())


def _errors(errors: dict[int, str], n: int) -> Any:
    """The ``error`` column from the (few) rows that have one."""
    pa = arrow()
    if not errors:
        return pa.nulls(n, pa.string())
    return pa.array([errors.get(k) for k in range(n)], type=pa.string())


def _codes(cells: Cells) -> Any:
    np = numpy()
    return np.where(cells.good, 0, STATUSES.index("invalid")).astype(np.int8)


def _explain_zero(row: Any) -> tuple[int, str]:
    """A count of 0: conflicting givens, or a well-formed puzzle without solutions."""
    conflicts = Grid._trusted(bytes(row)).conflicts()
    if conflicts:
        return STATUSES.index("conflict"), str(ConflictingGivensError(conflicts))
    return STATUSES.index("unsolvable"), _NO_SOLUTION


def _kernel_solve(cells: Cells, limit: int) -> tuple[Any, Any]:
    """One ``solve_batch`` call over the good rows: (solutions (n, 81), counts (n,) int64)."""
    np = numpy()
    n = len(cells.good)
    rows = cells.cells if cells.all_good else np.ascontiguousarray(cells.cells[cells.good])
    solved = np.empty_like(rows)
    counts = np.zeros(len(rows), dtype=np.uint32)
    if len(rows):
        _backend.kernel().solve_batch(rows, solved, counts, min(limit, 2**32 - 2))
    if cells.all_good:
        return solved, counts.astype(np.int64)
    full = np.full((n, 81), ord("."), dtype=np.uint8)
    full_counts = np.zeros(n, dtype=np.int64)
    full[cells.good], full_counts[cells.good] = solved, counts
    return full, full_counts


# ------------------------------------------------------------------ kernel operations
def _classic_cells(chunk: Chunk) -> tuple[Cells, list[int]]:
    """The kernel input of the chunk's classic rows, and the indexes of its variant rows
    (nulls in the kernel input: :mod:`sudokit.batch.variants` handles them)."""
    rows = variant_rows(chunk.puzzles, chunk.read_errors)
    return cells_of(without_rows(chunk.puzzles, rows), chunk.read_errors), rows


def _solve(chunk: Chunk, options: dict[str, Any]) -> Any:
    np = numpy()
    cells, variants = _classic_cells(chunk)
    unique = not options.get("first", False)
    solved, counts = _kernel_solve(cells, 2 if unique else 1)
    codes = _codes(cells)
    errors: dict[int, str | None] = dict(cells.errors)
    for k in np.flatnonzero(cells.good & (counts == 0)).tolist():
        codes[k], errors[k] = _explain_zero(cells.cells[k])
    if unique:
        several = np.flatnonzero(cells.good & (counts > 1)).tolist()
        codes[several] = STATUSES.index("multiple")
        for k in several:
            errors[k] = _SEVERAL
    present = codes == 0
    solution = strings_of(solved, present)
    if variants:
        digits = solution.to_pylist()
        for k in variants:
            status, digits[k], errors[k] = solve_row(chunk.puzzles[k].as_py(), unique)
            codes[k] = STATUSES.index(status)
        solution = arrow().array(digits, type=arrow().string())
    return _table("solve", {"puzzle": chunk.puzzles, "solution": solution, "status": _statuses(codes), "error": _errors(_found(errors), chunk.rows)})


def _found(errors: dict[int, str | None]) -> dict[int, str]:
    """The rows that have an error message."""
    return {k: v for k, v in errors.items() if v is not None}


def _count(chunk: Chunk, options: dict[str, Any]) -> Any:
    np, pa = numpy(), arrow()
    cells, variants = _classic_cells(chunk)
    limit = int(options.get("limit", 2))
    _, counts = _kernel_solve(cells, limit)
    codes = _codes(cells)
    errors: dict[int, str | None] = dict(cells.errors)
    for k in np.flatnonzero(cells.good & (counts == 0)).tolist():
        code, message = _explain_zero(cells.cells[k])
        if code == STATUSES.index("conflict"):
            codes[k], errors[k] = code, message
    for k in variants:
        status, found, errors[k] = count_row(chunk.puzzles[k].as_py(), limit)
        codes[k], counts[k] = STATUSES.index(status), found or 0
    count = pa.array(counts, type=pa.int64(), mask=codes != 0)
    return _table("count", {"puzzle": chunk.puzzles, "count": count, "status": _statuses(codes), "error": _errors(_found(errors), chunk.rows)})


def _classic_only(op: str, chunk: Chunk) -> Cells:
    """The kernel input of a classic-only operation: variant rows are ``invalid``, saying why."""
    cells, variants = _classic_cells(chunk)
    for k in variants:
        cells.errors[k] = CLASSIC_ONLY.format(op=op)
    return cells


def _canon(chunk: Chunk, options: dict[str, Any]) -> Any:
    np = numpy()
    cells = _classic_only("canon", chunk)
    forms = np.full_like(cells.cells, ord("."))
    statuses = np.zeros(len(forms), dtype=np.uint8)
    if len(forms):
        _backend.kernel().canonical_batch(cells.cells, forms, statuses)
    codes, errors = _codes(cells), dict(cells.errors)
    for k in np.flatnonzero(cells.good & (statuses != _pycore.CANON_OK)).tolist():
        status, form, _ = _pycore.canonical(bytes(cells.cells[k])) if statuses[k] == _pycore.CANON_TOO_MANY else (statuses[k], b"", b"")
        if status == _pycore.CANON_OK:
            forms[k] = np.frombuffer(form, dtype=np.uint8)
        else:
            codes[k], errors[k] = _explain_zero(cells.cells[k])
    present = codes == 0
    return _table("canon", {"puzzle": chunk.puzzles, "canonical": strings_of(forms, present), "status": _statuses(codes), "error": _errors(errors, chunk.rows)})


# ------------------------------------------------------------------ Python-heavy operations
def _rate(chunk: Chunk, options: dict[str, Any]) -> Any:
    from ..human.rating import rate

    cells = _classic_only("rate", chunk)
    columns: dict[str, list[Any]] = {name: [] for name in _RATING_TYPES}
    statuses: list[str] = []
    errors = dict(cells.errors)
    for k in range(chunk.rows):
        rating, status = None, "ok" if cells.good[k] else "invalid"
        if cells.good[k]:
            try:
                rating = rate(Grid._trusted(bytes(cells.cells[k])))
            except SudokuError as exc:
                status, errors[k] = status_of(exc), str(exc)
        statuses.append(status)
        for name in _RATING_TYPES:
            columns[name].append(None if rating is None else getattr(rating, name))
    return _table("rate", {"puzzle": chunk.puzzles, **columns, "status": statuses, "error": _errors(errors, chunk.rows)})


def row_seed(master: int, row: int) -> int:
    """The seed of generated row ``row``: a hash of (master seed, row), so any chunk can be
    made (again) on its own and the output never depends on --jobs or on resuming."""
    digest = hashlib.blake2b(f"{master}:{row}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little") >> 1


def _generate(chunk: Chunk, options: dict[str, Any]) -> Any:
    from ..generation import generate

    columns: dict[str, list[Any]] = {name: [] for name in COLUMNS["generate"]}
    variant = options.get("variant") is not None or options.get("size") is not None
    for row in range(chunk.start, chunk.start + chunk.rows):
        seed = row_seed(int(options["seed"]), row)
        values: dict[str, Any] = dict.fromkeys(COLUMNS["generate"])
        values["seed"] = seed
        try:
            if variant:
                values.update(generate_variant_row(options, seed))
            else:
                made = generate(options.get("difficulty"), symmetry=options.get("symmetry", "none"),
                                minimal=bool(options.get("minimal", True)), seed=seed, time_budget=options.get("time_budget"))
                values.update(puzzle=str(made.puzzle), solution=str(made.solution), clues=made.clues,
                              se=None if made.rating is None else made.rating.se, status="ok")
        except SudokuError as exc:
            values.update(status=status_of(exc), error=str(exc))
        for name in COLUMNS["generate"]:
            columns[name].append(values[name])
    return _table("generate", columns)


OPS: dict[str, Op] = {
    "solve": Op("solve", _solve, False, 65536),
    "count": Op("count", _count, False, 65536),
    "canon": Op("canon", _canon, False, 8192),
    "rate": Op("rate", _rate, True, 256),
    "generate": Op("generate", _generate, True, 64),
}
