"""Batch throughput: ``sudokit.batch`` locally and on a Dask LocalCluster (see benchmarks/README.md).

Builds a Kaggle-layout CSV (``quizzes,solutions``, ``0`` for blanks) of ``--rows`` unique
puzzles — ``--bases`` generated minimal puzzles, each repeated under random Sudoku-group
transformations, the same for solution and puzzle — and its Parquet copy, then times:

* the bare kernel: one ``solve_batch`` call over the whole ``(n, 81)`` array (1 thread), and
  ``solve_many(threads=2)``: the reference rates of the local solve path;
* ``batch solve`` CSV->CSV and Parquet->Parquet with 1 and 2 jobs, locally and on a 2-worker
  LocalCluster (Dask overhead = Dask seconds / local seconds on the same cores);
* ``batch canon`` (first ``--canon-rows``), ``batch rate`` (``--rate-rows``) and ``batch
  generate`` (``--gen-rows``) with 1 and 2 jobs, locally and on the cluster;
* peak memory (max RSS of a fresh process running ``batch solve -j 2``) at 10^5 and at
  ``--rows`` rows;
* the cost of resume: a run stopped after half its chunks, then resumed, against one
  uninterrupted run.

    python benchmarks/bench_batch.py                  # 1,000,000 rows: ~15 min on 2 busy cores
    python benchmarks/bench_batch.py --quick          # 20,000 rows, a minute
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

import numpy as np
import pyarrow.csv as pacsv
import pyarrow.parquet as pq

import sudokit
from sudokit import _backend, solve_many
from sudokit.batch import run_file
from sudokit.batch.local import Job, Pool, run
from sudokit.batch.ops import OPS
from sudokit.generation import generate


def make_dataset(path: Path, rows: int, bases: int, seed: int) -> None:
    """A Kaggle-layout CSV of ``rows`` puzzles (transformed copies of ``bases`` generated ones)."""
    made = [generate(seed=seed + k) for k in range(bases)]
    quiz = np.frombuffer(b"".join(bytes(g.puzzle) for g in made), np.uint8).reshape(bases, 81)
    sol = np.frombuffer(b"".join(bytes(g.solution) for g in made), np.uint8).reshape(bases, 81)
    rng = np.random.default_rng(seed)
    with open(path, "wb") as out:
        out.write(b"quizzes,solutions\n")
        for start in range(0, rows, 100_000):
            n = min(100_000, rows - start)
            pick = rng.integers(0, bases, n)
            q, s = _transform(quiz[pick], sol[pick], rng)
            q = np.where(q == ord("."), ord("0"), q).astype(np.uint8)
            line = np.empty((n, 164), np.uint8)
            line[:, :81], line[:, 81], line[:, 82:163], line[:, 163] = q, ord(","), s, ord("\n")
            out.write(line.tobytes())


def _transform(q: Any, s: Any, rng: Any) -> tuple[Any, Any]:
    """The same random relabelling, band/row and stack/column permutation and transposition
    for each (puzzle, solution) pair."""
    n = len(q)
    lut = np.zeros((n, 256), np.uint8)
    lut[:, ord(".")] = ord(".")
    lut[:, ord("1"):ord("9") + 1] = ord("1") + np.argsort(rng.random((n, 9)), axis=1)
    rows = (np.argsort(rng.random((n, 3)), axis=1)[:, :, None] * 3 + np.argsort(rng.random((n, 3, 3)), axis=2)).reshape(n, 9)
    cols = (np.argsort(rng.random((n, 3)), axis=1)[:, :, None] * 3 + np.argsort(rng.random((n, 3, 3)), axis=2)).reshape(n, 9)
    index = (rows[:, :, None] * 9 + cols[:, None, :]).reshape(n, 81)
    flip = rng.random(n) < 0.5
    index[flip] = index[flip].reshape(-1, 9, 9).transpose(0, 2, 1).reshape(-1, 81)
    out = []
    for grid in (q, s):
        moved = np.take_along_axis(grid, index, axis=1)
        out.append(np.take_along_axis(lut, moved.astype(np.intp), axis=1))
    return out[0], out[1]


def _cpu() -> float:
    """CPU seconds of this process and its finished children (user + system)."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def timed(label: str, fn: Callable[[], Any], rows: int, table: list[tuple[str, float, int]]) -> float:
    """Run ``fn`` once, record and print its rows per wall second and per CPU second of this
    process (Dask workers and live pool processes are not in the CPU column: n/a there)."""
    cpu, start = _cpu(), time.perf_counter()
    fn()
    seconds, used = time.perf_counter() - start, _cpu() - cpu
    table.append((label, seconds, rows))
    print(f"| {label} | {rows:,} | {seconds:.2f} | {rows / seconds:,.0f} | {used:.2f} | {rows / max(used, 1e-9):,.0f} |", flush=True)
    return seconds


