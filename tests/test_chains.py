"""Chains and ALS (sudokit.human.chains, sudokit.human.als): soundness on whole paths,
HoDoKu's notation, Eureka text, drawable links and the search budget.

The reglib cases of these techniques run in tests/test_techniques.py.
"""

from __future__ import annotations

import os
import random
import re
from pathlib import Path

import pytest

from conftest import scaled
from sudokit import solve
from sudokit.errors import SearchLimitExceeded
from sudokit.human import Candidates, explain
from sudokit.human import chains
from sudokit.human.als import find_alses, restricted_commons
from sudokit.human.links import LinkGraph
from sudokit.human.registry import TECHNIQUE_IDS
from sudokit.human.model import BIT, HOUSE_MASK, PEER_MASK, POPCOUNT, cells_of

pytestmark = pytest.mark.single_backend

RATED = Path(os.environ.get("SUDOKIT_DATA") or Path(__file__).resolve().parents[2] / "shared" / "data") / "rated"
DIABOLICAL = RATED / "grantm_sudoku-exchange_diabolical_2020-06-25.txt"
LEARNING = RATED / "sudocue_learningcurve_rated.tsv"

#: A grantm "diabolical" puzzle whose path needs nice loops / AICs (and an XY-Chain).
NEEDS_CHAINS = "590000007040010083008034900001402000069000820000109300004670200980040030700000016"
#: Everything before the chains: HoDoKu's chains and ALS, and SE's exclusion and forcing-chain
#: rules, HoDoKu's Franken/Mutant/Kraken fish and templates (which would otherwise finish the
#: puzzle the chain tests need stuck, or take seconds a state).
STUCK_BEFORE_CHAINS = [t for t in TECHNIQUE_IDS
                       if t not in ("x_chain", "xy_chain", "remote_pair", "nice_loop", "grouped_nice_loop",
                                    "als_xz", "als_xy_wing", "als_chain", "death_blossom", "forcing_chain", "forcing_net")
                       and not t.startswith(("se_", "aligned_", "franken_", "finned_franken_", "mutant_", "finned_mutant_",
                                             "kraken_", "template_"))]


def _sample(n_diabolical: int, n_learning: int) -> list[str]:
    rng = random.Random(20261201)
    puzzles: list[str] = []
    if DIABOLICAL.exists():
        lines = [line.split()[1] for line in DIABOLICAL.read_text().splitlines() if line.strip()]
        puzzles += rng.sample(lines, n_diabolical)
    if LEARNING.exists():
        rows = LEARNING.read_text().splitlines()[1:]
        puzzles += [r.split("\t")[2] for r in rng.sample(rows, n_learning)]
    return puzzles


def test_every_step_of_every_path_agrees_with_the_solution() -> None:
    """Whole paths (a seeded sample, ``SUDOKIT_TEST_SCALE`` times 80 of the grantm diabolical set, which needs
    chains and ALS most, and of the SudoCue learning curve): no step may remove a solution
    digit or place a wrong one, and the chain/ALS techniques must actually be used."""
    puzzles = _sample(scaled(60), scaled(20))
    if not puzzles:
        pytest.skip(f"rated puzzle files not found under {RATED} (set SUDOKIT_DATA)")
    used: set[str] = set()
    for puzzle in puzzles:
        solution = solve(puzzle)
        path = explain(puzzle)
        for step in path:
            for cell, digit in step.eliminations:
                assert solution[cell] != digit, f"{puzzle}: '{step}' removes the solution digit of cell {cell}"
            for cell, digit in step.placements:
                assert solution[cell] == digit, f"{puzzle}: '{step}' places a wrong digit"
            used.add(step.technique)
    # which ALS technique a path meets depends on the chains it took before
    assert {"nice_loop", "xy_chain"} <= used and used & {"als_xz", "als_xy_wing", "als_chain"}, sorted(used)


def _stuck_state(puzzle: str) -> Candidates:
    """The candidate grid where the techniques before the chains give up."""
    state = Candidates.from_puzzle(puzzle)
    path = explain(puzzle, techniques=STUCK_BEFORE_CHAINS)
    assert path.end == "stuck"
    for step in path:
        state.apply(step)
    return state


