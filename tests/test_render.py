"""Pictures: SVG structure, PNG pixels, PDF pages and text, books, the terminal and the CLI.

PNG tests need Pillow, PDF tests fpdf2 and pypdf (``pip install sudokit[render] pypdf``);
they skip with that reason when those are missing. SVG and terminal tests need nothing.
"""

from __future__ import annotations

import io
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

import sudokit
from sudokit.cli import main
from sudokit.render import (
    THEMES,
    Highlights,
    board,
    grid_repr_svg,
    make_book,
    save,
    step_repr_svg,
    to_pdf,
    to_png,
    to_svg,
    to_terminal,
    use_color,
)
from sudokit.render._deps import MissingDependency

pytestmark = pytest.mark.single_backend

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SOLUTION = str(sudokit.solve(PUZZLE))
NS = "{http://www.w3.org/2000/svg}"
# An X-Wing-like step on PUZZLE's candidates, duck-typed like sudokit.human.Step.
STEP = SimpleNamespace(
    technique="x_wing", name="X-Wing", family="fish",
    placements=((3, 6),), eliminations=((2, 1), (2, 2)),
    cells=((10, "base"), (11, "base"), (19, "cover"), (28, "fin")),
    houses=("row 2",), digits=(4, 7), why="",
    links=(((10, 4), (11, 4), True), ((11, 7), (28, 1), False)),
)


def needs(module: str) -> Any:
    return pytest.importorskip(module, reason=f"{module} is not installed (pip install 'sudokit[render]' pypdf)")


def svg_root(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == NS + "svg"
    return root


def texts(root: ET.Element, kind: str | None = None) -> list[str]:
    return [t.text or "" for t in root.iter(NS + "text") if kind is None or t.get("class") == kind]


def classes(root: ET.Element) -> set[str]:
    return {e.get("class") or "" for e in root.iter()}


# ---------------------------------------------------------------- SVG
def test_svg_is_xml_with_every_digit_as_text() -> None:
    root = svg_root(to_svg(PUZZLE, size=300))
    assert root.get("width") == root.get("height") == "300"
    givens = texts(root, "given")
    assert len(givens) == 30
    assert sorted(givens) == sorted(ch for ch in PUZZLE if ch != ".")


def test_svg_user_digits_differ_from_givens() -> None:
    root = svg_root(to_svg(board(SOLUTION, puzzle=PUZZLE)))
    assert len(texts(root, "given")) == 30 and len(texts(root, "user")) == 51
    fills = {t.get("class"): t.get("fill") for t in root.iter(NS + "text")}
    assert fills["given"] != fills["user"]


def test_svg_pencil_marks_from_pairs_and_from_a_candidate_state() -> None:
    root = svg_root(to_svg((PUZZLE, {2: {1, 2, 4}})))
    assert texts(root, "mark") == ["1", "2", "4"]
    cands = [0] * 81
    cands[2] = 0b1000_0001  # digits 1 and 8
    state = SimpleNamespace(values=list(sudokit.parse(PUZZLE)), cands=cands, givens=frozenset({0, 1}))
    root = svg_root(to_svg(state))
    assert texts(root, "mark") == ["1", "8"]
    assert len(texts(root, "given")) == 2 and len(texts(root, "user")) == 28


def test_svg_candidates_option_fills_blank_cells() -> None:
    root = svg_root(to_svg(PUZZLE, candidates=True))
    expected = sum(len(sudokit.parse(PUZZLE).candidates(c)) for c in range(81))
    assert len(texts(root, "mark")) == expected


def test_themes_differ() -> None:
    backgrounds = set()
    for name in THEMES:
        root = svg_root(to_svg(PUZZLE, theme=name))
        backgrounds.add(next(e.get("fill") for e in root.iter(NS + "rect") if e.get("class") == "background"))
    assert len(backgrounds) == 2  # light and print are white, dark is not
    assert to_svg(PUZZLE, theme="light") != to_svg(PUZZLE, theme="print")
    with pytest.raises(ValueError, match="unknown theme"):
        to_svg(PUZZLE, theme="neon")


def test_hint_highlights_appear() -> None:
    root = svg_root(to_svg(PUZZLE, highlights=STEP))
    found = classes(root)
    assert {"role-base", "role-cover", "role-fin", "house", "placement", "struck", "strike",
            "disc-elimination", "disc-placement", "disc-base", "link-strong", "link-weak"} <= found
    assert texts(root, "struck") == ["1", "2"]
    weak = [e for e in root.iter() if e.get("class") == "link-weak"]
    assert weak and weak[0].get("stroke-dasharray")


def test_highlights_from_a_mapping_and_a_real_step() -> None:
    root = svg_root(to_svg(PUZZLE, highlights={"cells": [(2, "pivot")], "eliminations": [(3, 6)]}))
    assert "role-pivot" in classes(root) and texts(root, "struck") == ["6"]
    human = pytest.importorskip("sudokit.human", reason="the hint engine is not in this build")
    state = human.Candidates.from_puzzle(PUZZLE)
    hint = human.hint(PUZZLE, level=3)
    root = svg_root(to_svg(state, highlights=hint))
    assert "placement" in classes(root)


def test_jupyter_helpers_return_svg() -> None:
    assert svg_root(grid_repr_svg(sudokit.parse(PUZZLE))).get("width") == "300"
    root = svg_root(step_repr_svg(STEP))
    assert "role-base" in classes(root) and root.find(NS + "title").text == "X-Wing"  # type: ignore[union-attr]


def test_bad_sizes_and_inputs() -> None:
    with pytest.raises(ValueError):
        to_svg(PUZZLE, size=0)
    with pytest.raises(sudokit.InvalidFormatError):
        to_svg("123")
    with pytest.raises(ValueError, match="use .svg, .png or .pdf"):
        save(PUZZLE, "grid.gif")
    with pytest.raises(ValueError, match="cell 81"):
        to_svg(PUZZLE, highlights={"cells": [(81, "base")]})
    with pytest.raises(ValueError, match="digit 0"):
        to_svg(PUZZLE, highlights=Highlights(eliminations=((2, 0),)))


# ---------------------------------------------------------------- PNG
def test_png_opens_with_the_expected_size(tmp_path: Path) -> None:
    image_mod = needs("PIL.Image")
    path = tmp_path / "grid.png"
    data = to_png(PUZZLE, path, size=200)
    assert path.read_bytes() == data
    with image_mod.open(path) as image:
        assert image.format == "PNG" and image.size == (200, 200)


def test_png_themes_and_highlights_change_pixels() -> None:
    image_mod = needs("PIL.Image")
    light = image_mod.open(io.BytesIO(to_png(PUZZLE, size=180)))
    dark = image_mod.open(io.BytesIO(to_png(PUZZLE, size=180, theme="dark")))
    assert light.convert("L").getpixel((100, 100)) > 200 and dark.convert("L").getpixel((100, 100)) < 60
    lit = image_mod.open(io.BytesIO(to_png(PUZZLE, size=180, highlights={"cells": [(40, "base")]}))).convert("RGB")
    plain = light.convert("RGB")
    # r5c5 spans about 80..100 px; sample near its top-left corner, away from digits.
    assert lit.getpixel((84, 84)) != plain.getpixel((84, 84))


def test_missing_pillow_gives_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "PIL.Image", None)
    with pytest.raises(MissingDependency, match=r"sudokit\[render\]"):
        to_png(PUZZLE)
    err = io.StringIO()
    assert main(["render", PUZZLE, "-o", "x.png"], stdout=io.StringIO(), stderr=err) == 2
    assert "Pillow" in err.getvalue()


