"""Where CLI commands get puzzles from: arguments, files, stdin or the bundled example."""

from __future__ import annotations

import errno
import io
import os
import re
import stat
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import IO, Any

from ..errors import SudokuError
from ..puzzlefile import Entry, example_text, iter_entries
from . import Streams


def iter_inputs(sources: Sequence[str], streams: Streams, on_error: Callable[[SudokuError], None] | None = None) -> Iterator[Entry]:
    """Puzzles from each source in order: ``-`` is stdin, an existing path is a file,
    anything else is a puzzle given on the command line. No sources: stdin when it is not
    a terminal (``cat f | sudokit solve``), else the bundled example.

    A damaged record ends its collection file (the reader cannot go on); with
    ``on_error`` it is reported there and the next source is read, else it is raised."""
    if not sources:
        if stdin_is_piped(streams):
            yield from iter_entries(streams.stdin, "<stdin>")
        else:
            yield from iter_entries(io.StringIO(example_text()), "<example>")
        return
    for number, source in enumerate(sources, start=1):
        if source == "-":
            yield from iter_entries(streams.stdin, "<stdin>")
        elif os.path.isfile(source) and _is_plain_text(source) or _is_pipe(source):
            with open(source, encoding="utf-8", errors="replace") as stream:
                yield from iter_entries(stream, source)
        elif os.path.isfile(source):
            try:
                yield from _iter_collection(source)
            except SudokuError as exc:
                if on_error is None:
                    raise
                on_error(exc)
        elif os.path.isdir(source):
            raise IsADirectoryError(21, "Is a directory (give the files in it)", source)
        elif os.path.exists(source):  # a device like /dev/zero: no lines to trust
            raise OSError(errno.EINVAL, "Not a regular file or a pipe", source)
        elif _looks_like_path(source):
            raise FileNotFoundError(2, "No such file (nor a puzzle of 81 cells)", source)
        else:
            yield Entry(f"<argument {number}>", 1, source)


def stdin_is_piped(streams: Streams) -> bool:
    """Whether stdin is a pipe or file rather than a terminal: commands with no operand read it.

    A closed, unreadable or missing stdin (like pytest's while it captures) counts as a
    terminal, and so does a character device such as ``/dev/null`` (the stdin of cron jobs,
    CI steps and ``docker exec`` without ``-i``): it cannot hold puzzles, and treating it as
    input would make ``sudokit solve`` print nothing there."""
    try:
        stdin = streams.stdin
        if stdin.closed or not stdin.readable() or stdin.isatty():
            return False
    except (AttributeError, ValueError, OSError):
        return False
    try:
        mode = os.fstat(stdin.fileno()).st_mode
    except (AttributeError, ValueError, OSError, io.UnsupportedOperation):
        return True  # an in-memory stream (tests, embedding): it is the input
    return not stat.S_ISCHR(mode)


def input_total(sources: Sequence[str]) -> int | None:
    """How many puzzles the sources hold, when that is cheap to know (puzzle arguments and
    plain text files: one puzzle a content line), else None (stdin, pipes, collections)."""
    total = 0
    for source in sources:
        if source == "-" or _is_pipe(source):
            return None
        if not os.path.isfile(source):
            total += 1  # a puzzle argument (or an error, which still gets its record)
        elif not _is_plain_text(source):
            return None
        else:
            total += _count_lines(source)
    return total if sources else None


def _count_lines(path: str) -> int:
    """Content lines of a text file (not blank, not a comment), read in large blocks."""
    count = 0
    with open(path, "rb") as stream:
        while lines := stream.readlines(1 << 22):
            count += sum(1 for raw in lines if raw.strip() and not raw.lstrip().startswith(b"#"))
    return count


def _is_pipe(path: str) -> bool:
    """A pipe or FIFO, like ``<(zcat puzzles.gz)`` (``/dev/fd/63``) or ``/dev/stdin``: text lines."""
    try:
        return stat.S_ISFIFO(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def _is_plain_text(path: str) -> bool:
    """One puzzle a line (the fast path), as opposed to a structured collection format."""
    return os.path.splitext(path)[1].lower() in ("", ".txt", ".text", ".line", ".lines")


def _iter_collection(path: str) -> Iterator[Entry]:
    """Puzzles of a CSV, JSONL, Parquet, .npy, .sdm, ... file; ``line`` is the record number."""
    from ..formats import read_collection

    for number, record in enumerate(read_collection(path), start=1):
        puzzle = record.puzzle
        grid = puzzle.to_grid() if hasattr(puzzle, "to_grid") else puzzle
        yield Entry(f"{path} record", number, str(grid))


def _looks_like_path(text: str) -> bool:
    """A name that did not resolve to a file, as opposed to a (maybe mistyped) puzzle or
    garbage (which is then reported as a bad puzzle, exit code 3, not a missing file)."""
    if os.sep in text or "/" in text or _EXTENSION.search(text):
        return True  # "no/such/file", "missing.txt", "123.csv"
    if len(text.strip()) >= 81 or "\n" in text:
        return False  # puzzle-sized: a puzzle with a typo
    if any(not (ch.isalnum() or ch in "_.-+~@,") for ch in text):
        return False  # spaces, punctuation, control characters: not a file name anyone typed
    cells = sum(1 for ch in text if ch in _CELLS)
    return 2 * cells < len(text)  # "puzzles" is a missing file; "12345" or "53..7" a short puzzle


_EXTENSION = re.compile(r"[^.]\.[A-Za-z][A-Za-z0-9]{1,7}$")
_CELLS = frozenset("123456789.0_*")


def progress(streams: Streams, enabled: bool | None, total: int | None = None, sources: Sequence[str] | None = None) -> Any:
    """A tqdm progress bar on stderr when it is a terminal (or when asked), else None.

    It shows a total and an ETA whenever the total is known: given as ``total`` (``-n``), or
    counted from ``sources`` when they are puzzle arguments and text files."""
    if enabled is None:
        enabled = _isatty(streams.stderr)
    if not enabled:
        return None
    from tqdm import tqdm

    if total is None and sources is not None:
        total = input_total(sources)
    return tqdm(file=streams.stderr, total=total, unit=" puzzles", dynamic_ncols=True, mininterval=0.5)


def _isatty(stream: IO[str]) -> bool:
    try:
        return stream.isatty() and stream is sys.stderr
    except (AttributeError, ValueError):
        return False
