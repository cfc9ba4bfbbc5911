"""Variant generation rates per type and size, and the cage sizes of generated killers.

    python benchmarks/bench_variant_generate.py              # every type, --count 10
    python benchmarks/bench_variant_generate.py --types "jigsaw 12x12,killer 9x9 (no givens)" --count 20
    python benchmarks/bench_variant_generate.py --cages 50   # killer cage-size histograms only
    python benchmarks/bench_variant_generate.py --cages 10 --cage-sizes 16   # ... of 16x16 killers without givens
    python benchmarks/bench_variant_generate.py --verify     # also: unique? same puzzle again from the seed?

Each type: ``sudokit.variants.generate(...)`` with seeds 0..count-1 (fewer for the big
grids, see ``TYPES``), CPU seconds of this process per puzzle (``time.process_time``;
``--wall`` for wall clock): median, slowest, and puzzles per CPU second over the set.
Generation is a search with restarts, so the slowest seed matters as much as the median.
``--cages N`` prints the cage-size histogram of N killer puzzles (9x9, seeds 0..N-1, with and
without givens; 6x6 and 12x12 without givens, or the sizes ``--cage-sizes`` lists) instead. ``--verify`` adds two columns, outside the timing:
how many puzzles have exactly one solution (the engine's count) and how many a second
``generate`` call with the same seed gives again. Prints Markdown tables for benchmarks/RESULTS.md.
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

from sudokit import count_solutions
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
    ("jigsaw 25x25", {"size": 25, "kind": "jigsaw"}, 0.3),
    ("killer 9x9", {"kind": "killer"}, 1),
    ("killer 9x9 (no givens)", {"kind": "killer", "givens": False}, 1),
    ("killer 6x6 (no givens)", {"size": 6, "kind": "killer", "givens": False}, 1),
    ("killer 12x12 (no givens)", {"size": 12, "kind": "killer", "givens": False}, 0.5),
    ("killer 16x16 (no givens)", {"size": 16, "kind": "killer", "givens": False}, 0.5),
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


def bench_type(options: dict[str, Any], count: int, verify: bool = False) -> dict[str, Any]:
    """Times of ``count`` seeded puzzles of one type (with ``verify``: how many are unique,
    and how many come out the same from a second call with the seed)."""
    options = dict(options)
    size = options.pop("size", 9)
    times = []
    unique = again = 0
    for seed in range(count):
        start = CLOCK()
        puzzle = generate(size, seed=seed, **options)
        times.append(CLOCK() - start)
        if verify:
            unique += count_solutions(puzzle, 2) == 1
            again += generate(size, seed=seed, **options) == puzzle
    return {"n": count, "median": statistics.median(times), "max": max(times), "rate": count / sum(times),
            "unique": unique, "again": again}


def cage_histogram(count: int, givens: bool, size: int = 9) -> tuple[Counter[int], int]:
    """Cage sizes over ``count`` killers (seeds 0..count-1), and their givens in all."""
    sizes: Counter[int] = Counter()
    left = 0
    for seed in range(count):
        p = generate(size, kind="killer", seed=seed, givens=givens)
        sizes.update(len(c.cells) for c in p.constraints if c.kind == "killer")
        left += sum(1 for d in p.givens if d)
    return sizes, left


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=10, help="puzzles per type (default 10; the big grids fewer)")
    parser.add_argument("--types", help="comma-separated type names (default: all)")
    parser.add_argument("--wall", action="store_true", help="wall-clock times instead of CPU time")
    parser.add_argument("--cages", type=int, metavar="N", help="print killer cage-size histograms of N puzzles instead")
    parser.add_argument("--cage-sizes", help="with --cages: comma-separated sizes of killers without givens (default 6,12)")
    parser.add_argument("--verify", action="store_true", help="also count solutions and generate each seed again")
    args = parser.parse_args()
    global CLOCK
    CLOCK = time.perf_counter if args.wall else time.process_time
    print(f"CPU: {cpu_model()}; load average {os.getloadavg()[0]:.1f}; Python {platform.python_version()}; "
          f"{'wall clock' if args.wall else 'CPU time'}\n")
    if args.cages:
        print("| killer | cages | 1 cell | 2 | 3 | 4 | 5+ | mean size | givens left |")
        print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
        sizes_without = [int(n) for n in (args.cage_sizes or "6,12").split(",")]
        for size, givens in ((9, True), (9, False), *((n, False) for n in sizes_without)):
            sizes, left = cage_histogram(args.cages, givens, size)
            total = sum(sizes.values())
            cols = [sizes[1], sizes[2], sizes[3], sizes[4], sum(v for k, v in sizes.items() if k >= 5)]
            mean = sum(k * v for k, v in sizes.items()) / total
            label = f"{size}x{size}, {args.cages} puzzles, {'with' if givens else 'no'} givens"
            print(f"| {label} | {total} | " + " | ".join(f"{v} ({v / total:.0%})" for v in cols) + f" | {mean:.2f} | {left} |", flush=True)
        return
    wanted = set(args.types.split(",")) if args.types else None
    extra = " unique | same again |" if args.verify else ""
    print("| type | puzzles | median s | slowest s | generated/s |" + extra)
    print("|---|---:|---:|---:|---:|" + ("---:|---:|" if args.verify else ""))
    for name, options, share in TYPES:
        if wanted is not None and name not in wanted:
            continue
        row = bench_type(options, max(1, round(args.count * share)), args.verify)
        checked = f" {row['unique']} | {row['again']} |" if args.verify else ""
        print(f"| {name} | {row['n']} | {row['median']:.3f} | {row['max']:.3f} | {row['rate']:,.2f} |" + checked, flush=True)


if __name__ == "__main__":
    main()
