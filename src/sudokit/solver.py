"""Solving and counting: ``solve``, ``count_solutions``, ``is_unique``, ``solutions``, ``solve_many``.

All argument handling happens here; the kernel (C or its Python twin, see
``_backend``) only ever sees 81-byte puzzles.

>>> from sudokit import solve, count_solutions
>>> puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
>>> str(solve(puzzle))[:9]
'534678912'
>>> count_solutions("." * 81, limit=5)
5
"""

from __future__ import annotations

import os
from array import array
from collections.abc import Iterable, Iterator
import sys
from typing import TYPE_CHECKING, Any, Literal, TypeGuard, cast, overload

from . import _backend
from .errors import ConflictingGivensError, InvalidFormatError, MultipleSolutionsError, UnsolvableError
from .grid import PEERS, Grid, PuzzleLike

if TYPE_CHECKING:
    from .variants.puzzle import Puzzle

if TYPE_CHECKING:
    from numpy.typing import NDArray

__all__ = ["solve", "count_solutions", "is_unique", "solutions", "solve_many", "solve_board", "BAD_INPUT"]

#: ``counts[i]`` from :func:`solve_many` for an input that is not a well-formed puzzle.
BAD_INPUT = 0xFFFFFFFF
_CHUNK = 2048  # puzzles per kernel call: keeps Ctrl-C responsive and threads balanced


def _is_variant(value: object) -> TypeGuard[Puzzle]:
    """A ``sudokit.variants.Puzzle`` (checked without importing the variants package:
    nobody can hold one unless it is already imported, and ``import sudokit`` stays light)."""
    module = sys.modules.get("sudokit.variants.puzzle")
    return module is not None and isinstance(value, module.Puzzle)


_TO_DOT = bytes.maketrans(b"0_*", b"...")
_CELL_BYTES = b"123456789."


def _puzzle_bytes(puzzle: PuzzleLike) -> bytes:
    """81 validated bytes for the kernel, with a fast path for the common 81-char string."""
    if type(puzzle) is str and len(puzzle) == 81 and puzzle.isascii():
        cells = puzzle.encode("ascii").translate(_TO_DOT)
        if not cells.translate(None, _CELL_BYTES):  # nothing left but digits and blanks
            return cells
    if isinstance(puzzle, Grid):
        return bytes(puzzle)
    return bytes(Grid.parse(puzzle))


def _explain_zero(cells: bytes) -> UnsolvableError | ConflictingGivensError:
    """Tell conflicting givens from a well-formed puzzle that just has no solution."""
    conflicts = Grid._trusted(cells).conflicts()
    if conflicts:
        return ConflictingGivensError(conflicts)
    return UnsolvableError("the puzzle has no solution")


@overload
def solve(puzzle: Puzzle, *, unique: bool = ...) -> Puzzle: ...
@overload
def solve(puzzle: PuzzleLike, *, unique: bool = ...) -> Grid: ...
def solve(puzzle: PuzzleLike | Puzzle, *, unique: bool = True) -> Grid | Puzzle:
    """Return the solution of ``puzzle``.

    The puzzle must have exactly one solution, else
    :class:`~sudokit.errors.MultipleSolutionsError` (as ``sudokit solve`` exits with
    code 5); ``unique=False`` returns the first solution found instead (``--first``). Raises
    :class:`~sudokit.errors.UnsolvableError` when there is none and an
    :class:`~sudokit.errors.InvalidPuzzleError` for malformed or conflicting input.
    A variant :class:`~sudokit.variants.Puzzle` gives a ``Puzzle`` with every cell given.
    """
    if type(puzzle) is str:  # fast path: the kernel reads an 81-character line itself
        try:
            count, first, _ = _backend._KERNEL.solve(puzzle, 2 if unique else 1)
        except ValueError:  # other blanks, a pretty grid or bad input: the full parser below
            pass
        else:
            if count == 1 or (count and not unique):
                return Grid._trusted(first)
    if _is_variant(puzzle):
        from .variants import solving

        return solving.solve(puzzle, unique=unique)
    cells = _puzzle_bytes(cast(PuzzleLike, puzzle))  # a Puzzle returned above
    count, first, _ = _backend.kernel().solve(cells, 2 if unique else 1)
    if count == 0:
        raise _explain_zero(cells)
    if unique and count > 1:
        raise MultipleSolutionsError("the puzzle has more than one solution", count=count)
    return Grid._trusted(first)


