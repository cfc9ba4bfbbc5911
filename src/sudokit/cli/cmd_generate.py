"""``sudokit generate``, ``canon``, ``dedupe`` and ``minimize``: making and sorting puzzles.

* ``generate`` writes puzzles as they are made (lines, CSV, JSONL or Parquet, from the
  ``-o`` extension or ``--format``), so Ctrl-C or a spent ``--time-budget`` keeps every
  puzzle already written (exit codes 130 and 6).
* ``canon`` prints the canonical form (:func:`sudokit.transform.canonical`) of each
  puzzle; ``dedupe`` streams puzzles and keeps the first of each equivalence class,
  remembering a 16-byte BLAKE2 digest per class (so ~50 MB per million classes).
* ``minimize`` removes givens while the puzzle stays unique.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import hashlib
import importlib
import json
import os
from collections.abc import Callable, Iterable, Iterator
from typing import IO, Any

from .. import errors
from ..generate import SYMMETRIES, Generated, _options, generate_many, minimize, ordered_map, parse_difficulty
from ..grid import Grid
from ..puzzlefile import Entry, parse_entry
from ..transform import canonical
from . import ExitCode, Streams, exit_code_for
from ._inputs import iter_inputs, progress
from ._options import MAX_JOBS, jobs, positive, refuse_output_over_input

_CHUNK = 256  # puzzles per worker task for canon/dedupe --jobs


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the generate, canon, dedupe and minimize commands."""
    gen = sub.add_parser("generate", help="generate puzzles with exactly one solution", description="Generate puzzles with exactly one solution.")
    gen.add_argument("--count", "-n", type=positive, default=1, help="how many puzzles (default 1)")
    gen.add_argument("--difficulty", "-d", type=_difficulty, help="band (easy medium hard expert extreme), SE range se:LOW-HIGH, or hodoku:LEVEL")
    gen.add_argument("--symmetry", "-s", choices=SYMMETRIES, default="none", help="givens pattern (default none)")
    gen.add_argument("--seed", type=int, help="seed: same seed and options, same puzzles (default: random)")
    gen.add_argument("--clues", type=_clues, help="givens count or range LOW-HIGH")
    gen.add_argument("--not-minimal", dest="minimal", action="store_false", help="stop digging at a clue target instead of at a minimal puzzle")
    gen.add_argument("--require", type=lambda s: [t for t in s.split(",") if t], default=None, metavar="ID,ID", help="technique ids the solving path must use")
    gen.add_argument("--rate", action="store_true", help="rate every puzzle (implied by --difficulty/--require)")
    gen.add_argument("--time-budget", type=float, metavar="SECONDS", help="stop after this long, keeping what was written (exit code 6)")
    gen.add_argument("--jobs", "-j", type=jobs, default=1, help=f"worker processes (default 1, at most {MAX_JOBS})")
    _output_options(gen)
    gen.set_defaults(handler=_usage_errors(_generate))

    canon = _input_parser(sub, "canon", "print the canonical (minimal-lexicographic) form of each puzzle")
    canon.set_defaults(handler=_usage_errors(_canon))
    dedupe = _input_parser(sub, "dedupe", "keep the first puzzle of each equivalence class (same canonical form)")
    dedupe.add_argument("--canonical", action="store_true", help="write the canonical forms instead of the original puzzles")
    dedupe.set_defaults(handler=_usage_errors(_dedupe))

    mini = sub.add_parser("minimize", help="remove givens while the puzzle stays unique", description="Remove givens while the puzzle stays unique.")
    mini.add_argument("inputs", nargs="*", metavar="PUZZLE|FILE|-", help="puzzle strings, files, or - for stdin")
    mini.add_argument("--seed", type=int, help="order of removal (default: random)")
    mini.add_argument("--symmetry", "-s", choices=SYMMETRIES, default="none", help="remove whole symmetry orbits")
    mini.set_defaults(handler=_minimize)


def _usage_errors(handler: Callable[[argparse.Namespace, Streams], int]) -> Callable[[argparse.Namespace, Streams], int]:
    """Report option values the library rejects (unknown technique id, output extension)
    as usage errors (exit code 2) instead of crashing."""

    def run(args: argparse.Namespace, streams: Streams) -> int:
        try:
            return handler(args, streams)
        except ValueError as exc:
            if isinstance(exc, errors.SudokuError):
                raise
            streams.error(str(exc))
            return ExitCode.USAGE

    return run


