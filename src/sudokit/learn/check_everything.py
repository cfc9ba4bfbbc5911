"""Step 1 of the LeetCode 37 lesson: try a digit, then re-check the whole board.

The most direct backtracking search there is. To fill the board:

1. scan the board; if no cell is empty, it is solved;
2. scan again for the first empty cell (row by row);
3. try each digit 1..9 there, and after writing it re-validate *every* row, column and
   box of the board (27 houses, 243 cell reads) before going deeper;
4. if nothing works, erase the cell and go back.

It is correct, and it is slow: each node re-reads the whole board although only one
cell changed, and every digit is written before we know whether it is legal, so illegal
digits are nodes too. The next steps remove that waste one piece at a time.
"""

from __future__ import annotations

from ._budget import DIGITS, Board, Search, SolveReport, run

__all__ = ["Solution", "solve"]

NAME = "check_everything"


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


def _search(board: Board, search: Search) -> bool:
    if _is_full(board):
        return True
    row, col = _first_empty(board)
    for digit in DIGITS:
        search.place(board, row, col, digit)  # write first, ask questions later
        if _board_is_valid(board) and _search(board, search):
            return True
        search.unplace(board, row, col)
    return False


def _is_full(board: Board) -> bool:
    return all(cell != "." for row in board for cell in row)


def _first_empty(board: Board) -> tuple[int, int]:
    for r in range(9):
        for c in range(9):
            if board[r][c] == ".":
                return r, c
    raise AssertionError("called on a full board")


def _board_is_valid(board: Board) -> bool:
    """True when no digit repeats in any of the 27 houses (the whole board, every time)."""
    for i in range(9):
        row = board[i]
        column = [board[r][i] for r in range(9)]
        box = [board[i // 3 * 3 + r][i % 3 * 3 + c] for r in range(3) for c in range(3)]
        for house in (row, column, box):
            digits = [d for d in house if d != "."]
            if len(digits) != len(set(digits)):
                return False
    return True
