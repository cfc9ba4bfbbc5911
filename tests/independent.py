"""An independent, deliberately simple solution counter used to check the engine.

Plain backtracking over the first blank cell with per-house "used" sets: nothing in
common with the kernel (no bitmasks, no propagation, no most-constrained choice).
"""

from __future__ import annotations


def _box(i: int) -> int:
    return (i // 27) * 3 + (i % 9) // 3


def count(puzzle: str, cap: int = 1_000) -> int:
    """Exact number of solutions of an 81-char puzzle ('.'/'0' blanks), capped at ``cap``."""
    cells = [0 if ch in ".0" else int(ch) for ch in puzzle]
    rows = [set() for _ in range(9)]
    cols = [set() for _ in range(9)]
    boxes = [set() for _ in range(9)]
    for i, d in enumerate(cells):
        if d:
            houses = (rows[i // 9], cols[i % 9], boxes[_box(i)])
            if any(d in h for h in houses):
                return 0
            for h in houses:
                h.add(d)
    blanks = [i for i, d in enumerate(cells) if not d]
    found = 0

    def search(k: int) -> None:
        nonlocal found
        if found >= cap:
            return
        if k == len(blanks):
            found += 1
            return
        i = blanks[k]
        r, c, b = rows[i // 9], cols[i % 9], boxes[_box(i)]
        for d in range(1, 10):
            if d not in r and d not in c and d not in b:
                r.add(d), c.add(d), b.add(d)
                search(k + 1)
                r.discard(d), c.discard(d), b.discard(d)

    search(0)
    return found


def obeys_rules(solution: str, puzzle: str) -> bool:
    """True when ``solution`` is a complete valid grid that keeps every given of ``puzzle``."""
    if len(solution) != 81 or not all(ch in "123456789" for ch in solution):
        return False
    if any(p not in ".0" and p != s for p, s in zip(puzzle, solution)):
        return False
    groups = [[r * 9 + c for c in range(9)] for r in range(9)]
    groups += [[r * 9 + c for r in range(9)] for c in range(9)]
    groups += [[i for i in range(81) if _box(i) == b] for b in range(9)]
    return all(len({solution[i] for i in g}) == 9 for g in groups)
