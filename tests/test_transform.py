"""The Sudoku group: Transform laws, canonical form, equivalence and automorphisms.

The canonical form is computed by the kernel (csrc/canon9.c or the twin's reference
search), so the module runs once per backend; the parity tests compare the two directly.
"""

from __future__ import annotations

import random
from itertools import permutations, product
from types import ModuleType, SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudokit import ConflictingGivensError, Grid, _backend, _pycore, solve
from sudokit.generation import full_grid
from sudokit.transform import (
    GROUP_ORDER,
    IDENTITY,
    Transform,
    _transform_from_bytes,
    automorphisms,
    canonical,
    canonical_many,
    canonical_transform,
    equivalent,
)

PUZZLES = [
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",  # top1465 #1
    "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
    ".......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6...",  # 17 clues
    "........1.....2.3..45.6...7.....68..1........48..7..5..5.....9.2.3.4....9..83.5.4",
]
#: The grid with the largest automorphism group (648 elements).
MOST_SYMMETRIC = "123456789456789123789123456231564897564897231897231564312645978645978312978312645"

#: Tests that never reach the kernel (group laws; automorphisms always use the reference
#: search) run once.
kernel_free = pytest.mark.single_backend

transforms = st.integers(0, 2**32).map(lambda s: Transform.random(random.Random(s)))
puzzles = st.sampled_from(PUZZLES)


def first_appearance(cells: str) -> str:
    """Relabel digits 1, 2, 3... in order of first appearance (the minimal relabelling)."""
    labels: dict[str, str] = {}
    for ch in cells:
        if ch != "." and ch not in labels:
            labels[ch] = str(len(labels) + 1)
    return "".join(labels.get(ch, ".") for ch in cells)


# ----------------------------------------------------------------------------- values
@kernel_free
def test_identity_and_repr_round_trip() -> None:
    assert Transform() == IDENTITY == Transform.identity()
    assert IDENTITY.is_identity and IDENTITY.is_geometric
    t = Transform.random(random.Random(1))
    assert eval(repr(t), {"Transform": Transform}) == t
    assert hash(t) == hash(eval(repr(t), {"Transform": Transform}))
    with pytest.raises(Exception):
        t.transpose = True  # type: ignore[misc]


@pytest.mark.parametrize(
    "kwargs",
    [
        {"rows": (0, 1, 3, 2, 4, 5, 6, 7, 8)},  # mixes bands
        {"cols": (0, 1, 2, 3, 4, 5, 6, 7, 7)},  # not a permutation
        {"digits": (1, 2, 3, 4, 5, 6, 7, 8, 8)},
        {"digits": (0, 1, 2, 3, 4, 5, 6, 7, 8)},
    ],
)
@kernel_free
def test_invalid_transforms_are_rejected(kwargs: dict[str, tuple[int, ...]]) -> None:
    with pytest.raises(ValueError):
        Transform(**kwargs)  # type: ignore[arg-type]


@kernel_free
def test_group_order_and_line_permutations() -> None:
    valid = 0
    for perm in permutations(range(9)):
        try:
            Transform(rows=perm)
        except ValueError:
            continue
        valid += 1
    assert valid == 6**4 == 1296
    assert GROUP_ORDER == 2 * valid * valid == 3_359_232


# --------------------------------------------------------------------------- the laws
@kernel_free
@settings(max_examples=60, deadline=None)
@given(transforms, transforms, transforms, puzzles)
def test_composition_laws(a: Transform, b: Transform, c: Transform, p: str) -> None:
    g = Grid.parse(p)
    assert (a @ b).apply(g) == a.apply(b.apply(g))
    assert a.then(b) == b @ a
    assert (a @ b) @ c == a @ (b @ c)
    assert a @ IDENTITY == IDENTITY @ a == a
    assert (a @ a.inverse()).is_identity and (a.inverse() @ a).is_identity
    assert a.inverse().inverse() == a
    assert (a @ b).inverse() == b.inverse() @ a.inverse()
    assert a.inverse().apply(a.apply(g)) == g
    assert a**3 == a @ a @ a and (a**-1) == a.inverse() and (a**0).is_identity


@settings(max_examples=30, deadline=None)
@given(transforms)
def test_transforms_keep_grids_valid(t: Transform) -> None:
    grid = solve(PUZZLES[0])
    image = t.apply(grid)
    assert image.is_solved
    assert t.apply(PUZZLES[0]).givens == Grid.parse(PUZZLES[0]).givens
    assert t.apply_bytes(bytes(grid)) == bytes(image)
    assert t(PUZZLES[0]) == t.apply(PUZZLES[0])


