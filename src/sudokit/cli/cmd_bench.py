"""``sudokit bench --learn``: time the LeetCode 37 teaching solvers against the engine.

The measuring code lives in :mod:`sudokit.learn.bench` (so it works from an installed
package); ``benchmarks/bench_learn.py`` is a thin runner around the same code.
"""

from __future__ import annotations

import argparse

from .._atomic import atomic_write
from ..learn import bench
from . import ExitCode, Streams
from ._options import add_output


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the bench command."""
    text = "run a benchmark and print its results as Markdown tables"
    parser = sub.add_parser("bench", help=text, description=text)
    parser.add_argument("--learn", action="store_true", help="the four LeetCode 37 teaching solvers vs the engine")
    parser.add_argument("--quick", action="store_true", help="fewer puzzles, repeats and smaller budgets (seconds, not minutes)")
    parser.add_argument("--data", metavar="DIR", help="shared benchmark data directory (default: $SUDOKIT_DATA or ../shared/data)")
    add_output(parser, help="write the Markdown tables to FILE (default: stdout), atomically when the run ends")
    parser.set_defaults(handler=_bench)


def _bench(args: argparse.Namespace, streams: Streams) -> int:
    if not args.learn:
        streams.error("choose a benchmark: --learn (the teaching solvers)")
        return ExitCode.USAGE
    if args.data and bench.find_data_dir(args.data) is None:
        streams.error(f"{args.data}: no {bench.HARD_FILE} there; the hard section will be skipped")

    def log(message: str) -> None:
        print(message, file=streams.stderr, flush=True)

    sections = bench.run(quick=args.quick, data_dir=args.data, log=log)
    tables = bench.to_markdown(sections) + "\n"
    if args.output in (None, "-"):
        streams.stdout.write(tables)
    else:
        with atomic_write(args.output, text=True) as stream:
            stream.write(tables)
    return ExitCode.OK
