"""The validity-preserving group of Sudoku: transforms, canonical form, equivalence.

Two puzzles are *the same puzzle in disguise* when one maps to the other by a
transformation that keeps every valid grid valid:

* relabelling the digits (9! ways),
* permuting the rows inside each band and the bands themselves (6^3 * 6 ways),
* permuting the columns inside each stack and the stacks themselves (6^3 * 6 ways),
* transposing (2 ways).

The geometric part has 2 * 6^8 = 3,359,232 elements; with relabelling the group has
3,359,232 * 9! elements. A :class:`Transform` is one element, stored as four fields
(``transpose``, ``rows``, ``cols``, ``digits``) and acting on a grid ``g`` as::

    src = transpose(g) if transpose else g
    out[r][c] = digits[src[rows[r]][cols[c]] - 1]        (blanks stay blank)

so ``rows[r]`` is the source row shown as row ``r``, ``cols[c]`` the source column shown
as column ``c`` and ``digits[d - 1]`` the new label of digit ``d``.

**Canonical form.** :func:`canonical` returns the *minimal-lexicographic* image of a
puzzle over the whole group: the 81 cells are read in row-major order (r1c1, r1c2, ...,
r9c9) with a blank counting as 0 (smaller than every digit), and the images are
compared as sequences of numbers 0..9. For a fixed geometric transformation the minimal
relabelling is forced: digits are numbered 1, 2, 3, ... in the order they first appear
in that row-major reading, so the minimum over the whole group is the minimum, over the
3,359,232 geometric images, of the "relabelled by first appearance" images. This is the
usual "minlex" convention of the Sudoku community (blank = 0). A full grid's canonical
form therefore starts with ``123456789``; a puzzle's starts with as many blanks as the
group allows.

It is computed row by row rather than over all elements: row 1 of the image only
depends on which source line is chosen and on its blanks per stack (a row's digits are
distinct, so relabelling turns them into 1, 2, 3, ...), so only the lines and stack
orders whose blank counts can win are tried. Column orders stay *open* while the rows
seen so far cannot tell columns apart: tied blanks, and row 1's new digits, whose labels
are settled by row 2 (a digit met in row 2 takes the smallest label it can still get).
Each further row extends every surviving partial transformation by the source rows
still allowed (same band, or a new band) and keeps only the extensions whose new row is
the smallest (prefix comparison). When many partial transformations survive
(blank-heavy puzzles), those whose remaining rows look identical are merged.

>>> from sudokit.transform import Transform, canonical, equivalent
>>> p = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
>>> t = Transform(transpose=True, rows=(3, 4, 5, 0, 1, 2, 6, 7, 8))
>>> q = t.apply(p)
>>> canonical(q) == canonical(p)
True
>>> m = equivalent(p, q)
>>> m is not None and m.apply(p) == q
True
>>> (t @ t.inverse()).is_identity
True
"""

from __future__ import annotations

import random as _random
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import permutations, product
from math import factorial

from .errors import SearchLimitExceeded
from .grid import BOXES, Grid, PuzzleLike

__all__ = [
    "Transform",
    "IDENTITY",
    "GROUP_ORDER",
    "canonical",
    "canonical_transform",
    "equivalent",
    "automorphisms",
    "automorphism_count",
]

#: Number of geometric transformations (transposition, band/stack and row/column swaps).
GROUP_ORDER = 2 * 6**8

_NINE = tuple(range(9))
_DIGITS = tuple(range(1, 10))
#: Stop enumerating automorphisms beyond this many partial transformations (memory guard).
_MAX_PARTIALS = 2_000_000


def _check_lines(name: str, lines: Sequence[int]) -> tuple[int, ...]:
    """Validate a band-respecting permutation of 0..8 (each block of 3 from one band)."""
    lines = tuple(int(x) for x in lines)
    if sorted(lines) != list(_NINE):
        raise ValueError(f"{name} must be a permutation of 0..8, got {lines}")
    for k in (0, 3, 6):
        if not lines[k] // 3 == lines[k + 1] // 3 == lines[k + 2] // 3:
            raise ValueError(f"{name}[{k}:{k + 3}] = {lines[k:k + 3]} mixes bands/stacks")
    return lines


