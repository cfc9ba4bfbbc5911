"""The ``sudokit`` command line: ``main(argv, stdin, stdout, stderr) -> int``.

Each sub-command lives in its own module ``sudokit.cli.cmd_<name>`` that defines
``register(subparsers)``; the module adds its parser and sets ``handler`` to a function
``handler(args, streams) -> int``. Modules are discovered automatically, so adding a
command never touches this file.

Exit codes (also in ``sudokit --help``):

====  =====================  ==================================================
code  name                   meaning
====  =====================  ==================================================
0     OK                     everything succeeded
1     FAILURE                an unexpected internal error (a bug: please report)
2     USAGE                  bad command-line arguments, or an optional extra is missing
3     INVALID                some input was not a valid puzzle (format/conflict)
4     UNSOLVABLE             some puzzle has no solution
5     MULTIPLE               some puzzle has more than one solution (where one was required)
6     LIMIT                  a node, time or count limit ran out
7     IO                     a file could not be read or written
130   INTERRUPTED            stopped by Ctrl-C; what was finished has been written
143   (128 + signal)         stopped by SIGTERM (129: SIGHUP), the same way as by Ctrl-C
====  =====================  ==================================================

When several inputs fail in different ways, the exit code is that of the first failure.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import pkgutil
import sys
from dataclasses import dataclass
from enum import IntEnum
from typing import IO, Callable, Sequence

from .. import __version__, errors
from .._signals import Terminated, exit_status, shutdown_signals

__all__ = ["COMMAND_ORDER", "ExitCode", "Streams", "main", "run", "exit_code_for", "usage_error"]


class ExitCode(IntEnum):
    """Named process exit codes of the ``sudokit`` command."""

    OK = 0
    FAILURE = 1
    USAGE = 2
    INVALID = 3
    UNSOLVABLE = 4
    MULTIPLE = 5
    LIMIT = 6
    IO = 7
    INTERRUPTED = 130


@dataclass
class Streams:
    """The three standard streams a command reads and writes (injected for tests)."""

    stdin: IO[str]
    stdout: IO[str]
    stderr: IO[str]
    command: str = ""  # set once the arguments are parsed: messages name it

    def error(self, message: str) -> None:
        """Write ``sudokit CMD: <message>`` (``sudokit: <message>`` before a command is known)."""
        print(f"{self.prog}: {message}", file=self.stderr)

    @property
    def prog(self) -> str:
        """``sudokit CMD``, the name messages start with."""
        return f"sudokit {self.command}" if self.command else "sudokit"


Handler = Callable[[argparse.Namespace, Streams], int]


def exit_code_for(exc: BaseException) -> ExitCode:
    """Map an exception to the exit code the CLI reports for it."""
    table: list[tuple[type[BaseException], ExitCode]] = [
        (errors.MissingDependencyError, ExitCode.USAGE),
        (errors.InvalidPuzzleError, ExitCode.INVALID),
        (errors.UnsolvableError, ExitCode.UNSOLVABLE),
        (errors.MultipleSolutionsError, ExitCode.MULTIPLE),
        (errors.SearchLimitExceeded, ExitCode.LIMIT),
        (OSError, ExitCode.IO),
        (KeyboardInterrupt, ExitCode.INTERRUPTED),
    ]
    for kind, code in table:
        if isinstance(exc, kind):
            return code
    return ExitCode.FAILURE


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser that raises instead of exiting, so ``main`` stays in-process."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise _UsageError(f"{self.prog}: {message}")  # prog is "sudokit CMD": said once

    def exit(self, status: int = 0, message: str | None = None) -> None:  # type: ignore[override]
        if message:
            raise _UsageError(message.strip())
        raise _EarlyExit(status)


class _UsageError(Exception):
    pass


class _EarlyExit(Exception):
    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


def _command_modules() -> list[str]:
    return sorted(m.name for m in pkgutil.iter_modules(__path__) if m.name.startswith("cmd_"))


def build_parser() -> argparse.ArgumentParser:
    """Build the argument parser with every discovered sub-command."""
    parser = _Parser(
        prog="sudokit",
        description="Solve, count, check, rate and generate Sudoku puzzles.",
        epilog="exit codes: " + ", ".join(f"{c.value} {c.name.lower()}" for c in ExitCode),
    )
    parser.add_argument("--version", action="version", version=f"sudokit {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name in _command_modules():
        module = importlib.import_module(f"{__name__}.{name}")
        module.register(sub)
    _order_commands(sub)
    return parser


#: Commands in `sudokit --help` by how often people use them; commands not named here
#: (new ones) follow in the order they registered.
COMMAND_ORDER = (
    "solve", "count", "check", "hint", "explain", "rate", "generate", "canon", "dedupe", "minimize",
    "convert", "render", "book", "batch", "serve", "techniques", "bench", "info",
)


def _order_commands(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    rank = {name: k for k, name in enumerate(COMMAND_ORDER)}
    sub._choices_actions.sort(key=lambda action: rank.get(action.dest, len(rank)))  # stable
    ordered = sorted(sub.choices.items(), key=lambda item: rank.get(item[0], len(rank)))
    sub.choices.clear()
    sub.choices.update(ordered)


def main(
    argv: Sequence[str] | None = None,
    stdin: IO[str] | None = None,
    stdout: IO[str] | None = None,
    stderr: IO[str] | None = None,
) -> int:
    """Run the CLI in-process and return its exit code (never raises, never exits)."""
    streams = Streams(stdin or sys.stdin, stdout or sys.stdout, stderr or sys.stderr)
    args_list = list(sys.argv[1:] if argv is None else argv)
    with shutdown_signals():  # SIGTERM/SIGHUP stop a command exactly like Ctrl-C
        return int(_guarded(args_list, streams))


def _guarded(argv: list[str], streams: Streams) -> int:
    """Run a command, turning the errors users can cause into messages and exit codes."""
    try:
        return _dispatch(argv, streams)
    except KeyboardInterrupt as exc:  # Ctrl-C, or SIGTERM/SIGHUP (see sudokit._signals)
        try:
            streams.error("interrupted" if not isinstance(exc, Terminated) else f"stopped by signal {exc.signum}")
        except (OSError, ValueError):
            pass  # stderr is gone too
        return exit_status(exc)
    except BrokenPipeError:
        return ExitCode.OK  # the reader went away (e.g. `| head`); not our failure
    except errors.SudokuError as exc:
        streams.error(str(exc))
        return exit_code_for(exc)
    except OSError as exc:
        streams.error(f"{exc.strerror or exc}: {exc.filename}" if exc.filename else str(exc))
        return ExitCode.IO
    except Exception as exc:  # a bug: one line and exit code 1, never a traceback
        streams.error(f"internal error (please report): {type(exc).__name__}: {exc}")
        return ExitCode.FAILURE


def _dispatch(argv: list[str], streams: Streams) -> int:
    parser = build_parser()
    try:
        # argparse prints --help/--version to sys.stdout; send it to our streams instead.
        with contextlib.redirect_stdout(streams.stdout), contextlib.redirect_stderr(streams.stderr):
            args, extra = parser.parse_known_args(argv)
            if extra:  # name the command, as its own parser's errors do
                prog = f"sudokit {args.command}" if getattr(args, "command", None) else "sudokit"
                raise _UsageError(f"{prog}: unrecognized arguments: {' '.join(extra)}")
    except _UsageError as exc:
        print(str(exc), file=streams.stderr)
        return ExitCode.USAGE
    except _EarlyExit as exc:  # --help / --version already printed
        return exc.status
    if not getattr(args, "handler", None):
        parser.print_help(streams.stdout)
        return ExitCode.USAGE
    streams.command = args.command
    handler: Handler = args.handler
    try:
        return int(handler(args, streams))
    except _UsageError as exc:  # a handler's own usage check (see usage_error)
        streams.error(str(exc))
        return ExitCode.USAGE


def usage_error(message: str) -> Exception:
    """An exception a handler raises for a bad option combination: reported as
    ``sudokit CMD: message`` with exit code 2."""
    return _UsageError(message)


def run() -> None:
    """Console-script entry point: ``sys.exit(main())``.

    Output still buffered when the command ends is flushed here; if the reader has gone
    (``| head``, a full disk), stdout is pointed at /dev/null so the interpreter's own
    final flush does not print "Exception ignored ... BrokenPipeError"."""
    try:
        code = main()
        sys.stdout.flush()
    except KeyboardInterrupt as exc:  # a second Ctrl-C while main() was reporting the first
        code = exit_status(exc)
        _silence_stdout()
    except (OSError, ValueError):  # BrokenPipeError, or stdout closed by a command
        code = ExitCode.OK if isinstance(sys.exc_info()[1], BrokenPipeError) else ExitCode.IO
        _silence_stdout()
    sys.exit(code)


def _silence_stdout() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass
