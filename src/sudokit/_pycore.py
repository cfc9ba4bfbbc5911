"""Pure-Python twin of the C kernel ``sudokit._core`` (same names, same contract).

Used when the C extension is not built, or when ``SUDOKIT_PUREPYTHON=1``. It is also
the readable reference for what the kernel computes. See ``_core.pyi`` for the contract.

State: ``cand`` is a list of 81 ints; bit ``d-1`` of ``cand[i]`` set means digit ``d`` is
still a candidate of cell ``i``. A cell is *placed* once its single candidate has been
removed from its peers; ``placed`` tracks that so a cell is propagated only once.
"""

from __future__ import annotations

from itertools import permutations, product

from ._pyhuman9 import human_ho_run as human_ho_run  # HoDoKu's front (csrc/human9.h)
from ._pyhuman9 import ho_tally as ho_tally  # its steps counted per code (csrc/human9.h)
from ._pyhuman9 import human_replay as human_replay  # HoDoKu's clue replay (csrc/human9.h)
from ._pyhuman9 import human_se_run as human_se_run  # the human-rating front (csrc/human9.h)
from ._pyaligned9 import se_aligned as se_aligned  # SE's Aligned Pair/Triplet Exclusion (csrc/aligned9.h)
from ._pyfish9 import ho_basic_fish as ho_basic_fish  # basic/finned/sashimi fish (csrc/hofish9.h)
from ._pyfish9 import ho_fish as ho_fish  # HoDoKu's Franken/Mutant fish (csrc/hofish9.h)
from ._pyxy9 import ho_xy as ho_xy  # XY-Chain / Remote Pair search (csrc/hoxy9.h)
from ._pytable9 import ho_nice_loops as ho_nice_loops  # HoDoKu's Nice Loop / AIC search (csrc/hotable9.h)
from ._pyforce9 import ho_forcing as ho_forcing  # HoDoKu's Forcing Chain / Net search (csrc/hoforce9.h)
from ._pysdc9 import ho_sdc as ho_sdc  # HoDoKu's Sue de Coq search (csrc/hosdc9.h)
from ._pyals9 import ho_als as ho_als  # HoDoKu's ALS and restricted commons (csrc/hoals9.h)
from ._pyals9 import ho_als_chain as ho_als_chain  # HoDoKu's ALS-Chain search (csrc/hoalschain9.h)
from ._pyals9 import ho_als_first as ho_als_first  # the first ALS search that finds something (csrc/hoalschain9.h)
from ._pyals9 import ho_als_steps as ho_als_steps  # HoDoKu's ALS-XZ and ALS-XY-Wing (csrc/hoals9.h)
from ._pycolor9 import ho_colors as ho_colors  # Simple Colors and Multi-Colors (csrc/hocolor9.h)
from ._pysingle9 import ho_single as ho_single  # single-digit patterns, X-Chain (csrc/hosingle9.h)
from ._pysubset9 import subsets as subsets  # naked and hidden subsets (csrc/subset9.h)
from ._pywing9 import ho_wings as ho_wings  # XY-Wing, XYZ-Wing and W-Wing (csrc/howing9.h)
from ._pyprobe9 import ho_probe as ho_probe  # the HoDoKu path's leading searches in one call (csrc/hoprobe9.h)
from ._pyrect9 import ho_rects as ho_rects  # Unique, Hidden and Avoidable Rectangles (csrc/horect9.h)
from ._pyseunique9 import se_unique as se_unique  # SE's unique rectangles and loops (csrc/seunique9.h)
from ._pysechain9 import se_loops as se_loops  # SE's cycles and forcing X/Y-chains (csrc/sechain9.h)
from ._pyseloops9 import se_loop_hints as se_loop_hints  # SE's Forcing Chains & Cycles hints (csrc/seloops9.h)
from ._pysedyn9 import se_dyn as se_dyn  # SE's multiple/dynamic forcing chains (csrc/sedyn9.h)
from ._pysedyn9 import se_simple as se_simple  # SE's simple rules in nested chains (csrc/serules9.h)
from ._pyengine import engine_solve as engine_solve  # the variant engine (csrc/engine.c)
from .errors import SearchLimitExceeded

