"""The HoDoKu rating path of :func:`~sudokit.human.rating.rate`: HoDoKu's singles queues,
its own search order for intersections and subsets, and the walk along its technique
order (:func:`hodoku_walk`), whose front runs in the kernel (``human_ho_run``)."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator, Sequence
from typing import Any
from dataclasses import replace
from functools import lru_cache
from itertools import combinations, compress
from array import array

from .. import _backend
from ..errors import SudokuError
from ..grid import Grid
from . import als, chains, coloring, fish, registry, single_digit, uniqueness, wings
from .model import BIT, CELL_BIT, CELL_HOUSES, DIGITS_OF, HOUSE_CELLS, HOUSE_MASK, PEER_MASK, POPCOUNT, Candidates, cells_of
from .path import MAX_STEPS, hodoku_brute_force_step
from .step import STEP_TEXT, Step, cells_text


_ROWS, _COLS, _BOXES = range(0, 9), range(9, 18), range(18, 27)


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
    puzzle: Grid, techniques: Sequence[registry.Technique], *, max_steps: int = MAX_STEPS, solution: Grid | None = None
) -> tuple[list[Step], str]:
    """The path HoDoKu would take: its singles from its queues, its own search order for
    intersections and subsets, then the other enabled techniques in ``techniques`` order
    (normally :func:`hodoku_order`). The singles, intersections and subsets run in the
    kernel (``human_ho_run``); the Python walk below is the reference for other orders.
    Every step carries HoDoKu's text (the rating itself, :func:`rate`, skips that part).
    With the puzzle's ``solution``, getting stuck takes HoDoKu's last resort instead of
    stopping: its Brute Force step (:func:`~sudokit.human.path.hodoku_brute_force_step`)."""
    steps, end = _hodoku_walk(puzzle, techniques, _ho_front(techniques), max_steps, solution=solution)
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


class HoTally:
    """What a rating reads of a HoDoKu path, kept instead of its steps: how many steps of
    each technique (in order of first use), each technique's first step name, and the
    number of steps. The kernel's run of singles and subsets (most of an easy puzzle's
    path) is counted by ``ho_tally`` without a :class:`Step` made for each."""

    __slots__ = ("counts", "names", "n")

    def __init__(self) -> None:
        self.counts: dict[str, int] = {}
        self.names: dict[str, str] = {}
        self.n = 0

    def __len__(self) -> int:
        return self.n

    def append(self, step: Step) -> None:
        """Count one step found outside the kernel run."""
        self._add(step.technique, step.name, 1)

    def add_found(self, found: bytes) -> None:
        """Count the steps of ``human_ho_run``'s step bytes."""
        counts = self.counts
        for code, k in _backend.kernel().ho_tally(found):
            technique = _HO_STEP[code][0]
            if technique in counts:
                counts[technique] += k
            else:
                counts[technique] = k
                self.names[technique] = _HO_STEP[code][1]
            self.n += k

    def _add(self, technique: str, name: str, k: int) -> None:
        counts = self.counts
        if technique in counts:
            counts[technique] += k
        else:
            counts[technique] = k
            self.names[technique] = name
        self.n += k


def _hodoku_walk(
    puzzle: Grid, techniques: Sequence[registry.Technique], plan: tuple[int, int], max_steps: int,
    *, solution: Grid | None = None, tally: HoTally | None = None,
) -> tuple[list[Step], str]:
    """:func:`hodoku_walk` with the kernel front ``plan`` of :func:`_ho_front` given.
    With ``tally``, the steps are counted there instead (the list returned is empty), and
    made without their text (:data:`~.step.STEP_TEXT`): a count reads none of it."""
    if tally is None:
        return _walk(puzzle, techniques, plan, max_steps, solution, None)
    token = STEP_TEXT.set(False)
    try:
        return _walk(puzzle, techniques, plan, max_steps, solution, tally)
    finally:
        STEP_TEXT.reset(token)


