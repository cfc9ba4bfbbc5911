"""``sudokit hint``, ``sudokit explain`` and ``sudokit rate``: human-style solving.

* ``hint PUZZLE [--level N] [--digits GRID] [--marks CANDIDATES]``: the next hint.
* ``explain PUZZLE``: the whole solving path, one step per line in the familiar
  one-line notation, ending with ``-- no logical step in this set`` when stuck.
* ``rate FILE...``: one rating per puzzle and line (``--format line|csv|jsonl|json|parquet``),
  in order, with ``--jobs N`` worker processes. Errors are reported per line
  (``file:line: message``) and the exit code is that of the first failure; Ctrl-C
  stops at once and keeps every line already written.
"""

from __future__ import annotations

import argparse
import os
from collections import deque
from collections.abc import Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from itertools import chain, islice
from typing import Any, NoReturn

from .. import errors
from .._signals import worker_init
from ..grid import Grid
from ..puzzlefile import Entry
from . import ExitCode, Streams, exit_code_for, usage_error
from ._inputs import iter_inputs, progress
from ._options import RECORDS, add_format, add_inputs, add_jobs, add_output, add_progress
from ._records import RecordWriter

_RATE_FIELDS = ("se", "ep", "ed", "hodoku_level", "hodoku_score", "band", "hardest", "solved_logically", "steps")


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the hint, explain and rate commands."""
    hint = _add(sub, "hint", "the next hint for each puzzle (or a player's grid with --digits/--marks)", ("line", "csv", "jsonl", "json"), "line")
    hint.add_argument("--level", type=int, choices=(1, 2, 3), default=1, help="1: technique and where, 2: + digits and houses, 3: the whole step")
    hint.add_argument("--digits", metavar="GRID", help="the player's grid (81 characters, mistakes included)")
    hint.add_argument("--marks", metavar="CANDIDATES", help="the player's pencil marks as a 729-character candidate string")
    hint.set_defaults(handler=_hint)
    explain = _add(sub, "explain", "the whole human-style solving path of each puzzle, one step per line", ("line", "pretty", "jsonl", "json"), "pretty",
                   {"text": "pretty"})  # 0.1's default was called text
    explain.add_argument("--fallback", action="store_true", help="when stuck, add a labelled backtracking step and go on")
    explain.set_defaults(handler=_explain)
    rate = _add(sub, "rate", "rate puzzles (one result per line): SE-like ER/EP/ED, HoDoKu level and score, band", RECORDS, None)
    rate.add_argument("--systems", metavar="NAMES", type=_system_names, default=None,
                      help="comma-separated rating systems to compute: se, hodoku (default: both; one alone takes about half the time)")
    rate.add_argument("--brute-force", action="store_true",
                      help="where the HoDoKu path is stuck, take HoDoKu's Brute Force step (a labelled guess: the middle unsolved cell "
                           "from the solution), as HoDoKu does, so level and score match HoDoKu on the very hardest puzzles")
    add_jobs(rate)
    add_progress(rate)
    rate.set_defaults(handler=_rate)


def _add(sub: argparse._SubParsersAction, name: str, text: str, formats: tuple[str, ...], default: str | None,  # type: ignore[type-arg]
         aliases: dict[str, str] | None = None) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = sub.add_parser(name, help=text, description=text)
    add_inputs(parser)
    add_format(parser, formats, default, aliases)
    add_output(parser)
    parser.add_argument("--techniques", metavar="IDS", type=_technique_ids, help="comma-separated technique ids to use, or 'all' (default: every technique but the slow nested forcing chains; see sudokit techniques)")
    parser.add_argument("--uniqueness", action=argparse.BooleanOptionalAction, default=None, help="uniqueness techniques (default: on for unique puzzles)")
    return parser


def _technique_ids(text: str) -> list[str] | str:
    ids = [t.strip() for t in text.split(",") if t.strip()]
    if not ids:  # an empty set would make every puzzle look "stuck"
        raise argparse.ArgumentTypeError(f"no technique ids in {text!r}")
    if "all" in ids:  # every technique, the nested forcing chains included (as the library's techniques="all")
        if len(ids) > 1:
            raise argparse.ArgumentTypeError("'all' stands alone: it already means every technique")
        return "all"
    return ids


def _system_names(text: str) -> tuple[str, ...]:
    from ..human.rating import _systems

    try:
        return tuple(sorted(_systems(t.strip() for t in text.split(",") if t.strip())))
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _options(args: argparse.Namespace) -> dict[str, Any]:
    options = {"techniques": args.techniques, "uniqueness": args.uniqueness}
    if getattr(args, "systems", None):
        options["systems"] = args.systems
    if getattr(args, "brute_force", False):
        options["brute_force"] = True
    return options


def _parsed(args: argparse.Namespace, streams: Streams, out: RecordWriter) -> Iterator[tuple[Entry, Grid | None, errors.SudokuError | None]]:
    """Every input, in order: (entry, grid, None), or (entry, None, error) when malformed."""
    def damaged(exc: errors.SudokuError) -> None:  # its message names file:line already
        streams.error(str(exc))
        out.status = out.status or exit_code_for(exc)

    for entry in iter_inputs(args.inputs, streams, damaged):
        try:
            yield entry, Grid.parse(entry.text), None
        except errors.InvalidFormatError as exc:
            yield entry, None, exc


def _code(exc: BaseException) -> int:
    """Exit code for an error; a plain ValueError (bad technique id) is a usage error."""
    if isinstance(exc, errors.SudokuError):
        return exit_code_for(exc)
    return ExitCode.USAGE


def _usage(exc: ValueError) -> NoReturn:
    raise usage_error(str(exc)) from None


def _labelled(items: Iterator[Any]) -> tuple[bool, Iterator[Any]]:
    """Whether there is more than one item (so each output is labelled), and all the items."""
    first = list(islice(items, 2))
    return len(first) > 1, chain(first, items)


# ------------------------------------------------------------------- hint
def _hint(args: argparse.Namespace, streams: Streams) -> int:
    from ..human import hint

    def line(record: dict[str, Any]) -> str:
        return f"{record['source']}:{record['line']}: {record['hint']}" if several else str(record["hint"])

    with RecordWriter(args, streams, ("kind", "hint"), line=line) as out:
        several, items = _labelled(_parsed(args, streams, out))
        for entry, grid, error in items:
            if grid is None:
                out.fail(entry, error or errors.InvalidFormatError(entry.text))
                continue
            state: Any = grid if args.digits is None and args.marks is None else (grid, args.digits, args.marks)
            try:
                result = hint(state, level=args.level, **_options(args))
            except errors.SudokuError as exc:
                out.fail(entry, exc, str(grid))
                continue
            except ValueError as exc:
                _usage(exc)
            out.ok(entry, str(grid), kind=result.kind, hint=result.text)
    return out.status


# ---------------------------------------------------------------- explain
def _explain(args: argparse.Namespace, streams: Streams) -> int:
    from ..human import explain

    def pretty(record: dict[str, Any]) -> str:
        label = f"# {record['source']}:{record['line']} {record['puzzle']}\n" if several else ""
        return label + str(record["text"]) + ("\n" if several else "")

    def line(record: dict[str, Any]) -> str:
        return " ; ".join(str(record["text"]).splitlines())

    def placeholder(record: dict[str, Any]) -> str:
        return f"# {record['source']}:{record['line']}\n.\n" if several else "."

    with RecordWriter(args, streams, ("end", "message", "steps"), line=line, pretty=pretty,
                      choices=("line", "pretty", "jsonl", "json"), placeholder=placeholder) as out:
        several, items = _labelled(_parsed(args, streams, out))
        for entry, grid, error in items:
            if grid is None:
                out.fail(entry, error or errors.InvalidFormatError(entry.text))
                continue
            try:
                path = explain(grid, fallback=args.fallback, **_options(args))
            except errors.SudokuError as exc:
                out.fail(entry, exc, str(grid))
                continue
            except ValueError as exc:
                _usage(exc)
            out.ok(entry, str(grid), end=path.end, message=path.message, steps=[_step_record(s) for s in path],
                   **({"text": path.text()} if out.format in ("line", "pretty") else {}))
            out.flush()
    return out.status


def _step_record(step: Any) -> dict[str, Any]:
    return {"technique": step.technique, "text": str(step), "placements": [list(p) for p in step.placements],
            "eliminations": [list(e) for e in step.eliminations], "why": step.why,
            "cells": [list(c) for c in step.cells],
            "links": [[list(a), list(b), strong] for a, b, strong in step.links]}


# ------------------------------------------------------------------- rate
def _rate(args: argparse.Namespace, streams: Streams) -> int:
    options = _options(args)
    with RecordWriter(args, streams, _RATE_FIELDS, line=lambda r: f"{r['puzzle']} {_summary(r)}") as out:
        bar = progress(streams, args.progress, sources=args.inputs)
        pool = ProcessPoolExecutor(max_workers=args.jobs, initializer=worker_init, initargs=(os.getpid(),)) if args.jobs > 1 else None
        try:
            for entry, outcome in _ratings(_parsed(args, streams, out), options, pool, args.jobs):
                if outcome[0]:
                    record = dict(outcome[1])
                    out.ok(entry, record.pop("puzzle"), **record)
                elif outcome[1] == ExitCode.USAGE:
                    raise usage_error(outcome[2])
                else:
                    out.failed(entry, outcome[2], outcome[1], outcome[3])
                if bar is not None:
                    bar.update(1)
        except KeyboardInterrupt:
            out.flush()
            if pool is not None:
                _stop(pool)
                pool = None
            raise
        finally:
            if pool is not None:
                pool.shutdown()
            if bar is not None:
                bar.close()
    return out.status


Outcome = tuple[Any, ...]  # (True, record) or (False, exit code, message, puzzle)


def _stop(pool: ProcessPoolExecutor) -> None:
    """Stop at once: drop queued puzzles and end the workers' current ones (a hard
    puzzle can take seconds; the interpreter would wait for it on the way out)."""
    workers = list((getattr(pool, "_processes", None) or {}).values())
    # shutdown() forgets the pool's manager thread, so keep it to wait for below.
    manager = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for process in workers:
        process.terminate()  # SIGTERM: the default action in workers (sudokit._signals)
    # Let the manager thread see its workers gone and end here. Left running, it closes
    # its wake-up pipe while concurrent.futures' exit hook may be writing to it (no lock
    # between the two before Python 3.12), which printed "Exception ignored ... Bad file
    # descriptor" after a SIGTERM. (A second shutdown(wait=True) would join nothing.)
    if manager is not None:
        manager.join(timeout=30)


def _ratings(items: Iterator[tuple[Entry, Grid | None, errors.SudokuError | None]], options: dict[str, Any],
             pool: ProcessPoolExecutor | None, jobs: int) -> Iterator[tuple[Entry, Outcome]]:
    """Rate in input order; with a pool, keep a bounded window of puzzles in flight."""
    if pool is None:
        for entry, grid, error in items:
            yield entry, _rate_one(str(grid), options) if grid is not None else _failed(error, "")
        return
    window: deque[tuple[Entry, Future[Outcome] | Outcome]] = deque()
    for entry, grid, error in items:
        window.append((entry, pool.submit(_rate_one, str(grid), options) if grid is not None else _failed(error, "")))
        if len(window) >= 8 * jobs:
            head, future = window.popleft()
            yield head, future.result() if isinstance(future, Future) else future
    while window:
        head, future = window.popleft()
        yield head, future.result() if isinstance(future, Future) else future


def _failed(exc: BaseException | None, puzzle: str) -> Outcome:
    error = exc if exc is not None else errors.InvalidFormatError("not a puzzle")
    return (False, int(_code(error)), str(error), puzzle)


def _rate_one(puzzle: str, options: dict[str, Any]) -> Outcome:
    """Rate one puzzle; errors come back as (False, exit code, message, puzzle), never
    raised, so nothing but plain data (and our picklable errors) crosses the process boundary."""
    from ..human import rate

    try:
        rating = rate(puzzle, **options)  # refuses a puzzle with several solutions
    except (errors.SudokuError, ValueError) as exc:
        return _failed(exc, puzzle)
    record = {"puzzle": puzzle, **{k: v for k, v in rating.as_dict().items() if k in _RATE_FIELDS}}
    return (True, record)




def _summary(record: dict[str, Any]) -> str:
    from ..human.rating import rating_text

    return rating_text(record)
