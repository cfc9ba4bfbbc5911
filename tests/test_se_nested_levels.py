"""SE's Nested Forcing Chains at nesting levels 4 and 5 (csrc/sedyn9.c + csrc/senest9.c)
against the pure-Python twin (sudokit._pysedyn9, which runs se_chains.py's own engine).

Level 4 runs Dynamic Forcing Chains inside each closure whose simple rules find nothing,
level 5 also Nested Forcing Chains of level 2 there. No rating path of the sample sets
reaches them (the forum's hardest puzzles stop at level 3), so they are compared here on
late candidate grids of SE paths, small enough for the twin: the grids below are states of
the SE path (explain(puzzle, techniques="all")) of two grantm diabolical puzzles where
hints use the nested chains of level 5 (the first grid, where level 5's own rule changes
the hints) or of level 4 (the second).

The same comparison on 49 such grids of 40 gd300 puzzles (98 calls, levels 4 and 5) gave
identical bytes and rounds (2026-12-02, /work/scratch/i12p/pick45b.py, not in the repo)."""
from __future__ import annotations

from array import array

import pytest

from sudokit import _pycore, solve

pytestmark = pytest.mark.single_backend  # compares the two backends itself

# (puzzle, candidate grid: 81 masks, bit d-1 = digit d, 0 for a placed digit)
GRIDS = [
    ("030000000080960053006020800000501030067000520040206000008090300620017040000000070",
     [320, 0, 256, 65, 144, 144, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 80, 0, 64, 0, 0, 0, 0, 0,
      0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 132, 132, 0, 0, 0, 0, 20, 0, 20, 0, 0, 0, 0, 0, 0,
      80, 80, 0, 40, 0, 18, 0, 0, 48, 0, 0, 20, 132, 0, 0, 0, 0, 144, 276, 0, 264, 172, 148, 144, 0, 0, 176]),
    ("700400009008000200000053000480930600005000400006074015000310000009000300500006004",
     [0, 5, 6, 0, 130, 129, 0, 0, 0, 33, 0, 0, 96, 0, 65, 0, 0, 0, 34, 0, 0, 34, 0, 0, 193, 192, 65,
      0, 0, 0, 0, 0, 0, 0, 66, 66, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      130, 0, 66, 0, 0, 0, 192, 0, 0, 129, 0, 0, 0, 0, 192, 0, 194, 67, 0, 5, 70, 66, 130, 0, 129, 0, 0]),
]


def _records(data: bytes) -> list[tuple[int, int, int, int]]:
    """(cell, eliminations mask, complexity, size of the chains) of every se_dyn record."""
    out, at = [], 0
    while at < len(data):
        cell, n_targets = data[at + 4], data[at + 13]
        mask, complexity = data[at + 5] | data[at + 6] << 8, data[at + 11] | data[at + 12] << 8
        at += 14
        size = 0
        for _ in range(n_targets):
            n = data[at] | data[at + 1] << 8
            at += 2
            size += n
            for _ in range(n):
                at += 6 + 2 * (data[at + 4] | data[at + 5] << 8)
        out.append((cell, mask, complexity, size))
    assert at == len(data)
    return out


def test_levels_4_and_5_kernel_and_twin_agree() -> None:
    core = pytest.importorskip("sudokit._core", reason="the C core is not built")
    deep_changed = 0
    for puzzle, cands in GRIDS:
        solution = [int(ch) for ch in str(solve(puzzle))]
        assert all(m == 0 or m >> (solution[i] - 1) & 1 for i, m in enumerate(cands))  # a true grid
        counts = [0] * 10
        for i, m in enumerate(cands):
            counts[solution[i]] += m == 0
        data, digit_counts = array("H", cands).tobytes(), bytes(counts)
        by_level, nested = {}, 0
        for level in (3, 4, 5):
            got = core.se_dyn(data, True, True, False, level, digit_counts, -1)
            if level >= 4:
                assert got == _pycore.se_dyn(data, True, True, False, level, digit_counts, -1)
                # a node limit stops both at the same round
                limit = got[1] // 3
                assert core.se_dyn(data, True, True, False, level, digit_counts, limit)[0] is None
                assert _pycore.se_dyn(data, True, True, False, level, digit_counts, limit)[0] is None
            records = _records(got[0] or b"")
            assert records, "no hint at this level"
            for cell, mask, _complexity, _size in records:
                assert mask and not mask & ~cands[cell] and not mask >> (solution[cell] - 1) & 1
            by_level[level] = got
            if level >= 4:  # nested chains used by a hint count in its complexity
                nested += sum(complexity > size for _cell, _mask, complexity, size in records)
        assert nested, "no hint of level 4 or 5 uses a nested chain"
        assert by_level[4] != by_level[3]
        assert by_level[5][1] >= by_level[4][1]
        deep_changed += by_level[5][0] != by_level[4][0]
    assert deep_changed >= 1  # level 5's own rule (nested level-2 chains) found hints somewhere
