"""The standard every public function meets: a docstring and full type hints; py.typed ships."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections.abc import Iterator
from importlib import resources
from types import ModuleType
from typing import Any

import pytest

import sudokit

pytestmark = pytest.mark.single_backend


def _public_modules() -> Iterator[ModuleType]:
    yield sudokit
    for info in pkgutil.walk_packages(sudokit.__path__, "sudokit."):
        if any(part.startswith("_") for part in info.name.split(".")[1:]):
            continue
        try:
            yield importlib.import_module(info.name)
        except ImportError:  # an optional extra is missing; its own tests say so
            continue


def _public_functions() -> Iterator[tuple[str, Any]]:
    for module in _public_modules():
        names = getattr(module, "__all__", [n for n in vars(module) if not n.startswith("_")])
        for name in names:
            obj = getattr(module, name, None)
            if getattr(obj, "__module__", None) != module.__name__:
                continue  # re-exported: checked where it is defined
            if inspect.isfunction(obj):
                yield f"{module.__name__}.{name}", obj
            elif inspect.isclass(obj):
                for attr, member in vars(obj).items():
                    if inspect.isfunction(member) and (not attr.startswith("_") or attr == "__init__"):
                        yield f"{module.__name__}.{name}.{attr}", member


FUNCTIONS = sorted(_public_functions(), key=lambda item: item[0])


def test_there_is_a_public_surface() -> None:
    assert len(FUNCTIONS) > 100


@pytest.mark.parametrize(("name", "function"), FUNCTIONS, ids=[n for n, _ in FUNCTIONS])
def test_public_function_has_docstring_and_hints(name: str, function: Any) -> None:
    if not name.endswith(".__init__"):
        assert inspect.getdoc(function), f"{name} has no docstring"
    signature = inspect.signature(function)
    for parameter in signature.parameters.values():
        if parameter.name in ("self", "cls"):
            continue
        assert parameter.annotation is not inspect.Parameter.empty, f"{name}: parameter {parameter.name} has no type hint"
    assert signature.return_annotation is not inspect.Signature.empty, f"{name} has no return type hint"


def test_package_ships_py_typed_and_the_extension_stub() -> None:
    files = resources.files("sudokit")
    assert files.joinpath("py.typed").is_file()
    assert files.joinpath("_core.pyi").is_file()
