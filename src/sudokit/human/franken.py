"""Franken and Mutant fish (finless and finned, with endo fins), as HoDoKu searches them.

A fish on digit d: n *base* houses whose places for d all lie in n *cover* houses; d then
goes nowhere else in the cover houses. Basic fish use rows for one set and columns for the
other (module :mod:`~sudokit.human.fish`); a **Franken** fish also takes boxes (base rows
and boxes, cover columns and boxes, or the transpose), a **Mutant** fish any houses. Base
houses that overlap (a row and a box) make *endo fins*; places outside the cover are
*fins*. With fins, only cover places that see every fin (endo fins included) lose d; a
place in two cover houses is lost too when it is not a fin (*cannibalism*).

The search is HoDoKu 2.2's (``FishSolver``): digit by digit, base houses with rows first
(then the transpose), base and cover combinations depth first in house order, at most 5
fins and 2 endo fins, and the first fish found is the step. Its name follows the houses
used, as HoDoKu names it (a Franken search can meet a Mutant-shaped fish).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from .model import HOUSE_MASK, HOUSE_NAMES, PEER_MASK, Candidates, cells_of
from .step import Step, cell_text

__all__ = ["fish_finder", "FISH_NAMES"]

_FULL = (1 << 81) - 1
_SIZE_NAMES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}
_SIZE_IDS = {2: "x_wing", 3: "swordfish", 4: "jellyfish"}
#: HoDoKu's ``Options.MAX_FINS`` / ``MAX_ENDO_FINS``.
MAX_FINS = 5
MAX_ENDO_FINS = 2
_ROW, _COL, _BOX = 1, 2, 4
_KIND = tuple(_ROW if h < 9 else _COL if h < 18 else _BOX for h in range(27))
_LETTER = "rcb"


def _popcount(x: int) -> int:
    return x.bit_count()


def _buddies(cells: int) -> int:
    """Cells that see every cell of ``cells`` (not the cells themselves)."""
    out = _FULL
    for c in cells_of(cells):
        out &= PEER_MASK[c]
    return out


def _shape(base_mask: int, cover_mask: int) -> str:
    """HoDoKu's fish category from the house kinds used: basic, franken or mutant."""
    if (base_mask, cover_mask) in ((_ROW, _COL), (_COL, _ROW)):
        return "basic"
    if (base_mask in (_ROW, _ROW | _BOX) and cover_mask in (_COL, _COL | _BOX)) or (
        base_mask in (_COL, _COL | _BOX) and cover_mask in (_ROW, _ROW | _BOX)
    ):
        return "franken"
    return "mutant"


def _units(where: int, mutant: bool, lines: bool, size: int, finned: bool) -> tuple[list[int], list[int]]:
    """HoDoKu's base and cover houses (in its order) for one orientation."""
    base: list[int] = []
    cover: list[int] = []
    for h in range(27):
        if not where & HOUSE_MASK[h]:
            continue
        small = finned or _popcount(where & HOUSE_MASK[h]) <= size
        if h < 18:
            is_row = h < 9
            first_base = is_row == lines
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


def _search(state: Candidates, size: int, finned: bool, mutant: bool) -> Iterator[Step]:
    """Every fish of this size in HoDoKu's search order (finned: with fins or endo fins;
    else finless)."""
    for d in range(1, 10):
        where = state.where[d]
        if not where:
            continue
        for lines in (True, False):
            base_units, cover_units = _units(where, mutant, lines, size, finned)
            yield from _bases(state, d, where, size, finned, base_units, cover_units)
            if mutant:
                break


Check = Callable[[Candidates, int, int, bool, int, int, tuple[int, ...], tuple[int, ...], int, int], "Step | None"]


def _bases(state: Candidates, d: int, where: int, size: int, finned: bool,
           base_units: list[int], cover_units: list[int], *, min_size: int = 0,
           max_endo: int = MAX_ENDO_FINS, max_fins: int = MAX_FINS, check: Check | None = None) -> Iterator[Step]:
    """Base combinations depth first in HoDoKu's order; covers are tried at every size from
    ``min_size`` (default: ``size``) to ``size``."""
    cands = [where & HOUSE_MASK[h] for h in base_units]
    n = len(base_units)
    low = min_size or size

    def extend(start: int, union: int, endo: int, chosen: tuple[int, ...]) -> Iterator[Step]:
        for i in range(start, n):
            new_endo = union & cands[i]
            if new_endo and (not finned or _popcount(endo) + _popcount(new_endo) > max_endo):
                continue
            u, e, c = union | cands[i], endo | new_endo, chosen + (base_units[i],)
            if len(c) >= low:
                yield from _covers(state, d, len(c), finned, u, e, c, cover_units, where, max_fins, check or _check)
            if len(c) < size:
                yield from extend(i + 1, u, e, c)

    yield from extend(0, 0, 0, ())


