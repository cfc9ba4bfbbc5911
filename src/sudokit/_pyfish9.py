"""Pure-Python twin of csrc/hofish9.c: HoDoKu's Franken and Mutant fish search.

Re-exported by :mod:`sudokit._pycore` as ``ho_fish``; the contract is in ``_core.pyi`` and
the record layout in ``csrc/hofish9.h``. Same search, same order, same bytes as the C
code; :mod:`sudokit.human.franken` names the fish and writes the steps, and
:mod:`sudokit.human.kraken` runs :func:`fish_bases` with its own check. Also the basic,
finned and sashimi fish on rows and columns of :mod:`sudokit.human.fish`
(:func:`ho_basic_fish`, the search order described there).

HoDoKu 2.2's ``FishSolver``: digit by digit, base houses with rows first (then the
transpose; a Mutant search runs once, over every house), base and cover combinations
depth first in house order, at most 5 fins and 2 endo fins. A place in two base houses is
an *endo fin* (finless: not allowed); cover places outside the bases, and places in two
covers (*cannibalism*), are removed when the fins (endo fins too) leave them: with no fin
all of them, else the ones that see every fin. Cells are 81-bit ints (bit i = cell i).
A finned search skips the base sets that fail :func:`_maybe_fish` (no cell could see
every fin), as the C code does: same records, same count of cover sets checked.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterator
from itertools import combinations
from typing import TypeVar

__all__ = ["ho_fish", "ho_basic_fish", "fish_units", "fish_bases", "is_fish", "MAX_FINS", "MAX_ENDO_FINS"]

_T = TypeVar("_T")
_FULL = (1 << 81) - 1
#: HoDoKu's ``Options.MAX_FINS`` / ``MAX_ENDO_FINS``.
MAX_FINS = 5
MAX_ENDO_FINS = 2
_HOUSE_CELLS = (
    [[r * 9 + c for c in range(9)] for r in range(9)]
    + [[r * 9 + c for r in range(9)] for c in range(9)]
    + [[(b // 3 * 3 + k // 3) * 9 + b % 3 * 3 + k % 3 for k in range(9)] for b in range(9)]
)
HOUSE_MASK = tuple(sum(1 << c for c in cells) for cells in _HOUSE_CELLS)
#: Each cell's row, column and box.
_CELL_HOUSE = tuple((i // 9, 9 + i % 9, 18 + i // 27 * 3 + i % 9 // 3) for i in range(81))
_PEER_MASK = tuple(
    (HOUSE_MASK[i // 9] | HOUSE_MASK[9 + i % 9] | HOUSE_MASK[18 + i // 27 * 3 + i % 9 // 3]) & ~(1 << i)
    for i in range(81)
)

def ho_fish(cands: bytes, size: int, finned: bool, mutant: bool, max_hits: int) -> tuple[bytes, int]:
    """The Franken/Mutant fish records: ``(records, spent)`` (see ``_core.pyi``)."""
    if len(cands) != 162:
        raise ValueError("need 81 native uint16 candidate masks")
    masks = array("H")
    masks.frombytes(cands)
    if any(m > 0x1FF for m in masks) or not 2 <= size <= 4 or max_hits < 0:
        raise ValueError("candidate masks must be 0..0x1FF, size 2..4, max_hits >= 0")
    out = bytearray()
    spent = [0]
    hits = 0

    def check(d: int, n: int, fin: bool, base: int, endo: int, bases: tuple[int, ...],
              covers: tuple[int, ...], cover: int, cannibal: int) -> bool | None:
        spent[0] += 1
        return True if is_fish(fin, base, endo, cover, cannibal) else None

    for d in range(1, 10):
        where = sum(1 << i for i in range(81) if masks[i] >> (d - 1) & 1)
        if not where:
            continue
        for lines in (True, False):
            base_units, cover_units = fish_units(where, mutant, lines, size, finned)
            for d_, bases, covers, _hit in fish_bases(d, where, size, finned, base_units, cover_units, check,
                                                       viewers=finned):
                out += bytes((d_, size, *bases, *covers))
                hits += 1
                if hits == max_hits:
                    return bytes(out), spent[0]
            if mutant:
                break
    return bytes(out), spent[0]


def is_fish(finned: bool, base: int, endo: int, cover: int, cannibal: int) -> int:
    """The places these bases and covers remove (0: not a fish): HoDoKu's check."""
    fins = (base & ~cover) | endo
    if not finned:
        if fins:
            return 0
        return (cover & ~base) | cannibal
    if not fins or fins.bit_count() > MAX_FINS:
        return 0
    seeing = _FULL
    f = fins
    while f:
        low = f & -f
        seeing &= _PEER_MASK[low.bit_length() - 1]
        f ^= low
    return ((cover & ~base) & seeing) | (cannibal & seeing)


