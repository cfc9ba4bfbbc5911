"""Ratings (``sudokit.human.rate``): fields, definitions, reproducibility, agreement."""

from __future__ import annotations

import random

import pytest

from sudokit import MultipleSolutionsError, solve
from sudokit.human import TECHNIQUE_IDS, Candidates, Rating, explain, rate
from sudokit.human.path import walk
from sudokit.human.rating import (
    BANDS,
    ENGINE_VERSION,
    SE_PATH_DEFAULT_EXTRA,
    HODOKU_LEVELS,
    _hodoku_numbers,
    band_for,
    hodoku_order,
    HODOKU_OFF,
    se_path_rating,
    se_techniques,
)
from sudokit.human.registry import TECHNIQUES, technique
from sudokit.human.step import Step

from conftest import shared_file

EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
HARD = "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1"
MULTI = EASY[:63] + "." * 18


def test_fields_of_an_easy_puzzle() -> None:
    r = rate(EASY)
    assert isinstance(r, Rating)
    assert r.solved_logically and r.band == "easy"
    assert r.hodoku_level == "Easy" and r.hodoku_score > 0
    assert r.hardest == "Hidden Single"
    assert sum(r.counts.values()) == r.steps == len(explain(EASY))
    assert r.engine_version == ENGINE_VERSION and r.techniques == tuple(t for t in TECHNIQUE_IDS if technique(t).default or t in SE_PATH_DEFAULT_EXTRA)
    assert r.uniqueness is True


def test_reproducible_and_hashable() -> None:
    assert rate(EASY) == rate(EASY)
    assert hash(rate(EASY)) == hash(rate(EASY))
    data = rate(EASY).as_dict()
    assert data["techniques"] == [t for t in TECHNIQUE_IDS if technique(t).default or t in SE_PATH_DEFAULT_EXTRA] and data["counts"] == rate(EASY).counts


def test_se_numbers_follow_serate_definitions() -> None:
    """ER = max step rating; EP = max up to the first placement; ED = the first step."""
    lines = shared_file("rated/sudocue_learningcurve_rated.tsv").read_text().splitlines()[1:40]
    order = se_techniques(TECHNIQUES)
    rating_of = {t.id: t.se_rating for t in order}
    for line in lines:
        puzzle = line.split("\t")[2]
        path, _end = walk(Candidates.from_puzzle(puzzle), order)
        values = [s.rating if s.rating is not None else rating_of[s.technique] for s in path]
        first_placement = next(k for k, s in enumerate(path) if s.placements)
        r = rate(puzzle)
        assert r.se == max(values)
        assert r.ed == values[0]
        assert r.ep == max(values[: first_placement + 1])
        assert r.hardest == path[values.index(max(values))].name


def test_se_direct_variants_are_in_se_order_and_never_wrong() -> None:
    order = [t.id for t in se_techniques(TECHNIQUES)]
    assert order.index("direct_pointing") < order.index("direct_claiming") < order.index("direct_hidden_pair")
    assert order.index("direct_hidden_pair") < order.index("naked_single") < order.index("direct_hidden_triple")
    assert order.index("direct_hidden_triple") < order.index("pointing")
    lines = shared_file("rated/sudocue_learningcurve_rated.tsv").read_text().splitlines()[1:]
    for line in random.Random(3).sample(lines, 40):
        puzzle = line.split("\t")[2]
        solution = solve(puzzle)
        path, end = walk(Candidates.from_puzzle(puzzle), se_techniques(TECHNIQUES))
        assert end == "solved"
        for step in path:
            assert all(solution[c] == d for c, d in step.placements), str(step)
            assert all(solution[c] != d for c, d in step.eliminations), str(step)


def test_se_techniques_leave_out_variants_without_their_base() -> None:
    ids = [t.id for t in se_techniques([t for t in TECHNIQUES if t.id != "hidden_pair"])]
    assert "direct_hidden_pair" not in ids and "direct_pointing" in ids


def test_not_solved_logically_is_a_lower_bound() -> None:
    r = rate(HARD)
    assert not r.solved_logically and r.band == "extreme"
    assert HODOKU_LEVELS.index(r.hodoku_level) >= HODOKU_LEVELS.index("Unfair")
    assert "not solved by this set" in r.summary()


