"""Hostile and odd input to every entry point: a clear typed error, never a crash,
a hang or a wrong answer.

Each test names the input and the problem it guards against. The tests at the end were
written as strict xfails against other modules (the C core, ``generate.py``,
``cli/cmd_generate.py``); those bugs are fixed and the tests now guard the fixes.
"""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import sudokit
from sudokit import Grid, InvalidFormatError, SudokuError, count_solutions, solve_many
from sudokit.cli import ExitCode, main
from sudokit.puzzlefile import read_puzzles

EXAMPLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
MULTI = "." * 81
BOM = "\ufeff"


def run(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), io.StringIO(stdin), out, err)
    return code, out.getvalue(), err.getvalue()


def no_traceback(err: str) -> bool:
    return "Traceback" not in err and "Error:" not in err.split("sudokit:")[0]


# ------------------------------------------------------------------ the CLI's safety net
def test_an_unexpected_exception_is_exit_1_with_a_message_not_a_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    """main() promises never to raise: a bug becomes exit code 1 and one line on stderr."""
    from sudokit.cli import cmd_info

    def broken(*_: object) -> int:
        raise RuntimeError("boom")

    monkeypatch.setattr(cmd_info, "_info", broken)
    code, _, err = run("info")
    assert code == ExitCode.FAILURE
    assert "internal error" in err and "RuntimeError: boom" in err and "Traceback" not in err


# ------------------------------------------------------------------------ text decoding
GARBAGE = bytes(range(128, 256)) * 4


@pytest.mark.parametrize("command", ["solve", "count", "check", "hint", "explain", "rate", "canon", "dedupe", "render"])
def test_a_binary_csv_file_is_invalid_input_not_a_crash(tmp_path: Path, command: str) -> None:
    path = tmp_path / "garbage.csv"
    path.write_bytes(GARBAGE)
    code, _, err = run(command, str(path))
    assert code == ExitCode.INVALID, err
    assert "garbage.csv" in err and "UTF-8" in err and "codec" not in err


def test_convert_of_a_binary_csv_is_invalid_input(tmp_path: Path) -> None:
    path = tmp_path / "garbage.csv"
    path.write_bytes(GARBAGE)
    code, _, err = run("convert", str(path), "-o", str(tmp_path / "out.txt"))
    assert code == ExitCode.INVALID and "UTF-8" in err and "codec" not in err


@pytest.mark.parametrize("fmt", ["txt", "csv", "jsonl", "sdm", "hodoku", "line", "pretty", "json"])
def test_read_collection_of_non_utf8_bytes_raises_invalid_format(tmp_path: Path, fmt: str) -> None:
    from sudokit.formats import read_collection

    path = tmp_path / "bad.bin"
    path.write_bytes(b"53..7" + GARBAGE)
    with pytest.raises(InvalidFormatError, match="UTF-8"):
        list(read_collection(path, fmt))
    with pytest.raises(InvalidFormatError, match="UTF-8"):
        list(read_collection(io.BytesIO(path.read_bytes()), fmt))


