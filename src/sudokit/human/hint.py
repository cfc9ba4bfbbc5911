"""Hints on a player's grid: first their mistakes, then the next logical step.

:func:`hint` takes the state a player is looking at, in one of three forms:

* a puzzle (anything :func:`sudokit.parse` reads): a fresh grid, candidates computed;
* a :class:`~sudokit.human.model.Candidates` (its ``givens`` are the clues, its
  ``values`` the player's digits, its ``cands`` the player's pencil marks);
* a :class:`UserState` ``(puzzle, digits, pencil_marks)`` or a plain 3-tuple of the
  same: ``puzzle`` the clues, ``digits`` the player's grid (givens plus their own
  digits, mistakes included; None = just the clues), ``pencil_marks`` ``{cell: digits}``
  or a 729-character candidate string (None = computed from the digits).

A blank cell without any pencil mark counts as "not marked yet" (its candidates are
computed); candidates that a placed digit already rules out are dropped silently.
Then, in this order:

1. a digit that disagrees with the solution → ``kind="mistake"``;
2. a blank cell whose pencil marks lack its solution digit → ``kind="missing_candidate"``;
3. the puzzle is full → ``kind="solved"``;
4. the first step of the easiest technique that applies → ``kind="step"``;
5. nothing in the set applies → ``kind="stuck"`` (at level 3 with a backtracking step,
   labelled as such, whose digit comes from the solution).

Levels grade how much is said: 1 names the technique and where to look (no digit),
2 adds the digit(s) and house(s), 3 gives the whole step (or the exact mistake).

>>> from sudokit.human import hint
>>> puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
>>> hint(puzzle).text
'Look for a Hidden Single in box 2.'
>>> hint(puzzle, level=2).text
'Hidden Single: look at where 8 can go in box 2.'
>>> hint(puzzle, level=3).text
'Hidden Single: r1c6=8. In box 2, 8 can only go in r1c6.'
>>> mine = puzzle[:2] + "7" + puzzle[3:]          # the player put a wrong 7 in r1c3
>>> h = hint((puzzle, mine, None), level=3)
>>> h.kind, h.text
('mistake', 'r1c3 is wrong: it should not be 7.')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal, NamedTuple, Union

from ..errors import InvalidFormatError, SudokuError
from ..grid import Grid, PuzzleLike
from .model import BIT, BOX_OF, CELL_HOUSES, HOUSE_NAMES, PEER_CELLS, Candidates, PencilMarks, _peer_candidates
from .path import SEVERAL_SOLUTIONS, backtracking_step, enabled_techniques, next_step, solve_and_count
from .step import Step, cell_text

__all__ = ["Hint", "UserState", "hint", "HintKind"]

HintKind = Literal["mistake", "missing_candidate", "step", "solved", "stuck"]


class UserState(NamedTuple):
    """A player's grid: the clues, their digits (mistakes included) and their pencil marks."""

    puzzle: PuzzleLike
    digits: PuzzleLike | None = None
    pencil_marks: PencilMarks | None = None


HintInput = Union[PuzzleLike, Candidates, UserState, "tuple[PuzzleLike, PuzzleLike | None, PencilMarks | None]"]


@dataclass(frozen=True)
class Hint:
    """One hint: its ``text``, ``level`` (1-3), ``kind``, the ``step`` behind it (None for
    mistakes, missing candidates and "solved"), and the ``cells`` and ``digits`` it is
    about (what a GUI would highlight; at level 1 only ``cells`` is meant to be shown)."""

    text: str
    level: int
    kind: HintKind
    step: Step | None = None
    cells: tuple[int, ...] = ()
    digits: tuple[int, ...] = ()
    #: The board the hint is about (the player's candidates), for pictures.
    state: Candidates | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        """The hint's text, as ``sudokit hint`` prints it."""
        return self.text

    def __repr__(self) -> str:
        return f"Hint(kind={self.kind!r}, level={self.level}, text={self.text!r})"

    def _repr_svg_(self) -> str:
        """The hint drawn on its grid (Jupyter); same as ``sudokit.render.to_svg(hint)``."""
        from ..render.svg import step_repr_svg

        return step_repr_svg(self, self.state)


def hint(
    state: HintInput,
    level: int = 1,
    *,
    techniques: Iterable[str] | None = None,
    uniqueness: bool | None = None,
) -> Hint:
    """The next hint for ``state`` at ``level`` 1, 2 or 3 (see the module docstring).

    ``techniques``/``uniqueness`` are as for :func:`~sudokit.human.explain`
    (uniqueness techniques are used only when the clues have exactly one solution).
    Raises :class:`~sudokit.errors.InvalidPuzzleError` for malformed input or
    conflicting clues and :class:`~sudokit.errors.UnsolvableError` when the clues have
    no solution.
    """
    if level not in (1, 2, 3):
        raise ValueError(f"level must be 1, 2 or 3, got {level!r}")
    clues, cands = _normalise(state)
    return replace(_hint_for(clues, cands.copy(), level, techniques, uniqueness), state=cands)


