"""``sudokit techniques``: the technique ids that ``--techniques``/``--require`` take, in the
order a solving path tries them, with their family and ratings."""

from __future__ import annotations

import argparse
from typing import Any

from . import ExitCode, Streams
from ._options import add_format, add_output
from ._records import RecordWriter

_FIELDS = ("id", "name", "family", "se", "hodoku_level", "hodoku_score", "uniqueness")


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the techniques command."""
    text = "list the technique ids (for --techniques and --require), easiest first"
    parser: argparse.ArgumentParser = sub.add_parser("techniques", help=text, description=text)
    add_format(parser, ("line", "csv", "jsonl", "json"), "line")
    add_output(parser)
    parser.set_defaults(handler=_techniques)


def _line(record: dict[str, Any]) -> str:
    return (f"{record['id']:26} {record['se']:4.1f} {record['hodoku_level']:8} {record['hodoku_score']:5}  "
            f"{record['family']:14} {record['name']}")


def _techniques(args: argparse.Namespace, streams: Streams) -> int:
    from ..human.registry import TECHNIQUES

    with RecordWriter(args, streams, _FIELDS, line=_line, keyed=False) as out:
        for t in TECHNIQUES:
            record: dict[str, Any] = {"id": t.id, "name": t.name, "family": t.family, "se": t.se_rating, "hodoku_level": t.hodoku_level,
                      "hodoku_score": t.hodoku_score, "uniqueness": t.uniqueness}
            out.ok(None, **record)
    return ExitCode.OK
