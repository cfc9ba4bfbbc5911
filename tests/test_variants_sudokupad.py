"""SudokuPad import: links, scl/ctc/fpuzzles strings, SCL JSON and SudokuPad's compact text."""

from __future__ import annotations

import io
import json
import random
from typing import Any

import pytest

from sudokit import errors
from sudokit.cli import main
from sudokit.variants import (
    XV,
    Arrow,
    Between,
    Diagonal,
    KillerCage,
    Kropki,
    LittleKiller,
    Parity,
    Puzzle,
    Renban,
    Sandwich,
    Thermometer,
    Whisper,
    from_fpuzzles,
    from_sudokupad,
    load_variant,
)
from sudokit.variants.lzstring import compress_to_base64
from sudokit.variants.sclzip import unzip_scl, zip_scl
from sudokit.variants.sudokupad import scl_dict, to_sudokupad

from variant_oracle import KINDS, random_puzzle

pytestmark = pytest.mark.single_backend

# f-puzzles' own output for a 9x9 with two killer cages (see test_variants_io.py).
FPUZZLES_PAYLOAD = (
    "N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLryBdZQmq8l54+x1p7rjtn/nQaCR3PgIm9hk0UM6zR4rssX0QA"
    "awgAbLTAwBjAIZo48QiH0wdYfCABKARgDCDkKjsAmFyDUA3Q1oArqYgiCAUFlZaNmb2zh5ucU4AzImeTgnuXqnuyRk+qP5BIcmpRGqG+gAuEL4wTgD2AH"
    "ZgVRiGEE1VMXggANLauhgABE7GcLREQA="
)

# The same puzzle written by hand the way SudokuPad keeps it after converting the f-puzzles
# link: compact text (short keys, single quotes, t/f, elided {} cells, colours without '#'),
# boxes as 'regions' of [row, column] pairs, metadata as cell-less cages.
_ROW = "[,,,,,,,,]"
_BOX = "[" + ",".join("[{},{}]".format(r, c) for r in range(3) for c in range(3)) + "]"
HAND_SCL = (
    "{id:'fpuzzles5a6c0e',cs:50,ce:[" + ",".join([_ROW] * 9) + "],"
    "re:[" + ",".join(
        "[" + ",".join(f"[{top + r},{left + c}]" for r in range(3) for c in range(3)) + "]" for top in (0, 3, 6) for left in (0, 3, 6)
    ) + "],"
    "ca:[{ce:[[0,0],[1,0]],unique:t,v:'9',sum:9},{ce:[[0,1],[0,2],[1,1],[1,2],[2,1]],unique:t,v:'33',sum:33},"
    "{v:'title: Two cages'},{v:'author: Unknown'},{v:'rules: Normal killer rules. Digits don\\'t repeat in cages.'}]}"
)


def _link(obj_or_text: Any, host: str = "https://sudokupad.app/") -> str:
    text = obj_or_text if isinstance(obj_or_text, str) else json.dumps(obj_or_text)
    return host + "scl" + compress_to_base64(text)


def test_hand_written_compact_scl_link_matches_the_f_puzzles_original() -> None:
    expected = from_fpuzzles(FPUZZLES_PAYLOAD)
    assert "v:'9'" in HAND_SCL and _BOX  # the text is the compact form, not JSON
    for text in (_link(HAND_SCL), "https://sudokupad.app/?puzzleid=scl" + compress_to_base64(HAND_SCL),
                 "scl" + compress_to_base64(HAND_SCL), "ctc" + compress_to_base64(HAND_SCL), HAND_SCL):
        p = from_sudokupad(text)
        assert p == expected
        assert p.constraints == (KillerCage((0, 9), 9), KillerCage((1, 2, 10, 11, 19), 33))
        assert p.title == "Two cages"
        assert p.boxes == (3, 3) and p.regions is None
        assert load_variant(text) == expected


