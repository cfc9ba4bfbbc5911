"""The SE rating path's shortcuts (sudokit.human.se_path, se_rules, se_unique): the walk
``rate`` uses builds chain and exclusion steps without their explanation, and takes
exactly the steps of the written-out walk; SE's BUG pre-check counts candidates
bit-parallel, checked against a plain count."""

from __future__ import annotations

import random

import pytest

from sudokit.grid import Grid
from sudokit.human.model import Candidates, PEER_CELLS, POPCOUNT
from sudokit.human.rating import _plan, se_walk
from sudokit.human.se_path import _se_walk
from sudokit.human.se_rules import STEP_TEXT
from sudokit.human.se_unique import _crowded

pytestmark = pytest.mark.single_backend  # the walk's kernel front has its own twin tests (test_rating)

#: serate 1.2.1.3 rates these with Forcing Chains & Cycles (7.2), Nishio (7.6), Aligned
#: Pair Exclusion (6.2) and a unique loop / BUG (5.7); see test_se_chains.SERATE.
PUZZLES = [
    "004010350100070900850900001000000800280000063007000000700008049008050002025040700",
    "610000000040600500307009004003804001000050000400903600900400207008005030000000056",
    "130000092090205010002080600320908054000000000700040001060000070800000005003010800",
    "052000300000010000004380000100704503500000002903805001000057400000090000009000260",
]
_TEXT_FIELDS = ("cells", "why", "notation", "links")


@pytest.mark.parametrize("puzzle", PUZZLES[:3])
def test_rating_walk_takes_the_written_out_walks_steps_without_their_text(puzzle: str) -> None:
    order, plan = _plan("all", True)[1:3]
    full, full_end = se_walk(Grid.parse(puzzle), order)
    bare, bare_end = _se_walk(Grid.parse(puzzle), order, plan, 1000)
    assert (bare_end, len(bare)) == (full_end, len(full))
    kept = ("technique", "name", "family", "placements", "eliminations", "rating")  # what a rating reads
    assert [[getattr(s, f) for f in kept] for s in bare] == [[getattr(s, f) for f in kept] for s in full]
    written = [s for s in full if s.family in ("chains", "exclusion")]
    assert written and all(s.why and s.cells for s in written)  # the puzzles need chains or exclusions
    for s in bare:
        if s.family in ("chains", "exclusion"):
            assert all(not getattr(s, f) for f in _TEXT_FIELDS), s
    assert STEP_TEXT.get() is True  # the rating walk leaves the setting as it found it


def test_step_text_setting_is_restored_after_an_error() -> None:
    order, plan = _plan("all", True)[1:3]
    with pytest.raises(TypeError):
        _se_walk(None, order, plan, 1000)  # type: ignore[arg-type]
    assert STEP_TEXT.get() is True


def _plain_crowded(state: Candidates) -> int | None:
    """_crowded's rule written cell by cell (the old code)."""
    crowded, common = 0, -1
    for c, m in enumerate(state.cands):
        if POPCOUNT[m] >= 3:
            crowded |= 1 << c
            common &= sum(1 << p for p in PEER_CELLS[c])
        elif POPCOUNT[m] < 2 and not state.values[c]:
            return None
    if not crowded or (crowded & (crowded - 1) and not common & ~crowded):
        return None
    return crowded


def test_bug_precheck_agrees_with_a_plain_count() -> None:
    rng = random.Random(5)
    order, plan = _plan("all", True)[1:3]
    checked = passed = 0
    for puzzle in PUZZLES:
        steps, _end = _se_walk(Grid.parse(puzzle), order, plan, 1000)
        state = Candidates.from_puzzle(puzzle)
        for k, step in enumerate(steps):
            # the path's own states, and the same with a few candidates cut to make
            # singles, empty cells and bivalue-only grids
            variants = [state]
            for cut in (1, 3, 12) if k % 3 == 0 else ():
                v = Candidates.from_puzzle(state.to_grid())
                for cell in range(81):
                    for d in range(1, 10):
                        if not state.cands[cell] >> (d - 1) & 1:
                            v.eliminate(cell, d)
                for cell in rng.sample([c for c in range(81) if v.cands[c]], min(cut, sum(1 for m in v.cands if m))):
                    d = rng.choice([d for d in range(1, 10) if v.cands[cell] >> (d - 1) & 1])
                    v.eliminate(cell, d)
                variants.append(v)
            for v in variants:
                expected = _plain_crowded(v)
                assert _crowded(v) == expected
                checked += 1
                passed += expected is not None
            state.apply(step)
    assert checked > 300 and passed  # some grids get past the pre-check