def test_hodoku_notation_of_chains() -> None:
    state = _stuck_state(NEEDS_CHAINS)
    xy = list(chains.find_xy_chain(state))
    loops = list(chains.find_nice_loop(state))
    assert xy and loops
    cell = r"r\dc\d"
    link = r"(=\d=|-\d-)"
    # XY-Chain: "XY-Chain: 5 5- r3c8 -6- r3c1 ... r4c7 -5 => r2c7,r46c8<>5" (HoDoKu 2.2's line
    # for this very grid, see benchmarks/RESULTS.md)
    assert str(xy[0]) == "XY-Chain: 5 5- r3c8 -6- r3c1 -1- r7c1 -3- r4c1 -8- r4c5 -6- r4c7 -5 => r2c7,r46c8<>5"
    for step in loops:
        text = str(step)
        if step.name == "AIC":
            assert re.fullmatch(rf"AIC: [\d/]+ \d- {cell}( {link} {cell})+ -\d => .+", text), text
        elif step.name == "Discontinuous Nice Loop":
            m = re.fullmatch(rf"Discontinuous Nice Loop: [\d/]+ ({cell})( {link} {cell})+ => .+", text)
            assert m and text.split(" => ")[0].endswith(m.group(1)), text  # back to its start cell
        else:
            assert step.name == "Continuous Nice Loop", text
            assert re.fullmatch(rf"Continuous Nice Loop: [\d/]+ \d= ({cell})( {link} {cell})+ =\d => .+", text), text
        assert step.links and step.cells and step.why


def test_links_follow_the_chain() -> None:
    """``Step.links`` are the chain's inferences: each strong one joins two candidates that
    cannot both be false, each weak one two that cannot both be true (on the grid)."""
    state = _stuck_state(NEEDS_CHAINS)
    solution = solve(NEEDS_CHAINS)
    for step in list(chains.find_nice_loop(state))[:10]:
        for (ca, da), (cb, db), strong in step.links:
            assert state.cands[ca] & BIT[da] and state.cands[cb] & BIT[db]
            a_true, b_true = solution[ca] == da, solution[cb] == db
            if strong:
                assert a_true or b_true, str(step)
            else:
                assert not (a_true and b_true), str(step)


def test_eureka_text() -> None:
    state = _stuck_state(NEEDS_CHAINS)
    g = LinkGraph(state)
    chain = ((g.candidate(20, 5), False), (g.candidate(20, 6), True), (g.candidate(18, 6), False))
    assert chains.eureka(g, chain) == "(5=6)r3c3-(6)r3c1"


def test_search_budget_raises() -> None:
    state = _stuck_state(NEEDS_CHAINS)
    with pytest.raises(SearchLimitExceeded):
        list(chains.find_nice_loop(state, budget=50))
    assert list(chains.find_nice_loop(state, budget=chains.DEFAULT_BUDGET))


def test_als_and_restricted_commons_are_what_they_claim() -> None:
    state = _stuck_state(NEEDS_CHAINS)
    alses = find_alses(state)
    assert len({a.cells for a in alses}) == len(alses)
    for a in alses:
        n = a.cells.bit_count()
        assert POPCOUNT[a.digits] == n + 1 and 1 <= n <= 8
        assert any(not a.cells & ~HOUSE_MASK[h] for h in range(27))
        union = 0
        for c in cells_of(a.cells):
            union |= state.cands[c]
        assert union == a.digits
    for i, j, x1, x2 in restricted_commons(alses)[:500]:
        a, b = alses[i], alses[j]
        assert not a.cells & b.cells
        for x in (x1, x2):
            if x:
                for ca in cells_of(a.cells_with[x]):
                    assert not b.cells_with[x] & ~PEER_MASK[ca]


def test_step_json_of_the_cli_carries_cells_and_links() -> None:
    import json

    from sudokit.cli.cmd_human import _step_record

    state = _stuck_state(NEEDS_CHAINS)
    step = next(chains.find_xy_chain(state))
    record = json.loads(json.dumps(_step_record(step)))
    assert record["text"] == str(step) and record["technique"] == "xy_chain"
    assert [tuple(map(tuple, link[:2])) + (link[2],) for link in record["links"]] == list(step.links)
    roles = dict(map(tuple, record["cells"]))
    assert roles[25] == "pincer" and "link" in roles.values()  # r3c8 starts the chain