@kernel_free
def test_named_transforms_act_as_documented() -> None:
    g = Grid.parse(PUZZLES[0])
    tr = Transform(transpose=True).apply(g)
    assert all(tr[r, c] == g[c, r] for r in range(9) for c in range(9))
    swap = Transform(rows=(1, 0, 2, 3, 4, 5, 6, 7, 8)).apply(g)
    assert str(swap)[:9] == str(g)[9:18]
    relabel = Transform(digits=(2, 1, 3, 4, 5, 6, 7, 8, 9)).apply(g)
    assert str(relabel) == str(g).translate(str.maketrans("12", "21"))
    assert Transform(cols=(2, 1, 0, 3, 4, 5, 6, 7, 8)).cell_map()[:3] == (2, 1, 0)


# --------------------------------------------------------------------- canonical form
@settings(max_examples=40, deadline=None)
@given(transforms, puzzles)
def test_canonical_is_invariant_under_the_group(t: Transform, p: str) -> None:
    assert canonical(t.apply(p)) == canonical(p)


@settings(max_examples=10, deadline=None)
@given(transforms)
def test_canonical_of_full_grids_is_invariant(t: Transform) -> None:
    grid = solve(PUZZLES[1])
    form = canonical(t.apply(grid))
    assert form == canonical(grid)
    assert str(form).startswith("123456789")


@pytest.mark.parametrize("p", PUZZLES)
def test_canonical_is_reached_and_minimal_against_samples(p: str) -> None:
    form = canonical(p)
    assert canonical_transform(p).apply(p) == form
    assert canonical(form) == form
    assert form.givens == Grid.parse(p).givens
    rng = random.Random(p)
    text = str(form)
    for _ in range(3000):
        image = first_appearance(str(Transform.random(rng).apply(p)))
        assert text <= image  # '.' sorts before the digits, as a blank counts 0


def test_canonical_small_known_forms() -> None:
    assert str(canonical("." * 81)) == "." * 81
    assert str(canonical("." * 40 + "7" + "." * 40)) == "." * 80 + "1"
    # Two givens in one row: the row goes last, blanks first in every stack.
    assert str(canonical("12" + "." * 79)) == "." * 79 + "12"
    assert str(canonical("1..2" + "." * 77)) == "." * 72 + ".....1..2"


def test_non_equivalent_puzzles_have_different_forms() -> None:
    forms = {canonical(p) for p in PUZZLES}
    assert len(forms) == len(PUZZLES)
    fewer = PUZZLES[0].replace("5", ".", 1)
    assert canonical(fewer) != canonical(PUZZLES[0])
    assert equivalent(PUZZLES[0], fewer) is None
    assert equivalent(PUZZLES[0], PUZZLES[1]) is None


@settings(max_examples=30, deadline=None)
@given(transforms, puzzles)
def test_equivalent_finds_a_mapping(t: Transform, p: str) -> None:
    q = t.apply(p)
    m = equivalent(p, q)
    assert m is not None and m.apply(p) == q


def test_conflicting_givens_are_rejected() -> None:
    with pytest.raises(ConflictingGivensError):
        canonical("11" + "." * 79)


# ---------------------------------------------------------------------- automorphisms
@kernel_free
def test_automorphisms_known_counts() -> None:
    assert len(automorphisms(MOST_SYMMETRIC)) == 648
    assert automorphisms(solve(PUZZLES[0])) == [IDENTITY]
    assert automorphisms(PUZZLES[0]) == [IDENTITY]


@kernel_free
def test_automorphisms_form_a_group_fixing_the_grid() -> None:
    autos = automorphisms(MOST_SYMMETRIC)
    found = set(autos)
    assert len(found) == len(autos) and IDENTITY in found
    rng = random.Random(5)
    for _ in range(50):
        a, b = rng.choice(autos), rng.choice(autos)
        assert a @ b in found and a.inverse() in found
    assert all(a.apply(MOST_SYMMETRIC) == Grid.parse(MOST_SYMMETRIC) for a in autos)


@kernel_free
def test_automorphisms_of_a_puzzle_with_one_given() -> None:
    # Fixing r1c1: transpose (2) x row orders fixing row 1 (2 * 2 * 36) x the same for
    # columns; the eight other digits do not occur and stay in place.
    autos = automorphisms("5" + "." * 80)
    assert len(autos) == 2 * 144 * 144


