"""Format errors that name the source, the line and (when known) the column."""

from __future__ import annotations

from ..errors import InvalidFormatError


def format_error(message: str, source: str | None = None, line: int | None = None, column: int | None = None) -> InvalidFormatError:
    """An :class:`InvalidFormatError` whose message starts ``source:line:column:``.

    ``line`` and ``column`` (1-based) are also kept as attributes for programs.
    """
    parts = [str(p) for p in (source, line, column) if p is not None]
    exc = InvalidFormatError(f"{':'.join(parts)}: {message}" if parts else message)
    exc.line = line
    exc.column = column
    return exc


def relocate(exc: InvalidFormatError, source: str | None, line: int | None, column_offset: int = 0) -> InvalidFormatError:
    """Re-raise a grid-level error (which knows at most a column) at ``source:line``."""
    message = str(exc)
    column = exc.column
    if column is not None:
        # Drop the "position N: " / "line 1, column N: " prefix the Grid parser adds.
        message = message.split(": ", 1)[1] if ": " in message else message
        column += column_offset
    return format_error(message, source, line if line is not None else exc.line, column)
