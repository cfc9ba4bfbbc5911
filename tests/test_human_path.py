"""The human-style solving path (``sudokit.human.explain``) and the hint/explain/rate CLI.

The data-set tests check every step of every path against the known solution: a
placement must put the solution's digit, an elimination must remove a digit that is not
the solution's. They use samples (fixed seeds) of the grantm "diabolical" bank and of
the forum's hardest puzzles from ../shared/data/rated and skip when it is absent.
"""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest

from sudokit import ConflictingGivensError, InvalidFormatError, UnsolvableError, solve
from sudokit.cli import ExitCode, main
from sudokit.grid import Grid
from sudokit.human import TECHNIQUE_IDS, TECHNIQUES, Candidates, Step, explain
from sudokit.human.path import BACKTRACKING, STUCK_MESSAGE, Path as SolvingPath

from conftest import scaled, shared_file

EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
#: SE 9.x-class puzzle: our core set cannot finish it ("Easter Monster").
HARD = "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1"
#: EASY without its last two rows of clues: many solutions.
MULTI = EASY[:63] + "." * 18

SEED = 20261129


def diabolical_sample(n: int) -> list[str]:
    """``n`` puzzles of the grantm diabolical bank, sampled with a fixed seed."""
    lines = shared_file("rated/grantm_sudoku-exchange_diabolical_2020-06-25.txt").read_text().splitlines()
    return [line.split()[1] for line in random.Random(SEED).sample(lines, n)]


def forum_sample(n: int) -> list[str]:
    """``n`` puzzles of the forum's hardest database, sampled with a fixed seed."""
    rows = shared_file("rated/forum_hardest_database_110626.csv").read_text().splitlines()[2:]
    return [row.split(",")[0] for row in random.Random(SEED).sample(rows, n)]


def assert_path_correct(puzzle: str, path: SolvingPath | None = None, **options: object) -> None:
    """Every step of ``path`` (default: ``explain(puzzle, **options)``) agrees with the
    solution, and every step changed the candidate grid."""
    solution = solve(puzzle)
    if path is None:
        path = explain(puzzle, **options)  # type: ignore[arg-type]
    state = Candidates.from_puzzle(puzzle)
    for step in path:
        for cell, digit in step.placements:
            assert solution[cell] == digit, f"{puzzle}: wrong placement in {step}"
            assert state.values[cell] == 0, f"{puzzle}: {step} fills a filled cell"
        for cell, digit in step.eliminations:
            assert solution[cell] != digit, f"{puzzle}: wrong elimination in {step}"
        before = state.copy()
        state.apply(step)
        assert state != before, f"{puzzle}: {step} changed nothing"
    assert path.end in ("solved", "stuck")
    assert state.to_grid() == path.final
    if path.solved:
        assert path.final == solution


# ------------------------------------------------------------------ basics
def test_easy_path_is_solved_with_singles() -> None:
    path = explain(EASY)
    assert path.end == "solved" and path.solved_logically
    assert path.final == solve(EASY)
    assert {s.family for s in path} == {"singles"}
    assert path.message == "solved"
    assert all(isinstance(s, Step) for s in path) and path[0] is path.steps[0]
    assert path.text().splitlines()[0] == str(path[0])


def test_path_is_a_sequence_of_steps() -> None:
    path = explain(EASY)
    assert len(path) == len(list(path)) == len(path.steps)
    assert list(path[:2]) == list(path.steps[:2])


def test_stuck_path_ends_explicitly() -> None:
    path = explain(HARD)
    assert path.end == "stuck" and not path.solved
    assert path.message == STUCK_MESSAGE
    assert path.text().endswith(f"-- {STUCK_MESSAGE}")
    assert all(s.technique != BACKTRACKING for s in path)
    assert_path_correct(HARD)