def fish_units(where: int, mutant: bool, lines: bool, size: int, finned: bool) -> tuple[list[int], list[int]]:
    """HoDoKu's base and cover houses (in its order) for one orientation (rows first
    when ``lines``)."""
    base: list[int] = []
    cover: list[int] = []
    for h in range(27):
        if not where & HOUSE_MASK[h]:
            continue
        small = finned or (where & HOUSE_MASK[h]).bit_count() <= size
        if h < 18:
            first_base = (h < 9) == lines
            order = (first_base, not first_base) if mutant else (first_base,)
            for as_base in order:
                if as_base:
                    if small:
                        base.append(h)
                else:
                    cover.append(h)
        else:
            cover.append(h)
            if small:
                base.append(h)
    return base, cover


def fish_bases(d: int, where: int, size: int, finned: bool, base_units: list[int], cover_units: list[int],
               check: Callable[[int, int, bool, int, int, tuple[int, ...], tuple[int, ...], int, int], _T | None],
               *, min_size: int = 0, max_endo: int = MAX_ENDO_FINS, max_fins: int = MAX_FINS,
               viewers: bool = False,
               ) -> Iterator[tuple[int, tuple[int, ...], tuple[int, ...], _T]]:
    """Base combinations depth first in HoDoKu's order, covers tried at every size from
    ``min_size`` (default: ``size``) to ``size``: ``(digit, bases, covers, check's hit)``
    for every cover set ``check`` accepts. ``viewers``: skip the base sets that fail
    :func:`_maybe_fish` (only for a ``check`` that accepts no more than
    :func:`is_fish`'s finned fish)."""
    cands = [where & HOUSE_MASK[h] for h in base_units]
    n = len(base_units)
    low = min_size or size

    def extend(start: int, union: int, endo: int, chosen: tuple[int, ...]) -> Iterator[tuple[int, tuple[int, ...], tuple[int, ...], _T]]:
        for i in range(start, n):
            new_endo = union & cands[i]
            if new_endo and (not finned or endo.bit_count() + new_endo.bit_count() > max_endo):
                continue
            u, e, c = union | cands[i], endo | new_endo, chosen + (base_units[i],)
            if len(c) >= low:
                yield from _covers(d, len(c), finned, u, e, c, cover_units, where, max_fins, check, viewers)
            if len(c) < size:
                yield from extend(i + 1, u, e, c)

    yield from extend(0, 0, 0, ())