def test_read_puzzles_and_solve_many_of_a_binary_file_raise_invalid_format(tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_bytes(GARBAGE)
    with pytest.raises(InvalidFormatError, match="bad.txt.*UTF-8"):
        list(read_puzzles(path))
    with pytest.raises(InvalidFormatError, match="UTF-8"):
        solve_many(path)


# ------------------------------------------------------------------ byte-order marks
def test_a_utf8_bom_is_skipped_in_files_and_stdin(tmp_path: Path) -> None:
    path = tmp_path / "bom.txt"
    path.write_bytes((BOM + EXAMPLE + "\r\n").encode("utf-8"))
    for argv, stdin in ((["solve", str(path)], ""), (["solve", "-"], BOM + EXAMPLE + "\n")):
        code, out, err = run(*argv, stdin=stdin)
        assert code == ExitCode.OK and out.split() == [SOLUTION], err
    assert [str(g) for g in read_puzzles(path)] == [EXAMPLE]
    assert solve_many(path) == [Grid(SOLUTION)]


def test_a_bom_before_a_pretty_grid_is_skipped() -> None:
    code, out, err = run("solve", "-", stdin=BOM + Grid(EXAMPLE).pretty() + "\n")
    assert code == ExitCode.OK and out.split() == [SOLUTION], err


# --------------------------------------------------------------------- file system
def test_a_directory_as_input_says_so(tmp_path: Path) -> None:
    code, _, err = run("solve", str(tmp_path))
    assert code == ExitCode.IO and "directory" in err.lower() and "No such file" not in err


def test_convert_to_a_missing_directory_names_the_output_not_a_temp_file(tmp_path: Path) -> None:
    source = tmp_path / "in.txt"
    source.write_text(EXAMPLE + "\n")
    target = tmp_path / "missing" / "out.txt"
    code, _, err = run("convert", str(source), "-o", str(target))
    assert code == ExitCode.IO and str(target) in err and ".convert-" not in err


# ----------------------------------------------------------------- corrupt binaries
def _parquet_bytes() -> bytes:
    pytest.importorskip("pyarrow")
    from sudokit.formats import write_collection

    buffer = io.BytesIO()
    write_collection([{"puzzle": EXAMPLE, "rating": 1.5}], buffer, format="parquet")
    return buffer.getvalue()


@pytest.mark.parametrize("cut", [8, 40, 60])
def test_a_corrupt_parquet_file_is_invalid_format(tmp_path: Path, cut: int) -> None:
    from sudokit.formats import read, read_collection

    data = bytearray(_parquet_bytes())
    data[cut : cut + 12] = b"\x00\xff" * 6  # damage a page or the footer, keep the magic bytes
    path = tmp_path / "bad.parquet"
    path.write_bytes(bytes(data))
    for call in (lambda: list(read_collection(path)), lambda: read(path)):
        try:
            call()
        except SudokuError:
            pass  # the only acceptable failure
    code, _, err = run("solve", str(path))
    assert code in (ExitCode.OK, ExitCode.INVALID) and no_traceback(err), err


@pytest.mark.parametrize(
    "header",
    [
        "{'descr': '\\x01|u1', 'fortran_order': False, 'shape': (1, 81), }",
        "{'descr': 'nonsense', 'fortran_order': False, 'shape': (1, 81), }",
        "{'descr': '|u1', 'fortran_order': False, 'shape': 5, }",
        "{'descr': '|u1', 'fortran_order': False, 'shape': ('a', 81), }",
        "{'descr': 7, 'fortran_order': False, 'shape': (1, 81), }",
    ],
)
def test_a_bad_npy_header_is_invalid_format(tmp_path: Path, header: str) -> None:
    from sudokit.formats import read_collection

    body = header.encode("latin-1")
    body += b" " * (-(10 + len(body) + 1) % 64) + b"\n"
    data = b"\x93NUMPY\x01\x00" + len(body).to_bytes(2, "little") + body + b"\x00" * 81
    path = tmp_path / "bad.npy"
    path.write_bytes(data)
    with pytest.raises(InvalidFormatError):
        list(read_collection(path))
    code, _, err = run("solve", str(path))
    assert code == ExitCode.INVALID and no_traceback(err), err


# -------------------------------------------------------------------- render sizes
@pytest.mark.parametrize("size", ["inf", "1e9", "1e300"])
@pytest.mark.parametrize("ext", ["png", "svg", "pdf"])
def test_a_huge_render_size_is_a_usage_error_not_a_crash(tmp_path: Path, size: str, ext: str) -> None:
    pytest.importorskip("PIL")
    pytest.importorskip("fpdf")
    code, _, err = run("render", "--size", size, EXAMPLE, "-o", str(tmp_path / f"out.{ext}"))
    assert code == ExitCode.USAGE and "size" in err, err


# --------------------------------------------------------------- the Python API: types
@pytest.mark.parametrize("dtype", ["float64", "float32", "complex128"])
def test_solve_many_rejects_a_non_integer_numpy_array(dtype: str) -> None:
    np = pytest.importorskip("numpy")
    puzzles = np.full((2, 81), 0.5, dtype=dtype)
    with pytest.raises(InvalidFormatError, match="integer"):
        solve_many(puzzles)


@pytest.mark.parametrize("value", [-1, 256, 300, 10**6])
def test_solve_many_rejects_numpy_values_that_do_not_fit_a_byte(value: int) -> None:
    np = pytest.importorskip("numpy")
    puzzles = np.zeros((2, 81), dtype=np.int64)
    puzzles[1, 5] = value
    with pytest.raises(InvalidFormatError, match="row 1"):
        solve_many(puzzles)


@pytest.mark.parametrize("threads", [-1, None, 1.5, "2", True])
def test_solve_many_rejects_a_bad_thread_count(threads: object) -> None:
    with pytest.raises((ValueError, TypeError), match="threads"):
        solve_many([EXAMPLE], threads=threads)  # type: ignore[arg-type]


def test_solve_many_threads_zero_means_automatic() -> None:
    # threads=0 is the documented default (every usable CPU for big batches), not an error.
    assert solve_many([EXAMPLE], threads=0) == solve_many([EXAMPLE], threads=1)


@pytest.mark.parametrize("limit", [True, False])
def test_count_solutions_rejects_a_bool_limit(limit: bool) -> None:
    with pytest.raises(ValueError, match="limit"):
        count_solutions(MULTI, limit=limit)


@pytest.mark.parametrize("key", [(0, 9), (9, 0), (-1, 0), (0, -1), (1, 2, 3), (0,), 81, -1])
def test_grid_indexing_out_of_range_raises_index_error(key: object) -> None:
    """(0, 9) must not read r2c1, nor (1, 2, 3) anything at all."""
    with pytest.raises((IndexError, TypeError)):
        Grid(EXAMPLE)[key]  # type: ignore[index]


@pytest.mark.parametrize("cell", [-1, 81, -81, 1.5, None])
def test_grid_replace_and_candidates_reject_bad_cells(cell: object) -> None:
    grid = Grid(EXAMPLE)
    with pytest.raises((IndexError, TypeError)):
        grid.replace(cell, 1)  # type: ignore[arg-type]
    with pytest.raises((IndexError, TypeError)):
        grid.candidates(cell)  # type: ignore[arg-type]
    with pytest.raises((IndexError, TypeError)):
        grid.cell_name(cell)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [None, 5, 1.5, b"." * 81, ["."] * 81])
