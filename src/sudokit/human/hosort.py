"""HoDoKu's step sort: Java's ``Collections.sort`` (TimSort), step for step.

HoDoKu 2.2 collects all steps of a kind (chains, ...) and takes the first after
``Collections.sort(steps)``. Its comparison (``SolutionStep.compareTo``) is not a total
order: two steps with different eliminations but the same weighted index sum compare
equal, while two steps with the same eliminations compare by chain length, so which step
comes first depends on the exact sequence of comparisons the sort makes. This module
sorts as Java's TimSort (OpenJDK's ``ComparableTimSort``: runs, binary insertion below
32 elements, merges with galloping) so that the first step is HoDoKu's even there; with a
consistent comparison the result is simply the stable sort.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

__all__ = ["java_sort"]

_T = TypeVar("_T")
_MIN_MERGE = 32
_MIN_GALLOP = 7


class ContractViolation(ValueError):
    """Java would throw here ("Comparison method violates its general contract!")."""


def java_sort(items: list[_T], cmp: Callable[[_T, _T], int]) -> list[_T]:
    """``items`` sorted in place (and returned) in the order Java's ``List.sort`` gives
    with the comparison ``cmp`` (negative, zero, positive as Java's ``compareTo``)."""
    n = len(items)
    if n < 2:
        return items
    if n < _MIN_MERGE:
        run = _count_run(items, 0, n, cmp)
        _binary_sort(items, 0, n, run, cmp)
        return items
    _TimSort(items, cmp).sort()
    return items


def _binary_sort(a: list[_T], lo: int, hi: int, start: int, cmp: Callable[[_T, _T], int]) -> None:
    """Insert a[start:hi] one by one into the sorted a[lo:start], after equal elements."""
    if start == lo:
        start += 1
    for i in range(start, hi):
        pivot = a[i]
        left, right = lo, i
        while left < right:
            mid = (left + right) >> 1
            if cmp(pivot, a[mid]) < 0:
                right = mid
            else:
                left = mid + 1
        a[left + 1:i + 1] = a[left:i]
        a[left] = pivot


def _count_run(a: list[_T], lo: int, hi: int, cmp: Callable[[_T, _T], int]) -> int:
    """Length of the run at a[lo]; a strictly descending run is reversed in place."""
    run_hi = lo + 1
    if run_hi == hi:
        return 1
    run_hi += 1
    if cmp(a[lo + 1], a[lo]) < 0:
        while run_hi < hi and cmp(a[run_hi], a[run_hi - 1]) < 0:
            run_hi += 1
        a[lo:run_hi] = a[lo:run_hi][::-1]
    else:
        while run_hi < hi and cmp(a[run_hi], a[run_hi - 1]) >= 0:
            run_hi += 1
    return run_hi - lo


def _min_run(n: int) -> int:
    r = 0
    while n >= _MIN_MERGE:
        r |= n & 1
        n >>= 1
    return n + r


def _gallop_left(key: _T, a: list[_T], base: int, length: int, hint: int, cmp: Callable[[_T, _T], int]) -> int:
    """Where ``key`` goes in the sorted a[base:base+length], before equal elements."""
    last, ofs = 0, 1
    if cmp(key, a[base + hint]) > 0:
        max_ofs = length - hint
        while ofs < max_ofs and cmp(key, a[base + hint + ofs]) > 0:
            last, ofs = ofs, (ofs << 1) + 1
        ofs = min(ofs, max_ofs)
        last, ofs = last + hint, ofs + hint
    else:
        max_ofs = hint + 1
        while ofs < max_ofs and cmp(key, a[base + hint - ofs]) <= 0:
            last, ofs = ofs, (ofs << 1) + 1
        ofs = min(ofs, max_ofs)
        last, ofs = hint - ofs, hint - last
    last += 1
    while last < ofs:
        m = last + ((ofs - last) >> 1)
        if cmp(key, a[base + m]) > 0:
            last = m + 1
        else:
            ofs = m
    return ofs


def _gallop_right(key: _T, a: list[_T], base: int, length: int, hint: int, cmp: Callable[[_T, _T], int]) -> int:
    """Where ``key`` goes in the sorted a[base:base+length], after equal elements."""
    last, ofs = 0, 1
    if cmp(key, a[base + hint]) < 0:
        max_ofs = hint + 1
        while ofs < max_ofs and cmp(key, a[base + hint - ofs]) < 0:
            last, ofs = ofs, (ofs << 1) + 1
        ofs = min(ofs, max_ofs)
        last, ofs = hint - ofs, hint - last
    else:
        max_ofs = length - hint
        while ofs < max_ofs and cmp(key, a[base + hint + ofs]) >= 0:
            last, ofs = ofs, (ofs << 1) + 1
        ofs = min(ofs, max_ofs)
        last, ofs = last + hint, ofs + hint
    last += 1
    while last < ofs:
        m = last + ((ofs - last) >> 1)
        if cmp(key, a[base + m]) < 0:
            ofs = m
        else:
            last = m + 1
    return ofs


class _TimSort:
    """The merging part (32 elements and more), with Java's run stack and galloping."""

    def __init__(self, a: list[_T], cmp: Callable[[_T, _T], int]) -> None:
        self.a, self.cmp = a, cmp
        self.min_gallop = _MIN_GALLOP
        self.runs: list[list[int]] = []  # [base, length]

    def sort(self) -> None:
        a, cmp = self.a, self.cmp
        lo, left = 0, len(a)
        min_run = _min_run(left)
        while left:
            run = _count_run(a, lo, lo + left, cmp)
            if run < min_run:
                force = min(left, min_run)
                _binary_sort(a, lo, lo + force, lo + run, cmp)
                run = force
            self.runs.append([lo, run])
            self._collapse()
            lo += run
            left -= run
        while len(self.runs) > 1:
            n = len(self.runs) - 2
            if n > 0 and self.runs[n - 1][1] < self.runs[n + 1][1]:
                n -= 1
            self._merge_at(n)

    def _collapse(self) -> None:
        runs = self.runs
        while len(runs) > 1:
            n = len(runs) - 2
            if (n > 0 and runs[n - 1][1] <= runs[n][1] + runs[n + 1][1]) or (n > 1 and runs[n - 2][1] <= runs[n][1] + runs[n - 1][1]):
                if runs[n - 1][1] < runs[n + 1][1]:
                    n -= 1
            elif runs[n][1] > runs[n + 1][1]:
                break
            self._merge_at(n)

    def _merge_at(self, i: int) -> None:
        a, cmp, runs = self.a, self.cmp, self.runs
        base1, len1 = runs[i]
        base2, len2 = runs[i + 1]
        runs[i][1] = len1 + len2
        del runs[i + 1]
        k = _gallop_right(a[base2], a, base1, len1, 0, cmp)
        base1 += k
        len1 -= k
        if len1 == 0:
            return
        len2 = _gallop_left(a[base1 + len1 - 1], a, base2, len2, len2 - 1, cmp)
        if len2 == 0:
            return
        if len1 <= len2:
            self._merge_lo(base1, len1, base2, len2)
        else:
            self._merge_hi(base1, len1, base2, len2)

    def _merge_lo(self, base1: int, len1: int, base2: int, len2: int) -> None:
        a, cmp = self.a, self.cmp
        tmp = a[base1:base1 + len1]
        c1, c2, dest = 0, base2, base1
        a[dest] = a[c2]
        dest, c2, len2 = dest + 1, c2 + 1, len2 - 1
        if len2 == 0:
            a[dest:dest + len1] = tmp[c1:c1 + len1]
            return
        if len1 == 1:
            a[dest:dest + len2] = a[c2:c2 + len2]
            a[dest + len2] = tmp[c1]
            return
        min_gallop = self.min_gallop
        done = False
        while not done:
            count1 = count2 = 0
            while True:  # one pair at a time until a run wins min_gallop times in a row
                if cmp(a[c2], tmp[c1]) < 0:
                    a[dest] = a[c2]
                    dest, c2, len2 = dest + 1, c2 + 1, len2 - 1
                    count2, count1 = count2 + 1, 0
                    if len2 == 0:
                        done = True
                        break
                else:
                    a[dest] = tmp[c1]
                    dest, c1, len1 = dest + 1, c1 + 1, len1 - 1
                    count1, count2 = count1 + 1, 0
                    if len1 == 1:
                        done = True
                        break
                if (count1 | count2) >= min_gallop:
                    break
            if done:
                break
            while True:  # galloping
                count1 = _gallop_right(a[c2], tmp, c1, len1, 0, cmp)
                if count1:
                    a[dest:dest + count1] = tmp[c1:c1 + count1]
                    dest, c1, len1 = dest + count1, c1 + count1, len1 - count1
                    if len1 <= 1:
                        done = True
                        break
                a[dest] = a[c2]
                dest, c2, len2 = dest + 1, c2 + 1, len2 - 1
                if len2 == 0:
                    done = True
                    break
                count2 = _gallop_left(tmp[c1], a, c2, len2, 0, cmp)
                if count2:
                    a[dest:dest + count2] = a[c2:c2 + count2]
                    dest, c2, len2 = dest + count2, c2 + count2, len2 - count2
                    if len2 == 0:
                        done = True
                        break
                a[dest] = tmp[c1]
                dest, c1, len1 = dest + 1, c1 + 1, len1 - 1
                if len1 == 1:
                    done = True
                    break
                min_gallop -= 1
                if not (count1 >= _MIN_GALLOP or count2 >= _MIN_GALLOP):
                    break
            if done:
                break
            min_gallop = max(min_gallop, 0) + 2
        self.min_gallop = max(min_gallop, 1)
        if len1 == 1:
            a[dest:dest + len2] = a[c2:c2 + len2]
            a[dest + len2] = tmp[c1]
        elif len1 == 0:
            raise ContractViolation("Comparison method violates its general contract!")
        else:
            a[dest:dest + len1] = tmp[c1:c1 + len1]

    def _merge_hi(self, base1: int, len1: int, base2: int, len2: int) -> None:
        a, cmp = self.a, self.cmp
        tmp = a[base2:base2 + len2]
        c1, c2, dest = base1 + len1 - 1, len2 - 1, base2 + len2 - 1
        a[dest] = a[c1]
        dest, c1, len1 = dest - 1, c1 - 1, len1 - 1
        if len1 == 0:
            a[dest - (len2 - 1):dest + 1] = tmp[0:len2]
            return
        if len2 == 1:
            dest -= len1
            c1 -= len1
            a[dest + 1:dest + 1 + len1] = a[c1 + 1:c1 + 1 + len1]
            a[dest] = tmp[c2]
            return
        min_gallop = self.min_gallop
        done = False
        while not done:
            count1 = count2 = 0
            while True:
                if cmp(tmp[c2], a[c1]) < 0:
                    a[dest] = a[c1]
                    dest, c1, len1 = dest - 1, c1 - 1, len1 - 1
                    count1, count2 = count1 + 1, 0
                    if len1 == 0:
                        done = True
                        break
                else:
                    a[dest] = tmp[c2]
                    dest, c2, len2 = dest - 1, c2 - 1, len2 - 1
                    count2, count1 = count2 + 1, 0
                    if len2 == 1:
                        done = True
                        break
                if (count1 | count2) >= min_gallop:
                    break
            if done:
                break
            while True:
                count1 = len1 - _gallop_right(tmp[c2], a, base1, len1, len1 - 1, cmp)
                if count1:
                    dest, c1, len1 = dest - count1, c1 - count1, len1 - count1
                    a[dest + 1:dest + 1 + count1] = a[c1 + 1:c1 + 1 + count1]
                    if len1 == 0:
                        done = True
                        break
                a[dest] = tmp[c2]
                dest, c2, len2 = dest - 1, c2 - 1, len2 - 1
                if len2 == 1:
                    done = True
                    break
                count2 = len2 - _gallop_left(a[c1], tmp, 0, len2, len2 - 1, cmp)
                if count2:
                    dest, c2, len2 = dest - count2, c2 - count2, len2 - count2
                    a[dest + 1:dest + 1 + count2] = tmp[c2 + 1:c2 + 1 + count2]
                    if len2 <= 1:
                        done = True
                        break
                a[dest] = a[c1]
                dest, c1, len1 = dest - 1, c1 - 1, len1 - 1
                if len1 == 0:
                    done = True
                    break
                min_gallop -= 1
                if not (count1 >= _MIN_GALLOP or count2 >= _MIN_GALLOP):
                    break
            if done:
                break
            min_gallop = max(min_gallop, 0) + 2
        self.min_gallop = max(min_gallop, 1)
        if len2 == 1:
            dest -= len1
            c1 -= len1
            a[dest + 1:dest + 1 + len1] = a[c1 + 1:c1 + 1 + len1]
            a[dest] = tmp[c2]
        elif len2 == 0:
            raise ContractViolation("Comparison method violates its general contract!")
        else:
            a[dest - (len2 - 1):dest + 1] = tmp[0:len2]
