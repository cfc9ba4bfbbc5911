"""Pure-Python twin of csrc/sedyn9.c: SE's multiple, Nishio and dynamic forcing chains.

Re-exported by :mod:`sudokit._pycore` as ``se_dyn``; the contract is in ``_core.pyi``
and the record format in csrc/sedyn9.h. The engine here is se_chains.py's own
(``Chaining`` run in pure Python): this module only writes its hints in the kernel's
format, so the C search and the Python engine are checked against each other byte for
byte.
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .human.se_chains import Budget, ChainHint, Potential

__all__ = ["se_dyn", "KIND_CODES"]

#: se_chains' hint kinds as the record's kind byte (sedyn9.h SD_BINARY..SD_REGION).
KIND_CODES = {"binary": 2, "cell": 3, "region": 4}


def se_dyn(cands: bytes, multiple: bool, dynamic: bool, nishio: bool, level: int, counts: bytes,
           limit: int, seconds: float = -1.0) -> tuple[bytes | None, int]:
    """SE's multiple/Nishio/dynamic forcing chains of nesting level 0 to 5; see ``_core.pyi``."""
    from .human.se_chains import BudgetExceeded, Chaining

    if len(cands) != 162 or len(counts) != 10:
        raise ValueError("need 81 native uint16 candidate masks and 10 digit counts")
    masks = array("H", cands).tolist()
    if (any(m > 0x1FF for m in masks) or any(n > 9 for n in counts) or not (multiple or dynamic)
            or ((nishio or level) and not dynamic) or level not in range(6)):
        raise ValueError("candidate masks must be 0..0x1FF, counts 0..9, multiple or dynamic set, "
                         "nishio and a level only with dynamic, level 0..5")
    budget = _counter(limit if limit >= 0 else None, seconds if seconds >= 0 else None)
    engine = Chaining(multiple, dynamic, nishio, level, budget)
    try:
        found = engine.python_hints(masks, list(counts))
    except BudgetExceeded:
        return None, getattr(budget, "spent")
    out = bytearray()
    for hint in found:
        _record(out, hint)
    return bytes(out), getattr(budget, "spent")


def _counter(nodes: int | None, seconds: float | None = None) -> Budget:
    """A node budget that also counts what it spent (in ``spent``)."""
    from .human.se_chains import Budget

    class Counter(Budget):
        __slots__ = ("spent",)
        spent: int

        def spend(self, n: int = 1) -> None:
            self.spent += n
            super().spend(n)

    counter = Counter(nodes, seconds)
    counter.spent = 0
    return counter


def _record(out: bytearray, hint: ChainHint) -> None:
    ((cell, mask),) = hint.removable.items()
    result = hint.result
    if result is None:
        raise RuntimeError("internal error: a multiple-chains hint without a result")
    t0 = result is hint.targets[0]
    house = 255 if hint.house < 0 else hint.house
    complexity = hint.complexity()
    out += bytes((KIND_CODES[hint.kind], hint.absurd, house, hint.digit, cell, mask & 0xFF, mask >> 8,
                  result.cell, result.value, result.on, t0, complexity & 0xFF, complexity >> 8, len(hint.targets)))
    for target in hint.targets:
        _chain(out, target)


def _chain(out: bytearray, target: Potential) -> None:
    """The target's getChain list (breadth first, each key once), parents as indices."""
    nodes: list[Potential] = []
    pos: dict[int, int] = {}
    queue = [target]
    at = 0
    while at < len(queue):
        p = queue[at]
        at += 1
        if p.key in pos:
            continue
        pos[p.key] = len(nodes)
        nodes.append(p)
        queue.extend(p.parents)
    out += bytes((len(nodes) & 0xFF, len(nodes) >> 8))
    for p in nodes:
        npar = len(p.parents)
        out += bytes((p.cell, p.value, p.on, 255 if p.cause is None else p.cause, npar & 0xFF, npar >> 8))
        for q in p.parents:
            k = pos[q.key]
            out += bytes((k & 0xFF, k >> 8))


def se_simple(cur: bytes, init: bytes, counts: bytes) -> tuple[int, bytes]:
    """SE's simple rules inside nested chains (se_rules' own); see ``_core.pyi``."""
    from .human.se_rules import SIMPLE_RULES

    if len(cur) != 162 or len(init) != 162 or len(counts) != 10:
        raise ValueError("need 81 + 81 native uint16 candidate masks and 10 digit counts")
    now, start = array("H", cur).tolist(), array("H", init).tolist()
    if any(m > 0x1FF for m in now + start) or any(n > 9 for n in counts):
        raise ValueError("candidate masks must be 0..0x1FF and digit counts 0..9")
    for k, rule in enumerate(SIMPLE_RULES):
        out = bytearray()
        for removable, parents, _nested in rule(now, start, list(counts)):
            if not parents:
                continue
            out.append(len(removable))
            for cell, mask in removable.items():
                out += bytes((cell, mask & 0xFF, mask >> 8))
            out.append(len(parents))
            for p in parents:
                out += bytes((p.cell, p.value))
        if out:
            return k, bytes(out)
    return -1, b""
