"""Shared Hypothesis strategies: grids, puzzles with their solutions, hostile text."""

from __future__ import annotations

from hypothesis import strategies as st

import sudokit
from sudokit import Grid

#: Characters a parser meets in the wild: digits, every blank, decoration, whitespace,
#: look-alike digits (fullwidth, Arabic-Indic), a BOM, control bytes.
HOSTILE = "0123456789._*|-+=: \t\r\n#,;\"'{}[]xX\ufeff\x00\x7f５١é"

cells = st.sampled_from("123456789.")


@st.composite
def any_grids(draw: st.DrawFn) -> Grid:
    """Any 81 cells (conflicting givens included)."""
    return Grid("".join(draw(st.lists(cells, min_size=81, max_size=81))))


@st.composite
def valid_grids(draw: st.DrawFn) -> Grid:
    """A puzzle without conflicting givens: some cells of a random solved grid."""
    seed = draw(st.lists(cells, min_size=81, max_size=81))
    sparse = "".join(c if i % 7 == 0 else "." for i, c in enumerate(seed))
    solution = _solution_of(sparse)
    keep = draw(st.lists(st.booleans(), min_size=81, max_size=81))
    return Grid("".join(ch if k else "." for ch, k in zip(str(solution), keep)))


def _solution_of(text: str) -> Grid:
    """A solution of the first givens that do not clash (always exists: blank grid)."""
    grid = Grid(text)
    for cell in range(81):
        if grid[cell] and grid.conflicts():
            grid = grid.replace(cell, 0)
    try:
        return sudokit.solve(grid)
    except sudokit.UnsolvableError:
        return sudokit.solve("." * 81)


hostile_text = st.text(alphabet=HOSTILE, max_size=400) | st.text(max_size=200)
hostile_bytes = st.binary(max_size=600)
