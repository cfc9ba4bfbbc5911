"""Sudoku Explainer's rules above BUG (sudokit.human.se_chains / se_rules / se_unique).

Reference ratings are serate 1.2.1.3's output (gsf's command-line Sudoku Explainer,
public source ``1to9only/SudokuExplainer`` at commit ``729c00e``, built with OpenJDK 17 and
run as ``serate --format='%g ED=%r/%p/%d'``) on puzzles of the grantm "diabolical" bank;
they come from that independent program, not from this one.
"""

from __future__ import annotations

import random
from math import comb

import pytest

from sudokit import Grid, SearchLimitExceeded, solve
from sudokit.human import explain, rate
from sudokit.human.model import Candidates
from sudokit.human.se_chains import length_surcharge
from sudokit.human.rating import se_techniques, se_walk
from sudokit.human.path import enabled_techniques
from sudokit.human.se_rules import aligned_exclusion, chain_finder, colex

from conftest import shared_file

pytestmark = pytest.mark.single_backend  # pure-Python rules: the kernel backend does not matter

HARD = "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1"

#: (puzzle, serate ER/EP/ED): one or two per rule SE needs for the ER.
SERATE = [
    ("090000052004000000280007900000100360003040200047008000006900027000000100810000090", (6.8, 1.2, 1.2)),  # UR corners
    ("610000000040600500307009004003804001000050000400903600900400207008005030000000056", (7.6, 1.2, 1.2)),  # Nishio
    ("004010350100070900850900001000000800280000063007000000700008049008050002025040700", (7.2, 1.2, 1.2)),  # forcing chains
    ("130000092090205010002080600320908054000000000700040001060000070800000005003010800", (6.2, 1.2, 1.2)),  # APE
    ("052000300000010000004380000100704503500000002903805001000057400000090000009000260", (5.7, 1.2, 1.2)),  # BUG / loop
    ("240900001005074009000000080010020005030405060800010040020000000700340500400002078", (5.6, 1.2, 1.2)),
]


