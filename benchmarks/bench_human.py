#!/usr/bin/env python3
"""Benchmark and check the human-style rater (``sudokit.human.rate``).

Usage::

    python benchmarks/bench_human.py [--quick] [--data ../shared/data] [--sample N] [--hard N] [--seed S]

Two things, printed as Markdown:

* **speed**: milliseconds per puzzle for ``rate()`` (median, mean, 90th percentile) on
  the SudoCue learning-curve set (2,500 puzzles, or a random sample) and on a random
  sample of the grantm "diabolical" bank (SE-rated >= 5.0, the hard end of what a
  newspaper prints). CPU time of the process (``time.process_time``: steadier than
  wall-clock time on a shared machine), median of ``--repeat`` runs per puzzle.
* **agreement** with the reference ratings of the learning-curve set
  (``rated/sudocue_learningcurve_rated.tsv``: serate 1.2.1.3 ER/EP/ED and HoDoKu
  2.2.0 level/score): the share with the same HoDoKu level, the distribution of
  |score difference|, the share with the same ER and with ER within 0.5.

Anchors from the issue (same machine class): HoDoKu rates the learning-curve set at
about 3 ms/puzzle, Sudoku Explainer at about 13 ms/puzzle.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import sudokit
from sudokit.human import Rating, rate

LEARNING = "rated/sudocue_learningcurve_rated.tsv"
DIABOLICAL = "rated/grantm_sudoku-exchange_diabolical_2020-06-25.txt"


@dataclass(frozen=True)
class Reference:
    """One learning-curve puzzle with its reference ratings."""

    puzzle: str
    er: float
    ep: float
    ed: float
    level: str
    score: int


def find_data(explicit: str | None) -> Path | None:
    """The shared data directory: --data, $SUDOKIT_DATA, or ../shared/data next to the repo."""
    candidates = [explicit, os.environ.get("SUDOKIT_DATA"), str(Path(__file__).resolve().parents[2] / "shared" / "data")]
    for c in candidates:
        if c and (Path(c) / LEARNING).is_file():
            return Path(c)
    return None


def load_learning(data: Path) -> list[Reference]:
    """The learning-curve set with its serate and HoDoKu ratings."""
    rows = (data / LEARNING).read_text().splitlines()[1:]
    out = []
    for row in rows:
        _set, _idx, puzzle, er, ep, ed, level, score = row.split("\t")
        out.append(Reference(puzzle, float(er), float(ep), float(ed), level, int(score)))
    return out


def load_diabolical(data: Path) -> list[tuple[str, float]]:
    """The grantm diabolical puzzles (81 digits, 0 = blank) with the bank's rating
    (Sukaku Explainer ER, which is not classic serate: see the data README)."""
    out = []
    for line in (data / DIABOLICAL).read_text().splitlines():
        if line.strip():
            _hash, puzzle, er = line.split()
            out.append((puzzle, float(er)))
    return out


def diabolical_lines(hard: Sequence[tuple[str, float]], ratings: Sequence[Rating]) -> list[str]:
    """Markdown lines: on the diabolical sample, how our ER compares with the bank's."""
    solved = [(er, r) for (_, er), r in zip(hard, ratings) if r.solved_logically]
    if not solved:
        return ["No puzzle of the diabolical sample is solved by our set."]
    same = sum(abs(er - r.se) < 0.05 for er, r in solved)
    near = sum(abs(er - r.se) <= 0.5 + 1e-9 for er, r in solved)
    bands = Counter(r.band for r in ratings)
    return [
        f"Diabolical sample: {len(solved)}/{len(ratings)} solved by our set; on those, our ER equals the bank's "
        f"(Sukaku Explainer) ER for {100 * same / len(solved):.1f}% and is within 0.5 for {100 * near / len(solved):.1f}%. "
        "Bands: " + ", ".join(f"{b} {c}" for b, c in sorted(bands.items())) + ".",
    ]


def timed(puzzles: Sequence[str], log: Callable[[str], None], label: str, repeat: int = 1) -> tuple[list[float], list[Rating]]:
    """Rate each puzzle ``repeat`` times; per-puzzle CPU milliseconds (the median of the
    repeats) and the ratings."""
    times: list[float] = []
    ratings: list[Rating] = []
    for k, p in enumerate(puzzles, 1):
        samples = []
        for _ in range(repeat):
            t0 = time.process_time()
            rating = rate(p)
            samples.append((time.process_time() - t0) * 1000)
        ratings.append(rating)
        times.append(statistics.median(samples))
        if k % 250 == 0:
            log(f"{label}: {k}/{len(puzzles)}")
    return times, ratings


def speed_row(name: str, times: list[float], ratings: list[Rating]) -> str:
    """One Markdown row: set, puzzles, median/mean/p90 ms, solved logically."""
    p90 = sorted(times)[int(0.9 * (len(times) - 1))]
    solved = sum(r.solved_logically for r in ratings) / len(ratings)
    return (f"| {name} | {len(times)} | {statistics.median(times):.2f} | {statistics.mean(times):.2f} "
            f"| {p90:.2f} | {100 * solved:.1f}% |")


