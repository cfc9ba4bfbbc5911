"""SE's Aligned Pair/Triplet Exclusion search in the kernel (``se_aligned``: csrc/aligned9.c,
twin sudokit._pyaligned9): the C code and the twin give the same bytes on the candidate
grids of real SE paths, every candidate they remove is false in the solution, a limit on
the hints gives a prefix of all of them, and bad input is refused on both backends."""

from __future__ import annotations

import array

import pytest

from sudokit import Grid, _backend, solve
from sudokit.human.model import Candidates
from sudokit.human.path import enabled_techniques, next_step
from sudokit.human.rating import se_techniques

#: grantm "diabolical" puzzles whose SE path (serate) uses Aligned Pair / Triplet Exclusion
#: or long chain stretches, so their grids are rich in bivalue and trivalue cells.
PUZZLES = [
    "130000092090205010002080600320908054000000000700040001060000070800000005003010800",
    "610000000040600500307009004003804001000050000400903600900400207008005030000000056",
    "004010350100070900850900001000000800280000063007000000700008049008050002025040700",
]


def _records(data: bytes) -> list[dict[int, int]]:
    out, at = [], 0
    while at < len(data):
        n = data[at]
        assert 1 <= n <= 3 and at + 1 + 3 * n <= len(data)
        out.append({data[at + 1 + 3 * k]: data[at + 2 + 3 * k] | data[at + 3 + 3 * k] << 8 for k in range(n)})
        at += 1 + 3 * n
    return out


def _grids(puzzle: str, limit: int) -> list[list[int]]:
    """The candidate grids along the SE path (every technique but the slow dynamic chains)."""
    order = se_techniques(enabled_techniques(None, True))
    state = Candidates.from_puzzle(puzzle)
    grids = []
    while not state.is_solved() and len(grids) < limit:
        grids.append(list(state.cands))
        step = next_step(state, order)
        if step is None:
            break
        state.apply(step)
    return grids


@pytest.mark.single_backend
def test_c_and_twin_give_the_same_bytes_and_only_true_eliminations() -> None:
    if "c" not in _backend.available():
        pytest.skip("the C extension is not built: nothing to compare the twin with")
    from sudokit import _core, _pyaligned9

    hints = 0
    for puzzle in PUZZLES:
        solution = solve(puzzle)
        twins = 0
        for k, cands in enumerate(_grids(puzzle, 60)):
            grid = array.array("H", cands).tobytes()
            for degree in (2, 3):
                data, spent = _core.se_aligned(grid, degree, 0)
                if k % 8 == 0 or (data and twins < 6):  # the twin is slow on triplets: a sample of the grids
                    twins += 1
                    assert _pyaligned9.se_aligned(grid, degree, 0) == (data, spent)
                records = _records(data)
                for limit in (1, 2):
                    first, _ = _core.se_aligned(grid, degree, limit)
                    assert _records(first) == records[:limit]
                for removable in records:
                    for cell, mask in removable.items():
                        assert cands[cell] & mask == mask and mask
                        assert not mask >> (solution[cell] - 1) & 1, (puzzle, cell, mask)
                hints += len(records)
    assert hints > 0, "the sample grids should hold aligned exclusions"


@pytest.mark.parametrize(
    "cands, degree, max_hints",
    [
        (array.array("H", [0x1FF] * 80).tobytes(), 2, 0),  # 80 masks
        (array.array("H", [0x200] + [0x1FF] * 80).tobytes(), 2, 0),  # a mask above 9 bits
        (array.array("H", [0x1FF] * 81).tobytes(), 4, 0),  # degree 4
        (array.array("H", [0x1FF] * 81).tobytes(), 3, -1),  # a negative limit
    ],
)
def test_bad_input_is_refused(backend: str, cands: bytes, degree: int, max_hints: int) -> None:
    with pytest.raises(ValueError):
        _backend.kernel().se_aligned(cands, degree, max_hints)


def test_empty_and_full_grids_have_no_hints(backend: str) -> None:
    kernel = _backend.kernel()
    for mask in (0, 0x1FF):
        assert kernel.se_aligned(array.array("H", [mask] * 81).tobytes(), 2, 0)[0] == b""
    solved = Candidates.from_puzzle(Grid.parse(solve(PUZZLES[0])))
    assert kernel.se_aligned(array.array("H", solved.cands).tobytes(), 3, 0) == (b"", 0)
