"""HoDoKu's ALS and restricted commons in the kernel (``ho_als``: csrc/hoals9.c, twin
sudokit._pyals9): the C code and the twin give the same bytes on candidate grids of real
puzzles; the ALS are ALS and the restricted commons are those that
:func:`sudokit.human.als.restricted_commons` computes from them in Python; bad input is
refused on both backends."""

from __future__ import annotations

import array
import random

import pytest

from sudokit import _backend, solve
from sudokit.human.als import find_alses, restricted_commons
from sudokit.human.model import HOUSE_MASK, PEER_MASK, POPCOUNT, Candidates, cells_of

PUZZLES = [
    "610000000040600500307009004003804001000050000400903600900400207008005030000000056",
    "000000010400000000020000000000050407008000300001090000300400200050100000000806000",
]


def _grids(puzzle: str, n: int) -> list[Candidates]:
    """The puzzle's candidates with 10%, 20%, ... of the false candidates dropped (seeded):
    grids as a path reaches them, with a few hundred ALS (more drops, more ALS)."""
    solution = solve(puzzle)
    rng = random.Random(puzzle)
    grids = []
    for k in range(n):
        state = Candidates.from_puzzle(puzzle)
        cands = state.cands[:]
        for c in range(81):
            for d in range(1, 10):
                if cands[c] >> (d - 1) & 1 and solution[c] != d and rng.random() < 0.1 + 0.1 * k:
                    cands[c] &= ~(1 << (d - 1))
        grids.append(Candidates(state.values[:], cands, state.givens))
    return grids


@pytest.mark.single_backend
def test_c_and_twin_give_the_same_bytes() -> None:
    if "c" not in _backend.available():
        pytest.skip("the C extension is not built: nothing to compare the twin with")
    from sudokit import _core, _pyals9

    rcs = 0
    for puzzle in PUZZLES:
        for state in _grids(puzzle, 2):
            grid = array.array("H", state.cands).tobytes()
            data = _core.ho_als(grid)
            assert _pyals9.ho_als(grid) == data
            rcs += len(data[1]) // 6
    assert rcs > 0


def test_alses_and_restricted_commons(backend: str) -> None:
    from sudokit.human.als import _alses_and_rcs

    for puzzle in PUZZLES:
        state = _grids(puzzle, 2)[0]
        alses = find_alses(state)
        assert alses and len({a.cells for a in alses}) == len(alses)
        for a in alses:
            cells = cells_of(a.cells)
            digits = 0
            for c in cells:
                digits |= state.cands[c]
            assert digits == a.digits and POPCOUNT[digits] == len(cells) + 1 and 1 <= len(cells) <= 8
            assert any(a.cells & ~h == 0 for h in HOUSE_MASK)
        assert list(_alses_and_rcs(state)[1]) == restricted_commons(alses)


@pytest.mark.parametrize("cands", [array.array("H", [0b11] * 80).tobytes(), array.array("H", [0x200] + [0b11] * 80).tobytes()])
def test_bad_input_is_refused(backend: str, cands: bytes) -> None:
    with pytest.raises(ValueError):
        _backend.kernel().ho_als(cands)


@pytest.mark.single_backend
def test_chain_search_c_and_twin_give_the_same_bytes() -> None:
    if "c" not in _backend.available():
        pytest.skip("the C extension is not built: nothing to compare the twin with")
    from sudokit import _core, _pyals9

    chains = 0
    for puzzle in PUZZLES:
        for state in _grids(puzzle, 2):
            grid = array.array("H", state.cands).tobytes()
            for limit in (0, 50, 5_000):
                found = _core.ho_als_chain(grid, limit)
                assert _pyals9.ho_als_chain(grid, limit) == found
            chains += len(found[0])
    assert chains > 0


def test_als_chain_steps_keep_the_solution(backend: str) -> None:
    from sudokit.human.als import find_als_chain

    steps = 0
    for puzzle, n in zip(PUZZLES, (1, 3)):  # the others' searches run long on the twin
        solution = solve(puzzle)
        for state in _grids(puzzle, n):
            for step in find_als_chain(state):
                assert step.eliminations and all(solution[c] != d for c, d in step.eliminations)
                assert step.notation.count("- ") >= 4  # four ALS at least
                steps += 1
    assert steps > 0


def test_als_chain_spends_the_callers_budget(backend: str) -> None:
    from sudokit.human.als import find_als_chain
    from sudokit.human.se_budget import LIMIT, Budget, BudgetExceeded

    state = _grids(PUZZLES[1], 3)[2]
    nodes = _backend.kernel().ho_als_chain(array.array("H", state.cands).tobytes(), 3_000_000)[1]
    assert nodes >= 2048
    token = LIMIT.set(Budget(nodes - 1024))
    try:
        with pytest.raises(BudgetExceeded):
            list(find_als_chain(state))
    finally:
        LIMIT.reset(token)
    token = LIMIT.set(Budget(nodes))
    try:
        assert list(find_als_chain(state)) is not None
    finally:
        LIMIT.reset(token)


