"""Puzzle generation: random full grids, unique (minimal) puzzles, symmetry, difficulty.

Every puzzle this module returns has exactly one solution, checked with the solution
counter (``count == 1`` at limit 2) after the last change; nothing is trusted.

How a puzzle is made
--------------------
1. **A random full grid** (:func:`full_grid`): the three diagonal boxes are filled with
   shuffled digits, the rest by a randomized backtracking fill (most constrained cell
   first, digits in random order), and a uniformly random element of the Sudoku group
   (:class:`~sudokit.transform.Transform`) is applied. This spreads grids well over the
   6.67e21 valid grids but is **not uniform sampling**: grids that the fill reaches in
   more ways, and grids with more automorphisms, are not weighted exactly right.
2. **Digging**: cells (or symmetry orbits of cells) are removed in random order, each
   removal kept only while the counter still says "one solution". One pass over all
   cells gives a *minimal* puzzle: no given can be removed (with a symmetry: no orbit of
   givens can be removed without breaking uniqueness — a single given of an orbit might).
3. **Difficulty** (optional): the puzzle is rated with :func:`sudokit.human.rate` and
   kept when it matches; see :func:`parse_difficulty` for the accepted targets. A cheap
   singles-only solver rejects many wrong candidates before the (slow) rating runs:
   a puzzle solved by singles is always in the "easy" band (see
   :meth:`Difficulty.singles_filter`). Targets that random digging
   rarely hits are searched *near hard seeds*: the closest puzzle so far is mutated
   (one given orbit removed, another added from the solution, then re-minimized) and the
   mutant replaces it when it is at least as close.

Randomness comes only from ``random.Random(seed)``: never from the kernel's choice of a
first solution, so a seed gives the same puzzles on the C kernel and on the Python twin,
in every run. Steps 1 and 2 run in the kernel (``fill``, ``dig``; the random group element
stays in Python), which reads the generator's raw 32-bit outputs exactly as
``random.Random.shuffle`` does (see :class:`_Words`). A time budget only decides *whether* a search finishes, never what it
returns. When it runs out, :class:`GenerationBudgetExceeded` (a
:class:`~sudokit.errors.SearchLimitExceeded`) is raised carrying what was found so far:
``best`` (the closest candidate of the unfinished search) and ``found`` (the puzzles
:func:`generate_many` already yielded).

>>> from sudokit.generation import generate
>>> g = generate(seed=7)
>>> g.puzzle == generate(seed=7).puzzle and g.seed == 7
True
>>> from sudokit import count_solutions
>>> count_solutions(g.puzzle)
1
"""

from __future__ import annotations

import math
import multiprocessing
import os
import random
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from multiprocessing.pool import AsyncResult
from typing import TYPE_CHECKING, Any, TypeVar, Union

from . import _backend
from ._signals import worker_init
from .errors import ConflictingGivensError, MultipleSolutionsError, SearchLimitExceeded, UnsolvableError
from .grid import PEERS, Grid, PuzzleLike
from .transform import _random_lines

if TYPE_CHECKING:
    from .human.rating import Rating

__all__ = [
    "Generated",
    "GenerationBudgetExceeded",
    "Difficulty",
    "SYMMETRIES",
    "BANDS",
    "generate",
    "generate_many",
    "full_grid",
    "minimize",
    "make_unique",
    "parse_difficulty",
    "symmetry_orbits",
    "solved_by_singles",
]

#: The givens patterns :func:`generate` can make (see :func:`symmetry_orbits`).
SYMMETRIES = ("none", "rotational180", "rotational90", "horizontal", "vertical", "diagonal", "antidiagonal", "full")
#: Difficulty bands of :func:`sudokit.human.rate`, easiest first.
BANDS = ("easy", "medium", "hard", "expert", "extreme")
_HODOKU = ("easy", "medium", "hard", "unfair", "extreme")
#: Clue target range for ``minimal=False`` without ``clues`` (typical published puzzles).
DEFAULT_CLUES = (28, 36)
_SINGLES_MAX_ER = 2.3  # Naked Single, the hardest single on the SE scale
_OTHERS_MIN_ER = 1.7  # Direct Pointing, the easiest non-single on the SE scale
_MUTATE_ODDS = 0.7  # share of attempts spent near the best seed once there is a near one
_NEAR = 2.0  # a seed is "near" below this distance: an adjacent band/level, or within 2 SE


# ================================================================== results and errors
@dataclass(frozen=True)
class Generated:
    """A generated puzzle: ``puzzle``, its ``solution``, the ``rating`` when rated, the
    ``seed`` that reproduces it (``generate(seed=g.seed, <same options>)``) and how many
    candidate puzzles the search built (``attempts``)."""

    puzzle: Grid
    solution: Grid
    seed: int
    attempts: int = 1
    rating: Rating | None = field(default=None, compare=False)
    symmetry: str = "none"

    @property
    def clues(self) -> int:
        """Number of givens."""
        return self.puzzle.givens

    def __str__(self) -> str:
        """The line ``sudokit generate --rate`` prints: the puzzle, then ER, band and HoDoKu
        level when rated (else the seed that replays it)."""
        if self.rating is None:
            return f"{self.puzzle} seed={self.seed}"
        return f"{self.puzzle} {self.rating.se:.1f} {self.rating.band} {self.rating.hodoku_level}"

    def __repr__(self) -> str:
        return f"Generated(puzzle={str(self.puzzle)!r}, seed={self.seed})"

    def _repr_svg_(self) -> str:
        """The puzzle as a picture (Jupyter)."""
        return self.puzzle._repr_svg_()

    def as_record(self) -> dict[str, Any]:
        """A dict for :func:`sudokit.formats.write_collection`: puzzle, solution, rating
        (the SE-like number), techniques (ids used on the solving path), seed."""
        record: dict[str, Any] = {"puzzle": str(self.puzzle), "solution": str(self.solution), "seed": self.seed}
        if self.rating is not None:
            record["rating"] = self.rating.se
            record["techniques"] = sorted(self.rating.counts)
        return record


