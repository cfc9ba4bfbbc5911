"""Samurai and other overlapping grids: counts against the CP-SAT oracle, a published Samurai,
C/twin parity, the JSON and repr round trips, typed layout errors, generation and pictures."""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import sudokit
from sudokit import _backend, errors
from sudokit.variants import KillerCage, Puzzle, Sandwich, generate, samurai_grids
from sudokit.variants.compile import compile_puzzle
from sudokit.variants.constraints import *  # noqa: F403  (eval of reprs)

from variant_oracle import SAMURAI_KINDS, engine_count, oracle_count, random_samurai

pytest.importorskip("ortools", reason="the CP-SAT oracle needs ortools (pip install '.[test]')")

SAMURAI = Path(__file__).parent / "data" / "variants" / "samurai.txt"
ORIGINS = [(0, 0), (0, 12), (6, 6), (12, 0), (12, 12)]


def _published() -> tuple[Puzzle, Puzzle]:
    rows = [line for line in SAMURAI.read_text().splitlines() if line and not line.startswith("#")]
    assert len(rows) == 42 and all(len(r) == 21 for r in rows)
    return Puzzle.samurai("".join(rows[:21])), Puzzle.samurai("".join(rows[21:]))


def _obeys_samurai_rules(givens: tuple[int, ...], n: int = 9, box: int = 3) -> bool:
    """Every row, column and box of each of the five grids of a Samurai holds 1..n (checked
    here from the layout, not through sudokit's houses)."""
    shift = n - box
    origins = [(0, 0), (0, 2 * shift), (shift, shift), (2 * shift, 0), (2 * shift, 2 * shift)]
    side = n + 2 * shift
    grid = [givens[r * side : r * side + side] for r in range(side)]
    for top, left in origins:
        units = [[grid[top + r][left + c] for c in range(n)] for r in range(n)]
        units += [[grid[top + r][left + c] for r in range(n)] for c in range(n)]
        units += [[grid[top + br + r][left + bc + c] for r in range(box) for c in range(box)]
                  for br in range(0, n, box) for bc in range(0, n, box)]
        if any(sorted(u) != list(range(1, n + 1)) for u in units):
            return False
    return True


def test_layout() -> None:
    p = Puzzle.samurai()
    assert p.grids == tuple(ORIGINS) == samurai_grids(9)
    assert (p.height, p.width, p.cells) == (21, 21, 441)
    assert sum(map(p.is_active, range(p.cells))) == 369
    assert len(p.region_list()) == 41  # 45 boxes, four shared by two grids
    assert len(compile_puzzle(p).houses) == 5 * 18 + 41


def test_published_samurai(backend: str) -> None:
    p, published = _published()
    assert _obeys_samurai_rules(published.givens)
    assert all(g == 0 or g == d for g, d in zip(p.givens, published.givens))
    s = sudokit.solve(p, unique=True)
    assert s.givens == published.givens
    assert sudokit.count_solutions(p, limit=3) == 1 and sudokit.is_unique(p)
    assert oracle_count(p, 2) == 1
    rows = s.to_list()
    assert len(rows) == 21 and rows[0][9:12] == [0, 0, 0] and rows[9][6:15] == list(published.givens[9 * 21 + 6 : 9 * 21 + 15])


@pytest.mark.parametrize("kind", SAMURAI_KINDS)
def test_counts_match_the_oracle(kind: str, backend: str) -> None:
    p = random_samurai(SAMURAI_KINDS.index(kind), kind, 0.7 if kind == "anti_king" else 0.6)
    assert engine_count(p, 4) == oracle_count(p, 4)


def test_other_layouts_match_the_oracle(backend: str) -> None:
    twin = Puzzle.overlapping([(0, 0), (6, 6)], givens=(0,) * 225)  # two 9x9 grids sharing a box
    assert (twin.height, twin.width) == (15, 15)
    small = Puzzle.samurai(size=4)  # 2x2 boxes: corner grids touch, the centre one overlaps all four
    assert engine_count(small, 5) == oracle_count(small, 5) == 5
    rng = random.Random(3)
    sol = list(sudokit.solve(small, unique=False).givens)
    givens = [d if d and rng.random() < 0.4 else 0 for d in sol]
    p = small.with_givens(givens)
    assert engine_count(p, 20) == oracle_count(p, 20)
    q = twin.with_constraints(KillerCage((0, 1, 2), 6))
    assert engine_count(q, 3) == oracle_count(q, 3) == 3


def test_solutions_obey_the_rules(backend: str) -> None:
    p = Puzzle.samurai(size=4)
    found = list(sudokit.solutions(p, limit=6))
    assert len(found) == 6 and len(set(found)) == 6
    for s in found:
        assert _obeys_samurai_rules(s.givens, 4, 2)
        assert all(g == 0 or g == d for g, d in zip(p.givens, s.givens))
        assert all(d == 0 for i, d in enumerate(s.givens) if not p.is_active(i))


