"""Helpers of the batch tests (tests/test_batch.py, tests/test_batch_variants.py): stopping a
run the way Ctrl-C and SIGKILL do."""

from __future__ import annotations

import signal
import subprocess
import time
from pathlib import Path
from typing import Any

from sudokit.batch.local import InlinePool


class StopAfter(InlinePool):
    """Computes ``n`` chunks, then raises KeyboardInterrupt as Ctrl-C would."""

    def __init__(self, n: int) -> None:
        self.left = n

    def submit(self, fn: Any, args: tuple[Any, ...], on_done: Any, on_error: Any) -> None:
        if self.left == 0:
            raise KeyboardInterrupt
        self.left -= 1
        super().submit(fn, args, on_done, on_error)


def sigkill_after(command: list[str], parts: Path, chunks: int, env: dict[str, str] | None = None) -> int:
    """Start ``command`` (a ``sudokit batch`` run), SIGKILL it once ``parts`` holds
    ``chunks`` finished chunks; returns the number of chunks it left behind."""
    process = subprocess.Popen(command, env=env, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 120
        while len(list(parts.glob("chunk-*.json"))) < chunks and time.monotonic() < deadline and process.poll() is None:
            time.sleep(0.002)
        assert process.poll() is None, "the run ended before it could be killed"
        process.send_signal(signal.SIGKILL)
        assert process.wait(timeout=30) == -signal.SIGKILL
    finally:
        if process.poll() is None:
            process.kill()
        process.stderr.close()  # type: ignore[union-attr]
    return len(list(parts.glob("chunk-*.json")))
