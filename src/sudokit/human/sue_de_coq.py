"""Sue de Coq (two-sector disjoint subsets), as HoDoKu 2.2 finds it.

Take 2-3 empty cells I where a line meets a box, holding |I| + n candidates (n >= 2).
Add cells L of the rest of the line and cells B of the rest of the box such that L's and
B's digits are disjoint where they come from I, and I + L + B hold exactly as many digits
as cells: then those digits are locked in those cells. Digits of I and L that B does not
take leave the rest of the line; digits of I and B that L does not take leave the rest of
the box (a digit shared by L and B leaves both).

The search order is HoDoKu's (rows then columns, boxes in order, cells of I then subsets
of L and B in depth-first order), so the first step found is the one HoDoKu's solver
takes. Text: ``Sue de Coq: r4c78 - {12349} (r4c234 - {2489}, r6c9 - {13}) => ...``.
"""

from __future__ import annotations

from collections.abc import Iterator

from .model import DIGITS_OF, HOUSE_CELLS, HOUSE_MASK, POPCOUNT, Candidates, cells_of
from .step import Step, cells_text

__all__ = ["find_sue_de_coq"]


def _subsets(cells: list[int], cands: list[int]) -> list[tuple[int, int, int]]:
    """(cell mask, digit mask, size) of every non-empty subset, depth-first (HoDoKu's stack)."""
    out: list[tuple[int, int, int]] = []
    n = len(cells)

    def grow(start: int, mask: int, digits: int, size: int) -> None:
        for k in range(start, n):
            c = cells[k]
            m, d = mask | 1 << c, digits | cands[c]
            out.append((m, d, size + 1))
            if k + 1 < n:
                grow(k + 1, m, d, size + 1)

    grow(0, 0, 0, 0)
    return out


def find_sue_de_coq(state: Candidates) -> Iterator[Step]:
    """Every Sue de Coq, in HoDoKu's order."""
    cands = state.cands
    for lines in (range(9), range(9, 18)):
        for line in lines:
            line_cells = [c for c in HOUSE_CELLS[line] if cands[c]]
            for box in range(18, 27):
                inter = [c for c in line_cells if HOUSE_MASK[box] >> c & 1]
                if len(inter) < 2:
                    continue
                box_cells = [c for c in HOUSE_CELLS[box] if cands[c]]
                yield from _intersection(state, inter, line_cells, box_cells)


def _intersection(state: Candidates, inter: list[int], line_cells: list[int], box_cells: list[int]) -> Iterator[Step]:
    cands = state.cands
    for a in range(len(inter) - 1):
        for b in range(a + 1, len(inter)):
            pair = cands[inter[a]] | cands[inter[b]]
            if POPCOUNT[pair] - 2 >= 2:
                yield from _houses(state, [inter[a], inter[b]], pair, line_cells, box_cells)
            for c in range(b + 1, len(inter)):
                triple = pair | cands[inter[c]]
                if POPCOUNT[triple] - 3 >= 2:
                    yield from _houses(state, [inter[a], inter[b], inter[c]], triple, line_cells, box_cells)


def _houses(state: Candidates, inter: list[int], ci: int, line_cells: list[int], box_cells: list[int]) -> Iterator[Step]:
    cands = state.cands
    n_plus = POPCOUNT[ci] - len(inter)
    imask = sum(1 << c for c in inter)
    line_rest = [c for c in line_cells if not imask >> c & 1]
    # A box cell holding a digit the line subset takes from I can be in no box subset, so
    # the box subsets are those of the other cells (in the same order). They depend on
    # the line subset only through that and through the one line cell that may lie in
    # the box (the third cell of the intersection when I has two).
    box_rest = [c for c in box_cells if not imask >> c & 1]
    box_mask = sum(1 << c for c in box_rest)
    box_subsets: dict[tuple[int, int], list[tuple[int, int, int]]] = {}
    for lmask, cl, lsize in _subsets(line_rest, cands):
        contained, extra = POPCOUNT[cl & ci], POPCOUNT[cl & ~ci]
        if not (contained and lsize > extra and lsize - extra < n_plus):
            continue
        need = n_plus - (lsize - extra)
        forbidden = cl & ci
        key = (forbidden, lmask & box_mask)
        subsets = box_subsets.get(key)
        if subsets is None:
            subsets = box_subsets[key] = _subsets(
                [c for c in box_rest if not cands[c] & forbidden and not lmask >> c & 1], cands)
        for bmask, cb, bsize in subsets:
            if not cb & ci or bsize - POPCOUNT[cb & ~ci] != need:
                continue
            shared = cb & cl
            elims = []
            box_digits = ((ci | cb) & ~cl) | shared
            for c in box_cells:
                if not (imask | bmask) >> c & 1:
                    elims += [(c, d) for d in DIGITS_OF[cands[c] & box_digits]]
            line_digits = ((ci | cl) & ~cb) | shared
            for c in line_cells:
                if not (imask | lmask) >> c & 1:
                    elims += [(c, d) for d in DIGITS_OF[cands[c] & line_digits]]
            if elims:
                yield _step(inter, ci, cells_of(lmask), cl, cells_of(bmask), cb, list(dict.fromkeys(elims)))


def _digits(mask: int) -> str:
    return "".join(map(str, DIGITS_OF[mask]))


def _step(inter: list[int], ci: int, line: list[int], cl: int, box: list[int], cb: int, elims: list[tuple[int, int]]) -> Step:
    return Step(
        "sue_de_coq", "Sue de Coq", "sue_de_coq",
        eliminations=tuple(elims),
        cells=tuple((c, "base") for c in inter) + tuple((c, "cover") for c in line) + tuple((c, "fin") for c in box),
        digits=DIGITS_OF[ci],
        why=(f"{cells_text(inter)} hold {{{_digits(ci)}}}; with {cells_text(line)} in the line and {cells_text(box)} "
             f"in the box these digits fill exactly as many cells as there are, so they leave the rest of both houses."),
        notation=(f"{cells_text(inter)} - {{{_digits(ci)}}} ({cells_text(line)} - {{{_digits(cl)}}}, "
                  f"{cells_text(box)} - {{{_digits(cb)}}})"),
    )
