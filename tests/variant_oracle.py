"""The independent oracle for variant puzzles: OR-tools CP-SAT, modelled straight from the
rules (not from sudokit.variants.compile), plus random puzzles built around a hidden
solution made without sudokit's engine.
"""

from __future__ import annotations

import random
from typing import Any

from sudokit.variants import (
    XV,
    AntiKing,
    AntiKnight,
    Arrow,
    Between,
    Diagonal,
    DisjointGroups,
    ExtraRegion,
    Extremum,
    KillerCage,
    Kropki,
    KropkiNegative,
    LittleKiller,
    NonConsecutive,
    Palindrome,
    Parity,
    Puzzle,
    Renban,
    Sandwich,
    Thermometer,
    Whisper,
    XVNegative,
)


def engine_count(puzzle: Puzzle, limit: int) -> int:
    """sudokit.count_solutions, with clashing givens (ConflictingGivensError, as for classic
    puzzles) counted 0 once each named pair is checked to hold one digit twice."""
    import sudokit
    from sudokit.errors import ConflictingGivensError

    try:
        return sudokit.count_solutions(puzzle, limit=limit)
    except ConflictingGivensError as exc:
        _check_clash(puzzle, exc)
        return 0


def engine_solutions(puzzle: Puzzle, limit: int) -> list[Puzzle]:
    """list(sudokit.solutions(...)), with clashing givens checked as in engine_count (none)."""
    import sudokit
    from sudokit.errors import ConflictingGivensError

    try:
        return list(sudokit.solutions(puzzle, limit=limit))
    except ConflictingGivensError as exc:
        _check_clash(puzzle, exc)
        return []


def _check_clash(puzzle: Puzzle, exc: Any) -> None:
    assert exc.conflicts and all(a != b and puzzle.givens[a] == puzzle.givens[b] == d for a, b, d, _ in exc.conflicts)


