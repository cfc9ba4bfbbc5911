"""Compile a :class:`~sudokit.variants.Puzzle` into the engine's four primitives.

The engine (csrc/engine.c, twin :mod:`sudokit._pyengine`) knows only:

* **candidate masks** -- one per cell, bit ``d-1`` set when digit ``d`` is allowed
  (givens, sukaku candidates, odd/even);
* **houses** -- cells holding distinct digits; a house of exactly N cells also must hold
  every digit (hidden singles). Rows, columns, boxes, regions, diagonals, cages, and the
  two-cell houses of anti-knight/anti-king;
* **pair relations** -- for two cells (a, b), ``table[d-1]`` is the mask of digits b may
  hold when a holds d: a set of weak links between their candidates (thermometers,
  Kropki, XV, whispers, renban, palindromes, non-consecutive, min/max, negatives);
* **linear sums** -- ``sum(coef * digit) == total`` with bounds propagation (cages,
  little killers, arrows with multi-cell circles);
* **triple relations** -- for cells (a, b, c), ``table[(x-1)*N + y-1]`` is the mask of
  digits c may hold when a = x and b = y (between lines);
* **sandwiches** -- the cells of a line strictly between the 1 and the N sum to a total.

The program is a flat list of int32 (native ``array('i')`` bytes)::

    n_cells, n_digits, n_houses, n_rels, n_sums, n_triples, n_sandwiches,
    mask[n_cells],
    n_houses     x (size, cell...),
    n_rels       x (a, b, table[n_digits]),
    n_sums       x (terms, total, terms x (cell, coef)),
    n_triples    x (a, b, c, table[n_digits * n_digits]),
    n_sandwiches x (size, total, cell...)
"""

from __future__ import annotations

import functools
from array import array
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from ..errors import BadRegionError, InvalidConstraintError, UnreachableSumError
from . import constraints as C
from .overlap import canvas_neighbours, canvas_pairs
from .puzzle import Puzzle

__all__ = ["Program", "compile_puzzle", "orthogonal_pairs", "HEADER_WORDS"]

#: Words before the candidate masks in an encoded program.
HEADER_WORDS = 7

Pred = Callable[[int, int], bool]


@dataclass
class Program:
    """The primitives of one puzzle, before encoding (see the module docstring)."""

    size: int
    masks: list[int]
    houses: list[tuple[int, ...]] = field(default_factory=list)
    house_names: list[str] = field(default_factory=list)  # messages: "row 3", "killer 2", ... (not encoded)
    rels: dict[tuple[int, int], list[int]] = field(default_factory=dict)
    sums: list[tuple[tuple[tuple[int, int], ...], int]] = field(default_factory=list)
    triples: list[tuple[int, int, int, list[int]]] = field(default_factory=list)
    sandwiches: list[tuple[tuple[int, ...], int]] = field(default_factory=list)

    def encode(self) -> bytes:
        """The flat int32 program the kernel's ``engine_solve`` reads."""
        counts = [len(self.houses), len(self.rels), len(self.sums), len(self.triples), len(self.sandwiches)]
        out = array("i", [len(self.masks), self.size, *counts])
        out.extend(self.masks)
        for house in self.houses:
            out.append(len(house))
            out.extend(house)
        for (a, b), table in self.rels.items():
            out.extend((a, b))
            out.extend(table)
        for terms, total in self.sums:
            out.extend((len(terms), total))
            for cell, coef in terms:
                out.extend((cell, coef))
        for a, b, c, table in self.triples:
            out.extend((a, b, c))
            out.extend(table)
        for cells, total in self.sandwiches:
            out.extend((len(cells), total))
            out.extend(cells)
        return out.tobytes()


