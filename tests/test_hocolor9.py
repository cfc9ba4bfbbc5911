"""HoDoKu's Simple Colors and Multi-Colors in the kernel (``ho_colors``: csrc/hocolor9.c, twin
sudokit._pycolor9): the C code and the twin give the same bytes on candidate grids of real
puzzles, every coloring step removes only false candidates, and bad input is refused on
both backends."""

from __future__ import annotations

import array
import random

import pytest

from sudokit import _backend, solve
from sudokit.human.coloring import color_clusters, find_multi_colors, find_simple_colors
from sudokit.human.model import Candidates

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
    from sudokit import _core, _pycolor9

    found = 0
    for puzzle in PUZZLES:
        for state in _grids(puzzle, 10):
            grid = array.array("H", state.cands).tobytes()
            data = _core.ho_colors(grid)
            assert _pycolor9.ho_colors(grid) == data
            found += bool(data[1])
    assert found > 0


def test_steps_remove_only_false_candidates(backend: str) -> None:
    kinds = set()
    for puzzle in PUZZLES:
        solution = solve(puzzle)
        for state in _grids(puzzle, 6):
            for step in [*find_simple_colors(state), *find_multi_colors(state)]:
                kinds.add(step.technique)
                assert step.eliminations
                for cell, digit in step.eliminations:
                    assert state.cands[cell] >> (digit - 1) & 1 and solution[cell] != digit, (puzzle, step)
    assert {"simple_colors_trap", "multi_colors_1"} <= kinds


def test_clusters_are_strong_link_components(backend: str) -> None:
    """Each cluster's houses hold the digit in exactly two cells, one of each color, and
    the clusters of a digit are disjoint."""
    state = _grids(PUZZLES[0], 6)[3]
    for d in range(1, 10):
        used: set[int] = set()
        for c1, c2, houses in color_clusters(state, d):
            assert c1 and c2 and not (set(c1) | set(c2)) & used
            used |= set(c1) | set(c2)
            for h in houses:
                places = [c for c in range(81) if state.house_cells(h, d) >> c & 1]
                assert len(places) == 2 and len(set(places) & set(c1)) == 1 and len(set(places) & set(c2)) == 1


@pytest.mark.parametrize(
    "cands",
    [array.array("H", [0b11] * 80).tobytes(), array.array("H", [0x200] + [0b11] * 80).tobytes()],
)
def test_bad_input_is_refused(backend: str, cands: bytes) -> None:
    with pytest.raises(ValueError):
        _backend.kernel().ho_colors(cands)
