"""Shared fixtures: every test runs once per available backend (C and the Python twin).

A module that never touches the kernel can say ``pytestmark = pytest.mark.single_backend``
to run once. ``SUDOKIT_PUREPYTHON=1`` restricts the runs to the Python twin, ``SUDOKIT_TEST_BACKEND=c`` to
the C core (the sanitizer run: the twin has nothing for ASan to check).
"""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

from sudokit import _backend


def pytest_configure(config: pytest.Config) -> None:
    """Ctrl-C as a terminal gives it. A shell starts background jobs (CI's, too) with
    SIGINT ignored, every process inherits that, and Python then never turns Ctrl-C into
    KeyboardInterrupt: the Ctrl-C tests (in this process and in the CLI processes they
    start) would see nothing. Python's handler here; a process started from here gets the
    default action back at exec, so its Python installs the handler too."""
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)

SHARED_DATA = Path(os.environ.get("SUDOKIT_DATA") or Path(__file__).resolve().parents[2] / "shared" / "data")
GOLDEN = Path(__file__).resolve().parent / "data" / "golden.txt"
#: ``SUDOKIT_TEST_SCALE=N`` multiplies the sample sizes of the data-set sweeps (soundness of
#: whole solving paths on rated puzzles). 1, the default, is what CI runs; a thorough local run
#: uses e.g. 10. The benchmarks cover whole data sets.
TEST_SCALE = float(os.environ.get("SUDOKIT_TEST_SCALE") or 1)


def scaled(n: int) -> int:
    """``n`` times ``SUDOKIT_TEST_SCALE`` (at least 1): the size of a seeded data-set sample."""
    return max(1, round(n * TEST_SCALE))


def _backends() -> list[str]:
    if os.environ.get("SUDOKIT_PUREPYTHON", "") not in ("", "0"):
        return ["python"]
    only = os.environ.get("SUDOKIT_TEST_BACKEND", "")  # e.g. "c" for the sanitizer run
    return [only] if only else _backend.available()


BACKENDS = _backends()


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "backend" in metafunc.fixturenames:
        single = metafunc.definition.get_closest_marker("single_backend") is not None
        metafunc.parametrize("backend", BACKENDS[:1] if single else BACKENDS, indirect=True, scope="module")


@pytest.fixture(scope="module")
def backend(request: pytest.FixtureRequest) -> Iterator[str]:
    """The kernel every sudokit call in the test uses ("c" or "python")."""
    with _backend.use(request.param):
        yield request.param


@pytest.fixture(autouse=True, scope="module")
def _run_on_backend(backend: str) -> str:
    return backend


def shared_file(name: str) -> Path:
    """A file of ../shared/data, or skip the test with the reason it is missing."""
    path = SHARED_DATA / name
    if not path.exists():
        pytest.skip(f"shared data set {name} not found at {path} (set SUDOKIT_DATA, or clone the project next to shared/)")
    return path


def read_puzzle_lines(path: Path, limit: int | None = None) -> list[str]:
    """Puzzle lines of a data file (comments and blank lines skipped)."""
    out = []
    with open(path) as stream:
        for line in stream:
            line = line.strip()
            if line and not line.startswith("#"):
                out.append(line)
                if limit is not None and len(out) >= limit:
                    break
    return out


def golden_cases() -> list[tuple[str, str, str]]:
    """(puzzle, count, solution) from tests/data/golden.txt."""
    cases = []
    for line in GOLDEN.read_text().splitlines():
        if line and not line.startswith("#"):
            puzzle, count, solution = line.split(":")
            cases.append((puzzle, count, solution))
    return cases
