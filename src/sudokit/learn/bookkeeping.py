"""Step 2 of the LeetCode 37 lesson: remember which digits each house already uses.

Step 1 re-read the whole board to learn whether a digit was legal. But the answer only
depends on three facts: is the digit already in this row, in this column, in this box?
So keep three tables, ``rows[r]``, ``cols[c]`` and ``boxes[b]``, each the set of digits
that house uses. Checking a digit becomes three set look-ups instead of 243 cell reads,
and illegal digits are never written, so they no longer count as nodes.

We still scan the board for fullness and for the first empty cell at every node: step 3
removes that.
"""

from __future__ import annotations

from ._budget import DIGITS, Board, Search, SolveReport, run

__all__ = ["Solution", "solve", "used_digits"]

NAME = "bookkeeping"

Tables = tuple[list[set[str]], list[set[str]], list[set[str]]]


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


def used_digits(board: Board) -> Tables:
    """The digits used by each row, column and box (boxes numbered 0..8 row-major).

    >>> rows, cols, boxes = used_digits([["5"] + ["."] * 8] + [["."] * 9 for _ in range(8)])
    >>> rows[0], cols[0], boxes[0], boxes[1]
    ({'5'}, {'5'}, {'5'}, set())
    """
    rows: list[set[str]] = [set() for _ in range(9)]
    cols: list[set[str]] = [set() for _ in range(9)]
    boxes: list[set[str]] = [set() for _ in range(9)]
    for r in range(9):
        for c in range(9):
            if board[r][c] != ".":
                rows[r].add(board[r][c])
                cols[c].add(board[r][c])
                boxes[r // 3 * 3 + c // 3].add(board[r][c])
    return rows, cols, boxes


def _start(board: Board, search: Search) -> bool:
    return _search(board, search, used_digits(board))


def _search(board: Board, search: Search, tables: Tables) -> bool:
    if all(cell != "." for row in board for cell in row):  # still scanning for "full"
        return True
    row, col = next((r, c) for r in range(9) for c in range(9) if board[r][c] == ".")
    rows, cols, boxes = tables
    box = row // 3 * 3 + col // 3
    for digit in DIGITS:
        if digit in rows[row] or digit in cols[col] or digit in boxes[box]:
            continue  # illegal: three look-ups instead of re-reading the board
        search.place(board, row, col, digit)
        rows[row].add(digit)
        cols[col].add(digit)
        boxes[box].add(digit)
        if _search(board, search, tables):
            return True
        search.unplace(board, row, col)
        rows[row].remove(digit)
        cols[col].remove(digit)
        boxes[box].remove(digit)
    return False
