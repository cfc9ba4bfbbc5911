"""HoDoKu's ALS and restricted commons in the kernel (``ho_als``: csrc/hoals9.c, twin
sudokit._pyals9): the C code and the twin give the same bytes on candidate grids of real
puzzles; the ALS are ALS and the restricted commons are those that
:func:`sudokit.human.als.restricted_commons` computes from them in Python; bad input is
refused on both backends."""

from __future__ import annotations

import array
import random

import pytest

from sudokit import _backend, solve
from sudokit.human.als import find_alses, restricted_commons
from sudokit.human.model import HOUSE_MASK, POPCOUNT, Candidates, cells_of

PUZZLES = [
    "610000000040600500307009004003804001000050000400903600900400207008005030000000056",
    "000000010400000000020000000000050407008000300001090000300400200050100000000806000",
]


def _grids(puzzle: str, n: int) -> list[Candidates]:
    """The puzzle's candidates with 10%, 20%, ... of the false candidates dropped (seeded):
    grids as a path reaches them, with a few hundred ALS (more drops, more ALS)."""
    solution = solve(puzzle)
    rng = random.Random(puzzle)
    grids = []
    for k in range(n):
        state = Candidates.from_puzzle(puzzle)
        cands = state.cands[:]
        for c in range(81):
            for d in range(1, 10):
                if cands[c] >> (d - 1) & 1 and solution[c] != d and rng.random() < 0.1 + 0.1 * k:
                    cands[c] &= ~(1 << (d - 1))
        grids.append(Candidates(state.values[:], cands, state.givens))
    return grids


@pytest.mark.single_backend
def test_c_and_twin_give_the_same_bytes() -> None:
    if "c" not in _backend.available():
        pytest.skip("the C extension is not built: nothing to compare the twin with")
    from sudokit import _core, _pyals9

    rcs = 0
    for puzzle in PUZZLES:
        for state in _grids(puzzle, 2):
            grid = array.array("H", state.cands).tobytes()
            data = _core.ho_als(grid)
            assert _pyals9.ho_als(grid) == data
            rcs += len(data[1]) // 6
    assert rcs > 0


def test_alses_and_restricted_commons(backend: str) -> None:
    from sudokit.human.als import _alses_and_rcs

    for puzzle in PUZZLES:
        state = _grids(puzzle, 2)[0]
        alses = find_alses(state)
        assert alses and len({a.cells for a in alses}) == len(alses)
        for a in alses:
            cells = cells_of(a.cells)
            digits = 0
            for c in cells:
                digits |= state.cands[c]
            assert digits == a.digits and POPCOUNT[digits] == len(cells) + 1 and 1 <= len(cells) <= 8
            assert any(a.cells & ~h == 0 for h in HOUSE_MASK)
        assert _alses_and_rcs(state)[1] == restricted_commons(alses)


@pytest.mark.parametrize("cands", [array.array("H", [0b11] * 80).tobytes(), array.array("H", [0x200] + [0b11] * 80).tobytes()])
def test_bad_input_is_refused(backend: str, cands: bytes) -> None:
    with pytest.raises(ValueError):
        _backend.kernel().ho_als(cands)


@pytest.mark.single_backend
def test_chain_search_c_and_twin_give_the_same_bytes() -> None:
    if "c" not in _backend.available():
        pytest.skip("the C extension is not built: nothing to compare the twin with")
    from sudokit import _core, _pyals9

    chains = 0
    for puzzle in PUZZLES:
        for state in _grids(puzzle, 2):
            grid = array.array("H", state.cands).tobytes()
            for limit in (0, 50, 5_000):
                found = _core.ho_als_chain(grid, limit)
                assert _pyals9.ho_als_chain(grid, limit) == found
            chains += len(found[0])
    assert chains > 0


def test_als_chain_steps_keep_the_solution(backend: str) -> None:
    from sudokit.human.als import find_als_chain

    steps = 0
    for puzzle, n in zip(PUZZLES, (1, 3)):  # the others' searches run long on the twin
        solution = solve(puzzle)
        for state in _grids(puzzle, n):
            for step in find_als_chain(state):
                assert step.eliminations and all(solution[c] != d for c, d in step.eliminations)
                assert step.notation.count("- ") >= 4  # four ALS at least
                steps += 1
    assert steps > 0


def test_als_chain_spends_the_callers_budget(backend: str) -> None:
    from sudokit.human.als import find_als_chain
    from sudokit.human.se_budget import LIMIT, Budget, BudgetExceeded

    state = _grids(PUZZLES[1], 3)[2]
    nodes = _backend.kernel().ho_als_chain(array.array("H", state.cands).tobytes(), 3_000_000)[1]
    assert nodes >= 2048
    token = LIMIT.set(Budget(nodes - 1024))
    try:
        with pytest.raises(BudgetExceeded):
            list(find_als_chain(state))
    finally:
        LIMIT.reset(token)
    token = LIMIT.set(Budget(nodes))
    try:
        assert list(find_als_chain(state)) is not None
    finally:
        LIMIT.reset(token)


@pytest.mark.parametrize("cands, limit", [(array.array("H", [0b11] * 81).tobytes(), -1),
                                          (array.array("H", [0x200] + [0b11] * 80).tobytes(), 10),
                                          (array.array("H", [0b11] * 80).tobytes(), 10)])
def test_chain_search_refuses_bad_input(backend: str, cands: bytes, limit: int) -> None:
    with pytest.raises(ValueError):
        _backend.kernel().ho_als_chain(cands, limit)
