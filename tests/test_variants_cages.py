"""Killer cage digit tables (sudokit.variants.cage_combinations, cage_digits, cage_sum_range),
checked against brute force over all subsets."""

from __future__ import annotations

from itertools import combinations

import pytest

from sudokit.variants import cage_combinations, cage_digits, cage_sum_range

pytestmark = pytest.mark.single_backend


def _brute(size: int, total: int, digits: int) -> tuple[tuple[int, ...], ...]:
    return tuple(c for c in combinations(range(1, digits + 1), size) if sum(c) == total)


@pytest.mark.parametrize("digits", [1, 4, 6, 8, 9, 12])
def test_every_size_and_total_matches_brute_force(digits: int) -> None:
    for size in range(1, digits + 1):
        low, high = cage_sum_range(size, digits)
        assert (low, high) == (sum(range(1, size + 1)), sum(range(digits - size + 1, digits + 1)))
        for total in range(low - 2, high + 3):
            assert cage_combinations(size, total, digits) == _brute(size, total, digits), (size, total, digits)


def test_the_classic_table() -> None:
    # The entries killer players learn first (9 digits).
    assert cage_combinations(2, 3) == ((1, 2),) and cage_combinations(2, 17) == ((8, 9),)
    assert cage_combinations(3, 6) == ((1, 2, 3),) and cage_combinations(3, 24) == ((7, 8, 9),)
    assert cage_combinations(4, 10) == ((1, 2, 3, 4),) and cage_combinations(4, 30) == ((6, 7, 8, 9),)
    assert cage_combinations(9, 45) == (tuple(range(1, 10)),) and cage_combinations(8, 44) == ((2, 3, 4, 5, 6, 7, 8, 9),)
    assert len(cage_combinations(4, 20)) == 12 and len(cage_combinations(5, 25)) == 12
    assert sum(len(cage_combinations(size, total)) for size in range(1, 10) for total in range(1, 46)) == 2**9 - 1


def test_include_exclude_and_digit_sets() -> None:
    assert cage_combinations(3, 15, include=[9]) == ((1, 5, 9), (2, 4, 9))
    assert cage_combinations(3, 15, exclude=range(1, 5)) == ()  # 15 needs a digit below 5 (5+6+7 = 18)
    assert cage_combinations(3, 18, exclude=range(1, 5)) == ((5, 6, 7),)
    assert cage_combinations(3, 20, 16, include={1, 3}) == ((1, 3, 16),)
    always, possible = cage_digits(3, 23)
    assert always == {6, 8, 9} == possible
    always, possible = cage_digits(2, 10)
    assert always == set() and possible == {1, 2, 3, 4, 6, 7, 8, 9}  # no 5: it would need a second 5
    assert cage_digits(3, 5) == (frozenset(), frozenset())


def test_big_ranges_stay_fast_and_right() -> None:
    combos = cage_combinations(5, 60, 25)
    assert combos == _brute(5, 60, 25)
    assert cage_combinations(6, 51, 16) == _brute(6, 51, 16)
    assert cage_combinations(25, 325, 25) == (tuple(range(1, 26)),)


@pytest.mark.parametrize(
    "args, kwargs, error",
    [((0, 3), {}, ValueError), ((10, 45), {}, ValueError), ((2, 3, 26), {}, ValueError), ((2, 3, 0), {}, ValueError),
     ((2, "3"), {}, TypeError), ((2.0, 3), {}, TypeError), ((True, 1), {}, TypeError),
     ((2, 3), {"include": [10]}, ValueError), ((2, 3), {"exclude": [0]}, ValueError)],
)
def test_bad_arguments(args: tuple[object, ...], kwargs: dict[str, object], error: type[Exception]) -> None:
    with pytest.raises(error):
        cage_combinations(*args, **kwargs)  # type: ignore[arg-type]
