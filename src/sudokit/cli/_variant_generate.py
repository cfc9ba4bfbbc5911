"""``sudokit generate --variant KINDS --size N``: variant puzzles and other sizes.

KINDS is a comma list: at most one layout or typed kind (``plain``, ``jigsaw``, ``killer``,
``thermometer``, ``arrow``, ``kropki``, ``xv``, ``odd-even``, ``whisper``, ``renban``,
``min-max``, ``little-killer``, ``sandwich``, ``between``, ``samurai``) and any global rules
(``diagonal``, ``anti-knight``, ``anti-king``, ``non-consecutive``, ``disjoint``,
``windoku``), e.g. ``--variant killer,diagonal``. Each record's ``puzzle`` is the puzzle in
sudokit's variant JSON (docs/variants.md) on one line, which ``sudokit solve`` reads back;
``solution`` is its N*N digits (``1-9A-P``); ``seed`` replays it (``--seed``, same options).
Puzzles are written as they are made: Ctrl-C or a spent ``--time-budget`` keeps them. The
budget covers the whole run and is also checked inside each puzzle's generation (a 25x25 or
a 16x16 jigsaw takes seconds), so a run stops within moments of it.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Iterator
from typing import Any

from .. import errors
from . import ExitCode, Streams, usage_error
from ._inputs import progress
from ._records import RecordWriter

__all__ = ["LAYOUTS", "RULES", "SIZES", "generate_variants", "make_record", "parse_variant"]

#: Layout and typed kinds: CLI name -> ``sudokit.variants.generate(kind=...)``.
LAYOUTS = {
    "plain": "plain", "jigsaw": "jigsaw", "killer": "killer", "thermometer": "thermometer",
    "slow-thermometer": "slow_thermometer", "palindrome": "palindrome", "arrow": "arrow",
    "kropki": "kropki", "xv": "xv", "odd-even": "parity", "whisper": "whisper", "renban": "renban",
    "min-max": "extremum", "little-killer": "little_killer", "sandwich": "sandwich", "between": "between",
    "samurai": "plain",  # five overlapping grids (plain kind only)
}
#: Global rules: CLI name -> constraint names of :mod:`sudokit.variants.constraints`.
RULES = ("diagonal", "anti-knight", "anti-king", "non-consecutive", "disjoint", "windoku")
SIZES = (4, 6, 8, 9, 12, 16, 25)
#: Classic-only options and their defaults: giving one with --variant/--size is a usage error.
_CLASSIC_ONLY = {"difficulty": None, "symmetry": "none", "clues": None, "require": None, "rate": False, "minimal": True}


def parse_variant(text: str) -> tuple[str, ...]:
    """An argparse type for ``--variant``: the comma list, checked."""
    names = tuple(t.strip().lower().replace("_", "-") for t in text.split(",") if t.strip())
    unknown = [n for n in names if n not in LAYOUTS and n not in RULES]
    if not names or unknown:
        raise argparse.ArgumentTypeError(
            f"unknown variant {', '.join(unknown) or repr(text)}; choose from {', '.join(LAYOUTS)} and rules {', '.join(RULES)}"
        )
    if sum(n in LAYOUTS for n in names) > 1:
        raise argparse.ArgumentTypeError(f"at most one of {', '.join(LAYOUTS)} (rules like diagonal combine with it)")
    return names


def _rules(names: tuple[str, ...], size: int) -> list[Any]:
    from ..variants import AntiKing, AntiKnight, Diagonal, DisjointGroups, NonConsecutive, windoku

    out: list[Any] = []
    for name in names:
        if name == "diagonal":
            out += [Diagonal("main"), Diagonal("anti")]
        elif name == "windoku":
            out += list(windoku(size))
        elif name in RULES:
            out.append({"anti-knight": AntiKnight, "anti-king": AntiKing, "non-consecutive": NonConsecutive,
                        "disjoint": DisjointGroups}[name]())
    return out


Spec = tuple[tuple[str, ...], int, int, bool, float | None]


def make_record(spec: Spec) -> tuple[str, str, int]:
    """(puzzle JSON, solution digits, seed) of one puzzle (runs in worker processes too).
    The spec's last item is the run's deadline (``time.time()`` seconds: worker processes
    share the wall clock), or None."""
    from ..variants import generate, solving
    from ..variants.puzzle import DIGIT_CHARS

    names, size, seed, givens, deadline = spec
    kind = next((LAYOUTS[n] for n in names if n in LAYOUTS), "plain")
    grids = "samurai" if "samurai" in names else None
    budget = None if deadline is None else deadline - time.time()
    if budget is not None and budget <= 0:
        raise errors.SearchLimitExceeded("time budget spent before this puzzle started", seconds=0.0)
    puzzle = generate(size, kind=kind, constraints=_rules(names, size), seed=seed, givens=givens, grids=grids, time_budget=budget)
    solution = solving.solve(puzzle, unique=True)
    # Cells outside every grid of a Samurai stay 0 in the solution: "." as in the givens.
    digits = "".join(DIGIT_CHARS[d - 1] if d else "." for d in solution.givens)
    return json.dumps(puzzle.to_json(), separators=(",", ":")), digits, seed


def _check(args: argparse.Namespace) -> tuple[tuple[str, ...], int]:
    names: tuple[str, ...] = args.variant or ("plain",)
    size: int = args.size or 9
    given = [f"--{name.replace('_', '-')}" for name, default in _CLASSIC_ONLY.items() if getattr(args, name, default) != default]
    if given:
        named = ", ".join(given).replace("--minimal", "--not-minimal")
        raise usage_error(f"{named} {'is' if len(given) == 1 else 'are'} for classic 9x9 puzzles only, not with --variant/--size")
    if "windoku" in names and size != 9:
        raise usage_error("windoku windows are defined for 9x9 (--size 9)")
    if not args.givens and "killer" not in names:
        raise usage_error("--no-givens needs --variant killer")
    if args.time_budget is not None and not 0 < args.time_budget < float("inf"):
        raise usage_error(f"--time-budget must be a positive number of seconds, got {args.time_budget}")
    return names, size


def generate_variants(args: argparse.Namespace, streams: Streams) -> int:
    """The ``generate`` command for ``--variant``/``--size``."""
    names, size = _check(args)
    first = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    deadline = None if args.time_budget is None else time.time() + args.time_budget
    specs = ((names, size, first + k, bool(args.givens), deadline) for k in range(args.count))
    results: Iterator[tuple[str, str, int]]
    if args.jobs > 1:
        from ..generation import ordered_map

        results = ordered_map(make_record, specs, args.jobs)
    else:
        results = (make_record(spec) for spec in specs)
    bar = progress(streams, args.progress, total=args.count)
    start, variant, done = time.monotonic(), ",".join(names), 0
    try:
        with RecordWriter(args, streams, ("puzzle", "solution", "seed", "variant", "size"), line=lambda r: str(r["puzzle"]),
                          keyed=False) as out:
            nested = out.format in ("json", "jsonl")
            try:
                for text, solution, seed in results:
                    out.ok(None, puzzle=json.loads(text) if nested else text, solution=solution, seed=seed, variant=variant, size=size)
                    out.flush()
                    done += 1
                    if bar is not None:
                        bar.update(1)
                    if args.time_budget is not None and done < args.count and time.monotonic() - start > args.time_budget:
                        raise errors.SearchLimitExceeded("spent between puzzles", seconds=time.monotonic() - start)
            except errors.SearchLimitExceeded as exc:
                if args.time_budget is None or exc.seconds is None:
                    raise  # not the time budget: the generator's own message
                raise errors.SearchLimitExceeded(f"time budget of {args.time_budget:g} s spent after {done} of {args.count} puzzles",
                                                 seconds=time.monotonic() - start) from exc
    finally:
        if bar is not None:
            bar.close()
        close = getattr(results, "close", None)
        if close is not None:
            close()
    return ExitCode.OK
