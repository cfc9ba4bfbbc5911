"""``sudokit hint``, ``sudokit explain`` and ``sudokit rate``: human-style solving.

* ``hint PUZZLE [--level N] [--digits GRID] [--marks CANDIDATES]``: the next hint.
* ``explain PUZZLE``: the whole solving path, one step per line in the familiar
  one-line notation, ending with ``-- no logical step in this set`` when stuck.
* ``rate FILE...``: one rating per puzzle and line (``--format text|csv|json``),
  in order, with ``--jobs N`` worker processes. Errors are reported per line
  (``file:line: message``) and the exit code is that of the first failure; Ctrl-C
  stops at once and keeps every line already written.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
from collections import deque
from collections.abc import Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from typing import IO, Any

from .. import errors
from .._signals import worker_init
from ..grid import Grid
from ..puzzlefile import Entry
from . import ExitCode, Streams, exit_code_for
from ._inputs import iter_inputs, progress
from ._options import MAX_JOBS, jobs

_CSV_FIELDS = ("source", "line", "puzzle", "se", "ep", "ed", "hodoku_level", "hodoku_score", "band", "hardest", "solved_logically", "steps")


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the hint, explain and rate commands."""
    hint = _add(sub, "hint", "the next hint for a puzzle (or a player's grid with --digits/--marks)")
    hint.add_argument("--level", type=int, choices=(1, 2, 3), default=1, help="1: technique and where, 2: + digits and houses, 3: the whole step")
    hint.add_argument("--digits", metavar="GRID", help="the player's grid (81 characters, mistakes included)")
    hint.add_argument("--marks", metavar="CANDIDATES", help="the player's pencil marks as a 729-character candidate string")
    hint.set_defaults(handler=_hint)
    explain = _add(sub, "explain", "the whole human-style solving path, one step per line")
    explain.add_argument("--fallback", action="store_true", help="when stuck, add a labelled backtracking step and go on")
    explain.add_argument("--format", choices=("text", "json"), default="text", help="output format")
    explain.set_defaults(handler=_explain)
    rate = _add(sub, "rate", "rate puzzles (one result per line): SE-like ER/EP/ED, HoDoKu level and score, band")
    rate.add_argument("--format", choices=("text", "csv", "json"), default="text", help="output format")
    rate.add_argument("--jobs", type=jobs, default=1, help=f"worker processes (default 1, at most {MAX_JOBS})")
    rate.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None, help="progress bar on stderr (default: when it is a terminal)")
    rate.set_defaults(handler=_rate)


def _add(sub: argparse._SubParsersAction, name: str, text: str) -> argparse.ArgumentParser:  # type: ignore[type-arg]
    parser: argparse.ArgumentParser = sub.add_parser(name, help=text, description=text)
    parser.add_argument("inputs", nargs="*", metavar="PUZZLE|FILE|-", help="puzzle strings, files, or - for stdin (default: a bundled example)")
    parser.add_argument("--techniques", metavar="IDS", type=_technique_ids, help="comma-separated technique ids to use (default: all)")
    parser.add_argument("--uniqueness", action=argparse.BooleanOptionalAction, default=None, help="uniqueness techniques (default: on for unique puzzles)")
    return parser



def _technique_ids(text: str) -> list[str]:
    ids = [t.strip() for t in text.split(",") if t.strip()]
    if not ids:  # an empty set would make every puzzle look "stuck"
        raise argparse.ArgumentTypeError(f"no technique ids in {text!r}")
    return ids


def _options(args: argparse.Namespace) -> dict[str, Any]:
    return {"techniques": args.techniques, "uniqueness": args.uniqueness}


class _Status:
    """The first failure's exit code, and per-line error messages."""

    def __init__(self, streams: Streams) -> None:
        self.streams = streams
        self.code = ExitCode.OK

    def fail(self, where: str, message: str, code: int) -> None:
        self.streams.error(f"{where}: {message}")
        if self.code == ExitCode.OK:
            self.code = ExitCode(code)


def _parsed(args: argparse.Namespace, streams: Streams, status: _Status) -> Iterator[tuple[Entry, Grid]]:
    """The input puzzles; malformed ones are reported (file:line) and skipped."""
    def damaged(exc: errors.SudokuError) -> None:  # its message names file:line already
        streams.error(str(exc))
        status.code = status.code or ExitCode(exit_code_for(exc))

    for entry in iter_inputs(args.inputs, streams, damaged):
        try:
            yield entry, Grid.parse(entry.text)
        except errors.InvalidFormatError as exc:
            status.fail(entry.where(), str(exc), ExitCode.INVALID)


# ------------------------------------------------------------------- hint
def _hint(args: argparse.Namespace, streams: Streams) -> int:
    from ..human import hint

    status = _Status(streams)
    for entry, grid in _parsed(args, streams, status):
        state: Any = grid if args.digits is None and args.marks is None else (grid, args.digits, args.marks)
        try:
            result = hint(state, level=args.level, **_options(args))
        except (errors.SudokuError, ValueError) as exc:
            status.fail(entry.where(), str(exc), _code(exc))
            continue
        print(result.text, file=streams.stdout)
    return status.code


def _code(exc: BaseException) -> int:
    """Exit code for an error; a plain ValueError (bad technique id) is a usage error."""
    if isinstance(exc, errors.SudokuError):
        return exit_code_for(exc)
    return ExitCode.USAGE


