"""Difficulty ratings: SE-like ER/EP/ED, a HoDoKu-like level and score, and a simple band.

:func:`rate` solves the puzzle with the enabled techniques and reads the ratings off the
path; see ``docs/techniques.md`` for the scales. In short:

* ``se`` (ER) is the largest Sudoku Explainer rating of a step on the path that always
  takes the easiest available step (registry order); ``ep`` (EP, "pearl") is the largest
  rating of the steps up to and including the first placement; ``ed`` (ED, "diamond") is
  the rating of the very first step. These follow serate's definitions ("the highest ER
  of the methods leading to the puzzle solution / to the first cell placement / to the
  first candidate elimination"). The SE path also tries SE's "direct" variants (Direct
  Pointing 1.7, Direct Claiming 1.9, Direct Hidden Pair 2.0, Direct Hidden Triple 2.5),
  as SE does; SE's chains are not in our set, so beyond ER ~6.5 our ER is an
  approximation (agreement figures: benchmarks/RESULTS.md).
* ``hodoku_score`` is the sum of HoDoKu's per-step scores along a second path that tries
  the techniques in HoDoKu's own order (Full House, Naked Single, Hidden Single, Locked
  Candidates, ...) and chooses among singles, intersections and subsets as HoDoKu does
  (singles queues, unit/digit search order; see :func:`hodoku_walk`); ``hodoku_level``
  is the hardest step's HoDoKu level, raised while the score exceeds that level's
  maximum (Easy 800, Medium 1000, Hard 1600, Unfair 1800), as HoDoKu 2.2 does.
* ``band`` maps ER to a five-step scale for players (see :data:`BANDS`).

When the set cannot finish the puzzle (``solved_logically`` is False) every number is a
lower bound: ``se`` and ``hodoku_score`` cover the steps found, ``hodoku_level`` is at
least ``"Unfair"`` (the next HoDoKu techniques, chains and ALS, are Unfair or Extreme)
and ``band`` is ``"extreme"``.

>>> from sudokit.human import rate
>>> r = rate("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
>>> r.band, r.solved_logically, r.hodoku_level
('easy', True, 'Easy')
>>> r == rate("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
True
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass, field, replace
from functools import lru_cache
from itertools import combinations
from array import array
from typing import Any

from .. import _backend
from ..errors import MultipleSolutionsError, SearchLimitExceeded, SudokuError
from ..grid import Grid, PuzzleLike
from . import coloring, registry, se_unique
from .se_chains import LIMIT, Budget, BudgetExceeded
from .model import BIT, CELL_BIT, CELL_HOUSES, DIGITS_OF, HOUSE_CELLS, HOUSE_MASK, HOUSE_NAMES, PEER_CELLS, PEER_MASK, POPCOUNT, Candidates, cells_of
from .path import BACKTRACKING, MAX_STEPS, enabled_techniques, next_step, solve_and_count, walk
from .step import Step, cell_text, cells_text

__all__ = ["Rating", "rate", "se_path_rating", "rating_text", "BANDS", "HODOKU_LEVELS", "HODOKU_MAX_SCORE", "ENGINE_VERSION", "hodoku_order", "band_for"]

#: Version of the rating engine: this module's rules plus the registry's order/ratings
#: version; it changes whenever the rating of some puzzle could change.
ENGINE_VERSION = f"human-4.{registry.ENGINE_ORDER_VERSION}"  # 4: Dynamic Forcing Chains on the default SE path

#: HoDoKu's difficulty levels, easiest first.
HODOKU_LEVELS: tuple[str, ...] = ("Easy", "Medium", "Hard", "Unfair", "Extreme")
#: HoDoKu 2.2 default level maxima (``Options.DEFAULT_DIFFICULTY_LEVELS``): a puzzle whose
#: score exceeds its level's maximum is moved up one level (repeatedly).
HODOKU_MAX_SCORE: dict[str, int] = {"Easy": 800, "Medium": 1000, "Hard": 1600, "Unfair": 1800, "Extreme": 2**31 - 1}

#: The user band of an ER: (upper bound exclusive, band). Not solved logically: "extreme".
BANDS: tuple[tuple[float, str], ...] = (
    (2.5, "easy"),  # singles only (Full House 1.0, Hidden Single 1.2/1.5, Naked Single 2.3)
    (4.2, "medium"),  # intersections, pairs, triples, X-Wing, Swordfish (2.6 - 4.0)
    (6.2, "hard"),  # wings, uniqueness, quads, Jellyfish, BUG+1 (4.2 - 6.0)
    (9.0, "expert"),  # exclusion, chains, cycles, Nishio, multiple and dynamic forcing chains (6.2 - 8.9)
    (99.0, "extreme"),  # dynamic forcing chains (+) and nested forcing chains (9.0 - 11.9+)
)

#: HoDoKu's solver order (``Options.solverSteps`` index) for the techniques of our set;
#: techniques missing here keep their registry position after the listed ones.
_HODOKU_INDEX: dict[str, int] = {
    "full_house": 100,
    "naked_single": 200,
    "hidden_single_box": 300,
    "hidden_single_line": 301,
    "locked_pair": 1000,
    "locked_triple": 1100,
    "pointing": 1200,
    "claiming": 1210,
    "naked_pair": 1300,
    "naked_triple": 1400,
    "hidden_pair": 1500,
    "hidden_triple": 1600,
    "naked_quad": 2000,
    "hidden_quad": 2100,
    "x_wing": 2200,
    "swordfish": 2300,
    "jellyfish": 2400,
    "remote_pair": 2800,
    "bug_plus_1": 2900,
    "skyscraper": 3000,
    "two_string_kite": 3100,
    "turbot_fish": 3120,
    "empty_rectangle": 3170,
    "w_wing": 3200,
    "xy_wing": 3300,
    "xyz_wing": 3400,
    "unique_rectangle_1": 3500,
    "unique_rectangle_2": 3600,
    "unique_rectangle_3": 3700,
    "unique_rectangle_4": 3800,
    "unique_rectangle_5": 3900,
    "unique_rectangle_6": 4000,
    "hidden_rectangle": 4010,
    "avoidable_rectangle_1": 4020,
    "avoidable_rectangle_2": 4030,
    "finned_x_wing": 4100,
    "sashimi_x_wing": 4200,
    "finned_swordfish": 4300,
    "sashimi_swordfish": 4400,
    "finned_jellyfish": 4500,
    "sashimi_jellyfish": 4600,
    "simple_colors_trap": 5330,
    "simple_colors_wrap": 5331,
    "multi_colors_2": 5360,  # HoDoKu's one MULTI_COLORS search checks type 2 first for each cluster pair
    "multi_colors_1": 5361,
    "sue_de_coq": 5300,
    "x_chain": 5400,
    "xy_chain": 5500,
    "nice_loop": 5600,
    "grouped_nice_loop": 5650,
    "als_xz": 5700,
    "als_xy_wing": 5800,
    "als_chain": 5900,
    "death_blossom": 6000,
    "franken_x_wing": 6100,
    "franken_swordfish": 6200,
    "franken_jellyfish": 6300,
    "finned_franken_x_wing": 6700,
    "finned_franken_swordfish": 6800,
    "finned_franken_jellyfish": 6900,
    "mutant_x_wing": 7300,
    "mutant_swordfish": 7400,
    "mutant_jellyfish": 7500,
    "finned_mutant_x_wing": 7900,
    "finned_mutant_swordfish": 8000,
    "finned_mutant_jellyfish": 8100,
    "kraken_fish": 8450,
    "forcing_chain": 8500,
    "forcing_net": 8600,
    "template_set": 8700,
    "template_delete": 8800,
}


#: Techniques HoDoKu 2.2's default solver has switched off (``StepConfig`` enabled = false):
#: its rating never takes them, so the HoDoKu path leaves them out.
HODOKU_OFF: frozenset[str] = frozenset({
    "death_blossom", "franken_jellyfish", "finned_franken_jellyfish", "mutant_x_wing", "mutant_swordfish",
    "mutant_jellyfish", "finned_mutant_x_wing", "finned_mutant_swordfish", "finned_mutant_jellyfish",
    "template_set", "template_delete", "kraken_fish",
})


def hodoku_order(techniques: Sequence[registry.Technique]) -> tuple[registry.Technique, ...]:
    """The techniques re-ordered as HoDoKu's solver tries them (stable for unknown ids),
    without those its default solver has switched off (:data:`HODOKU_OFF`) and without
    Sudoku Explainer's own exclusion and forcing-chain rules (HoDoKu has its own Forcing
    Chain and Forcing Net in their place)."""
    position = {t.id: k for k, t in enumerate(techniques)}
    kept = (t for t in techniques if t.id not in HODOKU_OFF and not _se_only(t))
    return tuple(sorted(kept, key=lambda t: (_HODOKU_INDEX.get(t.id, 10_000), position[t.id])))


def _se_only(t: registry.Technique) -> bool:
    """Sudoku Explainer's own rules (Aligned Exclusion, its chains and Nishio): not HoDoKu's."""
    return t.family == "exclusion" or t.id.startswith("se_")


def band_for(er: float, solved_logically: bool) -> str:
    """The user band of an ER (see :data:`BANDS`)."""
    if not solved_logically:
        return "extreme"
    return next(name for bound, name in BANDS if er < bound)


@dataclass(frozen=True)
class Rating:
    """How hard a puzzle is, and what made the numbers (so they can be reproduced).

    ``counts`` maps technique id to the number of steps of that technique on the
    SE-ordered path; ``hardest`` is the name of the first step with the largest ER;
    ``techniques`` lists the enabled technique ids and ``engine_version`` the engine.
    """

    se: float
    ep: float
    ed: float
    hodoku_level: str
    hodoku_score: int
    band: str
    hardest: str
    counts: dict[str, int] = field(hash=False)
    solved_logically: bool
    steps: int
    uniqueness: bool
    engine_version: str
    techniques: tuple[str, ...]

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of every field."""
        data = asdict(self)
        data["techniques"] = list(self.techniques)
        return data

    def __str__(self) -> str:
        """The text ``sudokit rate`` prints after the puzzle: ``ER=se/ep/ed level score band
        hardest`` (the hardest technique's spaces as ``_``, so the line splits into fields)."""
        return rating_text(self.as_dict())

    def __repr__(self) -> str:
        return f"Rating(se={self.se}, band={self.band!r}, hodoku_level={self.hodoku_level!r}, hardest={self.hardest!r})"

    def _repr_html_(self) -> str:
        """A small table of the numbers (Jupyter)."""
        from html import escape

        rows = [("ER / EP / ED", f"{self.se:.1f} / {self.ep:.1f} / {self.ed:.1f}"), ("band", self.band),
                ("HoDoKu", f"{self.hodoku_level} ({self.hodoku_score})"), ("hardest", self.hardest or "-"),
                ("steps", f"{self.steps}{'' if self.solved_logically else ' (not solved by this set)'}")]
        body = "".join(f"<tr><th>{escape(k)}</th><td>{escape(str(v))}</td></tr>" for k, v in rows)
        return f"<table>{body}</table>"

    def summary(self) -> str:
        """One short line: ``ER/EP/ED HoDoKu-level score band hardest``."""
        mark = "" if self.solved_logically else " (not solved by this set)"
        return (
            f"{self.se:.1f}/{self.ep:.1f}/{self.ed:.1f} {self.hodoku_level} {self.hodoku_score} "
            f"{self.band} {self.hardest or '-'}{mark}"
        )


