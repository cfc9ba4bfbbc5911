"""``sudokit convert IN -o OUT [--from F] [--to T]``: convert between puzzle file formats.

Formats come from ``--from``/``--to``, else from the file extensions, else (for the input)
from the content; ``-`` is stdin/stdout. Collections stream record by record, so a
multi-GB file converts in constant memory. Single-puzzle conversions keep pencil marks
when both formats can hold them. Output to a file is written to a temporary file next to
it and renamed at the end (:mod:`sudokit._atomic`), so a failed or killed conversion
never leaves half a file or a temporary file behind; a symlink's target is replaced and
keeps its permissions. After Ctrl-C or SIGTERM the records converted so far are kept.
``sudokit convert --formats`` lists every format.
"""

from __future__ import annotations

import argparse
import io
import os
from typing import IO, Any, cast

from .. import formats
from ..errors import SudokuError
from ..formats import FormatSpec, PencilGrid
from ..formats._registry import by_extension, get
from . import ExitCode, Streams
from ._inputs import stdin_is_piped
from ._options import add_output

_HEAD = 8192


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the ``convert`` command."""
    text = "convert puzzles between file formats (see --formats)"
    parser: argparse.ArgumentParser = sub.add_parser("convert", help=text, description=text)
    parser.add_argument("input", nargs="?", metavar="FILE|-", help="input file, or - for stdin (default: stdin when it is piped)")
    add_output(parser, "output file, or - for stdout (default); the format follows its extension")
    names = formats.format_names()
    parser.add_argument("--from", dest="source_format", choices=names, metavar="FORMAT", help="input format (default: from the extension or content)")
    parser.add_argument("--to", dest="target_format", choices=names, metavar="FORMAT", help="output format (default: from the extension)")
    parser.add_argument("--formats", action="store_true", help="list the formats and exit")
    parser.set_defaults(handler=_convert)


def _convert(args: argparse.Namespace, streams: Streams) -> int:
    if args.formats:
        _list_formats(streams)
        return ExitCode.OK
    if args.output is None:
        args.output = "-"
    if args.input is None and stdin_is_piped(streams):
        args.input = "-"
    if args.input is None:
        streams.error("give an input file (or - for stdin)")
        return ExitCode.USAGE
    try:
        return _run(args, streams)
    except SudokuError:
        raise  # bad input: main() reports it with file:line and exit code 3
    except (ImportError, TypeError, ValueError) as exc:
        # A missing optional extra, a binary format to a text stream, an unknown extension.
        streams.error(str(exc))
        return ExitCode.USAGE


def _list_formats(streams: Streams) -> None:
    for spec in formats.all_formats():
        kind = "collection" if spec.is_collection else "single"
        exts = " ".join(spec.extensions) or "-"
        print(f"{spec.name:12} {kind:10} {exts:22} {spec.description}", file=streams.stdout)


def _run(args: argparse.Namespace, streams: Streams) -> int:
    source, name = _open_input(args.input, streams)
    try:
        in_spec = _input_spec(args, source, name)
        out_spec = _output_spec(args, in_spec)
        if _single_path(in_spec, out_spec):
            puzzle = formats.read(source, in_spec.name, name=name)
            if isinstance(puzzle, PencilGrid) and not out_spec.pencil:
                streams.error(f"note: format {out_spec.name} holds no pencil marks; writing the placed digits only")
                puzzle = puzzle.to_grid()
            _write_output(args.output, streams, out_spec, lambda target: formats.write(puzzle, target, out_spec.name))
        else:
            records = formats.read_collection(source, in_spec.name, name=name)
            try:
                _write_output(args.output, streams, out_spec, lambda target: formats.write_collection(records, target, out_spec.name))
            finally:
                getattr(records, "close")()  # a generator: close it before the input it reads
    finally:
        if args.input != "-":
            source.close()
    return ExitCode.OK


def _open_input(path: str, streams: Streams) -> tuple[IO[bytes], str]:
    """A peekable binary stream for the input (stdin's buffer, or the file)."""
    if path == "-":
        buffer = getattr(streams.stdin, "buffer", None)
        if buffer is None:  # an in-memory text stream (tests)
            buffer = io.BytesIO(streams.stdin.read().encode("utf-8"))
        return cast(IO[bytes], io.BufferedReader(buffer) if not hasattr(buffer, "peek") else buffer), "<stdin>"
    return open(path, "rb"), path


def _input_spec(args: argparse.Namespace, source: IO[bytes], name: str) -> FormatSpec:
    if args.source_format:
        return get(args.source_format)
    head = cast(Any, source).peek(_HEAD)[:_HEAD]
    return get(formats.detect_format(name if args.input != "-" else None, head))


def _output_spec(args: argparse.Namespace, in_spec: FormatSpec) -> FormatSpec:
    if args.target_format:
        return get(args.target_format)
    if args.output != "-":
        spec = by_extension(os.path.splitext(args.output)[1])
        if spec is None:
            raise ValueError(f"cannot tell the output format from {args.output!r}; add --to FORMAT")
        return spec
    if in_spec.is_collection:
        return get("txt")
    return get("sukaku" if in_spec.name in ("sukaku", "pm") else "line")


def _single_path(in_spec: FormatSpec, out_spec: FormatSpec) -> bool:
    """Read one puzzle whole (keeping pencil marks) unless a collection is involved."""
    if out_spec.writer is None:
        return True
    return in_spec.read_records is None and out_spec.dumps is not None


def _write_output(path: str, streams: Streams, spec: FormatSpec, write: Any) -> None:
    if path == "-":
        if spec.binary:
            buffer = getattr(streams.stdout, "buffer", None)
            if buffer is None:
                raise TypeError(f"format {spec.name} is binary: write it to a file with -o")
            streams.stdout.flush()
            write(buffer)
            buffer.flush()
        else:
            write(streams.stdout)
            streams.stdout.flush()
        return
    write(path)  # sudokit.formats writes a path atomically (temporary file, then rename)
