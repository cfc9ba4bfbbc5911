"""The classic LeetCode 37 solvers, as a runnable and measured lesson.

Four backtracking solvers, one idea each, in the order the lesson tells them
(``docs/learn.md`` walks through them with numbers):

=====================  ===========================================================
module                 idea
=====================  ===========================================================
``check_everything``   write a digit, then re-validate the whole board
``bookkeeping``        keep the digits used per row/column/box: O(1) legality
``positional``         carry the cell position through the search: no scanning
``template``           the readable ``is_valid`` + ``dfs -> bool`` template
=====================  ===========================================================

Each module has the LeetCode interface ``Solution().solveSudoku(board)`` (fills a
``list[list[str]]`` board in place, ``'.'`` for blanks) and a function
``solve(board, *, max_nodes=None, max_seconds=None, trace=False) -> SolveReport``.

>>> from sudokit.learn import positional
>>> board = [list(LEETCODE_EXAMPLE[i:i + 9]) for i in range(0, 81, 9)]
>>> report = positional.solve(board)
>>> "".join(board[0]), report.nodes
('534678912', 4208)

A board with no solution is left unchanged and raises
:class:`~sudokit.errors.UnsolvableError`; a malformed one raises
:class:`~sudokit.errors.InvalidPuzzleError`; an exhausted node or time budget raises
:class:`~sudokit.errors.SearchLimitExceeded` (board unchanged too).
"""

from __future__ import annotations

from typing import Callable

from ..errors import InvalidFormatError
from . import bookkeeping, check_everything, positional, template
from ._budget import Board, Event, SolveReport, check_board, replay

__all__ = [
    "Board",
    "Event",
    "LEETCODE_EXAMPLE",
    "SOLVERS",
    "SolveReport",
    "board_from_string",
    "bookkeeping",
    "check_board",
    "check_everything",
    "positional",
    "replay",
    "template",
]

LEETCODE_EXAMPLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
"""The example board of LeetCode problem 37, row-major, ``'.'`` for blanks."""

SolveFn = Callable[..., SolveReport]

SOLVERS: dict[str, SolveFn] = {
    "check_everything": check_everything.solve,
    "bookkeeping": bookkeeping.solve,
    "positional": positional.solve,
    "template": template.solve,
}
"""The four ``solve`` functions, in the order of the lesson."""


def board_from_string(puzzle: str) -> Board:
    """Turn an 81-character puzzle (``'.'`` or ``'0'`` for blanks) into a LeetCode board.

    >>> board_from_string(LEETCODE_EXAMPLE)[0]
    ['5', '3', '.', '.', '7', '.', '.', '.', '.']
    """
    if not isinstance(puzzle, str):
        raise InvalidFormatError(f"expected an 81-character string, got {type(puzzle).__name__}")
    text = puzzle.strip().replace("0", ".")
    if len(text) != 81:
        raise InvalidFormatError(f"expected 81 characters, got {len(text)}")
    return [list(text[i : i + 9]) for i in range(0, 81, 9)]
