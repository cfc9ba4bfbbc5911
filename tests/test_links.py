"""The link graph (sudokit.human.links) checked against puzzle solutions.

Every strong link must have a true end in the solution, no weak link may have two true
ends, and the links must be exactly those the grid implies (recomputed independently).
"""

from __future__ import annotations

import pytest

from sudokit import solve
from sudokit.human import Candidates
from sudokit.human.links import CELL_LINK, GROUP_BASE, LinkGraph
from sudokit.human.model import HOUSE_MASK, PEER_MASK, cells_of

pytestmark = pytest.mark.single_backend

PUZZLES = (
    "200050006010000090600801003007090600000703000900080002100000005060902010003060200",
    "590000007040010083008034900001402000069000820000109300004670200980040030700000016",
    "000030000560749083000802000000000000001608500090307040300090006070103050005000800",
)


def _true(g: LinkGraph, node: int, solution: list[int]) -> bool:
    return any(solution[c] == g.digit(node) for c in cells_of(g.cells(node)))


@pytest.mark.parametrize("puzzle", PUZZLES)
def test_links_agree_with_the_solution(puzzle: str) -> None:
    solution = list(solve(puzzle))
    g = LinkGraph(Candidates.from_puzzle(puzzle), groups=True)
    assert g.group_cells, "these puzzles have grouped places"
    strong = weak = 0
    for n in g.nodes():
        for m, _house in g.strong[n]:
            assert _true(g, n, solution) or _true(g, m, solution), (g.text(n), g.text(m))
            strong += 1
        for m in g.weak(n):
            assert not (_true(g, n, solution) and _true(g, m, solution)), (g.text(n), g.text(m))
            weak += 1
    assert strong > 50 and weak > strong


@pytest.mark.parametrize("puzzle", PUZZLES)
def test_candidate_links_are_exactly_the_implied_ones(puzzle: str) -> None:
    state = Candidates.from_puzzle(puzzle)
    g = LinkGraph(state)
    assert not g.group_cells
    expected: set[tuple[int, int, int]] = set()
    for cell in range(81):
        ds = [d for d in range(1, 10) if state.cands[cell] >> (d - 1) & 1]
        if len(ds) == 2:
            a, b = (9 * cell + d - 1 for d in ds)
            expected |= {(a, b, CELL_LINK), (b, a, CELL_LINK)}
    for d in range(1, 10):
        for h in range(27):
            cells = [c for c in range(81) if HOUSE_MASK[h] >> c & 1 and state.cands[c] >> (d - 1) & 1]
            if len(cells) == 2:
                a, b = (9 * c + d - 1 for c in cells)
                expected |= {(a, b, h), (b, a, h)}
    got = {(n, m, h) for n in g.nodes() for m, h in g.strong[n]}
    assert got == expected
    for n in g.nodes():
        cell, d = divmod(n, 9)
        want = {9 * c + d for c in range(81) if PEER_MASK[cell] >> c & 1 and state.cands[c] >> d & 1}
        want |= {9 * cell + e for e in range(9) if e != d and state.cands[cell] >> e & 1}
        assert set(g.weak(n)) == want


def test_group_nodes_and_elimination_mask() -> None:
    state = Candidates.from_puzzle(PUZZLES[0])
    g = LinkGraph(state, groups=True)
    for k, cells in enumerate(g.group_cells):
        node = GROUP_BASE + k
        assert g.is_group(node) and 2 <= cells.bit_count() <= 3
        assert cells & ~state.where[g.digit(node)] == 0
        assert g.text(node).startswith("r")
    a, b = g.candidate(0, 2), g.candidate(80, 2)  # weak_to_all: cells seeing both r1c1 and r9c9
    mask = g.weak_to_all((a, b), 2)
    assert all(PEER_MASK[0] >> c & 1 and PEER_MASK[80] >> c & 1 for c in cells_of(mask))