def _walk(
    puzzle: Grid, techniques: Sequence[registry.Technique], plan: tuple[int, int], max_steps: int,
    solution: Grid | None, tally: HoTally | None,
) -> tuple[list[Step], str]:
    """:func:`_hodoku_walk`'s walk."""
    mask, k = plan
    if not k:
        walked, end = _hodoku_walk_python(puzzle, techniques, max_steps=max_steps, solution=solution)
        if tally is None:
            return walked, end
        for one in walked:
            tally.append(one)
        return [], end
    kernel = _backend.kernel()
    cb, _fb, nsb, hsb, _wb = kernel.human_replay(bytes(puzzle))
    clues = vb = bytes(list(puzzle))
    givens: frozenset[int] | None = None  # made when a finder first needs a state (most easy puzzles: never)
    flags = vb.translate(_CLUE_FLAGS)  # the clues, as the rectangle searches take them
    runs, ids = _walk_plan(techniques, k)
    out: list[Step] = []
    steps: list[Step] | HoTally = out if tally is None else tally  # where the steps go
    pre = b""  # the step found below, which the kernel applies (with its queues) before it runs
    taken = 0  # len(steps)
    while True:
        status, found, vb, cb, nsb, hsb, _fb, wb = kernel.human_ho_run(vb, cb, nsb, hsb, mask, max_steps - taken, pre)
        if tally is None:
            _ho_steps(found, out)
            taken = len(out)
        else:
            tally.add_found(found)
            taken = tally.n
        if status >= 2:  # bad input, which a grid from a puzzle cannot give
            raise SudokuError("internal error: the HoDoKu kernel rejected its state")
        if taken >= max_steps:
            break
        if 0 not in vb:
            return out, "solved"
        if givens is None:
            givens = frozenset(compress(range(81), clues))
        state = _grid_state(vb, cb, wb, givens)
        step = None
        for part in runs:
            if isinstance(part, registry.Technique):
                step = _ho_next(state, part, ids)
            else:
                step = _als_run(state, part, ids) if part[2] else _probe(state, vb, flags, part, ids)
            if step is not None:
                break
        if step is None:
            if solution is None:
                return out, "stuck"
            step = hodoku_brute_force_step(vb, solution)
        steps.append(step)
        taken += 1
        pre = _pre_bytes(step)
    return out, ("solved" if 0 not in vb else "max_steps")


#: A cell value (0-9) -> 1 for a clue, 0 for a blank.
_CLUE_FLAGS = bytes([0] + [1] * 255)


def _grid_state(values: bytes, cands: bytes, where: bytes, givens: frozenset[int]) -> Candidates:
    """The candidate grid ``human_ho_run`` returned, for the finders (the queues stay in
    the kernel's bytes)."""
    state = object.__new__(_KernelState)
    state.givens, state._raw = givens, (values, cands, where)
    state._memo = {("cand_bytes", 0): cands}  # Candidates.cand_bytes: the kernel's own layout
    return state


class _KernelState(Candidates):
    """A candidate grid read from the kernel's bytes: its ``values``, ``cands`` and
    ``where`` lists are made when a finder first reads them (the kernel searches read the
    candidate bytes alone, and most grids of a walk end in one of them)."""

    __slots__ = ("_raw",)
    _raw: tuple[bytes, bytes, bytes]

    def __getattr__(self, name: str) -> Any:
        if name == "values":
            self.values = list(self._raw[0])
            return self.values
        if name == "cands":
            self.cands = array("H", self._raw[1]).tolist()
            return self.cands
        if name == "where":
            wb = self._raw[2]
            self.where = [0] + [int.from_bytes(wb[k : k + 11], "little") for k in range(0, 99, 11)]
            return self.where
        raise AttributeError(name)


def _pre_bytes(step: Step) -> bytes:
    """A step as ``human_ho_run``'s ``pre``: its placements, then its eliminations in
    HoDoKu's order (:func:`_hodoku_elimination_order`)."""
    out = bytearray()
    for cell, digit in step.placements:
        out += bytes((0, cell, digit))
    for cell, digit in _hodoku_elimination_order(step):
        out += bytes((1, cell, digit))
    return bytes(out)


# ------------------------------------------ the leading C searches in one kernel call
# Most techniques after the kernel front are one kernel search each, whose records the
# finder only decodes; asked one at a time, the calls cost more than the searching. A
# run of such techniques (in the walk's order) goes to ``ho_probe`` in one call, which
# stops at the first that reports something and hands back its records; only that one
# is decoded, with its finder's own code, so the step is the finder's.

