"""The CLI as one tool: stdin pipelines, one record per input, one option vocabulary,
usage messages, README and --help in agreement, generate's seeds and ratings, progress."""

from __future__ import annotations

import argparse
import csv
import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from sudokit import solve
from sudokit.cli import COMMAND_ORDER, ExitCode, build_parser, main
from sudokit.cli._options import FORMATS
from sudokit.puzzlefile import example_text

EXAMPLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
OTHER = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SOLUTION = str(solve(EXAMPLE))
MULTI = "." * 81
CONFLICT = "..5...5" + "." * 74
ROOT = Path(__file__).resolve().parent.parent
EXAMPLE_OF_PACKAGE = next(line for line in example_text().splitlines() if line and not line.startswith("#"))
pytestmark = pytest.mark.single_backend  # argument handling only; the kernel is tested elsewhere


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def run(*argv: str, stdin: str | None = None) -> tuple[int, str, str]:
    """``stdin=None``: a terminal; a string: a pipe."""
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), Terminal() if stdin is None else io.StringIO(stdin), out, err)
    return code, out.getvalue(), err.getvalue()


def subcommands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


# ------------------------------------------------------------------ pipelines
@pytest.mark.parametrize("command", ["solve", "count", "check", "hint", "explain", "rate", "canon", "minimize", "render"])
def test_no_operand_and_a_pipe_reads_stdin(command: str) -> None:
    code, piped, err = run(command, stdin=f"{OTHER}\n{OTHER}\n")
    assert code == ExitCode.OK, err
    _, example, _ = run(command)  # a terminal: the bundled example (one puzzle)
    _, explicit, _ = run(command, "-", stdin=f"{OTHER}\n{OTHER}\n")
    assert piped == explicit and piped != example


def test_an_empty_pipe_gives_no_records_not_the_example() -> None:
    assert run("solve", stdin="") == (ExitCode.OK, "", "")


