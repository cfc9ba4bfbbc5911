"""Generation: uniqueness (independent count), symmetry, minimality, seeds, difficulty,
time budgets, minimize/make_unique and the CLI commands. Runs on every backend."""

from __future__ import annotations

import csv
import io
import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudokit import Grid, MultipleSolutionsError, UnsolvableError, _backend, count_solutions
from sudokit.cli import ExitCode, main
from sudokit.generation import (
    SYMMETRIES,
    Difficulty,
    Generated,
    GenerationBudgetExceeded,
    full_grid,
    generate,
    generate_many,
    make_unique,
    minimize,
    parse_difficulty,
    solved_by_singles,
    symmetry_orbits,
)
from sudokit.transform import canonical

EXAMPLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


# ------------------------------------------------------- an independent solution counter
def _box(i: int) -> int:
    return (i // 27) * 3 + (i % 9) // 3


def independent_count(puzzle: str, cap: int = 2) -> int:
    """Count solutions with sets and most-constrained-cell backtracking (no kernel code)."""
    cells = [0 if ch == "." else int(ch) for ch in puzzle]
    rows, cols, boxes = [set() for _ in range(9)], [set() for _ in range(9)], [set() for _ in range(9)]
    for i, d in enumerate(cells):
        if d:
            if d in rows[i // 9] or d in cols[i % 9] or d in boxes[_box(i)]:
                return 0
            rows[i // 9].add(d), cols[i % 9].add(d), boxes[_box(i)].add(d)
    found = 0

    def search() -> None:
        nonlocal found
        best, options = -1, set(range(10))
        for i in range(81):
            if not cells[i]:
                free = set(range(1, 10)) - rows[i // 9] - cols[i % 9] - boxes[_box(i)]
                if len(free) < len(options):
                    best, options = i, free
        if best < 0:
            found += 1
            return
        r, c, b = rows[best // 9], cols[best % 9], boxes[_box(best)]
        for d in options:
            cells[best] = d
            r.add(d), c.add(d), b.add(d)
            search()
            r.discard(d), c.discard(d), b.discard(d)
            cells[best] = 0
            if found >= cap:
                return

    search()
    return found


def assert_sound(g: Generated) -> None:
    """Unique by the independent counter, and the solution fits the givens."""
    text, sol = str(g.puzzle), str(g.solution)
    assert independent_count(text) == 1
    assert g.solution.is_solved
    assert all(p in (".", s) for p, s in zip(text, sol))


def assert_minimal(puzzle: Grid, symmetry: str = "none") -> None:
    text = str(puzzle)
    for orbit in symmetry_orbits(symmetry):
        if text[orbit[0]] != ".":
            cells = list(text)
            for i in orbit:
                cells[i] = "."
            assert count_solutions("".join(cells)) == 2, f"orbit {orbit} could be removed"


# ------------------------------------------------------------------------- full grids
def test_full_grids_are_valid_and_seeded() -> None:
    grids = [full_grid(seed=s) for s in range(5)]
    assert all(g.is_solved for g in grids)
    assert len(set(grids)) == 5
    assert full_grid(seed=3) == grids[3]
    assert full_grid(rng=random.Random(3)) == grids[3]


# ------------------------------------------------------------------- uniqueness, minimal
def test_generated_puzzles_are_unique_and_minimal() -> None:
    puzzles = list(generate_many(6, seed=11))
    assert len(puzzles) == 6
    for g in puzzles:
        assert_sound(g)
        assert_minimal(g.puzzle)
        assert g.rating is None and g.attempts >= 1 and 17 <= g.clues <= 35


@pytest.mark.parametrize("symmetry", SYMMETRIES)
def test_symmetry_of_the_givens_pattern(symmetry: str) -> None:
    g = generate(symmetry=symmetry, seed=21)
    assert_sound(g)
    assert g.symmetry == symmetry
    text = str(g.puzzle)
    for orbit in symmetry_orbits(symmetry):
        assert len({text[i] == "." for i in orbit}) == 1, f"orbit {orbit} is split"
    assert_minimal(g.puzzle, symmetry)


def test_symmetry_orbits_shapes() -> None:
    sizes = {name: sorted({len(o) for o in symmetry_orbits(name)}) for name in SYMMETRIES}
    assert sizes["none"] == [1]
    assert sizes["rotational180"] == [1, 2] and len(symmetry_orbits("rotational180")) == 41
    assert sizes["rotational90"] == [1, 4] and len(symmetry_orbits("rotational90")) == 21
    assert sizes["full"] == [1, 4, 8]
    assert all(sum(len(o) for o in symmetry_orbits(name)) == 81 for name in SYMMETRIES)
    with pytest.raises(ValueError):
        symmetry_orbits("spiral")


def test_clue_ranges_and_non_minimal() -> None:
    g = generate(minimal=False, clues=(30, 32), seed=4)
    assert_sound(g)
    assert 30 <= g.clues <= 32
    loose = generate(minimal=False, seed=4)
    assert 28 <= loose.clues <= 36
    ranged = generate(clues=(22, 25), seed=5)
    assert 22 <= ranged.clues <= 25
    assert_minimal(ranged.puzzle)
    with pytest.raises(ValueError):
        generate(clues=(10, 12))


# ------------------------------------------------------------------------------ seeds
def test_same_seed_same_puzzle() -> None:
    a, b = generate(seed=99), generate(seed=99)
    assert a == b and a.seed == 99
    assert generate(seed=100).puzzle != a.puzzle
    items = list(generate_many(3, seed=7))
    assert items == list(generate_many(3, seed=7))
    assert [generate(seed=g.seed) for g in items] == items
    assert isinstance(generate().seed, int)


@pytest.mark.skipif(len(_backend.available()) < 2, reason="needs both kernels")
def test_same_seed_same_puzzle_on_both_kernels() -> None:
    with _backend.use("python"):
        twin = list(generate_many(2, seed=31, symmetry="rotational180"))
    with _backend.use("c"):
        core = list(generate_many(2, seed=31, symmetry="rotational180"))
    assert twin == core


def test_parallel_jobs_give_the_same_sequence() -> None:
    assert list(generate_many(4, seed=12, jobs=2)) == list(generate_many(4, seed=12))


# ------------------------------------------------------------------------- difficulty
def test_parse_difficulty() -> None:
    assert parse_difficulty("Hard") == Difficulty("band", "hard")
    assert parse_difficulty("se:7-9") == parse_difficulty((7, 9)) == parse_difficulty("7.0-9.0")
    assert parse_difficulty("unfair") == Difficulty("hodoku", "unfair")
    assert str(parse_difficulty("hodoku:extreme")) == "hodoku:extreme"
    assert str(parse_difficulty((2, 3.5))) == "se:2-3.5"
    for bad in ("impossible", "se:9-7", "hodoku:insane", "se:x"):
        with pytest.raises(ValueError):
            parse_difficulty(bad)


def test_singles_filter_agrees_with_the_rating() -> None:
    from sudokit.human.rating import rate

    singles = {"full_house", "naked_single", "hidden_single_box", "hidden_single_line"}
    for g in generate_many(12, seed=3):
        rating = rate(g.puzzle)
        if solved_by_singles(g.puzzle):
            assert rating.band == "easy" and rating.se <= 2.3  # may take a direct step (2.0) first
        else:
            assert not set(rating.counts) <= singles
    assert solved_by_singles(EXAMPLE)


@pytest.mark.parametrize("target", ["easy", "medium", "se:1.0-2.0", "hodoku:easy"])
def test_difficulty_targets_are_met(target: str) -> None:
    g = generate(target, seed=8, time_budget=60)
    assert_sound(g)
    assert g.rating is not None and parse_difficulty(target).matches(g.rating)
    assert g == generate(target, seed=8)
    record = g.as_record()
    assert record["rating"] == g.rating.se and record["seed"] == 8 and record["techniques"]


def test_hard_targets_via_the_search_near_seeds() -> None:
    g = generate("hard", seed=2, time_budget=120)
    assert_sound(g)
    assert g.rating is not None and g.rating.band == "hard"


def test_required_techniques() -> None:
    g = generate(required_techniques=["pointing"], seed=6, time_budget=60)
    assert g.rating is not None and g.rating.counts.get("pointing", 0) > 0
    with pytest.raises(ValueError):
        generate(required_techniques=["no_such_technique"])


def test_time_budget_raises_with_what_was_found() -> None:
    with pytest.raises(GenerationBudgetExceeded) as info:
        generate(clues=(17, 17), seed=1, time_budget=0.5)  # 17 givens: practically never by chance
    assert info.value.best is None or count_solutions(info.value.best.puzzle) == 1
    assert info.value.found == []
    yielded: list[Generated] = []
    with pytest.raises(GenerationBudgetExceeded) as many:
        for g in generate_many(1000, clues=(17, 17), seed=1, time_budget=0.5):
            yielded.append(g)
    assert many.value.found == yielded
    with pytest.raises(ValueError):
        generate(time_budget=0)


# ------------------------------------------------------------- minimize and make_unique
def test_minimize() -> None:
    m = minimize(EXAMPLE, seed=1)
    assert independent_count(str(m)) == 1
    assert all(ch in (".", e) for ch, e in zip(str(m), EXAMPLE))
    assert_minimal(m)
    assert minimize(EXAMPLE, seed=1) == m
    sym = minimize(str(full_grid(seed=2)), seed=2, symmetry="rotational180")
    assert_minimal(sym, "rotational180")
    with pytest.raises(MultipleSolutionsError):
        minimize("." * 81)
    with pytest.raises(UnsolvableError):
        minimize("12345678." + "." * 8 + "9" + "." * 63)


def test_make_unique() -> None:
    sparse = "1" + "." * 40 + "2" + "." * 39
    u = make_unique(sparse, seed=4)
    assert independent_count(str(u)) == 1
    assert u[0] == 1 and u[41] == 2
    assert make_unique(sparse, seed=4) == u
    solution = full_grid(seed=9)
    base = str(minimize(str(solution), seed=1))
    holes = "".join("." if i % 3 == 0 else ch for i, ch in enumerate(base))
    fixed = make_unique(holes, solution)
    assert independent_count(str(fixed)) == 1
    assert all(ch in (".", s) for ch, s in zip(str(fixed), str(solution)))
    assert make_unique(EXAMPLE) == Grid.parse(EXAMPLE)  # already unique: nothing added
    with pytest.raises(ValueError):
        make_unique(sparse, "1" * 81)


# ---------------------------------------------------------------------------------- CLI
def run(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), io.StringIO(stdin), out, err)
    return code, out.getvalue(), err.getvalue()


def test_cli_generate_lines_and_formats(tmp_path: Path) -> None:
    code, out, _ = run("generate", "--count", "3", "--seed", "5")
    lines = out.split()
    assert code == ExitCode.OK and len(lines) == 3
    assert lines == [str(g.puzzle) for g in generate_many(3, seed=5)]
    assert all(independent_count(line) == 1 for line in lines)

    code, out, _ = run("generate", "-n", "2", "--seed", "5", "--format", "jsonl", "--rate")
    records = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and records[0]["puzzle"] == lines[0] and "rating" in records[0] and records[0]["seed"]

    target = tmp_path / "out.csv"
    assert run("generate", "-n", "2", "--seed", "5", "-o", str(target), "-s", "rotational180")[0] == 0
    rows = list(csv.DictReader(io.StringIO(target.read_text())))
    assert len(rows) == 2 and rows[0]["solution"]


def test_cli_generate_parquet(tmp_path: Path) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    target = tmp_path / "out.parquet"
    assert run("generate", "-n", "3", "--seed", "1", "-o", str(target))[0] == 0
    assert pq.read_table(target).num_rows == 3


def test_cli_generate_errors_and_budget() -> None:
    assert run("generate", "--difficulty", "impossible")[0] == ExitCode.USAGE
    assert run("generate", "--difficulty", "se:50-60")[0] == ExitCode.USAGE  # out of reach
    assert run("generate", "--symmetry", "spiral")[0] == ExitCode.USAGE
    code, _, err = run("generate", "--require", "bogus")
    assert code == ExitCode.USAGE and "bogus" in err
    assert run("generate", "-o", "out.unknown-extension")[0] == ExitCode.USAGE
    code, out, err = run("generate", "-n", "50", "--clues", "17", "--time-budget", "0.3")
    assert code == ExitCode.LIMIT and "time budget" in err


def test_cli_canon_dedupe_minimize() -> None:
    rng = random.Random(1)
    from sudokit.transform import Transform

    disguised = [str(Transform.random(rng).apply(EXAMPLE)) for _ in range(3)]
    other = str(generate(seed=1).puzzle)
    text = "\n".join([EXAMPLE, *disguised, other, "bad line"]) + "\n"
    code, out, err = run("canon", "-", stdin=text)
    forms = out.split()
    assert code == ExitCode.INVALID and "<stdin>:6" in err
    assert forms[:4] == [str(canonical(EXAMPLE))] * 4 and forms[4] == str(canonical(other))

    code, out, err = run("dedupe", "-", stdin=text)
    assert out.split() == [EXAMPLE, other] and "kept 2 of 6" in err
    code, out, _ = run("dedupe", "--canonical", "--jobs", "2", "-", stdin="\n".join([EXAMPLE, *disguised]))
    assert code == 0 and out.split() == [str(canonical(EXAMPLE))]

    code, out, _ = run("minimize", EXAMPLE, "--seed", "1")
    assert code == 0 and out.strip() == str(minimize(EXAMPLE, seed=1))
    assert run("minimize", "." * 81)[0] == ExitCode.MULTIPLE


def test_hodoku_levels_need_a_finished_path() -> None:
    g = generate("hodoku:unfair", seed=3, time_budget=60)
    assert g.rating is not None and g.rating.solved_logically and g.rating.hodoku_level == "Unfair"
    x = generate("hodoku:extreme", seed=3, time_budget=60)
    assert x.rating is not None and (x.rating.hodoku_level == "Extreme" or not x.rating.solved_logically)


def test_parallel_budget_keeps_what_was_found() -> None:
    yielded: list[Generated] = []
    with pytest.raises(GenerationBudgetExceeded) as info:
        for g in generate_many(50, clues=(17, 17), seed=2, time_budget=0.5, jobs=2):
            yielded.append(g)
    assert info.value.found == yielded == []
    assert "of 50" in str(info.value)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**63 - 1), st.sampled_from(SYMMETRIES))
def test_any_seed_gives_a_unique_minimal_puzzle(seed: int, symmetry: str) -> None:
    g = generate(seed=seed, symmetry=symmetry)
    assert_sound(g)
    assert_minimal(g.puzzle, symmetry)
    assert generate(seed=seed, symmetry=symmetry) == g


# ------------------------------------------------ the kernel's loops: fill and dig (C vs twin)
def _words(seed: int, n: int) -> bytes:
    return random.Random(seed).getrandbits(32 * n).to_bytes(4 * n, "little")


def _kernels() -> list[object]:
    from sudokit import _pycore

    if "c" not in _backend.available():
        return [_pycore]
    from sudokit import _core

    return [_core, _pycore]


def test_kernel_loops_make_the_choices_random_shuffle_makes() -> None:
    """fill/dig read the words as random.Random.shuffle reads getrandbits, so a stream of
    rng's words gives what rng.shuffle gave the Python loops (and the seeds' old puzzles)."""
    from sudokit._pycore import _WordStream

    for seed in range(50):
        for n in (2, 3, 9, 54, 81):
            expected = list(range(n))
            random.Random(seed).shuffle(expected)
            got, stream = list(range(n)), _WordStream(_words(seed, 400))
            stream.shuffle(got)
            assert got == expected
    # seed 7 through the whole pipeline (csrc/tests/test_dig.c checks the same in C)
    for kernel in _kernels():
        words = _words(7, 1024)
        used, grid = kernel.fill(words)  # type: ignore[attr-defined]
        assert grid == b"278163594519824376436957218651439827943782651827516439184275963392641785765398142"
        _, puzzle = kernel.dig(grid, bytes(range(81)), b"\x01" * 81, words[4 * used :], 0)  # type: ignore[attr-defined]
        assert puzzle == b"2....3.9..1.....76...95.2..6...3...79......5......64...84.7....3...4......5.....2"


@pytest.mark.skipif(len(_backend.available()) < 2, reason="needs both kernels")
@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(SYMMETRIES), st.integers(0, 40), st.integers(0, 6))
def test_kernel_fill_and_dig_agree(seed: int, symmetry: str, stop_at: int, holes: int) -> None:
    from sudokit import _core, _pycore

    words = _words(seed, 600)
    cut = words[: 4 * (seed % 40)]  # too short: both say so
    assert _core.fill(cut) == _pycore.fill(cut) == (-1, b"")
    used, grid = _core.fill(words)
    assert (used, grid) == _pycore.fill(words) and Grid.parse(grid.decode()).is_solved
    orbits = symmetry_orbits(symmetry)
    cells, sizes = bytes(c for o in orbits for c in o), bytes(len(o) for o in orbits)
    start = bytearray(grid)
    for i in random.Random(seed).sample(range(81), holes):  # some blanks, maybe splitting orbits
        start[i] = 46
    rest = words[4 * used :]
    for w in (rest, None, rest[:8]):
        got = _core.dig(bytes(start), cells, sizes, w, stop_at)
        assert got == _pycore.dig(bytes(start), cells, sizes, w, stop_at)
        if got[0] >= 0:
            assert count_solutions(got[1].decode()) == 1
            assert all(a in (46, b) for a, b in zip(got[1], start))


@pytest.mark.skipif(len(_backend.available()) < 2, reason="needs both kernels")
def test_kernel_dig_rejects_bad_input() -> None:
    from sudokit import _core, _pycore

    full = bytes(full_grid(seed=1))
    bad = [
        (full[:80], b"\x00", b"\x01", None, 0),  # 80 bytes
        (b"x" + full[1:], b"\x00", b"\x01", None, 0),  # a bad byte
        (full, b"\x51", b"\x01", None, 0),  # cell 81
        (full, b"\x00\x01", b"\x01", None, 0),  # sizes do not add up
        (full, b"", b"\x00", None, 0),  # an empty orbit
        (full, b"\x00", b"\x01", None, 82),  # stop_at out of range
        (full, b"\x00", b"\x01", b"abc", 0),  # words not a multiple of 4
    ]
    for kernel in (_core, _pycore):
        for args in bad:
            with pytest.raises(ValueError):
                kernel.dig(*args)
        with pytest.raises(ValueError):
            kernel.fill(b"abcde")
    assert _core.dig(full, b"", b"", None, 0) == _pycore.dig(full, b"", b"", None, 0) == (0, full)


def test_full_grid_leaves_the_callers_rng_where_plain_draws_would() -> None:
    """Pinned draws: full_grid(rng=r) reads exactly the words it needs from r."""
    r = random.Random(5)
    grids = [str(full_grid(rng=r)) for _ in range(3)]
    assert grids[0] == str(full_grid(rng=random.Random(5)))
    assert r.getrandbits(32) == 2784833516  # as before fill/dig moved into the kernel


def test_random_group_element_is_transform_random() -> None:
    """generate's fast group element makes Transform.random's draws and image."""
    from sudokit.generation import _apply, _random_element
    from sudokit.transform import Transform

    grid = bytes(full_grid(seed=3))
    for seed in range(200):
        a, b = random.Random(seed), random.Random(seed)
        assert _apply(_random_element(a), grid) == Transform.random(b).apply_bytes(grid)
        assert a.getrandbits(32) == b.getrandbits(32)


@pytest.mark.skipif(len(_backend.available()) < 2, reason="needs both kernels")
def test_kernel_fill_and_dig_run_in_threads() -> None:
    """The C loops release the GIL and keep no global state: threads give serial answers."""
    from concurrent.futures import ThreadPoolExecutor

    from sudokit import _core

    orbits = symmetry_orbits("rotational180")
    cells, sizes = bytes(c for o in orbits for c in o), bytes(len(o) for o in orbits)

    def job(seed: int) -> tuple[int, bytes, int, bytes]:
        words = _words(seed, 800)
        used, grid = _core.fill(words)
        used2, puzzle = _core.dig(grid, cells, sizes, words[4 * used :], 0)
        return used, grid, used2, puzzle

    serial = [job(s) for s in range(40)]
    with ThreadPoolExecutor(4) as pool:
        assert list(pool.map(job, range(40))) == serial