@kernel_free
def test_automorphism_count_and_the_listing_guard() -> None:
    from sudokit import SearchLimitExceeded
    from sudokit.transform import automorphism_count

    assert automorphism_count(MOST_SYMMETRIC) == 648
    assert automorphism_count("5" + "." * 80) == 2 * 144 * 144
    assert automorphism_count("." * 81) == GROUP_ORDER  # every geometric transformation
    with pytest.raises(SearchLimitExceeded):
        automorphisms("." * 81)


@pytest.mark.single_backend  # the kernels' agreement with each other is tested below
def test_canonical_matches_an_exhaustive_search() -> None:
    """All 3,359,232 geometric images, each relabelled by first appearance (numpy, ~10 s)."""
    np = pytest.importorskip("numpy")
    orders = np.array(
        [
            [band * 3 + i for band, perm in zip(bands, inner) for i in perm]
            for bands in permutations(range(3))
            for inner in product(permutations(range(3)), repeat=3)
        ]
    )
    puzzle = PUZZLES[0]
    grid = np.array([0 if ch == "." else int(ch) for ch in puzzle]).reshape(9, 9)
    best: tuple[int, ...] | None = None
    for source in (grid, grid.T):
        for rows in orders:
            images = source[rows][:, orders].transpose(1, 0, 2).reshape(len(orders), 81)
            first = np.stack(
                [np.where((images == d).any(axis=1), (images == d).argmax(axis=1), 100 + d) for d in range(1, 10)], axis=1
            )
            labels = np.zeros((len(orders), 10), dtype=np.int64)
            ranks = np.broadcast_to(np.arange(1, 10), (len(orders), 9))
            np.put_along_axis(labels[:, 1:], np.argsort(first, axis=1), ranks, axis=1)
            relabelled = np.take_along_axis(labels, images, axis=1)
            smallest = tuple(int(v) for v in relabelled[np.lexsort(relabelled.T[::-1])[0]])
            best = smallest if best is None or smallest < best else best
    assert best is not None
    assert "".join("." if v == 0 else str(v) for v in best) == str(canonical(puzzle))


# ------------------------------------------------------------- C kernel vs the reference
# The C search (csrc/canon9.c) and the twin's reference search must give the same form
# on every input. These tests call both kernels directly, so they run once (single_backend).
def _c_kernel(backend: str) -> ModuleType:
    if "c" not in _backend.available():
        pytest.skip("the C extension is not built in this environment")
    from sudokit import _core

    return _core