def test_fpuzzles_prefixed_sudokupad_links_go_through_the_f_puzzles_reader() -> None:
    expected = from_fpuzzles(FPUZZLES_PAYLOAD)
    assert from_sudokupad("https://sudokupad.app/fpuzzles" + FPUZZLES_PAYLOAD) == expected
    assert from_sudokupad("https://sudokupad.app/sudoku/fpuz" + FPUZZLES_PAYLOAD.replace("+", "%2B")) == expected
    assert load_variant("https://sudokupad.app/fpuzzles" + FPUZZLES_PAYLOAD) == expected


def test_small_puzzle_with_every_drawing_convention() -> None:
    # 6x6, built by hand as SudokuPad's f-puzzles converter draws each constraint.
    data = {
        "cells": [[{"value": 1}, {}, {}, {}, {}, {}]] + [[{} for _ in range(6)] for _ in range(5)],
        "regions": [[[top + r, left + c] for r in range(2) for c in range(3)] for top in (0, 2, 4) for left in (0, 3)],
        "underlays": [
            {"borderColor": "#CFCFCF", "backgroundColor": "#CFCFCF", "center": [1.5, 0.5], "rounded": True, "width": 0.85, "height": 0.85},
            {"backgroundColor": "#CFCFCF", "center": [5.5, 5.5], "rounded": True, "width": 0.7, "height": 0.7},
            {"backgroundColor": "#CFCFCF", "center": [5.5, 4.5], "rounded": False, "width": 0.7, "height": 0.7},
            {"backgroundColor": "#ffa0a0", "center": [4.5, 4.5], "rounded": False, "width": 1, "height": 1},  # cell colour
        ],
        "lines": [
            {"color": "#CFCFCF", "thickness": 21, "wayPoints": [[1.5, 0.5], [1.5, 2.5]]},  # thermo r2c1-r2c3
            {"color": "#67F067", "thickness": 9.6, "wayPoints": [[3.5, 0.5], [5.5, 2.5]]},  # whisper, diagonal run
            {"color": "#f067f0", "thickness": 9.6, "wayPoints": [[2.5, 3.5], [2.5, 5.5]]},  # renban
            {"color": "#CFCFCF", "thickness": 2, "wayPoints": [[3.5, 3.9], [3.5, 4.5], [2.9, 4.5]]},  # between
            {"color": "#34BBE6", "thickness": 2, "wayPoints": [[0, 6], [6, 0]]},
        ],
        "overlays": [
            {"borderColor": "#CFCFCF", "backgroundColor": "#FFFFFF", "center": [3.5, 3.5], "rounded": True, "width": 0.8, "height": 0.8},
            {"borderColor": "#CFCFCF", "backgroundColor": "#FFFFFF", "center": [2.5, 4.5], "rounded": True, "width": 0.8, "height": 0.8},
            {"borderColor": "#a1a1a1", "backgroundColor": "#ffffff", "center": [0.5, 4.5], "rounded": True, "width": 0.83, "height": 0.83},
            {"borderColor": "#000000", "backgroundColor": "#000000", "center": [0.5, 1], "rounded": True, "width": 0.3, "height": 0.3},
            {"borderColor": "#000000", "backgroundColor": "#FFFFFF", "center": [1, 5.5], "rounded": True, "width": 0.3, "height": 0.3},
            {"backgroundColor": "#FFFFFF", "center": [5, 0.5], "rounded": False, "width": 0.25, "height": 0.25, "text": "V"},
            {"backgroundColor": "#FFFFFF", "center": [-0.5, -0.5], "width": 0.25, "height": 0.25, "text": "12"},
        ],
        "arrows": [
            {"color": "#a1a1a1", "thickness": 5, "headLength": 0.3, "wayPoints": [[0.9, 4.5], [1.5, 4.5], [1.5, 3.5]]},
            {"color": "#000000", "thickness": 2, "wayPoints": [[-0.2, -0.2], [-0.02, -0.02]]},
        ],
    }
    p = from_sudokupad(_link(data))
    assert p.size == 6 and p.givens[0] == 1 and p.boxes == (2, 3)
    assert set(p.constraints) == {
        Thermometer((6, 7, 8)), Whisper((18, 25, 32)), Renban((15, 16, 17)), Between((21, 22, 16)), Diagonal("anti"),
        Arrow((4,), (10, 9)), Kropki((0, 1), "black"), Kropki((5, 11), "white"), XV((24, 30), 5),
        LittleKiller((0, 7, 14, 21, 28, 35), 12), Parity(35, odd=True), Parity(34, odd=False),
    }
    assert len(p.constraints) == 12


