"""``sudokit solve``, ``sudokit count`` and ``sudokit check``: the batch solving commands.

Puzzles stream through in chunks: each chunk is validated in Python, solved in one
kernel call (on ``--threads`` threads) and written out before the next is read, so a
file of millions of lines never sits in memory and Ctrl-C loses nothing written.
"""

from __future__ import annotations

import argparse
from array import array
from collections import deque
from concurrent.futures import Future, ThreadPoolExecutor
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple
from itertools import groupby, islice

from .. import errors
from ..grid import Grid
from ..puzzlefile import Entry
from ..solver import _CELL_BYTES, _TO_DOT, BAD_INPUT, _explain_zero, _puzzle_bytes, _run_batch
from . import ExitCode, Streams, exit_code_for
from ._inputs import iter_inputs, progress
from ._options import FORMATS, RECORDS, add_format, add_inputs, add_jobs, add_output, add_progress, positive
from ._records import RecordWriter

_BATCH = 8192


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the solve, count and check commands."""
    solve = _add(sub, "solve", "solve puzzles (one per line), printing one solution per puzzle", FORMATS)
    solve.add_argument("--first", action="store_true", help="accept puzzles with several solutions (print the first)")
    solve.set_defaults(handler=_with_variants(_solve, "solve"))
    count = _add(sub, "count", "count solutions of each puzzle, stopping at --limit", RECORDS)
    count.add_argument("--limit", type=positive, default=2, metavar="N", help="stop counting at N (default 2)")
    count.set_defaults(handler=_with_variants(_count, "count"))
    check = _add(sub, "check", "check that each puzzle is well formed and has exactly one solution", RECORDS)
    check.set_defaults(handler=_with_variants(_check, "check"))


def _with_variants(answer: Callable[[RecordWriter, argparse.Namespace, Streams], None], mode: str) -> Callable[[argparse.Namespace, Streams], int]:
    """One run of ``mode`` over classic and variant inputs (JSON files, f-puzzles/SudokuPad
    links), one writer for all: a record per input in command-line order, whatever its kind."""

    def run(args: argparse.Namespace, streams: Streams) -> int:
        from ._variants import answer_variant, split_inputs

        sources = list(args.inputs)
        variant_inputs, _ = split_inputs(sources)
        with _writer(mode, args, streams) as out:
            if not variant_inputs:
                answer(out, args, streams)
                return out.status
            for is_variant, group in groupby(sources, key=lambda source: source in variant_inputs):
                if is_variant:
                    for source in group:
                        answer_variant(out, source, args, mode)
                else:
                    args.inputs = list(group)
                    answer(out, args, streams)
        return out.status

    return run


def _writer(mode: str, args: argparse.Namespace, streams: Streams) -> RecordWriter:
    """The record writer of ``sudokit solve|count|check``."""
    if mode == "solve":
        return RecordWriter(args, streams, _SOLVE_FIELDS, line=lambda r: str(r["solution"]), pretty=_pretty, choices=FORMATS)
    if mode == "count":
        return RecordWriter(args, streams, ("count",), line=lambda r: str(r["count"]))
    return RecordWriter(args, streams, (), line=lambda r: f"{r['source']}:{r['line']}: ok (unique solution)")


def _add(sub: argparse._SubParsersAction, name: str, text: str, formats: tuple[str, ...]) -> argparse.ArgumentParser:  # type: ignore[type-arg]
    parser: argparse.ArgumentParser = sub.add_parser(name, help=text, description=text)
    add_inputs(parser)
    add_format(parser, formats)
    add_output(parser)
    add_jobs(parser, "solver threads")
    add_progress(parser)
    return parser


class _Chunk(NamedTuple):
    """One solved chunk: every entry read (in order); ``bad`` maps the positions of the
    malformed ones to their errors; ``cells``/``solutions``/``counts`` hold the good ones,
    81 characters a puzzle."""

    entries: list[Entry]
    bad: dict[int, errors.SudokuError]
    cells: bytes
    solutions: str
    counts: "array[int]"

    def each(self) -> Iterator[tuple[Entry, errors.SudokuError | None, bytes, str, int]]:
        """(entry, error or None, puzzle, solution, count) for every entry, in input order."""
        k = 0
        for position, entry in enumerate(self.entries):
            error = self.bad.get(position)
            if error is not None:
                yield entry, error, b"", "", 0
                continue
            yield entry, None, self.cells[81 * k : 81 * k + 81], self.solutions[81 * k : 81 * k + 81], self.counts[k]
            k += 1


class _Run:
    """Shared state of one command run: streams, progress, the input read in chunks."""

    def __init__(self, args: argparse.Namespace, streams: Streams, out: RecordWriter) -> None:
        self.args, self.streams, self.out = args, streams, out
        self.bar = progress(streams, args.progress, sources=args.inputs)
        self.stopped: BaseException | None = None  # the error that ended the input early

    def input_error(self, exc: errors.SudokuError) -> None:
        """A damaged record (its message names file:line); the next input is read."""
        self.streams.error(str(exc))
        if self.out.status == ExitCode.OK:
            self.out.status = exit_code_for(exc)

    def batches(self, limit: int) -> Iterator[_Chunk]:
        """Yield the solved chunks in order.

        Puzzles and solutions stay one buffer per chunk (81 characters a puzzle) so the hot
        path makes no per-puzzle objects. With ``--jobs N > 1`` up to N chunks are solved in
        worker threads (the kernel releases the GIL) while this thread reads the next chunks
        and writes the done ones.
        """
        entries = iter_inputs(self.args.inputs, self.streams, self.input_error)
        size = _BATCH if self.args.jobs == 1 else _BATCH // 4  # more chunks in flight
        chunks = (self._parse(chunk) for chunk in self._chunks(entries, size))
        try:
            for (chunk, bad, cells), (solutions, counts) in self._solved(chunks, limit):
                yield _Chunk(chunk, bad, cells, solutions.decode("ascii"), counts)
                self.out.flush()
                if self.bar is not None:
                    self.bar.update(len(chunk))
            if self.stopped is not None:
                raise self.stopped  # only now: every puzzle read before it has its answer
        finally:
            if self.bar is not None:
                self.bar.close()

    def _chunks(self, entries: Iterator[Entry], size: int) -> Iterator[list[Entry]]:
        """Chunks of ``size`` entries. An error reading the input (a damaged record of a
        collection file) ends the input: it is kept in ``stopped`` and the partial chunk
        read before it is still yielded, so no puzzle already read goes unanswered."""
        while True:
            chunk: list[Entry] = []
            try:
                chunk.extend(islice(entries, size))
            except (errors.SudokuError, OSError) as exc:
                self.stopped = exc
            if chunk:
                yield chunk
            if self.stopped is not None or len(chunk) < size:
                return

    def _solved(self, chunks: Iterator[_Parsed], limit: int) -> Iterator[tuple[_Parsed, tuple[bytearray, "array[int]"]]]:
        threads = self.args.jobs
        if threads == 1:
            yield from ((parsed, _run_batch(parsed[2], limit, 1)) for parsed in chunks)
            return
        pool = ThreadPoolExecutor(max_workers=threads)
        pending: deque[tuple[_Parsed, Future[tuple[bytearray, array[int]]]]] = deque()
        try:
            for parsed in chunks:
                pending.append((parsed, pool.submit(_run_batch, parsed[2], limit, 1)))
                if len(pending) > threads:
                    done, future = pending.popleft()
                    yield done, future.result()
            while pending:
                done, future = pending.popleft()
                yield done, future.result()
        finally:
            pool.shutdown(wait=True, cancel_futures=True)

    @staticmethod
    def _parse(chunk: list[Entry]) -> _Parsed:
        """Validate a chunk: all at once when every line is a plain 81-char puzzle."""
        texts = [entry.text for entry in chunk]
        if all(len(text) == 81 for text in texts):
            blob = "".join(texts)
            if blob.isascii():
                cells = blob.encode("ascii").translate(_TO_DOT)
                if not cells.translate(None, _CELL_BYTES):
                    return chunk, {}, cells
        bad: dict[int, errors.SudokuError] = {}
        rows = []
        for position, entry in enumerate(chunk):
            try:
                rows.append(_puzzle_bytes(entry.text))
            except errors.InvalidFormatError as exc:
                bad[position] = exc
        return chunk, bad, b"".join(rows)


_Parsed = tuple[list[Entry], dict[int, errors.SudokuError], bytes]
_SOLVE_FIELDS = ("solution",)


def _solve(out: RecordWriter, args: argparse.Namespace, streams: Streams) -> None:
    limit = 1 if args.first else 2
    for chunk in _Run(args, streams, out).batches(limit):
        if out.format == "line" and not chunk.bad and chunk.counts.count(1) == len(chunk.counts):
            solutions = chunk.solutions  # the common case, in bulk
            if solutions:
                out.text("\n".join([solutions[i : i + 81] for i in range(0, len(solutions), 81)]) + "\n", len(chunk.entries))
            continue
        for entry, error, puzzle, solution, count in chunk.each():
            text = puzzle.decode("ascii")
            if error is not None:
                out.fail(entry, error, entry.text if "\n" not in entry.text else "")
            elif count == 0 or count == BAD_INPUT:
                out.fail(entry, _explain_zero(puzzle), text)
            elif count > 1:
                out.fail(entry, errors.MultipleSolutionsError("the puzzle has more than one solution (use --first to print one)"), text)
            else:
                out.ok(entry, text, solution=solution)


def _pretty(record: dict[str, Any]) -> str:
    if str(record["puzzle"]).startswith("{"):  # a variant: its puzzle column is its JSON
        from ._variants import variant_pretty

        return variant_pretty(record)
    return Grid._trusted(str(record["solution"]).encode("ascii")).pretty() + "\n"


def _count(out: RecordWriter, args: argparse.Namespace, streams: Streams) -> None:
    from ..solver import count_solutions

    for chunk in _Run(args, streams, out).batches(1):
        for entry, error, puzzle, _solution, first in chunk.each():
            text = puzzle.decode("ascii")
            try:
                if error is not None:
                    raise error
                # The batch already found out which puzzles have none; count the rest fully.
                value = count_solutions(text, limit=args.limit) if first else _zero_or_raise(puzzle)
            except errors.SudokuError as exc:
                out.fail(entry, exc, text)
                continue
            out.ok(entry, text, count=value)


def _zero_or_raise(puzzle: bytes) -> int:
    error = _explain_zero(puzzle)
    if isinstance(error, errors.ConflictingGivensError):
        raise error
    return 0


def _check(out: RecordWriter, args: argparse.Namespace, streams: Streams) -> None:
    for chunk in _Run(args, streams, out).batches(2):
        for entry, error, puzzle, _solution, count in chunk.each():
            text = puzzle.decode("ascii")
            if error is not None:
                out.fail(entry, error, "")
            elif count == 1:
                out.ok(entry, text)
            elif count == 0:
                out.fail(entry, _explain_zero(puzzle), text)
            else:
                out.fail(entry, errors.MultipleSolutionsError(), text)