class GenerationBudgetExceeded(SearchLimitExceeded):
    """The time budget ran out. ``best`` is the closest candidate of the unfinished search
    (a unique puzzle that missed the target, or None); ``found`` lists the puzzles already
    produced (by :func:`generate_many`; empty for :func:`generate`)."""

    def __init__(self, message: str, *, seconds: float, best: Generated | None, found: Sequence[Generated] = ()) -> None:
        super().__init__(message, seconds=seconds)
        self.best = best
        self.found = list(found)


# ====================================================================== difficulty targets
@dataclass(frozen=True)
class Difficulty:
    """A difficulty target: a band of :func:`sudokit.human.rate` (``kind="band"``), an SE
    range (``kind="se"``, ``low <= se <= high`` and solved by the technique set) or a
    HoDoKu level (``kind="hodoku"``; a puzzle the technique set cannot finish only has a
    lower bound for its level, so it counts as ``"extreme"`` and nothing else)."""

    kind: str
    name: str = ""
    low: float = 0.0
    high: float = 99.0

    def matches(self, rating: Rating) -> bool:
        """True when ``rating`` is on target."""
        if self.kind == "band":
            return rating.band == self.name
        if self.kind == "hodoku":
            if not rating.solved_logically:  # the level is only a lower bound then
                return self.name == "extreme"
            return rating.hodoku_level.lower() == self.name
        return rating.solved_logically and self.low <= rating.se <= self.high

    def distance(self, rating: Rating) -> float:
        """How far ``rating`` is from the target (0 on target; smaller is closer)."""
        if self.matches(rating):
            return 0.0
        hardness = rating.se + (0.0 if rating.solved_logically else 10.0)
        if self.kind == "se":
            return max(self.low - hardness, hardness - self.high, 0.0) + 0.01
        scale = BANDS if self.kind == "band" else _HODOKU
        level = rating.band if self.kind == "band" else rating.hodoku_level.lower()
        gap = scale.index(self.name) - scale.index(level)
        return abs(gap) - (0.01 * hardness if gap > 0 else -0.01 * hardness) + 0.5

    def singles_filter(self) -> tuple[bool, bool]:
        """``(reject_if_singles, reject_if_not_singles)``: cheap verdicts before rating.

        On :func:`~sudokit.human.rate`'s scales a puzzle solved by singles has ER <= 2.3
        (Naked Single), is in the "easy" band, and is HoDoKu Easy or (by score) Medium;
        every other technique has ER >= 1.7 (Direct Pointing) and is HoDoKu Medium or
        harder. The "easy" band also holds puzzles that need a direct technique, so it
        cannot reject non-singles puzzles.
        """
        if self.kind == "band":
            return self.name != "easy", False
        if self.kind == "hodoku":
            return self.name not in ("easy", "medium"), self.name == "easy"
        return self.low > _SINGLES_MAX_ER, self.high < _OTHERS_MIN_ER

    def allowed_techniques(self) -> list[str] | None:
        """Technique ids rated under the target's ER cap (bands up to "hard", SE ranges),
        or None when the target has no cap."""
        if self.kind == "band":
            from .human.rating import BANDS as ER_BANDS

            cap = next((bound for bound, name in ER_BANDS if name == self.name), None)
            if cap is None or self.name in ("expert", "extreme"):
                return None
            return [t.id for t in _techniques() if t.se_rating < cap]
        if self.kind == "se":
            return [t.id for t in _techniques() if t.se_rating <= self.high]
        return None

    def __str__(self) -> str:
        if self.kind == "se":
            return f"se:{self.low:g}-{self.high:g}"
        return self.name if self.kind == "band" else f"hodoku:{self.name}"


DifficultyLike = Union[Difficulty, str, tuple[float, float]]


def _techniques() -> tuple[Any, ...]:
    from .human.registry import TECHNIQUES

    return TECHNIQUES


