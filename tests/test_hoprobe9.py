"""The HoDoKu path's leading searches in one kernel call (``ho_probe``: csrc/hoprobe9.c, twin
sudokit._pyprobe9): the C code and the twin give the same answer; the answer is what each
kind's own search gives, asked one after the other; the HoDoKu walk takes the same steps
with the probe as with one search at a time; bad input is refused on both backends."""

from __future__ import annotations

import array
import random

import pytest

from sudokit import _backend, solve
from sudokit.grid import Grid
from sudokit.human import hodoku_path, rating
from sudokit.human.model import Candidates

PUZZLES = [
    "000000010400000000020000000000050407008000300001090000300400200050100000000806000",
    "610000000040600500307009004003804001000050000400903600900400207008005030000000056",
    "004010350100070900850900001000000800280000063007000000700008049008050002025040700",
]
#: Puzzles whose HoDoKu path takes steps of every probed kind but Jellyfish (basic and
#: sashimi) between them: BUG+1, Remote Pair, fish, single-digit patterns, wings.
WALKS = [
    "000583000000020000008601700807010502030000080009000300002907800000030000501000209",
    "030800105700000800008930000100059600000000000009710003000062500004000007802007010",
    "050000020002000800000237000200000009004102300070406010020000070590703082800904001",
    "000250030240010850050003000005000009760000023400000700000600090094030082070024000",
]
#: Candidate grids (81 masks, 3 hex digits each) where the path takes BUG+1, then a Remote Pair.
GRIDS = [
    "0000000000a00000000000000a000000000609000001400008200000000000600002400002200000000000c00000a02402500000300000000000005000005000000000000000c00000a0000050030000000000000000000000000000000000000000000410000600210000000000000000210000000000810a0",
    "00005000004800000900001100004100000005200301300000000000301200000000000000001100000000308300000000010218200008600c00000000000a00008400000000e00000000a00000000600000010200000000000000010200008400008301a10b01f1020000900c6147083012103017000000090",
]
KINDS = 27
BUDGET = 2_000_000
NO_VALUES = bytes(81)  # the grids below: no placed digits known (the rectangle searches' values and clues)


def _grids() -> list[list[int]]:
    """Candidate grids of the puzzles with random false candidates dropped (seeded), plus GRIDS."""
    out = [[int(g[3 * i:3 * i + 3], 16) for i in range(81)] for g in GRIDS]
    rng = random.Random(12)
    for puzzle in PUZZLES:
        solution = solve(puzzle)
        for k in range(4):
            cands = Candidates.from_puzzle(puzzle).cands[:]
            for c in range(81):
                for d in range(1, 10):
                    if cands[c] >> (d - 1) & 1 and solution[c] != d and rng.random() < 0.3 + k / 8:
                        cands[c] &= ~(1 << (d - 1))
            out.append(cands)
    return out