#: A small technique set: HARD needs guesses with it too, so the fallback is reached in
#: milliseconds instead of after every chain search (seconds a state on the twin).
SINGLES_AND_LINES = ("full_house", "hidden_single_box", "hidden_single_line", "naked_single", "pointing", "claiming")


def test_fallback_is_labelled_backtracking() -> None:
    path = explain(HARD, techniques=SINGLES_AND_LINES, fallback=True)
    assert path.end == "solved" and not path.solved_logically
    assert path.final == solve(HARD)
    guesses = [s for s in path if s.technique == BACKTRACKING]
    assert guesses, "the hard puzzle needs at least one guess"
    for step in guesses:
        assert step.name == "Backtracking" and "not by logic" in step.why
        assert len(step.placements) == 1 and not step.eliminations
    assert_path_correct(HARD, path)


def test_technique_subset_and_unknown_ids() -> None:
    path = explain(EASY, techniques=["full_house", "naked_single"])
    assert path.techniques == ("full_house", "naked_single")
    assert {s.technique for s in path} <= {"full_house", "naked_single"}
    with pytest.raises(ValueError, match="unknown technique"):
        explain(EASY, techniques=["no_such_thing"])


def test_uniqueness_on_for_unique_off_for_multiple_solutions() -> None:
    unique_ids = {t.id for t in TECHNIQUES if t.uniqueness}
    assert explain(EASY).uniqueness is True
    assert unique_ids <= set(explain(EASY).techniques)
    multi = explain(MULTI)
    assert multi.uniqueness is False and not unique_ids & set(multi.techniques)
    assert multi.solution is None
    assert explain(EASY, uniqueness=False).uniqueness is False


def test_multiple_solution_path_is_consistent() -> None:
    path = explain(MULTI, techniques=SINGLES_AND_LINES, fallback=True)
    assert path.end == "solved" and path.final.is_solved
    for i, v in enumerate(Grid(MULTI)):
        assert v == 0 or path.final[i] == v


def test_max_steps() -> None:
    path = explain(EASY, max_steps=5)
    assert path.end == "max_steps" and len(path) == 5
    assert "max_steps" in path.message


@pytest.mark.parametrize(
    ("puzzle", "error"),
    [
        ("12345", InvalidFormatError),
        ("11" + "." * 79, ConflictingGivensError),
        # r1c9 cannot hold anything: 1-8 in its row, 9 in its column.
        ("12345678." + "........9" + "." * 63, UnsolvableError),
    ],
)
def test_bad_puzzles_raise_typed_errors(puzzle: str, error: type[Exception]) -> None:
    with pytest.raises(error):
        explain(puzzle)


# ---------------------------------------------------------- ground truth
@pytest.mark.single_backend
def test_diabolical_paths_never_go_wrong() -> None:
    for puzzle in diabolical_sample(scaled(15)):
        assert_path_correct(puzzle)


@pytest.mark.single_backend
def test_forum_hardest_paths_never_go_wrong() -> None:
    for puzzle in forum_sample(scaled(6)):
        assert_path_correct(puzzle)


@pytest.mark.single_backend
def test_every_technique_id_is_known_to_the_path() -> None:
    assert explain(EASY, techniques="all").techniques == TECHNIQUE_IDS
    default = explain(EASY).techniques
    assert set(default) < set(TECHNIQUE_IDS) and "se_dynamic_forcing_chains" not in default


# ------------------------------------------------------------------- CLI
class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def run(argv: list[str], stdin: str | None = None) -> tuple[int, str, str]:
    """``stdin=None`` is a terminal (no operand: the bundled example), a string a pipe."""
    out, err = io.StringIO(), io.StringIO()
    code = main(argv, _Terminal() if stdin is None else io.StringIO(stdin), out, err)
    return code, out.getvalue(), err.getvalue()


def test_cli_explain_one_step_per_line() -> None:
    code, out, err = run(["explain", EASY])
    assert code == ExitCode.OK and not err
    assert out.splitlines() == [str(s) for s in explain(EASY)]