@dataclass(frozen=True)
class Transform:
    """One element of the Sudoku group (see the module docstring for the action).

    Immutable and hashable; ``repr`` evaluates back. Compose with ``a @ b`` (apply
    ``b`` first, then ``a``, like functions) or ``b.then(a)``; invert with
    :meth:`inverse`; ``Transform()`` is the identity.
    """

    transpose: bool = False
    rows: tuple[int, ...] = _NINE
    cols: tuple[int, ...] = _NINE
    digits: tuple[int, ...] = _DIGITS
    _cellmap: tuple[int, ...] = field(default=(), init=False, repr=False, compare=False, hash=False)
    _table: bytes = field(default=b"", init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        """Validate the fields and precompute the cell map and digit table."""
        rows = _check_lines("rows", self.rows)
        cols = _check_lines("cols", self.cols)
        digits = tuple(int(d) for d in self.digits)
        if sorted(digits) != list(_DIGITS):
            raise ValueError(f"digits must be a permutation of 1..9, got {digits}")
        object.__setattr__(self, "transpose", bool(self.transpose))
        object.__setattr__(self, "rows", rows)
        object.__setattr__(self, "cols", cols)
        object.__setattr__(self, "digits", digits)
        if self.transpose:
            cellmap = tuple(cols[c] * 9 + rows[r] for r in range(9) for c in range(9))
        else:
            cellmap = tuple(rows[r] * 9 + cols[c] for r in range(9) for c in range(9))
        object.__setattr__(self, "_cellmap", cellmap)
        object.__setattr__(self, "_table", bytes.maketrans(b"123456789", bytes(48 + d for d in digits)))

    # ------------------------------------------------------------ construction
    @classmethod
    def identity(cls) -> Transform:
        """The identity transformation."""
        return cls()

    @classmethod
    def random(cls, rng: _random.Random | None = None, *, relabel: bool = True) -> Transform:
        """A uniformly random group element drawn from ``rng`` (``relabel=False``: digits kept)."""
        rng = rng if rng is not None else _random.Random()
        transpose = rng.random() < 0.5
        rows, cols = _random_lines(rng), _random_lines(rng)
        digits = list(_DIGITS)
        if relabel:
            rng.shuffle(digits)
        return cls(transpose, rows, cols, tuple(digits))

    # -------------------------------------------------------------- the group
    def __matmul__(self, other: Transform) -> Transform:
        """``(a @ b).apply(g) == a.apply(b.apply(g))``."""
        if not isinstance(other, Transform):
            return NotImplemented
        digits = tuple(self.digits[d - 1] for d in other.digits)
        if self.transpose:
            rows = tuple(other.cols[x] for x in self.rows)
            cols = tuple(other.rows[x] for x in self.cols)
        else:
            rows = tuple(other.rows[x] for x in self.rows)
            cols = tuple(other.cols[x] for x in self.cols)
        return Transform(self.transpose != other.transpose, rows, cols, digits)

    def then(self, other: Transform) -> Transform:
        """This transformation followed by ``other`` (``other @ self``)."""
        return other @ self

    def inverse(self) -> Transform:
        """The transformation that undoes this one."""
        rows, cols = _invert(self.rows), _invert(self.cols)
        digits = _invert(tuple(d - 1 for d in self.digits))
        if self.transpose:
            rows, cols = cols, rows
        return Transform(self.transpose, rows, cols, tuple(d + 1 for d in digits))

    def __pow__(self, exponent: int) -> Transform:
        """Repeated composition; negative powers use the inverse."""
        base = self if exponent >= 0 else self.inverse()
        result = Transform()
        for _ in range(abs(exponent)):
            result = base @ result
        return result

    @property
    def is_identity(self) -> bool:
        """True for the identity element."""
        return self == IDENTITY

    @property
    def is_geometric(self) -> bool:
        """True when the digits are not relabelled."""
        return self.digits == _DIGITS

    # -------------------------------------------------------------- the action
    def apply(self, grid: PuzzleLike) -> Grid:
        """The image of a puzzle or grid (blanks stay blank)."""
        return Grid._trusted(self.apply_bytes(bytes(Grid.parse(grid))))

    def apply_bytes(self, cells: bytes) -> bytes:
        """The image of 81 kernel bytes (``b'1'..b'9'``, ``b'.'``) without parsing."""
        return bytes(map(cells.__getitem__, self._cellmap)).translate(self._table)

    def cell_map(self) -> tuple[int, ...]:
        """``cell_map()[i]`` is the source cell (0..80) whose value lands on cell ``i``."""
        return self._cellmap

    def __call__(self, grid: PuzzleLike) -> Grid:
        """Same as :meth:`apply`."""
        return self.apply(grid)


#: The identity transformation.
IDENTITY = Transform()


def _invert(perm: Sequence[int]) -> tuple[int, ...]:
    out = [0] * len(perm)
    for i, p in enumerate(perm):
        out[p] = i
    return tuple(out)


def _random_lines(rng: _random.Random) -> tuple[int, ...]:
    """A random band-respecting permutation of 0..8."""
    bands = [0, 1, 2]
    rng.shuffle(bands)
    lines: list[int] = []
    for band in bands:
        inner = [band * 3, band * 3 + 1, band * 3 + 2]
        rng.shuffle(inner)
        lines.extend(inner)
    return tuple(lines)


# ======================================================================= canonical form
# A *partial* is a transformation whose first output rows are fixed:
#   (t, rows_so_far, groups, labels, next_label)
# ``groups`` is the column order still open: a tuple of groups of source columns in
# output order; the columns of one group (always inside one stack) are interchangeable
# because every output row so far shows the same value (a blank) in all of them.
# Ties are only broken when a later row tells the columns apart, so a blank-heavy first
# row does not multiply the search. ``labels`` is a bytes of 10: labels[d] is the output
# label of source digit d (0: not seen yet). Row values are 0 (blank) or 1..9.
_Groups = tuple[tuple[int, ...], ...]
_Partial = tuple[int, tuple[int, ...], _Groups, bytes, int]
_Orient = tuple[tuple[bytes, ...], tuple[bytes, ...]]
_STACK_ORDERS: tuple[_Groups, ...] = tuple(
    tuple(tuple(range(s * 3, s * 3 + 3)) for s in order) for order in permutations(range(3))
)


def _orientations(cells: bytes) -> _Orient:
    """Rows of the grid (values 0..9) as seen untransposed (t=0) and transposed (t=1)."""
    values = bytes(0 if ch == 46 else ch - 48 for ch in cells)
    rows = tuple(values[r * 9 : r * 9 + 9] for r in range(9))
    cols = tuple(bytes(values[r * 9 + c] for r in range(9)) for c in range(9))
    boxes = tuple(bytes(values[i] for i in box) for box in BOXES)
    for line in rows + cols + boxes:
        digits = line.replace(b"\0", b"")
        if len(set(digits)) != len(digits):
            Grid._trusted(cells).check()  # raises ConflictingGivensError with the details
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


def _refine(row: bytes, groups: _Groups, labels: bytes, nxt: int) -> tuple[tuple[int, ...], list[tuple[int, ...]], bytearray, int, _Fresh]:
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


def _branches(row: bytes, refined: list[tuple[int, ...]], lab: bytearray, fresh_sets: _Fresh) -> list[tuple[_Groups, bytes]]:
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


def _future_key(orient: _Orient, p: _Partial) -> tuple[object, ...]:
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


def _flat(groups: _Groups) -> tuple[int, ...]:
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


def _first_row(row: bytes, groups: _Groups) -> tuple[tuple[int, ...], _Groups, bytes, int, _Lazy]:
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
    row0: bytes, row: bytes, groups: _Groups, labels: bytes, nxt: int, lazy: _Lazy, bound: tuple[int, ...] | None
) -> list[tuple[tuple[int, ...], _Groups, bytes, int]]:
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


