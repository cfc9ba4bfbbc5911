"""Variant puzzles in sudokit.batch, ``sudokit batch`` and solve_many: variant JSON lines,
f-puzzles and SudokuPad links, JSONL objects; mixed with classic rows; resumable."""

from __future__ import annotations

import io
import json
import os
import sys
from pathlib import Path

import pytest

pytest.importorskip("pyarrow")
pytest.importorskip("numpy")
pytest.importorskip("ortools", reason="the CP-SAT oracle needs ortools (pip install '.[test]')")

import sudokit
from sudokit.batch import run_file
from sudokit.batch.local import Job, run
from sudokit.cli import main
from sudokit.variants import Puzzle, generate, load_variant
from sudokit.variants.sudokupad_export import to_sudokupad

from batch_helpers import StopAfter, sigkill_after
from independent import obeys_rules
from variant_oracle import oracle_count

CLASSIC = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def _digits(text: str) -> list[int]:
    return [0 if ch == "." else int(ch, 36) for ch in text]


def _obeys(puzzle: Puzzle, solution: str) -> bool:
    """CP-SAT: the solution keeps the givens and obeys every rule (it is the one completion)."""
    digits = _digits(solution)
    return all(not g or g == d for g, d in zip(puzzle.givens, digits)) and oracle_count(puzzle.with_givens(digits), 2) == 1


def _compact(p: Puzzle) -> str:
    return json.dumps(p.to_json(), separators=(",", ":"))


def _mixed_rows() -> list[str]:
    killer = generate(6, kind="killer", seed=3)
    thermo = generate(6, kind="thermometer", seed=4)
    return [
        _compact(killer),                                             # sudokit's JSON on one line
        "https://f-puzzles.com/?load=" + thermo.to_fpuzzles(),        # an f-puzzles link
        to_sudokupad(generate(4, kind="jigsaw", seed=5), link=True),  # a SudokuPad (SCL) link
        CLASSIC,                                                      # a classic row among them
        '{"size": 4, "givens": ["1...", "....", "....", "...."]}',    # several solutions
        '{"size": 4, "givens": ["1...", ".1..", "....", "...."]}',    # two 1s in box 1
        '{"size": 4, "constraints": [{"type": "nope"}]}',             # unknown constraint
        '{"size": 4, "givens": [".2..", ".4..", "3...", "1..."]}',    # no clash, no solution (r1c1)
    ]


@pytest.mark.single_backend
def test_solve_and_count_variant_rows_next_to_classic_ones(tmp_path: Path) -> None:
    rows = _mixed_rows()
    source = tmp_path / "in.txt"
    source.write_text("# variant and classic rows\n" + "\n".join(rows) + "\n")
    summary = run_file("solve", str(source), str(tmp_path / "out.jsonl"))
    out = [json.loads(line) for line in (tmp_path / "out.jsonl").read_text().splitlines()]
    assert summary.rows == len(rows) and [r["puzzle"] for r in out] == rows
    assert [r["status"] for r in out] == ["ok", "ok", "ok", "ok", "multiple", "conflict", "invalid", "unsolvable"]
    for text, row in zip(rows[:3], out):
        assert _obeys(load_variant(text), row["solution"])
    assert obeys_rules(out[3]["solution"], CLASSIC)
    assert "nope" in out[6]["error"] and out[4]["solution"] is None
    assert "r1c1 and r2c2 both hold 1 (box 1)" in out[5]["error"]  # as sudokit.solve says it

    run_file("count", str(source), str(tmp_path / "count.jsonl"), limit=5)
    counted = [json.loads(line) for line in (tmp_path / "count.jsonl").read_text().splitlines()]
    for text, row in zip(rows, counted):
        if text != CLASSIC and row["status"] == "ok":
            assert row["count"] == oracle_count(load_variant(text), 5)
    assert [r["count"] for r in counted] == [1, 1, 1, 1, 5, None, None, 0]
    assert [r["status"] for r in counted[5:]] == ["conflict", "invalid", "ok"]


@pytest.mark.single_backend
def test_jsonl_variant_objects_and_generate_output_are_read(tmp_path: Path) -> None:
    """Variant JSON objects as lines, f-puzzles JSON objects, and ``sudokit generate
    --variant -f jsonl`` records (the puzzle object under "puzzle") all read as rows."""
    made = tmp_path / "made.jsonl"
    out = io.StringIO()
    assert main(["generate", "--variant", "killer", "--size", "6", "--seed", "7", "-n", "3", "-f", "jsonl"],
                stdin=io.StringIO(), stdout=out, stderr=io.StringIO()) == 0
    records = [json.loads(line) for line in out.getvalue().splitlines()]
    p = generate(6, kind="xv", seed=2)
    fpuzzles = json.loads(p.to_fpuzzles(compress=False))
    made.write_text(out.getvalue() + json.dumps(p.to_json()) + "\n" + json.dumps(fpuzzles) + "\n")
    run_file("solve", str(made), str(tmp_path / "solved.csv"))
    import csv

    solved = list(csv.DictReader(io.StringIO((tmp_path / "solved.csv").read_text())))
    assert [r["status"] for r in solved] == ["ok"] * 5
    assert [r["solution"] for r in solved[:3]] == [r["solution"] for r in records]  # the generator's own solutions
    assert _obeys(p, solved[3]["solution"]) and solved[4]["solution"] == solved[3]["solution"]


