"""Hints (``sudokit.human.hint``): levels, mistakes, missing candidates, solved, stuck."""

from __future__ import annotations

import random
import re

import pytest

from sudokit import ConflictingGivensError, InvalidFormatError, solve
from sudokit.human import Candidates, Hint, UserState, explain, hint
from sudokit.human.path import BACKTRACKING

from conftest import shared_file

EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
HARD = "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1"
SOLUTION = str(solve(EASY))
CELL = re.compile(r"r\dc\d")


def with_digit(grid: str, cell: int, digit: str) -> str:
    return grid[:cell] + digit + grid[cell + 1 :]


def first_blank(grid: str) -> int:
    return next(i for i, ch in enumerate(grid) if ch == ".")


# ------------------------------------------------------------------ levels
def test_level_1_names_technique_and_place_without_digit_or_cell() -> None:
    h = hint(EASY, level=1)
    step = explain(EASY)[0]
    assert isinstance(h, Hint) and h.kind == "step" and h.level == 1
    assert step.name in h.text and h.text.startswith("Look for")
    assert not CELL.search(h.text), "level 1 must not give the cell away"
    assert h.digits == ()
    assert h.step == step


def test_level_2_adds_digits_and_houses() -> None:
    h = hint(EASY, level=2)
    step = explain(EASY)[0]
    assert all(str(d) in h.text for d in step.digits)
    assert any(house in h.text for house in step.houses)
    assert not CELL.search(h.text)
    assert h.digits == step.digits


def test_level_3_is_the_whole_step() -> None:
    h = hint(EASY, level=3)
    step = explain(EASY)[0]
    assert h.text.startswith(str(step)) and step.why in h.text


def test_bad_level() -> None:
    with pytest.raises(ValueError, match="level"):
        hint(EASY, level=4)


def test_hint_on_every_state_along_a_path_agrees_with_explain() -> None:
    path = explain(EASY)
    state = Candidates.from_puzzle(EASY)
    for step in path:
        h = hint(state, level=3)
        assert h.kind == "step" and h.step == step
        state.apply(step)
    assert hint(state).kind == "solved"


# ---------------------------------------------------------------- mistakes
@pytest.mark.parametrize("level", [1, 2, 3])
def test_wrong_digit_is_reported_first(level: int) -> None:
    cell = first_blank(EASY)
    wrong = "1" if SOLUTION[cell] != "1" else "2"
    h = hint((EASY, with_digit(EASY, cell, wrong), None), level=level)
    assert h.kind == "mistake" and h.step is None and h.cells[0] == cell
    if level == 1:
        assert not CELL.search(h.text) and "box 1" in h.text
    elif level == 2:
        assert h.text == "r1c3 is wrong."
    else:
        assert h.text == f"r1c3 is wrong: it should not be {wrong}."


def test_mistake_in_candidates_state_and_several_mistakes() -> None:
    digits = EASY
    blanks = [i for i, ch in enumerate(EASY) if ch == "."][:3]
    for cell in blanks:
        digits = with_digit(digits, cell, "9" if SOLUTION[cell] != "9" else "8")
    state = Candidates.from_state(digits, givens=EASY)
    h = hint(state, level=3)
    assert h.kind == "mistake" and h.cells == tuple(blanks) and "2 more wrong digits" in h.text


def test_correct_digits_are_no_mistake() -> None:
    cell = first_blank(EASY)
    h = hint(UserState(EASY, with_digit(EASY, cell, SOLUTION[cell])), level=3)
    assert h.kind == "step"


def test_clues_win_over_digits() -> None:
    # The player's grid disagrees with a clue: the clue counts, no mistake is reported.
    h = hint((EASY, with_digit(EASY, 0, "9"), None), level=3)
    assert h.kind == "step"


# ------------------------------------------------------- missing candidates
def test_missing_candidate_levels() -> None:
    state = Candidates.from_puzzle(EASY)
    cell = first_blank(EASY)
    true = int(SOLUTION[cell])
    state.eliminate(cell, true)
    assert hint(state, level=3).text == f"r1c3 is missing candidate {true}."
    assert hint(state, level=2).text == "r1c3 is missing a candidate."
    h1 = hint(state, level=1)
    assert h1.kind == "missing_candidate" and not CELL.search(h1.text) and str(true) not in h1.text.replace("box 1", "")