def test_se_path_rating_is_rate_without_the_hodoku_path() -> None:
    from sudokit.generation import generate

    rng = random.Random(5)
    puzzles = [EASY] + [str(generate(seed=rng.randrange(10**6)).puzzle) for _ in range(6)]
    for p in puzzles:
        full, quick = rate(p), se_path_rating(p)
        fields = ("se", "ep", "ed", "band", "hardest", "counts", "solved_logically", "steps", "techniques")
        assert [getattr(quick, f) for f in fields] == [getattr(full, f) for f in fields], p
        assert (quick.hodoku_level, quick.hodoku_score) == ("", 0)
    assert len({rate(p).se for p in puzzles}) > 2  # not all alike


def test_systems_alone_give_the_full_ratings_numbers() -> None:
    from sudokit.generation import generate
    from sudokit.grid import Grid
    from sudokit.human.path import enabled_techniques
    from sudokit.human.rating import hodoku_walk

    order = hodoku_order(enabled_techniques(None, True))

    rng = random.Random(7)
    puzzles = [EASY] + [str(generate(seed=rng.randrange(10**6)).puzzle) for _ in range(5)]
    for p in puzzles:
        full, se, ho = rate(p), rate(p, systems="se"), rate(p, systems=["hodoku"])
        assert (se.se, se.ep, se.ed, se.band, se.counts, se.hardest) == (full.se, full.ep, full.ed, full.band, full.counts, full.hardest)
        assert (se.hodoku_level, se.hodoku_score) == ("", 0)
        assert (ho.hodoku_level, ho.hodoku_score) == (full.hodoku_level, full.hodoku_score), p
        assert (ho.se, ho.ep, ho.ed, ho.band) == (0.0, 0.0, 0.0, "")
        path, end = hodoku_walk(Grid.parse(p), order)  # the HoDoKu path is what ho describes
        assert ho.steps == len(path) and sum(ho.counts.values()) == ho.steps
        assert ho.hardest in {s.name for s in path} and ho.solved_logically == (end == "solved") == full.solved_logically
        assert rate(p, systems=("hodoku", "se")) == full
    assert len({rate(p, systems="hodoku").hodoku_score for p in puzzles}) > 2  # not all alike


@pytest.mark.parametrize("systems", [(), "ser", ["se", "explainer"], 3])
def test_unknown_rating_systems_are_refused(systems: object) -> None:
    from sudokit.human import rate_many

    with pytest.raises(ValueError, match="rating system"):
        rate(EASY, systems=systems)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="rating system"):
        rate_many([EASY, EASY], jobs=2, systems=systems)  # type: ignore[arg-type]


def test_no_systems_given_means_both() -> None:
    assert rate(EASY, systems=None) == rate(EASY)


def test_rate_many_passes_systems_on() -> None:
    from sudokit.human import rate_many

    assert rate_many([EASY, HARD], jobs=1, systems="hodoku") == [rate(EASY, systems="hodoku"), rate(HARD, systems="hodoku")]


def test_multiple_solutions_disable_uniqueness() -> None:
    with pytest.raises(MultipleSolutionsError):
        rate(MULTI)  # the one rule: asking for the rating of several solutions is an error
    r = rate(MULTI, allow_multiple=True)
    assert r.uniqueness is False
    assert not {t.id for t in TECHNIQUES if t.uniqueness} & set(r.techniques)


def test_restricted_technique_set_is_recorded() -> None:
    r = rate(EASY, techniques=["full_house", "hidden_single_box", "hidden_single_line", "naked_single"])
    assert r.techniques == ("full_house", "hidden_single_box", "hidden_single_line", "naked_single")
    assert r.solved_logically


def test_band_mapping() -> None:
    assert band_for(1.2, True) == "easy" and band_for(2.3, True) == "easy"
    assert band_for(2.6, True) == "medium" and band_for(4.0, True) == "medium"
    assert band_for(4.2, True) == "hard" and band_for(6.0, True) == "hard"
    assert band_for(6.6, True) == "expert" and band_for(8.9, True) == "expert"
    assert band_for(9.0, True) == "extreme" and band_for(11.9, True) == "extreme"
    assert band_for(1.0, False) == "extreme"
    assert [name for _, name in BANDS] == ["easy", "medium", "hard", "expert", "extreme"]