BAD_INPUT = 0xFFFFFFFF
ALL_DIGITS = 0x1FF

_ROWS = [[r * 9 + c for c in range(9)] for r in range(9)]
_COLS = [[r * 9 + c for r in range(9)] for c in range(9)]
_BOXES = [
    [(br * 3 + r) * 9 + bc * 3 + c for r in range(3) for c in range(3)]
    for br in range(3)
    for bc in range(3)
]
_HOUSES = _ROWS + _COLS + _BOXES
_PEERS = [
    tuple(sorted({p for h in _HOUSES if i in h for p in h} - {i})) for i in range(81)
]
_DIGIT_OF_BIT = {1 << d: d + 1 for d in range(9)}
_BLANKS = (ord("."), ord("0"))
#: Canonical-form status values (see ``_core.pyi``).
CANON_OK, CANON_CONFLICT, CANON_TOO_MANY, CANON_BAD_INPUT = 0, 1, 2, 3
#: Give up beyond this many partial transformations (memory guard of the reference search).
_MAX_PARTIALS = 2_000_000


class _Contradiction(Exception):
    """Raised inside propagation when a cell or a house runs out of candidates."""


def _single(mask: int) -> bool:
    return mask & (mask - 1) == 0


def _place(cand: list[int], placed: list[bool], cell: int) -> None:
    """Remove the (single) candidate of ``cell`` from its peers, cascading naked singles."""
    todo = [cell]
    while todo:
        i = todo.pop()
        if placed[i]:
            continue
        placed[i] = True
        bit = cand[i]
        for p in _PEERS[i]:
            mask = cand[p]
            if mask & bit:
                mask ^= bit
                if not mask:
                    raise _Contradiction
                cand[p] = mask
                if _single(mask):
                    todo.append(p)


def _hidden_singles(cand: list[int], placed: list[bool]) -> bool:
    """Place every digit that has one spot left in a house; False if nothing changed."""
    changed = False
    for house in _HOUSES:
        once = twice = 0
        for i in house:
            twice |= once & cand[i]
            once |= cand[i]
        if once != ALL_DIGITS:
            raise _Contradiction
        lonely = once & ~twice
        for i in house:
            hit = cand[i] & lonely
            if hit and not placed[i]:
                if not _single(hit):
                    raise _Contradiction  # two digits need the same cell
                cand[i] = hit
                _place(cand, placed, i)
                changed = True
    return changed


def _propagate(cand: list[int], placed: list[bool]) -> None:
    for i in range(81):
        if not placed[i] and _single(cand[i]):
            _place(cand, placed, i)
    while _hidden_singles(cand, placed):
        pass


def _setup(puzzle: bytes) -> tuple[list[int], list[bool]]:
    """Candidates after placing the givens; raises _Contradiction on conflicting givens."""
    cand = [ALL_DIGITS] * 81
    placed = [False] * 81
    for i, ch in enumerate(puzzle):
        if ch in _BLANKS:
            continue
        bit = 1 << (ch - 49)
        if not cand[i] & bit:
            raise _Contradiction
        cand[i] = bit
        _place(cand, placed, i)
    return cand, placed