def _hint_for(clues: Grid, cands: Candidates, level: int, techniques: Iterable[str] | None, uniqueness: bool | None) -> Hint:
    count, solution = solve_and_count(clues)
    unique = count == 1
    reference = solution if unique else _reference_solution(cands, solution)
    wrong = [i for i, v in enumerate(cands.values) if v and v != reference[i]]
    if wrong:
        return _mistake_hint(wrong, cands, level)
    if unique:
        missing = [i for i, v in enumerate(cands.values) if not v and not cands.cands[i] & BIT[solution[i]]]
        if missing:
            return _missing_hint(missing, solution, level)
    if cands.is_solved():
        return Hint("The puzzle is solved.", level, "solved")
    cands = _refill_empty(cands)
    enabled = enabled_techniques(techniques, unique if uniqueness is None else bool(uniqueness) and unique)
    step = next_step(cands, enabled)
    if step is None:
        return _stuck_hint(cands, reference, level, unique)
    return _step_hint(step, level)


# ------------------------------------------------------------ normalising
def _normalise(state: HintInput) -> tuple[Grid, Candidates]:
    """The clues and a cleaned-up candidate grid (a copy; the input is never changed)."""
    if isinstance(state, Candidates):
        clues = Grid.parse([v if i in state.givens else 0 for i, v in enumerate(state.values)])
        cands = state.copy()
    elif isinstance(state, tuple) and len(state) == 3:
        puzzle, digits, marks = state
        clues = Grid.parse(puzzle)
        cands = _user_candidates(clues, digits, marks)
    else:
        clues = Grid.parse(state)
        cands = Candidates.from_puzzle(clues)
    _clean(cands)
    return clues, cands


def _user_candidates(clues: Grid, digits: PuzzleLike | None, marks: PencilMarks | None) -> Candidates:
    """The player's grid: clues win over whatever the digits say in a clue's cell."""
    values = list(clues) if digits is None else list(_players_digits(digits))
    for i, v in enumerate(clues):
        if v:
            values[i] = v
    given_cells = [i for i, v in enumerate(clues) if v]
    cands = Candidates.from_state(Grid.parse(values), marks, givens=given_cells)
    if marks is not None:
        computed = _peer_candidates(values)
        for i in range(81):
            if not values[i] and not cands.cands[i]:
                cands = _with_cands(cands, i, computed[i])
    return cands


def _players_digits(digits: PuzzleLike) -> Grid:
    """The player's grid; a bad one says so (not just "expected 81 cells")."""
    try:
        return Grid.parse(digits)
    except InvalidFormatError as exc:
        raise InvalidFormatError(f"the player's digits: {exc}") from None


def _with_cands(cands: Candidates, cell: int, mask: int) -> Candidates:
    """``cands`` with the candidate mask of one blank cell replaced (where-masks rebuilt)."""
    masks = cands.cands[:]
    masks[cell] = mask
    return Candidates(cands.values[:], masks, cands.givens)


def _refill_empty(cands: Candidates) -> Candidates:
    """Blank cells left without any candidate (possible with several solutions, where the
    marks are not checked) count as unmarked: their candidates are computed."""
    empty = [i for i in range(81) if not cands.values[i] and not cands.cands[i]]
    if not empty:
        return cands
    computed = _peer_candidates(cands.values)
    masks = cands.cands[:]
    for i in empty:
        masks[i] = computed[i]
    return Candidates(cands.values[:], masks, cands.givens)


def _clean(cands: Candidates) -> None:
    """Drop candidates ruled out by a digit already placed in a peer cell."""
    values = cands.values
    for i in range(81):
        if values[i]:
            for p in PEER_CELLS[i]:
                if not values[p] and cands.cands[p] & BIT[values[i]]:
                    cands.eliminate(p, values[i])


def _reference_solution(cands: Candidates, first: Grid) -> Grid:
    """For clues with several solutions: a solution agreeing with the player's digits if
    one exists, else the clues' first solution."""
    try:
        _, mine = solve_and_count(Grid.parse(cands.values))
    except SudokuError:  # conflicting or unsolvable digits
        return first
    return mine


# ------------------------------------------------------------------ texts
def _mistake_hint(wrong: list[int], cands: Candidates, level: int) -> Hint:
    cell = wrong[0]
    digit = cands.values[cell]
    more = f" ({len(wrong) - 1} more wrong digit{'s' if len(wrong) > 2 else ''})" if len(wrong) > 1 else ""
    if level == 1:
        text = f"One of your digits in {HOUSE_NAMES[18 + BOX_OF[cell]]} is wrong."
    elif level == 2:
        text = f"{cell_text(cell)} is wrong."
    else:
        text = f"{cell_text(cell)} is wrong: it should not be {digit}.{more}"
    return Hint(text, level, "mistake", None, tuple(wrong) if level == 3 else (cell,), (digit,) if level == 3 else ())