#: Each probed technique: (finder it stands for, ``ho_probe`` kind; csrc/hoprobe9.h).
_PROBED: dict[str, tuple[Callable[[Candidates], Iterator[Step]], int]] = {
    "x_wing": (fish.find_x_wing, 0), "swordfish": (fish.find_swordfish, 1), "jellyfish": (fish.find_jellyfish, 2),
    "finned_x_wing": (fish.find_finned_x_wing, 3), "sashimi_x_wing": (fish.find_sashimi_x_wing, 4),
    "finned_swordfish": (fish.find_finned_swordfish, 5), "sashimi_swordfish": (fish.find_sashimi_swordfish, 6),
    "finned_jellyfish": (fish.find_finned_jellyfish, 7), "sashimi_jellyfish": (fish.find_sashimi_jellyfish, 8),
    "skyscraper": (single_digit.find_skyscraper, 9), "two_string_kite": (single_digit.find_two_string_kite, 10),
    "turbot_fish": (single_digit.find_turbot_fish, 11), "empty_rectangle": (single_digit.find_empty_rectangle, 12),
    "xy_wing": (wings.find_xy_wing, 13), "xyz_wing": (wings.find_xyz_wing, 14), "w_wing": (wings.find_w_wing, 15),
    "remote_pair": (chains.find_remote_pair, 16), "bug_plus_1": (uniqueness.find_bug_plus_1, 17),
    "unique_rectangle_1": (uniqueness.find_unique_rectangle_1, 18), "unique_rectangle_2": (uniqueness.find_unique_rectangle_2, 19),
    "unique_rectangle_3": (uniqueness.find_unique_rectangle_3, 20), "unique_rectangle_4": (uniqueness.find_unique_rectangle_4, 21),
    "unique_rectangle_5": (uniqueness.find_unique_rectangle_5, 22), "unique_rectangle_6": (uniqueness.find_unique_rectangle_6, 23),
    "hidden_rectangle": (uniqueness.find_hidden_rectangle, 24),
    "avoidable_rectangle_1": (uniqueness.find_avoidable_rectangle_1, 25), "avoidable_rectangle_2": (uniqueness.find_avoidable_rectangle_2, 26),
}

#: The ALS techniques, which HoDoKu's order puts one after the other: a run of them (with
#: their own finders) goes to ``ho_als_first`` (:func:`~sudokit.human.als.first_als_search`),
#: which builds the grid's ALS and restricted commons once for all of them instead of once
#: per technique, and names the first that finds something: (finder, its search kind).
_ALS_RUN: dict[str, tuple[Callable[[Candidates], Iterator[Step]], int]] = {
    "als_xz": (als.find_als_xz, 0), "als_xy_wing": (als.find_als_xy_wing, 1), "als_chain": (als.find_als_chain, 2),
}

#: A run of probed techniques: (their ``ho_probe`` kinds, the techniques, False), or of ALS
#: techniques: (their ``ho_als_first`` kinds, the techniques, True).
_Run = tuple[bytes, tuple[registry.Technique, ...], bool]


def _probe_runs(techniques: Sequence[registry.Technique], k: int) -> tuple[registry.Technique | _Run, ...]:
    """``techniques[k:]`` with each run of probed techniques (with their own finder) as
    one (``ho_probe`` kinds, techniques) entry."""
    return _walk_plan(techniques, k)[0]


def _walk_plan(
    techniques: Sequence[registry.Technique], k: int
) -> tuple[tuple[registry.Technique | _Run, ...], frozenset[str]]:
    """:func:`_probe_runs` and the ids of ``techniques``, kept per sequence object (the
    walk gets the same one for every puzzle rated with the same options: hashing 45
    techniques per puzzle would cost more than the lookup saves)."""
    cached = _RUNS.get(id(techniques))
    if cached is not None and cached[0] is techniques and cached[1] == k:
        return cached[2], cached[3]
    out: list[registry.Technique | _Run] = []
    group: list[registry.Technique] = []
    group_table: dict[str, tuple[Callable[[Candidates], Iterator[Step]], int]] = _PROBED
    for t in (*techniques[k:], None):
        table = _run_table(t) if t is not None else None
        if group and table is not group_table:
            out.append((bytes(group_table[g.id][1] for g in group), tuple(group), group_table is _ALS_RUN))
            group = []
        if table is not None and t is not None:
            group.append(t)
            group_table = table
        elif t is not None:
            out.append(t)
    if len(_RUNS) > 64:
        _RUNS.clear()
    runs, ids = tuple(out), frozenset(t.id for t in techniques)
    _RUNS[id(techniques)] = (techniques, k, runs, ids)  # the sequence kept: its id stays its own
    return runs, ids


def _run_table(t: registry.Technique) -> dict[str, tuple[Callable[[Candidates], Iterator[Step]], int]] | None:
    """:data:`_PROBED` or :data:`_ALS_RUN` when ``t`` (with its own finder) is in it, else None."""
    for table in (_PROBED, _ALS_RUN):
        entry = table.get(t.id)
        if entry is not None and entry[0] is t.finder:
            return table
    return None


_RUNS: dict[int, tuple[Sequence[registry.Technique], int, tuple[registry.Technique | _Run, ...], frozenset[str]]] = {}


