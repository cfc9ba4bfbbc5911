"""Tests for sudokit.formats and ``sudokit convert``.

Round trips (Hypothesis) for every format, one golden file per reader under
tests/data/formats/ (written for these tests), malformed input naming the right line,
detection, streaming, and the CLI in-process. Parquet tests skip without pyarrow; the
checks that load our .npy files with NumPy skip without numpy (our .npy code needs neither).
"""

from __future__ import annotations

import io
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudokit.cli import ExitCode, main
from sudokit.errors import InvalidFormatError
from sudokit.formats import (
    PencilGrid,
    Record,
    detect_format,
    format_names,
    open_writer,
    read,
    read_collection,
    write,
    write_collection,
)
from sudokit.formats._registry import get
from sudokit.grid import PEERS, Grid

pytestmark = pytest.mark.single_backend  # formats never call the solver kernel

DATA = Path(__file__).parent / "data" / "formats"
P = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
S = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
Q = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759.."

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
SINGLE = [name for name in format_names() if get(name).dumps is not None]
PENCIL = ["sukaku", "pm", "json", "hodoku"]
COLLECTIONS = [name for name in format_names() if get(name).writer is not None]
FULL_RECORDS = ["csv", "jsonl", "json", "parquet"]  # keep solution, rating, techniques, seed


def _needs(name: str) -> None:
    if name == "parquet":
        pytest.importorskip("pyarrow", reason="Parquet needs pyarrow (sudokit[parquet])")


# ------------------------------------------------------------ strategies
grids = st.text(alphabet=".123456789", min_size=81, max_size=81).map(Grid)


@st.composite
def pencil_grids(draw: Any) -> PencilGrid:
    """Placed digits plus, for blank cells, candidates within what the peers allow
    (the states solvers produce; HoDoKu's library format can only hold those)."""
    grid = draw(grids)
    cands = []
    for i in range(81):
        allowed = sorted(grid.candidates(i))
        cands.append(draw(st.sets(st.sampled_from(allowed))) if allowed else set())
    return PencilGrid(grid, cands)


ratings = st.one_of(st.none(), st.integers(0, 10**6), st.floats(0, 100, allow_nan=False).map(lambda x: round(x, 3)))
names = st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz -+", min_size=1, max_size=12).map(str.strip).filter(bool)
records = st.builds(
    Record,
    puzzle=grids,
    solution=st.one_of(st.none(), grids),
    rating=ratings,
    techniques=st.one_of(st.none(), st.lists(names, max_size=3).map(tuple)),
    seed=st.one_of(st.none(), st.integers(0, 2**62)),
)


def _expected_pencil(name: str, pg: PencilGrid) -> PencilGrid:
    """What each pencil format gives back for ``pg`` (see the format docs)."""
    if name in ("sukaku", "pm"):
        return pg.normalized()
    return pg


def _as_pencil(puzzle: Grid | PencilGrid) -> PencilGrid:
    return puzzle if isinstance(puzzle, PencilGrid) else PencilGrid.from_grid(puzzle)


def _roundtrip(obj: Any, name: str) -> Any:
    spec = get(name)
    buffer: Any = io.BytesIO() if spec.binary else io.StringIO()
    write(obj, buffer, format=name)
    buffer.seek(0)
    return read(buffer, format=name)


# ------------------------------------------------------------ round trips
@pytest.mark.parametrize("name", SINGLE)
@SETTINGS
@given(grid=grids)
def test_single_roundtrip(name: str, grid: Grid) -> None:
    _needs(name)
    back = _roundtrip(grid, name)
    if name in ("sukaku", "pm"):  # a plain grid becomes its peer-candidate state
        assert back == PencilGrid.from_grid(grid).normalized()
    else:
        assert back == grid


@pytest.mark.parametrize("name", PENCIL)
@SETTINGS
@given(pg=pencil_grids())
def test_pencil_roundtrip(name: str, pg: PencilGrid) -> None:
    assert _as_pencil(_roundtrip(pg, name)) == _expected_pencil(name, pg)


@pytest.mark.parametrize("name", COLLECTIONS)
@SETTINGS
@given(items=st.lists(records, max_size=6))
def test_collection_roundtrip(name: str, items: list[Record]) -> None:
    _needs(name)
    spec = get(name)
    buffer: Any = io.BytesIO() if spec.binary else io.StringIO()
    assert write_collection(items, buffer, format=name) == len(items)
    buffer.seek(0)
    back = list(read_collection(buffer, format=name))
    if name in FULL_RECORDS:
        assert back == items
    else:
        assert back == [Record(r.puzzle) for r in items]


