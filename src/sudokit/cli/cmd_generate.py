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
import hashlib
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from .. import errors
from ..generation import SYMMETRIES, Generated, _options, generate_many, minimize, ordered_map, parse_difficulty
from ..grid import Grid
from ..puzzlefile import Entry, parse_entry
from ..transform import canonical
from . import ExitCode, Streams
from ._inputs import iter_inputs, progress
from ._options import RECORDS, add_format, add_inputs, add_jobs, add_output, add_progress, positive, refuse_output_over_input
from ._records import RecordWriter
from ._variant_generate import LAYOUTS, RULES, SIZES, generate_variants, parse_variant

_CHUNK = 256  # puzzles per worker task for canon/dedupe --jobs


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the generate, canon, dedupe and minimize commands."""
    text = "generate puzzles with exactly one solution"
    gen = sub.add_parser("generate", help=text, description=text)
    gen.add_argument("-n", "--count", type=positive, default=1, metavar="N", help="how many puzzles (default 1)")
    gen.add_argument("-d", "--difficulty", type=_difficulty, metavar="LEVEL", help="band (easy medium hard expert extreme), SE range se:LOW-HIGH, or hodoku:LEVEL")
    gen.add_argument("-s", "--symmetry", choices=SYMMETRIES, default="none", help="givens pattern (default none)")
    gen.add_argument("--seed", type=int, metavar="N", help="seed: same seed and options, same puzzles; the first puzzle is generate(seed=N), "
                     "so a record's seed replays it (default: random)")
    gen.add_argument("--clues", type=_clues, metavar="N|LOW-HIGH", help="givens count or range LOW-HIGH")
    gen.add_argument("--not-minimal", dest="minimal", action="store_false", help="stop digging at a clue target instead of at a minimal puzzle")
    gen.add_argument("--require", type=lambda s: [t for t in s.split(",") if t], default=None, metavar="IDS", help="technique ids the solving path must use (see sudokit techniques)")
    gen.add_argument("--rate", action="store_true", help="rate every puzzle and show it in every format (implied by --difficulty/--require)")
    gen.add_argument("--time-budget", type=float, metavar="SECONDS", help="stop after this long, keeping what was written (exit code 6)")
    gen.add_argument("--variant", type=parse_variant, metavar="KINDS", help="variant puzzles, written as variant JSON: one of "
                     f"{', '.join(LAYOUTS)} and/or rules {', '.join(RULES)}, comma separated (e.g. killer,diagonal)")
    gen.add_argument("--size", type=int, choices=SIZES, metavar="N", help=f"grid size N x N: {', '.join(map(str, SIZES))} (default 9; "
                     "not 9: variant JSON as with --variant)")
    gen.add_argument("--no-givens", dest="givens", action="store_false", help="killer puzzles with cages only (with --variant killer)")
    add_format(gen, RECORDS)
    add_output(gen)
    add_jobs(gen)
    add_progress(gen)
    gen.set_defaults(handler=_usage_errors(_generate))

    canon = _input_parser(sub, "canon", "print the canonical (minimal-lexicographic) form of each puzzle")
    add_jobs(canon)
    canon.set_defaults(handler=_usage_errors(_canon))
    dedupe = _input_parser(sub, "dedupe", "keep the first puzzle of each equivalence class (same canonical form)")
    dedupe.add_argument("--canonical", action="store_true", help="write the canonical forms instead of the original puzzles")
    add_jobs(dedupe)
    dedupe.set_defaults(handler=_usage_errors(_dedupe))
    mini = _input_parser(sub, "minimize", "remove givens while each puzzle stays unique")
    mini.add_argument("--seed", type=int, metavar="N", help="order of removal (default: random)")
    mini.add_argument("-s", "--symmetry", choices=SYMMETRIES, default="none", help="remove whole symmetry orbits")
    mini.set_defaults(handler=_usage_errors(_minimize))


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
    add_inputs(parser)
    add_format(parser, RECORDS)
    add_output(parser)
    add_progress(parser)
    return parser


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


# ============================================================================ generate
_GENERATED = ("solution", "seed", "clues", "symmetry", "rating", "band", "hodoku_level", "techniques")


def _generate(args: argparse.Namespace, streams: Streams) -> int:
    if args.variant is not None or args.size not in (None, 9) or not args.givens:
        return generate_variants(args, streams)
    # Check the options before the output file is created.
    _options(args.difficulty, args.symmetry, args.minimal, args.clues, args.require, args.time_budget)
    rated = args.rate or args.difficulty is not None or bool(args.require)
    fields = ("puzzle", *(_GENERATED if rated else _GENERATED[:4]))
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
    bar = progress(streams, args.progress, total=args.count)
    try:
        with RecordWriter(args, streams, fields, line=_generated_line, keyed=False) as out:
            for g in puzzles:
                out.ok(None, **_record(g, rated))
                out.flush()
                if bar is not None:
                    bar.update(1)
    finally:
        if bar is not None:
            bar.close()
        close = getattr(puzzles, "close", None)
        if close is not None:
            close()  # stops worker processes promptly on Ctrl-C
    return ExitCode.OK


def _generated_line(record: dict[str, Any]) -> str:
    """The puzzle, then with a rating ``ER band HoDoKu-level``."""
    if record.get("rating") is None:
        return str(record["puzzle"])
    return f"{record['puzzle']} {record['rating']:.1f} {record['band']} {record['hodoku_level']}"


def _record(g: Generated, rated: bool) -> dict[str, Any]:
    """A generated puzzle's record; its seed replays it (``--seed``, same options)."""
    record: dict[str, Any] = {"puzzle": str(g.puzzle), "solution": str(g.solution), "seed": g.seed,
                              "clues": g.puzzle.givens, "symmetry": g.symmetry}
    if rated:
        rating = g.rating
        if rating is None:
            from ..human.rating import rate as rate_puzzle

            rating = rate_puzzle(g.puzzle)
        record.update(rating=rating.se, band=rating.band, hodoku_level=rating.hodoku_level, techniques=sorted(rating.counts))
    return record


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
    bar = progress(streams, args.progress, sources=args.inputs)
    try:
        with RecordWriter(args, streams, ("canonical",), line=lambda r: str(r["canonical"])) as out:
            for entry, form in _canonical_stream(args, streams):
                if form.startswith("!"):
                    out.failed(entry, form[1:], ExitCode.INVALID, _raw(entry))
                else:
                    out.ok(entry, _raw(entry), canonical=form)
                if bar is not None:
                    bar.update(1)
    finally:
        if bar is not None:
            bar.close()
    return out.status


