"""Run the doctests of every sudokit module, imported from the installed package."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import sudokit

MODULES = sorted(m.name for m in pkgutil.walk_packages(sudokit.__path__, "sudokit.") if not m.name.endswith("_core"))


@pytest.mark.parametrize("name", MODULES)
def test_module_doctests(name: str) -> None:
    try:
        module = importlib.import_module(name)
    except ImportError as exc:  # an optional extra (numpy, Pillow, pyarrow...) is not installed
        pytest.skip(f"{name} needs an optional dependency: {exc}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} doctest(s) failed in {name}"