@pytest.mark.single_backend
def test_classic_only_operations_name_the_variant_rows(tmp_path: Path) -> None:
    source = tmp_path / "in.txt"
    source.write_text(_compact(generate(4, seed=1)) + "\n" + CLASSIC + "\n")
    run_file("canon", str(source), str(tmp_path / "canon.jsonl"))
    rows = [json.loads(line) for line in (tmp_path / "canon.jsonl").read_text().splitlines()]
    assert rows[0]["status"] == "invalid" and "classic 9x9" in rows[0]["error"] and rows[1]["status"] == "ok"


def _variant_file(path: Path, n: int) -> list[str]:
    rows = [_compact(generate(4 + 2 * (k % 2), kind=("plain", "killer", "jigsaw")[k % 3], seed=k)) for k in range(n)]
    path.write_text("\n".join(rows) + "\n")
    return rows


@pytest.mark.single_backend
def test_variant_resume_after_ctrl_c_gives_the_uninterrupted_file(tmp_path: Path) -> None:
    source = tmp_path / "in.txt"
    _variant_file(source, 24)
    whole = tmp_path / "whole.csv"
    run_file("solve", str(source), str(whole), chunk_rows=4)
    two_jobs = tmp_path / "two.csv"
    run_file("solve", str(source), str(two_jobs), chunk_rows=4, jobs=2)
    assert two_jobs.read_bytes() == whole.read_bytes()
    target = tmp_path / "out.csv"
    with pytest.raises(KeyboardInterrupt):
        run(Job("solve", str(source), str(target), {"first": False}, chunk_rows=4), 1, pool=StopAfter(2))
    assert not target.exists() and len(list((tmp_path / "out.csv.parts").glob("chunk-*.json"))) == 2
    summary = run_file("solve", str(source), str(target), chunk_rows=4, resume=True)
    assert summary.resumed_chunks == 2 and summary.rows == 24 and summary.statuses == {"ok": 24}
    assert target.read_bytes() == whole.read_bytes()


@pytest.mark.single_backend
def test_variant_input_gets_short_chunks_by_default(tmp_path: Path) -> None:
    source = tmp_path / "in.txt"
    _variant_file(source, 2)
    assert Job("solve", str(source), str(tmp_path / "o.csv"), {}).resolved().chunk_rows == 256
    classic = tmp_path / "classic.txt"
    classic.write_text(CLASSIC + "\n")
    assert Job("solve", str(classic), str(tmp_path / "o.csv"), {}).resolved().chunk_rows == 65536


@pytest.mark.single_backend
def test_sigkill_during_a_variant_batch_then_resume(tmp_path: Path) -> None:
    """A real ``sudokit batch solve`` over variant rows is killed with SIGKILL; a resumed run
    finishes it: every row in order with its solution (byte equality with an uninterrupted
    run is the Ctrl-C test's; the chunks on disk are the same either way)."""
    from sudokit.variants import solving

    source = tmp_path / "in.txt"
    rows = _variant_file(source, 8) * 5
    source.write_text("\n".join(rows) + "\n")  # 40 rows, 20 chunks of 2
    command = [sys.executable, "-m", "sudokit", "batch", "solve", str(source), "--chunk-size", "2", "-j", "1", "--no-progress"]
    target, parts = tmp_path / "out.jsonl", tmp_path / "out.jsonl.parts"
    kept = sigkill_after(command + ["-o", str(target)], parts, 3, dict(os.environ, SUDOKIT_PUREPYTHON="0"))
    assert not target.exists() and 3 <= kept < 20
    summary = run_file("solve", str(source), str(target), chunk_rows=2, resume=True)  # in this process: no second start-up
    assert summary.resumed_chunks == kept and summary.rows == 40
    out = [json.loads(line) for line in target.read_text().splitlines()]
    assert [r["puzzle"] for r in out] == rows
    expected = {t: "".join(f"{d:x}" for d in solving.solve(load_variant(t), unique=True).givens) for t in set(rows)}
    assert all(r["status"] == "ok" and r["solution"] == expected[r["puzzle"]] for r in out)


