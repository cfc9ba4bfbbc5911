"""sudokit.batch and ``sudokit batch``: formats, bad rows, --jobs, resume (also after SIGKILL)."""

from __future__ import annotations

import csv
import io
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")
pytest.importorskip("numpy")

import sudokit
from sudokit import _backend
from sudokit.batch import run_file
from sudokit.batch.local import Job, run
from sudokit.batch.manifest import ResumeError
from sudokit.cli import main

from batch_helpers import StopAfter, sigkill_after
from conftest import GOLDEN
from independent import count as independent_count
from independent import obeys_rules


def _unique_cases() -> list[tuple[str, str]]:
    cases = []
    for line in GOLDEN.read_text().splitlines():
        if line and not line.startswith("#"):
            puzzle, count, solution = line.split(":")
            if count == "1":
                cases.append((puzzle, solution))
    return cases


def _relabel(text: str, perm: list[str]) -> str:
    return "".join(perm[int(ch) - 1] if ch in "123456789" else ch for ch in text)


def _dataset(n: int, seed: int = 1) -> list[tuple[str, str]]:
    """``n`` unique puzzles with their solutions: golden puzzles with digits relabelled."""
    rng = random.Random(seed)
    base = _unique_cases()
    rows = []
    for k in range(n):
        puzzle, solution = base[k % len(base)]
        perm = rng.sample("123456789", 9)
        rows.append((_relabel(puzzle, perm), _relabel(solution, perm)))
    return rows


def _write_input(path: Path, layout: str, rows: list[tuple[str, str]]) -> None:
    """The puzzles in one of the input layouts the issue names."""
    if layout == "line":
        path.write_text("# a comment line\n" + "".join(p + "\n" for p, _ in rows) + "\n")
    elif layout == "kaggle_quizzes":  # quizzes,solutions with 0 for blanks
        path.write_text("quizzes,solutions\n" + "".join(f"{p.replace('.', '0')},{s}\n" for p, s in rows))
    elif layout == "kaggle_id":  # id,puzzle,solution,clues,difficulty with '.'
        body = "".join(f"{k},{p},{s},{81 - p.count('.')},{1.5}\n" for k, (p, s) in enumerate(rows))
        path.write_text("id,puzzle,solution,clues,difficulty\n" + body)
    elif layout == "puzzle_solution":
        path.write_text("puzzle,solution\n" + "".join(f"{p},{s}\n" for p, s in rows))
    elif layout == "jsonl":
        path.write_text("".join(json.dumps({"id": k, "puzzle": p}) + "\n" for k, (p, _) in enumerate(rows)))
    elif layout == "parquet":
        pq.write_table(pa.table({"quizzes": [p for p, _ in rows], "solutions": [s for _, s in rows]}), path, row_group_size=7)
    else:  # pragma: no cover
        raise AssertionError(layout)


_SUFFIX = {"line": ".txt", "kaggle_quizzes": ".csv", "kaggle_id": ".csv", "puzzle_solution": ".csv", "jsonl": ".jsonl", "parquet": ".parquet"}


def _read_output(path: Path) -> list[dict[str, Any]]:
    """Rows of an output file, values as text (None for empty), whatever its format."""
    if path.suffix == ".parquet":
        rows: list[dict[str, Any]] = pq.read_table(path).to_pylist()
    elif path.suffix == ".jsonl":
        rows = [json.loads(line) for line in path.read_text().splitlines()]
    else:
        rows = [{k: (v if v != "" else None) for k, v in r.items()} for r in csv.DictReader(io.StringIO(path.read_text()))]
    return [{k: None if v is None else str(v).lower() if isinstance(v, bool) else str(v) for k, v in r.items()} for r in rows]


# ------------------------------------------------------------------ formats
@pytest.mark.parametrize("layout", sorted(_SUFFIX))
def test_solve_reads_every_layout_and_writes_every_format(tmp_path: Path, layout: str) -> None:
    rows = _dataset(30)
    source = tmp_path / f"in{_SUFFIX[layout]}"
    _write_input(source, layout, rows)
    outputs = {}
    for fmt in ("csv", "jsonl", "parquet"):
        target = tmp_path / f"out.{fmt}"
        summary = run_file("solve", str(source), str(target), chunk_rows=8)
        assert summary.rows == 30 and summary.statuses == {"ok": 30}
        outputs[fmt] = _read_output(target)
    assert outputs["csv"] == outputs["jsonl"] == outputs["parquet"]
    for (puzzle, solution), row in zip(rows, outputs["csv"]):
        assert row["status"] == "ok" and row["error"] is None
        assert row["solution"] == solution and obeys_rules(row["solution"], row["puzzle"].replace("0", "."))
    lines = _line_output(tmp_path, source)
    assert lines == [s for _, s in rows]


