"""LeetCode 37 ("Sudoku Solver"), exactly: ``Solution().solveSudoku(board)`` in place.

>>> board = Grid.parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79").to_board()
>>> Solution().solveSudoku(board)
>>> "".join(board[0])
'534678912'
"""

from __future__ import annotations

from .grid import Grid
from .solver import solve_board

__all__ = ["Solution", "Grid"]


class Solution:
    """The LeetCode 37 interface, backed by sudokit's engine."""

    def solveSudoku(self, board: list[list[str]]) -> None:  # noqa: N802 - LeetCode's name
        """Fill every '.' of the 9x9 ``board`` (list of lists of one-char strings) in place.

        Raises :class:`~sudokit.errors.UnsolvableError` (board left unchanged) when the
        board has no solution, and an InvalidPuzzleError for a malformed board.
        """
        solve_board(board)
