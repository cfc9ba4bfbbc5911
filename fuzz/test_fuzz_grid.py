"""Fuzz ``Grid.parse`` (and ``sudokit.parse``) with round trips through every form it reads.

Properties: whatever the input, ``Grid.parse`` returns a Grid or raises
:class:`~sudokit.InvalidFormatError` (never another exception); every output form of a
grid parses back to the same grid.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from sudokit import Grid, InvalidFormatError, parse
from sudokit.grid import BLANKS

from _strategies import any_grids, hostile_bytes, hostile_text


def parses_or_rejects(value: Any) -> Grid | None:
    try:
        grid = Grid.parse(value)
    except InvalidFormatError:
        return None
    assert isinstance(grid, Grid) and len(str(grid)) == 81
    return grid


@given(hostile_text)
def test_text_parses_or_is_rejected_cleanly(text: str) -> None:
    grid = parses_or_rejects(text)
    if grid is not None:
        assert Grid.parse(str(grid)) == grid


@given(hostile_bytes)
def test_bytes_parse_or_are_rejected_cleanly(data: bytes) -> None:
    parses_or_rejects(data)
    parses_or_rejects(bytearray(data))
    parses_or_rejects(memoryview(data))


@given(st.lists(st.one_of(st.none(), st.integers(-3, 12), st.text(max_size=2), st.floats(), st.booleans()), max_size=90))
def test_flat_sequences_parse_or_are_rejected_cleanly(values: list[Any]) -> None:
    parses_or_rejects(values)
    parses_or_rejects(tuple(values))


@given(st.lists(st.lists(st.one_of(st.none(), st.integers(-1, 10), st.sampled_from(list("123456789.0x"))), max_size=10), max_size=10))
def test_boards_parse_or_are_rejected_cleanly(rows: list[list[Any]]) -> None:
    parses_or_rejects(rows)


@given(any_grids())
def test_every_output_form_round_trips(grid: Grid) -> None:
    text = str(grid)
    assert parse(text) == grid
    assert Grid.parse(grid.pretty()) == grid
    assert Grid.parse(bytes(grid)) == grid
    assert Grid.parse(grid.to_board()) == grid
    assert Grid.parse(grid.to_list()) == grid
    assert Grid.parse(list(grid)) == grid
    assert eval(repr(grid), {"Grid": Grid}) == grid
    assert Grid.parse(grid) is grid


@given(any_grids(), st.sampled_from(BLANKS), st.sampled_from(["", " ", "\n", "\r\n", "\t"]))
def test_blank_spellings_and_surrounding_whitespace(grid: Grid, blank: str, pad: str) -> None:
    text = pad + str(grid).replace(".", blank) + pad
    assert Grid.parse(text) == grid


@given(any_grids(), st.integers(0, 80), st.sampled_from("a５١\ufeff\x00é,"))
def test_one_bad_character_is_located(grid: Grid, where: int, bad: str) -> None:
    text = str(grid)
    text = text[:where] + bad + text[where + 1 :]
    try:
        Grid.parse(text)
    except InvalidFormatError as exc:
        assert exc.column == where + 1 or exc.column is None
    else:
        raise AssertionError(f"accepted {bad!r} at {where}")
