"""The table of formats: names, extensions, readers and writers.

A *single* format holds one puzzle and is read whole (``loads(text, source)``) and written
whole (``dumps(obj)``). A *collection* format holds many and streams: ``read_records``
yields :class:`Record` values lazily and ``writer(stream)`` returns an incremental
:class:`CollectionWriter`. Some formats are both (SadMan ``.sdm`` is a collection whose
single-puzzle form is one line).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Union

from ..grid import Grid
from ._base import CollectionWriter
from .pencil import PencilGrid
from .record import Record

Puzzle = Union[Grid, PencilGrid]


@dataclass(frozen=True)
class FormatSpec:
    """How to read and write one format."""

    name: str
    description: str
    extensions: tuple[str, ...] = ()
    binary: bool = False
    loads: Callable[[str, str], Puzzle] | None = None
    dumps: Callable[[Any], str] | None = None
    read_records: Callable[[Any, str], Iterator[Record]] | None = None
    writer: Callable[[Any], CollectionWriter] | None = None
    dumps_record: Callable[[Record], str] | None = None  # single formats that keep more than the puzzle
    pencil: bool = False  # dumps accepts a PencilGrid as well as a Grid

    @property
    def is_collection(self) -> bool:
        """True when the format streams many puzzles."""
        return self.read_records is not None


_FORMATS: dict[str, FormatSpec] = {}


def register(spec: FormatSpec) -> FormatSpec:
    """Add a format to the table (later registrations of a name replace earlier ones)."""
    _FORMATS[spec.name] = spec
    return spec


def get(name: str) -> FormatSpec:
    """The format called ``name`` (case-insensitive); ``ValueError`` lists the known names."""
    spec = _FORMATS.get(name.lower().lstrip("."))
    if spec is None:
        spec = by_extension("." + name.lower().lstrip("."))
    if spec is None:
        raise ValueError(f"unknown format {name!r}; known formats: {', '.join(sorted(_FORMATS))}")
    return spec


def by_extension(suffix: str) -> FormatSpec | None:
    """The format whose extension list holds ``suffix`` (like ``.sdk``), if any."""
    suffix = suffix.lower()
    for spec in _FORMATS.values():
        if suffix in spec.extensions:
            return spec
    return None


def all_formats() -> list[FormatSpec]:
    """Every registered format, in registration order."""
    return list(_FORMATS.values())