def test_missing_candidate_from_pencil_mark_string() -> None:
    state = Candidates.from_puzzle(EASY)
    marks = list(state.to_candidate_string())
    cell = first_blank(EASY)
    true = int(SOLUTION[cell])
    marks[cell * 9 + true - 1] = "."
    h = hint((EASY, EASY, "".join(marks)), level=3)
    assert h.kind == "missing_candidate" and h.cells == (cell,) and h.digits == (true,)


def test_unmarked_cells_and_stale_marks_are_tolerated() -> None:
    # Only one cell is pencil-marked, with every digit: other blanks count as unmarked,
    # and the marks a placed digit rules out are dropped before looking for a step.
    cell = first_blank(EASY)
    h = hint((EASY, EASY, {cell: range(1, 10)}), level=3)
    assert h.kind == "step"
    assert h.step == explain(EASY)[0]


def test_mistake_beats_missing_candidate() -> None:
    cell = first_blank(EASY)
    other = [i for i, ch in enumerate(EASY) if ch == "."][5]
    digits = with_digit(EASY, cell, "9" if SOLUTION[cell] != "9" else "8")
    state = Candidates.from_state(digits, givens=EASY)
    state.eliminate(other, int(SOLUTION[other]))
    assert hint(state).kind == "mistake"


# ------------------------------------------------------------ solved, stuck
def test_solved() -> None:
    h = hint((EASY, SOLUTION, None))
    assert h.kind == "solved" and h.text == "The puzzle is solved."


def test_stuck_levels() -> None:
    h1 = hint(HARD, level=1)
    assert h1.kind == "stuck" and h1.step is None and "No logical step" in h1.text
    h3 = hint(HARD, level=3)
    assert h3.kind == "stuck" and h3.step is not None and h3.step.technique == BACKTRACKING
    (cell, digit), = h3.step.placements
    assert solve(HARD)[cell] == digit and "Backtracking, not logic" in h3.text


def test_errors() -> None:
    with pytest.raises(InvalidFormatError):
        hint("123")
    with pytest.raises(ConflictingGivensError):
        hint("11" + "." * 79)


# ------------------------------------------------------ diabolical states
@pytest.mark.single_backend
def test_hints_on_diabolical_user_states_are_right() -> None:
    lines = shared_file("rated/grantm_sudoku-exchange_diabolical_2020-06-25.txt").read_text().splitlines()
    rng = random.Random(5)
    for line in rng.sample(lines, 12):
        puzzle = line.split()[1]
        solution = solve(puzzle)
        path = explain(puzzle)
        state = Candidates.from_puzzle(puzzle)
        for step in path[: rng.randrange(len(path) + 1)]:
            state.apply(step)
        for level in (1, 2, 3):
            h = hint(state, level=level)
            assert h.kind in ("step", "stuck", "solved")
            if h.kind == "step" and level < 3:
                assert not CELL.search(h.text), f"level {level} gives a cell away: {h.text}"
            if h.step is not None:
                assert all(solution[c] == d for c, d in h.step.placements)
                assert all(solution[c] != d for c, d in h.step.eliminations)
        # A wrong digit and a removed true candidate are found on the same state.
        blanks = [i for i, v in enumerate(state.values) if not v]
        if len(blanks) >= 2:
            wrong = state.copy()
            bad = next(d for d in range(1, 10) if d != solution[blanks[0]])
            wrong.values[blanks[0]] = bad
            assert hint(wrong, level=3).text.startswith(f"r{blanks[0] // 9 + 1}c{blanks[0] % 9 + 1} is wrong")
            missing = state.copy()
            missing.eliminate(blanks[1], solution[blanks[1]])
            assert hint(missing, level=3).kind == "missing_candidate"


def test_marks_emptied_by_placed_digits_with_several_solutions() -> None:
    multi = EASY[:63] + "." * 18
    cell = first_blank(multi)
    placed = next(d for d in range(1, 10) if d not in Candidates.from_puzzle(multi).candidates(cell))
    h = hint((multi, multi, {cell: [placed]}), level=3)  # its only mark is ruled out by a clue
    assert h.kind in ("step", "stuck")
