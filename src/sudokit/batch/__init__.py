"""Datasets at any scale: solve, count, rate, canonicalise and generate millions of puzzles.

One module per idea:

* :mod:`~sudokit.batch.columns`: Arrow string columns <-> numpy ``uint8 (n, 81)`` cells,
  the ``status`` vocabulary;
* :mod:`~sudokit.batch.ops`: the operations, each from a chunk of rows to an Arrow table;
* :mod:`~sudokit.batch.io`: chunked readers and writers for line, CSV, JSONL and Parquet;
* :mod:`~sudokit.batch.manifest`: finished chunks on disk, the manifest, ``--resume``;
* :mod:`~sudokit.batch.local`: the runner and its local pools (threads, processes);
* :mod:`~sudokit.batch.dask`: the same operations on a Dask cluster, and over
  ``dask.dataframe`` / ``dask.bag`` collections.

Needs numpy and pyarrow (``pip install 'sudokit[batch]'``); Dask is optional
(``pip install 'sudokit[dask]'``). See ``docs/batch.md``.

>>> import pathlib, tempfile, sudokit.batch
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "in.txt").write_text("." * 81 + "\\n" + "1" * 81 + "\\n")
>>> summary = sudokit.batch.run_file("count", str(folder / "in.txt"), str(folder / "out.csv"), limit=3)
>>> summary.statuses == {"ok": 1, "conflict": 1}
True
>>> print((folder / "out.csv").read_text()[:60])
"puzzle","count","status","error"
"..........................
"""

from __future__ import annotations

from typing import IO, Any

from .columns import STATUSES
from .local import Job, Summary, run
from .ops import COLUMNS, OPS

__all__ = ["COLUMNS", "OPERATIONS", "STATUSES", "Job", "Summary", "run", "run_file"]

#: The operation names.
OPERATIONS = tuple(OPS)


def run_file(
    op: str,
    input: str | None,
    output: str,
    *,
    jobs: int = 1,
    resume: bool = False,
    input_format: str | None = None,
    output_format: str | None = None,
    column: str | None = None,
    chunk_rows: int | None = None,
    progress: IO[str] | None = None,
    **options: Any,
) -> Summary:
    """Run operation ``op`` over the file ``input`` (None for ``generate``) into ``output``.

    ``options`` are the operation's: ``first`` (solve: accept several solutions),
    ``limit`` (count), ``count``/``seed``/``difficulty``/``symmetry``/``minimal``/
    ``time_budget`` (generate). See :func:`sudokit.batch.local.run` for the rest.
    """
    if op not in OPS:
        raise ValueError(f"unknown batch operation {op!r} (choose from {', '.join(OPS)})")
    job = Job(op, input, output, options, input_format, output_format, column, chunk_rows)
    return run(job, jobs, resume=resume, progress=progress)
