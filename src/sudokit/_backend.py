"""Choose the kernel: the C extension ``_core`` when it imports, else the twin ``_pycore``.

``SUDOKIT_PUREPYTHON=1`` forces the twin. Everything else in sudokit calls the kernel
through :func:`kernel` (looked up at call time), so tests can switch backends with
:func:`use`.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from types import ModuleType

#: Why the twin runs ("" when the C core does): for ``sudokit info`` and bug reports.
_WHY = ""


def _twin() -> ModuleType:
    """The pure-Python twin, imported only when it is used (it costs ~100 ms to import)."""
    from . import _pycore

    return _pycore


def _build_failure() -> str:
    """The reason the install could not build the C core (setup.py leaves it), or ""."""
    path = os.path.join(os.path.dirname(__file__), "_build_failed.txt")
    try:
        with open(path, encoding="utf-8") as note:
            return note.read().strip()
    except OSError:
        return ""


def _load_default() -> tuple[str, ModuleType]:
    global _WHY
    if os.environ.get("SUDOKIT_PUREPYTHON", "") not in ("", "0"):
        _WHY = "SUDOKIT_PUREPYTHON is set"
        return "python", _twin()
    try:
        from . import _core
    except ImportError as exc:
        _WHY = _build_failure() or f"the C core does not load ({exc}); reinstall with a C compiler (pip install -v . shows why)"
        return "python", _twin()
    return "c", _core


_NAME, _KERNEL = _load_default()


def why() -> str:
    """Why the pure-Python twin runs instead of the C core ("" when the C core runs)."""
    return _WHY


def name() -> str:
    """The active backend: ``"c"`` or ``"python"``."""
    return _NAME


def kernel() -> ModuleType:
    """The active kernel module (``_core`` or ``_pycore``)."""
    return _KERNEL


def available() -> list[str]:
    """Backends that can be used in this process (``"python"`` always is)."""
    names = ["python"]
    try:
        from . import _core  # noqa: F401
    except ImportError:
        return names
    return ["c", "python"]


@contextlib.contextmanager
def use(backend: str) -> Iterator[None]:
    """Temporarily switch the kernel (for tests and benchmarks): ``with use("python"): ...``."""
    global _NAME, _KERNEL
    if backend == "c":
        from . import _core

        chosen: ModuleType = _core
    elif backend == "python":
        chosen = _twin()
    else:
        raise ValueError(f"unknown backend {backend!r}: expected 'c' or 'python'")
    saved = _NAME, _KERNEL
    _NAME, _KERNEL = backend, chosen
    try:
        yield
    finally:
        _NAME, _KERNEL = saved