def test_grid_constructor_rejects_non_strings_with_a_typed_error(value: object) -> None:
    with pytest.raises(InvalidFormatError, match="Grid.parse"):
        Grid(value)  # type: ignore[arg-type]


# ---------------------------------------------------------- several solutions, stated
def test_hint_on_a_multi_solution_puzzle_does_not_blame_the_technique_set() -> None:
    h = sudokit.hint(MULTI, level=1)
    assert h.kind == "stuck" and "more than one solution" in h.text and "harder technique" not in h.text


def test_explain_on_a_multi_solution_puzzle_says_why_it_is_stuck() -> None:
    path = sudokit.explain(MULTI)
    assert path.end == "stuck" and "more than one solution" in path.message


def test_cli_rate_refuses_a_multi_solution_puzzle_like_solve_does() -> None:
    """An "extreme, ER 0.0" rating of the empty grid was a wrong answer."""
    code, out, err = run("rate", MULTI)
    assert code == ExitCode.MULTIPLE and "<argument 1>:1: the puzzle has more than one solution" in err
    assert out == ".\n"  # the placeholder record, not a rating


# ----------------------------------------------------------------- empty outputs
def test_explain_of_a_solved_grid_says_so_instead_of_printing_a_blank_line() -> None:
    code, out, err = run("explain", SOLUTION)
    assert code == ExitCode.OK and out.strip() != "", err


def test_render_with_no_valid_puzzle_prints_no_empty_picture() -> None:
    code, out, err = run("render", "x" * 81)
    assert code == ExitCode.INVALID and out == "", err


