"""Regenerate tests/data/golden.txt: ``python tests/data/make_golden.py``.

Every puzzle is made here from a seeded random grid (nothing copied from elsewhere)
and every count is computed by the independent counter in tests/independent.py,
never by the engine under test. Format, one case per line: ``puzzle:count:solution``,
count ``E`` for malformed input, solution only when the count is 1.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from independent import count  # noqa: E402

SEED = 20261129


def random_grid(rng: random.Random) -> str:
    """A full valid grid: fill cells in order with shuffled digits, backtracking."""
    cells = [0] * 81

    def ok(i: int, d: int) -> bool:
        r, c = divmod(i, 9)
        b = (r // 3) * 27 + (c // 3) * 3
        return all(
            cells[r * 9 + k] != d and cells[k * 9 + c] != d and cells[b + (k // 3) * 9 + k % 3] != d
            for k in range(9)
        )

    def fill(i: int) -> bool:
        if i == 81:
            return True
        for d in rng.sample(range(1, 10), 9):
            if ok(i, d):
                cells[i] = d
                if fill(i + 1):
                    return True
                cells[i] = 0
        return False

    fill(0)
    return "".join(map(str, cells))


def dig(grid: str, rng: random.Random, keep_unique: bool, floor: int) -> str:
    cells = list(grid)
    for i in rng.sample(range(81), 81):
        saved, cells[i] = cells[i], "."
        if 81 - cells.count(".") < floor or (keep_unique and count("".join(cells), 2) != 1):
            cells[i] = saved
    return "".join(cells)


def main() -> None:
    rng = random.Random(SEED)
    lines = ["# puzzle:count:solution (made by tests/data/make_golden.py; counts by tests/independent.py)"]
    lines.append("# unique puzzles")
    for _ in range(12):
        grid = random_grid(rng)
        puzzle = dig(grid, rng, keep_unique=True, floor=rng.choice([24, 26, 30, 36]))
        assert count(puzzle, 2) == 1
        lines.append(f"{puzzle}:1:{grid}")
    lines.append("# dug without a uniqueness check (exact counts, most above 1)")
    made = 0
    while made < 12:
        grid = random_grid(rng)
        puzzle = dig(grid, rng, keep_unique=False, floor=81 - rng.choice([40, 44, 48, 52, 54, 56]))
        n = count(puzzle, 20_000)
        if n < 20_000:
            lines.append(f"{puzzle}:{n}:" + (grid if n == 1 else ""))
            made += 1
    lines.append("# a full grid, and a grid with one blank")
    grid = random_grid(rng)
    lines.append(f"{grid}:1:{grid}")
    lines.append(f"{'.' + grid[1:]}:1:{grid}")
    lines.append("# unsolvable without conflicting givens: a blank set to a wrong but locally legal digit")
    made = 0
    while made < 4:
        grid = random_grid(rng)
        puzzle = list(dig(grid, rng, keep_unique=True, floor=28))
        blank = rng.choice([i for i, ch in enumerate(puzzle) if ch == "."])
        for d in "123456789":
            puzzle[blank] = d
            text = "".join(puzzle)
            if d != grid[blank] and count(text, 1) == 0 and _no_conflict(text):
                lines.append(f"{text}:0:")
                made += 1
                break
    lines.append("# conflicting givens (count 0)")
    grid = random_grid(rng)
    lines.append(f"{grid[0] * 2 + '.' * 79}:0:")
    lines.append(f"{grid[0] + '.' * 8 + grid[0] + '.' * 71}:0:")
    lines.append(f"{'1' + '.' * 9 + '1' + '.' * 70}:0:")
    lines.append("# malformed (E): bad characters")
    lines.append(f"{'x' + '.' * 80}:E:")
    lines.append(f"{'.' * 80 + 'a'}:E:")
    (HERE / "golden.txt").write_text("\n".join(lines) + "\n")


def _no_conflict(puzzle: str) -> bool:
    from independent import obeys_rules  # noqa: F401  (same module, kept for clarity)

    for i, a in enumerate(puzzle):
        for j in range(i + 1, 81):
            b = puzzle[j]
            if a != "." and a == b:
                ri, ci, rj, cj = i // 9, i % 9, j // 9, j % 9
                if ri == rj or ci == cj or (ri // 3, ci // 3) == (rj // 3, cj // 3):
                    return False
    return True


if __name__ == "__main__":
    main()