def test_hodoku_level_is_bumped_by_score() -> None:
    by_id = {t.id: t for t in TECHNIQUES}
    single = Step("hidden_single_box", "Hidden Single", "singles", placements=((0, 1),))
    assert _hodoku_numbers([single] * 57, by_id, True) == (57 * 14, "Easy")  # 798 <= 800
    assert _hodoku_numbers([single] * 58, by_id, True) == (58 * 14, "Medium")  # 812 > 800
    assert _hodoku_numbers([single] * 200, by_id, True)[1] == "Extreme"  # 2800 > 1800


def test_hodoku_order_starts_with_hodoku_singles() -> None:
    order = [t.id for t in hodoku_order(TECHNIQUES)]
    assert order[:4] == ["full_house", "naked_single", "hidden_single_box", "hidden_single_line"]
    se_only = {t for t in TECHNIQUE_IDS if t.startswith(("se_", "aligned_"))}  # SE's rules: HoDoKu has its own
    assert {"death_blossom", "mutant_x_wing", "template_set"} <= HODOKU_OFF  # off in HoDoKu's default solver
    assert sorted(order) == sorted(set(TECHNIQUE_IDS) - HODOKU_OFF - se_only)
    assert order[-2:] == ["forcing_chain", "forcing_net"]


# ------------------------------------------------------------- agreement
#: Floors a little under what bench_human.py measured on all 2,500 puzzles (see
#: benchmarks/RESULTS.md: same HoDoKu level and score on 2,499, same ER/EP/ED on all);
#: they catch regressions, they are not the reference answers.
LEVEL_FLOOR = 0.98
SAME_SCORE_FLOOR = 0.97
SCORE_WITHIN_50_FLOOR = 0.98
SAME_ER_FLOOR = 0.98
SAME_EP_ED_FLOOR = 0.98


@pytest.mark.single_backend
def test_agreement_with_hodoku_and_serate_is_above_the_measured_floor() -> None:
    lines = shared_file("rated/sudocue_learningcurve_rated.tsv").read_text().splitlines()[1:]
    sample = random.Random(11).sample(lines, 250)
    level = same_score = score50 = same_er = same_ep_ed = 0
    for line in sample:
        _set, _idx, puzzle, er, ep, ed, hodoku_level, score = line.split("\t")
        r = rate(puzzle)
        level += r.hodoku_level == hodoku_level
        same_score += r.hodoku_score == int(score)
        score50 += abs(r.hodoku_score - int(score)) <= 50
        same_er += abs(r.se - float(er)) < 0.05
        same_ep_ed += abs(r.ep - float(ep)) < 0.05 and abs(r.ed - float(ed)) < 0.05
    n = len(sample)
    assert level / n >= LEVEL_FLOOR
    assert same_score / n >= SAME_SCORE_FLOOR
    assert score50 / n >= SCORE_WITHIN_50_FLOOR
    assert same_er / n >= SAME_ER_FLOOR
    assert same_ep_ed / n >= SAME_EP_ED_FLOOR


def test_hodoku_state_matches_the_candidate_model() -> None:
    from sudokit.grid import Grid
    from sudokit.human.model import HOUSE_MASK
    from sudokit.human.hodoku_path import _HodokuState

    for puzzle in (EASY, HARD, MULTI):
        state, plain = _HodokuState(Grid(puzzle)), Candidates.from_puzzle(puzzle)
        assert state.values == plain.values and state.cands == plain.cands and state.where == plain.where
        for h in range(27):
            for d in range(1, 10):
                assert state.free[h][d] == (state.where[d] & HOUSE_MASK[h]).bit_count()


