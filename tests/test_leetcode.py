"""LeetCode 37 exactly: Solution().solveSudoku(board) fills the board in place."""

from __future__ import annotations

import copy

import pytest

from sudokit import InvalidFormatError, UnsolvableError, solve_board
from sudokit.leetcode import Solution

from independent import obeys_rules

# The example board of LeetCode 37 and its published expected output.
BOARD = [
    ["5", "3", ".", ".", "7", ".", ".", ".", "."],
    ["6", ".", ".", "1", "9", "5", ".", ".", "."],
    [".", "9", "8", ".", ".", ".", ".", "6", "."],
    ["8", ".", ".", ".", "6", ".", ".", ".", "3"],
    ["4", ".", ".", "8", ".", "3", ".", ".", "1"],
    ["7", ".", ".", ".", "2", ".", ".", ".", "6"],
    [".", "6", ".", ".", ".", ".", "2", "8", "."],
    [".", ".", ".", "4", "1", "9", ".", ".", "5"],
    [".", ".", ".", ".", "8", ".", ".", "7", "9"],
]
EXPECTED = [
    ["5", "3", "4", "6", "7", "8", "9", "1", "2"],
    ["6", "7", "2", "1", "9", "5", "3", "4", "8"],
    ["1", "9", "8", "3", "4", "2", "5", "6", "7"],
    ["8", "5", "9", "7", "6", "1", "4", "2", "3"],
    ["4", "2", "6", "8", "5", "3", "7", "9", "1"],
    ["7", "1", "3", "9", "2", "4", "8", "5", "6"],
    ["9", "6", "1", "5", "3", "7", "2", "8", "4"],
    ["2", "8", "7", "4", "1", "9", "6", "3", "5"],
    ["3", "4", "5", "2", "8", "6", "1", "7", "9"],
]


def _flat(board: list[list[str]]) -> str:
    return "".join("".join(row) for row in board)


def test_expected_output_is_itself_a_valid_solution() -> None:
    assert obeys_rules(_flat(EXPECTED), _flat(BOARD))


def test_solve_sudoku_in_place() -> None:
    board = copy.deepcopy(BOARD)
    rows = [id(row) for row in board]
    assert Solution().solveSudoku(board) is None
    assert board == EXPECTED
    assert [id(row) for row in board] == rows  # the same lists, mutated
    assert all(isinstance(ch, str) and len(ch) == 1 for row in board for ch in row)


def test_solve_board_function() -> None:
    board = copy.deepcopy(BOARD)
    solve_board(board)
    assert board == EXPECTED


def test_unsolvable_board_is_left_unchanged() -> None:
    board = copy.deepcopy(BOARD)
    board[0][2] = "1"  # legal locally, but r1c3 must be 4
    before = copy.deepcopy(board)
    with pytest.raises(UnsolvableError):
        Solution().solveSudoku(board)
    assert board == before


def test_malformed_board_raises() -> None:
    board = copy.deepcopy(BOARD)
    board[4][4] = "x"
    with pytest.raises(InvalidFormatError, match="r5c5"):
        Solution().solveSudoku(board)
