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

from .. import _backend
from .._pyfish9 import is_fish
from ..errors import SudokuError
from .model import HOUSE_MASK, HOUSE_NAMES, Candidates, cells_of
from .step import Step, cell_text

__all__ = ["fish_finder", "FISH_NAMES"]

_SIZE_NAMES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}
_SIZE_IDS = {2: "x_wing", 3: "swordfish", 4: "jellyfish"}
_ROW, _COL, _BOX = 1, 2, 4
_KIND = tuple(_ROW if h < 9 else _COL if h < 18 else _BOX for h in range(27))
_LETTER = "rcb"


def _popcount(x: int) -> int:
    return x.bit_count()


def _shape(base_mask: int, cover_mask: int) -> str:
    """HoDoKu's fish category from the house kinds used: basic, franken or mutant."""
    if (base_mask, cover_mask) in ((_ROW, _COL), (_COL, _ROW)):
        return "basic"
    if (base_mask in (_ROW, _ROW | _BOX) and cover_mask in (_COL, _COL | _BOX)) or (
        base_mask in (_COL, _COL | _BOX) and cover_mask in (_ROW, _ROW | _BOX)
    ):
        return "franken"
    return "mutant"


def _search(state: Candidates, size: int, finned: bool, mutant: bool) -> Iterator[Step]:
    """Every fish of this size in HoDoKu's search order (finned: with fins or endo fins;
    else finless). The kernel's ``ho_fish`` searches (csrc/hofish9.c, twin
    :mod:`sudokit._pyfish9`); the first fish is asked for alone, as it is normally the
    only one a caller takes."""
    kernel = _backend.kernel()
    cands = state.cand_bytes()
    first, _ = kernel.ho_fish(cands, size, finned, mutant, 1)
    yield from _records(state, first, size, finned)
    if first:
        rest, _ = kernel.ho_fish(cands, size, finned, mutant, 0)
        yield from _records(state, rest[len(first):], size, finned)


def _records(state: Candidates, data: bytes, size: int, finned: bool) -> Iterator[Step]:
    """The steps of ``ho_fish`` records (digit, size, bases, covers)."""
    width = 2 + 2 * size
    for k in range(0, len(data), width):
        d = data[k]
        bases, covers = tuple(data[k + 2:k + 2 + size]), tuple(data[k + 2 + size:k + width])
        where = state.where[d]
        base = endo = cover = cannibal = 0
        for h in bases:
            m = where & HOUSE_MASK[h]
            endo |= base & m
            base |= m
        for h in covers:
            m = where & HOUSE_MASK[h]
            cannibal |= cover & m
            cover |= m
        step = _check(state, d, size, finned, base, endo, bases, covers, cover, cannibal)
        if step is None:
            raise SudokuError("internal error: the kernel's fish is not a fish")
        yield step


def _check(state: Candidates, d: int, size: int, finned: bool, base: int, endo: int,
           bases: tuple[int, ...], covers: tuple[int, ...], cover: int, cannibal: int) -> Step | None:
    fins = (base & ~cover) | endo
    kill = is_fish(finned, base, endo, cover, cannibal)
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

