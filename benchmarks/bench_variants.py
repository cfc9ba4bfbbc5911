"""Variant engine speed against OR-tools CP-SAT, and generation rates.

    python benchmarks/bench_variants.py            # fixed puzzle files, ~2 minutes
    python benchmarks/bench_variants.py --quick    # smoke run (3 puzzles per type)
    python benchmarks/bench_variants.py --generate # generate afresh, with generation rates
    python benchmarks/bench_variants.py --runs 5 --types "non-consecutive,little killer"
                                                   # each type 5 times: ratios' median (range)

By default each type is timed on the fixed puzzles of benchmarks/data/variants/<type>.jsonl
(written once by make_variant_data.py, seeds 0..19), so engine changes are measured on the
same puzzles from run to run. ``--generate`` makes ``--count`` puzzles with
``sudokit.variants.generate`` (seeded) instead, as the first tables in RESULTS.md did: those
move with the generator. Per puzzle, median over the set:

* ours, solve: ``_core.engine_solve(program, 1, 0)`` on the compiled program (engine only);
  ours, count-2: the same with limit 2 (a uniqueness check);
* API count-2: ``sudokit.count_solutions(puzzle, 2)`` (compiling the Puzzle in Python included);
* CP-SAT solve / count-2: the tests' independent model (tests/variant_oracle.py) solved to
  the first solution / enumerated until 2 solutions, one worker; model building excluded;
* ratio: CP-SAT's median over ours (solve and count-2); branches: the engine's median
  branch count for count-2.

With ``--generate``, generation rates (puzzles per second) per type and size too. Needs the C core and
``ortools`` (the test extra). Prints a Markdown table for benchmarks/RESULTS.md.

Times are CPU seconds of this process (``time.process_time``), best of 5 runs for ours (3
for 16x16 and up), one run for CP-SAT: on a shared, overloaded machine wall-clock times of
millisecond solves mostly measure waiting for a core (``--wall`` measures wall clock).

Both columns move by up to a third from run to run even on a quiet machine, so one run
cannot tell 45x from 60x: ``--runs N`` measures each type N times in a row and prints the
times' medians over the runs and each ratio as "median (lowest-highest)" over the runs.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

import sudokit  # noqa: E402
from sudokit import _core  # noqa: E402
from sudokit.variants import AntiKnight, Diagonal, NonConsecutive, Puzzle, generate  # noqa: E402
from sudokit.variants.compile import compile_puzzle  # noqa: E402

TYPES: list[tuple[str, dict[str, Any]]] = [
    ("9x9 plain (engine)", {"size": 9, "constraints": (Diagonal(),)}),  # one rule, so the engine runs
    ("4x4", {"size": 4}),
    ("6x6", {"size": 6}),
    ("8x8", {"size": 8}),
    ("12x12", {"size": 12}),
    ("16x16", {"size": 16}),
    ("25x25", {"size": 25}),
    ("jigsaw 9x9", {"kind": "jigsaw"}),
    ("killer 9x9 (no givens)", {"kind": "killer", "givens": False}),
    ("diagonal X", {"constraints": (Diagonal("main"), Diagonal("anti"))}),
    ("anti-knight", {"constraints": (AntiKnight(),)}),
    ("non-consecutive", {"constraints": (NonConsecutive(),)}),
    ("thermometer", {"kind": "thermometer"}),
    ("arrow", {"kind": "arrow"}),
    ("kropki", {"kind": "kropki"}),
    ("xv", {"kind": "xv"}),
    ("odd/even", {"kind": "parity"}),
    ("german whispers", {"kind": "whisper"}),
    ("renban", {"kind": "renban"}),
    ("little killer", {"kind": "little_killer"}),
    ("min/max", {"kind": "extremum"}),
    ("sandwich", {"kind": "sandwich"}),
    ("between lines", {"kind": "between"}),
    ("samurai", {"grids": "samurai"}),
]

#: The fixed puzzle sets (make_variant_data.py writes them).
DATA = Path(__file__).resolve().parent / "data" / "variants"


def slug(name: str) -> str:
    """The file name of a type: 'killer 9x9 (no givens)' -> 'killer_9x9_no_givens'."""
    return "_".join("".join(ch if ch.isalnum() else " " for ch in name.lower()).split())


def load_fixed(name: str, count: int) -> list[Puzzle]:
    """The first ``count`` puzzles of a type's fixed file."""
    lines = (DATA / f"{slug(name)}.jsonl").read_text().splitlines()
    return [Puzzle.from_json(json.loads(line)) for line in lines[:count]]


#: The clock of every measurement (CPU time of this process unless --wall).
CLOCK = time.process_time


def _time(fn: Any, repeat: int = 1) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = CLOCK()
        fn()
        best = min(best, CLOCK() - start)
    return best


