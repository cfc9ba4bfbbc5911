"""The link graph: strong and weak links between candidates and grouped nodes.

Every chain technique (X-Chain, XY-Chain, Remote Pair, nice loops / AIC, forcing chains)
walks this one structure instead of re-deriving links from the grid.

Nodes are small ints::

    0 .. 728        candidate node  n = 9 * cell + (digit - 1)   ("digit is in cell")
    729 ..          group node      "digit is in one of these 2-3 cells", the cells being the
                                    places of the digit in one box/line intersection

A node is *true* when its digit is in (one of) its cell(s).

* a **strong link** A = B: A and B cannot both be false (a house where the digit has only
  these two places, possibly grouped; or a cell with only these two candidates);
* a **weak link** A - B: A and B cannot both be true (same digit, every cell of A sees every
  cell of B; or two candidates of one cell). Every strong link between two candidates that
  also exclude each other (conjugate pair, bivalue cell) is a weak link too.

API (all read-only after construction)::

    g = LinkGraph(state, groups=True)        # state: a Candidates grid
    g.strong[n]        -> list of (m, house)  strong links of n; house 0-26, or -1 for a cell
    g.weak(n)          -> list of m           nodes that cannot be true together with n
    g.digit(n), g.cells(n) (81-bit mask), g.is_group(n), g.text(n) ("r1c23")
    g.candidate(cell, digit) -> n
    g.weak_to_all(nodes, digit) -> 81-bit mask of cells whose candidate ``digit`` is weakly
                                   linked to every node in ``nodes`` (the elimination test)

Variants: pass ``peers`` (81 peer masks, default the classic ones) and ``houses`` (extra
houses as 81-bit cell masks, e.g. diagonals) to add the weak and strong links their rules
imply; the finders need no change.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .model import BIT, CELL_BIT, DIGITS_OF, HOUSE_MASK, PEER_MASK, POPCOUNT, Candidates, cells_of
from .step import cells_text

__all__ = ["LinkGraph", "CELL_LINK", "node_of", "cell_of", "digit_of", "GROUP_BASE"]

#: First id of a group node.
GROUP_BASE = 729
#: The ``house`` value of a strong link inside one cell (a bivalue cell).
CELL_LINK = -1

#: 81-bit masks of the 54 box/line intersections (3 cells each): (line house, box house, mask).
_SEGMENTS: tuple[tuple[int, int, int], ...] = tuple(
    (line, box, HOUSE_MASK[line] & HOUSE_MASK[box])
    for line in range(18)
    for box in range(18, 27)
    if HOUSE_MASK[line] & HOUSE_MASK[box]
)


def node_of(cell: int, digit: int) -> int:
    """The candidate node of ``digit`` in ``cell``."""
    return 9 * cell + digit - 1


def cell_of(node: int) -> int:
    """The cell of a candidate node."""
    return node // 9


def digit_of(node: int) -> int:
    """The digit of a candidate node."""
    return node % 9 + 1


class LinkGraph:
    """Strong and weak links of a candidate grid (see the module docstring)."""

    __slots__ = ("state", "where", "cands", "peers", "group_digit", "group_cells", "strong", "_weak", "_group_index", "houses")

    def __init__(
        self,
        state: Candidates,
        *,
        groups: bool = False,
        peers: Sequence[int] = PEER_MASK,
        houses: Iterable[int] = (),
    ) -> None:
        """Build the strong links of ``state`` (weak links are computed on demand).

        ``groups``: add group nodes (grouped chains); ``peers``: the 81 peer masks;
        ``houses``: extra houses (81-bit masks) beyond the 27 of the classic grid.
        """
        self.state = state
        self.where = state.where
        self.cands = state.cands
        self.peers = peers
        self.houses: tuple[int, ...] = HOUSE_MASK + tuple(houses)
        self.group_digit: list[int] = []
        self.group_cells: list[int] = []
        self._group_index: dict[tuple[int, int], int] = {}
        self._weak: dict[int, list[int]] = {}
        self.strong: dict[int, list[tuple[int, int]]] = {}
        if groups:
            self._add_groups()
        self._build_strong(groups)

    # ------------------------------------------------------------ nodes
    @staticmethod
    def candidate(cell: int, digit: int) -> int:
        """The node id of candidate ``digit`` in ``cell``."""
        return 9 * cell + digit - 1

    def is_group(self, node: int) -> bool:
        """True for a group node."""
        return node >= GROUP_BASE

    def digit(self, node: int) -> int:
        """The digit of a node."""
        return node % 9 + 1 if node < GROUP_BASE else self.group_digit[node - GROUP_BASE]

    def cells(self, node: int) -> int:
        """81-bit mask of the node's cell(s)."""
        return CELL_BIT[node // 9] if node < GROUP_BASE else self.group_cells[node - GROUP_BASE]

    def text(self, node: int) -> str:
        """The node's cells in HoDoKu notation: ``r1c2`` or, for a group, ``r1c23``."""
        return cells_text(cells_of(self.cells(node)))

    def group_node(self, digit: int, cells: int) -> int:
        """The group node of ``digit`` on exactly ``cells`` (2-3 places in one box/line
        intersection; KeyError if the graph has no such group)."""
        return self._group_index[(digit, cells)]

    def nodes(self) -> list[int]:
        """Every node that has at least one strong link."""
        return [n for n, links in self.strong.items() if links]

    # ------------------------------------------------------------ links
    def weak(self, node: int) -> list[int]:
        """Nodes that cannot be true together with ``node`` (cached)."""
        out = self._weak.get(node)
        if out is None:
            out = self._weak[node] = self._weak_links(node)
        return out

    def weak_to_all(self, nodes: Iterable[int], digit: int) -> int:
        """81-bit mask of the cells where candidate ``digit`` is weakly linked to every
        node of ``nodes`` (true there, each of them would be false)."""
        mask = self.where[digit]
        for n in nodes:
            if self.digit(n) == digit:
                cells = self.cells(n)
                mask &= self._seen_by_all(cells) & ~cells
            elif n < GROUP_BASE:
                mask &= CELL_BIT[n // 9]  # the other digits of the node's own cell
            else:
                return 0
        return mask

    def _seen_by_all(self, cells: int) -> int:
        mask = (1 << 81) - 1
        for c in cells_of(cells):
            mask &= self.peers[c]
        return mask

    def _weak_links(self, node: int) -> list[int]:
        d = self.digit(node)
        cells = self.cells(node)
        seen = self._seen_by_all(cells)
        out = [9 * c + d - 1 for c in cells_of(self.where[d] & seen)]
        if node < GROUP_BASE:
            cell = node // 9
            out.extend(9 * cell + e - 1 for e in DIGITS_OF[self.cands[cell] & ~BIT[d]])
        for g, gcells in enumerate(self.group_cells):
            if self.group_digit[g] == d and not gcells & ~seen:
                out.append(GROUP_BASE + g)
        return out

    # ------------------------------------------------------------ build
    def _add_groups(self) -> None:
        """A group node for every box/line intersection holding 2-3 places of a digit."""
        for d in range(1, 10):
            w = self.where[d]
            for _line, _box, seg in _SEGMENTS:
                m = w & seg
                if m & (m - 1):
                    self._group_index[(d, m)] = GROUP_BASE + len(self.group_cells)
                    self.group_digit.append(d)
                    self.group_cells.append(m)

    def _build_strong(self, groups: bool) -> None:
        strong = self.strong
        cands, where = self.cands, self.where
        for cell in range(81):
            m = cands[cell]
            if POPCOUNT[m] == 2:
                a, b = DIGITS_OF[m]
                na, nb = 9 * cell + a - 1, 9 * cell + b - 1
                strong.setdefault(na, []).append((nb, CELL_LINK))
                strong.setdefault(nb, []).append((na, CELL_LINK))
        for d in range(1, 10):
            w = where[d]
            for h, hmask in enumerate(self.houses):
                places = w & hmask
                if not places:
                    continue
                for a, b in self._house_splits(d, h, places, groups):
                    strong.setdefault(a, []).append((b, h))
                    strong.setdefault(b, []).append((a, h))

    def _house_splits(self, d: int, h: int, places: int, groups: bool) -> list[tuple[int, int]]:
        """Pairs of nodes (candidate or group) that split the places of ``d`` in house h."""
        if places.bit_count() == 2:
            low = places & -places
            return [(9 * (low.bit_length() - 1) + d - 1, 9 * (places.bit_length() - 1) + d - 1)]
        if not groups or h >= 27:
            return []
        # one side is a group: the places within one box/line intersection of the house
        hmask = HOUSE_MASK[h]
        out: list[tuple[int, int]] = []
        done: set[tuple[int, int]] = set()
        for _line, _box, seg in _SEGMENTS:
            part = places & seg
            if seg & ~hmask or not part & (part - 1) or part == places:
                continue
            other = self._node_for(d, places & ~part)
            if other is None:
                continue
            a = self._group_index[(d, part)]
            if (other, a) not in done:
                done.add((a, other))
                out.append((a, other))
        return out

    def _node_for(self, d: int, cells: int) -> int | None:
        """The node whose cells are exactly ``cells`` (one cell or a group), if any."""
        if not cells & (cells - 1):
            return 9 * (cells.bit_length() - 1) + d - 1
        return self._group_index.get((d, cells))