def _line_output(tmp_path: Path, source: Path) -> list[str]:
    target = tmp_path / "out.txt"
    run_file("solve", str(source), str(target), chunk_rows=8)
    return target.read_text().splitlines()


def test_puzzle_column_by_name_and_number(tmp_path: Path) -> None:
    rows = _dataset(5)
    source = tmp_path / "in.csv"
    source.write_text("a,b\n" + "".join(f"x,{p}\n" for p, _ in rows))
    target = tmp_path / "out.csv"
    run_file("solve", str(source), str(target), column="b")
    assert [r["solution"] for r in _read_output(target)] == [s for _, s in rows]
    headerless = tmp_path / "bare.csv"
    headerless.write_text("".join(f"x,{p}\n" for p, _ in rows))
    run_file("solve", str(headerless), str(tmp_path / "bare_out.csv"))  # found by content
    assert [r["solution"] for r in _read_output(tmp_path / "bare_out.csv")] == [s for _, s in rows]
    with pytest.raises(sudokit.InvalidFormatError, match="no column 'c'"):
        run_file("solve", str(source), str(tmp_path / "x.csv"), column="c")


# ------------------------------------------------------------------ bad rows
_NO_CANDIDATE = "12345678." + "........9" + "." * 63  # r1c9 has no candidate, no two givens clash


def test_bad_rows_land_in_the_output_with_their_error(tmp_path: Path) -> None:
    good = _dataset(3)
    source = tmp_path / "in.csv"
    source.write_text(
        "puzzle,solution\n"
        f"{good[0][0]},x\n"
        "123,x\n"  # too short
        f"{'a' * 81},x\n"  # bad characters
        f"{'11' + '.' * 79},x\n"  # conflicting givens
        f"{_NO_CANDIDATE},x\n"  # unsolvable
        f"{'.' * 81},x\n"  # many solutions
        f'"{good[1][0]},x,y,"z\n'  # a damaged CSV line
        f"{good[1][0]},x,extra\n"  # a field too many
        f"{good[2][0]},x\n"
    )
    target = tmp_path / "out.jsonl"
    summary = run_file("solve", str(source), str(target), chunk_rows=4)
    rows = _read_output(target)
    assert [r["status"] for r in rows] == ["ok", "invalid", "invalid", "conflict", "unsolvable", "multiple", "invalid", "invalid", "ok"]
    assert summary.statuses == {"ok": 2, "invalid": 4, "conflict": 1, "unsolvable": 1, "multiple": 1}
    assert rows[0]["solution"] == good[0][1] and rows[8]["solution"] == good[2][1]
    assert "r1c1 and r1c2" in rows[3]["error"] and "no solution" in rows[4]["error"]
    assert "expected 2 fields" in rows[7]["error"]
    assert all(r["error"] and r["solution"] is None for r in rows[1:8])


def test_bad_json_lines_are_rows_too(tmp_path: Path) -> None:
    good = _dataset(2)
    source = tmp_path / "in.jsonl"
    source.write_text(f'{{"puzzle": "{good[0][0]}"}}\n{{"puzzle": 5}}\nnot json\n"{good[1][0]}"\n[1]\n')
    target = tmp_path / "out.csv"
    run_file("count", str(source), str(target))
    rows = _read_output(target)
    assert [r["status"] for r in rows] == ["ok", "invalid", "invalid", "ok", "invalid"]
    assert [r["count"] for r in rows] == ["1", None, None, "1", None]
    assert "not valid JSON" in rows[2]["error"] and rows[2]["puzzle"] == "not json"


def test_count_matches_the_golden_counts(tmp_path: Path) -> None:
    """golden.txt's counts come from tests/independent.py (a plain backtracking counter)."""
    cases = [line.split(":")[:2] for line in GOLDEN.read_text().splitlines() if line and not line.startswith("#")]
    cases = [(puzzle, int(count)) for puzzle, count in cases if count.isdigit()]
    source = tmp_path / "in.txt"
    source.write_text("".join(p + "\n" for p, _ in cases))
    run_file("count", str(source), str(tmp_path / "out.csv"), limit=20, chunk_rows=5, jobs=2)
    out = _read_output(tmp_path / "out.csv")
    assert [int(r["count"]) if r["status"] == "ok" else r["status"] for r in out] == [
        min(count, 20) if count or not sudokit.Grid.parse(p).conflicts() else "conflict" for p, count in cases
    ]
    assert {int(r["count"]) for r in out if r["count"]} >= {0, 1, 2, 20}


