"""HoDoKu's fish searches in the kernel (``ho_fish``: Franken/Mutant, ``ho_basic_fish``:
basic/finned/sashimi on rows and columns; csrc/hofish9.c, twin sudokit._pyfish9): the C
code and the twin give the same bytes on the candidate grids of real HoDoKu paths, every
candidate a fish step removes is false in the solution, a limit gives the first records,
and bad input is refused on both backends."""

from __future__ import annotations

import array
import functools
import itertools

import pytest

from sudokit import Grid, _backend, solve
from sudokit.human import fish, franken
from sudokit.human.model import Candidates
from sudokit.human.path import enabled_techniques, next_step
from sudokit.human.rating import hodoku_order

#: grantm "diabolical" puzzles whose HoDoKu paths reach the fish and chains.
PUZZLES = [
    "610000000040600500307009004003804001000050000400903600900400207008005030000000056",
    "004010350100070900850900001000000800280000063007000000700008049008050002025040700",
]
_CHEAP = {"full_house", "naked_single", "hidden_single_box", "hidden_single_line", "pointing", "claiming",
          "naked_pair", "hidden_pair", "naked_triple", "hidden_triple", "x_wing", "swordfish", "skyscraper",
          "two_string_kite", "xy_wing", "xyz_wing", "w_wing", "simple_colors", "finned_x_wing", "finned_swordfish"}


@functools.cache
def _grids(puzzle: str, last: int) -> tuple[Candidates, ...]:
    """The last candidate grids along a HoDoKu-ordered path of the cheaper techniques (the
    puzzles are stuck there: the grids the fish searches meet on a rating path)."""
    order = tuple(t for t in hodoku_order(enabled_techniques(None, True)) if t.id in _CHEAP)
    state = Candidates.from_puzzle(puzzle)
    grids = []
    while not state.is_solved():
        grids.append(state.copy())
        step = next_step(state, order)
        if step is None:
            break
        state.apply(step)
    return tuple(grids[-last:])


@pytest.mark.single_backend
def test_c_and_twin_give_the_same_bytes() -> None:
    if "c" not in _backend.available():
        pytest.skip("the C extension is not built: nothing to compare the twin with")
    from sudokit import _core, _pyfish9

    records = 0
    for puzzle in PUZZLES:
        for k, state in enumerate(_grids(puzzle, 6)):
            grid = array.array("H", state.cands).tobytes()
            for size in (2, 3, 4):
                for mode in (0, 1, 2):
                    data = _core.ho_basic_fish(grid, size, mode, 0)
                    assert _pyfish9.ho_basic_fish(grid, size, mode, 0) == data
                    records += len(data[0]) // (6 + size)
            if k % 3 == 0:  # the twin's Franken search is slow: a sample of grids, size 3 on one
                for size, finned, mutant in ((2, False, False), (2, True, False), (2, True, True), (3, True, False))[:4 if k else 3]:
                    data = _core.ho_fish(grid, size, finned, mutant, 0)
                    assert _pyfish9.ho_fish(grid, size, finned, mutant, 0) == data
                    records += len(data[0]) // (2 + 2 * size)
    assert records > 0, "the sample grids should hold fish"


def test_fish_steps_remove_only_false_candidates(backend: str) -> None:
    finders = [getattr(fish, name) for name in fish.__all__]
    heavy = ("finned_franken_swordfish",) if backend == "c" else ()  # the twin's is slow
    finders += [franken.fish_finder(t) for t in ("franken_x_wing", "finned_franken_x_wing", "finned_mutant_x_wing") + heavy]
    steps = 0
    for puzzle in PUZZLES:
        solution = solve(puzzle)
        for state in _grids(puzzle, 6)[::3]:
            for find in finders:
                for step in itertools.islice(find(state), 2):
                    steps += 1
                    assert step.eliminations
                    for cell, digit in step.eliminations:
                        assert state.cands[cell] >> (digit - 1) & 1 and solution[cell] != digit, (puzzle, step)
    assert steps > 0


@pytest.mark.single_backend
def test_a_limit_gives_the_first_records() -> None:
    kernel = _backend.kernel()
    state = _grids(PUZZLES[0], 6)[0]
    grid = array.array("H", state.cands).tobytes()
    for size, finned, mutant in ((2, True, False), (3, True, False), (2, False, True)):
        everything, _ = kernel.ho_fish(grid, size, finned, mutant, 0)
        for limit in (1, 2):
            first, _ = kernel.ho_fish(grid, size, finned, mutant, limit)
            assert first == everything[: limit * (2 + 2 * size)]
    for size, mode in ((2, 1), (3, 1), (2, 0)):
        everything, _ = kernel.ho_basic_fish(grid, size, mode, 0)
        first, _ = kernel.ho_basic_fish(grid, size, mode, 1)
        assert first == everything[: 6 + size]


@pytest.mark.parametrize(
    "name, args",
    [
        ("ho_fish", (array.array("H", [0x1FF] * 80).tobytes(), 2, False, False, 0)),  # 80 masks
        ("ho_fish", (array.array("H", [0x200] + [0x1FF] * 80).tobytes(), 2, False, False, 0)),  # 10 bits
        ("ho_fish", (array.array("H", [0x1FF] * 81).tobytes(), 5, False, False, 0)),  # size 5
        ("ho_fish", (array.array("H", [0x1FF] * 81).tobytes(), 2, True, False, -1)),  # a negative limit
        ("ho_basic_fish", (array.array("H", [0x1FF] * 82).tobytes(), 2, 0, 0)),
        ("ho_basic_fish", (array.array("H", [0x1FF] * 81).tobytes(), 1, 0, 0)),
        ("ho_basic_fish", (array.array("H", [0x1FF] * 81).tobytes(), 2, 3, 0)),
        ("ho_basic_fish", (array.array("H", [0x1FF] * 81).tobytes(), 2, 1, -1)),
    ],
)
def test_bad_input_is_refused(backend: str, name: str, args: tuple[object, ...]) -> None:
    with pytest.raises(ValueError):
        getattr(_backend.kernel(), name)(*args)


def test_a_solved_grid_has_no_fish(backend: str) -> None:
    kernel = _backend.kernel()
    solved = array.array("H", Candidates.from_puzzle(Grid.parse(solve(PUZZLES[0]))).cands).tobytes()
    assert kernel.ho_fish(solved, 2, True, True, 0)[0] == b""
    assert kernel.ho_basic_fish(solved, 4, 1, 0)[0] == b""