# ======================================================================
# Bugs first found in other modules (once strict xfails, fixed since).
# ======================================================================
def _wait_for_cpu(pid: int, seconds: float) -> None:
    """Wait until process ``pid`` has used ``seconds`` of CPU (at most 60 s of wall time),
    so a signal lands in its work, not in its start-up, however loaded the machine is (a
    fixed sleep failed at load 11). Without Linux's /proc: sleep ``seconds``."""
    stat = Path(f"/proc/{pid}/stat")
    if not stat.exists():
        time.sleep(seconds)
        return
    ticks = os.sysconf("SC_CLK_TCK")
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            return  # it has ended: the caller sees how
        if fields[0] == "Z" or (int(fields[11]) + int(fields[12])) / ticks >= seconds:
            return  # ended (the caller sees how), or far enough into its work
        time.sleep(0.05)


def _interrupt_after(argv: list[str], seconds: float, env: dict[str, str]) -> tuple[int | None, str]:
    """Run the CLI in a subprocess, send SIGINT after ``seconds`` of its CPU; (exit code or None if
    it was still running 5 s later, stderr)."""
    process = subprocess.Popen([sys.executable, "-m", "sudokit", *argv], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True)
    _wait_for_cpu(process.pid, seconds)
    process.send_signal(signal.SIGINT)
    try:
        _, err = process.communicate(timeout=5)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        return None, ""
    return process.returncode, err


def test_ctrl_c_stops_a_huge_count(backend: str) -> None:
    """`sudokit count --limit 4000000000 <empty grid>` runs for ages; Ctrl-C must stop it."""
    # Found hanging on the C core (the search never looked at signals); the C core now
    # polls for them (s9_solve_poll in csrc/module.c), so this guards the fix.
    env = {**os.environ, "SUDOKIT_PUREPYTHON": "1" if backend == "python" else "0"}
    code, err = _interrupt_after(["count", "--limit", "4000000000", MULTI], 1.5, env)
    assert code == ExitCode.INTERRUPTED and "interrupted" in err


@pytest.mark.single_backend
def test_minimize_names_the_bad_line_once() -> None:
    code, _, err = run("minimize", "-", stdin="123\n")
    assert code == ExitCode.INVALID and err.count("<stdin>:1:") == 1, err


@pytest.mark.single_backend
@pytest.mark.parametrize("budget", ["nan", "-nan"])
def test_generate_rejects_a_nan_time_budget(budget: str) -> None:
    code, _, err = run("generate", "--time-budget", budget, "--seed", "1")
    assert code == ExitCode.USAGE and "time" in err and "budget" in err, err


# ------------------------------------------------------------- found by fuzz/ harnesses
@pytest.mark.single_backend
@pytest.mark.parametrize("text", ["\r\x00", EXAMPLE + ",x\r" + EXAMPLE + "\n", "puzzle\n" + "1" * 200_000 + "\n"])
def test_csv_the_csv_module_rejects_is_invalid_format(text: str) -> None:
    """A bare CR in a text stream, or a field over csv's 128 KiB limit: csv.Error escaped."""
    from sudokit.formats import read_collection

    with pytest.raises(InvalidFormatError, match="CSV"):
        list(read_collection(io.StringIO(text), "csv"))


# ------------------------------------------------------------------ human API inputs
@pytest.mark.single_backend
@pytest.mark.parametrize("marks", [[1, 2, 3], 5, {0: None}, {0: 7}, {"a": [1]}, {0: ["1"]}, {1.5: [1]}, {0: [True, 2.0]}])
def test_hint_rejects_malformed_pencil_marks_with_a_typed_error(marks: object) -> None:
    """A list, a number or non-int keys/digits gave AttributeError/TypeError."""
    with pytest.raises(InvalidFormatError, match="pencil marks"):
        sudokit.hint((EXAMPLE, None, marks), level=3)  # type: ignore[arg-type]


