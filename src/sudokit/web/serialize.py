"""Hints, steps, paths and ratings as JSON values (what the API sends and the page draws).

A step becomes ``{"technique", "name", "family", "text", "why", "placements",
"eliminations", "cells", "houses", "digits", "links"}``: cells are 0-based indices
(``r1c1`` is 0, ``r9c9`` is 80), ``cells`` pairs a cell with its role in the pattern
(``base``, ``cover``, ``fin``, ``pivot``, ``pincer``, ``link``, ``color1``...), ``links``
are ``[[cell, digit], [cell, digit], strong]`` (present when the technique has them).

>>> from sudokit import hint
>>> data = hint_json(hint("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", level=3))
>>> data["kind"], data["step"]["placements"]
('step', [[5, 8]])
"""

from __future__ import annotations

from typing import Any

from ..human import Hint, Path, Rating, Step

__all__ = ["step_json", "hint_json", "path_json", "rating_json"]


def step_json(step: Step) -> dict[str, Any]:
    """One step (see the module docstring for the fields)."""
    links = getattr(step, "links", ()) or ()  # chains (when the technique records them)
    return {
        "technique": step.technique,
        "name": step.name,
        "family": step.family,
        "text": str(step),
        "why": step.why,
        "placements": [[c, d] for c, d in step.placements],
        "eliminations": [[c, d] for c, d in step.eliminations],
        "cells": [[c, role] for c, role in step.cells],
        "houses": list(step.houses),
        "digits": list(step.digits),
        "links": [_link(link) for link in links],
    }


def _link(link: Any) -> list[Any]:
    """``((cell, digit), (cell, digit)[, strong])`` as ``[[c, d], [c, d], strong]``."""
    (c1, d1), (c2, d2) = link[0], link[1]
    strong = bool(link[2]) if len(link) > 2 else False
    return [[int(c1), int(d1)], [int(c2), int(d2)], strong]


def hint_json(found: Hint) -> dict[str, Any]:
    """A hint: its text, kind, level, the cells and digits it is about, and (at level 3,
    or for the pattern at levels 1-2) the step. Levels 1-2 never send the step's
    placements or eliminations, so the page cannot give away more than the text says."""
    step = None
    if found.step is not None:
        step = step_json(found.step)
        if found.level < 3:
            step = {key: step[key] for key in ("technique", "name", "family", "houses")} | {
                "cells": step["cells"] if found.level == 2 else [],
                "digits": step["digits"] if found.level == 2 else [],
            }
    return {
        "kind": found.kind,
        "level": found.level,
        "text": found.text,
        "cells": list(found.cells),
        "digits": list(found.digits),
        "step": step,
    }


def path_json(path: Path) -> dict[str, Any]:
    """A solving path: its steps, how it ended, the grid reached and the solution."""
    return {
        "puzzle": str(path.puzzle),
        "end": path.end,
        "message": path.message,
        "solved_logically": path.solved_logically,
        "final": str(path.final),
        "solution": str(path.solution) if path.solution is not None else None,
        "steps": [step_json(step) for step in path],
    }


def rating_json(rating: Rating) -> dict[str, Any]:
    """Every field of a rating, plus its one-line summary."""
    data = rating.as_dict()
    data["summary"] = rating.summary()
    return data
