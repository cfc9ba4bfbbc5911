"""HoDoKu's Forcing Chain / Forcing Net (sudokit.human.forcing).

The reference lines are HoDoKu 2.2.4's own output (its console batch solver, default
configuration, ``/vp /vg``) on puzzles of the grantm "diabolical" bank: the grid HoDoKu
had before the step, in its library format, and the step line it printed. HoDoKu's
reglib has no forcing-chain cases, so these are the regression cases.
"""

from __future__ import annotations

from itertools import islice

import pytest

from sudokit.grid import Grid
from sudokit.human import Candidates, find_steps, rating
from sudokit.human.forcing import forcing_results
from sudokit.human.path import enabled_techniques, solve_and_count
from sudokit.human.se_chains import LIMIT, Budget, BudgetExceeded

pytestmark = pytest.mark.single_backend

#: (HoDoKu library line of the grid before the step, the line HoDoKu printed)
HODOKU_STEPS = (
    (":1301:8:6.......8...586.....7.3.4.+6..87+913.....258...2+7.+6+4+3..9..6...2..3.9.2.6.5.1+2.+6..4.:"
     "412 512 413 717 118 518 718 123 329 938 568 174 974 776 178 378 778 888 891 796 797::868:",
     "Forcing Chain Contradiction in r3 => r6c8=8"),
    (":1302::..368..9.9+6...43...2...3+6.5.17..+8..65+8..+6...16.....87.2..8...6...65....8.9..461..:"
     "411 412 716 719 125 725 228 438 545 453 954 463 264 964 265 965 266 966 369 469 975 176 487 388 398:131::",
     "Forcing Chain Verity => r3c1<>1"),
    (":1301:8:..5..1..4.+1+4...+52.92.5+43.1..7..6+42.+54...+3...7..9.7..4..9.3.6+451+54..+1....1..4+5.8+7.:"
     "612 914 924 926 829 843 853 361 861 783 884::839:",
     "Forcing Chain Contradiction in c5 => r3c9=8"),
    (":1303:2:9..25...3..3..4....+42...59..8..4.+3.93..8.5..71...3..5.+497...6.....4..2..2...61+9.4:"
     "118 718 124 728 129 736 653 663 879 583 886 188 189::229:",
     "Forcing Net Contradiction in r2c9 => r2c9=2"),
)


def library_state(line: str) -> Candidates:
    """The grid of a HoDoKu library line (``+``: a placed digit; then the deleted candidates)."""
    fields = line.split(":")
    values: list[int] = []
    givens: set[int] = set()
    placed = False
    for ch in fields[3]:
        if ch == "+":
            placed = True
            continue
        values.append(int(ch) if ch.isdigit() else 0)
        if values[-1] and not placed:
            givens.add(len(values) - 1)
        placed = False
    state = Candidates.from_state(values, givens=givens)
    for item in fields[4].split():
        state.eliminate((int(item[1]) - 1) * 9 + int(item[2]) - 1, int(item[0]))
    return state


def _solution(state: Candidates) -> list[int]:
    count, solution = solve_and_count(Grid.parse(state.values))
    assert count == 1 and solution is not None
    return list(solution)


@pytest.mark.parametrize(("line", "text"), HODOKU_STEPS)
def test_first_step_is_hodokus(line: str, text: str) -> None:
    state = library_state(line)
    technique = "forcing_net" if text.startswith("Forcing Net") else "forcing_chain"
    first = next(find_steps(state, technique))
    assert str(first) == text
    assert first.links, "the step carries the chain to draw"


@pytest.mark.parametrize(("line", "text"), HODOKU_STEPS)
def test_every_result_is_true_and_chains_are_inside_nets(line: str, text: str) -> None:
    state = library_state(line)
    solution = _solution(state)
    chains, nets = forcing_results(state, nets=False), forcing_results(state, nets=True)
    assert chains <= nets  # a net follows every link a chain follows, and more
    assert nets
    for cell, digit, placed in nets:
        assert (solution[cell] == digit) == placed, (cell, digit, placed)


def test_search_budget_is_honoured() -> None:
    state = library_state(HODOKU_STEPS[0][0])
    token = LIMIT.set(Budget(50))
    try:
        with pytest.raises(BudgetExceeded):
            next(find_steps(state, "forcing_chain"))
    finally:
        LIMIT.reset(token)


def test_hodoku_path_uses_hodokus_forcing_chains_not_se_rules() -> None:
    order = [t.id for t in rating.hodoku_order(enabled_techniques(None, True))]
    assert order[-2:] == ["forcing_chain", "forcing_net"]
    assert not any(t.startswith("se_") or t.startswith("aligned_") for t in order)
    se_order = [t.id for t in rating.se_techniques(enabled_techniques(None, True))]
    assert "forcing_chain" not in se_order and "se_multiple_forcing_chains" in se_order


def test_hodoku_score_of_a_forcing_chain_puzzle() -> None:
    # grantm "diabolical"; HoDoKu 2.2.4 rates it "Extreme (4616)", with one Forcing Chain
    puzzle = "600000008000586000007030400008701300000258000200000009006000200309020605010000040"
    enabled = enabled_techniques(None, True)
    steps, end = rating.hodoku_walk(Grid.parse(puzzle), rating.hodoku_order(enabled))
    assert end == "solved"
    assert sum(s.technique == "forcing_chain" for s in steps) == 1
    assert rating._hodoku_numbers(steps, {t.id: t for t in enabled}, True) == (4616, "Extreme")
    solution = _solution(Candidates.from_puzzle(puzzle))
    for step in steps:
        assert all(solution[c] == d for c, d in step.placements)
        assert all(solution[c] != d for c, d in step.eliminations)


def test_kraken_fish_never_eliminates_the_solution() -> None:
    # HoDoKu's reglib has no Kraken cases: every step found (both types) is checked instead
    state = library_state(HODOKU_STEPS[1][0])
    solution = _solution(state)
    steps = list(islice(find_steps(state, "kraken_fish"), 40))
    assert {s.name for s in steps} == {"Kraken Fish Type 1", "Kraken Fish Type 2"}
    for step in steps:
        assert step.eliminations and all(solution[c] != d for c, d in step.eliminations), str(step)


#: HoDoKu's grid before its Finned Franken Swordfish on a random minimal puzzle (sudokit.generate).
FRANKEN_STATE = (":0341:6:43.58...9...+9+6....9...427.....62.+9...9.....5.8.1.+59..325.....9...+9+216+5.4...8+9+5..2:"
                 "127 227 128 741 443 743 346 746 748 351 353 756 768 373 473 773 776 377 779 693 197 198:673::")


def test_franken_fish_never_eliminate_the_solution() -> None:
    state = library_state(FRANKEN_STATE)
    solution = _solution(state)
    steps = list(islice(find_steps(state, "finned_franken_swordfish"), 8))
    assert str(steps[0]) == "Finned Franken Swordfish: 6 c19b1 r357 fr1c3 fr9c1 => r7c3<>6"  # HoDoKu's line
    for step in steps:
        assert all(solution[c] != d for c, d in step.eliminations), str(step)