def _covers(d: int, size: int, finned: bool, base: int, endo: int, bases: tuple[int, ...], cover_units: list[int],
            where: int, max_fins: int,
            check: Callable[[int, int, bool, int, int, tuple[int, ...], tuple[int, ...], int, int], _T | None],
            viewers: bool = False,
            ) -> Iterator[tuple[int, tuple[int, ...], tuple[int, ...], _T]]:
    """The fish of these bases: cover combinations depth first in HoDoKu's order, skipping
    those that cannot leave few enough fins."""
    units = [h for h in cover_units if h not in bases and where & HOUSE_MASK[h] & base]
    masks = [where & HOUSE_MASK[h] for h in units]
    n = len(units)
    room = (max_fins - endo.bit_count()) if finned else 0
    if room < 0:
        return
    if viewers and not _maybe_fish(size, base, endo, units, masks):
        return

    def extend(start: int, level: int, union: int, cannibal: int, chosen: tuple[int, ...]) -> Iterator[tuple[int, tuple[int, ...], tuple[int, ...], _T]]:
        left = base & ~union
        if left.bit_count() > room + _reach(masks, start, size - level, left):
            return
        # HoDoKu stops a level when fewer units are left than it still needs
        for i in range(start, n - size + level + 1):
            u = union | masks[i]
            can = cannibal | (union & masks[i])
            c = chosen + (units[i],)
            if level + 1 == size:
                hit = check(d, size, finned, base, endo, bases, c, u, can)
                if hit is not None:
                    yield d, bases, c, hit
            else:
                yield from extend(i + 1, level + 1, u, can, c)

    yield from extend(0, 0, 0, 0, ())


def _maybe_fish(size: int, base: int, endo: int, units: list[int], masks: list[int]) -> bool:
    """A necessary condition for a finned fish on these bases (csrc/hofish9.c's
    maybe_fish). A fish's fins (its uncovered base places and endo fins) are all seen by a
    cell c it removes: a cover place outside the bases, or a base place in two covers. So
    for some such c that sees every endo fin, the covers take c (twice for a base place)
    and every base place that does not see c; and a set of ``size`` covers leaves 1..5
    fins. Places of which no two share a cover need a cover each (a quick bound first)."""
    inside = {h: m & base for h, m in zip(units, masks)}  # the base places each cover takes
    anywhere = two = taken = 0
    for m in masks:
        two |= taken & m & base
        taken |= m & base
        anywhere |= m
    kill = (anywhere & ~base) | two
    for e in _cells(endo):
        kill &= _PEER_MASK[e]

    def near(cell: int) -> int:
        out = 0
        for h in _CELL_HOUSE[cell]:
            out |= inside.get(h, 0)
        return out

    def can_cover(need: int, covered: int, k: int) -> bool:
        if not need:
            return k > 0 or 1 <= ((base & ~covered) | endo).bit_count() <= MAX_FINS
        if not k:
            return False
        q = (need & -need).bit_length() - 1
        return any(can_cover(need & ~inside[h], covered | inside[h], k - 1) for h in _CELL_HOUSE[q] if h in inside)

    for c in _cells(kill):
        own = 2 if base >> c & 1 else 1
        need = base & ~_PEER_MASK[c]
        left, used = need & ~near(c), own
        while left and used <= size:
            left &= ~near((left & -left).bit_length() - 1)
            used += 1
        if used > size:
            continue
        mine = [inside[h] for h in _CELL_HOUSE[c] if h in inside]
        for chosen in combinations(mine, own):
            m = chosen[0] | chosen[-1]
            if can_cover(need & ~m, m, size - own):
                return True
    return False


