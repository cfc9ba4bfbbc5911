"""How far each new technique family carries the puzzles the pattern set cannot finish.

    python benchmarks/chain_coverage.py [--diabolical N] [--minimal N] [--seed S]

Samples (seeded) puzzles from the grantm "diabolical" set (``$SUDOKIT_DATA/rated``, default
``../shared/data``) and random minimal puzzles from ``sudokit.generate``; keeps those the
pattern techniques (everything but chains, ALS and Sue de Coq) cannot finish; then
reports the share of those that each cumulative set solves: + XY-Chain, + X-Chain and
Remote Pair, + nice loops/AIC, + grouped nice loops, + ALS and Sue de Coq.
"""

from __future__ import annotations

import argparse
import os
import random
import time
from pathlib import Path

from sudokit.generate import generate
from sudokit.human import explain
from sudokit.human.registry import TECHNIQUE_IDS

NEW = ("xy_chain", "x_chain", "remote_pair", "nice_loop", "grouped_nice_loop",
       "als_xz", "als_xy_wing", "death_blossom", "sue_de_coq")
STAGES = (
    ("+ XY-Chain", ("xy_chain",)),
    ("+ X-Chain, Remote Pair", ("x_chain", "remote_pair")),
    ("+ nice loops / AIC", ("nice_loop",)),
    ("+ grouped nice loops / AIC", ("grouped_nice_loop",)),
    ("+ ALS, Sue de Coq", ("als_xz", "als_xy_wing", "death_blossom", "sue_de_coq")),
)


def main() -> None:
    """Print the coverage table."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--diabolical", type=int, default=1000)
    ap.add_argument("--minimal", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=12)
    args = ap.parse_args()
    data = Path(os.environ.get("SUDOKIT_DATA") or Path(__file__).resolve().parents[2] / "shared" / "data")
    rng = random.Random(args.seed)
    sets: dict[str, list[str]] = {}
    grantm = data / "rated" / "grantm_sudoku-exchange_diabolical_2020-06-25.txt"
    if grantm.exists() and args.diabolical:
        lines = [line.split()[1] for line in grantm.read_text().splitlines() if line.strip()]
        sets[f"grantm diabolical (sample of {args.diabolical}, seed {args.seed})"] = rng.sample(lines, args.diabolical)
    if args.minimal:
        sets[f"random minimal (generate(seed={args.seed}000+k), {args.minimal})"] = [
            str(generate(seed=args.seed * 1000 + k).puzzle) for k in range(args.minimal)]
    base = [t for t in TECHNIQUE_IDS if t not in NEW]
    for name, puzzles in sets.items():
        t0 = time.process_time()
        stuck = [p for p in puzzles if explain(p, techniques=base).end != "solved"]
        print(f"\n{name}: {len(stuck)}/{len(puzzles)} ({100 * len(stuck) / len(puzzles):.1f}%) not finished by the pattern set")
        enabled = list(base)
        left = stuck
        done = 0
        for label, ids in STAGES:
            enabled += ids
            left = [p for p in left if explain(p, techniques=enabled).end != "solved"]
            done = len(stuck) - len(left)
            share = 100 * done / len(stuck) if stuck else 100.0
            print(f"  {label:28} solves {done:5}/{len(stuck)} = {share:5.1f}% (cumulative)")
        print(f"  CPU {time.process_time() - t0:.0f} s")


if __name__ == "__main__":
    main()
