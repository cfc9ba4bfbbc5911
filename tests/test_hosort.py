"""java_sort (HoDoKu's step sort, Java's TimSort): with a consistent comparison it is the
stable sort, at every size (runs, merges, galloping); with HoDoKu's inconsistent one it
still returns a permutation, and below 32 elements it is Java's binary insertion sort."""

from __future__ import annotations

import random

import pytest

from sudokit.human.hosort import ContractViolation, java_sort

pytestmark = pytest.mark.single_backend


def test_consistent_comparison_is_the_stable_sort() -> None:
    rng = random.Random(12)
    for n in (*range(0, 40), 63, 64, 65, 200, 1000, 3000):
        for shape in ("random", "runs", "few"):
            if shape == "random":
                keys = [rng.randrange(50) for _ in range(n)]
            elif shape == "runs":  # long ascending/descending stretches: merges and galloping
                keys = sorted(rng.randrange(1000) for _ in range(n // 2)) + sorted((rng.randrange(1000) for _ in range(n - n // 2)), reverse=True)
            else:
                keys = [rng.randrange(3) for _ in range(n)]
            items = list(enumerate(keys))
            got = java_sort(list(items), lambda a, b: a[1] - b[1])
            assert got == sorted(items, key=lambda t: t[1])


def _hodoku_cmp(a: tuple[int, int, int, int, int], b: tuple[int, int, int, int, int]) -> int:
    """HoDoKu's chain comparison on (eliminations, index sum, set, length, id)."""
    if a[0] != b[0]:
        return b[0] - a[0]
    if a[2] != b[2]:
        return a[1] - b[1]
    return a[3] - b[3]


def _small_java_sort(items: list[tuple[int, int, int, int, int]]) -> list[tuple[int, int, int, int, int]]:
    """Java's sort below 32 elements, written out: the leading run (a strictly descending
    one reversed), then each further element inserted after the elements not above it."""
    a = list(items)
    run = 1
    if len(a) > 1:
        if _hodoku_cmp(a[1], a[0]) < 0:
            run = 2
            while run < len(a) and _hodoku_cmp(a[run], a[run - 1]) < 0:
                run += 1
            a[:run] = reversed(a[:run])
        else:
            run = 2
            while run < len(a) and _hodoku_cmp(a[run], a[run - 1]) >= 0:
                run += 1
    for i in range(run, len(a)):
        pivot, lo, hi = a[i], 0, i
        while lo < hi:
            mid = (lo + hi) // 2
            if _hodoku_cmp(pivot, a[mid]) < 0:
                hi = mid
            else:
                lo = mid + 1
        a[lo + 1:i + 1] = a[lo:i]
        a[lo] = pivot
    return a


def test_inconsistent_comparison() -> None:
    rng = random.Random(7)
    for _ in range(400):
        n = rng.randrange(2, 120)
        sets = [(rng.randint(1, 3), rng.randint(0, 5)) for _ in range(rng.randint(1, n))]
        items = []
        for i in range(n):
            s = rng.randrange(len(sets))
            items.append((sets[s][0], sets[s][1], s, rng.randint(3, 20), i))
        try:
            got = java_sort(list(items), _hodoku_cmp)
        except ContractViolation:
            continue
        assert sorted(got) == sorted(items)
        if n < 32:
            assert got == _small_java_sort(items)
        # the order HoDoKu's comparison always fixes: more eliminations first
        assert [t[0] for t in got] == sorted((t[0] for t in items), reverse=True)
