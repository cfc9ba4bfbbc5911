"""Generate variant puzzles: every size, jigsaw (random regions too), killer, and any global
rules (diagonal, anti-knight, anti-king, non-consecutive, ...), reproducible from a seed.

A random solution comes from random seed digits completed by the engine. Completing a
grid is a heavy-tailed search (most seeds finish in a few hundred branches, a few run for
hundreds of thousands: a 12x12 jigsaw took 3 s on one seed and 5 ms on the next), so each
seed gets a small node budget and a fresh seed is drawn when it runs out, the budget
doubling every few restarts. Givens are then removed in random order while the puzzle stays
unique (each check bounded by a node budget: a removal whose check runs out of budget is
undone, so the result is always proven unique). Killer puzzles grow cages around the
solution (:mod:`~sudokit.variants.killer_layout`), then add and remove givens. A 25x25
jigsaw draws its regions around a boxed solution (:mod:`~sudokit.variants.jigsaw_layout`):
completing random 25x25 regions takes many minutes.

``time_budget`` bounds one call: it is checked between engine calls (each bounded by its
node budget), and when it is spent :class:`~sudokit.errors.SearchLimitExceeded` is raised
with ``partial`` set to the unique puzzle reached so far (more givens than a finished one)
or None when no solution grid was found yet. Ctrl-C stops it the same way any engine call
stops (KeyboardInterrupt); a generation call has nothing to keep until it returns.

>>> from sudokit.variants import generating
>>> p = generating.generate(6, seed=1)
>>> import sudokit; sudokit.is_unique(p)
True
"""

from __future__ import annotations

import random
import time
from array import array
from collections.abc import Sequence
from dataclasses import replace

from .. import _backend
from ..errors import SearchLimitExceeded
from .compile import HEADER_WORDS, compile_puzzle
from .constraints import Constraint, KillerCage
from .jigsaw_layout import regions_around
from .killer_layout import cage_layout, recage, split_off
from .puzzle import Puzzle, orthogonal_neighbours

__all__ = ["generate", "random_regions", "random_solution", "minimize_givens"]

#: Branches a uniqueness check may take while digging (a check that runs out keeps the
#: given): generous up to 9x9 (minimal puzzles), small for big grids (a few more givens,
#: but 16x16 in tens of milliseconds and 25x25 in about a second).
_BUDGET = {4: 2_000, 6: 2_000, 8: 2_000, 9: 2_000, 12: 300}
_BIG_BUDGET = 50
#: Completing random seed digits to a solution: the first node budget, how many restarts
#: share a budget before it doubles, and the largest budget.
_FILL_BUDGET, _FILL_RESTARTS, _FILL_MAX = 500, 4, 200_000
#: From this size on a jigsaw's regions are drawn around a boxed solution
#: (:mod:`~sudokit.variants.jigsaw_layout`): completing random 25x25 regions takes minutes.
_AROUND_FROM = 25


class _Clock:
    """The ``time_budget`` of one generate() call (None: unbounded)."""

    def __init__(self, seconds: float | None) -> None:
        if seconds is not None and not 0 < seconds < float("inf"):  # also refuses NaN
            raise ValueError(f"time_budget must be a positive number of seconds, got {seconds}")
        self.seconds = seconds
        self.started = time.monotonic()
        self.deadline = None if seconds is None else self.started + seconds

    def expired(self) -> bool:
        """True when the budget is spent."""
        return self.deadline is not None and time.monotonic() > self.deadline

    def check(self) -> None:
        """SearchLimitExceeded when the budget is spent (nothing to keep yet)."""
        if self.expired():
            raise self.exceeded(None)

    def exceeded(self, partial: Puzzle | None) -> SearchLimitExceeded:
        """The error to raise, carrying ``partial`` (a unique puzzle, or None)."""
        kept = "" if partial is None else " (partial: a unique puzzle with extra givens)"
        return SearchLimitExceeded(f"time budget of {self.seconds:g} s ran out while generating{kept}",
                                   seconds=time.monotonic() - self.started, partial=partial)