@pytest.mark.single_backend
def test_a_technique_string_is_ids_not_letters() -> None:
    """explain(techniques="full_house") complained about ids '_', 'e', 'f', ..."""
    singles = "full_house, hidden_single_box,hidden_single_line,naked_single"
    assert sudokit.explain(EXAMPLE, techniques=singles).techniques == tuple(t.strip() for t in singles.split(","))
    assert sudokit.explain(EXAMPLE, techniques="naked_single").techniques == ("naked_single",)


# ------------------------------------------------------------------ wrong answers
OTHER_GRID = "123456789456789123789123456214365897365897214897214365531642978642978531978531642"


@pytest.mark.single_backend
@pytest.mark.parametrize(
    ("solution", "message"),
    [(OTHER_GRID, "does not fit the puzzle (r1c1 holds 1, the puzzle's given is 5)"), (OTHER_GRID[:80] + "1", "not a complete, valid grid"), ("." * 81, "not a complete")],
)
def test_a_book_never_prints_a_supplied_solution_that_is_wrong(tmp_path: Path, solution: str, message: str) -> None:
    """`sudokit book "PUZZLE,WRONG_SOLUTION"` printed the wrong grid as the answer."""
    pytest.importorskip("fpdf")
    from sudokit.render import make_book

    with pytest.raises(sudokit.InvalidPuzzleError, match=message.replace("(", r"\(").replace(")", r"\)")):
        make_book([{"puzzle": EXAMPLE, "solution": solution}], tmp_path / "book.pdf")
    code, _, err = run("book", f"{EXAMPLE},{solution}", "-o", str(tmp_path / "book.pdf"))
    assert code == ExitCode.INVALID and "solution given" in err and not (tmp_path / "book.pdf").exists()


@pytest.mark.single_backend
@pytest.mark.parametrize("text", [EXAMPLE[:80], EXAMPLE[:-10], "5 3 . . 7 . . . .", EXAMPLE[:40] + "|" + EXAMPLE[41:79]])
def test_a_short_puzzle_argument_is_invalid_input_not_a_missing_file(text: str) -> None:
    """A puzzle with a cell missing was reported as 'No such file: 53..7...' (exit 7)."""
    code, _, err = run("solve", text)
    assert code == ExitCode.INVALID and "No such file" not in err and "<argument 1>:1:" in err, err


@pytest.mark.single_backend
@pytest.mark.parametrize("text", ["missing.txt", "puzzles", os.path.join("no", "such", "file"), "123.csv"])
def test_a_missing_file_is_still_an_io_error(text: str) -> None:
    code, _, err = run("solve", text)
    assert code == ExitCode.IO and "No such file" in err


@pytest.mark.parametrize("limit", [-1, "3", 1.5, True])
def test_solutions_rejects_a_bad_limit(limit: object) -> None:
    """limit="3" gave "'<' not supported"; -1 silently yielded nothing."""
    with pytest.raises(ValueError, match="limit"):
        next(sudokit.solutions(MULTI, limit=limit))  # type: ignore[arg-type]


# --------------------------------------------------------------------- sudokit.learn
@pytest.mark.single_backend
@pytest.mark.parametrize(("option", "value"), [("max_seconds", float("nan")), ("max_seconds", -1.0), ("max_nodes", -1), ("max_nodes", "5"), ("max_seconds", "1")])
def test_learn_solvers_reject_a_bad_budget(option: str, value: object) -> None:
    """max_seconds=NaN silently meant no budget at all; "5" gave a bare TypeError."""
    from sudokit.learn import SOLVERS, board_from_string

    for solve in SOLVERS.values():
        with pytest.raises(ValueError, match=option):
            solve(board_from_string(EXAMPLE), **{option: value})


@pytest.mark.single_backend
@pytest.mark.parametrize("value", [None, 5, b"." * 81])
def test_board_from_string_rejects_non_strings(value: object) -> None:
    from sudokit.learn import board_from_string

    with pytest.raises(InvalidFormatError):
        board_from_string(value)  # type: ignore[arg-type]