def test_a_real_pipe_into_the_installed_command() -> None:
    done = subprocess.run([sys.executable, "-m", "sudokit", "solve"], input=f"{EXAMPLE}\n{EXAMPLE}\n",
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.split() == [SOLUTION, SOLUTION]


def test_dev_null_as_stdin_is_no_input_so_the_example_is_solved() -> None:
    # Cron jobs, CI steps and `docker exec` without -i run commands with stdin on /dev/null.
    with open("/dev/null", encoding="utf-8") as devnull:
        done = subprocess.run([sys.executable, "-m", "sudokit", "solve"], stdin=devnull,
                              capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [str(solve(EXAMPLE_OF_PACKAGE))]


def test_convert_reads_a_pipe_without_an_operand() -> None:
    code, out, err = run("convert", "--to", "csv", stdin=EXAMPLE + "\n")
    assert code == ExitCode.OK and EXAMPLE in out, err


# ------------------------------------------------------------------ alignment
MIXED = [EXAMPLE, "123", CONFLICT, MULTI, OTHER]


@pytest.mark.parametrize(
    ("command", "good"),
    [("solve", {0, 4}), ("count", {0, 3, 4}), ("check", {0, 4}), ("rate", {0, 4}), ("hint", {0, 3, 4}),
     ("canon", {0, 3, 4}), ("minimize", {0, 4})],
)
def test_one_line_per_input_line_with_placeholders(command: str, good: set[int]) -> None:
    code, out, err = run(command, stdin="\n".join(MIXED) + "\n")
    lines = out.splitlines()
    assert len(lines) == len(MIXED), out
    for k, line in enumerate(lines):
        assert (line != ".") == (k in good), (k, line)
    assert code != ExitCode.OK and "<stdin>:2:" in err and err.count("sudokit ") == len(MIXED) - len(good)


@pytest.mark.parametrize("fmt", ["csv", "jsonl", "json"])
@pytest.mark.parametrize("command", ["solve", "count", "check", "rate"])
def test_record_formats_have_a_status_and_error_column(command: str, fmt: str) -> None:
    _, out, _ = run(command, "-f", fmt, stdin="\n".join(MIXED) + "\n")
    if fmt == "csv":
        records = list(csv.DictReader(io.StringIO(out)))
    elif fmt == "jsonl":
        records = [json.loads(line) for line in out.splitlines()]
    else:
        records = json.loads(out)
    assert [r["line"] for r in records] in ([1, 2, 3, 4, 5], ["1", "2", "3", "4", "5"])
    assert records[0]["status"] == "ok" and records[0]["error"] == ""
    assert records[1]["status"] == "invalid" and "81 cells" in records[1]["error"]


def test_parquet_records_need_a_file(tmp_path: Path) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    target = tmp_path / "out.parquet"
    assert run("solve", "-o", str(target), stdin="\n".join(MIXED) + "\n")[0] == ExitCode.INVALID
    table = pq.read_table(target).to_pylist()
    assert [row["status"] for row in table] == ["ok", "invalid", "invalid", "multiple", "ok"]
    code, _, err = run("solve", "-f", "parquet", EXAMPLE)
    assert code == ExitCode.USAGE and err.startswith("sudokit solve: ") and "-o" in err


def test_explain_and_hint_label_each_of_several_puzzles() -> None:
    _, one, _ = run("explain", EXAMPLE)
    assert not one.startswith("#")
    _, two, _ = run("explain", EXAMPLE, "12.", OTHER)
    labels = [line for line in two.splitlines() if line.startswith("# ")]
    assert labels == [f"# <argument 1>:1 {EXAMPLE}", "# <argument 2>:1", f"# <argument 3>:1 {OTHER}"]
    _, hints, _ = run("hint", EXAMPLE, OTHER)
    assert [line.split(": ")[0] for line in hints.splitlines()] == ["<argument 1>:1", "<argument 2>:1"]
    _, line, _ = run("explain", "-f", "line", EXAMPLE, OTHER)
    assert len(line.splitlines()) == 2


def test_output_file_gets_the_records(tmp_path: Path) -> None:
    target = tmp_path / "out.csv"
    assert run("count", "-o", str(target), EXAMPLE, MULTI)[0] == ExitCode.OK
    rows = list(csv.DictReader(io.StringIO(target.read_text())))
    assert [row["count"] for row in rows] == ["1", "2"]


# ---------------------------------------------------------------- vocabulary
def _options(parser: argparse.ArgumentParser) -> dict[str, argparse.Action]:
    return {action.dest: action for action in parser._actions}


def test_one_spelling_for_jobs_output_and_format() -> None:
    for name, parser in subcommands().items():
        for action in parser._actions:
            if action.dest == "jobs" and action.help != argparse.SUPPRESS:
                assert action.option_strings == ["-j", "--jobs"] and action.metavar == "N", name
            if action.dest == "output":
                assert action.option_strings == ["-o", "--output"] and action.metavar == "FILE", name
            if action.dest == "format":
                assert action.option_strings == ["-f", "--format"] and action.metavar == "FORMAT", name
                choices = list(action.choices or ())
                assert choices == [f for f in FORMATS if f in choices], name  # one list, one order
                assert action.help and action.help.startswith("output format: "), name
            if action.dest == "inputs":
                assert action.metavar == "PUZZLE|FILE|-", name
            assert "--threads" not in (action.option_strings if action.help != argparse.SUPPRESS else []), name


def test_threads_is_a_hidden_alias_of_jobs() -> None:
    assert run("solve", "--threads", "2", EXAMPLE)[1] == run("solve", "-j", "2", EXAMPLE)[1] == SOLUTION + "\n"
    assert "--threads" not in run("solve", "--help")[1]


def test_every_parallel_command_takes_jobs() -> None:
    parallel = {"solve", "count", "check", "rate", "generate", "canon", "dedupe"}
    for name in parallel:
        assert "jobs" in _options(subcommands()[name]), name


def test_old_format_names_still_work() -> None:
    assert run("generate", "-n", "1", "--seed", "3", "--format", "txt")[1] == run("generate", "-n", "1", "--seed", "3")[1]
    assert run("rate", "--format", "text", EXAMPLE)[1] == run("rate", EXAMPLE)[1]
    assert run("explain", "--format", "text", EXAMPLE)[1] == run("explain", EXAMPLE)[1]  # text was explain's blocks


def test_commands_are_listed_by_use() -> None:
    listed = re.findall(r"^    (\w+)", run("--help")[1], re.M)
    assert listed[:7] == ["solve", "count", "check", "hint", "explain", "rate", "generate"]
    known = [name for name in COMMAND_ORDER if name in listed]
    assert listed[: len(known)] == known


@pytest.mark.parametrize("argv", [["solve", "--bogus"], ["count", "--limit", "0"], ["generate", "-n", "x"], ["rate", "--jobs", "0"]])
def test_usage_errors_name_the_command_once(argv: list[str]) -> None:
    code, _, err = run(*argv)
    assert code == ExitCode.USAGE
    assert err.startswith(f"sudokit {argv[0]}: ") and err.count("sudokit") == 1, err


def test_techniques_lists_every_id() -> None:
    from sudokit.human import TECHNIQUE_IDS

    code, out, _ = run("techniques")
    assert code == 0 and [line.split()[0] for line in out.splitlines()] == list(TECHNIQUE_IDS)
    records = json.loads(run("techniques", "-f", "json")[1])
    assert [r["id"] for r in records] == list(TECHNIQUE_IDS)


# -------------------------------------------------------------- README and --help
def _readme_commands() -> dict[str, str]:
    """``sudokit CMD ...`` lines of the README's command-line block, by command."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = text.split("## Command line", 1)[1].split("```", 2)[1]
    found: dict[str, str] = {}
    for line in block.splitlines():
        match = re.match(r"sudokit ([\w|]+)(.*)", line.strip())
        if match:
            for name in match.group(1).split("|"):
                found[name] = match.group(2)
    return found


def test_readme_and_help_agree() -> None:
    commands = subcommands()
    readme = _readme_commands()
    assert set(readme) == set(commands), set(readme) ^ set(commands)
    for name, rest in readme.items():
        known = {s for a in commands[name]._actions for s in a.option_strings}
        for option in re.findall(r"(?<![\w-])(--?[a-z][\w-]*)", rest):
            assert option in known, f"README: sudokit {name} {option} is not an option of it"
    help_text = run("--help")[1]
    for name in commands:
        assert re.search(rf"^    {name}\b", help_text, re.M), name


# -------------------------------------------------------------------- generate
def test_a_records_seed_replays_it_from_the_cli_and_python() -> None:
    from sudokit.generate import generate

    records = [json.loads(line) for line in run("generate", "-n", "3", "--seed", "11", "-f", "jsonl", "-s", "diagonal")[1].splitlines()]
    for record in records:
        again = json.loads(run("generate", "--seed", str(record["seed"]), "-f", "jsonl", "-s", "diagonal")[1])
        assert again["puzzle"] == record["puzzle"]
        assert str(generate(seed=record["seed"], symmetry="diagonal").puzzle) == record["puzzle"]


@pytest.mark.parametrize("fmt", ["line", "csv", "jsonl", "json"])
def test_generate_rate_shows_the_rating_in_every_format(fmt: str) -> None:
    from sudokit import rate

    code, out, _ = run("generate", "-n", "2", "--seed", "4", "--rate", "-f", fmt)
    assert code == 0
    if fmt == "line":
        rows = [dict(zip(("puzzle", "rating", "band", "hodoku_level"), line.split())) for line in out.splitlines()]
    elif fmt == "csv":
        rows = list(csv.DictReader(io.StringIO(out)))
    elif fmt == "jsonl":
        rows = [json.loads(line) for line in out.splitlines()]
    else:
        rows = json.loads(out)
    assert len(rows) == 2
    for row in rows:
        expected = rate(row["puzzle"])
        assert float(row["rating"]) == pytest.approx(expected.se) and row["band"] == expected.band
        assert row["hodoku_level"] == expected.hodoku_level


# -------------------------------------------------------------------- progress
def test_progress_shows_a_total_for_files_and_counts(tmp_path: Path) -> None:
    path = tmp_path / "p.txt"
    path.write_text("# c\n" + (EXAMPLE + "\n") * 7 + "\n")
    _, _, err = run("solve", "--progress", str(path), EXAMPLE)
    assert "8/8" in err
    _, _, err = run("generate", "-n", "2", "--seed", "1", "--progress")
    assert "2/2" in err
    _, _, err = run("solve", "--progress", "-", stdin=EXAMPLE + "\n")  # a pipe: no total
    assert "/8" not in err and "1 puzzles" in err.replace("1puzzles", "1 puzzles")


# ------------------------------------------------------------- output files
@pytest.mark.parametrize(("stop", "code", "kept"), [(KeyboardInterrupt, ExitCode.INTERRUPTED, 3), (RuntimeError, ExitCode.FAILURE, None)])
def test_an_output_file_is_whole_or_keeps_only_finished_records(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, stop: type[BaseException], code: int, kept: int | None
) -> None:
    import os

    from sudokit.cli import cmd_solve

    monkeypatch.setattr(cmd_solve, "_BATCH", 3)
    real, calls = cmd_solve._run_batch, {"n": 0}

    def failing(buffer: bytes, limit: int, threads: int):  # type: ignore[no-untyped-def]
        calls["n"] += 1
        if calls["n"] == 2:
            raise stop
        return real(buffer, limit, threads)

    monkeypatch.setattr(cmd_solve, "_run_batch", failing)
    source, target = tmp_path / "in.txt", tmp_path / "out.csv"
    source.write_text((EXAMPLE + "\n") * 9)
    assert run("solve", "-o", str(target), str(source))[0] == code
    assert sorted(os.listdir(tmp_path)) == (["in.txt", "out.csv"] if kept else ["in.txt"])  # no temporary file left
    if kept:
        rows = list(csv.DictReader(io.StringIO(target.read_text())))
        assert [row["solution"] for row in rows] == [SOLUTION] * kept
        umask = os.umask(0)
        os.umask(umask)
        assert target.stat().st_mode & 0o777 == 0o666 & ~umask


def test_a_missing_extra_leaves_no_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pyarrow.parquet", None)  # as if pyarrow were not installed
    target = tmp_path / "out.parquet"
    code, _, err = run("solve", "-o", str(target), EXAMPLE)
    assert code == ExitCode.USAGE and "pip install" in err and not target.exists()
