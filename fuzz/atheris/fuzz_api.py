"""atheris harness: the public solve / count / hint / rate / generate entry points.

The input becomes a puzzle (81 bytes mapped onto digits and blanks, so most inputs are
well formed, plus raw text now and then). Checked against the rules, never against the
implementation: a solution is complete, valid and keeps the givens; count_solutions
agrees with is_unique and with solve raising; a hint names a step of a unique puzzle;
a rating of a unique puzzle is in range; generate with a seed from the input gives a
unique puzzle whose solution is the one reported.
"""

from __future__ import annotations

import atheris
from _harness import main

import sudokit
from sudokit import Grid, SudokuError

CELLS = "123456789" + "." * 23  # mostly blanks: solvable puzzles are common


def _puzzle(fdp: atheris.FuzzedDataProvider) -> str:
    if fdp.ConsumeIntInRange(0, 15) == 0:
        return fdp.ConsumeUnicodeNoSurrogates(100)
    return "".join(CELLS[b % len(CELLS)] for b in fdp.ConsumeBytes(81)).ljust(81, ".")


def _check_solution(puzzle: Grid, solution: Grid) -> None:
    assert solution.is_solved, solution
    assert all(p == 0 or p == s for p, s in zip(puzzle, solution)), (puzzle, solution)


def test_one(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    text = _puzzle(fdp)
    try:
        grid = Grid.parse(text)
    except SudokuError:
        return
    try:
        count = sudokit.count_solutions(grid, limit=2)
    except SudokuError:
        return  # conflicting givens
    assert sudokit.is_unique(grid) == (count == 1)
    try:
        solution = sudokit.solve(grid, unique=True)
    except sudokit.UnsolvableError:
        assert count == 0
        return
    except sudokit.MultipleSolutionsError:
        assert count == 2
    else:
        assert count == 1
        _check_solution(grid, solution)
    first = sudokit.solve(grid, unique=False) if count else None
    if first is not None:
        _check_solution(grid, first)
    if count == 1 and fdp.ConsumeIntInRange(0, 3) == 0:
        hint = sudokit.hint(grid)
        assert hint.text
        rating = sudokit.rate(grid)
        assert 1.0 <= rating.se <= 12.0, rating.se
    if fdp.ConsumeIntInRange(0, 63) == 0:
        from sudokit.generate import generate

        made = generate(seed=fdp.ConsumeIntInRange(0, 2**32))
        assert sudokit.count_solutions(made.puzzle, limit=2) == 1
        _check_solution(made.puzzle, made.solution)


if __name__ == "__main__":
    main(test_one)
