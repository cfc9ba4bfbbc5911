"""The documented JSON form of a variant puzzle (schema in docs/variants.md).

>>> from sudokit.variants import Puzzle, KillerCage
>>> p = Puzzle(size=4, constraints=(KillerCage((0, 1), 3),))
>>> puzzle_to_json(p)["constraints"]
[{'type': 'killer', 'cells': ['r1c1', 'r1c2'], 'total': 3}]
>>> puzzle_from_json(puzzle_to_json(p)) == p
True
"""

from __future__ import annotations

import re
from dataclasses import fields
from typing import Any

from ..errors import InvalidConstraintError, InvalidFormatError, UnknownConstraintError
from ..limits import json_loads
from .constraints import CONSTRAINT_TYPES, Constraint
from .puzzle import DIGIT_CHARS, Puzzle, cell_name

__all__ = ["puzzle_to_json", "puzzle_from_json", "parse_cell"]

_CELL = re.compile(r"^r(\d+)c(\d+)$", re.IGNORECASE)


def parse_cell(text: object, size: int, where: str, width: int | None = None) -> int:
    """0-based index of an ``r1c1`` cell name on a ``size`` x ``width`` (default square)
    grid; CellOffGridError-style errors name ``where``."""
    from ..errors import CellOffGridError

    width = size if width is None else width
    match = _CELL.match(text) if isinstance(text, str) else None
    if not match:
        raise InvalidConstraintError(f"{text!r} is not a cell name like 'r1c1'", constraint=where)
    r, c = int(match[1]) - 1, int(match[2]) - 1
    if not (0 <= r < size and 0 <= c < width):
        raise CellOffGridError(f"cell {text} is off the {size}x{width} grid", constraint=where)
    return r * width + c


def puzzle_to_json(p: Puzzle) -> dict[str, Any]:
    """The JSON-ready dict of a puzzle."""
    n, w = p.size, p.width
    out: dict[str, Any] = {"size": n}
    if p.regions is not None:
        out["regions"] = [[cell_name(c, n) for c in r] for r in p.regions]
    else:
        out["boxes"] = list(p.boxes) if p.boxes is not None else None
    if p.grids is not None:
        out["grids"] = [list(g) for g in p.grids]
    out["givens"] = [
        "".join(DIGIT_CHARS[d - 1] if d else "." if p.is_active(r * w + c) else "-" for c, d in enumerate(row)) for r, row in enumerate(p.to_list())
    ]
    if p.candidates is not None:
        out["candidates"] = [
            ["".join(DIGIT_CHARS[d] for d in range(n) if m >> d & 1) for m in p.candidates[r * w : r * w + w]] for r in range(p.height)
        ]
    out["constraints"] = [_constraint_to_json(c, w) for c in p.constraints]
    if p.title:
        out["title"] = p.title
    return out


def _constraint_to_json(con: Constraint, n: int) -> dict[str, Any]:
    out: dict[str, Any] = {"type": con.kind}
    for name, value in con.field_values().items():
        if name in con.cell_fields:
            value = [cell_name(c, n) for c in value] if isinstance(value, tuple) else cell_name(value, n)
        out[name] = value
    return out


def puzzle_from_json(data: Any) -> Puzzle:
    """Read the JSON form (a dict, or a string holding it)."""
    if isinstance(data, (str, bytes)):
        data = json_loads(data if isinstance(data, str) else data.decode("utf-8", "replace"))  # bounded depth/numbers
    if not isinstance(data, dict):
        raise InvalidFormatError("a variant puzzle is a JSON object")
    n = data.get("size", 9)
    if not isinstance(n, int) or not 1 <= n <= 25:
        raise InvalidFormatError(f"size must be 1..25, got {n!r}")
    kwargs: dict[str, Any] = {"size": n, "title": str(data.get("title", ""))}
    if "regions" in data and data["regions"] is not None:
        kwargs["regions"] = tuple(tuple(parse_cell(c, n, f"region {k + 1}") for c in r) for k, r in enumerate(_list(data["regions"], "regions")))
    elif "boxes" in data:
        kwargs["boxes"] = None if data["boxes"] is None else tuple(_list(data["boxes"], "boxes"))
    h = w = n
    if data.get("grids") is not None:  # overlapping grids: the canvas they span
        kwargs["grids"] = tuple(tuple(g) if isinstance(g, list) else g for g in _list(data["grids"], "grids"))
        shape = Puzzle(size=n, boxes=kwargs.get("boxes", ()), grids=kwargs["grids"])
        h, w = shape.height, shape.width
    kwargs["givens"] = _givens(data.get("givens"), h, w, n)
    if data.get("candidates") is not None:
        kwargs["candidates"] = _candidates(data["candidates"], h, w, n)
    kwargs["constraints"] = tuple(_constraint_from_json(c, (h, w), n, k) for k, c in enumerate(_list(data.get("constraints", []), "constraints")))
    return Puzzle(**kwargs)


