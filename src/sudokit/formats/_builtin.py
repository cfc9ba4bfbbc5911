"""Registers the built-in formats (imported once by ``sudokit.formats``).

Order matters only for extension look-ups shared by several formats: the first
registration that lists an extension wins.
"""

from __future__ import annotations

from . import csvfmt, jsonl, text
from ._registry import FormatSpec, register

register(FormatSpec("txt", "one 81-character puzzle per line", (".txt", ".text"),
                    read_records=text.read_txt, writer=text.TxtWriter))
register(FormatSpec("line", "a single 81-character puzzle", (".line",),
                    loads=text.loads_line, dumps=text.dumps_line))
register(FormatSpec("pretty", "a multi-line grid with | - + decoration", (".grid", ".pretty"),
                    loads=text.loads_pretty, dumps=text.dumps_pretty))
register(FormatSpec("csv", "CSV with puzzle, solution, rating, techniques, seed columns", (".csv",),
                    read_records=csvfmt.read_csv, writer=csvfmt.CsvWriter))
register(FormatSpec("jsonl", "JSON Lines, one record object per line", (".jsonl", ".ndjson"),
                    read_records=jsonl.read_jsonl, writer=jsonl.JsonlWriter))
