"""Shared plumbing of the teaching solvers: budgets, traces, reports, board checks.

Every learning solver keeps its own idea in its own module; what they all need (count
nodes, stop on a node or time budget, record a trace, check the input board, report the
result) lives here once, so the four solver files differ only in what they teach.

A *node* is one tentative placement: writing a digit into an empty cell during the
search. Every solver places digits through :meth:`Search.place` and takes them back
through :meth:`Search.unplace`, so node counts are comparable across solvers.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable, Literal, NamedTuple

from ..errors import InvalidFormatError, SearchLimitExceeded, UnsolvableError
from ..grid import Grid

__all__ = ["Board", "Event", "SolveReport", "Search", "check_board", "copy_board", "replay", "run"]

Board = list[list[str]]
"""A LeetCode 37 board: 9 rows of 9 one-character strings, ``'1'``..``'9'`` or ``'.'``."""

DIGITS = "123456789"

# Reading the clock on every node would cost more than some solvers' whole node, so the
# time budget is checked once every TIME_CHECK_EVERY nodes (a power of two: a cheap mask).
TIME_CHECK_EVERY = 256


class Event(NamedTuple):
    """One step of a search trace: a digit placed in, or taken back from, a cell.

    ``kind`` is ``"place"`` or ``"undo"``; ``row`` and ``col`` are 0-based; ``digit`` is
    the character placed or removed. Replaying the events of a trace on the starting
    board (place: write the digit, undo: write ``'.'``) reproduces the final board.
    """

    kind: Literal["place", "undo"]
    row: int
    col: int
    digit: str


@dataclass(frozen=True)
class SolveReport:
    """What a learning solver did: the solution, nodes visited, time taken, trace."""

    solver: str
    solution: str  # 81 characters, row-major, the solved board
    nodes: int  # tentative placements made
    seconds: float  # wall-clock time of the search (perf_counter)
    trace: list[Event] = field(default_factory=list)  # empty unless trace=True


class Search:
    """Counts nodes, enforces the budgets and records the trace of one search."""

    def __init__(self, *, max_nodes: int | None, max_seconds: float | None, trace: bool) -> None:
        if max_nodes is not None and (not isinstance(max_nodes, int) or max_nodes < 0):
            raise ValueError(f"max_nodes must be None or a non-negative integer, got {max_nodes!r}")
        if max_seconds is not None and (not isinstance(max_seconds, (int, float)) or not max_seconds >= 0):
            raise ValueError(f"max_seconds must be None or a non-negative number, got {max_seconds!r}")  # NaN: no budget at all
        self.nodes = 0
        self.max_nodes = max_nodes
        self.deadline = None if max_seconds is None else time.perf_counter() + max_seconds
        self.max_seconds = max_seconds
        self.events: list[Event] | None = [] if trace else None

    def place(self, board: Board, row: int, col: int, digit: str) -> None:
        """Write ``digit`` at (row, col) as one node; raise when a budget runs out."""
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise SearchLimitExceeded(f"node budget of {self.max_nodes} exhausted", nodes=self.max_nodes)
        if self.deadline is not None and not self.nodes % TIME_CHECK_EVERY:
            self._check_clock()
        if self.events is not None:
            self.events.append(Event("place", row, col, digit))
        board[row][col] = digit

    def unplace(self, board: Board, row: int, col: int) -> None:
        """Take back the digit at (row, col): the search backtracks."""
        if self.events is not None:
            self.events.append(Event("undo", row, col, board[row][col]))
        board[row][col] = "."

    def _check_clock(self) -> None:
        assert self.deadline is not None and self.max_seconds is not None
        if time.perf_counter() > self.deadline:
            raise SearchLimitExceeded(
                f"time budget of {self.max_seconds:g} s exhausted after {self.nodes} nodes",
                nodes=self.nodes,
                seconds=self.max_seconds,
            )


def copy_board(board: Board) -> Board:
    """A fresh copy of ``board`` (rows are lists, so a shallow copy would share them)."""
    return [list(row) for row in board]


def check_board(board: object) -> Board:
    """Return ``board`` if it is a well-formed 9x9 board whose givens do not clash.

    Raises :class:`~sudokit.errors.InvalidFormatError` for a bad shape or character and
    :class:`~sudokit.errors.ConflictingGivensError` (listing the clashes) when a digit
    repeats in a house; both are :class:`~sudokit.errors.InvalidPuzzleError`.
    """
    if not isinstance(board, list) or len(board) != 9:
        raise InvalidFormatError("a board is a list of 9 rows")
    for r, row in enumerate(board):
        if not isinstance(row, list) or len(row) != 9:
            raise InvalidFormatError(f"row {r + 1} is not a list of 9 cells")
        for c, ch in enumerate(row):
            if not isinstance(ch, str) or len(ch) != 1 or ch not in ".123456789":
                raise InvalidFormatError(f"r{r + 1}c{c + 1} holds {ch!r}, not '1'-'9' or '.'")
    Grid("".join("".join(row) for row in board)).check()  # the package's one conflict check
    return board


def run(
    name: str,
    search_fn: Callable[[Board, Search], bool],
    board: Board,
    *,
    max_nodes: int | None,
    max_seconds: float | None,
    trace: bool,
) -> SolveReport:
    """Check ``board``, run ``search_fn`` on it under the budgets, and report.

    ``search_fn(board, search)`` fills ``board`` in place and returns True when solved.
    On success ``board`` holds the solution. When there is no solution
    (:class:`UnsolvableError`) or a budget runs out (:class:`SearchLimitExceeded`), the
    board is left exactly as it was given.
    """
    check_board(board)
    original = copy_board(board)
    search = Search(max_nodes=max_nodes, max_seconds=max_seconds, trace=trace)
    start = time.perf_counter()
    try:
        solved = search_fn(board, search)
    except BaseException:
        _restore(board, original)  # even on Ctrl-C or a budget stop
        raise
    seconds = time.perf_counter() - start
    if not solved:
        _restore(board, original)
        raise UnsolvableError(f"no solution ({search.nodes} nodes searched)")
    return SolveReport(name, "".join("".join(row) for row in board), search.nodes, seconds, search.events or [])


def _restore(board: Board, original: Board) -> None:
    # Write back into the caller's own row lists: someone may hold a reference to a row.
    for row, saved in zip(board, original):
        row[:] = saved


def replay(board: Board, events: list[Event]) -> Board:
    """Apply a trace to a copy of ``board`` and return the result (``board`` is untouched).

    >>> replay([["."] * 9 for _ in range(9)], [Event("place", 0, 0, "5")])[0][:2]
    ['5', '.']
    """
    out = copy_board(board)
    for kind, row, col, digit in events:
        out[row][col] = digit if kind == "place" else "."
    return out
