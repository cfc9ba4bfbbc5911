"""The naked and hidden subset searches in the kernel (``subsets``: csrc/subset9.c, twin
sudokit._pysubset9): the C code and the twin give the same bytes on candidate grids of real
puzzles, every subset step removes only false candidates, and bad input is refused on both
backends."""

from __future__ import annotations

import array
import random

import pytest

from sudokit import _backend, solve
from sudokit.human.model import Candidates
from sudokit.human.subsets import (
    find_hidden_pair, find_hidden_quad, find_hidden_triple, find_naked_pair, find_naked_quad, find_naked_triple,
)

PUZZLES = [
    "000000010400000000020000000000050407008000300001090000300400200050100000000806000",
    "610000000040600500307009004003804001000050000400903600900400207008005030000000056",
]
FINDERS = (find_naked_pair, find_naked_triple, find_naked_quad, find_hidden_pair, find_hidden_triple, find_hidden_quad)


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
                if cands[c] >> (d - 1) & 1 and solution[c] != d and rng.random() < k / (2 * n):
                    cands[c] &= ~(1 << (d - 1))
        grids.append(Candidates(state.values[:], cands, state.givens))
    return grids


@pytest.mark.single_backend
def test_c_and_twin_give_the_same_bytes() -> None:
    if "c" not in _backend.available():
        pytest.skip("the C extension is not built: nothing to compare the twin with")
    from sudokit import _core, _pysubset9

    found = 0
    for puzzle in PUZZLES:
        for state in _grids(puzzle, 10):
            grid, values = array.array("H", state.cands).tobytes(), bytes(state.values)
            data = _core.subsets(grid, values)
            assert _pysubset9.subsets(grid, values) == data
            found += len(data)
    assert found > 0


def test_steps_remove_only_false_candidates(backend: str) -> None:
    kinds = set()
    for puzzle in PUZZLES:
        solution = solve(puzzle)
        for state in _grids(puzzle, 5):
            for finder in FINDERS:
                for step in finder(state):
                    kinds.add(step.technique)
                    assert step.eliminations
                    for cell, digit in step.eliminations:
                        assert state.cands[cell] >> (digit - 1) & 1 and solution[cell] != digit, (puzzle, step)
    assert {"naked_pair", "naked_triple", "hidden_pair", "hidden_triple"} <= kinds


@pytest.mark.parametrize(
    "cands, values",
    [
        (array.array("H", [0b11] * 80).tobytes(), bytes(81)),  # 80 masks
        (array.array("H", [0x200] + [0b11] * 80).tobytes(), bytes(81)),  # a mask above 9 bits
        (array.array("H", [0b11] * 81).tobytes(), bytes(80)),  # 80 values
        (array.array("H", [0b11] * 81).tobytes(), bytes([10] + [0] * 80)),  # a value above 9
    ],
)
def test_bad_input_is_refused(backend: str, cands: bytes, values: bytes) -> None:
    with pytest.raises(ValueError):
        _backend.kernel().subsets(cands, values)
