"""The ASGI application: the JSON API, its OpenAPI description, and the single-page app.

:func:`create_app` builds a FastAPI app. Every endpoint that touches a puzzle runs its
job in a worker process under a time budget (:mod:`sudokit.web.pool`); errors are JSON
``{"error": {"type": ..., "message": ...}}`` with a 4xx status (400 malformed input,
404/405 wrong route, 413 body too large, 422 well formed but unanswerable: no solution,
several solutions, a budget spent; 429 busy), and never a traceback.

FastAPI was chosen over bare Starlette because the request models *are* the OpenAPI
description: validation, ``/openapi.json``, the interactive ``/docs`` and the
schemathesis fuzz tests all follow from one definition instead of a hand-kept schema.
"""

from __future__ import annotations

import base64
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.cors import CORSMiddleware
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from .. import __version__, _backend
from .config import HEAVY_JOBS, ServeConfig
from .middleware import BodyLimit, HostCheck, SecurityHeaders
from .variant import from_body, is_variant_text
from .pool import JobError, ServerBusy, WorkerCrashed, WorkerPool
from . import schemas as s
from ..errors import SearchLimitExceeded

__all__ = ["create_app", "STATIC_DIR"]

#: The front end's files (plain ES modules and CSS, no build step).
STATIC_DIR = resources.files("sudokit.web") / "static"

_ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": s.ErrorBody, "description": "Malformed input: bad JSON, a bad field, an invalid puzzle"},
    413: {"model": s.ErrorBody, "description": "The request body is too large"},
    422: {"model": s.ErrorBody, "description": "No solution, several solutions, the time budget ran out, a malformed "
          "variant rule (a cage, a thermometer...), or a variant where only classic Sudoku is played"},
    429: {"model": s.ErrorBody, "description": "Every worker is busy; try again"},
}
_STATUS_BY_KIND = (
    ("UnsupportedVariantError", 422),
    ("InvalidConstraintError", 422),
    ("InvalidPuzzleError", 400),
    ("UnsolvableError", 422),
    ("MultipleSolutionsError", 422),
    ("SearchLimitExceeded", 422),
    ("MissingDependencyError", 501),
    ("ValueError", 400),
)
_HTTP_NAMES = {404: "NotFound", 405: "MethodNotAllowed", 406: "NotAcceptable", 415: "UnsupportedMediaType"}


def _error(status: int, type_name: str, message: str, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"error": {"type": type_name, "message": message}}, status_code=status, headers=headers)


def _job_error(exc: JobError) -> JSONResponse:
    for kind, status in _STATUS_BY_KIND:
        if kind in exc.kinds:
            return _error(status, exc.type_name, str(exc))
    return _error(500, "InternalError", f"internal error ({exc.type_name}); please report it")


def _validation_message(exc: RequestValidationError) -> str:
    parts = []
    for err in exc.errors()[:5]:
        where = ".".join(str(p) for p in err.get("loc", ()) if p != "body") or "body"
        parts.append(f"{where}: {err.get('msg', 'invalid')}")
    return "; ".join(parts) or "invalid request"


def _install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(RequestValidationError)
    async def validation(_: Request, exc: RequestValidationError) -> JSONResponse:
        return _error(400, "ValidationError", _validation_message(exc))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        name = _HTTP_NAMES.get(exc.status_code, "HTTPError")
        return _error(exc.status_code, name, str(exc.detail), getattr(exc, "headers", None))

    @app.exception_handler(JobError)
    async def job_error(_: Request, exc: JobError) -> JSONResponse:
        return _job_error(exc)

    @app.exception_handler(SearchLimitExceeded)
    async def budget(_: Request, exc: SearchLimitExceeded) -> JSONResponse:
        return _error(422, "SearchLimitExceeded", str(exc))

    @app.exception_handler(ServerBusy)
    async def busy(_: Request, exc: ServerBusy) -> JSONResponse:
        return _error(429, "ServerBusy", str(exc), {"Retry-After": "1"})

    @app.exception_handler(WorkerCrashed)
    async def crashed(_: Request, exc: WorkerCrashed) -> JSONResponse:
        return _error(500, "InternalError", str(exc))

    @app.exception_handler(Exception)
    async def anything(_: Request, exc: Exception) -> JSONResponse:  # a bug: one line, no traceback
        return _error(500, "InternalError", f"internal error ({type(exc).__name__}); please report it")


def create_app(config: ServeConfig | None = None) -> FastAPI:
    """The web app with ``config``'s limits (defaults: :class:`ServeConfig`)."""
    config = config or ServeConfig()
    pool = WorkerPool(size=config.workers, heavy=config.heavy, queue_seconds=config.queue_seconds)

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        try:
            yield
        finally:
            pool.close()

    app = FastAPI(
        title="sudokit",
        version=__version__,
        description="Solve, count, check, hint, explain, rate, generate, render and convert Sudoku puzzles.",
        lifespan=lifespan,
    )
    app.state.pool, app.state.config = pool, config
    _install_error_handlers(app)
    _add_routes(app, pool, config)
    app.mount("/static", StaticFiles(directory=str(STATIC_DIR)), name="static")
    if config.cors_origins:
        app.add_middleware(CORSMiddleware, allow_origins=list(config.cors_origins), allow_methods=["GET", "POST"],
                           allow_headers=["content-type"])
    app.add_middleware(SecurityHeaders)
    app.add_middleware(BodyLimit, limit=config.max_body)
    if config.allowed_hosts:
        app.add_middleware(HostCheck, hosts=config.allowed_hosts)
    return app


