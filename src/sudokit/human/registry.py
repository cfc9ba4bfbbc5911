"""The technique registry: every technique in the fixed, easiest-first order.

Order: by Sudoku Explainer's ER (the SE "easiest-first" order), ties broken by HoDoKu's score.
This is the order a solving path tries techniques in; it is part of the rating's
reproducibility (see ``ENGINE_ORDER_VERSION``).

Ratings and where they come from:

* ``se_rating``: Sudoku Explainer 1.2.1 (Nicolas Juillerat, serate) per-hint difficulty.
  Singles, intersections, subsets, fish, XY/XYZ-Wing, uniqueness and BUG are fixed values in
  SE's hint classes (``HiddenSingleHint``, ``LockingHint``, ``NakedSetHint``,
  ``HiddenSetHint``, ``XWingHint``, ``XYWingHint``, ``UniquenessTestHint``,
  ``BivalueUniversalGraveHint``). SE has no Skyscraper, Kite, Turbot Fish, Empty
  Rectangle, W-Wing, Remote Pair or colouring rules: it finds them as chains/cycles
  (``chaining/ChainingHint.getDifficulty``: X-cycle base 6.5, Y-cycle 6.6, forcing X-chain
  6.6, +length penalty), so those carry SE's rating of the shortest chain that expresses
  them. Finned fish are not in SE either (it finds them as chains); we give them the
  shortest-chain value too.
* ``hodoku_score`` / ``hodoku_level``: HoDoKu 2.2 ``Options.DEFAULT_SOLVER_STEPS``
  (``StepConfig(index, SolutionType, DifficultyType, category, baseScore, ...)``),
  file ``src/sudoku/Options.java`` in HoDoKu's public source (e.g. repository
  ``1to9only/HoDoKu``); values quoted in the table comments below.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from . import coloring, fish, intersections, single_digit, singles, subsets, uniqueness, wings
from .model import Candidates
from .step import Step

__all__ = ["Technique", "TECHNIQUES", "TECHNIQUE_IDS", "find_steps", "technique", "ENGINE_ORDER_VERSION"]

#: Bumped whenever the order, the set or a rating of the techniques changes.
ENGINE_ORDER_VERSION = 1

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
    _T("pointing", "Pointing", "intersections", intersections.find_pointing, 2.6, 50, "medium"),
    _T("claiming", "Claiming", "intersections", intersections.find_claiming, 2.8, 50, "medium"),
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
    # HoDoKu: UNIQUENESS_1..4 HARD 100; SE UniquenessTestHint 4.5 (types 1, 2, 4), 4.5+ for type 3
    _T("unique_rectangle_1", "Uniqueness Test 1", "uniqueness", uniqueness.find_unique_rectangle_1, 4.5, 100, "hard", True),
    _T("unique_rectangle_2", "Uniqueness Test 2", "uniqueness", uniqueness.find_unique_rectangle_2, 4.5, 100, "hard", True),
    _T("unique_rectangle_3", "Uniqueness Test 3", "uniqueness", uniqueness.find_unique_rectangle_3, 4.6, 100, "hard", True),
    _T("unique_rectangle_4", "Uniqueness Test 4", "uniqueness", uniqueness.find_unique_rectangle_4, 4.5, 100, "hard", True),
    # HoDoKu: NAKED_QUADRUPLE HARD 120; SE 5.0
    _T("naked_quad", "Naked Quadruple", "subsets", subsets.find_naked_quad, 5.0, 120, "hard"),
    # HoDoKu: JELLYFISH HARD 160; SE 5.2
    _T("jellyfish", "Jellyfish", "fish", fish.find_jellyfish, 5.2, 160, "hard"),
    # HoDoKu: HIDDEN_QUADRUPLE HARD 150; SE 5.4
    _T("hidden_quad", "Hidden Quadruple", "subsets", subsets.find_hidden_quad, 5.4, 150, "hard"),
    # HoDoKu: BUG_PLUS_1 HARD 100; SE BivalueUniversalGraveHint type 1: 5.6
    _T("bug_plus_1", "Bivalue Universal Grave + 1", "uniqueness", uniqueness.find_bug_plus_1, 5.6, 100, "hard", True),
    # Single-digit patterns and colours: SE finds these as X-cycles/chains (6.5 + length).
    # HoDoKu: SKYSCRAPER HARD 130, TWO_STRING_KITE HARD 150, TURBOT_FISH HARD 120, EMPTY_RECTANGLE HARD 120
    _T("skyscraper", "Skyscraper", "single_digit", single_digit.find_skyscraper, 6.6, 130, "hard"),
    _T("two_string_kite", "2-String Kite", "single_digit", single_digit.find_two_string_kite, 6.6, 150, "hard"),
    _T("turbot_fish", "Turbot Fish", "single_digit", single_digit.find_turbot_fish, 6.6, 120, "hard"),
    _T("empty_rectangle", "Empty Rectangle", "single_digit", single_digit.find_empty_rectangle, 6.6, 120, "hard"),
    # HoDoKu: FINNED_X_WING HARD 130, SASHIMI_X_WING HARD 150, FINNED_SWORDFISH UNFAIR 200, SASHIMI_SWORDFISH UNFAIR 240
    _T("finned_x_wing", "Finned X-Wing", "fish", fish.find_finned_x_wing, 6.6, 130, "hard"),
    _T("sashimi_x_wing", "Sashimi X-Wing", "fish", fish.find_sashimi_x_wing, 6.6, 150, "hard"),
    _T("finned_swordfish", "Finned Swordfish", "fish", fish.find_finned_swordfish, 6.8, 200, "unfair"),
    _T("sashimi_swordfish", "Sashimi Swordfish", "fish", fish.find_sashimi_swordfish, 6.8, 240, "unfair"),
    # HoDoKu: SIMPLE_COLORS HARD 150 (trap and wrap); SE: X-cycle / forcing X-chain
    _T("simple_colors_trap", "Simple Colors Trap", "coloring", coloring.find_simple_colors_trap, 6.7, 150, "hard"),
    _T("simple_colors_wrap", "Simple Colors Wrap", "coloring", coloring.find_simple_colors_wrap, 6.7, 150, "hard"),
    # HoDoKu: W_WING HARD 150, REMOTE_PAIR HARD 110; SE: Y-cycle / XY-chain 6.6+
    _T("w_wing", "W-Wing", "wings", wings.find_w_wing, 6.6, 150, "hard"),
    _T("remote_pair", "Remote Pair", "coloring", coloring.find_remote_pair, 6.7, 110, "hard"),
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
