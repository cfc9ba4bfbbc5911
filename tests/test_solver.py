"""Solving and counting against the golden file, the rules and an independent counter."""

from __future__ import annotations

import random
from array import array

import pytest

import sudokit
from sudokit import (
    BAD_INPUT,
    ConflictingGivensError,
    Grid,
    InvalidFormatError,
    MultipleSolutionsError,
    UnsolvableError,
    count_solutions,
    is_unique,
    solutions,
    solve,
    solve_many,
)

from conftest import golden_cases
from independent import count as independent_count
from independent import obeys_rules

GOLDEN = golden_cases()
VALID = [c for c in GOLDEN if c[1] != "E"]
EXAMPLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


@pytest.mark.parametrize(("puzzle", "count", "solution"), VALID)
def test_golden_counts_and_solutions(puzzle: str, count: str, solution: str) -> None:
    expected = int(count)
    conflicting = not Grid.parse(puzzle).is_valid
    if conflicting:
        with pytest.raises(ConflictingGivensError):
            count_solutions(puzzle)
        return
    assert count_solutions(puzzle, limit=10**6) == expected
    assert count_solutions(puzzle, limit=2) == min(expected, 2)
    assert is_unique(puzzle) is (expected == 1)
    if expected == 0:
        with pytest.raises(UnsolvableError, match="no solution"):
            solve(puzzle)
        return
    grid = solve(puzzle, unique=False)  # the first solution found
    assert obeys_rules(str(grid), puzzle)
    if expected == 1:
        assert str(grid) == solution
        assert solve(puzzle) == grid  # the default requires exactly one, as `sudokit solve` does
    else:
        with pytest.raises(MultipleSolutionsError):
            solve(puzzle)


@pytest.mark.parametrize(("puzzle", "count", "solution"), [c for c in GOLDEN if c[1] == "E"])
def test_golden_malformed(puzzle: str, count: str, solution: str) -> None:
    with pytest.raises(InvalidFormatError):
        solve(puzzle)


@pytest.mark.parametrize(("puzzle", "count", "solution"), [c for c in VALID if 1 <= int(c[1]) <= 200])
def test_solutions_enumerates_every_solution_once(puzzle: str, count: str, solution: str) -> None:
    found = list(solutions(puzzle))
    assert len(found) == int(count) == len(set(found))
    assert all(obeys_rules(str(g), puzzle) for g in found)
    assert len(list(solutions(puzzle, limit=1))) == 1


def test_solutions_is_lazy_on_an_empty_grid() -> None:
    first = list(solutions("." * 81, limit=3))
    assert len(set(first)) == 3 and all(g.is_solved for g in first)


def test_conflicting_givens_raise_a_typed_error_everywhere() -> None:
    bad = "..5...5" + "." * 74
    for call in (solve, count_solutions, is_unique, lambda p: list(solutions(p))):
        with pytest.raises(ConflictingGivensError, match="r1c3 and r1c7 both hold 5"):
            call(bad)


def test_count_limit_validation() -> None:
    with pytest.raises(ValueError):
        count_solutions(EXAMPLE, limit=0)
    assert count_solutions("." * 81, limit=7) == 7


def test_solve_many_list_form() -> None:
    puzzles = [EXAMPLE, Grid.parse(EXAMPLE), "1" * 2 + "." * 79, "." * 81]
    results = solve_many(puzzles, unique=False)
    assert results[0] == results[1] == solve(EXAMPLE)
    assert results[2] is None
    assert results[3] is not None and results[3].is_solved
    unique, counts = solve_many(puzzles, return_counts=True)  # the default: exactly one
    assert unique[3] is None and list(counts) == [1, 1, 0, 2]


def test_solve_many_names_the_bad_index() -> None:
    with pytest.raises(InvalidFormatError, match="puzzle 1: "):
        solve_many([EXAMPLE, "nope"])
    with pytest.raises(TypeError):
        solve_many(EXAMPLE)


