"""The shared option vocabulary of the sub-commands: one definition of each option.

Every command builds its parser from these helpers, so the same idea has the same name,
metavar and help text everywhere (a test checks it)::

    add_inputs(parser)            # PUZZLE|FILE|- ... (no operand: stdin when piped, else the example)
    add_jobs(parser)              # -j/--jobs N (and the hidden old name --threads)
    add_output(parser)            # -o/--output FILE
    add_format(parser, RECORDS)   # -f/--format FORMAT, from the one list FORMATS
    add_progress(parser)          # --progress/--no-progress

New commands (batch, serve, ...) should use them too.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Sequence

__all__ = [
    "FORMATS",
    "LINE_FORMATS",
    "MAX_JOBS",
    "RECORDS",
    "add_format",
    "add_inputs",
    "add_jobs",
    "add_output",
    "add_progress",
    "format_name",
    "jobs",
    "output_format",
    "positive",
    "refuse_output_over_input",
]

#: More worker processes or threads than this only cost memory and start-up time (the work
#: is CPU bound); a typo like --jobs 10000 would otherwise fork thousands of processes.
MAX_JOBS = 4 * (os.cpu_count() or 1)

#: The one list of output formats. A command offers the subset that makes sense for it, in
#: this order. ``line``: one record a line (a puzzle, a count, a rating...); ``pretty``: a
#: grid or text block per record; ``csv`` with a header; ``jsonl``: one JSON object a line;
#: ``json``: one JSON array; ``parquet``: a table (needs ``sudokit[parquet]`` and ``-o``).
FORMATS = ("line", "pretty", "csv", "jsonl", "json", "parquet")
#: The formats of commands that write one record per input puzzle.
RECORDS = ("line", "csv", "jsonl", "json", "parquet")
#: Formats written one record a line (``paste in out`` lines up), as opposed to documents.
LINE_FORMATS = ("line", "csv", "jsonl")

#: Old spellings still accepted (0.1 used ``txt`` and ``text``).
_FORMAT_ALIASES = {"txt": "line", "text": "line"}
#: Output file extensions and the format they imply.
_EXTENSIONS = {".txt": "line", ".csv": "csv", ".jsonl": "jsonl", ".json": "json", ".parquet": "parquet", ".pq": "parquet"}

INPUTS_HELP = "puzzle strings, files, or - for stdin (default: stdin when it is piped, else a bundled example)"


def positive(text: str) -> int:
    """An argparse type: an integer of at least 1."""
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def jobs(text: str) -> int:
    """An argparse type for -j/--jobs: 1..MAX_JOBS."""
    value = positive(text)
    if value > MAX_JOBS:
        raise argparse.ArgumentTypeError(f"at most {MAX_JOBS} (4 per CPU), got {value}")
    return value


def format_name(text: str) -> str:
    """An argparse type for --format: the name, with the old spellings mapped."""
    name = text.lower()
    return _FORMAT_ALIASES.get(name, name)


def add_inputs(parser: argparse.ArgumentParser, help: str = INPUTS_HELP) -> None:
    """The puzzle operands: ``PUZZLE|FILE|-`` any number of times."""
    parser.add_argument("inputs", nargs="*", metavar="PUZZLE|FILE|-", help=help)


def add_jobs(parser: argparse.ArgumentParser, what: str = "worker processes") -> None:
    """``-j/--jobs N``; ``--threads N`` is a hidden alias (the 0.1 name for solve/count/check)."""
    parser.add_argument("-j", "--jobs", type=jobs, default=1, metavar="N", help=f"{what} (default 1, at most {MAX_JOBS})")
    parser.add_argument("--threads", dest="jobs", type=jobs, default=argparse.SUPPRESS, help=argparse.SUPPRESS)


def add_output(parser: argparse.ArgumentParser, help: str = "write to FILE (default: stdout); the format follows its extension", required: bool = False) -> None:
    """``-o/--output FILE``."""
    parser.add_argument("-o", "--output", metavar="FILE", required=required, help=help)


def add_format(parser: argparse.ArgumentParser, choices: Sequence[str] = RECORDS, default: str | None = None,
               aliases: dict[str, str] | None = None) -> None:
    """``-f/--format FORMAT`` from :data:`FORMATS`. With ``default=None`` the format follows
    the ``-o`` extension, else ``line`` (see :func:`output_format`). ``aliases`` maps a
    command's own old names (``explain --format text`` is ``pretty``) over the shared ones."""
    unknown = set(choices) - set(FORMATS)
    assert not unknown, f"not in the shared format list: {unknown}"
    told = f"default {default}" if default else "default: from the -o extension, else line"
    own = dict(aliases or {})

    def name(text: str) -> str:
        return own.get(text.lower()) or format_name(text)

    parser.add_argument("-f", "--format", type=name, choices=tuple(choices), default=default, metavar="FORMAT",
                        help=f"output format: {', '.join(choices)} ({told})")


def add_progress(parser: argparse.ArgumentParser) -> None:
    """``--progress/--no-progress``."""
    parser.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                        help="progress bar on stderr (default: when stderr is a terminal)")


def output_format(args: argparse.Namespace, choices: Sequence[str] = RECORDS) -> str:
    """The format to write: ``--format``, else from the ``-o`` extension, else ``line``.

    Raises ValueError (a usage error) for an output extension no format of ``choices`` has."""
    chosen: str | None = getattr(args, "format", None)
    if chosen:
        return chosen
    output = getattr(args, "output", None)
    if not output or output == "-":
        return "line"
    ext = os.path.splitext(output)[1].lower()
    name = _EXTENSIONS.get(ext)
    if name is None or name not in choices:
        raise ValueError(f"cannot tell the output format from {output!r}; add --format ({', '.join(choices)})")
    return name


def refuse_output_over_input(output: str | None, inputs: Sequence[str]) -> str | None:
    """An error message when ``-o`` names one of the input files (it would be emptied
    before it is read), else None."""
    if not output or not os.path.exists(output):
        return None
    for source in inputs:
        if source != "-" and os.path.isfile(source) and os.path.samefile(source, output):
            return f"the output {output} is also an input; write to another file"
    return None
