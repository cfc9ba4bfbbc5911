"""Read a variant puzzle from any text sudokit knows: its own JSON schema, f-puzzles JSON,
an f-puzzles/SudokuPad ``?load=`` link, or the bare LZ-String base64 string.

>>> load_variant('{"size": 4, "givens": ["1...", "....", "....", "...."]}').size
4
"""

from __future__ import annotations

import os

from ..errors import InvalidFormatError
from ..limits import json_loads
from .puzzle import Puzzle

__all__ = ["load_variant", "is_variant_source", "read_variant_file"]


def load_variant(text: str) -> Puzzle:
    """A :class:`Puzzle` from sudokit's JSON, f-puzzles JSON, a link or LZ-String base64."""
    stripped = text.strip()
    if stripped.startswith("{"):
        data = json_loads(stripped)  # bounded depth and numbers (sudokit.limits)
        if isinstance(data, dict) and "grid" in data:
            from .fpuzzles import from_fpuzzles

            return from_fpuzzles(stripped)
        return Puzzle.from_json(data)
    from .fpuzzles import from_fpuzzles

    return from_fpuzzles(stripped)


def read_variant_file(path: str) -> Puzzle:
    """:func:`load_variant` of a file's text."""
    with open(path, encoding="utf-8") as stream:
        return load_variant(stream.read())


def _looks_like_variant_text(text: str) -> bool:
    head = text.lstrip()[:4096]
    if "load=" in head and "://" in head:
        return True
    if head.startswith("N4Ig"):  # LZ-String base64 of a text starting '{"'
        return True
    if head.startswith("{"):
        return '"puzzle"' not in head and ('"grid"' in head or '"constraints"' in head or '"size"' in head or '"givens"' in head)
    return False


def is_variant_source(source: str) -> bool:
    """True when a CLI input (file path or argument) holds a variant puzzle."""
    if os.path.isfile(source):
        try:
            with open(source, encoding="utf-8", errors="replace") as stream:
                return _looks_like_variant_text(stream.read(4096))
        except OSError:
            return False
    return _looks_like_variant_text(source)
