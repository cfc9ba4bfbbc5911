"""Pencil-mark grids: placed digits plus the candidates of every blank cell.

:class:`PencilGrid` is the value the sukaku formats read and write: the 729-character
candidate string and the multi-line candidate grid. It converts to and from a plain
:class:`~sudokit.grid.Grid` and feeds the human solver's
``Candidates.from_state(digits, pencil_marks)`` directly::

    Candidates.from_state(pg.digits, pg.pencil_marks())   # or pg.to_729()

The 729-character string has 9 characters per cell, in cell order; character ``k`` of a
cell is digit ``k+1`` when that digit is a candidate, else ``.`` or ``0``. Those strings
cannot tell a placed digit from a blank cell with one candidate; on reading, a lone digit
is placed unless a peer still lists it as a candidate (:meth:`PencilGrid.from_options`).

>>> pg = PencilGrid.from_grid(Grid("123456789" + "." * 72))
>>> sorted(pg.candidates[9])
[4, 5, 6, 7, 8, 9]
>>> PencilGrid.from_729(pg.to_729()) == pg
True
>>> pg.to_grid() == Grid("123456789" + "." * 72)
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..errors import InvalidFormatError
from ..grid import PEERS, Grid

__all__ = ["PencilGrid", "ALL_DIGITS"]

ALL_DIGITS: frozenset[int] = frozenset(range(1, 10))
_EMPTY: frozenset[int] = frozenset()


class PencilGrid:
    """An immutable grid of placed digits and candidate sets.

    ``values`` is a :class:`Grid` of the placed digits (givens and solved cells);
    ``candidates[i]`` is the frozenset of candidate digits of cell ``i`` (empty for a
    placed cell, possibly empty for a blank cell in a broken state). Compares and hashes
    by content; ``repr`` evaluates back to an equal object.
    """

    __slots__ = ("_values", "_candidates")
    _values: Grid
    _candidates: tuple[frozenset[int], ...]

    def __init__(self, values: Grid | str, candidates: Iterable[Iterable[int]]) -> None:
        """Make a pencil grid from placed digits and 81 candidate collections.

        Candidates given for a placed cell are ignored (stored as empty).
        """
        grid = Grid.parse(values) if not isinstance(values, Grid) else values
        cands = tuple(frozenset(c) for c in candidates)
        if len(cands) != 81:
            raise InvalidFormatError(f"expected 81 candidate sets, got {len(cands)}")
        for i, cell in enumerate(cands):
            if not cell <= ALL_DIGITS:
                raise InvalidFormatError(f"r{i // 9 + 1}c{i % 9 + 1}: candidates must be digits 1-9, got {sorted(cell)}")
        cands = tuple(_EMPTY if grid[i] else c for i, c in enumerate(cands))
        object.__setattr__(self, "_values", grid)
        object.__setattr__(self, "_candidates", cands)

    # ------------------------------------------------------------ building
    @classmethod
    def from_grid(cls, grid: Grid | str) -> PencilGrid:
        """Placed digits from ``grid``; each blank cell gets the digits its peers allow."""
        grid = Grid.parse(grid)
        return cls(grid, (grid.candidates(i) for i in range(81)))

    @classmethod
    def from_729(cls, text: str) -> PencilGrid:
        """Read a 729-character candidate string (``.`` or ``0`` for a missing candidate).

        Cells with one candidate are resolved as in :meth:`from_options`.
        """
        return cls.from_options(_candidate_sets(text))

    @classmethod
    def from_options(cls, options: Iterable[Iterable[int]]) -> PencilGrid:
        """Build from the digits each cell can hold, when placed digits are not marked.

        A cell with one option ``d`` is a placed digit unless a peer with several
        options still lists ``d``: then it is a blank cell with a naked single (the rule
        HoDoKu applies when it imports a candidate grid).
        """
        opts = [frozenset(o) for o in options]
        if len(opts) != 81:
            raise InvalidFormatError(f"expected 81 cells, got {len(opts)}")
        values = "".join(str(next(iter(o))) if _is_placed(opts, i) else "." for i, o in enumerate(opts))
        return cls(Grid(values), opts)

    @classmethod
    def from_state(cls, digits: Grid | str, pencil_marks: Mapping[int, Iterable[int]] | str) -> PencilGrid:
        """The same arguments as ``Candidates.from_state``: placed digits plus either a
        dict ``{cell: candidates}`` for blank cells or a 729-character string."""
        if isinstance(pencil_marks, str):
            return cls(digits, _candidate_sets(pencil_marks))
        return cls(digits, (pencil_marks.get(i, ()) for i in range(81)))

    # ------------------------------------------------------------- access
    @property
    def values(self) -> Grid:
        """The placed digits as a Grid (blank cells are 0)."""
        return self._values

    @property
    def digits(self) -> str:
        """The placed digits as an 81-character string (``.`` for blanks)."""
        return str(self._values)

    @property
    def candidates(self) -> tuple[frozenset[int], ...]:
        """81 frozensets: the candidates of each cell (empty for placed cells)."""
        return self._candidates

    def pencil_marks(self) -> dict[int, set[int]]:
        """``{cell: candidates}`` for every blank cell (what ``Candidates.from_state`` takes)."""
        return {i: set(c) for i, c in enumerate(self._candidates) if not self._values[i]}

    def to_grid(self) -> Grid:
        """The placed digits only (pencil marks dropped)."""
        return self._values

    def to_729(self) -> str:
        """The 729-character candidate string; a placed digit is its only candidate."""
        return "".join(_cell_chunk(self.options(i)) for i in range(81))

    def options(self, cell: int) -> frozenset[int]:
        """The digits cell ``cell`` can hold: its placed digit, or its candidates."""
        digit = self._values[cell]
        return frozenset((digit,)) if digit else self._candidates[cell]

    def normalized(self) -> PencilGrid:
        """What a round trip through the 729-character string or the candidate grid gives
        back: neither marks placed digits, so single-option cells are resolved by the rule
        of :meth:`from_options`."""
        return PencilGrid.from_options(self.options(i) for i in range(81))

    # ---------------------------------------------------------- identity
    def __eq__(self, other: object) -> bool:
        return isinstance(other, PencilGrid) and other._values == self._values and other._candidates == self._candidates

    def __hash__(self) -> int:
        return hash((self._values, self._candidates))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("PencilGrid is immutable")

    def __repr__(self) -> str:
        return f"PencilGrid.from_state({self.digits!r}, {self.to_729()!r})"


def _is_placed(options: list[frozenset[int]], cell: int) -> bool:
    if len(options[cell]) != 1:
        return False
    digit = next(iter(options[cell]))
    return not any(len(options[p]) > 1 and digit in options[p] for p in PEERS[cell])


def _candidate_sets(text: str) -> list[frozenset[int]]:
    if len(text) != 729:
        raise InvalidFormatError(f"expected 729 characters, got {len(text)}")
    return [_cell_candidates(text[i * 9 : i * 9 + 9], i * 9) for i in range(81)]


def _cell_candidates(chunk: str, offset: int) -> frozenset[int]:
    found = set()
    for k, ch in enumerate(chunk):
        if ch in ".0":
            continue
        if ch != str(k + 1):
            raise InvalidFormatError(
                f"unexpected {ch!r} (position {k + 1} of cell r{offset // 81 + 1}c{offset // 9 % 9 + 1} may only be {k + 1}, '.' or '0')",
                column=offset + k + 1,
            )
        found.add(k + 1)
    return frozenset(found)


def _cell_chunk(cands: frozenset[int]) -> str:
    return "".join(str(d) if d in cands else "." for d in range(1, 10))
