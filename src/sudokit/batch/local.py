"""The batch runner: chunks in, workers compute, finished chunks kept, one file out.

The main thread reads the input one chunk at a time and hands chunks to a pool; at most
``2 * jobs`` chunks are in flight, so memory stays flat however large the input is. Each
worker turns a chunk into the encoded bytes of its output rows (:func:`render`); the main
thread keeps them (:class:`~sudokit.batch.manifest.Parts`) as they finish, in any order.
Pools: threads for the kernel operations (the C kernel releases the GIL), processes for
the Python-heavy ones, or a Dask cluster (:mod:`sudokit.batch.dask`); ``jobs=1`` runs in
the main thread.
"""

from __future__ import annotations

import multiprocessing
import os
import queue
import random
import time
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import IO, Any

from .. import _backend
from .io import count_rows_hint, empty_table, encode, format_for, generate_chunks, read_chunks
from .manifest import VERSION, Parts
from .ops import COLUMNS, OPS, Chunk, options_for, run_op
from .variants import VARIANT_CHUNK_ROWS, looks_like_variant_file

__all__ = ["Summary", "Pool", "run", "render"]


@dataclass
class Summary:
    """What a run did: rows and chunks, how many chunks an earlier run had finished,
    the count of each status, seconds spent and the output file."""

    op: str
    output: str
    rows: int = 0
    chunks: int = 0
    resumed_chunks: int = 0
    statuses: Counter[str] = field(default_factory=Counter)
    seconds: float = 0.0

    def line(self) -> str:
        """One human line: rows, time, rate, counts per status."""
        rate = self.rows / self.seconds if self.seconds > 0 else 0.0
        counts = ", ".join(f"{name} {count:,}" for name, count in sorted(self.statuses.items(), key=lambda kv: (kv[0] != "ok", kv[0])))
        resumed = f", {self.resumed_chunks} kept from an earlier run" if self.resumed_chunks else ""
        return (f"batch {self.op}: {self.rows:,} rows in {self.chunks} chunks{resumed}, {self.seconds:.1f} s "
                f"({rate:,.0f} rows/s); {counts or 'no rows'} -> {self.output}")


def render(op: str, chunk: Chunk, options: dict[str, Any], fmt: str) -> tuple[int, bytes, dict[str, Any]]:
    """Compute one chunk and encode it: ``(index, bytes, counts)`` (runs in a worker)."""
    table = run_op(op, chunk, options)
    counted = table.column("status").value_counts()
    statuses = dict(zip(counted.field("values").to_pylist(), counted.field("counts").to_pylist()))
    return chunk.index, encode(op, table, fmt, chunk.index == 0), {"rows": table.num_rows, "statuses": statuses}


Done = Callable[[Any], None]


class Pool:
    """Where chunks are computed: ``submit`` calls ``on_done(result)`` or ``on_error(exc)``
    from any thread when the work ends. The base class runs each chunk at once in the
    calling thread (``jobs=1``)."""

    def submit(self, fn: Callable[..., Any], args: tuple[Any, ...], on_done: Done, on_error: Done) -> None:
        """Start ``fn(*args)``; report its result to ``on_done`` or its exception to ``on_error``."""
        on_done(fn(*args))

    def close(self, cancel: bool) -> None:
        """Stop: wait for the work in flight, or with ``cancel`` drop what has not finished."""


InlinePool = Pool


class ThreadPool(Pool):
    """Threads: for the kernel operations, whose kernel calls release the GIL."""

    def __init__(self, jobs: int) -> None:
        self._pool = ThreadPoolExecutor(max_workers=jobs, thread_name_prefix="sudokit-batch")

    def submit(self, fn: Callable[..., Any], args: tuple[Any, ...], on_done: Done, on_error: Done) -> None:
        """Queue ``fn(*args)`` on a thread."""
        def finished(future: Future[Any]) -> None:
            error = future.exception()
            on_error(error) if error is not None else on_done(future.result())

        self._pool.submit(fn, *args).add_done_callback(finished)

    def close(self, cancel: bool) -> None:
        """Wait for the running chunks (a kernel call cannot be stopped midway; chunks are short)."""
        self._pool.shutdown(wait=True, cancel_futures=cancel)


class ProcessPool(Pool):
    """Worker processes, for the Python-heavy operations (rate, generate)."""

    def __init__(self, jobs: int) -> None:
        from ..generation import _worker_init  # the parent's kernel; no Ctrl-C; dies with the parent

        self._pool = multiprocessing.get_context().Pool(jobs, initializer=_worker_init, initargs=(_backend.name(), os.getpid()))

    def submit(self, fn: Callable[..., Any], args: tuple[Any, ...], on_done: Done, on_error: Done) -> None:
        """Queue ``fn(*args)`` on a worker process."""
        self._pool.apply_async(fn, args, callback=on_done, error_callback=on_error)

    def close(self, cancel: bool) -> None:
        """Finish (or, with ``cancel``, kill) the workers."""
        if cancel:
            self._pool.terminate()
        else:
            self._pool.close()
        self._pool.join()


def local_pool(op: str, jobs: int) -> Pool:
    """The pool for ``op`` on this machine. Kernel operations always get threads (with
    ``jobs=1`` one: the kernel call of a chunk then overlaps reading and writing the others
    in the main thread); Python-heavy ones get processes, or run inline with ``jobs=1``."""
    if OPS[op].processes:
        return ProcessPool(jobs) if jobs > 1 else Pool()
    return ThreadPool(jobs)