# ------------------------------------------------------------ a typo must not cost a file
@pytest.mark.single_backend
@pytest.mark.parametrize("first", ["123", "5 3 .", "---", "12345678"])
def test_a_short_first_line_does_not_turn_a_puzzle_file_into_one_grid(tmp_path: Path, first: str) -> None:
    """A typo on line 1 made the whole file one "pretty grid": one error, nothing solved."""
    path = tmp_path / "puzzles.txt"
    path.write_text(f"{first}\n{EXAMPLE}\n\n# note\n{EXAMPLE}\n")
    code, out, err = run("solve", str(path))
    assert out.split() == [".", SOLUTION, SOLUTION], err
    assert code == ExitCode.INVALID and f"{path}:1:" in err
    from sudokit.puzzlefile import iter_entries

    with open(path) as stream:
        assert [e.line for e in iter_entries(stream, "x")] == [1, 2, 5]
    assert [e.line for e in iter_entries(path.read_text().splitlines(), "x")] == [1, 2, 5]


@pytest.mark.single_backend
def test_pretty_grids_with_borders_still_read_as_one_puzzle() -> None:
    rows = Grid(EXAMPLE).pretty().splitlines()
    framed = ["+-------+-------+-------+"] + [f"| {r} |" if "+" not in r else "|" + r.replace("-", "-") + "|" for r in rows] + ["+-------+-------+-------+"]
    code, out, err = run("solve", "-", stdin="\n\n".join(framed) + "\n")
    assert code == ExitCode.OK and out.split() == [SOLUTION], err


# --------------------------------------------------------------------- format writers
@pytest.mark.single_backend
def test_a_seed_beyond_int64_is_invalid_for_parquet_not_an_overflow() -> None:
    pytest.importorskip("pyarrow")
    from sudokit.formats import write_collection

    with pytest.raises(InvalidFormatError, match="int64"):
        write_collection([{"puzzle": EXAMPLE, "seed": 2**70}], io.BytesIO(), format="parquet")


@pytest.mark.single_backend
@pytest.mark.parametrize("rating", [[], {}, [1.5], object()])
def test_a_rating_that_is_neither_number_nor_label_is_rejected(rating: object) -> None:
    """A list rating was written as the label '[]'."""
    from sudokit.formats import Record

    with pytest.raises(InvalidFormatError, match="rating"):
        Record.of({"puzzle": EXAMPLE, "rating": rating})


@pytest.mark.single_backend
def test_a_rating_of_too_many_digits_is_rejected_with_underscores_too() -> None:
    """int() reads "9_999..." (2,500 digits) and the finiteness check then raised
    OverflowError (found by fuzz_formats)."""
    from sudokit.formats import read_collection

    for rating in ("9" * 2500, "9_" * 1250 + "9"):
        body = f"puzzle,rating\n{EXAMPLE},{rating}\n".encode()
        with pytest.raises(InvalidFormatError, match="more than 40 digits"):
            list(read_collection(io.BytesIO(body), "csv"))
    assert next(read_collection(io.BytesIO(f"puzzle,rating\n{EXAMPLE},1_000\n".encode()), "csv")).rating == 1000


@pytest.mark.single_backend
def test_an_npy_dtype_numpy_cannot_parse_is_an_unknown_dtype() -> None:
    """numpy.dtype("|3 070u1") raises SyntaxError, which escaped read_collection (found by
    fuzz_formats)."""
    pytest.importorskip("numpy")
    from sudokit.formats import read_collection

    header = "{'descr': '|3 070u1', 'fortran_order': False, 'shape': (2, 81), }".ljust(118) + "\n"
    body = b"\x93NUMPY\x01\x00" + len(header).to_bytes(2, "little") + header.encode("latin-1") + bytes(162)
    with pytest.raises(InvalidFormatError, match="unknown dtype"):
        list(read_collection(io.BytesIO(body), "npy"))


# ----------------------------------------------------------------- huge --jobs
@pytest.mark.single_backend
def test_rate_refuses_a_huge_jobs_count() -> None:
    """--jobs 100000 would fork a process per puzzle in flight (8 x jobs of them)."""
    code, _, err = run("rate", "--jobs", "100000", EXAMPLE)
    assert code == ExitCode.USAGE and "--jobs" in err and "at most" in err


