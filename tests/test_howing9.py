"""HoDoKu's XY-Wing, XYZ-Wing and W-Wing searches in the kernel (``ho_wings``: csrc/howing9.c,
twin sudokit._pywing9): the C code and the twin give the same bytes on candidate grids of
real puzzles, every wing step removes only false candidates, and bad input is refused on
both backends."""

from __future__ import annotations

import array
import random

import pytest

from sudokit import _backend, solve
from sudokit.human.model import Candidates
from sudokit.human.wings import find_w_wing, find_xy_wing, find_xyz_wing

PUZZLES = [
    "000000010400000000020000000000050407008000300001090000300400200050100000000806000",
    "610000000040600500307009004003804001000050000400903600900400207008005030000000056",
    "004010350100070900850900001000000800280000063007000000700008049008050002025040700",
]


def _grids(puzzle: str, n: int) -> list[Candidates]:
    """The puzzle's candidates with random false candidates dropped (seeded): grids that
    still hold the solution, as a path reaches them."""
    solution = solve(puzzle)
    rng = random.Random(puzzle)
    grids = []
    for k in range(n):
        state = Candidates.from_puzzle(puzzle)
        cands = state.cands[:]
        for c in range(81):
            for d in range(1, 10):
                if cands[c] >> (d - 1) & 1 and solution[c] != d and rng.random() < 0.3 + k / (2 * n):
                    cands[c] &= ~(1 << (d - 1))
        grids.append(Candidates(state.values[:], cands, state.givens))
    return grids


@pytest.mark.single_backend
def test_c_and_twin_give_the_same_bytes() -> None:
    if "c" not in _backend.available():
        pytest.skip("the C extension is not built: nothing to compare the twin with")
    from sudokit import _core, _pywing9

    found = 0
    for puzzle in PUZZLES:
        for state in _grids(puzzle, 8):
            grid = array.array("H", state.cands).tobytes()
            data = _core.ho_wings(grid)
            assert _pywing9.ho_wings(grid) == data
            found += len(data)
    assert found > 0


def test_steps_remove_only_false_candidates(backend: str) -> None:
    kinds = set()
    for puzzle in PUZZLES:
        solution = solve(puzzle)
        for state in _grids(puzzle, 6):
            for finder in (find_xy_wing, find_xyz_wing, find_w_wing):
                for step in finder(state):
                    kinds.add(step.technique)
                    assert step.eliminations
                    for cell, digit in step.eliminations:
                        assert state.cands[cell] >> (digit - 1) & 1 and solution[cell] != digit, (puzzle, step)
    assert {"xy_wing", "xyz_wing", "w_wing"} <= kinds


@pytest.mark.parametrize(
    "cands",
    [array.array("H", [0b11] * 80).tobytes(), array.array("H", [0x200] + [0b11] * 80).tobytes()],
)
def test_bad_input_is_refused(backend: str, cands: bytes) -> None:
    with pytest.raises(ValueError):
        _backend.kernel().ho_wings(cands)