def clean(*paths: Path) -> None:
    for path in paths:
        if path.is_dir():
            shutil.rmtree(path)
        elif path.exists():
            path.unlink()
        parts = Path(str(path) + ".parts")
        if parts.exists():
            shutil.rmtree(parts)


def bare_kernel(csv_path: Path, rows: int, table: list[tuple[str, float, int]]) -> None:
    data = pacsv.read_csv(csv_path, convert_options=pacsv.ConvertOptions(include_columns=["quizzes"], column_types={"quizzes": "string"})).column(0).combine_chunks()
    cells = np.frombuffer(data.buffers()[2], np.uint8)[: 81 * rows].reshape(rows, 81).copy()
    cells[cells == ord("0")] = ord(".")
    solved, counts = np.empty_like(cells), np.zeros(rows, np.uint32)
    kernel = _backend.kernel()
    timed("bare kernel solve_batch, 1 thread", lambda: kernel.solve_batch(cells, solved, counts, 2), rows, table)
    timed("bare kernel solve_many(threads=2)", lambda: solve_many(cells, unique=True, threads=2), rows, table)
    assert (counts == 1).all(), "the data set should hold unique puzzles only"


class _StopAfter(Pool):
    def __init__(self, n: int) -> None:
        self.left = n

    def submit(self, fn: Any, args: tuple[Any, ...], on_done: Any, on_error: Any) -> None:
        if self.left == 0:
            raise KeyboardInterrupt
        self.left -= 1
        super().submit(fn, args, on_done, on_error)


def peak_memory(csv_path: Path, out: Path) -> float:
    """Peak RSS (MB) of a fresh process running ``batch solve -j 2`` on ``csv_path``: its
    VmHWM (ru_maxrss would carry the forking benchmark's own peak over fork and exec)."""
    code = (
        "from sudokit.batch import run_file; "
        f"run_file('solve', {str(csv_path)!r}, {str(out)!r}, jobs=2); "
        "print(next(line.split()[1] for line in open('/proc/self/status') if line.startswith('VmHWM')))"
    )
    clean(out)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return int(done.stdout.strip()) / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--bases", type=int, default=2000)
    parser.add_argument("--canon-rows", type=int, default=200_000)
    parser.add_argument("--rate-rows", type=int, default=2000)
    parser.add_argument("--gen-rows", type=int, default=1000)
    parser.add_argument("--quick", action="store_true", help="20,000 rows, small rate/generate sets")
    parser.add_argument("--no-dask", action="store_true")
    parser.add_argument("--sections", default="kernel,solve,ops,resume,dask,memory", help="comma-separated subset to run")
    parser.add_argument("--reuse", action="store_true", help="keep the data set already in --work")
    parser.add_argument("--work", type=Path, default=None, help="scratch folder (default: a temporary one)")
    args = parser.parse_args()
    if args.quick:
        args.rows, args.bases, args.canon_rows, args.rate_rows, args.gen_rows = 20_000, 300, 20_000, 200, 100
    work = args.work or Path(tempfile.mkdtemp(prefix="bench_batch_"))
    work.mkdir(parents=True, exist_ok=True)
    print(f"sudokit {sudokit.__version__}, backend {sudokit.BACKEND}, {platform.processor() or platform.machine()}, "
          f"{os.cpu_count()} CPUs, load {os.getloadavg()}, python {platform.python_version()}", flush=True)
    csv_path, pq_path = work / "kaggle.csv", work / "kaggle.parquet"
    start = time.perf_counter()
    if args.reuse and csv_path.exists() and pq_path.exists():
        pass  # the same rows as last time: the data set depends only on --rows/--bases and the seed
    else:
        make_dataset(csv_path, args.rows, args.bases, seed=2026)
        pq.write_table(pacsv.read_csv(csv_path, convert_options=pacsv.ConvertOptions(column_types={"quizzes": "string", "solutions": "string"})), pq_path)
    print(f"data: {args.rows:,} rows, {csv_path.stat().st_size / 1e6:.0f} MB CSV, {pq_path.stat().st_size / 1e6:.0f} MB Parquet, made in {time.perf_counter() - start:.1f} s", flush=True)
    table: list[tuple[str, float, int]] = []
    print("| run | rows | wall s | rows/s | CPU s (this process) | rows/CPU s |\n|---|---:|---:|---:|---:|---:|")
    n = args.rows
    sections = set(args.sections.split(","))
    if "kernel" in sections:
        bare_kernel(csv_path, n, table)
    small = work / "small.csv"
    with open(csv_path, "rb") as src, open(small, "wb") as dst:
        for _ in range(min(n, max(args.canon_rows, args.rate_rows, args.gen_rows)) + 1):
            dst.write(src.readline())
    rate_in, canon_in = work / "rate.csv", work / "canon.csv"
    for path, count in ((rate_in, args.rate_rows), (canon_in, args.canon_rows)):
        with open(small, "rb") as src, open(path, "wb") as dst:
            for _ in range(min(n, count) + 1):
                dst.write(src.readline())
    out = work / "out"
    for op in ("solve", "canon", "rate"):  # warm up: imports, first kernel calls
        clean(out.with_suffix(".csv"))
        run_file(op, str(rate_in), str(out.with_suffix(".csv")), jobs=2)
    for jobs in (1, 2):
        for source, target in ((csv_path, out.with_suffix(".csv")), (pq_path, out.with_suffix(".parquet"))) if "solve" in sections else ():
            clean(target)
            timed(f"local solve {source.suffix[1:]}->{target.suffix[1:]} -j {jobs}", lambda: run_file("solve", str(source), str(target), jobs=jobs), n, table)
        if "ops" not in sections:
            continue
        clean(out.with_suffix(".csv"))
        timed(f"local canon csv->csv -j {jobs}", lambda: run_file("canon", str(canon_in), str(out.with_suffix(".csv")), jobs=jobs), min(n, args.canon_rows), table)
        clean(out.with_suffix(".csv"))
        timed(f"local rate csv->csv -j {jobs}", lambda: run_file("rate", str(rate_in), str(out.with_suffix(".csv")), jobs=jobs), min(n, args.rate_rows), table)
        clean(out.with_suffix(".csv"))
        timed(f"local generate ->csv -j {jobs}", lambda: run_file("generate", None, str(out.with_suffix(".csv")), jobs=jobs, count=args.gen_rows, seed=1), args.gen_rows, table)
    if "resume" in sections:
        resume_run(csv_path, out.with_suffix(".csv"), work, n, table)
    if "dask" in sections and not args.no_dask:
        dask_runs(args, work, csv_path, pq_path, rate_in, canon_in, table)
    for rows_count in sorted({min(100_000, n), n}) if "memory" in sections else ():
        path = csv_path if rows_count == n else work / "mem.csv"
        if rows_count != n:
            with open(csv_path, "rb") as src, open(path, "wb") as dst:
                for _ in range(rows_count + 1):
                    dst.write(src.readline())
        print(f"peak memory, batch solve -j 2 on {rows_count:,} rows: {peak_memory(path, work / 'mem_out.csv'):.0f} MB", flush=True)
    print(f"load after: {os.getloadavg()}")
    if args.work is None:
        shutil.rmtree(work)


