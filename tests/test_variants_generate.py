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


def _neighbours(cell: int, n: int) -> list[int]:
    r, c = divmod(cell, n)
    return [rr * n + cc for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if 0 <= rr < n and 0 <= cc < n]


def _connected(cells: tuple[int, ...], n: int) -> bool:
    seen, todo = {cells[0]}, [cells[0]]
    while todo:
        for q in _neighbours(todo.pop(), n):
            if q in cells and q not in seen:
                seen.add(q)
                todo.append(q)
    return len(seen) == len(cells)


@pytest.mark.single_backend
def test_killer_cages_are_mostly_two_to_four_cells() -> None:
    """Cages like published killers': no one-cell cage unless no neighbouring cage could take
    the cell (each holds its digit already, or is one over the largest size), few overall."""
    from sudokit.variants import solving

    sizes: list[int] = []
    for seed in range(3):
        p = generate(9, kind="killer", seed=seed)
        solution = solving.solve(p, unique=True).givens
        cages = [k for k in p.constraints if isinstance(k, KillerCage)]
        owner = {c: k for k, cage in enumerate(cages) for c in cage.cells}
        for k, cage in enumerate(cages):
            assert _connected(cage.cells, 9)
            if len(cage.cells) == 1:
                cell = cage.cells[0]
                hosts = {owner[q] for q in _neighbours(cell, 9)} - {k}
                assert all(len(cages[h].cells) > 4 or solution[cell] in {solution[c] for c in cages[h].cells} for h in hosts)
        sizes += [len(k.cells) for k in cages]
    assert max(sizes) <= 5 and sum(2 <= s <= 4 for s in sizes) >= 0.9 * len(sizes)


@pytest.mark.single_backend
def test_killer_without_givens_keeps_one_cell_cages_rare() -> None:
    sizes: list[int] = []
    for seed in range(3):
        p = generate(9, kind="killer", seed=seed, givens=False)
        assert not any(p.givens) and oracle_count(p, 2) == 1
        cages = [k for k in p.constraints if isinstance(k, KillerCage)]
        assert all(_connected(k.cells, 9) for k in cages) and sorted(c for k in cages for c in k.cells) == list(range(81))
        sizes += [len(k.cells) for k in cages]
    assert sum(s == 1 for s in sizes) <= 0.02 * len(sizes)  # the first layouts: about 40%, then 8%


def _boxes(size: int) -> set[tuple[int, ...]]:
    return {tuple(sorted(b)) for b in Puzzle(size=size).region_list()}


def test_jigsaw_regions_drawn_around_a_solution(monkeypatch: pytest.MonkeyPatch, backend: str) -> None:
    """The 25x25 path (regions moved around a boxed solution), run at 6x6 (twin) or 9x9."""
    from sudokit.variants import generating, solving

    monkeypatch.setattr(generating, "_AROUND_FROM", 6)
    for size in (6,) if backend == "python" else (9,):
        p = generate(size, kind="jigsaw", seed=5)
        assert p.regions is not None and oracle_count(p, 2) == 1
        assert all(len(r) == size and _connected(r, size) for r in p.regions) and set(p.regions) != _boxes(size)
        assert generate(size, kind="jigsaw", seed=5) == p
        solution = solving.solve(p).givens
        assert all(len({solution[c] for c in box}) == size for box in _boxes(size))  # made as a boxed grid


@pytest.mark.single_backend
def test_25x25_regions_drawn_around_a_solution_fit_it() -> None:
    """The layout step at full size (pure Python; the generate path around it is checked
    against CP-SAT at 6x6/9x9 above, whole 25x25 puzzles in bench_variant_generate --verify)."""
    import random

    from sudokit.variants.generating import random_solution
    from sudokit.variants.jigsaw_layout import regions_around

    rng = random.Random(1)
    solution = random_solution(Puzzle(size=25), rng)
    regions = regions_around(solution, 25, rng, trades=1500)  # the default 5000 in generate
    assert sorted(c for r in regions for c in r) == list(range(625)) and all(_connected(r, 25) for r in regions)
    assert all(sorted(solution[c] for c in r) == list(range(1, 26)) for r in regions)
    assert len(set(regions) & _boxes(25)) < 12 and Puzzle(size=25, regions=regions).regions == regions


class _FakeTime:
    """time.monotonic() that advances one second per call: a budget of N seconds runs out
    at the N-th check, whatever the machine's speed."""

    def __init__(self) -> None:
        self.now = 0.0

    def monotonic(self) -> float:
        self.now += 1.0
        return self.now


@pytest.mark.parametrize("checks", [1, 20])
def test_time_budget_is_checked_inside_one_puzzle(checks: int, monkeypatch: pytest.MonkeyPatch, backend: str) -> None:
    from sudokit.errors import SearchLimitExceeded
    from sudokit.variants import generating, solving

    monkeypatch.setattr(generating, "time", _FakeTime())
    with pytest.raises(SearchLimitExceeded, match="time budget") as caught:
        generate(6, seed=2, time_budget=checks)
    partial = caught.value.partial
    if checks == 1:  # spent before a solution grid existed
        assert partial is None
    else:  # spent while digging: a unique puzzle with more givens than a finished one
        assert isinstance(partial, Puzzle) and solving.count_solutions(partial, 2) == 1
        monkeypatch.undo()
        finished = generate(6, seed=2)
        assert sum(map(bool, partial.givens)) > sum(map(bool, finished.givens))
        assert solving.solve(partial, unique=True) == solving.solve(finished, unique=True)


def test_time_budget_is_validated() -> None:
    with pytest.raises(ValueError, match="time_budget"):
        generate(4, seed=1, time_budget=0)


def test_big_killer_tidy_up(backend: str) -> None:
    """The tidy-up of a 16x16 killer without givens, run on a 6x6: every given the
    digging kept that is not needed goes, every given left is needed (the oracle's count
    without it is 2), and one-cell cages are joined to neighbouring cages while the
    puzzle stays unique by the oracle."""
    import random
    from dataclasses import replace

    from sudokit.variants import generating
    from sudokit.variants.killer_layout import cage_layout, split_off

    rng = random.Random(3)
    base = Puzzle(size=6)
    solution = generating.random_solution(base, rng)
    cages = cage_layout(solution, 6, rng)
    dropped = generating._drop_givens(replace(base, constraints=cages).with_givens(solution), rng, generating._UNBOUNDED)
    kept = [cell for cell, digit in enumerate(dropped.givens) if digit]
    assert 0 < len(kept) < 36 and oracle_count(dropped, 2) == 1
    for cell in kept:
        fewer = list(dropped.givens)
        fewer[cell] = 0
        assert oracle_count(dropped.with_givens(fewer), 2) == 2
    for cell in kept:
        cages = split_off(cages, cell, solution, 6)
    singles = sum(len(k.cells) == 1 for k in cages)
    merged = generating._merge_singles(base, cages, solution, rng, 4, generating._UNBOUNDED)
    assert sum(len(k.cells) == 1 for k in merged) < singles
    assert sorted(c for k in merged for c in k.cells) == list(range(36))
    assert all(k.total == sum(solution[c] for c in k.cells) and len({solution[c] for c in k.cells}) == len(k.cells) for k in merged)
    assert oracle_count(replace(base, constraints=merged), 2) == 1
