"""HoDoKu's Forcing Chain / Net search in the kernel (``ho_forcing``: csrc/hoforce9.c, twin
sudokit._pyforce9): the C code and the twin give the same bytes (and spend the same) on the
grids before HoDoKu's own forcing steps (test_forcing's library lines) and on variants of
them; the chosen result is the first, by HoDoKu's order, of every result the search lists;
a budget stops both at the same count; bad input is refused on both backends."""

from __future__ import annotations

import random
from array import array

import pytest

from sudokit import _backend, _pyforce9
from sudokit.human.forcing import forcing_results
from sudokit.human.model import Candidates
from test_forcing import HODOKU_STEPS, library_state


def _grid(state: Candidates) -> tuple[bytes, bytes]:
    return array("H", state.cands).tobytes(), bytes(state.values)


def _variants(state: Candidates, n: int, seed: int) -> list[Candidates]:
    """``state`` with a few false candidates dropped (the solution stays)."""
    from sudokit.grid import Grid
    from sudokit.human.path import solve_and_count

    _count, solution = solve_and_count(Grid.parse(state.values))
    assert solution is not None
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        s = state.copy()
        for cell in range(81):
            for d in range(1, 10):
                if s.cands[cell] >> (d - 1) & 1 and d != solution[cell] and rng.random() < 0.08:
                    s.eliminate(cell, d)
        out.append(s)
    return out


@pytest.mark.single_backend
def test_c_and_twin_give_the_same_bytes() -> None:
    if "c" not in _backend.available():
        pytest.skip("the C extension is not built: nothing to compare the twin with")
    from sudokit import _core

    found = 0
    for k, (line, text) in enumerate(HODOKU_STEPS):
        state = library_state(line)
        nets = text.startswith("Forcing Net")
        for v, s in enumerate([state, *_variants(state, 0 if nets else 1, k)]):  # a net variant: ~1 s in the twin
            cands, values = _grid(s)
            data, spent = _core.ho_forcing(cands, values, nets, 1 << 40)
            assert _pyforce9.ho_forcing(cands, values, nets, 1 << 40) == (data, spent)
            assert data
            found += 1
            if v or nets:
                continue
            # the chosen result is the first of all results in HoDoKu's order
            cell, digit, placed = data[0], data[1], bool(data[2])
            results = forcing_results(s, nets=False)
            assert (cell, digit, placed) in results
            placements = sorted(c for c, _d, p in results if p)
            if placements:
                assert placed and cell == placements[0]
            else:
                assert (cell, digit) == min((c, d) for c, d, _p in results)
            if k == 0:  # one node short of what it spends stops both searches at the same count
                assert _core.ho_forcing(cands, values, False, spent - 1) == (None, spent)
                assert _pyforce9.ho_forcing(cands, values, False, spent - 1) == (None, spent)
    assert found == 7


def test_bad_input_is_refused(backend: str) -> None:
    kernel = _backend.kernel()
    cands, values = _grid(library_state(HODOKU_STEPS[0][0]))
    with pytest.raises(ValueError):
        kernel.ho_forcing(cands[:-2], values, False, 100)
    with pytest.raises(ValueError):
        kernel.ho_forcing(cands, values[:-1], False, 100)
    with pytest.raises(ValueError):
        kernel.ho_forcing(cands, bytes([10]) + values[1:], False, 100)
    with pytest.raises(ValueError):
        kernel.ho_forcing(array("H", [0x200] + [0] * 80).tobytes(), bytes(81), False, 100)
    with pytest.raises(ValueError):
        kernel.ho_forcing(cands, values, False, -1)
    assert kernel.ho_forcing(bytes(162), bytes(81), True, 0) == (b"", 0)  # nothing to search


def _state_of(case: tuple[str, str]) -> Candidates:
    """A candidate grid written as 81 values, then 81 hexadecimal candidate masks."""
    values = [int(ch) if ch.isdigit() else 0 for ch in case[0]]
    return Candidates(values, [int(m, 16) for m in case[1].split()], frozenset())


#: A grid of magictour top1465 #1 before HoDoKu's first Forcing Net (81 values, then 81
#: candidate masks): the premise r6c1=3 reaches r7c8=8 only when its singles are set in the
#: order HoDoKu's queues hold them (r7c8's naked single before the hidden single r7c5=8
#: that a later round would take), which gives HoDoKu's "Verity => r6c5=3" (r6: 3).
_QUEUE_ORDER = (
    ".....8.7..13..6....8...1..4...1.45...9...73....82....65..6.29...2..43.6..6..1....",
    "12a 018 13a 11c 112 000 023 000 107 14a 000 000 118 152 000 082 192 192 162 000 172 154 152 000 022 116 000"
    " 066 044 062 000 1a4 000 000 182 1c2 02b 000 033 090 0b0 000 000 08b 083 04d 05c 000 000 114 110 049 109 000"
    " 000 04c 049 000 0c0 000 000 08d 0c5 1c1 000 141 1d0 000 000 0c1 000 0d1 1c4 000 148 1d0 000 110 0ca 09e 0d6",
)


def _assert_first_net(case: tuple[str, str], first_line: str) -> None:
    """The first Forcing Net step of the grid reads ``first_line``; the twin finds a step,
    and the C kernel gives the twin's bytes."""
    from sudokit.human.forcing import find_forcing_net

    state = _state_of(case)
    assert str(next(find_forcing_net(state))).split("\n")[0] == first_line
    cands, vals = _grid(state)
    assert _pyforce9.ho_forcing(cands, vals, True, 1 << 40)[0] is not None
    if "c" in _backend.available():
        from sudokit import _core

        assert _core.ho_forcing(cands, vals, True, 1 << 40) == _pyforce9.ho_forcing(cands, vals, True, 1 << 40)


@pytest.mark.single_backend
def test_net_singles_follow_hodokus_queues() -> None:
    _assert_first_net(_QUEUE_ORDER, "Forcing Net Verity => r6c5=3")


#: top1465 #2 before HoDoKu's "Forcing Net Contradiction in c5 => r3c7<>9": the premise
#: r3c7=9 also empties r3c5, but HoDoKu keeps the contradiction in c5, found first, as
#: its own chain (built back along each single's reasons, net branches counted) is not
#: longer; breadth-first lengths picked r3c5.
_NET_LENGTH = (
    "1246.5.8.8.62............2.....6.7..6....7.1...91..2...5.4....3...91...4..8.....2",
    "000 000 000 000 144 000 104 000 140 000 144 000 000 14c 10d 11c 11c 051 154 144 054 0c4 1cc 189 12c 000 121"
    " 01e 08d 017 094 000 102 000 11c 190 000 08c 016 094 102 000 11c 000 190 054 0c4 000 000 09c 08c 000 034 0b0"
    " 142 000 003 000 0c2 0a2 1a1 160 000 046 064 046 000 000 0a6 0b0 070 000 10c 12d 000 054 054 024 121 160 000",
)


@pytest.mark.single_backend
def test_net_steps_keep_hodokus_chain_lengths() -> None:
    _assert_first_net(_NET_LENGTH, "Forcing Net Contradiction in c5 => r3c7<>9")
