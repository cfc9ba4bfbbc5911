"""The solver's code paths (portable, bmi2, avx2), forced one by one with SUDOKIT_CPU, and
the kernel entry points of issue 14: ``solve`` on a str, ``solve_batch(..., unique_only)``
and ``dispatch()``, on both kernels."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
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
    _CORE_MISSING = f"sudokit._core is not built ({exc})"
else:
    _CORE_MISSING = ""

ROOT = Path(__file__).resolve().parents[1]
PUZZLE = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
SOLUTION = "468931527751624839392578461134756298289413675675289314846192753513867942927345186"
PATHS = ["portable", "bmi2", "avx2"]


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


def test_solve_takes_a_str(kernel: ModuleType) -> None:
    assert kernel.solve(PUZZLE, 2)[:2] == (1, SOLUTION.encode())
    assert kernel.solve(PUZZLE.replace(".", "0"), 2)[:2] == (1, SOLUTION.encode())
    assert kernel.solve(PUZZLE, 1)[:2] == kernel.solve(PUZZLE.encode(), 1)[:2]
    for bad in [PUZZLE[:80], PUZZLE + ".", "x" + PUZZLE[1:], "é" + PUZZLE[1:], "_" + PUZZLE[1:]]:
        with pytest.raises(ValueError):
            kernel.solve(bad, 2)


def test_batch_unique_only_blanks_multi_solution_rows(kernel: ModuleType) -> None:
    multi = "." * 81  # many solutions
    conflict = "11" + "." * 79
    bad = "x" * 81
    rows = [PUZZLE, multi, conflict, bad]
    puzzles = "".join(rows).encode()
    for unique_only in (False, True):
        solutions, counts = bytearray(len(puzzles)), array("I", bytes(16))
        kernel.solve_batch(puzzles, solutions, counts, 2, unique_only)
        assert list(counts) == [1, 2, 0, kernel.BAD_INPUT]
        out = [bytes(solutions[81 * k : 81 * k + 81]) for k in range(4)]
        assert out[0] == SOLUTION.encode()
        assert out[2] == out[3] == b"." * 81
        if unique_only:
            assert out[1] == b"." * 81
        else:
            assert is_solution(multi.encode(), out[1])


def test_dispatch_names_the_path_and_why(kernel: ModuleType) -> None:
    path, reason = kernel.dispatch()
    assert isinstance(reason, str) and reason
    if kernel is _pycore:
        assert path == "python" and kernel.features() == []
    else:
        assert path in PATHS
        assert ("bmi2" in kernel.features()) == (path != "portable")
        assert ("avx2" in kernel.features()) == (path == "avx2")


_CHILD = r"""
import hashlib, json, sys
from array import array
from sudokit import _core
puzzles = sys.stdin.buffer.read()
n = len(puzzles) // 81
digest = hashlib.sha256()
for limit in (1, 2, 3):
    solutions, counts = bytearray(len(puzzles)), array("I", bytes(4 * n))
    _core.solve_batch(puzzles, solutions, counts, limit)
    digest.update(solutions + counts.tobytes())
for k in range(0, n, 7):
    digest.update(repr(_core.solve(puzzles[81 * k : 81 * k + 81], 2)).encode())
print(json.dumps([list(_core.dispatch()), _core.features(), digest.hexdigest()]))
"""


def _sample_puzzles() -> bytes:
    """Unique, multi-solution (17-45 givens kept of a grid), dense, conflicting and bad rows."""
    rng = random.Random(14)
    rows = []
    for _ in range(300):
        keep = set(rng.sample(range(81), rng.randint(17, 45)))
        rows.append("".join(ch if i in keep else "." for i, ch in enumerate(SOLUTION)))
    for _ in range(60):  # random givens: mostly conflicting or unsolvable
        cells = ["."] * 81
        for _ in range(rng.randint(5, 25)):
            cells[rng.randrange(81)] = str(rng.randint(1, 9))
        rows.append("".join(cells))
    rows += [PUZZLE, "." * 81, SOLUTION, "x" * 81]
    golden = ROOT / "tests" / "data" / "golden.txt"
    rows += [line.split(":")[0] for line in golden.read_text().splitlines() if line and not line.startswith("#")]
    return "".join(rows).encode()


def _run_child(puzzles: bytes, cpu: str | None) -> tuple[list[str], list[str], str]:
    env = dict(os.environ)
    env.pop("SUDOKIT_CPU", None)
    if cpu is not None:
        env["SUDOKIT_CPU"] = cpu
    out = subprocess.run([sys.executable, "-c", _CHILD], input=puzzles, capture_output=True, env=env,
                         check=True, timeout=120).stdout
    dispatch, features, digest = json.loads(out)
    return dispatch, features, digest


def test_every_path_this_cpu_runs_gives_the_same_answers() -> None:
    """Force each path by SUDOKIT_CPU in a fresh process; the ones this CPU runs agree exactly
    (counts and first solutions) with the automatic choice; the others fall back to it and
    say why."""
    if _core is None:
        pytest.skip(_CORE_MISSING)
    puzzles = _sample_puzzles()
    auto_dispatch, _, auto_digest = _run_child(puzzles, None)
    ran = []
    for path in PATHS:
        dispatch, features, digest = _run_child(puzzles, path)
        assert digest == auto_digest, f"path {path} disagrees with {auto_dispatch[0]}"
        if dispatch[0] == path:
            assert dispatch[1] == f"forced by SUDOKIT_CPU={path}"
            ran.append(path)
        else:
            assert path != "portable"  # every CPU runs the portable path
            assert "cannot run" in dispatch[1] and dispatch[0] == auto_dispatch[0]
    assert "portable" in ran and auto_dispatch[0] in ran
    unknown, _, digest = _run_child(puzzles, "avx9000")
    assert unknown[0] == auto_dispatch[0] and "is not portable, bmi2, avx2 or auto" in unknown[1]
    assert digest == auto_digest


def test_forced_path_answers_are_right() -> None:
    """The digest comparison above only shows the paths agree; check the answers themselves."""
    if _core is None:
        pytest.skip(_CORE_MISSING)
    puzzles = _sample_puzzles()
    n = len(puzzles) // 81
    solutions, counts = bytearray(len(puzzles)), array("I", bytes(4 * n))
    _core.solve_batch(puzzles, solutions, counts, 2)
    for k in range(0, n, 3):
        puzzle = puzzles[81 * k : 81 * k + 81]
        if counts[k] == _core.BAD_INPUT:
            assert _pycore.solve_batch(puzzle, bytearray(81), array("I", [0]), 2) == 0
            continue
        assert counts[k] == _pycore.solve(puzzle, 2)[0]
        if counts[k]:
            assert is_solution(puzzle, bytes(solutions[81 * k : 81 * k + 81]))


def test_info_reports_the_code_path() -> None:
    out = subprocess.run([sys.executable, "-m", "sudokit", "info"], capture_output=True, text=True, check=True,
                         timeout=60).stdout
    line = next(line for line in out.splitlines() if line.startswith("solver code path: "))
    if _core is not None and "backend: c" in out:
        path, reason = _core.dispatch()
        assert line == f"solver code path: {path} ({reason})"
    else:
        assert line.startswith("solver code path: python")