def test_length_surcharge_follows_se_steps() -> None:
    # SE's ceilings: 4, then alternately x3/2 and x4/3 (4, 6, 8, 12, 16, 24, 32, 48, 64 ...)
    ceilings = [4]
    for k in range(10):
        ceilings.append(ceilings[-1] * 3 // 2 if k % 2 == 0 else ceilings[-1] * 4 // 3)
    assert ceilings[:9] == [4, 6, 8, 12, 16, 24, 32, 48, 64]
    for complexity in range(2, 120):
        expected = sum(1 for c in ceilings if complexity - 2 > c) * 0.1
        assert length_surcharge(complexity) == pytest.approx(expected)


def test_colex_is_ses_permutation_order() -> None:
    assert list(colex(2, 4)) == [(0, 1), (0, 2), (1, 2), (0, 3), (1, 3), (2, 3)]
    for n in range(0, 10):
        for k in range(1, n + 1):
            subsets = list(colex(k, n))
            assert len(subsets) == len(set(subsets)) == comb(n, k)
            assert subsets == sorted(subsets, key=lambda s: s[::-1])


@pytest.mark.parametrize("puzzle,expected", SERATE)
def test_er_ep_ed_equal_serate(puzzle: str, expected: tuple[float, float, float]) -> None:
    r = rate(puzzle, techniques="all")
    assert (r.se, r.ep, r.ed) == expected
    assert r.solved_logically


def _assert_steps_true(puzzle: str, techniques: str | None = None) -> None:
    path = explain(puzzle, techniques=techniques)
    solution = solve(puzzle)
    state = Candidates.from_puzzle(puzzle)
    for step in path:
        for cell, digit in step.eliminations:
            assert solution[cell] != digit, f"{step} removes the true {digit} of cell {cell}"
        for cell, digit in step.placements:
            assert solution[cell] == digit, f"{step} places a wrong digit"
        state.apply(step)
    assert path.end in ("solved", "stuck")


def test_every_chain_step_is_true_on_diabolical_puzzles() -> None:
    lines = shared_file("rated/grantm_sudoku-exchange_diabolical_2020-06-25.txt").read_text().split("\n")
    rng = random.Random(20261201)
    puzzles = [lines[k].split()[1] for k in rng.sample(range(len(lines) - 1), 4)]
    order = se_techniques(enabled_techniques("all", True))
    for puzzle in puzzles:
        _assert_steps_true(puzzle)
        steps, end = se_walk(Grid.parse(puzzle), order)
        assert end == "solved"  # SE's rules finish every one of these
        solution = solve(puzzle)
        for step in steps:
            assert all(solution[c] != d for c, d in step.eliminations), step
            assert all(solution[c] == d for c, d in step.placements), step


def test_forcing_chains_are_true_on_a_hardest_puzzle() -> None:
    # Every hint of every static/dynamic producer on the start grid of a forum-hardest puzzle.
    state = Candidates.from_puzzle("........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3")
    solution = solve(state.to_grid())
    for technique in ("se_forcing_chains_cycles", "se_nishio", "se_multiple_forcing_chains"):
        for step in chain_finder(technique)(state):
            assert all(solution[c] != d for c, d in step.eliminations), step
            assert all(solution[c] == d for c, d in step.placements), step
            assert step.rating is not None and step.rating >= 6.5


def test_aligned_pair_exclusion_eliminations_are_true() -> None:
    puzzle = SERATE[3][0]
    solution = solve(puzzle)
    steps, _end = se_walk(Grid.parse(puzzle), se_techniques(enabled_techniques(None, True)))
    state = Candidates.from_puzzle(puzzle)
    for step in steps:
        if step.technique == "aligned_pair_exclusion":
            found = list(aligned_exclusion(state.cands, 2))
            assert found and all(solution[c] != d for c, m in found[0].items() for d in range(1, 10) if m >> (d - 1) & 1)
            assert step.rating == 6.2
            break
        state.apply(step)
    else:
        raise AssertionError("this puzzle needs Aligned Pair Exclusion (serate ER 6.2)")


def test_budget_raises_with_partial_rating() -> None:
    with pytest.raises(SearchLimitExceeded) as info:
        rate(HARD, max_nodes=200)
    partial = info.value.partial
    assert partial is not None and not partial.solved_logically  # type: ignore[attr-defined]
    with pytest.raises(SearchLimitExceeded) as info2:
        explain(HARD, max_nodes=200)
    assert info2.value.partial is not None and info2.value.partial.end == "limit"  # type: ignore[attr-defined]


def test_default_set_leaves_out_nested_chains_all_adds_them() -> None:
    default = rate(SERATE[2][0]).techniques
    everything = rate(SERATE[2][0], techniques="all").techniques
    assert "se_dynamic_forcing_chains" in default and "se_dynamic_forcing_chains_plus" not in default
    assert set(default) < set(everything) and "se_nested_dynamic_forcing_chains_plus" in everything


def test_default_rating_has_dynamic_forcing_chains() -> None:
    # serate rates this grantm puzzle 8.9/1.2/1.2 with a Dynamic Region Forcing Chain: the
    # default SE path now has SE's Dynamic Forcing Chains (C), explain's default set not.
    puzzle = "000920400020010090600400001700005300030000040005200009900004008050090030003078000"
    r = rate(puzzle)
    assert (r.se, r.ep, r.ed) == (8.9, 1.2, 1.2) and r.solved_logically and r.hardest == "Dynamic Region Forcing Chains"
    assert "se_dynamic_forcing_chains" not in explain(puzzle).techniques
    assert not rate(puzzle, techniques=explain(puzzle).techniques).solved_logically


def test_rate_many_matches_rate_in_order() -> None:
    from sudokit.human import rate_many

    puzzles = [SERATE[5][0], "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", SERATE[3][0]]
    expected = [rate(p) for p in puzzles]
    assert rate_many(puzzles, jobs=2) == expected
    assert rate_many(puzzles, jobs=1) == expected
    with pytest.raises(ValueError):
        rate_many(puzzles, jobs=0)


def test_generator_reaches_the_chain_band() -> None:
    from sudokit.generation import generate

    g = generate((7.0, 9.0), seed=5, time_budget=300)
    assert g.rating is not None and 7.0 <= g.rating.se <= 9.0 and g.rating.solved_logically
    again = rate(g.puzzle)
    assert again.se == g.rating.se and again.band == "expert"
    assert solve(g.puzzle) is not None


def test_chain_search_kernel_and_twin_give_the_same_bytes() -> None:
    # csrc/sechain9.c and its twin _pysechain9 on states along a real path: same records,
    # same order, same round count; the C checks in csrc/tests/test_sechain.c check the
    # records themselves (every link one of SE's rules).
    from array import array

    from sudokit import _pycore

    core = pytest.importorskip("sudokit._core", reason="the C core is not built")
    state = Candidates.from_puzzle(SERATE[2][0])
    steps = explain(SERATE[2][0], techniques="all")
    compared = 0
    for k, step in enumerate(steps):
        if k % 12 == 0:
            cands = array("H", state.cands).tobytes()
            for y_chain, x_chain in ((False, True), (True, False), (True, True)):
                got = core.se_loops(cands, y_chain, x_chain)
                assert got == _pycore.se_loops(cands, y_chain, x_chain)
                compared += bool(got[0])
        state.apply(step)
    assert compared >= 3
    for impl in (core, _pycore):
        with pytest.raises(ValueError):
            impl.se_loops(b"\x00" * 160, True, True)
        with pytest.raises(ValueError):
            impl.se_loops(array("H", [0x200] * 81).tobytes(), True, True)
        with pytest.raises(ValueError):
            impl.se_loops(array("H", [3] * 81).tobytes(), False, False)


def _loop_records(data: bytes) -> list[tuple[dict[int, int], int, int, bytes]]:
    """se_loop_hints' records as (removable, complexity, link set, chain record)."""
    out = []
    at = 0
    while at < len(data):
        links, complexity, n_rem = data[at], data[at + 1] | data[at + 2] << 8, data[at + 3]
        removable = {data[k]: data[k + 1] | data[k + 2] << 8 for k in range(at + 4, at + 4 + 3 * n_rem, 3)}
        at += 4 + 3 * n_rem
        end = at + 3 + 4 * (data[at + 1] | data[at + 2] << 8)
        out.append((removable, complexity, links, data[at:end]))
        at = end
    return out


def test_sorted_loop_hints_agree_with_the_python_engine() -> None:
    # csrc/seloops9.c rates, sorts and de-duplicates the three searches' hints: the same
    # bytes as its twin, and the same hints in the same order (and the same rounds) as the
    # Python engine's own reading of se_loops (Chaining._search); asked for the first one
    # or two, a prefix of that, and the search with both link sets skipped at least once.
    from array import array

    from sudokit import _pycore
    from sudokit.human.se_chains import Chaining

    core = pytest.importorskip("sudokit._core", reason="the C core is not built")
    state = Candidates.from_puzzle(SERATE[2][0])
    steps = explain(SERATE[2][0], techniques="all")
    compared = skipped = 0
    for k, step in enumerate(steps):
        if k % 12 == 0 and not all(state.values):
            cands = array("H", state.cands).tobytes()
            engine = Chaining(False, False, False, 0)
            engine.lazy_loops = True
            expected = [(h.removable, h.complexity(), 2 if h.is_x and h.is_y else int(h.is_y), h._record)  # type: ignore[attr-defined]
                        for h in engine._search(list(state.cands), [0] * 10)]
            full = core.se_loop_hints(cands, 0)
            twin = k % 24 == 0  # the twin's search is slow: every other state
            assert not twin or full == _pycore.se_loop_hints(cands, 0)
            assert _loop_records(full[0]) == expected and full[1] == engine.budget.used
            for m in (1, 2):
                got = core.se_loop_hints(cands, m)
                assert not twin or m > 1 or got == _pycore.se_loop_hints(cands, m)
                assert _loop_records(got[0]) == expected[:m] and got[1] <= full[1]
                skipped += got[1] < full[1]
            compared += bool(expected)
        state.apply(step)
    assert compared >= 3 and skipped >= 1
    for impl in (core, _pycore):
        with pytest.raises(ValueError):
            impl.se_loop_hints(b"\x00" * 160, 0)
        with pytest.raises(ValueError):
            impl.se_loop_hints(array("H", [0x200] * 81).tobytes(), 0)
        with pytest.raises(ValueError):
            impl.se_loop_hints(array("H", [3] * 81).tobytes(), -1)


def test_chain_steps_write_their_chains_out() -> None:
    # The notation is the chain itself: each branch starts with a candidate of the grid
    # and moves on/off alternately; a forcing chain ends on its start's opposite.
    import re

    state = Candidates.from_puzzle(SERATE[2][0])
    steps, _end = se_walk(Grid.parse(SERATE[2][0]), se_techniques(enabled_techniques("all", True)))
    for step in steps:
        if step.technique == "se_forcing_chains_cycles" and step.name == "Forcing Chain" and step.rating == 7.2:
            break
        state.apply(step)
    else:
        raise AssertionError("this puzzle needs a Forcing Chain (serate ER 7.2)")
    arrows = step.why.partition("The chain: ")[2].rstrip(".")
    potentials = re.findall(r"r(\d)c(\d)(=|<>)(\d)", arrows)
    assert len(potentials) == len(arrows.split(" -> ")) >= 4
    (r, c, sign, d), last = potentials[0], potentials[-1]
    assert state.cands[(int(r) - 1) * 9 + int(c) - 1] >> (int(d) - 1) & 1
    assert [p[2] for p in potentials] == [sign if k % 2 == 0 else ("<>" if sign == "=" else "=") for k in range(len(potentials))]
    assert last[:2] == (r, c) and last[3] == d and last[2] != sign
    assert "SE rating 7.2" in step.why and str(step).startswith("Forcing Chain: " + step.notation + " => ")
    # The step line is the same chain in Eureka notation: expand it back to potentials
    # (a link into an "on" is strong "=", into an "off" weak "-") and compare.
    assert _expand_eureka(step.notation) == [(int(r_), int(c_), s_ == "=", int(d_)) for r_, c_, s_, d_ in potentials[1:]]
    # The drawing links are the chain's links, strong exactly into the potentials turned on.
    cell_of = [(int(r_) - 1) * 9 + int(c_) - 1 for r_, c_, _, _ in potentials]
    drawn = {((cell_of[k], int(potentials[k][3])), (cell_of[k + 1], int(potentials[k + 1][3])), potentials[k + 1][2] == "=")
             for k in range(len(potentials) - 1)}
    assert set(step.links) == drawn


def _expand_eureka(text: str) -> list[tuple[int, int, bool, int]]:
    """(row, col, reached-by-a-strong-link, digit) of every node after the first of a
    one-branch Eureka chain, undoing the ``(d=e)rXcY`` and repeated-digit compressions."""
    import re

    nodes: list[tuple[int, int, bool, int]] = []
    digit = 0
    for link, pair, single, r, c in re.findall(r"([-=]?)(?:\((\d[-=]\d)\)|\((\d)\))?r(\d)c(\d)", text):
        strong = link == "="
        if pair:
            nodes.append((int(r), int(c), strong, int(pair[0])))
            nodes.append((int(r), int(c), pair[1] == "=", int(pair[2])))
            digit = int(pair[2])
        else:
            digit = int(single) if single else digit
            nodes.append((int(r), int(c), strong, digit))
    return nodes[1:]


def _dyn_states(puzzle: str, every: int) -> list[list[int]]:
    """Candidate grids along the SE path of ``puzzle``, every ``every``-th step."""
    state = Candidates.from_puzzle(puzzle)
    out = []
    for k, step in enumerate(explain(puzzle, techniques="all")):
        if k % every == 0:
            out.append(list(state.cands))
        state.apply(step)
    return out


def test_dynamic_chaining_kernel_and_twin_give_the_same_bytes() -> None:
    # csrc/sedyn9.c against its twin, which runs se_chains.py's own engine: the same hints
    # in the same order with the same chains and the same round count; a node limit stops
    # both at the same round; bad input is refused by both.
    from array import array

    from sudokit import _pycore

    core = pytest.importorskip("sudokit._core", reason="the C core is not built")
    compared = 0
    counts = bytes([0, 3, 4, 5, 2, 6, 3, 4, 5, 2])
    for k, cands in enumerate(_dyn_states(SERATE[1][0], 25)):
        data = array("H", cands).tobytes()
        modes = [(False, True, True, 0), (True, False, False, 0), (True, True, False, 0)]
        if k == 1:
            modes.append((True, True, False, 1))  # Dynamic Forcing Chains (+): the simple rules inside
        if k == 2:  # Nested Forcing Chains: chaining rules inside (forcing chains & cycles; + multiple)
            modes += [(True, True, False, 2), (True, True, False, 3)]
        for mode in modes:
            got = core.se_dyn(data, *mode, counts, -1)
            assert got == _pycore.se_dyn(data, *mode, counts, -1)
            compared += bool(got[0])
            assert core.se_dyn(data, *mode, counts, 7) == _pycore.se_dyn(data, *mode, counts, 7) == (None, 8)
    assert compared >= 5
    for impl in (core, _pycore):
        three = array("H", [3] * 81).tobytes()
        for args in ((b"\x00" * 160, True, True, False, 0, bytes(10)), (array("H", [0x200] * 81).tobytes(), True, True, False, 0, bytes(10)),
                     (three, False, False, False, 0, bytes(10)), (three, True, False, True, 0, bytes(10)),
                     (three, True, False, False, 1, bytes(10)), (three, True, True, False, 6, bytes(10)),
                     (three, True, True, False, 1, bytes([10] * 10))):
            with pytest.raises(ValueError):
                impl.se_dyn(*args, -1)


def test_dynamic_chaining_hints_read_back_as_the_engine_made_them() -> None:
    # Chaining.hints (the kernel's records read back into potentials) against the engine's
    # own hints: same names, eliminations, ratings, chains and rule parents.
    from sudokit.human.se_chains import Chaining
    from sudokit.human.se_rules import chain_notation

    def view(hints: list, cands: list[int]) -> list[tuple[object, ...]]:
        return [(h.name(), h.removable, h.difficulty(), h.sort_key(), chain_notation(h), repr(h.result),
                 [repr(p) for p in h.rule_parents(cands, cands)]) for h in hints]

    cands = _dyn_states(SERATE[1][0], 1000)[0]
    for mode in ((False, True, True), (True, False, False), (True, True, False)):
        via_kernel = Chaining(*mode, 0).hints(list(cands), (0,) * 10)
        own = Chaining(*mode, 0).python_hints(list(cands), (0,) * 10)
        assert via_kernel and view(via_kernel, cands) == view(own, cands)


def test_simple_rules_kernel_and_twin_give_the_same_bytes() -> None:
    # csrc/serules9.c against its twin (se_rules' own locking, pairs and X-Wing) on grids
    # that lost a few candidates since their start, as a closure's grid has: same rule,
    # same hits with the same parents, in the same order. (Every rule, X-Wing included,
    # was compared on 3,400 such grids while porting; this is the quick version.)
    from array import array

    from sudokit import _pycore

    core = pytest.importorskip("sudokit._core", reason="the C core is not built")
    rng = random.Random(5)
    seen = set()
    for puzzle, _ref in SERATE:
        init = list(Candidates.from_puzzle(puzzle).cands)
        for _trial in range(16):
            cur = init[:]
            for _ in range(rng.randrange(1, 4)):
                cell = rng.randrange(81)
                if cur[cell] & (cur[cell] - 1):
                    cur[cell] &= ~(1 << rng.choice([d for d in range(9) if cur[cell] >> d & 1]))
            counts = bytes([0] + [rng.randrange(0, 9) for _ in range(9)])
            args = (array("H", cur).tobytes(), array("H", init).tobytes(), counts)
            got = core.se_simple(*args)
            assert got == _pycore.se_simple(*args)
            seen.add(got[0])
    assert {-1, 0, 1} <= seen
    for impl in (core, _pycore):
        with pytest.raises(ValueError):
            impl.se_simple(b"\x00" * 162, b"\x00" * 162, bytes([10] * 10))
        with pytest.raises(ValueError):
            impl.se_simple(b"\x00" * 160, b"\x00" * 162, bytes(10))


def test_se_bug_steps_never_remove_a_solution_digit() -> None:
    # SE's BUG (se_unique.find_se_bug, with its quick exit _crowded) on the SE path of a
    # puzzle serate rates by a BUG, and on variants of each state with one false
    # candidate taken off or put back: every BUG step it finds keeps the solution.
    from sudokit.human.path import next_step
    from sudokit.human.se_unique import find_se_bug

    puzzle = SERATE[4][0]
    solution = solve(puzzle)
    assert solution is not None
    order = se_techniques(enabled_techniques("all", True))
    state = Candidates.from_puzzle(puzzle)
    rng = random.Random(12)
    types: set[str] = set()
    while not all(state.values):
        variants = [state]
        for _ in range(40):
            v = state.copy()
            cell = rng.choice([c for c in range(81) if not v.values[c]])
            digit = rng.choice([d for d in range(1, 10) if d != solution[cell]])
            if v.cands[cell] >> (digit - 1) & 1:
                v.eliminate(cell, digit)
            else:
                v.cands[cell] |= 1 << (digit - 1)
                v.where[digit] |= 1 << cell
            variants.append(v)
        for v in variants:
            for step in find_se_bug(v):
                types.add(step.name)
                assert all(solution[c] != d for c, d in step.eliminations)
        step = next_step(state, order)
        assert step is not None
        state.apply(step)
    assert "BUG type 2" in types  # the step serate takes here
