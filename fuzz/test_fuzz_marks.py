"""Fuzz the pencil-mark parsers and format detection.

* ``Candidates.from_state`` / ``hint`` with a 729-character candidate string or a
  ``{cell: digits}`` mapping: a result or :class:`~sudokit.InvalidFormatError`;
* ``PencilGrid`` text forms (sukaku, pm) round-trip through ``read``/``write``;
* ``detect_format`` on any bytes names a registered format or raises
  :class:`~sudokit.InvalidFormatError`.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from sudokit import InvalidFormatError, SudokuError
from sudokit.formats import detect_format, format_names
from sudokit.human import hint

from _strategies import hostile_bytes, valid_grids

marks_text = st.text(alphabet="123456789.0 \n x", min_size=700, max_size=760)
marks_map = st.dictionaries(
    st.one_of(st.integers(-2, 83), st.text(max_size=2), st.none()),
    st.one_of(st.lists(st.one_of(st.integers(-1, 11), st.text(max_size=1)), max_size=10), st.none(), st.integers()),
    max_size=12,
)


@given(valid_grids(), st.one_of(marks_text, marks_map), st.integers(1, 3))
def test_pencil_marks_give_a_hint_or_a_typed_error(grid: Any, marks: Any, level: int) -> None:
    try:
        result = hint((grid, None, marks), level=level)
    except InvalidFormatError:
        return
    except SudokuError:
        return  # e.g. the clues themselves have no solution
    assert result.text and result.kind in {"mistake", "missing_candidate", "step", "solved", "stuck"}


@given(hostile_bytes, st.one_of(st.none(), st.sampled_from(["x.txt", "x.csv", "x.npy", "x.dat", "x", "x.sdk", "x.pm", "x.json"])))
def test_detect_format_names_a_format_or_says_it_cannot(data: bytes, name: str | None) -> None:
    try:
        found = detect_format(name, data)
    except InvalidFormatError:
        return
    assert found in format_names()
