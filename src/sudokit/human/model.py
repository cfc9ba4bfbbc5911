"""The candidate grid: the mutable working state of human-style solving.

Bit layouts (plain Python ints, no objects per cell)::

    cands[cell]   9-bit digit mask      bit d-1 set  <=>  digit d still possible in cell
                  . . . . . . . . .     (0 for a filled cell)
                  9 8 7 6 5 4 3 2 1

    where[d]      81-bit cell mask      bit i set    <=>  digit d is a candidate of cell i
                  (i = 9*row + col, row-major, the same index as everywhere in sudokit)

``where`` is kept in step with ``cands`` by :meth:`Candidates.place` and
:meth:`Candidates.eliminate`, so a finder gets "the cells of house h where d can go" as one
AND: ``state.where[d] & HOUSE_MASK[h]``.  Houses are numbered as in :data:`sudokit.grid.HOUSES`:
0-8 rows, 9-17 columns, 18-26 boxes.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, Callable, TypeVar, Union

from ..errors import InvalidFormatError, cell_name
from ..grid import HOUSES, PEERS, Grid, PuzzleLike

if TYPE_CHECKING:
    from .step import Step

__all__ = [
    "Candidates",
    "PencilMarks",
    "ALL_DIGITS",
    "BIT",
    "DIGITS_OF",
    "POPCOUNT",
    "HOUSE_CELLS",
    "HOUSE_NAMES",
    "HOUSE_MASK",
    "CELL_HOUSES",
    "ROW_OF",
    "COL_OF",
    "BOX_OF",
    "PEER_MASK",
    "PEER_CELLS",
    "CELL_BIT",
    "cells_of",
    "digits_of",
    "house_name",
]

# ------------------------------------------------------------------ tables
#: Mask with all nine digits possible.
ALL_DIGITS = 0x1FF
#: ``BIT[d]`` is the candidate bit of digit d (``BIT[0] == 0``).
BIT: tuple[int, ...] = (0,) + tuple(1 << (d - 1) for d in range(1, 10))
#: ``DIGITS_OF[mask]``: the digits of a 9-bit mask, ascending.
DIGITS_OF: tuple[tuple[int, ...], ...] = tuple(
    tuple(d for d in range(1, 10) if m >> (d - 1) & 1) for m in range(512)
)
#: ``POPCOUNT[mask]`` for a 9-bit mask.
POPCOUNT: tuple[int, ...] = tuple(len(ds) for ds in DIGITS_OF)
#: Cells of each of the 27 houses (rows 0-8, columns 9-17, boxes 18-26).
HOUSE_CELLS: tuple[tuple[int, ...], ...] = tuple(cells for _, cells in HOUSES)
#: Names of the houses: "row 1" ... "box 9".
HOUSE_NAMES: tuple[str, ...] = tuple(name for name, _ in HOUSES)
#: ``CELL_BIT[i] == 1 << i``.
CELL_BIT: tuple[int, ...] = tuple(1 << i for i in range(81))
#: 81-bit mask of each house's cells.
HOUSE_MASK: tuple[int, ...] = tuple(sum(CELL_BIT[c] for c in cells) for cells in HOUSE_CELLS)
ROW_OF: tuple[int, ...] = tuple(i // 9 for i in range(81))
COL_OF: tuple[int, ...] = tuple(i % 9 for i in range(81))
BOX_OF: tuple[int, ...] = tuple((i // 27) * 3 + (i % 9) // 3 for i in range(81))
#: ``CELL_HOUSES[i] == (row, 9 + column, 18 + box)``: the house numbers of cell i.
CELL_HOUSES: tuple[tuple[int, int, int], ...] = tuple(
    (ROW_OF[i], 9 + COL_OF[i], 18 + BOX_OF[i]) for i in range(81)
)
#: The 20 peers of each cell, ascending.
PEER_CELLS: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(p)) for p in PEERS)
#: 81-bit mask of each cell's peers.
PEER_MASK: tuple[int, ...] = tuple(sum(CELL_BIT[p] for p in ps) for ps in PEER_CELLS)

#: A user's pencil marks: ``{cell: {digits}}`` or a 729-character candidate string.
PencilMarks = Union[Mapping[int, Iterable[int]], str]


def cells_of(mask: int) -> list[int]:
    """The cell indices of an 81-bit cell mask, ascending (lowest-set-bit loop)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def digits_of(mask: int) -> tuple[int, ...]:
    """The digits of a 9-bit candidate mask, ascending."""
    return DIGITS_OF[mask]