def _cells(mask: int) -> Iterator[int]:
    """The cells of an 81-bit mask, ascending."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _reach(masks: list[int], start: int, k: int, left: int) -> int:
    """At most how many places of ``left`` ``k`` more covers from ``masks[start:]`` can take."""
    best = sorted(((m & left).bit_count() for m in masks[start:]), reverse=True)
    return sum(best[:k])


# ------------------------------------------------------------ basic and finned fish
_POP = tuple(bin(m).count("1") for m in range(512))
_BITS = tuple(tuple(k for k in range(9) if m >> k & 1) for m in range(512))
#: The 3-line band (9-bit mask) each line index belongs to.
_BAND = tuple(0b111 << (3 * (i // 3)) for i in range(9))
_BANDS = (0b111, 0b111 << 3, 0b111 << 6)


def ho_basic_fish(cands: bytes, size: int, mode: int, max_hits: int) -> tuple[bytes, int]:
    """Basic (mode 0), finned (1) or sashimi (2) fish records: ``(records, spent)`` (see
    ``_core.pyi``)."""
    if len(cands) != 162:
        raise ValueError("need 81 native uint16 candidate masks")
    masks = array("H")
    masks.frombytes(cands)
    if any(m > 0x1FF for m in masks) or not 2 <= size <= 4 or not 0 <= mode <= 2 or max_hits < 0:
        raise ValueError("candidate masks must be 0..0x1FF, size 2..4, mode 0..2, max_hits >= 0")
    out = bytearray()
    spent = hits = 0
    for d in range(1, 10):
        bit = 1 << (d - 1)
        for by_rows in (True, False):
            pos = [sum(1 << j for j in range(9) if masks[i * 9 + j if by_rows else j * 9 + i] & bit) for i in range(9)]
            if mode:
                lines = [i for i in range(9) if pos[i] and _POP[pos[i]] <= size + 3]
            else:
                lines = [i for i in range(9) if 2 <= _POP[pos[i]] <= size]
            for bases in combinations(lines, size):
                spent += 1
                union = 0
                for i in bases:
                    union |= pos[i]
                found = _finned(pos, bases, union, size, mode == 2) if mode else _basic(pos, bases, union, size)
                for cover, fins in found:
                    out += bytes((d, by_rows, *bases, cover & 0xFF, cover >> 8, fins & 0xFF, fins >> 8))
                    hits += 1
                    if hits == max_hits:
                        return bytes(out), spent
    return bytes(out), spent


def _basic(pos: list[int], bases: tuple[int, ...], union: int, size: int) -> list[tuple[int, int]]:
    """The basic fish of these bases: the cover lines when they are as many as the bases
    and some other line loses the digit."""
    if _POP[union] != size:
        return []
    if any(pos[i] & union for i in range(9) if i not in bases):
        return [(union, 0)]
    return []


def _finned(pos: list[int], bases: tuple[int, ...], union: int, size: int, sashimi: bool) -> Iterator[tuple[int, int]]:
    """(cover, fins) of every finned (or sashimi) fish on these bases: fins in the first
    band, then the next; the band's cover lines as ascending combinations."""
    if not size < _POP[union] <= size + 3:
        return
    if _POP[union & 0x1F8] > size and _POP[union & 0x1C7] > size and _POP[union & 0x3F] > size:
        return  # whichever band holds the fins, too many lines are left to cover
    base_mask = 0
    for i in bases:
        base_mask |= 1 << i
    for band in _BANDS:
        outside = union & ~band
        missing = size - _POP[outside]
        if missing < 0:
            continue
        for extra in combinations(_BITS[union & band], missing):
            cover = outside
            for j in extra:
                cover |= 1 << j
            fin_cross = union & ~cover
            if fin_cross and _is_finned(pos, bases, base_mask, cover, fin_cross, band, sashimi):
                yield cover, fin_cross


def _is_finned(pos: list[int], bases: tuple[int, ...], base_mask: int, cover: int, fin_cross: int, band: int,
               sashimi: bool) -> bool:
    """Fins in one box, something in that box to remove, no base line made only of fins,
    and sashimi (a base line with a single non-fin place) exactly when asked."""
    fin_lines = 0
    for i in bases:
        if pos[i] & fin_cross:
            fin_lines |= 1 << i
    base_band = _BAND[(fin_lines & -fin_lines).bit_length() - 1]
    if fin_lines & ~base_band:
        return False
    if not any(pos[i] & cover & band for i in _BITS[base_band & ~base_mask]):
        return False
    if any(not pos[i] & cover for i in bases):
        return False
    return any(_POP[pos[i] & cover] == 1 for i in bases) == sashimi
