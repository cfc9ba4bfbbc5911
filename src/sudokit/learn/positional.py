"""Step 3 of the LeetCode 37 lesson: carry the position, stop scanning.

Step 2 still scanned the board at every node, once to ask "is it full?" and once to
find the first empty cell: up to 81 reads each, most of them over cells already seen.
But the search visits cells in a fixed order (row by row), so it can simply carry its
position: ``_search(pos)`` fills cell ``pos`` (0..80) and moves on to ``pos + 1``.
Reaching ``pos == 81`` *is* "the board is full", the base case; a given is skipped by
stepping over it. The per-node work is now a constant: three look-ups per digit.

The search tree is the same as step 2's (same cell order, same digit order), so the
node count is identical; only the cost per node drops.
"""

from __future__ import annotations

from ._budget import DIGITS, Board, Search, SolveReport, run
from .bookkeeping import Tables, used_digits

__all__ = ["Solution", "solve"]

NAME = "positional"


class Solution:
    """The LeetCode 37 interface."""

    def solveSudoku(self, board: list[list[str]]) -> None:  # noqa: N802 (LeetCode's name)
        """Fill ``board`` in place. Raises ``UnsolvableError`` (board unchanged) if impossible."""
        solve(board)


def solve(
    board: Board, *, max_nodes: int | None = None, max_seconds: float | None = None, trace: bool = False
) -> SolveReport:
    """Solve ``board`` in place and report nodes, time and (with ``trace=True``) the trace.

    Raises ``InvalidPuzzleError`` for a malformed board, ``UnsolvableError`` when there
    is no solution and ``SearchLimitExceeded`` when a budget runs out; in those cases the
    board is left as it was given.
    """
    return run(NAME, _start, board, max_nodes=max_nodes, max_seconds=max_seconds, trace=trace)


def _start(board: Board, search: Search) -> bool:
    return _search(board, search, used_digits(board), 0)


def _search(board: Board, search: Search, tables: Tables, pos: int) -> bool:
    if pos == 81:  # walked off the end: every cell is filled
        return True
    row, col = divmod(pos, 9)
    if board[row][col] != ".":  # a given (or already placed): step over it
        return _search(board, search, tables, pos + 1)
    rows, cols, boxes = tables
    box = row // 3 * 3 + col // 3
    for digit in DIGITS:
        if digit in rows[row] or digit in cols[col] or digit in boxes[box]:
            continue
        search.place(board, row, col, digit)
        rows[row].add(digit)
        cols[col].add(digit)
        boxes[box].add(digit)
        if _search(board, search, tables, pos + 1):
            return True
        search.unplace(board, row, col)
        rows[row].remove(digit)
        cols[col].remove(digit)
        boxes[box].remove(digit)
    return False
