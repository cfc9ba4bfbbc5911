"""SudokuPad export: the ``scl`` string (or sudokupad.app link) of a :class:`Puzzle`, drawn
with the conventions :mod:`sudokit.variants.sudokupad` reads (those of SudokuPad's own
f-puzzles converter). Written for links and for the import's round-trip tests.

>>> from sudokit.variants import Puzzle, Diagonal
>>> to_sudokupad(Puzzle(size=4, constraints=(Diagonal(),)), link=True)[:25]
'https://sudokupad.app/scl'
"""

from __future__ import annotations

import math
from typing import Any

from ..errors import UnknownConstraintError
from . import constraints as C
from .lzstring import compress_to_base64
from .puzzle import Puzzle
from .sclzip import zip_scl

__all__ = ["to_sudokupad", "scl_dict"]


def to_sudokupad(puzzle: Puzzle, *, link: bool = False) -> str:
    """The ``scl`` string of ``puzzle`` (``link``: as a sudokupad.app link), drawn with the
    conventions :func:`from_sudokupad` reads."""
    text = "scl" + compress_to_base64(zip_scl(scl_dict(puzzle)))
    return f"https://sudokupad.app/{text}" if link else text


def scl_dict(p: Puzzle) -> dict[str, Any]:
    """The SCL puzzle object of ``puzzle`` (long property names)."""
    n = p.size
    if p.candidates is not None:
        raise UnknownConstraintError("SudokuPad links cannot carry sukaku candidates", constraint="candidates")
    if getattr(p, "grids", None):
        raise UnknownConstraintError("the SudokuPad writer draws one grid, not overlapping grids", constraint="grids")
    out: dict[str, Any] = {"cellSize": 50, "cells": [[{"value": p.givens[r * n + c]} if p.givens[r * n + c] else {}
                                                      for c in range(n)] for r in range(n)]}
    out["regions"] = [[[cell // n, cell % n] for cell in region] for region in p.region_list()]
    for key in ("cages", "lines", "arrows", "overlays", "underlays", "global"):
        out[key] = []
    if p.title:
        out["cages"].append({"value": f"title: {p.title}"})
    for k, con in enumerate(p.constraints):
        _export_one(out, con, p, k)
    return {key: value for key, value in out.items() if value != []}


def _centre(cell: int, n: int) -> list[float]:
    return [cell // n + 0.5, cell % n + 0.5]


def _edge(cells: tuple[int, ...], n: int) -> list[float]:
    a, b = _centre(cells[0], n), _centre(cells[1], n)
    return [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2]


def _export_one(out: dict[str, Any], con: C.Constraint, p: Puzzle, k: int) -> None:
    n = p.size

    def pts(cells: tuple[int, ...]) -> list[list[float]]:
        return [_centre(c, n) for c in cells]

    flags = {C.AntiKnight: "antiknight", C.AntiKing: "antiking", C.DisjointGroups: "disjoint", C.NonConsecutive: "nonconsecutive"}
    if type(con) in flags:
        out["global"].append(flags[type(con)])
    elif isinstance(con, C.KropkiNegative):
        out["global"].extend((["antidifference"] if con.white else []) + (["antiratio"] if con.black else []))
    elif isinstance(con, C.XVNegative):
        out["global"].append("antixv" if con.x and con.v else "antix" if con.x else "antiv")
    elif isinstance(con, C.Diagonal):
        out["lines"].append({"color": "#34BBE6", "thickness": 2, "wayPoints": [[0, 0], [n, n]] if con.direction == "main" else [[0, n], [n, 0]]})
    elif isinstance(con, C.ExtraRegion):
        out["cages"].append({"cells": [[c // n, c % n] for c in con.cells], "style": "extraregion", "unique": True})
    elif isinstance(con, C.KillerCage):
        cage: dict[str, Any] = {"cells": [[c // n, c % n] for c in con.cells], "unique": True}
        if con.total is not None:
            cage["value"] = str(con.total)
        out["cages"].append(cage)
    elif isinstance(con, C.Thermometer) and not con.slow:
        out["underlays"].append({"borderColor": "#CFCFCF", "backgroundColor": "#CFCFCF", "center": _centre(con.cells[0], n),
                                 "rounded": True, "width": 0.85, "height": 0.85})
        out["lines"].append({"color": "#CFCFCF", "thickness": 21, "wayPoints": pts(con.cells)})
    elif isinstance(con, C.Palindrome):
        out["lines"].append({"color": "#CFCFCF", "thickness": 16, "wayPoints": pts(con.cells)})
    elif isinstance(con, C.Whisper) and con.difference == 5:
        out["lines"].append({"color": "#67F067", "thickness": 9.6, "wayPoints": pts(con.cells)})
    elif isinstance(con, C.Renban):
        out["lines"].append({"color": "#F067F0", "thickness": 9.6, "wayPoints": pts(con.cells)})
    elif isinstance(con, C.Between):
        for end in (con.cells[0], con.cells[-1]):
            out["overlays"].append({"borderColor": "#CFCFCF", "backgroundColor": "#FFFFFF", "center": _centre(end, n),
                                    "rounded": True, "width": 0.8, "height": 0.8})
        out["lines"].append({"color": "#CFCFCF", "thickness": 2, "wayPoints": pts(con.cells)})
    elif isinstance(con, C.Arrow):
        _export_arrow(out, con, n, k, p)
    elif isinstance(con, C.Kropki):
        out["overlays"].append({"borderColor": "#000000", "backgroundColor": "#000000" if con.color == "black" else "#FFFFFF",
                                "center": _edge(con.cells, n), "rounded": True, "width": 0.3, "height": 0.3})
    elif isinstance(con, C.XV):
        out["overlays"].append({"backgroundColor": "#FFFFFF", "center": _edge(con.cells, n), "rounded": False,
                                "width": 0.25, "height": 0.25, "fontSize": 21, "text": "X" if con.total == 10 else "V"})
    elif isinstance(con, C.Parity):
        out["underlays"].append({"backgroundColor": "#CFCFCF", "center": _centre(con.cell, n), "rounded": con.odd,
                                 "width": 0.7, "height": 0.7})
    elif isinstance(con, C.LittleKiller):
        _export_little_killer(out, con, n, p, k)
    elif isinstance(con, C.Sandwich):
        centre = [con.index + 0.5, -0.5] if con.line == "row" else [-0.5, con.index + 0.5]
        out["overlays"].append({"center": centre, "width": 0.25, "height": 0.25, "fontSize": 32, "text": str(con.total)})
        if not any("sandwich" in str(c.get("value", "")).lower() for c in out["cages"]):
            out["cages"].append({"value": "rules: sandwich sums: the digits between the 1 and the 9 add up to the clue"})
    else:
        raise UnknownConstraintError(f"the SudokuPad writer has no drawing for {con!r}", constraint=p.constraint_name(k))


def _export_arrow(out: dict[str, Any], con: C.Arrow, n: int, k: int, p: Puzzle) -> None:
    rows = sorted({c // n for c in con.circle})
    cols = sorted({c % n for c in con.circle})
    box = {r * n + c for r in range(rows[0], rows[-1] + 1) for c in range(cols[0], cols[-1] + 1)}
    if box != set(con.circle) or (len(rows) > 1 and len(cols) > 1):
        raise UnknownConstraintError("the SudokuPad writer draws arrow circles along one row or column", constraint=p.constraint_name(k))
    out["overlays"].append({"borderColor": "#a1a1a1", "backgroundColor": "#FFFFFF", "rounded": True,
                            "center": [(rows[0] + rows[-1] + 1) / 2, (cols[0] + cols[-1] + 1) / 2],
                            "width": 0.83 + cols[-1] - cols[0], "height": 0.83 + rows[-1] - rows[0]})
    # the shaft starts in the circle cell next to the first path cell
    start = min(con.circle, key=lambda c: max(abs(c // n - con.path[0] // n), abs(c % n - con.path[0] % n)))
    points = [_centre(start, n)] + [_centre(c, n) for c in con.path]
    dr, dc = points[1][0] - points[0][0], points[1][1] - points[0][1]
    dist = math.hypot(dr, dc)
    points[0] = [points[0][0] + round(0.4 * dr / dist, 2), points[0][1] + round(0.4 * dc / dist, 2)]
    out["arrows"].append({"color": "#a1a1a1", "thickness": 5, "headLength": 0.3, "wayPoints": points})


def _export_little_killer(out: dict[str, Any], con: C.LittleKiller, n: int, p: Puzzle, k: int) -> None:
    cells = con.cells
    r0, c0 = divmod(cells[0], n)

    def inside(r: int, c: int) -> bool:
        return 0 <= r < n and 0 <= c < n

    for dr, dc in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
        whole = [(r0 + j * dr) * n + c0 + j * dc for j in range(len(cells))]
        if list(cells) == whole and not inside(r0 - dr, c0 - dc) and not inside(r0 + len(cells) * dr, c0 + len(cells) * dc):
            break
    else:
        raise UnknownConstraintError("SudokuPad little killers run a whole diagonal from an outside clue", constraint=p.constraint_name(k))
    sr, sc = r0 - dr, c0 - dc
    centre = [sr + 0.5, sc + 0.5]
    out["arrows"].append({"color": "#000000", "thickness": 2, "wayPoints": [[centre[0] + 0.3 * dr, centre[1] + 0.3 * dc],
                                                                            [centre[0] + 0.48 * dr, centre[1] + 0.48 * dc]]})
    out["overlays"].append({"backgroundColor": "#FFFFFF", "center": centre, "width": 0.25, "height": 0.25, "fontSize": 28,
                            "text": str(con.total)})
