"""Simple Colors (color trap and color wrap), Multi-Colors (types 1 and 2) and Remote Pair.

Simple Colors: the strong links of one digit form clusters; color each cluster with two
colors so that strongly linked cells differ. One color is entirely true. *Trap*: a cell that
sees both colors cannot hold the digit. *Wrap*: two cells of one color see each other, so
that color is false everywhere.

Multi-Colors (HoDoKu): two clusters of the same digit, colors A/a and B/b. *Type 1*: a cell
of A sees a cell of B, so A and B are not both true: a or b is true, and a cell seeing a cell
of a and a cell of b loses the digit. *Type 2*: some cells of color A see a cell of B and
some a cell of b; one of B, b is true, so A is false everywhere.

Remote Pair: a chain of bivalue cells with the same two digits, each seeing the next; the
cells alternate between the two digits, so a cell that sees two chain cells of opposite
parity holds neither digit.
"""

from __future__ import annotations

from collections.abc import Iterator

from .. import _backend
from .model import CELL_BIT, DIGITS_OF, HOUSE_NAMES, PEER_CELLS, PEER_MASK, POPCOUNT, Candidates, cells_of
from .step import STEP_TEXT, Step, cell_text, cells_text

__all__ = [
    "find_simple_colors_trap", "find_simple_colors_wrap", "find_simple_colors", "find_multi_colors_1",
    "find_multi_colors_2", "find_multi_colors", "find_remote_pair", "color_clusters",
]

_FAMILY = "coloring"


def color_clusters(state: Candidates, digit: int) -> list[tuple[list[int], list[int], tuple[int, ...]]]:
    """Clusters of ``digit``'s strong-link graph: (color-1 cells, color-2 cells, houses used),
    each cluster at least one link; a cluster that cannot be two-colored is left out
    (it means the candidates are already contradictory)."""
    return [(c1[:], c2[:], houses) for c1, c2, houses in _colors(state)[0][digit]]


_Cluster = tuple[list[int], list[int], tuple[int, ...]]
#: A coloring record of the kernel: (kind, digit, cluster i, cluster j, eliminated cells);
#: kind 0 wrap, 1 trap, 2 Multi-Colors type 2, 3 Multi-Colors type 1.
_Record = tuple[int, int, int, int, list[int]]


def _colors(state: Candidates) -> tuple[_Clusters, list[_Record]]:
    """The kernel's clusters (per digit) and coloring records of the grid (``ho_colors``:
    csrc/hocolor9.c, twin :mod:`sudokit._pycolor9`), once per candidate grid."""
    return state.cached("ho_colors", lambda: _read_colors(_backend.kernel().ho_colors(state.cand_bytes())))


class _Clusters:
    """The kernel's clusters by digit (``clusters[d]``), decoded when first read: most
    grids have no coloring record, and then no search reads a cluster."""

    __slots__ = ("raw", "by_digit")

    def __init__(self, raw: bytes) -> None:
        self.raw = raw
        self.by_digit: list[list[_Cluster]] | None = None

    def __getitem__(self, digit: int) -> list[_Cluster]:
        if self.by_digit is None:
            self.by_digit = _read_clusters(self.raw)
        return self.by_digit[digit]


def _read_clusters(raw: bytes) -> list[list[_Cluster]]:
    clusters: list[list[_Cluster]] = [[] for _ in range(10)]
    j = 0
    while j < len(raw):
        d = raw[j]
        n1 = raw[j + 1]
        c1 = list(raw[j + 2 : j + 2 + n1])
        j += 2 + n1
        n2 = raw[j]
        c2 = list(raw[j + 1 : j + 1 + n2])
        j += 1 + n2
        nh = raw[j]
        clusters[d].append((c1, c2, tuple(raw[j + 1 : j + 1 + nh])))
        j += 1 + nh
    return clusters


def _read_colors(data: tuple[bytes, bytes]) -> tuple[_Clusters, list[_Record]]:
    raw, recs = data
    records: list[_Record] = []
    j = 0
    while j < len(recs):
        n = recs[j + 4]
        records.append((recs[j], recs[j + 1], recs[j + 2], recs[j + 3], list(recs[j + 5 : j + 5 + n])))
        j += 5 + n
    return _Clusters(raw), records


def _mask(cells: list[int]) -> int:
    m = 0
    for c in cells:
        m |= CELL_BIT[c]
    return m


def _seen_by_any(cells: list[int]) -> int:
    m = 0
    for c in cells:
        m |= PEER_MASK[c]
    return m


def _color_step(technique: str, name: str, d: int, c1: list[int], c2: list[int], houses: tuple[int, ...],
                elims: list[int], why: str) -> Step:
    if not STEP_TEXT.get():
        return Step(technique, name, _FAMILY, eliminations=tuple((c, d) for c in sorted(elims)))
    return Step(
        technique, name, _FAMILY,
        eliminations=tuple((c, d) for c in sorted(elims)),
        cells=tuple((c, "color1") for c in c1) + tuple((c, "color2") for c in c2),
        houses=tuple(HOUSE_NAMES[h] for h in houses),
        digits=(d,),
        why=why,
        notation=f"{d} ({_cell_list(c1)}) / ({_cell_list(c2)})",
    )


def find_simple_colors_trap(state: Candidates) -> Iterator[Step]:
    """Cells that see both colors of a digit's cluster lose the digit."""
    return (step for step in find_simple_colors(state) if step.technique == "simple_colors_trap")


def find_simple_colors_wrap(state: Candidates) -> Iterator[Step]:
    """A color with two cells in one house is false: all its cells lose the digit."""
    return (step for step in find_simple_colors(state) if step.technique == "simple_colors_wrap")


