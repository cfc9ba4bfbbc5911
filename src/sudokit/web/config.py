"""Server settings: limits, time budgets, workers, CORS (``sudokit serve`` options)."""

from __future__ import annotations

import os
from dataclasses import dataclass, field

__all__ = ["ServeConfig", "DEFAULT_BUDGETS", "HEAVY_JOBS", "LOOPBACK_NAMES"]

#: The Host names of a server that listens on a loopback address.
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")

#: Seconds each endpoint's job may run before its worker is stopped.
DEFAULT_BUDGETS: dict[str, float] = {
    "solve": 5.0,
    "count": 5.0,
    "check": 5.0,
    "convert": 5.0,
    "render": 10.0,
    "hint": 10.0,
    "explain": 20.0,
    "rate": 20.0,
    "generate": 15.0,
    "trace": 10.0,
    "variant": 5.0,
}
#: Jobs that count against the heavy-work limit (they can run for seconds).
HEAVY_JOBS = frozenset({"hint", "explain", "rate", "generate", "trace"})


def _default_workers() -> int:
    return max(2, min(8, os.cpu_count() or 1))


@dataclass(frozen=True)
class ServeConfig:
    """How the web app protects itself.

    ``max_body``: largest request body in bytes (413 beyond); ``workers``: worker
    processes (jobs at once); ``heavy``: at most this many heavy jobs at once (default:
    half the workers); ``queue_seconds``: how long a request waits for a free worker
    before 429; ``budgets``: seconds per job (see :data:`DEFAULT_BUDGETS`);
    ``cors_origins``: origins allowed to call the API from other pages (none by default);
    ``allowed_hosts``: Host header names accepted (empty: any; ``sudokit serve`` on a
    loopback address accepts only :data:`LOOPBACK_NAMES`).
    """

    max_body: int = 64 * 1024
    workers: int = field(default_factory=_default_workers)
    heavy: int = 0
    queue_seconds: float = 2.0
    budgets: dict[str, float] = field(default_factory=lambda: dict(DEFAULT_BUDGETS))
    cors_origins: tuple[str, ...] = ()
    allowed_hosts: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.max_body < 1024:
            raise ValueError(f"max_body must be at least 1024 bytes, got {self.max_body}")
        if self.workers < 1:
            raise ValueError(f"workers must be at least 1, got {self.workers}")
        if self.heavy == 0:
            object.__setattr__(self, "heavy", max(1, self.workers // 2))
        if not 1 <= self.heavy <= self.workers:
            raise ValueError(f"heavy must be between 1 and workers ({self.workers}), got {self.heavy}")
        missing = set(DEFAULT_BUDGETS) - set(self.budgets)
        object.__setattr__(self, "budgets", {**{k: DEFAULT_BUDGETS[k] for k in missing}, **self.budgets})
        if any(not 0 < v <= 3600 for v in self.budgets.values()):
            raise ValueError("every time budget must be between 0 and 3600 seconds")

    def budget(self, job: str) -> float:
        """The time budget of ``job`` in seconds."""
        return self.budgets[job]
