"""``sudokit info``: version, backend and CPU features, for bug reports and benchmarks."""

from __future__ import annotations

import argparse
import platform

from .. import __version__, _backend
from . import ExitCode, Streams


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the info command."""
    parser = sub.add_parser("info", help="print version, backend and CPU features", description="print version, backend and CPU features")
    parser.set_defaults(handler=_info)


def _info(args: argparse.Namespace, streams: Streams) -> int:
    kernel = _backend.kernel()
    features = ", ".join(kernel.features()) or "none (portable code)"
    lines = [
        f"sudokit {__version__}",
        f"backend: {_backend.name()} ({kernel.__name__})" + (f": {_backend.why()}" if _backend.why() else ""),
        f"available backends: {', '.join(_backend.available())}",
        f"cpu features used: {features}",
        "solver code path: {} ({})".format(*kernel.dispatch()),
        f"python: {platform.python_implementation()} {platform.python_version()} on {platform.machine()} {platform.system()}",
    ]
    print("\n".join(lines), file=streams.stdout)
    return ExitCode.OK