def test_solve_many_takes_variant_texts_files_and_counts(tmp_path: Path, backend: str) -> None:
    texts = _mixed_rows()[:3] + ['{"size": 4, "givens": ["1...", "....", "....", "...."]}']
    puzzles = [load_variant(t) for t in texts]
    solved, counts = sudokit.solve_many(texts, return_counts=True)
    assert list(counts) == [1, 1, 1, 2] and solved[3] is None
    assert all(s is not None and sudokit.is_unique(p) and s == sudokit.solve(p) for p, s in zip(puzzles[:3], solved))
    path = tmp_path / "v.txt"
    path.write_text("# variants\n" + "\n".join(texts) + "\n")
    assert sudokit.solve_many(path) == solved
    assert sudokit.solve_many(puzzles, unique=False)[3] is not None
    with pytest.raises(TypeError, match="not a mix"):
        sudokit.solve_many([texts[0], CLASSIC])


@pytest.mark.single_backend
def test_generate_variant_rows_are_unique_reproducible_and_job_independent(tmp_path: Path) -> None:
    from sudokit.batch.ops import row_seed

    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    summary = run_file("generate", None, str(one), count=4, seed=3, variant="killer", size=6, chunk_rows=2)
    run_file("generate", None, str(two), count=4, seed=3, variant="killer", size=6, chunk_rows=2, jobs=2)
    assert summary.statuses == {"ok": 4} and one.read_bytes() == two.read_bytes()
    rows = [json.loads(line) for line in one.read_text().splitlines()]
    for k, row in enumerate(rows):
        p = load_variant(row["puzzle"])
        assert row["seed"] == row_seed(3, k) and oracle_count(p, 2) == 1 and _obeys(p, row["solution"])
        assert p == generate(6, kind="killer", seed=row["seed"])  # the seed replays it
        assert row["clues"] == sum(map(bool, p.givens)) and any(c.kind == "killer" for c in p.constraints)
    with pytest.raises(ValueError, match="unknown variant"):
        run_file("generate", None, str(tmp_path / "bad.csv"), count=1, seed=1, variant="nope")
    with pytest.raises(ValueError, match="classic puzzles"):
        run_file("generate", None, str(tmp_path / "bad.csv"), count=1, seed=1, size=6, difficulty="easy")
    assert not (tmp_path / "bad.csv.parts").exists()  # refused before any work


def _clashes() -> dict[Puzzle, str]:
    """Puzzles with two givens of one digit in one house -> the house a message names."""
    from sudokit.variants import Diagonal, KillerCage

    import random

    from sudokit.variants.generating import random_regions

    jigsaw = Puzzle(size=6, regions=random_regions(6, random.Random(2)))
    region = jigsaw.regions[1]  # type: ignore[index]
    clashes = {  # puzzle -> the house the message must name
        jigsaw.with_givens([3 if i in region[:2] else 0 for i in range(36)]): "region 2",
        Puzzle(size=9, givens=(5,) + (0,) * 79 + (5,), constraints=(Diagonal("main"),)): "diagonal 1",
        Puzzle(size=6, givens=(0,) * 7 + (4,) + (0,) * 6 + (4,) + (0,) * 21, constraints=(KillerCage((7, 14), 9),)): "killer 1",
    }
    return clashes


def test_clashing_variant_givens_are_a_conflict_as_for_classic(backend: str) -> None:
    """Two givens of one digit in one house (a jigsaw region, a diagonal, a killer cage):
    ConflictingGivensError from the single-puzzle API, None and a count of 0 from
    solve_many, exactly as a classic puzzle with a clash gets."""
    from sudokit.errors import ConflictingGivensError, UnsolvableError

    clashes = _clashes()
    classic = "55" + "." * 79
    for puzzle, house in clashes.items():
        assert oracle_count(puzzle, 1) == 0
        for call in (lambda p: sudokit.solve(p), lambda p: sudokit.count_solutions(p), lambda p: list(sudokit.solutions(p))):
            with pytest.raises(ConflictingGivensError, match=house):
                call(puzzle)
            with pytest.raises(ConflictingGivensError):
                call(classic)
        assert sudokit.solve_many([puzzle], return_counts=True) == ([None], pytest.approx([0]))
    assert sudokit.solve_many([classic], return_counts=True)[0] == [None]
    unsolvable = Puzzle.from_string(".2...4..3...1...", size=4)  # r1c1 has no digit left, no clash
    assert oracle_count(unsolvable, 1) == 0 and sudokit.count_solutions(unsolvable) == 0
    with pytest.raises(UnsolvableError):
        sudokit.solve(unsolvable)


@pytest.mark.single_backend
def test_clashing_variant_rows_are_a_conflict_in_batch_runs(tmp_path: Path) -> None:
    clashes = _clashes()
    classic = "55" + "." * 79
    source = tmp_path / "in.txt"
    source.write_text("\n".join([json.dumps(p.to_json()) for p in clashes] + [classic]) + "\n")
    for op in ("solve", "count"):
        run_file(op, str(source), str(tmp_path / f"{op}.jsonl"))
        rows = [json.loads(line) for line in (tmp_path / f"{op}.jsonl").read_text().splitlines()]
        assert [r["status"] for r in rows] == ["conflict"] * 4
        assert all(house in r["error"] for r, house in zip(rows, clashes.values()))
