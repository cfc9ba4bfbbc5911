"""The solving path: apply the easiest available step, again and again, until solved.

:func:`explain` walks the technique registry in its fixed easiest-first order and takes
the *first* step the first technique that applies finds, applies it to the candidate
grid, and starts again from the top. When no technique of the enabled set applies, the
path ends with an explicit result (:attr:`Path.end` is ``"stuck"``, and
:attr:`Path.message` says "no logical step in this set"); a guess is only ever added
when asked for (``fallback=True``), as a step whose technique id is ``"backtracking"``
and whose digit comes from the puzzle's real solution, never silently.

>>> from sudokit.human import explain
>>> path = explain("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
>>> path.end, len(path) == 51, path.solved
('solved', True, True)
>>> str(path[0]).startswith(path[0].name + ": ")
True

Uniqueness techniques (Unique Rectangles, BUG+1) are valid only for puzzles with one
solution; by default (``uniqueness=None``) they are on exactly when the puzzle is known
to be unique (checked with :func:`sudokit.count_solutions`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Literal, overload

from .. import _backend
from ..errors import ConflictingGivensError, SearchLimitExceeded, SudokuError, UnsolvableError
from ..grid import Grid, PuzzleLike
from . import registry
from .model import DIGITS_OF, POPCOUNT, Candidates
from .se_chains import LIMIT, Budget, BudgetExceeded
from .step import Step, cell_text

__all__ = ["Path", "explain", "next_step", "enabled_techniques", "backtracking_step", "hodoku_brute_force_step", "STUCK_MESSAGE", "BACKTRACKING"]

#: The final result of a path on which no technique of the enabled set applies.
STUCK_MESSAGE = "no logical step in this set"
#: Why no logic can finish a puzzle with several solutions (added to the stuck message).
SEVERAL_SOLUTIONS = "the puzzle has more than one solution, so logic alone cannot finish it"
#: Technique id of the labelled guess added by ``explain(..., fallback=True)``.
BACKTRACKING = "backtracking"
#: Default cap on the number of steps (a 17-clue puzzle needs at most ~64 placements
#: plus eliminations; 1000 is far above any real path and only guards against bugs).
MAX_STEPS = 1000

End = Literal["solved", "stuck", "max_steps", "limit"]


@dataclass(frozen=True)
class Path(Sequence[Step]):
    """The steps of a solving path (a sequence of :class:`Step`), and how it ended.

    ``end`` is ``"solved"``, ``"stuck"`` (no technique of the set applies; see
    ``message``) or ``"max_steps"``. ``final`` is the 81-character grid reached,
    ``techniques`` the ids of the enabled techniques, ``uniqueness`` whether the
    uniqueness techniques were enabled, ``solution`` the puzzle's solution when known.
    """

    puzzle: Grid
    steps: tuple[Step, ...]
    end: End
    final: Grid
    techniques: tuple[str, ...]
    uniqueness: bool
    solution: Grid | None = field(default=None, compare=False)

    @overload
    def __getitem__(self, index: int) -> Step: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Step]: ...
    def __getitem__(self, index: int | slice) -> Step | Sequence[Step]:
        return self.steps[index]

    def __len__(self) -> int:
        return len(self.steps)

    def __iter__(self) -> Iterator[Step]:
        return iter(self.steps)

    @property
    def solved(self) -> bool:
        """True when the path reached a full grid."""
        return self.end == "solved"

    @property
    def solved_logically(self) -> bool:
        """True when solved without any backtracking step."""
        return self.solved and not any(s.technique == BACKTRACKING for s in self.steps)

    @property
    def message(self) -> str:
        """The final result in words."""
        if self.end == "solved":
            return "solved" if self.solved_logically else "solved (with backtracking)"
        if self.end == "stuck":
            return STUCK_MESSAGE if self.solution is not None else f"{STUCK_MESSAGE} ({SEVERAL_SOLUTIONS})"
        if self.end == "limit":
            return f"stopped after {len(self.steps)} steps (search budget spent)"
        return f"stopped after {len(self.steps)} steps (max_steps)"

    def __str__(self) -> str:
        """The steps as ``sudokit explain`` prints them (:meth:`text`)."""
        return self.text()

    def __repr__(self) -> str:
        return f"Path(puzzle={str(self.puzzle)!r}, steps={len(self.steps)}, end={self.end!r})"

    def _repr_html_(self) -> str:
        """The steps as a numbered list, each with a picture of the board it acts on (Jupyter)."""
        from html import escape

        from ..render.svg import to_svg

        state = Candidates.from_puzzle(self.puzzle)
        items = []
        for step in self.steps:
            picture = to_svg(state, size=180, highlights=step, title=str(step))
            items.append(f"<li><div>{escape(str(step))}</div>{picture}</li>")
            state.apply(step)
        return f"<ol>{''.join(items)}</ol><p>{escape(self.message)}</p>"

    def text(self) -> str:
        """One step per line in the one-line notation, then the final result."""
        lines = [str(step) for step in self.steps]
        if self.end != "solved" or not lines:  # a full grid still says "-- solved", not nothing
            lines.append(f"-- {self.message}")
        return "\n".join(lines)


def enabled_techniques(techniques: Iterable[str] | None, uniqueness: bool) -> tuple[registry.Technique, ...]:
    """The registry's techniques restricted to ``techniques`` (ids; None = the default set:
    all but the slow nested forcing chains; ``"all"`` = every technique), in registry
    order, without the uniqueness ones unless ``uniqueness``. A string is one id or
    comma-separated ids (not a sequence of one-letter ids)."""
    everything = techniques == "all"
    if isinstance(techniques, str):
        techniques = [t.strip() for t in techniques.split(",") if t.strip() and t.strip() != "all"]
    wanted = None if techniques is None or everything else set(techniques)
    if wanted is not None:
        unknown = wanted - {t.id for t in registry.TECHNIQUES}
        if unknown:
            raise ValueError(f"unknown technique id(s): {', '.join(sorted(unknown))}")
    return tuple(
        t for t in registry.TECHNIQUES
        if (t.id in wanted if wanted is not None else (t.default or everything)) and (uniqueness or not t.uniqueness)
    )


def next_step(state: Candidates, techniques: Sequence[registry.Technique]) -> Step | None:
    """The first step of the first technique (in the given order) that applies, or None."""
    for technique in techniques:
        for step in technique.finder(state):
            if step.placements or step.eliminations:
                return step
    return None


def hodoku_brute_force_step(values: Sequence[int], solution: Grid) -> Step:
    """HoDoKu 2.2's "Brute Force" step, its last resort when no technique applies: the
    middle one (index n // 2) of the n unsolved cells, in cell order, gets its digit from
    the solution. Labelled as backtracking (technique :data:`BACKTRACKING`)."""
    blanks = [i for i, v in enumerate(values) if not v]
    cell = blanks[len(blanks) // 2]
    digit = solution[cell]
    return Step(
        BACKTRACKING,
        "Brute Force",
        "last_resort",
        placements=((cell, digit),),
        cells=((cell, "guess"),),
        digits=(digit,),
        why=(
            f"No technique in HoDoKu's set applies; as HoDoKu does, the middle unsolved cell "
            f"{cell_text(cell)} is set to {digit} from the solution found by search, not by logic."
        ),
    )


def backtracking_step(state: Candidates, solution: Grid) -> Step:
    """A clearly labelled guess: the true digit of an unsolved cell with fewest candidates."""
    blanks = [i for i, v in enumerate(state.values) if not v]
    cell = min(blanks, key=lambda i: (POPCOUNT[state.cands[i]], i))
    digit = solution[cell]
    options = ",".join(str(d) for d in DIGITS_OF[state.cands[cell]])
    return Step(
        BACKTRACKING,
        "Backtracking",
        "last_resort",
        placements=((cell, digit),),
        cells=((cell, "guess"),),
        digits=(digit,),
        why=(
            f"No technique in this set applies; {cell_text(cell)} (candidates {options}) "
            f"is set to {digit} from the solution found by search, not by logic."
        ),
    )


def solve_and_count(puzzle: Grid) -> tuple[int, Grid]:
    """The solution count (capped at 2) and the first solution, in one kernel call.

    Raises :class:`ConflictingGivensError` or :class:`UnsolvableError` when there is none.
    """
    cells = bytes(puzzle)
    count, first, _ = _backend.kernel().solve(cells, 2)
    if count == 0:
        conflicts = puzzle.conflicts()
        if conflicts:
            raise ConflictingGivensError(conflicts)
        raise UnsolvableError("the puzzle has no solution")
    return count, Grid._trusted(bytes(first))


def explain(
    puzzle: PuzzleLike,
    *,
    techniques: Iterable[str] | None = None,
    uniqueness: bool | None = None,
    max_steps: int = MAX_STEPS,
    fallback: bool = False,
    max_seconds: float | None = None,
    max_nodes: int | None = None,
) -> Path:
    """The whole solving path of ``puzzle`` (see the module docstring).

    ``techniques``: ids of the techniques to use (default: all of the registry);
    ``uniqueness``: force the uniqueness techniques on/off (default: on when the puzzle
    has exactly one solution); ``fallback``: when stuck, add a labelled backtracking step
    and carry on. ``max_seconds`` (CPU seconds of the calling thread) and ``max_nodes`` bound the chain searches: when they run
    out, :class:`~sudokit.errors.SearchLimitExceeded` is raised with the path so far as
    its ``partial``. Raises :class:`~sudokit.errors.InvalidPuzzleError` for malformed or
    conflicting givens and :class:`~sudokit.errors.UnsolvableError` when there is no
    solution. Every step is applied to the candidate grid before the next is searched.
    """
    grid = Grid.parse(puzzle)
    count, solution = solve_and_count(grid)
    unique = count == 1
    use_uniqueness = unique if uniqueness is None else bool(uniqueness)
    enabled = enabled_techniques(techniques, use_uniqueness)
    state = Candidates.from_puzzle(grid)
    token = LIMIT.set(Budget(max_nodes, max_seconds) if max_seconds is not None or max_nodes is not None else None)
    try:
        steps, end = walk(state, enabled, max_steps=max_steps, solution=solution if fallback else None)
    finally:
        LIMIT.reset(token)
    path = Path(
        puzzle=grid,
        steps=tuple(steps),
        end=end,
        final=state.to_grid(),
        techniques=tuple(t.id for t in enabled),
        uniqueness=use_uniqueness,
        solution=solution if unique else None,
    )
    if end == "limit":
        raise SearchLimitExceeded(f"search budget spent after {len(steps)} steps", nodes=max_nodes, seconds=max_seconds, partial=path)
    return path


def walk(
    state: Candidates,
    techniques: Sequence[registry.Technique],
    *,
    max_steps: int = MAX_STEPS,
    solution: Grid | None = None,
) -> tuple[list[Step], End]:
    """Apply steps to ``state`` in place until solved, stuck or ``max_steps``.

    With a ``solution``, getting stuck adds a backtracking step instead of stopping.
    """
    steps: list[Step] = []
    blanks = sum(1 << i for i, v in enumerate(state.values) if not v)
    while len(steps) < max_steps:
        if not blanks:
            return steps, "solved"
        try:
            step = next_step(state, techniques)
        except BudgetExceeded:
            return steps, "limit"
        if step is None:
            if solution is None:
                return steps, "stuck"
            step = backtracking_step(state, solution)
        state.apply(step)
        steps.append(step)
        for cell, _digit in step.placements:
            blanks &= ~(1 << cell)
        if blanks & ~_candidate_cells(state):
            raise SudokuError(f"internal error: the step '{step}' left a cell without candidates")
    return steps, ("solved" if state.is_solved() else "max_steps")


def _candidate_cells(state: Candidates) -> int:
    """81-bit mask of the cells that still have a candidate (nine ORs, no cell loop)."""
    where = state.where
    return where[1] | where[2] | where[3] | where[4] | where[5] | where[6] | where[7] | where[8] | where[9]
