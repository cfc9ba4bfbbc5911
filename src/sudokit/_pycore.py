"""Pure-Python twin of the C kernel ``sudokit._core`` (same names, same contract).

Used when the C extension is not built, or when ``SUDOKIT_PUREPYTHON=1``. It is also
the readable reference for what the kernel computes. See ``_core.pyi`` for the contract.

State: ``cand`` is a list of 81 ints; bit ``d-1`` of ``cand[i]`` set means digit ``d`` is
still a candidate of cell ``i``. A cell is *placed* once its single candidate has been
removed from its peers; ``placed`` tracks that so a cell is propagated only once.
"""

from __future__ import annotations

BAD_INPUT = 0xFFFFFFFF
ALL_DIGITS = 0x1FF

_ROWS = [[r * 9 + c for c in range(9)] for r in range(9)]
_COLS = [[r * 9 + c for r in range(9)] for c in range(9)]
_BOXES = [
    [(br * 3 + r) * 9 + bc * 3 + c for r in range(3) for c in range(3)]
    for br in range(3)
    for bc in range(3)
]
_HOUSES = _ROWS + _COLS + _BOXES
_PEERS = [
    tuple(sorted({p for h in _HOUSES if i in h for p in h} - {i})) for i in range(81)
]
_DIGIT_OF_BIT = {1 << d: d + 1 for d in range(9)}
_BLANKS = (ord("."), ord("0"))


class _Contradiction(Exception):
    """Raised inside propagation when a cell or a house runs out of candidates."""


def _single(mask: int) -> bool:
    return mask & (mask - 1) == 0


def _place(cand: list[int], placed: list[bool], cell: int) -> None:
    """Remove the (single) candidate of ``cell`` from its peers, cascading naked singles."""
    todo = [cell]
    while todo:
        i = todo.pop()
        if placed[i]:
            continue
        placed[i] = True
        bit = cand[i]
        for p in _PEERS[i]:
            mask = cand[p]
            if mask & bit:
                mask ^= bit
                if not mask:
                    raise _Contradiction
                cand[p] = mask
                if _single(mask):
                    todo.append(p)


def _hidden_singles(cand: list[int], placed: list[bool]) -> bool:
    """Place every digit that has one spot left in a house; False if nothing changed."""
    changed = False
    for house in _HOUSES:
        once = twice = 0
        for i in house:
            twice |= once & cand[i]
            once |= cand[i]
        if once != ALL_DIGITS:
            raise _Contradiction
        lonely = once & ~twice
        for i in house:
            hit = cand[i] & lonely
            if hit and not placed[i]:
                if not _single(hit):
                    raise _Contradiction  # two digits need the same cell
                cand[i] = hit
                _place(cand, placed, i)
                changed = True
    return changed


def _propagate(cand: list[int], placed: list[bool]) -> None:
    for i in range(81):
        if not placed[i] and _single(cand[i]):
            _place(cand, placed, i)
    while _hidden_singles(cand, placed):
        pass


def _setup(puzzle: bytes) -> tuple[list[int], list[bool]]:
    """Candidates after placing the givens; raises _Contradiction on conflicting givens."""
    cand = [ALL_DIGITS] * 81
    placed = [False] * 81
    for i, ch in enumerate(puzzle):
        if ch in _BLANKS:
            continue
        bit = 1 << (ch - 49)
        if not cand[i] & bit:
            raise _Contradiction
        cand[i] = bit
        _place(cand, placed, i)
    return cand, placed


class _Search:
    """Depth-first search over copies of the candidate state, counting up to ``limit``."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.count = 0
        self.guesses = 0
        self.first: bytes = b""

    def run(self, cand: list[int], placed: list[bool]) -> None:
        try:
            _propagate(cand, placed)
        except _Contradiction:
            return
        cell = self._most_constrained(cand, placed)
        if cell < 0:
            self._record(cand)
            return
        mask = cand[cell]
        while mask and self.count < self.limit:
            bit = mask & -mask
            mask ^= bit
            self.guesses += 1
            trial = cand[:]
            trial[cell] = bit
            self.run(trial, placed[:])

    @staticmethod
    def _most_constrained(cand: list[int], placed: list[bool]) -> int:
        best, best_n = -1, 10
        for i in range(81):
            if not placed[i]:
                n = bin(cand[i]).count("1")
                if n < best_n:
                    best, best_n = i, n
                    if n == 2:
                        break
        return best

    def _record(self, cand: list[int]) -> None:
        self.count += 1
        if self.count == 1:
            self.first = bytes(48 + _DIGIT_OF_BIT[m] for m in cand)


def _check_puzzle(puzzle: bytes) -> bool:
    return len(puzzle) == 81 and all(ch in _BLANKS or 49 <= ch <= 57 for ch in puzzle)


def _solve_checked(puzzle: bytes, limit: int) -> tuple[int, bytes, int]:
    search = _Search(limit)
    try:
        cand, placed = _setup(puzzle)
    except _Contradiction:
        return 0, b"", 0
    search.run(cand, placed)
    return search.count, search.first, search.guesses


def solve(puzzle: bytes, limit: int) -> tuple[int, bytes, int]:
    """Solve one puzzle: ``(count, first_solution, guesses)``; see ``_core.pyi``."""
    puzzle = bytes(puzzle)
    if not _check_puzzle(puzzle):
        raise ValueError("puzzle must be 81 bytes of '1'-'9', '.' or '0'")
    if limit < 1:
        raise ValueError("limit must be at least 1")
    return _solve_checked(puzzle, limit)


def solve_batch(puzzles: object, solutions: object, counts: object, limit: int) -> int:
    """Solve ``len(puzzles) // 81`` puzzles into the caller's buffers; see ``_core.pyi``."""
    src = memoryview(puzzles).cast("B")  # type: ignore[arg-type]
    dst = memoryview(solutions).cast("B")  # type: ignore[arg-type]
    out = memoryview(counts).cast("B").cast("I")  # type: ignore[arg-type]
    n = len(src) // 81
    if len(src) % 81 or len(dst) != len(src) or len(out) != n:
        raise ValueError("buffer sizes do not match: need 81*n, 81*n and n uint32")
    if limit < 1:
        raise ValueError("limit must be at least 1")
    total = 0
    for k in range(n):
        puzzle = bytes(src[81 * k : 81 * k + 81])
        if not _check_puzzle(puzzle):
            out[k], first = BAD_INPUT, b""
        else:
            out[k], first, guesses = _solve_checked(puzzle, limit)
            total += guesses
        dst[81 * k : 81 * k + 81] = first or b"." * 81
    return total


def features() -> list[str]:
    """The pure-Python twin uses no CPU features."""
    return []