def _list(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise InvalidFormatError(f"{what} must be a list, got {type(value).__name__}")
    return value


def _givens(value: Any, h: int, w: int, n: int) -> tuple[int, ...]:
    """Givens of an ``h`` x ``w`` canvas (N x N for one grid) of size-``n`` digits."""
    if value is None:
        return (0,) * (h * w)
    rows = _list(value, "givens")
    if len(rows) != h:
        raise InvalidFormatError(f"givens must have {h} rows, got {len(rows)}")
    out: list[int] = []
    for r, row in enumerate(rows):
        if isinstance(row, str):
            if len(row) != w:
                raise InvalidFormatError(f"givens row {r + 1} must have {w} characters", line=r + 1)
            for c, ch in enumerate(row.upper()):
                if ch in ".0-":
                    out.append(0)
                elif ch in DIGIT_CHARS[:n]:
                    out.append(DIGIT_CHARS.index(ch) + 1)
                else:
                    raise InvalidFormatError(f"{ch!r} is not a digit of a size-{n} grid", line=r + 1, column=c + 1)
        elif isinstance(row, list) and len(row) == w and all(isinstance(d, int) and not isinstance(d, bool) for d in row):
            out.extend(row)
        else:
            raise InvalidFormatError(f"givens row {r + 1} must be a string or a list of {w} ints", line=r + 1)
    return tuple(out)


def _candidates(value: Any, h: int, w: int, n: int) -> tuple[int, ...]:
    rows = _list(value, "candidates")
    masks: list[int] = []
    for r, row in enumerate(rows):
        if not isinstance(row, list) or len(row) != w:
            raise InvalidFormatError(f"candidates row {r + 1} must list {w} cells", line=r + 1)
        for text in row:
            if not isinstance(text, str) or any(ch not in DIGIT_CHARS[:n] for ch in text.upper()):
                raise InvalidFormatError(f"candidates must be strings of digits, got {text!r}", line=r + 1)
            masks.append(sum(1 << DIGIT_CHARS.index(ch) for ch in set(text.upper())))
    if len(masks) != h * w:
        raise InvalidFormatError(f"candidates must have {h} rows")
    return tuple(masks)


def _constraint_from_json(item: Any, shape: tuple[int, int], n: int, k: int) -> Constraint:
    where = f"constraint {k + 1}"
    if not isinstance(item, dict) or "type" not in item:
        raise InvalidConstraintError("must be an object with a 'type'", constraint=where)
    cls = CONSTRAINT_TYPES.get(item["type"])
    if cls is None:
        raise UnknownConstraintError(f"unknown constraint type {item['type']!r} (known: {', '.join(sorted(CONSTRAINT_TYPES))})", constraint=where)
    where = f"{item['type']} (constraint {k + 1})"
    known = {f.name for f in fields(cls)}
    extra = set(item) - known - {"type"}
    if extra:
        raise InvalidConstraintError(f"unknown field(s) {', '.join(sorted(extra))}", constraint=where)
    values: dict[str, Any] = {}
    for name in known & set(item):
        value = item[name]
        if name in cls.cell_fields:
            value = tuple(parse_cell(c, shape[0], where, shape[1]) for c in _list(value, name)) if isinstance(value, list) else parse_cell(value, shape[0], where, shape[1])
        values[name] = value
    try:
        return cls(**values)
    except TypeError as exc:
        raise InvalidConstraintError(str(exc), constraint=where) from None
