"""Benchmark the four teaching solvers against each other and against the real engine.

Used by ``sudokit bench --learn`` and ``benchmarks/bench_learn.py``. Three puzzle sets:

* **leetcode**: the LeetCode 37 example board, timed as the median of repeats;
* **easy**: puzzles generated here from a fixed seed (no data files needed): a
  relabelled, shuffled copy of the LeetCode solution with clues removed one by one while
  the engine says the solution stays unique, down to :data:`EASY_CLUES` clues;
* **hard**: the first few puzzles of ``puzzles3_magictour_top1465`` from the shared
  benchmark data (``../shared/data``), run under a node and a time budget per puzzle.
  Skipped, with a message saying why, when the data directory is absent.

Times are CPU time of this process (``time.process_time``), not wall-clock time, so a
busy shared machine disturbs them less; each is the median of repeated runs. The
solvers' own time budgets stay wall-clock. For every solver we report nodes (tentative
placements) and time; the engine reports its guesses instead of nodes (it places forced
digits without guessing). Ratios are time ratios: "x faster than the previous row" and
"x slower than the engine" (one column per engine backend: the C core and the Python
twin when both are available, only the twin under ``SUDOKIT_PUREPYTHON=1``).
"""

from __future__ import annotations

import os
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from .. import _backend, count_solutions, solve
from ..errors import SearchLimitExceeded
from . import LEETCODE_EXAMPLE, SOLVERS, board_from_string

__all__ = ["HARD_FILE", "REFERENCE", "Config", "Row", "Section", "find_data_dir", "generate_easy", "load_hard", "run", "to_markdown"]

EASY_SEED = 37
EASY_CLUES = 32
HARD_FILE = "puzzles3_magictour_top1465"
MIN_SAMPLE = 0.001  # seconds: shorter calls are repeated in a loop within one sample

REFERENCE = "636 ms -> 48 ms -> 8 ms (x13.3, then x6.0; x80 overall)"
"""The progression check_everything -> bookkeeping -> positional of the original C++ write-up."""


@dataclass(frozen=True)
class Config:
    """How much work one benchmark run does."""

    repeats: int  # timings per (solver, puzzle); the median is reported
    easy_count: int
    hard_count: int
    max_nodes: int  # per hard puzzle and solver
    max_seconds: float  # per hard puzzle and solver

    @classmethod
    def preset(cls, quick: bool) -> Config:
        """The ``--quick`` preset (seconds) or the full one (a few minutes)."""
        # The node budget decides which hard puzzles count as solved, the same on every
        # machine; the time budget is only a safety net, generous enough never to bind
        # on an idle machine (it is wall-clock, so a busy machine could make it bind).
        if quick:
            return cls(repeats=3, easy_count=5, hard_count=4, max_nodes=50_000, max_seconds=10.0)
        return cls(repeats=7, easy_count=20, hard_count=10, max_nodes=500_000, max_seconds=30.0)


@dataclass
class Row:
    """One solver's totals on one puzzle set."""

    name: str
    nodes: int | None  # None: the solver does not count nodes
    seconds: float  # sum over the set of each puzzle's median time
    solved: int
    attempted: int
    note: str = ""


@dataclass
class Section:
    """The rows measured on one puzzle set, or the reason it was skipped."""

    title: str
    rows: list[Row] = field(default_factory=list)
    skipped: str = ""


def find_data_dir(explicit: str | os.PathLike[str] | None = None) -> Path | None:
    """The shared benchmark data directory, or None when it is not there.

    Uses ``explicit`` when given (None if it lacks the data); otherwise ``$SUDOKIT_DATA``, then ``../shared/data`` from the
    current directory and from the source checkout this module lives in.
    """
    if explicit is not None:  # asked for this one: do not silently use another
        return Path(explicit).resolve() if (Path(explicit) / HARD_FILE).is_file() else None
    here = Path(__file__).resolve()
    candidates = [os.environ.get("SUDOKIT_DATA"), Path.cwd() / "../shared/data"]
    candidates += [parent / "../shared/data" for parent in here.parents[2:4]]
    for candidate in candidates:
        if candidate and (Path(candidate) / HARD_FILE).is_file():
            return Path(candidate).resolve()
    return None


def generate_easy(count: int, *, seed: int = EASY_SEED, clues: int = EASY_CLUES) -> list[str]:
    """``count`` unique-solution puzzles with ``clues`` clues, the same for the same seed.

    >>> puzzles = generate_easy(2)
    >>> puzzles == generate_easy(2), [81 - p.count(".") for p in puzzles]
    (True, [32, 32])
    """
    rng = random.Random(seed)
    solution = str(solve(LEETCODE_EXAMPLE))
    return [_dig(_shuffle(solution, rng), clues, rng, count_solutions) for _ in range(count)]


