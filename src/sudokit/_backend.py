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

from . import _pycore


def _load_default() -> tuple[str, ModuleType]:
    if os.environ.get("SUDOKIT_PUREPYTHON", "") not in ("", "0"):
        return "python", _pycore
    try:
        from . import _core
    except ImportError:
        return "python", _pycore
    return "c", _core


_NAME, _KERNEL = _load_default()


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
        chosen = _pycore
    else:
        raise ValueError(f"unknown backend {backend!r}: expected 'c' or 'python'")
    saved = _NAME, _KERNEL
    _NAME, _KERNEL = backend, chosen
    try:
        yield
    finally:
        _NAME, _KERNEL = saved
