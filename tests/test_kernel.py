"""The kernel contract (``src/sudokit/_core.pyi``), for both ``sudokit._core`` and ``sudokit._pycore``.

Each test takes a ``kernel`` module: the C extension (skipped with a reason when it is not
built) and the pure-Python twin.  The last tests check that the two agree.
"""

from __future__ import annotations

import os
import random
import sys
import threading
from array import array
from pathlib import Path
from types import ModuleType

import pytest

from independent import obeys_rules
from sudokit import _pycore

pytestmark = pytest.mark.single_backend  # the kernel is chosen by the `kernel` fixture below

try:
    from sudokit import _core  # type: ignore[attr-defined]
except ImportError as exc:  # pragma: no cover - depends on the build
    _core = None
    _CORE_MISSING = f"sudokit._core is not built ({exc}); run `python setup.py build_ext --inplace`"
else:
    _CORE_MISSING = ""

GOLDEN = Path(__file__).resolve().parent / "data" / "golden.txt"
PUZZLE = b"4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
SOLUTION = b"468931527751624839392578461134756298289413675675289314846192753513867942927345186"
EASY = b"1.78..6.35..........29...74.2...6..1...2....57...193..8.4.7.2.9.....41..2..3..46."
BLANK = b"." * 81
CONFLICT = b"22" + b"." * 79


@pytest.fixture(params=["c", "python"])
def kernel(request: pytest.FixtureRequest) -> ModuleType:
    if request.param == "c":
        if _core is None:
            pytest.skip(_CORE_MISSING)
        return _core
    return _pycore


def is_solution(puzzle: bytes, grid: bytes) -> bool:
    """The kernel's bytes checked by the independent rule checker of tests/independent.py."""
    return obeys_rules(grid.decode("latin-1"), puzzle.decode("latin-1"))


def golden() -> list[tuple[bytes, str, bytes]]:
    if not GOLDEN.exists():
        return []
    out = []
    for line in GOLDEN.read_text().splitlines():
        if line and not line.startswith("#"):
            puzzle, count, solution = line.split(":")
            out.append((puzzle.encode(), count, solution.encode()))
    return out


def dig(grid: bytes, keep: int, rng: random.Random) -> bytes:
    """Keep `keep` random cells of a solved grid (often several solutions)."""
    cells = set(rng.sample(range(81), keep))
    return bytes(ch if i in cells else 46 for i, ch in enumerate(grid))


# --- solve -------------------------------------------------------------------------------


def test_bad_input_constant(kernel: ModuleType) -> None:
    assert kernel.BAD_INPUT == 0xFFFFFFFF


def test_solve_unique(kernel: ModuleType) -> None:
    count, solution, guesses = kernel.solve(PUZZLE, 2)
    assert (count, solution) == (1, SOLUTION)
    assert isinstance(guesses, int) and guesses >= 0


def test_solve_accepts_zero_for_blank_and_bytes_like(kernel: ModuleType) -> None:
    zeros = PUZZLE.replace(b".", b"0")
    assert kernel.solve(zeros, 2)[:2] == (1, SOLUTION)
    assert kernel.solve(bytearray(PUZZLE), 2)[:2] == (1, SOLUTION)
    assert kernel.solve(memoryview(PUZZLE), 2)[:2] == (1, SOLUTION)


@pytest.mark.parametrize("bad", [b"", PUZZLE[:80], PUZZLE + b".", b"x" + PUZZLE[1:], PUZZLE[:80] + b" ",
                                 b"\x00" * 81, b"A" * 81])
def test_solve_rejects_bad_puzzles(kernel: ModuleType, bad: bytes) -> None:
    with pytest.raises(ValueError):
        kernel.solve(bad, 2)


@pytest.mark.parametrize("limit", [0, -1, -(2**70)])
def test_solve_rejects_bad_limits(kernel: ModuleType, limit: int) -> None:
    with pytest.raises(ValueError):
        kernel.solve(PUZZLE, limit)


@pytest.mark.parametrize("limit", [1, 2, 3, 17, 100])
def test_limit_caps_the_count(kernel: ModuleType, limit: int) -> None:
    count, solution, _ = kernel.solve(BLANK, limit)
    assert count == limit
    assert is_solution(BLANK, solution)


