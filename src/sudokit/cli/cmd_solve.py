"""``sudokit solve``, ``sudokit count`` and ``sudokit check``: the batch solving commands.

Puzzles stream through in chunks: each chunk is validated in Python, solved in one
kernel call (on ``--threads`` threads) and written out before the next is read, so a
file of millions of lines never sits in memory and Ctrl-C loses nothing written.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterable, Iterator
from itertools import islice

from .. import errors
from ..grid import Grid
from ..puzzlefile import Entry, parse_entry
from ..solver import BAD_INPUT, _explain_zero, _run_batch
from . import ExitCode, Streams, exit_code_for
from ._inputs import iter_inputs, progress

_BATCH = 8192


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the solve, count and check commands."""
    solve = _add(sub, "solve", "solve puzzles (one per line), printing one solution per puzzle")
    solve.add_argument("--format", choices=("line", "pretty", "json"), default="line", help="output format")
    solve.add_argument("--first", action="store_true", help="accept puzzles with several solutions (print the first)")
    solve.set_defaults(handler=_solve)
    count = _add(sub, "count", "count solutions of each puzzle, stopping at --limit")
    count.add_argument("--limit", type=_positive, default=2, help="stop counting at N (default 2)")
    count.set_defaults(handler=_count)
    check = _add(sub, "check", "check that each puzzle is well formed and has exactly one solution")
    check.set_defaults(handler=_check)


def _add(sub: argparse._SubParsersAction, name: str, text: str) -> argparse.ArgumentParser:  # type: ignore[type-arg]
    parser: argparse.ArgumentParser = sub.add_parser(name, help=text, description=text)
    parser.add_argument("inputs", nargs="*", metavar="PUZZLE|FILE|-", help="puzzle strings, files, or - for stdin (default: a bundled example)")
    parser.add_argument("--threads", type=_positive, default=1, help="solver threads (default 1)")
    parser.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None, help="progress bar on stderr (default: when it is a terminal)")
    return parser


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


class _Run:
    """Shared state of one command run: streams, the first failure's exit code, progress."""

    def __init__(self, args: argparse.Namespace, streams: Streams) -> None:
        self.args, self.streams = args, streams
        self.status = ExitCode.OK
        self.bar = progress(streams, args.progress)

    def fail(self, entry: Entry, exc: BaseException) -> None:
        self.streams.error(f"{entry.where()}: {exc}")
        if self.status == ExitCode.OK:
            self.status = exit_code_for(exc)

    def batches(self, limit: int) -> Iterator[tuple[list[Entry], list[Grid | None], list[int]]]:
        """Yield (entries, solutions, counts) chunk by chunk; malformed entries are reported."""
        entries = iter_inputs(self.args.inputs, self.streams)
        try:
            while chunk := list(islice(entries, _BATCH)):
                good = self._parse(chunk)
                buffer = b"".join(bytes(grid) for _, grid in good)
                sols, counts = _run_batch(buffer, limit, self.args.threads)
                grids = [Grid._trusted(bytes(sols[81 * k : 81 * k + 81])) if c else None for k, c in enumerate(counts)]
                yield [e for e, _ in good], grids, list(counts)
                if self.bar is not None:
                    self.bar.update(len(chunk))
        finally:
            if self.bar is not None:
                self.bar.close()

    def _parse(self, chunk: Iterable[Entry]) -> list[tuple[Entry, Grid]]:
        good = []
        for entry in chunk:
            try:
                good.append((entry, parse_entry(entry)))
            except errors.InvalidFormatError as exc:
                self.fail(entry, exc)
        return good


def _no_solution(grid_text: str) -> errors.SudokuError:
    return _explain_zero(grid_text.encode("ascii"))


def _solve(args: argparse.Namespace, streams: Streams) -> int:
    run = _Run(args, streams)
    limit = 1 if args.first else 2
    for entries, grids, counts in run.batches(limit):
        for entry, grid, count in zip(entries, grids, counts):
            if count == 0 or count == BAD_INPUT:
                run.fail(entry, _no_solution(_puzzle_text(entry)))
            elif count > 1:
                run.fail(entry, errors.MultipleSolutionsError("the puzzle has more than one solution (use --first to print one)"))
            else:
                _write_solution(streams, args.format, entry, grid)
        streams.stdout.flush()
    return run.status


def _puzzle_text(entry: Entry) -> str:
    return str(parse_entry(entry))


def _write_solution(streams: Streams, fmt: str, entry: Entry, grid: Grid | None) -> None:
    assert grid is not None
    if fmt == "pretty":
        print(grid.pretty() + "\n", file=streams.stdout)
    elif fmt == "json":
        record = {"source": entry.source, "line": entry.line, "puzzle": str(parse_entry(entry)), "solution": str(grid)}
        print(json.dumps(record), file=streams.stdout)
    else:
        print(grid, file=streams.stdout)


def _count(args: argparse.Namespace, streams: Streams) -> int:
    run = _Run(args, streams)
    from ..solver import count_solutions

    for entries, _grids, counts in run.batches(1):
        for entry, first in zip(entries, counts):
            try:
                # The batch already found out which puzzles have none; count the rest fully.
                value = count_solutions(parse_entry(entry), limit=args.limit) if first else _zero_or_raise(entry)
            except errors.SudokuError as exc:
                run.fail(entry, exc)
                continue
            print(value, file=streams.stdout)
        streams.stdout.flush()
    return run.status


def _zero_or_raise(entry: Entry) -> int:
    error = _no_solution(_puzzle_text(entry))
    if isinstance(error, errors.ConflictingGivensError):
        raise error
    return 0


def _check(args: argparse.Namespace, streams: Streams) -> int:
    run = _Run(args, streams)
    for entries, _grids, counts in run.batches(2):
        for entry, count in zip(entries, counts):
            if count == 1:
                print(f"{entry.where()}: ok (unique solution)", file=streams.stdout)
            elif count == 0:
                run.fail(entry, _no_solution(_puzzle_text(entry)))
            else:
                run.fail(entry, errors.MultipleSolutionsError())
        streams.stdout.flush()
    return run.status