@pytest.mark.parametrize("name", ["txt", "csv", "jsonl", "npy", "parquet", "sdm", "hodoku", "json"])
def test_collection_files_detected_by_extension(tmp_path: Path, name: str) -> None:
    _needs(name)
    path = tmp_path / f"many.{'hdk' if name == 'hodoku' else name}"
    items = [{"puzzle": P, "solution": S, "rating": 3.5}, {"puzzle": Q}]
    write_collection(items, path)
    back = list(read_collection(path))
    assert [r.puzzle for r in back] == [Grid(P), Grid(Q)]


def test_write_collection_takes_dicts_grids_and_strings() -> None:
    out = io.StringIO()
    write_collection([{"puzzle": P, "seed": 1}, Grid(Q), P], out, format="jsonl")
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert lines == [{"puzzle": P, "seed": 1}, {"puzzle": Q}, {"puzzle": P}]


def test_open_writer_is_incremental(tmp_path: Path) -> None:
    path = tmp_path / "out.csv"
    with open_writer(path) as writer:
        writer.write({"puzzle": P, "techniques": ["X-Wing", "Naked Single"]})
        writer.write(Record(Grid(Q), rating="hard"))
    rows = list(read_collection(path))
    assert rows[0].techniques == ("X-Wing", "Naked Single") and rows[1].rating == "hard"


def test_read_collection_is_lazy(tmp_path: Path) -> None:
    path = tmp_path / "big.txt"
    path.write_text(P + "\n" + Q + "\nnot a puzzle\n")
    records: Iterator[Record] = read_collection(path)
    assert next(records).puzzle == Grid(P)  # read before the bad line is reached
    assert next(records).puzzle == Grid(Q)
    with pytest.raises(InvalidFormatError) as err:
        next(records)
    assert err.value.line == 3


def test_streams_many_records_without_lists(tmp_path: Path) -> None:
    count = 20000
    source = (Record(Grid(P)) for _ in range(count))  # a generator: never a list
    path = tmp_path / "many.npy"
    assert write_collection(source, path) == count
    assert sum(1 for _ in read_collection(path)) == count


# --------------------------------------------------------- golden files
def _grid(puzzle: Grid | PencilGrid) -> Grid:
    return puzzle.to_grid() if isinstance(puzzle, PencilGrid) else puzzle


@pytest.mark.parametrize(
    "filename",
    ["puzzle.sdk", "puzzle.ss", "puzzle-boxed.ss", "hodoku-grid.txt", "pretty.txt", "puzzle.json",
     "board.leetcode", "puzzle.ipuz"],
)
def test_golden_single(filename: str) -> None:
    assert read(DATA / filename) == Grid(P)


def test_golden_sukaku_and_pm() -> None:
    sukaku = read(DATA / "puzzle.sukaku")
    pm = read(DATA / "candidates.pm")
    assert isinstance(sukaku, PencilGrid) and isinstance(pm, PencilGrid)
    assert sukaku == pm == PencilGrid.from_grid(P).normalized()
    assert pm.values == Grid(P)  # lone candidates whose digit a peer still lists stay blank
    assert pm.candidates[2] == {1, 2, 4}  # the HoDoKu step mark '*' is ignored


def test_footers_after_a_grid_are_ignored() -> None:
    boxed = (DATA / "puzzle-boxed.ss").read_text() + " Simple Sudoku\n  Version 4.2n\n"
    assert read(io.StringIO(boxed)) == Grid(P)  # detected, footer and all
    pm = (DATA / "candidates.pm").read_text() + "                 Simple Sudoku\n"
    assert _grid(read(io.StringIO(pm))) == Grid(P)
    with pytest.raises(InvalidFormatError, match="more than 9 grid rows") as err:
        read(io.StringIO(Grid(P).pretty() + "\n1 2 3 4 5 6 7 8 9\n"), format="pretty")
    assert err.value.line == 12


def test_golden_hodoku_library() -> None:
    first, second = list(read_collection(DATA / "library.hodoku"))
    assert str(first.puzzle) == P[:2] + "4" + P[3:] and second.puzzle == Grid(Q)
    with pytest.raises(InvalidFormatError, match="more than one puzzle"):
        read(DATA / "library.hodoku")
    pg = read(io.StringIO((DATA / "library.hodoku").read_text().splitlines()[1]), format="hodoku")
    assert isinstance(pg, PencilGrid)
    assert 2 not in pg.candidates[3] and 8 not in pg.candidates[5] and 6 in pg.candidates[5]