def test_huge_limit_on_a_puzzle_with_few_solutions(kernel: ModuleType) -> None:
    puzzle = b".3.42.5.......5246.2.7863918.1.4763.3..96.85...2...1....41.3.28.7...2.1.21.8.4.6."
    assert kernel.solve(puzzle, 2**40)[0] == 4


@pytest.mark.parametrize("puzzle", [CONFLICT, b"2........2" + b"." * 71, b"1.........1" + b"." * 70,
                                    b"1" + b"." * 19 + b"1" + b"." * 60])
def test_conflicting_givens_count_zero(kernel: ModuleType, puzzle: bytes) -> None:
    assert kernel.solve(puzzle, 2)[:2] == (0, b"")


def test_full_grid(kernel: ModuleType) -> None:
    assert kernel.solve(SOLUTION, 2)[:2] == (1, SOLUTION)
    broken = SOLUTION[:80] + (b"1" if SOLUTION[80:] != b"1" else b"2")
    assert kernel.solve(broken, 2)[0] == 0


@pytest.mark.parametrize("case", golden(), ids=lambda c: c[0].decode()[:20])
def test_golden_file(kernel: ModuleType, case: tuple[bytes, str, bytes]) -> None:
    puzzle, count, solution = case
    if count == "E":
        with pytest.raises(ValueError):
            kernel.solve(puzzle, 2)
        return
    exact = int(count)
    got, first, _ = kernel.solve(puzzle, exact + 1)
    assert got == exact
    if exact == 1:
        assert first == solution
    if exact >= 1:
        assert is_solution(puzzle, first)
    assert kernel.solve(puzzle, 1)[0] == min(exact, 1)


# --- solve_batch -------------------------------------------------------------------------


def batch(kernel: ModuleType, puzzles: bytes, limit: int = 2) -> tuple[int, bytearray, array]:
    n = len(puzzles) // 81
    solutions, counts = bytearray(81 * n), array("I", bytes(4 * n))
    guesses = kernel.solve_batch(puzzles, solutions, counts, limit)
    return guesses, solutions, counts


def test_batch_matches_single(kernel: ModuleType) -> None:
    rng = random.Random(3)
    puzzles = [PUZZLE, EASY, BLANK, CONFLICT, b"x" * 81, SOLUTION]
    puzzles += [dig(SOLUTION, rng.randint(24, 40), rng) for _ in range(20)]
    puzzles += [case[0] for case in golden()[:8]]
    for limit in (1, 2, 5):
        guesses, solutions, counts = batch(kernel, b"".join(puzzles), limit)
        total = 0
        for k, puzzle in enumerate(puzzles):
            out = solutions[81 * k : 81 * k + 81]
            if puzzle == b"x" * 81:
                assert counts[k] == kernel.BAD_INPUT and out == BLANK
                continue
            count, first, g = kernel.solve(puzzle, limit)
            total += g
            assert counts[k] == count
            assert out == (first or BLANK)
        assert guesses == total


def test_batch_bad_input_and_empty(kernel: ModuleType) -> None:
    _, solutions, counts = batch(kernel, b"\x00" * 81 + PUZZLE)
    assert list(counts) == [kernel.BAD_INPUT, 1]
    assert bytes(solutions) == BLANK + SOLUTION
    assert batch(kernel, b"")[0] == 0


def test_batch_size_mismatches(kernel: ModuleType) -> None:
    two = PUZZLE * 2
    with pytest.raises(ValueError):
        kernel.solve_batch(two + b".", bytearray(163), array("I", [0, 0]), 2)
    with pytest.raises(ValueError):
        kernel.solve_batch(two, bytearray(161), array("I", [0, 0]), 2)
    with pytest.raises(ValueError):
        kernel.solve_batch(two, bytearray(162), array("I", [0]), 2)
    with pytest.raises(ValueError):
        kernel.solve_batch(two, bytearray(162), array("I", [0, 0, 0]), 2)
    with pytest.raises(ValueError):
        kernel.solve_batch(two, bytearray(162), array("I", [0, 0]), 0)


def test_batch_needs_writable_outputs(kernel: ModuleType) -> None:
    with pytest.raises((TypeError, BufferError, ValueError)):
        kernel.solve_batch(PUZZLE, bytes(81), array("I", [0]), 2)