def _probe(state: Candidates, values: bytes, givens: bytes, run: _Run, ids: frozenset[str]) -> Step | None:
    """The first step of the run's techniques, as their finders, one after the other,
    would give it: ``ho_probe`` names the first whose search reports something; its
    records are decoded by the finder's code (Remote Pair and the rectangle searches: the
    finder runs); if that gives no step, the probe goes on after it. ``values`` and
    ``givens``: the grid's values and clue flags (for the rectangle searches)."""
    kinds, techniques, _als = run
    probe = _backend.kernel().ho_probe
    start = 0
    while True:
        at, data = probe(state.cand_bytes(), values, givens, kinds, start, chains.DEFAULT_BUDGET)
        if at >= len(kinds):
            return None
        t = techniques[at]
        for step in _decoded(state, t.id, kinds[at], data):
            if step.placements or step.eliminations:
                return step
        found = _ho_next(state, t, ids)  # only when the records gave no step (or are not decoded here)
        if found is not None:
            return found
        start = at + 1


def _als_run(state: Candidates, run: _Run, ids: frozenset[str]) -> Step | None:
    """The first step of the run's ALS techniques, as their finders, one after the other,
    would give it: ``ho_als_first`` names the first whose search finds something and keeps
    its records in ``state``, from which its finder writes the step; if that gives none, the
    search goes on after it."""
    kinds, techniques, _als = run
    start = 0
    while start < len(kinds):
        at = start + als.first_als_search(state, kinds[start:])
        if at >= len(kinds):
            return None
        found = _ho_next(state, techniques[at], ids)
        if found is not None:
            return found
        start = at + 1
    return None


def _decoded(state: Candidates, technique: str, kind: int, data: bytes) -> Iterator[Step]:
    """The steps ``technique``'s finder makes of its search's records ``data``."""
    if kind <= 8:
        size, mode = (kind + 2, 0) if kind <= 2 else ((kind - 3) // 2 + 2, (kind - 3) % 2 + 1)
        return fish.fish_steps(state, data, size, mode)
    if kind <= 12:
        return single_digit.steps_of(state, technique, data)
    if kind <= 15:
        return wings.wing_steps(state, technique, data)
    return iter(())


#: The shared single steps by (code, cell, digit), filled on first use.
_SINGLE_STEPS: list[Step | None] = [None] * (4 * 81 * 9)


def _ho_steps(found: bytes, steps: list[Step]) -> None:
    """Append the steps of ``human_ho_run``'s step bytes."""
    j, end, table = 0, len(found), _SINGLE_STEPS
    while j < end:
        code = found[j]
        if code < 4:  # a single: (code, cell, digit); most steps, so one list look-up each
            key = (code * 81 + found[j + 1]) * 9 + found[j + 2] - 1
            step = table[key]
            if step is None:
                technique, name, _family = _HO_STEP[code]
                step = table[key] = _single(technique, name, found[j + 1], found[j + 2])
            steps.append(step)
            j += 3
        else:
            technique, name, family = _HO_STEP[code]  # deletions: (code, n, n x (cell, digit))
            n = found[j + 1]
            pairs = found[j + 2 : j + 2 + 2 * n]
            steps.append(Step(technique, name, family, eliminations=tuple(zip(pairs[::2], pairs[1::2]))))
            j += 2 + 2 * n


def _hodoku_walk_python(
    puzzle: Grid, techniques: Sequence[registry.Technique], *, max_steps: int = MAX_STEPS, solution: Grid | None = None
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
            if solution is None:
                return steps, "stuck"
            step, native = hodoku_brute_force_step(state.values, solution), True
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
        for step in technique.finder(state):  # path.next_step for one technique
            if step.placements or step.eliminations:
                return step
        return None
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
#: Techniques whose step lists its eliminations in HoDoKu's own order already.
_AS_FOUND = frozenset({"sue_de_coq", "als_xz", "unique_rectangle_3"})
#: Techniques whose search sorts its step's list (HoDoKu's Candidate order: digit, cell)
#: before the step is applied: the chains keyed by their eliminations.
_DIGIT_FIRST = frozenset({"x_chain", "xy_chain", "remote_pair", "nice_loop", "grouped_nice_loop", "forcing_chain", "forcing_net"})


def _hodoku_elimination_order(step: Step) -> list[tuple[int, int]]:
    """The step's eliminations in the order HoDoKu deletes them (it matters for the
    singles queues): naked subsets house by house (row, column, box of the pattern), Sue
    de Coq as found (the box's cells, then the line's: HoDoKu never sorts that list),
    chains and forcing chains by digit, then cell (their searches sort the list to key
    their duplicates), everything else by cell, then digit."""
    if step.technique in _AS_FOUND:
        return list(step.eliminations)
    if step.technique in _DIGIT_FIRST:
        return sorted(step.eliminations, key=lambda e: (e[1], e[0]))
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