class _Builder:
    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.n = puzzle.size
        self.w = puzzle.width  # names cells in messages
        full = (1 << self.n) - 1
        cands = puzzle.candidates or (0,) * puzzle.cells
        # cells outside every grid (overlapping grids) are a placed 1 in no house
        self.program = Program(self.n, [(m or full) if puzzle.is_active(i) else 1 for i, m in enumerate(cands)])
        self._house_set: set[tuple[int, ...]] = set()
        # tables already built, per predicate object and direction: a non-consecutive grid
        # relates 144 pairs with one predicate, and building each table afresh (81 calls)
        # was most of compiling it (2-3 ms of a 5 ms count_solutions)
        self._tables: dict[tuple[Pred, bool], list[int]] = {}
        self.name = ""

    def restrict(self, cell: int, mask: int) -> None:
        self.program.masks[cell] &= mask

    def house(self, cells: Iterable[int]) -> None:
        key = tuple(sorted(set(cells)))
        if len(key) > self.n:
            raise InvalidConstraintError(f"{len(key)} cells cannot hold distinct digits 1..{self.n}", constraint=self.name, cell=key[0], size=self.w)
        if len(key) > 1:
            self._add_house(key)

    def pair_house(self, a: int, b: int) -> None:
        """The two-cell house of cells a < b (anti-knight, anti-king: thousands of them, so
        without :meth:`house`'s sort)."""
        self._add_house((a, b))

    def _add_house(self, key: tuple[int, ...]) -> None:
        if key not in self._house_set:
            self._house_set.add(key)
            self.program.houses.append(key)
            self.program.house_names.append(self.name)

    def rel(self, a: int, b: int, pred: Pred) -> None:
        """Allow only digit pairs (x in a, y in b) with ``pred(x, y)``.  Callers relating
        many pairs pass one predicate object: its table is built once."""
        if a == b:
            raise InvalidConstraintError("relates a cell to itself", constraint=self.name, cell=a, size=self.w)
        swap = a > b
        if swap:
            a, b = b, a
        table = self._tables.get((pred, swap))
        if table is None:
            cond = _swapped(pred) if swap else pred
            table = [sum(1 << (y - 1) for y in range(1, self.n + 1) if cond(x, y)) for x in range(1, self.n + 1)]
            self._tables[(pred, swap)] = table
        old = self.program.rels.get((a, b))
        # a new list per pair: tables are narrowed per pair later (_distinct_peers)
        self.program.rels[(a, b)] = list(table) if old is None else [p & q for p, q in zip(old, table)]

    def linear(self, terms: Iterable[tuple[int, int]], total: int) -> None:
        merged: dict[int, int] = {}
        for cell, coef in terms:
            merged[cell] = merged.get(cell, 0) + coef
        self.program.sums.append((tuple((c, k) for c, k in merged.items() if k), total))


def _swapped(pred: Pred) -> Pred:
    return lambda x, y: pred(y, x)


def _sandwich(b: _Builder, con: C.Sandwich) -> None:
    n = b.n
    if b.puzzle.grids is not None:
        raise InvalidConstraintError("a sandwich clue needs a single grid (its line is ambiguous on overlapping grids)", constraint=b.name)
    if n < 3 or con.line not in ("row", "column") or not 0 <= con.index < n:
        raise InvalidConstraintError(f"needs line 'row' or 'column' and an index 0..{n - 1}", constraint=b.name)
    if not 0 <= con.total <= sum(range(2, n)):
        raise UnreachableSumError(f"no sandwich of digits 2..{n - 1} sums to {con.total}", constraint=b.name)
    cells = tuple(con.index * n + k for k in range(n)) if con.line == "row" else tuple(k * n + con.index for k in range(n))
    b.program.sandwiches.append((cells, con.total))


def _between(b: _Builder, con: C.Between) -> None:
    _need(b, con.cells, 3)
    n, (a, z) = b.n, (con.cells[0], con.cells[-1])
    table = [sum(1 << (m - 1) for m in range(1, n + 1) if min(x, y) < m < max(x, y)) for x in range(1, n + 1) for y in range(1, n + 1)]
    for middle in con.cells[1:-1]:
        b.program.triples.append((a, z, middle, table))


def orthogonal_pairs(size: int) -> list[tuple[int, int]]:
    """Every pair of orthogonally touching cells (a < b)."""
    out = []
    for r in range(size):
        for c in range(size):
            if c + 1 < size:
                out.append((r * size + c, r * size + c + 1))
            if r + 1 < size:
                out.append((r * size + c, (r + 1) * size + c))
    return out


