"""Write the fixed puzzle sets of bench_variants.py (benchmarks/data/variants/*.jsonl).

    python benchmarks/make_variant_data.py            # all types, ~1 minute
    python benchmarks/make_variant_data.py --types sandwich,arrow

Each file holds one puzzle per line in the documented JSON form (docs/variants.md), made
by ``sudokit.variants.generate`` with seeds 0..count-1 at the time of writing and checked
unique by the engine. The files are committed so that engine changes are measured on the
same puzzles: regenerating them (after a generator change) moves every ratio, so do it only
on purpose and say so in RESULTS.md.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import sudokit  # noqa: E402
from bench_variants import DATA, TYPES, slug  # noqa: E402
from sudokit.variants import generate  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=20, help="puzzles per type (25x25: a quarter, Samurai: half)")
    parser.add_argument("--types", help="comma-separated type names (default: all)")
    args = parser.parse_args()
    wanted = set(args.types.split(",")) if args.types else None
    DATA.mkdir(parents=True, exist_ok=True)
    for name, options in TYPES:
        if wanted is not None and name not in wanted:
            continue
        opts = dict(options)
        size = opts.pop("size", 9)
        n = max(1, args.count // 4) if size == 25 else max(1, args.count // 2) if "grids" in opts else args.count
        start = time.process_time()
        lines = []
        for seed in range(n):
            p = generate(size, seed=seed, **opts)
            if sudokit.count_solutions(p, 2) != 1:
                raise SystemExit(f"{name} seed {seed}: not unique")
            lines.append(json.dumps(p.to_json(), separators=(",", ":")))
        path = DATA / f"{slug(name)}.jsonl"
        path.write_text("\n".join(lines) + "\n")
        print(f"{path.name}: {n} puzzles, {time.process_time() - start:.1f} s CPU", flush=True)


if __name__ == "__main__":
    main()
