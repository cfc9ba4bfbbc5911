"""Step 4 of the LeetCode 37 lesson: the readable template everyone writes first.

This is the backtracking shape taught for every "fill the board" problem: an
``is_valid(board, r, c, digit)`` helper that reads the cell's row, column and box, and a
DFS that finds the first empty cell, tries each legal digit, recurses, and returns
``True`` as soon as the board is full, so the search stops at the first solution.

It is the clearest of the four, not the fastest: ``is_valid`` reads 27 cells per digit
(step 2's tables answer with three look-ups) and each call rescans for the first empty
cell (step 3 carries the position). It only asks about the one cell that changed, so it
does far less work per node than step 1 and never writes an illegal digit. Its search
tree is the same as steps 2 and 3; only the cost per node differs.
"""

from __future__ import annotations

from ._budget import DIGITS, Board, Search, SolveReport, run

__all__ = ["Solution", "solve", "is_valid"]

NAME = "template"


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
    return run(NAME, _search, board, max_nodes=max_nodes, max_seconds=max_seconds, trace=trace)


def is_valid(board: Board, row: int, col: int, digit: str) -> bool:
    """True if ``digit`` is not yet in the row, the column or the box of (row, col).

    >>> board = [["5"] + ["."] * 8] + [["."] * 9 for _ in range(8)]
    >>> is_valid(board, 0, 8, "5"), is_valid(board, 8, 0, "5"), is_valid(board, 4, 4, "5")
    (False, False, True)
    """
    top, left = row // 3 * 3, col // 3 * 3
    for i in range(9):
        if board[row][i] == digit or board[i][col] == digit:
            return False
        if board[top + i // 3][left + i % 3] == digit:
            return False
    return True


def _search(board: Board, search: Search) -> bool:
    for row in range(9):
        for col in range(9):
            if board[row][col] != ".":
                continue
            for digit in DIGITS:
                if is_valid(board, row, col, digit):
                    search.place(board, row, col, digit)
                    if _search(board, search):
                        return True  # the first solution ends the search
                    search.unplace(board, row, col)
            return False  # no digit fits this empty cell: backtrack
    return True  # no empty cell left: solved