def _one_by_one(grid: bytes, kinds: bytes, max_nodes: int) -> tuple[int, bytes, bytes, bytes, int]:
    """``ho_als_first``'s answer from the searches called one by one."""
    kernel, nodes = _backend.kernel(), 0
    for at, kind in enumerate(kinds):
        if kind == 2:
            found, nodes = kernel.ho_als_chain(grid, max_nodes)
            if found:
                return (at, found, *kernel.ho_als(grid), nodes)
        else:
            found = kernel.ho_als_steps(grid, kind, 1)
            if found:
                return at, found, b"", b"", nodes
    return len(kinds), b"", b"", b"", nodes


def test_first_als_search_is_the_searches_one_by_one(backend: str) -> None:
    seen = set()
    for state in (_grids(PUZZLES[0], 1)[0], _grids(PUZZLES[1], 3)[2]):
        grid = array.array("H", state.cands).tobytes()
        for kinds in (b"\0\1\2", b"\1\2", b"\2", b"\2\0", b"", b"\0"):
            for limit in (50, 3_000_000):
                found = _backend.kernel().ho_als_first(grid, kinds, limit)
                assert found == _one_by_one(grid, kinds, limit)
                seen.add(found[0] < len(kinds) and kinds[found[0]])
    assert {0, 1, 2} <= seen  # each search was the first to find something somewhere


@pytest.mark.single_backend
def test_first_als_search_c_and_twin_give_the_same_bytes() -> None:
    if "c" not in _backend.available():
        pytest.skip("the C extension is not built: nothing to compare the twin with")
    from sudokit import _core, _pyals9

    for state in (_grids(PUZZLES[0], 1)[0], _grids(PUZZLES[1], 3)[2]):
        grid = array.array("H", state.cands).tobytes()
        for kinds in (b"\0\1\2", b"\1\2", b"\2"):
            assert _pyals9.ho_als_first(grid, kinds, 3_000_000) == _core.ho_als_first(grid, kinds, 3_000_000)


@pytest.mark.parametrize("kinds, limit", [(b"\0\3", 10), (b"\0", -1), (bytes(65), 10)])
def test_first_als_search_refuses_bad_input(backend: str, kinds: bytes, limit: int) -> None:
    with pytest.raises(ValueError):
        _backend.kernel().ho_als_first(array.array("H", [0b11] * 81).tobytes(), kinds, limit)


@pytest.mark.parametrize("cands, limit", [(array.array("H", [0b11] * 81).tobytes(), -1),
                                          (array.array("H", [0x200] + [0b11] * 80).tobytes(), 10),
                                          (array.array("H", [0b11] * 80).tobytes(), 10)])
def test_chain_search_refuses_bad_input(backend: str, cands: bytes, limit: int) -> None:
    with pytest.raises(ValueError):
        _backend.kernel().ho_als_chain(cands, limit)


@pytest.mark.single_backend
def test_xz_and_xy_wing_search_c_and_twin_give_the_same_bytes() -> None:
    if "c" not in _backend.available():
        pytest.skip("the C extension is not built: nothing to compare the twin with")
    from sudokit import _core, _pyals9

    steps = 0
    for state in (_grids(PUZZLES[0], 1)[0], _grids(PUZZLES[1], 2)[1]):  # hundreds of steps, fast on the twin
        grid = array.array("H", state.cands).tobytes()
        for kind in (0, 1):
            found = _core.ho_als_steps(grid, kind, 1 << 30)
            assert _pyals9.ho_als_steps(grid, kind, 1 << 30) == found
            assert _core.ho_als_steps(grid, kind, 0) == b""
            steps += len(found) > 0
        assert _pyals9.ho_als_steps(grid, 1, 3) == _core.ho_als_steps(grid, 1, 3)
    assert steps == 4