@pytest.mark.single_backend
def test_c_engine_and_twin_walk_the_same_tree() -> None:
    if "c" not in _backend.available():
        pytest.skip("the C extension is not built")
    from sudokit import _core, _pyengine

    for seed, kind in enumerate(SAMURAI_KINDS):
        program = compile_puzzle(random_samurai(seed + 100, kind, 0.7)).encode()
        assert _core.engine_solve(program, 5, 0) == _pyengine.engine_solve(program, 5, 0)


@pytest.mark.single_backend
def test_round_trips() -> None:
    p, _ = _published()
    p = p.with_constraints(KillerCage((0, 1, 21), 10), Diagonal("main"))  # noqa: F405
    assert eval(repr(p)) == p
    data = p.to_json()
    assert data["grids"] == [list(g) for g in ORIGINS] and data["givens"][0][9:12] == "---"
    assert data["constraints"][0]["cells"] == ["r1c1", "r1c2", "r2c1"]
    assert Puzzle.from_json(json.dumps(data)) == p
    inside_only = "".join(ch for row in data["givens"] for ch in row if ch != "-")
    assert len(inside_only) == 369 and Puzzle.samurai(inside_only, constraints=p.constraints) == p


@pytest.mark.single_backend
@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        ({"grids": ((0, 0), (0, 0))}, errors.BadRegionError, "grid 2: lies exactly on grid 1"),
        ({"grids": ((0, 0), (4, 4))}, errors.BadRegionError, "across box borders"),
        ({"grids": ((0, 0), (-3, 6))}, errors.CellOffGridError, "off the canvas"),
        ({"grids": ((0, 0), (30, 30))}, errors.InvalidFormatError, "larger than 1024"),
        ({"grids": ()}, errors.InvalidFormatError, "non-empty"),
        ({"grids": ((0, "a"),)}, errors.InvalidFormatError, "pairs of ints"),
        ({"grids": ((0, 0), (6, 6)), "regions": Puzzle().region_list()}, errors.BadRegionError, "jigsaw"),
        ({"grids": ((0, 0), (6, 6)), "givens": (0,) * 9 + (5,) + (0,) * 215}, errors.CellOffGridError, "outside every grid (at r1c10)"),
        ({"grids": ((0, 0), (6, 6)), "constraints": (KillerCage((9, 10), 3),)}, errors.CellOffGridError, "killer 1"),
        ({"grids": ((0, 0), (6, 6)), "givens": (0,) * 10}, errors.InvalidFormatError, "225 digits"),
    ],
)
def test_bad_layouts_are_typed_errors(kwargs: dict[str, object], error: type[Exception], words: str) -> None:
    with pytest.raises(error, match=words.replace("(", r"\(").replace(")", r"\)")):
        Puzzle(**kwargs)  # type: ignore[arg-type]


@pytest.mark.single_backend
def test_other_typed_errors() -> None:
    with pytest.raises(errors.InvalidConstraintError, match="single grid"):
        compile_puzzle(Puzzle.samurai(constraints=(Sandwich("row", 0, 5),)))
    with pytest.raises(errors.InvalidFormatError, match="f-puzzles"):
        Puzzle.samurai().to_fpuzzles()
    with pytest.raises(errors.InvalidFormatError, match="441 .* or 369"):
        Puzzle.samurai("1" * 100)
    with pytest.raises(errors.CellOffGridError):
        Puzzle.from_json({"grids": [[0, 0], [6, 6]], "constraints": [{"type": "killer", "cells": ["r16c1"]}]})


def test_generated_samurai_is_unique(backend: str) -> None:
    size = 9 if backend == "c" else 4  # the twin takes seconds on a 9x9 Samurai
    p = generate(size, grids="samurai", seed=2)
    assert p.grids == samurai_grids(size) and oracle_count(p, 2) == 1
    assert all(d == 0 for i, d in enumerate(p.givens) if not p.is_active(i))
    assert generate(size, grids="samurai", seed=2) == p


@pytest.mark.single_backend
def test_picture_draws_the_samurai_layout() -> None:
    from sudokit.render import to_svg

    p, _ = _published()
    size = 500.0
    root = ET.fromstring(to_svg(p, size=size))
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert sorted(texts) == sorted(str(d) for d in p.givens if d)
    margin = size * 0.02
    cell = (size - 2 * margin) / 21
    lines = list(root.iter("{http://www.w3.org/2000/svg}line"))
    assert len(lines) > 2 * 369
    for line in lines:
        x1, y1, x2, y2 = (float(line.get(k, "0")) for k in ("x1", "y1", "x2", "y2"))
        col, row = ((x1 + x2) / 2 - margin) / cell, ((y1 + y2) / 2 - margin) / cell
        # nothing is drawn in the four gaps between the corner grids
        in_gap = (9.01 < col < 11.99 and (row < 5.99 or row > 15.01)) or (9.01 < row < 11.99 and (col < 5.99 or col > 15.01))
        assert not in_gap, (x1, y1, x2, y2)