def test_cli_explain_stuck_and_json() -> None:
    code, out, _ = run(["explain", HARD])
    assert code == ExitCode.OK and out.rstrip().endswith(STUCK_MESSAGE)
    code, out, _ = run(["explain", "--format", "json", EASY])
    [record] = json.loads(out)
    assert record["end"] == "solved" and record["steps"][0]["text"] == str(explain(EASY)[0])


def test_cli_hint_levels_and_state() -> None:
    code, out, _ = run(["hint", EASY])
    assert code == ExitCode.OK and out.startswith("Look for")
    code, out, _ = run(["hint", "--level", "3", EASY])
    assert str(explain(EASY)[0]) in out
    mine = EASY[:2] + "7" + EASY[3:]
    code, out, _ = run(["hint", "--level", "3", "--digits", mine, EASY])
    assert code == ExitCode.OK and out.strip() == "r1c3 is wrong: it should not be 7."
    code, _, err = run(["hint", "--level", "4", EASY])
    assert code == ExitCode.USAGE


def test_cli_rate_formats(tmp_path: Path) -> None:
    file = tmp_path / "p.txt"
    file.write_text(f"{EASY}\n{HARD}\n")
    code, out, err = run(["rate", str(file)])
    lines = out.splitlines()
    assert code == ExitCode.OK and len(lines) == 2 and not err
    assert lines[0].startswith(EASY) and "ER=" in lines[0]
    assert "not solved by this set" in lines[1]
    code, out, _ = run(["rate", "--format", "csv", str(file)])
    rows = out.splitlines()
    assert rows[0].startswith("source,line,puzzle,se,") and len(rows) == 3
    code, out, _ = run(["rate", "--format", "jsonl", str(file)])
    records = [json.loads(x) for x in out.splitlines()]
    assert [r["line"] for r in records] == [1, 2] and records[0]["band"] == "easy"
    code, out, _ = run(["rate", "--format", "json", str(file)])
    assert json.loads(out) == records


def test_cli_rate_systems(tmp_path: Path) -> None:
    file = tmp_path / "p.txt"
    file.write_text(f"{EASY}\n")
    _, both, _ = run(["rate", "--format", "jsonl", str(file)])
    code, out, _ = run(["rate", "--format", "jsonl", "--systems", "hodoku", str(file)])
    full, ho = json.loads(both), json.loads(out)
    assert code == ExitCode.OK and (ho["hodoku_level"], ho["hodoku_score"]) == (full["hodoku_level"], full["hodoku_score"])
    assert ho["se"] == 0.0 and ho["band"] == ""
    _, line, _ = run(["rate", str(file)])
    code, out, _ = run(["rate", "--systems", "se", str(file)])
    assert code == ExitCode.OK and out.split()[1:] == line.split()[1:2] + ["-", "0"] + line.split()[4:]  # "-": no level
    code, _, err = run(["rate", "--systems", "serate", str(file)])
    assert code == ExitCode.USAGE and "unknown rating system" in err


@pytest.mark.single_backend
def test_cli_rate_brute_force(tmp_path: Path) -> None:
    # --brute-force: the HoDoKu path of a forum-hardest puzzle goes on with HoDoKu's
    # Brute Force steps (Extreme) instead of stopping (at least Unfair, no guess).
    from conftest import shared_file

    lines = shared_file("rated/forum_hardest_database_110626.csv").read_text().splitlines()
    puzzle = next(f[0] for f in (ln.split(",") for ln in lines) if f[0][:1] in ".123456789" and len(f) > 5 and f[5] and float(f[5]) >= 11.5)
    file = tmp_path / "p.txt"
    file.write_text(f"{puzzle}\n")
    code, out, _ = run(["rate", "--format", "jsonl", "--systems", "hodoku", str(file)])
    plain = json.loads(out)
    code2, out2, _ = run(["rate", "--format", "jsonl", "--systems", "hodoku", "--brute-force", str(file)])
    guessed = json.loads(out2)
    assert code == code2 == ExitCode.OK
    assert not plain["solved_logically"] and not guessed["solved_logically"]
    assert guessed["hodoku_level"] == "Extreme" and guessed["hodoku_score"] >= plain["hodoku_score"] + 10000  # one guess at least
    assert guessed["steps"] > plain["steps"]