def agreement(refs: Sequence[Reference], ratings: Sequence[Rating]) -> list[str]:
    """Markdown lines: agreement of our ratings with serate and HoDoKu."""
    n = len(refs)
    diffs = sorted(abs(r.hodoku_score - ref.score) for ref, r in zip(refs, ratings))

    def share(pred: Callable[[Reference, Rating], bool]) -> str:
        k = sum(pred(ref, r) for ref, r in zip(refs, ratings))
        return f"{k} ({100 * k / n:.2f}%)"

    confusion = Counter((ref.level, r.hodoku_level) for ref, r in zip(refs, ratings))
    er_diff = Counter(round(r.se - ref.er, 1) for ref, r in zip(refs, ratings))
    return [
        "| measure | value |",
        "|---|---:|",
        f"| puzzles | {n} |",
        f"| same HoDoKu level | {share(lambda f, r: f.level == r.hodoku_level)} |",
        f"| same HoDoKu score | {share(lambda f, r: f.score == r.hodoku_score)} |",
        f"| abs(score diff) <= 20 | {share(lambda f, r: abs(f.score - r.hodoku_score) <= 20)} |",
        f"| abs(score diff) <= 50 | {share(lambda f, r: abs(f.score - r.hodoku_score) <= 50)} |",
        f"| abs(score diff) <= 100 | {share(lambda f, r: abs(f.score - r.hodoku_score) <= 100)} |",
        f"| abs(score diff): median / p90 / max | {statistics.median(diffs):.0f} / {diffs[int(0.9 * (n - 1))]} / {diffs[-1]} |",
        f"| same ER | {share(lambda f, r: abs(f.er - r.se) < 0.05)} |",
        f"| ER within 0.5 | {share(lambda f, r: abs(f.er - r.se) <= 0.5 + 1e-9)} |",
        f"| same EP | {share(lambda f, r: abs(f.ep - r.ep) < 0.05)} |",
        f"| same ED | {share(lambda f, r: abs(f.ed - r.ed) < 0.05)} |",
        f"| solved by our technique set | {share(lambda f, r: r.solved_logically)} |",
        "",
        "HoDoKu level, reference -> ours: " + ", ".join(f"{a}->{b}: {c}" for (a, b), c in sorted(confusion.items())),
        "",
        "ER ours - serate (count): " + ", ".join(f"{d:+.1f}: {c}" for d, c in sorted(er_diff.items())),
    ]


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the Markdown report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small samples (a few seconds)")
    parser.add_argument("--data", metavar="DIR", help="shared data directory (default: $SUDOKIT_DATA or ../shared/data)")
    parser.add_argument("--sample", type=int, default=None, help="learning-curve puzzles to rate (default: all 2500; --quick: 300)")
    parser.add_argument("--hard", type=int, default=None, help="diabolical puzzles to rate (default 300; --quick: 40)")
    parser.add_argument("--seed", type=int, default=1, help="sampling seed (default 1)")
    parser.add_argument("--repeat", type=int, default=None, help="timed runs per puzzle, median kept (default 3; --quick: 1)")
    args = parser.parse_args(argv)
    data = find_data(args.data)
    if data is None:
        print("error: shared data not found (give --data DIR or set SUDOKIT_DATA)", file=sys.stderr)
        return 2
    log = lambda m: print(m, file=sys.stderr, flush=True)  # noqa: E731
    rng = random.Random(args.seed)
    refs = load_learning(data)
    n_learn = args.sample or (300 if args.quick else len(refs))
    if n_learn < len(refs):
        refs = rng.sample(refs, n_learn)
    hard_all = load_diabolical(data)
    hard = rng.sample(hard_all, min(len(hard_all), args.hard or (40 if args.quick else 300)))
    rate(refs[0].puzzle)  # warm-up: imports and tables
    repeat = args.repeat or (1 if args.quick else 3)
    t_learn, r_learn = timed([r.puzzle for r in refs], log, "learning curve", repeat)
    t_hard, r_hard = timed([p for p, _ in hard], log, "diabolical", repeat)
    lines = [
        f"sudokit {sudokit.__version__}, rating engine {r_learn[0].engine_version}, kernel backend {sudokit.BACKEND}, "
        f"Python {platform.python_version()}, {platform.machine()}; seed {args.seed}; "
        f"CPU ms per rate() call, median of {repeat} run(s) per puzzle",
        "",
        "| set | puzzles | median ms | mean ms | p90 ms | solved by our set |",
        "|---|---:|---:|---:|---:|---:|",
        speed_row("SudoCue learning curve", t_learn, r_learn),
        speed_row("grantm diabolical (sample)", t_hard, r_hard),
        "",
        "Agreement with serate 1.2.1.3 / HoDoKu 2.2.0 on the learning-curve puzzles rated above:",
        "",
        *agreement(refs, r_learn),
        "",
        *diabolical_lines(hard, r_hard),
    ]
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
