#!/usr/bin/env python3
"""CPU time of ``rate()`` per puzzle against serate's and HoDoKu's CPU on the same puzzles.

Usage::

    python benchmarks/bench_rate_speed.py PUZZLES.txt [--serate OUT --serate-cpu S]
        [--hodoku OUT --hodoku-cpu S] [--limit N] [--jobs N] [--dump FILE]

Every puzzle of PUZZLES.txt (first field of each line) is rated in this process with
``rate(p, techniques="all")`` (both paths: SE's and HoDoKu's); its CPU time is
``time.process_time`` around the call. serate and HoDoKu are not run here (build them from
their public sources outside the repo); give their output for the same file to check the
ratings (ER/EP/ED; level and score) and their total CPU seconds (``/usr/bin/time``
user + sys of one batch run, JVM start-up included) to compare: they print no per-puzzle
CPU, so their column is the mean. ``--jobs N`` also times ``rate_many(jobs=N)`` on the
same puzzles (wall time, puzzles per second) against ``jobs=1``. Printed as Markdown.

Each rating system is also timed alone (``rate(p, techniques="all", systems="se")`` and
``systems="hodoku"``), as a caller who wants only that number runs it: serate computes
only ER/EP/ED and HoDoKu only its level and score, so these are the like-for-like ratios
(``--no-alone`` skips them). Their numbers are checked equal to the full rating's.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import statistics
import sys
import time
from pathlib import Path

import sudokit
from sudokit.human import rate, rate_many

HODOKU_LINE = re.compile(r"^(\S{81}) #\d+ (\w+) \((\d+)\)")


def read_puzzles(path: Path, limit: int | None) -> list[str]:
    # '.' and '0' both mean an empty cell; the references' outputs are keyed with '0'
    lines = [ln.split()[0].replace(".", "0") for ln in path.read_text().splitlines() if ln.strip() and not ln.startswith("#")]
    return lines[:limit]


def read_serate(path: Path) -> dict[str, tuple[float, float, float]]:
    """puzzle -> (ER, EP, ED) of ``serate --format='%g ED=%r/%p/%d %e'`` output."""
    out = {}
    for line in path.read_text().splitlines():
        parts = line.split()
        if len(parts) >= 2 and parts[1].startswith("ED="):
            er, ep, ed = (float(x) for x in parts[1][3:].split("/"))
            out[parts[0].replace(".", "0")] = (er, ep, ed)
    return out


def read_hodoku(path: Path) -> dict[str, tuple[str, int]]:
    """puzzle -> (level, score) of a HoDoKu ``/bs`` batch output."""
    out = {}
    for line in path.read_text().splitlines():
        m = HODOKU_LINE.match(line)
        if m:
            out[m.group(1).replace(".", "0")] = (m.group(2), int(m.group(3)))
    return out


def quantiles(values: list[float]) -> str:
    v = sorted(values)
    return f"{statistics.median(v):.4f} / {v[int(0.9 * (len(v) - 1))]:.4f} / {v[-1]:.3f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("puzzles", type=Path)
    parser.add_argument("--serate", type=Path, help="serate's output for the same puzzles")
    parser.add_argument("--serate-cpu", type=float, help="serate's total CPU seconds (user + sys) for the whole file")
    parser.add_argument("--hodoku", type=Path, help="HoDoKu's /bs output for the same puzzles")
    parser.add_argument("--hodoku-cpu", type=float, help="HoDoKu's total CPU seconds (user + sys) for the whole file")
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--jobs", type=int, default=0, help="also time rate_many(jobs=N) against jobs=1")
    parser.add_argument("--dump", type=Path, help="write one JSON line per puzzle (rating, CPU) here")
    parser.add_argument("--no-alone", action="store_true", help="skip timing each rating system alone (systems=\"se\" / \"hodoku\")")
    args = parser.parse_args(argv)
    puzzles = read_puzzles(args.puzzles, args.limit)
    serate = read_serate(args.serate) if args.serate else {}
    hodoku = read_hodoku(args.hodoku) if args.hodoku else {}
    cpu: list[float] = []
    alone: dict[str, list[float]] = {"se": [], "hodoku": []}
    alone_same = {"se": 0, "hodoku": 0}
    se_same = se_known = ho_same = ho_known = 0
    dump = open(args.dump, "w", encoding="utf-8") if args.dump else None
    for p in puzzles:
        t0 = time.process_time()
        r = rate(p, techniques="all")
        cpu.append(time.process_time() - t0)
        if not args.no_alone:  # each system alone, as a user who wants one number calls it
            for system in alone:
                t0 = time.process_time()
                one = rate(p, techniques="all", systems=system)
                alone[system].append(time.process_time() - t0)
                mine = (one.se, one.ep, one.ed) if system == "se" else (one.hodoku_level, one.hodoku_score)
                alone_same[system] += mine == ((r.se, r.ep, r.ed) if system == "se" else (r.hodoku_level, r.hodoku_score))
        if p in serate:
            se_known += 1
            se_same += (r.se, r.ep, r.ed) == serate[p]
        if p in hodoku:
            ho_known += 1
            ho_same += (r.hodoku_level, r.hodoku_score) == hodoku[p]
        if dump is not None:
            dump.write(json.dumps({"puzzle": p, "cpu": cpu[-1], **r.as_dict()}) + "\n")
    if dump is not None:
        dump.close()
    n = len(puzzles)
    mean = sum(cpu) / n
    load = os.getloadavg()
    print(f"sudokit {sudokit.__version__}, Python {platform.python_version()}, {platform.machine()}, "
          f"load average {load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f}; {args.puzzles.name}: {n} puzzles\n")
    print("| puzzles | ours CPU s median / p90 / max | ours mean | serate mean | HoDoKu mean | serate / ours | HoDoKu / ours | ER/EP/ED = serate | level+score = HoDoKu |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    whole = len(read_puzzles(args.puzzles, None))  # the references' CPU is for the whole file, --limit or not
    se_mean = args.serate_cpu / whole if args.serate_cpu else None
    ho_mean = args.hodoku_cpu / whole if args.hodoku_cpu else None

    def cell(x: float | None, fmt: str) -> str:
        return "-" if x is None else format(x, fmt)

    print(f"| {n} | {quantiles(cpu)} | {mean:.4f} | {cell(se_mean, '.4f')} | {cell(ho_mean, '.4f')} | "
          f"{cell(se_mean and se_mean / mean, '.1f')}x | {cell(ho_mean and ho_mean / mean, '.1f')}x | "
          f"{se_same}/{se_known} | {ho_same}/{ho_known} |")
    if not args.no_alone:
        print("\nEach system alone (`rate(p, techniques=\"all\", systems=...)`), against the tool that computes only that rating:\n")
        print("| system | ours CPU s median / p90 / max | ours mean | reference mean | reference / ours | same numbers as both together |")
        print("|---|---:|---:|---:|---:|---:|")
        for system, ref_mean, name in (("se", se_mean, "serate"), ("hodoku", ho_mean, "HoDoKu")):
            m = sum(alone[system]) / n
            print(f"| {system} | {quantiles(alone[system])} | {m:.4f} | {cell(ref_mean, '.4f')} ({name}) | "
                  f"{cell(ref_mean and ref_mean / m, '.1f')}x | {alone_same[system]}/{n} |")
    if args.jobs:
        walls = {}
        for jobs in (1, args.jobs):
            t0 = time.perf_counter()
            rate_many(puzzles, jobs=jobs, techniques="all")
            walls[jobs] = time.perf_counter() - t0
        print(f"\nrate_many: jobs=1 {n / walls[1]:.1f} puzzles/s, jobs={args.jobs} {n / walls[args.jobs]:.1f} puzzles/s "
              f"({walls[1] / walls[args.jobs]:.2f}x; wall time, os.cpu_count()={os.cpu_count()})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