def house_name(house: int) -> str:
    """The name of house number 0..26, e.g. ``house_name(18) == 'box 1'``."""
    return HOUSE_NAMES[house]


# ------------------------------------------------------------------- model
_T = TypeVar("_T")


class Candidates:
    """A candidate grid: placed digits, givens and the candidates of each blank cell.

    >>> s = Candidates.from_puzzle("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
    >>> sorted(s.candidates(2))
    [1, 2, 4]
    >>> s.place(2, 4); s.values[2], 4 in s.candidates(3)
    (4, False)
    """

    __slots__ = ("values", "cands", "givens", "where", "_memo")

    values: list[int]
    cands: list[int]
    givens: frozenset[int]
    where: list[int]
    #: Derived tables (strong links, position masks) shared by the finders; emptied on change.
    _memo: dict[tuple[str, int], Any]

    def __init__(self, values: list[int], cands: list[int], givens: frozenset[int]) -> None:
        """Wrap 81 values, 81 candidate masks and the given cells (no checks; prefer the
        ``from_*`` constructors)."""
        self.values = values
        self.cands = cands
        self.givens = givens
        self.where = _where_masks(cands)
        self._memo = {}

    # ------------------------------------------------------- constructors
    @classmethod
    def from_puzzle(cls, puzzle: PuzzleLike) -> Candidates:
        """Start a puzzle: its clues are the givens, candidates follow from the peers."""
        values = list(Grid.parse(puzzle))
        return cls(values, _peer_candidates(values), frozenset(i for i, v in enumerate(values) if v))

    @classmethod
    def from_state(
        cls,
        digits: PuzzleLike,
        pencil_marks: PencilMarks | None = None,
        givens: Iterable[int] | PuzzleLike | None = None,
    ) -> Candidates:
        """Start from a user's grid: their digits (possibly wrong) and their pencil marks.

        ``pencil_marks`` is ``{cell: digits}`` or a 729-character string (9 characters per
        cell, a digit or ``.`` each, like HoDoKu's and SudoCue's candidate export). A blank
        cell without any pencil mark counts as "not marked yet": its candidates are computed
        from the peers, as they all are when ``pencil_marks`` is None. Marks are kept as
        given otherwise, wrong ones included (that is what a hint checks). ``givens`` is a puzzle (its filled cells are the clues) or an
        iterable of cell indices; by default every filled cell counts as a given.
        """
        values = list(Grid.parse(digits))
        if pencil_marks is None:
            cands = _peer_candidates(values)
        else:
            marks = _parse_pencil_marks(pencil_marks)
            computed = _peer_candidates(values)
            cands = [0 if values[i] else marks[i] or computed[i] for i in range(81)]
        return cls(values, cands, _givens(givens, values))

    def copy(self) -> Candidates:
        """An independent copy."""
        new = object.__new__(Candidates)
        new.values = self.values[:]
        new.cands = self.cands[:]
        new.givens = self.givens
        new.where = self.where[:]
        new._memo = {}
        return new

    # ------------------------------------------------------------ changes
    def place(self, cell: int, digit: int) -> None:
        """Put ``digit`` in ``cell`` and remove it from the candidates of the peers."""
        if self._memo:
            self._memo = {}
        bit = BIT[digit]
        where = self.where
        cands = self.cands
        for d in DIGITS_OF[cands[cell]]:
            where[d] &= ~CELL_BIT[cell]
        cands[cell] = 0
        self.values[cell] = digit
        hit = where[digit] & PEER_MASK[cell]
        if hit:
            where[digit] ^= hit
            for p in cells_of(hit):
                cands[p] &= ~bit

    def eliminate(self, cell: int, digit: int) -> bool:
        """Remove candidate ``digit`` from ``cell``; True if it was there."""
        bit = BIT[digit]
        if not self.cands[cell] & bit:
            return False
        if self._memo:
            self._memo = {}
        self.cands[cell] ^= bit
        self.where[digit] &= ~CELL_BIT[cell]
        return True

    def apply(self, step: Step) -> None:
        """Carry out a step: its placements, then its eliminations."""
        for cell, digit in step.placements:
            self.place(cell, digit)
        for cell, digit in step.eliminations:
            self.eliminate(cell, digit)

    # ------------------------------------------------------------ queries
    def candidates(self, cell: int) -> set[int]:
        """The candidate digits of ``cell`` (empty for a filled cell)."""
        return set(DIGITS_OF[self.cands[cell]])

    def is_solved(self) -> bool:
        """True when every cell holds a digit (use :meth:`to_grid` to check validity)."""
        return 0 not in self.values

    def to_grid(self) -> Grid:
        """The placed digits as a :class:`~sudokit.grid.Grid`."""
        return Grid.parse(self.values)

    def house_cells(self, house: int, digit: int) -> int:
        """81-bit mask of the cells of ``house`` where ``digit`` is a candidate."""
        return self.where[digit] & HOUSE_MASK[house]

    def positions(self, house: int, digit: int) -> int:
        """9-bit mask: bit k set when ``digit`` can go in the k-th cell of ``house``."""
        return self.position_table(digit)[house]

    def strong_links(self, digit: int) -> list[tuple[int, int, int]]:
        """Conjugate pairs of ``digit``: ``(house, cell a, cell b)`` for every house where the
        digit has exactly two places (a < b), houses in order; cached until the next change."""
        key = ("links", digit)
        memo = self._memo.get(key)
        if memo is None:
            where = self.where[digit]
            links = []
            for h in range(27):
                m = where & HOUSE_MASK[h]
                if m and m.bit_count() == 2:
                    links.append((h, (m & -m).bit_length() - 1, m.bit_length() - 1))
            self._memo[key] = memo = links
        return memo

    def position_table(self, digit: int) -> list[int]:
        """For each of the 27 houses, the 9-bit mask of the house positions (k-th cell of
        ``HOUSE_CELLS[h]``) where ``digit`` can go; cached until the next change."""
        key = ("positions", digit)
        memo = self._memo.get(key)
        if memo is None:
            where = self.where[digit]
            rows = [(where >> (9 * r)) & 0x1FF for r in range(9)]
            cols = [0] * 9
            for r, row in enumerate(rows):
                for c in DIGITS_OF[row]:
                    cols[c - 1] |= 1 << r
            boxes = [
                (rows[br] >> bc & 7) | (rows[br + 1] >> bc & 7) << 3 | (rows[br + 2] >> bc & 7) << 6
                for br in (0, 3, 6)
                for bc in (0, 3, 6)
            ]
            self._memo[key] = memo = rows + cols + boxes
        return memo

    def cand_bytes(self) -> bytes:
        """The 81 candidate masks as native uint16 bytes (the kernel searches' input),
        computed once per candidate grid."""
        memo = self._memo.get(("cand_bytes", 0))
        if memo is None:
            self._memo[("cand_bytes", 0)] = memo = array("H", self.cands).tobytes()
        return memo

    def cached(self, key: str, build: Callable[[], _T]) -> _T:
        """``build()``, computed once per candidate grid: kept until the next change (finders
        that share a derived table, e.g. the ALS list and its restricted commons)."""
        memo = self._memo.get((key, 0))
        if memo is None:
            self._memo[(key, 0)] = memo = build()
        return memo

    def empty_cells(self) -> list[int]:
        """The blank cells, ascending."""
        return [i for i, v in enumerate(self.values) if not v]

    def candidate_count(self) -> int:
        """How many candidates are left on the grid."""
        return sum(POPCOUNT[m] for m in self.cands)

    def to_candidate_string(self) -> str:
        """729 characters: for each cell, 9 slots holding the digit or ``.`` (placed
        cells show only their digit)."""
        out = []
        for i in range(81):
            mask = BIT[self.values[i]] if self.values[i] else self.cands[i]
            out.append("".join(str(d) if mask >> (d - 1) & 1 else "." for d in range(1, 10)))
        return "".join(out)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Candidates)
            and self.values == other.values
            and self.cands == other.cands
            and self.givens == other.givens
        )

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        grid = "".join(str(v) if v else "." for v in self.values)
        return f"<Candidates {grid} ({self.candidate_count()} candidates)>"

    def __iter__(self) -> Iterator[int]:
        """The 81 cell values (0 for blanks)."""
        return iter(self.values)