def parse_difficulty(value: DifficultyLike) -> Difficulty:
    """Read a difficulty target.

    Accepted: a band name (``easy medium hard expert extreme``); an SE range as a tuple
    ``(7.0, 9.0)`` or text ``"se:7.0-9.0"`` / ``"7.0-9.0"``; a HoDoKu level as
    ``"hodoku:unfair"`` (``easy medium hard unfair extreme``; ``"unfair"`` alone works
    too, the other names mean bands).

    >>> parse_difficulty("hard"), parse_difficulty((7, 9)), parse_difficulty("hodoku:Unfair")
    (Difficulty(kind='band', name='hard', low=0.0, high=99.0), Difficulty(kind='se', name='', low=7.0, high=9.0), Difficulty(kind='hodoku', name='unfair', low=0.0, high=99.0))
    """
    if isinstance(value, Difficulty):
        return value
    if isinstance(value, tuple):
        low, high = (float(x) for x in value)
        return _se_range(low, high)
    text = str(value).strip().lower()
    if text in BANDS:
        return Difficulty("band", text)
    if text == "unfair" or text.startswith("hodoku:"):
        level = text.split(":", 1)[-1]
        if level not in _HODOKU:
            raise ValueError(f"unknown HoDoKu level {level!r}: expected one of {', '.join(_HODOKU)}")
        return Difficulty("hodoku", level)
    body = text[3:] if text.startswith("se:") else text
    parts = body.split("-")
    try:
        low, high = (float(parts[0]), float(parts[-1])) if len(parts) <= 2 else (float("nan"), 0.0)
    except ValueError:
        low = float("nan")
    if low != low:
        raise ValueError(f"unknown difficulty {value!r}: use a band ({', '.join(BANDS)}), an SE range like se:7.0-9.0, or hodoku:LEVEL")
    return _se_range(low, high)


def _se_range(low: float, high: float) -> Difficulty:
    if not 0 <= low <= high:
        raise ValueError(f"bad SE range {low}-{high}: need 0 <= low <= high")
    from .human import TECHNIQUES

    # An SE target must be solved by the technique set, so nothing rates above its hardest
    # step: such a range would be searched for ever instead of being refused.
    reachable = max(t.se_rating for t in TECHNIQUES) + 0.9  # + SE's length surcharge of the longest nested chains
    if low > reachable:
        raise ValueError(f"SE range {low}-{high} is out of reach: the technique set rates at most {reachable}")
    return Difficulty("se", low=low, high=high)


# =========================================================================== symmetry
def _images(symmetry: str, cell: int) -> list[int]:
    """The cells a symmetry maps ``cell`` to (the generators of its group)."""
    r, c = divmod(cell, 9)
    table = {
        "none": [],
        "rotational180": [(8 - r, 8 - c)],
        "rotational90": [(c, 8 - r)],
        "horizontal": [(8 - r, c)],
        "vertical": [(r, 8 - c)],
        "diagonal": [(c, r)],
        "antidiagonal": [(8 - c, 8 - r)],
        "full": [(c, 8 - r), (r, 8 - c)],
    }
    if symmetry not in table:
        raise ValueError(f"unknown symmetry {symmetry!r}: expected one of {', '.join(SYMMETRIES)}")
    return [a * 9 + b for a, b in table[symmetry]]


def symmetry_orbits(symmetry: str) -> list[tuple[int, ...]]:
    """The cells grouped into orbits of a symmetry (each orbit sorted, orbits by first cell).

    ``horizontal`` mirrors top to bottom (row r <-> row 10-r), ``vertical`` left to right
    (column c <-> column 10-c), ``diagonal`` across r1c1-r9c9, ``antidiagonal`` across
    r1c9-r9c1, ``rotational90``/``180`` turn about the centre, ``full`` is all eight
    symmetries of the square.

    >>> symmetry_orbits("rotational180")[0], len(symmetry_orbits("rotational180"))
    ((0, 80), 41)
    """
    if symmetry not in _ORBITS:
        _ORBITS[symmetry] = _compute_orbits(symmetry)
    return list(_ORBITS[symmetry])


_ORBITS: dict[str, tuple[tuple[int, ...], ...]] = {}


def _compute_orbits(symmetry: str) -> tuple[tuple[int, ...], ...]:
    seen: set[int] = set()
    orbits = []
    for start in range(81):
        if start in seen:
            continue
        orbit, todo = {start}, [start]
        while todo:
            for image in _images(symmetry, todo.pop()):
                if image not in orbit:
                    orbit.add(image)
                    todo.append(image)
        seen |= orbit
        orbits.append(tuple(sorted(orbit)))
    return tuple(orbits)


# ======================================================================= random words
_NEED_WORDS = -1  # kernel.fill / kernel.dig: the words ran out
_CHUNK = 384  # words drawn at a time; a fresh fill plus a dig of all 81 cells reads ~300 (max 360 in 2,000)


class _Words:
    """The next 32-bit outputs of ``rng``, drawn ahead for the kernel's loops.

    ``kernel.fill`` and ``kernel.dig`` read them exactly as ``random.Random.shuffle``
    reads ``getrandbits`` (see ``_core.pyi``), so they make the choices that ``rng``'s own
    shuffles made when these loops were Python, and every choice is still a draw of
    ``rng``. Drawing ahead leaves ``rng`` further on than those draws would have: with
    ``exact``, :meth:`sync` puts it back where they would have left it (a getstate and a
    setstate, about 25 us), for callers that go on drawing from ``rng`` afterwards.
    """

    def __init__(self, rng: random.Random, exact: bool) -> None:
        self.rng = rng
        self.saved = rng.getstate() if exact else None
        self.data = b""
        self.pos = 0  # words read so far
        self._more()

    def _more(self) -> None:
        self.data += self.rng.getrandbits(32 * _CHUNK).to_bytes(4 * _CHUNK, "little")

    def _run(self, call: Callable[[memoryview], tuple[int, bytes]]) -> bytes:
        """``call(unread words)``, with more words until it has enough (the result only
        depends on the words it reads, so a retry gives what one long stream gives)."""
        while True:
            used, out = call(memoryview(self.data)[4 * self.pos :])
            if used != _NEED_WORDS:
                self.pos += used
                return out
            self._more()

    def fill(self) -> bytes:
        """A random full grid (``kernel.fill``)."""
        return self._run(_backend.kernel().fill)

    def dig(self, cells: bytearray, packed: tuple[bytes, bytes], stop_at: int) -> bytes:
        """``kernel.dig`` of ``cells`` with the orbits ``packed`` (cells, sizes) shuffled."""
        dig, puzzle = _backend.kernel().dig, bytes(cells)
        return self._run(lambda words: dig(puzzle, packed[0], packed[1], words, stop_at))

    def randint(self, low: int, high: int) -> int:
        """``random.Random.randint(low, high)`` (``low + randbelow(high - low + 1)``)."""
        n = high - low + 1
        shift = 32 - n.bit_length()
        while True:
            if 4 * self.pos + 4 > len(self.data):
                self._more()
            r = int.from_bytes(self.data[4 * self.pos : 4 * self.pos + 4], "little") >> shift
            self.pos += 1
            if r < n:
                return low + r

    def sync(self) -> None:
        """Leave ``rng`` as if it had made only the draws read (``exact`` only)."""
        if self.saved is not None:
            self.rng.setstate(self.saved)
            if self.pos:
                self.rng.getrandbits(32 * self.pos)
            self.saved = None


