"""Process hygiene: one shutdown path for SIGINT and SIGTERM, and worker
processes that die with their parent.

* :func:`shutdown_signals` (used by :func:`sudokit.cli.main`) turns SIGTERM (and SIGHUP)
  into :class:`Terminated`, a ``KeyboardInterrupt``: every command then stops the same way
  on Ctrl-C, ``kill`` or a closed terminal — ``finally`` blocks run, worker pools are
  stopped, outputs keep their complete records (:mod:`sudokit._atomic`) — and exits with
  130 (SIGINT) or 128 + the signal number.
* :func:`worker_init` is the initializer of every worker pool (``multiprocessing`` or
  ``concurrent.futures``): the worker ignores Ctrl-C (the parent decides), gets the
  default SIGTERM action back (a fork inherits the parent's Python handler, which would
  print a traceback when the pool is terminated), and asks the kernel to kill it when the
  parent dies, even by SIGKILL (Linux ``PR_SET_PDEATHSIG``; elsewhere a thread watches the
  parent's pid). Its stderr is closed over a broken pipe so a dying worker stays quiet.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

__all__ = ["Terminated", "shutdown_signals", "worker_init", "exit_status"]

_PR_SET_PDEATHSIG = 1
#: Signals handled like Ctrl-C (SIGHUP: the terminal went away).
STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))


class Terminated(KeyboardInterrupt):
    """SIGTERM or SIGHUP, raised in the main thread so it stops work like Ctrl-C."""

    def __init__(self, signum: int) -> None:
        super().__init__(f"signal {signum}")
        self.signum = signum


def exit_status(exc: KeyboardInterrupt) -> int:
    """130 for Ctrl-C, 128 + the signal number for SIGTERM/SIGHUP (shell convention)."""
    return 128 + exc.signum if isinstance(exc, Terminated) else 130


def _raise_terminated(signum: int, frame: FrameType | None) -> None:
    raise Terminated(signum)


@contextmanager
def shutdown_signals() -> Iterator[None]:
    """While active, SIGTERM/SIGHUP raise :class:`Terminated` (a no-op outside the main
    thread, where Python cannot install handlers). Previous handlers come back after."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {}
    for signum in STOP_SIGNALS:
        if signal.getsignal(signum) is signal.SIG_IGN:
            continue  # nohup: the user asked for this signal to be ignored
        previous[signum] = signal.signal(signum, _raise_terminated)
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def worker_init(parent: int | None = None) -> None:
    """Initializer for worker processes: die with the parent, quiet on stop signals.

    ``parent`` is the parent's pid as the parent saw it (``os.getpid()`` there); pass it
    so a parent killed before this runs is noticed too."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for signum in STOP_SIGNALS:
        signal.signal(signum, signal.SIG_DFL)
    parent = os.getppid() if parent is None else parent
    if not _die_with_parent():
        threading.Thread(target=_watch_parent, args=(parent,), name="sudokit-parent-watch", daemon=True).start()
    if os.getppid() != parent:  # the parent died before the kernel could be told
        os._exit(1)


def _die_with_parent() -> bool:
    """Ask Linux to SIGKILL this process when its parent exits; False where unsupported."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


def _watch_parent(parent: int) -> None:
    """Portable fallback: exit as soon as the process is re-parented."""
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(1)