def _add_routes(app: FastAPI, pool: WorkerPool, config: ServeConfig) -> None:
    async def run(job: str, body: Any, **extra: Any) -> Response:
        """The job's JSON answer, passed through as the worker wrote it (the response
        models document it; schemathesis checks that they match)."""
        kwargs = body.model_dump(exclude_none=True) | extra
        if "puzzle" in kwargs:
            kwargs["puzzle"] = from_body(kwargs["puzzle"])
        # A variant can search for seconds: it counts against the heavy-job limit too.
        heavy = job in HEAVY_JOBS or ("puzzle" in kwargs and is_variant_text(kwargs["puzzle"]))
        data = await pool.run(job, kwargs, budget=config.budget(job), heavy=heavy)
        return Response(data, media_type="application/json")

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(str(STATIC_DIR / "index.html"), media_type="text/html")

    @app.get("/api/info", response_model=s.InfoResult, tags=["about"])
    async def info() -> dict[str, Any]:
        """Version, backend, techniques, formats and the server's limits."""
        return _info(config)

    @app.post("/api/solve", response_model=s.SolveResult, responses=_ERRORS, tags=["solve"])
    async def solve(body: s.SolveBody) -> Any:
        """The solution (422 when there is none, or several and ``first`` is false)."""
        return await run("solve", body)

    @app.post("/api/count", response_model=s.CountResult, responses=_ERRORS, tags=["solve"])
    async def count(body: s.CountBody) -> Any:
        """How many solutions, up to ``limit``."""
        return await run("count", body)

    @app.post("/api/check", response_model=s.CheckResult, responses=_ERRORS, tags=["solve"])
    async def check(body: s.CheckBody) -> Any:
        """Well formed, unique? With the player's ``digits``: conflicts and mistakes."""
        return await run("check", body)

    @app.post("/api/variant", response_model=s.VariantResult, responses=_ERRORS, tags=["variants"])
    async def variant(body: s.AnyPuzzleBody) -> Any:
        """A variant puzzle for the board: its givens, rules and the rules' marks as SVG."""
        return await run("variant", body)

    @app.post("/api/hint", response_model=s.HintResult, responses=_ERRORS, tags=["human"])
    async def hint(body: s.HintBody) -> Any:
        """The next hint on the player's grid: mistakes first, then the easiest step."""
        return await run("hint", body)

    @app.post("/api/explain", response_model=s.ExplainResult, responses=_ERRORS, tags=["human"])
    async def explain(body: s.ExplainBody) -> Any:
        """The whole solving path, one step at a time, with roles for highlighting."""
        return await run("explain", body)

    @app.post("/api/rate", response_model=s.RatingResult, responses=_ERRORS, tags=["human"])
    async def rate(body: s.PuzzleBody) -> Any:
        """SE-like ER/EP/ED, HoDoKu level and score, and a band."""
        return await run("rate", body)

    @app.post("/api/generate", response_model=s.GenerateResult, responses=_ERRORS, tags=["generate"])
    async def generate(body: s.GenerateBody) -> Any:
        """A new puzzle with one solution, rated; same seed and options, same puzzle."""
        inner = max(0.2, config.budget("generate") - 1.0)  # finish cleanly before the hard stop
        return await run("generate", body, time_budget=inner)

    @app.post("/api/trace", response_model=s.TraceResult, responses=_ERRORS, tags=["learn"])
    async def trace(body: s.TraceBody) -> Any:
        """A teaching solver's search, event by event (for "watch it think")."""
        return await run("trace", body)

    @app.post("/api/convert", response_model=s.ConvertResult, responses=_ERRORS, tags=["formats"])
    async def convert(body: s.ConvertBody) -> Any:
        """The puzzle in another text format."""
        kwargs = {"puzzle": body.puzzle, "to": body.to}
        if body.source_format:
            kwargs["source_format"] = body.source_format
        data = await pool.run("convert", kwargs, budget=config.budget("convert"))
        return Response(data, media_type="application/json")

    @app.post(
        "/api/render",
        responses={**_ERRORS, 200: {"content": {"image/svg+xml": {}, "image/png": {}}, "description": "The picture"}},
        response_class=Response,
        tags=["render"],
    )
    async def render(body: s.RenderBody) -> Response:
        """An SVG or PNG picture of the puzzle (or of the player's grid with pencil marks)."""
        picture = json.loads(bytes((await run("render", body)).body))
        data = base64.b64decode(picture["base64"]) if "base64" in picture else picture["text"].encode("utf-8")
        return Response(data, media_type=picture["media_type"])


def _info(config: ServeConfig) -> dict[str, Any]:
    from ..formats import all_formats
    from ..human import TECHNIQUES
    from ..learn import SOLVERS

    return {
        "version": __version__,
        "backend": _backend.name(),
        "techniques": [{"id": t.id, "name": t.name, "family": t.family, "se": t.se_rating} for t in TECHNIQUES],
        "formats": [f.name for f in all_formats() if not f.binary],
        "symmetries": ["none", "rotational180", "rotational90", "horizontal", "vertical", "diagonal", "antidiagonal", "full"],
        "solvers": [*SOLVERS, "logic"],
        "limits": {"max_body": config.max_body, "workers": config.workers, "heavy": config.heavy,
                   "budgets": dict(config.budgets), "puzzle_max": s.PUZZLE_MAX},
    }