def _cpsat(p: Puzzle, limit: int) -> float:
    """Seconds CP-SAT takes to find ``limit`` solutions (or prove fewer), model building excluded."""
    import variant_oracle

    captured: dict[str, float] = {}
    from ortools.sat.python import cp_model

    original = cp_model.CpSolver.Solve

    def timed(self: Any, model: Any, callback: Any = None) -> Any:
        start = CLOCK()
        result = original(self, model, callback)
        captured["t"] = CLOCK() - start
        return result

    cp_model.CpSolver.Solve = timed  # type: ignore[method-assign]
    try:
        variant_oracle.oracle_count(p, limit)
    finally:
        cp_model.CpSolver.Solve = original  # type: ignore[method-assign]
    return captured["t"]


def bench_type(name: str, options: dict[str, Any], count: int, with_cpsat: bool, fixed: bool = True) -> dict[str, Any]:
    size = options.pop("size", 9)
    start = CLOCK()
    if fixed:
        puzzles = load_fixed(name, count)
    else:
        puzzles = [generate(size, seed=seed, **options) for seed in range(count)]
    gen_rate = count / (CLOCK() - start)
    programs = [compile_puzzle(p).encode() for p in puzzles]
    reps = 5 if size <= 12 and "grids" not in options else 3
    solve = [_time(lambda b=b: _core.engine_solve(b, 1, 0), reps) for b in programs]
    count2 = [_time(lambda b=b: _core.engine_solve(b, 2, 0), reps) for b in programs]
    api = [_time(lambda p=p: sudokit.count_solutions(p, 2), reps) for p in puzzles]
    assert all(_core.engine_solve(b, 2, 0)[1] == 1 for b in programs)
    branches = statistics.median(_core.engine_solve(b, 2, 0)[3] for b in programs)
    row: dict[str, Any] = {"type": name, "n": len(puzzles), "solve": statistics.median(solve), "count2": statistics.median(count2),
                           "api": statistics.median(api), "gen": gen_rate, "max": max(count2), "branches": branches}
    if with_cpsat:
        row["cp_solve"] = statistics.median(_cpsat(p, 1) for p in puzzles)
        row["cp_count2"] = statistics.median(_cpsat(p, 2) for p in puzzles)
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="3 puzzles per type")
    parser.add_argument("--count", type=int, default=20, help="puzzles per type (default 20)")
    parser.add_argument("--no-cpsat", action="store_true", help="skip the CP-SAT columns")
    parser.add_argument("--wall", action="store_true", help="wall-clock times instead of CPU time")
    parser.add_argument("--types", help="comma-separated type names (default: all)")
    parser.add_argument("--generate", action="store_true", help="generate the puzzles afresh (seeds 0..count-1) and report generation rates")
    parser.add_argument("--runs", type=int, default=1, help="measure each type this many times; ratios as median (range) over the runs")
    args = parser.parse_args()
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    global CLOCK
    CLOCK = time.perf_counter if args.wall else time.process_time
    count = 3 if args.quick else args.count
    clock = "wall clock" if args.wall else "CPU time"
    source = "generated afresh" if args.generate else "fixed files benchmarks/data/variants"
    print(f"CPU: {_cpu()}; load average {os.getloadavg()[0]:.1f}; Python {platform.python_version()}; "
          f"up to {count} puzzles per type ({source}); {clock}{f'; {args.runs} runs per type, times are medians over them' if args.runs > 1 else ''}\n")
    print("| type | n | ours solve µs | ours count-2 µs | API count-2 µs | CP-SAT solve µs | CP-SAT count-2 µs | solve ratio | count-2 ratio "
          f"| branches |{' generated/s |' if args.generate else ''}")
    print(f"|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|{'---:|' if args.generate else ''}")
    wanted = set(args.types.split(",")) if args.types else None
    for name, options in TYPES:
        if wanted is not None and name not in wanted:
            continue
        n = max(1, count // 4) if "25" in name else max(1, count // 2) if "grids" in options else count
        rows = [bench_type(name, dict(options), n, not args.no_cpsat, fixed=not args.generate) for _ in range(args.runs)]
        row = {key: statistics.median(r[key] for r in rows) if isinstance(rows[0][key], (int, float)) else rows[0][key] for key in rows[0]}
        cp = (f"{row['cp_solve'] * 1e6:,.0f} | {row['cp_count2'] * 1e6:,.0f} | {_ratios(rows, 'cp_solve', 'solve')} | "
              f"{_ratios(rows, 'cp_count2', 'count2')}" if "cp_solve" in row else "- | - | - | -")
        gen = f" {row['gen']:,.1f} |" if args.generate else ""
        print(f"| {name} | {row['n']} | {row['solve'] * 1e6:,.1f} | {row['count2'] * 1e6:,.1f} | {row['api'] * 1e6:,.0f} | {cp} "
              f"| {row['branches']:,.0f} |{gen}", flush=True)


def _ratios(rows: list[dict[str, Any]], theirs: str, ours: str) -> str:
    """CP-SAT's median over ours, per run: "61x" for one run, "61x (44-75x)" for several."""
    ratios = sorted(r[theirs] / r[ours] for r in rows)
    text = f"{statistics.median(ratios):,.0f}x"
    return text if len(ratios) == 1 else f"{text} ({ratios[0]:,.0f}-{ratios[-1]:,.0f}x)"


def _cpu() -> str:
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


if __name__ == "__main__":
    main()
