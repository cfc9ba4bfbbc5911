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

from .. import _backend
from ..errors import SudokuError
from .model import HOUSE_NAMES, POPCOUNT, Candidates
from .step import STEP_TEXT, Step, cell_text, cells_text

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


def _search(state: Candidates, size: int, mode: int) -> Iterator[Step]:
    """Every basic (mode 0), finned (1) or sashimi (2) fish of this size, in the order
    above: digit by digit, row bases then column bases, base lines as ascending
    combinations; fins in the first band then the next, the band's cover lines as
    ascending combinations. The kernel's ``ho_basic_fish`` searches (csrc/hofish9.c, twin
    :mod:`sudokit._pyfish9`); the first fish is asked for alone, as it is normally the
    only one a caller takes."""
    kernel = _backend.kernel()
    cands = state.cand_bytes()
    first, _ = kernel.ho_basic_fish(cands, size, mode, 1)
    yield from _records(state, first, size, mode)
    if first:
        rest, _ = kernel.ho_basic_fish(cands, size, mode, 0)
        yield from _records(state, rest[len(first):], size, mode)


def fish_steps(state: Candidates, data: bytes, size: int, mode: int) -> Iterator[Step]:
    """The steps of ``ho_basic_fish`` records of this size and mode (0 basic, 1 finned,
    2 sashimi) found on ``state`` (the HoDoKu walk's ``ho_probe`` hands them over)."""
    return _records(state, data, size, mode)


def _records(state: Candidates, data: bytes, size: int, mode: int) -> Iterator[Step]:
    """The steps of ``ho_basic_fish`` records."""
    width = 6 + size
    for k in range(0, len(data), width):
        d, by_rows = data[k], bool(data[k + 1])
        bases = tuple(data[k + 2:k + 2 + size])
        cover = data[k + 2 + size] | data[k + 3 + size] << 8
        fin_cross = data[k + 4 + size] | data[k + 5 + size] << 8
        pos = _positions(state, d, by_rows)
        step: Step | None
        if not mode:
            elims = [_cell(by_rows, i, j) for i in range(9) if i not in bases for j in _bits(pos[i] & cover)]
            step = _fish_step(size, d, by_rows, bases, cover, 0, elims, False, False, pos)
        else:
            band = _BAND[(fin_cross & -fin_cross).bit_length() - 1]
            step = _finned_step(d, by_rows, pos, bases, cover, fin_cross, band, size, mode == 2)
        if step is None:
            raise SudokuError("internal error: the kernel's fish is not a fish")
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
    kind = "sashimi_" if sashimi else "finned_" if finned else ""
    name = ("Sashimi " if sashimi else "Finned " if finned else "") + _NAMES[size]
    if not STEP_TEXT.get():
        return Step(kind + _IDS[size], name, _FAMILY, eliminations=tuple((c, d) for c in sorted(elims)))
    covers = _bits(cover)
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
    return _search(state, 2, 0)


def find_swordfish(state: Candidates) -> Iterator[Step]:
    """Three lines whose places for a digit lie in three cross lines."""
    return _search(state, 3, 0)


def find_jellyfish(state: Candidates) -> Iterator[Step]:
    """Four lines whose places for a digit lie in four cross lines."""
    return _search(state, 4, 0)


def find_finned_x_wing(state: Candidates) -> Iterator[Step]:
    """An X-Wing with extra places (fins) in one box."""
    return _search(state, 2, 1)


def find_sashimi_x_wing(state: Candidates) -> Iterator[Step]:
    """A finned X-Wing one of whose base lines has a single non-fin place."""
    return _search(state, 2, 2)


def find_finned_swordfish(state: Candidates) -> Iterator[Step]:
    """A Swordfish with extra places (fins) in one box."""
    return _search(state, 3, 1)


def find_sashimi_swordfish(state: Candidates) -> Iterator[Step]:
    """A finned Swordfish one of whose base lines has a single non-fin place."""
    return _search(state, 3, 2)


def find_finned_jellyfish(state: Candidates) -> Iterator[Step]:
    """A Jellyfish with extra places (fins) in one box."""
    return _search(state, 4, 1)


def find_sashimi_jellyfish(state: Candidates) -> Iterator[Step]:
    """A finned Jellyfish one of whose base lines has a single non-fin place."""
    return _search(state, 4, 2)