def rating_text(values: dict[str, Any]) -> str:
    """:meth:`Rating.__str__` of a rating's :meth:`~Rating.as_dict` (as the CLI gets them back
    from worker processes)."""
    mark = "" if values["solved_logically"] else " (not solved by this set)"
    hardest = (values["hardest"] or "-").replace(" ", "_")
    return (f"ER={values['se']:.1f}/{values['ep']:.1f}/{values['ed']:.1f} {values['hodoku_level']} "
            f"{values['hodoku_score']} {values['band']} {hardest}{mark}")


def rate(
    puzzle: PuzzleLike,
    *,
    techniques: Iterable[str] | None = None,
    uniqueness: bool | None = None,
    max_steps: int = MAX_STEPS,
    max_seconds: float | None = None,
    max_nodes: int | None = None,
    allow_multiple: bool = False,
) -> Rating:
    """Rate ``puzzle`` (see the module docstring for every field).

    ``techniques`` and ``uniqueness`` are as for :func:`~sudokit.human.explain`
    (``techniques="all"`` adds SE's slow Dynamic Forcing Chains (+) and nested forcing
    chains, which serate uses from ER 9.0 up: use it for SE-exact ratings of the hardest
    puzzles; by default the SE path also has Dynamic Forcing Chains, 8.5+, which run in C).
    ``max_seconds`` (CPU seconds of the calling thread, so the same on a loaded machine)
    and ``max_nodes`` bound the chain
    searches: when they run out, :class:`~sudokit.errors.SearchLimitExceeded` is raised
    with the rating of the steps found so far (a lower bound) as its ``partial``.
    Raises the same errors as :func:`~sudokit.human.explain`, and
    :class:`~sudokit.errors.MultipleSolutionsError` for a puzzle with several solutions
    (a rating of such a puzzle means little; ``sudokit rate`` refuses it too) unless
    ``allow_multiple=True``.
    """
    limited = max_seconds is not None or max_nodes is not None
    token = LIMIT.set(Budget(max_nodes, max_seconds) if limited else None)
    try:
        rating, spent = _rate(puzzle, techniques, uniqueness, max_steps, allow_multiple)
    finally:
        LIMIT.reset(token)
    if spent:
        raise SearchLimitExceeded(f"search budget spent after {rating.steps} steps", nodes=max_nodes, seconds=max_seconds, partial=rating)
    return rating


def se_path_rating(puzzle: PuzzleLike, *, techniques: Iterable[str] | None = None) -> Rating:
    """:func:`rate` without the HoDoKu path: the same ``se``/``ep``/``ed``, ``band``,
    ``counts`` and ``solved_logically``, with ``hodoku_level`` ``""`` and ``hodoku_score`` 0.

    About a third of :func:`rate`'s CPU (the HoDoKu path is the larger part), for callers
    that decide on the SE numbers alone: the generator's band and SE-range targets."""
    return _rate(puzzle, techniques, None, MAX_STEPS, False, hodoku=False)[0]


def _rate(
    puzzle: PuzzleLike,
    techniques: Iterable[str] | None,
    uniqueness: bool | None,
    max_steps: int,
    allow_multiple: bool,
    *,
    hodoku: bool = True,
) -> tuple[Rating, bool]:
    """The rating, and whether a search budget ran out (the rating is then a lower bound);
    ``hodoku=False`` leaves the HoDoKu path out (level ``""``, score 0)."""
    grid = Grid.parse(puzzle)
    count, _solution = solve_and_count(grid)
    if count > 1 and not allow_multiple:
        raise MultipleSolutionsError("the puzzle has more than one solution; only a unique puzzle can be rated")
    use_uniqueness = count == 1 if uniqueness is None else bool(uniqueness)
    key = techniques if techniques is None or isinstance(techniques, str) else tuple(techniques)
    enabled, se_order, se_plan, ho_order, ho_plan = _plan(key, use_uniqueness)
    by_id = {t.id: t for t in enabled}
    by_id.update((t.id, t) for t in se_order)
    se_steps, se_end = _se_walk(grid, se_order, se_plan, max_steps)
    solved = se_end == "solved"
    ho_steps: list[Step] = []
    ho_end = "limit" if hodoku else "skipped"
    try:
        if se_end != "limit" and hodoku:
            ho_steps, ho_end = _hodoku_walk(grid, ho_order, ho_plan, max_steps)
    except BudgetExceeded:
        ho_steps, ho_end = [], "limit"
    er, ep, ed, hardest = _se_numbers(se_steps, by_id)
    score, level = _hodoku_numbers(ho_steps, by_id, solved and ho_end == "solved") if hodoku else (0, "")
    return Rating(
        se=er,
        ep=ep,
        ed=ed,
        hodoku_level=level,
        hodoku_score=score,
        band=band_for(er, solved),
        hardest=hardest,
        counts=dict(Counter(s.technique for s in se_steps)),
        solved_logically=solved,
        steps=len(se_steps),
        uniqueness=use_uniqueness,
        engine_version=ENGINE_VERSION,
        techniques=tuple(t.id for t in enabled),
    ), "limit" in (se_end, ho_end)