# ---------------------------------------------------------------- explain
def _explain(args: argparse.Namespace, streams: Streams) -> int:
    from ..human import explain

    status = _Status(streams)
    first = True
    for entry, grid in _parsed(args, streams, status):
        try:
            path = explain(grid, fallback=args.fallback, **_options(args))
        except (errors.SudokuError, ValueError) as exc:
            status.fail(entry.where(), str(exc), _code(exc))
            continue
        if args.format == "json":
            record = {"source": entry.source, "line": entry.line, "puzzle": str(grid), "end": path.end,
                      "message": path.message, "steps": [_step_record(s) for s in path]}
            print(json.dumps(record), file=streams.stdout)
        else:
            if not first:
                print(file=streams.stdout)
            print(path.text(), file=streams.stdout)
        first = False
        streams.stdout.flush()
    return status.code


def _step_record(step: Any) -> dict[str, Any]:
    return {"technique": step.technique, "text": str(step), "placements": [list(p) for p in step.placements],
            "eliminations": [list(e) for e in step.eliminations], "why": step.why}


# ------------------------------------------------------------------- rate
def _rate(args: argparse.Namespace, streams: Streams) -> int:
    status = _Status(streams)
    writer = _Writer(args.format, streams.stdout)
    bar = progress(streams, args.progress)
    options = _options(args)
    pool = ProcessPoolExecutor(max_workers=args.jobs, initializer=worker_init, initargs=(os.getpid(),)) if args.jobs > 1 else None
    try:
        for entry, outcome in _ratings(_parsed(args, streams, status), options, pool, args.jobs):
            if outcome[0]:
                writer.write(entry, outcome[1])
            else:
                status.fail(entry.where(), outcome[2], outcome[1])
            if bar is not None:
                bar.update(1)
    except KeyboardInterrupt:
        streams.stdout.flush()
        if pool is not None:
            _stop(pool)
            pool = None
        raise
    finally:
        if pool is not None:
            pool.shutdown()
        if bar is not None:
            bar.close()
        streams.stdout.flush()
    return status.code


def _stop(pool: ProcessPoolExecutor) -> None:
    """Stop at once: drop queued puzzles and end the workers' current ones (a hard
    puzzle can take seconds; the interpreter would wait for it on the way out)."""
    workers = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in workers:
        process.terminate()  # SIGTERM: the default action in workers (sudokit._signals)


Outcome = tuple[Any, ...]  # (True, record) or (False, exit code, message)


def _ratings(items: Iterator[tuple[Entry, Grid]], options: dict[str, Any], pool: ProcessPoolExecutor | None, jobs: int) -> Iterator[tuple[Entry, Outcome]]:
    """Rate in input order; with a pool, keep a bounded window of puzzles in flight."""
    if pool is None:
        for entry, grid in items:
            yield entry, _rate_one(str(grid), options)
        return
    window: deque[tuple[Entry, Future[Outcome]]] = deque()
    for entry, grid in items:
        window.append((entry, pool.submit(_rate_one, str(grid), options)))
        if len(window) >= 8 * jobs:
            head, future = window.popleft()
            yield head, future.result()
    while window:
        head, future = window.popleft()
        yield head, future.result()


def _rate_one(puzzle: str, options: dict[str, Any]) -> Outcome:
    """Rate one puzzle; errors come back as (False, exit code, message), never raised,
    so nothing but plain data crosses the process boundary."""
    from ..human import rate
    from ..solver import count_solutions

    try:
        if count_solutions(puzzle, limit=2) > 1:  # a rating of such a puzzle would be meaningless
            raise errors.MultipleSolutionsError("the puzzle has more than one solution; only a unique puzzle can be rated")
        rating = rate(puzzle, **options)
    except (errors.SudokuError, ValueError) as exc:
        return (False, int(_code(exc)), str(exc))
    record = {"puzzle": puzzle, **rating.as_dict()}
    return (True, record)


class _Writer:
    """Writes one rating per line as text, CSV (with a header) or JSON lines."""

    def __init__(self, fmt: str, stream: IO[str]) -> None:
        self.fmt, self.stream = fmt, stream
        self.csv: Any = None
        if fmt == "csv":
            self.csv = csv.DictWriter(stream, fieldnames=_CSV_FIELDS, extrasaction="ignore", lineterminator="\n")
            self.csv.writeheader()

    def write(self, entry: Entry, record: dict[str, Any]) -> None:
        if self.fmt == "csv":
            self.csv.writerow({"source": entry.source, "line": entry.line, **record})
        elif self.fmt == "json":
            print(json.dumps({"source": entry.source, "line": entry.line, **record}), file=self.stream)
        else:
            print(f"{record['puzzle']} {_summary(record)}", file=self.stream)

    def flush(self) -> None:
        self.stream.flush()


def _summary(record: dict[str, Any]) -> str:
    mark = "" if record["solved_logically"] else " (not solved by this set)"
    hardest = (record["hardest"] or "-").replace(" ", "_")
    return (f"ER={record['se']:.1f}/{record['ep']:.1f}/{record['ed']:.1f} {record['hodoku_level']} "
            f"{record['hodoku_score']} {record['band']} {hardest}{mark}")
