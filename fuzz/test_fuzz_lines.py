"""Fuzz the line reader behind every CLI command (:func:`sudokit.puzzlefile.iter_entries`)
and the CLI itself on hostile stdin: entries come back with 1-based line numbers, a
file of puzzle lines round-trips whatever its line endings, comments and BOM, and the
CLI answers with an exit code and messages, never a traceback."""

from __future__ import annotations

import io

from hypothesis import given
from hypothesis import strategies as st

from sudokit import Grid
from sudokit.cli import ExitCode, main
from sudokit.puzzlefile import iter_entries

from _strategies import any_grids, hostile_text


@given(st.lists(any_grids(), max_size=6), st.sampled_from(["\n", "\r\n", "\r"]), st.booleans(), st.booleans())
def test_puzzle_lines_round_trip(grids: list[Grid], newline: str, bom: bool, comments: bool) -> None:
    lines: list[str] = []
    for grid in grids:
        if comments:
            lines += ["# a comment", "   "]
        lines.append(str(grid))
    text = ("\ufeff" if bom else "") + newline.join(lines) + newline
    entries = list(iter_entries(io.StringIO(text, newline=None)))
    assert [Grid.parse(e.text) for e in entries] == grids
    assert all(e.line >= 1 for e in entries)
    assert [e.line for e in entries] == sorted(e.line for e in entries)


@given(hostile_text)
def test_any_text_gives_entries_with_line_numbers(text: str) -> None:
    for entry in iter_entries(io.StringIO(text)):
        assert entry.line >= 1 and entry.text == entry.text.strip() and entry.text


@given(hostile_text, st.sampled_from(["solve", "count", "check", "canon", "hint", "explain"]))
def test_cli_on_hostile_stdin_never_crashes(text: str, command: str) -> None:
    out, err = io.StringIO(), io.StringIO()
    code = main([command, "-"], io.StringIO(text), out, err)
    assert code in {c.value for c in ExitCode} and code != ExitCode.FAILURE, err.getvalue()
    assert "Traceback" not in err.getvalue()


@given(st.text(alphabet="123456789.0_*|-+= ", min_size=1, max_size=40).filter(lambda t: t.strip() and len(t.strip()) != 81), st.lists(any_grids(), min_size=1, max_size=4))
def test_a_short_first_line_costs_only_itself(first: str, grids: list[Grid]) -> None:
    """A typo on line 1 of a one-puzzle-a-line file must not swallow the file as one grid."""
    text = first + "\n" + "\n".join(str(g) for g in grids) + "\n"
    entries = list(iter_entries(io.StringIO(text)))
    assert [e.text for e in entries[1:]] == [str(g) for g in grids]
    assert entries[0].line == 1 and [e.line for e in entries[1:]] == list(range(2, 2 + len(grids)))