class _Search:
    """Depth-first search over copies of the candidate state, counting up to ``limit``."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.count = 0
        self.guesses = 0
        self.first: bytes = b""

    def run(self, cand: list[int], placed: list[bool]) -> None:
        try:
            _propagate(cand, placed)
        except _Contradiction:
            return
        cell = self._most_constrained(cand, placed)
        if cell < 0:
            self._record(cand)
            return
        mask = cand[cell]
        while mask and self.count < self.limit:
            bit = mask & -mask
            mask ^= bit
            self.guesses += 1
            trial = cand[:]
            trial[cell] = bit
            self.run(trial, placed[:])

    @staticmethod
    def _most_constrained(cand: list[int], placed: list[bool]) -> int:
        best, best_n = -1, 10
        for i in range(81):
            if not placed[i]:
                n = bin(cand[i]).count("1")
                if n < best_n:
                    best, best_n = i, n
                    if n == 2:
                        break
        return best

    def _record(self, cand: list[int]) -> None:
        self.count += 1
        if self.count == 1:
            self.first = bytes(48 + _DIGIT_OF_BIT[m] for m in cand)


def _check_puzzle(puzzle: bytes) -> bool:
    return len(puzzle) == 81 and all(ch in _BLANKS or 49 <= ch <= 57 for ch in puzzle)


def _solve_checked(puzzle: bytes, limit: int) -> tuple[int, bytes, int]:
    search = _Search(limit)
    try:
        cand, placed = _setup(puzzle)
    except _Contradiction:
        return 0, b"", 0
    search.run(cand, placed)
    return search.count, search.first, search.guesses


def solve(puzzle: bytes | str, limit: int) -> tuple[int, bytes, int]:
    """Solve one puzzle: ``(count, first_solution, guesses)``; see ``_core.pyi``."""
    if isinstance(puzzle, str):
        if not puzzle.isascii():
            raise ValueError("puzzle must be 81 characters of '1'-'9', '.' or '0'")
        puzzle = puzzle.encode("ascii")
    puzzle = bytes(puzzle)
    if not _check_puzzle(puzzle):
        raise ValueError("puzzle must be 81 bytes of '1'-'9', '.' or '0'")
    if limit < 1:
        raise ValueError("limit must be at least 1")
    return _solve_checked(puzzle, limit)


def solve_batch(puzzles: object, solutions: object, counts: object, limit: int, unique_only: bool = False) -> int:
    """Solve ``len(puzzles) // 81`` puzzles into the caller's buffers; see ``_core.pyi``."""
    src = memoryview(puzzles).cast("B")  # type: ignore[arg-type]
    dst = memoryview(solutions).cast("B")  # type: ignore[arg-type]
    out = memoryview(counts).cast("B").cast("I")  # type: ignore[arg-type]
    n = len(src) // 81
    if len(src) % 81 or len(dst) != len(src) or len(out) != n:
        raise ValueError("buffer sizes do not match: need 81*n, 81*n and n uint32")
    if limit < 1:
        raise ValueError("limit must be at least 1")
    total = 0
    for k in range(n):
        puzzle = bytes(src[81 * k : 81 * k + 81])
        if not _check_puzzle(puzzle):
            out[k], first = BAD_INPUT, b""
        else:
            out[k], first, guesses = _solve_checked(puzzle, limit)
            total += guesses
            if unique_only and out[k] >= 2:
                first = b""
        dst[81 * k : 81 * k + 81] = first or b"." * 81
    return total


def features() -> list[str]:
    """The pure-Python twin uses no CPU features."""
    return []


def dispatch() -> tuple[str, str]:
    """The twin's code path and why: ``("python", ...)`` (``_core`` names its C path)."""
    return "python", "the pure-Python twin (no C extension in use)"


# ======================================================================= canonical form
# The reference search behind ``canonical`` (the definition of the form is in the
# docstring of sudokit.transform; csrc/canon9.c computes the same form). sudokit.transform
# also uses ``canonical_search(cells, merge=False)`` to list automorphisms.
# A *partial* is a transformation whose first output rows are fixed:
#   (t, rows_so_far, groups, labels, next_label)
# ``groups`` is the column order still open: a tuple of groups of source columns in
# output order; the columns of one group (always inside one stack) are interchangeable
# because every output row so far shows the same value (a blank) in all of them.
# Ties are only broken when a later row tells the columns apart, so a blank-heavy first
# row does not multiply the search. ``labels`` is a bytes of 10: labels[d] is the output
# label of source digit d (0: not seen yet). Row values are 0 (blank) or 1..9.
Groups = tuple[tuple[int, ...], ...]
Partial = tuple[int, tuple[int, ...], Groups, bytes, int]
_Orient = tuple[tuple[bytes, ...], tuple[bytes, ...]]
_STACK_ORDERS: tuple[Groups, ...] = tuple(
    tuple(tuple(range(s * 3, s * 3 + 3)) for s in order) for order in permutations(range(3))
)