# ---------------------------------------------------------------- PDF
def pdf_reader(path: Path) -> Any:
    needs("fpdf")
    return needs("pypdf").PdfReader(str(path))


def test_pdf_picture_has_one_page_with_the_digits(tmp_path: Path) -> None:
    needs("fpdf")
    path = tmp_path / "grid.pdf"
    to_pdf(PUZZLE, path, size=300)
    reader = pdf_reader(path)
    assert len(reader.pages) == 1
    assert float(reader.pages[0].mediabox.width) == pytest.approx(300)
    assert sorted(ch for ch in reader.pages[0].extract_text() if ch.isdigit()) == sorted(ch for ch in PUZZLE if ch != ".")


@pytest.mark.parametrize(("per_page", "paper", "width"), [(1, "A4", 595.28), (2, "Letter", 612), (4, "a4", 595.28), (6, "letter", 612)])
def test_book_page_count_titles_and_solutions(tmp_path: Path, per_page: int, paper: str, width: float) -> None:
    needs("fpdf")
    puzzles = [(PUZZLE, 4.5), {"puzzle": PUZZLE, "rating": "hard", "title": "Wiki"}] + [PUZZLE] * 5
    path = tmp_path / "book.pdf"
    pages = make_book(puzzles, path, per_page=per_page, paper=paper, title="Test Book")
    expected = -(-7 // per_page) + -(-7 // 6)
    reader = pdf_reader(path)
    assert pages == len(reader.pages) == expected
    assert float(reader.pages[0].mediabox.width) == pytest.approx(width, abs=0.1)
    text = "\n".join(page.extract_text() for page in reader.pages)
    for needle in ("Test Book", "Puzzle 1", "Difficulty: 4.5", "Wiki", "Difficulty: hard", "Puzzle 7", "Solution 7", "solutions"):
        assert needle in text


def test_book_without_solutions_and_bad_input(tmp_path: Path) -> None:
    needs("fpdf")
    assert make_book([PUZZLE] * 3, tmp_path / "b.pdf", per_page=2, with_solutions=False) == 2
    with pytest.raises(ValueError, match="per page"):
        make_book([PUZZLE], tmp_path / "b.pdf", per_page=3)
    with pytest.raises(ValueError, match="paper"):
        make_book([PUZZLE], tmp_path / "b.pdf", paper="A5")
    with pytest.raises(sudokit.MultipleSolutionsError, match="puzzle 2"):
        make_book([PUZZLE, "." * 81], tmp_path / "b.pdf")


# ----------------------------------------------------------- terminal
class FakeTTY(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_terminal_is_plain_when_piped_and_reads_back() -> None:
    text = to_terminal(PUZZLE, stream=io.StringIO())
    assert "\x1b" not in text
    assert sudokit.parse(text) == sudokit.parse(PUZZLE)


def test_terminal_colour_on_a_tty_unless_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("TERM", raising=False)
    assert use_color(FakeTTY()) and "\x1b[" in to_terminal(PUZZLE, stream=FakeTTY())
    monkeypatch.setenv("NO_COLOR", "1")
    assert not use_color(FakeTTY()) and "\x1b" not in to_terminal(PUZZLE, stream=FakeTTY())


def test_terminal_pencil_marks_and_highlights() -> None:
    plain = to_terminal(PUZZLE, color=False, candidates=True)
    assert "124" in plain.splitlines()[1]  # r1c3's candidates
    fancy = to_terminal(PUZZLE, color=True, highlights=STEP)
    assert "\x1b[1;9;31" in fancy  # an eliminated candidate, red and struck


# ---------------------------------------------------------------- CLI
def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), stdin=io.StringIO(), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def test_cli_render_svg_and_terminal(tmp_path: Path) -> None:
    target = tmp_path / "g.svg"
    assert run("render", PUZZLE, "-o", str(target), "--theme", "dark", "--size", "320")[0] == 0
    assert svg_root(target.read_text()).get("width") == "320"
    code, out, _ = run("render", PUZZLE)
    assert code == 0 and sudokit.parse(out) == sudokit.parse(PUZZLE)


def test_cli_render_several_puzzles_and_errors(tmp_path: Path) -> None:
    source = tmp_path / "p.txt"
    source.write_text(f"{PUZZLE}\n{SOLUTION}\n")
    assert run("render", str(source), "-o", str(tmp_path / "g.svg"))[0] == 0
    assert (tmp_path / "g-1.svg").exists() and (tmp_path / "g-2.svg").exists()
    code, _, err = run("render", PUZZLE, "-o", str(tmp_path / "g.gif"))
    assert code == 2 and ".svg, .png or .pdf" in err
    assert run("render", "12x" + "." * 78)[0] == 3


def test_cli_render_png_pdf_and_hint(tmp_path: Path) -> None:
    needs("PIL")
    needs("fpdf")
    assert run("render", PUZZLE, "-o", str(tmp_path / "g.png"))[0] == 0
    assert run("render", PUZZLE, "-o", str(tmp_path / "g.pdf"))[0] == 0
    assert (tmp_path / "g.png").read_bytes().startswith(b"\x89PNG")
    assert (tmp_path / "g.pdf").read_bytes().startswith(b"%PDF")
    pytest.importorskip("sudokit.human", reason="the hint engine is not in this build")
    code, out, _ = run("render", PUZZLE, "--hint", "--no-color")
    assert code == 0 and "Hidden Single" in out


def test_cli_book_reads_ratings_and_solutions(tmp_path: Path) -> None:
    needs("fpdf")
    source = tmp_path / "p.txt"
    source.write_text(f"puzzle,solution,rating\n{PUZZLE},{SOLUTION},3.5\n{PUZZLE} hard\n")
    target = tmp_path / "book.pdf"
    code, _, err = run("book", str(source), "-o", str(target), "--per-page", "1", "--paper", "letter")
    assert code == 0, err
    reader = pdf_reader(target)
    assert len(reader.pages) == 3
    text = reader.pages[0].extract_text() + reader.pages[1].extract_text()
    assert "Difficulty: 3.5" in text and "Difficulty: hard" in text


def test_cli_reads_other_formats_through_sudokit_formats(tmp_path: Path) -> None:
    needs("fpdf")
    formats = pytest.importorskip("sudokit.formats", reason="sudokit.formats is not in this build")
    collection = tmp_path / "p.csv"
    formats.write_collection([{"puzzle": PUZZLE, "rating": 6.5}, {"puzzle": PUZZLE, "solution": SOLUTION}], str(collection))
    target = tmp_path / "book.pdf"
    assert run("book", str(collection), "-o", str(target))[0] == 0
    assert "Difficulty: 6.5" in pdf_reader(target).pages[0].extract_text()
    marks = tmp_path / "p.pm"
    formats.write(formats.PencilGrid.from_grid(sudokit.parse(PUZZLE)), str(marks))
    assert run("render", str(marks), "-o", str(tmp_path / "pm.svg"))[0] == 0
    root = svg_root((tmp_path / "pm.svg").read_text())
    assert len(texts(root, "mark")) == sum(len(sudokit.parse(PUZZLE).candidates(c)) for c in range(81))
