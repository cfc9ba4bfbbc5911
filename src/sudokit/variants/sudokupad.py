"""SudokuPad import (``from_sudokupad``): its puzzle links, ``scl`` strings and their JSON.

SudokuPad links carry the puzzle after the site (``https://sudokupad.app/<id>``,
``?puzzleid=<id>``): ``fpuzzles...`` (f-puzzles JSON: read by :mod:`.fpuzzles`) or
``scl...``/``ctc...`` (SudokuPad's own format: LZ-String base64 of its compact JSON,
:mod:`.sclzip`). Short ids name puzzles kept on SudokuPad's server: sudokit never
downloads, so those are an error.

SCL is a drawing: ``cells`` (givens), ``regions``, ``cages`` (killer cages and metadata),
``lines``, ``arrows``, ``overlays``/``underlays`` (circles, dots, text), ``global`` rules.
Constraints are recognised by the drawing conventions SudokuPad uses for them (the ones
its f-puzzles converter produces): a grey line with a round bulb under its first cell is
a thermometer, a thin grey line with circles on both ends a between line, a thick grey
line a palindrome, a green line German whispers, a magenta line renban, a grey arrow
from a circle an arrow sum, a thin black arrow from outside the grid a little killer,
small round dots on cell edges Kropki (black or white), X/V on an edge XV, grey circles
and squares inside cells odd and even, a line corner to corner a diagonal; full-cell
colours are decoration. Anything else raises
:class:`~sudokit.errors.UnknownConstraintError` naming the item: nothing is dropped.

>>> from sudokit.variants import Puzzle, KillerCage
>>> p = Puzzle(size=4, constraints=(KillerCage((0, 4), 3),))
>>> from_sudokupad(to_sudokupad(p)) == p
True
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from typing import Any
from urllib.parse import parse_qs, unquote, urlparse

from ..errors import CellOffGridError, InvalidConstraintError, InvalidFormatError, UnknownConstraintError
from ..limits import json_loads
from . import constraints as C
from .lzstring import decompress_from_base64
from .puzzle import Puzzle, box_shape
from .sclzip import unzip_scl
from .sudokupad_export import scl_dict, to_sudokupad

__all__ = ["from_sudokupad", "to_sudokupad", "sudokupad_dict", "is_sudokupad_text"]

_PREFIX = re.compile(r"^(fpuzzles|fpuz|scl|ctc|scf)(.*)$", re.DOTALL)
_HOSTS = ("sudokupad.app", "crackingthecryptic.com", "sudokupad.svencodes.com")
#: Top-level keys that hold no rule (editor settings, ids, metadata).
_PLUMBING = {"id", "cellSize", "cells", "regions", "cages", "lines", "arrows", "overlays", "underlays", "global",
             "metadata", "settings", "title", "author", "rules", "solution", "videos"}
_GLOBALS = {"antiknight", "antiking", "nonconsecutive", "disjoint", "antiratio", "antidifference", "antixv", "antix", "antiv"}
_META = re.compile(r"^\s*([A-Za-z]+)\s*:\s*(.*)$", re.DOTALL)
_EPS = 0.02


def is_sudokupad_text(text: str) -> bool:
    """True for a SudokuPad link or a bare ``scl``/``ctc`` puzzle string."""
    head = text.strip()[:200]
    if any(host in head for host in _HOSTS):
        return True
    return re.match(r"^(scl|ctc)[A-Za-z0-9+/=%-]{8,}", head) is not None


# ------------------------------------------------------------------ text -> object
def _puzzle_id(text: str) -> str:
    """The puzzle id of a link (or the text itself)."""
    text = text.strip()
    if "://" not in text and not text.startswith(_HOSTS):
        return text
    url = urlparse(text if "://" in text else "https://" + text)
    query = parse_qs(url.query)
    for key in ("puzzleid", "puzzle", "load"):
        if query.get(key):
            return query[key][0].replace(" ", "+")
    path = url.path.lstrip("/")
    for head in ("sudoku/", "puzzle/"):
        if path.startswith(head):
            path = path[len(head):]
    if not path:
        raise InvalidFormatError("the SudokuPad link names no puzzle")
    return path


def _decode(payload: str) -> Any:
    payload = payload.strip()
    if "%" in payload:
        payload = unquote(payload)
    text = payload if payload.startswith("{") else decompress_from_base64(payload)
    if text.lstrip().startswith('{"'):
        return json_loads(text)
    return unzip_scl(text)


def sudokupad_dict(text: str) -> dict[str, Any]:
    """The SCL puzzle object of a SudokuPad link, ``scl`` string, compact text or JSON.

    f-puzzles payloads (``fpuzzles...``) are returned as their f-puzzles JSON object."""
    ident = _puzzle_id(text)
    match = _PREFIX.match(ident)
    if match is None:
        if ident.startswith("{") or ident.startswith("N4Ig"):
            data = _decode(ident)
        elif re.fullmatch(r"[A-Za-z0-9_-]{1,40}", ident):
            raise InvalidFormatError(
                f"{ident!r} names a puzzle stored on SudokuPad's server; sudokit does not download puzzles "
                "(use a link that carries the puzzle: scl..., ctc... or fpuzzles...)"
            )
        else:
            data = _decode(ident)
    elif match[1] == "scf":
        raise UnknownConstraintError("SudokuPad's scf puzzle format is not supported (scl, ctc and fpuzzles are)",
                                     constraint="SudokuPad import")
    else:
        data = _decode(match[2])
    if not isinstance(data, dict):
        raise InvalidFormatError("not a SudokuPad puzzle (not a JSON object)")
    return data


def from_sudokupad(text: str) -> Puzzle:
    """A :class:`Puzzle` from a SudokuPad link, an ``scl``/``ctc``/``fpuzzles`` string, or SCL JSON."""
    ident = _puzzle_id(text)
    match = _PREFIX.match(ident)
    if match and match[1] in ("fpuzzles", "fpuz"):
        from .fpuzzles import from_fpuzzles

        return from_fpuzzles(unquote(match[2]) if "%" in match[2] else match[2])
    data = sudokupad_dict(text)
    if "grid" in data and "cells" not in data:  # f-puzzles JSON behind an unprefixed id
        from .fpuzzles import from_fpuzzles

        return from_fpuzzles(json.dumps(data))
    return _Reader(data).puzzle()


# ------------------------------------------------------------------ geometry helpers
def _num(value: Any, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise InvalidConstraintError(f"{value!r} is not a coordinate", constraint=where)
    return float(value)


def _point(value: Any, where: str) -> tuple[float, float]:
    if not isinstance(value, list) or len(value) != 2:
        raise InvalidConstraintError(f"{value!r} is not a [row, column] point", constraint=where)
    return _num(value[0], where), _num(value[1], where)


def _near(a: float, b: float) -> bool:
    return abs(a - b) < _EPS


def _colour(value: Any) -> tuple[int, int, int] | None:
    """(r, g, b) of '#rgb', '#rrggbb' or '#rrggbbaa'; None for anything else."""
    if not isinstance(value, str):
        return None
    text = value.strip().lstrip("#")
    if re.fullmatch(r"[0-9a-fA-F]{3,4}", text):
        text = "".join(ch * 2 for ch in text[:3])
    if not re.fullmatch(r"[0-9a-fA-F]{6}([0-9a-fA-F]{2})?", text):
        return None
    return int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16)


def _hue(value: Any) -> str:
    """'grey', 'green', 'magenta', 'black', 'white' or 'other' (the line and dot conventions)."""
    rgb = _colour(value)
    if rgb is None:
        return "other"
    r, g, b = rgb
    if max(rgb) - min(rgb) < 32:
        return "black" if max(rgb) < 64 else "white" if min(rgb) > 240 else "grey"
    if g > r + 48 and g > b + 48:
        return "green"
    if r > g + 48 and b > g + 48:
        return "magenta"
    return "other"


class _Reader:
    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        cells = data.get("cells")
        if not isinstance(cells, list) or not cells or any(not isinstance(row, list) for row in cells):
            raise InvalidFormatError("not a SudokuPad puzzle (no 'cells' rows)")
        self.n = n = len(cells)
        if n > 25 or any(len(row) != n for row in cells):
            raise InvalidFormatError(f"SudokuPad grid must be N rows of N cells with N at most 25 (got {n} rows)")
        self.out: list[C.Constraint] = []
        self.marks = [("overlay", k, m) for k, m in enumerate(self._list("overlays"))]
        self.marks += [("underlay", k, m) for k, m in enumerate(self._list("underlays"))]
        self.used: set[tuple[str, int]] = set()
        self.meta = self._metadata()

    def _list(self, key: str) -> list[dict[str, Any]]:
        value = self.data.get(key) or []
        if not isinstance(value, list) or any(not isinstance(v, dict) for v in value):
            raise InvalidConstraintError(f"'{key}' must be a list of objects", constraint=key)
        return value

    def _metadata(self) -> dict[str, str]:
        meta = {k: str(v) for k, v in (self.data.get("metadata") or {}).items()} if isinstance(self.data.get("metadata"), dict) else {}
        for key in ("title", "author", "rules"):
            if isinstance(self.data.get(key), str):
                meta.setdefault(key, self.data[key])
        for cage in self._list("cages"):
            match = _META.match(str(cage.get("value", ""))) if isinstance(cage.get("value"), str) else None
            if match:
                meta.setdefault(match[1].lower(), match[2])
        return meta

    # -------------------------------------------------------------- cells
    def cell_at(self, point: tuple[float, float], where: str, outside: bool = False) -> tuple[int, int]:
        r, c = math.floor(point[0]), math.floor(point[1])
        low = -1 if outside else 0
        if not (low <= r < self.n - low and low <= c < self.n - low):
            raise CellOffGridError(f"point {list(point)} is off the {self.n}x{self.n} grid", constraint=where)
        return r, c

    def cell_ref(self, value: Any, where: str) -> int:
        """A cell given as [row, column] (0-based) or 'r1c1'."""
        if isinstance(value, str):
            match = re.fullmatch(r"[rR](\d+)[cC](\d+)", value.strip())
            if not match:
                raise InvalidConstraintError(f"{value!r} is not a cell", constraint=where)
            r, c = int(match[1]) - 1, int(match[2]) - 1
        elif isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            r, c = value
        else:
            raise InvalidConstraintError(f"{value!r} is not a cell", constraint=where)
        if not (0 <= r < self.n and 0 <= c < self.n):
            raise CellOffGridError(f"cell {value!r} is off the {self.n}x{self.n} grid", constraint=where)
        return r * self.n + c

    def cell_list(self, value: Any, where: str) -> tuple[int, ...]:
        """Cells given as a list of [row, column] pairs or 'r1c1' names."""
        if value is None:
            return ()
        if not isinstance(value, list):
            raise InvalidConstraintError(f"cells must be a list, got {value!r}", constraint=where)
        return tuple(self.cell_ref(c, where) for c in value)

    def path(self, points: Sequence[tuple[float, float]], where: str) -> tuple[int, ...]:
        """The cells a line visits through its way points (straight runs filled in)."""
        n, out = self.n, list[int]()
        for point in points:
            r, c = self.cell_at(point, where)
            if out:
                pr, pc = divmod(out[-1], n)
                dr, dc = r - pr, c - pc
                if dr and dc and abs(dr) != abs(dc):
                    raise InvalidConstraintError(f"jumps from r{pr + 1}c{pc + 1} to r{r + 1}c{c + 1}", constraint=where)
                steps = max(abs(dr), abs(dc))
                out.extend((pr + s * (dr > 0) - s * (dr < 0)) * n + pc + s * (dc > 0) - s * (dc < 0) for s in range(1, steps + 1))
            else:
                out.append(r * n + c)
        return tuple(out)

    def waypoints(self, item: dict[str, Any], where: str) -> list[tuple[float, float]]:
        points = item.get("wayPoints")
        if not isinstance(points, list) or len(points) < 2:
            raise InvalidConstraintError("needs at least two way points", constraint=where)
        return [_point(p, where) for p in points]

    def mark_at(self, point: tuple[float, float], test: Any) -> tuple[str, int, dict[str, Any]] | None:
        """The first unused overlay/underlay centred at ``point`` that passes ``test``."""
        for kind, k, mark in self.marks:
            if (kind, k) in self.used or not isinstance(mark.get("center"), list):
                continue
            try:
                centre = _point(mark["center"], f"{kind} {k + 1}")
            except InvalidConstraintError:
                continue
            if _near(centre[0], point[0]) and _near(centre[1], point[1]) and test(mark):
                return kind, k, mark
        return None

    def take(self, found: tuple[str, int, dict[str, Any]] | None) -> bool:
        if found is not None:
            self.used.add((found[0], found[1]))
        return found is not None

    # -------------------------------------------------------------- the whole puzzle
    def puzzle(self) -> Puzzle:
        unknown = sorted(k for k, v in self.data.items() if k not in _PLUMBING and v not in (None, False, [], {}, ""))
        if unknown:
            raise UnknownConstraintError(f"SudokuPad feature(s) not supported: {', '.join(unknown)}", constraint="SudokuPad import")
        givens = self.givens()
        regions = self.regions()
        self.cages()
        self.lines()
        self.arrows()
        self.loose_marks()
        self.global_rules()
        return Puzzle(size=self.n, givens=givens, regions=regions, boxes=None if regions is None and not self.data.get("regions") else (),
                      constraints=tuple(self.out), title=self.meta.get("title", ""))

    def givens(self) -> tuple[int, ...]:
        out = []
        for r, row in enumerate(self.data["cells"]):
            for c, cell in enumerate(row):
                value = cell.get("value") if isinstance(cell, dict) else None
                if isinstance(value, str) and value.strip().isdigit():
                    value = int(value)
                if value in (None, "", 0):
                    value = 0
                if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= self.n:
                    raise InvalidConstraintError(f"given {value!r} is not a digit 1..{self.n}", constraint="cells",
                                                 cell=r * self.n + c, size=self.n)
                out.append(value)
        return tuple(out)

    def regions(self) -> tuple[tuple[int, ...], ...] | None:
        raw = self.data.get("regions") or []
        if not isinstance(raw, list):
            raise InvalidConstraintError("'regions' must be a list of cell lists", constraint="regions")
        regions = [tuple(sorted(self.cell_list(region, f"region {k + 1}"))) for k, region in enumerate(raw)]
        if not regions:
            return None
        n, (br, bc) = self.n, box_shape(self.n)
        standard = sorted(tuple(sorted((top + r) * n + left + c for r in range(br) for c in range(bc)))
                          for top in range(0, n, br) for left in range(0, n, bc))
        return None if sorted(regions) == standard else tuple(regions)

    def cages(self) -> None:
        disjoint = False
        for k, cage in enumerate(self._list("cages")):
            where = f"cage {k + 1}"
            value = cage.get("value")
            if isinstance(value, str) and _META.match(value) and not value.strip().lstrip("-").isdigit():
                continue  # metadata ("title: ...", "rules: ...", "solution: ...")
            cells = self.cell_list(cage.get("cells"), where)
            style, kind = cage.get("style"), cage.get("type")
            if kind == "disjoint":
                disjoint = True
                continue
            if style == "extraregion":
                self.out.append(C.ExtraRegion(cells))
                continue
            if cage.get("hidden") or style not in (None, "killer", "box"):
                raise UnknownConstraintError(f"a cage of style {style!r}{' (hidden)' if cage.get('hidden') else ''} is not supported",
                                             constraint=where)
            if not cells:
                continue
            if cage.get("unique") is False:
                raise UnknownConstraintError("a sum cage whose digits may repeat is not supported", constraint=where)
            total = cage.get("sum", value)
            if total in (None, "", "?"):
                self.out.append(C.KillerCage(cells, None))
            elif isinstance(total, int) or (isinstance(total, str) and total.strip().isdigit()):
                self.out.append(C.KillerCage(cells, int(total)))
            else:
                raise UnknownConstraintError(f"a cage labelled {total!r} is not a killer sum", constraint=where)
        if disjoint and "disjoint" not in self._globals():
            self.out.append(C.DisjointGroups())

    # -------------------------------------------------------------- lines
    def lines(self) -> None:
        n = self.n
        for k, line in enumerate(self._list("lines")):
            where = f"line {k + 1}"
            points = self.waypoints(line, where)
            if line.get("opacity") is not None and self._is_bulb(points):
                continue  # a multi-cell arrow circle, read with its arrow
            if len(points) == 2 and {points[0], points[1]} in ({(0.0, 0.0), (n, n)}, {(0.0, float(n)), (float(n), 0.0)}):
                self.out.append(C.Diagonal("main" if (0.0, 0.0) in points else "anti"))
                continue
            hue, thick = _hue(line.get("color")), _num(line.get("thickness", 1), where)
            if hue == "grey" and thick <= 4:
                self._between(points, where)
            elif hue == "grey" and self.take(self.mark_at(points[0], lambda m: m.get("rounded") and not m.get("text")
                                                         and _num(m.get("width", 0), where) >= 0.5)):
                self.out.append(C.Thermometer(self.path(points, where)))
            elif hue == "grey":
                self.out.append(C.Palindrome(self.path(points, where)))
            elif hue == "green":
                self.out.append(C.Whisper(self.path(points, where)))
            elif hue == "magenta":
                self.out.append(C.Renban(self.path(points, where)))
            else:
                raise UnknownConstraintError(f"a line coloured {line.get('color')!r}, {thick:g} thick, is not a known constraint",
                                             constraint=where)

    def _is_bulb(self, points: list[tuple[float, float]]) -> bool:
        return all(_near(p % 1, 0.5) and _near(q % 1, 0.5) for p, q in points)

    def _between(self, points: list[tuple[float, float]], where: str) -> None:
        cells = self.path(points, where)
        ends = [divmod(cells[0], self.n), divmod(cells[-1], self.n)]
        circle = [self.mark_at((r + 0.5, c + 0.5), lambda m: bool(m.get("rounded"))) for r, c in ends]
        if circle[0] is None or circle[1] is None:
            raise UnknownConstraintError("a thin grey line without circles at both ends is not a known constraint", constraint=where)
        self.take(circle[0])
        self.take(circle[1])
        self.out.append(C.Between(cells))

    # -------------------------------------------------------------- arrows
    def arrows(self) -> None:
        bulb_lines = [self.waypoints(line, f"line {k + 1}") for k, line in enumerate(self._list("lines"))
                      if line.get("opacity") is not None]
        by_circle: dict[tuple[int, ...], list[int]] = {}
        for k, arrow in enumerate(self._list("arrows")):
            where = f"arrow {k + 1}"
            points = self.waypoints(arrow, where)
            start = self.cell_at(points[0], where, outside=True)
            if not (0 <= start[0] < self.n and 0 <= start[1] < self.n):
                self._little_killer(start, points, where)
                continue
            cells = self.path(points, where)
            circle = self._circle(cells[0], bulb_lines, where)
            path = by_circle.setdefault(circle, [])
            path.extend(c for c in cells if c not in circle and c not in path)
        for circle, path in by_circle.items():
            self.out.append(C.Arrow(circle, tuple(path)))

    def _circle(self, cell: int, bulb_lines: list[list[tuple[float, float]]], where: str) -> tuple[int, ...]:
        r, c = divmod(cell, self.n)
        for kind, k, mark in self.marks:
            if not mark.get("rounded") or mark.get("text") not in (None, "") or not isinstance(mark.get("center"), list):
                continue
            (cr, cc), w, h = _point(mark["center"], where), _num(mark.get("width", 0), where), _num(mark.get("height", 0), where)
            if w < 0.5 or h < 0.5 or not (cr - h / 2 <= r + 0.5 <= cr + h / 2 and cc - w / 2 <= c + 0.5 <= cc + w / 2):
                continue
            self.used.add((kind, k))
            rows = range(math.floor(cr - h / 2 + 0.5), math.floor(cr + h / 2 - 0.5) + 1)
            cols = range(math.floor(cc - w / 2 + 0.5), math.floor(cc + w / 2 - 0.5) + 1)
            return tuple(rr * self.n + ccol for rr in rows for ccol in cols)
        for points in bulb_lines:
            cells = self.path(points, where)
            if cell in cells:
                return tuple(sorted(set(cells)))
        raise UnknownConstraintError(f"an arrow from r{r + 1}c{c + 1} without a circle is not a known constraint", constraint=where)

    def _little_killer(self, start: tuple[int, int], points: list[tuple[float, float]], where: str) -> None:
        dr, dc = points[1][0] - points[0][0], points[1][1] - points[0][1]
        if not (dr and dc and _near(abs(dr), abs(dc))):
            raise UnknownConstraintError("an arrow outside the grid that does not point along a diagonal is not supported",
                                         constraint=where)
        label = self.mark_at((start[0] + 0.5, start[1] + 0.5), lambda m: m.get("text") not in (None, ""))
        if label is None:
            raise UnknownConstraintError("a little killer arrow without its sum", constraint=where)
        self.take(label)
        total = self._int_text(label[2].get("text"), where)
        step = (1 if dr > 0 else -1, 1 if dc > 0 else -1)
        r, c, cells = start[0] + step[0], start[1] + step[1], []
        while 0 <= r < self.n and 0 <= c < self.n:
            cells.append(r * self.n + c)
            r, c = r + step[0], c + step[1]
        if not cells:
            raise InvalidConstraintError("a little killer arrow that misses the grid", constraint=where)
        self.out.append(C.LittleKiller(tuple(cells), total))

    @staticmethod
    def _int_text(text: Any, where: str) -> int:
        if isinstance(text, int) and not isinstance(text, bool):
            return text
        if isinstance(text, str) and text.strip().isdigit():
            return int(text)
        raise UnknownConstraintError(f"a clue {text!r} is not a number", constraint=where)

    # -------------------------------------------------------------- dots, letters, shapes
    def loose_marks(self) -> None:
        rules = self.meta.get("rules", "").lower()
        for kind, k, mark in self.marks:
            if (kind, k) in self.used:
                continue
            where = f"{kind} {k + 1}"
            if not isinstance(mark.get("center"), list):
                raise InvalidConstraintError("has no center", constraint=where)
            centre = _point(mark["center"], where)
            w, h = _num(mark.get("width", 0), where), _num(mark.get("height", 0), where)
            text = mark.get("text")
            text = "" if text is None else str(text).strip()
            fr, fc = centre[0] % 1, centre[1] % 1
            on_cell, on_row_edge, on_col_edge = _near(fr, 0.5) and _near(fc, 0.5), _near(fr, 0.5) and _near(fc, 0), _near(fr, 0) and _near(fc, 0.5)
            if on_cell and not text and w >= 0.9 and h >= 0.9:
                continue  # a cell colour: decoration
            if on_row_edge or on_col_edge:
                self._edge_mark(centre, on_row_edge, mark, text, w, where)
            elif on_cell and not text and 0.4 <= w <= 0.9 and _hue(mark.get("backgroundColor")) in ("grey", "white", "black"):
                cell = self.cell_ref([math.floor(centre[0]), math.floor(centre[1])], where)
                self.out.append(C.Parity(cell, odd=bool(mark.get("rounded"))))
            elif on_cell and text.isdigit() and self._outside(centre) is not None:
                line, index = self._outside(centre)  # type: ignore[misc]
                if "sandwich" not in rules:
                    raise UnknownConstraintError(f"an outside clue {text} whose rules do not say sandwich", constraint=where)
                self.out.append(C.Sandwich(line, index, int(text)))
            else:
                described = f"text {text!r}" if text else f"{'round' if mark.get('rounded') else 'square'} {w:g}x{h:g}"
                raise UnknownConstraintError(f"a mark ({described}) at {list(centre)} is not a known constraint", constraint=where)

    def _edge_mark(self, centre: tuple[float, float], row_edge: bool, mark: dict[str, Any], text: str, w: float, where: str) -> None:
        r, c = math.floor(centre[0]), round(centre[1]) if row_edge else math.floor(centre[1])
        a = (r, c - 1) if row_edge else (round(centre[0]) - 1, c)
        b = (r, c) if row_edge else (round(centre[0]), c)
        if not all(0 <= v < self.n for v in a + b):
            raise CellOffGridError(f"a mark at {list(centre)} is not between two cells", constraint=where)
        cells = (a[0] * self.n + a[1], b[0] * self.n + b[1])
        if text.upper() in ("X", "V"):
            self.out.append(C.XV(cells, 10 if text.upper() == "X" else 5))
            return
        fill = _hue(mark.get("backgroundColor"))
        if mark.get("rounded") and w <= 0.45 and fill in ("black", "white"):
            if text not in ("", "2" if fill == "black" else "1"):
                raise UnknownConstraintError(f"a Kropki dot labelled {text!r} is not supported", constraint=where)
            self.out.append(C.Kropki(cells, fill))
            return
        raise UnknownConstraintError(f"a mark ({text or 'no text'}) between two cells is not a known constraint", constraint=where)

    def _outside(self, centre: tuple[float, float]) -> tuple[str, int] | None:
        r, c, n = math.floor(centre[0]), math.floor(centre[1]), self.n
        if r in (-1, n) and 0 <= c < n:
            return "column", c
        if c in (-1, n) and 0 <= r < n:
            return "row", r
        return None

    # -------------------------------------------------------------- global rules
    def _globals(self) -> list[str]:
        raw = self.data.get("global") or []
        if not isinstance(raw, list) or any(not isinstance(g, str) for g in raw):
            raise InvalidConstraintError("'global' must be a list of rule names", constraint="global")
        return [g.lower() for g in raw]

    def global_rules(self) -> None:
        rules = self._globals()
        unknown = sorted(set(rules) - _GLOBALS)
        if unknown:
            raise UnknownConstraintError(f"global rule(s) not supported: {', '.join(unknown)}", constraint="global")
        white = any(isinstance(c, C.Kropki) and c.color == "white" for c in self.out)
        if "antiknight" in rules:
            self.out.append(C.AntiKnight())
        if "antiking" in rules:
            self.out.append(C.AntiKing())
        if "disjoint" in rules:
            self.out.append(C.DisjointGroups())
        anti_white = "antidifference" in rules or ("nonconsecutive" in rules and white)
        if "nonconsecutive" in rules and not white:
            self.out.append(C.NonConsecutive())
        if anti_white or "antiratio" in rules:
            self.out.append(C.KropkiNegative(white=anti_white, black="antiratio" in rules))
        x, v = "antixv" in rules or "antix" in rules, "antixv" in rules or "antiv" in rules
        if x or v:
            self.out.append(C.XVNegative(x=x, v=v))
