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

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from ..errors import MultipleSolutionsError, SearchLimitExceeded
from ..grid import Grid, PuzzleLike
from . import registry
from .se_chains import LIMIT, Budget, BudgetExceeded
from .path import BACKTRACKING, MAX_STEPS, enabled_techniques, solve_and_count
from .step import Step
from .se_path import SE_PATH_DEFAULT_EXTRA, _front, _se_walk, se_techniques, se_walk
from .hodoku_path import HoTally, _ho_front, _hodoku_walk, hodoku_walk  # se_walk, hodoku_walk: re-exported (tests, benchmarks, docs)

__all__ = ["Rating", "rate", "se_path_rating", "SYSTEMS", "rating_text", "BANDS", "HODOKU_LEVELS", "HODOKU_MAX_SCORE", "ENGINE_VERSION", "hodoku_order", "band_for"]

#: Version of the rating engine: this module's rules plus the registry's order/ratings
#: version; it changes whenever the rating of some puzzle could change.
ENGINE_VERSION = f"human-4.{registry.ENGINE_ORDER_VERSION}"  # 4: Dynamic Forcing Chains on the default SE path

#: The rating systems :func:`rate` can compute (its ``systems`` argument).
SYSTEMS: tuple[str, ...] = ("se", "hodoku")

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
                ("steps", f"{self.steps}{_unsolved_mark(self.solved_logically, self.counts)}")]
        body = "".join(f"<tr><th>{escape(k)}</th><td>{escape(str(v))}</td></tr>" for k, v in rows)
        return f"<table>{body}</table>"

    def summary(self) -> str:
        """One short line: ``ER/EP/ED HoDoKu-level score band hardest``."""
        mark = _unsolved_mark(self.solved_logically, self.counts)
        return (
            f"{self.se:.1f}/{self.ep:.1f}/{self.ed:.1f} {self.hodoku_level or '-'} {self.hodoku_score} "
            f"{self.band or '-'} {self.hardest or '-'}{mark}"
        )


def _unsolved_mark(solved: bool, counts: Mapping[str, int]) -> str:
    """What a rating's line adds when the path did not finish by logic: a HoDoKu path that
    finished with Brute Force steps (``brute_force=True``) says so."""
    if solved:
        return ""
    return " (finished by brute force)" if BACKTRACKING in counts else " (not solved by this set)"


def rating_text(values: dict[str, Any]) -> str:
    """:meth:`Rating.__str__` of a rating's :meth:`~Rating.as_dict` (as the CLI gets them back
    from worker processes)."""
    mark = _unsolved_mark(values["solved_logically"], values.get("counts") or {})
    hardest = (values["hardest"] or "-").replace(" ", "_")
    level, band = values["hodoku_level"] or "-", values["band"] or "-"  # "": that system was not asked for
    return (f"ER={values['se']:.1f}/{values['ep']:.1f}/{values['ed']:.1f} {level} "
            f"{values['hodoku_score']} {band} {hardest}{mark}")


