"""The batch operations on Dask: a cluster pool for the runner, and dataframe/bag helpers.

Two ways in (``pip install 'sudokit[dask]'``):

* ``sudokit batch ... --dask tcp://scheduler:8786`` (or ``--dask local``): the same run as
  the local one — the client reads the input in chunks, the workers compute and encode
  them (:func:`sudokit.batch.local.render`), the client keeps finished chunks for
  ``--resume`` and writes the one output file. Same rows, order, columns and bytes as a
  local run; workers need sudokit installed but no shared file system.
* In your own Dask code: :func:`map_dataframe` adds an operation's columns to every
  partition of a ``dask.dataframe`` (one kernel call per chunk of a partition, no Python
  object per puzzle), :func:`map_bag` turns a bag of puzzle strings into a bag of result
  records, and :func:`parquet_to_parquet` reads Parquet partitions, adds the columns and
  writes Parquet.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from ._deps import arrow, require
from .local import Done, Pool
from .ops import COLUMNS, OPS, Chunk, run_op

__all__ = ["DaskPool", "pool_for", "map_partition", "map_dataframe", "map_bag", "parquet_to_parquet"]


class DaskPool(Pool):
    """Runs chunks as tasks of a ``distributed.Client`` (a :class:`~sudokit.batch.local.Pool`)."""

    def __init__(self, client: Any) -> None:
        self.client = client
        self._futures: set[Any] = set()

    def submit(self, fn: Callable[..., Any], args: tuple[Any, ...], on_done: Done, on_error: Done) -> None:
        """Submit ``fn(*args)`` as a task; the callbacks run when it ends."""
        future = self.client.submit(fn, *args, pure=False)
        self._futures.add(future)

        def finished(done: Any) -> None:
            self._futures.discard(done)
            if done.status == "finished":
                on_done(done.result())
            else:
                on_error(done.exception() or RuntimeError(f"dask task {done.key} ended as {done.status}"))

        future.add_done_callback(finished)

    def close(self, cancel: bool) -> None:
        """Cancel the tasks still queued when the run stops early."""
        if cancel and self._futures:
            self.client.cancel(list(self._futures))
        self._futures.clear()


@contextmanager
def pool_for(address: str, jobs: int) -> Iterator[tuple[DaskPool, int]]:
    """A pool on the cluster at ``address`` (``tcp://host:8786``), or on a new
    ``LocalCluster`` of ``jobs`` single-threaded worker processes for ``"local"``;
    yields ``(pool, worker count)``. The client (and a local cluster) close at the end."""
    distributed = require("distributed")
    if address == "local":
        cluster = distributed.LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True, dashboard_address=None)
        client = distributed.Client(cluster)
    else:
        cluster, client = None, distributed.Client(address)
    try:
        workers = max(1, len(client.scheduler_info().get("workers", {})))
        yield DaskPool(client), workers
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


# ------------------------------------------------------------------ dataframes and bags
def map_partition(frame: Any, op: str, column: str = "puzzle", chunk_rows: int | None = None, **options: Any) -> Any:
    """``frame`` (a pandas DataFrame) with the columns of ``op`` added (``puzzle`` aside:
    it is ``column``). Runs ``op`` over chunks of ``chunk_rows`` rows."""
    pa = arrow()
    pd = require("pandas")
    rows = chunk_rows or OPS[op].chunk_rows
    puzzles = pa.Array.from_pandas(frame[column].astype(object), type=pa.string()) if op != "generate" else None
    tables = [run_op(op, Chunk(k, start, min(rows, len(frame) - start), None if puzzles is None else puzzles.slice(start, rows)), options)
              for k, start in enumerate(range(0, len(frame), rows))]
    added = [name for name in COLUMNS[op] if name != "puzzle"]
    if not tables:
        from .ops import schema

        tables = [schema(op).empty_table()]
    result = pa.concat_tables(tables).select(added).to_pandas()
    result.index = frame.index
    return pd.concat([frame, result], axis=1)


def map_dataframe(frame: Any, op: str, column: str = "puzzle", **options: Any) -> Any:
    """A ``dask.dataframe`` with the columns of ``op`` added to every partition (lazy)."""
    meta = map_partition(frame._meta, op, column, **options)
    return frame.map_partitions(map_partition, op, column, meta=meta, **options)


def _bag_partition(puzzles: Any, op: str, options: dict[str, Any]) -> list[dict[str, Any]]:
    pa = arrow()
    items = [p if isinstance(p, str) else None for p in puzzles]
    table = run_op(op, Chunk(0, 0, len(items), pa.array(items, type=pa.string())), options)
    records: list[dict[str, Any]] = table.to_pylist()
    return records


def map_bag(bag: Any, op: str, **options: Any) -> Any:
    """A ``dask.bag`` of result records (dicts with the columns of ``op``) from a bag of
    puzzle strings, one kernel call per partition."""
    return bag.map_partitions(_bag_partition, op, options)


def parquet_to_parquet(source: str, target: str, op: str, column: str = "puzzle", **options: Any) -> None:
    """Read the Parquet dataset ``source``, add the columns of ``op``, write ``target``
    (a folder of Parquet files, one per partition), on the current Dask scheduler."""
    dd = require("dask.dataframe")
    map_dataframe(dd.read_parquet(source), op, column, **options).to_parquet(target, write_index=False)