def _own_search(cands: list[int], kind: int) -> bytes | None:
    """What kind's own search says on cands: its bytes when it reports something, else None."""
    k = _backend.kernel()
    raw = array.array("H", cands).tobytes()
    if kind <= 8:
        size, mode = (kind + 2, 0) if kind <= 2 else ((kind - 3) // 2 + 2, (kind - 3) % 2 + 1)
        data: bytes | None = k.ho_basic_fish(raw, size, mode, 1)[0]
    elif kind <= 12:
        data = k.ho_single(raw, kind - 9, 0)[0]
    elif kind == 16:
        data = k.ho_xy(raw, True, BUDGET)[0]
    else:  # the wings (one list for three kinds) and the rectangles with BUG+1 (ten kinds)
        wings = kind <= 15
        data = k.ho_wings(raw) if wings else k.ho_rects(raw, NO_VALUES, NO_VALUES, 0x3FF, 0)
        wanted = kind - 13 if wings else 9 if kind == 17 else kind - 18
        at, found = 0, False
        while at < len(data):
            found |= data[at] == wanted
            if wings:
                at += 10 + data[at + 9]
            else:
                at += 12 + data[at + 11]
                at += 1 + 2 * data[at]
        data = data if found else b""
    return data or None


def test_each_kind_is_its_own_search(backend: str) -> None:
    applied = set()
    grids = _grids()
    for cands in grids if backend == "c" else grids[:2] + grids[2::4]:  # the twin: a quarter of them
        raw = array.array("H", cands).tobytes()
        for kind in range(KINDS):
            at, data = _backend.kernel().ho_probe(raw, NO_VALUES, NO_VALUES, bytes([kind]), 0, BUDGET)
            own = _own_search(cands, kind)
            assert (at, data) == ((0, own) if own is not None else (1, b"")), kind
            if own is not None:
                applied.add(kind)
    assert applied >= set(range(18)) - {2, 8}  # no Jellyfish in these grids
    assert applied & set(range(18, KINDS))  # and some rectangles


def test_a_list_stops_at_its_first_applying_kind(backend: str) -> None:
    rng = random.Random(5)
    for cands in _grids():
        raw = array.array("H", cands).tobytes()
        kinds = bytes(rng.randrange(KINDS) for _ in range(rng.randrange(1, 20)))
        start = rng.randrange(len(kinds) + 1)
        at, data = _backend.kernel().ho_probe(raw, NO_VALUES, NO_VALUES, kinds, start, BUDGET)
        want = next((j for j in range(start, len(kinds)) if _own_search(cands, kinds[j]) is not None), len(kinds))
        assert at == want
        assert data == (_own_search(cands, kinds[at]) if at < len(kinds) else b"")


@pytest.mark.single_backend
def test_c_and_twin_agree() -> None:
    if "c" not in _backend.available():
        pytest.skip("the C extension is not built: nothing to compare the twin with")
    from sudokit import _core, _pyprobe9

    rng = random.Random(7)
    for cands in _grids():
        raw = array.array("H", cands).tobytes()
        for budget in (BUDGET, 20):
            kinds = bytes(rng.randrange(KINDS) for _ in range(rng.randrange(25)))
            start = rng.randrange(len(kinds) + 1)
            values = bytes(rng.choice((0, 0, 0, 5)) if not cands[c] else 0 for c in range(81))
            givens = bytes(1 if v and rng.random() < 0.5 else 0 for v in values)
            args = (raw, values, givens, kinds, start, budget)
            assert _core.ho_probe(*args) == _pyprobe9.ho_probe(*args)


def test_walk_takes_the_same_steps_as_one_search_at_a_time(backend: str, monkeypatch: pytest.MonkeyPatch) -> None:
    _enabled, _se, _plan, order, plan = rating._plan("all", True)
    walks = WALKS if backend == "c" else [WALKS[0], WALKS[2], WALKS[3]]  # the twin: the quick ones
    probed = [rating._hodoku_walk(Grid.parse(p), order, plan, rating.MAX_STEPS) for p in walks]
    assert any(isinstance(run, tuple) for run in hodoku_path._probe_runs(order, plan[1]))
    monkeypatch.setattr(hodoku_path, "_PROBED", {})
    monkeypatch.setattr(hodoku_path, "_ALS_RUN", {})  # the ALS techniques one at a time too
    monkeypatch.setattr(hodoku_path, "_RUNS", {})
    assert not any(isinstance(run, tuple) for run in hodoku_path._probe_runs(order, plan[1]))
    for puzzle, (steps, end) in zip(walks, probed):
        steps1, end1 = rating._hodoku_walk(Grid.parse(puzzle), order, plan, rating.MAX_STEPS)
        assert end == end1 == "solved"
        assert steps == steps1


_OK = array.array("H", [0b11] * 81).tobytes()


@pytest.mark.parametrize(
    "args",
    [
        (array.array("H", [0b11] * 80).tobytes(), NO_VALUES, NO_VALUES, b"\x00", 0, 0),
        (array.array("H", [0x200] + [0b11] * 80).tobytes(), NO_VALUES, NO_VALUES, b"\x00", 0, 0),
        (_OK, NO_VALUES, NO_VALUES, bytes([27]), 0, 0),
        (_OK, NO_VALUES, NO_VALUES, b"\x00\x01", 3, 0),
        (_OK, NO_VALUES, NO_VALUES, b"\x10", 0, -1),
        (_OK, NO_VALUES, NO_VALUES, b"\x00", -1, 0),
        (_OK, bytes([10]) + bytes(80), NO_VALUES, b"\x12", 0, 0),
        (_OK, NO_VALUES, bytes([2]) + bytes(80), b"\x12", 0, 0),
        (_OK, bytes(80), NO_VALUES, b"\x12", 0, 0),
        (_OK, NO_VALUES, NO_VALUES, bytes(257), 0, 0),
    ],
)
def test_bad_input_is_refused(backend: str, args: tuple[bytes, bytes, bytes, bytes, int, int]) -> None:
    with pytest.raises(ValueError):
        _backend.kernel().ho_probe(*args)
