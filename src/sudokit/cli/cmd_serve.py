"""``sudokit serve``: the web app and HTTP API on 127.0.0.1 (needs ``sudokit[web]``)."""

from __future__ import annotations

import argparse
import threading
import webbrowser

from ..errors import MissingDependencyError
from . import ExitCode, Streams
from ._options import positive


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the serve command."""
    parser = sub.add_parser(
        "serve",
        help="run the web app and HTTP API (pip install 'sudokit[web]')",
        description="Run the web app (play, hints, solve, generate, print) and the JSON API on this machine. "
        "It listens on 127.0.0.1 only unless --host says otherwise; the API is described at /openapi.json "
        "and /docs.",
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)")
    parser.add_argument("--port", type=int, default=8765, help="port (default 8765; 0 picks a free one)")
    parser.add_argument("--open", action="store_true", help="open the app in a web browser")
    parser.add_argument("--workers", type=positive, default=None, help="worker processes for the puzzle work (default: CPUs, 2-8)")
    parser.add_argument("--max-body", type=positive, default=64 * 1024, metavar="BYTES", help="largest request body (default 65536)")
    parser.add_argument("--cors-origin", action="append", default=[], metavar="ORIGIN",
                        help="allow API calls from pages of this origin (repeatable; default: none)")
    parser.set_defaults(handler=_serve)


def _serve(args: argparse.Namespace, streams: Streams) -> int:
    try:
        import uvicorn

        from ..web import ServeConfig, create_app
    except ImportError as exc:
        raise MissingDependencyError(f"sudokit serve needs the web extra ({exc.name} is missing): pip install 'sudokit[web]'") from None
    if not 0 <= args.port <= 65535:
        streams.error(f"--port must be 0-65535, got {args.port}")
        return ExitCode.USAGE
    options: dict[str, object] = {"max_body": args.max_body, "cors_origins": tuple(args.cors_origin)}
    if args.host in ("127.0.0.1", "localhost", "::1"):
        from ..web.config import LOOPBACK_NAMES

        options["allowed_hosts"] = LOOPBACK_NAMES  # no DNS rebinding onto the local server
    if args.workers:
        options["workers"] = args.workers
    app = create_app(ServeConfig(**options))  # type: ignore[arg-type]
    server = uvicorn.Server(uvicorn.Config(app, host=args.host, port=args.port, log_level="warning"))
    if args.open:
        threading.Thread(target=_open_when_up, args=(server, args.host, streams), daemon=True).start()
    else:
        threading.Thread(target=_announce, args=(server, args.host, streams), daemon=True).start()
    server.run()
    return ExitCode.OK


def _url(server: object, host: str) -> str | None:
    """The app's address once the server listens (the real port when --port 0)."""
    servers = getattr(server, "servers", None) or []
    for srv in servers:
        for sock in srv.sockets:
            port = sock.getsockname()[1]
            shown = "127.0.0.1" if host in ("0.0.0.0", "") else f"[{host}]" if ":" in host else host
            return f"http://{shown}:{port}/"
    return None


def _wait_url(server: object, host: str) -> str | None:
    import time

    for _ in range(200):
        if getattr(server, "started", False):
            return _url(server, host)
        time.sleep(0.05)
    return None


def _announce(server: object, host: str, streams: Streams) -> None:
    url = _wait_url(server, host)
    if url:
        print(f"sudokit: serving on {url} (API: {url}docs); Ctrl-C stops", file=streams.stderr, flush=True)


def _open_when_up(server: object, host: str, streams: Streams) -> None:
    _announce(server, host, streams)
    url = _wait_url(server, host)
    if url:
        webbrowser.open(url)