def resume_run(csv_path: Path, target: Path, work: Path, n: int, table: list[tuple[str, float, int]]) -> None:
    """Stop a run after half its chunks, resume it; compare with one uninterrupted run."""
    clean(target)
    size = OPS["solve"].chunk_rows
    chunks = -(-n // size)
    first = time.perf_counter()
    try:
        run(Job("solve", str(csv_path), str(target), {}), 1, pool=_StopAfter(chunks // 2))
    except KeyboardInterrupt:
        pass
    half = time.perf_counter() - first
    timed("resume: the second half (-j 1)", lambda: run_file("solve", str(csv_path), str(target), resume=True), n - (chunks // 2) * size, table)
    total = half + table[-1][1]
    print(f"resume: stopped run {half:.2f} s + resumed run {table[-1][1]:.2f} s = {total:.2f} s; same file as one run: {target.read_bytes() == _one_run(csv_path, work)}")


def _one_run(csv_path: Path, work: Path) -> bytes:
    target = work / "one.csv"
    clean(target)
    run_file("solve", str(csv_path), str(target))
    return target.read_bytes()


def dask_runs(args: Any, work: Path, csv_path: Path, pq_path: Path, rate_in: Path, canon_in: Path, table: list[tuple[str, float, int]]) -> None:
    import distributed

    from sudokit.batch.dask import DaskPool

    n = args.rows
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        pool = DaskPool(client)
        for op in ("solve", "rate"):  # warm up the workers (imports, first calls)
            clean(work / "warm.csv")
            run(Job(op, str(rate_in), str(work / "warm.csv"), {}, chunk_rows=10), 2, pool=pool)
        runs = [
            ("solve", csv_path, "csv", {}, n),
            ("solve", pq_path, "parquet", {}, n),
            ("canon", canon_in, "csv", {}, min(n, args.canon_rows)),
            ("rate", rate_in, "csv", {}, min(n, args.rate_rows)),
            ("generate", None, "csv", {"count": args.gen_rows, "seed": 1}, args.gen_rows),
        ]
        for op, source, fmt, options, rows in runs:
            target = work / f"dask.{fmt}"
            clean(target)
            timed(f"dask 2 workers {op} {source.suffix[1:] if source else ''}->{fmt}",
                  lambda: run(Job(op, str(source) if source else None, str(target), options), 2, pool=pool), rows, table)


if __name__ == "__main__":
    main()