# ========================================================================= full grids
_ALL = 0x1FF
_GroupElement = tuple[tuple[int, ...], bytes]


def _random_element(rng: random.Random) -> _GroupElement:
    """A uniformly random element of the Sudoku group as (cell map, digit table): the
    draws of :meth:`Transform.random`, in its order, without building and validating a
    ``Transform`` (a tenth of a minimal puzzle's time). Tests pin the two together."""
    transpose = rng.random() < 0.5
    rows, cols = _random_lines(rng), _random_lines(rng)
    digits = list(range(1, 10))
    rng.shuffle(digits)
    if transpose:
        cellmap = tuple(cols[c] * 9 + rows[r] for r in range(9) for c in range(9))
    else:
        cellmap = tuple(rows[r] * 9 + cols[c] for r in range(9) for c in range(9))
    return cellmap, bytes.maketrans(b"123456789", bytes(48 + d for d in digits))


def _apply(element: _GroupElement, cells: bytes) -> bytes:
    """``Transform.apply_bytes`` for a :func:`_random_element`."""
    return bytes(map(cells.__getitem__, element[0])).translate(element[1])


def _fill(words: _Words) -> bytes:
    """A random valid full grid, decided by our own random draws only (``kernel.fill``).

    The three diagonal boxes get shuffled digits (they never clash); then random blank
    cells get random allowed digits until the counter says the partial grid has exactly
    one completion (a digit that leaves none is replaced). Only exact solution *counts*
    steer the fill and the final grid is the unique completion, so the result does not
    depend on which kernel runs or on its search order.
    """
    return words.fill()


def full_grid(seed: int | None = None, *, rng: random.Random | None = None) -> Grid:
    """A random valid full grid (randomized fill plus a random group element; not uniform).

    >>> g = full_grid(seed=1)
    >>> g.is_solved and g == full_grid(seed=1)
    True
    """
    exact = rng is not None  # the caller's rng goes on: leave it exactly where it was
    rng = rng if rng is not None else random.Random(seed)
    element = _random_element(rng)
    words = _Words(rng, exact)
    grid = _apply(element, _fill(words))
    words.sync()
    return Grid._trusted(grid)


# ============================================================================ digging
def _unique(cells: bytes | bytearray) -> bool:
    return bool(_backend.kernel().solve(bytes(cells), 2)[0] == 1)


_PACKED: dict[str, tuple[bytes, bytes]] = {}


def _packed(orbits: Sequence[tuple[int, ...]]) -> tuple[bytes, bytes]:
    """Orbits as ``kernel.dig`` takes them: their cells back to back, and their sizes."""
    return bytes(c for o in orbits for c in o), bytes(len(o) for o in orbits)


def _packed_symmetry(symmetry: str) -> tuple[bytes, bytes]:
    if symmetry not in _PACKED:
        _PACKED[symmetry] = _packed(symmetry_orbits(symmetry))
    return _PACKED[symmetry]


def _dig(
    cells: bytearray, orbits: list[tuple[int, ...]], words: _Words, stop_at: int = 0, packed: tuple[bytes, bytes] | None = None
) -> bytearray:
    """Remove orbits of givens in random order while the puzzle stays unique (``kernel.dig``).

    The orbits whose first cell is a given are shuffled, then tried in that order until
    at most ``stop_at`` givens are left. A full pass (``stop_at=0``) leaves a minimal
    puzzle: an orbit that could not be removed earlier cannot be removed from any later,
    smaller puzzle either. ``packed`` is ``_packed(orbits)``, used when every orbit holds
    givens (a full grid).
    """
    if packed is None or 46 in cells:
        packed = _packed([o for o in orbits if cells[o[0]] != 46])
    cells[:] = words.dig(cells, packed, stop_at)
    return cells


