"""The candidate model (:class:`sudokit.human.Candidates`) and the :class:`Step` text."""

from __future__ import annotations

import pytest

from sudokit import Grid, InvalidFormatError
from sudokit.grid import PEERS
from sudokit.human import Candidates, Step
from sudokit.human.model import (
    BIT, BOX_OF, CELL_HOUSES, DIGITS_OF, HOUSE_CELLS, HOUSE_MASK, HOUSE_NAMES, PEER_MASK, POPCOUNT, cells_of,
)
from sudokit.human.step import candidates_text, cells_text

pytestmark = pytest.mark.single_backend

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def _consistent(state: Candidates) -> None:
    """``where`` mirrors ``cands``; filled cells have no candidates."""
    for d in range(1, 10):
        assert state.where[d] == sum(1 << i for i in range(81) if state.cands[i] & BIT[d])
    for i in range(81):
        if state.values[i]:
            assert state.cands[i] == 0


def test_tables() -> None:
    assert len(HOUSE_CELLS) == 27 and HOUSE_NAMES[0] == "row 1" and HOUSE_NAMES[26] == "box 9"
    assert all(bin(m).count("1") == 9 for m in HOUSE_MASK)
    assert all(cells_of(PEER_MASK[i]) == sorted(PEERS[i]) for i in range(81))
    assert CELL_HOUSES[80] == (8, 17, 26) and BOX_OF[40] == 4
    assert DIGITS_OF[0b101] == (1, 3) and POPCOUNT[0x1FF] == 9


def test_from_puzzle_candidates_follow_peers() -> None:
    state = Candidates.from_puzzle(PUZZLE)
    grid = Grid.parse(PUZZLE)
    for i in range(81):
        assert state.candidates(i) == grid.candidates(i)
    assert state.givens == frozenset(i for i, v in enumerate(grid) if v)
    assert state.to_grid() == grid and not state.is_solved()
    _consistent(state)


def test_place_and_eliminate() -> None:
    state = Candidates.from_puzzle(PUZZLE)
    state.place(2, 4)
    assert state.values[2] == 4 and state.cands[2] == 0
    assert all(4 not in state.candidates(p) for p in PEERS[2])
    assert state.eliminate(3, 2) is True and state.eliminate(3, 2) is False
    assert 2 not in state.candidates(3)
    _consistent(state)


def test_copy_is_independent() -> None:
    state = Candidates.from_puzzle(PUZZLE)
    copy = state.copy()
    copy.place(2, 4)
    assert state.values[2] == 0 and state != copy and state == Candidates.from_puzzle(PUZZLE)


def test_apply_step_and_solve_to_the_end() -> None:
    from sudokit import solve

    state = Candidates.from_puzzle(PUZZLE)
    solution = solve(PUZZLE)
    step = Step("x", "X", "test", placements=((2, 4),), eliminations=((3, 2),))
    state.apply(step)
    assert state.values[2] == 4 and 2 not in state.candidates(3)
    for i, digit in enumerate(solution):
        if not state.values[i]:
            state.place(i, digit)
    assert state.is_solved() and state.to_grid() == solution
    _consistent(state)


def test_from_state_with_pencil_marks_dict_and_string() -> None:
    digits = PUZZLE
    marks = {0: {1}, 2: {1, 2}, 3: {2, 6}}
    state = Candidates.from_state(digits, marks)
    assert state.candidates(2) == {1, 2} and state.candidates(3) == {2, 6}
    assert state.candidates(5) == Grid.parse(PUZZLE).candidates(5)  # not marked yet: computed
    assert state.candidates(0) == set()  # a filled cell keeps no marks
    _consistent(state)
    text = Candidates.from_puzzle(PUZZLE).to_candidate_string()
    again = Candidates.from_state(digits, text)
    assert again.cands == Candidates.from_puzzle(PUZZLE).cands
    assert len(text) == 729


def test_from_state_wrong_digit_and_givens() -> None:
    # The user put a wrong 1 in r1c3 (the solution has 4): the model keeps it.
    user = PUZZLE[:2] + "1" + PUZZLE[3:]
    state = Candidates.from_state(user, givens=PUZZLE)
    assert state.values[2] == 1 and 2 not in state.givens and 0 in state.givens
    assert 1 not in state.candidates(3)
    assert Candidates.from_state(user, givens=[0, 1]).givens == frozenset({0, 1})
    assert Candidates.from_state(user).givens == frozenset(i for i, ch in enumerate(user) if ch != ".")


@pytest.mark.parametrize("marks", ["12" * 10, {81: {1}}, {0: {10}}, "x" * 729])
def test_bad_pencil_marks(marks: object) -> None:
    with pytest.raises(InvalidFormatError):
        Candidates.from_state(PUZZLE, marks)  # type: ignore[arg-type]


def test_positions_helpers() -> None:
    state = Candidates.from_puzzle(PUZZLE)
    for h in range(27):
        for d in range(1, 10):
            cells = [c for c in HOUSE_CELLS[h] if state.cands[c] & BIT[d]]
            assert cells_of(state.house_cells(h, d)) == sorted(cells)
            assert state.positions(h, d) == sum(1 << k for k, c in enumerate(HOUSE_CELLS[h]) if c in cells)


def test_group_notation() -> None:
    assert cells_text([9, 18]) == "r23c1"
    assert cells_text([0, 2]) == "r1c13"
    assert cells_text([0, 10]) == "r1c1,r2c2"
    # HoDoKu's compaction: a row run or a column run from the first cell, greedily
    assert cells_text([2, 3, 29, 30, 74]) == "r1c34,r4c34,r9c3"
    assert cells_text([1, 7, 46, 52]) == "r1c28,r6c28"
    assert cells_text([9, 11, 36]) == "r2c13,r5c1"
    assert candidates_text([(18, 3), (18, 8)]) == "r3c1<>3, r3c1<>8"
    assert candidates_text([(53, 1)], "=") == "r6c9=1"


def test_step_text() -> None:
    step = Step("naked_pair", "Naked Pair", "subsets", eliminations=((18, 3), (18, 8)),
                cells=((9, "base"), (20, "base")), digits=(3, 8))
    assert str(step) == "Naked Pair: 3,8 in r2c1,r3c3 => r3c1<>3, r3c1<>8"
    assert step.pattern_cells("base") == (9, 20)
    single = Step("hidden_single_line", "Hidden Single", "singles", placements=((53, 1),))
    assert str(single) == "Hidden Single: r6c9=1"
    with pytest.raises(AttributeError):
        single.name = "x"  # type: ignore[misc]
