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
import json
from collections.abc import Callable, Iterable, Iterator
from itertools import islice

from .. import errors
from ..grid import Grid
from ..puzzlefile import Entry
from ..solver import _CELL_BYTES, _TO_DOT, BAD_INPUT, _explain_zero, _puzzle_bytes, _run_batch
from . import ExitCode, Streams, exit_code_for
from ._inputs import iter_inputs, progress
from ._options import jobs, positive

_BATCH = 8192


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the solve, count and check commands."""
    solve = _add(sub, "solve", "solve puzzles (one per line), printing one solution per puzzle")
    solve.add_argument("--format", choices=("line", "pretty", "json"), default="line", help="output format")
    solve.add_argument("--first", action="store_true", help="accept puzzles with several solutions (print the first)")
    solve.set_defaults(handler=_with_variants(_solve, "solve"))
    count = _add(sub, "count", "count solutions of each puzzle, stopping at --limit")
    count.add_argument("--limit", type=positive, default=2, help="stop counting at N (default 2)")
    count.set_defaults(handler=_with_variants(_count, "count"))
    check = _add(sub, "check", "check that each puzzle is well formed and has exactly one solution")
    check.set_defaults(handler=_with_variants(_check, "check"))


def _with_variants(handler: Callable[[argparse.Namespace, Streams], int], mode: str) -> Callable[[argparse.Namespace, Streams], int]:
    """Answer variant inputs (JSON files, f-puzzles links) first, then the classic ones."""

    def run(args: argparse.Namespace, streams: Streams) -> int:
        from ._variants import run_variants, split_inputs

        variant_inputs, args.inputs = split_inputs(list(args.inputs))
        status = run_variants(variant_inputs, args, streams, mode) if variant_inputs else ExitCode.OK
        if args.inputs or not variant_inputs:
            classic = handler(args, streams)
            status = status or classic
        return status

    return run


def _add(sub: argparse._SubParsersAction, name: str, text: str) -> argparse.ArgumentParser:  # type: ignore[type-arg]
    parser: argparse.ArgumentParser = sub.add_parser(name, help=text, description=text)
    parser.add_argument("inputs", nargs="*", metavar="PUZZLE|FILE|-", help="puzzle strings, files, or - for stdin (default: a bundled example)")
    parser.add_argument("--threads", type=jobs, default=1, help="solver threads (default 1)")
    parser.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None, help="progress bar on stderr (default: when it is a terminal)")
    return parser



class _Run:
    """Shared state of one command run: streams, the first failure's exit code, progress."""

    def __init__(self, args: argparse.Namespace, streams: Streams) -> None:
        self.args, self.streams = args, streams
        self.status = ExitCode.OK
        self.bar = progress(streams, args.progress)
        self.stopped: BaseException | None = None  # the error that ended the input early

    def fail(self, entry: Entry, exc: BaseException) -> None:
        self.streams.error(f"{entry.where()}: {exc}")
        if self.status == ExitCode.OK:
            self.status = exit_code_for(exc)

    def input_error(self, exc: errors.SudokuError) -> None:
        """A damaged record (its message names file:line); the next input is read."""
        self.streams.error(str(exc))
        if self.status == ExitCode.OK:
            self.status = exit_code_for(exc)

    def batches(self, limit: int) -> Iterator[tuple[list[Entry], bytes, str, "array[int]"]]:
        """Yield (entries, puzzles buffer, solutions text, counts) chunk by chunk, in order.

        Malformed entries are reported and dropped. Puzzles and solutions stay one buffer
        per chunk (81 characters a puzzle) so the hot path makes no per-puzzle objects.
        With ``--threads N > 1`` up to N chunks are solved in worker threads (the kernel
        releases the GIL) while this thread reads the next chunks and writes the done ones.
        """
        entries = iter_inputs(self.args.inputs, self.streams, self.input_error)
        size = _BATCH if self.args.threads == 1 else _BATCH // 4  # more chunks in flight
        chunks = (self._parse(chunk) for chunk in self._chunks(entries, size))
        try:
            for good, cells, (solutions, counts) in self._solved(chunks, limit):
                yield good, cells, solutions.decode("ascii"), counts
                if self.bar is not None:
                    self.bar.update(len(good))
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

    def _solved(
        self, chunks: Iterator[tuple[list[Entry], bytes]], limit: int
    ) -> Iterator[tuple[list[Entry], bytes, tuple[bytearray, "array[int]"]]]:
        threads = self.args.threads
        if threads == 1:
            yield from ((good, cells, _run_batch(cells, limit, 1)) for good, cells in chunks)
            return
        pool = ThreadPoolExecutor(max_workers=threads)
        pending: deque[tuple[list[Entry], bytes, Future[tuple[bytearray, array[int]]]]] = deque()
        try:
            for good, cells in chunks:
                pending.append((good, cells, pool.submit(_run_batch, cells, limit, 1)))
                if len(pending) > threads:
                    good, cells, future = pending.popleft()
                    yield good, cells, future.result()
            while pending:
                good, cells, future = pending.popleft()
                yield good, cells, future.result()
        finally:
            pool.shutdown(wait=True, cancel_futures=True)

    def _parse(self, chunk: list[Entry]) -> tuple[list[Entry], bytes]:
        """Validate a chunk: all at once when every line is a plain 81-char puzzle."""
        texts = [entry.text for entry in chunk]
        if all(len(text) == 81 for text in texts):
            blob = "".join(texts)
            if blob.isascii():
                cells = blob.encode("ascii").translate(_TO_DOT)
                if not cells.translate(None, _CELL_BYTES):
                    return chunk, cells
        good, rows = [], []
        for entry in chunk:
            try:
                rows.append(_puzzle_bytes(entry.text))
            except errors.InvalidFormatError as exc:
                self.fail(entry, exc)
            else:
                good.append(entry)
        return good, b"".join(rows)