def minimize(puzzle: PuzzleLike, *, seed: int | None = None, symmetry: str = "none") -> Grid:
    """Remove givens (in random order from ``seed``) while the puzzle stays unique.

    The result is minimal: removing any remaining given (any orbit of givens with a
    ``symmetry``) gives more than one solution. Raises
    :class:`~sudokit.errors.MultipleSolutionsError` or
    :class:`~sudokit.errors.UnsolvableError` when the input is not unique to begin with.

    >>> from sudokit import count_solutions
    >>> p = minimize("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", seed=1)
    >>> p.givens < 30 and count_solutions(p) == 1
    True
    """
    cells = bytearray(_require_unique(puzzle))
    words = _Words(random.Random(seed), exact=False)
    return Grid._trusted(bytes(_dig(cells, symmetry_orbits(symmetry), words)))


def _require_unique(puzzle: PuzzleLike) -> bytes:
    cells = bytes(Grid.parse(puzzle))
    count = _backend.kernel().solve(cells, 2)[0]
    if count == 0:
        conflicts = Grid._trusted(cells).conflicts()
        raise ConflictingGivensError(conflicts) if conflicts else UnsolvableError("the puzzle has no solution")
    if count > 1:
        raise MultipleSolutionsError("the puzzle has more than one solution; use make_unique first")
    return cells


def make_unique(puzzle: PuzzleLike, solution: PuzzleLike | None = None, *, seed: int | None = None) -> Grid:
    """Add givens from ``solution`` until ``puzzle`` has exactly one solution.

    Without a ``solution`` one is drawn at random (from ``seed``) among the puzzle's
    solutions. Givens are added in random order until the puzzle is unique, then every
    added given that is not needed is taken out again, so the original givens are all
    kept and the added ones are minimal. Raises
    :class:`~sudokit.errors.UnsolvableError` when the puzzle has no solution and
    ``ValueError`` when ``solution`` does not fit the puzzle.

    >>> from sudokit import count_solutions
    >>> count_solutions(make_unique("1" + "." * 80, seed=3))
    1
    """
    rng = random.Random(seed)
    cells = bytes(Grid.parse(puzzle))
    if solution is None:
        full = _random_solution_of(cells, rng)
    else:
        full = bytes(Grid.parse(solution))
        if not Grid._trusted(full).is_solved or any(a != 46 and a != b for a, b in zip(cells, full)):
            raise ValueError("solution is not a valid full grid that agrees with the puzzle's givens")
    work = bytearray(cells)
    added = [i for i in range(81) if work[i] == 46]
    rng.shuffle(added)
    kept: list[int] = []
    for i in added:
        if _unique(work):
            break
        work[i] = full[i]
        kept.append(i)
    if kept:  # take each added given out again, last first, unless it is needed
        order = bytes(reversed(kept))
        work[:] = _backend.kernel().dig(bytes(work), order, b"\x01" * len(order), None, 0)[1]
    return Grid._trusted(bytes(work))


def _random_solution_of(cells: bytes, rng: random.Random) -> bytes:
    """A solution of ``cells`` chosen by randomly fixing cells while one still exists."""
    kernel = _backend.kernel()
    if kernel.solve(cells, 1)[0] == 0:
        conflicts = Grid._trusted(cells).conflicts()
        raise ConflictingGivensError(conflicts) if conflicts else UnsolvableError("the puzzle has no solution")
    work = bytearray(cells)
    blanks = [i for i in range(81) if work[i] == 46]
    rng.shuffle(blanks)
    for i in blanks:
        if work[i] != 46:
            continue
        options = sorted(set(range(1, 10)) - {work[p] - 48 for p in PEERS[i] if work[p] != 46})
        rng.shuffle(options)
        for d in options:
            work[i] = 48 + d
            if kernel.solve(bytes(work), 1)[0]:
                break
        if kernel.solve(bytes(work), 2)[0] == 1:
            break
    count, first, _ = kernel.solve(bytes(work), 2)
    assert count == 1
    return bytes(first)


