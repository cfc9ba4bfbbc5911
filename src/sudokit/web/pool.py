"""Worker processes with a time budget per job: a slow request never pins the server.

Each job runs in one of ``size`` worker processes. The event loop waits for the answer
on the worker's pipe (``loop.add_reader``: no thread is blocked) for at most the job's
budget; when the budget runs out the worker is killed, a fresh one takes its place on
the next job, and the request gets :class:`~sudokit.errors.SearchLimitExceeded`. A
thread could not be stopped that way: a runaway search would keep a core busy.

Two limits shape the load: at most ``size`` jobs run at once, and at most ``heavy``
of them are heavy (hint, explain, rate, generate, trace), so light requests (solve,
check...) still find a worker while heavy ones run. A request that finds no free slot
within ``queue_seconds`` gets :class:`ServerBusy` (HTTP 429).

Workers are started from a fork server that has already imported sudokit, so starting
(or replacing) one costs a fork, not a fresh interpreter.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import threading
import time
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

from ..errors import SearchLimitExceeded, SudokuError

__all__ = ["WorkerPool", "ServerBusy", "JobError", "WorkerCrashed"]


class ServerBusy(SudokuError):
    """Every worker (or every heavy slot) stayed busy for the whole queue wait."""


class WorkerCrashed(SudokuError):
    """A worker process died while running a job (a bug, or it ran out of memory)."""


class JobError(SudokuError):
    """An error raised inside a job, carried back by type name and message."""

    def __init__(self, type_name: str, message: str, kinds: tuple[str, ...]) -> None:
        super().__init__(message)
        self.type_name = type_name
        self.kinds = kinds  # names of the exception's classes, most derived first


def _watch_server(server: int) -> None:
    """Exit when the server process is gone. A forked worker's parent is the fork server,
    which only exits once every worker has (each holds its "alive" pipe), so a worker in
    the middle of a long job must notice the server's death itself."""
    while True:
        try:
            os.kill(server, 0)
        except ProcessLookupError:
            os._exit(1)
        except PermissionError:  # the pid was reused by another user's process: the server is gone
            os._exit(1)
        time.sleep(0.5)


def _worker_main(conn: Connection, server: int) -> None:
    """A worker's loop: receive ``(job, kwargs)``, answer ``("ok", json_bytes)`` or an error."""
    # Ctrl-C is the server's to handle; die with the fork server (PR_SET_PDEATHSIG) and
    # with the server itself, even mid-job and even when it was SIGKILLed.
    from .._signals import worker_init
    from .jobs import JOBS

    worker_init()
    threading.Thread(target=_watch_server, args=(server,), name="sudokit-server-watch", daemon=True).start()

    while True:
        try:
            name, kwargs = conn.recv()
        except (EOFError, OSError):
            return
        try:
            # The answer leaves the worker as JSON bytes: the server forwards them without
            # parsing or re-validating (a 400,000-event trace would block its event loop).
            conn.send(("ok", json.dumps(JOBS[name](**kwargs), separators=(",", ":")).encode("utf-8")))
        except Exception as exc:  # every error goes back to the server, typed
            kinds = tuple(k.__name__ for k in type(exc).__mro__ if k not in (object, BaseException))
            conn.send(("error", type(exc).__name__, str(exc), kinds))


@dataclass
class _Worker:
    process: Any
    conn: Connection

    def alive(self) -> bool:
        return bool(self.process.is_alive())

    def kill(self) -> None:
        self.process.kill()
        self.process.join(1.0)
        self.conn.close()