def _masked(grid: bytes, rng: random.Random, keep: int, symmetry: str) -> bytes:
    """``grid`` with about ``keep`` givens kept, closed under a symmetry of the pattern."""
    cells = set(rng.sample(range(81), keep))
    if symmetry == "rotational180":
        cells |= {80 - i for i in cells}
    elif symmetry == "vertical":
        cells |= {(i // 9) * 9 + 8 - i % 9 for i in cells}
    elif symmetry == "diagonal":
        cells |= {(i % 9) * 9 + i // 9 for i in cells}
    return bytes(ch if i in cells else 46 for i, ch in enumerate(grid))


def _assert_same_form(core: ModuleType, cells: bytes) -> bytes:
    status_c, form_c, raw_c = core.canonical(cells)
    status_p, form_p, raw_p = _pycore.canonical(cells)
    assert (status_c, form_c) == (status_p, form_p), cells
    if status_c == _pycore.CANON_OK:
        assert _transform_from_bytes(raw_c).apply_bytes(cells) == form_c
        assert _transform_from_bytes(raw_p).apply_bytes(cells) == form_p
    return bytes(form_c)


@pytest.mark.single_backend
@settings(max_examples=200, deadline=None)
@given(
    st.integers(0, 2**31),
    st.integers(0, 81),
    st.sampled_from(["none", "rotational180", "vertical", "diagonal"]),
    st.sampled_from(["random", "symmetric", "solved"]),
    transforms,
)
def test_c_and_python_kernels_give_the_same_form(backend: str, seed: int, keep: int, symmetry: str, source: str, t: Transform) -> None:
    core = _c_kernel(backend)
    rng = random.Random(seed)
    grid = {"random": lambda: bytes(full_grid(seed=seed)), "symmetric": lambda: MOST_SYMMETRIC.encode(), "solved": lambda: bytes(solve(PUZZLES[seed % 5]))}[source]()
    cells = t.apply_bytes(_masked(grid, rng, keep, symmetry))
    form = _assert_same_form(core, cells)
    assert _assert_same_form(core, Transform.random(rng).apply_bytes(cells)) == form  # invariance
    assert _assert_same_form(core, form) == form  # a form is its own form


@pytest.mark.single_backend
def test_c_and_python_kernels_agree_in_bulk(backend: str) -> None:
    """1,500 seeded cases: full grids, random and symmetric masks, sparse and conflicting."""
    core = _c_kernel(backend)
    rng = random.Random(2026)
    grids = [bytes(full_grid(seed=s)) for s in range(60)] + [MOST_SYMMETRIC.encode()] * 5
    sym = ["none", "rotational180", "vertical", "diagonal"]
    for k in range(1500):
        grid = rng.choice(grids)
        keep = 81 if k % 10 == 0 else rng.choice([rng.randint(0, 12), rng.randint(17, 40), rng.randint(0, 81)])
        cells = Transform.random(rng).apply_bytes(_masked(grid, rng, keep, rng.choice(sym)))
        _assert_same_form(core, cells)
    conflict = b"11" + b"." * 79
    assert core.canonical(conflict) == _pycore.canonical(conflict) == (_pycore.CANON_CONFLICT, b"", b"")


def test_canonical_batch_matches_single_calls(backend: str) -> None:
    kernel = _backend.kernel()
    cells = [p.encode() for p in PUZZLES] + [b"11" + b"." * 79, b"x" * 81, MOST_SYMMETRIC.encode(), b"0" * 81]
    forms, statuses = bytearray(81 * len(cells)), bytearray(len(cells))
    assert kernel.canonical_batch(b"".join(cells), forms, statuses) is None
    expected = [_pycore.CANON_OK] * 5 + [_pycore.CANON_CONFLICT, _pycore.CANON_BAD_INPUT, _pycore.CANON_OK, _pycore.CANON_OK]
    assert list(statuses) == expected
    for k, c in enumerate(cells):
        form = bytes(forms[81 * k : 81 * k + 81])
        assert form == (kernel.canonical(c)[1] if statuses[k] == _pycore.CANON_OK else b"." * 81)
    with pytest.raises(ValueError):
        kernel.canonical_batch(b"." * 81, bytearray(80), bytearray(1))
    with pytest.raises(ValueError):
        kernel.canonical(b"." * 80)
    with pytest.raises(ValueError):
        kernel.canonical(b"." * 80 + b"x")


def test_canonical_many_matches_canonical() -> None:
    puzzles = PUZZLES + [MOST_SYMMETRIC, "." * 81]
    assert list(canonical_many(puzzles, chunk=3)) == [canonical(p) for p in puzzles]
    with pytest.raises(ConflictingGivensError):
        list(canonical_many([PUZZLES[0], "11" + "." * 79]))


def test_a_capped_c_search_falls_back_to_the_reference(monkeypatch: pytest.MonkeyPatch) -> None:
    """Status 2 (the C search's memory cap, very sparse puzzles) hands over to the twin."""
    capped = SimpleNamespace(canonical=lambda cells: (_pycore.CANON_TOO_MANY, b"", b""))
    monkeypatch.setattr(_backend, "_KERNEL", capped)
    assert canonical("5" + "." * 80) == Grid.parse("." * 80 + "1")
    assert canonical_transform(PUZZLES[0]).apply(PUZZLES[0]) == canonical(PUZZLES[0])


def test_canonical_batch_from_several_threads(backend: str) -> None:
    """The C batch call releases the GIL and keeps no shared state: threads agree."""
    from concurrent.futures import ThreadPoolExecutor

    kernel = _backend.kernel()
    cells = b"".join(Transform.random(random.Random(k)).apply_bytes(p.encode()) for k, p in enumerate(PUZZLES * 8))
    n = len(cells) // 81

    def run(_: int) -> bytes:
        forms, statuses = bytearray(81 * n), bytearray(n)
        kernel.canonical_batch(cells, forms, statuses)
        assert not any(statuses)
        return bytes(forms)

    with ThreadPoolExecutor(4) as pool:
        results = list(pool.map(run, range(8)))
    assert len(set(results)) == 1
    assert results[0][:81] == bytes(canonical(PUZZLES[0]))


def test_canonical_statuses_match_the_twin() -> None:
    """transform keeps its own copy of the kernel's statuses (so the C path never imports the twin)."""
    from sudokit import _pycore, transform

    assert (transform._CANON_OK, transform._CANON_TOO_MANY) == (_pycore.CANON_OK, _pycore.CANON_TOO_MANY)