def _direct(state: Candidates, kind: int) -> list[tuple[tuple[int, ...], int, list[tuple[int, int]]]]:
    """ALS-XZ (kind 0) or ALS-XY-Wing (kind 1) straight from the rules over the ALS and RCs
    of :func:`find_alses` / :func:`restricted_commons`, in HoDoKu's order: (ALS cell masks,
    RC digits, eliminations sorted by digit, then cell)."""
    alses = find_alses(state)
    rcs = restricted_commons(alses)

    def common(a: int, b: int, skip: int) -> set[tuple[int, int]]:
        out = set()
        for z in range(1, 10):
            if (alses[a].digits & alses[b].digits & ~skip) >> (z - 1) & 1:
                zc = alses[a].cells_with[z] | alses[b].cells_with[z]
                for t in range(81):
                    if state.cands[t] >> (z - 1) & 1 and not (alses[a].cells | alses[b].cells) >> t & 1 and not zc & ~PEER_MASK[t]:
                        out.add((t, z))
        return out

    found = []
    if kind == 0:
        for i, j, x1, x2 in rcs:
            xs = 1 << (x1 - 1) | (1 << (x2 - 1) if x2 else 0)
            elims = common(i, j, 1 << (x1 - 1))
            if x2:
                elims |= common(i, j, 1 << (x2 - 1))
                for one, other in ((i, j), (j, i)):
                    for d in range(1, 10):
                        if (alses[one].digits & ~xs) >> (d - 1) & 1:
                            elims |= {(t, d) for t in cells_of(alses[one].sees[d] & ~alses[other].cells)}
            if elims:
                found.append(((alses[i].cells, alses[j].cells), xs, sorted(elims, key=lambda e: (e[1], e[0]))))
        return found
    by_als: dict[int, list[int]] = {}
    for k, (i, j, _x1, _x2) in enumerate(rcs):
        by_als.setdefault(i, []).append(k)
        by_als.setdefault(j, []).append(k)
    for k1, k2, c in sorted((k1, k2, c) for c, ks in by_als.items() for k1 in ks for k2 in ks if k1 < k2):
        r1, r2 = rcs[k1], rcs[k2]
        if not r1[3] and not r2[3] and r1[2] == r2[2]:
            continue
        a, b = (r1[0] + r1[1] - c), (r2[0] + r2[1] - c)
        if alses[a].cells & alses[b].cells:
            continue
        xs = 0
        for x in (r1[2], r1[3], r2[2], r2[3]):
            xs |= 1 << (x - 1) if x else 0
        elims = common(a, b, xs)
        if elims:
            found.append(((alses[a].cells, alses[b].cells, alses[c].cells), xs, sorted(elims, key=lambda e: (e[1], e[0]))))
    return found


def test_xz_and_xy_wing_steps_follow_the_rules(backend: str) -> None:
    from sudokit.human.als import find_als_xy_wing, find_als_xz

    steps = 0
    solution = solve(PUZZLES[1])
    for state in _grids(PUZZLES[1], 2):  # hundreds of steps, fast on the twin
        text = {als.cells: als.text() for als in find_alses(state)}
        for kind, finder in ((0, find_als_xz), (1, find_als_xy_wing)):
            want = _direct(state, kind)
            got = list(finder(state))
            assert len(got) == len(want)
            for step, (sets, xs, elims) in zip(got, want):
                # the same eliminations, each once (ALS-XZ lists them in HoDoKu's search order)
                assert sorted(step.eliminations, key=lambda e: (e[1], e[0])) == elims == sorted(set(step.eliminations), key=lambda e: (e[1], e[0]))
                assert all(solution[c] != d for c, d in elims)
                assert step.notation.startswith(", ".join(f"{k}={text[a]}" for k, a in zip("ABC", sets)))
                assert ("X=" if kind == 0 else "X,Y=") + ",".join(str(d) for d in range(1, 10) if xs >> (d - 1) & 1) in step.notation
            first = next(finder(state), None)
            assert first == (got[0] if got else None)
            steps += len(got)
    assert steps > 0


@pytest.mark.parametrize("cands, kind, limit", [(array.array("H", [0b11] * 81).tobytes(), 2, 1),
                                                (array.array("H", [0b11] * 81).tobytes(), 0, -1),
                                                (array.array("H", [0x200] + [0b11] * 80).tobytes(), 1, 1),
                                                (array.array("H", [0b11] * 80).tobytes(), 0, 1)])
def test_xz_and_xy_wing_search_refuses_bad_input(backend: str, cands: bytes, kind: int, limit: int) -> None:
    with pytest.raises(ValueError):
        _backend.kernel().ho_als_steps(cands, kind, limit)


def test_als_xz_lists_its_eliminations_as_hodoku_adds_them() -> None:
    """HoDoKu deletes (and prints) an ALS-XZ step's eliminations in the order its search
    adds them: for a doubly linked pair the common digits' first (here r6c2<>6), then each
    set's locked digits (r8c6<>3), not digit by digit. The line is HoDoKu 2.2.4's own, from
    its printed path (/vp) of this grantm diabolical puzzle; sorted by digit it would read
    "r8c6<>3, r6c2<>6"."""
    from sudokit.grid import Grid
    from sudokit.human.hodoku_path import hodoku_walk
    from sudokit.human.rating import _plan

    puzzle = "900250003003004000002000590080040009300805007100030050097000600000400200200061004"
    steps, _end = hodoku_walk(Grid.parse(puzzle), _plan("all", True)[3])
    lines = [str(s) for s in steps if s.technique == "als_xz"]
    assert "Almost Locked Set XZ-Rule: A=r6c34679 {246789}, B=r1347c6 {23678}, X=2,7 => r6c2<>6, r8c6<>3" in lines
