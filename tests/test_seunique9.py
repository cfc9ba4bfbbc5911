"""SE's Unique Rectangles and Loops in the kernel (``se_unique``: csrc/seunique9.c, twin
sudokit._pyseunique9): the C code and the twin give the same bytes on the candidate grids
of real SE paths and on grids with a loop of a digit pair planted in them (every type, loops
of 6+ cells), every step removes only false candidates, the node limit stops both at the
same node, and bad input is refused on both backends."""

from __future__ import annotations

import array
import random
from collections import Counter
from functools import lru_cache

import pytest

from sudokit import Grid, _backend, solve
from sudokit.errors import SearchLimitExceeded
from sudokit.human import rate, se_unique
from sudokit.human.model import Candidates
from sudokit.human.rating import _plan, se_walk
from sudokit.human.se_chains import LIMIT, Budget, BudgetExceeded

# SE paths with a Unique Rectangle type 3, type 2, types 4 and 1, and a Unique Loop
PUZZLES = [
    "004010350100070900850900001000000800280000063007000000700008049008050002025040700",
    "010703050082050310004000700600504003500000001001060900060000080009102500000090000",
    "600500000005008940290040000070001804008050300109800070000060089063400700000005003",
    "120605098000090000006807500004000900200080005908000106650000041000000000000352000",
]
_FRONT = {"full_house", "naked_single", "hidden_single_box", "hidden_single_line", "direct_pointing", "direct_claiming",
          "direct_hidden_pair", "direct_hidden_triple", "pointing", "claiming", "naked_pair", "x_wing", "hidden_pair"}


@lru_cache(maxsize=None)
def _grids(puzzle: str) -> tuple[Candidates, ...]:
    """The candidate grids of ``puzzle``'s SE path where SE's uniqueness rule is tried
    (made once: the tests only read them)."""
    with _backend.use("c" if "c" in _backend.available() else "python"):
        steps, _end = se_walk(Grid.parse(puzzle), _plan("all", True)[1])
    state = Candidates.from_puzzle(puzzle)
    grids = []
    for step in steps:
        if step.technique not in _FRONT:
            grids.append(state.copy())
        state.apply(step)
    return tuple(grids)


def _planted(rng: random.Random, base: Candidates) -> tuple[bytes, bytes]:
    """``base`` with a loop of a digit pair planted in it: k rows and k columns walked as a
    cycle (r1c1 r1c2 r2c2 r2c3 ... rkc1), every house met at an odd and an even position;
    one to three of its cells get extra digits."""
    from sudokit._pyseunique9 import _valid

    cands, values = list(base.cands), bytearray(base.values)
    while True:
        k = rng.choice((2, 2, 3, 4, 5))
        rows, cols = rng.sample(range(9), k), rng.sample(range(9), k)
        loop = [cell for i in range(k) for cell in (rows[i] * 9 + cols[i], rows[i] * 9 + cols[(i + 1) % k])]
        if _valid(loop):
            break
    pair = sum(1 << d for d in rng.sample(range(9), 2))
    for cell in loop:
        values[cell], cands[cell] = 0, pair
    shared = 1 << rng.randrange(9)
    for cell in rng.sample(loop, rng.choice((1, 2, 2, 3))):
        cands[cell] |= shared if rng.random() < 0.5 else 1 << rng.randrange(9) | 1 << rng.randrange(9)
    return array.array("H", cands).tobytes(), bytes(values)


@pytest.mark.single_backend
def test_c_and_twin_give_the_same_bytes() -> None:
    if "c" not in _backend.available():
        pytest.skip("the C extension is not built: nothing to compare the twin with")
    from sudokit import _core, _pyseunique9

    cases = []
    for puzzle in PUZZLES:
        cases += [(array.array("H", g.cands).tobytes(), bytes(g.values)) for g in _grids(puzzle)]
    rng = random.Random(12)
    bases = [g for p in PUZZLES[:2] for g in _grids(p)]
    cases += [_planted(rng, rng.choice(bases)) for _ in range(60)]
    kinds: Counter[tuple[int, bool]] = Counter()
    for cands, values in cases:
        data, spent = _core.se_unique(cands, values, 5_000)
        assert _pyseunique9.se_unique(cands, values, 5_000) == (data, spent)
        at = 0
        while data is not None and at < len(data):
            size, m = data[at + 1], data[at + 3 + data[at + 1]]
            kinds[data[at], size > 4] += 1
            at += 4 + size + 3 * m
        if data and spent > 1:
            assert _core.se_unique(cands, values, spent - 1) == (None, spent)
            assert _pyseunique9.se_unique(cands, values, spent - 1) == (None, spent)
    assert {t for t, _big in kinds} == {1, 2, 3, 4} and any(big for _t, big in kinds), kinds


def test_loop_steps_remove_only_false_candidates(backend: str) -> None:
    techniques: Counter[str] = Counter()
    for puzzle in PUZZLES:
        solution = solve(puzzle)
        for state in _grids(puzzle):
            for step in se_unique.find_se_unique_loops(state):
                techniques[step.technique] += 1
                assert step.eliminations and step.rating is not None and step.rating >= 4.5
                for cell, digit in step.eliminations:
                    assert state.cands[cell] >> (digit - 1) & 1 and solution[cell] != digit, (puzzle, step)
    assert {"unique_rectangle_1", "unique_rectangle_2", "unique_rectangle_3", "unique_rectangle_4", "unique_loop"} <= set(techniques)


def test_a_budget_raises(backend: str) -> None:
    state = next(g for g in _grids(PUZZLES[3]) if any(True for _ in se_unique.find_se_unique_loops(g)))
    token = LIMIT.set(Budget(3))
    try:
        with pytest.raises(BudgetExceeded):
            list(se_unique.find_se_unique_loops(state))
    finally:
        LIMIT.reset(token)
    with pytest.raises(SearchLimitExceeded):
        rate(PUZZLES[3], max_nodes=50)


@pytest.mark.parametrize(
    "cands, values, limit",
    [
        (array.array("H", [0b11] * 80).tobytes(), bytes(81), -1),  # 80 masks
        (array.array("H", [0b11] * 81).tobytes(), bytes(80), -1),  # 80 values
        (array.array("H", [0x200] + [0b11] * 80).tobytes(), bytes(81), -1),  # a mask above 9 bits
        (array.array("H", [0b11] * 81).tobytes(), bytes([10] + [0] * 80), -1),  # a value above 9
        (array.array("H", [0b11] * 81).tobytes(), bytes(81), -2),  # a limit below -1
    ],
)
def test_bad_input_is_refused(backend: str, cands: bytes, values: bytes, limit: int) -> None:
    with pytest.raises(ValueError):
        _backend.kernel().se_unique(cands, values, limit)
