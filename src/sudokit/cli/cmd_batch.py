"""``sudokit batch solve|count|rate|canon|generate INPUT -o OUTPUT``: datasets at any scale.

One ``batch`` command rather than batch options on ``solve``, ``count``, ``human rate``...:
a batch run has its own contract — an output file (never stdout), a row for every input
row with ``status``/``error`` columns instead of exit codes, chunks kept on disk for
``--resume``, a cluster (``--dask``) — and those options would otherwise be repeated on
five commands whose stream-of-lines behaviour stays as it is. See docs/batch.md.
"""

from __future__ import annotations

import argparse
import os
from typing import Any

from .._signals import exit_status
from ..batch.io import FORMATS
from . import ExitCode, Streams, usage_error
from ._options import MAX_JOBS, add_format, add_jobs, add_output, add_progress, positive, refuse_output_over_input

_HELP = {
    "solve": "solve every puzzle (columns: puzzle, solution, status, error)",
    "count": "count solutions up to --limit (columns: puzzle, count, status, error)",
    "rate": "rate every puzzle (columns: puzzle, se, ep, ed, hodoku_level, hodoku_score, band, hardest, solved_logically, steps, status, error)",
    "canon": "canonical form of every puzzle (columns: puzzle, canonical, status, error)",
    "generate": "generate --count puzzles, classic or --variant (columns: seed, puzzle, solution, clues, se, status, error)",
}


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add ``batch`` and its operations."""
    text = "run an operation over a whole data set, in parallel, resumably (see docs/batch.md)"
    parser: argparse.ArgumentParser = sub.add_parser("batch", help=text, description=text)
    ops = parser.add_subparsers(dest="operation", metavar="OPERATION", parser_class=type(parser))
    for name, help_text in _HELP.items():
        op = ops.add_parser(name, help=help_text, description=help_text)
        if name != "generate":
            what = "classic or variant puzzles (variant JSON on one line, f-puzzles/SudokuPad links)" if name in ("solve", "count") else "classic puzzles"
            op.add_argument("input", metavar="INPUT", help=f"a line, CSV, JSONL or Parquet file of {what}")
        _common(op)
        _specific(name, op)
        op.set_defaults(handler=_run, operation=name)


def _common(op: argparse.ArgumentParser) -> None:
    """The shared vocabulary (cli._options) plus the batch options."""
    add_output(op, help="the output file (required); its format follows the extension", required=True)
    add_format(op, choices=FORMATS)
    op.add_argument("--from", dest="input_format", choices=FORMATS, metavar="FORMAT", help=f"input format: {', '.join(FORMATS)} (default: from the extension)")
    op.add_argument("--column", metavar="NAME", help="the input's puzzle column (default: found by name: puzzle, quizzes, grid, ...)")
    add_jobs(op)
    for action in op._actions:  # batch defaults to every core, unlike the other commands
        if "--jobs" in action.option_strings:
            action.default = min(os.cpu_count() or 1, MAX_JOBS)
            action.help = f"worker threads (solve/count/canon) or processes (rate/generate) (default: the CPU count, at most {MAX_JOBS})"
    op.add_argument("--chunk-size", type=positive, metavar="ROWS", help="rows per chunk (default depends on the operation)")
    op.add_argument("--resume", action="store_true", help="continue an interrupted run, keeping its finished chunks")
    op.add_argument("--dask", metavar="ADDRESS", help="run on a Dask cluster: tcp://host:8786, or 'local' for a LocalCluster (needs sudokit[dask])")
    add_progress(op)


def _specific(name: str, op: argparse.ArgumentParser) -> None:
    if name == "solve":
        op.add_argument("--first", action="store_true", help="accept puzzles with several solutions (give the first) instead of status 'multiple'")
    elif name == "count":
        op.add_argument("--limit", type=positive, default=2, help="stop counting at N (default 2)")
    elif name == "generate":
        op.add_argument("--count", type=positive, required=True, metavar="N", help="how many puzzles")
        op.add_argument("--seed", type=int, help="master seed: same seed and options, same file (default: drawn, kept for --resume)")
        op.add_argument("--difficulty", help="a band, an SE range or a HoDoKu level (as for sudokit generate)")
        op.add_argument("--symmetry", default="none", help="givens symmetry (as for sudokit generate)")
        op.add_argument("--time-budget", type=float, metavar="SECONDS", help="per puzzle; a puzzle not found in time gets status 'limit'")
        from ._variant_generate import SIZES, parse_variant

        op.add_argument("--variant", type=parse_variant, metavar="KINDS",
                        help="variant puzzles, as for sudokit generate --variant (e.g. killer,diagonal); puzzle is then variant JSON")
        op.add_argument("--size", type=int, choices=SIZES, help="grid size of variant puzzles (default 9)")
        op.add_argument("--no-givens", dest="givens", action="store_false", help="killer cages only, no givens (--variant killer)")


def _options(args: argparse.Namespace) -> dict[str, Any]:
    """The operation's options, as the manifest records them."""
    if args.operation == "solve":
        return {"first": args.first}
    if args.operation == "count":
        return {"limit": args.limit}
    if args.operation == "generate":
        options = {"count": args.count, "seed": args.seed, "difficulty": args.difficulty, "symmetry": args.symmetry, "time_budget": args.time_budget}
        if args.variant is not None or args.size is not None or not args.givens:
            if args.difficulty is not None or args.symmetry != "none":
                raise usage_error("--difficulty and --symmetry are for classic 9x9 puzzles only, not with --variant/--size")
            if not args.givens and "killer" not in (args.variant or ()):
                raise usage_error("--no-givens needs --variant killer")
            options.update(variant=",".join(args.variant or ("plain",)), size=args.size or 9, givens=args.givens)
        return options
    return {}


def _run(args: argparse.Namespace, streams: Streams) -> int:
    from ..batch.manifest import ResumeError

    problem = refuse_output_over_input(args.output, [getattr(args, "input", None) or "-"])
    if problem:
        streams.error(problem)
        return ExitCode.USAGE
    try:
        summary = _execute(args, streams)
    except ResumeError as exc:
        streams.error(str(exc))
        return ExitCode.USAGE
    except KeyboardInterrupt as exc:  # Ctrl-C, or SIGTERM/SIGHUP (sudokit.cli.main turns them into this)
        streams.error(f"interrupted: the finished chunks are kept in {args.output}.parts; rerun with --resume to continue")
        return exit_status(exc)
    streams.error(summary.line())
    return ExitCode.OK


def _execute(args: argparse.Namespace, streams: Streams) -> Any:
    from ..batch import local

    options = _options(args)
    job = local.Job(args.operation, getattr(args, "input", None), args.output, options, args.input_format, args.format, args.column, args.chunk_size)
    progress = streams.stderr if (args.progress or (args.progress is None and _isatty(streams))) else None
    if args.dask:
        from ..batch import dask as batch_dask

        with batch_dask.pool_for(args.dask, args.jobs) as (pool, workers):
            return local.run(job, workers, resume=args.resume, pool=pool, progress=progress)
    return local.run(job, args.jobs, resume=args.resume, progress=progress)


def _isatty(streams: Streams) -> bool:
    try:
        return bool(streams.stderr.isatty())
    except (AttributeError, ValueError):
        return False
