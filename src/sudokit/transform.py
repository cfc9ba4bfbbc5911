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

The search runs in the kernel: ``csrc/canon9.c`` behind ``_core.canonical`` (about 80,000
puzzles or 25,000 full grids per second, see benchmarks/RESULTS.md) and the reference
search in ``sudokit._pycore``, which gives the same forms and also lists the
automorphisms. :func:`canonical_many` runs a whole collection through the batch call.

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
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import permutations, product
from math import factorial
from types import ModuleType

from typing import TYPE_CHECKING

from . import _backend
from .errors import SearchLimitExceeded, SudokuError
from .grid import Grid, PuzzleLike

if TYPE_CHECKING:
    from . import _pycore

__all__ = [
    "Transform",
    "IDENTITY",
    "GROUP_ORDER",
    "canonical",
    "canonical_transform",
    "canonical_many",
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
# The search itself is in the kernel: csrc/canon9.c (``_core.canonical``) and its
# reference twin ``_pycore.canonical_search``. Both return a transformation as 28 bytes:
# transpose, rows[9], cols[9], digits[9]. The twin also lists every partial that reaches
# the form, which is how automorphisms are enumerated (``merge=False``).
#: The kernel's canonical-form statuses (the contract in _core.pyi; _pycore has the same names).
#: Kept here so that canonical() with the C core never imports the twin (~80 ms).
_CANON_OK, _CANON_TOO_MANY = 0, 2


def _twin() -> ModuleType:
    """The pure-Python twin, imported on first use: the reference search that lists every
    transformation reaching the form (automorphisms), and the fallback for very sparse puzzles."""
    from . import _pycore

    return _pycore


def _flat(groups: _pycore.Groups) -> tuple[int, ...]:
    return tuple(c for g in groups for c in g)


def _complete(p: _pycore.Partial, every: bool) -> list[_pycore.Partial]:
    """Resolve the groups still tied at the end (columns blank in every row)."""
    t, used, groups, labels, nxt = p
    if not every or all(len(g) == 1 for g in groups):
        return [(t, used, tuple((c,) for c in _flat(groups)), labels, nxt)]
    options = [permutations(g) for g in groups]
    return [(t, used, tuple((c,) for g in choice for c in g), labels, nxt) for choice in product(*options)]


def _as_transform(p: _pycore.Partial) -> Transform:
    """Turn a complete partial into a Transform (unseen digits get the free labels in order)."""
    return _transform_from_bytes(_twin().partial_transform_bytes(p))


def _transform_from_bytes(raw: bytes) -> Transform:
    """The Transform of 28 kernel bytes (transpose, rows, cols, digits)."""
    return Transform(bool(raw[0]), tuple(raw[1:10]), tuple(raw[10:19]), tuple(raw[19:28]))


def _cells(puzzle: PuzzleLike) -> bytes:
    return bytes(Grid.parse(puzzle))


def _conflict(cells: bytes) -> SudokuError:
    """The error for givens the kernel found conflicting (ConflictingGivensError)."""
    try:
        Grid._trusted(cells).check()
    except SudokuError as exc:
        return exc
    return SudokuError("the canonical-form kernel reported conflicting givens")  # pragma: no cover


def _kernel_canonical(cells: bytes) -> tuple[bytes, bytes]:
    """(form, transform bytes) from the active kernel; the twin takes over the rare
    puzzles too sparse for the C search's memory cap."""
    status, form, raw = _backend.kernel().canonical(cells)
    if status == _CANON_TOO_MANY:
        status, form, raw = _twin().canonical(cells)
    if status != _CANON_OK:
        raise _conflict(cells)
    return form, raw


def _reference_search(cells: bytes, merge: bool) -> tuple[bytes, list[_pycore.Partial]]:
    found: tuple[bytes, list[_pycore.Partial]] | None = _twin().canonical_search(cells, merge)
    if found is None:
        raise _conflict(cells)
    return found


def canonical(puzzle: PuzzleLike) -> Grid:
    """The minimal-lexicographic image of ``puzzle`` over the whole group.

    Blanks count as 0 and cells are read in row-major order (see the module docstring).
    Two puzzles are equivalent exactly when their canonical forms are equal. Works for
    puzzles with blanks and for full grids; conflicting givens raise
    :class:`~sudokit.errors.ConflictingGivensError`. Both kernels give the same form.

    >>> str(canonical("." * 80 + "5"))[-3:]
    '..1'
    """
    return Grid._trusted(_kernel_canonical(_cells(puzzle))[0])


def canonical_transform(puzzle: PuzzleLike) -> Transform:
    """A transformation ``t`` with ``t.apply(puzzle) == canonical(puzzle)``.

    When several transformations reach the form (symmetric puzzles), which one is
    returned may differ between the C and Python kernels.
    """
    return _transform_from_bytes(_kernel_canonical(_cells(puzzle))[1])


def canonical_many(puzzles: Iterable[PuzzleLike], chunk: int = 4096) -> Iterator[Grid]:
    """``canonical`` of each puzzle, in order, computed in chunks by the kernel's batch
    call (the C kernel releases the GIL while it works).

    >>> [str(g)[-1] for g in canonical_many(["5" + "." * 80, "." * 80 + "7"])]
    ['1', '1']
    """
    batch: list[bytes] = []
    for puzzle in puzzles:
        batch.append(_cells(puzzle))
        if len(batch) >= chunk:
            yield from _canonical_chunk(batch)
            batch = []
    if batch:
        yield from _canonical_chunk(batch)


def _canonical_chunk(cells: list[bytes]) -> Iterator[Grid]:
    forms, statuses = bytearray(81 * len(cells)), bytearray(len(cells))
    _backend.kernel().canonical_batch(b"".join(cells), forms, statuses)
    for k, status in enumerate(statuses):
        if status == _CANON_OK:
            yield Grid._trusted(bytes(forms[81 * k : 81 * k + 81]))
        else:
            yield Grid._trusted(_kernel_canonical(cells[k])[0])  # sparse fallback or error


def equivalent(a: PuzzleLike, b: PuzzleLike) -> Transform | None:
    """A transformation mapping ``a`` onto ``b``, or None when they are not equivalent.

    >>> equivalent("1" + "." * 80, "." * 80 + "7") is not None
    True
    >>> equivalent("12" + "." * 79, "1" + "." * 79 + "2") is None
    True
    """
    image_a, raw_a = _kernel_canonical(_cells(a))
    image_b, raw_b = _kernel_canonical(_cells(b))
    if image_a != image_b:
        return None
    return _transform_from_bytes(raw_b).inverse() @ _transform_from_bytes(raw_a)


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
    _image, partials = _reference_search(_cells(puzzle), merge=False)
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
    _image, partials = _reference_search(_cells(puzzle), merge=False)
    return sum(_tied_orders(p) for p in partials)


def _tied_orders(p: _pycore.Partial) -> int:
    """Number of column orders a finished partial still leaves open (tied blank columns)."""
    count = 1
    for group in p[2]:
        count *= factorial(len(group))
    return count
