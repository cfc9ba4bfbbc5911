"""Variant generation: every generated puzzle is unique according to the CP-SAT oracle,
keeps the rules it was asked for, and is reproducible from its seed."""

from __future__ import annotations

import pytest

from sudokit.variants import AntiKing, AntiKnight, Diagonal, KillerCage, NonConsecutive, Palindrome, Puzzle, Thermometer
from sudokit.variants.generating import generate, random_regions

from variant_oracle import oracle_count

pytest.importorskip("ortools", reason="the CP-SAT oracle needs ortools (pip install '.[test]')")

# (size, kind, rules, C only): the C-only cases run the same Python code as the others,
# only with bigger grids, which take the pure-Python twin tens of seconds.
CASES = [
    (4, "plain", (), False),
    (6, "plain", (), False),
    (8, "plain", (), False),
    (9, "plain", (), False),
    (12, "plain", (), True),
    (16, "plain", (), True),
    (6, "jigsaw", (), False),
    (9, "jigsaw", (), True),
    (6, "killer", (), False),
    (9, "killer", (), False),
    (9, "plain", (Diagonal("main"), Diagonal("anti")), False),
    (6, "plain", (AntiKnight(),), False),
    (9, "plain", (AntiKnight(),), True),
    (9, "plain", (AntiKing(),), True),
    (6, "plain", (NonConsecutive(),), False),
    (6, "thermometer", (), False),
    (6, "kropki", (), False),
    (6, "arrow", (), False),
    (9, "xv", (), True),
    (9, "whisper", (), True),
    (9, "renban", (), True),
    (9, "little_killer", (), True),
    (9, "extremum", (), True),
    (9, "parity", (), True),
    (6, "sandwich", (), False),
    (9, "between", (), True),
    (6, "slow_thermometer", (), False),
    (9, "slow_thermometer", (), True),
    (6, "palindrome", (), False),
    (9, "palindrome", (), True),
]


@pytest.mark.parametrize(("size", "kind", "rules", "c_only"), CASES)
def test_generated_puzzles_are_unique(size: int, kind: str, rules: tuple[object, ...], c_only: bool, backend: str) -> None:
    if c_only and backend == "python":
        pytest.skip("big grid: run on the C engine only (the twin runs the same generator on the smaller cases)")
    p = generate(size, kind=kind, constraints=rules, seed=11)  # type: ignore[arg-type]
    assert p.size == size and oracle_count(p, 2) == 1
    assert set(rules) <= set(p.constraints)
    if kind == "jigsaw":
        assert p.regions is not None and sorted(c for r in p.regions for c in r) == list(range(size * size))
    if kind == "slow_thermometer":
        assert any(isinstance(k, Thermometer) and k.slow for k in p.constraints)
    if kind == "palindrome":
        assert any(isinstance(k, Palindrome) for k in p.constraints)
    if kind == "killer":
        caged = [c for k in p.constraints if isinstance(k, KillerCage) for c in k.cells]
        assert sorted(caged) == list(range(size * size))
    assert generate(size, kind=kind, constraints=rules, seed=11) == p  # type: ignore[arg-type]


def test_killer_without_givens() -> None:
    p = generate(6, kind="killer", seed=4, givens=False)
    assert not any(p.givens) and oracle_count(p, 2) == 1


@pytest.mark.single_backend
def test_random_regions_tile_and_connect() -> None:
    import random

    for seed in range(5):
        regions = random_regions(9, random.Random(seed))
        assert sorted(c for r in regions for c in r) == list(range(81))
        assert all(len(r) == 9 for r in regions)
        assert Puzzle(regions=regions).regions == regions
