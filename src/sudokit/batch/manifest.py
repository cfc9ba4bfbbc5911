"""Resumable output: finished chunks on disk, a small manifest, one file at the end.

While a run works, its output is a folder ``OUTPUT.parts/`` next to ``OUTPUT``::

    OUTPUT.parts/manifest.json        what the run is (operation, options, input, chunk size)
    OUTPUT.parts/chunk-00000007.csv   the encoded rows of chunk 7 (input rows 7*C .. 8*C-1;
                                      for Parquet an Arrow IPC stream, ``.arrows``)
    OUTPUT.parts/chunk-00000007.json  its row and status counts: written last, so it marks
                                      the chunk as finished

Every file is written to a temporary name, flushed to disk and renamed into place, so a
crash, Ctrl-C or SIGKILL leaves whole chunks only. ``--resume`` reads the manifest,
refuses to continue a different run (another input, operation, option or chunk size) and
skips the finished chunks. A chunk's bytes depend only on its rows, never on ``--jobs``,
the order chunks finished in or on resuming, so the final file — the chunks concatenated
in order (Parquet: one row group per chunk) — is the same file as an uninterrupted run.
When it is in place the folder is removed.
"""

from __future__ import annotations

import json
import os
import shutil
from typing import Any

from .. import _atomic
from ..errors import SudokuError
from ._deps import arrow, parquet
from .ops import schema

__all__ = ["Parts", "ResumeError", "atomic_write"]

VERSION = 1
_FEW_VALUES = {"status", "error", "hodoku_level", "band", "hardest", "solved_logically"}


class ResumeError(SudokuError, ValueError):
    """``--resume`` was asked for a run that does not match, or a run would overwrite one."""


def atomic_write(path: str, data: bytes) -> None:
    """Write ``data`` to ``path`` as a whole or not at all (:mod:`sudokit._atomic`: a
    temporary file, flushed to disk, renamed into place)."""
    with _atomic.atomic_write(path) as stream:
        stream.write(data)


class Parts:
    """The parts folder of one output file."""

    def __init__(self, output: str, fmt: str) -> None:
        self.output, self.fmt = output, fmt
        self.folder = output + ".parts"
        self.manifest_path = os.path.join(self.folder, "manifest.json")

    def _data(self, index: int) -> str:
        return os.path.join(self.folder, f"chunk-{index:08d}.{'arrows' if self.fmt == 'parquet' else self.fmt}")

    def _stats(self, index: int) -> str:
        return os.path.join(self.folder, f"chunk-{index:08d}.json")

    def start(self, manifest: dict[str, Any], resume: bool) -> dict[str, Any]:
        """Begin (or, with ``resume``, continue) a run; returns the manifest in force.

        Options that are None in ``manifest`` (like an unset ``--seed``) take the value
        the interrupted run recorded."""
        if os.path.isdir(self.folder) and os.path.exists(self.manifest_path):
            if not resume:
                raise ResumeError(f"{self.folder} holds an unfinished run: add --resume to continue it, or remove that folder")
            return self._check(manifest)
        os.makedirs(self.folder, exist_ok=True)
        atomic_write(self.manifest_path, json.dumps(manifest, indent=1, sort_keys=True).encode())
        return manifest

    def _check(self, manifest: dict[str, Any]) -> dict[str, Any]:
        with open(self.manifest_path, encoding="utf-8") as stream:
            recorded: dict[str, Any] = json.load(stream)
        options = {k: recorded.get("options", {}).get(k) if v is None else v for k, v in manifest["options"].items()}
        wanted = dict(manifest, options=options)
        for key in sorted(set(wanted) | set(recorded)):
            if wanted.get(key) != recorded.get(key):
                raise ResumeError(
                    f"cannot resume: the run in {self.folder} has {key} = {recorded.get(key)!r}, this one {wanted.get(key)!r} "
                    "(rerun with the same input and options, or remove that folder to start again)"
                )
        return recorded

    def finished(self) -> dict[int, dict[str, Any]]:
        """The finished chunks: index -> their counts."""
        done: dict[int, dict[str, Any]] = {}
        for name in os.listdir(self.folder):
            if name.startswith("chunk-") and name.endswith(".json"):
                index = int(name[6:14])
                if os.path.exists(self._data(index)):
                    with open(os.path.join(self.folder, name), encoding="utf-8") as stream:
                        done[index] = json.load(stream)
        return done

    def save(self, index: int, data: bytes, stats: dict[str, Any]) -> None:
        """Keep one finished chunk (data first, its counts last)."""
        atomic_write(self._data(index), data)
        atomic_write(self._stats(index), json.dumps(stats, sort_keys=True).encode())

    def assemble(self, chunks: int, op: str, empty: bytes) -> None:
        """Join chunks ``0 .. chunks-1`` into the output file (atomically), then drop the folder."""
        missing = [k for k in range(chunks) if not os.path.exists(self._stats(k))]
        if missing:
            raise ResumeError(f"chunks {missing[:5]} of {self.folder} are missing; rerun with --resume")
        with _atomic.atomic_write(self.output) as out:
            if self.fmt == "parquet":
                self._join_parquet(out, chunks, op)
            else:
                self._join_bytes(out, chunks, empty)
        shutil.rmtree(self.folder, ignore_errors=True)

    def _join_bytes(self, out: Any, chunks: int, empty: bytes) -> None:
        if not chunks:
            out.write(empty)
        for k in range(chunks):
            with open(self._data(k), "rb") as part:
                shutil.copyfileobj(part, out, 1 << 20)

    def _join_parquet(self, out: Any, chunks: int, op: str) -> None:
        """One row group per chunk; dictionary encoding only for the few-valued columns
        (puzzles and solutions are all different: a dictionary would only cost time)."""
        pq, pa = parquet(), arrow()
        names = [name for name in schema(op).names if name in _FEW_VALUES]
        with pq.ParquetWriter(out, schema(op), use_dictionary=names) as writer:
            for k in range(chunks):
                with pa.memory_map(self._data(k)) as source:
                    writer.write_table(pa.ipc.open_stream(source).read_all())
