"""Pictures of variant puzzles: every record leaves its mark in SVG, PNG and PDF work."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from sudokit.render import to_pdf, to_png, to_svg
from sudokit.variants import (
    XV,
    Arrow,
    Between,
    Diagonal,
    ExtraRegion,
    Extremum,
    KillerCage,
    Kropki,
    LittleKiller,
    Palindrome,
    Parity,
    Puzzle,
    Renban,
    Sandwich,
    Thermometer,
    Whisper,
)

pytestmark = pytest.mark.single_backend

SVG = "{http://www.w3.org/2000/svg}"
EXAMPLE = Puzzle(
    size=9,
    givens=(5,) + (0,) * 80,
    constraints=(
        KillerCage((1, 2, 11), 12), Thermometer((20, 21, 22)), Arrow((40,), (41, 42)), Kropki((60, 61), "white"),
        Kropki((61, 62), "black"), XV((70, 71), 10), Parity(5, True), Parity(6, False), Whisper((27, 36, 45)),
        Renban((54, 63, 72)), Palindrome((8, 17, 26)), Extremum(78, True), Diagonal("anti"),
        LittleKiller(tuple(k * 9 + 1 + k for k in range(8)), 40), ExtraRegion((12, 13, 14)),
        Sandwich("row", 3, 17), Between((64, 65, 66)),
    ),
)


def test_svg_marks_every_constraint() -> None:
    root = ET.fromstring(to_svg(EXAMPLE, size=300))
    kinds = {e.get("class") for e in root.iter() if e.get("class")}
    expected = {"cage", "cage-sum", "thermometer", "thermometer-bulb", "arrow", "arrow-circle", "kropki-white", "kropki-black",
                "xv", "odd", "even", "whisper", "renban", "palindrome", "minimum", "diagonal", "little-killer", "extra-region",
                "sandwich", "between", "between-end"}
    assert expected <= kinds
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "5" in texts and "12" in texts and "X" in texts and "40" in texts


def test_sizes_jigsaw_and_sukaku_draw() -> None:
    big = Puzzle(size=16, givens=(16,) + (0,) * 255)
    assert ">16<" in to_svg(big, size=400)
    regions = tuple(tuple(range(r * 4, r * 4 + 4)) for r in range(4))  # rows as regions
    jig = Puzzle(size=4, regions=regions, candidates=(0b0011,) + (0,) * 15)
    root = ET.fromstring(to_svg(jig, size=200))
    assert [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "candidate"] == ["1", "2"]
    assert jig._repr_svg_().startswith("<svg")


def test_png_and_pdf() -> None:
    pytest.importorskip("PIL")
    pytest.importorskip("fpdf")
    assert to_png(EXAMPLE, size=120).startswith(b"\x89PNG")
    assert to_pdf(EXAMPLE, size=200).startswith(b"%PDF")
