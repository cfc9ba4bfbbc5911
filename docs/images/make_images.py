"""Re-create the example pictures of docs/render.md: ``python docs/images/make_images.py``.

Needs the render extra (Pillow, fpdf2) and, for the book page, ``pdftoppm`` (poppler-utils).
The puzzles are from the public-domain Sudoku Exchange puzzle bank (diabolical, with their
Sukaku Explainer ratings).
"""

from __future__ import annotations

import dataclasses
import shutil
import subprocess
import tempfile
from pathlib import Path

from sudokit.human import Candidates, explain
from sudokit.render import highlights_of, make_book, to_png, to_svg

HERE = Path(__file__).resolve().parent
WIKI = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
BANK = [
    ("083020090000800100029300008000098700070000060006740000300006980002005000010030540", 7.2),
    ("200050006010000090600801003007090600000703000900080002100000005060902010003060200", 7.1),
    ("590000007040010083008034900001402000069000820000109300004670200980040030700000016", 7.1),
    ("006000200900000004243000896000591000002080300400203001300000007000907000010408020", 8.2),
    ("850000031000070000000809000003000600970301052000020000100407006205000307000080000", 7.2),
    ("000030000560749083000802000000000000001608500090307040300090006070103050005000800", 7.2),
    ("520010007080040032007500100000000700410060059002000000009006200360070080200050043", 5.5),
    ("000600309306700010001004720900500000010000070000006001053900100070005804809007000", 7.2),
]


def state_before(puzzle: str, technique: str) -> tuple[Candidates, object]:
    """The candidate grid just before the first step of ``technique`` on the solving path."""
    state = Candidates.from_puzzle(puzzle)
    for step in explain(puzzle).steps:
        if step.technique == technique:
            return state, step
        state.apply(step)
    raise LookupError(f"no {technique} on the path of {puzzle}")


def main() -> None:
    (HERE / "grid.svg").write_text(to_svg(WIKI), encoding="utf-8")
    (HERE / "grid-dark-candidates.svg").write_text(to_svg(WIKI, theme="dark", candidates=True), encoding="utf-8")
    state, step = state_before(BANK[6][0], "finned_swordfish")
    to_png(state, HERE / "hint-finned-swordfish.png", size=540, highlights=step)
    state, step = state_before(BANK[0][0], "xy_wing")
    to_png(state, HERE / "hint-xy-wing-dark.png", size=540, theme="dark", highlights=step)
    state, step = state_before(BANK[1][0], "two_string_kite")
    # The kite's chain: r9c8=r9c2 (row 9), r9c2-r8c1 (box 7), r8c1=r5c1 (column 1), all on digit 4.
    chain = (((79, 4), (73, 4), True), ((73, 4), (63, 4), False), ((63, 4), (36, 4), True))
    marks = dataclasses.replace(highlights_of(step, state), links=chain)
    to_png(state, HERE / "hint-kite-links.png", size=540, highlights=marks)
    book_page()


def book_page() -> None:
    if shutil.which("pdftoppm") is None:
        print("pdftoppm not found: skipping the book page picture")
        return
    with tempfile.TemporaryDirectory() as tmp:
        pdf = Path(tmp) / "book.pdf"
        make_book(BANK, pdf, per_page=4, title="Diabolical Sudoku")
        for page, name in ((1, "book-page"), (3, "book-solutions")):
            subprocess.run(["pdftoppm", "-png", "-r", "80", "-f", str(page), "-l", str(page), "-singlefile", str(pdf), str(HERE / name)], check=True)


if __name__ == "__main__":
    main()
