"""Grid: parsing every accepted form, outputs, round trips and precise format errors."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import sudokit
from sudokit import ConflictingGivensError, Grid, InvalidFormatError, InvalidPuzzleError

pytestmark = pytest.mark.single_backend

EXAMPLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

cells = st.lists(st.sampled_from(".123456789"), min_size=81, max_size=81).map("".join)


def test_every_input_form_gives_the_same_grid() -> None:
    grid = Grid.parse(EXAMPLE)
    forms = [
        EXAMPLE,
        EXAMPLE.replace(".", "0"),
        EXAMPLE.replace(".", "_"),
        EXAMPLE.replace(".", "*"),
        "  " + EXAMPLE + "\r\n",
        EXAMPLE.encode(),
        bytearray(EXAMPLE.encode()),
        grid.pretty(),
        grid.to_board(),
        grid.to_list(),
        list(grid),
        [[0 if ch == "." else int(ch) for ch in EXAMPLE[r * 9 : r * 9 + 9]] for r in range(9)],
        grid,
    ]
    for form in forms:
        assert Grid.parse(form) == grid, form
        assert sudokit.parse(form) == grid


def test_outputs() -> None:
    grid = Grid.parse(EXAMPLE)
    assert str(grid) == EXAMPLE
    assert grid.to_board()[0] == ["5", "3", ".", ".", "7", ".", ".", ".", "."]
    assert grid.to_list()[8][8] == 9
    assert grid[0] == 5 and grid[2] == 0 and grid[8, 8] == 9
    assert grid.givens == 30
    assert len(grid.empty_cells) == 51 and grid.empty_cells[0] == 2
    assert not grid.is_complete and grid.is_valid and not grid.is_solved
    assert eval(repr(grid), {"Grid": Grid}) == grid
    assert grid.pretty().count("\n") == 10
    assert grid.candidates(2) == {1, 2, 4}
    assert grid.candidates(0) == set()


def test_grid_is_immutable_and_hashable() -> None:
    grid = Grid.parse(EXAMPLE)
    with pytest.raises(AttributeError):
        grid.foo = 1  # type: ignore[attr-defined]
    assert len({grid, Grid.parse(EXAMPLE)}) == 1
    changed = grid.replace(2, 4)
    assert changed[2] == 4 and grid[2] == 0
    assert changed.replace(2, 0) == grid


@given(cells)
def test_round_trips(text: str) -> None:
    grid = Grid.parse(text)
    assert str(grid) == text
    assert Grid.parse(grid.pretty()) == grid
    assert Grid.parse(grid.to_board()) == grid
    assert Grid.parse(grid.to_list()) == grid
    assert Grid.parse(bytes(grid)) == grid
    assert eval(repr(grid), {"Grid": Grid}) == grid


@given(cells)
def test_conflicts_match_a_direct_check(text: str) -> None:
    grid = Grid.parse(text)
    expected = any(
        text[i] != "." and text[i] == text[j] and (i // 9 == j // 9 or i % 9 == j % 9 or (i // 27, i % 9 // 3) == (j // 27, j % 9 // 3))
        for i in range(81)
        for j in range(i + 1, 81)
    )
    assert grid.is_valid is not expected


@pytest.mark.parametrize(
    ("bad", "fragment"),
    [
        (EXAMPLE[:80], "expected 81 cells, got 80"),
        (EXAMPLE + "1", "expected 81 cells, got 82"),
        ("x" + EXAMPLE[1:], "column 1: unexpected character 'x'"),
        (EXAMPLE[:40] + "a" + EXAMPLE[41:], "column 41"),
        ("", "expected 81 cells, got 0"),
        ([["1"] * 9] * 8, "expected 9 rows of 9 or 81 values, got 8 items"),
        ([["1"] * 9] * 8 + [["1"] * 8], "row 9 has 8 cells"),
        ([[10] * 9] * 9, "r1c1: bad value 10"),
        ([["."] * 9] * 8 + [["."] * 8 + ["ab"]], "r9c9: bad value 'ab'"),
        ([True] * 81, "bad value True"),
        (3.5, "cannot read a puzzle from float"),
        ("5 3 . | . 7 . | . . .\n6 x . | 1 9 5 | . . .", "line 2, column 3"),
        (b"\xff" * 81, "not ASCII"),
        ("garbage", "column 1: unexpected character 'g'"),
    ],
)
def test_format_errors_name_the_problem(bad: object, fragment: str) -> None:
    with pytest.raises(InvalidFormatError) as info:
        Grid.parse(bad)  # type: ignore[arg-type]
    assert fragment in str(info.value)
    assert isinstance(info.value, InvalidPuzzleError) and isinstance(info.value, ValueError)


def test_conflicts_are_named() -> None:
    grid = Grid.parse("..5...5" + "." * 74)
    (conflict,) = grid.conflicts()
    assert str(conflict) == "r1c3 and r1c7 both hold 5 (row 1)"
    with pytest.raises(ConflictingGivensError, match=r"r1c3 and r1c7 both hold 5 \(row 1\)"):
        grid.check()
    column = Grid.parse("4" + "." * 17 + "4" + "." * 62)
    assert [c.house for c in column.conflicts()] == ["column 1", "box 1"]


def test_jupyter_svg_is_well_formed_and_shows_the_givens() -> None:
    import xml.etree.ElementTree as ET

    root = ET.fromstring(Grid.parse(EXAMPLE)._repr_svg_())
    texts = [el.text for el in root.iter() if el.tag.endswith("text") and el.text]
    assert sorted(texts) == sorted(ch for ch in EXAMPLE if ch != ".")
