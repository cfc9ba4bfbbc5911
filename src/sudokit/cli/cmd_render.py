"""``sudokit render`` (a grid as SVG, PNG, PDF or in the terminal) and ``sudokit book``
(a printable PDF of many puzzles with solutions at the back)."""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from .. import errors
from ..puzzlefile import Entry, parse_entry
from . import ExitCode, Streams, exit_code_for
from ._inputs import iter_inputs
from ._options import add_inputs, add_output
from ._variants import is_variant_input, load_input, variant_text

_THEMES = ("light", "dark", "print")
_SEPARATORS = " \t,;:|"


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the render and book commands."""
    text = "draw puzzles as SVG, PNG or PDF (by the -o extension), or in the terminal without -o"
    render: argparse.ArgumentParser = sub.add_parser("render", help=text, description=text)
    add_inputs(render)
    add_output(render, "picture file: .svg, .png or .pdf (several puzzles: NAME-1.svg, NAME-2.svg, ...)")
    render.add_argument("--theme", choices=_THEMES, default="light", help="colours (default light)")
    render.add_argument("--size", type=_positive_float, help="picture size: pixels for SVG/PNG (default 450), points for PDF (default 400)")
    render.add_argument("--candidates", action="store_true", help="show every blank cell's candidates as pencil marks")
    render.add_argument("--hint", action="store_true", help="highlight the next logical step (with pencil marks) and print it")
    render.add_argument("--color", action=argparse.BooleanOptionalAction, default=None, help="terminal colour (default: when stdout is a terminal and NO_COLOR is unset)")
    render.set_defaults(handler=_render)
    text = "lay puzzles out as a printable PDF book with solutions at the back"
    book: argparse.ArgumentParser = sub.add_parser("book", help=text, description=text + ". Lines may carry a solution and a rating after the puzzle (puzzle[,solution][,rating]).")
    add_inputs(book)
    add_output(book, "the PDF file to write", required=True)
    book.add_argument("--per-page", type=int, choices=(1, 2, 4, 6), default=4, help="puzzles per page (default 4)")
    book.add_argument("--solutions-per-page", type=int, choices=(1, 2, 4, 6), default=6, help="solutions per page (default 6)")
    book.add_argument("--paper", choices=("A4", "Letter"), type=_paper, default="A4", help="paper size (default A4)")
    book.add_argument("--title", default="Sudoku", help="the heading of every page (default 'Sudoku')")
    book.add_argument("--theme", choices=_THEMES, default="print", help="colours (default print)")
    book.add_argument("--solutions", action=argparse.BooleanOptionalAction, default=True, help="add the solutions at the back (default yes)")
    book.set_defaults(handler=_book)


def _positive_float(text: str) -> float:
    value = float(text)
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be positive, got {text}")
    return value


def _paper(text: str) -> str:
    return {"a4": "A4", "letter": "Letter"}.get(text.lower(), text)


def _render(args: argparse.Namespace, streams: Streams) -> int:
    from ..render import save, to_terminal
    from ..errors import MissingDependencyError
    from ..render.save import format_of
    from ..render.variant import is_variant

    status = ExitCode.OK

    def report(exc: errors.SudokuError, where: str = "") -> None:
        nonlocal status
        streams.error(f"{where}{exc}")
        status = status or exit_code_for(exc)

    grids: list[Any] = []
    for source in args.inputs or [None]:
        try:
            if is_variant_input(source):
                grids.append(load_input(str(source)))
            else:
                grids.extend(_puzzle_of(item) for item in _items(source, streams, report))
        except errors.InvalidPuzzleError as exc:
            report(exc, f"{source}: " if is_variant_input(source) else "")
    if (args.hint or args.candidates) and any(is_variant(g) for g in grids):
        streams.error("--hint and --candidates are for classic 9x9 puzzles, not variant puzzles")
        return ExitCode.USAGE
    pictures: list[Any] = []
    for number, grid in enumerate(grids, start=1):
        try:
            pictures.append(_picture(grid, args.hint))
        except errors.SudokuError as exc:  # no hint for it (no solution): say which, draw the rest
            report(exc, f"puzzle {number}: ")
            pictures.append(None)
    if args.output is None:
        blocks = [
            variant_text(picture[0]) if is_variant(picture[0]) else
            to_terminal(picture[0], color=args.color, stream=streams.stdout, highlights=picture[1], candidates=args.candidates or None)
            + (f"\n{picture[1].text}" if picture[1] is not None else "")
            for picture in pictures
            if picture is not None
        ]
        if blocks:
            print("\n\n".join(blocks), file=streams.stdout)
        return status
    try:
        format_of(args.output)
        for picture, path in zip(pictures, _names(args.output, len(grids))):
            if picture is None:
                continue
            state, marks = picture
            save(state, path, size=args.size, theme=args.theme, highlights=marks, candidates=args.candidates or None)
            if marks is not None:
                print(f"{path}: {marks.text}", file=streams.stdout)
    except (MissingDependencyError, ValueError) as exc:
        streams.error(str(exc))
        return ExitCode.USAGE
    return status


def _puzzle_of(item: Any) -> Any:
    """The picture of one input: a pencil-mark grid as it is, else the puzzle of a record."""
    if isinstance(item, dict):
        return item["puzzle"]
    return item.puzzle if hasattr(item, "puzzle") else item


def _picture(grid: Any, with_hint: bool) -> tuple[Any, Any]:
    """What to draw: the grid alone, or its candidate grid and the next hint (level 3)."""
    if not with_hint:
        return grid, None
    from ..human import Candidates, hint

    if hasattr(grid, "pencil_marks"):  # a pencil-mark grid: hint on the player's marks
        state = Candidates.from_state(grid.values, grid.pencil_marks())
        return state, hint(state, level=3)
    return Candidates.from_puzzle(grid), hint(grid, level=3)


def _names(path: str, count: int) -> Iterator[str]:
    """``path`` itself for one picture; ``stem-1.ext``, ``stem-2.ext``, ... for several."""
    if count == 1:
        yield path
        return
    stem, ext = os.path.splitext(path)
    yield from (f"{stem}-{k}{ext}" for k in range(1, count + 1))


def _book(args: argparse.Namespace, streams: Streams) -> int:
    from ..render import make_book
    from ..errors import MissingDependencyError

    items = [item for source in args.inputs or [None] for item in _items(source, streams)]
    try:
        make_book(
            items, args.output, per_page=args.per_page, paper=args.paper, title=args.title,
            with_solutions=args.solutions, solutions_per_page=args.solutions_per_page, theme=args.theme,
        )
    except errors.SudokuError:
        raise  # main() reports it with its exit code
    except (MissingDependencyError, ValueError) as exc:
        streams.error(str(exc))
        return ExitCode.USAGE
    return ExitCode.OK


def _items(source: str | None, streams: Streams, on_error: Callable[[errors.SudokuError], None] | None = None) -> Iterator[Any]:
    """The puzzles of one input: files in a format of :mod:`sudokit.formats` other than
    plain text are read by it (records, or a grid, or a pencil-mark grid); text lines,
    arguments and stdin by :func:`_book_items`, which keeps a rating after the puzzle."""
    if is_variant_input(source):  # sudokit/f-puzzles/SudokuPad JSON or a link: one variant puzzle
        yield {"puzzle": load_input(str(source))}
        return
    found = _read_with_formats(source) if source else None
    if found is not None:
        try:
            yield from found
        except errors.InvalidPuzzleError as exc:  # a damaged record ends the file, not the run
            if on_error is None:
                raise
            on_error(exc)
    else:
        yield from _book_items(iter_inputs([source] if source else [], streams, on_error), on_error)


def _read_with_formats(path: str) -> Iterable[Any] | None:
    if not os.path.isfile(path) or os.path.splitext(path)[1].lower() in ("", ".txt"):
        return None
    try:
        from .. import formats
    except ImportError:  # an older build without sudokit.formats
        return None
    try:
        with open(path, "rb") as probe:
            name = formats.detect_format(path, probe.read(65536))
    except errors.InvalidFormatError:
        return None  # not a known format: read it as lines of puzzles
    spec = next(spec for spec in formats.all_formats() if spec.name == name)
    if spec.is_collection:
        return formats.read_collection(path)  # lazily: the records before a damaged one count
    return [formats.read(path)]


def _book_items(entries: Iterator[Entry], on_error: Callable[[errors.SudokuError], None] | None = None) -> Iterator[dict[str, Any]]:
    """Puzzle lines as book entries: ``puzzle[,solution][,rating]`` (any of `` ,;:|`` between).

    A bad line raises, or with ``on_error`` is reported to it and skipped (``render``
    draws the other puzzles; a ``book`` with a puzzle missing would be wrong)."""
    for entry in entries:
        text = entry.text
        if entry.line == 1 and text.lower().startswith("puzzle,"):
            continue  # a CSV header
        try:
            yield _book_item(entry, text)
        except errors.InvalidPuzzleError as exc:
            if on_error is None:
                raise
            on_error(exc)


def _book_item(entry: Entry, text: str) -> dict[str, Any]:
    one_line = "\n" not in text and len(text) > 81 and text[81] in _SEPARATORS
    head, rest = (text[:81], text[81:]) if one_line else (text, "")
    item: dict[str, Any] = {"puzzle": parse_entry(Entry(entry.source, entry.line, head))}
    for token in (t for t in _split(rest) if t):
        if len(token) == 81 and "solution" not in item:
            item["solution"] = parse_entry(Entry(entry.source, entry.line, token))
        elif "rating" not in item:
            item["rating"] = _rating(token)
    return item


def _split(text: str) -> list[str]:
    for sep in _SEPARATORS[1:]:
        text = text.replace(sep, " ")
    return text.split()


def _rating(token: str) -> float | str:
    try:
        return float(token)
    except ValueError:
        return token
