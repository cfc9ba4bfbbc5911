"""The single-digit pattern and X-Chain searches in the kernel (``ho_single``:
csrc/hosingle9.c, twin sudokit._pysingle9): the C code and the twin give the same bytes on
the candidate grids of real solving paths, every Skyscraper, 2-String Kite, Turbot Fish,
Empty Rectangle and X-Chain step removes only false candidates and is built from the
links it names, a budget raises SearchLimitExceeded, and bad input is refused on both
backends."""

from __future__ import annotations

import array

import pytest

from sudokit import _backend, solve
from sudokit.errors import SearchLimitExceeded
from sudokit.human import chains, single_digit
from sudokit.human.model import HOUSE_MASK, HOUSE_NAMES, PEER_MASK, Candidates
from sudokit.human.path import enabled_techniques, next_step
from sudokit.human.rating import hodoku_order

PUZZLES = [
    "610000000040600500307009004003804001000050000400903600900400207008005030000000056",
    "004010350100070900850900001000000800280000063007000000700008049008050002025040700",
    "130000092090205010002080600320908054000000000700040001060000070800000005003010800",
]
_CHEAP = {"full_house", "naked_single", "hidden_single_box", "hidden_single_line", "pointing", "claiming",
          "naked_pair", "hidden_pair", "naked_triple", "hidden_triple", "x_wing", "swordfish", "xy_wing", "xy_chain"}
_FINDERS = {
    "skyscraper": single_digit.find_skyscraper, "two_string_kite": single_digit.find_two_string_kite,
    "turbot_fish": single_digit.find_turbot_fish, "empty_rectangle": single_digit.find_empty_rectangle,
    "x_chain": chains.find_x_chain,
}
_HOUSE = {name: h for h, name in enumerate(HOUSE_NAMES)}


def _grids(puzzle: str) -> list[Candidates]:
    """The candidate grids along a HoDoKu-ordered path of a few cheap techniques (none of
    the single-digit patterns, so those stay on the grid)."""
    order = tuple(t for t in hodoku_order(enabled_techniques(None, True)) if t.id in _CHEAP)
    state = Candidates.from_puzzle(puzzle)
    grids = []
    while not state.is_solved() and len(grids) < 60:
        grids.append(state.copy())
        step = next_step(state, order)
        if step is None:
            break
        state.apply(step)
    return grids[-10:]


@pytest.mark.single_backend
def test_c_and_twin_give_the_same_bytes() -> None:
    if "c" not in _backend.available():
        pytest.skip("the C extension is not built: nothing to compare the twin with")
    from sudokit import _core, _pysingle9

    found = [0] * 5
    for puzzle in PUZZLES:
        for state in _grids(puzzle):
            grid = array.array("H", state.cands).tobytes()
            for kind in range(5):
                data, spent = _core.ho_single(grid, kind, 2_000_000)
                assert _pysingle9.ho_single(grid, kind, 2_000_000) == (data, spent)
                assert data is not None
                found[kind] += bool(data)
                if spent > 1:
                    assert _core.ho_single(grid, kind, spent - 1)[0] is None
                    assert _pysingle9.ho_single(grid, kind, spent - 1)[0] is None
    assert all(found), found


def _is_strong(state: Candidates, house: str, a: int, b: int, digit: int) -> bool:
    places = state.where[digit] & HOUSE_MASK[_HOUSE[house]]
    return places == (1 << a | 1 << b)


def test_steps_remove_only_false_candidates(backend: str) -> None:
    steps = dict.fromkeys(_FINDERS, 0)
    for puzzle in PUZZLES:
        solution = solve(puzzle)
        for state in _grids(puzzle)[::2]:
            for tid, find in _FINDERS.items():
                for step in find(state):
                    steps[tid] += 1
                    (digit,) = step.digits
                    for cell, d in step.eliminations:
                        assert d == digit and state.cands[cell] >> (d - 1) & 1 and solution[cell] != d, (puzzle, step)
                    if tid in ("skyscraper", "two_string_kite", "turbot_fish"):
                        (f1, _), (e1, _), (e2, _), (f2, _) = step.cells
                        assert _is_strong(state, step.houses[0], e1, f1, digit)
                        assert _is_strong(state, step.houses[1], e2, f2, digit)
                        assert PEER_MASK[e1] >> e2 & 1
                        assert all(PEER_MASK[c] >> f1 & 1 and PEER_MASK[c] >> f2 & 1 for c, _ in step.eliminations)
    assert all(steps.values()), steps


def test_a_budget_raises(backend: str) -> None:
    state = _grids(PUZZLES[0])[0]
    with pytest.raises(SearchLimitExceeded):
        list(chains.find_x_chain(state, budget=3))


@pytest.mark.parametrize(
    "cands, kind, budget",
    [
        (array.array("H", [0b11] * 80).tobytes(), 0, 10),  # 80 masks
        (array.array("H", [0x200] + [0b11] * 80).tobytes(), 1, 10),  # a mask above 9 bits
        (array.array("H", [0b11] * 81).tobytes(), 4, -1),  # a negative budget
        (array.array("H", [0b11] * 81).tobytes(), 5, 10),  # no such search
    ],
)
def test_bad_input_is_refused(backend: str, cands: bytes, kind: int, budget: int) -> None:
    with pytest.raises(ValueError):
        _backend.kernel().ho_single(cands, kind, budget)