def find_simple_colors(state: Candidates) -> Iterator[Step]:
    """Simple Colors of both kinds in HoDoKu's order (its one SIMPLE_COLORS search takes the
    first it meets): digit, cluster, then the wrap (both colors in one step when both
    wrap) before the trap."""
    clusters, records = _colors(state)
    for kind, d, i, _j, elims in records:
        if kind > 1:
            break  # the Multi-Colors records follow
        c1, c2, houses = clusters[d][i]
        if kind == 0:
            wrapped = set(elims)
            bad = [c for c in c1 if c in wrapped] + [c for c in c2 if c in wrapped]
            yield _color_step(
                "simple_colors_wrap", "Simple Colors Wrap", d, c1, c2, houses, bad,
                f"Two cells of one color see each other, so that color cannot be {d}: "
                f"{d} leaves {cells_text(bad)}.",
            )
        else:
            yield _color_step(
                "simple_colors_trap", "Simple Colors Trap", d, c1, c2, houses, elims,
                f"Either every cell of color 1 or every cell of color 2 is {d}; a cell seeing both colors cannot be {d}.",
            )


def find_multi_colors_1(state: Candidates) -> Iterator[Step]:
    """Two clusters with a cell of one color seeing a cell of a color of the other: the
    cells seeing both opposite colors lose the digit (HoDoKu's order)."""
    return _multi_colors(state, (1,))


def find_multi_colors_2(state: Candidates) -> Iterator[Step]:
    """A color that sees both colors of another cluster is false: its cells lose the digit."""
    return _multi_colors(state, (2,))


def find_multi_colors(state: Candidates) -> Iterator[Step]:
    """Multi-Colors of both types in HoDoKu's order (its one MULTI_COLORS search takes the
    first it meets): per digit and ordered cluster pair, type 2 before type 1."""
    return _multi_colors(state, (2, 1))


def _multi_colors(state: Candidates, kinds: tuple[int, ...]) -> Iterator[Step]:
    """Multi-Colors steps of the types ``kinds`` in HoDoKu's order: digits ascending, then
    every ordered pair of clusters (clusters as :func:`color_clusters` lists them), then
    the types in the order given."""
    clusters, records = _colors(state)
    for code, d, i, j, elims in records:
        kind = 4 - code  # record kinds 2, 3: Multi-Colors types 2, 1
        if code < 2 or kind not in kinds:
            continue
        a1, a2, ha = clusters[d][i]
        b1, b2, hb = clusters[d][j]
        name = f"Multi Colors {kind}"
        if not STEP_TEXT.get():
            yield Step(f"multi_colors_{kind}", name, _FAMILY, eliminations=tuple((c, d) for c in elims))
            continue
        pairs = f"({_cell_list(a1)}) / ({_cell_list(a2)}), ({_cell_list(b1)}) / ({_cell_list(b2)})"
        yield Step(
            f"multi_colors_{kind}", name, _FAMILY,
            eliminations=tuple((c, d) for c in elims),
            cells=tuple((c, "color1") for c in a1) + tuple((c, "color2") for c in a2)
            + tuple((c, "color3") for c in b1) + tuple((c, "color4") for c in b2),
            houses=tuple(HOUSE_NAMES[h] for h in sorted(set(ha) | set(hb))),
            digits=(d,),
            why=(f"A cell of one color of the first {d}-cluster sees a cell of one color of the second: those "
                 f"two colors are not both true, so one of the other two is; a cell seeing both loses {d}."
                 if kind == 1 else
                 f"Cells of one color of the first {d}-cluster see both colors of the second, one of which "
                 f"is true: that color is false, so {d} leaves {cells_text(elims)}."),
            notation=f"{d} {pairs}",
        )


def _cell_list(cells: list[int]) -> str:
    return ",".join(cell_text(c) for c in cells)


def find_remote_pair(state: Candidates) -> Iterator[Step]:
    """A chain of at least four equal bivalue cells: cells seeing both parities lose both digits."""
    cands = state.cands
    done: set[int] = set()
    for start in range(81):
        pm = cands[start]
        if POPCOUNT[pm] != 2 or start in done:
            continue
        parity = {start: 0}
        stack = [start]
        while stack:
            cell = stack.pop()
            for nxt in PEER_CELLS[cell]:
                if cands[nxt] == pm and nxt not in parity:
                    parity[nxt] = 1 - parity[cell]
                    stack.append(nxt)
        done.update(parity)
        if len(parity) < 4:
            continue
        yield from _remote_pair_steps(state, pm, parity)


def _remote_pair_steps(state: Candidates, pm: int, parity: dict[int, int]) -> Iterator[Step]:
    even = sorted(c for c, p in parity.items() if p == 0)
    odd = sorted(c for c, p in parity.items() if p == 1)
    if any(PEER_MASK[a] & _mask(even) for a in even) or any(PEER_MASK[a] & _mask(odd) for a in odd):
        return  # an odd cycle: the pair is not a consistent chain (contradictory candidates)
    x, y = DIGITS_OF[pm]
    seen = _seen_by_any(even) & _seen_by_any(odd) & ~_mask(even + odd)
    elims = [(c, d) for d in (x, y) for c in cells_of(state.where[d] & seen)]
    if elims:
        yield Step(
            "remote_pair", "Remote Pair", _FAMILY,
            eliminations=tuple(sorted(elims)),
            cells=tuple((c, "color1") for c in even) + tuple((c, "color2") for c in odd),
            digits=(x, y),
            why=(f"The {x}/{y} cells {cells_text(even + odd)} form a chain that alternates {x} and {y}; "
                 f"a cell seeing both parities holds neither."),
            notation=f"{x}/{y} in {cells_text(even + odd)}",
        )


