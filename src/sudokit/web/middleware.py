"""ASGI middleware: a request-size limit and safe response headers."""

from __future__ import annotations

import json
from typing import Any, Awaitable, Callable

__all__ = ["BodyLimit", "HostCheck", "SecurityHeaders", "error_bytes"]

Scope = dict[str, Any]
Message = dict[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def error_bytes(type_name: str, message: str) -> bytes:
    """The API's error body as bytes."""
    return json.dumps({"error": {"type": type_name, "message": message}}).encode("utf-8")


class BodyLimit:
    """Refuse (413) a request whose body is larger than ``limit`` bytes, by its
    Content-Length or, for a chunked body, once the bytes read pass the limit. The body
    is read here (it is small by construction) and handed on in one piece."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app, self.limit = app, limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await self._refuse(send)
            return
        body, more = b"", True
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            body += message.get("body", b"")
            more = message.get("more_body", False)
            if len(body) > self.limit:
                await self._refuse(send)
                return
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if sent:
                return await receive()  # waits for the client's disconnect
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)

    async def _refuse(self, send: Send) -> None:
        data = error_bytes("RequestTooLarge", f"the request body is larger than {self.limit} bytes")
        headers = [(b"content-type", b"application/json"), (b"content-length", str(len(data)).encode())]
        await send({"type": "http.response.start", "status": 413, "headers": headers})
        await send({"type": "http.response.body", "body": data})


#: The page loads only its own files; /docs (Swagger UI) is the one page that may load a CDN.
_CSP = b"default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'"


class SecurityHeaders:
    """Add nosniff, a referrer policy and (outside /docs and /redoc) a strict CSP."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        strict = not str(scope.get("path", "")).startswith(("/docs", "/redoc"))

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers") or [])
                headers += [(b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"no-referrer")]
                if strict:
                    headers.append((b"content-security-policy", _CSP))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, with_headers)


class HostCheck:
    """Answer 400 unless the Host header names one of ``hosts`` (any port). A server on
    127.0.0.1 only accepts its loopback names, so a web page that re-binds its own domain
    name to 127.0.0.1 (DNS rebinding) cannot reach the API through the user's browser."""

    def __init__(self, app: ASGIApp, hosts: tuple[str, ...]) -> None:
        self.app, self.hosts = app, {h.lower() for h in hosts}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and not self._allowed(scope):
            data = error_bytes("InvalidHost", "this server only answers requests addressed to it by its loopback name")
            headers = [(b"content-type", b"application/json"), (b"content-length", str(len(data)).encode())]
            await send({"type": "http.response.start", "status": 400, "headers": headers})
            await send({"type": "http.response.body", "body": data})
            return
        await self.app(scope, receive, send)

    def _allowed(self, scope: Scope) -> bool:
        host = dict(scope.get("headers") or []).get(b"host", b"").decode("latin-1").lower()
        name = host.rsplit(":", 1)[0] if not host.endswith("]") else host  # [::1]:8765 -> [::1]
        return name in self.hosts