@dataclass
class Job:
    """Everything that defines a run's output (the manifest records it)."""

    op: str
    input: str | None
    output: str
    options: dict[str, Any]
    input_format: str | None = None
    output_format: str | None = None
    column: str | None = None
    chunk_rows: int | None = None

    def resolved(self) -> Job:
        """The job with formats and chunk size filled in."""
        in_fmt = format_for(self.input, self.input_format) if self.input else None
        out_fmt = format_for(self.output, self.output_format)
        rows = self.chunk_rows or OPS[self.op].chunk_rows
        if not self.chunk_rows and self.input and in_fmt and looks_like_variant_file(self.input, in_fmt):
            rows = min(rows, VARIANT_CHUNK_ROWS)  # variant solves take milliseconds: short chunks
        return Job(self.op, self.input, self.output, options_for(self.op, self.options), in_fmt, out_fmt, self.column, rows)

    def manifest(self) -> dict[str, Any]:
        """The manifest of this (resolved) job."""
        source = None
        if self.input is not None:
            info = os.stat(self.input)
            source = {"path": os.path.abspath(self.input), "format": self.input_format, "column": self.column,
                      "size": info.st_size, "mtime_ns": info.st_mtime_ns}
        return {"sudokit_batch": VERSION, "op": self.op, "options": self.options, "input": source,
                "output_format": self.output_format, "chunk_rows": self.chunk_rows, "columns": list(COLUMNS[self.op])}

    def chunks(self) -> Iterator[Chunk]:
        """The input's chunks (for generate: row numbers only)."""
        assert self.chunk_rows is not None and self.output_format is not None
        if self.input is None:
            return generate_chunks(int(self.options["count"]), self.chunk_rows)
        assert self.input_format is not None
        return read_chunks(self.input, self.input_format, self.chunk_rows, self.column)

    def total_rows(self) -> int | None:
        """The number of input rows when it is cheap to know."""
        if self.input is None:
            return int(self.options["count"])
        assert self.input_format is not None
        return count_rows_hint(self.input, self.input_format) or _count_lines(self.input, self.input_format)


def _count_lines(path: str, fmt: str) -> int | None:
    """Lines of a text input (for the progress bar's ETA): a fast newline count."""
    if fmt == "parquet":
        return None
    lines = 0
    with open(path, "rb") as stream:
        while block := stream.read(1 << 22):
            lines += block.count(b"\n")
    return max(lines - (fmt == "csv"), 0)


def run(job: Job, jobs: int = 1, *, resume: bool = False, pool: Pool | None = None,
        progress: IO[str] | None = None) -> Summary:
    """Run ``job`` on ``jobs`` local workers (or on ``pool``) and write its output file.

    With ``resume`` the finished chunks of an interrupted run of the same job are kept.
    On Ctrl-C (KeyboardInterrupt) or any error the finished chunks stay in
    ``OUTPUT.parts/`` for ``--resume`` and the exception propagates. ``progress``: a
    stream for a tqdm progress bar (rows, rate, ETA), None for none.
    """
    job = job.resolved()
    assert job.output_format is not None
    parts = Parts(job.output, job.output_format)
    if job.op == "generate" and job.options.get("seed") is None and not (resume and os.path.exists(parts.manifest_path)):
        job.options["seed"] = random.SystemRandom().getrandbits(63)  # recorded: a resume makes the same rows
    manifest = parts.start(job.manifest(), resume)
    job.options = dict(manifest["options"])
    summary = Summary(job.op, job.output)
    started = time.monotonic()
    bar = _bar(progress, job.total_rows() if progress is not None else None)
    try:
        chunks = _drive(job, parts, pool or local_pool(job.op, jobs), max(jobs, 1), summary, bar)
    finally:
        if bar is not None:
            bar.close()
    parts.assemble(chunks, job.op, encode(job.op, empty_table(job.op), job.output_format, True))
    summary.seconds = time.monotonic() - started
    return summary


def _bar(stream: IO[str] | None, total: int | None) -> Any:
    if stream is None:
        return None
    from tqdm import tqdm

    return tqdm(total=total, file=stream, unit=" rows", unit_scale=True, dynamic_ncols=True, mininterval=0.5)


def _drive(job: Job, parts: Parts, pool: Pool, jobs: int, summary: Summary, bar: Any) -> int:
    """Feed chunks to ``pool``, keep results as they come; returns the number of chunks."""
    finished = parts.finished()
    results: queue.Queue[tuple[bool, Any]] = queue.Queue()
    inflight = 0
    chunks = 0
    cancel = True
    try:
        for chunk in job.chunks():
            chunks += 1
            if chunk.index in finished:
                _count(summary, finished[chunk.index], bar, resumed=True)
                continue
            pool.submit(render, (job.op, chunk, job.options, job.output_format),
                        lambda r: results.put((True, r)), lambda e: results.put((False, e)))
            inflight += 1
            while inflight >= 2 * jobs or (inflight and not results.empty()):
                _keep(_next(results), parts, summary, bar)
                inflight -= 1
        while inflight:
            _keep(_next(results), parts, summary, bar)
            inflight -= 1
        cancel = False
    finally:
        pool.close(cancel)
    summary.chunks = chunks
    return chunks


def _next(results: queue.Queue[tuple[bool, Any]]) -> Any:
    """The next finished chunk; a timeout loop so Ctrl-C is seen promptly."""
    while True:
        try:
            ok, value = results.get(timeout=0.2)
        except queue.Empty:
            continue
        if not ok:
            raise value
        return value


def _keep(result: tuple[int, bytes, dict[str, Any]], parts: Parts, summary: Summary, bar: Any) -> None:
    index, data, stats = result
    parts.save(index, data, stats)
    _count(summary, stats, bar, resumed=False)


def _count(summary: Summary, stats: dict[str, Any], bar: Any, resumed: bool) -> None:
    summary.rows += int(stats["rows"])
    summary.statuses.update(stats["statuses"])
    summary.resumed_chunks += resumed
    if bar is not None:
        bar.update(int(stats["rows"]))