def test_multi_cell_arrow_circle_drawn_as_lines() -> None:
    # The converter draws a circle over r1c1-r2c2 (not one row) as two translucent lines.
    data = {
        "cells": [[{} for _ in range(4)] for _ in range(4)],
        "lines": [{"color": "#a1a1a1", "thickness": 35, "opacity": 0.7, "wayPoints": [[0.5, 0.5], [1.5, 1.5]]},
                  {"color": "#ffffff", "thickness": 25, "opacity": 0.8, "wayPoints": [[0.5, 0.5], [1.5, 1.5]]}],
        "arrows": [{"color": "#a1a1a1", "wayPoints": [[1.9, 1.5], [3.5, 1.5]]}],
    }
    p = from_sudokupad(json.dumps(data))
    assert p.constraints == (Arrow((0, 5), (9, 13)),)
    assert p.boxes is None and p.regions is None  # no regions drawn: rows and columns only


def test_jigsaw_regions_and_globals() -> None:
    p = random_puzzle(4, "jigsaw", 9, 0.4)
    data = scl_dict(p)
    data["global"] = ["antiknight", "nonconsecutive"]
    q = from_sudokupad(_link(data))
    assert q.regions is not None and sorted(q.regions) == sorted(tuple(sorted(r)) for r in p.regions or ())
    assert {c.kind for c in q.constraints} == {"anti_knight", "non_consecutive"}


@pytest.mark.parametrize("kind", KINDS)
def test_writer_reader_round_trip(kind: str) -> None:
    for seed in range(3):
        p = random_puzzle(seed, kind, 9, 0.5)
        try:
            text = to_sudokupad(p, link=seed == 1)
        except errors.UnknownConstraintError as exc:
            # slow thermometers, minimum/maximum cells, sukaku candidates and little killers
            # that stop short of the edge have no SudokuPad drawing: the writer says which.
            assert exc.constraint and exc.constraint.split()[0] in ("thermometer", "extremum", "little_killer", "candidates")
            continue
        assert from_sudokupad(text).normalized() == p.normalized()


@pytest.mark.parametrize(
    "change, named",
    [
        ({"foglight": [[0, 0]]}, "foglight"),
        ({"global": ["entropic"]}, "entropic"),
        ({"lines": [{"color": "#ff0000", "thickness": 5, "wayPoints": [[0.5, 0.5], [0.5, 2.5]]}]}, "line 1"),
        ({"overlays": [{"center": [1.5, 1.5], "width": 0.5, "height": 0.5, "text": "K"}]}, "overlay 1"),
        ({"overlays": [{"center": [-0.5, 1.5], "width": 0.25, "height": 0.25, "text": "7"}]}, "sandwich"),
        ({"cages": [{"cells": [[0, 0]], "style": "fpRowIndexer"}]}, "cage 1"),
        ({"cages": [{"cells": [[0, 0], [0, 1]], "unique": False, "value": "4"}]}, "repeat"),
        ({"arrows": [{"color": "#a1a1a1", "wayPoints": [[0.5, 0.5], [0.5, 2.5]]}]}, "without a circle"),
    ],
)
def test_unknown_features_are_named_never_dropped(change: dict[str, Any], named: str) -> None:
    data: dict[str, Any] = {"cells": [[{} for _ in range(4)] for _ in range(4)], **change}
    with pytest.raises(errors.UnknownConstraintError) as caught:
        from_sudokupad(_link(data))
    assert named in str(caught.value) or named == caught.value.constraint