def test_canon_matches_the_api(tmp_path: Path) -> None:
    rows = _dataset(10)
    source = tmp_path / "in.txt"
    source.write_text("".join(p + "\n" for p, _ in rows) + "11" + "." * 79 + "\n")
    run_file("canon", str(source), str(tmp_path / "out.csv"), chunk_rows=4)
    out = _read_output(tmp_path / "out.csv")
    assert [r["canonical"] for r in out[:10]] == [str(sudokit.canonical(p)) for p, _ in rows]
    assert out[10]["status"] == "conflict"
    # relabelled copies of one golden puzzle share their canonical form
    base = _unique_cases()
    same = [r["canonical"] for (p, _), r in zip(rows, out) if p.count(".") == base[0][0].count(".")]
    assert len(same) >= 1


def test_rate_and_generate_match_the_api(tmp_path: Path) -> None:
    rows = _dataset(3)
    source = tmp_path / "in.txt"
    source.write_text("".join(p + "\n" for p, _ in rows))
    run_file("rate", str(source), str(tmp_path / "rate.jsonl"), chunk_rows=2)
    for (puzzle, _), row in zip(rows, _read_output(tmp_path / "rate.jsonl")):
        rating = sudokit.rate(puzzle)
        assert (row["se"], row["hodoku_level"], row["band"]) == (str(rating.se), rating.hodoku_level, rating.band)
    run_file("generate", None, str(tmp_path / "gen.csv"), count=3, seed=11, chunk_rows=2)
    made = _read_output(tmp_path / "gen.csv")
    assert [r["status"] for r in made] == ["ok"] * 3
    for row in made:
        assert independent_count(row["puzzle"], cap=2) == 1 and obeys_rules(row["solution"], row["puzzle"])
        assert row["clues"] == str(81 - row["puzzle"].count("."))


# ------------------------------------------------------------------ same bytes for every --jobs
@pytest.mark.parametrize("fmt", ["csv", "parquet", "jsonl", "txt"])
def test_output_bytes_do_not_depend_on_jobs(tmp_path: Path, fmt: str) -> None:
    source = tmp_path / "in.csv"
    _write_input(source, "kaggle_quizzes", _dataset(40))
    outputs = []
    for jobs in (1, 2, 3):
        target = tmp_path / f"out{jobs}.{fmt}"
        run_file("solve", str(source), str(target), jobs=jobs, chunk_rows=6)
        outputs.append(target.read_bytes())
    assert outputs[0] == outputs[1] == outputs[2]


def test_rate_in_processes_gives_the_same_file(tmp_path: Path) -> None:
    source = tmp_path / "in.txt"
    source.write_text("".join(p + "\n" for p, _ in _dataset(4)) + "abc\n")
    run_file("rate", str(source), str(tmp_path / "one.csv"), jobs=1, chunk_rows=2)
    run_file("rate", str(source), str(tmp_path / "two.csv"), jobs=2, chunk_rows=2)
    assert (tmp_path / "one.csv").read_bytes() == (tmp_path / "two.csv").read_bytes()


def test_empty_input_gives_a_header_only(tmp_path: Path) -> None:
    source = tmp_path / "in.txt"
    source.write_text("\n# nothing\n")
    summary = run_file("solve", str(source), str(tmp_path / "out.csv"))
    assert summary.rows == 0 and (tmp_path / "out.csv").read_text() == '"puzzle","solution","status","error"\n'


# ------------------------------------------------------------------ resume
@pytest.mark.parametrize("fmt", ["csv", "parquet"])
def test_resume_after_ctrl_c_gives_the_uninterrupted_file(tmp_path: Path, fmt: str) -> None:
    source = tmp_path / "in.csv"
    _write_input(source, "kaggle_id", _dataset(50))
    whole = tmp_path / f"whole.{fmt}"
    run_file("solve", str(source), str(whole), chunk_rows=7)
    target = tmp_path / f"out.{fmt}"
    job = Job("solve", str(source), str(target), {"first": False}, chunk_rows=7)
    with pytest.raises(KeyboardInterrupt):
        run(job, 1, pool=StopAfter(3))
    assert not target.exists()
    assert len(list((tmp_path / f"out.{fmt}.parts").glob("chunk-*.json"))) == 3
    with pytest.raises(ResumeError, match="--resume"):
        run_file("solve", str(source), str(target), chunk_rows=7)
    with pytest.raises(ResumeError, match="first"):
        run_file("solve", str(source), str(target), chunk_rows=7, first=True, resume=True)
    summary = run_file("solve", str(source), str(target), chunk_rows=7, jobs=2, resume=True)
    assert summary.resumed_chunks == 3 and summary.rows == 50
    assert target.read_bytes() == whole.read_bytes()
    assert not (tmp_path / f"out.{fmt}.parts").exists()


