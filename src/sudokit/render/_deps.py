"""The optional libraries behind PNG (Pillow) and PDF (fpdf2), with one clear error when absent."""

from __future__ import annotations

import importlib
from types import ModuleType

from ..errors import MissingDependencyError

__all__ = ["MissingDependency", "require"]

_WHY = {"PIL": ("Pillow", "PNG output"), "fpdf": ("fpdf2", "PDF output and books")}


# The package-wide error, under the name the render modules have always used.
MissingDependency = MissingDependencyError


def require(module: str) -> ModuleType:
    """Import ``module`` or raise :class:`MissingDependency` saying what to install."""
    try:
        return importlib.import_module(module)
    except ImportError:
        package, purpose = _WHY.get(module.split(".")[0], (module, "this output"))
        raise MissingDependency(
            f"{purpose} needs {package}, which is not installed: pip install 'sudokit[render]'"
        ) from None
