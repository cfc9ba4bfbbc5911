"""Killer cage digit tables: which sets of distinct digits fill a cage of a given size and sum.

The table every killer solver keeps next to the grid ("a 2-cell 3 is {1,2}; a 3-cell 23 is
{6,8,9}"), for any digit range 1..N (N = 9 by default, up to 25).

>>> cage_combinations(2, 3)
((1, 2),)
>>> cage_combinations(3, 15)
((1, 5, 9), (1, 6, 8), (2, 4, 9), (2, 5, 8), (2, 6, 7), (3, 4, 8), (3, 5, 7), (4, 5, 6))
>>> cage_combinations(3, 15, exclude={5}, include={2})
((2, 4, 9), (2, 6, 7))
>>> cage_digits(4, 12)  # 4-cell 12 is {1,2,3,6} or {1,2,4,5}: 1 and 2 are certain
(frozenset({1, 2}), frozenset({1, 2, 3, 4, 5, 6}))
>>> cage_sum_range(3)
(6, 24)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import lru_cache

__all__ = ["cage_combinations", "cage_digits", "cage_sum_range"]

_MAX_DIGITS = 25


def _check(size: int, digits: int) -> None:
    for name, value in (("size", size), ("digits", digits)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(f"{name} must be an int, got {value!r}")
    if not 1 <= digits <= _MAX_DIGITS:
        raise ValueError(f"digits must be 1..{_MAX_DIGITS}, got {digits}")
    if not 1 <= size <= digits:
        raise ValueError(f"a cage of distinct digits 1..{digits} has 1..{digits} cells, got {size}")


def cage_sum_range(size: int, digits: int = 9) -> tuple[int, int]:
    """The smallest and largest sum of ``size`` distinct digits from 1..``digits``."""
    _check(size, digits)
    return size * (size + 1) // 2, size * (2 * digits - size + 1) // 2


def _digit_set(values: Iterable[int], digits: int, name: str) -> frozenset[int]:
    out = frozenset(values)
    bad = sorted(v for v in out if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= digits)
    if bad:
        raise ValueError(f"{name} holds {bad[0]!r}, not a digit 1..{digits}")
    return out


def cage_combinations(size: int, total: int, digits: int = 9, *, include: Iterable[int] = (),
                      exclude: Iterable[int] = ()) -> tuple[tuple[int, ...], ...]:
    """Every set of ``size`` distinct digits from 1..``digits`` summing to ``total``, as
    ascending tuples in lexicographic order; ``include``: digits each set must hold,
    ``exclude``: digits none may hold. Empty when nothing fits (a sum out of reach)."""
    _check(size, digits)
    if not isinstance(total, int) or isinstance(total, bool):
        raise TypeError(f"total must be an int, got {total!r}")
    must, banned = _digit_set(include, digits, "include"), _digit_set(exclude, digits, "exclude")
    found = _combinations(size, total, digits)
    if not must and not banned:
        return found
    return tuple(c for c in found if must <= set(c) and banned.isdisjoint(c))


@lru_cache(maxsize=1024)
def _combinations(size: int, total: int, digits: int) -> tuple[tuple[int, ...], ...]:
    low, high = size * (size + 1) // 2, size * (2 * digits - size + 1) // 2
    if not low <= total <= high:
        return ()
    return tuple(_grow((), size, total, 1, digits))


def _grow(prefix: tuple[int, ...], left: int, total: int, start: int, digits: int) -> Iterator[tuple[int, ...]]:
    """Ascending completions of ``prefix`` by ``left`` digits from start..digits summing to ``total``."""
    if left == 0:
        if total == 0:
            yield prefix
        return
    for d in range(start, digits - left + 2):
        # the smallest and largest sums the remaining left-1 digits above d can still make
        low = (left - 1) * d + (left - 1) * left // 2
        high = (left - 1) * digits - (left - 2) * (left - 1) // 2
        rest = total - d
        if rest < low:
            return  # d only grows from here: every later choice overshoots too
        if rest <= high:
            yield from _grow(prefix + (d,), left - 1, rest, d + 1, digits)


def cage_digits(size: int, total: int, digits: int = 9) -> tuple[frozenset[int], frozenset[int]]:
    """(digits every combination holds, digits some combination holds) for a cage: the first
    are certain to be in the cage, digits outside the second cannot be."""
    combos = cage_combinations(size, total, digits)
    if not combos:
        return frozenset(), frozenset()
    always = frozenset(combos[0]).intersection(*combos[1:])
    return always, frozenset(d for c in combos for d in c)
