"""Variant puzzles: counts against the CP-SAT oracle, C/twin parity, the API, typed errors."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import sudokit
from sudokit import _backend, errors
from sudokit.variants import (
    CONSTRAINT_TYPES,
    AntiKing,
    AntiKnight,
    Arrow,
    Diagonal,
    KillerCage,
    NonConsecutive,
    Puzzle,
    Thermometer,
)
from sudokit.variants.compile import compile_puzzle
from sudokit.variants.constraints import *  # noqa: F403  (eval of reprs)

from variant_oracle import KINDS, engine_count, engine_solutions, oracle_count, random_puzzle

ortools = pytest.importorskip("ortools", reason="the CP-SAT oracle needs ortools (pip install '.[test]')")

LIMIT = 12
# (size, blank fraction): few enough blanks that the twin stays fast, enough to have several solutions
SIZES = {4: 0.85, 6: 0.7, 8: 0.55, 9: 0.55, 12: 0.3, 16: 0.2}
_GLOBAL = {"diagonal", "anti_knight", "anti_king", "non_consecutive", "disjoint", "extra_region", "jigsaw"}


def _check_solution(p: Puzzle, s: Puzzle) -> None:
    """The solution keeps the givens and has exactly one solution when fixed (so it obeys every rule)."""
    assert all(g == 0 or g == d for g, d in zip(p.givens, s.givens))
    assert all(1 <= d <= p.size for d in s.givens)
    assert oracle_count(s, 2) == 1


@settings(max_examples=60, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), kind=st.sampled_from(KINDS), size=st.sampled_from([4, 6, 9]))
def test_counts_match_the_oracle(seed: int, kind: str, size: int) -> None:
    frac = SIZES[size] + (0.1 if kind in _GLOBAL else 0.0)
    p = random_puzzle(seed, kind, size, min(frac, 0.95))
    assert engine_count(p, LIMIT) == oracle_count(p, LIMIT)


@pytest.mark.parametrize("size", [8, 12, 16])
@pytest.mark.parametrize("kind", ["plain", "killer", "thermo", "kropki", "jigsaw", "sukaku", "diagonal"])
def test_larger_sizes_match_the_oracle(size: int, kind: str) -> None:
    for seed in range(2):
        p = random_puzzle(seed, kind, size, SIZES[size])
        assert engine_count(p, LIMIT) == oracle_count(p, LIMIT)


@pytest.mark.single_backend
def test_the_oracle_leaves_ctrl_c_to_python() -> None:
    # CP-SAT catches SIGINT during a solve unless told not to, and leaves the default action
    # behind: a Ctrl-C after any oracle call would kill the test process.
    # (signal.getsignal only shows Python's own table, so send a real SIGINT, in a child.)
    import subprocess
    import sys
    from pathlib import Path

    script = (
        "import os, signal, time\n"
        "from variant_oracle import oracle_count, random_puzzle\n"
        "oracle_count(random_puzzle(1, 'killer', 4, 0.5), 2)\n"
        "try:\n"
        "    os.kill(os.getpid(), signal.SIGINT)\n"
        "    time.sleep(5)\n"
        "except KeyboardInterrupt:\n"
        "    print('KeyboardInterrupt')\n"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=Path(__file__).parent, capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout.strip()) == (0, "KeyboardInterrupt"), done.stderr

@pytest.mark.parametrize("kind", KINDS)
def test_solutions_obey_the_rules(kind: str) -> None:
    for seed in range(3):
        p = random_puzzle(seed, kind, 6, 0.6)
        found = engine_solutions(p, 4)
        assert len(found) == min(oracle_count(p, 4), 4)
        assert len(set(found)) == len(found)
        for s in found:
            _check_solution(p, s)


@pytest.mark.single_backend
def test_c_engine_and_twin_walk_the_same_tree() -> None:
    if "c" not in _backend.available():
        pytest.skip("the C extension is not built")
    from sudokit import _core, _pyengine

    for seed in range(40):
        kind = KINDS[seed % len(KINDS)]
        p = random_puzzle(seed, kind, random.Random(seed).choice([4, 6, 9]), 0.6)
        program = compile_puzzle(p).encode()
        assert _core.engine_solve(program, 7, 0) == _pyengine.engine_solve(program, 7, 0)


@pytest.mark.single_backend
def test_dense_relations_cap_last_conflict_in_both_engines() -> None:
    """Non-consecutive (a relation per neighbour pair) caps last conflict's cell width; both
    engines walk the same tree with the cap (benchmarks/data's first non-consecutive puzzle)."""
    if "c" not in _backend.available():
        pytest.skip("the C extension is not built")
    from sudokit import _core, _pyengine

    rows = [".........", "........9", ".........", ".....7...", "...3.....", "9........", ".........", ".4.......", "..5.9...1"]
    givens = tuple(0 if ch == "." else int(ch) for ch in "".join(rows))
    program = compile_puzzle(Puzzle(size=9, givens=givens, constraints=(NonConsecutive(),))).encode()
    assert _pyengine._Model(program).lc_max == _pyengine._LC_DENSE_MAX
    c = _core.engine_solve(program, 2, 0)
    assert c == _pyengine.engine_solve(program, 2, 0)
    assert c[1] == 1 and c[3] > 100  # unique, and deep enough for the cap to matter
    sparse = compile_puzzle(Puzzle(size=9, givens=givens, constraints=(Thermometer((0, 1, 2)),))).encode()
    assert _pyengine._Model(sparse).lc_max > 9


@pytest.mark.single_backend
def test_malformed_programs_are_rejected_by_both_engines() -> None:
    from array import array

    from sudokit import _pyengine

    engines = [_pyengine.engine_solve]
    if "c" in _backend.available():
        from sudokit import _core

        engines.append(_core.engine_solve)
    good = array("i", compile_puzzle(Puzzle(size=4, constraints=(KillerCage((0, 1), 3), Thermometer((4, 5))))).encode())
    rng = random.Random(5)
    for _ in range(300):
        words = array("i", good)
        for _ in range(rng.randint(1, 3)):
            words[rng.randrange(len(words))] = rng.choice([-1, 0, 1, 2, 5, 1 << 30, rng.randrange(-50, 50)])
        data = words.tobytes()[: rng.choice([len(words) * 4, rng.randrange(len(words) * 4)])]
        outcomes = []
        for engine in engines:
            try:
                outcomes.append(engine(data, 3, 1000)[:2])
            except ValueError:
                outcomes.append("error")
        assert len(set(map(str, outcomes))) == 1, outcomes
    # A sandwich line longer than a row (the C propagator keeps positions in 64-bit masks:
    # a 70-cell line was undefined behaviour) is refused by both engines; a row-long one works.
    for size, refused in ((70, True), (9, False)):
        data = array("i", [100, 9, 0, 0, 0, 0, 1] + [0x1FF] * 100 + [size, 5] + list(range(size))).tobytes()
        for engine in engines:
            if refused:
                with pytest.raises(ValueError):
                    engine(data, 1, 0)
            else:
                assert engine(data, 1, 0)[:2] == (0, 1)


def test_miracle_sudoku() -> None:
    """Mitchell Lee's "Miracle Sudoku" (Cracking the Cryptic, May 2020): two givens,
    anti-knight, anti-king and orthogonal non-consecutive; the solution is in tests/data."""
    from pathlib import Path

    line = (Path(__file__).parent / "data" / "variants" / "miracle.txt").read_text().split()
    givens = [0] * 81
    givens[4 * 9 + 2], givens[5 * 9 + 6] = 1, 2
    p = Puzzle(givens=tuple(givens), constraints=(AntiKnight(), AntiKing(), NonConsecutive()))
    assert str(sudokit.solve(p, unique=True)) == line[-1]


def test_api_returns_puzzles_with_to_list() -> None:
    p = Puzzle.from_string("1... ..1. .2.. ...3", size=4)
    s = sudokit.solve(p)
    assert isinstance(s, Puzzle) and s.to_list()[0][0] == 1 and sudokit.is_unique(p) == (oracle_count(p, 2) == 1)
    assert sudokit.count_solutions(Puzzle(size=4), limit=1000) == 288  # every 4x4 Sudoku
    many = sudokit.solve_many([p, Puzzle.from_string("11.. .... .... ....", size=4)])
    assert many[0] == s and many[1] is None
    with pytest.raises(errors.ConflictingGivensError, match="r1c1 and r1c2 both hold 1"):  # as for classic puzzles
        sudokit.solve(Puzzle.from_string("11.. .... .... ....", size=4))
    with pytest.raises(errors.UnsolvableError):
        sudokit.solve(Puzzle.from_string(".2.. .4.. 3... 1...", size=4))  # no clash, r1c1 has no digit
    with pytest.raises(errors.MultipleSolutionsError):
        sudokit.solve(Puzzle(size=6), unique=True)


def test_classic_puzzle_goes_to_the_band_core() -> None:
    text = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    p = Puzzle.from_string(text)
    assert p.is_classic and str(sudokit.solve(p)) == str(sudokit.solve(text))
    assert not p.with_constraints(Diagonal()).is_classic


def test_node_budget() -> None:
    from sudokit.variants import solving

    with pytest.raises(errors.SearchLimitExceeded):
        solving.count_solutions(Puzzle(size=9, constraints=(Diagonal(),)), limit=10**6, max_nodes=50)


def test_reprs_and_json_round_trip() -> None:
    for seed, kind in enumerate(KINDS):
        p = random_puzzle(seed, kind, 6, 0.5)
        assert eval(repr(p)) == p
        assert Puzzle.from_json(p.to_json()) == p
    assert {c.kind for k in KINDS for c in random_puzzle(1, k, 9, 0.5).constraints} <= set(CONSTRAINT_TYPES)


@pytest.mark.parametrize(
    ("make", "error", "text"),
    [
        (lambda: Puzzle(size=4, constraints=(KillerCage((0, 1)), KillerCage((1, 2)))), errors.OverlappingCagesError, "killer 2: overlaps killer 1 (at r1c2)"),
        (lambda: compile_puzzle(Puzzle(size=4, constraints=(KillerCage((0, 1), 9),))), errors.UnreachableSumError, "killer 1"),
        (lambda: Puzzle(size=4, constraints=(Thermometer((0, 16)),)), errors.CellOffGridError, "thermometer 1"),
        (lambda: Puzzle(size=4, regions=((0, 1, 2), (3, 4, 5, 6), (7, 8, 9, 10), (11, 12, 13, 14))), errors.BadRegionError, "region 1"),
        (lambda: Puzzle.from_json({"size": 4, "constraints": [{"type": "sandwhich"}]}), errors.UnknownConstraintError, "sandwhich"),
        (lambda: Puzzle.from_json({"size": 4, "constraints": [{"type": "killer", "cells": ["r5c1"]}]}), errors.CellOffGridError, "r5c1"),
        (lambda: compile_puzzle(Puzzle(size=9, constraints=(Arrow((0,), (0, 1)),))), errors.InvalidConstraintError, "arrow 1"),
    ],
)
def test_malformed_descriptions_raise_typed_errors(make: object, error: type, text: str) -> None:
    with pytest.raises(error, match=text.replace("(", r"\(").replace(")", r"\)")):
        make()  # type: ignore[operator]
    assert issubclass(error, errors.InvalidPuzzleError)


@pytest.mark.single_backend
def test_twin_locked_candidates_and_relation_pairs() -> None:
    """The twin's two house-level propagators on hand-made states (the C engine must walk
    the same trees: test_c_engine_and_twin_walk_the_same_tree)."""
    from sudokit import _pyengine

    md = _pyengine._Model(compile_puzzle(Puzzle(size=4)).encode())
    cand = [0xF] * 16
    cand[4] = cand[5] = 0xE  # in box 1 (cells 0, 1, 4, 5) digit 1 is left only in row 1
    assert _pyengine._locked(md, cand, []) is True
    assert cand[2] == cand[3] == 0xE and cand[0] == cand[1] == 0xF  # ... so it leaves the rest of row 1
    md = _pyengine._Model(compile_puzzle(Puzzle(size=4, constraints=(NonConsecutive(),))).encode())
    cand = [0xF] * 16
    cand[2] = cand[3] = 0xD  # in row 1 digit 2 is left only in r1c1 and r1c2, which touch
    assert _pyengine._rel_points(md, cand, []) is True
    assert cand[0] == cand[1] == 0b1010  # one of them is 2, so neither is 1 or 3
    while _pyengine._rel_points(md, cand, []):
        pass
    assert cand[2] == cand[3] == 0b0101  # then 3 is only in r1c3 and r1c4: neither is 4
    cand = [0xF] * 16
    cand[1] = cand[3] = 0xD  # digit 2 only in r1c1 and r1c3: r1c2 touches both
    assert _pyengine._rel_points(md, cand, []) is True
    assert cand[1] == 0b1000 and cand[0] == cand[2] == 0xF  # so r1c2 is neither 1, 2 nor 3


@pytest.mark.single_backend
def test_twin_hidden_singles_fail_on_two_digits_in_one_cell() -> None:
    """Two digits whose only place in a house is the same cell fail even when that cell
    holds nothing else (a test only on a change made the fixpoint depend on the order the
    propagators ran in: C and the twin parted on a non-consecutive puzzle)."""
    from sudokit import _pyengine

    md = _pyengine._Model(compile_puzzle(Puzzle(size=4)).encode())
    cand = [0xF] * 16
    cand[0] = 0b0011  # r1c1 holds 1 or 2 ...
    for cell in (1, 2, 3):
        cand[cell] = 0b1100  # ... and the rest of row 1 neither
    assert _pyengine._hidden(md, cand, []) is None
    cand[0] = 0b0111  # with a third digit the same state failed before too
    assert _pyengine._hidden(md, cand, []) is None


@pytest.mark.single_backend
def test_twin_pointing_on_the_peer_graph() -> None:
    """Anti-knight: when 1's only places in row 1 are r1c1 and r1c5, r2c3 (a knight's move
    from both, in no house with r1c5) cannot be 1; without two-cell houses the rule is off."""
    from sudokit import _pyengine

    md = _pyengine._Model(compile_puzzle(Puzzle(size=9, constraints=(AntiKnight(),))).encode())
    assert md.point
    cand = [0x1FF] * 81
    for cell in (1, 2, 3, 5, 6, 7, 8):
        cand[cell] = 0x1FE
    assert _pyengine._locked(md, cand[:], []) is False  # no house holds r2c3 and r1c5
    assert _pyengine._pointing(md, cand, []) is True
    assert cand[11] == 0x1FE and cand[10] == cand[12] == 0x1FF
    assert not _pyengine._Model(compile_puzzle(Puzzle(size=9)).encode()).point


@pytest.mark.single_backend
def test_twin_sum_and_sandwich_propagators() -> None:
    """Digit sets of a cage, reachable totals of an arrow, and the sets between a sandwich's
    1 and N, on hand-made 9x9 states (the C engine walks the same trees)."""
    from sudokit import _pyengine
    from sudokit.variants import Arrow, Sandwich

    full = 0x1FF
    md = _pyengine._Model(compile_puzzle(Puzzle(size=9, constraints=(KillerCage((0, 1, 2), 7),))).encode())
    terms, total, kind, sets = md.sum_tables[0]
    assert kind == "combos" and sets == [0b1011]  # {1, 2, 4}: the only three digits summing to 7
    cand = [full] * 81
    cand[0] = 0b1110  # r1c1 is 2, 3 or 4: the cage is {1, 2, 4}, so it is 2 or 4, the others 1, 2 or 4
    assert _pyengine._sums(md, cand, []) is True
    assert cand[0] == 0b1010 and cand[1] == cand[2] == 0b1011
    md = _pyengine._Model(compile_puzzle(Puzzle(size=9, constraints=(Arrow((0,), (10, 20)),))).encode())
    assert md.sum_tables[0][2] == "reach"  # r1c1 = r2c2 + r3c3 (r2c2 and r3c3 share a box, r1c1 too)
    cand = [full] * 81
    cand[10] = cand[20] = 0b1000_0000  # both 8 (reachable totals ignore distinctness): 16 > 9
    assert _pyengine._sums(md, cand, []) is None
    md = _pyengine._Model(compile_puzzle(Puzzle(size=9, constraints=(Sandwich("row", 0, 2),))).encode())
    assert md.sandwich_tables[0][2] == {1: [0b10]}  # only {2} sums to 2
    cand = [full] * 81
    assert _pyengine._sandwiches(md, cand, []) is True
    assert all(cand[k] == full & ~0b10 for k in (0, 8))  # an end cell is never the 2 between
    assert cand[4] == full  # a middle cell can be anything


@pytest.mark.single_backend
def test_relations_between_peers_exclude_equal_digits() -> None:
    p = Puzzle(size=4, constraints=(NonConsecutive(), Thermometer((0, 1), slow=True), Thermometer((0, 10), slow=True)))
    rels = compile_puzzle(p).rels
    assert rels[(0, 1)] == [0b1100, 0b1000, 0b0000, 0b0000]  # r1c1-r1c2: not consecutive, <=, and not equal (row 1)
    assert rels[(0, 10)] == [0b1111, 0b1110, 0b1100, 0b1000]  # r1c1-r3c3 share no house: equal digits stay


@pytest.mark.single_backend
def test_relation_tables_follow_their_rules_in_either_cell_order() -> None:
    """compile_puzzle builds one table per rule and reuses it for every pair (and its
    transpose when the first cell is the larger): each pair's table must still be exactly
    its rules, with equal digits dropped only where the two cells share a house."""
    n = 6
    cons = (
        NonConsecutive(),
        Thermometer((9, 2, 3), slow=True),  # r2c4 -> r1c3: the first cell is the larger
        Thermometer((0, 7), slow=True),  # r1c1 -> r2c2: one box, no other rule
        Thermometer((20, 27), slow=True),  # r4c3 -> r5c4: the same rule, no shared house
        Thermometer((12, 19)),
        Whisper((35, 34, 28), difference=3),
        Kropki((13, 7), "black"),
        XV((16, 22), 5),
        Extremum(14, False),
        Palindrome((30, 31, 24, 25)),
    )
    rules = {
        "apart": lambda x, y: abs(x - y) != 1,
        "slow": lambda x, y: x <= y,
        "fast": lambda x, y: x < y,
        "whisper": lambda x, y: abs(x - y) >= 3,
        "black": lambda x, y: x == 2 * y or y == 2 * x,
        "v": lambda x, y: x + y == 5,
        "max": lambda x, y: x > y,
        "same": lambda x, y: x == y,
    }
    ruled: dict[tuple[int, int], list] = {}  # per pair (smaller cell first): its rules on (x, y)

    def add(a: int, b: int, rule: str) -> None:
        pred = rules[rule]
        ruled.setdefault((min(a, b), max(a, b)), []).append(pred if a < b else lambda x, y, p=pred: p(y, x))

    for r in range(n):
        for c in range(n):
            if c + 1 < n:
                add(r * n + c, r * n + c + 1, "apart")
            if r + 1 < n:
                add(r * n + c, (r + 1) * n + c, "apart")
    for a, b in ((9, 2), (2, 3)):
        add(a, b, "slow")
    add(0, 7, "slow")
    add(20, 27, "slow")
    add(12, 19, "fast")
    for a, b in ((35, 34), (34, 28)):
        add(a, b, "whisper")
    add(13, 7, "black")
    add(16, 22, "v")
    for other in (8, 13, 15, 20):
        add(14, other, "max")
    add(30, 25, "same")
    add(31, 24, "same")
    program = compile_puzzle(Puzzle(size=n, constraints=cons))
    houses_of = {c: {k for k, h in enumerate(program.houses) if c in h} for c in range(n * n)}
    expected = {}
    for (a, b), preds in ruled.items():
        share = bool(houses_of[a] & houses_of[b])
        expected[(a, b)] = [
            sum(1 << (y - 1) for y in range(1, n + 1) if all(pred(x, y) for pred in preds) and not (share and x == y))
            for x in range(1, n + 1)
        ]
    assert program.rels == expected


@pytest.mark.single_backend
def test_engines_agree_without_locked_candidates() -> None:
    """Over 256 full houses the engines skip locked candidates (the pair table is quadratic):
    a 4x4 Sudoku whose houses are repeated 22 times still counts the same in both, same tree."""
    from sudokit import _pyengine

    program = compile_puzzle(Puzzle(size=4))
    program.houses = program.houses * 22
    assert len(program.houses) > _pyengine.MAX_LOCK_HOUSES
    data = program.encode()
    result = _pyengine.engine_solve(data, 40, 0)
    assert result[1] == 40 and not _pyengine._Model(data).locks
    if "c" in _backend.available():
        from sudokit import _core

        assert _core.engine_solve(data, 40, 0) == result
        assert _core.engine_solve(data, 1000, 0)[1] == 288
