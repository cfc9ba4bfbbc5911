"""HoDoKu's Sue de Coq search in the kernel (``ho_sdc``: csrc/hosdc9.c, twin sudokit._pysdc9):
the C code and the twin give the same bytes on candidate grids of real puzzles, every Sue
de Coq step removes only false candidates, ``max_hits`` keeps the first records, and bad
input is refused on both backends."""

from __future__ import annotations

import array
import random

import pytest

from sudokit import _backend, solve
from sudokit.human.model import Candidates
from sudokit.human.sue_de_coq import find_sue_de_coq

PUZZLES = [
    "000000010400000000020000000000050407008000300001090000300400200050100000000806000",
    "610000000040600500307009004003804001000050000400903600900400207008005030000000056",
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
                if cands[c] >> (d - 1) & 1 and solution[c] != d and rng.random() < k / (2 * n):
                    cands[c] &= ~(1 << (d - 1))
        grids.append(Candidates(state.values[:], cands, state.givens))
    return grids


@pytest.mark.single_backend
def test_c_and_twin_give_the_same_bytes() -> None:
    if "c" not in _backend.available():
        pytest.skip("the C extension is not built: nothing to compare the twin with")
    from sudokit import _core, _pysdc9

    found = 0
    for puzzle in PUZZLES:
        for state in _grids(puzzle, 8):
            grid = array.array("H", state.cands).tobytes()
            data, spent = _core.ho_sdc(grid, 0)
            assert _pysdc9.ho_sdc(grid, 0) == (data, spent)
            found += bool(data)
            if data:
                first = _core.ho_sdc(grid, 1)
                assert first == _pysdc9.ho_sdc(grid, 1) and data.startswith(first[0])
    assert found > 0


def test_steps_remove_only_false_candidates(backend: str) -> None:
    steps = 0
    for puzzle in PUZZLES:
        solution = solve(puzzle)
        for state in _grids(puzzle, 4):
            for step in find_sue_de_coq(state):
                steps += 1
                assert step.eliminations
                for cell, digit in step.eliminations:
                    assert state.cands[cell] >> (digit - 1) & 1 and solution[cell] != digit, (puzzle, step)
    assert steps > 0


@pytest.mark.parametrize(
    "cands, max_hits",
    [
        (array.array("H", [0b11] * 80).tobytes(), 0),  # 80 masks
        (array.array("H", [0x200] + [0b11] * 80).tobytes(), 0),  # a mask above 9 bits
        (array.array("H", [0b11] * 81).tobytes(), -1),  # a negative max_hits
    ],
)
def test_bad_input_is_refused(backend: str, cands: bytes, max_hits: int) -> None:
    with pytest.raises(ValueError):
        _backend.kernel().ho_sdc(cands, max_hits)