def count_solutions(puzzle: PuzzleLike | Puzzle, limit: int = 2) -> int:
    """Count solutions, stopping at ``limit`` (so the result is ``min(true count, limit)``).

    Raises :class:`~sudokit.errors.ConflictingGivensError` for conflicting givens; a
    well-formed puzzle without solutions counts 0.
    """
    if type(puzzle) is str and type(limit) is int and limit >= 1:  # fast path, as in solve()
        try:
            count: int = _backend._KERNEL.solve(puzzle, limit)[0]
        except ValueError:
            pass
        else:
            if count:
                return count
    if not isinstance(limit, int) or isinstance(limit, bool) or limit < 1:
        raise ValueError(f"limit must be a positive integer, got {limit!r}")
    if _is_variant(puzzle):
        from .variants import solving

        return solving.count_solutions(puzzle, limit)
    cells = _puzzle_bytes(cast(PuzzleLike, puzzle))  # a Puzzle returned above
    count = _backend.kernel().solve(cells, limit)[0]
    if count == 0:
        error = _explain_zero(cells)
        if isinstance(error, ConflictingGivensError):
            raise error
    return count


def is_unique(puzzle: PuzzleLike | Puzzle) -> bool:
    """True when the puzzle has exactly one solution."""
    return count_solutions(puzzle, limit=2) == 1


@overload
def solutions(puzzle: Puzzle, limit: int | None = ...) -> Iterator[Puzzle]: ...
@overload
def solutions(puzzle: PuzzleLike, limit: int | None = ...) -> Iterator[Grid]: ...
def solutions(puzzle: PuzzleLike | Puzzle, limit: int | None = None) -> Iterator[Grid | Puzzle]:
    """Yield the solutions one by one, lazily, in a fixed order (at most ``limit``).

    The search is split on a most-constrained blank cell until each branch has a
    single solution, so memory stays small even for puzzles with millions of solutions.
    """
    if limit is not None and (not isinstance(limit, int) or isinstance(limit, bool) or limit < 0):
        raise ValueError(f"limit must be None or a non-negative integer, got {limit!r}")
    if _is_variant(puzzle):
        from .variants import solving

        yield from solving.solutions(puzzle, limit)
        return
    cells = _puzzle_bytes(cast(PuzzleLike, puzzle))  # a Puzzle returned above
    if _backend.kernel().solve(cells, 1)[0] == 0:
        error = _explain_zero(cells)
        if isinstance(error, ConflictingGivensError):
            raise error
        return
    produced = 0
    stack = [cells]
    while stack and (limit is None or produced < limit):
        branch = stack.pop()
        count, first, _ = _backend.kernel().solve(branch, 2)
        if count == 1:
            produced += 1
            yield Grid._trusted(first)
        elif count > 1:
            stack.extend(reversed(_split(branch)))


def _split(cells: bytes) -> list[bytes]:
    """One child puzzle per candidate of the blank cell with the fewest candidates."""
    best: tuple[int, list[int]] = (-1, list(range(10)))
    for i, ch in enumerate(cells):
        if ch == 46:
            used = {cells[p] - 48 for p in PEERS[i] if cells[p] != 46}
            options = [d for d in range(1, 10) if d not in used]
            if len(options) < len(best[1]):
                best = (i, options)
    cell, options = best
    return [cells[:cell] + bytes([48 + d]) + cells[cell + 1 :] for d in options]


def solve_board(board: list[list[str]]) -> None:
    """Solve a LeetCode 37 board (9 lists of 9 one-char strings, '.' blanks) in place."""
    solution = str(solve(board))
    for r in range(9):
        board[r][:] = solution[r * 9 : r * 9 + 9]