def _two_rows(orient: _Orient) -> tuple[list[int], list[_Partial]]:
    """The first two rows of the canonical form and every partial that gives them."""
    firsts: list[tuple[int, int, _Groups, bytes, int, _Lazy]] = []
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
    partials: list[_Partial] = []
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


def _search(cells: bytes, merge: bool) -> tuple[bytes, list[_Partial]]:
    """Canonical 81 bytes and the partials (complete transformations) that reach it."""
    orient = _orientations(cells)
    image, partials = _two_rows(orient)
    merge = merge and cells.count(b".") >= 50  # only sparse puzzles pile up tied partials
    for _level in range(2, 9):
        if merge and len(partials) > 64:
            partials = list({_future_key(orient, p): p for p in partials}.values())
        elif len(partials) > _MAX_PARTIALS:
            raise SearchLimitExceeded(f"more than {_MAX_PARTIALS} partial transformations (too few givens)")
        best: tuple[int, ...] | None = None
        survivors: list[_Partial] = []
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


def _complete(p: _Partial, every: bool) -> list[_Partial]:
    """Resolve the groups still tied at the end (columns blank in every row)."""
    t, used, groups, labels, nxt = p
    if not every or all(len(g) == 1 for g in groups):
        return [(t, used, tuple((c,) for c in _flat(groups)), labels, nxt)]
    options = [permutations(g) for g in groups]
    return [(t, used, tuple((c,) for g in choice for c in g), labels, nxt) for choice in product(*options)]