# ======================================================================== singles check
_UNITS = tuple(
    tuple(r * 9 + c for c in range(9)) for r in range(9)
) + tuple(tuple(r * 9 + c for r in range(9)) for c in range(9)) + tuple(
    tuple((b // 3 * 3 + k // 3) * 9 + b % 3 * 3 + k % 3 for k in range(9)) for b in range(9)
)
_PEER_LISTS = tuple(tuple(PEERS[i]) for i in range(81))


def solved_by_singles(puzzle: PuzzleLike) -> bool:
    """True when naked and hidden singles alone solve the puzzle (then it rates "easy").

    A small, backend-independent filter used before the much slower rating.

    >>> solved_by_singles("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
    True
    """
    return _singles(bytes(Grid.parse(puzzle)))


def _singles(cells: bytes) -> bool:
    cand = [_ALL] * 81
    value = [0] * 81
    todo = [(i, ch - 48) for i, ch in enumerate(cells) if ch != 46]
    left = 81
    while todo:
        while todo:
            i, d = todo.pop()
            if value[i]:
                if value[i] != d:
                    return False
                continue
            bit = 1 << (d - 1)
            if not cand[i] & bit:
                return False
            value[i], cand[i] = d, bit
            left -= 1
            for p in _PEER_LISTS[i]:
                if cand[p] & bit and not value[p]:
                    cand[p] &= ~bit
                    mask = cand[p]
                    if not mask:
                        return False
                    if not mask & (mask - 1):
                        todo.append((p, mask.bit_length()))
        if not left:
            return True
        for unit in _UNITS:
            once = twice = 0
            for i in unit:
                if not value[i]:
                    twice |= once & cand[i]
                    once |= cand[i]
            single = once & ~twice
            if single:
                for i in unit:
                    if not value[i] and cand[i] & single:
                        todo.append((i, (cand[i] & single).bit_length()))
                break
    return left == 0


# ============================================================================= search
@dataclass
class _Options:
    """Validated generation options (picklable, for worker processes)."""

    difficulty: Difficulty | None
    symmetry: str
    minimal: bool
    clues: tuple[int, int] | None
    required: tuple[str, ...]
    budget: float | None

    @property
    def rated(self) -> bool:
        return self.difficulty is not None or bool(self.required)


def _options(
    difficulty: DifficultyLike | None,
    symmetry: str,
    minimal: bool,
    clues: int | tuple[int, int] | None,
    required_techniques: Sequence[str] | None,
    time_budget: float | None,
) -> _Options:
    if symmetry not in SYMMETRIES:
        raise ValueError(f"unknown symmetry {symmetry!r}: expected one of {', '.join(SYMMETRIES)}")
    span: tuple[int, int] | None = None
    if clues is not None:
        span = (clues, clues) if isinstance(clues, int) else (int(clues[0]), int(clues[1]))
        if not 17 <= span[0] <= span[1] <= 81:
            raise ValueError(f"clues must be a range within 17..81, got {clues!r}")
    required = tuple(required_techniques or ())
    if required:
        from .human import TECHNIQUE_IDS

        unknown = [t for t in required if t not in TECHNIQUE_IDS]
        if unknown:
            raise ValueError(f"unknown technique ids {unknown}: see sudokit.human.TECHNIQUE_IDS")
    if time_budget is not None and not 0 < time_budget < math.inf:  # also refuses NaN
        raise ValueError(f"time_budget must be a positive number of seconds, got {time_budget}")
    target = parse_difficulty(difficulty) if difficulty is not None else None
    return _Options(target, symmetry, bool(minimal), span, required, time_budget)


@dataclass
class _Candidate:
    puzzle: bytes
    solution: bytes
    rating: Rating | None = None
    distance: float = float("inf")


class _Search:
    """One puzzle's search: fresh puzzles, and mutations of the closest one so far."""

    def __init__(self, options: _Options, seed: int, deadline: float | None) -> None:
        self.options, self.seed, self.deadline = options, seed, deadline
        self.rng = random.Random(seed)
        self.orbits = symmetry_orbits(options.symmetry)
        self.packed = _packed_symmetry(options.symmetry)
        # Only a search that may go on after an attempt needs self.rng exactly where
        # plain draws would leave it (see _Words.sync).
        self.exact = options.rated or options.clues is not None or not options.minimal
        self.attempts = 0
        self.best: _Candidate | None = None
        self.started = time.monotonic()

    def run(self) -> Generated:
        while True:
            self._check_time()
            self.attempts += 1
            near = self.best is not None and self.best.distance < _NEAR
            mutate = near and self.rng.random() < _MUTATE_ODDS
            cand = self._mutant() if mutate else self._fresh()
            if cand is not None and self._accept(cand):
                return self._result(cand)

    def _check_time(self) -> None:
        if self.deadline is not None and time.monotonic() > self.deadline:
            spent = time.monotonic() - self.started
            best = self._result(self.best) if self.best is not None else None
            target = self.options.difficulty
            raise GenerationBudgetExceeded(
                f"time budget ran out after {self.attempts} attempts ({spent:.1f} s)"
                + (f" without a puzzle rated {target}" if target else ""),
                seconds=spent,
                best=best,
            )

    def _fresh(self) -> _Candidate | None:
        element = _random_element(self.rng)
        words = _Words(self.rng, self.exact)
        solution = _apply(element, _fill(words))
        return self._carve(bytearray(solution), solution, words)

    def _carve(self, cells: bytearray, solution: bytes, words: _Words) -> _Candidate | None:
        """Dig ``cells`` to the option's clue target; None when it misses the clue range."""
        opts = self.options
        if opts.minimal:
            _dig(cells, self.orbits, words, packed=self.packed)
        else:
            low, high = opts.clues or DEFAULT_CLUES
            _dig(cells, self.orbits, words, stop_at=words.randint(low, high), packed=self.packed)
        words.sync()
        givens = 81 - cells.count(46)
        if opts.clues is not None and not opts.clues[0] <= givens <= opts.clues[1]:
            return None
        if opts.clues is None and not opts.minimal and givens > DEFAULT_CLUES[1]:
            return None
        return _Candidate(bytes(cells), solution)

    def _mutant(self) -> _Candidate | None:
        """Move one orbit of givens of the best candidate elsewhere, then re-dig."""
        assert self.best is not None
        cells, solution = bytearray(self.best.puzzle), self.best.solution
        given = [o for o in self.orbits if cells[o[0]] != 46]
        blank = [o for o in self.orbits if cells[o[0]] == 46]
        if not given or not blank:
            return None
        for i in self.rng.choice(given):
            cells[i] = 46
        for _ in range(self.rng.choice((1, 1, 2))):
            for i in self.rng.choice(blank):
                cells[i] = solution[i]
        if not _unique(cells):
            return None
        return self._carve(cells, solution, _Words(self.rng, self.exact))

    def _accept(self, cand: _Candidate) -> bool:
        opts = self.options
        if not opts.rated:
            return True
        reject_singles, reject_others = opts.difficulty.singles_filter() if opts.difficulty else (False, False)
        if (reject_singles or reject_others) and _singles(cand.puzzle) == reject_singles:
            if self.best is None:
                self.best = cand  # a unique puzzle to report, however far
            return False
        from .human.rating import rate, se_path_rating

        if opts.difficulty is not None and not self._could_match(cand, opts.difficulty):
            return False
        target = opts.difficulty
        # an SE range from 8.5 up needs SE's dynamic/nested forcing chains, which the default set leaves out
        every = target is not None and target.kind == "se" and target.high >= 8.5
        techniques = "all" if every else None
        # Band and SE-range targets are decided on the SE path alone (about a third of a
        # rating's CPU); only a puzzle kept (on target, or the closest so far) gets the
        # full rating it is reported with. Same decisions, so seeds give the same puzzles.
        se_only = target is not None and target.kind != "hodoku"
        grid = Grid._trusted(cand.puzzle)
        rating = se_path_rating(grid, techniques=techniques) if se_only else rate(grid, techniques=techniques)
        on_target = target is None or target.matches(rating)
        has_all = _uses_all(cand.puzzle, rating, opts.required)
        cand.distance = (opts.difficulty.distance(rating) if opts.difficulty else 0.0) + (0 if has_all else 1)
        keep = on_target and has_all
        if keep or self.best is None or cand.distance <= self.best.distance:
            cand.rating = rate(grid, techniques=techniques) if se_only else rating
        if keep:
            return True
        if self.best is None or cand.distance <= self.best.distance:
            self.best = cand
        return False

    def _could_match(self, cand: _Candidate, target: Difficulty) -> bool:
        """Early abort: when the target caps the ER, rate with only the techniques under
        the cap first. If they cannot solve the puzzle, the full path needs a harder step
        (the full path takes the first applicable technique in the same order, so a path
        within the cap would be found by the capped run too): reject without the full run."""
        allowed = target.allowed_techniques()
        if allowed is None:
            return True
        from .human.rating import se_path_rating

        # solved_logically is the SE path's verdict: the HoDoKu path is not needed for it
        return se_path_rating(Grid._trusted(cand.puzzle), techniques=allowed).solved_logically

    def _result(self, cand: _Candidate) -> Generated:
        puzzle = Grid._trusted(cand.puzzle)
        if not _unique(cand.puzzle):  # never trust a shortcut: one last independent count
            raise AssertionError("internal error: generated puzzle is not unique")
        return Generated(puzzle, Grid._trusted(cand.solution), self.seed, self.attempts, cand.rating, self.options.symmetry)


def _uses_all(puzzle: bytes, rating: Rating, required: tuple[str, ...]) -> bool:
    """True when the solving path uses every ``required`` technique. The rating's path is
    SE's (its counts); techniques SE does not have (Skyscraper, X-Chain, ALS, ...) are
    looked for on the :func:`~sudokit.human.explain` path."""
    missing = [t for t in required if rating.counts.get(t, 0) == 0]
    if not missing:
        return True
    from .human import explain

    used = {step.technique for step in explain(Grid._trusted(puzzle), techniques="all" if any(
        not _technique_default(t) for t in missing) else None)}
    return all(t in used for t in missing)


def _technique_default(technique_id: str) -> bool:
    from .human.registry import technique

    return technique(technique_id).default


def _new_seed() -> int:
    return random.SystemRandom().getrandbits(63)


def generate(
    difficulty: DifficultyLike | None = None,
    *,
    symmetry: str = "none",
    minimal: bool = True,
    clues: int | tuple[int, int] | None = None,
    required_techniques: Sequence[str] | None = None,
    seed: int | None = None,
    time_budget: float | None = None,
) -> Generated:
    """Generate one puzzle with exactly one solution.

    * ``difficulty``: None (any), a band, an SE range or a HoDoKu level (see
      :func:`parse_difficulty`); the puzzle is then rated (``.rating``).
    * ``symmetry``: the givens pattern (:data:`SYMMETRIES`).
    * ``minimal``: no given (no orbit of givens, with a symmetry) can be removed. With
      ``minimal=False`` digging stops at a clue count drawn from ``clues`` (default
      :data:`DEFAULT_CLUES`).
    * ``clues``: an int or an inclusive ``(low, high)`` range of givens; minimal puzzles
      outside it are rejected (most minimal puzzles have 22-27 givens, so a range like
      17-20 is rarely hit: give it a ``time_budget``).
    * ``required_techniques``: technique ids (``sudokit.human.TECHNIQUE_IDS``) that
      must all appear on the rating's solving path.
    * ``seed``: same seed and options, same puzzle, on every run and both kernels.
      None draws a fresh seed (kept in ``.seed``).
    * ``time_budget``: seconds; when spent, :class:`GenerationBudgetExceeded` is raised
      with ``best`` (the closest unique puzzle seen, or None). Without a budget a target
      that no puzzle can meet (say ``"se:50-60"``) searches forever.
    """
    opts = _options(difficulty, symmetry, minimal, clues, required_techniques, time_budget)
    seed = _new_seed() if seed is None else int(seed)
    deadline = time.monotonic() + time_budget if time_budget is not None else None
    return _Search(opts, seed, deadline).run()


def _work(opts: _Options, seed: int, seconds_left: float | None) -> tuple[str, str, int, int, Any]:
    """Worker-process entry: one puzzle as plain values (Grid does not pickle)."""
    deadline = time.monotonic() + seconds_left if seconds_left is not None else None
    try:
        g = _Search(opts, seed, deadline).run()
    except GenerationBudgetExceeded:
        return ("", "", seed, 0, None)
    return (str(g.puzzle), str(g.solution), g.seed, g.attempts, g.rating)


def generate_many(
    count: int | None,
    difficulty: DifficultyLike | None = None,
    *,
    symmetry: str = "none",
    minimal: bool = True,
    clues: int | tuple[int, int] | None = None,
    required_techniques: Sequence[str] | None = None,
    seed: int | None = None,
    time_budget: float | None = None,
    jobs: int = 1,
) -> Iterator[Generated]:
    """Yield ``count`` puzzles (forever with ``count=None``), lazily and in a fixed order.

    Puzzle ``k`` is made by ``generate(seed=s_k, ...)`` (``s_k`` is in its ``.seed``):
    ``s_0`` is ``seed`` itself, so the first puzzle is ``generate(seed=seed)`` (and
    ``sudokit generate --seed S`` replays any record whose seed is ``S``), and ``s_k`` for
    ``k >= 1`` is the ``k``-th draw of ``random.Random(seed)``. The sequence depends only
    on ``seed`` and the options, also with ``jobs > 1`` worker processes. ``time_budget`` covers the whole
    run: when it is spent the iterator raises :class:`GenerationBudgetExceeded` whose
    ``found`` lists every puzzle already yielded (partial results are never lost; they
    are only kept in memory for this when there is a budget).

    >>> [g.puzzle.givens > 16 for g in generate_many(2, seed=5)]
    [True, True]
    """
    opts = _options(difficulty, symmetry, minimal, clues, required_techniques, time_budget)
    if count is not None and count < 0:
        raise ValueError(f"count must be >= 0, got {count}")
    start = time.monotonic()
    deadline = start + time_budget if time_budget is not None else None
    seeds = _seed_stream(_new_seed() if seed is None else int(seed), count)
    if jobs > 1:
        yield from _parallel(opts, seeds, deadline, jobs, start, count)
        return
    found: list[Generated] = []  # kept only under a budget, for the exception
    for item_seed in seeds:
        try:
            g = _Search(opts, item_seed, deadline).run()
        except GenerationBudgetExceeded as exc:
            raise _many_exceeded(found, count, start, exc.best) from None
        if deadline is not None:
            found.append(g)
        yield g


def _seed_stream(seed: int, count: int | None) -> Iterator[int]:
    """``seed`` itself, then draws of ``random.Random(seed)`` (see :func:`generate_many`)."""
    master = random.Random(seed)
    k = 0
    while count is None or k < count:
        yield seed if k == 0 else master.getrandbits(63)
        k += 1


def _many_exceeded(found: list[Generated], count: int | None, start: float, best: Generated | None) -> GenerationBudgetExceeded:
    spent = time.monotonic() - start
    wanted = f" of {count}" if count is not None else ""
    return GenerationBudgetExceeded(f"time budget ran out after {len(found)}{wanted} puzzles ({spent:.1f} s)", seconds=spent, best=best, found=found)


def _parallel(opts: _Options, seeds: Iterator[int], deadline: float | None, jobs: int, start: float, count: int | None) -> Iterator[Generated]:
    """Run searches in ``jobs`` processes, yielding results in seed order."""
    found: list[Generated] = []  # kept only under a budget, for the exception

    def tasks() -> Iterator[tuple[Any, ...]]:
        for item_seed in seeds:
            left = None if deadline is None else max(deadline - time.monotonic(), 0.0)
            yield (opts, item_seed, left)

    for puzzle, solution, seed, attempts, rating in ordered_map(_work_args, tasks(), jobs):
        if not puzzle:
            raise _many_exceeded(found, count, start, None)
        g = Generated(Grid._trusted(puzzle.encode()), Grid._trusted(solution.encode()), seed, attempts, rating, opts.symmetry)
        if deadline is not None:
            found.append(g)
        yield g


def _work_args(args: tuple[Any, ...]) -> tuple[str, str, int, int, Any]:
    return _work(*args)


_T = TypeVar("_T")
_R = TypeVar("_R")


def ordered_map(func: Callable[[_T], _R], items: Iterable[_T], jobs: int) -> Iterator[_R]:
    """``map(func, items)`` on ``jobs`` worker processes, in order, lazily.

    At most ``2 * jobs`` items are in flight, so an endless or huge input streams. The
    workers ignore Ctrl-C and use this process's kernel; when the consumer stops early
    (Ctrl-C, an exception, ``close()``) they are terminated at once.
    """
    pool = multiprocessing.get_context().Pool(jobs, initializer=_worker_init, initargs=(_backend.name(), os.getpid()))
    window: deque[AsyncResult[_R]] = deque()
    finished = False
    try:
        for item in items:
            window.append(pool.apply_async(func, (item,)))
            while len(window) >= 2 * jobs:
                yield window.popleft().get()
        while window:
            yield window.popleft().get()
        finished = True
    finally:
        if finished:
            pool.close()
        else:
            pool.terminate()
        pool.join()


def _worker_init(backend: str, parent: int) -> None:
    """Use the parent's kernel in the worker (``_backend.use`` is process-local); leave
    Ctrl-C to the parent, which terminates the workers; die with the parent
    (:func:`sudokit._signals.worker_init`)."""
    worker_init(parent)
    if backend != _backend.name():
        _backend.use(backend).__enter__()  # for the worker's whole life
