"""The CLI for variant puzzles: ``generate --variant/--size``, ``render`` and ``book``."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from sudokit.cli import main
from sudokit.variants import Diagonal, KillerCage, Puzzle, load_variant
from sudokit.variants.sudokupad_export import to_sudokupad

from variant_oracle import oracle_count

pytestmark = pytest.mark.single_backend


def _run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), stdin=io.StringIO(), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def _obeys(puzzle: Puzzle, solution: str) -> bool:
    """The solution keeps the givens and every rule: CP-SAT finds it the one completion."""
    digits = [int(ch, 36) for ch in solution]
    return all(not g or g == d for g, d in zip(puzzle.givens, digits)) and oracle_count(puzzle.with_givens(digits), 2) == 1


def test_generate_variant_records_are_unique_puzzles_that_replay() -> None:
    pytest.importorskip("ortools", reason="the CP-SAT oracle needs ortools (pip install '.[test]')")
    code, out, err = _run("generate", "--variant", "killer,diagonal", "--size", "4", "--seed", "11", "-n", "2", "-f", "jsonl")
    assert code == 0, err
    records = [json.loads(line) for line in out.splitlines()]
    assert [r["seed"] for r in records] == [11, 12] and {r["variant"] for r in records} == {"killer,diagonal"}
    for record in records:
        p = Puzzle.from_json(record["puzzle"])
        assert p.size == record["size"] == 4
        assert Diagonal("main") in p.constraints and Diagonal("anti") in p.constraints
        assert any(isinstance(c, KillerCage) for c in p.constraints)
        assert oracle_count(p, 2) == 1 and _obeys(p, record["solution"])
    # line format: the same puzzle as one-line JSON that `sudokit solve` reads back
    code, out, _ = _run("generate", "--variant", "killer,diagonal", "--size", "4", "--seed", "12")
    assert code == 0 and load_variant(out) == Puzzle.from_json(records[1]["puzzle"])
    code, solved, _ = _run("solve", out.strip())
    assert code == 0 and solved.strip() == records[1]["solution"]


@pytest.mark.parametrize("variant, size", [("plain", 4), ("jigsaw", 6), ("anti-knight", 6), ("non-consecutive", 6), ("thermometer", 6)])
def test_generate_kinds_and_sizes(variant: str, size: int, tmp_path: Path) -> None:
    pytest.importorskip("ortools", reason="the CP-SAT oracle needs ortools (pip install '.[test]')")
    target = tmp_path / "out.csv"
    code, _, err = _run("generate", "--variant", variant, "--size", str(size), "--seed", "3", "-o", str(target))
    assert code == 0, err
    with target.open(newline="") as stream:
        (row,) = list(csv.DictReader(stream))
    p = load_variant(row["puzzle"])
    assert p.size == size and len(row["solution"]) == size * size and row["variant"] == variant
    assert oracle_count(p, 2) == 1 and _obeys(p, row["solution"])
    kinds = {c.kind for c in p.constraints}
    expected = {"plain": set(), "jigsaw": set(), "anti-knight": {"anti_knight"}, "non-consecutive": {"non_consecutive"},
                "thermometer": {"thermometer"}}[variant]
    assert kinds == expected and (p.regions is not None) == (variant == "jigsaw")


def test_generate_size_alone_and_no_givens_killer() -> None:
    code, out, err = _run("generate", "--size", "4", "--seed", "1", "-n", "3")
    assert code == 0, err
    assert [load_variant(line).size for line in out.splitlines()] == [4, 4, 4]
    code, out, err = _run("generate", "--variant", "killer", "--size", "4", "--no-givens", "--seed", "2", "-f", "json")
    assert code == 0, err
    (record,) = json.loads(out)
    assert not any(Puzzle.from_json(record["puzzle"]).givens)


def test_generate_variant_with_jobs_matches_one_job() -> None:
    argv = ("generate", "--size", "4", "--variant", "diagonal", "--seed", "7", "-n", "3")
    assert _run(*argv, "-j", "2")[:2] == _run(*argv)[:2]


@pytest.mark.parametrize(
    "argv, message",
    [
        (("--variant", "killer", "--difficulty", "hard"), "--difficulty is for classic"),
        (("--size", "16", "--symmetry", "full", "--clues", "30"), "--symmetry, --clues are for classic"),
        (("--variant", "windoku", "--size", "6"), "windoku"),
        (("--no-givens",), "--variant killer"),
        (("--variant", "killer,jigsaw"), "at most one"),
        (("--variant", "sammurai"), "unknown variant sammurai"),
        (("--size", "7"), "invalid choice"),
    ],
)
def test_generate_usage_errors(argv: tuple[str, ...], message: str) -> None:
    code, out, err = _run("generate", *argv)
    assert code == 2 and not out and message in err


def test_generate_time_budget_keeps_what_was_made(tmp_path: Path) -> None:
    target = tmp_path / "many.txt"
    # The budget is checked inside each puzzle too: a long enough one that the first
    # 6x6 puzzle (milliseconds) is written even on a loaded machine.
    code, _, err = _run("generate", "--size", "6", "--seed", "1", "-n", "20000", "--time-budget", "0.3", "-o", str(target))
    assert code == 6 and "time budget" in err
    lines = target.read_text().splitlines()
    assert 1 <= len(lines) < 20000 and all(load_variant(line).size == 6 for line in lines)


def test_generate_time_budget_stops_inside_one_puzzle(tmp_path: Path) -> None:
    # One 25x25 jigsaw takes seconds (its regions alone about one): the budget stops it
    # midway instead of after it, with nothing written.
    target = tmp_path / "one.txt"
    code, _, err = _run("generate", "--variant", "jigsaw", "--size", "25", "--seed", "1", "-n", "1", "--time-budget", "0.05",
                        "-o", str(target))
    assert code == 6 and "time budget of 0.05 s spent after 0 of 1 puzzles" in err
    assert not target.exists() or not target.read_text().strip()


def _killer_file(tmp_path: Path) -> Path:
    p = Puzzle.from_string("1... ..1. .2.. ...3", size=4, constraints=(KillerCage((1, 2), 7),))
    path = tmp_path / "killer.json"
    path.write_text(json.dumps(p.to_json()))
    return path


def test_render_variant_files_and_links(tmp_path: Path) -> None:
    path = _killer_file(tmp_path)
    code, out, err = _run("render", str(path), "-o", str(tmp_path / "k.svg"))
    assert code == 0, err
    svg = (tmp_path / "k.svg").read_text()
    assert svg.startswith("<svg") and ">7<" in svg  # the cage sum is drawn
    link = to_sudokupad(load_variant(path.read_text()), link=True)
    code, out, err = _run("render", link, str(path))
    assert code == 0, err
    assert out.count("4x4, 2x2 boxes; killer") == 2 and out.splitlines()[0] == "1 . . ."
    code, _, err = _run("render", str(path), "--hint")
    assert code == 2 and "classic" in err
    code, _, err = _run("render", "https://sudokupad.app/psxczr0jpr")
    assert code == 3 and "server" in err


def test_book_with_variant_and_classic_puzzles(tmp_path: Path) -> None:
    pytest.importorskip("fpdf", reason="books need fpdf2 (pip install 'sudokit[pdf]')")
    path = _killer_file(tmp_path)
    classic = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    book = tmp_path / "book.pdf"
    code, _, err = _run("book", str(path), classic, "-o", str(book), "--per-page", "1", "--solutions-per-page", "1")
    assert code == 0, err
    data = book.read_bytes()
    assert data.startswith(b"%PDF") and data.count(b"/Type /Page\n") + data.count(b"/Type /Page>") + data.count(b"/Type /Page ") >= 4
    several = tmp_path / "several.json"
    several.write_text(json.dumps(Puzzle(size=4, constraints=(KillerCage((0, 1), 3),)).to_json()))
    code, _, err = _run("book", str(several), "-o", str(tmp_path / "bad.pdf"))
    assert code == 5 and "puzzle 1" in err and not (tmp_path / "bad.pdf").exists()


def test_generate_samurai_records_solve_back() -> None:
    """``--variant samurai``: five overlapping grids; cells outside them are '.' in the solution."""
    pytest.importorskip("ortools", reason="the CP-SAT oracle needs ortools (pip install '.[test]')")
    code, out, err = _run("generate", "--variant", "samurai", "--seed", "5", "-f", "jsonl")
    assert code == 0, err
    (record,) = [json.loads(line) for line in out.splitlines()]
    p = Puzzle.from_json(record["puzzle"])
    assert p.grids is not None and len(p.grids) == 5 and len(record["solution"]) == p.cells == 21 * 21
    digits = [0 if ch == "." else int(ch) for ch in record["solution"]]
    assert all(not g or g == d for g, d in zip(p.givens, digits)) and digits.count(0) == 21 * 21 - 369
    assert oracle_count(p, 2) == 1 and oracle_count(p.with_givens(digits), 2) == 1
    code, solved, _ = _run("solve", json.dumps(record["puzzle"]))
    assert code == 0 and solved.strip() == record["solution"]