@pytest.mark.single_backend
def test_hodoku_path_never_goes_wrong() -> None:
    from sudokit.grid import Grid
    from sudokit.grid import Grid
    from sudokit.human.path import enabled_techniques
    from sudokit.human.rating import hodoku_walk

    order = hodoku_order(enabled_techniques(None, True))

    lines = shared_file("rated/grantm_sudoku-exchange_diabolical_2020-06-25.txt").read_text().splitlines()
    order = hodoku_order(TECHNIQUES)
    for line in random.Random(8).sample(lines, 25):
        puzzle = line.split()[1]
        solution = solve(puzzle)
        steps, end = hodoku_walk(Grid(puzzle), order)
        assert end in ("solved", "stuck")
        for step in steps:
            assert all(solution[c] == d for c, d in step.placements), str(step)
            assert all(solution[c] != d for c, d in step.eliminations), str(step)


def test_kernel_se_front_chooses_exactly_as_the_registry_finders() -> None:
    """se_walk (singles and direct variants in the kernel: C or twin) takes the same
    steps as the plain walk over the Python finders, with full and partial sets."""
    from sudokit.grid import Grid
    from sudokit.human.rating import se_walk

    # Up to the exclusions and chains (SE 6.2+): this compares the kernel's front with the
    # finders, and the pure-Python chain searches on 20 diabolical puzzles took minutes.
    full = se_techniques(tuple(t for t in TECHNIQUES if t.se_rating < 6.2))
    learning = [line.split("\t")[2] for line in shared_file("rated/sudocue_learningcurve_rated.tsv").read_text().splitlines()[1:]]
    diabolical = [line.split()[1] for line in shared_file("rated/grantm_sudoku-exchange_diabolical_2020-06-25.txt").read_text().splitlines()]
    rng = random.Random(12)
    for k, puzzle in enumerate(rng.sample(learning, 60) + rng.sample(diabolical, 20) + [EASY, HARD, MULTI]):
        order = full if k % 3 else tuple(t for t in full if t.id not in ("hidden_single_box", "direct_claiming"))
        max_steps = 1000 if k % 4 else 12
        plain, plain_end = walk(Candidates.from_puzzle(puzzle), order, max_steps=max_steps)
        fast, fast_end = se_walk(Grid(puzzle), order, max_steps=max_steps)
        assert plain_end == fast_end
        # the same choices (the kernel lists a step's eliminations by cell, a finder as HoDoKu prints them)
        assert [(s.technique, s.placements, sorted(s.eliminations)) for s in plain] == [(s.technique, s.placements, sorted(s.eliminations)) for s in fast]


def test_kernel_hodoku_front_chooses_exactly_as_the_python_walk() -> None:
    """hodoku_walk (queues, intersections and subsets in the kernel: C or twin) takes the
    same steps as its Python reference walk, with full and partial sets."""
    from sudokit.grid import Grid
    from sudokit.human.hodoku_path import _hodoku_walk_python, hodoku_walk

    # Below the chains and ALS (HoDoKu score 250+): the queues are what this compares, and
    # the pure-Python chain searches made the walks take minutes.
    full = hodoku_order(tuple(t for t in TECHNIQUES if t.hodoku_score < 250))
    learning = [line.split("\t")[2] for line in shared_file("rated/sudocue_learningcurve_rated.tsv").read_text().splitlines()[1:]]
    diabolical = [line.split()[1] for line in shared_file("rated/grantm_sudoku-exchange_diabolical_2020-06-25.txt").read_text().splitlines()]
    rng = random.Random(13)
    drops = ((), ("hidden_single_box", "hidden_single_line"), ("pointing", "naked_pair"), ("full_house", "locked_pair", "hidden_quad"))
    for k, puzzle in enumerate(rng.sample(learning, 60) + rng.sample(diabolical, 20) + [EASY, HARD, MULTI]):
        order = tuple(t for t in full if t.id not in drops[k % 4])
        max_steps = 1000 if k % 5 else 15
        plain, plain_end = _hodoku_walk_python(Grid(puzzle), order, max_steps=max_steps)
        fast, fast_end = hodoku_walk(Grid(puzzle), order, max_steps=max_steps)
        assert plain_end == fast_end
        assert [(s.technique, s.placements, s.eliminations) for s in plain] == [(s.technique, s.placements, s.eliminations) for s in fast]


