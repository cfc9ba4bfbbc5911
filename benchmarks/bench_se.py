#!/usr/bin/env python3
"""Sudoku Explainer agreement and speed: ``sudokit.human.rate`` against serate 1.2.1.3.

Usage::

    python benchmarks/bench_se.py NAME=FILE [NAME=FILE ...] [--limit N] [--max-seconds S]
    python benchmarks/bench_se.py --forum N [--data DIR]

Each FILE is serate's output for a set, one line per puzzle, as printed by
``serate --format='%g ED=%r/%p/%d %e'`` (puzzle, ER/EP/ED, serate's own time per puzzle);
serate itself is not run here (build it from its public source outside the repo).
``--forum N`` adds a fixed sample of N puzzles of the forum's hardest database spread over
its ER range, with the database's serate ER/EP/ED as reference (no serate times: serate
takes minutes per puzzle there). Each puzzle is rated with every technique
(``techniques="all"``) and, with ``--max-seconds``, a time budget per puzzle (a puzzle over
budget counts as not rated). ``--se-only`` times only the SE path (what serate computes:
ER/EP/ED), not the HoDoKu path that ``rate`` also walks. Printed as Markdown: per set, ER/EP/ED exact-match %, ER and
ER within 0.1, mean |dER|, and seconds per puzzle (median, p90, max) for both tools.
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
from typing import TextIO, cast

import sudokit
from sudokit import Grid
from sudokit.errors import SearchLimitExceeded
from sudokit.human import rate
from sudokit.human.path import enabled_techniques
from sudokit.human.rating import _se_numbers, se_techniques, se_walk
from sudokit.human.se_chains import LIMIT, Budget

FORUM = "rated/forum_hardest_database_110626.csv"


def parse_serate(path: Path) -> list[tuple[str, tuple[float, float, float], float | None]]:
    """(puzzle, (ER, EP, ED), serate seconds or None) per line of a serate output file."""
    out = []
    for line in path.read_text().splitlines():
        parts = line.split()
        if len(parts) < 2 or not parts[1].startswith("ED="):
            continue
        er, ep, ed = (float(x) for x in parts[1][3:].split("/"))
        out.append((parts[0], (er, ep, ed), _seconds(parts[2]) if len(parts) > 2 else None))
    return out


def _seconds(text: str) -> float:
    """serate's %e: ``1.23s``, ``2m05s``, ``1h02m``."""
    if text.endswith("s") and "m" in text:
        m, s = text[:-1].split("m")
        return int(m) * 60 + float(s)
    if text.endswith("s"):
        return float(text[:-1])
    if "h" in text:
        h, m = text.rstrip("m").split("h")
        return int(h) * 3600 + int(m or 0) * 60
    return float("nan")


def forum_sample(data: Path, n: int) -> list[tuple[str, tuple[float, float, float], float | None]]:
    """``n`` puzzles of the forum hardest database with an ER, evenly spread over the
    puzzles sorted by ER (a fixed, reproducible sample)."""
    rows: list[tuple[str, tuple[float, float, float], float | None]] = []
    for line in (data / FORUM).read_text().splitlines()[2:]:
        cols = line.split(",")
        if len(cols) > 7 and cols[5] and cols[6] and cols[7]:  # PuzzleR,Label,Poster,q1,q2,ER,EP,ED,...: 269 rows have an ER
            rows.append((cols[0].replace(".", "0"), (float(cols[5]), float(cols[6]), float(cols[7])), None))
    rows.sort(key=lambda r: (r[1][0], r[0]))
    if n >= len(rows):
        return rows
    return [rows[round(k * (len(rows) - 1) / max(1, n - 1))] for k in range(n)]


def pct(k: int, n: int) -> str:
    return f"{100 * k / n:.1f}%" if n else "-"


def quantiles(values: list[float]) -> str:
    if not values:
        return "-"
    v = sorted(values)
    return f"{statistics.median(v):.3f} / {v[int(0.9 * (len(v) - 1))]:.3f} / {v[-1]:.3f}"


def se_only(puzzle: str, max_seconds: float | None) -> tuple[float, float, float, str]:
    """ER/EP/ED and hardest step of the SE path alone (every technique, uniqueness on:
    the sets hold unique puzzles); raises SearchLimitExceeded when over budget."""
    order = se_techniques(enabled_techniques("all", True))
    token = LIMIT.set(Budget(None, max_seconds) if max_seconds is not None else None)
    try:
        steps, end = se_walk(Grid.parse(puzzle), order)
    finally:
        LIMIT.reset(token)
    if end == "limit":
        raise SearchLimitExceeded("budget spent")
    return _se_numbers(steps, {t.id: t for t in order})


Record = dict[str, object]  # one puzzle's result: set, puzzle, ref, got (None: over budget), ours_s, serate_s


