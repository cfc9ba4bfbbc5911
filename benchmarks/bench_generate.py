#!/usr/bin/env python3
"""Benchmark generation and the symmetry group (one process, one core).

Usage::

    python benchmarks/bench_generate.py [--quick] [--band-seconds S] [--data DIR]

Prints a Markdown section for ``benchmarks/RESULTS.md``:

* random full grids per second (:func:`sudokit.generation.full_grid`);
* minimal unique puzzles per second (:func:`sudokit.generation.generate`, no target);
* the share of each difficulty band among random minimal puzzles (rated with
  :func:`sudokit.human.rate`), then targeted generation per band under a time budget:
  puzzles per second, attempts per puzzle and whether the budget ran out;
* canonical forms per second for minimal puzzles, for a public hard set and for full grids,
  on the active kernel and on the pure-Python twin in the same run (CPU time, so the
  ratio holds on a loaded machine), plus the batch call ``canonical_many``.

Every number is a throughput over the whole run plus the median time of one item;
seeds are fixed, so reruns measure the same work. The full-grid and puzzle rows are CPU
time of this process, on the active kernel and on the pure-Python twin in the same run
(the twin on a tenth of the seeds). ``--only canonical`` / ``--only generation`` run just
those rows (seconds instead of minutes).
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path

import sudokit
from sudokit.generation import BANDS, GenerationBudgetExceeded, full_grid, generate, generate_many
from sudokit import _backend
from sudokit.transform import canonical, canonical_many


def timed(items: Iterable[Callable[[], object]]) -> tuple[int, float, float]:
    """Run each thunk; return (count, total seconds, median seconds per item)."""
    times = []
    for thunk in items:
        start = time.perf_counter()
        thunk()
        times.append(time.perf_counter() - start)
    return len(times), sum(times), statistics.median(times) if times else float("nan")


def timed_cpu(items: Iterable[Callable[[], object]]) -> tuple[int, float, float]:
    """Like :func:`timed`, in CPU seconds of this process (steady on a shared machine)."""
    times = []
    for thunk in items:
        start = time.process_time()
        thunk()
        times.append(time.process_time() - start)
    return len(times), sum(times), statistics.median(times) if times else float("nan")


def canonical_rows(name: str, puzzles: list[object]) -> list[str]:
    """Rows for ``canonical`` over ``puzzles``: the active kernel, the batch call and the
    Python twin, all in CPU time, with the kernel/twin ratio."""
    count, total, median = timed_cpu(lambda p=p: canonical(p) for p in puzzles)
    start = time.process_time()
    batch = sum(1 for _ in canonical_many(puzzles))
    batch_total = time.process_time() - start
    with _backend.use("python"):
        twin = timed_cpu(lambda p=p: canonical(p) for p in puzzles)
    ratio = (twin[1] / twin[0]) / (total / count) if total and count else float("nan")
    kernel = sudokit.BACKEND
    return [
        row(f"{name} ({kernel} kernel)", count, total, median, f"CPU time; {ratio:,.0f}x the Python twin"),
        row(f"{name}, `canonical_many` ({kernel})", batch, batch_total, batch_total / max(batch, 1), "CPU time; mean, not median"),
        row(f"{name} (Python twin)", *twin, "CPU time"),
    ]


def generation_rows(name: str, make: Callable[[int], object], n: int) -> list[str]:
    """Rows for ``make(seed)`` over ``n`` seeds on the active kernel and ``n // 10`` on the
    Python twin, in CPU time, with the kernel/twin ratio of the medians."""
    count, total, median = timed_cpu(lambda s=s: make(s) for s in range(n))
    with _backend.use("python"):
        twin = timed_cpu(lambda s=s: make(s) for s in range(max(n // 10, 1)))
    kernel = sudokit.BACKEND
    ratio = twin[2] / median if median else float("nan")
    return [
        row(f"{name} ({kernel} kernel)", count, total, median, f"CPU time; median {ratio:,.0f}x faster than the Python twin"),
        row(f"{name} (Python twin)", *twin, "CPU time"),
    ]


def row(name: str, count: int, total: float, median: float, note: str = "") -> str:
    rate = count / total if total else float("nan")
    return f"| {name} | {count} | {rate:,.1f} | {median * 1e3:.3f} | {note} |"


def find_hard_set(data: str | None) -> Path | None:
    base = Path(data or os.environ.get("SUDOKIT_DATA", Path(__file__).resolve().parents[2] / "shared" / "data"))
    path = base / "puzzles3_magictour_top1465"
    return path if path.exists() else None


def band_shares(count: int) -> tuple[Counter[str], float]:
    """Bands of ``count`` random minimal puzzles (seeded), and seconds per rating."""
    from sudokit.human.rating import rate

    shares: Counter[str] = Counter()
    start = time.perf_counter()
    for g in generate_many(count, seed=2024):
        shares[rate(g.puzzle).band] += 1
    return shares, (time.perf_counter() - start) / max(count, 1)


def targeted(band: str, seconds: float, wanted: int, clock: Callable[[], float] = time.perf_counter) -> tuple[int, float, float, int, bool]:
    """Generate up to ``wanted`` puzzles of ``band`` within ``seconds`` (wall clock).

    Returns (made, total seconds, median seconds per puzzle, attempts, budget ran out);
    the totals and medians are on ``clock`` (``time.process_time`` for CPU seconds).
    """
    made, times, attempts = 0, [], 0
    start, cpu_start = time.perf_counter(), clock()
    ran_out = False
    for k in range(wanted):
        left = seconds - (time.perf_counter() - start)
        if left <= 0:
            ran_out = True
            break
        t0 = clock()
        try:
            g = generate(band, seed=1000 + k, time_budget=left)
        except GenerationBudgetExceeded:
            ran_out = True
            break
        times.append(clock() - t0)
        attempts += g.attempts
        made += 1
    total = clock() - cpu_start
    return made, total, statistics.median(times) if times else float("nan"), attempts, ran_out


def print_targets(targets: list[str], seconds: float, wanted: int, log: Callable[[str], None]) -> int:
    """Targeted generation for each target, in CPU seconds (the machine is shared)."""
    lines = [
        f"`python benchmarks/bench_generate.py --only targets --band-seconds {seconds:g} --wanted {wanted}` "
        f"— backend `{sudokit.BACKEND}`, Python {platform.python_version()}, {platform.processor() or platform.machine()} "
        f"({os.cpu_count()} CPUs), load average {os.getloadavg()[0]:.1f} at the start, {time.strftime('%Y-%m-%d %H:%M')}; "
        f"`generate(target, seed=1000+k)`, k = 0.., until {wanted} puzzles or {seconds:g} s of wall clock per target.",
        "",
        "| target | puzzles | CPU s per puzzle (total / made) | median CPU s/puzzle | attempts/puzzle | budget ran out |",
        "|---|---:|---:|---:|---:|---|",
    ]
    for target in targets:
        log(f"target {target} ...")
        made, total, median, attempts, ran_out = targeted(target, seconds, wanted, clock=time.process_time)
        per = total / made if made else float("nan")
        lines.append(f"| `{target}` | {made} | {per:.2f} | {median:.2f} | {attempts / made if made else float('nan'):.1f} | {'yes' if ran_out else 'no'} |")
    lines.append(f"\nload average {os.getloadavg()[0]:.1f} at the end")
    print("\n".join(lines))
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run every measurement and print the Markdown section."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small counts (about a minute)")
    parser.add_argument("--band-seconds", type=float, help="time budget per difficulty band (default 60, quick 10)")
    parser.add_argument("--only", choices=["canonical", "generation", "targets"],
                        help="run only the canonical-form rows, the full-grid/puzzle rows, or targeted generation for --targets")
    parser.add_argument("--targets", default="expert,extreme,se:7.0-9.0,se:9.0-12.0,hodoku:unfair,hodoku:extreme",
                        help="comma-separated difficulty targets for --only targets (CPU seconds; default: the top bands)")
    parser.add_argument("--wanted", type=int, default=10, help="puzzles per target for --only targets (default 10)")
    parser.add_argument("--data", metavar="DIR", help="shared data directory (default: $SUDOKIT_DATA or ../shared/data)")
    args = parser.parse_args(argv)
    quick = args.quick
    n_grids, n_puzzles, n_shares = (300, 200, 100) if quick else (3000, 2000, 1000)
    band_seconds = args.band_seconds or (10.0 if quick else 60.0)
    log = lambda m: print(m, file=sys.stderr, flush=True)  # noqa: E731

    if args.only == "targets":
        return print_targets(args.targets.split(","), band_seconds, args.wanted, log)
    lines = [
        "## Generation (bench_generate.py)",
        "",
        f"`python benchmarks/bench_generate.py{' --quick' if quick else ''}{f' --only {args.only}' if args.only else ''}` — backend `{sudokit.BACKEND}`, "
        f"Python {platform.python_version()}, {platform.machine()} ({os.cpu_count()} CPUs), one process, "
        f"{time.strftime('%Y-%m-%d')}.",
        "",
        "| what | items | per second | median ms/item | notes |",
        "|---|---:|---:|---:|---|",
    ]
    if args.only != "canonical":
        log("full grids ...")
        lines += generation_rows("random full grids", lambda s: full_grid(seed=s), n_grids)
        log("minimal puzzles ...")
        lines += generation_rows("minimal unique puzzles", lambda s: generate(seed=s), n_puzzles)
        lines += generation_rows("minimal, symmetry rotational180", lambda s: generate(seed=s, symmetry="rotational180"), n_puzzles // 2)
        lines += generation_rows("minimal, symmetry full", lambda s: generate(seed=s, symmetry="full"), n_puzzles // 2)
        lines += generation_rows("non-minimal, 28-36 clues", lambda s: generate(seed=s, minimal=False), n_puzzles // 2)
        master = iter(generate_many(None, seed=5))
        lines += generation_rows("`generate_many`, minimal", lambda s: next(master), n_puzzles)
    if args.only == "generation":
        print("\n".join(lines))
        return 0

    log("canonical forms ...")
    minimal: list[object] = [g.puzzle for g in generate_many(n_puzzles // 2, seed=77)]
    lines += canonical_rows("canonical form, generated minimal puzzles", minimal)
    hard = find_hard_set(args.data)
    if hard is not None:
        texts: list[object] = [t.strip() for t in hard.read_text().splitlines() if t.strip() and not t.startswith("#")][: n_puzzles // 2]
        lines += canonical_rows("canonical form, top1465 puzzles", texts)
    grids: list[object] = [full_grid(seed=s) for s in range(n_puzzles // 10)]
    lines += canonical_rows("canonical form, full grids", grids)
    if args.only == "canonical":
        print("\n".join(lines))
        return 0

    log("band shares ...")
    shares, per_rating = band_shares(n_shares)
    lines += [
        "",
        f"Bands of {n_shares} random minimal puzzles (seed 2024; rating takes {per_rating * 1e3:.1f} ms per puzzle "
        "including generation): " + ", ".join(f"{b} {100 * shares[b] / n_shares:.1f}%" for b in BANDS) + ".",
        "",
        f"Targeted generation per band (`generate(band, seed=1000+k)`, at most {band_seconds:g} s per band):",
        "",
        "| band | puzzles | per second | median s/puzzle | attempts/puzzle | budget ran out |",
        "|---|---:|---:|---:|---:|---|",
    ]
    for band in BANDS:
        log(f"band {band} ...")
        made, total, median, attempts, ran_out = targeted(band, band_seconds, 200 if quick else 1000)
        per = made / total if total else 0.0
        lines.append(
            f"| {band} | {made} | {per:,.2f} | {median:.3f} | {attempts / made if made else float('nan'):.1f} | {'yes' if ran_out else 'no'} |"
        )
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
