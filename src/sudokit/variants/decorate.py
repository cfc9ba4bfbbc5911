"""Typed constraints drawn from a solution, for generating thermo, arrow, Kropki... puzzles.

Each decorator picks constraints that a given solution satisfies (increasing walks for
thermometers, sums for arrows, dots where digits are consecutive or doubled, ...);
:func:`sudokit.variants.generating.generate` then removes the givens they make redundant.

>>> import random
>>> sol = tuple(int(ch) for ch in "534678912672195348198342567859761423426853791713924856961537284287419635345286179")
>>> all(sol[a] < sol[b] for t in DECORATORS["thermometer"](sol, 9, random.Random(1)) for a, b in zip(t.cells, t.cells[1:]))
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from . import constraints as C
from .puzzle import orthogonal_neighbours

__all__ = ["DECORATORS"]

Sol = Sequence[int]


def _touching(i: int, n: int) -> list[int]:
    """The up to 8 cells around ``i`` (lines may step diagonally)."""
    r, c = divmod(i, n)
    return [rr * n + cc for rr in (r - 1, r, r + 1) for cc in (c - 1, c, c + 1)
            if 0 <= rr < n and 0 <= cc < n and (rr, cc) != (r, c)]


def _crosses(a: int, b: int, n: int, diagonals: set[frozenset[int]]) -> bool:
    """Whether the step a-b runs diagonally across a diagonal step already drawn (two lines
    crossing in the middle of a 2x2 square read as one)."""
    (ra, ca), (rb, cb) = divmod(a, n), divmod(b, n)
    return ra != rb and ca != cb and frozenset((ra * n + cb, rb * n + ca)) in diagonals


def _diagonal_steps(path: Sequence[int], n: int) -> set[frozenset[int]]:
    return {frozenset((a, b)) for a, b in zip(path, path[1:]) if a // n != b // n and a % n != b % n}


def _walks(sol: Sol, n: int, rng: random.Random, ok: Callable[[list[int], int], bool], count: int, length: int,
           step: Callable[[int, int], list[int]] = orthogonal_neighbours) -> list[tuple[int, ...]]:
    """Up to ``count`` disjoint walks of 3..length cells (orthogonal steps unless ``step``
    says otherwise, never crossing each other), each step allowed by ``ok``."""
    out: list[tuple[int, ...]] = []
    used: set[int] = set()
    diagonals: set[frozenset[int]] = set()
    for _ in range(40 * count):
        if len(out) == count:
            break
        path = [rng.randrange(n * n)]
        while len(path) < length:
            drawn = diagonals | _diagonal_steps(path, n)
            steps = [q for q in step(path[-1], n)
                     if q not in path and q not in used and ok(path, q) and not _crosses(path[-1], q, n, drawn)]
            if not steps:
                break
            path.append(rng.choice(steps))
        if len(path) >= 3 and not used & set(path):
            out.append(tuple(path))
            used |= set(path)
            diagonals |= _diagonal_steps(path, n)
    return out


def _pairs(n: int) -> list[tuple[int, int]]:
    return [(i, j) for i in range(n * n) for j in (i + 1, i + n) if j < n * n and (j != i + 1 or j % n)]


def thermometers(sol: Sol, n: int, rng: random.Random) -> list[C.Constraint]:
    return [C.Thermometer(p) for p in _walks(sol, n, rng, lambda p, q: sol[q] > sol[p[-1]], n * 2 // 3, 5)]


def slow_thermometers(sol: Sol, n: int, rng: random.Random) -> list[C.Constraint]:
    """Thermometers that may step diagonally and stay level (only diagonal neighbours can
    repeat a digit); only walks with a level step are kept, or they would be plain ones."""
    walks = _walks(sol, n, rng, lambda p, q: sol[q] >= sol[p[-1]], n * 2, 5, _touching)
    level = [w for w in walks if any(sol[a] == sol[b] for a, b in zip(w, w[1:]))]
    return [C.Thermometer(w, slow=True) for w in level[: n * 2 // 3]]


def palindromes(sol: Sol, n: int, rng: random.Random) -> list[C.Constraint]:
    """Lines of 3 to 7 touching cells that read the same both ways, grown outwards from
    their middle cell by pairs of equal digits."""
    out: list[C.Constraint] = []
    used: set[int] = set()
    diagonals: set[frozenset[int]] = set()
    for middle in rng.sample(range(n * n), n * n):
        if len(out) == n * 2 // 3:
            break
        if middle in used:
            continue
        path = [middle]
        while len(path) < 7:
            drawn = diagonals | _diagonal_steps(path, n)
            ends = [(a, b) for a in _touching(path[0], n) for b in _touching(path[-1], n)
                    if a != b and sol[a] == sol[b] and not {a, b} & used and a not in path and b not in path
                    and not _crosses(a, path[0], n, drawn) and not _crosses(path[-1], b, n, drawn | _diagonal_steps((a, path[0]), n))]
            if not ends:
                break
            a, b = rng.choice(ends)
            path = [a, *path, b]
        if len(path) >= 3:
            out.append(C.Palindrome(tuple(path)))
            used |= set(path)
            diagonals |= _diagonal_steps(path, n)
    return out


def whispers(sol: Sol, n: int, rng: random.Random) -> list[C.Constraint]:
    gap = n // 2 + 1
    return [C.Whisper(p, gap) for p in _walks(sol, n, rng, lambda p, q: abs(sol[q] - sol[p[-1]]) >= gap, n * 2 // 3, 5)]


def renbans(sol: Sol, n: int, rng: random.Random) -> list[C.Constraint]:
    def ok(p: list[int], q: int) -> bool:
        digits = [sol[i] for i in p] + [sol[q]]
        return len(set(digits)) == len(digits) and max(digits) - min(digits) < len(digits)

    return [C.Renban(p) for p in _walks(sol, n, rng, ok, n * 2 // 3, 4)]


def arrows(sol: Sol, n: int, rng: random.Random) -> list[C.Constraint]:
    out: list[C.Constraint] = []
    used: set[int] = set()
    for circle in rng.sample(range(n * n), n * n):
        for a in orthogonal_neighbours(circle, n):
            for b in orthogonal_neighbours(a, n):
                if len(out) < n * 2 // 3 and b != circle and sol[a] + sol[b] == sol[circle] and not used & {circle, a, b}:
                    out.append(C.Arrow((circle,), (a, b)))
                    used |= {circle, a, b}
    return out


def kropki(sol: Sol, n: int, rng: random.Random) -> list[C.Constraint]:
    out: list[C.Constraint] = []
    for i, j in _pairs(n):
        p, q = sol[i], sol[j]
        if abs(p - q) == 1:
            out.append(C.Kropki((i, j), "white"))
        elif p == 2 * q or q == 2 * p:
            out.append(C.Kropki((i, j), "black"))
    return rng.sample(out, len(out) // 2)


def xv(sol: Sol, n: int, rng: random.Random) -> list[C.Constraint]:
    return [C.XV((i, j), sol[i] + sol[j]) for i, j in _pairs(n) if sol[i] + sol[j] in (5, 10)]


def parity(sol: Sol, n: int, rng: random.Random) -> list[C.Constraint]:
    return [C.Parity(i, odd=sol[i] % 2 == 1) for i in rng.sample(range(n * n), n * n // 4)]


def extrema(sol: Sol, n: int, rng: random.Random) -> list[C.Constraint]:
    out: list[C.Constraint] = []
    for i in range(n * n):
        nb = [sol[q] for q in orthogonal_neighbours(i, n)]
        if sol[i] < min(nb) or sol[i] > max(nb):
            out.append(C.Extremum(i, minimum=sol[i] < min(nb)))
    return out[: n + 1]


def little_killers(sol: Sol, n: int, rng: random.Random) -> list[C.Constraint]:
    out: list[C.Constraint] = []
    for start in range(1, n - 2):
        cells = tuple(k * n + start + k for k in range(n - start))
        out.append(C.LittleKiller(cells, sum(sol[c] for c in cells)))
    return out


def sandwiches(sol: Sol, n: int, rng: random.Random) -> list[C.Constraint]:
    out: list[C.Constraint] = []
    for line in ("row", "column"):
        for index in range(n):
            cells = [index * n + k for k in range(n)] if line == "row" else [k * n + index for k in range(n)]
            digits = [sol[c] for c in cells]
            i, j = sorted((digits.index(1), digits.index(n)))
            out.append(C.Sandwich(line, index, sum(digits[i + 1 : j])))
    return out


def betweens(sol: Sol, n: int, rng: random.Random) -> list[C.Constraint]:
    def ok(p: list[int], q: int) -> bool:
        return True

    out: list[C.Constraint] = []
    for path in _walks(sol, n, rng, ok, 8 * n, 5):
        lo, hi = sorted((sol[path[0]], sol[path[-1]]))
        if all(lo < sol[c] < hi for c in path[1:-1]):
            out.append(C.Between(path))
    return out[: n * 2 // 3]


DECORATORS: dict[str, Callable[[Sol, int, random.Random], list[C.Constraint]]] = {
    "thermometer": thermometers,
    "slow_thermometer": slow_thermometers,
    "palindrome": palindromes,
    "arrow": arrows,
    "kropki": kropki,
    "xv": xv,
    "parity": parity,
    "whisper": whispers,
    "renban": renbans,
    "extremum": extrema,
    "little_killer": little_killers,
    "sandwich": sandwiches,
    "between": betweens,
}
