"""Basic fish (X-Wing, Swordfish, Jellyfish) and finned/sashimi X-Wing, Swordfish and Jellyfish.

A fish of size n on digit d: n *base* lines (rows, or columns) in which d's places all lie
in n *cover* lines of the other direction; d then goes nowhere else in the cover lines.
A *finned* fish has extra base places, the *fins*, all in one box: either a fin is true or
the fish is, so only cover cells in the fin box (which see every fin) lose d. It is
*sashimi* when some base line has a single place left outside the fins.

Lines are handled as 9-bit masks: for row bases, ``positions[i]`` is the set of columns of
row i holding d; for column bases the set of rows of column i.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from .model import HOUSE_NAMES, POPCOUNT, Candidates
from .step import Step, cell_text, cells_text

__all__ = [
    "find_x_wing", "find_swordfish", "find_jellyfish",
    "find_finned_x_wing", "find_sashimi_x_wing", "find_finned_swordfish", "find_sashimi_swordfish",
    "find_finned_jellyfish", "find_sashimi_jellyfish",
]

_FAMILY = "fish"
_NAMES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}
_IDS = {2: "x_wing", 3: "swordfish", 4: "jellyfish"}
#: The 3-line band (9-bit mask) each line index belongs to.
_BAND = tuple(0b111 << (3 * (i // 3)) for i in range(9))
_BANDS = (0b111, 0b111 << 3, 0b111 << 6)


_BITS: tuple[tuple[int, ...], ...] = tuple(tuple(k for k in range(9) if m >> k & 1) for m in range(512))


def _bits(mask: int) -> tuple[int, ...]:
    """The set bits of a 9-bit mask, ascending."""
    return _BITS[mask]


def _positions(state: Candidates, d: int, by_rows: bool) -> list[int]:
    """For each base line, the 9-bit mask of cross indices where d is a candidate."""
    table = state.position_table(d)
    return table[0:9] if by_rows else table[9:18]


def _numbers(lines: tuple[int, ...] | list[int]) -> str:
    """``(0, 2, 6)`` -> ``"1, 3 and 7"``."""
    names = [str(i + 1) for i in lines]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _cell(by_rows: bool, base: int, cross: int) -> int:
    return base * 9 + cross if by_rows else cross * 9 + base


def _line_text(by_rows: bool, lines: list[int] | tuple[int, ...]) -> str:
    return ("r" if by_rows else "c") + "".join(str(i + 1) for i in lines)


def _house(by_rows: bool, line: int, base: bool) -> str:
    return HOUSE_NAMES[line if by_rows == base else 9 + line]


def _basic(state: Candidates, size: int) -> Iterator[Step]:
    for d in range(1, 10):
        for by_rows in (True, False):
            pos = _positions(state, d, by_rows)
            lines = [i for i in range(9) if 2 <= POPCOUNT[pos[i]] <= size]
            for bases in combinations(lines, size):
                union = 0
                for i in bases:
                    union |= pos[i]
                if POPCOUNT[union] != size:
                    continue
                elims = [
                    _cell(by_rows, i, j)
                    for i in range(9) if i not in bases and pos[i] & union
                    for j in _bits(pos[i] & union)
                ]
                if elims:
                    yield _fish_step(size, d, by_rows, bases, union, 0, elims, False, False, pos)


def _finned(state: Candidates, size: int, sashimi: bool) -> Iterator[Step]:
    for d in range(1, 10):
        for by_rows in (True, False):
            pos = _positions(state, d, by_rows)
            lines = [i for i in range(9) if pos[i] and POPCOUNT[pos[i]] <= size + 3]
            for bases in combinations(lines, size):
                union = 0
                for i in bases:
                    union |= pos[i]
                if not size < POPCOUNT[union] <= size + 3:
                    continue
                if POPCOUNT[union & 0x1F8] > size and POPCOUNT[union & 0x1C7] > size and POPCOUNT[union & 0x3F] > size:
                    continue  # whichever band holds the fins, too many lines are left to cover
                yield from _covers(d, by_rows, pos, bases, union, size, sashimi)


def _covers(d: int, by_rows: bool, pos: list[int], bases: tuple[int, ...], union: int,
            size: int, sashimi: bool) -> Iterator[Step]:
    """Every cover set of ``size`` cross lines leaving fins in one band, for these bases."""
    base_mask = 0
    for i in bases:
        base_mask |= 1 << i
    for band in _BANDS:
        outside = union & ~band
        missing = size - POPCOUNT[outside]
        if missing < 0:
            continue
        for extra in combinations(_BITS[union & band], missing):
            cover = outside
            for j in extra:
                cover |= 1 << j
            fin_cross = union & ~cover
            if not fin_cross:
                continue
            # cheap filters first: fins in one box, and something in that box to eliminate
            fin_lines = 0
            for i in bases:
                if pos[i] & fin_cross:
                    fin_lines |= 1 << i
            base_band = _BAND[(fin_lines & -fin_lines).bit_length() - 1]
            if fin_lines & ~base_band:
                continue
            if not any(pos[i] & cover & band for i in _BITS[base_band & ~base_mask]):
                continue
            step = _finned_step(d, by_rows, pos, bases, cover, fin_cross, band, size, sashimi)
            if step is not None:
                yield step


def _finned_step(d: int, by_rows: bool, pos: list[int], bases: tuple[int, ...], cover: int, fin_cross: int,
                 band: int, size: int, sashimi: bool) -> Step | None:
    """The step for one finned fish (fins in cross lines ``fin_cross`` within ``band``), if any."""
    fin_bases = [i for i in bases if pos[i] & fin_cross]
    base_band = _BAND[fin_bases[0]]
    for i in fin_bases:
        if _BAND[i] != base_band:
            return None  # fins in more than one box
    for i in bases:
        if not pos[i] & cover:
            return None  # a base line made only of fins: not a fish
    is_sashimi = any(POPCOUNT[pos[i] & cover] == 1 for i in bases)
    if is_sashimi != sashimi:
        return None
    elims = [
        _cell(by_rows, i, j)
        for i in _bits(base_band) if i not in bases
        for j in _bits(pos[i] & cover & band)
    ]
    if not elims:
        return None
    return _fish_step(size, d, by_rows, bases, cover, fin_cross, elims, True, sashimi, pos)


def _fish_step(size: int, d: int, by_rows: bool, bases: tuple[int, ...], cover: int, fin_cross: int,
               elims: list[int], finned: bool, sashimi: bool, pos: list[int] | None = None) -> Step:
    covers = _bits(cover)
    kind = "sashimi_" if sashimi else "finned_" if finned else ""
    name = ("Sashimi " if sashimi else "Finned " if finned else "") + _NAMES[size]
    base_cells = [_cell(by_rows, i, j) for i in bases for j in covers if pos is None or pos[i] >> j & 1]
    fins = sorted(_cell(by_rows, i, j) for i in bases for j in _bits(fin_cross) if pos and pos[i] >> j & 1)  # HoDoKu's order
    base_names = tuple(_house(by_rows, i, True) for i in bases)
    cover_names = tuple(_house(by_rows, j, False) for j in covers)
    notation = f"{d} {_line_text(by_rows, bases)} {_line_text(not by_rows, covers)}"
    if fins:
        notation += " " + " ".join(f"f{cell_text(c)}" for c in fins)
    base_kind, cover_kind = ("rows", "columns") if by_rows else ("columns", "rows")
    why = (f"In {base_kind} {_numbers(bases)}, {d} can only go in {cover_kind} {_numbers(covers)}"
           + (f" or in the fin{'s' if len(fins) > 1 else ''} {cells_text(fins)}" if fins else "")
           + (f", so no other cell of those {cover_kind} that sees every fin can be {d}." if fins
              else f", so {d} goes nowhere else in those {cover_kind}."))
    return Step(
        kind + _IDS[size], name, _FAMILY,
        eliminations=tuple((c, d) for c in sorted(elims)),
        cells=tuple((c, "base") for c in base_cells) + tuple((c, "fin") for c in fins),
        houses=base_names + cover_names,
        digits=(d,),
        why=why,
        notation=notation,
    )


def find_x_wing(state: Candidates) -> Iterator[Step]:
    """Two lines whose places for a digit lie in the same two cross lines."""
    return _basic(state, 2)


def find_swordfish(state: Candidates) -> Iterator[Step]:
    """Three lines whose places for a digit lie in three cross lines."""
    return _basic(state, 3)


def find_jellyfish(state: Candidates) -> Iterator[Step]:
    """Four lines whose places for a digit lie in four cross lines."""
    return _basic(state, 4)


def find_finned_x_wing(state: Candidates) -> Iterator[Step]:
    """An X-Wing with extra places (fins) in one box."""
    return _finned(state, 2, sashimi=False)


def find_sashimi_x_wing(state: Candidates) -> Iterator[Step]:
    """A finned X-Wing one of whose base lines has a single non-fin place."""
    return _finned(state, 2, sashimi=True)


def find_finned_swordfish(state: Candidates) -> Iterator[Step]:
    """A Swordfish with extra places (fins) in one box."""
    return _finned(state, 3, sashimi=False)


def find_sashimi_swordfish(state: Candidates) -> Iterator[Step]:
    """A finned Swordfish one of whose base lines has a single non-fin place."""
    return _finned(state, 3, sashimi=True)


def find_finned_jellyfish(state: Candidates) -> Iterator[Step]:
    """A Jellyfish with extra places (fins) in one box."""
    return _finned(state, 4, sashimi=False)


def find_sashimi_jellyfish(state: Candidates) -> Iterator[Step]:
    """A finned Jellyfish one of whose base lines has a single non-fin place."""
    return _finned(state, 4, sashimi=True)
