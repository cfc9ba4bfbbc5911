"""JSON Lines collections: one JSON object per line, the keys of :class:`Record`.

``{"puzzle": "53..7....", "solution": "534678912...", "rating": 2.3, "techniques":
["Naked Single"], "seed": 7}`` — only ``puzzle`` is required; absent fields are left out
on writing. A line holding just a JSON string is read as a bare puzzle.

>>> import io
>>> out = io.StringIO()
>>> w = JsonlWriter(out); w.write(Record.of({"puzzle": "." * 81, "seed": 3})); w.close()
>>> out.getvalue() == '{"puzzle": "' + "." * 81 + '", "seed": 3}\\n'
True
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import IO, Any

from ..errors import InvalidFormatError
from ..limits import json_loads
from ._base import content_lines
from ._errors import format_error
from .record import Record

__all__ = ["read_jsonl", "JsonlWriter"]


def read_jsonl(stream: IO[str], source: str) -> Iterator[Record]:
    """Yield one :class:`Record` per JSON line (lazily); blank and ``#`` lines are skipped."""
    for number, text in content_lines(stream):
        data: Any = json_loads(text, source, number)  # depth and number size bounded
        if isinstance(data, str):
            data = {"puzzle": data}
        if not isinstance(data, dict):
            raise format_error(f"expected a JSON object with a 'puzzle' key, got {type(data).__name__}", source, number)
        try:
            yield Record.of(data)
        except InvalidFormatError as exc:
            raise format_error(str(exc), source, number) from None


class JsonlWriter:
    """Writes one compact JSON object per line."""

    def __init__(self, stream: IO[str]) -> None:
        self._stream = stream

    def write(self, record: Record) -> None:
        """Append the record as one JSON line."""
        self._stream.write(json.dumps(record.to_dict()) + "\n")

    def close(self) -> None:
        """Flush the stream."""
        self._stream.flush()
