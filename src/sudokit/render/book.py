"""Printable puzzle books via fpdf2: :func:`make_book`.

N puzzles a page (1, 2, 4 or 6) on A4 or Letter, each with a caption (its title and,
when a rating is given, its difficulty), and the solutions at the back, six a page, with
the clues in bold. Puzzles can be grids or strings, ``(puzzle, rating)`` pairs, mappings
with ``puzzle``/``solution``/``rating``/``title`` keys, or objects with those attributes
(such as :class:`sudokit.formats.Record`).

Page geometry (points, 1/72 inch)::

    +-----------------------------------+  margin 40
    | Book title                        |  header 30
    | [Puzzle 1   Difficulty: 4.5] [...] |  caption 16, then the grid, per slot
    | [ grid                    ] [...] |  slots in a cols x rows table, gutter 20
    |               - 1 -               |  footer 16
    +-----------------------------------+
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Union

from ..errors import InvalidPuzzleError, SudokuError, cell_name
from ..grid import Grid
from ._layout import layout
from ._model import Highlights, board
from .pdf import latin1, new_document, paint
from .themes import ThemeLike, get_theme
from .variant import is_variant
from .._atomic import atomic_write

if TYPE_CHECKING:
    from fpdf import FPDF

__all__ = ["make_book", "BookPuzzle", "PAPERS", "LAYOUTS"]

#: Paper sizes in points (width, height).
PAPERS: dict[str, tuple[float, float]] = {"A4": (595.28, 841.89), "Letter": (612.0, 792.0)}
#: Puzzles per page -> (columns, rows) of the page's table of grids.
LAYOUTS: dict[int, tuple[int, int]] = {1: (1, 1), 2: (1, 2), 4: (2, 2), 6: (2, 3)}

_MARGIN, _HEADER, _FOOTER, _CAPTION, _GUTTER = 40.0, 30.0, 16.0, 16.0, 20.0
Rating = Union[int, float, str]


@dataclass(frozen=True)
class BookPuzzle:
    """One puzzle of a book: the grid, an optional solution, rating and title."""

    puzzle: Grid
    solution: Grid | None = None
    rating: Rating | None = None
    title: str | None = None

    @classmethod
    def of(cls, item: Any) -> BookPuzzle:
        """Coerce a grid/string, a variant ``Puzzle``, a ``(puzzle, rating)`` pair, a mapping
        or a record-like object."""
        if isinstance(item, BookPuzzle):
            return item
        if is_variant(item):
            return cls(item)
        if isinstance(item, Mapping):
            return cls._make(item.get("puzzle"), item.get("solution"), item.get("rating"), item.get("title"))
        if isinstance(item, tuple) and len(item) == 2:
            return cls._make(item[0], None, item[1], None)
        if hasattr(item, "puzzle"):
            fields = [getattr(item, name, None) for name in ("puzzle", "solution", "rating", "title")]
            return cls._make(*fields)
        return cls(Grid.parse(item))

    @classmethod
    def _make(cls, puzzle: Any, solution: Any, rating: Any, title: Any) -> BookPuzzle:
        if puzzle is None:
            raise ValueError("a book entry has no puzzle")
        if is_variant(puzzle):  # its solution is always computed (and must be unique)
            if solution not in (None, ""):
                raise ValueError("a variant puzzle's book entry takes no solution: the book solves it")
            return cls(puzzle, None, None if rating in (None, "") else rating, None if title in (None, "") else str(title))
        return cls(
            Grid.parse(puzzle),
            None if solution in (None, "") else Grid.parse(solution),
            None if rating in (None, "") else rating,
            None if title in (None, "") else str(title),
        )

    def difficulty(self) -> str:
        """``Difficulty: 4.5`` (numbers) or ``Difficulty: hard`` (labels); empty without a rating."""
        if self.rating is None:
            return ""
        value = f"{self.rating:g}" if isinstance(self.rating, (int, float)) else str(self.rating)
        return f"Difficulty: {value}"


def make_book(
    puzzles: Iterable[Any],
    path: str | os.PathLike[str],
    *,
    per_page: int = 4,
    paper: str = "A4",
    title: str = "Sudoku",
    with_solutions: bool = True,
    solutions_per_page: int = 6,
    theme: ThemeLike = "print",
) -> int:
    """Write a PDF book of ``puzzles`` to ``path`` and return its page count.

    ``per_page`` and ``solutions_per_page`` are 1, 2, 4 or 6; ``paper`` is ``"A4"`` or
    ``"Letter"``. Solutions not supplied are computed; a puzzle without exactly one
    solution is an error naming it (set ``with_solutions=False`` to print such puzzles).
    """
    page = _paper(paper)
    slots, solution_slots = _slots(per_page, page), _slots(solutions_per_page, page)
    entries = [BookPuzzle.of(item) for item in puzzles]
    if not entries:
        raise ValueError("no puzzles to put in the book")
    document = new_document(page, title)
    look = get_theme(theme)
    _section(document, title, slots, [_puzzle_slot(k, e) for k, e in enumerate(entries, 1)], look)
    if with_solutions:
        solved = [_solution_slot(k, e) for k, e in enumerate(entries, 1)]
        _section(document, f"{title}: solutions", solution_slots, solved, look)
    data = bytes(document.output())
    with atomic_write(path) as out:  # a killed run leaves the previous book, not half a PDF
        out.write(data)
    return int(document.pages_count)


# A slot's content: (caption left, caption right, grid, puzzle for givens or None).
_Slot = tuple[str, str, Grid, Union[Grid, None]]
_Box = tuple[float, float, float, float]


def _paper(paper: str) -> tuple[float, float]:
    for name, dims in PAPERS.items():
        if name.lower() == paper.lower():
            return dims
    raise ValueError(f"unknown paper {paper!r} (choose one of {', '.join(PAPERS)})")


def _slots(per_page: int, page: tuple[float, float]) -> list[_Box]:
    """The (x, y, width, height) boxes of one page's puzzles, row by row."""
    if per_page not in LAYOUTS:
        raise ValueError(f"puzzles per page must be one of {', '.join(map(str, LAYOUTS))}, got {per_page}")
    cols, rows = LAYOUTS[per_page]
    width = page[0] - 2 * _MARGIN
    height = page[1] - 2 * _MARGIN - _HEADER - _FOOTER
    w, h = (width - (cols - 1) * _GUTTER) / cols, (height - (rows - 1) * _GUTTER) / rows
    top = _MARGIN + _HEADER
    return [(_MARGIN + c * (w + _GUTTER), top + r * (h + _GUTTER), w, h) for r in range(rows) for c in range(cols)]


