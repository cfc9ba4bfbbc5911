#!/usr/bin/env python3
"""Benchmark the LeetCode 37 teaching solvers (sudokit.learn) against the engine.

A thin runner: the measuring code is :mod:`sudokit.learn.bench`, the same code as
``sudokit bench --learn``. Usage::

    python benchmarks/bench_learn.py [--quick] [--data ../shared/data]

Prints Markdown tables (nodes, median time, nodes per ms, time ratios to the previous
solver and to the engine) for the LeetCode example board, generated easy puzzles and,
when the shared data is present, a few hard puzzles under node and time budgets.
"""

from __future__ import annotations

import argparse
import sys

from sudokit.learn import bench


def main(argv: list[str] | None = None) -> int:
    """Parse the options, run the benchmark, print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few seconds instead of a few minutes")
    parser.add_argument("--data", metavar="DIR", help="shared data directory (default: $SUDOKIT_DATA or ../shared/data)")
    args = parser.parse_args(argv)
    if bench.find_data_dir(args.data) is None:
        print(f"note: {bench.HARD_FILE} not found: the hard section is skipped", file=sys.stderr)
    sections = bench.run(quick=args.quick, data_dir=args.data, log=lambda m: print(m, file=sys.stderr, flush=True))
    print(bench.to_markdown(sections))
    return 0


if __name__ == "__main__":
    sys.exit(main())