def rate(
    puzzle: PuzzleLike,
    *,
    techniques: Iterable[str] | None = None,
    uniqueness: bool | None = None,
    max_steps: int = MAX_STEPS,
    max_seconds: float | None = None,
    max_nodes: int | None = None,
    allow_multiple: bool = False,
    systems: str | Iterable[str] | None = SYSTEMS,
    brute_force: bool = False,
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

    ``systems`` names the rating systems to compute, ``"se"`` and/or ``"hodoku"`` (a
    string or an iterable; default, or ``None``, both). Each system walks its own path, so asking for
    one costs about half: a system left out gets zeros (``se``/``ep``/``ed`` 0.0, ``band``
    ``""``; ``hodoku_level`` ``""``, ``hodoku_score`` 0), and without ``"se"`` the
    ``counts``, ``steps``, ``hardest`` and ``solved_logically`` fields describe the HoDoKu
    path instead (``hardest``: its first step of the highest HoDoKu level). An unknown
    name raises ``ValueError``.

    ``brute_force=True`` lets the HoDoKu path take HoDoKu's last resort where it is stuck,
    as HoDoKu 2.2 does by default: its "Brute Force" step (the middle unsolved cell gets
    its digit from the solution; technique ``"backtracking"``, score 10000, level
    Extreme), so that ``hodoku_level`` and ``hodoku_score`` equal HoDoKu's also on the
    puzzles it rates with brute force (the forum's hardest). Off by default: a rating
    then never rests on a guess (the level is Unfair at least when the path is stuck).
    The SE path never guesses (serate has no such step); ``solved_logically`` stays
    False for a path with a guess.
    """
    wanted = _systems(systems)
    limited = max_seconds is not None or max_nodes is not None
    token = LIMIT.set(Budget(max_nodes, max_seconds) if limited else None)
    try:
        rating, spent = _rate(
            puzzle, techniques, uniqueness, max_steps, allow_multiple, se="se" in wanted, hodoku="hodoku" in wanted, brute_force=brute_force
        )
    finally:
        LIMIT.reset(token)
    if spent:
        raise SearchLimitExceeded(f"search budget spent after {rating.steps} steps", nodes=max_nodes, seconds=max_seconds, partial=rating)
    return rating


def se_path_rating(puzzle: PuzzleLike, *, techniques: Iterable[str] | None = None) -> Rating:
    """``rate(puzzle, techniques=techniques, systems="se")``: the SE numbers alone, with
    ``hodoku_level`` ``""`` and ``hodoku_score`` 0 (the generator's band and SE-range
    targets use it; kept under this name for callers from before ``systems``)."""
    return _rate(puzzle, techniques, None, MAX_STEPS, False, hodoku=False)[0]


def _systems(systems: str | Iterable[str] | None) -> frozenset[str]:
    """The rating systems asked for, checked: a non-empty subset of :data:`SYSTEMS`
    (``None``: all of them)."""
    if systems is None:
        return frozenset(SYSTEMS)
    if not isinstance(systems, (str, Iterable)):
        raise ValueError(f"rating systems must be a name or names, got {type(systems).__name__} (choose from {', '.join(SYSTEMS)})")
    wanted = frozenset((systems,) if isinstance(systems, str) else systems)
    unknown = wanted - frozenset(SYSTEMS)
    if not wanted:
        raise ValueError(f"no rating system given (choose from {', '.join(SYSTEMS)})")
    if unknown:
        raise ValueError(f"unknown rating system(s): {', '.join(sorted(unknown))} (choose from {', '.join(SYSTEMS)})")
    return wanted


def _rate(
    puzzle: PuzzleLike,
    techniques: Iterable[str] | None,
    uniqueness: bool | None,
    max_steps: int,
    allow_multiple: bool,
    *,
    se: bool = True,
    hodoku: bool = True,
    brute_force: bool = False,
) -> tuple[Rating, bool]:
    """The rating, and whether a search budget ran out (the rating is then a lower bound);
    ``hodoku=False`` leaves the HoDoKu path out (level ``""``, score 0), ``se=False`` the
    SE path (ER/EP/ED 0.0, band ``""``)."""
    grid = Grid.parse(puzzle)
    count, solution = solve_and_count(grid)
    if count > 1 and not allow_multiple:
        raise MultipleSolutionsError("the puzzle has more than one solution; only a unique puzzle can be rated")
    use_uniqueness = count == 1 if uniqueness is None else bool(uniqueness)
    key = techniques if techniques is None or isinstance(techniques, str) else tuple(techniques)
    enabled, se_order, se_plan, ho_order, ho_plan = _plan(key, use_uniqueness)
    by_id, enabled_ids, ho_values = _plan_lookup(key, use_uniqueness)
    se_steps: list[Step] = []
    se_end = "skipped"
    if se:
        se_steps, se_end = _se_walk(grid, se_order, se_plan, max_steps)
    ho = HoTally()  # the rating reads only counts of the HoDoKu path's steps
    ho_end = "limit" if hodoku else "skipped"
    try:
        if se_end != "limit" and hodoku:
            ho_end = _hodoku_walk(grid, ho_order, ho_plan, max_steps, solution=solution if brute_force and count == 1 else None, tally=ho)[1]
    except BudgetExceeded:
        ho, ho_end = HoTally(), "limit"
    # Both paths use complete technique sets in practice, but the SE path decides
    # "solved" when it ran (its set is the larger one), as before this option existed.
    ho_counts = ho.counts
    solved = se_end == "solved" if se else ho_end == "solved" and BACKTRACKING not in ho_counts
    er, ep, ed, hardest = _se_numbers(se_steps, by_id) if se else (0.0, 0.0, 0.0, "")
    score, level = _hodoku_numbers((), by_id, solved and ho_end == "solved", ho_counts, ho_values) if hodoku else (0, "")
    if not se:
        hardest = _hodoku_hardest(ho, ho_values)
    return Rating(
        se=er,
        ep=ep,
        ed=ed,
        hodoku_level=level,
        hodoku_score=score,
        band=band_for(er, solved) if se else "",
        hardest=hardest,
        counts=_technique_counts(se_steps) if se else ho_counts,
        solved_logically=solved,
        steps=len(se_steps) if se else ho.n,
        uniqueness=use_uniqueness,
        engine_version=ENGINE_VERSION,
        techniques=enabled_ids,
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


@lru_cache(maxsize=64)
def _plan_lookup(
    techniques: str | tuple[str, ...] | None, uniqueness: bool
) -> tuple[Mapping[str, registry.Technique], tuple[str, ...], Mapping[str, tuple[int, int]]]:
    """The technique of each id the two paths of :func:`_plan` can report (read-only), the
    enabled ids, and the HoDoKu (score, level index) of every label a step can carry
    (:func:`_ho_value_of`, looked up once here rather than per rating)."""
    enabled, se_order, _se_plan, _ho_order, _ho_plan = _plan(techniques, uniqueness)
    by_id = {t.id: t for t in enabled}
    by_id.update((t.id, t) for t in se_order)
    labels = (*_REGISTRY_BY_ID, *by_id, BACKTRACKING)
    values = {label: _ho_value_of(label, by_id) for label in labels}
    return MappingProxyType(by_id), tuple(t.id for t in enabled), MappingProxyType(values)


def _se_numbers(steps: Sequence[Step], by_id: Mapping[str, registry.Technique]) -> tuple[float, float, float, str]:
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


def _technique_counts(steps: Sequence[Step]) -> dict[str, int]:
    """How many steps of each technique, in order of first use."""
    counts: dict[str, int] = {}
    for step in steps:
        technique = step.technique
        counts[technique] = counts.get(technique, 0) + 1
    return counts


def _hodoku_numbers(
    steps: Sequence[Step], by_id: Mapping[str, registry.Technique], solved: bool, counts: Mapping[str, int] | None = None,
    values: Mapping[str, tuple[int, int]] | None = None,
) -> tuple[int, str]:
    """HoDoKu score (sum of step scores) and level (max step level, bumped by score);
    ``counts``: :func:`_technique_counts` of ``steps`` when the caller has it; ``values``:
    :func:`_ho_value_of` of the labels, when the caller has them (:func:`_plan_lookup`)."""
    # per technique, not per step: a path has ~60 steps of a handful of techniques
    score = level = 0
    for technique, n in (_technique_counts(steps) if counts is None else counts).items():
        value = values.get(technique) if values is not None else None
        if value is None:
            value = _ho_value_of(technique, by_id)
        score += value[0] * n
        if value[1] > level:
            level = value[1]
    if not solved:
        level = max(level, HODOKU_LEVELS.index("Unfair"))
    while score > HODOKU_MAX_SCORE[HODOKU_LEVELS[level]] and level < len(HODOKU_LEVELS) - 1:
        level += 1
    return score, HODOKU_LEVELS[level]


_REGISTRY_BY_ID: dict[str, registry.Technique] = {t.id: t for t in registry.TECHNIQUES}


def _technique(technique_id: str, by_id: Mapping[str, registry.Technique]) -> registry.Technique | None:
    """The technique of a step: the enabled one, or (a fish search can meet a fish of
    another shape) any registry technique; None for a label outside the registry."""
    return by_id.get(technique_id) or _REGISTRY_BY_ID.get(technique_id)


def _ho_value_of(technique_id: str, by_id: Mapping[str, registry.Technique]) -> tuple[int, int]:
    """(HoDoKu score, level index) of a step's technique; HoDoKu's Brute Force (a
    backtracking step on the HoDoKu path) scores 10000 at level Extreme, as in HoDoKu."""
    if technique_id == BACKTRACKING:
        return 10000, HODOKU_LEVELS.index("Extreme")
    return _ho_value(_technique(technique_id, by_id))


def _ho_value(technique: registry.Technique | None) -> tuple[int, int]:
    """(HoDoKu score, index in :data:`HODOKU_LEVELS`) of a technique; (0, 0) for none."""
    if technique is None:
        return 0, 0
    return _ho_score_level(technique.hodoku_score, technique.hodoku_level)


@lru_cache(maxsize=None)
def _ho_score_level(score: int, level: str) -> tuple[int, int]:
    # keyed on the two fields: hashing a whole Technique (a frozen dataclass) costs more
    return int(score), _level_index(level)


def _hodoku_hardest(path: HoTally, values: Mapping[str, tuple[int, int]]) -> str:
    """The name of the first step of the highest HoDoKu level on the HoDoKu path: the
    first step of the first technique (in order of use) at that level; ``values``: the
    labels' (score, level index) of :func:`_plan_lookup`."""
    top, name = -1, ""
    for t in path.counts:
        level = values.get(t, (0, 0))[1]
        if level > top:  # strictly: the first technique at the top level keeps it
            top, name = level, path.names[t]
    return name


def _level_index(level: object) -> int:
    """Index in :data:`HODOKU_LEVELS` of a level given by name (any case) or number."""
    if isinstance(level, int):
        return min(max(level, 0), len(HODOKU_LEVELS) - 1)
    text = str(getattr(level, "name", level)).capitalize()
    return HODOKU_LEVELS.index(text) if text in HODOKU_LEVELS else 0
