"""The XY-Chain / Remote Pair search in the kernel (``ho_xy``: csrc/hoxy9.c, twin
sudokit._pyxy9): the C code and the twin give the same bytes on the candidate grids of
real HoDoKu paths, every XY-Chain and Remote Pair step removes only false candidates, a
budget raises SearchLimitExceeded, and bad input is refused on both backends."""

from __future__ import annotations

import array

import pytest

from sudokit import _backend, solve
from sudokit.errors import SearchLimitExceeded
from sudokit.human import chains
from sudokit.human.model import Candidates
from sudokit.human.path import enabled_techniques, next_step
from sudokit.human.rating import hodoku_order

PUZZLES = [
    "610000000040600500307009004003804001000050000400903600900400207008005030000000056",
    "004010350100070900850900001000000800280000063007000000700008049008050002025040700",
]
_CHEAP = {"full_house", "naked_single", "hidden_single_box", "hidden_single_line", "pointing", "claiming",
          "naked_pair", "hidden_pair", "naked_triple", "hidden_triple", "x_wing", "swordfish", "xy_wing", "xy_chain"}


def _grids(puzzle: str) -> list[Candidates]:
    """The candidate grids along a HoDoKu-ordered path of a few cheap techniques and XY-Chains."""
    order = tuple(t for t in hodoku_order(enabled_techniques(None, True)) if t.id in _CHEAP)
    state = Candidates.from_puzzle(puzzle)
    grids = []
    while not state.is_solved() and len(grids) < 60:
        grids.append(state.copy())
        step = next_step(state, order)
        if step is None:
            break
        state.apply(step)
    return grids[-12:]


@pytest.mark.single_backend
def test_c_and_twin_give_the_same_bytes() -> None:
    if "c" not in _backend.available():
        pytest.skip("the C extension is not built: nothing to compare the twin with")
    from sudokit import _core, _pyxy9

    chains_found = 0
    for puzzle in PUZZLES:
        for state in _grids(puzzle):
            grid = array.array("H", state.cands).tobytes()
            for remote in (False, True):
                data, spent = _core.ho_xy(grid, remote, 2_000_000)
                assert _pyxy9.ho_xy(grid, remote, 2_000_000) == (data, spent)
                assert data is not None
                chains_found += bool(data)
                if spent > 1:
                    assert _core.ho_xy(grid, remote, spent - 1)[0] is None
                    assert _pyxy9.ho_xy(grid, remote, spent - 1)[0] is None
    assert chains_found > 0


def test_chain_steps_remove_only_false_candidates(backend: str) -> None:
    steps = 0
    for puzzle in PUZZLES:
        solution = solve(puzzle)
        for state in _grids(puzzle)[::2]:
            for find in (chains.find_xy_chain, chains.find_remote_pair):
                for step in find(state):
                    steps += 1
                    for cell, digit in step.eliminations:
                        assert state.cands[cell] >> (digit - 1) & 1 and solution[cell] != digit, (puzzle, step)
    assert steps > 0


def test_a_budget_raises(backend: str) -> None:
    state = _grids(PUZZLES[0])[0]
    with pytest.raises(SearchLimitExceeded):
        list(chains.find_xy_chain(state, budget=3))


@pytest.mark.parametrize(
    "cands, budget",
    [
        (array.array("H", [0b11] * 80).tobytes(), 10),  # 80 masks
        (array.array("H", [0x200] + [0b11] * 80).tobytes(), 10),  # a mask above 9 bits
        (array.array("H", [0b11] * 81).tobytes(), -1),  # a negative budget
    ],
)
def test_bad_input_is_refused(backend: str, cands: bytes, budget: int) -> None:
    with pytest.raises(ValueError):
        _backend.kernel().ho_xy(cands, False, budget)