@lru_cache(maxsize=64)
def _plan(
    techniques: str | tuple[str, ...] | None, uniqueness: bool
) -> tuple[tuple[registry.Technique, ...], tuple[registry.Technique, ...], tuple[int, int], tuple[registry.Technique, ...], tuple[int, int]]:
    """The enabled techniques, the SE order with its kernel front, the HoDoKu order with
    its kernel front (the same for every puzzle rated with these options)."""
    enabled = enabled_techniques(techniques, uniqueness)
    se_enabled = enabled
    if techniques is None:  # the SE path's default also has SE's Dynamic Forcing Chains (C: fast there)
        se_enabled = tuple(t for t in registry.TECHNIQUES if t in enabled or t.id in SE_PATH_DEFAULT_EXTRA)
    se_order, ho_order = se_techniques(se_enabled), hodoku_order(enabled)
    return se_enabled, se_order, _front(se_order), ho_order, _ho_front(ho_order)


def _se_numbers(steps: Sequence[Step], by_id: dict[str, registry.Technique]) -> tuple[float, float, float, str]:
    """ER (max), EP (max up to the first placement), ED (first step), hardest step's name."""
    er = ep = ed = 0.0
    hardest = ""
    for k, step in enumerate(steps):
        if step.rating is not None:
            value = step.rating
        else:
            value = float(by_id[step.technique].se_rating) if step.technique != BACKTRACKING else 0.0
        if value > er:
            er, hardest = value, step.name
        if k == 0:
            ed = er
        if not ep and step.placements:
            ep = er
    return round(er, 1), round(ep, 1), round(ed, 1), hardest


def _hodoku_numbers(steps: Sequence[Step], by_id: dict[str, registry.Technique], solved: bool) -> tuple[int, str]:
    """HoDoKu score (sum of step scores) and level (max step level, bumped by score)."""
    score = 0
    level = 0
    known: dict[str, tuple[int, int]] = {}  # technique id -> (score, level index)
    for step in steps:
        value = known.get(step.technique)
        if value is None:  # a fish search can meet a fish of another shape: any registry technique
            technique = by_id.get(step.technique) or _REGISTRY_BY_ID.get(step.technique)
            value = known[step.technique] = (
                (int(technique.hodoku_score), _level_index(technique.hodoku_level)) if technique is not None else (0, 0)
            )
        score += value[0]
        if value[1] > level:
            level = value[1]
    if not solved:
        level = max(level, HODOKU_LEVELS.index("Unfair"))
    while score > HODOKU_MAX_SCORE[HODOKU_LEVELS[level]] and level < len(HODOKU_LEVELS) - 1:
        level += 1
    return score, HODOKU_LEVELS[level]


_REGISTRY_BY_ID: dict[str, registry.Technique] = {t.id: t for t in registry.TECHNIQUES}


def _level_index(level: object) -> int:
    """Index in :data:`HODOKU_LEVELS` of a level given by name (any case) or number."""
    if isinstance(level, int):
        return min(max(level, 0), len(HODOKU_LEVELS) - 1)
    text = str(getattr(level, "name", level)).capitalize()
    return HODOKU_LEVELS.index(text) if text in HODOKU_LEVELS else 0


# ------------------------------------------------- SE's "direct" variants
# Sudoku Explainer rates a pointing, claiming, hidden pair or hidden triple that at once
# leaves a hidden single as one "direct" step with a lower rating than the indirect
# technique (serate 1.2.1: Direct Pointing 1.7, Direct Claiming 1.9, Direct Hidden Pair
# 2.0, Direct Hidden Triplet 2.5; rules ``Locking(true)`` and ``HiddenSet(n, true)``).
# The SE-ordered path of :func:`rate` tries them too, so that ER/EP/ED follow serate;
# ``explain`` and the HoDoKu path do not use them (they are not techniques of their own).
_BOXES, _COLS, _ROWS = range(18, 27), range(9, 18), range(0, 9)


# In the 9-bit position masks of ``Candidates.position_table`` bit k is the k-th cell of
# the house (``HOUSE_CELLS``): a box's cells row by row, a row's by column, a column's by
# row. A box's positions lie in one column of the box when they fit ``_BOX_COL[j]``, in one
# row when they fit ``_TRIPLE[i]``; a line's positions lie in one box when they fit
# ``_TRIPLE[g]``.
_TRIPLE = (0b000000111, 0b000111000, 0b111000000)
_BOX_COL = (0b001001001, 0b010010010, 0b100100100)


def _fit(patterns: tuple[int, int, int]) -> tuple[int, ...]:
    """For each 9-bit mask with two or more bits: the index of the pattern containing
    it, else -1."""
    return tuple(
        next((k for k, pat in enumerate(patterns) if not m & ~pat), -1) if m & (m - 1) else -1 for m in range(512)
    )


_IN_BOX_COL, _IN_TRIPLE = _fit(_BOX_COL), _fit(_TRIPLE)


def _direct_locking(state: Candidates, pointing: bool) -> Iterator[Step]:
    """SE's direct pointing/claiming: a locked digit that leaves a hidden single in a
    parallel house (same search order as SE: box/column, box/row, column/box, row/box)."""
    table = [state.position_table(v) if v else [] for v in range(10)]
    for v, h1, h2, h3, remain in _locking_hits(table, pointing):
        cells1 = [HOUSE_CELLS[h1][k - 1] for k in DIGITS_OF[table[v][h1]]]
        yield _direct_locking_step(pointing, v, h1, h2, h3, cells1, HOUSE_CELLS[h3][remain.bit_length() - 1])


def _locking_hits(table: list[list[int]], pointing: bool) -> Iterator[tuple[int, int, int, int, int]]:
    """(digit, h1, h2, h3, remain) in SE's order for every digit locked in h1 inside h2
    that has exactly one place (the 9-bit ``remain``) in a parallel house h3 outside h2,
    and more than one place in h3. The h2 cells within h1 and within h3 have the same
    9-bit pattern (``inside``)."""
    searches = _POINTING_SEARCHES if pointing else _CLAIMING_SEARCHES
    for fit, patterns, pairs in searches:
        for v in range(1, 10):
            t = table[v]
            for h1, others, cover in pairs:
                k = fit[t[h1]]
                if k < 0:
                    continue
                inside = patterns[k]
                for h3 in others:
                    pos3 = t[h3]
                    remain = pos3 & ~inside
                    if remain and not remain & (remain - 1) and pos3 != remain:
                        yield v, h1, cover[k], h3, remain


