"""The bad-input corpus (``tests/data/bad/``, listed in ``CASES.tsv``) and the findings
of issue 11, each with its regression test: every case gets its typed error from
``sudokit.errors`` and its CLI exit code with one message line — never a traceback, an
"internal error", a hang or a wrong answer.
"""

from __future__ import annotations

import io
import os
import tracemalloc
from pathlib import Path

import pytest

import sudokit
from sudokit import errors
from sudokit.cli import main
from sudokit.formats import read_collection
from sudokit.puzzlefile import read_puzzles

BAD = Path(__file__).parent / "data" / "bad"
EXAMPLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def _cases() -> list[tuple[str, str, str, int]]:
    rows = []
    for line in (BAD / "CASES.tsv").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            name, api, error, code, _why = line.split("\t")
            rows.append((name, api, error, int(code)))
    return rows


CASES = _cases()


def test_the_corpus_lists_every_file_and_every_file_exists() -> None:
    listed = {name for name, *_ in CASES}
    present = {p.name for p in BAD.iterdir()} - {"CASES.tsv"}
    assert listed == present


def _read(path: Path) -> list[object]:
    if path.suffix == ".parquet":
        pytest.importorskip("pyarrow", reason="Parquet cases need the parquet extra")
    if path.suffix == ".txt":  # what the CLI does with .txt: one puzzle a line
        return list(read_puzzles(path))
    return [record.puzzle for record in read_collection(path)]


@pytest.mark.single_backend
@pytest.mark.parametrize(("name", "api", "error", "code"), CASES, ids=[c[0] for c in CASES])
def test_each_bad_input_raises_its_typed_error(name: str, api: str, error: str, code: int) -> None:
    kind = getattr(errors, error)
    path = BAD / name
    if api == "solve":
        puzzles = _read(path)
        assert puzzles, "a case for solve() must read"
        with pytest.raises(kind):
            for puzzle in puzzles:
                sudokit.solve(puzzle)  # type: ignore[arg-type]
    else:
        with pytest.raises(kind):
            _read(path)


def _cli(*argv: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), io.StringIO(), out, err)
    return code, err.getvalue()


@pytest.mark.parametrize(("name", "api", "error", "code"), CASES, ids=[c[0] for c in CASES])
def test_each_bad_input_gets_its_exit_code_and_one_message(name: str, api: str, error: str, code: int) -> None:
    if name.endswith(".parquet"):
        pytest.importorskip("pyarrow", reason="Parquet cases need the parquet extra")
    got, err = _cli("solve", str(BAD / name))
    assert got == code, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and name in lines[0], err
    assert "internal error" not in err and "Traceback" not in err


@pytest.mark.single_backend
@pytest.mark.parametrize(("name", "api", "error", "code"), [c for c in CASES if c[1] == "collection"], ids=[c[0] for c in CASES if c[1] == "collection"])
def test_convert_of_each_bad_input_writes_nothing(tmp_path: Path, name: str, api: str, error: str, code: int) -> None:
    if name.endswith(".parquet"):
        pytest.importorskip("pyarrow", reason="Parquet cases need the parquet extra")
    target = tmp_path / "out.jsonl"
    got, err = _cli("convert", str(BAD / name), "-o", str(target))
    assert got == code, err
    assert "internal error" not in err and "Traceback" not in err
    assert os.listdir(tmp_path) == []  # no output, no temporary file


# ----------------------------------------------------------------- the findings
@pytest.mark.single_backend
@pytest.mark.parametrize("fmt", ["json", "ipuz", "leetcode"])
def test_json_nesting_and_huge_numbers_are_format_errors_from_strings(fmt: str) -> None:
    from sudokit.formats import jsonfmt

    loads = {"json": jsonfmt.loads_json, "ipuz": jsonfmt.loads_ipuz, "leetcode": jsonfmt.loads_leetcode}[fmt]
    for text in ("[" * 100_000, "{\"puzzle\": " + "1" * 5000 + "}", "[" + "9" * 5000 + "]"):
        with pytest.raises(errors.InvalidFormatError):
            loads(text, "x")


@pytest.mark.single_backend
def test_parse_rejects_100_mb_before_building_per_character_objects() -> None:
    text = "." * 100_000_000
    tracemalloc.start()
    try:
        with pytest.raises(errors.InvalidFormatError, match="longer than the limit"):
            sudokit.parse(text)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 1_000_000  # was ~935 MB: one object per character


@pytest.mark.single_backend
def test_a_pretty_grid_still_parses_under_the_limit() -> None:
    grid = sudokit.parse(EXAMPLE)
    padded = "\n\n".join("   ".join(line) for line in grid.pretty().splitlines())
    assert len(padded) < sudokit.limits.MAX_PUZZLE_CHARS and sudokit.parse(padded) == grid


def test_solve_many_decides_the_numpy_encoding_per_row() -> None:
    np = pytest.importorskip("numpy")
    digits = np.array([[0 if ch == "." else int(ch) for ch in EXAMPLE]] * 3, dtype=np.uint8)
    digits[1, 0] = 200  # one bad cell: only its row is bad
    ascii_row = np.frombuffer(EXAMPLE.encode(), dtype=np.uint8).reshape(1, 81)
    out, counts = sudokit.solve_many(np.vstack([digits, ascii_row]), return_counts=True)
    solution = sudokit.solve(EXAMPLE)
    assert list(counts) == [1, sudokit.BAD_INPUT, 1, 1]
    assert [int(v) for v in out[0]] == list(solution) and [int(v) for v in out[2]] == list(solution)
    assert bytes(out[3]).decode() == str(solution)  # the ASCII row answers in ASCII


@pytest.mark.single_backend
@pytest.mark.parametrize("argument", ["x!@#", "12345", "53..7x", "hello world", "a\tb"])
def test_a_short_garbage_argument_is_a_bad_puzzle_not_a_missing_file(argument: str) -> None:
    code, err = _cli("solve", argument)
    assert code == 3 and "No such file" not in err and "<argument 1>:1:" in err, err


@pytest.mark.single_backend
@pytest.mark.parametrize("argument", ["puzzles", "missing.txt", "123.csv", "no/such/file"])
def test_a_plausible_file_name_is_still_a_missing_file(argument: str) -> None:
    code, err = _cli("solve", argument)
    assert code == 7 and "No such file" in err


@pytest.mark.single_backend
def test_a_binary_file_says_binary_once_not_after_line_0(tmp_path: Path) -> None:
    path = tmp_path / "data.bin.txt"
    path.write_bytes(bytes(range(256)) * 64)
    code, err = _cli("solve", str(path))
    assert code == 3 and len(err.strip().splitlines()) == 1 and "binary" in err
    garbage = tmp_path / "garbage.txt"
    garbage.write_bytes(bytes(range(128, 256)) * 4)
    with pytest.raises(errors.InvalidFormatError) as caught:
        list(read_puzzles(garbage))
    assert "line 0" not in str(caught.value) and "UTF-8" in str(caught.value)


@pytest.mark.single_backend
def test_the_json_array_we_write_streams_and_a_pretty_one_reads_whole(tmp_path: Path) -> None:
    from sudokit.formats import write_collection

    path = tmp_path / "many.json"
    write_collection([EXAMPLE] * 5, path)
    assert [str(r.puzzle) for r in read_collection(path)] == [EXAMPLE] * 5
    import json

    path.write_text(json.dumps([{"puzzle": EXAMPLE}, EXAMPLE], indent=2))
    assert [str(r.puzzle) for r in read_collection(path)] == [EXAMPLE] * 2