def test_rating_tally_counts_the_hodoku_path_exactly(backend: str) -> None:
    """The HoDoKu walk counted into a HoTally (what rate() reads: no Step per single) gives
    the counts, first names, length and end of the walk's own steps, cut short or not."""
    from collections import Counter

    from sudokit.grid import Grid
    from sudokit.human.hodoku_path import HoTally, _ho_front, _hodoku_walk
    from sudokit.human.path import enabled_techniques

    order = hodoku_order(enabled_techniques(None, True))
    learning = [line.split("\t")[2] for line in shared_file("rated/sudocue_learningcurve_rated.tsv").read_text().splitlines()[1:]]
    diabolical = [line.split()[1] for line in shared_file("rated/grantm_sudoku-exchange_diabolical_2020-06-25.txt").read_text().splitlines()]
    rng = random.Random(21)
    many = 0
    for k, puzzle in enumerate(rng.sample(learning, 40) + rng.sample(diabolical, 8) + [EASY]):
        max_steps = 1000 if k % 4 else rng.randrange(1, 40)
        steps, end = _hodoku_walk(Grid(puzzle), order, _ho_front(order), max_steps)
        tally = HoTally()
        rest, tally_end = _hodoku_walk(Grid(puzzle), order, _ho_front(order), max_steps, tally=tally)
        assert rest == [] and tally_end == end and len(tally) == tally.n == len(steps)
        assert tally.counts == Counter(s.technique for s in steps) and list(tally.counts) == list(dict.fromkeys(s.technique for s in steps))
        assert tally.names == {t: next(s.name for s in steps if s.technique == t) for t in tally.counts}
        many += len(tally.counts) > 4
        if max_steps == 1000:  # the rating of the whole walk: its hardest is the first step at the top level
            r = rate(puzzle, systems="hodoku")
            levels = {s.technique: [v.lower() for v in HODOKU_LEVELS].index(technique(s.technique).hodoku_level) for s in steps}
            assert r.steps == len(steps) and r.counts == tally.counts
            assert r.hardest == next(s.name for s in steps if levels[s.technique] == max(levels.values()))
    assert many > 5  # the walks used a mix of techniques, not singles alone


@pytest.mark.single_backend
def test_human_se_run_twin_matches_the_c_kernel() -> None:
    """_core.human_se_run / human_replay / human_ho_run and their twins agree on every output, broken states included."""
    from array import array

    from sudokit import _backend, _pycore

    if "c" not in _backend.available():
        pytest.skip("C kernel not built")
    from sudokit import _core

    learning = [line.split("\t")[2] for line in shared_file("rated/sudocue_learningcurve_rated.tsv").read_text().splitlines()[1:]]
    rng = random.Random(3)
    for puzzle in rng.sample(learning, 150) + [EASY, HARD, MULTI]:
        state = Candidates.from_puzzle(puzzle)
        cands = state.cands[:]
        for _ in range(rng.randrange(25)):  # extra eliminations, possibly emptying cells
            cands[rng.randrange(81)] &= ~(1 << rng.randrange(9))
        args = (bytes(state.values), array("H", cands).tobytes(), rng.randrange(16384), rng.choice((0, 5, 1000)))
        assert _core.human_se_run(*args) == _pycore.human_se_run(*args)
        assert _core.human_replay(puzzle.encode()) == _pycore.human_replay(puzzle.encode())
        cb, _fb, nsb, hsb, _wb = _core.human_replay(puzzle.encode())
        ho = (bytes(state.values), array("H", cands).tobytes(), nsb, hsb, rng.randrange(8192), rng.choice((0, 5, 1000)))
        assert _core.human_ho_run(*ho) == _pycore.human_ho_run(*ho)
        found = _core.human_ho_run(*ho)[1]
        assert _core.ho_tally(found) == _pycore.ho_tally(found)
    for _ in range(100):  # random clue sets, conflicts included
        puzzle = "".join(rng.choice("123456789") if rng.random() < 0.3 else "." for _ in range(81))
        assert _core.human_replay(puzzle.encode()) == _pycore.human_replay(puzzle.encode())
    bad = (bytes(81), array("H", [0x200] * 81).tobytes(), 255, 10)
    assert _core.human_se_run(*bad)[0] == _pycore.human_se_run(*bad)[0] == 3
    for kernel in (_core, _pycore):
        with pytest.raises(ValueError):
            kernel.human_se_run(bytes(80), bytes(162), 255, 10)
        with pytest.raises(ValueError):
            kernel.human_replay(b"x" * 81)
        with pytest.raises(ValueError):
            kernel.human_ho_run(bytes(81), bytes(162), b"\x01", b"", 8191, 10)
    for kernel in (_core, _pycore):  # not step bytes: an unknown code, a record cut short
        for bad_steps in (bytes((14, 0, 1)), bytes((1, 5)), bytes((6,)), bytes((6, 2, 10, 1, 11)), bytes((0, 1, 2, 7, 1, 3))):
            with pytest.raises(ValueError):
                kernel.ho_tally(bad_steps)
    bad_queue = (bytes(81), array("H", [0x1FF] * 81).tobytes(), bytes((90, 1)), b"", 8191, 10)
    assert _core.human_ho_run(*bad_queue) == _pycore.human_ho_run(*bad_queue)
    assert _core.human_ho_run(*bad_queue)[0] == 3


