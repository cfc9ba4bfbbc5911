"""HoDoKu's Nice Loop / AIC tabling search in the kernel (``ho_nice_loops``: csrc/hotable9.c,
twin sudokit._pytable9): the C code and the twin give the same bytes (and spend the same)
on the candidate grids of real HoDoKu paths, with and without group nodes; every nice-loop
step removes only false candidates; a budget raises SearchLimitExceeded; bad input is
refused on both backends."""

from __future__ import annotations

import array
from functools import cache

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
          "naked_pair", "hidden_pair", "naked_triple", "hidden_triple", "x_wing", "swordfish", "xy_wing", "nice_loop"}


@cache
def _grids(puzzle: str) -> list[Candidates]:
    """Candidate grids along a HoDoKu-ordered path of a few cheap techniques and nice loops
    (cached: the tests only read them)."""
    order = tuple(t for t in hodoku_order(enabled_techniques(None, True)) if t.id in _CHEAP)
    state = Candidates.from_puzzle(puzzle)
    grids = []
    while not state.is_solved() and len(grids) < 80:
        grids.append(state.copy())
        step = next_step(state, order)
        if step is None:
            break
        state.apply(step)
    return grids[-12::4]


@pytest.mark.single_backend
def test_c_and_twin_give_the_same_bytes() -> None:
    if "c" not in _backend.available():
        pytest.skip("the C extension is not built: nothing to compare the twin with")
    from sudokit import _core, _pytable9

    found = {False: 0, True: 0}
    for k, puzzle in enumerate(PUZZLES):
        for state in _grids(puzzle):
            grid = array.array("H", state.cands).tobytes()
            for grouped in (False, True):
                data, spent = _core.ho_nice_loops(grid, grouped, 2_000_000)
                assert _pytable9.ho_nice_loops(grid, grouped, 2_000_000) == (data, spent)
                assert data is not None
                found[grouped] += bool(data)
            if k == 0:  # the budget: one node short stops both at the same count
                over = _core.ho_nice_loops(grid, True, spent - 1)
                assert over[0] is None and over == _pytable9.ho_nice_loops(grid, True, spent - 1)
    assert found[False] > 0 and found[True] > 0


def test_nice_loop_steps_remove_only_false_candidates(backend: str) -> None:
    steps = 0
    for puzzle in PUZZLES:
        solution = solve(puzzle)
        state = _grids(puzzle)[0]
        for find in (chains.find_nice_loop, chains.find_grouped_nice_loop):
            for step in find(state):
                steps += 1
                assert step.eliminations
                for cell, digit in step.eliminations:
                    assert state.cands[cell] >> (digit - 1) & 1 and solution[cell] != digit, (puzzle, step)
    assert steps > 0


def test_a_budget_raises(backend: str) -> None:
    state = _grids(PUZZLES[0])[0]
    with pytest.raises(SearchLimitExceeded):
        list(chains.find_nice_loop(state, budget=100))


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
        _backend.kernel().ho_nice_loops(cands, True, budget)