@pytest.mark.parametrize("filename", ["puzzles.txt", "puzzles.sdm", "puzzles.jsonl", "puzzles.csv", "puzzles.npy", "boards-int64.npy", "puzzles.parquet"])
def test_golden_collections(filename: str) -> None:
    if filename.endswith(".parquet"):
        pytest.importorskip("pyarrow", reason="Parquet needs pyarrow (sudokit[parquet])")
    if filename == "boards-int64.npy":
        pytest.importorskip("numpy", reason="int64 arrays need numpy (sudokit[numpy])")
    back = list(read_collection(DATA / filename))
    assert [r.puzzle for r in back] == [Grid(P), Grid(Q)]
    if filename in ("puzzles.csv", "puzzles.jsonl", "puzzles.parquet"):
        assert back[0].solution == Grid(S) and back[1].solution is None


def test_csv_from_a_spreadsheet(tmp_path: Path) -> None:
    path = tmp_path / "excel.csv"
    path.write_bytes(("\ufeffPuzzle;x,Solution\r\n" + P + "," + S + "\r\n").encode("utf-8").replace(b";x", b""))
    (record,) = read_collection(path)
    assert record.puzzle == Grid(P) and record.solution == Grid(S)


def test_golden_csv_and_json_fields() -> None:
    rows = list(read_collection(DATA / "puzzles.csv"))
    assert (rows[0].rating, rows[1].rating) == (1.5, "hard")
    (record,) = read_collection(DATA / "puzzle.json")
    assert record == Record(Grid(P), Grid(S), 1.2, ("Naked Single", "Hidden Single"), 42)
    (ipuz,) = read_collection(DATA / "puzzle.ipuz")
    assert ipuz.solution == Grid(S)


def test_npy_files_load_with_numpy(tmp_path: Path) -> None:
    np = pytest.importorskip("numpy", reason="checking with numpy.load needs numpy")
    path = tmp_path / "out.npy"
    write_collection([P, Q], path)
    array = np.load(path)
    assert array.dtype == np.uint8 and array.shape == (2, 81)
    assert array[0, 0] == 5 and array[0, 2] == 0
    np.save(tmp_path / "np.npy", array)
    assert [r.puzzle for r in read_collection(tmp_path / "np.npy")] == [Grid(P), Grid(Q)]


def test_npy_to_a_pipe_spools(tmp_path: Path) -> None:
    class Pipe(io.BytesIO):
        def seekable(self) -> bool:
            return False

    pipe = Pipe()
    write_collection([P, Q, P], pipe, format="npy")
    assert [str(r.puzzle) for r in read_collection(io.BytesIO(pipe.getvalue()))] == [P, Q, P]