def _raw(entry: Entry) -> str:
    """The input as one line (a pretty grid's rows joined)."""
    return entry.text if "\n" not in entry.text else "".join(entry.text.split())


def _dedupe(args: argparse.Namespace, streams: Streams) -> int:
    """A filter (not one record per input): the first puzzle of each class is kept; bad
    lines are reported and dropped."""
    if problem := refuse_output_over_input(args.output, args.inputs):
        streams.error(problem)
        return ExitCode.USAGE
    bar = progress(streams, args.progress, sources=args.inputs)
    seen: set[bytes] = set()
    total = kept = 0
    status = ExitCode.OK
    try:
        with RecordWriter(args, streams, ("canonical",), line=lambda r: str(r["canonical"] if args.canonical else r["puzzle"])) as out:
            for entry, form in _canonical_stream(args, streams):
                total += 1
                if bar is not None:
                    bar.update(1)
                if form.startswith("!"):
                    streams.error(f"{entry.where()}: {form[1:]}")
                    status = status or ExitCode.INVALID
                    continue
                digest = hashlib.blake2b(form.encode("ascii"), digest_size=16).digest()
                if digest in seen:
                    continue
                seen.add(digest)
                kept += 1
                out.ok(entry, str(parse_entry(entry)), canonical=form)
    finally:
        if bar is not None:
            bar.close()
        streams.stderr.write(f"sudokit dedupe: kept {kept} of {total} puzzles ({total - kept} duplicates or invalid)\n")
    return status


# ============================================================================ minimize
def _minimize(args: argparse.Namespace, streams: Streams) -> int:
    with RecordWriter(args, streams, ("minimal",), line=lambda r: str(r["minimal"])) as out:
        for entry in iter_inputs(args.inputs, streams):
            try:
                result = minimize(Grid.parse(entry.text), seed=args.seed, symmetry=args.symmetry)
            except errors.SudokuError as exc:
                out.fail(entry, exc, _raw(entry))
                continue
            out.ok(entry, _raw(entry), minimal=str(result))
            out.flush()
    return out.status


__all__ = ["register"]