def _input_parser(sub: argparse._SubParsersAction, name: str, text: str) -> argparse.ArgumentParser:  # type: ignore[type-arg]
    parser: argparse.ArgumentParser = sub.add_parser(name, help=text, description=text)
    parser.add_argument("inputs", nargs="*", metavar="FILE|PUZZLE|-", help="files, puzzle strings, or - for stdin")
    parser.add_argument("--jobs", "-j", type=jobs, default=1, help=f"worker processes (default 1, at most {MAX_JOBS})")
    _output_options(parser)
    return parser


def _output_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("-o", "--output", metavar="FILE", help="output file; format from the extension (.txt .csv .jsonl .parquet)")
    parser.add_argument("--format", "-f", choices=("txt", "csv", "jsonl", "parquet"), help="output format (default: from -o, else txt)")
    parser.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None, help="progress bar on stderr (default: when it is a terminal)")



def _difficulty(text: str) -> str:
    try:
        parse_difficulty(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


def _clues(text: str) -> tuple[int, int]:
    try:
        low, _, high = text.partition("-")
        return int(low), int(high or low)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected N or LOW-HIGH, got {text!r}") from None


# ======================================================================= output writing
class _Output:
    """Records to a file or stdout, through ``sudokit.formats`` when it is installed."""

    def __init__(self, args: argparse.Namespace, streams: Streams) -> None:
        self.target: Any = args.output if args.output else streams.stdout
        self.format: str | None = args.format
        if self.format is None and not args.output:
            self.format = "txt"
        self.stack = contextlib.ExitStack()
        self.writer: Any = None

    def __enter__(self) -> _Output:
        try:
            from ..formats import open_writer
        except ImportError:
            self.writer = self.stack.enter_context(_FallbackWriter(self.target, self.format))
        else:
            self.writer = self.stack.enter_context(open_writer(self.target, self.format))
        return self

    def write(self, record: dict[str, Any]) -> None:
        self.writer.write(record)
        if not isinstance(self.target, str):
            self.target.flush()

    def __exit__(self, *exc: object) -> None:
        self.stack.close()


class _FallbackWriter:
    """txt / csv / jsonl with the standard library, Parquet via pyarrow when importable."""

    def __init__(self, target: str | IO[str], fmt: str | None) -> None:
        ext = os.path.splitext(target)[1].lstrip(".") if isinstance(target, str) else ""
        self.format = fmt or {"csv": "csv", "jsonl": "jsonl", "parquet": "parquet", "pq": "parquet"}.get(ext, "txt")
        self.target = target
        self.rows: list[dict[str, Any]] | None = [] if self.format == "parquet" else None
        self.stream: Any = None
        self.csv: Any = None

    def __enter__(self) -> _FallbackWriter:
        if self.format == "parquet":
            try:
                importlib.import_module("pyarrow.parquet")
            except ImportError:
                raise errors.MissingDependencyError("Parquet output needs pyarrow: pip install sudokit[parquet]") from None
            return self
        self.stream = open(self.target, "w", encoding="utf-8", newline="") if isinstance(self.target, str) else self.target
        if self.format == "csv":
            self.csv = csv.DictWriter(self.stream, ["puzzle", "solution", "rating", "techniques", "seed"], extrasaction="ignore")
            self.csv.writeheader()
        return self

    def write(self, record: dict[str, Any]) -> None:
        if self.rows is not None:
            self.rows.append(record)
        elif self.csv is not None:
            self.csv.writerow({**record, "techniques": " ".join(record.get("techniques") or [])})
        elif self.format == "jsonl":
            self.stream.write(json.dumps(record) + "\n")
        else:
            self.stream.write(record["puzzle"] + "\n")

    def __exit__(self, *exc: object) -> None:
        if self.rows is not None:
            pyarrow = importlib.import_module("pyarrow")
            parquet = importlib.import_module("pyarrow.parquet")
            parquet.write_table(pyarrow.Table.from_pylist(self.rows), self.target)
        elif isinstance(self.target, str) and self.stream is not None:
            self.stream.close()


# ============================================================================ generate
def _generate(args: argparse.Namespace, streams: Streams) -> int:
    # Check the options before the output file is created.
    _options(args.difficulty, args.symmetry, args.minimal, args.clues, args.require, args.time_budget)
    bar = progress(streams, args.progress)
    if bar is not None:
        bar.reset(total=args.count)
    puzzles = generate_many(
        args.count,
        args.difficulty,
        symmetry=args.symmetry,
        minimal=args.minimal,
        clues=args.clues,
        required_techniques=args.require,
        seed=args.seed,
        time_budget=args.time_budget,
        jobs=args.jobs,
    )
    try:
        with _Output(args, streams) as out:
            for g in puzzles:
                out.write(_record(g, args.rate))
                if bar is not None:
                    bar.update(1)
    finally:
        if bar is not None:
            bar.close()
        close = getattr(puzzles, "close", None)
        if close is not None:
            close()  # stops worker processes promptly on Ctrl-C
    return ExitCode.OK


def _record(g: Generated, rate: bool) -> dict[str, Any]:
    if rate and g.rating is None:
        from ..human.rating import rate as rate_puzzle

        record = g.as_record()
        rating = rate_puzzle(g.puzzle)
        record.update(rating=rating.se, techniques=sorted(rating.counts))
        return record
    return g.as_record()


# ===================================================================== canon and dedupe
def _canon_text(text: str) -> str:
    """Canonical form of one puzzle line, or ``"!" + error`` (runs in worker processes)."""
    try:
        return str(canonical(Grid.parse(text)))
    except errors.SudokuError as exc:
        return "!" + str(exc)


def _chunks(entries: Iterable[Entry], size: int) -> Iterator[list[Entry]]:
    chunk: list[Entry] = []
    for entry in entries:
        chunk.append(entry)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _canonical_stream(args: argparse.Namespace, streams: Streams) -> Iterator[tuple[Entry, str]]:
    """(entry, canonical form or "!error") for every input, in input order."""
    entries = iter_inputs(args.inputs, streams)
    if args.jobs == 1:
        for entry in entries:
            yield entry, _canon_text(entry.text)
        return
    for chunk_result in ordered_map(_canon_chunk_entries, _chunks(entries, _CHUNK), args.jobs):
        yield from chunk_result


def _canon_chunk_entries(chunk: list[Entry]) -> list[tuple[Entry, str]]:
    return [(e, _canon_text(e.text)) for e in chunk]


class _Status:
    """The first failure's exit code, with messages naming the input line."""

    def __init__(self, streams: Streams) -> None:
        self.streams, self.code = streams, ExitCode.OK

    def fail(self, entry: Entry, message: str) -> None:
        self.streams.error(f"{entry.where()}: {message}")
        if self.code == ExitCode.OK:
            self.code = ExitCode.INVALID


def _canon(args: argparse.Namespace, streams: Streams) -> int:
    if problem := refuse_output_over_input(args.output, args.inputs):
        streams.error(problem)
        return ExitCode.USAGE
    status, bar = _Status(streams), progress(streams, args.progress)
    try:
        with _Output(args, streams) as out:
            for entry, form in _canonical_stream(args, streams):
                if form.startswith("!"):
                    status.fail(entry, form[1:])
                else:
                    out.write({"puzzle": form})
                if bar is not None:
                    bar.update(1)
    finally:
        if bar is not None:
            bar.close()
    return status.code


def _dedupe(args: argparse.Namespace, streams: Streams) -> int:
    if problem := refuse_output_over_input(args.output, args.inputs):
        streams.error(problem)
        return ExitCode.USAGE
    status, bar = _Status(streams), progress(streams, args.progress)
    seen: set[bytes] = set()
    total = kept = 0
    try:
        with _Output(args, streams) as out:
            for entry, form in _canonical_stream(args, streams):
                total += 1
                if bar is not None:
                    bar.update(1)
                if form.startswith("!"):
                    status.fail(entry, form[1:])
                    continue
                digest = hashlib.blake2b(form.encode("ascii"), digest_size=16).digest()
                if digest in seen:
                    continue
                seen.add(digest)
                kept += 1
                out.write({"puzzle": form if args.canonical else str(parse_entry(entry))})
    finally:
        if bar is not None:
            bar.close()
        streams.stderr.write(f"dedupe: kept {kept} of {total} puzzles ({total - kept} duplicates or invalid)\n")
    return status.code


# ============================================================================ minimize
def _minimize(args: argparse.Namespace, streams: Streams) -> int:
    code = ExitCode.OK
    for entry in iter_inputs(args.inputs, streams):
        try:
            result = minimize(Grid.parse(entry.text), seed=args.seed, symmetry=args.symmetry)
        except errors.SudokuError as exc:
            streams.error(f"{entry.where()}: {exc}")
            code = code or exit_code_for(exc)
            continue
        print(result, file=streams.stdout)
    return code


__all__ = ["register"]