def test_sandwich_clues_need_the_rules_to_say_so() -> None:
    data = {"cells": [[{} for _ in range(9)] for _ in range(9)], "cages": [{"value": "rules: Sandwich sudoku."}],
            "overlays": [{"center": [-0.5, 1.5], "width": 0.25, "height": 0.25, "text": "7"},
                         {"center": [2.5, 9.5], "width": 0.25, "height": 0.25, "text": "0"}]}
    assert set(from_sudokupad(_link(data)).constraints) == {Sandwich("column", 1, 7), Sandwich("row", 2, 0)}


def test_bad_input_is_a_typed_error() -> None:
    with pytest.raises(errors.InvalidFormatError, match="server"):
        from_sudokupad("https://sudokupad.app/psxczr0jpr")
    with pytest.raises(errors.UnknownConstraintError, match="scf"):
        from_sudokupad("https://sudokupad.app/scfABCDEFGH")
    for bad in ("scl" + compress_to_base64("{ce:[[{v:1},]"), "sclN4Ig*", "scl" + compress_to_base64("[1,2]"),
                "scl" + compress_to_base64("{ce:[[{v:7}]]}"), "scl" + compress_to_base64("{ce:[[,],[,,]]}"),
                "scl" + compress_to_base64("{ce:[[,],[,]],ca:[{ce:[[5,0]],v:3}]}"), "scl" + compress_to_base64("[" * 5000),
                "scl" + compress_to_base64("{'"), "scl" + compress_to_base64("{ce:[[{v:1}]]}\x00x"), "sclctcDQbwzADAvgLgRDAbogjFMBjEVhA=",
                "scl" + compress_to_base64("{ce:[[,],[,]],ca:[{ce:5,v:3}]}"), "scl" + compress_to_base64("{ce:[[,],[,]],re:[7]}")):
        with pytest.raises(errors.InvalidPuzzleError):
            from_sudokupad(bad)


def test_compact_numbers_are_read_leniently() -> None:
    assert unzip_scl("{ce:[[{v:02},{v:-1.5e1}]]}") == {"cells": [[{"value": 2}, {"value": -15.0}]]}


def test_compact_text_round_trips() -> None:
    rng = random.Random(5)
    for _ in range(100):
        obj = {"cells": [[{"value": rng.randint(1, 9)} if rng.random() < 0.3 else {} for _ in range(3)] for _ in range(3)],
               "overlays": [{"center": [rng.random(), -1.5], "text": rng.choice(["it's", 'say "x"', "\\", "é", ""]),
                             "rounded": rng.random() < 0.5, "backgroundColor": rng.choice(["#000000", "#FFFFFF", "#a1b2c3"])}]}
        text = zip_scl(obj)
        assert '"' not in text.replace('say "x"', "")
        assert unzip_scl(text) == obj
        assert unzip_scl(json.dumps(obj)) == obj


def test_cli_solves_a_sudokupad_link() -> None:
    p = Puzzle.from_string("1... ..1. .2.. ...3", size=4)
    out, err = io.StringIO(), io.StringIO()
    code = main(["solve", to_sudokupad(p, link=True)], stdin=io.StringIO(), stdout=out, stderr=err)
    assert code == 0, err.getvalue()
    solution = out.getvalue().strip()
    assert len(solution) == 16 and all(solution[i] == str(d) for i, d in enumerate(p.givens) if d)
    rows = [solution[k : k + 4] for k in range(0, 16, 4)]
    boxes = [rows[r][c] + rows[r][c + 1] + rows[r + 1][c] + rows[r + 1][c + 1] for r in (0, 2) for c in (0, 2)]
    assert all(sorted(g) == list("1234") for g in rows + boxes + ["".join(c) for c in zip(*rows)])


def test_web_app_reads_classic_sudokupad_links_and_refuses_variant_rules() -> None:
    from sudokit.web.jobs import read_puzzle

    classic = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    grid, marks = read_puzzle(to_sudokupad(Puzzle.from_string(classic), link=True))
    assert str(grid).replace("0", ".") == classic and marks is None
    # The classic-only jobs (hint, explain, ...) name the variant's rules (solve/check/render take it).
    with pytest.raises(errors.UnsupportedVariantError, match="killer"):
        read_puzzle(to_sudokupad(Puzzle(constraints=(KillerCage((0, 1), 3),)), link=True))