def _covers(state: Candidates, d: int, size: int, finned: bool, base: int, endo: int,
            bases: tuple[int, ...], cover_units: list[int], where: int, max_fins: int, check: Check) -> Iterator[Step]:
    """The fish of these bases: cover combinations depth first in HoDoKu's order, skipping
    those that cannot leave few enough fins."""
    units = [h for h in cover_units if h not in bases and where & HOUSE_MASK[h] & base]
    masks = [where & HOUSE_MASK[h] for h in units]
    n = len(units)
    room = (max_fins - _popcount(endo)) if finned else 0
    if room < 0:
        return

    def extend(start: int, level: int, union: int, cannibal: int, chosen: tuple[int, ...]) -> Iterator[Step]:
        left = base & ~union
        if _popcount(left) > room + _reach(masks, start, size - level, left):
            return
        # HoDoKu stops a level when fewer units are left than it still needs
        for i in range(start, n - size + level + 1):
            u = union | masks[i]
            can = cannibal | (union & masks[i])
            c = chosen + (units[i],)
            if level + 1 == size:
                step = check(state, d, size, finned, base, endo, bases, c, u, can)
                if step is not None:
                    yield step
            else:
                yield from extend(i + 1, level + 1, u, can, c)

    yield from extend(0, 0, 0, 0, ())


def _reach(masks: list[int], start: int, k: int, left: int) -> int:
    """At most how many places of ``left`` ``k`` more covers from ``masks[start:]`` can take."""
    best = sorted((_popcount(m & left) for m in masks[start:]), reverse=True)
    return sum(best[:k])


def _check(state: Candidates, d: int, size: int, finned: bool, base: int, endo: int,
           bases: tuple[int, ...], covers: tuple[int, ...], cover: int, cannibal: int) -> Step | None:
    fins = (base & ~cover) | endo
    if not finned:
        if fins:
            return None
        kill = (cover & ~base) | cannibal
        cannibals = cannibal
    else:
        if not fins or _popcount(fins) > MAX_FINS:
            return None
        seeing = _buddies(fins)
        cannibals = cannibal & seeing
        kill = ((cover & ~base) & seeing) | cannibals
    if not kill:
        return None
    return _step(d, size, fins, endo, bases, covers, kill, base, finned)


def _houses_text(houses: tuple[int, ...]) -> str:
    """HoDoKu's compact house list: ``c19b1`` (a letter each time the kind changes)."""
    out = []
    last = -1
    for h in sorted(houses):
        kind = h // 9
        if kind != last:
            out.append(_LETTER[kind])
            last = kind
        out.append(str(h % 9 + 1))
    return "".join(out)


def _step(d: int, size: int, fins: int, endo: int, bases: tuple[int, ...], covers: tuple[int, ...],
          kill: int, base: int, finned: bool) -> Step:
    base_mask = cover_mask = 0
    for h in bases:
        base_mask |= _KIND[h]
    for h in covers:
        cover_mask |= _KIND[h]
    shape = _shape(base_mask, cover_mask)
    exo = fins & ~endo
    if shape == "basic":
        sashimi = finned and any(_popcount(base & HOUSE_MASK[h] & ~fins) <= 1 for h in bases)
        prefix = "Sashimi " if sashimi else "Finned " if finned else ""
        technique = ("sashimi_" if sashimi else "finned_" if finned else "") + _SIZE_IDS[size]
        name = prefix + _SIZE_NAMES[size]
    else:
        technique = ("finned_" if finned else "") + shape + "_" + _SIZE_IDS[size]
        name = ("Finned " if finned else "") + shape.capitalize() + " " + _SIZE_NAMES[size]
    notation = f"{d} {_houses_text(bases)} {_houses_text(covers)}"
    if exo:
        notation += " " + " ".join(f"f{cell_text(c)}" for c in cells_of(exo))
    if endo:
        notation += " " + " ".join(f"ef{cell_text(c)}" for c in cells_of(endo))
    body = base & ~fins
    base_names = tuple(HOUSE_NAMES[h] for h in sorted(bases))
    cover_names = tuple(HOUSE_NAMES[h] for h in sorted(covers))
    why = (f"In {', '.join(base_names)}, {d} can only go in {', '.join(cover_names)}"
           + (" or in the fins" if fins else "")
           + (f", so no other place of those houses that sees every fin can be {d}." if fins
              else f", so {d} goes nowhere else in those houses."))
    return Step(
        technique, name, "fish",
        eliminations=tuple((c, d) for c in cells_of(kill)),
        cells=tuple((c, "base") for c in cells_of(body)) + tuple((c, "fin") for c in cells_of(fins)),
        houses=base_names + cover_names,
        digits=(d,),
        why=why,
        notation=notation,
    )


FISH_NAMES: dict[str, str] = {
    f"{prefix}{shape}_{_SIZE_IDS[n]}": f"{'Finned ' if prefix else ''}{shape.capitalize()} {_SIZE_NAMES[n]}"
    for prefix in ("", "finned_") for shape in ("franken", "mutant") for n in (2, 3, 4)
}


def fish_finder(technique: str) -> Callable[[Candidates], Iterator[Step]]:
    """The finder of one Franken/Mutant fish technique id (``finned_franken_swordfish``...)."""
    finned = technique.startswith("finned_")
    rest = technique.removeprefix("finned_")
    shape, _, size_id = rest.partition("_")
    size = {v: k for k, v in _SIZE_IDS.items()}[size_id]
    mutant = shape == "mutant"

    def find(state: Candidates) -> Iterator[Step]:
        return _search(state, size, finned, mutant)

    find.__name__ = f"find_{technique}"
    find.__doc__ = f"HoDoKu's {FISH_NAMES[technique]} search (first step: the one HoDoKu takes)."
    return find