def test_resume_refuses_a_changed_input(tmp_path: Path) -> None:
    source = tmp_path / "in.txt"
    source.write_text("".join(p + "\n" for p, _ in _dataset(20)))
    job = Job("solve", str(source), str(tmp_path / "out.csv"), {"first": False}, chunk_rows=5)
    with pytest.raises(KeyboardInterrupt):
        run(job, 1, pool=StopAfter(1))
    with open(source, "a") as stream:
        stream.write("." * 81 + "\n")
    with pytest.raises(ResumeError, match="size"):
        run_file("solve", str(source), str(tmp_path / "out.csv"), chunk_rows=5, resume=True)


@pytest.mark.single_backend
def test_sigkill_in_the_middle_then_resume_gives_the_uninterrupted_file(tmp_path: Path) -> None:
    """A real ``sudokit batch`` process is killed with SIGKILL while it works; --resume
    then finishes it, and the file equals an uninterrupted run's (and a 1-job run's)."""
    fast = _backend.name() == "c"
    count, chunk = (600, 10) if fast else (24, 1)
    env = dict(os.environ, SUDOKIT_PUREPYTHON="0" if fast else "1")
    command = [sys.executable, "-m", "sudokit", "batch", "generate", "--count", str(count), "--seed", "5",
               "--chunk-size", str(chunk), "-j", "2", "--no-progress"]
    target = tmp_path / "out.csv"
    parts = tmp_path / "out.csv.parts"
    kept = sigkill_after(command + ["-o", str(target)], parts, 3, env)
    assert not target.exists() and 3 <= kept < count // chunk
    resumed = subprocess.run(command + ["-o", str(target), "--resume"], env=env, capture_output=True, text=True, timeout=300)
    assert resumed.returncode == 0, resumed.stderr
    assert f"{kept} kept from an earlier run" in resumed.stderr or "kept from an earlier run" in resumed.stderr
    whole = tmp_path / "whole.csv"
    fresh = subprocess.run(command[:-3] + ["-j", "1", "--no-progress", "-o", str(whole)], env=env, capture_output=True, text=True, timeout=300)
    assert fresh.returncode == 0, fresh.stderr
    assert target.read_bytes() == whole.read_bytes()
    assert len(target.read_text().splitlines()) == count + 1


# ------------------------------------------------------------------ the command line
def test_cli_batch_runs_and_reports(tmp_path: Path) -> None:
    source = tmp_path / "in.csv"
    _write_input(source, "puzzle_solution", _dataset(6) + [("x" * 81, "")])
    out, err = io.StringIO(), io.StringIO()
    code = main(["batch", "solve", str(source), "-o", str(tmp_path / "out.parquet"), "-j", "2"], stdout=out, stderr=err)
    assert code == 0, err.getvalue()
    assert "7 rows" in err.getvalue() and "ok 6" in err.getvalue() and "invalid 1" in err.getvalue()
    assert pq.read_table(tmp_path / "out.parquet").column("status").to_pylist() == ["ok"] * 6 + ["invalid"]


def test_cli_batch_errors_have_exit_codes(tmp_path: Path) -> None:
    err = io.StringIO()
    assert main(["batch", "solve", str(tmp_path / "missing.csv"), "-o", str(tmp_path / "o.csv")], stderr=err) == 7
    source = tmp_path / "in.csv"
    source.write_text("a,b\n1,2\n")
    assert main(["batch", "solve", str(source), "-o", str(tmp_path / "o.csv")], stderr=err) == 3
    assert "no puzzle column" in err.getvalue()
    assert main(["batch", "solve", str(source), "-o", str(source)], stderr=err) == 2
    assert main(["batch", "count", str(source), "-o", str(tmp_path / "o.csv"), "--limit", "0"], stderr=err) == 2