_UNBOUNDED = _Clock(None)


class _Counter:
    """Counts solutions of one puzzle under other givens, reusing its compiled program."""

    def __init__(self, puzzle: Puzzle) -> None:
        base = puzzle.with_givens((0,) * puzzle.cells)
        self.words = array("i", compile_puzzle(base).encode())
        self.masks = list(self.words[HEADER_WORDS : HEADER_WORDS + puzzle.cells])
        self.kernel = _backend.kernel()
        self.budget = _BUDGET.get(puzzle.size, _BIG_BUDGET)

    def count(self, givens: Sequence[int], limit: int = 2, budget: int | None = None) -> tuple[int, tuple[int, ...] | None]:
        """(count, first solution); count is -1 when the budget ran out."""
        words = array("i", self.words)
        for cell, digit in enumerate(givens):
            if digit:
                words[HEADER_WORDS + cell] = self.masks[cell] & (1 << (digit - 1))
        status, count, first, _ = self.kernel.engine_solve(words.tobytes(), limit, self.budget if budget is None else budget)
        if status == 1:
            return -1, None
        return count, tuple(first) if count else None


def random_regions(size: int, rng: random.Random, swaps: int | None = None, clock: _Clock = _UNBOUNDED) -> tuple[tuple[int, ...], ...]:
    """Random connected jigsaw regions: start from the boxes, trade cells across borders."""
    from .puzzle import box_shape

    n = size
    br, bc = box_shape(n)
    region = [(r // br) * (n // bc) + c // bc for r in range(n) for c in range(n)]
    pairs = [(a, b) for a in range(n * n) for b in (a + 1, a + n) if b < n * n and (b != a + 1 or b % n)]
    for step in range(swaps if swaps is not None else 8 * n * n):
        if step % 256 == 255:
            clock.check()  # 25x25: about a second of swaps
        a, b = rng.choice(pairs)
        ra, rb = region[a], region[b]
        if ra == rb:
            continue
        # a joins rb; some cell c of rb touching ra (other than b? any) joins ra: sizes stay equal
        options = [c for c in range(n * n) if region[c] == rb and c != b and _touches(c, ra, region, n)]
        if not options:
            continue
        c = rng.choice(options)
        region[a], region[c] = rb, ra
        if not (_connected(ra, region, n) and _connected(rb, region, n)):
            region[a], region[c] = ra, rb
    return tuple(tuple(i for i in range(n * n) if region[i] == k) for k in range(n))


def _touches(c: int, k: int, region: list[int], n: int) -> bool:
    return any(region[q] == k for q in orthogonal_neighbours(c, n))


def _connected(k: int, region: list[int], n: int) -> bool:
    cells = [i for i, r in enumerate(region) if r == k]
    seen, todo = {cells[0]}, [cells[0]]
    while todo:
        for q in orthogonal_neighbours(todo.pop(), n):
            if region[q] == k and q not in seen:
                seen.add(q)
                todo.append(q)
    return len(seen) == len(cells)


def _seed_digits(puzzle: Puzzle, rng: random.Random) -> list[int]:
    """Random digits that cannot clash: independent boxes when there are boxes, else row 1."""
    n = puzzle.size
    givens = [0] * puzzle.cells
    grid = puzzle.grid_list()[0]  # overlapping grids: seed the first grid only
    boxes = Puzzle(size=n, boxes=puzzle.boxes).region_list() if puzzle.regions is None and puzzle.boxes else ()
    if boxes and not puzzle.constraints:
        br, bc = puzzle.boxes or (1, n)
        for k in range(min(n // br, n // bc)):
            box = boxes[k * (n // bc) + k]
            for cell, d in zip(box, rng.sample(range(1, n + 1), n)):
                givens[grid[cell]] = d
    else:  # every other cell of row 1: no two are related by any pairwise rule
        for c, d in zip(range(0, n, 2), rng.sample(range(1, n + 1), n)):
            givens[grid[c]] = d
    return givens


def random_solution(puzzle: Puzzle, rng: random.Random, attempts: int = 50, clock: _Clock = _UNBOUNDED,
                    tried: int = 0) -> tuple[int, ...]:
    """A random solution of ``puzzle`` (its givens kept) or SearchLimitExceeded.

    Each attempt completes fresh random seed digits within a node budget that starts small
    and doubles every few attempts (restarts beat the heavy tail of a single search);
    ``tried`` attempts made before (on other jigsaw layouts) count toward the doubling."""
    counter = _Counter(puzzle)
    for attempt in range(tried, tried + attempts):
        clock.check()
        givens = list(puzzle.givens)
        for cell, d in enumerate(_seed_digits(puzzle, rng)):
            if not givens[cell] and d:
                givens[cell] = d
        budget = min(_FILL_BUDGET << (attempt // _FILL_RESTARTS), _FILL_MAX)
        count, first = counter.count(givens, 1, budget)
        if count == 1 and first is not None:  # the engine places a 1 outside overlapping grids
            return tuple(d if puzzle.is_active(i) else 0 for i, d in enumerate(first))
    raise SearchLimitExceeded(f"no solution found for the rules after {attempts} random starts")


def minimize_givens(puzzle: Puzzle, solution: Sequence[int], rng: random.Random, keep: int = 0,
                    clock: _Clock = _UNBOUNDED) -> Puzzle:
    """Remove givens (all of ``solution`` to start) in random order while unique."""
    counter = _Counter(puzzle)
    givens = list(solution)
    order = [i for i in range(puzzle.cells) if givens[i] and not puzzle.givens[i]]
    rng.shuffle(order)
    left = sum(1 for d in givens if d)
    for cell in order:
        if left <= keep:
            break
        if clock.expired():  # the givens so far make a unique puzzle: keep it
            raise clock.exceeded(puzzle.with_givens(givens))
        digit, givens[cell] = givens[cell], 0
        if counter.count(givens)[0] != 1:
            givens[cell] = digit
        else:
            left -= 1
    return puzzle.with_givens(givens)


def _killer(base: Puzzle, solution: Sequence[int], rng: random.Random, givens: bool, largest: int, clock: _Clock) -> Puzzle:
    """Cages around ``solution``, then givens removed while unique. Without givens: the
    cages around each given a layout still needs are cut up afresh until the given can go
    (:func:`_recage_givens`; up to 12x12), on up to three layouts; givens the last one
    still needs become one-cell cages; from 16x16 on the digging budget is small, so up to
    ``_TIDY_UP_TO`` the givens are checked again and the one-cell cages joined to others
    where the puzzle stays unique."""
    n = base.size
    for attempt in range(3):
        cages = cage_layout(solution, n, rng, largest)
        puzzle = minimize_givens(replace(base, constraints=base.constraints + cages), solution, rng, clock=clock)
        if givens or not any(puzzle.givens):
            return puzzle
        if n in _BUDGET:  # 16x16 and up: checks on a small node budget leave ~30 givens, too many to redraw
            cages, puzzle = _recage_givens(base, cages, puzzle, solution, rng, largest, clock)
            if not any(puzzle.givens):
                return puzzle
    tidy = n not in _BUDGET and n <= _TIDY_UP_TO
    if tidy:  # most givens kept on the small digging budget are not needed
        puzzle = _drop_givens(puzzle, rng, clock)
    for cell, digit in enumerate(puzzle.givens):
        if digit:
            cages = split_off(cages, cell, solution, n)
    if tidy:
        cages = _merge_singles(base, cages, solution, rng, largest, clock)
    return replace(base, constraints=base.constraints + cages)


#: A big killer without givens is tidied up up to this size: its kept givens are checked
#: again on ``_TIDY_BUDGET`` branches (:func:`_drop_givens`), then its one-cell cages are
#: joined to a neighbouring cage where ``_MERGE_BUDGET`` branches show it stays unique
#: (:func:`_merge_singles`). 16x16, seeds 0-9 (load 10): one-cell cages 31% -> 22% of the
#: cages, 0.46 -> 2.4 s a puzzle (benchmarks/RESULTS.md). 25x25 is left as it was: 39% -> 32%
#: took 7 -> 30 s (seed 0).
_TIDY_UP_TO = 16
_TIDY_BUDGET = 2_000
_MERGE_BUDGET = 200


def _drop_givens(puzzle: Puzzle, rng: random.Random, clock: _Clock) -> Puzzle:
    """``puzzle`` without each given that a check on ``_TIDY_BUDGET`` branches shows it
    does not need (in random order; a check that runs out keeps the given)."""
    counter = _Counter(puzzle.with_givens((0,) * puzzle.cells))
    givens = list(puzzle.givens)
    order = [cell for cell, digit in enumerate(givens) if digit]
    rng.shuffle(order)
    for cell in order:
        if clock.expired():  # the givens so far make a unique puzzle: keep it
            raise clock.exceeded(puzzle.with_givens(givens))
        digit, givens[cell] = givens[cell], 0
        if counter.count(givens, budget=_TIDY_BUDGET)[0] != 1:
            givens[cell] = digit
    return puzzle.with_givens(givens)


def _merge_singles(base: Puzzle, cages: tuple[KillerCage, ...], solution: Sequence[int], rng: random.Random,
                   largest: int, clock: _Clock) -> tuple[KillerCage, ...]:
    """Each one-cell cage joined to a neighbouring cage that lacks its digit (and has at
    most ``largest`` cells), where the puzzle stays unique on ``_MERGE_BUDGET`` branches."""
    n = base.size
    blank = (0,) * base.cells
    for cell in [cage.cells[0] for cage in cages if len(cage.cells) == 1]:
        own = next((cage for cage in cages if cage.cells == (cell,)), None)
        if own is None:
            continue  # an earlier single took it in
        hosts = [cage for cage in cages if len(cage.cells) <= largest and cage is not own
                 and any(q in cage.cells for q in orthogonal_neighbours(cell, n))
                 and solution[cell] not in {solution[c] for c in cage.cells}]
        rng.shuffle(hosts)
        for host in hosts:
            if clock.expired():  # the layout so far (with its one-cell cages) is unique: keep it
                raise clock.exceeded(replace(base, constraints=base.constraints + cages))
            cells = tuple(sorted((*host.cells, cell)))
            joined = KillerCage(cells, sum(solution[c] for c in cells))
            trial = tuple(c for c in cages if c is not own and c is not host) + (joined,)
            if _Counter(replace(base, constraints=base.constraints + trial)).count(blank, budget=_MERGE_BUDGET)[0] == 1:
                cages = trial
                break
    return cages


#: New layouts drawn around one needed given before giving up on it (9x9 killers without
#: givens, seeds 0-19: one-cell cages 0% with 12 or 30 tries; 6x6: 3.3% with 12, 1.1% with 30).
_RECAGE_TRIES = 30
#: ... and in all, per layout (a 9x9 layout needs two or three givens redrawn).
_RECAGE_DRAWS = 120


def _recage_givens(base: Puzzle, cages: tuple[KillerCage, ...], puzzle: Puzzle, solution: Sequence[int], rng: random.Random,
                   largest: int, clock: _Clock) -> tuple[tuple[KillerCage, ...], Puzzle]:
    """For each given ``puzzle`` still needs, draw new cages around it
    (:func:`~sudokit.variants.killer_layout.recage`) until the puzzle is unique without it
    (at most ``_RECAGE_TRIES`` draws a given, ``_RECAGE_DRAWS`` in all); each success is
    also tried on the other givens. Returns the layout and the puzzle."""
    left = [cell for cell, d in enumerate(puzzle.givens) if d]
    rng.shuffle(left)
    draws = 0
    for cell in left:
        if not puzzle.givens[cell]:
            continue  # an earlier layout made it redundant
        fewer = list(puzzle.givens)
        fewer[cell] = 0
        for _ in range(min(_RECAGE_TRIES, _RECAGE_DRAWS - draws)):
            clock.check()
            draws += 1
            drawn = recage(cages, cell, solution, base.size, rng, largest)
            if drawn is None:
                continue
            trial = replace(base, constraints=base.constraints + drawn)
            if _Counter(trial).count(fewer)[0] == 1:  # then the others: maybe redundant now
                cages, puzzle = drawn, minimize_givens(trial, fewer, rng, clock=clock)
                break
    return cages, puzzle


def generate(
    size: int = 9,
    *,
    kind: str = "plain",
    constraints: Sequence[Constraint] = (),
    seed: int | None = None,
    givens: bool = True,
    largest_cage: int = 4,
    grids: Sequence[tuple[int, int]] | str | None = None,
    time_budget: float | None = None,
) -> Puzzle:
    """A random puzzle with exactly one solution, reproducible from ``seed``.

    ``kind``: ``"plain"`` (standard boxes), ``"jigsaw"`` (random connected regions),
    ``"killer"`` (cages of up to ``largest_cage`` cells; ``givens=False`` asks for no
    givens at all, which may take several cage layouts), or a typed constraint drawn from
    the solution (``"thermometer"``, ``"slow_thermometer"``, ``"palindrome"``, ``"arrow"``, ``"kropki"``, ``"xv"``, ``"parity"``,
    ``"whisper"``, ``"renban"``, ``"extremum"``, ``"little_killer"``). ``constraints`` adds global
    rules (Diagonal, AntiKnight, AntiKing, NonConsecutive, DisjointGroups, ...). ``grids``:
    overlapping grids (``"samurai"`` or (top, left) offsets), plain kind only.
    ``time_budget``: seconds for this call; when spent, SearchLimitExceeded with
    ``partial`` (a unique puzzle with more givens than asked, or None).
    """
    from .decorate import DECORATORS
    from .puzzle import samurai_grids

    kinds = ("plain", "jigsaw", "killer", *DECORATORS)
    if kind not in kinds:
        raise ValueError(f"kind must be one of {', '.join(kinds)}; got {kind!r}")
    if grids is not None and kind != "plain":
        raise ValueError(f"overlapping grids are generated for kind 'plain' only, got {kind!r}")
    layout = samurai_grids(size) if grids == "samurai" else None if grids is None else tuple(tuple(g) for g in grids)
    clock = _Clock(time_budget)
    rng = random.Random(seed)
    fills = 12 if kind == "jigsaw" else 50  # a jigsaw layout that resists a dozen restarts is likely hard: draw another
    for draw in range(20):
        clock.check()
        around = kind == "jigsaw" and size >= _AROUND_FROM
        regions = random_regions(size, rng, clock=clock) if kind == "jigsaw" and not around else None
        base = Puzzle(size=size, regions=regions, constraints=tuple(constraints), grids=layout)  # type: ignore[arg-type]
        try:
            solution = random_solution(base, rng, attempts=fills, clock=clock, tried=draw * fills)
        except SearchLimitExceeded as exc:
            if exc.seconds is not None:  # the time budget, not the restarts
                raise
            continue
        if around:  # the boxed solution first, then regions that it fits
            base = replace(base, regions=regions_around(solution, size, rng, check=clock.check), boxes=None)
        if kind in DECORATORS:
            typed = DECORATORS[kind](solution, size, rng)
            return minimize_givens(replace(base, constraints=base.constraints + tuple(typed)), solution, rng, clock=clock)
        if kind != "killer":
            return minimize_givens(base, solution, rng, clock=clock)
        return _killer(base, solution, rng, givens, largest_cage, clock)
    raise SearchLimitExceeded(f"could not generate a {kind} puzzle of size {size} with these rules")