def test_solve_many_buffer_form() -> None:
    rows = [c[0].replace(".", "0") for c in VALID[:10]] + ["x" * 81]
    buffer = "".join(rows).encode()
    out, counts = solve_many(buffer, unique=True, return_counts=True)
    assert isinstance(out, bytes) and len(out) == len(buffer)
    assert isinstance(counts, array)
    for k, (puzzle, count, solution) in enumerate(VALID[:10]):
        expected = min(int(count), 2)
        assert counts[k] == expected
        assert out[81 * k : 81 * k + 81].decode() == (solution if expected == 1 else "." * 81)
    assert counts[10] == BAD_INPUT and out[-81:] == b"." * 81
    with pytest.raises(InvalidFormatError):
        solve_many(b"1" * 80)


def test_solve_many_threads_agree_with_one_thread(backend: str) -> None:
    rng = random.Random(5)
    unique = [c[0] for c in VALID if c[1] == "1"]
    batch = [rng.choice(unique) for _ in range(5000 if backend == "c" else 500)]  # the twin is ~50x slower
    assert solve_many(batch, threads=2) == solve_many(batch, threads=1)
    assert solve_many(batch) == solve_many(batch, threads=1)  # threads=0 (automatic) by default


def test_solve_many_automatic_threads() -> None:
    from sudokit import solver

    assert solver._auto_threads(100) == 1 and solver._auto_threads(0) == 1
    assert 1 <= solver._auto_threads(10**6) <= 8
    with pytest.raises(ValueError):
        solve_many([EXAMPLE], threads=-1)


def test_solve_many_numpy_forms() -> None:
    np = pytest.importorskip("numpy")
    digits = np.array([[0 if ch == "." else int(ch) for ch in EXAMPLE], [1, 1] + [0] * 79], dtype=np.uint8)
    out, counts = solve_many(digits, return_counts=True)
    assert out.shape == (2, 81) and out.dtype == np.uint8
    assert "".join(map(str, out[0])) == str(solve(EXAMPLE))
    assert not out[1].any() and list(counts) == [1, 0]
    ascii_rows = np.frombuffer(EXAMPLE.encode(), dtype=np.uint8).reshape(1, 81)
    assert bytes(solve_many(ascii_rows)[0]).decode() == str(solve(EXAMPLE))
    with pytest.raises(InvalidFormatError):
        solve_many(np.zeros((2, 80), dtype=np.uint8))


def test_solve_many_path_form(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "p.txt"
    path.write_text("# comment\r\n" + EXAMPLE + "\r\n\r\n" + EXAMPLE + "\n")
    assert solve_many(path) == [solve(EXAMPLE)] * 2
    path.write_text(EXAMPLE + "\nbad\n")
    with pytest.raises(InvalidFormatError, match=r"p.txt:2"):
        solve_many(path)


def test_removing_givens_never_loses_all_solutions() -> None:
    rng = random.Random(11)
    full = str(solve("." * 81, unique=False))
    for _ in range(20):
        cells = list(full)
        for i in rng.sample(range(81), rng.randint(20, 60)):
            cells[i] = "."
        puzzle = "".join(cells)
        n = count_solutions(puzzle, limit=50)
        assert n >= 1
        if puzzle.count(".") <= 45:
            assert n == min(independent_count(puzzle, 50), 50)


def test_backend_is_reported() -> None:
    assert sudokit.BACKEND in ("c", "python")


def test_top_level_lazy_exports_are_the_subsystem_functions() -> None:
    import sudokit.generation as generate
    from sudokit import human, transform

    assert sudokit.rate is human.rate and sudokit.hint is human.hint and sudokit.explain is human.explain
    assert callable(generate.generate) and sudokit.minimize is generate.minimize
    assert sudokit.canonical is transform.canonical
    assert set(sudokit.__all__) <= set(dir(sudokit)) | set(sudokit._LAZY)
    with pytest.raises(AttributeError):
        sudokit.no_such_name  # noqa: B018