def test_parquet_row_groups(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pq = pytest.importorskip("pyarrow.parquet", reason="Parquet needs pyarrow (sudokit[parquet])")
    from sudokit.formats import parquet

    monkeypatch.setattr(parquet, "ROW_GROUP", 10)
    path = tmp_path / "out.parquet"
    write_collection(({"puzzle": P, "rating": k} for k in range(25)), path)
    assert pq.ParquetFile(path).metadata.num_row_groups == 3
    assert [r.rating for r in read_collection(path)] == list(range(25))


def test_parquet_missing_gives_install_hint(monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins

    real = builtins.__import__

    def fake(name: str, *args: Any, **kwargs: Any) -> Any:
        if name.startswith("pyarrow"):
            raise ImportError(name)
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", fake)
    import importlib

    monkeypatch.setattr(importlib, "import_module", lambda name, *a: fake(name))
    with pytest.raises(ImportError, match=r"sudokit\[parquet\]"):
        write_collection([P], io.BytesIO(), format="parquet")


# ---------------------------------------------------------- malformed input
BAD = [
    ("txt", P + "\n" + P + "\n" + P[:40] + "x" + P[41:] + "\n", 3, 41),
    ("txt", P + "\n# fine\n" + P[:70] + "\n", 3, None),
    ("sdm", P + "\n" + "1" * 80 + "\n", 2, None),
    ("csv", "puzzle,rating\n" + P + ",1\n" + P + ",2\n" + P[:-1] + "y,3\n", 4, None),
    ("csv", "a,b\n" + P + ",1\n", 1, None),
    ("jsonl", json.dumps({"puzzle": P}) + "\n{\"puzzle\": \n", 2, None),
    ("jsonl", json.dumps({"puzzle": P}) + "\n" + json.dumps({"solution": S}) + "\n", 2, None),
    ("sdk", "#Aauthor\n[Puzzle]\n" + "\n".join(P[i : i + 9] for i in range(0, 72, 9)) + "\n" + P[72:80] + "\n", 11, None),
    ("ss", "\n".join(P[i : i + 9] for i in range(0, 36, 9)) + "\n12a......\n", 5, 3),
    ("pretty", Grid(P).pretty().replace("8 . . | . 6", "8 . . | . 6 7", 1), 5, None),
    ("pm", (DATA / "candidates.pm").read_text().replace("| 4    25 ", "| 4    25  9 ", 1), 7, None),
    ("pm", (DATA / "candidates.pm").read_text().replace("2569", "2!69", 1), 7, 15),
    ("sukaku", ("123456789" * 81)[:300] + "x" + ("123456789" * 81)[301:], 1, 301),
    ("hodoku", "# comment\n:0000:x:" + P + ":2x4::\n", 2, None),
    ("hodoku", ":0000:x:" + P[:-1] + ":::\n", 1, None),
    ("json", '{"puzzle": "' + P + '",\n "solution": }', 2, 14),
    ("leetcode", "[[1,2]]", None, None),
    ("ipuz", '{"kind": ["http://ipuz.org/crossword#1"], "puzzle": []}', None, None),
]


@pytest.mark.parametrize(("name", "text", "line", "column"), BAD)
def test_malformed_names_the_line(name: str, text: str, line: int | None, column: int | None) -> None:
    with pytest.raises(InvalidFormatError) as err:
        if get(name).read_records is not None and get(name).loads is None:
            list(read_collection(io.StringIO(text), format=name, name="in.x"))
        else:
            read(io.StringIO(text), format=name, name="in.x")
    assert err.value.line == line
    if column is not None:
        assert err.value.column == column
    assert str(err.value).startswith("in.x" + (f":{line}" if line else ""))


def test_npy_truncated_and_bad_values() -> None:
    out = io.BytesIO()
    write_collection([P, Q], out, format="npy")
    data = out.getvalue()
    with pytest.raises(InvalidFormatError, match="file ends after 1 of 2 rows"):
        list(read_collection(io.BytesIO(data[:-5]), format="npy"))
    bad = bytearray(data)
    bad[-81 + 4] = 12
    with pytest.raises(InvalidFormatError, match="row 2: cell 5") as err:
        list(read_collection(io.BytesIO(bytes(bad)), format="npy"))
    assert err.value.line == 2


def test_single_format_refuses_many(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="holds one puzzle"):
        write_collection([P, Q], tmp_path / "x.sdk")


def test_pencil_grid_needs_a_pencil_format() -> None:
    for name in ("sdk", "txt"):
        with pytest.raises(ValueError, match="cannot hold pencil marks"):
            write(PencilGrid.from_grid(P), io.StringIO(), format=name)
    assert Record.of(PencilGrid.from_grid(P)) == Record(Grid(P))


# ---------------------------------------------------------------- detection
@pytest.mark.parametrize(
    ("filename", "expected"),
    [
        ("puzzle.sdk", "sdk"), ("puzzle.ss", "ss"), ("hodoku-grid.txt", "pretty"), ("pretty.txt", "pretty"),
        ("puzzle.sukaku", "sukaku"), ("candidates.pm", "pm"), ("library.hodoku", "hodoku"),
        ("puzzle.json", "json"), ("board.leetcode", "leetcode"), ("puzzle.ipuz", "ipuz"),
        ("puzzles.csv", "csv"), ("puzzles.jsonl", "jsonl"), ("puzzles.txt", "txt"), ("puzzles.npy", "npy"),
        ("puzzles.parquet", "parquet"),
    ],
)
def test_detect_by_content(filename: str, expected: str) -> None:
    head = (DATA / filename).read_bytes()[:4096]
    assert detect_format(None, head) == expected  # content alone, no extension


def test_detect_by_extension_wins_and_ambiguous_extensions_sniff() -> None:
    assert detect_format("a.sdk", b"anything") == "sdk"
    assert detect_format("a.txt", (P + "\n").encode()) == "line"
    assert detect_format("a.txt", Grid(P).pretty().encode()) == "pretty"
    assert detect_format("a.json", b'[["5","3"]]') == "leetcode"
    with pytest.raises(InvalidFormatError, match="cannot tell the format"):
        detect_format("a.weird", b"hello world")


# ------------------------------------------------------------- PencilGrid
def test_pencil_grid_api_matches_human_model() -> None:
    pg = PencilGrid.from_grid(P)
    assert PencilGrid.from_state(pg.digits, pg.pencil_marks()) == pg
    assert PencilGrid.from_state(pg.digits, pg.to_729()) == pg
    assert eval(repr(pg), {"PencilGrid": PencilGrid}) == pg
    assert pg.to_grid() == Grid(P) and len(pg.to_729()) == 729
    with pytest.raises(AttributeError):
        pg.foo = 1  # type: ignore[attr-defined]
    model = pytest.importorskip("sudokit.human.model", reason="human solver not available")
    a = model.Candidates.from_state(pg.digits, pg.pencil_marks())
    b = model.Candidates.from_state(pg.digits, pg.to_729())
    assert a.values == b.values


def test_from_options_keeps_naked_singles_that_peers_list() -> None:
    options = [frozenset({d}) if ch != "." else frozenset(Grid(P).candidates(i)) for i, ch in enumerate(P) for d in [int(ch) if ch != "." else 0]]
    pg = PencilGrid.from_options(options)
    single = next(i for i, o in enumerate(options) if len(o) == 1 and P[i] == ".")
    digit = next(iter(options[single]))
    listed = any(len(options[p]) > 1 and digit in options[p] for p in PEERS[single])
    assert (pg.values[single] == 0) == listed


# ---------------------------------------------------------------------- CLI
def _cli(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(["convert", *argv], io.StringIO(stdin), out, err)
    return code, out.getvalue(), err.getvalue()


def test_cli_stdin_to_stdout_collection() -> None:
    code, out, err = _cli("-", "--to", "csv", stdin=P + "\n" + Q + "\n")
    assert (code, err) == (0, "")
    assert [str(r.puzzle) for r in read_collection(io.StringIO(out), format="csv")] == [P, Q]


def test_cli_single_formats_keep_pencil_marks(tmp_path: Path) -> None:
    code, out, _ = _cli(str(DATA / "candidates.pm"), "--to", "sukaku")
    assert code == 0 and out.strip() == PencilGrid.from_grid(P).normalized().to_729()
    code, out, err = _cli(str(DATA / "candidates.pm"), "--to", "sdk")
    assert code == 0 and "no pencil marks" in err and read(io.StringIO(out), format="sdk") == Grid(P)


@pytest.mark.parametrize("ext", ["sdk", "ss", "json", "ipuz", "leetcode", "pm", "sukaku", "grid", "line", "hdk"])
def test_cli_file_roundtrip_single(tmp_path: Path, ext: str) -> None:
    first, second = tmp_path / f"a.{ext}", tmp_path / "b.txt"
    assert _cli(str(DATA / "puzzle.sdk"), "-o", str(first))[0] == 0
    assert _cli(str(first), "-o", str(second))[0] == 0
    assert read(second) == Grid(P) or _grid(read(second)) == Grid(P)


@pytest.mark.parametrize("ext", ["csv", "jsonl", "npy", "parquet", "sdm", "json", "txt"])
def test_cli_file_roundtrip_collection(tmp_path: Path, ext: str) -> None:
    _needs(ext)
    first, second = tmp_path / f"a.{ext}", tmp_path / "b.jsonl"
    assert _cli(str(DATA / "puzzles.txt"), "-o", str(first)) == (0, "", "")
    assert _cli(str(first), "-o", str(second))[0] == 0
    assert [r.puzzle for r in read_collection(second)] == [Grid(P), Grid(Q)]


def test_cli_errors_name_file_and_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text(P + "\n" + P[:-1] + "z\n")
    out = tmp_path / "out.csv"
    code, _, err = _cli(str(bad), "-o", str(out))
    assert code == ExitCode.INVALID
    assert f"{bad}:2:81:" in err
    assert not out.exists() and os.listdir(tmp_path) == ["bad.txt"]  # no half-written output


def test_cli_exit_codes(tmp_path: Path) -> None:
    assert _cli(str(tmp_path / "missing.txt"), "-o", "-")[0] == ExitCode.IO
    assert _cli(str(DATA / "puzzles.txt"), "-o", str(tmp_path / "x.unknown"))[0] == ExitCode.USAGE
    assert _cli(str(DATA / "puzzles.txt"), "--to", "nope")[0] == ExitCode.USAGE
    assert _cli(str(DATA / "puzzles.txt"), "--to", "sdk")[0] == ExitCode.INVALID  # two puzzles, one-puzzle format
    assert _cli(str(DATA / "puzzles.txt"), "--to", "npy")[0] == ExitCode.USAGE  # binary to a text stream
    code, out, _ = _cli("--formats")
    assert code == 0 and all(name in out for name in format_names())
