"""``sudokit serve``: a local web app and HTTP API (``pip install 'sudokit[web]'``).

:func:`create_app` builds the ASGI app (FastAPI; run it with uvicorn or any ASGI
server), :func:`serve` runs it on 127.0.0.1. See ``docs/web.md`` for the API.
The Sudoku work itself is sudokit's public API, run in worker processes under time
budgets (:mod:`sudokit.web.pool`); this package adds transport and limits only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .config import DEFAULT_BUDGETS, ServeConfig

if TYPE_CHECKING:
    from fastapi import FastAPI

__all__ = ["DEFAULT_BUDGETS", "ServeConfig", "create_app"]


def create_app(config: ServeConfig | None = None) -> FastAPI:
    """The web app (needs the ``web`` extra: FastAPI; raises MissingDependencyError without it)."""
    from ..errors import MissingDependencyError

    try:
        from .app import create_app as make
    except ImportError as exc:
        raise MissingDependencyError(f"the web app needs FastAPI ({exc.name} is missing): pip install 'sudokit[web]'") from None
    return make(config)