def _searches(first: range, kind: str) -> tuple[tuple[int, ...], tuple[int, int, int], tuple[tuple[int, tuple[int, ...], tuple[int, int, int]], ...]]:
    """One of SE's four locking searches as (fit table, patterns, ((h1, parallel houses,
    the h2 for each pattern index), ...)) for ``kind`` box/column, box/row, column/box or
    row/box."""
    rows = []
    for h1 in first:
        k1 = h1 % 9
        if kind == "box/column":
            others = tuple(18 + b for b in _SAME_STACK[k1])
            cover = tuple(9 + k1 % 3 * 3 + j for j in range(3))
        elif kind == "box/row":
            others = tuple(18 + b for b in _SAME_BAND[k1])
            cover = tuple(k1 // 3 * 3 + i for i in range(3))
        elif kind == "column/box":
            others = tuple(9 + c for c in _SAME_BAND[k1])
            cover = tuple(18 + g * 3 + k1 // 3 for g in range(3))
        else:
            others = tuple(r for r in _SAME_BAND[k1])
            cover = tuple(18 + k1 // 3 * 3 + g for g in range(3))
        rows.append((h1, others, (cover[0], cover[1], cover[2])))
    fit, patterns = (_IN_BOX_COL, _BOX_COL) if kind == "box/column" else (_IN_TRIPLE, _TRIPLE)
    return fit, patterns, tuple(rows)


#: The other two boxes of a box's stack / band, ascending; for a line k (row or column),
#: ``_SAME_BAND[k]`` is the other two lines through the same boxes.
_SAME_STACK = tuple(tuple(b3 for b3 in range(b % 3, 9, 3) if b3 != b) for b in range(9))
_SAME_BAND = tuple(tuple(k3 for k3 in range(k // 3 * 3, k // 3 * 3 + 3) if k3 != k) for k in range(9))
_POINTING_SEARCHES = (_searches(_BOXES, "box/column"), _searches(_BOXES, "box/row"))
_CLAIMING_SEARCHES = (_searches(_COLS, "column/box"), _searches(_ROWS, "row/box"))


def _direct_locking_step(pointing: bool, v: int, h1: int, h2: int, h3: int, cells1: list[int], cell: int) -> Step:
    technique, name = ("direct_pointing", "Direct Pointing") if pointing else ("direct_claiming", "Direct Claiming")
    return Step(
        technique, name, "intersections",
        placements=((cell, v),),  # SE applies only the placement of a direct hint
        cells=tuple((c, "base") for c in cells1),
        houses=(HOUSE_NAMES[h1], HOUSE_NAMES[h2], HOUSE_NAMES[h3]),
        digits=(v,),
        why=(f"In {HOUSE_NAMES[h1]}, {v} is locked in {cells_text(cells1)} ({HOUSE_NAMES[h2]}), "
             f"so in {HOUSE_NAMES[h3]} {v} can only go in {cell_text(cell)}."),
    )


def _direct_hidden_set(state: Candidates, degree: int) -> Iterator[Step]:
    """SE's direct hidden pair/triple: a hidden set whose cells, once cleared of other
    digits, leave a hidden single in the same house (houses: boxes, columns, rows).

    As in SE every digit of the set has 2..degree places; another digit with two or more
    places, all but one inside the set, gives the hidden single (this also implies SE's
    "more than ``degree`` empty cells" condition).
    """
    table = [state.position_table(v) if v else [] for v in range(10)]  # 9-bit house positions
    by_house = list(zip(*table[1:]))  # by_house[h][v - 1]: positions of digit v in house h
    for h in _HIDDEN_ORDER:
        row = by_house[h]
        small = [v for v in range(1, 10) if 2 <= POPCOUNT[row[v - 1]] <= degree]
        if len(small) < degree:
            continue
        pos = (0, *row)
        counts = [POPCOUNT[p] for p in pos]
        for combo in combinations(small, degree):
            union = 0
            for v in combo:
                union |= pos[v]
            if POPCOUNT[union] != degree:
                continue
            for v2 in range(1, 10):
                rest = pos[v2] & ~union
                if counts[v2] > 1 and v2 not in combo and rest and not rest & (rest - 1):
                    yield _direct_hidden_step(degree, h, combo, union, v2, rest)
                    break


_HIDDEN_ORDER = (*_BOXES, *_COLS, *_ROWS)


def _direct_hidden_step(degree: int, h: int, combo: tuple[int, ...], union: int, v2: int, rest: int) -> Step:
    """``union`` and ``rest`` are 9-bit position masks within house ``h``."""
    cell = HOUSE_CELLS[h][rest.bit_length() - 1]
    cells = [HOUSE_CELLS[h][k - 1] for k in DIGITS_OF[union]]
    technique, name = ("direct_hidden_pair", "Direct Hidden Pair") if degree == 2 else ("direct_hidden_triple", "Direct Hidden Triple")
    return Step(
        technique, name, "subsets",
        placements=((cell, v2),),  # SE applies only the placement of a direct hint
        cells=tuple((c, "base") for c in cells),
        houses=(HOUSE_NAMES[h],),
        digits=combo,
        why=(f"In {HOUSE_NAMES[h]}, {', '.join(map(str, combo))} fill {cells_text(cells)}, "
             f"so {v2} can only go in {cell_text(cell)}."),
    )


def _find_direct_pointing(state: Candidates) -> Iterator[Step]:
    return _direct_locking(state, True)


def _find_direct_claiming(state: Candidates) -> Iterator[Step]:
    return _direct_locking(state, False)


def _find_direct_hidden_pair(state: Candidates) -> Iterator[Step]:
    return _direct_hidden_set(state, 2)


def _find_direct_hidden_triple(state: Candidates) -> Iterator[Step]:
    return _direct_hidden_set(state, 3)


#: (base technique id, SE's direct variant); the variant is used only with its base.
SE_DIRECT: tuple[tuple[str, registry.Technique], ...] = (
    ("pointing", registry.Technique("direct_pointing", "Direct Pointing", "intersections", _find_direct_pointing, 1.7, 50, "medium")),
    ("claiming", registry.Technique("direct_claiming", "Direct Claiming", "intersections", _find_direct_claiming, 1.9, 50, "medium")),
    ("hidden_pair", registry.Technique("direct_hidden_pair", "Direct Hidden Pair", "subsets", _find_direct_hidden_pair, 2.0, 70, "medium")),
    ("hidden_triple", registry.Technique("direct_hidden_triple", "Direct Hidden Triple", "subsets", _find_direct_hidden_triple, 2.5, 100, "medium")),
)


#: SE's uniqueness producer, used on the SE path in place of the Unique Rectangle types.
SE_UNIQUE_LOOPS = registry.Technique(
    "se_unique_loops", "Unique Loops", "uniqueness", se_unique.find_se_unique_loops, 4.5, 100, "hard", True
)

#: SE's BUG producer (types 1-4), used on the SE path in place of BUG+1.
SE_BUG = registry.Technique("se_bug", "Bivalue Universal Grave", "uniqueness", se_unique.find_se_bug, 5.6, 100, "hard", True)

#: The techniques Sudoku Explainer itself has (in registry order = SE's producer order);
#: the others (Skyscraper, W-Wing, colours, finned fish, ...) SE finds as chains.
_SE_KNOWN = frozenset({
    "full_house", "hidden_single_box", "hidden_single_line", "naked_single", "pointing", "claiming",
    "locked_pair", "naked_pair", "x_wing", "hidden_pair", "locked_triple", "naked_triple", "swordfish",
    "hidden_triple", "xy_wing", "xyz_wing", "unique_rectangle_1", "unique_rectangle_2", "unique_rectangle_4",
    "unique_rectangle_3", "naked_quad", "jellyfish", "hidden_quad", "bug_plus_1", "aligned_pair_exclusion",
    "se_forcing_chains_cycles", "aligned_triple_exclusion", "se_nishio", "se_multiple_forcing_chains",
    "se_dynamic_forcing_chains", "se_dynamic_forcing_chains_plus", "se_nested_forcing_chains",
    "se_nested_multiple_forcing_chains", "se_nested_dynamic_forcing_chains", "se_nested_dynamic_forcing_chains_plus",
})


#: Techniques the SE rating path uses by default on top of the default set: SE's Dynamic
#: Forcing Chains (8.5+) run in C (csrc/sedyn9.c) and the SE path tries only SE's own
#: rules before them, so a step costs milliseconds. ``explain``'s default path leaves
#: them out: it tries every HoDoKu-family technique first on each step (Python; on the
#: hardest puzzles explain took up to 2x longer with them and still needed guesses), see
#: benchmarks/RESULTS.md.
SE_PATH_DEFAULT_EXTRA: frozenset[str] = frozenset({"se_dynamic_forcing_chains"})


def se_techniques(enabled: Sequence[registry.Technique]) -> tuple[registry.Technique, ...]:
    """``enabled`` plus SE's direct variants of the enabled bases, each placed before the
    first technique with a higher SE rating (so in SE's order). When SE's own chaining
    rules are enabled, the techniques SE does not have are left out: SE finds those
    deductions as chains, with the chain's rating."""
    order = list(enabled)
    if any(t.id == "se_forcing_chains_cycles" for t in order):
        order = [t for t in order if t.id in _SE_KNOWN]
        # SE's one uniqueness producer (rectangles and loops, its own conditions and ratings)
        urs = [k for k, t in enumerate(order) if t.id.startswith("unique_rectangle_")]
        if urs:
            order = [t for t in order if not t.id.startswith("unique_rectangle_")]
            order.insert(urs[0], SE_UNIQUE_LOOPS)
        order = [SE_BUG if t.id == "bug_plus_1" else t for t in order]
    ids = {t.id for t in enabled}
    for base, direct in SE_DIRECT:
        if base in ids:
            at = next((k for k, t in enumerate(order) if t.se_rating > direct.se_rating), len(order))
            order.insert(at, direct)
    return tuple(order)


# ------------------------------------------------------ HoDoKu's singles
# HoDoKu does not scan for singles: it queues them as candidates disappear (a cell left
# with one candidate -> naked-single queue; a house left with one place for a digit ->
# hidden-single queue) and takes them from the queues in that order. Which single is
# taken changes the score (Full House and Naked Single 4, Hidden Single 14), so the
# HoDoKu path keeps the same queues. Behaviour re-implemented from HoDoKu 2.2's
# documented solver (Sudoku2 set/delete bookkeeping, SimpleSolver singles).
_SINGLES = ("full_house", "naked_single", "hidden_single_box", "hidden_single_line")


class _HodokuState(Candidates):
    """A candidate grid that also keeps HoDoKu's per-house free counts and singles queues.

    It starts from an all-candidates grid and places the clues one by one in cell order,
    as HoDoKu loads a puzzle, so the queues start out in HoDoKu's order.
    """

    __slots__ = ("free", "ns", "hs")

    def __init__(self, puzzle: Grid) -> None:
        values, cands, free, ns, hs, where = _replay_clues(puzzle)
        self.values, self.cands, self.where, self._memo = values, cands, where, {}
        self.givens = frozenset(i for i, v in enumerate(values) if v)
        self.free = free
        self.ns: deque[tuple[int, int]] = ns
        self.hs: deque[tuple[int, int]] = hs

    @classmethod
    def from_kernel(
        cls, values: bytes, cands: bytes, free: bytes, ns: bytes, hs: bytes, where: bytes, givens: frozenset[int]
    ) -> _HodokuState:
        """The state ``human_ho_run`` returned (its byte layouts: ``_core.pyi``)."""
        state = object.__new__(cls)
        state.values, state.cands, state.givens, state._memo = list(values), array("H", cands).tolist(), givens, {}
        state.where = [0] + [int.from_bytes(where[k : k + 11], "little") for k in range(0, 99, 11)]
        state.free = [list(free[k : k + 10]) for k in range(0, 270, 10)]
        state.ns, state.hs = deque(zip(ns[::2], ns[1::2])), deque(zip(hs[::2], hs[1::2]))
        return state

    def eliminate(self, cell: int, digit: int) -> bool:
        """Remove a candidate: free counts, the hidden-single queue when a house is left
        with one place for the digit, the naked-single queue when the cell is left with
        one candidate."""
        bit = BIT[digit]
        cands = self.cands
        if not cands[cell] & bit:
            return False
        if self._memo:
            self._memo = {}
        left = cands[cell] = cands[cell] ^ bit
        w = self.where[digit] = self.where[digit] & ~CELL_BIT[cell]
        free, hs = self.free, self.hs
        for h in CELL_HOUSES[cell]:
            f = free[h]
            f[digit] -= 1
            if f[digit] == 1:
                rest = w & HOUSE_MASK[h]
                if rest:
                    hs.append(((rest & -rest).bit_length() - 1, digit))
        if left and not left & (left - 1):
            self.ns.append((cell, left.bit_length()))
        return True

    def place(self, cell: int, digit: int) -> None:
        """Place a digit: remove it from the peers (ascending, as HoDoKu, each queued as
        :meth:`eliminate` does), then clear the cell's own candidates (which queue a
        hidden single only for the other digits)."""
        values = self.values
        if values[cell] == digit:
            return
        if self._memo:
            self._memo = {}
        where, cands, free, hs, ns = self.where, self.cands, self.free, self.hs, self.ns
        bit = BIT[digit]
        w = where[digit]
        hit = w & PEER_MASK[cell]
        while hit:
            low = hit & -hit
            hit ^= low
            peer = low.bit_length() - 1
            left = cands[peer] = cands[peer] ^ bit
            w ^= low
            for h in CELL_HOUSES[peer]:
                f = free[h]
                f[digit] -= 1
                if f[digit] == 1:
                    rest = w & HOUSE_MASK[h]
                    if rest:
                        hs.append(((rest & -rest).bit_length() - 1, digit))
            if left and not left & (left - 1):
                ns.append((peer, left.bit_length()))
        where[digit] = w
        old = cands[cell]
        cands[cell] = 0
        houses = CELL_HOUSES[cell]
        for d in DIGITS_OF[old]:
            wd = where[d] = where[d] & ~CELL_BIT[cell]
            for h in houses:
                f = free[h]
                f[d] -= 1
                if f[d] == 1 and d != digit:
                    rest = wd & HOUSE_MASK[h]
                    if rest:
                        hs.append(((rest & -rest).bit_length() - 1, d))
        values[cell] = digit

    def full_house(self) -> Step | None:
        """A queued naked single that is also the last cell of one of its houses (no
        other digit has a place left there). Entries of filled cells are dropped on the
        way: HoDoKu skips them in both singles searches, so this changes no result."""
        values, free = self.values, self.free
        stale = False
        found = None
        for cell, digit in self.ns:
            if values[cell]:
                stale = True
                continue
            for h in CELL_HOUSES[cell]:
                counts = free[h]
                if sum(counts) == counts[digit]:
                    found = _single("full_house", "Full House", cell, digit)
                    break
            if found is not None:
                break
        if stale:
            self.ns = deque(e for e in self.ns if not values[e[0]])
        return found

    def naked_single(self) -> Step | None:
        """The first queued naked single of a still empty cell (consumes the queue)."""
        while self.ns:
            cell, digit = self.ns.popleft()
            if not self.values[cell]:
                return _single("naked_single", "Naked Single", cell, digit)
        return None

    def hidden_single(self) -> Step | None:
        """The first queued hidden single of a still empty cell; HoDoKu gives up on the
        first such entry that is no longer a hidden single."""
        while self.hs:
            cell, digit = self.hs.popleft()
            if self.values[cell]:
                continue
            for h in CELL_HOUSES[cell]:
                if self.free[h][digit] == 1 and self.cands[cell] & BIT[digit]:
                    kind = "hidden_single_box" if h >= 18 else "hidden_single_line"
                    return _single(kind, "Hidden Single", cell, digit)
            return None
        return None


def _replay_clues(
    puzzle: Grid,
) -> tuple[list[int], list[int], list[list[int]], deque[tuple[int, int]], deque[tuple[int, int]], list[int]]:
    """Place the clues one by one on an all-candidates grid, in cell order, keeping the
    free counts and the singles queues exactly as :class:`_HodokuState` would (the same
    rules as its ``place``/``eliminate``; in the kernel: this runs for every rating).
    Returns values, candidates, free counts, both queues and the ``where`` masks."""
    cb, fb, nsb, hsb, wb = _backend.kernel().human_replay(bytes(puzzle))
    free = [list(fb[k : k + 10]) for k in range(0, 270, 10)]
    where = [0] + [int.from_bytes(wb[k : k + 11], "little") for k in range(0, 99, 11)]
    return list(puzzle), array("H", cb).tolist(), free, deque(zip(nsb[::2], nsb[1::2])), deque(zip(hsb[::2], hsb[1::2])), where


@lru_cache(maxsize=None)
def _single(technique: str, name: str, cell: int, digit: int) -> Step:
    """A single's step (shared: steps are immutable, at most 4 x 81 x 9 of them)."""
    return Step(technique, name, "singles", placements=((cell, digit),), cells=((cell, "base"),), digits=(digit,))


#: Kernel slot (bit of ``human_ho_run``'s ``enabled``) of each HoDoKu-native technique,
#: in HoDoKu's order; slots 0-2 are Full House, Naked Single and Hidden Single.
_HO_SLOTS: dict[str, int] = {
    "locked_pair": 3, "locked_triple": 4, "pointing": 5, "claiming": 6, "naked_pair": 7,
    "naked_triple": 8, "hidden_pair": 9, "hidden_triple": 10, "naked_quad": 11, "hidden_quad": 12,
}
#: (technique id, name, family) of each step code of ``human_ho_run``.
_HO_STEP: tuple[tuple[str, str, str], ...] = (
    ("full_house", "Full House", "singles"), ("naked_single", "Naked Single", "singles"),
    ("hidden_single_box", "Hidden Single", "singles"), ("hidden_single_line", "Hidden Single", "singles"),
    ("locked_pair", "Locked Pair", "intersections"), ("locked_triple", "Locked Triple", "intersections"),
    ("pointing", "Locked Candidates Type 1 (Pointing)", "intersections"), ("claiming", "Locked Candidates Type 2 (Claiming)", "intersections"),
    ("naked_pair", "Naked Pair", "subsets"), ("naked_triple", "Naked Triple", "subsets"),
    ("hidden_pair", "Hidden Pair", "subsets"), ("hidden_triple", "Hidden Triple", "subsets"),
    ("naked_quad", "Naked Quadruple", "subsets"), ("hidden_quad", "Hidden Quadruple", "subsets"),
)


def _ho_front(techniques: Sequence[registry.Technique]) -> tuple[int, int]:
    """(kernel enable mask, how many leading techniques the kernel runs): the singles
    (all before anything else) and the longest run of HoDoKu-native techniques after
    them in the kernel's order; (0, 0) when the order does not fit."""
    ids = {t.id for t in techniques}
    mask, last, k = 0, 2, 0
    for t in techniques:
        if t.id in _SINGLES and last == 2:
            k += 1
            continue
        slot = _HO_SLOTS.get(t.id, -1)
        if slot <= last:
            break
        mask |= 1 << slot
        last, k = slot, k + 1
    if any(t.id in _SINGLES for t in techniques[k:]):
        return 0, 0
    mask |= ("full_house" in ids) | ("naked_single" in ids) << 1 | bool(ids & {"hidden_single_box", "hidden_single_line"}) << 2
    return mask, k


def hodoku_walk(
    puzzle: Grid, techniques: Sequence[registry.Technique], *, max_steps: int = MAX_STEPS
) -> tuple[list[Step], str]:
    """The path HoDoKu would take: its singles from its queues, its own search order for
    intersections and subsets, then the other enabled techniques in ``techniques`` order
    (normally :func:`hodoku_order`). The singles, intersections and subsets run in the
    kernel (``human_ho_run``); the Python walk below is the reference for other orders.
    Every step carries HoDoKu's text (the rating itself, :func:`rate`, skips that part)."""
    steps, end = _hodoku_walk(puzzle, techniques, _ho_front(techniques), max_steps)
    return _described(puzzle, steps), end


def _described(puzzle: Grid, steps: list[Step]) -> list[Step]:
    """``steps`` with each intersection/subset step found by the kernel (which keeps only
    the deletions) replaced by HoDoKu's own search's step on the grid before it (the same
    search the kernel runs, so the same pattern): cells, digits and HoDoKu's text
    (``Locked Candidates Type 1 (Pointing): 6 in b6 => r456c7<>6``)."""
    state = _HodokuState(puzzle)
    out: list[Step] = []
    for step in steps:
        if step.technique in _HODOKU_NATIVE and not step.notation:
            found = _native_search(state, step.technique)()
            if found is not None and set(found.eliminations) == set(step.eliminations):
                step = replace(found, eliminations=step.eliminations)
        out.append(step)
        for cell, digit in step.placements:
            state.place(cell, digit)
        for cell, digit in step.eliminations:
            state.eliminate(cell, digit)
    return out


def _hodoku_walk(
    puzzle: Grid, techniques: Sequence[registry.Technique], plan: tuple[int, int], max_steps: int
) -> tuple[list[Step], str]:
    """:func:`hodoku_walk` with the kernel front ``plan`` of :func:`_ho_front` given."""
    mask, k = plan
    if not k:
        return _hodoku_walk_python(puzzle, techniques, max_steps=max_steps)
    kernel = _backend.kernel()
    cb, _fb, nsb, hsb, _wb = kernel.human_replay(bytes(puzzle))
    vb = bytes(list(puzzle))
    givens = frozenset(i for i, v in enumerate(vb) if v)
    rest = techniques[k:]
    ids = frozenset(t.id for t in techniques)
    steps: list[Step] = []
    while len(steps) < max_steps:
        status, found, vb, cb, nsb, hsb, fb, wb = kernel.human_ho_run(vb, cb, nsb, hsb, mask, max_steps - len(steps))
        _ho_steps(found, steps)
        if status >= 2:  # bad input, which a grid from a puzzle cannot give
            raise SudokuError("internal error: the HoDoKu kernel rejected its state")
        if len(steps) >= max_steps:
            break
        if 0 not in vb:
            return steps, "solved"
        state = _HodokuState.from_kernel(vb, cb, fb, nsb, hsb, wb, givens)
        step = next((s for t in rest for s in (_ho_next(state, t, ids),) if s is not None), None)
        if step is None:
            return steps, "stuck"
        for cell, digit in step.placements:
            state.place(cell, digit)
        for cell, digit in _hodoku_elimination_order(step):
            state.eliminate(cell, digit)
        steps.append(step)
        vb, cb = bytes(state.values), array("H", state.cands).tobytes()
        nsb, hsb = bytes(x for e in state.ns for x in e), bytes(x for e in state.hs for x in e)
    return steps, ("solved" if 0 not in vb else "max_steps")


def _ho_steps(found: bytes, steps: list[Step]) -> None:
    """Append the steps of ``human_ho_run``'s step bytes."""
    j = 0
    while j < len(found):
        technique, name, family = _HO_STEP[found[j]]
        if found[j] < 4:  # a single: (code, cell, digit)
            steps.append(_single(technique, name, found[j + 1], found[j + 2]))
            j += 3
        else:  # deletions: (code, n, n x (cell, digit))
            n = found[j + 1]
            pairs = found[j + 2 : j + 2 + 2 * n]
            steps.append(Step(technique, name, family, eliminations=tuple(zip(pairs[::2], pairs[1::2]))))
            j += 2 + 2 * n


def _hodoku_walk_python(
    puzzle: Grid, techniques: Sequence[registry.Technique], *, max_steps: int = MAX_STEPS
) -> tuple[list[Step], str]:
    """:func:`hodoku_walk` in Python, for any technique order."""
    state = _HodokuState(puzzle)
    searches: list[tuple[Callable[[], Step | None], bool]] = []  # (search, in HoDoKu's deletion order)
    hidden = ("hidden_single_box", "hidden_single_line")
    singles_done = False
    for t in techniques:
        if t.id in _SINGLES:
            if not singles_done:  # HoDoKu's fixed order: Full House, Naked Single, Hidden Single
                ids = {u.id for u in techniques}
                searches += [(f, True) for f, on in ((state.full_house, "full_house" in ids),
                             (state.naked_single, "naked_single" in ids),
                             (state.hidden_single, bool(ids & set(hidden)))) if on]
                singles_done = True
        elif t.id in _HODOKU_NATIVE:
            searches.append((_native_search(state, t.id), True))
        else:
            searches.append((_registry_search(state, t, frozenset(u.id for u in techniques)), False))
    steps: list[Step] = []
    while len(steps) < max_steps:
        if 0 not in state.values:
            return steps, "solved"
        for search, native in searches:
            step = search()
            if step is not None:
                break
        else:
            return steps, "stuck"
        for cell, digit in step.placements:
            state.place(cell, digit)
        for cell, digit in step.eliminations if native else _hodoku_elimination_order(step):
            state.eliminate(cell, digit)
        steps.append(step)
    return steps, ("solved" if 0 not in state.values else "max_steps")


def _registry_search(state: Candidates, technique: registry.Technique, ids: frozenset[str]) -> Callable[[], Step | None]:
    return lambda: _ho_next(state, technique, ids)


#: Techniques HoDoKu finds with one search for several of its step types (it takes the
#: first step that search meets, whichever type): id -> that search.
_HO_SHARED: dict[str, Callable[[Candidates], Iterator[Step]]] = {
    "simple_colors_trap": coloring.find_simple_colors, "simple_colors_wrap": coloring.find_simple_colors,
    "multi_colors_1": coloring.find_multi_colors, "multi_colors_2": coloring.find_multi_colors,
}


def _ho_next(state: Candidates, technique: registry.Technique, ids: frozenset[str]) -> Step | None:
    """The HoDoKu path's step for ``technique`` (the enabled ``ids`` filter a shared search)."""
    shared = _HO_SHARED.get(technique.id)
    if shared is None:
        return next_step(state, (technique,))
    return next((s for s in shared(state) if s.technique in ids and (s.placements or s.eliminations)), None)


def _native_search(state: _HodokuState, technique: str) -> Callable[[], Step | None]:
    kind, size = _HODOKU_NATIVE[technique]
    if kind == "lc":
        return lambda: _hodoku_locked_candidates(state, pointing=size == 1)
    if kind == "locked":
        return lambda: _hodoku_naked(state, size, locked=True)
    if kind == "naked":
        return lambda: _hodoku_naked(state, size, locked=False)
    return lambda: _hodoku_hidden(state, size)


#: Techniques searched on the HoDoKu path in HoDoKu's own unit/digit/cell order (its
#: SimpleSolver), so the same step is chosen when several apply: id -> (kind, size).
_HODOKU_NATIVE: dict[str, tuple[str, int]] = {
    "pointing": ("lc", 1), "claiming": ("lc", 2),
    "locked_pair": ("locked", 2), "locked_triple": ("locked", 3),
    "naked_pair": ("naked", 2), "naked_triple": ("naked", 3), "naked_quad": ("naked", 4),
    "hidden_pair": ("hidden", 2), "hidden_triple": ("hidden", 3), "hidden_quad": ("hidden", 4),
}
_NAMES = {"pointing": "Locked Candidates Type 1 (Pointing)", "claiming": "Locked Candidates Type 2 (Claiming)", "locked_pair": "Locked Pair", "locked_triple": "Locked Triple",
          "naked_pair": "Naked Pair", "naked_triple": "Naked Triple", "naked_quad": "Naked Quadruple",
          "hidden_pair": "Hidden Pair", "hidden_triple": "Hidden Triple", "hidden_quad": "Hidden Quadruple"}


def _native_step(technique: str, family: str, cells: Sequence[int], digits: Sequence[int], deletions: list[tuple[int, int]]) -> Step:
    return Step(technique, _NAMES[technique], family, eliminations=tuple(deletions),
                cells=tuple((c, "base") for c in cells), digits=tuple(digits),
                notation=_native_notation(technique, cells, digits))


def _native_notation(technique: str, cells: Sequence[int], digits: Sequence[int]) -> str:
    """HoDoKu's pattern text: ``6 in b6`` (Pointing), ``4 in r6`` (Claiming), else
    ``1,4,5 in r1c23,r2c3``."""
    if technique == "pointing":
        return f"{digits[0]} in b{CELL_HOUSES[cells[0]][2] - 17}"
    if technique == "claiming":
        row = all(c // 9 == cells[0] // 9 for c in cells)
        return f"{digits[0]} in r{cells[0] // 9 + 1}" if row else f"{digits[0]} in c{cells[0] % 9 + 1}"
    return f"{','.join(str(d) for d in digits)} in {cells_text(cells)}"


def _hodoku_locked_candidates(state: _HodokuState, pointing: bool) -> Step | None:
    """Locked Candidates type 1 (boxes) or 2 (rows, then columns), in HoDoKu's order:
    unit by unit, digit by digit, a digit with 2-3 places all in one crossing house
    that still has more places for it."""
    bases = _BOXES if pointing else _LINES
    kinds = (0, 1) if pointing else (2,)
    where, free = state.where, state.free
    for unit in bases:
        counts = free[unit]
        if 2 not in counts and 3 not in counts:
            continue
        for d in range(1, 10):
            n = counts[d]
            if n != 2 and n != 3:
                continue
            places = where[d] & HOUSE_MASK[unit]
            first = (places & -places).bit_length() - 1
            for k in kinds:
                cover = CELL_HOUSES[first][k]
                if not places & ~HOUSE_MASK[cover] and free[cover][d] > n:
                    deletions = [(c, d) for c in cells_of(where[d] & HOUSE_MASK[cover] & ~places)]
                    return _native_step("pointing" if pointing else "claiming", "intersections", cells_of(places), (d,), deletions)
    return None


_LINES = (*_ROWS, *_COLS)


def _hodoku_naked(state: _HodokuState, size: int, locked: bool) -> Step | None:
    """Naked (or, with ``locked``, Locked) subsets in HoDoKu's order: boxes (the only
    place locked subsets arise), then rows, then columns; cells with 1..size candidates,
    combinations in cell order."""
    units = _BOXES if locked else (*_BOXES, *_ROWS, *_COLS)
    cands = state.cands
    small = [0 < POPCOUNT[m] <= size for m in cands]
    for unit in units:
        eligible = [c for c in HOUSE_CELLS[unit] if small[c]]
        if len(eligible) < size:
            continue
        for combo in combinations(eligible, size):
            mask = 0
            for c in combo:
                mask |= cands[c]
            if POPCOUNT[mask] == size:
                step = _hodoku_subset_step(state, combo, mask, size, locked)
                if step is not None:
                    return step
    return None


def _hodoku_subset_step(state: _HodokuState, cells: tuple[int, ...], mask: int, size: int, locked: bool) -> Step | None:
    """The naked/locked subset step of ``cells``: deletions house by house (row, column,
    box shared by the cells); locked when it deletes both in the line and in the box."""
    cands = state.cands
    first = CELL_HOUSES[cells[0]]
    same = [all(CELL_HOUSES[c][k] == first[k] for c in cells) for k in range(3)]
    deletions: list[tuple[int, int]] = []
    seen: set[tuple[int, int]] = set()
    found = [False, False, False]
    for k in range(3):
        if not same[k]:
            continue
        for c in HOUSE_CELLS[first[k]]:
            if c in cells or not cands[c] & mask:
                continue
            for d in DIGITS_OF[cands[c] & mask]:
                if (c, d) not in seen:
                    seen.add((c, d))
                    deletions.append((c, d))
            if k == 2 or CELL_HOUSES[c][2] != first[2]:
                found[k] = True
    if not deletions:
        return None
    is_locked = size < 4 and sum(found) > 1 and same[2] and (same[0] or same[1])
    if is_locked != locked:
        return None
    names = {(2, True): "locked_pair", (3, True): "locked_triple", (2, False): "naked_pair", (3, False): "naked_triple", (4, False): "naked_quad"}
    return _native_step(names[(size, locked)], "intersections" if locked else "subsets", cells, DIGITS_OF[mask], deletions)


def _hodoku_hidden(state: _HodokuState, size: int) -> Step | None:
    """Hidden subsets in HoDoKu's order: boxes, rows, columns; digits with 1..size
    places, combinations in digit order, the union of their places exactly size cells."""
    cands, free = state.cands, state.free
    for unit in (*_BOXES, *_ROWS, *_COLS):
        house = HOUSE_CELLS[unit]
        if sum(1 for c in house if cands[c]) <= size:
            continue
        digits = [d for d in range(1, 10) if 0 < free[unit][d] <= size]
        places = {d: sum(1 << k for k, c in enumerate(house) if cands[c] & BIT[d]) for d in digits}
        for combo in combinations(digits, size):
            union = 0
            for d in combo:
                union |= places[d]
            if POPCOUNT[union] != size:
                continue
            keep = sum(BIT[d] for d in combo)
            cells = [house[k - 1] for k in DIGITS_OF[union]]
            deletions = [(c, d) for c in cells for d in DIGITS_OF[cands[c] & ~keep]]
            if deletions:
                technique = ("hidden_pair", "hidden_triple", "hidden_quad")[size - 2]
                return _native_step(technique, "subsets", cells, combo, deletions)
    return None


_NAKED_SUBSETS = frozenset({"locked_pair", "locked_triple", "naked_pair", "naked_triple", "naked_quad"})


def _hodoku_elimination_order(step: Step) -> list[tuple[int, int]]:
    """The step's eliminations in the order HoDoKu deletes them (it matters for the
    singles queues): naked subsets house by house (row, column, box of the pattern),
    everything else by cell, then digit."""
    if step.technique not in _NAKED_SUBSETS:
        return sorted(step.eliminations)
    wanted = set(step.eliminations)
    pattern = step.pattern_cells()
    shared = [h for h in CELL_HOUSES[pattern[0]] if all(h in CELL_HOUSES[c] for c in pattern)] if pattern else []
    order: list[tuple[int, int]] = []
    for h in shared:
        for cell in HOUSE_CELLS[h]:
            for digit in range(1, 10):
                if (cell, digit) in wanted:
                    order.append((cell, digit))
                    wanted.discard((cell, digit))
    return order + sorted(wanted)


# ------------------------------------------------------- the SE front in the kernel
# The SE path spends most of its time searching the front of SE's order (singles, the
# direct variants, Pointing, Claiming, Locked and Naked Pair, X-Wing, Hidden Pair: ER
# 1.0-3.4) again before every step. The
# kernel runs that front (``human_se_run``: csrc/human9.c, twin sudokit._pyhuman9) until
# none of it applies; only then are the other techniques tried here, with the
# registry's finders. The choices are the Python finders' (same order, same cells and
# digits), checked by the tests; only the rating path uses them, so the steps carry no
# explanation text.
#: Kernel code of each front technique, in the kernel's (SE's) order.
_FRONT: dict[str, int] = {
    "full_house": 0, "hidden_single_box": 1, "hidden_single_line": 2, "direct_pointing": 3,
    "direct_claiming": 4, "direct_hidden_pair": 5, "naked_single": 6, "direct_hidden_triple": 7,
    "pointing": 8, "claiming": 9, "locked_pair": 10, "naked_pair": 11, "x_wing": 12, "hidden_pair": 13,
}
_FRONT_STEP: tuple[tuple[str, str, str], ...] = (
    ("full_house", "Full House", "singles"), ("hidden_single_box", "Hidden Single", "singles"),
    ("hidden_single_line", "Hidden Single", "singles"), ("direct_pointing", "Direct Pointing", "intersections"),
    ("direct_claiming", "Direct Claiming", "intersections"), ("direct_hidden_pair", "Direct Hidden Pair", "subsets"),
    ("naked_single", "Naked Single", "singles"), ("direct_hidden_triple", "Direct Hidden Triple", "subsets"),
    ("pointing", "Locked Candidates Type 1 (Pointing)", "intersections"), ("claiming", "Locked Candidates Type 2 (Claiming)", "intersections"),
    ("locked_pair", "Locked Pair", "intersections"), ("naked_pair", "Naked Pair", "subsets"),
    ("x_wing", "X-Wing", "fish"), ("hidden_pair", "Hidden Pair", "subsets"),
)
_KERNEL_EMPTIED = 2


def _front(techniques: Sequence[registry.Technique]) -> tuple[int, int]:
    """(kernel enable mask, how many leading techniques the kernel runs): the longest
    prefix of ``techniques`` made of front techniques in the kernel's order."""
    mask, last, k = 0, -1, 0
    for t in techniques:
        code = _FRONT.get(t.id, -1)
        if code <= last:
            break
        mask |= 1 << code
        last, k = code, k + 1
    return mask, k


def se_walk(puzzle: Grid, techniques: Sequence[registry.Technique], *, max_steps: int = MAX_STEPS) -> tuple[list[Step], str]:
    """The SE-ordered rating path: :func:`~sudokit.human.path.walk` over ``techniques``
    (normally :func:`se_techniques`), with the leading singles, direct variants,
    intersections, pairs and X-Wings run by the kernel."""
    return _se_walk(puzzle, techniques, _front(techniques), max_steps)


def _se_walk(puzzle: Grid, techniques: Sequence[registry.Technique], plan: tuple[int, int], max_steps: int) -> tuple[list[Step], str]:
    """:func:`se_walk` with the kernel front ``plan`` of :func:`_front` given."""
    mask, k = plan
    if not k:
        return walk(Candidates.from_puzzle(puzzle), techniques, max_steps=max_steps)
    kernel = _backend.kernel()
    run, rest = kernel.human_se_run, techniques[k:]
    vbytes = bytes(list(puzzle))
    cbytes = kernel.human_replay(bytes(puzzle))[0]  # the clues' peer candidates
    givens = frozenset(i for i, v in enumerate(vbytes) if v)
    steps: list[Step] = []
    while len(steps) < max_steps:
        status, found, vbytes, cbytes, wbytes = run(vbytes, cbytes, mask, max_steps - len(steps))
        j = 0
        while j < len(found):
            technique, name, family = _FRONT_STEP[found[j]]
            if found[j] < 8:  # a placement: (code, cell, digit)
                steps.append(_front_step(technique, name, family, found[j + 1], found[j + 2]))
                j += 3
            elif found[j] >= 10:  # eliminations: (code, n, n x (cell, digit))
                n = found[j + 1]
                pairs = found[j + 2 : j + 2 + 2 * n]
                steps.append(Step(technique, name, family, eliminations=tuple(zip(pairs[::2], pairs[1::2]))))
                j += 2 + 2 * n
            else:  # eliminations: (code, digit, n, n cells)
                digit, n = found[j + 1], found[j + 2]
                elims = tuple((c, digit) for c in found[j + 3 : j + 3 + n])
                steps.append(Step(technique, name, family, eliminations=elims, digits=(digit,)))
                j += 3 + n
        if status >= _KERNEL_EMPTIED:  # 3: bad input, which a grid from a puzzle cannot give
            raise SudokuError(f"internal error: the step '{steps[-1] if found else '-'}' left a cell without candidates")
        if len(steps) >= max_steps:
            break
        if 0 not in vbytes:
            return steps, "solved"
        values, cands = list(vbytes), array("H", cbytes).tolist()
        state = _trusted_state(values, cands, givens, wbytes)
        try:
            step = next_step(state, rest)
        except BudgetExceeded:
            return steps, "limit"
        if step is None:
            return steps, "stuck"
        state.apply(step)
        steps.append(step)
        if any(not v and not m for v, m in zip(values, cands)):
            raise SudokuError(f"internal error: the step '{step}' left a cell without candidates")
        vbytes, cbytes = bytes(values), array("H", cands).tobytes()
    return steps, ("solved" if 0 not in vbytes else "max_steps")


@lru_cache(maxsize=None)
def _front_step(technique: str, name: str, family: str, cell: int, digit: int) -> Step:
    """A front step (shared: steps are immutable, at most 8 x 81 x 9 of them)."""
    return Step(technique, name, family, placements=((cell, digit),), cells=((cell, "base"),), digits=(digit,))


def _trusted_state(values: list[int], cands: list[int], givens: frozenset[int], where: bytes) -> Candidates:
    """A candidate grid from the kernel's state (``where``: nine 11-byte little-endian
    81-bit cell masks), without recomputing the masks."""
    state = object.__new__(Candidates)
    state.values, state.cands, state.givens = values, cands, givens
    state.where = [0] + [int.from_bytes(where[11 * d : 11 * d + 11], "little") for d in range(9)]
    state._memo = {}
    return state
