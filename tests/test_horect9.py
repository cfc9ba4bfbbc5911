"""HoDoKu's Unique, Hidden and Avoidable Rectangle searches in the kernel (``ho_rects``:
csrc/horect9.c, twin sudokit._pyrect9): the C code and the twin give the same bytes on
candidate grids of real puzzles (all kinds, one kind, first record only), every step
removes only false candidates (the puzzles have one solution and the grids still hold it),
and bad input is refused on both backends."""

from __future__ import annotations

import array
import random

import pytest

from sudokit import _backend, solve
from sudokit.human import uniqueness as U
from sudokit.human.model import PEER_CELLS, Candidates

PUZZLES = [
    "000000010400000000020000000000050407008000300001090000300400200050100000000806000",
    "610000000040600500307009004003804001000050000400903600900400207008005030000000056",
    "004010350100070900850900001000000800280000063007000000700008049008050002025040700",
    "100007090030020008009600500005300900010080002600004000300000010040000007007000300",
]

FINDERS = (
    U.find_unique_rectangle_1, U.find_unique_rectangle_2, U.find_unique_rectangle_3, U.find_unique_rectangle_4,
    U.find_unique_rectangle_5, U.find_unique_rectangle_6, U.find_hidden_rectangle, U.find_avoidable_rectangle_1,
    U.find_avoidable_rectangle_2,
)


def _grids(puzzle: str, n: int) -> list[Candidates]:
    """Grids that still hold the solution (seeded): some non-clue cells placed as a player
    would (not givens: Avoidable Rectangles need them), then false candidates dropped."""
    solution = solve(puzzle)
    rng = random.Random(puzzle)
    grids = []
    for k in range(n):
        state = Candidates.from_puzzle(puzzle)
        values, cands = state.values[:], state.cands[:]
        for c in range(81):
            if not values[c] and rng.random() < 0.1 + k / (3 * n):
                values[c], cands[c] = solution[c], 0
                for p in PEER_CELLS[c]:
                    cands[p] &= ~(1 << (solution[c] - 1))
        for c in range(81):
            for d in range(1, 10):
                if cands[c] >> (d - 1) & 1 and solution[c] != d and rng.random() < 0.2 + k / (2 * n):
                    cands[c] &= ~(1 << (d - 1))
        grids.append(Candidates(values, cands, state.givens))
    return grids


def _args(state: Candidates) -> tuple[bytes, bytes, bytes]:
    return array.array("H", state.cands).tobytes(), bytes(state.values), bytes(c in state.givens for c in range(81))


@pytest.mark.single_backend
def test_c_and_twin_give_the_same_bytes() -> None:
    if "c" not in _backend.available():
        pytest.skip("the C extension is not built: nothing to compare the twin with")
    from sudokit import _core, _pyrect9

    kinds = set()
    for puzzle in PUZZLES:
        for k, state in enumerate(_grids(puzzle, 8)):
            args = _args(state)
            data = _core.ho_rects(*args, 0x3FF, 0)
            assert _pyrect9.ho_rects(*args, 0x3FF, 0) == data
            for ask in ((1 << (k % 10), 0), (0x3FF, 1), (0b1110000110, 2)):
                assert _pyrect9.ho_rects(*args, *ask) == _core.ho_rects(*args, *ask)
            j = 0
            while j < len(data):
                kinds.add(data[j])
                j += 12 + data[j + 11]
                j += 1 + 2 * data[j]
    assert kinds == set(range(9))  # the sample grids meet every rectangle kind (BUG+1: the reglib cases)


def test_steps_remove_only_false_candidates(backend: str) -> None:
    kinds = set()
    for puzzle in PUZZLES:
        solution = solve(puzzle)
        for state in _grids(puzzle, 8):
            for finder in FINDERS:
                for step in finder(state):
                    kinds.add(step.technique)
                    assert step.eliminations and step.notation
                    for cell, digit in step.eliminations:
                        assert state.cands[cell] >> (digit - 1) & 1 and solution[cell] != digit, (puzzle, step)
    assert len(kinds) == 9  # the sample grids meet every kind


@pytest.mark.parametrize("bad", range(6))
def test_bad_input_is_refused(backend: str, bad: int) -> None:
    cands, values, givens, kinds, limit = array.array("H", [0b11] * 81).tobytes(), bytes(81), bytes(81), 0x3FF, 0
    if bad == 0:
        cands = cands[:-2]
    elif bad == 1:
        cands = array.array("H", [0x200] + [0b11] * 80).tobytes()
    elif bad == 2:
        values = bytes([10]) + bytes(80)
    elif bad == 3:
        givens = bytes([2]) + bytes(80)
    elif bad == 4:
        kinds = 0x400
    else:
        limit = -1
    with pytest.raises(ValueError):
        _backend.kernel().ho_rects(cands, values, givens, kinds, limit)


def test_bug_plus_1_from_the_kernel(backend: str) -> None:
    """A BUG+1 grid of a HoDoKu walk (gd300): r4c6 holds 1/3/6, every other empty cell two
    digits; 3 is seen three times in r4c6's houses, so 1 and 6 go (the solution has 3)."""
    digits = "974012350160070904850904071509000807281090463607080095716328549498050032325049700"
    givens = "..4.1.35.1...7.9..85.9....1......8..28.....63..7......7....8.49..8.5...2.25.4.7.."
    marks = "68 68 23 58 35 28 23 36 26 34 24 36 136 12 57 57 34 24 13 12 17 67 16 16 18 68".split()
    empty = [c for c in range(81) if digits[c] == "0"]
    state = Candidates.from_state(digits, {c: [int(d) for d in m] for c, m in zip(empty, marks)}, givens)
    steps = list(U.find_bug_plus_1(state))
    assert [(s.eliminations, s.digits, s.cells) for s in steps] == [(((32, 1), (32, 6)), (3,), ((32, "base"),))]
    assert solve(givens)[32] == 3
    state.eliminate(empty[0], int(marks[0][0]))  # r1c4 left with one candidate: not a BUG state
    assert not list(U.find_bug_plus_1(state))
