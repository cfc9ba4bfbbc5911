"""What a picture shows, independent of how it is drawn: :class:`Board` and :class:`Highlights`.

Every renderer accepts the same inputs and turns them into these two values first:

- a :class:`~sudokit.grid.Grid` (or anything :meth:`Grid.parse` reads): all digits are givens;
- ``(grid, pencil_marks)`` with ``pencil_marks: dict[cell, set[digit]]``;
- a candidates state from the hint engine, read by duck typing: ``values`` (81 ints),
  ``cands`` (81 bitmasks, bit ``d-1`` for digit ``d``) and ``givens`` (cell indices);
- a pencil-mark grid read by :mod:`sudokit.formats` (``values`` a Grid, ``candidates`` 81
  sets of digits);
- a :class:`Board` built with :func:`board`, which also separates givens from user digits.

Hints are read by duck typing too (a hint object with a ``step`` attribute shows its
step, or only its ``cells`` when it has none): any object with ``cells`` (``(cell, role)`` pairs),
``placements`` and ``eliminations`` (``(cell, digit)`` pairs), and optionally ``digits``,
``houses`` (names such as ``"row 1"``) and ``links`` (``((cell, digit), (cell, digit))``
pairs, with an optional third item ``strong: bool``). ``sudokit.human`` is never imported.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..grid import HOUSES, PEERS, Grid

__all__ = ["Board", "Highlights", "Link", "board", "board_of", "highlights_of", "prepare"]

Link = tuple[tuple[int, int], tuple[int, int], bool]
_HOUSE_CELLS = dict(HOUSES)


@dataclass(frozen=True)
class Board:
    """The cells of a picture: digits, which of them are givens, and pencil marks.

    ``values`` holds 81 ints (0 = blank), ``givens`` the indices of clue cells (other
    digits are drawn as the solver's or user's), ``marks`` 81 frozensets of pencil marks
    (drawn only in blank cells).
    """

    values: tuple[int, ...]
    givens: frozenset[int]
    marks: tuple[frozenset[int], ...]

    @property
    def has_marks(self) -> bool:
        """True when some blank cell has pencil marks."""
        return any(m for v, m in zip(self.values, self.marks) if not v)

    def with_candidates(self) -> Board:
        """A copy whose blank cells without marks get every digit their peers allow."""
        marks = tuple(
            m if v or m else frozenset(range(1, 10)) - {self.values[p] for p in PEERS[i]}
            for i, (v, m) in enumerate(zip(self.values, self.marks))
        )
        return Board(self.values, self.givens, marks)


@dataclass(frozen=True)
class Highlights:
    """What a hint marks on the board.

    ``cells``: ``(cell, role)`` tints (roles: base, cover, fin, pivot, pincer, link, ...);
    ``candidates``: ``(cell, digit, role)`` discs behind pencil marks; ``placements`` and
    ``eliminations``: ``(cell, digit)``; ``links``: ``((cell, digit), (cell, digit), strong)``
    lines between candidates (solid when strong, dashed when weak); ``houses``: house names
    (``"row 1"``, ``"column 3"``, ``"box 9"``) tinted lightly.
    """

    cells: tuple[tuple[int, str], ...] = ()
    candidates: tuple[tuple[int, int, str], ...] = ()
    placements: tuple[tuple[int, int], ...] = ()
    eliminations: tuple[tuple[int, int], ...] = ()
    links: tuple[Link, ...] = ()
    houses: tuple[str, ...] = ()

    def house_cells(self) -> list[int]:
        """Cells of the highlighted houses (unknown house names are ignored)."""
        return sorted({c for name in self.houses for c in _HOUSE_CELLS.get(name.lower(), ())})

    def mentioned(self) -> dict[int, set[int]]:
        """Candidates the hint talks about, per cell: they are drawn even if not marked."""
        found: dict[int, set[int]] = {}
        pairs = [(c, d) for c, d, _ in self.candidates] + list(self.placements) + list(self.eliminations)
        pairs += [end for a, b, _ in self.links for end in (a, b)]
        for cell, digit in pairs:
            found.setdefault(cell, set()).add(digit)
        return found


def board(
    grid: Any,
    *,
    puzzle: Any = None,
    marks: Mapping[int, Iterable[int]] | None = None,
    candidates: bool = False,
) -> Board:
    """Build a :class:`Board`: ``grid`` is the position to draw.

    ``puzzle`` (optional) names the givens: cells filled in ``puzzle`` are drawn as clues,
    the other digits of ``grid`` as entered digits. ``marks`` maps cells to pencil marks;
    ``candidates=True`` fills the remaining blank cells with the digits their peers allow.

    >>> b = board("12" + "." * 79, puzzle="1" + "." * 80, marks={80: {3, 4}})
    >>> b.values[:3], sorted(b.givens), sorted(b.marks[80])
    ((1, 2, 0), [0], [3, 4])
    """
    values = tuple(Grid.parse(grid))
    clues = values if puzzle is None else tuple(Grid.parse(puzzle))
    givens = frozenset(i for i, v in enumerate(clues) if v and values[i] == v)
    result = Board(values, givens, _marks_tuple(marks or {}))
    return result.with_candidates() if candidates else result


def _marks_tuple(marks: Mapping[int, Iterable[int]]) -> tuple[frozenset[int], ...]:
    out = [frozenset[int]()] * 81
    for cell, digits in marks.items():
        if not 0 <= cell < 81:
            raise ValueError(f"pencil mark cell {cell} out of range 0..80")
        out[cell] = frozenset(int(d) for d in digits if 1 <= int(d) <= 9)
    return tuple(out)


def board_of(obj: Any) -> Board:
    """Turn any accepted input (see the module docstring) into a :class:`Board`."""
    if isinstance(obj, Board):
        return obj
    if isinstance(obj, tuple) and len(obj) == 2 and isinstance(obj[1], Mapping):
        return board(obj[0], marks=obj[1])
    if hasattr(obj, "values") and hasattr(obj, "cands"):
        return _from_candidates(obj)
    if hasattr(obj, "values") and isinstance(getattr(obj, "candidates", None), Sequence):
        # a pencil-mark grid (sudokit.formats.PencilGrid): placed digits and 81 candidate sets
        return board(obj.values, marks=dict(enumerate(obj.candidates)))
    return board(obj)


def _from_candidates(state: Any) -> Board:
    """Read a hint-engine state: values, candidate bitmasks (bit d-1) and givens."""
    values = tuple(int(v) for v in state.values)
    masks = [int(m) for m in state.cands]
    marks = tuple(
        frozenset(d for d in range(1, 10) if masks[i] >> (d - 1) & 1) if not values[i] else frozenset[int]()
        for i in range(81)
    )
    givens = getattr(state, "givens", None)
    clue_cells = frozenset(i for i, v in enumerate(values) if v) if givens is None else frozenset(int(c) for c in givens)
    return Board(values, clue_cells, marks)


def highlights_of(obj: Any, shown: Any) -> Highlights:
    """Turn ``highlights=`` (None, :class:`Highlights`, a mapping or a hint step) into one,
    for the board ``shown`` (a :class:`Board` or any input :func:`board_of` accepts).

    For a step, the pattern candidates are its ``digits`` in its pattern cells, where the
    board shows them as pencil marks or the cell has no marks at all (eliminated ones are
    drawn struck, not tinted).
    """
    if obj is None:
        return Highlights()
    if isinstance(obj, Highlights):
        return _checked(obj)
    if isinstance(obj, Mapping):
        return _checked(_from_mapping(obj))
    return _checked(_from_step(obj, board_of(shown)))


def _checked(marks: Highlights) -> Highlights:
    """``marks`` itself, or ``ValueError`` naming a cell outside 0..80 or a digit outside 1..9."""
    cells = [c for c, _ in marks.cells] + [c for c, _, _ in marks.candidates]
    pairs = [(c, d) for c, d, _ in marks.candidates] + list(marks.placements) + list(marks.eliminations)
    pairs += [end for a, b, _ in marks.links for end in (a, b)]
    cells += [c for c, _ in pairs]
    bad_cell = next((c for c in cells if not 0 <= c < 81), None)
    if bad_cell is not None:
        raise ValueError(f"highlighted cell {bad_cell} is out of range 0..80")
    bad_digit = next((d for _, d in pairs if not 1 <= d <= 9), None)
    if bad_digit is not None:
        raise ValueError(f"highlighted digit {bad_digit} is out of range 1..9")
    return marks


def _from_mapping(data: Mapping[str, Any]) -> Highlights:
    return Highlights(
        cells=tuple((int(c), str(r)) for c, r in data.get("cells", ())),
        candidates=tuple((int(c), int(d), str(r)) for c, d, r in data.get("candidates", ())),
        placements=_pairs(data.get("placements", ())),
        eliminations=_pairs(data.get("eliminations", ())),
        links=tuple(_link(item) for item in data.get("links", ())),
        houses=tuple(str(h) for h in data.get("houses", ())),
    )


def _from_step(step: Any, shown: Board) -> Highlights:
    if hasattr(step, "step") and not hasattr(step, "placements"):  # a Hint: draw its step
        if step.step is not None:
            return _from_step(step.step, shown)
        return Highlights(cells=tuple((int(c), "other") for c in getattr(step, "cells", ())))
    cells = tuple((int(c), str(r)) for c, r in getattr(step, "cells", ()))
    eliminations = _pairs(getattr(step, "eliminations", ()))
    struck = set(eliminations)
    digits = [int(d) for d in getattr(step, "digits", ())]
    pattern = tuple(
        (c, d, role) for c, role in cells for d in digits
        if not shown.values[c] and (d in shown.marks[c] or not shown.marks[c]) and (c, d) not in struck
    )
    return Highlights(
        cells=cells,
        candidates=pattern,
        placements=_pairs(getattr(step, "placements", ())),
        eliminations=eliminations,
        links=tuple(_link(item) for item in getattr(step, "links", ()) or ()),
        houses=tuple(str(h) for h in getattr(step, "houses", ()) or ()),
    )


def _pairs(items: Iterable[Any]) -> tuple[tuple[int, int], ...]:
    return tuple((int(c), int(d)) for c, d in items)


def _link(item: Any) -> Link:
    """``((cell, digit), (cell, digit))`` with an optional third item ``strong`` (default True)."""
    a, b = item[0], item[1]
    strong = bool(item[2]) if len(item) > 2 else True
    return (int(a[0]), int(a[1])), (int(b[0]), int(b[1])), strong


def prepare(obj: Any, highlights: Any = None, candidates: bool | None = None) -> tuple[Board, Highlights]:
    """The board and highlights of one picture.

    ``candidates``: True fills unmarked blank cells with the digits their peers allow;
    None (the default) does so only for a hint drawn on a board without any pencil marks.
    """
    shown = board_of(obj)
    if candidates or (candidates is None and highlights is not None and not shown.has_marks):
        shown = shown.with_candidates()
    return shown, highlights_of(highlights, shown)