def oracle_count(puzzle: Puzzle, limit: int) -> int:
    """min(number of solutions, limit), by CP-SAT enumeration."""
    from ortools.sat.python import cp_model

    n = puzzle.size
    model = cp_model.CpModel()
    # overlapping grids (Samurai): N x N grids at (top, left) on a canvas, cells r * W + c
    origins = list(puzzle.grids) if puzzle.grids is not None else [(0, 0)]
    H, W = max(t for t, _ in origins) + n, max(left for _, left in origins) + n
    inside = {(t + r) * W + left + c for t, left in origins for r in range(n) for c in range(n)}
    x = {i: model.NewIntVar(1, n, f"x{i}") for i in sorted(inside)}
    for i, d in enumerate(puzzle.givens):
        if d:
            model.Add(x[i] == d)
    if puzzle.candidates is not None:
        for i, m in enumerate(puzzle.candidates):
            if m:
                model.AddAllowedAssignments([x[i]], [(d,) for d in range(1, n + 1) if m >> (d - 1) & 1])
    groups = []
    for t, left in origins:
        groups += [[(t + r) * W + left + c for c in range(n)] for r in range(n)] + [[(t + r) * W + left + c for r in range(n)] for c in range(n)]
    if puzzle.grids is None:
        groups += [list(g) for g in puzzle.region_list()]
    elif puzzle.boxes:
        br, bc = puzzle.boxes
        groups += [[(t + a + i) * W + left + b + j for i in range(br) for j in range(bc)]
                   for t, left in origins for a in range(0, n, br) for b in range(0, n, bc)]
    for g in groups:
        model.AddAllDifferent([x[i] for i in g])

    def rel(a: int, b: int, ok: Any) -> None:
        model.AddAllowedAssignments([x[a], x[b]], [(p, q) for p in range(1, n + 1) for q in range(1, n + 1) if ok(p, q)])

    def moves(offsets: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """Cell pairs ``offsets`` apart on the canvas, both inside a grid."""
        return [(r * W + c, (r + dr) * W + c + dc) for r in range(H) for c in range(W) for dr, dc in offsets
                if 0 <= r + dr < H and 0 <= c + dc < W and r * W + c in inside and (r + dr) * W + c + dc in inside]

    ortho = moves([(0, 1), (1, 0)])
    marked = {frozenset(c.cells) for c in puzzle.constraints if isinstance(c, Kropki)}
    marked_xv = {frozenset(c.cells) for c in puzzle.constraints if isinstance(c, XV)}
    for con in puzzle.constraints:
        if isinstance(con, Diagonal):
            for t, left in origins:
                cells = [(t + i) * W + left + (i if con.direction == "main" else n - 1 - i) for i in range(n)]
                model.AddAllDifferent([x[i] for i in cells])
        elif isinstance(con, ExtraRegion):
            model.AddAllDifferent([x[i] for i in con.cells])
        elif isinstance(con, DisjointGroups):
            br, bc = puzzle.boxes or (1, n)
            for t, left in origins:
                for i in range(br):
                    for j in range(bc):
                        model.AddAllDifferent([x[(t + a + i) * W + left + b + j] for a in range(0, n, br) for b in range(0, n, bc)])
        elif isinstance(con, (AntiKnight, AntiKing)):
            for a, b in moves([(1, 2), (2, 1), (1, -2), (2, -1)] if isinstance(con, AntiKnight) else [(1, 1), (1, -1)]):
                model.Add(x[a] != x[b])
        elif isinstance(con, NonConsecutive):
            for a, b in ortho:
                rel(a, b, lambda p, q: abs(p - q) != 1)
        elif isinstance(con, KropkiNegative):
            for a, b in ortho:
                if frozenset((a, b)) not in marked:
                    rel(a, b, lambda p, q: not (con.white and abs(p - q) == 1) and not (con.black and (p == 2 * q or q == 2 * p)))
        elif isinstance(con, XVNegative):
            for a, b in ortho:
                if frozenset((a, b)) not in marked_xv:
                    rel(a, b, lambda p, q: not (con.x and p + q == 10) and not (con.v and p + q == 5))
        elif isinstance(con, KillerCage):
            model.AddAllDifferent([x[i] for i in con.cells])
            if con.total is not None:
                model.Add(sum(x[i] for i in con.cells) == con.total)
        elif isinstance(con, LittleKiller):
            model.Add(sum(x[i] for i in con.cells) == con.total)
        elif isinstance(con, Thermometer):
            for a, b in zip(con.cells, con.cells[1:]):
                model.Add(x[a] <= x[b] if con.slow else x[a] < x[b])
        elif isinstance(con, Arrow):
            w = len(con.circle)
            model.Add(sum(x[i] for i in con.path) == sum(10 ** (w - 1 - j) * x[c] for j, c in enumerate(con.circle)))
        elif isinstance(con, Kropki):
            a, b = con.cells
            rel(a, b, (lambda p, q: abs(p - q) == 1) if con.color == "white" else (lambda p, q: p == 2 * q or q == 2 * p))
        elif isinstance(con, XV):
            model.Add(x[con.cells[0]] + x[con.cells[1]] == con.total)
        elif isinstance(con, Parity):
            model.AddModuloEquality(1 if con.odd else 0, x[con.cell], 2)
        elif isinstance(con, Whisper):
            for a, b in zip(con.cells, con.cells[1:]):
                rel(a, b, lambda p, q: abs(p - q) >= con.difference)
        elif isinstance(con, Renban):
            vs = [x[i] for i in con.cells]
            model.AddAllDifferent(vs)
            hi, lo = model.NewIntVar(1, n, ""), model.NewIntVar(1, n, "")
            model.AddMaxEquality(hi, vs)
            model.AddMinEquality(lo, vs)
            model.Add(hi - lo == len(vs) - 1)
        elif isinstance(con, Palindrome):
            for a, b in zip(con.cells, reversed(con.cells)):
                model.Add(x[a] == x[b])
        elif isinstance(con, Extremum):
            for a, b in ortho:
                if con.cell in (a, b):
                    other = b if a == con.cell else a
                    model.Add(x[con.cell] < x[other] if con.minimum else x[con.cell] > x[other])
        elif isinstance(con, Sandwich):
            line = [con.index * n + k for k in range(n)] if con.line == "row" else [k * n + con.index for k in range(n)]
            is1, isn = [model.NewBoolVar("") for _ in line], [model.NewBoolVar("") for _ in line]
            for k, cell in enumerate(line):
                model.Add(x[cell] == 1).OnlyEnforceIf(is1[k])
                model.Add(x[cell] != 1).OnlyEnforceIf(is1[k].Not())
                model.Add(x[cell] == n).OnlyEnforceIf(isn[k])
                model.Add(x[cell] != n).OnlyEnforceIf(isn[k].Not())
            for i in range(n):
                for j in range(n):
                    if i != j:
                        lo, hi = min(i, j), max(i, j)
                        model.Add(sum(x[line[k]] for k in range(lo + 1, hi)) == con.total).OnlyEnforceIf([is1[i], isn[j]])
        elif isinstance(con, Between):
            a, b = x[con.cells[0]], x[con.cells[-1]]
            lo, hi = model.NewIntVar(1, n, ""), model.NewIntVar(1, n, "")
            model.AddMinEquality(lo, [a, b])
            model.AddMaxEquality(hi, [a, b])
            for cell in con.cells[1:-1]:
                model.Add(x[cell] > lo)
                model.Add(x[cell] < hi)
        else:
            raise AssertionError(f"oracle does not model {con!r}")

    class Counter(cp_model.CpSolverSolutionCallback):  # type: ignore[misc]
        def __init__(self) -> None:
            super().__init__()
            self.count = 0

        def on_solution_callback(self) -> None:
            self.count += 1
            if self.count >= limit:
                self.StopSearch()

    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = 1
    # CP-SAT would install its own SIGINT handler for the solve and leave SIGINT at the
    # default action afterwards: a later Ctrl-C test in the same pytest process (or any
    # Ctrl-C) would then kill the process instead of raising KeyboardInterrupt.
    solver.parameters.catch_sigint_signal = False
    counter = Counter()
    solver.Solve(model, counter)
    return min(counter.count, limit)


# ------------------------------------------------------------------ random puzzles
def hidden_solution(rng: random.Random, size: int, boxes: tuple[int, int]) -> list[int]:
    """A random valid grid from the shifted-rows pattern, shuffled by validity-preserving moves."""
    br, bc = boxes
    base = [[((r % br) * bc + r // br + c) % size + 1 for c in range(size)] for r in range(size)]
    digits = list(range(1, size + 1))
    rng.shuffle(digits)
    bands = list(range(size // br))
    rng.shuffle(bands)
    rows = [b * br + r for b in bands for r in rng.sample(range(br), br)]
    stacks = list(range(size // bc))
    rng.shuffle(stacks)
    cols = [s * bc + c for s in stacks for c in rng.sample(range(bc), bc)]
    return [digits[base[r][c] - 1] for r in rows for c in cols]


def ortho_pairs(n: int) -> list[tuple[int, int]]:
    out = [(r * n + c, r * n + c + 1) for r in range(n) for c in range(n - 1)]
    return out + [(r * n + c, (r + 1) * n + c) for r in range(n - 1) for c in range(n)]


def neighbours(cell: int, n: int) -> list[int]:
    r, c = divmod(cell, n)
    return [rr * n + cc for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if 0 <= rr < n and 0 <= cc < n]


def random_constraint(rng: random.Random, kind: str, sol: list[int], n: int) -> list[Any]:
    """A few constraints of ``kind`` that the hidden solution ``sol`` satisfies (globals may not)."""
    out: list[Any] = []
    if kind == "killer":
        free = set(range(n * n))
        for _ in range(rng.randint(1, 4)):
            cell = rng.choice(sorted(free))
            cage = [cell]
            for _ in range(rng.randint(0, 3)):
                options = [q for c in cage for q in neighbours(c, n) if q in free and q not in cage and sol[q] not in [sol[k] for k in cage]]
                if options:
                    cage.append(rng.choice(options))
            free -= set(cage)
            out.append(KillerCage(tuple(cage), sum(sol[c] for c in cage) if rng.random() < 0.9 else None))
    elif kind == "thermo" or kind == "whisper" or kind == "palindrome":
        for _ in range(rng.randint(1, 3)):
            path = [rng.randrange(n * n)]
            for _ in range(rng.randint(1, 4)):
                ok = [q for q in neighbours(path[-1], n) if q not in path and (
                    (kind == "thermo" and sol[q] > sol[path[-1]]) or (kind == "whisper" and abs(sol[q] - sol[path[-1]]) >= n // 2 + 1)
                    or kind == "palindrome")]
                if not ok:
                    break
                path.append(rng.choice(ok))
            if len(path) >= 2:
                if kind == "thermo":
                    out.append(Thermometer(tuple(path), slow=rng.random() < 0.3))
                elif kind == "whisper":
                    out.append(Whisper(tuple(path), difference=n // 2 + 1))
                elif len(path) in (2, 3) and sol[path[0]] == sol[path[-1]]:
                    out.append(Palindrome(tuple(path)))
    elif kind == "arrow":
        for _ in range(rng.randint(1, 3)):
            circle = rng.randrange(n * n)
            path = [q for q in neighbours(circle, n)][: rng.randint(1, 2)]
            total = sum(sol[q] for q in path)
            if total == sol[circle]:
                out.append(Arrow((circle,), tuple(path)))
            elif len(path) == 2 and n >= 9:
                out.append(Arrow((path[0],), (circle,)) if False else Arrow((circle,), (path[0],)) if sol[circle] == sol[path[0]] else LittleKiller(tuple(path), total))
        out.append(Arrow((0, 1), tuple(range(2, 2 + rng.randint(2, 4)))) if rng.random() < 0.2 and n >= 9 else None)
    elif kind in ("kropki", "xv"):
        for a, b in ortho_pairs(n):
            p, q = sol[a], sol[b]
            if kind == "kropki" and (abs(p - q) == 1 or p == 2 * q or q == 2 * p) and rng.random() < 0.5:
                out.append(Kropki((a, b), "white" if abs(p - q) == 1 and (rng.random() < 0.5 or not (p == 2 * q or q == 2 * p)) else "black"))
            if kind == "xv" and p + q in (5, 10) and rng.random() < 0.5:
                out.append(XV((a, b), p + q))
        if rng.random() < 0.5:
            out.append(KropkiNegative() if kind == "kropki" else XVNegative())
    elif kind == "parity":
        for cell in rng.sample(range(n * n), n):
            out.append(Parity(cell, odd=sol[cell] % 2 == 1))
    elif kind == "extremum":
        for cell in rng.sample(range(n * n), n // 2):
            nb = [sol[q] for q in neighbours(cell, n)]
            if sol[cell] < min(nb):
                out.append(Extremum(cell, True))
            elif sol[cell] > max(nb):
                out.append(Extremum(cell, False))
    elif kind == "renban":
        for a, b in ortho_pairs(n):
            if abs(sol[a] - sol[b]) == 1 and rng.random() < 0.1:
                out.append(Renban((a, b)))
    elif kind == "little_killer":
        start = rng.randrange(n)
        cells = tuple(i * n + start + i for i in range(n - start))
        out.append(LittleKiller(cells, sum(sol[c] for c in cells)))
    elif kind == "sandwich":
        for _ in range(rng.randint(1, 3)):
            line, index = rng.choice(["row", "column"]), rng.randrange(n)
            cells = [index * n + k for k in range(n)] if line == "row" else [k * n + index for k in range(n)]
            digits = [sol[c] for c in cells]
            i, j = sorted((digits.index(1), digits.index(n)))
            out.append(Sandwich(line, index, sum(digits[i + 1 : j])))
    elif kind == "between":
        for _ in range(30):
            if len(out) >= 3:
                break
            path = [rng.randrange(n * n)]
            for _ in range(rng.randint(2, 4)):
                ok = [q for q in neighbours(path[-1], n) if q not in path]
                if ok:
                    path.append(rng.choice(ok))
            lo, hi = sorted((sol[path[0]], sol[path[-1]]))
            if len(path) >= 3 and all(lo < sol[c] < hi for c in path[1:-1]):
                out.append(Between(tuple(path)))
    elif kind == "diagonal":
        out.append(Diagonal(rng.choice(["main", "anti"])))
    elif kind == "anti_knight":
        out.append(AntiKnight())
    elif kind == "anti_king":
        out.append(AntiKing())
    elif kind == "non_consecutive":
        out.append(NonConsecutive())
    elif kind == "disjoint":
        out.append(DisjointGroups())
    elif kind == "extra_region":
        out.append(ExtraRegion(tuple(rng.sample(range(n * n), n))))
    return [c for c in out if c is not None]


KINDS = ["sandwich", "between", "killer", "thermo", "whisper", "palindrome", "arrow", "kropki", "xv", "parity", "extremum", "renban",
         "little_killer", "diagonal", "anti_knight", "anti_king", "non_consecutive", "disjoint", "extra_region",
         "jigsaw", "sukaku", "plain"]


def random_puzzle(seed: int, kind: str, size: int, blank_fraction: float) -> Puzzle:
    """A random puzzle of ``kind``: constraints true for a hidden solution (globals maybe not)."""
    rng = random.Random(seed)
    from sudokit.variants import box_shape

    boxes = box_shape(size)
    sol = hidden_solution(rng, size, boxes)
    n = size
    givens = [0 if rng.random() < blank_fraction else d for d in sol]
    kwargs: dict[str, Any] = {}
    if kind == "jigsaw":
        regions = [list(b) for b in Puzzle(size=n).region_list()]
        for _ in range(rng.randint(1, 3 * n)):
            i, j = rng.sample(range(n), 2)
            a, b = rng.randrange(n), rng.randrange(n)
            regions[i][a], regions[j][b] = regions[j][b], regions[i][a]
        kwargs["regions"] = tuple(tuple(sorted(r)) for r in regions)
    if kind == "sukaku":
        full = (1 << n) - 1
        masks = []
        for d in sol:
            extra = rng.getrandbits(n) & rng.getrandbits(n)
            masks.append((extra | 1 << (d - 1)) & full)
        kwargs["candidates"] = tuple(masks)
        givens = [0] * (n * n)
    constraints = tuple(random_constraint(rng, kind, sol, n))
    return Puzzle(size=n, givens=tuple(givens), constraints=constraints, **kwargs)


SAMURAI_KINDS = ["plain", "killer", "thermo", "kropki", "xv", "parity", "extremum", "diagonal", "anti_knight", "anti_king",
                 "non_consecutive", "disjoint", "sukaku"]


def random_samurai(seed: int, kind: str, blank_fraction: float) -> Puzzle:
    """A random 9x9 Samurai of ``kind`` around a hidden solution made on the 21x21 canvas."""
    rng = random.Random(seed)
    n, side = 9, 21
    origins = [(0, 0), (0, 12), (6, 6), (12, 0), (12, 12)]
    inside = {(t + r) * side + left + c for t, left in origins for r in range(n) for c in range(n)}
    # the shifted-rows pattern is valid in every 9x9 window whose corner is a multiple of 3;
    # digit relabelling and row (column) swaps inside 3-row bands (3-column stacks) keep it so
    digits = list(range(1, n + 1))
    rng.shuffle(digits)
    rows = [b * 3 + r for b in range(side // 3) for r in rng.sample(range(3), 3)]
    cols = [b * 3 + c for b in range(side // 3) for c in rng.sample(range(3), 3)]
    sol = [digits[((r % 3) * 3 + r // 3 + c) % n] if r_ * side + c_ in inside else 0
           for r_, r in enumerate(rows) for c_, c in enumerate(cols)]
    givens = [d if d and rng.random() >= blank_fraction else 0 for d in sol]
    kwargs: dict[str, Any] = {}
    if kind == "sukaku":
        masks = [((rng.getrandbits(n) & rng.getrandbits(n)) | 1 << (d - 1)) & 511 if d else 0 for d in sol]
        kwargs["candidates"] = tuple(masks)
        givens = [0] * len(sol)
    cons = [c for c in random_constraint(rng, kind, sol, side) if all(i in inside for i in c.cells_used())]
    return Puzzle.samurai(givens, constraints=tuple(cons), **kwargs)
