"""The ``sudokit`` console script's entry point (outside the package on purpose).

Importing :mod:`sudokit` takes a few hundred milliseconds; a Ctrl-C or SIGTERM in that
window used to end in a ``KeyboardInterrupt`` traceback, because no code of ours ran
yet. This module imports nothing of sudokit's until it has installed handlers, so any
stop signal during start-up exits quietly with 130 (or 128 + the signal number).
"""

from __future__ import annotations

import os
import signal
import sys
from types import FrameType


def _quiet_exit(signum: int, frame: FrameType | None) -> None:
    os.write(2, b"sudokit: interrupted\n")
    os._exit(130 if signum == signal.SIGINT else 128 + signum)


def install() -> dict[int, object]:
    """Quiet handlers for the stop signals (not for those the caller set to ignore)."""
    previous: dict[int, object] = {}
    for name in ("SIGINT", "SIGTERM", "SIGHUP"):
        signum = getattr(signal, name, None)
        if signum is not None and signal.getsignal(signum) is not signal.SIG_IGN:
            previous[signum] = signal.signal(signum, _quiet_exit)
    return previous


def run() -> None:
    """Install quiet start-up handlers, import the CLI, hand over to it."""
    previous = install()
    from sudokit.cli import run as cli_run

    for signum, handler in previous.items():
        signal.signal(signum, handler)  # type: ignore[arg-type]  # from here on the CLI stops cleanly itself
    cli_run()


if __name__ == "__main__":
    run()