def test_human_ho_run_applies_a_step_first_as_the_python_state_does(backend: str) -> None:
    """``human_ho_run``'s ``pre`` (a step found by another technique: placements, then
    eliminations) leaves the state, queues included, as _HodokuState.place/eliminate do;
    bad entries are refused with nothing done (C and twin alike)."""
    from array import array

    from sudokit import _backend
    from sudokit.grid import Grid
    from sudokit.human.hodoku_path import _HodokuState

    kernel = _backend.kernel()
    rng = random.Random(11)
    for puzzle in (EASY, HARD):
        solution = solve(puzzle)
        state = _HodokuState(Grid.parse(puzzle))
        cb, _fb, nsb, hsb, _wb = kernel.human_replay(puzzle.encode())
        values = bytes(state.values)
        for _ in range(20):
            blanks = [c for c in range(81) if not state.values[c]]
            place = rng.sample(blanks, rng.randrange(2))
            elims = [(c, d) for c in rng.sample(blanks, 6) for d in range(1, 10)
                     if state.cands[c] >> (d - 1) & 1 and d != solution[c] and c not in place][:rng.randrange(1, 6)]
            pre = bytes(x for c in place for x in (0, c, solution[c])) + bytes(x for c, d in elims for x in (1, c, d))
            status, steps, values, cb, nsb, hsb, fb, _wb = kernel.human_ho_run(values, cb, nsb, hsb, 0, 0, pre)
            for c in place:
                state.place(c, solution[c])
            for c, d in elims:
                state.eliminate(c, d)
            assert (status, steps) == (1, b"")
            assert values == bytes(state.values) and cb == array("H", state.cands).tobytes()
            assert nsb == bytes(x for e in state.ns for x in e) and hsb == bytes(x for e in state.hs for x in e)
            assert fb == bytes(v for f in state.free for v in f)
    full = (bytes(81), array("H", [0x1FF] * 81).tobytes(), b"", b"", 8191, 10)
    filled = (bytes([5]) + bytes(80), array("H", [0] + [0x1FF] * 80).tobytes(), b"", b"", 8191, 10)
    for args, pre in ((full, b"\x02\x00\x01"), (full, b"\x00\x51\x01"), (full, b"\x01\x00\x0a"), (filled, b"\x00\x00\x04")):
        status, steps, values, cb, *_rest = kernel.human_ho_run(*args, pre)
        assert (status, steps, values, cb) == (3, b"", args[0], args[1])
    with pytest.raises(ValueError):
        kernel.human_ho_run(*full, b"\x00\x00")