@pytest.mark.single_backend
@pytest.mark.parametrize("argv", [["canon", EXAMPLE], ["dedupe", EXAMPLE], ["generate", "-n", "2", "--seed", "1"]])
def test_generate_canon_and_dedupe_refuse_a_huge_jobs_count(argv: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import sudokit.generation as generate_module

    requested: list[int] = []

    class NoPool:
        def Pool(self, size: int, *args: object, **kwargs: object) -> None:  # noqa: N802 (mirrors multiprocessing)
            requested.append(size)
            raise KeyboardInterrupt  # never fork in a test

    monkeypatch.setattr(generate_module.multiprocessing, "get_context", lambda *a: NoPool())
    code, _, err = run(*argv, "--jobs", "100000")
    assert (code == ExitCode.USAGE and not requested) or max(requested) <= 4 * (os.cpu_count() or 1), (code, requested, err)


# ------------------------------------------------------------------------ messages
@pytest.mark.single_backend
def test_a_bad_character_on_line_5_is_not_reported_as_line_1(tmp_path: Path) -> None:
    """It read 'puzzles.txt:5: line 1, column 3: unexpected character'."""
    path = tmp_path / "puzzles.txt"
    path.write_text("\n".join([EXAMPLE] * 4 + [EXAMPLE[:2] + "x" + EXAMPLE[3:]]) + "\n")
    code, _, err = run("solve", str(path))
    assert code == ExitCode.INVALID and f"{path}:5: column 3: unexpected character 'x'" in err and "line 1" not in err


# --------------------------------------------------- one bad puzzle must not cost the rest
UNSOLVABLE = "12345678.........9" + "." * 63
CONFLICT = "11" + EXAMPLE[2:]


@pytest.mark.single_backend
@pytest.mark.parametrize(("bad", "code"), [(UNSOLVABLE, ExitCode.UNSOLVABLE), (CONFLICT, ExitCode.INVALID)])
def test_render_hint_reports_a_bad_puzzle_and_draws_the_others(tmp_path: Path, bad: str, code: int) -> None:
    """`render --hint BAD GOOD` drew nothing and did not say which puzzle failed."""
    got, out, err = run("render", "--hint", "--no-color", bad, EXAMPLE)
    assert got == code and "puzzle 1:" in err and "Hidden Single" in out, err
    got, out, err = run("render", "--hint", bad, EXAMPLE, "-o", str(tmp_path / "p.svg"))
    assert got == code and "puzzle 1:" in err
    assert not (tmp_path / "p-1.svg").exists() and (tmp_path / "p-2.svg").exists()


@pytest.mark.single_backend
def test_render_of_a_file_with_a_bad_line_draws_every_other_puzzle(tmp_path: Path) -> None:
    """A bad line stopped the file there: every later puzzle was silently dropped."""
    path = tmp_path / "puzzles.txt"
    path.write_text(f"{EXAMPLE}\n123x\n{EXAMPLE}\n{EXAMPLE}\n")
    code, out, err = run("render", "--no-color", str(path))
    assert code == ExitCode.INVALID and f"{path}:2:" in err
    assert out.count("| 5 3 . | . 7 . | . . . |") == 3


@pytest.mark.single_backend
@pytest.mark.parametrize("threads", ["1", "3"])
@pytest.mark.parametrize("command", ["solve", "count", "check"])
def test_puzzles_read_before_a_damaged_record_are_still_answered(tmp_path: Path, command: str, threads: str) -> None:
    """A bad CSV row stopped solve/count/check before answering the rows read before it."""
    path = tmp_path / "mid.csv"
    path.write_text(f"puzzle\n{EXAMPLE}\n{EXAMPLE}\n123x\n{EXAMPLE}\n")
    code, out, err = run(command, "--threads", threads, str(path))
    assert code == ExitCode.INVALID and f"{path}:4:" in err
    assert len(out.splitlines()) == 2, out


@pytest.mark.single_backend
@pytest.mark.parametrize("command", ["hint", "explain", "rate"])
@pytest.mark.parametrize("ids", [",,,", " ", ""])
def test_an_empty_technique_list_is_a_usage_error(command: str, ids: str) -> None:
    """--techniques ,,, used no technique at all: every puzzle 'needed a harder technique'."""
    code, out, err = run(command, "--techniques", ids, EXAMPLE)
    assert code == ExitCode.USAGE and "--techniques" in err and out == ""


@pytest.mark.single_backend
@pytest.mark.parametrize("command", ["canon", "dedupe"])
def test_writing_over_the_input_file_does_not_destroy_it(tmp_path: Path, command: str) -> None:
    path = tmp_path / "puzzles.txt"
    path.write_text(f"{EXAMPLE}\n{EXAMPLE}\n")
    code, _, err = run(command, str(path), "-o", str(path))
    assert path.read_text().strip() != "", f"{path} was emptied (exit {code}): {err}"


@pytest.mark.single_backend
def test_an_unreachable_difficulty_is_a_usage_error_not_an_endless_search() -> None:
    code, _, err = run("generate", "-d", "se:50-60", "--seed", "1", "--time-budget", "0.5")
    assert code == ExitCode.USAGE, (code, err)


@pytest.mark.single_backend
def test_bad_player_digits_are_named_as_such() -> None:
    """`hint --digits 123 PUZZLE` said only '<argument 1>:1: expected 81 cells, got 3'."""
    code, _, err = run("hint", "--digits", "123", EXAMPLE)
    assert code == ExitCode.INVALID and "the player's digits: expected 81 cells, got 3" in err


@pytest.mark.single_backend
@pytest.mark.parametrize("givens", [[100], [-1], ["x"], [1.5], [True], [None]])
def test_candidates_reject_given_cells_out_of_range(givens: list[object]) -> None:
    """givens=[100] was kept silently (the clues became none); ["x"] raised a bare ValueError."""
    from sudokit.human import Candidates

    with pytest.raises(InvalidFormatError, match="given cells"):
        Candidates.from_state(EXAMPLE, None, givens=givens)  # type: ignore[arg-type]


@pytest.mark.single_backend
@pytest.mark.skipif(not os.path.isdir("/dev/fd"), reason="needs /dev/fd (Linux, macOS)")
def test_a_pipe_path_is_read_like_a_file() -> None:
    """`sudokit solve <(zcat puzzles.gz)` or `... /dev/stdin` said 'No such file: /dev/fd/63'."""
    read_end, write_end = os.pipe()
    os.write(write_end, f"{EXAMPLE}\r\n{EXAMPLE}\n".encode())
    os.close(write_end)
    try:
        code, out, err = run("solve", f"/dev/fd/{read_end}")
    finally:
        os.close(read_end)
    assert code == ExitCode.OK and out.split() == [SOLUTION, SOLUTION], err


@pytest.mark.single_backend
@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_a_device_is_refused_not_called_missing() -> None:
    code, _, err = run("solve", "/dev/zero")
    assert code == ExitCode.IO and "Not a regular file or a pipe: /dev/zero" in err


ANSWER_MARK = {
    "solve": SOLUTION, "count": "1\n", "check": "ok (unique solution)", "hint": "Hidden Single",
    "explain": "Hidden Single: r1c6=8\n", "rate": EXAMPLE + " ER=", "render": "| 5 3 . | . 7 . | . . . |",
}


@pytest.mark.single_backend
@pytest.mark.parametrize("command", sorted(ANSWER_MARK))
def test_a_damaged_collection_file_does_not_cost_the_inputs_after_it(tmp_path: Path, command: str) -> None:
    """After a bad record in one file, the later files and arguments were never read."""
    damaged = tmp_path / "mid.csv"
    damaged.write_text(f"puzzle\n{EXAMPLE}\n123x\n{EXAMPLE}\n")
    code, out, err = run(command, str(damaged), EXAMPLE, *(["--no-color"] if command == "render" else []))
    assert code == ExitCode.INVALID and f"{damaged}:3:" in err, err
    assert out.count(ANSWER_MARK[command]) == 2, out  # the row before the damage, and the argument after