# ------------------------------------------------------------------ batches
@overload
def solve_many(puzzles: bytes | bytearray | memoryview, *, unique: bool = ..., threads: int = ..., return_counts: Literal[False] = ...) -> bytes: ...
@overload
def solve_many(puzzles: bytes | bytearray | memoryview, *, unique: bool = ..., threads: int = ..., return_counts: Literal[True]) -> tuple[bytes, array[int]]: ...
@overload
def solve_many(puzzles: NDArray[Any], *, unique: bool = ..., threads: int = ..., return_counts: Literal[False] = ...) -> NDArray[Any]: ...
@overload
def solve_many(puzzles: NDArray[Any], *, unique: bool = ..., threads: int = ..., return_counts: Literal[True]) -> tuple[NDArray[Any], NDArray[Any]]: ...
@overload
def solve_many(puzzles: Iterable[Puzzle], *, unique: bool = ..., threads: int = ..., return_counts: Literal[False] = ...) -> list[Puzzle | None]: ...
@overload
def solve_many(puzzles: Iterable[Puzzle], *, unique: bool = ..., threads: int = ..., return_counts: Literal[True]) -> tuple[list[Puzzle | None], array[int]]: ...
@overload
def solve_many(puzzles: Iterable[PuzzleLike] | os.PathLike[str], *, unique: bool = ..., threads: int = ..., return_counts: Literal[False] = ...) -> list[Grid | None]: ...
@overload
def solve_many(puzzles: Iterable[PuzzleLike] | os.PathLike[str], *, unique: bool = ..., threads: int = ..., return_counts: Literal[True]) -> tuple[list[Grid | None], array[int]]: ...
def solve_many(
    puzzles: Any,
    *,
    unique: bool = True,
    threads: int = 0,
    return_counts: bool = False,
) -> Any:
    """Solve many puzzles at once through the kernel's batch loop (GIL released).

    The result matches the input's form:

    * a list/iterable of puzzles (strings, Grids, boards) or a path (``os.PathLike``)
      to a text file with one puzzle a line → ``list[Grid | None]``;
    * one bytes-like buffer of ``81*n`` characters → ``bytes`` of ``81*n``;
    * a numpy ``uint8`` array of shape ``(n, 81)`` (digits 0-9 or ASCII) → an array
      of the same shape and encoding. The encoding is decided row by row (a row with a
      value above 9 is ASCII), so one malformed row never spoils the others.

    A puzzle without exactly one solution gets ``None`` / a row of blanks (with
    ``unique=False``: only a puzzle without any; the others get their first solution).
    With ``return_counts=True`` the result is a pair
    ``(solutions, counts)``; ``counts[i]`` is the solution count capped at 2 (or 1 when
    not ``unique``), or :data:`BAD_INPUT` for a malformed buffer row. Malformed
    puzzles in a list raise :class:`~sudokit.errors.InvalidFormatError` naming the index.
    Variant puzzles (``sudokit.variants.Puzzle`` values, strings holding one — variant
    JSON, f-puzzles/SudokuPad links — or a file with one such puzzle a line) give
    ``list[Puzzle | None]`` (solutions are puzzles with every cell given), with
    ``return_counts`` too; a list is all classic or all variant.
    ``threads > 1`` solves chunks in parallel (the C kernel releases the GIL); the
    default ``threads=0`` uses every CPU this process may run on (at most 8) for batches
    of 4096 puzzles or more, and one thread below that, where starting threads costs more
    than it saves.
    """
    if not isinstance(threads, int) or isinstance(threads, bool) or threads < 0:
        raise ValueError(f"threads must be a non-negative integer (0: automatic), got {threads!r}")
    limit = 2 if unique else 1
    if isinstance(puzzles, (bytes, bytearray, memoryview)):
        return _many_buffer(bytes(puzzles), limit, threads, return_counts)
    if _is_numpy(puzzles):
        return _many_numpy(puzzles, limit, threads, return_counts)
    if isinstance(puzzles, os.PathLike):
        puzzles = _read_many(os.fspath(puzzles))
    if isinstance(puzzles, str):
        raise TypeError("solve_many takes many puzzles; use solve() for one string, or pass a pathlib.Path for a file")
    puzzles = [_variant_of(p) for p in puzzles]
    if any(_is_variant(p) for p in puzzles):
        from .variants import solving

        if not all(_is_variant(p) for p in puzzles):
            raise TypeError("solve_many takes either variant puzzles or classic puzzles, not a mix")
        return solving.solve_many(puzzles, unique=unique, threads=max(1, threads), return_counts=return_counts)
    return _many_list(puzzles, limit, threads, return_counts)


def _read_many(path: str) -> list[Any]:
    """The puzzles of a file: classic ones (any format sudokit reads), or one variant
    puzzle a line (variant JSON on one line, f-puzzles/SudokuPad links)."""
    from .variants.load import is_variant_source

    if is_variant_source(path):
        with open(path, encoding="utf-8") as stream:
            return [line.strip() for line in stream if line.strip() and not line.lstrip().startswith("#")]
    from .puzzlefile import read_puzzles

    return list(read_puzzles(path))


def _variant_of(item: Any) -> Any:
    """A variant ``Puzzle`` for a string holding one (JSON, a link), else the item itself
    (an 81-character string is classic: the common case costs one length test)."""
    if isinstance(item, str) and len(item) != 81:
        from .variants.load import is_variant_text, load_variant

        if is_variant_text(item):
            return load_variant(item)
    return item


_AUTO_THREADS_FROM = 4096  # puzzles: below this a batch takes ~10 ms or less


def _auto_threads(n: int) -> int:
    """Threads for a batch of ``n`` puzzles when the caller left ``threads=0``."""
    if n < _AUTO_THREADS_FROM:
        return 1
    try:
        cpus = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not on Linux
        cpus = os.cpu_count() or 1
    return max(1, min(cpus, 8))


