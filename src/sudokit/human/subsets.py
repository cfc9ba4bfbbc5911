"""Subsets: Naked and Hidden Pair, Triple and Quad.

Naked: N cells of a house whose candidates together are N digits; those digits go nowhere
else in the house. Hidden: N digits of a house whose places together are N cells; those
cells hold nothing else.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator

from .. import _backend
from .model import DIGITS_OF, HOUSE_CELLS, HOUSE_NAMES, Candidates
from .step import Step, cells_text

__all__ = [
    "find_naked_pair", "find_naked_triple", "find_naked_quad",
    "find_hidden_pair", "find_hidden_triple", "find_hidden_quad",
]

_FAMILY = "subsets"
_SIZE_NAME = {2: "Pair", 3: "Triple", 4: "Quadruple"}
_SIZE_ID = {2: "pair", 3: "triple", 4: "quad"}


def _naked(state: Candidates, size: int) -> Iterator[Step]:
    cands = state.cands
    for h, combo, union in _found(state)[(0, size)]:
        house = HOUSE_CELLS[h]
        elims = [
            (c, d) for c in house
            if c not in combo and cands[c] & union
            for d in DIGITS_OF[cands[c] & union]
        ]
        yield _naked_step(size, h, combo, union, elims)


def naked_subset_cells(state: Candidates, size: int) -> list[tuple[int, ...]]:
    """The cells of every naked subset of ``size`` that eliminates something in its house
    (the records :func:`find_naked_pair` and co. build their steps from), in search order."""
    return [cells for _h, cells, _digits in _found(state)[(0, size)]]


def _found(state: Candidates) -> dict[tuple[int, int], list[tuple[int, tuple[int, ...], int]]]:
    """The kernel's subsets of the grid (``subsets``: csrc/subset9.c, twin
    :mod:`sudokit._pysubset9`), once per candidate grid: (kind 0 naked / 1 hidden, size) ->
    [(house, cells, digit mask)] in search order."""
    def build() -> dict[tuple[int, int], list[tuple[int, tuple[int, ...], int]]]:
        data = _backend.kernel().subsets(array("H", state.cands).tobytes(), bytes(state.values))
        found: dict[tuple[int, int], list[tuple[int, tuple[int, ...], int]]] = {(k, n): [] for k in (0, 1) for n in (2, 3, 4)}
        j = 0
        while j < len(data):
            n = data[j + 1]
            found[(data[j], n)].append((data[j + 2], tuple(data[j + 3 : j + 3 + n]), data[j + 3 + n] | data[j + 4 + n] << 8))
            j += 5 + n
        return found
    return state.cached("subsets", build)


def _naked_step(size: int, h: int, combo: tuple[int, ...], union: int, elims: list[tuple[int, int]]) -> Step:
    digits = DIGITS_OF[union]
    digit_text = ",".join(map(str, digits))
    return Step(
        f"naked_{_SIZE_ID[size]}", f"Naked {_SIZE_NAME[size]}", _FAMILY,
        eliminations=tuple(sorted(elims, key=lambda e: (e[1], e[0]))),  # by digit, as HoDoKu lists them
        cells=tuple((c, "base") for c in combo),
        houses=(HOUSE_NAMES[h],),
        digits=digits,
        why=(f"In {HOUSE_NAMES[h]}, the {size} cells {cells_text(combo)} hold only {digit_text} between "
             f"them, so those digits go nowhere else in {HOUSE_NAMES[h]}."),
        notation=f"{digit_text} in {cells_text(combo)}",
    )


def _hidden(state: Candidates, size: int) -> Iterator[Step]:
    cands = state.cands
    for h, cells, dmask in _found(state)[(1, size)]:
        elims = [(c, d) for c in cells for d in DIGITS_OF[cands[c] & ~dmask]]
        yield _hidden_step(size, h, list(cells), dmask, elims)


def _hidden_step(size: int, h: int, cells: list[int], dmask: int, elims: list[tuple[int, int]]) -> Step:
    digits = DIGITS_OF[dmask]
    digit_text = ",".join(map(str, digits))
    return Step(
        f"hidden_{_SIZE_ID[size]}", f"Hidden {_SIZE_NAME[size]}", _FAMILY,
        eliminations=tuple(elims),
        cells=tuple((c, "base") for c in cells),
        houses=(HOUSE_NAMES[h],),
        digits=digits,
        why=(f"In {HOUSE_NAMES[h]}, {digit_text} can only go in the {size} cells {cells_text(cells)}, "
             f"so those cells hold nothing else."),
        notation=f"{digit_text} in {cells_text(cells)}",
    )


def find_naked_pair(state: Candidates) -> Iterator[Step]:
    """Two cells of a house with the same two candidates."""
    return _naked(state, 2)


def find_naked_triple(state: Candidates) -> Iterator[Step]:
    """Three cells of a house holding three digits between them."""
    return _naked(state, 3)


def find_naked_quad(state: Candidates) -> Iterator[Step]:
    """Four cells of a house holding four digits between them."""
    return _naked(state, 4)


def find_hidden_pair(state: Candidates) -> Iterator[Step]:
    """Two digits of a house confined to the same two cells."""
    return _hidden(state, 2)


def find_hidden_triple(state: Candidates) -> Iterator[Step]:
    """Three digits of a house confined to three cells."""
    return _hidden(state, 3)


def find_hidden_quad(state: Candidates) -> Iterator[Step]:
    """Four digits of a house confined to four cells."""
    return _hidden(state, 4)