def run_set(name: str, items: list[tuple[str, tuple[float, float, float], float | None]], max_seconds: float | None,
            log: bool, only_se: bool = False, dump: TextIO | None = None) -> list[Record]:
    """Rate every puzzle of a set; one record per puzzle (also written to ``dump`` as a JSON line)."""
    records: list[Record] = []
    for puzzle, ref, their_s in items:
        t0 = time.process_time()
        got: tuple[float, float, float] | None
        try:
            if only_se:
                er, ep, ed, hardest = se_only(puzzle, max_seconds)
            else:
                r = rate(puzzle, techniques="all", max_seconds=max_seconds)
                er, ep, ed, hardest = r.se, r.ep, r.ed, r.hardest
            got = (er, ep, ed)
        except SearchLimitExceeded:
            got, hardest = None, "over budget"
        record: Record = {"set": name, "puzzle": puzzle, "ref": ref, "got": got, "ours_s": time.process_time() - t0,
                          "serate_s": their_s}
        records.append(record)
        if dump is not None:
            dump.write(json.dumps(record) + "\n")
            dump.flush()
        if log and (got is None or tuple(got) != ref):
            print(f"{name} {puzzle} serate {ref} ours {got} {hardest}", file=sys.stderr, flush=True)
    return records


def _triple(value: object) -> tuple[float, ...]:
    """ER/EP/ED of a record (a tuple, or a list once read back from JSON)."""
    return tuple(float(v) for v in cast("list[float]", value))


def table_row(name: str, records: list[Record]) -> str:
    """One Markdown row: agreement over every puzzle (over budget counts as not exact)."""
    n = len(records)
    done = [r for r in records if r["got"] is not None]
    ers = [(_triple(r["got"])[0], _triple(r["ref"])[0]) for r in done]
    exact = sum(1 for r in done if _triple(r["got"]) == _triple(r["ref"]))
    er_same = sum(1 for a, b in ers if abs(a - b) < 0.05)
    er_near = sum(1 for a, b in ers if abs(a - b) <= 0.1 + 1e-9)
    dsum = sum(abs(a - b) for a, b in ers)
    ours = [float(cast(float, r["ours_s"])) for r in records]
    theirs = [float(cast(float, r["serate_s"])) for r in records if r["serate_s"] is not None]
    return (f"| {name} | {n} | {len(done)} | {pct(exact, n)} | {pct(er_same, n)} | {pct(er_near, n)} | "
            f"{dsum / len(done) if done else float('nan'):.3f} | {quantiles(ours)} | {quantiles(theirs)} |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sets", nargs="*", metavar="NAME=FILE", help="a set name and serate's output for it")
    parser.add_argument("--limit", type=int, default=None, help="first N puzzles of each file")
    parser.add_argument("--forum", type=int, default=0, help="forum hardest database puzzles to add (spread over ER)")
    parser.add_argument("--data", default=os.environ.get("SUDOKIT_DATA", str(Path(__file__).resolve().parents[2] / "shared" / "data")))
    parser.add_argument("--max-seconds", type=float, default=None, help="time budget per puzzle")
    parser.add_argument("--log", action="store_true", help="print every disagreement to stderr")
    parser.add_argument("--se-only", action="store_true", help="time the SE path only (as serate), not rate()")
    parser.add_argument("--part", default="1/1", help="K/N: rate only every N-th puzzle from the K-th (run parts in parallel)")
    parser.add_argument("--dump", default=None, help="append one JSON line per puzzle to this file")
    parser.add_argument("--tables", nargs="*", default=None, metavar="DUMP", help="print the table from dump files only")
    args = parser.parse_args(argv)
    by_set: dict[str, list[Record]] = {}
    if args.tables is not None:
        for path in args.tables:
            for line in Path(path).read_text().splitlines():
                record = json.loads(line)
                by_set.setdefault(record["set"], []).append(record)
    else:
        k, n = (int(x) for x in args.part.split("/"))
        dump = open(args.dump, "a", encoding="utf-8") if args.dump else None
        todo = [(spec.partition("=")[0], parse_serate(Path(spec.partition("=")[2]))[: args.limit]) for spec in args.sets]
        if args.forum:
            todo.append(("forum hardest (DB ER)", forum_sample(Path(args.data), args.forum)))
        for name, items in todo:
            by_set[name] = run_set(name, items[k - 1 :: n], args.max_seconds, args.log, args.se_only, dump)
        if dump is not None:
            dump.close()
    rows = [table_row(name, records) for name, records in by_set.items()]
    load = os.getloadavg() if hasattr(os, "getloadavg") else (float("nan"),) * 3
    print(f"sudokit {sudokit.__version__}, Python {platform.python_version()}, {platform.machine()}, "
          f"load average {load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f}; CPU seconds per puzzle (ours: process time; "
          "serate: its own %e wall time)" + ("; ours: the SE path only" if args.se_only else "; ours: rate(), SE and HoDoKu paths") + "\n")
    print("| set | puzzles | rated | ER/EP/ED exact | ER exact | ER within 0.1 | mean abs dER | ours s (median / p90 / max) | serate s (median / p90 / max) |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    print("\n".join(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
