"""One entry of a puzzle collection: :class:`Record` and the coercion from plain dicts.

Every collection format (text, CSV, JSONL, Parquet, ``.npy``) reads and writes
:class:`Record` values. Writers also take plain ``dict`` objects with the same keys, so a
generator can stream ``{"puzzle": ..., "solution": ..., "rating": ...}`` straight to disk.

>>> r = Record.of({"puzzle": "1" + "." * 80, "rating": 2.5, "techniques": ["Naked Single"]})
>>> r.puzzle.givens, r.rating, r.techniques
(1, 2.5, ('Naked Single',))
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Union

from ..errors import InvalidFormatError
from ..grid import Grid
from ..limits import MAX_JSON_DIGITS
from .pencil import PencilGrid

__all__ = ["Record", "RecordLike", "FIELDS"]

#: The field names of a record, in the column order writers use.
FIELDS = ("puzzle", "solution", "rating", "techniques", "seed")

Rating = Union[int, float, str]


@dataclass(frozen=True)
class Record:
    """A puzzle with optional solution, rating, technique names and generator seed.

    ``rating`` is a number or a label (e.g. ``"hard"``); ``techniques`` is a tuple of
    technique names (an empty one is stored as ``None``); ``seed`` is the integer seed a
    generator used.
    """

    puzzle: Grid
    solution: Grid | None = None
    rating: Rating | None = None
    techniques: tuple[str, ...] | None = None
    seed: int | None = None

    def __post_init__(self) -> None:
        # No techniques and an empty list read back the same from CSV: keep one spelling.
        if self.techniques is not None and len(self.techniques) == 0:
            object.__setattr__(self, "techniques", None)

    @classmethod
    def of(cls, value: RecordLike) -> Record:
        """Coerce a Record, a Grid, a PencilGrid (its placed digits), a puzzle string or a
        dict with :data:`FIELDS` keys.

        Unknown dict keys are ignored; missing optional keys are ``None``. Puzzles and
        solutions may be anything :meth:`Grid.parse` accepts.
        """
        if isinstance(value, Record):
            return value
        if isinstance(value, Mapping):
            return _from_mapping(value)
        if isinstance(value, PencilGrid):
            return cls(value.to_grid())  # the placed digits
        return cls(Grid.parse(value))

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: grids as 81-character strings, absent fields left out."""
        out: dict[str, Any] = {"puzzle": str(self.puzzle)}
        if self.solution is not None:
            out["solution"] = str(self.solution)
        if self.rating is not None:
            out["rating"] = self.rating
        if self.techniques is not None:
            out["techniques"] = list(self.techniques)
        if self.seed is not None:
            out["seed"] = self.seed
        return out


RecordLike = Union[Record, Mapping[str, Any], Grid, PencilGrid, str]


def _from_mapping(data: Mapping[str, Any]) -> Record:
    if data.get("puzzle") is None:
        raise InvalidFormatError("record has no 'puzzle'")
    solution = data.get("solution")
    return Record(
        puzzle=Grid.parse(data["puzzle"]),
        solution=None if solution is None or solution == "" else Grid.parse(solution),
        rating=_rating(data.get("rating")),
        techniques=_techniques(data.get("techniques")),
        seed=_seed(data.get("seed")),
    )


def _rating(value: Any) -> Rating | None:
    """Numbers stay numbers; numeric strings become int/float; other strings are labels."""
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        raise InvalidFormatError(f"bad rating {value!r}")
    if isinstance(value, (int, float)):
        return value
    if hasattr(value, "item"):  # numpy scalars
        return _rating(value.item())
    if not isinstance(value, (str, numbers.Number)):  # a list or dict would become its repr
        raise InvalidFormatError(f"bad rating {value!r} (a number or a label)")
    text = str(value).strip()
    digits = text.lstrip("+-").replace("_", "").replace(".", "", 1)  # int() and float() take "1_000"
    if len(digits) > MAX_JSON_DIGITS and digits.isdigit():
        raise InvalidFormatError(f"bad rating {text[:12]}... (a number of more than {MAX_JSON_DIGITS} digits)")
    for kind in (int, float):
        try:
            number = kind(text)
        except ValueError:
            continue
        if isinstance(number, float) and not math.isfinite(number):
            raise InvalidFormatError(f"bad rating {text!r} (not a finite number)")
        return number
    return text


def _techniques(value: Any) -> tuple[str, ...] | None:
    """A list of names, or one string separated by ``;`` (the CSV spelling)."""
    if value is None or value == "":
        return None
    if isinstance(value, str):
        return tuple(t.strip() for t in value.split(";") if t.strip())
    if isinstance(value, Sequence) or hasattr(value, "__iter__"):
        return tuple(str(t) for t in value)
    raise InvalidFormatError(f"bad techniques {value!r} (expected a list of names)")


def _seed(value: Any) -> int | None:
    if value is None or value == "":
        return None
    if isinstance(value, str) and len(value.strip().lstrip("+-")) > MAX_JSON_DIGITS:
        raise InvalidFormatError(f"bad seed {value[:12]}... (more than {MAX_JSON_DIGITS} digits)")
    try:
        return int(value)
    except (TypeError, ValueError, OverflowError):  # OverflowError: int(float("inf"))
        raise InvalidFormatError(f"bad seed {str(value)[:40]!r} (expected an integer)") from None
