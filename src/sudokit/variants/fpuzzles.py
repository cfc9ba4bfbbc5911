"""f-puzzles import and export (``from_fpuzzles``, ``to_fpuzzles``).

f-puzzles stores a puzzle as JSON: ``size``, ``grid`` (rows of cell objects with
``value``/``given``, ``region`` for jigsaw layouts, ``givenPencilMarks`` for sukaku), and
one key per constraint type holding a list (``killercage``, ``thermometer``, ``arrow``,
...) or a flag (``diagonal+``, ``antiknight``, ...). Links carry that JSON LZ-String
compressed to base64 after ``?load=``. Cells are ``R1C1`` (outside clues use row or
column 0 / size+1). A constraint sudokit does not model raises
:class:`~sudokit.errors.UnknownConstraintError` naming it: nothing is dropped silently.

>>> from sudokit.variants import Puzzle, KillerCage
>>> p = Puzzle(size=4, constraints=(KillerCage((0, 4), 3),))
>>> from_fpuzzles(to_fpuzzles(p)) == p
True
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs, unquote, urlparse

from ..errors import InvalidConstraintError, InvalidFormatError, UnknownConstraintError
from ..limits import json_loads
from . import constraints as C
from .lzstring import compress_to_base64, decompress_from_base64
from .puzzle import Puzzle, box_shape

__all__ = ["from_fpuzzles", "to_fpuzzles", "fpuzzles_dict"]

_CELL = re.compile(r"^R(\d+)C(\d+)$", re.IGNORECASE)
#: Editor and solver settings of f-puzzles: not part of the puzzle's rules.
_PLUMBING = {"title", "author", "ruleset", "solution", "activeConstraints", "disabledlogic", "truecandidatesoptions",
             "highlightConflicts", "size", "grid", "negative", "text", "metadata"}
_DIRECTIONS = {"DR": (1, 1), "DL": (1, -1), "UR": (-1, 1), "UL": (-1, -1)}


def _load_text(text: str) -> dict[str, Any]:
    text = text.strip()
    sudokupad = re.search(r"fpuzzles([A-Za-z0-9+/=%-]{8,})", text)
    if sudokupad and "load=" not in text:  # SudokuPad: .../fpuzzles<base64> or ?puzzleid=fpuzzles<base64>
        text = unquote(sudokupad[1])
    elif "load=" in text:
        query = urlparse(text).query or text.split("?", 1)[-1]
        values = parse_qs(query).get("load")
        if not values:
            raise InvalidFormatError("the link has no load= parameter")
        text = values[0].replace(" ", "+")
    if not text.startswith("{"):
        text = decompress_from_base64(unquote(text) if "%" in text else text)
    data = json_loads(text)  # bounded depth and numbers (sudokit.limits)
    if not isinstance(data, dict) or "grid" not in data:
        raise InvalidFormatError("not an f-puzzles puzzle (no 'grid')")
    return data


class _Reader:
    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        size = data.get("size")
        if not isinstance(size, int) or not 1 <= size <= 25:
            raise InvalidFormatError(f"f-puzzles size must be 1..25, got {size!r}")
        self.n = size
        self.out: list[C.Constraint] = []

    def row_col(self, text: Any, where: str, outside: bool = False) -> tuple[int, int]:
        """0-based (row, column); ``outside``: the ring of clue cells around the grid too."""
        match = _CELL.match(text) if isinstance(text, str) else None
        if not match:
            raise InvalidConstraintError(f"{text!r} is not an f-puzzles cell like 'R1C1'", constraint=where)
        r, c = int(match[1]) - 1, int(match[2]) - 1
        low = -1 if outside else 0
        if not (low <= r <= self.n - low - 1 and low <= c <= self.n - low - 1):
            from ..errors import CellOffGridError

            raise CellOffGridError(f"cell {text} is off the {self.n}x{self.n} grid", constraint=where)
        return r, c

    def cell(self, text: Any, where: str) -> int:
        r, c = self.row_col(text, where)
        return r * self.n + c

    def cells(self, items: Any, where: str) -> tuple[int, ...]:
        if not isinstance(items, list):
            raise InvalidConstraintError("cells must be a list", constraint=where)
        return tuple(self.cell(t, where) for t in items)

    def items(self, key: str) -> list[Any]:
        value = self.data.get(key) or []
        if not isinstance(value, list):
            raise InvalidConstraintError(f"'{key}' must be a list", constraint=key)
        return value

    def lines(self, key: str, make: Callable[[tuple[int, ...]], C.Constraint]) -> None:
        for k, item in enumerate(self.items(key)):
            for line in (item or {}).get("lines", []):
                self.out.append(make(self.cells(line, f"{key} {k + 1}")))

    def number(self, value: Any, where: str) -> int | None:
        if value in (None, ""):
            return None
        try:
            return int(value)
        except (TypeError, ValueError):
            raise InvalidConstraintError(f"{value!r} is not a number", constraint=where) from None


def fpuzzles_dict(text: str) -> dict[str, Any]:
    """The f-puzzles JSON object of a link, compressed string or JSON text."""
    return _load_text(text)


def from_fpuzzles(text: str) -> Puzzle:
    """A :class:`Puzzle` from f-puzzles JSON, its LZ-String base64 form, or a whole link."""
    data = _load_text(text)
    rd = _Reader(data)
    unknown = sorted(k for k, v in data.items() if k not in _PLUMBING and k not in _HANDLERS and v not in (None, False, [], {}, ""))
    if unknown:
        raise UnknownConstraintError(f"f-puzzles constraint(s) not supported: {', '.join(unknown)}", constraint="f-puzzles import")
    givens, candidates, regions = _grid(rd)
    for key, handler in _HANDLERS.items():
        if data.get(key):
            handler(rd)
    _negative(rd)
    return Puzzle(size=rd.n, givens=givens, regions=regions, candidates=candidates, constraints=tuple(rd.out),
                  title=str(data.get("title") or ""))


def _grid(rd: _Reader) -> tuple[tuple[int, ...], tuple[int, ...] | None, tuple[tuple[int, ...], ...] | None]:
    n, grid = rd.n, rd.data["grid"]
    if not isinstance(grid, list) or len(grid) != n or any(not isinstance(row, list) or len(row) != n for row in grid):
        raise InvalidFormatError(f"f-puzzles grid must be {n} rows of {n} cells")
    br, bc = box_shape(n)
    givens, masks, region_of = [], [], []
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            cell = cell or {}
            value = cell.get("value") if cell.get("given", True) else None
            if value is not None and (not isinstance(value, int) or not 1 <= value <= n):
                raise InvalidConstraintError(f"value {value!r} is not a digit 1..{n}", constraint="grid", cell=r * n + c, size=n)
            givens.append(value or 0)
            marks = cell.get("givenPencilMarks") or []
            masks.append(sum(1 << (d - 1) for d in marks if isinstance(d, int) and 1 <= d <= n))
            default = (r // br) * (n // bc) + c // bc
            region = cell.get("region", default)
            region_of.append(default if region is None else region)
    candidates = tuple(masks) if any(masks) else None
    standard = all(region_of[r * n + c] == (r // br) * (n // bc) + c // bc for r in range(n) for c in range(n))
    if standard:
        return tuple(givens), candidates, None
    groups: dict[Any, list[int]] = {}
    for i, region in enumerate(region_of):
        groups.setdefault(region, []).append(i)
    return tuple(givens), candidates, tuple(tuple(g) for _, g in sorted(groups.items(), key=lambda kv: kv[1][0]))


def _flag(make: Callable[[], C.Constraint]) -> Callable[[_Reader], None]:
    return lambda rd: rd.out.append(make())


def _killer(rd: _Reader) -> None:
    for k, item in enumerate(rd.items("killercage")):
        where = f"killercage {k + 1}"
        rd.out.append(C.KillerCage(rd.cells(item.get("cells"), where), rd.number(item.get("value"), where)))


def _little_killer(rd: _Reader) -> None:
    n = rd.n
    for k, item in enumerate(rd.items("littlekillersum")):
        where = f"littlekillersum {k + 1}"
        total = rd.number(item.get("value"), where)
        if total is None:
            continue  # an arrow without a sum states nothing
        r, c = rd.row_col(item.get("cell"), where, outside=True)
        step = _DIRECTIONS.get(item.get("direction"))
        if step is None:
            raise InvalidConstraintError(f"direction {item.get('direction')!r} is not DR, DL, UR or UL", constraint=where)
        cells = []
        r, c = r + step[0], c + step[1]
        while 0 <= r < n and 0 <= c < n:
            cells.append(r * n + c)
            r, c = r + step[0], c + step[1]
        rd.out.append(C.LittleKiller(tuple(cells), total))


def _sandwich(rd: _Reader) -> None:
    n = rd.n
    for k, item in enumerate(rd.items("sandwichsum")):
        where = f"sandwichsum {k + 1}"
        total = rd.number(item.get("value"), where)
        if total is None:
            continue
        r, c = rd.row_col(item.get("cell"), where, outside=True)
        if r in (-1, n) and 0 <= c < n:
            rd.out.append(C.Sandwich("column", c, total))
        elif c in (-1, n) and 0 <= r < n:
            rd.out.append(C.Sandwich("row", r, total))
        else:
            raise InvalidConstraintError(f"a sandwich clue sits outside a row or column, not at {item.get('cell')}", constraint=where)


def _arrow(rd: _Reader) -> None:
    for k, item in enumerate(rd.items("arrow")):
        where = f"arrow {k + 1}"
        circle = rd.cells(item.get("cells"), where)
        path: list[int] = []
        for line in item.get("lines", []):
            for cell in rd.cells(line, where):
                if cell not in circle and cell not in path:
                    path.append(cell)
        if path:
            rd.out.append(C.Arrow(circle, tuple(path)))


def _dots(key: str, make: Callable[[tuple[int, ...]], C.Constraint], allowed: tuple[Any, ...]) -> Callable[[_Reader], None]:
    def handler(rd: _Reader) -> None:
        for k, item in enumerate(rd.items(key)):
            where = f"{key} {k + 1}"
            if item.get("value", "") not in allowed:
                raise UnknownConstraintError(f"a {key} value of {item.get('value')!r} is not supported", constraint=where)
            rd.out.append(make(rd.cells(item.get("cells"), where)))

    return handler


def _xv(rd: _Reader) -> None:
    for k, item in enumerate(rd.items("xv")):
        where = f"xv {k + 1}"
        value = str(item.get("value", "")).upper()
        if value not in ("X", "V"):
            raise InvalidConstraintError(f"an XV mark must be 'X' or 'V', got {value!r}", constraint=where)
        rd.out.append(C.XV(rd.cells(item.get("cells"), where), 10 if value == "X" else 5))


def _single(key: str, make: Callable[[int], C.Constraint]) -> Callable[[_Reader], None]:
    def handler(rd: _Reader) -> None:
        for k, item in enumerate(rd.items(key)):
            rd.out.append(make(rd.cell(item.get("cell"), f"{key} {k + 1}")))

    return handler


def _extra(rd: _Reader) -> None:
    for k, item in enumerate(rd.items("extraregion")):
        rd.out.append(C.ExtraRegion(rd.cells(item.get("cells"), f"extraregion {k + 1}")))


def _nonconsecutive(rd: _Reader) -> None:
    # With white dots drawn, f-puzzles' rule means "every white dot is given" (the negative).
    if rd.data.get("difference"):
        rd.out.append(C.KropkiNegative(white=True, black=False))
    else:
        rd.out.append(C.NonConsecutive())


def _negative(rd: _Reader) -> None:
    neg = rd.data.get("negative") or []
    if not isinstance(neg, list) or any(v not in ("ratio", "xv", "difference") for v in neg):
        raise UnknownConstraintError(f"negative constraint(s) {neg!r} not supported", constraint="negative")
    if "ratio" in neg or "difference" in neg:
        rd.out.append(C.KropkiNegative(white="difference" in neg, black="ratio" in neg))
    if "xv" in neg:
        rd.out.append(C.XVNegative())


_HANDLERS: dict[str, Callable[[_Reader], None]] = {
    "diagonal-": _flag(lambda: C.Diagonal("main")),
    "diagonal+": _flag(lambda: C.Diagonal("anti")),
    "antiknight": _flag(C.AntiKnight),
    "antiking": _flag(C.AntiKing),
    "disjointgroups": _flag(C.DisjointGroups),
    "nonconsecutive": _nonconsecutive,
    "extraregion": _extra,
    "killercage": _killer,
    "littlekillersum": _little_killer,
    "thermometer": lambda rd: rd.lines("thermometer", lambda cells: C.Thermometer(cells)),
    "slowthermometer": lambda rd: rd.lines("slowthermometer", lambda cells: C.Thermometer(cells, slow=True)),
    "arrow": _arrow,
    "difference": _dots("difference", lambda cells: C.Kropki(cells, "white"), ("", "1", 1, None)),
    "ratio": _dots("ratio", lambda cells: C.Kropki(cells, "black"), ("", "2", 2, None)),
    "xv": _xv,
    "odd": _single("odd", lambda cell: C.Parity(cell, odd=True)),
    "even": _single("even", lambda cell: C.Parity(cell, odd=False)),
    "minimum": _single("minimum", lambda cell: C.Extremum(cell, minimum=True)),
    "maximum": _single("maximum", lambda cell: C.Extremum(cell, minimum=False)),
    "whispers": lambda rd: rd.lines("whispers", lambda cells: C.Whisper(cells)),
    "renban": lambda rd: rd.lines("renban", lambda cells: C.Renban(cells)),
    "palindrome": lambda rd: rd.lines("palindrome", lambda cells: C.Palindrome(cells)),
    "betweenline": lambda rd: rd.lines("betweenline", lambda cells: C.Between(cells)),
    "sandwichsum": _sandwich,
}


# ------------------------------------------------------------------ export
def to_fpuzzles(puzzle: Puzzle, *, compress: bool = True) -> str:
    """f-puzzles JSON of ``puzzle`` (LZ-String base64 as after ``?load=`` when ``compress``)."""
    text = json.dumps(_export(puzzle), separators=(",", ":"))
    return compress_to_base64(text) if compress else text


def _export(p: Puzzle) -> dict[str, Any]:
    n = p.size

    def name(cell: int) -> str:
        return f"R{cell // n + 1}C{cell % n + 1}"

    if p.boxes is not None and p.regions is None and tuple(p.boxes) != box_shape(n):
        raise InvalidConstraintError(f"f-puzzles draws {n}x{n} grids with {box_shape(n)} boxes, not {p.boxes}", constraint="boxes")
    region_of = {c: k for k, r in enumerate(p.regions or ()) for c in r}
    grid = []
    for r in range(n):
        row = []
        for c in range(n):
            i, cell = r * n + c, {}  # type: tuple[int, dict[str, Any]]
            if p.givens[i]:
                cell.update(value=p.givens[i], given=True)
            if p.candidates is not None and p.candidates[i]:
                cell["givenPencilMarks"] = [d for d in range(1, n + 1) if p.candidates[i] >> (d - 1) & 1]
            if p.regions is not None:
                cell["region"] = region_of[i]
            elif p.boxes is None:
                raise InvalidConstraintError("f-puzzles has no grids without boxes", constraint="boxes")
            row.append(cell)
        grid.append(row)
    out: dict[str, Any] = {"size": n, "grid": grid}
    if p.title:
        out["title"] = p.title
    negative: list[str] = []
    for k, con in enumerate(p.constraints):
        _export_one(out, con, name, negative, p, k)
    if negative:
        out["negative"] = negative
    return out


def _export_one(out: dict[str, Any], con: C.Constraint, name: Callable[[int], str], negative: list[str], p: Puzzle, k: int) -> None:
    def push(key: str, item: dict[str, Any]) -> None:
        out.setdefault(key, []).append(item)

    def names(cells: tuple[int, ...]) -> list[str]:
        return [name(c) for c in cells]

    if isinstance(con, C.Diagonal):
        out["diagonal-" if con.direction == "main" else "diagonal+"] = True
    elif isinstance(con, (C.AntiKnight, C.AntiKing, C.DisjointGroups, C.NonConsecutive)):
        out[{C.AntiKnight: "antiknight", C.AntiKing: "antiking", C.DisjointGroups: "disjointgroups", C.NonConsecutive: "nonconsecutive"}[type(con)]] = True
    elif isinstance(con, C.KropkiNegative):
        negative.extend((["difference"] if con.white else []) + (["ratio"] if con.black else []))
    elif isinstance(con, C.XVNegative) and con.x and con.v:
        negative.append("xv")
    elif isinstance(con, C.ExtraRegion):
        push("extraregion", {"cells": names(con.cells)})
    elif isinstance(con, C.KillerCage):
        push("killercage", {"cells": names(con.cells), "value": "" if con.total is None else str(con.total)})
    elif isinstance(con, C.LittleKiller):
        push("littlekillersum", _little_killer_out(con, p.size))
    elif isinstance(con, C.Thermometer):
        push("slowthermometer" if con.slow else "thermometer", {"lines": [names(con.cells)]})
    elif isinstance(con, C.Arrow):
        push("arrow", {"cells": names(con.circle), "lines": [names((con.circle[-1],) + con.path)]})
    elif isinstance(con, C.Kropki):
        push("difference" if con.color == "white" else "ratio", {"cells": names(con.cells), "value": ""})
    elif isinstance(con, C.XV):
        push("xv", {"cells": names(con.cells), "value": "X" if con.total == 10 else "V"})
    elif isinstance(con, C.Parity):
        push("odd" if con.odd else "even", {"cell": name(con.cell)})
    elif isinstance(con, C.Extremum):
        push("minimum" if con.minimum else "maximum", {"cell": name(con.cell)})
    elif isinstance(con, C.Whisper) and con.difference == 5:
        push("whispers", {"lines": [names(con.cells)]})
    elif isinstance(con, C.Renban):
        push("renban", {"lines": [names(con.cells)]})
    elif isinstance(con, C.Palindrome):
        push("palindrome", {"lines": [names(con.cells)]})
    elif isinstance(con, C.Between):
        push("betweenline", {"lines": [names(con.cells)]})
    elif isinstance(con, C.Sandwich):
        clue = f"R{con.index + 1}C0" if con.line == "row" else f"R0C{con.index + 1}"
        push("sandwichsum", {"cell": clue, "value": str(con.total)})
    else:
        raise UnknownConstraintError(f"f-puzzles has no equivalent of {con!r}", constraint=p.constraint_name(k))


def _little_killer_out(con: C.LittleKiller, n: int) -> dict[str, Any]:
    cells = con.cells
    (r0, c0), (r1, c1) = divmod(cells[0], n), divmod(cells[-1] if len(cells) > 1 else cells[0], n)
    dr = 1 if len(cells) == 1 or r1 > r0 else -1
    dc = 1 if len(cells) == 1 or c1 > c0 else -1
    expected = [(r0 + k * dr) * n + c0 + k * dc for k in range(len(cells))]
    start_r, start_c = r0 - dr, c0 - dc
    starts_outside = not (0 <= start_r < n and 0 <= start_c < n)
    ends_at_edge = not (0 <= r1 + dr < n and 0 <= c1 + dc < n)
    if list(cells) != expected or not starts_outside or not ends_at_edge:
        raise UnknownConstraintError("f-puzzles little killers run a whole diagonal from an outside clue", constraint="little_killer")
    direction = ("D" if dr > 0 else "U") + ("R" if dc > 0 else "L")
    return {"cell": f"R{start_r + 1}C{start_c + 1}", "direction": direction, "value": str(con.total)}
