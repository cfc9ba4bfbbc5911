"""The technique registry: every technique in the fixed, easiest-first order.

Order: by Sudoku Explainer's ER (the SE "easiest-first" order, non-decreasing), ties broken by
HoDoKu's score (Locked Pair/Triple sit just before the naked subset SE would see them as).
This is the order a solving path tries techniques in; it is part of the rating's
reproducibility (see ``ENGINE_ORDER_VERSION``).

Ratings and where they come from:

* ``se_rating``: Sudoku Explainer 1.2.1 (Nicolas Juillerat; serate 1.2.1.3, public source e.g.
  repository ``1to9only/SudokuExplainer``, package ``diuf.sudoku.solver.rules``). Fixed values
  from SE's hint classes: ``HiddenSingleHint`` (1.0 last cell of a house = Full House, 1.2 box,
  1.5 row/column), ``NakedSingleHint`` 2.3, ``LockingHint`` (2.6 pointing, 2.8 claiming),
  ``NakedSetHint`` (3.0 / 3.6 / 5.0), ``HiddenSetHint`` (3.4 / 4.0 / 5.4), fish (3.2 / 3.8 /
  5.2), ``XYWingHint`` (4.2 XY, 4.4 XYZ), ``unique/UniqueLoopHint`` (4.5 for a rectangle),
  ``unique/Bug1Hint`` 5.6. SE has no rules named Skyscraper, Kite, Empty Rectangle, W-Wing,
  Remote Pair, colours or finned fish: it finds them as chains (``chaining/ForcingChainHint``:
  6.6 for X-only or Y-only chains, 7.0 mixed; ``CycleHint``: 6.5 / 7.0;
  ``ChainingHint.getLengthDifficulty``: +0.1 each time the length passes 4, 6, 8, 12, ...),
  so those carry the rating of the chain SE needs for a typical instance (see the table).
  Ratings that depend on the instance in SE (UR type 3's subset size, chain lengths) are
  given for the usual case; a rater can refine them per step.
* ``hodoku_score`` / ``hodoku_level``: HoDoKu 2.2 ``Options.DEFAULT_SOLVER_STEPS``
  (``StepConfig(index, SolutionType, DifficultyType, category, baseScore, ...)``),
  file ``src/sudoku/Options.java`` in HoDoKu's public source (e.g. repository
  ``1to9only/HoDoKu``); values quoted in the table comments below.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from . import als, chains, coloring, forcing, franken, kraken, sue_de_coq, fish, intersections, se_rules, single_digit, singles, subsets, templates, uniqueness, wings
from .model import Candidates
from .step import Step

__all__ = ["Technique", "TECHNIQUES", "TECHNIQUE_IDS", "find_steps", "technique", "ENGINE_ORDER_VERSION"]

#: Bumped whenever the order, the set or a rating of the techniques changes.
ENGINE_ORDER_VERSION = 8

Finder = Callable[[Candidates], Iterator[Step]]


@dataclass(frozen=True)
class Technique:
    """A solving technique: its stable id, display name, family, finder and ratings."""

    id: str
    name: str
    family: str
    finder: Finder
    se_rating: float
    hodoku_score: int
    hodoku_level: str
    uniqueness: bool = False
    #: In the default set (``techniques=None``); SE's dynamic and nested forcing chains are
    #: not (seconds to minutes a step in Python): name them, or pass ``techniques="all"``.
    default: bool = True

    def find(self, state: Candidates) -> Iterator[Step]:
        """Every instance of this technique in ``state``."""
        return self.finder(state)


_T = Technique
# fmt: off
TECHNIQUES: tuple[Technique, ...] = (
    # HoDoKu: FULL_HOUSE EASY 4 / HIDDEN_SINGLE EASY 14 / NAKED_SINGLE EASY 4
    # SE: full house ("last value in a house") 1.0, hidden single box 1.2, row/column 1.5, naked single 2.3
    _T("full_house", "Full House", "singles", singles.find_full_house, 1.0, 4, "easy"),
    _T("hidden_single_box", "Hidden Single", "singles", singles.find_hidden_single_box, 1.2, 14, "easy"),
    _T("hidden_single_line", "Hidden Single", "singles", singles.find_hidden_single_line, 1.5, 14, "easy"),
    _T("naked_single", "Naked Single", "singles", singles.find_naked_single, 2.3, 4, "easy"),
    # HoDoKu: LOCKED_CANDIDATES_1/2 MEDIUM 50; SE LockingHint: pointing 2.6, claiming 2.8
    _T("pointing", "Locked Candidates Type 1 (Pointing)", "intersections", intersections.find_pointing, 2.6, 50, "medium"),
    _T("claiming", "Locked Candidates Type 2 (Claiming)", "intersections", intersections.find_claiming, 2.8, 50, "medium"),
    # HoDoKu: LOCKED_PAIR MEDIUM 40, LOCKED_TRIPLE MEDIUM 60; SE sees them as naked pair 3.0 / triple 3.6
    _T("locked_pair", "Locked Pair", "intersections", intersections.find_locked_pair, 3.0, 40, "medium"),
    # HoDoKu: NAKED_PAIR MEDIUM 60; SE NakedSetHint pair 3.0
    _T("naked_pair", "Naked Pair", "subsets", subsets.find_naked_pair, 3.0, 60, "medium"),
    # HoDoKu: X_WING HARD 140; SE XWingHint 3.2
    _T("x_wing", "X-Wing", "fish", fish.find_x_wing, 3.2, 140, "hard"),
    # HoDoKu: HIDDEN_PAIR MEDIUM 70; SE HiddenSetHint pair 3.4
    _T("hidden_pair", "Hidden Pair", "subsets", subsets.find_hidden_pair, 3.4, 70, "medium"),
    _T("locked_triple", "Locked Triple", "intersections", intersections.find_locked_triple, 3.6, 60, "medium"),
    # HoDoKu: NAKED_TRIPLE MEDIUM 80; SE 3.6
    _T("naked_triple", "Naked Triple", "subsets", subsets.find_naked_triple, 3.6, 80, "medium"),
    # HoDoKu: SWORDFISH HARD 150; SE 3.8
    _T("swordfish", "Swordfish", "fish", fish.find_swordfish, 3.8, 150, "hard"),
    # HoDoKu: HIDDEN_TRIPLE MEDIUM 100; SE 4.0
    _T("hidden_triple", "Hidden Triple", "subsets", subsets.find_hidden_triple, 4.0, 100, "medium"),
    # HoDoKu: XY_WING HARD 160; SE XYWingHint 4.2
    _T("xy_wing", "XY-Wing", "wings", wings.find_xy_wing, 4.2, 160, "hard"),
    # HoDoKu: XYZ_WING HARD 180; SE 4.4
    _T("xyz_wing", "XYZ-Wing", "wings", wings.find_xyz_wing, 4.4, 180, "hard"),
    # HoDoKu: UNIQUENESS_1..4 HARD 100; SE unique/UniqueLoopHint.getDifficulty 4.5 for a rectangle (types 1, 2, 4);
    # type 3 adds 0.1 per naked-set digit beyond one (UniqueLoopType3NakedHint): 4.6 for the usual pair
    _T("unique_rectangle_1", "Uniqueness Test 1", "uniqueness", uniqueness.find_unique_rectangle_1, 4.5, 100, "hard", True),
    _T("unique_rectangle_2", "Uniqueness Test 2", "uniqueness", uniqueness.find_unique_rectangle_2, 4.5, 100, "hard", True),
    _T("unique_rectangle_4", "Uniqueness Test 4", "uniqueness", uniqueness.find_unique_rectangle_4, 4.5, 100, "hard", True),
    # HoDoKu: HIDDEN_RECTANGLE HARD 100; SE has no such rule (rated here as its rectangle, 4.5)
    _T("hidden_rectangle", "Hidden Rectangle", "uniqueness", uniqueness.find_hidden_rectangle, 4.5, 100, "hard", True),
    _T("unique_rectangle_3", "Uniqueness Test 3", "uniqueness", uniqueness.find_unique_rectangle_3, 4.6, 100, "hard", True),
    # HoDoKu: UNIQUENESS_5/6, AVOIDABLE_RECTANGLE_1/2 HARD 100. SE has no such rules (Type 5 is SE's
    # rectangle with one extra digit, 4.5; the others are rated here as a rectangle, 4.6)
    _T("unique_rectangle_5", "Uniqueness Test 5", "uniqueness", uniqueness.find_unique_rectangle_5, 4.6, 100, "hard", True),
    _T("unique_rectangle_6", "Uniqueness Test 6", "uniqueness", uniqueness.find_unique_rectangle_6, 4.6, 100, "hard", True),
    _T("avoidable_rectangle_1", "Avoidable Rectangle Type 1", "uniqueness", uniqueness.find_avoidable_rectangle_1, 4.6, 100, "hard", True),
    _T("avoidable_rectangle_2", "Avoidable Rectangle Type 2", "uniqueness", uniqueness.find_avoidable_rectangle_2, 4.6, 100, "hard", True),
    # HoDoKu: NAKED_QUADRUPLE HARD 120; SE 5.0
    _T("naked_quad", "Naked Quadruple", "subsets", subsets.find_naked_quad, 5.0, 120, "hard"),
    # HoDoKu: JELLYFISH HARD 160; SE 5.2
    _T("jellyfish", "Jellyfish", "fish", fish.find_jellyfish, 5.2, 160, "hard"),
    # HoDoKu: HIDDEN_QUADRUPLE HARD 150; SE 5.4
    _T("hidden_quad", "Hidden Quadruple", "subsets", subsets.find_hidden_quad, 5.4, 150, "hard"),
    # HoDoKu: BUG_PLUS_1 HARD 100; SE BivalueUniversalGraveHint type 1: 5.6
    _T("bug_plus_1", "Bivalue Universal Grave + 1", "uniqueness", uniqueness.find_bug_plus_1, 5.6, 100, "hard", True),
    # Single-digit patterns, colours, finned fish, W-Wing, Remote Pair: SE 1.2.1 has no rules of these
    # names and finds them as chains (ForcingChainHint.getDifficulty: X-only or Y-only forcing
    # chain 6.6, mixed X/Y 7.0; CycleHint: 6.5 / 7.0; ChainingHint.getLengthDifficulty adds 0.1
    # when the chain length exceeds 4, 6, 8, 12, ...). SE names a 6-node X forcing chain
    # "Turbot Fish" (6.6): Skyscraper, 2-String Kite, Turbot Fish and a Sashimi X-Wing with one
    # fin are exactly that. The other values are the chain SE needs for the typical instance:
    # Remote Pair over 4 cells = Y-chain of 10 nodes (6.8); W-Wing = mixed chain of 8 nodes (7.1);
    # Simple Colors = X-chain of 6-8 nodes (6.7); Empty Rectangle = a Turbot Fish when the box
    # holds two candidates (6.6; more cells need SE's region chains, so 6.6 is a lower bound);
    # finned X-Wing/Swordfish need a longer X-chain (6.7 / 6.9, approximations).
    # HoDoKu: TURBOT_FISH HARD 120, EMPTY_RECTANGLE HARD 120, SKYSCRAPER HARD 130,
    # TWO_STRING_KITE HARD 150, SASHIMI_X_WING HARD 150, FINNED_X_WING HARD 130,
    # SIMPLE_COLORS HARD 150 (trap and wrap), REMOTE_PAIR HARD 110, SASHIMI_SWORDFISH UNFAIR 240,
    # FINNED_SWORDFISH UNFAIR 200, W_WING HARD 150
    _T("turbot_fish", "Turbot Fish", "single_digit", single_digit.find_turbot_fish, 6.6, 120, "hard"),
    _T("empty_rectangle", "Empty Rectangle", "single_digit", single_digit.find_empty_rectangle, 6.6, 120, "hard"),
    _T("skyscraper", "Skyscraper", "single_digit", single_digit.find_skyscraper, 6.6, 130, "hard"),
    _T("two_string_kite", "2-String Kite", "single_digit", single_digit.find_two_string_kite, 6.6, 150, "hard"),
    _T("sashimi_x_wing", "Sashimi X-Wing", "fish", fish.find_sashimi_x_wing, 6.6, 150, "hard"),
    _T("finned_x_wing", "Finned X-Wing", "fish", fish.find_finned_x_wing, 6.7, 130, "hard"),
    _T("simple_colors_trap", "Simple Colors Trap", "coloring", coloring.find_simple_colors_trap, 6.7, 150, "hard"),
    _T("simple_colors_wrap", "Simple Colors Wrap", "coloring", coloring.find_simple_colors_wrap, 6.7, 150, "hard"),
    # HoDoKu: MULTI_COLORS HARD 200 (types 1 and 2 in one search); SE: a longer X-chain (approximation)
    _T("multi_colors_1", "Multi Colors 1", "coloring", coloring.find_multi_colors_1, 6.9, 200, "hard"),
    _T("multi_colors_2", "Multi Colors 2", "coloring", coloring.find_multi_colors_2, 6.9, 200, "hard"),
    _T("x_chain", "X-Chain", "chains", chains.find_x_chain, 6.7, 260, "unfair"),
    _T("remote_pair", "Remote Pair", "chains", chains.find_remote_pair, 6.8, 110, "hard"),
    _T("xy_chain", "XY-Chain", "chains", chains.find_xy_chain, 6.8, 260, "unfair"),
    _T("sashimi_swordfish", "Sashimi Swordfish", "fish", fish.find_sashimi_swordfish, 6.8, 240, "unfair"),
    _T("finned_swordfish", "Finned Swordfish", "fish", fish.find_finned_swordfish, 6.9, 200, "unfair"),
    # HoDoKu: SASHIMI_JELLYFISH UNFAIR 260, FINNED_JELLYFISH UNFAIR 250; SE: a longer X-chain (approximation)
    _T("sashimi_jellyfish", "Sashimi Jellyfish", "fish", fish.find_sashimi_jellyfish, 7.0, 260, "unfair"),
    _T("finned_jellyfish", "Finned Jellyfish", "fish", fish.find_finned_jellyfish, 7.1, 250, "unfair"),
    # HoDoKu: SUE_DE_COQ UNFAIR 250; SE has no such rule (its chains need ~7.0 for a typical instance)
    _T("sue_de_coq", "Sue de Coq", "sue_de_coq", sue_de_coq.find_sue_de_coq, 7.0, 250, "unfair"),
    _T("w_wing", "W-Wing", "wings", wings.find_w_wing, 7.1, 150, "hard"),
    # HoDoKu's chains (ChainSolver, TablingSolver): X_CHAIN UNFAIR 260, XY_CHAIN UNFAIR 260, NICE_LOOP
    # (discontinuous/continuous nice loops and AIC) UNFAIR 280, GROUPED_NICE_LOOP UNFAIR 300. SE finds
    # them as forcing chains/cycles: X- or Y-only 6.6, mixed 7.0, plus its length surcharge; the
    # values here are those of a typical instance (X-Chain of 6-8 nodes 6.7, XY-Chain 6.8, a
    # mixed AIC of 8-12 nodes 7.2, grouped 7.3); a per-step SE rating is the SE engine's job.
    _T("nice_loop", "Nice Loop/AIC", "chains", chains.find_nice_loop, 7.2, 280, "unfair"),
    _T("grouped_nice_loop", "Grouped Nice Loop/AIC", "chains", chains.find_grouped_nice_loop, 7.3, 300, "unfair"),
    # HoDoKu's ALS (AlsSolver): ALS_XZ UNFAIR 300, ALS_XY_WING UNFAIR 320, ALS_XY_CHAIN UNFAIR 340, DEATH_BLOSSOM UNFAIR 360 (off in
    # HoDoKu's default solver). SE has no ALS rules: it needs forcing chains (7.5+ typical; approximation).
    _T("als_xz", "Almost Locked Set XZ-Rule", "als", als.find_als_xz, 7.5, 300, "unfair"),
    _T("als_xy_wing", "Almost Locked Set XY-Wing", "als", als.find_als_xy_wing, 7.6, 320, "unfair"),
    # HoDoKu: ALS_XY_CHAIN UNFAIR 340 (on in its default solver); SE: forcing chains (approximation)
    _T("als_chain", "Almost Locked Set Chain", "als", als.find_als_chain, 7.7, 340, "unfair"),
    _T("death_blossom", "Death Blossom", "als", als.find_death_blossom, 7.8, 360, "unfair"),
    # HoDoKu's Franken and Mutant fish (FishSolver): FRANKEN_X_WING UNFAIR 300, FRANKEN_SWORDFISH UNFAIR 350,
    # FRANKEN_JELLYFISH UNFAIR 370 (off), FINNED_FRANKEN_X_WING UNFAIR 390, FINNED_FRANKEN_SWORDFISH UNFAIR 410,
    # FINNED_FRANKEN_JELLYFISH UNFAIR 430 (off), MUTANT_X_WING/SWORDFISH/JELLYFISH EXTREME 450 (off),
    # FINNED_MUTANT_* EXTREME 470 (off). SE has no fish with boxes: it needs chains (approximation).
    # Those HoDoKu's default solver has off are off here too (name them to use them).
    _T("franken_x_wing", "Franken X-Wing", "fish", franken.fish_finder("franken_x_wing"), 7.2, 300, "unfair"),
    _T("franken_swordfish", "Franken Swordfish", "fish", franken.fish_finder("franken_swordfish"), 7.4, 350, "unfair"),
    _T("franken_jellyfish", "Franken Jellyfish", "fish", franken.fish_finder("franken_jellyfish"), 7.6, 370, "unfair", default=False),
    _T("finned_franken_x_wing", "Finned Franken X-Wing", "fish", franken.fish_finder("finned_franken_x_wing"), 7.3, 390, "unfair"),
    _T("finned_franken_swordfish", "Finned Franken Swordfish", "fish", franken.fish_finder("finned_franken_swordfish"), 7.5, 410, "unfair"),
    _T("finned_franken_jellyfish", "Finned Franken Jellyfish", "fish", franken.fish_finder("finned_franken_jellyfish"), 7.7, 430, "unfair", default=False),
    _T("mutant_x_wing", "Mutant X-Wing", "fish", franken.fish_finder("mutant_x_wing"), 7.8, 450, "extreme", default=False),
    _T("mutant_swordfish", "Mutant Swordfish", "fish", franken.fish_finder("mutant_swordfish"), 7.9, 450, "extreme", default=False),
    _T("mutant_jellyfish", "Mutant Jellyfish", "fish", franken.fish_finder("mutant_jellyfish"), 8.0, 450, "extreme", default=False),
    _T("finned_mutant_x_wing", "Finned Mutant X-Wing", "fish", franken.fish_finder("finned_mutant_x_wing"), 7.9, 470, "extreme", default=False),
    _T("finned_mutant_swordfish", "Finned Mutant Swordfish", "fish", franken.fish_finder("finned_mutant_swordfish"), 8.0, 470, "extreme", default=False),
    _T("finned_mutant_jellyfish", "Finned Mutant Jellyfish", "fish", franken.fish_finder("finned_mutant_jellyfish"), 8.1, 470, "extreme", default=False),
    # Sudoku Explainer's own rules above BUG (serate 1.2.1.3; module se_rules/se_chains), in SE's
    # producer order. A chain step carries its own rating (base + length surcharge, Step.rating);
    # the number here is the base. HoDoKu has no such techniques: its nearest are Forcing Chain /
    # Net (FORCING_CHAIN EXTREME 500, FORCING_NET EXTREME 700) and Templates / Nishio.
    _T("aligned_pair_exclusion", "Aligned Pair Exclusion", "exclusion", se_rules.aligned_finder(2), 6.2, 500, "extreme"),  # type: ignore[arg-type]
    _T("se_forcing_chains_cycles", "Forcing Chains & Cycles", "forcing_chains", se_rules.chain_finder("se_forcing_chains_cycles"), 6.5, 500, "extreme"),
    _T("aligned_triple_exclusion", "Aligned Triplet Exclusion", "exclusion", se_rules.aligned_finder(3), 7.5, 500, "extreme"),  # type: ignore[arg-type]
    _T("se_nishio", "Nishio Forcing Chains", "forcing_chains", se_rules.chain_finder("se_nishio"), 7.5, 500, "extreme"),
    _T("se_multiple_forcing_chains", "Multiple Forcing Chains", "forcing_chains", se_rules.chain_finder("se_multiple_forcing_chains"), 8.0, 500, "extreme"),
    # HoDoKu's own forcing chains and nets (TablingSolver): FORCING_CHAIN EXTREME 500, FORCING_NET
    # EXTREME 700, tried only when everything before them fails. SE has no such rules: the nearest are
    # its Multiple Forcing Chains (8.0+) and Dynamic Forcing Chains (8.5+); the ERs here place them
    # after those in the registry order (approximation). The SE path leaves them out.
    _T("forcing_chain", "Forcing Chain", "forcing_chains", forcing.find_forcing_chain, 8.2, 500, "extreme"),
    # HoDoKu: KRAKEN_FISH EXTREME 500, off in its default solver (and here): a finned fish helped by chains.
    _T("kraken_fish", "Kraken Fish", "fish", kraken.find_kraken_fish, 8.3, 500, "extreme", default=False),
    _T("se_dynamic_forcing_chains", "Dynamic Forcing Chains", "forcing_chains", se_rules.chain_finder("se_dynamic_forcing_chains"), 8.5, 700, "extreme", default=False),
    _T("forcing_net", "Forcing Net", "forcing_chains", forcing.find_forcing_net, 8.6, 700, "extreme"),
    _T("se_dynamic_forcing_chains_plus", "Dynamic Forcing Chains (+)", "forcing_chains", se_rules.chain_finder("se_dynamic_forcing_chains_plus"), 9.0, 700, "extreme", default=False),
    _T("se_nested_forcing_chains", "Nested Forcing Chains", "forcing_chains", se_rules.chain_finder("se_nested_forcing_chains"), 9.5, 700, "extreme", default=False),
    _T("se_nested_multiple_forcing_chains", "Nested Multiple Forcing Chains", "forcing_chains", se_rules.chain_finder("se_nested_multiple_forcing_chains"), 10.0, 700, "extreme", default=False),
    _T("se_nested_dynamic_forcing_chains", "Nested Dynamic Forcing Chains", "forcing_chains", se_rules.chain_finder("se_nested_dynamic_forcing_chains"), 10.5, 700, "extreme", default=False),
    _T("se_nested_dynamic_forcing_chains_plus", "Nested Dynamic Forcing Chains (+)", "forcing_chains", se_rules.chain_finder("se_nested_dynamic_forcing_chains_plus"), 11.0, 700, "extreme", default=False),
    # HoDoKu: TEMPLATE_SET / TEMPLATE_DEL EXTREME 10000, off in its default solver (and here). SE has no
    # templates (11.0 only places them last).
    _T("template_set", "Template Set", "templates", templates.find_template_set, 11.0, 10000, "extreme", default=False),
    _T("template_delete", "Template Delete", "templates", templates.find_template_delete, 11.0, 10000, "extreme", default=False),
)
# fmt: on

#: Technique ids in order.
TECHNIQUE_IDS: tuple[str, ...] = tuple(t.id for t in TECHNIQUES)
_BY_ID: dict[str, Technique] = {t.id: t for t in TECHNIQUES}


def technique(id: str) -> Technique:
    """The technique with this id; ``KeyError`` naming the known ids otherwise."""
    try:
        return _BY_ID[id]
    except KeyError:
        raise KeyError(f"unknown technique {id!r}; known: {', '.join(TECHNIQUE_IDS)}") from None


def find_steps(state: Candidates, technique_id: str) -> Iterator[Step]:
    """Every instance of technique ``technique_id`` in ``state``."""
    return technique(technique_id).finder(state)
