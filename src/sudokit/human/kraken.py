"""Kraken fish (HoDoKu's ``KRAKEN_FISH``): a finned fish that eliminates nothing by itself,
helped by forcing chains.

Either the fish is true or one of its fins is. **Type 1**: a cover place that is not a base
place is off if every fin, set, leads by a chain to that place being off. **Type 2**: in one
cover house, one of its base places or a fin is the digit; if each of them, set, turns the
same candidate (any digit) off, it goes. The chains are HoDoKu's Forcing Chain tables
(:mod:`sudokit._pyforce9`). HoDoKu's defaults: basic and Franken fish of 2 to 4
houses, at most 2 fins, no endo fins, the first one found; score 500 (extreme), off in its
default solver and off by default here.
"""

from __future__ import annotations

from collections.abc import Iterator

from .._pyfish9 import fish_bases, fish_units
from .._pyforce9 import State, Tables
from . import franken
from .model import HOUSE_MASK, PEER_MASK, Candidates, cells_of
from .se_chains import LIMIT, Budget
from .step import Step, cell_text

__all__ = ["find_kraken_fish"]

_FULL = (1 << 81) - 1
_OFF = 729
#: HoDoKu's ``KRAKEN_MAX_FISH_SIZE``, ``MAX_KRAKEN_FINS``.
MAX_SIZE = 4
MAX_FINS = 2


def _off_cells(table: int, digit: int) -> int:
    return (table >> (_OFF + (digit - 1) * 81)) & _FULL


def find_kraken_fish(state: Candidates) -> Iterator[Step]:
    """Every Kraken fish (types 1 and 2) in HoDoKu's search order."""
    if not any(state.cands):
        return
    budget = LIMIT.get() or Budget(None)
    closure = Tables(State(list(state.cands), list(state.values)), nets=False).closure(budget.spend)

    def on_table(cell: int, digit: int) -> int:
        return closure[(digit - 1) * 81 + cell]

    def check(d: int, size: int, finned: bool, base: int, endo: int,
              bases: tuple[int, ...], covers: tuple[int, ...], cover: int, cannibal: int) -> Step | None:
        fins = (base & ~cover) | endo
        if not fins or fins.bit_count() > MAX_FINS:
            return None
        seeing = _FULL
        for c in cells_of(fins):
            seeing &= PEER_MASK[c]
        if (cover & ~base | cannibal) & seeing:
            return None  # a plain finned fish
        fish = franken._step(d, size, fins, endo, bases, covers, 1, base, True)
        # type 1: a potential elimination every fin reaches "off"
        for x in cells_of((cover & ~base) | cannibal):
            if all(_off_cells(on_table(f, d), d) >> x & 1 for f in cells_of(fins)):
                return _step(1, fish, x, d, d)
        # type 2: per cover house, its base places (not cannibalistic) and the fins all reach one "off"
        for h in covers:
            places = state.where[d] & HOUSE_MASK[h]
            starts = places & base & ~cannibal
            if starts == places:
                continue  # a plain forcing chain
            starts |= fins
            for e in range(1, 10):
                common = state.where[e] & ~starts
                for s in cells_of(starts):
                    common &= _off_cells(on_table(s, d), e)
                    if not common:
                        break
                if common:
                    return _step(2, fish, (common & -common).bit_length() - 1, e, d)
        return None

    for d in range(1, 10):
        where = state.where[d]
        if not where:
            continue
        for lines in (True, False):
            base_units, cover_units = fish_units(where, False, lines, MAX_SIZE, True)
            for *_, step in fish_bases(d, where, MAX_SIZE, True, base_units, cover_units, check, min_size=2,
                                       max_endo=0, max_fins=MAX_FINS):
                yield step


def _step(kind: int, fish: Step, cell: int, digit: int, fish_digit: int) -> Step:
    return Step(
        "kraken_fish", f"Kraken Fish Type {kind}", "fish",
        eliminations=((cell, digit),),
        cells=fish.cells,
        houses=fish.houses,
        digits=(fish_digit,) if digit == fish_digit else (fish_digit, digit),
        why=(f"Either the {fish.name} ({fish.notation}) holds, or one of its fins is {fish_digit}; "
             f"every case, followed by chains, removes {digit} from {cell_text(cell)}."),
        notation=f"{fish.name}: {fish.notation}",
    )