@pytest.mark.single_backend
def test_cli_techniques_all_is_every_technique(tmp_path: Path) -> None:
    # --techniques all: the library's techniques="all" (the nested forcing chains too), alone only
    from sudokit.human import rate

    file = tmp_path / "p.txt"
    file.write_text(f"{EASY}\n")
    code, out, _ = run(["rate", "--format", "jsonl", "--techniques", "all", str(file)])
    expected = rate(EASY, techniques="all")
    got = json.loads(out)
    assert code == ExitCode.OK and (got["se"], got["hodoku_score"], got["steps"]) == (expected.se, expected.hodoku_score, expected.steps)
    assert len(expected.techniques) > len(rate(EASY).techniques)  # "all" is more than the default set
    code, _, err = run(["rate", "--techniques", "all,naked_single", str(file)])
    assert code == ExitCode.USAGE and "'all' stands alone" in err


def test_cli_rate_errors_name_file_and_line(tmp_path: Path) -> None:
    file = tmp_path / "bad.txt"
    file.write_text(f"{EASY}\n{'11' + '.' * 79}\n{'x' * 81}\n{EASY}\n")
    code, out, err = run(["rate", str(file)])
    assert [line.split()[0] for line in out.splitlines()] == [EASY, ".", ".", EASY]  # aligned with the input
    assert f"{file}:2:" in err and f"{file}:3:" in err
    assert code == ExitCode.INVALID


@pytest.mark.single_backend
def test_cli_rate_jobs_keep_order(tmp_path: Path) -> None:
    puzzles = [EASY, HARD, MULTI] * 4
    file = tmp_path / "many.txt"
    file.write_text("\n".join(puzzles) + "\n")
    code1, out1, _ = run(["rate", "--format", "csv", str(file)])
    code2, out2, _ = run(["rate", "--format", "csv", "--jobs", "2", str(file)])
    assert code1 == code2 == ExitCode.MULTIPLE  # MULTI cannot be rated; the rest are, in order
    assert out1 == out2 and len(out1.splitlines()) == 1 + 12
    assert [row.split(",")[-2] for row in out1.splitlines()[1:]] == ["ok", "ok", "multiple"] * 4


def test_cli_rate_unknown_technique_is_usage_error() -> None:
    code, _, err = run(["rate", "--techniques", "nope", EASY])
    assert code == ExitCode.USAGE and "unknown technique" in err


def test_cli_hint_with_pencil_marks_and_stdin() -> None:
    state = Candidates.from_puzzle(EASY)
    true = int(str(solve(EASY))[2])
    state.eliminate(2, true)
    code, out, _ = run(["hint", "--level", "3", "--marks", state.to_candidate_string(), EASY])
    assert code == ExitCode.OK and out.strip() == f"r1c3 is missing candidate {true}."
    code, out, _ = run(["hint", "-"], stdin=EASY + "\n" + EASY + "\n")
    assert code == ExitCode.OK and len(out.splitlines()) == 2


def test_cli_explain_fallback_json() -> None:
    code, out, _ = run(["explain", "--fallback", "--techniques", ",".join(SINGLES_AND_LINES), "--format", "jsonl", HARD])
    record = json.loads(out)
    assert code == ExitCode.OK and record["end"] == "solved"
    assert any(step["technique"] == BACKTRACKING for step in record["steps"])


def test_cli_rate_without_input_rates_the_bundled_example() -> None:
    code, out, _ = run(["rate"])
    assert code == ExitCode.OK and "ER=" in out
