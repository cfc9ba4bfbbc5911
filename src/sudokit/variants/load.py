"""Read a variant puzzle from any text sudokit knows: its own JSON schema, f-puzzles JSON,
an f-puzzles/SudokuPad ``?load=`` link, the bare LZ-String base64 string, a SudokuPad link
(``sudokupad.app/scl...``, ``?puzzleid=...``) or ``scl``/``ctc`` string, or SCL JSON.

>>> load_variant('{"size": 4, "givens": ["1...", "....", "....", "...."]}').size
4
"""

from __future__ import annotations

import os

from ..errors import InvalidFormatError
from ..limits import json_loads
from .puzzle import Puzzle

__all__ = ["load_variant", "is_variant_source", "is_variant_text", "read_variant_file"]


def load_variant(text: str) -> Puzzle:
    """A :class:`Puzzle` from sudokit's JSON, f-puzzles JSON, SCL JSON, an f-puzzles or
    SudokuPad link, an ``scl`` string or LZ-String base64."""
    from .sudokupad import from_sudokupad, is_sudokupad_text

    stripped = text.strip()
    if stripped.startswith("{"):
        if not stripped.startswith('{"') and not stripped.startswith("{}"):
            return from_sudokupad(stripped)  # SudokuPad's compact text (unquoted keys)
        data = json_loads(stripped)  # bounded depth and numbers (sudokit.limits)
        if isinstance(data, dict) and "grid" in data:
            from .fpuzzles import from_fpuzzles

            return from_fpuzzles(stripped)
        if isinstance(data, dict) and "cells" in data and "size" not in data:
            return from_sudokupad(stripped)
        return Puzzle.from_json(data)
    if is_sudokupad_text(stripped):
        return from_sudokupad(stripped)
    from .fpuzzles import from_fpuzzles

    return from_fpuzzles(stripped)


def read_variant_file(path: str) -> Puzzle:
    """:func:`load_variant` of a file's text."""
    with open(path, encoding="utf-8") as stream:
        return load_variant(stream.read())


def is_variant_text(text: str) -> bool:
    """True when ``text`` (a puzzle itself, not a file name) reads as a variant puzzle: a
    JSON object in one of the schemas above, an f-puzzles/SudokuPad link or base64 string."""
    head = text.lstrip()[:4096]
    if "load=" in head and "://" in head:
        return True
    if head.startswith("N4Ig"):  # LZ-String base64 of a text starting '{"'
        return True
    from .sudokupad import is_sudokupad_text

    if is_sudokupad_text(head):
        return True
    if head.startswith("{"):
        return '"puzzle"' not in head and ('"grid"' in head or '"constraints"' in head or '"size"' in head or '"givens"' in head
                                           or '"cells"' in head or head.startswith("{ce:") or head.startswith("{id:"))
    return False


def is_variant_source(source: str) -> bool:
    """True when a CLI input (file path or argument) holds a variant puzzle."""
    if os.path.isfile(source):
        try:
            with open(source, encoding="utf-8", errors="replace") as stream:
                return is_variant_text(stream.read(4096))
        except OSError:
            return False
    return is_variant_text(source)
