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

from .. import _backend
from .model import DIGITS_OF, HOUSE_CELLS, Candidates
from .step import STEP_TEXT, Step, cells_text

__all__ = ["find_sue_de_coq"]


def find_sue_de_coq(state: Candidates) -> Iterator[Step]:
    """Every Sue de Coq, in HoDoKu's order (the kernel's ``ho_sdc`` search: csrc/hosdc9.c,
    twin :mod:`sudokit._pysdc9`)."""
    data, _spent = _backend.kernel().ho_sdc(state.cand_bytes(), 0)
    if not data:
        return
    cands = state.cands
    at = 0
    while at < len(data):
        parts = []
        for _ in range(3):
            n = data[at]
            parts.append(list(data[at + 1:at + 1 + n]))
            at += 1 + n
        yield _found(cands, *parts)


def _found(cands: list[int], inter: list[int], line: list[int], box: list[int]) -> Step:
    """The step of a kernel record: what the locked digits remove from the line and box."""
    ci = cl = cb = 0
    for c in inter:
        ci |= cands[c]
    for c in line:
        cl |= cands[c]
    for c in box:
        cb |= cands[c]
    a, b = inter[0], inter[1]
    line_house = a // 9 if a // 9 == b // 9 else 9 + a % 9
    box_house = 18 + a // 27 * 3 + a % 9 // 3
    box_used, line_used = set(inter) | set(box), set(inter) | set(line)
    shared = cb & cl
    box_digits = ((ci | cb) & ~cl) | shared
    line_digits = ((ci | cl) & ~cb) | shared
    elims = []
    for c in HOUSE_CELLS[box_house]:
        if c not in box_used:
            elims += [(c, d) for d in DIGITS_OF[cands[c] & box_digits]]
    for c in HOUSE_CELLS[line_house]:
        if c not in line_used:
            elims += [(c, d) for d in DIGITS_OF[cands[c] & line_digits]]
    return _step(inter, ci, line, cl, box, cb, list(dict.fromkeys(elims)))


def _digits(mask: int) -> str:
    return "".join(map(str, DIGITS_OF[mask]))


def _step(inter: list[int], ci: int, line: list[int], cl: int, box: list[int], cb: int, elims: list[tuple[int, int]]) -> Step:
    if not STEP_TEXT.get():
        return Step("sue_de_coq", "Sue de Coq", "sue_de_coq", eliminations=tuple(elims))
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
