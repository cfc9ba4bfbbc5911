"""The walk's shortcut to HoDoKu's first chain step: when the most eliminations and the
smallest index sum single out items with one set of eliminations, the item the sort would
put first is known without sorting (chains._ho_first for X-/XY-Chains and Remote Pairs,
which HoDoKu sorts with Java's TimSort; tabling._first for nice loops and AICs, sorted
with Python's). Checked against the sorts themselves on random lists built to make the
comparison intransitive (different eliminations with equal index sums), at sizes that
take the insertion sort and the merges."""

from __future__ import annotations

import random
import struct
from functools import cmp_to_key

import pytest

from sudokit.grid import Grid
from sudokit.human import chains, tabling
from sudokit.human.hodoku_path import _ho_front, _hodoku_walk, hodoku_walk
from sudokit.human.rating import _plan
from sudokit.human.step import STEP_TEXT

pytestmark = pytest.mark.single_backend

_SIZES = (1, 2, 3, 5, 8, 13, 31, 32, 33, 50, 64, 100, 200)


def _items(rng: random.Random, n: int) -> list[tuple[int, int, object, int, object]]:
    """Chain items (eliminations, index sum, key, length, id): a key fixes its count and
    sum (as a set of eliminations does); several keys share a sum."""
    keys = {k: (rng.randrange(1, 3), rng.randrange(3)) for k in range(rng.randrange(1, 6))}
    out: list[tuple[int, int, object, int, object]] = []
    for i in range(n):
        k = rng.randrange(len(keys))
        out.append((keys[k][0], keys[k][1], k, rng.randrange(3, 9), i))
    return out


def test_chain_first_is_the_sorts_first() -> None:
    rng = random.Random(20261202)
    known = unknown = 0
    for n in _SIZES:
        for _ in range(300):
            found = _items(rng, n)
            first = chains._ho_first(list(found))
            if first is None:
                unknown += 1
                continue
            known += 1
            assert first is chains._ho_order(list(found))[0]
    assert known > 1000 and unknown > 100  # both branches taken


def _record(kind: int, elims: tuple[tuple[int, int], ...], chain: list[int]) -> bytes:
    out = bytes((kind,)) + struct.pack("<H", len(elims)) + bytes(b for e in elims for b in e)
    return out + struct.pack("<H", len(chain)) + struct.pack(f"<{len(chain)}H", *chain)


def test_nice_loop_first_is_the_sorts_first() -> None:
    rng = random.Random(1202)
    known = unknown = 0
    # equal index sums with different eliminations: (3,5)/(4,4) and (2,4)+(9,4)/(3,3)+(9,4)
    pool = [((c, 5),) for c in (3, 12, 30)] + [((4, 4),), ((2, 4), (9, 4)), ((3, 3), (9, 4)), ((1, 4), (10, 4))]
    for n in _SIZES:
        for _ in range(200):
            data = b""
            for _ in range(n):
                elims = rng.choice(pool)
                grouped = rng.random() < 0.2
                chain = [rng.randrange(1458) for _ in range(rng.randrange(3, 9))]
                if grouped:
                    chain[1] = 1458 + rng.randrange(20)
                data += _record(rng.randrange(3), elims, chain)
            first = tabling._first(data)
            if first is None:
                unknown += 1
                continue
            known += 1
            best = sorted(tabling._records(data), key=cmp_to_key(tabling._compare))[0]
            assert (first.chain_at, first.length) == (best.chain_at, best.length)
    assert known > 500 and unknown > 100


#: Diabolical puzzles whose HoDoKu paths take X-/XY-Chains, nice loops, AICs, fish and wings.
WALKED = [
    "004010350100070900850900001000000800280000063007000000700008049008050002025040700",
    "610000000040600500307009004003804001000050000400903600900400207008005030000000056",
    "130000092090205010002080600320908054000000000700040001060000070800000005003010800",
]


@pytest.mark.parametrize("puzzle", WALKED)
def test_counted_walk_takes_the_written_out_walks_steps(puzzle: str) -> None:
    """The walk rate() counts (steps made without text, first chain steps without the
    sort) takes the same steps as the written-out walk."""
    order = _plan("all", True)[3]
    full, full_end = hodoku_walk(Grid.parse(puzzle), order)
    token = STEP_TEXT.set(False)
    try:
        bare, bare_end = _hodoku_walk(Grid.parse(puzzle), order, _ho_front(order), 1000)
    finally:
        STEP_TEXT.reset(token)
    kept = ("technique", "name", "family", "placements", "eliminations")
    assert (bare_end, [[getattr(s, f) for f in kept] for s in bare]) == (full_end, [[getattr(s, f) for f in kept] for s in full])
    made_bare = ("chains", "fish", "single_digit", "wings", "coloring", "sue_de_coq")
    assert any(s.notation for s in full if s.family in made_bare)
    assert any(s.family in made_bare for s in bare)
    assert not any(s.notation or s.why or s.cells for s in bare if s.family in made_bare)
