"""Resource limits on input: every reader rejects hostile input early, in bounded memory.

Nothing here is a tuning knob for normal data (a puzzle record is under 1 KiB); the
limits exist so that a hostile or mistaken input (a 1 GB line, ``[[[[...`` nested
100,000 deep, a 5,000-digit number, a ``.npy`` header claiming 4 GB) costs at most a few
MiB and ends in :class:`~sudokit.errors.InvalidFormatError`, never a memory blow-up, a
``RecursionError`` or a traceback. See SECURITY.md for where each is checked.

=========================  ===========  =================================================
limit                      value        applies to
=========================  ===========  =================================================
``MAX_PUZZLE_CHARS``       10,000       text given to :meth:`Grid.parse` (a pretty grid
                                        with decoration is a few hundred characters)
``MAX_LINE_CHARS``         1 MiB        one line of a text collection or a CLI input
                                        file; checked while reading, in chunks
``MAX_WHOLE_BYTES``        16 MiB       input read whole: single-puzzle formats, a JSON
                                        document not in the one-object-a-line layout
``MAX_JSON_DEPTH``         32           nesting of arrays and objects in any JSON input
``MAX_JSON_DIGITS``        40           digits of one JSON number (seeds are 64-bit)
``MAX_NPY_HEADER``         10,000       bytes of a ``.npy`` header (NumPy's own limit)
=========================  ===========  =================================================

Searches are bounded separately: ``count_solutions(limit=)``, the generator's
``time_budget`` and attempt caps, node budgets of the teaching solvers.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from typing import IO, Any

from .errors import InvalidFormatError

__all__ = [
    "MAX_PUZZLE_CHARS", "MAX_LINE_CHARS", "MAX_WHOLE_BYTES", "MAX_JSON_DEPTH",
    "MAX_JSON_DIGITS", "MAX_NPY_HEADER", "bounded_lines", "joined", "read_bounded", "json_loads",
]

MAX_PUZZLE_CHARS = 10_000
MAX_LINE_CHARS = 1 << 20
MAX_WHOLE_BYTES = 16 << 20
MAX_JSON_DEPTH = 32
MAX_JSON_DIGITS = 40
MAX_NPY_HEADER = 10_000

_CHUNK = 1 << 20  # characters per read of bounded_lines


def _where(source: str | None, line: int | None) -> str:
    parts = [str(p) for p in (source, line) if p is not None]
    return ":".join(parts) + ": " if parts else ""


def too_long(what: str, limit: int, source: str | None = None, line: int | None = None) -> InvalidFormatError:
    """The error for input over a limit (located like a format error)."""
    exc = InvalidFormatError(f"{_where(source, line)}{what} is longer than the limit of {limit:,} characters (is this a puzzle file?)")
    exc.line = line
    return exc


def bounded_lines(stream: IO[str] | Iterable[str], source: str | None = None, limit: int = MAX_LINE_CHARS) -> Iterator[str]:
    """The lines of a text stream (each ending in ``\\n`` but perhaps the last), read in
    chunks of 1 MiB: a line longer than ``limit`` raises :class:`InvalidFormatError`
    naming it as soon as ``limit`` characters of it are read, whatever its full size.

    Any other iterable of strings is checked line by line (it is already in memory).
    """
    read = getattr(stream, "read", None)
    if read is None:
        for number, line in enumerate(stream, start=1):
            if len(line) > limit:
                raise too_long(f"line {number}", limit, source, number)
            yield line
        return
    carry, number = "", 0
    while chunk := read(_CHUNK):
        parts = (carry + chunk).split("\n") if carry else chunk.split("\n")
        carry = parts.pop()
        for part in parts:
            number += 1
            if len(part) > limit:
                raise too_long("line", limit, source, number)
            yield part + "\n"
        if len(carry) > limit:
            raise too_long("line", limit, source, number + 1)
    if carry:
        yield carry


def read_bounded(stream: IO[Any], source: str | None, limit: int = MAX_WHOLE_BYTES) -> Any:
    """Read a whole stream (bytes or str) that must not exceed ``limit``; reads at most
    ``limit + 1`` units, so a huge or endless input costs no more than the limit."""
    data = stream.read(limit + 1)
    if len(data) > limit:
        raise _too_large(source, limit)
    return data


def _too_large(source: str | None, limit: int) -> InvalidFormatError:
    return InvalidFormatError(
        f"{_where(source, None)}too large to read whole (limit {limit:,} bytes for single-puzzle formats "
        "and JSON documents); use a line-based collection format (txt, csv, jsonl)"
    )


def joined(lines: Iterable[str], source: str | None, limit: int = MAX_WHOLE_BYTES) -> str:
    """The lines as one text, for formats read whole; stops with an error past ``limit``."""
    parts, size = [], 0
    for line in lines:
        size += len(line)
        if size > limit:
            raise _too_large(source, limit)
        parts.append(line)
    return "".join(parts)


_STRUCTURE = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def json_depth_ok(text: str, limit: int = MAX_JSON_DEPTH) -> bool:
    """True when arrays/objects nest at most ``limit`` deep (strings are skipped)."""
    if text.count("[") + text.count("{") <= limit:
        return True  # cannot nest deeper than there are brackets: the common case, in C
    depth = 0
    for match in _STRUCTURE.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > limit:
                return False
        elif token in "]}":
            depth -= 1
    return True


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_JSON_DIGITS:
        raise _NumberTooLong(text)
    return int(text)


def _bounded_float(text: str) -> float:
    if len(text) > MAX_JSON_DIGITS + 10:
        raise _NumberTooLong(text)
    return float(text)


class _NumberTooLong(ValueError):
    pass


def json_loads(text: str, source: str | None = None, line: int | None = None) -> Any:
    """``json.loads`` within the limits: depth, number size, and every failure of the
    decoder (syntax, RecursionError, huge integers) as :class:`InvalidFormatError`."""
    if not json_depth_ok(text):
        raise _json_error(f"nested deeper than {MAX_JSON_DEPTH} levels", source, line)
    try:
        return json.loads(text, parse_int=_bounded_int, parse_float=_bounded_float)
    except json.JSONDecodeError as exc:
        raise _json_error(f"not valid JSON: {exc.msg}", source, line if line is not None else exc.lineno, exc.colno) from None
    except _NumberTooLong as exc:
        raise _json_error(f"a number has more than {MAX_JSON_DIGITS} digits ({str(exc.args[0])[:12]}...)", source, line) from None
    except (RecursionError, ValueError, MemoryError) as exc:  # belt and braces: the checks above should catch these
        raise _json_error(f"not valid JSON: {type(exc).__name__}", source, line) from None


def _json_error(message: str, source: str | None, line: int | None, column: int | None = None) -> InvalidFormatError:
    """Located like :func:`sudokit.formats._errors.format_error`: ``source:line:column: ...``."""
    parts = [str(p) for p in (source, line, column) if p is not None]
    exc = InvalidFormatError(f"{':'.join(parts)}: {message}" if parts else message)
    exc.line, exc.column = line, column
    return exc
