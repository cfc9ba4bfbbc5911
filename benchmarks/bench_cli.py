"""CLI throughput: `sudokit solve FILE` against the bare kernel on the same puzzles.

Runs both in one process, alternating, and prints medians and the ratio, so the cost of
reading, validating and printing shows up as "CLI overhead per puzzle".

    python benchmarks/bench_cli.py [--repeat 5] [--copies 4] [--threads 1]
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import sys
import tempfile
import time
from array import array
from pathlib import Path

from sudokit import BACKEND, _backend
from sudokit.cli import main

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "puzzles2_17_clue"


def _puzzles() -> list[str]:
    if not DATA.exists():
        sys.exit(f"skipped: {DATA} not found (clone the project next to shared/)")
    return [line.strip() for line in DATA.open() if line.strip() and not line.startswith("#")]


def _time_kernel(buffer: bytes, n: int) -> float:
    solutions, counts = bytearray(len(buffer)), array("I", bytes(4 * n))
    start = time.perf_counter()
    _backend.kernel().solve_batch(buffer, solutions, counts, 2)
    return time.perf_counter() - start


def _time_cli(path: str, threads: int) -> float:
    sink = io.StringIO()
    start = time.perf_counter()
    code = main(["solve", "--threads", str(threads), "--no-progress", path], io.StringIO(), sink, sys.stderr)
    elapsed = time.perf_counter() - start
    assert code == 0, f"sudokit solve failed with exit code {code}"
    return elapsed


def run() -> None:
    """Measure and print the table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--copies", type=int, default=2, help="how many copies of the 17-clue set to stream")
    parser.add_argument("--threads", type=int, default=1)
    args = parser.parse_args()
    puzzles = _puzzles() * args.copies
    n = len(puzzles)
    buffer = "".join(puzzles).encode()
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as handle:
        handle.write("\n".join(puzzles) + "\n")
    try:
        kernel, cli = [], []
        for _ in range(args.repeat):
            kernel.append(_time_kernel(buffer, n))
            cli.append(_time_cli(handle.name, args.threads))
    finally:
        os.unlink(handle.name)
    k, c = statistics.median(kernel) / n * 1e6, statistics.median(cli) / n * 1e6
    print(f"backend {BACKEND}, {n} puzzles (puzzles2_17_clue x{args.copies}), median of {args.repeat}")
    print(f"kernel solve_batch (1 thread, limit 2): {k:7.2f} us/puzzle  {1e6 / k:12,.0f} puzzles/s")
    print(f"sudokit solve FILE (--threads {args.threads}):    {c:7.2f} us/puzzle  {1e6 / c:12,.0f} puzzles/s")
    print(f"CLI / kernel time: {c / k:.2f}x   (CLI overhead {c - k:.2f} us/puzzle)")


if __name__ == "__main__":
    run()