# ----------------------------------------------------------------- helpers
def _peer_candidates(values: list[int]) -> list[int]:
    """Candidate masks from the digits placed in each cell's peers."""
    used = [0] * 27
    for i, v in enumerate(values):
        if v:
            for h in CELL_HOUSES[i]:
                used[h] |= BIT[v]
    out = []
    for i, v in enumerate(values):
        if v:
            out.append(0)
        else:
            r, c, b = CELL_HOUSES[i]
            out.append(ALL_DIGITS & ~(used[r] | used[c] | used[b]))
    return out


def _where_masks(cands: list[int]) -> list[int]:
    """The ten per-digit 81-bit cell masks (index 0 unused) of a candidate list."""
    where = [0] * 10
    for i, mask in enumerate(cands):
        for d in DIGITS_OF[mask]:
            where[d] |= CELL_BIT[i]
    return where


def _parse_pencil_marks(marks: PencilMarks) -> list[int]:
    """81 candidate masks from a ``{cell: digits}`` mapping or a 729-character string."""
    cands = [0] * 81
    if isinstance(marks, str):
        text = "".join(marks.split())
        if len(text) != 729:
            raise InvalidFormatError(f"a candidate string has 729 characters, got {len(text)}")
        for k, ch in enumerate(text):
            if ch in "123456789":
                cands[k // 9] |= BIT[int(ch)]
            elif ch not in ".0":
                raise InvalidFormatError(f"unexpected character {ch!r} in candidate string", column=k + 1)
        return cands
    if not isinstance(marks, Mapping):
        raise InvalidFormatError(f"pencil marks must be a {{cell: digits}} mapping or a 729-character string, got {type(marks).__name__}")
    for cell, digits in marks.items():
        if not isinstance(cell, int) or not 0 <= cell < 81:
            raise InvalidFormatError(f"cell index {cell!r} out of range in pencil marks")
        if not isinstance(digits, Iterable):
            raise InvalidFormatError(f"{cell_name(cell)}: pencil marks must be a collection of digits, got {digits!r}")
        for d in digits:
            if not isinstance(d, int) or not 1 <= d <= 9:
                raise InvalidFormatError(f"digit {d!r} out of range in pencil marks")
            cands[cell] |= BIT[d]
    return cands


def _givens(givens: Iterable[int] | PuzzleLike | None, values: list[int]) -> frozenset[int]:
    """The given cells: every filled cell by default, a puzzle's clues, or explicit cells."""
    if givens is None:
        return frozenset(i for i, v in enumerate(values) if v)
    if isinstance(givens, (Grid, str, bytes, bytearray, memoryview)):
        return frozenset(i for i, v in enumerate(Grid.parse(givens)) if v)
    cells = list(givens)
    if len(cells) == 81 and all(isinstance(v, int) and 0 <= v <= 9 for v in cells) and max(cells, default=0) <= 9:
        # ambiguous: 81 small ints looks like a puzzle; treat it as one
        return frozenset(i for i, v in enumerate(cells) if v)
    bad = [c for c in cells if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < 81]
    if bad:
        raise InvalidFormatError(f"given cells are indices 0..80, got {bad[0]!r}")
    return frozenset(cells)