def test_batch_numpy(kernel: ModuleType) -> None:
    np = pytest.importorskip("numpy")
    puzzles = np.frombuffer(PUZZLE + EASY, dtype=np.uint8).reshape(2, 81)
    solutions = np.zeros((2, 81), dtype=np.uint8)
    counts = np.zeros(2, dtype=np.uint32)
    kernel.solve_batch(puzzles, solutions, counts, 2)
    assert counts.tolist() == [1, 1]
    assert solutions[0].tobytes() == SOLUTION


def test_features(kernel: ModuleType) -> None:
    features = kernel.features()
    assert isinstance(features, list) and all(isinstance(f, str) for f in features)


# --- C only: threads, and agreement with the twin -----------------------------------------


def test_c_batch_from_threads() -> None:
    if _core is None:
        pytest.skip(_CORE_MISSING)
    rng = random.Random(5)
    puzzles = b"".join(dig(SOLUTION, rng.randint(22, 34), rng) for _ in range(400))
    _, expect_solutions, expect_counts = batch(_core, puzzles)
    half = 81 * 200
    solutions, counts = bytearray(len(puzzles)), array("I", bytes(4 * 400))
    views = memoryview(solutions), memoryview(counts).cast("B")
    threads = [
        threading.Thread(target=_core.solve_batch,
                         args=(puzzles[a * half : (a + 1) * half], views[0][a * half : (a + 1) * half],
                               views[1][a * 800 : (a + 1) * 800], 2))
        for a in range(2)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert solutions == expect_solutions and counts == expect_counts


def test_c_agrees_with_python_twin() -> None:
    if _core is None:
        pytest.skip(_CORE_MISSING)
    rng = random.Random(7)
    for _ in range(60):
        puzzle = dig(SOLUTION, rng.randint(25, 45), rng)
        limit = rng.choice([1, 2, 3, 10])
        c_count, c_first, _ = _core.solve(puzzle, limit)
        p_count, p_first, _ = _pycore.solve(puzzle, limit)
        assert c_count == p_count
        assert is_solution(puzzle, c_first)
        if c_count == 1 and limit > 1:  # unique: the one solution
            assert c_first == p_first
    for _ in range(60):  # random givens: mostly conflicting or unsolvable
        cells = bytearray(BLANK)
        for _ in range(rng.randint(5, 25)):
            cells[rng.randrange(81)] = rng.randint(49, 57)
        c_count, c_first, _ = _core.solve(bytes(cells), 2)
        p_count, p_first, _ = _pycore.solve(bytes(cells), 2)
        assert c_count == p_count
        if c_count != 2:  # with several solutions the first one found may differ
            assert c_first == p_first


_CTRL_C_SCRIPT = """
import os, signal, sys, threading, time
from array import array
from sudokit import _core
blank = b"." * 81
timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
start = time.monotonic()
try:
    timer.start()  # inside the try: on a loaded machine the signal may come early
    if sys.argv[1] == "solve":
        _core.solve(blank, 2**40)
    else:
        _core.solve_batch(blank * 2, bytearray(162), array("I", [0, 0]), 2**31)
    print("finished")
except KeyboardInterrupt:
    print(f"KeyboardInterrupt {time.monotonic() - start:.1f}")
"""


@pytest.mark.skipif(sys.platform == "win32", reason="needs os.kill(SIGINT) on the own process")
@pytest.mark.parametrize("call", ["solve", "solve_batch"])
def test_c_ctrl_c_stops_a_huge_count(call: str) -> None:
    """The C search releases the GIL but polls for signals: Ctrl-C stops a count of hours.
    In a process of its own, with Python's default SIGINT handler, and a timeout: a lost
    signal fails the test instead of counting for hours."""
    import subprocess

    if _core is None:
        pytest.skip(_CORE_MISSING)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(Path(_core.__file__).parents[1]), os.environ.get("PYTHONPATH")]))}
    done = subprocess.run([sys.executable, "-c", _CTRL_C_SCRIPT, call], capture_output=True, text=True, timeout=120, env=env)
    word, _, seconds = done.stdout.strip().partition(" ")
    assert (done.returncode, word) == (0, "KeyboardInterrupt"), done.stdout + done.stderr
    assert float(seconds) < 10