@dataclass
class WorkerPool:
    """``size`` worker processes, ``heavy`` of them at most on heavy jobs."""

    size: int = 2
    heavy: int = 1
    queue_seconds: float = 2.0
    _idle: list[_Worker] = field(default_factory=list, init=False)
    _slots: asyncio.Semaphore | None = field(default=None, init=False)
    _heavy_slots: asyncio.Semaphore | None = field(default=None, init=False)
    _context: Any = field(default=None, init=False)
    _loop: Any = field(default=None, init=False)
    _all: set[int] = field(default_factory=set, init=False)
    _workers: list[_Worker] = field(default_factory=list, init=False)

    def __post_init__(self) -> None:
        if self.size < 1 or not 1 <= self.heavy <= self.size:
            raise ValueError(f"need 1 <= heavy <= size, got size={self.size} heavy={self.heavy}")

    def _start_method(self) -> Any:
        if self._context is None:
            methods = multiprocessing.get_all_start_methods()
            self._context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
            if "forkserver" in methods:
                self._context.set_forkserver_preload(["sudokit.web.jobs"])
        return self._context

    def _spawn(self) -> _Worker:
        context = self._start_method()
        parent, child = context.Pipe()
        process = context.Process(target=_worker_main, args=(child, os.getpid()), daemon=True, name="sudokit-web-worker")
        process.start()
        child.close()
        worker = _Worker(process, parent)
        self._workers.append(worker)
        return worker

    async def run(self, job: str, kwargs: dict[str, Any], *, budget: float, heavy: bool = False) -> Any:
        """Run ``job`` in a worker within ``budget`` seconds and return its result as JSON bytes.

        Raises :class:`ServerBusy`, :class:`SearchLimitExceeded` (budget spent; the worker
        is killed), :class:`JobError` (the job raised) or :class:`WorkerCrashed`.
        """
        loop = asyncio.get_running_loop()
        if self._slots is None or self._heavy_slots is None or self._loop is not loop:
            # asyncio primitives belong to one loop; a test client may run each request in a new one
            self._slots, self._heavy_slots, self._loop = asyncio.Semaphore(self.size), asyncio.Semaphore(self.heavy), loop
        gates = [self._heavy_slots, self._slots] if heavy else [self._slots]
        taken: list[asyncio.Semaphore] = []
        try:
            for gate in gates:
                await self._enter(gate)
                taken.append(gate)
            return await self._run_in_worker(job, kwargs, budget)
        finally:
            for gate in taken:
                gate.release()

    async def _enter(self, gate: asyncio.Semaphore) -> None:
        try:
            await asyncio.wait_for(gate.acquire(), self.queue_seconds)
        except asyncio.TimeoutError:
            raise ServerBusy(f"the server is busy (all workers stayed busy for {self.queue_seconds:g} s); try again") from None

    async def _run_in_worker(self, job: str, kwargs: dict[str, Any], budget: float) -> Any:
        worker = self._idle.pop() if self._idle else self._spawn()
        if not worker.alive():
            self._discard(worker)
            worker = self._spawn()
        start = time.monotonic()
        try:
            worker.conn.send((job, kwargs))
            reply = await asyncio.wait_for(self._reply(worker.conn), budget)
        except asyncio.TimeoutError:
            self._discard(worker)
            raise SearchLimitExceeded(
                f"time budget of {budget:g} s exhausted (the work was stopped)", seconds=time.monotonic() - start
            ) from None
        except (EOFError, OSError, asyncio.CancelledError) as exc:
            self._discard(worker)  # dead, or the client went away mid-job: never reuse a busy worker
            if isinstance(exc, asyncio.CancelledError):
                raise
            raise WorkerCrashed("a worker process died while working on this request") from None
        self._idle.append(worker)
        if reply[0] == "ok":
            return reply[1]
        raise JobError(reply[1], reply[2], tuple(reply[3]))

    async def _reply(self, conn: Connection) -> Any:
        loop = asyncio.get_running_loop()
        ready: asyncio.Future[None] = loop.create_future()
        fd = conn.fileno()

        def wake() -> None:
            if not ready.done():
                ready.set_result(None)

        loop.add_reader(fd, wake)
        try:
            await ready
        finally:
            loop.remove_reader(fd)
        return conn.recv()

    def _discard(self, worker: _Worker) -> None:
        worker.kill()
        if worker in self._workers:
            self._workers.remove(worker)

    def close(self) -> None:
        """Kill every worker (the server is shutting down)."""
        for worker in list(self._workers):
            self._discard(worker)
        self._idle.clear()
        self._slots = self._heavy_slots = None

    @property
    def started(self) -> int:
        """How many worker processes are alive now."""
        return sum(1 for w in self._workers if w.alive())
