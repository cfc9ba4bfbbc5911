"""The CLI, in-process: outputs, per-line errors, exit codes, never a traceback."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from sudokit import solve
from sudokit.cli import ExitCode, main

EXAMPLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SOLUTION = str(solve(EXAMPLE))
MULTI = "." * 81
CONFLICT = "..5...5" + "." * 74


class Terminal(io.StringIO):
    """A stdin that is a terminal: with no operand, commands use their bundled example."""

    def isatty(self) -> bool:
        return True


def run(*argv: str, stdin: str | None = None) -> tuple[int, str, str]:
    """Run the CLI in-process; ``stdin=None`` is a terminal, a string a pipe."""
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), Terminal() if stdin is None else io.StringIO(stdin), out, err)
    return code, out.getvalue(), err.getvalue()


def test_solve_with_no_input_solves_the_bundled_example() -> None:
    code, out, err = run("solve")
    assert code == ExitCode.OK and err == ""
    assert out.split() == [SOLUTION]


def test_solve_argument_stdin_and_file(tmp_path: Path) -> None:
    assert run("solve", EXAMPLE)[1].split() == [SOLUTION]
    assert run("solve", "-", stdin=f"# c\r\n{EXAMPLE}\r\n\r\n{EXAMPLE}\r\n")[1].split() == [SOLUTION] * 2
    path = tmp_path / "in.txt"
    path.write_text(EXAMPLE + "\n")
    assert run("solve", str(path), str(path))[1].split() == [SOLUTION] * 2


def test_solve_reads_a_pretty_grid_from_stdin() -> None:
    pretty = solve(EXAMPLE).pretty()
    grid_text = "\n".join(line for line in __import__("sudokit").parse(EXAMPLE).pretty().splitlines())
    code, out, _ = run("solve", "-", stdin=grid_text + "\n")
    assert code == 0 and out.split() == [SOLUTION]
    code, out, _ = run("solve", "--format", "pretty", EXAMPLE)
    assert out.strip() == pretty


def test_solve_json_output() -> None:
    code, out, _ = run("solve", "--format", "json", EXAMPLE)
    [record] = json.loads(out)
    assert code == 0 and record["solution"] == SOLUTION and record["puzzle"] == EXAMPLE and record["line"] == 1


def test_failing_lines_are_reported_and_the_run_goes_on(tmp_path: Path) -> None:
    path = tmp_path / "mixed.txt"
    path.write_text("\n".join([EXAMPLE, "123", CONFLICT, MULTI, EXAMPLE]) + "\n")
    code, out, err = run("solve", str(path))
    assert out.split() == [SOLUTION, ".", ".", ".", SOLUTION]  # one record per input, in order
    assert code == ExitCode.INVALID  # the first failure decides
    lines = err.strip().splitlines()
    assert f"{path}:2: expected 81 cells, got 3" in lines[0]
    assert f"{path}:3: conflicting givens: r1c3 and r1c7 both hold 5 (row 1)" in lines[1]
    assert f"{path}:4: the puzzle has more than one solution" in lines[2]
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("puzzle", "code", "fragment"),
    [
        (MULTI, ExitCode.MULTIPLE, "more than one solution"),
        (CONFLICT, ExitCode.INVALID, "both hold 5"),
        ("x" * 81, ExitCode.INVALID, "unexpected character 'x'"),
    ],
)
def test_exit_codes(puzzle: str, code: int, fragment: str) -> None:
    got, out, err = run("solve", puzzle)
    assert got == code and fragment in err and out == ".\n"


def test_unsolvable_exit_code() -> None:
    from conftest import golden_cases

    unsolvable = next(p for p, c, _ in golden_cases() if c == "0" and __import__("sudokit").parse(p).is_valid)
    code, _, err = run("solve", unsolvable)
    assert code == ExitCode.UNSOLVABLE and "no solution" in err


def test_first_accepts_multiple_solutions() -> None:
    code, out, _ = run("solve", "--first", MULTI)
    assert code == 0 and __import__("sudokit").parse(out.strip()).is_solved


def test_missing_file_and_usage_errors() -> None:
    code, _, err = run("solve", "no/such/file.txt")
    assert code == ExitCode.IO and "no/such/file.txt" in err
    code, _, err = run("count", "--limit", "0", EXAMPLE)
    assert code == ExitCode.USAGE and "at least 1" in err
    code, _, err = run("frobnicate")
    assert code == ExitCode.USAGE and "invalid choice" in err
    code, out, _ = run("--help")
    assert code == 0 and "exit codes" in out
    assert run()[0] == ExitCode.USAGE


def test_count_and_check() -> None:
    code, out, _ = run("count", "--limit", "5", EXAMPLE, MULTI)
    assert code == 0 and out.split() == ["1", "5"]
    code, out, err = run("count", CONFLICT)
    assert code == ExitCode.INVALID and "both hold 5" in err
    code, out, err = run("check", EXAMPLE, MULTI)
    assert code == ExitCode.MULTIPLE and "ok (unique solution)" in out and "more than one" in err


def test_info_names_the_backend() -> None:
    code, out, _ = run("info")
    assert code == 0 and "backend:" in out and "sudokit 0." in out


def test_threads_give_the_same_output(tmp_path: Path) -> None:
    path = tmp_path / "many.txt"
    path.write_text((EXAMPLE + "\n") * 5000)
    assert run("solve", "--threads", "2", str(path))[1] == run("solve", str(path))[1]


def test_ctrl_c_keeps_what_was_written(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from sudokit.cli import cmd_solve

    monkeypatch.setattr(cmd_solve, "_BATCH", 3)
    calls = {"n": 0}
    real = cmd_solve._run_batch

    def interrupting(buffer: bytes, limit: int, threads: int):  # type: ignore[no-untyped-def]
        calls["n"] += 1
        if calls["n"] == 2:
            raise KeyboardInterrupt
        return real(buffer, limit, threads)

    monkeypatch.setattr(cmd_solve, "_run_batch", interrupting)
    path = tmp_path / "p.txt"
    path.write_text((EXAMPLE + "\n") * 9)
    code, out, err = run("solve", str(path))
    assert code == ExitCode.INTERRUPTED and out.split() == [SOLUTION] * 3 and "interrupted" in err


@pytest.mark.single_backend
def test_python_dash_m_entry_point() -> None:
    done = subprocess.run([sys.executable, "-m", "sudokit", "solve", EXAMPLE], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.split() == [SOLUTION]