def _pairs(puzzle: Puzzle, offsets: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """Cell pairs ``offsets`` apart (on the canvas of overlapping grids: both inside a grid)."""
    if puzzle.grids is not None:
        return canvas_pairs(puzzle, offsets)
    size, out = puzzle.size, []
    for r in range(size):
        for c in range(size):
            for dr, dc in offsets:
                rr, cc = r + dr, c + dc
                if 0 <= rr < size and 0 <= cc < size and (rr, cc) > (r, c):
                    out.append((r * size + c, rr * size + cc))
    return out


_KNIGHT = [(1, 2), (2, 1), (1, -2), (2, -1)]
_KING = [(1, 1), (1, -1)]
_ORTHO = [(0, 1), (1, 0)]


def compile_puzzle(puzzle: Puzzle) -> Program:
    """The primitives of ``puzzle``; raises InvalidConstraintError subclasses naming the record."""
    b = _Builder(puzzle)
    n = b.n
    for cell, digit in enumerate(puzzle.givens):
        if digit:
            b.restrict(cell, 1 << (digit - 1))
    w = puzzle.width
    for grid in puzzle.grid_list():
        for r in range(n):
            b.name = f"row {grid[r * n] // w + 1}"
            b.house(grid[r * n : r * n + n])
            b.name = f"column {grid[r] % w + 1}"
            b.house(grid[r::n])
    for k, region in enumerate(puzzle.region_list()):
        b.name = f"{'box' if puzzle.regions is None else 'region'} {k + 1}"
        b.house(region)
    for con, name in zip(puzzle.constraints, _names(puzzle)):
        b.name = name
        _COMPILERS[type(con)](b, con)
    _negatives(b, puzzle)
    _distinct_peers(b.program)
    return b.program


def _names(puzzle: Puzzle) -> list[str]:
    """Every constraint's name as :meth:`Puzzle.constraint_name` gives it ("killer 3"), in
    one pass (that method counts from the start: quadratic over a killer's 40 cages)."""
    seen: dict[str, int] = {}
    names = []
    for con in puzzle.constraints:
        seen[con.kind] = seen.get(con.kind, 0) + 1
        names.append(f"{con.kind} {seen[con.kind]}")
    return names


def _distinct_peers(program: Program) -> None:
    """A relation between two cells of one house also forbids equal digits: stating it in the
    table makes arc consistency much stronger (a non-consecutive neighbour of {4, 5} can
    hold neither 4 nor 5)."""
    if not program.rels:
        return
    houses_of = [0] * len(program.masks)  # per cell, a bit per house it is in
    for k, house in enumerate(program.houses):
        for cell in house:
            houses_of[cell] |= 1 << k
    unequal = [~(1 << x) for x in range(program.size)]
    for pair, table in program.rels.items():
        if houses_of[pair[0]] & houses_of[pair[1]]:
            program.rels[pair] = [t & u for t, u in zip(table, unequal)]


# ------------------------------------------------------------------ per record
def _diagonal(b: _Builder, con: C.Diagonal) -> None:
    n = b.n
    if con.direction not in ("main", "anti"):
        raise InvalidConstraintError(f"direction must be 'main' or 'anti', got {con.direction!r}", constraint=b.name)
    for grid in b.puzzle.grid_list():  # overlapping grids: the diagonal of every grid
        b.house(grid[i * n + i] if con.direction == "main" else grid[(n - 1 - i) * n + i] for i in range(n))


def _disjoint(b: _Builder, con: C.DisjointGroups) -> None:
    p = b.puzzle
    if not p.boxes or p.regions is not None:
        raise BadRegionError("needs rectangular boxes", constraint=b.name)
    for grid in p.grid_list():  # overlapping grids: within every grid
        boxes = Puzzle(size=p.size, boxes=p.boxes).region_list()
        for pos in range(b.n):
            b.house(grid[box[pos]] for box in boxes)


def _pairs_house(offsets: list[tuple[int, int]]) -> Callable[[_Builder, C.Constraint], None]:
    def compile_it(b: _Builder, con: C.Constraint) -> None:
        for p, q in _pairs(b.puzzle, offsets):  # p < q
            b.pair_house(p, q)

    return compile_it


def _nonconsecutive(b: _Builder, con: C.NonConsecutive) -> None:
    for p, q in _pairs(b.puzzle, _ORTHO):
        b.rel(p, q, _APART)


def _killer(b: _Builder, con: C.KillerCage) -> None:
    cells = con.cells
    if not cells:
        raise InvalidConstraintError("has no cells", constraint=b.name)
    b.house(cells)
    if con.total is not None:
        k, n = len(set(cells)), b.n
        low, high = k * (k + 1) // 2, k * (2 * n - k + 1) // 2
        if not low <= con.total <= high:
            raise UnreachableSumError(f"{k} distinct digits cannot sum to {con.total} (only {low}..{high})", constraint=b.name, cell=cells[0], size=b.w)
        b.linear(((c, 1) for c in cells), con.total)


def _little_killer(b: _Builder, con: C.LittleKiller) -> None:
    k = len(con.cells)
    if not k or not k <= con.total <= k * b.n:
        raise UnreachableSumError(f"{k} digits cannot sum to {con.total}", constraint=b.name, cell=con.cells[0] if k else None, size=b.w)
    b.linear(((c, 1) for c in con.cells), con.total)


def _thermo(b: _Builder, con: C.Thermometer) -> None:
    _need(b, con.cells, 2)
    rising = _NOT_FALLING if con.slow else _RISING
    for p, q in zip(con.cells, con.cells[1:]):
        b.rel(p, q, rising)


def _arrow(b: _Builder, con: C.Arrow) -> None:
    _need(b, con.circle, 1)
    _need(b, con.path, 1)
    if set(con.circle) & set(con.path):
        raise InvalidConstraintError("circle and path share a cell", constraint=b.name, cell=min(set(con.circle) & set(con.path)), size=b.w)
    width = len(con.circle)
    terms = [(c, 1) for c in con.path] + [(c, -(10 ** (width - 1 - j))) for j, c in enumerate(con.circle)]
    b.linear(terms, 0)


def _two_cells(b: _Builder, cells: tuple[int, ...]) -> tuple[int, int]:
    if len(cells) != 2 or cells[0] == cells[1]:
        raise InvalidConstraintError(f"needs two different cells, got {len(cells)}", constraint=b.name, cell=cells[0] if cells else None, size=b.w)
    return cells[0], cells[1]


def _kropki(b: _Builder, con: C.Kropki) -> None:
    p, q = _two_cells(b, con.cells)
    if con.color not in ("white", "black"):
        raise InvalidConstraintError(f"color must be 'white' or 'black', got {con.color!r}", constraint=b.name, cell=p, size=b.w)
    b.rel(p, q, _WHITE if con.color == "white" else _BLACK)


def _xv(b: _Builder, con: C.XV) -> None:
    p, q = _two_cells(b, con.cells)
    if not 3 <= con.total <= 2 * b.n - 1:
        raise UnreachableSumError(f"two digits cannot sum to {con.total}", constraint=b.name, cell=p, size=b.w)
    b.rel(p, q, _sums_to(con.total))


def _parity(b: _Builder, con: C.Parity) -> None:
    b.restrict(con.cell, sum(1 << (d - 1) for d in range(1, b.n + 1) if d % 2 == (1 if con.odd else 0)))


def _whisper(b: _Builder, con: C.Whisper) -> None:
    _need(b, con.cells, 2)
    difference = con.difference

    def far(x: int, y: int) -> bool:
        return abs(x - y) >= difference

    for p, q in zip(con.cells, con.cells[1:]):
        b.rel(p, q, far)


def _renban(b: _Builder, con: C.Renban) -> None:
    _need(b, con.cells, 2)
    b.house(con.cells)
    k = len(con.cells)

    def near(x: int, y: int) -> bool:
        # distinct digits pairwise less than k apart are exactly a run of k consecutive
        return abs(x - y) < k

    for i, p in enumerate(con.cells):
        for q in con.cells[i + 1 :]:
            b.rel(p, q, near)


def _palindrome(b: _Builder, con: C.Palindrome) -> None:
    _need(b, con.cells, 2)
    k = len(con.cells)
    for i in range(k // 2):
        b.rel(con.cells[i], con.cells[k - 1 - i], _EQUAL)


def _extremum(b: _Builder, con: C.Extremum) -> None:
    order = _RISING if con.minimum else _FALLING
    for other in canvas_neighbours(b.puzzle, con.cell):
        b.rel(con.cell, other, order)


def _extra_region(b: _Builder, con: C.ExtraRegion) -> None:
    _need(b, con.cells, 2)
    b.house(con.cells)


def _need(b: _Builder, cells: tuple[int, ...], at_least: int) -> None:
    if len(cells) < at_least:
        raise InvalidConstraintError(f"needs at least {at_least} cell(s), got {len(cells)}", constraint=b.name, cell=cells[0] if cells else None, size=b.w)
    if len(set(cells)) != len(cells):
        dup = next(c for c in cells if cells.count(c) > 1)
        raise InvalidConstraintError("names a cell twice", constraint=b.name, cell=dup, size=b.w)


def _WHITE(x: int, y: int) -> bool:
    return abs(x - y) == 1


def _BLACK(x: int, y: int) -> bool:
    return x == 2 * y or y == 2 * x


@functools.lru_cache(maxsize=64)
def _sums_to(total: int) -> Pred:
    """One predicate object per XV total, so that its table is built once per puzzle."""

    def sums_to(x: int, y: int) -> bool:
        return x + y == total

    return sums_to


def _NOT_WHITE(x: int, y: int) -> bool:
    return not _WHITE(x, y)


def _NOT_BLACK(x: int, y: int) -> bool:
    return not _BLACK(x, y)


def _APART(x: int, y: int) -> bool:
    return abs(x - y) != 1


def _RISING(x: int, y: int) -> bool:
    return x < y


def _NOT_FALLING(x: int, y: int) -> bool:
    return x <= y


def _FALLING(x: int, y: int) -> bool:
    return x > y


def _EQUAL(x: int, y: int) -> bool:
    return x == y


def _negatives(b: _Builder, puzzle: Puzzle) -> None:
    """Kropki/XV negative constraints: every orthogonal pair without a mark."""
    if not any(isinstance(con, (C.KropkiNegative, C.XVNegative)) for con in puzzle.constraints):
        return  # the pairs below cost more than the rest of a large grid's compile
    pairs = set(_pairs(puzzle, _ORTHO))
    marked_k = {tuple(sorted(c.cells)) for c in puzzle.constraints if isinstance(c, C.Kropki)}
    marked_xv = {tuple(sorted(c.cells)) for c in puzzle.constraints if isinstance(c, C.XV)}
    for con, name in zip(puzzle.constraints, _names(puzzle)):
        b.name = name
        if isinstance(con, C.KropkiNegative):
            for p, q in sorted(pairs - marked_k):
                if con.white:
                    b.rel(p, q, _NOT_WHITE)
                if con.black:
                    b.rel(p, q, _NOT_BLACK)
        elif isinstance(con, C.XVNegative):
            banned = ([10] if con.x else []) + ([5] if con.v else [])

            def allowed(x: int, y: int) -> bool:
                return x + y not in banned

            for p, q in sorted(pairs - marked_xv):
                b.rel(p, q, allowed)


def _later(b: _Builder, con: C.Constraint) -> None:
    """Negative constraints need every mark first: compiled by :func:`_negatives`."""


_COMPILERS: dict[type, Callable[[_Builder, C.Constraint], None]] = {
    C.Diagonal: _diagonal,  # type: ignore[dict-item]
    C.ExtraRegion: _extra_region,  # type: ignore[dict-item]
    C.DisjointGroups: _disjoint,  # type: ignore[dict-item]
    C.AntiKnight: _pairs_house(_KNIGHT),
    C.AntiKing: _pairs_house(_KING),
    C.NonConsecutive: _nonconsecutive,  # type: ignore[dict-item]
    C.KropkiNegative: _later,
    C.XVNegative: _later,
    C.KillerCage: _killer,  # type: ignore[dict-item]
    C.LittleKiller: _little_killer,  # type: ignore[dict-item]
    C.Sandwich: _sandwich,  # type: ignore[dict-item]
    C.Between: _between,  # type: ignore[dict-item]
    C.Thermometer: _thermo,  # type: ignore[dict-item]
    C.Arrow: _arrow,  # type: ignore[dict-item]
    C.Kropki: _kropki,  # type: ignore[dict-item]
    C.XV: _xv,  # type: ignore[dict-item]
    C.Parity: _parity,  # type: ignore[dict-item]
    C.Whisper: _whisper,  # type: ignore[dict-item]
    C.Renban: _renban,  # type: ignore[dict-item]
    C.Palindrome: _palindrome,  # type: ignore[dict-item]
    C.Extremum: _extremum,  # type: ignore[dict-item]
}