def _run_batch(buffer: bytes, limit: int, threads: int) -> tuple[bytearray, "array[int]"]:
    """Call the kernel over ``buffer`` in chunks, on ``threads`` threads; returns outputs.

    At ``limit`` 2 the kernel blanks the rows of puzzles with several solutions itself
    (``unique_only``), so no Python loop touches the rows afterwards."""
    n = len(buffer) // 81
    if threads == 0:
        threads = _auto_threads(n)
    solutions = bytearray(len(buffer))
    counts = array("I", bytes(4 * n))
    src, dst, out = memoryview(buffer), memoryview(solutions), memoryview(counts)
    kernel = _backend.kernel()
    # With threads, aim for ~8 chunks per thread: hard puzzles cluster, and a few large
    # chunks would leave a thread idle while another finishes the slow one.
    chunk = _CHUNK if threads == 1 else max(16, min(_CHUNK, n // (8 * threads)))

    def work(start: int) -> None:
        stop = min(n, start + chunk)
        kernel.solve_batch(src[81 * start : 81 * stop], dst[81 * start : 81 * stop], out[start:stop], limit, limit == 2)

    starts = range(0, n, chunk)
    if threads > 1 and n > chunk:
        from concurrent.futures import ThreadPoolExecutor  # here: it costs ~10 ms to import

        with ThreadPoolExecutor(max_workers=threads) as pool:
            list(pool.map(work, starts))
    else:
        for start in starts:
            work(start)
    return solutions, counts


def _many_buffer(buffer: bytes, limit: int, threads: int, return_counts: bool) -> Any:
    if len(buffer) % 81:
        raise InvalidFormatError(f"a batch buffer must hold 81*n bytes, got {len(buffer)}")
    solutions, counts = _run_batch(buffer, limit, threads)
    result = bytes(solutions)
    return (result, counts) if return_counts else result


def _many_list(puzzles: Iterable[PuzzleLike], limit: int, threads: int, return_counts: bool) -> Any:
    rows = []
    for index, puzzle in enumerate(puzzles):
        try:
            rows.append(_puzzle_bytes(puzzle))
        except InvalidFormatError as exc:
            raise InvalidFormatError(f"puzzle {index}: {exc}") from None
    solutions, counts = _run_batch(b"".join(rows), limit, threads)
    grids: list[Grid | None] = [
        Grid._trusted(bytes(solutions[81 * k : 81 * k + 81])) if count == 1 or (count and limit == 1) else None
        for k, count in enumerate(counts)
    ]
    return (grids, counts) if return_counts else grids


def _is_numpy(value: object) -> bool:
    return type(value).__module__ == "numpy" and hasattr(value, "shape")


def _many_numpy(array_in: Any, limit: int, threads: int, return_counts: bool) -> Any:
    import numpy as np

    if array_in.ndim != 2 or array_in.shape[1] != 81:
        raise InvalidFormatError(f"expected an array of shape (n, 81), got {array_in.shape}")
    if array_in.dtype.kind not in "iu":  # a cast from floats would silently truncate
        raise InvalidFormatError(f"expected an integer array (digits 0-9 or ASCII), got dtype {array_in.dtype}")
    if array_in.dtype.itemsize > 1 or array_in.dtype.kind == "i":
        bad = np.flatnonzero(((array_in < 0) | (array_in > 255)).any(axis=1))
        if bad.size:  # the uint8 cast would wrap them round to other values
            raise InvalidFormatError(f"row {int(bad[0])}: values must be 0-255 (digits 0-9 or ASCII)")
    data = np.ascontiguousarray(array_in, dtype=np.uint8)
    # The encoding is decided per row: a row with any value above 9 is ASCII, else digits.
    # (Decided for the whole array, one bad cell made every valid row BAD_INPUT.)
    digit_rows = data.max(axis=1, initial=0) <= 9
    buffer = np.where(digit_rows[:, None], data + 48, data).astype(np.uint8).tobytes()
    solutions, counts = _run_batch(buffer, limit, threads)
    out = np.frombuffer(bytes(solutions), dtype=np.uint8).reshape(data.shape).copy()
    count_array = np.frombuffer(counts, dtype=np.uint32).copy()
    failed = (count_array != 1) if limit == 2 else (count_array == 0) | (count_array == BAD_INPUT)
    out[failed] = ord(".")
    as_digits = np.where(out == ord("."), 0, out - 48).astype(np.uint8)
    out = np.where(digit_rows[:, None], as_digits, out).astype(np.uint8)
    return (out, count_array) if return_counts else out