def _missing_hint(missing: list[int], solution: Grid, level: int) -> Hint:
    cell = missing[0]
    digit = solution[cell]
    if level == 1:
        text = f"A pencil mark in {HOUSE_NAMES[18 + BOX_OF[cell]]} was removed but is still possible."
    elif level == 2:
        text = f"{cell_text(cell)} is missing a candidate."
    else:
        text = f"{cell_text(cell)} is missing candidate {digit}."
    return Hint(text, level, "missing_candidate", None, (cell,), (digit,) if level == 3 else ())


def _stuck_hint(cands: Candidates, solution: Grid, level: int, unique: bool) -> Hint:
    why = "the puzzle needs a harder technique" if unique else SEVERAL_SOLUTIONS
    text = f"No logical step in this set applies here ({why})."
    if level < 3:
        return Hint(text, level, "stuck")
    guess = backtracking_step(cands, solution)
    return Hint(f"{text} Backtracking, not logic: {guess}.", level, "stuck", guess, guess.pattern_cells(), guess.digits)


def _step_hint(step: Step, level: int) -> Hint:
    cells = step.pattern_cells()
    if level == 1:
        return Hint(f"Look for {_article(step.name)}{step.name} in {_where(step, short=True)}.", level, "step", step, cells)
    if level == 2:
        return Hint(_level2(step), level, "step", step, cells, step.digits)
    why = f" {step.why}" if step.why else ""
    return Hint(f"{step}.{why}", level, "step", step, cells, step.digits)


def _level2(step: Step) -> str:
    """Technique, digit(s) and house(s), and what the step achieves; never a cell."""
    digits = _and([str(d) for d in step.digits])
    if step.technique == "full_house":
        return f"Full House: {_where(step, short=False)} has one empty cell left, for the missing {digits}."
    if step.technique == "naked_single":
        return f"Naked Single: a cell of {_where(step, short=True)} has {digits} as its only candidate."
    if step.placements and not step.eliminations:
        return f"{step.name}: look at where {digits} can go in {_where(step, short=False)}."
    changes = len(step.placements) + len(step.eliminations)
    if step.technique == "bug_plus_1":  # its eliminations leave one digit: a placement, not "2 candidates"
        return f"{step.name}: one cell of {_where(step, short=True)} must take {digits}."
    effect = f"it places {_and([str(d) for _, d in step.placements])}" if step.placements else f"it removes {changes} candidate{'s' if changes > 1 else ''}"
    return f"{step.name} on {digits} in {_where(step, short=_one_cell(step))}: {effect}."


def _one_cell(step: Step) -> bool:
    """True when every change of the step is in one cell whose row and column are both
    among the step's houses (naming them would give that cell away, as for BUG+1)."""
    changed = {c for c, _ in step.placements + step.eliminations}
    if len(changed) != 1:
        return False
    row, col, _box = CELL_HOUSES[changed.pop()]
    return HOUSE_NAMES[row] in step.houses and HOUSE_NAMES[col] in step.houses


def _where(step: Step, *, short: bool) -> str:
    """The houses of a step grouped by kind ("rows 1 and 4, column 3"). With ``short``,
    a step that changes a single cell is located by its box only, so level 1 does not
    give the cell away."""
    houses = list(step.houses)
    if short and (step.placements or _one_cell(step)) and len(houses) > 1:
        target = (step.placements or step.eliminations)[0][0]
        houses = [HOUSE_NAMES[CELL_HOUSES[target][2]]]
    if not houses:
        cells = step.pattern_cells() or tuple(c for c, _ in step.placements + step.eliminations)
        houses = sorted({HOUSE_NAMES[CELL_HOUSES[c][2]] for c in cells}, key=_house_key)
    by_kind: dict[str, list[str]] = {}
    for name in houses:
        kind, number = name.split(" ", 1)
        by_kind.setdefault(kind, []).append(number)
    parts = [f"{_plural(kind) if len(nums) > 1 else kind} {_and(nums)}" for kind, nums in by_kind.items()]
    return _and(parts)


def _plural(kind: str) -> str:
    return "boxes" if kind == "box" else kind + "s"


def _house_key(name: str) -> int:
    return HOUSE_NAMES.index(name)


def _and(items: Sequence[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _article(name: str) -> str:
    """"a "/"an " before a technique name; none before the gerunds Pointing and Claiming."""
    if name in ("Pointing", "Claiming") or name.startswith("Locked Candidates"):
        return ""
    if name.endswith("Chains") or "Chains (" in name:  # SE's plural names: "Nishio Forcing Chains"
        return ""
    return "an " if name[:1].upper() in "AEIOX" else "a "
