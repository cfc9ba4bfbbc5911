"""Telling formats apart: by extension first, then by the first bytes of the content.

Extensions that several formats share (``.txt``, ``.json``, none at all) are decided by
content, in this order:

1. binary magic: ``\\x93NUMPY`` is ``npy``, ``PAR1`` is ``parquet``;
2. JSON: an object with ``"kind"`` naming ipuz is ``ipuz``; several one-line objects are
   ``jsonl``; one object is ``json``; a list of lists is ``leetcode``;
3. marked text: a ``[Puzzle]`` section is SadMan ``sdk``; ``:dddd:x:`` lines are HoDoKu's
   library format (``hodoku``);
4. lines: 729 candidate characters (on one line or nine of 81) are ``sukaku``; a comma-separated first
   line whose first field is a puzzle or a known column name is ``csv``; an 81-character
   first line is ``line`` when it is the only one, else ``txt``;
5. a multi-line grid: cells holding several digits make it a candidate grid (``pm``),
   otherwise compact ``xxx|xxx|xxx`` rows are Simple Sudoku ``ss`` and anything else is a
   ``pretty`` grid (all plain grids share one reader, so this only picks the writer).
"""

from __future__ import annotations

import os
import re

from ..errors import InvalidFormatError
from ..limits import json_loads
from ._errors import format_error
from ._registry import by_extension

__all__ = ["detect_format", "detect_text"]

_AMBIGUOUS = {"", ".txt", ".json", ".text", ".dat"}
_HODOKU_LIBRARY = re.compile(r"^:\d{4}(-\d)?:[^:]*:")
_GRID_CHARS = set("123456789.0_*|-+=:!'#@ \t")
_CSV_NAMES = {"puzzle", "puzzles", "quizzes", "quiz", "grid", "givens"}


def detect_format(path: str | os.PathLike[str] | None = None, head_bytes: bytes = b"") -> str:
    """The format name for a file, from its extension, else its first bytes.

    ``head_bytes`` should be the first few KiB of the content (more is fine).
    Raises :class:`~sudokit.errors.InvalidFormatError` when neither tells.
    """
    name = os.fspath(path) if path is not None else None
    if name:
        spec = by_extension(os.path.splitext(name)[1])
        if spec is not None and os.path.splitext(name)[1].lower() not in _AMBIGUOUS:
            return spec.name
    found = _sniff_binary(head_bytes)
    if found:
        return found
    text = head_bytes.decode("utf-8-sig", errors="replace").replace("\r\n", "\n").replace("\r", "\n")
    found = detect_text(text)
    if found:
        return found
    raise format_error("cannot tell the format from the extension or the content; name it (--from / format=)", name)


def _sniff_binary(head: bytes) -> str | None:
    if head.startswith(b"\x93NUMPY"):
        return "npy"
    if head.startswith(b"PAR1"):
        return "parquet"
    return None


def detect_text(text: str) -> str | None:
    """The format name of some text content, or ``None`` when it looks like nothing known."""
    lines = [ln.strip() for ln in text.split("\n")]
    content = [ln for ln in lines if ln and not ln.startswith("#")]
    if not content:
        return None
    first = content[0]
    if first.startswith(("{", "[")) and not first.startswith("[Puzzle]"):
        return _sniff_json(text, content)
    if any(ln.lower().startswith("[puzzle]") for ln in lines[:40]):
        return "sdk"
    if _HODOKU_LIBRARY.match(first):
        return "hodoku"
    return _sniff_lines(first, content)


def _sniff_json(text: str, content: list[str]) -> str | None:
    if content[0].startswith("["):
        # A board is a list of lists; our JSON collection is a list of objects or strings.
        inner = text.lstrip()[1:].lstrip()[:1]
        return "leetcode" if inner in ("[", "") else "json"
    if '"ipuz' in text or "ipuz.org" in text:
        return "ipuz"
    if len(content) > 1 and _is_json(content[0]):
        return "jsonl"  # a whole object on the first line, and more lines
    return "json"


def _is_json(text: str) -> bool:
    try:
        json_loads(text)  # bounded: a deep or huge first line is "not JSON", not a RecursionError
    except InvalidFormatError:
        return False
    return True


def _sniff_lines(first: str, content: list[str]) -> str | None:
    head = first.split(",", 1)[0].strip().strip('"').lower()
    if len(first) >= 729 and _is_729(first[:729]) and (len(first) == 729 or first[729] in " \t:;,|"):
        return "sukaku"
    if len(content) >= 9 and all(len(ln) == 81 for ln in content[:9]) and _is_729("".join(content[:9])):
        return "sukaku"  # the 9-lines-of-81 layout
    if "," in first and (head in _CSV_NAMES or (len(head) == 81 and _all_cells(head))):
        return "csv"
    if len(first) >= 81 and _all_cells(first[:81]) and (len(first) == 81 or first[81] in " \t:;,|"):
        return "line" if len(content) == 1 else "txt"
    grid_lines = [ln for ln in content[:30] if set(ln) <= _GRID_CHARS]
    if set(first) <= _GRID_CHARS and len(grid_lines) >= 9:
        return _sniff_grid(grid_lines)  # footers such as "Simple Sudoku / Version 4.2n" are skipped
    return None


def _is_729(text: str) -> bool:
    """Candidate characters: position k of each 9-character cell is ``k+1``, ``.`` or ``0``."""
    return all(ch in ".0" or ch == str(k % 9 + 1) for k, ch in enumerate(text))


def _all_cells(text: str) -> bool:
    return all(ch in "123456789.0_*" for ch in text)


def _sniff_grid(content: list[str]) -> str:
    """A candidate grid has rows of 9 space-separated cells, some of several digits
    (``| 158 27 3 | ...``); a plain grid has one character per cell."""
    for line in content:
        tokens = [t for t in re.split(r"[|:\s]+", line) if t]
        if len(tokens) == 9 and any(len(t) > 1 for t in tokens) and all(t.isdigit() or t in ".0" for t in tokens):
            return "pm"
    rows = [ln for ln in content if "---" not in ln]
    if rows and all("|" in ln and " " not in ln for ln in rows):
        return "ss"  # compact rows like 53.|.7.|...
    return "pretty"