def _solve(args: argparse.Namespace, streams: Streams) -> int:
    run = _Run(args, streams)
    limit = 1 if args.first else 2
    for entries, cells, solutions, counts in run.batches(limit):
        if args.format == "line" and counts.count(1) == len(counts):  # the common case, in bulk
            if solutions:
                streams.stdout.write("\n".join([solutions[i : i + 81] for i in range(0, len(solutions), 81)]) + "\n")
            continue
        out = []
        for k, (entry, count) in enumerate(zip(entries, counts)):
            if count == 0 or count == BAD_INPUT:
                run.fail(entry, _explain_zero(cells[81 * k : 81 * k + 81]))
            elif count > 1:
                run.fail(entry, errors.MultipleSolutionsError("the puzzle has more than one solution (use --first to print one)"))
            else:
                out.append(_format(args.format, entry, cells[81 * k : 81 * k + 81], solutions[81 * k : 81 * k + 81]))
        if out:
            streams.stdout.write("\n".join(out) + "\n")
        streams.stdout.flush()
    return run.status


def _format(fmt: str, entry: Entry, puzzle: bytes, solution: str) -> str:
    if fmt == "pretty":
        return Grid._trusted(solution.encode("ascii")).pretty() + "\n"
    if fmt == "json":
        record = {"source": entry.source, "line": entry.line, "puzzle": puzzle.decode("ascii"), "solution": solution}
        return json.dumps(record)
    return solution


def _count(args: argparse.Namespace, streams: Streams) -> int:
    run = _Run(args, streams)
    from ..solver import count_solutions

    for entries, cells, _solutions, counts in run.batches(1):
        for k, (entry, first) in enumerate(zip(entries, counts)):
            puzzle = cells[81 * k : 81 * k + 81]
            try:
                # The batch already found out which puzzles have none; count the rest fully.
                value = count_solutions(puzzle.decode("ascii"), limit=args.limit) if first else _zero_or_raise(puzzle)
            except errors.SudokuError as exc:
                run.fail(entry, exc)
                continue
            print(value, file=streams.stdout)
        streams.stdout.flush()
    return run.status


def _zero_or_raise(puzzle: bytes) -> int:
    error = _explain_zero(puzzle)
    if isinstance(error, errors.ConflictingGivensError):
        raise error
    return 0


def _check(args: argparse.Namespace, streams: Streams) -> int:
    run = _Run(args, streams)
    for entries, cells, _solutions, counts in run.batches(2):
        for k, (entry, count) in enumerate(zip(entries, counts)):
            puzzle = cells[81 * k : 81 * k + 81]
            if count == 1:
                print(f"{entry.where()}: ok (unique solution)", file=streams.stdout)
            elif count == 0:
                run.fail(entry, _explain_zero(puzzle))
            else:
                run.fail(entry, errors.MultipleSolutionsError())
        streams.stdout.flush()
    return run.status