def _shuffle(grid: str, rng: random.Random) -> str:
    """A random equivalent grid: relabel digits, permute bands, stacks, rows and columns."""
    digits = rng.sample("123456789", 9)
    bands = rng.sample(range(3), 3)
    stacks = rng.sample(range(3), 3)
    rows = [3 * b + r for b in bands for r in rng.sample(range(3), 3)]
    cols = [3 * s + c for s in stacks for c in rng.sample(range(3), 3)]
    return "".join(digits[int(grid[9 * r + c]) - 1] for r in rows for c in cols)


def _dig(grid: str, clues: int, rng: random.Random, count: Callable[[str, int], int]) -> str:
    """Blank cells in random order, keeping each blank only if the solution stays unique."""
    cells = list(grid)
    for cell in rng.sample(range(81), 81):
        if 81 - cells.count(".") <= clues:
            break
        digit, cells[cell] = cells[cell], "."
        if count("".join(cells), 2) != 1:
            cells[cell] = digit
    return "".join(cells)


def load_hard(data_dir: Path, count: int) -> list[str]:
    """The first ``count`` puzzles of the top1465 file (comments skipped, file order)."""
    puzzles: list[str] = []
    with open(data_dir / HARD_FILE, encoding="ascii") as f:
        for line in f:
            text = line.strip()
            if text and not text.startswith("#"):
                puzzles.append(text)
            if len(puzzles) == count:
                break
    return puzzles


def _median_time(fn: Callable[[], object], repeats: int) -> float:
    """Median CPU seconds of one call; fast calls are looped so a sample lasts >= 1 ms."""
    start = time.process_time()
    fn()
    once = time.process_time() - start
    loops = 1 if once >= MIN_SAMPLE else int(MIN_SAMPLE / max(once, 1e-7)) + 1
    samples = []
    for _ in range(repeats):
        start = time.process_time()
        for _ in range(loops):
            fn()
        samples.append((time.process_time() - start) / loops)
    return statistics.median(samples)


def _attempt(name: str, puzzle: str, limits: dict[str, float]) -> tuple[int, float, bool]:
    """One timed solve: (nodes, seconds, solved); a budget stop counts as unsolved."""
    start = time.process_time()
    try:
        nodes, solved = SOLVERS[name](board_from_string(puzzle), **limits).nodes, True
    except SearchLimitExceeded as exc:
        nodes, solved = exc.nodes or 0, False
    return nodes, time.process_time() - start, solved


def _learn_row(name: str, puzzles: Sequence[str], repeats: int, cfg: Config | None) -> Row:
    """Time one teaching solver over ``puzzles``; ``cfg`` set means "under the budgets"."""
    limits = {} if cfg is None else {"max_nodes": cfg.max_nodes, "max_seconds": cfg.max_seconds}
    row = Row(name, 0, 0.0, 0, len(puzzles))
    for puzzle in puzzles:
        nodes, seconds, solved = _attempt(name, puzzle, limits)
        if solved:  # repeat only what finishes: a budget stop costs the same every time
            seconds = statistics.median([seconds] + [_attempt(name, puzzle, limits)[1] for _ in range(repeats - 1)])
        row.nodes = (row.nodes or 0) + nodes
        row.seconds += seconds
        row.solved += solved
    return row


def _engine_rows(puzzles: Sequence[str], repeats: int) -> list[Row]:
    """One row per available engine backend (C core and/or Python twin)."""
    rows = []
    for backend in _engine_backends():
        with _backend.use(backend):
            guesses = sum(_backend.kernel().solve(p.encode(), 1)[2] for p in puzzles)
            seconds = sum(_median_time(lambda: solve(p), repeats) for p in puzzles)
        rows.append(Row(f"engine ({backend})", None, seconds, len(puzzles), len(puzzles), f"{guesses} guesses"))
    return rows


def _engine_backends() -> list[str]:
    if os.environ.get("SUDOKIT_PUREPYTHON", "") not in ("", "0"):
        return ["python"]
    return _backend.available()


def _section(title: str, puzzles: Sequence[str], repeats: int, cfg: Config | None, log: Callable[[str], None]) -> Section:
    section = Section(title)
    for name in SOLVERS:
        log(f"  {name} ...")
        section.rows.append(_learn_row(name, puzzles, repeats, cfg))
    section.rows.extend(_engine_rows(puzzles, repeats))
    return section