# ------------------------------------------------ HoDoKu's brute force, on request
def _check_brute_force_path(steps: list[Step], puzzle: str, solution: list[int]) -> int:
    """Replay a HoDoKu path: every backtracking step sets the middle unsolved cell (cell
    order) to its solution digit, as HoDoKu's Brute Force does; the path ends solved.
    Returns the number of such steps."""
    values = [0 if ch in ".0" else int(ch) for ch in puzzle]
    guesses = 0
    for step in steps:
        if step.technique == "backtracking":
            blanks = [i for i, v in enumerate(values) if not v]
            assert step.placements == ((blanks[len(blanks) // 2], solution[blanks[len(blanks) // 2]]),)
            assert str(step) == f"Brute Force: r{step.placements[0][0] // 9 + 1}c{step.placements[0][0] % 9 + 1}={step.placements[0][1]}"
            guesses += 1
        for cell, digit in step.placements:
            assert solution[cell] == digit
            values[cell] = digit
        for cell, digit in step.eliminations:
            assert solution[cell] != digit
    assert values == solution
    return guesses


def test_hodoku_brute_force_where_the_walk_is_stuck() -> None:
    # Singles only: the path gets stuck; with the solution it guesses HoDoKu's way, in
    # the kernel walk and in the Python walk alike (the same steps).
    from sudokit.grid import Grid
    from sudokit.human.hodoku_path import _ho_front, _hodoku_walk, _hodoku_walk_python

    puzzle = "000010000001302600027608510048000950900000001016000340069403180004906700000050000"  # docs' example
    solution = list(solve(puzzle))
    singles = hodoku_order([technique(i) for i in ("full_house", "naked_single", "hidden_single_box", "hidden_single_line")])
    grid, sol = Grid.parse(puzzle), Grid.parse(solve(puzzle))
    stuck, end = _hodoku_walk(grid, singles, _ho_front(singles), 1000)
    assert end == "stuck" and all(s.technique != "backtracking" for s in stuck)
    steps, end = _hodoku_walk(grid, singles, _ho_front(singles), 1000, solution=sol)
    assert end == "solved" and steps[: len(stuck)] == stuck
    assert _check_brute_force_path(steps, puzzle, solution) >= 1
    python_steps, python_end = _hodoku_walk_python(grid, singles, max_steps=1000, solution=sol)
    assert python_end == "solved"
    assert [(s.technique, s.placements, s.eliminations) for s in python_steps] == [(s.technique, s.placements, s.eliminations) for s in steps]


@pytest.mark.single_backend
def test_rate_brute_force_on_the_forum_hardest() -> None:
    # HoDoKu rates these with Brute Force steps (10000 each, Extreme); by default the
    # HoDoKu path stops instead and a rating never rests on a guess.
    lines = [ln.split(",") for ln in shared_file("rated/forum_hardest_database_110626.csv").read_text().splitlines()]
    puzzles = [f[0] for f in lines if f[0][:1] in ".123456789" and len(f) > 5 and f[5] and float(f[5]) >= 11.5][:2]
    assert puzzles
    from sudokit.grid import Grid
    from sudokit.human import rate_many
    from sudokit.human.hodoku_path import hodoku_walk
    from sudokit.human.rating import _plan

    scores = {t.id: t.hodoku_score for t in TECHNIQUES}
    for puzzle in puzzles:
        plain = rate(puzzle, techniques="all", systems="hodoku")
        assert "backtracking" not in plain.counts and not plain.solved_logically and plain.hodoku_level in ("Unfair", "Extreme")
        guessed = rate(puzzle, techniques="all", systems="hodoku", brute_force=True)
        assert guessed.counts["backtracking"] >= 1 and not guessed.solved_logically and guessed.hodoku_level == "Extreme"
        assert "(finished by brute force)" in guessed.summary() and "(not solved by this set)" in plain.summary()
        expected = sum(10000 * n if t == "backtracking" else scores[t] * n for t, n in guessed.counts.items())
        assert guessed.hodoku_score == expected
        assert rate_many([puzzle], jobs=1, techniques="all", systems="hodoku", brute_force=True) == [guessed]
        steps, end = hodoku_walk(Grid.parse(puzzle), _plan("all", True)[3], solution=Grid.parse(solve(puzzle)))
        assert end == "solved" and _check_brute_force_path(steps, puzzle, list(solve(puzzle))) == guessed.counts["backtracking"]
