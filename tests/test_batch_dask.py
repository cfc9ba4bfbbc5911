"""sudokit.batch.dask: the Dask path gives the local path's results (a 2-worker LocalCluster)."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pyarrow")
distributed = pytest.importorskip("distributed")
dd = pytest.importorskip("dask.dataframe")
db = pytest.importorskip("dask.bag")
pd = pytest.importorskip("pandas")

import pyarrow.parquet as pq

from sudokit.batch import run_file
from sudokit.batch.dask import DaskPool, map_bag, map_dataframe, parquet_to_parquet
from sudokit.batch.local import Job, run
from sudokit.cli import main

from test_batch import _dataset, _write_input

# The workers are separate processes with their own (default) kernel, so these tests run once.
pytestmark = pytest.mark.single_backend


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    """A LocalCluster of 2 single-threaded worker processes, shared by the module."""
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with distributed.Client(cluster) as c:
            yield c


def _sample(tmp_path: Path) -> Path:
    source = tmp_path / "in.csv"
    _write_input(source, "kaggle_quizzes", _dataset(20))
    with open(source, "a") as stream:
        stream.write("123,x\n" + "11" + "0" * 79 + ",x\n")
    return source


@pytest.mark.parametrize("op, fmt", [("solve", "csv"), ("solve", "parquet"), ("canon", "jsonl"), ("rate", "csv")])
def test_dask_run_writes_the_local_file(tmp_path: Path, client: Any, op: str, fmt: str) -> None:
    source = _sample(tmp_path)
    local, remote = tmp_path / f"local.{fmt}", tmp_path / f"dask.{fmt}"
    run_file(op, str(source), str(local), chunk_rows=9, jobs=2)
    summary = run(Job(op, str(source), str(remote), {}, chunk_rows=9), 2, pool=DaskPool(client))
    assert summary.rows == 22 and summary.statuses["invalid"] == 1 and summary.statuses["conflict"] == 1
    assert remote.read_bytes() == local.read_bytes()


def test_dask_generate_equals_local(tmp_path: Path, client: Any) -> None:
    run_file("generate", None, str(tmp_path / "local.csv"), count=6, seed=3, chunk_rows=2)
    run(Job("generate", None, str(tmp_path / "dask.csv"), {"count": 6, "seed": 3}, chunk_rows=2), 2, pool=DaskPool(client))
    assert (tmp_path / "dask.csv").read_bytes() == (tmp_path / "local.csv").read_bytes()


def test_cli_dask_address(tmp_path: Path, client: Any) -> None:
    source = _sample(tmp_path)
    err = io.StringIO()
    code = main(["batch", "count", str(source), "-o", str(tmp_path / "dask.jsonl"), "--dask", client.scheduler.address, "--chunk-size", "8"], stderr=err)
    assert code == 0, err.getvalue()
    run_file("count", str(source), str(tmp_path / "local.jsonl"), chunk_rows=8)
    assert (tmp_path / "dask.jsonl").read_bytes() == (tmp_path / "local.jsonl").read_bytes()


def test_map_dataframe_and_parquet_to_parquet(tmp_path: Path, client: Any) -> None:
    rows = _dataset(30)
    source = tmp_path / "in.parquet"
    _write_input(source, "parquet", rows)
    run_file("solve", str(source), str(tmp_path / "local.parquet"))
    local = pq.read_table(tmp_path / "local.parquet").to_pandas()
    frame = dd.from_pandas(pd.DataFrame({"puzzle": [p for p, _ in rows], "id": range(30)}), npartitions=3)
    result = map_dataframe(frame, "solve").compute()
    assert list(result.columns) == ["puzzle", "id", "solution", "status", "error"]
    assert result["solution"].tolist() == local["solution"].tolist() == [s for _, s in rows]
    parquet_to_parquet(str(source), str(tmp_path / "out"), "solve", column="quizzes")
    written = dd.read_parquet(str(tmp_path / "out")).compute()
    assert written["solution"].tolist() == [s for _, s in rows] and set(written["status"]) == {"ok"}


def test_map_bag(client: Any) -> None:
    rows = _dataset(10)
    bag = db.from_sequence([p for p, _ in rows] + ["bad"], npartitions=3)
    records = map_bag(bag, "count", limit=3).compute()
    assert [r["count"] for r in records] == [1] * 10 + [None]
    assert records[-1]["status"] == "invalid" and records[0]["puzzle"] == rows[0][0]
