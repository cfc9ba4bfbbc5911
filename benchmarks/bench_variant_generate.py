"""Variant generation rates per type and size, and the cage sizes of generated killers.

    python benchmarks/bench_variant_generate.py              # every type, --count 10
    python benchmarks/bench_variant_generate.py --types "jigsaw 12x12,killer 9x9 (no givens)" --count 20
    python benchmarks/bench_variant_generate.py --cages 50   # killer cage-size histograms only

Each type: ``sudokit.variants.generate(...)`` with seeds 0..count-1 (fewer for the big
grids, see ``TYPES``), CPU seconds of this process per puzzle (``time.process_time``;
``--wall`` for wall clock): median, slowest, and puzzles per CPU second over the set.
Generation is a search with restarts, so the slowest seed matters as much as the median.
``--cages N`` prints the cage-size histogram of N killer puzzles (9x9, seeds 0..N-1, with and
without givens) instead. Prints Markdown tables for benchmarks/RESULTS.md.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time
from collections import Counter
from typing import Any

from bench_solve import cpu_model  # this folder is on sys.path when the script runs

from sudokit.variants import AntiKing, AntiKnight, Diagonal, NonConsecutive, generate

#: (name, generate() keyword arguments, fraction of --count to run: big grids take longer).
TYPES: list[tuple[str, dict[str, Any], float]] = [
    ("4x4", {"size": 4}, 1),
    ("6x6", {"size": 6}, 1),
    ("8x8", {"size": 8}, 1),
    ("9x9 diagonal X", {"constraints": (Diagonal("main"), Diagonal("anti"))}, 1),
    ("12x12", {"size": 12}, 1),
    ("16x16", {"size": 16}, 1),
    ("25x25", {"size": 25}, 0.3),
    ("jigsaw 6x6", {"size": 6, "kind": "jigsaw"}, 1),
    ("jigsaw 9x9", {"kind": "jigsaw"}, 1),
    ("jigsaw 12x12", {"size": 12, "kind": "jigsaw"}, 1),
    ("jigsaw 16x16", {"size": 16, "kind": "jigsaw"}, 0.5),
    ("killer 9x9", {"kind": "killer"}, 1),
    ("killer 9x9 (no givens)", {"kind": "killer", "givens": False}, 1),
    ("killer 6x6 (no givens)", {"size": 6, "kind": "killer", "givens": False}, 1),
    ("anti-knight", {"constraints": (AntiKnight(),)}, 1),
    ("anti-king", {"constraints": (AntiKing(),)}, 1),
    ("non-consecutive", {"constraints": (NonConsecutive(),)}, 1),
    ("thermometer", {"kind": "thermometer"}, 1),
    ("arrow", {"kind": "arrow"}, 1),
    ("kropki", {"kind": "kropki"}, 1),
    ("xv", {"kind": "xv"}, 1),
    ("odd/even", {"kind": "parity"}, 1),
    ("german whispers", {"kind": "whisper"}, 1),
    ("renban", {"kind": "renban"}, 1),
    ("min/max", {"kind": "extremum"}, 1),
    ("little killer", {"kind": "little_killer"}, 1),
    ("sandwich", {"kind": "sandwich"}, 1),
    ("between lines", {"kind": "between"}, 1),
]

CLOCK = time.process_time


def bench_type(options: dict[str, Any], count: int) -> dict[str, Any]:
    """Times of ``count`` seeded puzzles of one type."""
    options = dict(options)
    size = options.pop("size", 9)
    times = []
    for seed in range(count):
        start = CLOCK()
        generate(size, seed=seed, **options)
        times.append(CLOCK() - start)
    return {"n": count, "median": statistics.median(times), "max": max(times), "rate": count / sum(times)}


def cage_histogram(count: int, givens: bool) -> tuple[Counter[int], int]:
    """Cage sizes over ``count`` 9x9 killers (seeds 0..count-1), and their givens in all."""
    sizes: Counter[int] = Counter()
    left = 0
    for seed in range(count):
        p = generate(9, kind="killer", seed=seed, givens=givens)
        sizes.update(len(c.cells) for c in p.constraints if c.kind == "killer")
        left += sum(1 for d in p.givens if d)
    return sizes, left


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=10, help="puzzles per type (default 10; the big grids fewer)")
    parser.add_argument("--types", help="comma-separated type names (default: all)")
    parser.add_argument("--wall", action="store_true", help="wall-clock times instead of CPU time")
    parser.add_argument("--cages", type=int, metavar="N", help="print killer cage-size histograms of N puzzles instead")
    args = parser.parse_args()
    global CLOCK
    CLOCK = time.perf_counter if args.wall else time.process_time
    print(f"CPU: {cpu_model()}; load average {os.getloadavg()[0]:.1f}; Python {platform.python_version()}; "
          f"{'wall clock' if args.wall else 'CPU time'}\n")
    if args.cages:
        print("| killer 9x9 | cages | 1 cell | 2 | 3 | 4 | 5+ | mean size | givens left |")
        print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
        for givens in (True, False):
            sizes, left = cage_histogram(args.cages, givens)
            total = sum(sizes.values())
            cols = [sizes[1], sizes[2], sizes[3], sizes[4], sum(v for k, v in sizes.items() if k >= 5)]
            mean = sum(k * v for k, v in sizes.items()) / total
            label = f"{args.cages} puzzles, {'with' if givens else 'no'} givens"
            print(f"| {label} | {total} | " + " | ".join(f"{v} ({v / total:.0%})" for v in cols) + f" | {mean:.2f} | {left} |", flush=True)
        return
    wanted = set(args.types.split(",")) if args.types else None
    print("| type | puzzles | median s | slowest s | generated/s |")
    print("|---|---:|---:|---:|---:|")
    for name, options, share in TYPES:
        if wanted is not None and name not in wanted:
            continue
        row = bench_type(options, max(1, round(args.count * share)))
        print(f"| {name} | {row['n']} | {row['median']:.3f} | {row['max']:.3f} | {row['rate']:,.2f} |", flush=True)


if __name__ == "__main__":
    main()
