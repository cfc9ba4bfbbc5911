"""Pure-Python twin of csrc/hosdc9.c: HoDoKu's Sue de Coq search.

Re-exported by :mod:`sudokit._pycore` as ``ho_sdc``; the contract is in ``_core.pyi`` and
the record layout in ``csrc/hosdc9.h``. Same search, same order, same bytes as the C code;
:mod:`sudokit.human.sue_de_coq` lists the eliminations and writes the steps.

HoDoKu 2.2's order: rows then columns, boxes in order; in each line/box intersection its
cell pairs then triples (I) holding |I| + n candidates (n >= 2); line subsets L of the
rest of the line, then box subsets B of the rest of the box, each depth first (HoDoKu's
stack). L must take 1+ digits of I and fewer than n of its own cells' worth; B may not
use a cell holding a digit L takes from I, and must take the rest. A record is written
when the locked digits leave something in the rest of the line or box.
"""

from __future__ import annotations

from array import array

__all__ = ["ho_sdc"]

_HOUSE_CELLS = (
    [[r * 9 + c for c in range(9)] for r in range(9)]
    + [[r * 9 + c for r in range(9)] for c in range(9)]
    + [[(b // 3 * 3 + k // 3) * 9 + b % 3 * 3 + k % 3 for k in range(9)] for b in range(9)]
)
_POP = tuple(bin(m).count("1") for m in range(512))


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


def _cells(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class _Search:
    def __init__(self, cands: list[int], max_hits: int) -> None:
        self.cands, self.max_hits = cands, max_hits
        self.out = bytearray()
        self.hits = self.spent = 0

    def run(self) -> None:
        cands = self.cands
        for line in range(18):
            line_cells = [c for c in _HOUSE_CELLS[line] if cands[c]]
            for box in range(18, 27):
                inter = [c for c in line_cells if c in _HOUSE_CELLS[box]]
                if len(inter) < 2:
                    continue
                box_cells = [c for c in _HOUSE_CELLS[box] if cands[c]]
                if self.intersection(inter, line_cells, box_cells):
                    return

    def intersection(self, inter: list[int], line_cells: list[int], box_cells: list[int]) -> bool:
        """The pairs then triples of the intersection; True when max_hits is reached."""
        cands = self.cands
        for a in range(len(inter) - 1):
            for b in range(a + 1, len(inter)):
                pair = cands[inter[a]] | cands[inter[b]]
                if _POP[pair] - 2 >= 2 and self.houses([inter[a], inter[b]], pair, line_cells, box_cells):
                    return True
                for c in range(b + 1, len(inter)):
                    triple = pair | cands[inter[c]]
                    if _POP[triple] - 3 >= 2 and self.houses([inter[a], inter[b], inter[c]], triple, line_cells, box_cells):
                        return True
        return False

    def houses(self, inter: list[int], ci: int, line_cells: list[int], box_cells: list[int]) -> bool:
        cands = self.cands
        n_plus = _POP[ci] - len(inter)
        imask = sum(1 << c for c in inter)
        line_rest = [c for c in line_cells if not imask >> c & 1]
        # A box cell holding a digit the line subset takes from I can be in no box subset,
        # so the box subsets are those of the other cells (in the same order). They depend
        # on the line subset only through that and through the one line cell that may lie
        # in the box (the third cell of the intersection when I has two).
        box_rest = [c for c in box_cells if not imask >> c & 1]
        box_mask = sum(1 << c for c in box_rest)
        box_subsets: dict[tuple[int, int], list[tuple[int, int, int]]] = {}
        for lmask, cl, lsize in _subsets(line_rest, cands):
            contained, extra = _POP[cl & ci], _POP[cl & ~ci]
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
                self.spent += 1
                if not cb & ci or bsize - _POP[cb & ~ci] != need:
                    continue
                shared = cb & cl
                box_digits = ((ci | cb) & ~cl) | shared
                line_digits = ((ci | cl) & ~cb) | shared
                if not (any(cands[c] & box_digits for c in box_cells if not (imask | bmask) >> c & 1)
                        or any(cands[c] & line_digits for c in line_cells if not (imask | lmask) >> c & 1)):
                    continue
                for part in (inter, _cells(lmask), _cells(bmask)):
                    self.out.append(len(part))
                    self.out += bytes(part)
                self.hits += 1
                if self.hits == self.max_hits:
                    return True
        return False


def ho_sdc(cands: bytes, max_hits: int) -> tuple[bytes, int]:
    """The Sue de Coq records: ``(records, spent)`` (see ``_core.pyi``)."""
    if len(cands) != 162:
        raise ValueError("need 81 native uint16 candidate masks")
    masks = array("H")
    masks.frombytes(cands)
    if any(m > 0x1FF for m in masks) or max_hits < 0:
        raise ValueError("candidate masks must be 0..0x1FF and max_hits >= 0")
    search = _Search(list(masks), max_hits)
    search.run()
    return bytes(search.out), search.spent
