"""The Sudoku Explainer rating path of :func:`~sudokit.human.rating.rate`: SE's "direct"
variants, the technique order SE tries (:func:`se_techniques`) and the walk along it
(:func:`se_walk`), whose front (singles, direct variants, intersections, pairs, X-Wing)
runs in the kernel."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import combinations
from array import array

from .. import _backend
from ..errors import SudokuError
from ..grid import Grid
from . import registry, se_unique
from .se_chains import BudgetExceeded
from .se_rules import STEP_TEXT
from .model import DIGITS_OF, HOUSE_CELLS, HOUSE_NAMES, PEER_CELLS, POPCOUNT, Candidates
from .path import MAX_STEPS, next_step, walk
from .step import Step, cell_text, cells_text


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
    intersections, pairs and X-Wings run by the kernel. Its steps are written out in full,
    like :func:`~sudokit.human.path.explain`'s."""
    return _se_walk(puzzle, techniques, _front(techniques), max_steps, text=True)


def _se_walk(puzzle: Grid, techniques: Sequence[registry.Technique], plan: tuple[int, int], max_steps: int,
             *, text: bool = False) -> tuple[list[Step], str]:
    """:func:`se_walk` with the kernel front ``plan`` of :func:`_front` given. ``rate``
    reads only the steps' techniques, names, candidates and ratings: without ``text`` the
    chain and exclusion steps come without their explanation (:data:`.se_rules.STEP_TEXT`),
    the same steps otherwise."""
    token = STEP_TEXT.set(text)
    try:
        return _walk(puzzle, techniques, plan, max_steps)
    finally:
        STEP_TEXT.reset(token)


def _walk(puzzle: Grid, techniques: Sequence[registry.Technique], plan: tuple[int, int], max_steps: int) -> tuple[list[Step], str]:
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
        if _emptied(values, cands, step):
            raise SudokuError(f"internal error: the step '{step}' left a cell without candidates")
        vbytes, cbytes = bytes(values), array("H", cands).tobytes()
    return steps, ("solved" if 0 not in vbytes else "max_steps")


def _emptied(values: list[int], cands: list[int], step: Step) -> bool:
    """Whether ``step``, just applied, left an empty cell without candidates (only the
    cells it eliminates from and the peers of its placements can have lost some)."""
    for c, _d in step.eliminations:
        if not values[c] and not cands[c]:
            return True
    for cell, _d in step.placements:
        if any(not values[c] and not cands[c] for c in PEER_CELLS[cell]):
            return True
    return False


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
