"""JSON formats: our own ``json``, LeetCode boards (``leetcode``) and ``ipuz``.

**Our JSON** (``.json``, ``"format": "sudokit"``) — one object per puzzle::

    {"format": "sudokit", "version": 1,
     "puzzle": "53..7....6..195....",      # required: 81 cells, "." (or "0") for blanks
     "solution": "534678912...",           # optional: 81 digits, or null
     "candidates": "12.4......",           # optional: 729-char pencil marks => PencilGrid
     "rating": 2.3, "techniques": ["Naked Single"], "seed": 7}   # optional

``format``/``version`` are written always and optional on reading. A file may also hold
a JSON array of such objects (or of bare puzzle strings): that is what
:func:`~sudokit.formats.write_collection` writes to ``.json``, streaming, one object a
line. Reading a single puzzle returns a :class:`Grid`, or a :class:`PencilGrid` when
``candidates`` is present.

**LeetCode** (``leetcode``) — LeetCode 37's board: 9 lists of 9 one-character strings,
``"."`` for blanks (lists of ints, 0 = blank, read too).

**ipuz** (``.ipuz``) — the open puzzle format (ipuz.org spec v2, Sudoku kind
``http://ipuz.org/sudoku#1``): ``puzzle`` and ``solution`` are 9 rows of 9 cells, a cell
being a number, a ``charset`` character, the ``empty`` value (default ``0``) / ``null`` for
blanks, or an object with ``"given"`` / ``"value"``; ``charset`` (default
``"123456789"``) maps characters to digits in order.

>>> from sudokit.grid import Grid
>>> g = Grid("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
>>> loads_json(dumps_json(g)) == g and loads_leetcode(dumps_leetcode(g)) == g and loads_ipuz(dumps_ipuz(g)) == g
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from itertools import chain
from typing import IO, Any, Union

from ..errors import InvalidFormatError
from ..grid import Grid
from ..limits import joined, json_loads
from ._errors import format_error
from .pencil import PencilGrid
from .record import Record

__all__ = [
    "loads_json", "dumps_json", "dumps_json_record", "read_json", "JsonArrayWriter",
    "loads_leetcode", "dumps_leetcode",
    "loads_ipuz", "dumps_ipuz", "dumps_ipuz_record", "read_ipuz",
]

Puzzle = Union[Grid, PencilGrid]
IPUZ_KIND = "http://ipuz.org/sudoku#1"


def _load(text: str, source: str, line: int | None = None) -> Any:
    """JSON within sudokit.limits (depth, number size): any failure is a format error."""
    return json_loads(text, source, line)


def _located(source: str, exc: InvalidFormatError, where: str = "") -> InvalidFormatError:
    return format_error(f"{where}{exc}", source)


# ------------------------------------------------------------ our JSON
def _puzzle_of(obj: Any, source: str, where: str) -> Puzzle:
    """The puzzle of one of our JSON objects (or a bare puzzle string)."""
    if isinstance(obj, str):
        obj = {"puzzle": obj}
    if not isinstance(obj, dict) or "puzzle" not in obj:
        raise format_error(f"{where}expected an object with a 'puzzle' key", source)
    try:
        grid = Grid.parse(obj["puzzle"])
        candidates = obj.get("candidates")
        if candidates is None:
            return grid
        if not isinstance(candidates, str):
            raise InvalidFormatError("'candidates' must be a 729-character string")
        return PencilGrid.from_state(grid, candidates)
    except InvalidFormatError as exc:
        raise _located(source, exc, where) from None


def _record_of(obj: Any, source: str, where: str) -> Record:
    puzzle = _puzzle_of(obj, source, where)
    data = obj if isinstance(obj, dict) else {}
    grid = puzzle.to_grid() if isinstance(puzzle, PencilGrid) else puzzle
    try:
        return Record.of({**data, "puzzle": grid})
    except InvalidFormatError as exc:
        raise _located(source, exc, where) from None


def loads_json(text: str, source: str = "<string>") -> Puzzle:
    """One puzzle from our JSON (an object, or an array holding exactly one)."""
    data = _load(text, source)
    if isinstance(data, list):
        if len(data) != 1:
            raise format_error(f"holds {len(data)} puzzles; use read_collection()", source)
        data = data[0]
    return _puzzle_of(data, source, "")


def read_json(lines: Iterable[str], source: str) -> Iterator[Record]:
    """Records from our JSON: one object, or an array of objects.

    The layout :class:`JsonArrayWriter` writes (``[``, then one object a line) streams,
    line by line, however large; any other layout is read whole, up to
    :data:`~sudokit.limits.MAX_WHOLE_BYTES`."""
    numbered = enumerate(lines, start=1)
    seen: list[str] = []
    for number, line in numbered:
        seen.append(line)
        if line.strip():
            break
    if "".join(seen).strip() == "[":
        yield from _array_lines(numbered, seen, source)
        return
    data = _load(joined(chain(seen, (line for _, line in numbered)), source), source)
    yield from _items(data, source)


def _items(data: Any, source: str) -> Iterator[Record]:
    items = data if isinstance(data, list) else [data]
    for k, item in enumerate(items):
        yield _record_of(item, source, f"item {k + 1}: " if isinstance(data, list) else "")


def _array_lines(numbered: Iterator[tuple[int, str]], seen: list[str], source: str) -> Iterator[Record]:
    """A JSON array with one element a line (``{...},``), streamed. If its first element
    spans lines (pretty-printed JSON), the document is read whole instead."""
    count, closed = 0, False
    for number, line in numbered:
        seen.append(line)
        text = line.strip()
        if not text:
            continue
        if closed:
            raise format_error("text after the end of the JSON array", source, number)
        if text == "]":
            closed = True
            continue
        try:
            item = _load(text[:-1] if text.endswith(",") else text, source, number)
        except InvalidFormatError:
            if count:
                raise
            data = _load(joined(chain(seen, (rest for _, rest in numbered)), source), source)
            yield from _items(data, source)
            return
        count += 1
        seen.clear()
        yield _record_of(item, source, f"item {count}: ")
    if not closed:
        raise format_error("the JSON array is not closed (a truncated file?)", source)


def dumps_json_record(record: Record, candidates: str | None = None) -> str:
    """A record as one of our JSON objects (one line, no trailing newline)."""
    out: dict[str, Any] = {"format": "sudokit", "version": 1, "puzzle": str(record.puzzle)}
    out["solution"] = None if record.solution is None else str(record.solution)
    if candidates is not None:
        out["candidates"] = candidates
    for key in ("rating", "techniques", "seed"):
        value = record.to_dict().get(key)
        if value is not None:
            out[key] = value
    return json.dumps(out)


def dumps_json(puzzle: Puzzle) -> str:
    """One puzzle (Grid or PencilGrid) as our JSON object, with a newline."""
    if isinstance(puzzle, PencilGrid):
        return dumps_json_record(Record(puzzle.values), puzzle.to_729()) + "\n"
    return dumps_json_record(Record(puzzle)) + "\n"


class JsonArrayWriter:
    """Streams records as a JSON array, one object per line."""

    def __init__(self, stream: IO[str]) -> None:
        self._stream = stream
        self._count = 0

    def write(self, record: Record) -> None:
        """Append one object to the array."""
        self._stream.write(("[\n" if self._count == 0 else ",\n") + dumps_json_record(record))
        self._count += 1

    def close(self) -> None:
        """Close the array (an empty collection is ``[]``)."""
        self._stream.write("\n]\n" if self._count else "[]\n")
        self._stream.flush()


# ------------------------------------------------------------- LeetCode
def loads_leetcode(text: str, source: str = "<string>") -> Grid:
    """A LeetCode board: ``[["5","3",".",...], ...]`` (9 rows of 9)."""
    data = _load(text, source)
    if not isinstance(data, list):
        raise format_error("a LeetCode board is a JSON array of 9 rows", source)
    try:
        return Grid.parse(data)
    except InvalidFormatError as exc:
        raise _located(source, exc) from None


def dumps_leetcode(grid: Grid) -> str:
    """The board as JSON, one row per line."""
    rows = ",\n ".join(json.dumps(row, separators=(",", ":")) for row in grid.to_board())
    return f"[{rows}]\n"


# ----------------------------------------------------------------- ipuz
def _ipuz_object(text: str, source: str) -> dict[str, Any]:
    data = _load(text, source)
    if not isinstance(data, dict):
        raise format_error("an ipuz file is a JSON object", source)
    kinds = data.get("kind") or []
    kinds = [kinds] if isinstance(kinds, str) else kinds
    if not any(isinstance(k, str) and "ipuz.org/sudoku" in k for k in kinds):
        raise format_error(f"not an ipuz Sudoku (kind {kinds!r}, expected {IPUZ_KIND})", source)
    dims = data.get("dimensions")
    if isinstance(dims, dict) and (dims.get("width", 9), dims.get("height", 9)) != (9, 9):
        raise format_error(f"only 9x9 ipuz Sudoku is supported, got {dims.get('width')}x{dims.get('height')}", source)
    return data


def _ipuz_grid(data: dict[str, Any], key: str, source: str) -> Grid:
    rows = data.get(key)
    charset = str(data.get("charset") or "123456789")
    empty = data.get("empty", 0)
    if not isinstance(rows, list) or len(rows) != 9 or any(not isinstance(r, list) or len(r) != 9 for r in rows):
        raise format_error(f"ipuz '{key}' must be 9 rows of 9 cells", source)
    cells = []
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            cells.append(_ipuz_cell(cell, charset, empty, source, f"{key} r{r + 1}c{c + 1}"))
    return Grid("".join(cells))


def _ipuz_cell(cell: Any, charset: str, empty: Any, source: str, where: str) -> str:
    if isinstance(cell, dict):
        cell = cell.get("given", cell.get("value", cell.get("cell")))
    if cell is None or cell == empty or cell in (0, "", "0", "."):
        return "."
    if isinstance(cell, bool):
        raise format_error(f"{where}: bad cell {cell!r}", source)
    text = str(cell)
    if text in charset:
        return str(charset.index(text) + 1)
    raise format_error(f"{where}: bad cell {cell!r} (charset {charset!r})", source)


def loads_ipuz(text: str, source: str = "<string>") -> Grid:
    """The puzzle (givens) of an ipuz Sudoku."""
    return _ipuz_grid(_ipuz_object(text, source), "puzzle", source)


def read_ipuz(lines: Iterable[str], source: str) -> Iterator[Record]:
    """One record with the puzzle and, when present, the solution."""
    data = _ipuz_object("".join(lines), source)
    solution = _ipuz_grid(data, "solution", source) if data.get("solution") is not None else None
    yield Record(_ipuz_grid(data, "puzzle", source), solution)


def dumps_ipuz_record(record: Record) -> str:
    """A record as an ipuz Sudoku document (puzzle, and the solution when known)."""
    doc: dict[str, Any] = {
        "version": "http://ipuz.org/v2",
        "kind": [IPUZ_KIND],
        "charset": "123456789",
        "displaycharset": True,
        "boxes": True,
        "dimensions": {"width": 9, "height": 9},
        "puzzle": record.puzzle.to_list(),
    }
    if record.solution is not None:
        doc["solution"] = record.solution.to_list()
    # Header fields indented, grids one row per line: readable and still plain JSON.
    text = json.dumps({k: v for k, v in doc.items() if k not in ("puzzle", "solution")}, indent=2)[:-2]
    for key in ("puzzle", "solution"):
        if key in doc:
            rows = ",\n    ".join(json.dumps(row) for row in doc[key])
            text += f',\n  "{key}": [\n    {rows}\n  ]'
    return text + "\n}\n"


def dumps_ipuz(grid: Grid) -> str:
    """A Grid as an ipuz Sudoku document (no solution)."""
    return dumps_ipuz_record(Record(grid))