def _puzzle_slot(number: int, entry: BookPuzzle) -> _Slot:
    return entry.title or f"Puzzle {number}", entry.difficulty(), entry.puzzle, None


def _solution_slot(number: int, entry: BookPuzzle) -> _Slot:
    name = f"{entry.title} (solution)" if entry.title else f"Solution {number}"
    return name, "", _checked(number, entry) if entry.solution else _solve(number, entry), entry.puzzle


def _checked(number: int, entry: BookPuzzle) -> Grid:
    """A supplied solution, once it is a full valid grid that keeps every given (a book
    must never print a wrong answer)."""
    solution, puzzle = entry.solution, entry.puzzle
    assert solution is not None
    if not solution.is_solved:
        raise InvalidPuzzleError(f"puzzle {number}: the solution given is not a complete, valid grid")
    wrong = next((i for i in range(81) if puzzle[i] and puzzle[i] != solution[i]), None)
    if wrong is not None:
        raise InvalidPuzzleError(
            f"puzzle {number}: the solution given does not fit the puzzle "
            f"({cell_name(wrong)} holds {solution[wrong]}, the puzzle's given is {puzzle[wrong]})"
        )
    return solution


def _solve(number: int, entry: BookPuzzle) -> Grid:
    from ..solver import solve

    try:
        if is_variant(entry.puzzle):
            from ..variants.solving import solve as solve_variant

            variant: Any = entry.puzzle  # a variant Puzzle; its solution is drawn by _draw_slot
            return solve_variant(variant, unique=True)  # type: ignore[return-value]
        return solve(entry.puzzle, unique=True)
    except SudokuError as exc:
        raise _renamed(number, exc) from None


def _renamed(number: int, exc: SudokuError) -> SudokuError:
    """``exc`` with ``puzzle N:`` in front of its message (keeps its class and fields)."""
    exc.args = (f"puzzle {number}: {exc}",) + exc.args[1:]
    return exc


def _chunks(items: list[_Slot], size: int) -> Iterator[list[_Slot]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


def _section(document: FPDF, heading: str, slots: list[_Box], items: list[_Slot], look: Any) -> None:
    for chunk in _chunks(items, len(slots)):
        document.add_page()
        _frame(document, heading)
        for box, item in zip(slots, chunk):
            _draw_slot(document, box, item, look)


def _frame(document: FPDF, heading: str) -> None:
    """The page heading at the top and the page number at the bottom."""
    width, height = document.w, document.h
    document.set_text_color(0, 0, 0)
    document.set_font("helvetica", "B", 14)
    document.text(_MARGIN, _MARGIN + 14, latin1(heading))
    document.set_font("helvetica", "", 9)
    number = f"- {document.page_no()} -"
    document.text((width - document.get_string_width(number)) / 2, height - _MARGIN + 4, number)


def _fit(document: FPDF, text: str, width: float) -> str:
    """``text``, shortened with "..." until it fits ``width`` points in the current font."""
    if document.get_string_width(text) <= width:
        return text
    while text and document.get_string_width(text + "...") > width:
        text = text[:-1]
    return text.rstrip() + "..."


def _draw_slot(document: FPDF, box: _Box, item: _Slot, look: Any) -> None:
    """A caption line over a grid, the pair centred in its box."""
    x, y, w, h = box
    left, right, grid, puzzle = item
    side = min(w, h - _CAPTION)
    gx, gy = x + (w - side) / 2, y + (h - side - _CAPTION) / 2 + _CAPTION
    document.set_text_color(0, 0, 0)
    document.set_font("helvetica", "", 10)
    right_width = document.get_string_width(latin1(right)) if right else 0.0
    if right:
        document.text(gx + side - 2 - right_width, gy - 5, latin1(right))
    document.set_font("helvetica", "B", 11)
    document.text(gx + 2, gy - 5, _fit(document, latin1(left), side - right_width - 12))
    if is_variant(grid):  # a variant Puzzle (any size and rules); a solution slot draws the puzzle with its digits
        from .variant import variant_shapes

        drawn: Any = (puzzle or grid, grid if puzzle is not None else None)
        shapes = variant_shapes(drawn[0], side, look, solution=drawn[1])
        paint(document, shapes, gx, gy)
        return
    shown = board(grid, puzzle=puzzle)
    paint(document, layout(shown, Highlights(), look, side), gx, gy)
