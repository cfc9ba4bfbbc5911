"""The shared public data sets: every puzzle solved, checked against the rules and givens."""

from __future__ import annotations

import random

import pytest

from sudokit import count_solutions, solve_many
from sudokit import _backend

from conftest import read_puzzle_lines, shared_file
from independent import obeys_rules

# (file, how many puzzles on the C backend, how many on the Python twin); None = all
SETS = [
    ("puzzles3_magictour_top1465", None, 150),
    ("puzzles2_17_clue", 5000, 60),
    ("puzzles5_forum_hardest_1905_11+", 2000, 25),
    ("puzzles6_forum_hardest_1106", None, 25),
]


def _sample(name: str, c_count: int | None, py_count: int) -> list[str]:
    puzzles = read_puzzle_lines(shared_file(name))
    wanted = c_count if _backend.name() == "c" else py_count
    if wanted is None or wanted >= len(puzzles):
        return puzzles
    return random.Random(1465).sample(puzzles, wanted)


@pytest.mark.parametrize(("name", "c_count", "py_count"), SETS)
def test_data_set_solves_uniquely(name: str, c_count: int | None, py_count: int) -> None:
    puzzles = _sample(name, c_count, py_count)
    results, counts = solve_many(puzzles, unique=True, return_counts=True)
    assert list(counts) == [1] * len(puzzles), "every puzzle of these sets has one solution"
    for puzzle, grid in zip(puzzles, results):
        assert grid is not None and obeys_rules(str(grid), puzzle)


def test_removing_a_given_from_hard_puzzles_keeps_solutions() -> None:
    puzzles = _sample("puzzles6_forum_hardest_1106", 40, 5)
    rng = random.Random(3)
    for puzzle in puzzles:
        given = rng.choice([i for i, ch in enumerate(puzzle) if ch != "."])
        looser = puzzle[:given] + "." + puzzle[given + 1 :]
        assert count_solutions(looser, limit=2) >= 1