def _orientations(cells: bytes) -> _Orient | None:
    """Rows of the grid (values 0..9) untransposed (t=0) and transposed (t=1); None when
    two givens conflict."""
    values = bytes(0 if ch in _BLANKS else ch - 48 for ch in cells)
    rows = tuple(values[r * 9 : r * 9 + 9] for r in range(9))
    cols = tuple(bytes(values[r * 9 + c] for r in range(9)) for c in range(9))
    boxes = tuple(bytes(values[i] for i in box) for box in _BOXES)
    for line in rows + cols + boxes:
        digits = line.replace(b"\0", b"")
        if len(set(digits)) != len(digits):
            return None
    return rows, cols


def _next_rows(used: tuple[int, ...]) -> list[int]:
    """Source rows allowed for the next output row given the rows used so far."""
    k = len(used)
    if k % 3:
        band = used[-1] // 3
        return [r for r in range(band * 3, band * 3 + 3) if r not in used]
    taken = {u // 3 for u in used}
    return [r for r in range(9) if r // 3 not in taken]


_Fresh = list[tuple[int, list[int], int]]


def _refine(row: bytes, groups: Groups, labels: bytes, nxt: int) -> tuple[tuple[int, ...], list[tuple[int, ...]], bytearray, int, _Fresh]:
    """The smallest image of ``row`` under the open column order, and how it refines it.

    Inside a group the smallest arrangement is: blanks, then already-labelled digits by
    label, then new digits (which get the next labels). New digits of one group tie in
    the image but fix different labellings; they come back in ``fresh`` as
    (group position, columns, first label - 1) for the caller to branch on.
    """
    out: list[int] = []
    refined: list[tuple[int, ...]] = []
    fresh_sets: _Fresh = []
    lab = bytearray(labels)
    for g in groups:
        if len(g) == 1:
            v = row[g[0]]
            if v and not lab[v]:
                nxt += 1
                lab[v] = nxt
            out.append(lab[v] if v else 0)
            refined.append(g)
            continue
        blanks = tuple(c for c in g if not row[c])
        known = sorted((lab[row[c]], c) for c in g if row[c] and lab[row[c]])
        fresh = [c for c in g if row[c] and not lab[row[c]]]
        if blanks:
            out.extend([0] * len(blanks))
            refined.append(blanks)
        for value, c in known:
            out.append(value)
            refined.append((c,))
        if len(fresh) > 1:
            fresh_sets.append((len(refined), fresh, nxt))
        for c in fresh:
            nxt += 1
            lab[row[c]] = nxt
            out.append(nxt)
            refined.append((c,))
    return tuple(out), refined, lab, nxt, fresh_sets


def _branches(row: bytes, refined: list[tuple[int, ...]], lab: bytearray, fresh_sets: _Fresh) -> list[tuple[Groups, bytes]]:
    """Every (groups, labels) that the tied new digits of a refinement allow."""
    if not fresh_sets:
        return [(tuple(refined), bytes(lab))]
    out = []
    for choice in product(*(permutations(cols) for _, cols, _ in fresh_sets)):
        groups, labels = list(refined), bytearray(lab)
        for (start, _cols, base), order in zip(fresh_sets, choice):
            for k, c in enumerate(order):
                groups[start + k] = (c,)
                labels[row[c]] = base + k + 1
        out.append((tuple(groups), bytes(labels)))
    return out


def _future_key(orient: _Orient, p: Partial) -> tuple[object, ...]:
    """What the rest of the search can still see of a partial: equal keys, equal futures.

    Rows keep their source order and columns are read group by group (a group's
    columns sorted, as they are interchangeable), digits not yet labelled show as 10+d.
    """
    t, used, groups, labels, nxt = p
    rows = orient[t]

    def look(r: int) -> bytes:
        row = rows[r]
        return bytes((labels[v] or 10 + v) if v else 0 for v in (row[c] for c in _flat(groups)))

    def column_key(rs: list[int]) -> tuple[object, ...]:
        lines = [look(r) for r in rs]
        cols = list(zip(*lines)) if lines else []
        key, k = [], 0
        for g in groups:
            key.append(tuple(sorted(cols[k : k + len(g)])))
            k += len(g)
        return tuple(key)

    taken = {u // 3 for u in used}
    open_rows = _next_rows(used) if len(used) % 3 else []
    bands = [list(range(b * 3, b * 3 + 3)) for b in range(3) if b not in taken]
    return (nxt, len(open_rows), column_key(open_rows + [r for band in bands for r in band]))


def _flat(groups: Groups) -> tuple[int, ...]:
    return tuple(c for g in groups for c in g)


# ------------------------------------------------------------ the first two rows, lazily
# Row 1 of the image shows the new digits of a group as base+1, base+2, ... whatever
# their order, so instead of branching on all k! orders right away (216 per start for a
# full grid) the group stays tied and *lazy*: its digits own the labels base+1..base+k,
# handed out in column order. Row 2 comes from the same band, so its digits in a lazy
# group's columns are never that group's own digits (they share a box). Row 2 then
# settles every lazy group: a lazy digit met in row 2 takes its group's next free label
# (the smallest it can get) and pulls its column to the front of that group; a lazy
# group's own columns are ordered by their row-2 values and label their digits in order.
_Lazy = dict[int, int]  # group index -> base label


def _first_row(row: bytes, groups: Groups) -> tuple[tuple[int, ...], Groups, bytes, int, _Lazy]:
    """Image of the first row with its tied new digits left lazy (no branching)."""
    image, refined, lab, nxt, fresh = _refine(row, groups, bytes(10), 0)
    bases: dict[tuple[int, ...], int] = {}
    for start, cols, base in reversed(fresh):  # from the right, so earlier starts stay valid
        refined[start : start + len(cols)] = [tuple(cols)]
        for c in cols:
            lab[row[c]] = 0
        bases[tuple(cols)] = base
    lazy = {index: bases[group] for index, group in enumerate(refined) if group in bases}
    return image, tuple(refined), bytes(lab), nxt, lazy


class _Row2:
    """The search state while laying out the second row (copied at every branch)."""

    __slots__ = ("out", "refined", "labels", "nxt", "pulled")

    def __init__(self, out: list[int], refined: list[tuple[int, ...]], labels: bytearray, nxt: int, pulled: dict[int, list[int]]) -> None:
        self.out, self.refined, self.labels, self.nxt, self.pulled = out, refined, labels, nxt, pulled

    def copy(self) -> _Row2:
        return _Row2(list(self.out), list(self.refined), bytearray(self.labels), self.nxt, {k: list(v) for k, v in self.pulled.items()})


def _second_row(
    row0: bytes, row: bytes, groups: Groups, labels: bytes, nxt: int, lazy: _Lazy, bound: tuple[int, ...] | None
) -> list[tuple[tuple[int, ...], Groups, bytes, int]]:
    """Every smallest layout of the second row (image, groups, labels, next label); none
    when every layout is larger than ``bound`` (the best image found so far)."""
    owner = {row0[c]: gi for gi in lazy for c in groups[gi]}
    column_of = {row0[c]: c for gi in lazy for c in groups[gi]}

    def value(state: _Row2, c: int) -> tuple[int, int]:
        """(value in the image, lazy group it pulls from or -1; fresh digits: -2)."""
        v = row[c]
        if not v:
            return 0, -1
        if state.labels[v]:
            return state.labels[v], -1
        gi = owner.get(v)
        if gi is not None:
            return lazy[gi] + 1 + len(state.pulled.get(gi, ())), gi
        return state.nxt + 1, -2

    def take(state: _Row2, c: int) -> None:
        """Emit column ``c`` and label its digit."""
        val, source = value(state, c)
        v = row[c]
        if source == -2:
            state.nxt += 1
            state.labels[v] = state.nxt
        elif source >= 0:
            state.labels[v] = val
            state.pulled.setdefault(source, []).append(column_of[v])
        state.out.append(val)
        state.refined.append((c,))

    def arrange(state: _Row2, cols: list[int], lazy_group: bool) -> list[_Row2]:
        """Lay out ``cols`` smallest first, branching on ties (blanks stay tied unless lazy)."""
        if not cols:
            return [state]
        scored = sorted((value(state, c)[0], c) for c in cols)
        if len({v for v, _ in scored}) == len(scored):  # no ties: one layout, no branching
            for _v, c in scored:
                take(state, c)
            return [state]
        low = scored[0][0]
        tied = [c for v, c in scored if v == low]
        if low == 0 and not lazy_group:
            state.out.extend([0] * len(tied))
            state.refined.append(tuple(tied))
            return arrange(state, [c for c in cols if c not in tied], lazy_group)
        results = []
        for k, c in enumerate(tied):
            branch = state if k == len(tied) - 1 else state.copy()
            take(branch, c)
            results.extend(arrange(branch, [x for x in cols if x != c], lazy_group))
        return results

    states = [_Row2([], [], bytearray(labels), nxt, {})]
    for gi, group in enumerate(groups):
        next_states = []
        for state in states:
            if gi not in lazy:
                next_states.extend(arrange(state, list(group), False))
                continue
            front = state.pulled.get(gi, [])
            for c in front:
                take(state, c)
            for done in arrange(state, [c for c in group if c not in front], True):
                for k, single in enumerate(done.refined[-len(group) :]):
                    done.labels[row0[single[0]]] = lazy[gi] + 1 + k
                next_states.append(done)
        states = _smallest(next_states, bound)
    return [(tuple(s.out), tuple(s.refined), bytes(s.labels), s.nxt) for s in states]


def _smallest(states: list[_Row2], bound: tuple[int, ...] | None) -> list[_Row2]:
    """The states whose image so far is the smallest, if it does not exceed ``bound``."""
    if not states:
        return states
    low = min(tuple(s.out) for s in states)
    if bound is not None and low > bound[: len(low)]:
        return []
    return [s for s in states if tuple(s.out) == low]


def _two_rows(orient: _Orient) -> tuple[list[int], list[Partial]]:
    """The first two rows of the canonical form and every partial that gives them."""
    firsts: list[tuple[int, int, Groups, bytes, int, _Lazy]] = []
    best: tuple[int, ...] | None = None
    # A first row's image only depends on its blanks per stack: the most blanks, stack
    # by stack, wins. Only those lines, in the stack orders that sort them so, are tried.
    counts = {(t, r): [3 - sum(1 for v in orient[t][r][s * 3 : s * 3 + 3] if v) for s in range(3)] for t in (0, 1) for r in range(9)}
    shape = max(sorted(c, reverse=True) for c in counts.values())
    for t in (0, 1):
        for order in _STACK_ORDERS:
            stacks = [group[0] // 3 for group in order]
            for r in range(9):
                if [counts[t, r][s] for s in stacks] != shape:
                    continue
                image, groups, labels, nxt, lazy = _first_row(orient[t][r], order)
                if best is not None and image > best:
                    continue
                if best is None or image < best:
                    best, firsts = image, []
                firsts.append((t, r, groups, labels, nxt, lazy))
    assert best is not None
    second: tuple[int, ...] | None = None
    partials: list[Partial] = []
    for t, r0, groups, labels, nxt, lazy in firsts:
        for r1 in _next_rows((r0,)):
            for image, new_groups, new_labels, new_nxt in _second_row(orient[t][r0], orient[t][r1], groups, labels, nxt, lazy, second):
                if second is not None and image > second:
                    continue
                if second is None or image < second:
                    second, partials = image, []
                partials.append((t, (r0, r1), new_groups, new_labels, new_nxt))
    assert second is not None
    return list(best) + list(second), partials


def canonical_search(cells: bytes, merge: bool) -> tuple[bytes, list[Partial]] | None:
    """Canonical 81 bytes and the partials (complete transformations) that reach it;
    None when two givens conflict. ``merge=False`` keeps every partial (for listing
    automorphisms); ``merge=True`` may merge partials with equal futures (canonical form)."""
    orient = _orientations(cells)
    if orient is None:
        return None
    image, partials = _two_rows(orient)
    merge = merge and cells.count(b".") >= 50  # only sparse puzzles pile up tied partials
    for _level in range(2, 9):
        if merge and len(partials) > 64:
            partials = list({_future_key(orient, p): p for p in partials}.values())
        elif len(partials) > _MAX_PARTIALS:
            raise SearchLimitExceeded(f"more than {_MAX_PARTIALS} partial transformations (too few givens)")
        best: tuple[int, ...] | None = None
        survivors: list[Partial] = []
        for t, used, groups, labels, nxt in partials:
            rows = orient[t]
            for r in _next_rows(used):
                row = rows[r]
                row_image, refined, lab, new_nxt, fresh = _refine(row, groups, labels, nxt)
                if best is not None and row_image > best:
                    continue
                if best is None or row_image < best:
                    best, survivors = row_image, []
                for new_groups, new_labels in _branches(row, refined, lab, fresh):
                    survivors.append((t, used + (r,), new_groups, new_labels, new_nxt))
        assert best is not None
        image.extend(best)
        partials = survivors
    return bytes(46 if v == 0 else 48 + v for v in image), partials


def partial_transform_bytes(p: Partial) -> bytes:
    """A complete partial as 28 kernel bytes: transpose, rows, cols, digits (see ``_core.pyi``).

    Columns still tied at the end keep their current order; digits never seen get the
    free labels in increasing digit order.
    """
    t, used, groups, labels, nxt = p
    free = iter(range(nxt + 1, 10))
    digits = [d if d else next(free) for d in labels[1:]]
    return bytes([t, *used, *_flat(groups), *digits])


def _canonical_checked(puzzle: bytes) -> tuple[int, bytes, bytes]:
    found = canonical_search(puzzle, merge=True)
    if found is None:
        return CANON_CONFLICT, b"", b""
    form, partials = found
    return CANON_OK, form, partial_transform_bytes(partials[0])


def canonical(puzzle: bytes) -> tuple[int, bytes, bytes]:
    """Canonical form of one puzzle: ``(status, form, transform)``; see ``_core.pyi``."""
    puzzle = bytes(puzzle)
    if not _check_puzzle(puzzle):
        raise ValueError("puzzle must be 81 bytes of '1'-'9', '.' or '0'")
    return _canonical_checked(puzzle)


def canonical_batch(puzzles: object, forms: object, statuses: object) -> None:
    """Canonical forms of ``len(puzzles) // 81`` puzzles into the caller's buffers; see ``_core.pyi``."""
    src = memoryview(puzzles).cast("B")  # type: ignore[arg-type]
    dst = memoryview(forms).cast("B")  # type: ignore[arg-type]
    out = memoryview(statuses).cast("B")  # type: ignore[arg-type]
    n = len(src) // 81
    if len(src) % 81 or len(dst) != len(src) or len(out) != n:
        raise ValueError(f"need 81*n puzzle bytes, 81*n form bytes and n status bytes (n={n})")
    for k in range(n):
        puzzle = bytes(src[81 * k : 81 * k + 81])
        if _check_puzzle(puzzle):
            status, form, _transform = _canonical_checked(puzzle)
        else:
            status, form = CANON_BAD_INPUT, b""
        out[k] = status
        dst[81 * k : 81 * k + 81] = form or b"." * 81


# ======================================================================= generator loops
# The twin of csrc/dig9.c (see dig9.h for the rules): a random full grid and digging,
# with every random choice read from the caller's 32-bit ``words`` the way
# random.Random's randbelow/shuffle read getrandbits(k) (the top k bits of one word).
#: ``fill``/``dig`` return this instead of a word count when the words ran out.
DIG_NEED_WORDS = -1


class _OutOfWords(Exception):
    """The caller's random words ran out."""


class _WordStream:
    def __init__(self, words: object) -> None:
        self.data = bytes(memoryview(words).cast("B")) if words is not None else b""  # type: ignore[arg-type]
        if len(self.data) % 4:
            raise ValueError("words must hold 4*n bytes (little-endian 32-bit words)")
        self.pos = 0

    def randbelow(self, n: int) -> int:
        shift = 32 - n.bit_length()
        while True:
            if 4 * self.pos >= len(self.data):
                raise _OutOfWords
            r = int.from_bytes(self.data[4 * self.pos : 4 * self.pos + 4], "little") >> shift
            self.pos += 1
            if r < n:
                return r

    def shuffle(self, x: list[int]) -> None:
        for i in reversed(range(1, len(x))):
            j = self.randbelow(i + 1)
            x[i], x[j] = x[j], x[i]


def fill(words: object) -> tuple[int, bytes]:
    """A random full grid from random words: ``(words_read, grid)``; see ``_core.pyi``."""
    stream = _WordStream(words)
    cells = bytearray(b"." * 81)
    try:
        for box in (0, 4, 8):
            digits = list(range(1, 10))
            stream.shuffle(digits)
            top = (box // 3) * 27 + (box % 3) * 3
            for k, d in enumerate(digits):
                cells[top + (k // 3) * 9 + k % 3] = 48 + d
        order = [i for i in range(81) if cells[i] == 46]
        stream.shuffle(order)
        for i in order:
            taken = {cells[p] for p in _PEERS[i]}
            options = [d for d in range(1, 10) if 48 + d not in taken]
            stream.shuffle(options)
            for d in options:
                cells[i] = 48 + d
                count, first, _ = _solve_checked(bytes(cells), 2)
                if count == 1:
                    return stream.pos, first
                if count == 2:
                    break
            else:
                raise RuntimeError("internal error: the random fill ran out of digits")
    except _OutOfWords:
        return DIG_NEED_WORDS, b""
    raise RuntimeError("internal error: the random fill did not converge")


def dig(puzzle: bytes, cells: bytes, sizes: bytes, words: object, stop_at: int) -> tuple[int, bytes]:
    """Remove orbits of givens while the puzzle stays unique: ``(words_read, puzzle)``;
    see ``_core.pyi``."""
    work = bytearray(puzzle)
    cells, sizes = bytes(cells), bytes(sizes)
    if not _check_puzzle(bytes(work)) or len(sizes) > 81 or sum(sizes) != len(cells) or sum(sizes) > 81:
        raise ValueError("need an 81-byte puzzle and at most 81 orbits of cells 0..80 (sum(sizes) == len(cells))")
    if min(sizes, default=1) < 1 or max(cells, default=0) > 80 or not 0 <= stop_at <= 81:
        raise ValueError("orbit sizes must be >= 1, cells 0..80 and stop_at 0..81")
    stream = _WordStream(words)
    orbits, at = [], 0
    for size in sizes:
        orbits.append(cells[at : at + size])
        at += size
    order = list(range(len(orbits)))
    if words is not None:
        try:
            stream.shuffle(order)
        except _OutOfWords:
            return DIG_NEED_WORDS, b""
    givens = sum(1 for ch in work if ch not in _BLANKS)
    for orbit in (orbits[k] for k in order):
        if givens <= stop_at:
            break
        saved = [work[i] for i in orbit]
        removed = sum(1 for ch in saved if ch not in _BLANKS)
        for i in orbit:
            work[i] = 46
        if removed and _solve_checked(bytes(work), 2)[0] == 1:
            givens -= removed
        else:
            for i, ch in zip(orbit, saved):
                work[i] = ch
    return stream.pos, bytes(work)