def run(
    *,
    quick: bool = False,
    data_dir: str | os.PathLike[str] | None = None,
    log: Callable[[str], None] | None = None,
    config: Config | None = None,
) -> list[Section]:
    """Run the whole benchmark and return its sections (see :func:`to_markdown`).

    ``config`` overrides the preset chosen by ``quick``; ``log`` receives progress lines.
    """
    cfg = config or Config.preset(quick)
    say = log or (lambda message: None)
    say("leetcode example")
    sections = [_section("LeetCode 37 example board", [LEETCODE_EXAMPLE], cfg.repeats, None, say)]
    say(f"easy: {cfg.easy_count} generated puzzles")
    easy = generate_easy(cfg.easy_count)
    title = f"{cfg.easy_count} easy puzzles ({EASY_CLUES} clues, generated with seed {EASY_SEED})"
    sections.append(_section(title, easy, cfg.repeats, None, say))
    title = f"first {cfg.hard_count} puzzles of {HARD_FILE}, budget {cfg.max_nodes:,} nodes / {cfg.max_seconds:g} s each"
    found = find_data_dir(data_dir)
    if found is None:
        sections.append(Section(title, skipped="shared data not found (pass --data DIR or set SUDOKIT_DATA)"))
        return sections
    say("hard: " + title)
    sections.append(_section(title, load_hard(found, cfg.hard_count), 1, cfg, say))
    return sections


def _ratio(slow: float, fast: float) -> str:
    return f"x{slow / fast:,.1f}" if fast > 0 else "-"


def _ms(seconds: float) -> str:
    ms = seconds * 1000
    return f"{ms:,.0f}" if ms >= 100 else f"{ms:.2f}" if ms >= 1 else f"{ms:.4f}"


def _format_row(row: Row, previous: Row | None, engines: list[Row]) -> str:
    """One table line; a row stopped by the budget gets lower bounds ("> x") or "-"."""
    capped = row.solved < row.attempted  # its time is the budget, not a measurement
    if row.nodes is None:  # an engine row
        cells = [row.note, _ms(row.seconds), "-", "-"] + ["-" for _ in engines]
    else:
        rate = f"{row.nodes / row.seconds / 1000:,.0f}" if row.seconds else "-"
        step = _ratio(previous.seconds, row.seconds) if previous and _same_work(previous, row) else "-"
        versus = [("> " if capped else "") + _ratio(row.seconds, engine.seconds) for engine in engines]
        cells = [f"{row.nodes:,}", _ms(row.seconds), rate, step] + versus
    return "| " + " | ".join([row.name, f"{row.solved}/{row.attempted}"] + cells) + " |"


def _same_work(a: Row, b: Row) -> bool:
    """True when two solver rows' times can be compared: both finished every puzzle, or
    both stopped at the same node count after solving the same puzzles (same tree)."""
    if a.nodes is None or b.nodes is None:
        return False
    both_done = a.solved == a.attempted and b.solved == b.attempted
    return both_done or (a.nodes == b.nodes and a.solved == b.solved)


def _format_section(section: Section) -> list[str]:
    lines = [f"**{section.title}**", ""]
    if section.skipped:
        return lines + [f"skipped: {section.skipped}", ""]
    engines = [row for row in section.rows if row.nodes is None]
    header = ["solver", "solved", "nodes", "CPU ms", "nodes/ms", "vs previous"] + [f"vs {e.name}" for e in engines]
    lines += ["| " + " | ".join(header) + " |", "|---|" + "---:|" * (len(header) - 1)]
    previous: Row | None = None
    for row in section.rows:
        lines.append(_format_row(row, previous, engines))
        previous = row
    if any(row.solved < row.attempted for row in section.rows):
        lines += [
            "",
            "Rows that did not solve every puzzle include puzzles stopped at the node budget; their time is",
            "a lower bound. 'vs previous' is shown only where both rows did the same search.",
        ]
    return lines + [""]


def to_markdown(sections: Sequence[Section]) -> str:
    """The benchmark as Markdown tables, with the C++ reference progression underneath."""
    lines = [
        f"Reference (original C++ write-up, LeetCode's tests), check_everything -> bookkeeping -> positional: {REFERENCE}.",
        "Times are CPU ms (median of repeats; sums over a set); 'vs previous' = times faster than the row above;",
        "'vs engine' = times slower than sudokit.solve on that backend. Engines report guesses, not nodes.",
        "",
    ]
    for section in sections:
        lines += _format_section(section)
    return "\n".join(lines)
