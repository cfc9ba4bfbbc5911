"""The optional libraries of ``sudokit.batch``, imported on first use with a clear error.

numpy and pyarrow carry the columns (``pip install 'sudokit[batch]'``); dask is only
needed for the Dask path (``pip install 'sudokit[dask]'``). They are imported by name
because pyarrow ships no type information.
"""

from __future__ import annotations

import importlib
from functools import lru_cache
from typing import Any

from ..errors import MissingDependencyError

__all__ = ["numpy", "arrow", "arrow_csv", "parquet", "require"]

_EXTRA = {"numpy": "batch", "pyarrow": "batch", "pyarrow.csv": "batch", "pyarrow.parquet": "batch", "dask": "dask", "distributed": "dask", "dask.dataframe": "dask", "dask.bag": "dask"}


@lru_cache(maxsize=None)
def require(name: str) -> Any:
    """Import module ``name`` or raise :class:`MissingDependencyError` naming the extra."""
    try:
        return importlib.import_module(name)
    except ImportError as exc:
        extra = _EXTRA.get(name, "batch")
        raise MissingDependencyError(
            f"sudokit batch needs {name.split('.')[0]} ({exc}): pip install 'sudokit[{extra}]'"
        ) from None


def numpy() -> Any:
    """The numpy module."""
    return require("numpy")


def arrow() -> Any:
    """The pyarrow module."""
    return require("pyarrow")


def arrow_csv() -> Any:
    """pyarrow.csv."""
    return require("pyarrow.csv")


def parquet() -> Any:
    """pyarrow.parquet."""
    return require("pyarrow.parquet")