def _as_transform(p: _Partial) -> Transform:
    """Turn a complete partial into a Transform (unseen digits get the free labels in order)."""
    t, used, groups, labels, nxt = p
    cols = _flat(groups)
    digits = list(labels[1:])
    free = iter(range(nxt + 1, 10))
    digits = [d if d else next(free) for d in digits]
    return Transform(bool(t), used, cols, tuple(digits))


def _cells(puzzle: PuzzleLike) -> bytes:
    return bytes(Grid.parse(puzzle))


def canonical(puzzle: PuzzleLike) -> Grid:
    """The minimal-lexicographic image of ``puzzle`` over the whole group.

    Blanks count as 0 and cells are read in row-major order (see the module docstring).
    Two puzzles are equivalent exactly when their canonical forms are equal. Works for
    puzzles with blanks and for full grids; the givens are not checked for conflicts.

    >>> str(canonical("." * 80 + "5"))[-3:]
    '..1'
    """
    return Grid._trusted(_search(_cells(puzzle), merge=True)[0])


def canonical_transform(puzzle: PuzzleLike) -> Transform:
    """A transformation ``t`` with ``t.apply(puzzle) == canonical(puzzle)``."""
    cells = _cells(puzzle)
    _image, partials = _search(cells, merge=True)
    return _as_transform(partials[0])


def equivalent(a: PuzzleLike, b: PuzzleLike) -> Transform | None:
    """A transformation mapping ``a`` onto ``b``, or None when they are not equivalent.

    >>> equivalent("1" + "." * 80, "." * 80 + "7") is not None
    True
    >>> equivalent("12" + "." * 79, "1" + "." * 79 + "2") is None
    True
    """
    image_a, partials_a = _search(_cells(a), merge=True)
    image_b, partials_b = _search(_cells(b), merge=True)
    if image_a != image_b:
        return None
    return _as_transform(partials_b[0]).inverse() @ _as_transform(partials_a[0])


def automorphisms(puzzle: PuzzleLike) -> list[Transform]:
    """Every transformation that maps ``puzzle`` onto itself (the identity included).

    Digits that do not occur are left in place, so the list is finite and each element
    is distinct. A typical full grid or minimal puzzle has only the identity. Puzzles
    with very few givens have huge groups (the empty grid: all 3,359,232 geometric
    transformations): beyond two million :class:`~sudokit.errors.SearchLimitExceeded`
    is raised. Use :func:`automorphism_count` to only count them.

    >>> len(automorphisms("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"))
    1
    """
    _image, partials = _search(_cells(puzzle), merge=False)
    total = sum(_tied_orders(p) for p in partials)
    if total > _MAX_PARTIALS:
        raise SearchLimitExceeded(f"{total} automorphisms: too many to list (see automorphism_count)")
    transforms = [_as_transform(q) for p in partials for q in _complete(p, every=True)]
    back = transforms[0].inverse()
    return [back @ t for t in transforms]


def automorphism_count(puzzle: PuzzleLike) -> int:
    """How many transformations map ``puzzle`` onto itself (without listing them).

    >>> automorphism_count("." * 81) == GROUP_ORDER
    True
    """
    _image, partials = _search(_cells(puzzle), merge=False)
    return sum(_tied_orders(p) for p in partials)


def _tied_orders(p: _Partial) -> int:
    """Number of column orders a finished partial still leaves open (tied blank columns)."""
    count = 1
    for group in p[2]:
        count *= factorial(len(group))
    return count
