"""The node and time budget of SE's chain searches (and of the other searches that share
it): :class:`Budget`, the exception raised when it is spent, and :data:`LIMIT`, the budget
of the call under way."""

from __future__ import annotations

import time
from contextvars import ContextVar
from typing import Optional

__all__ = ["Budget", "BudgetExceeded", "LIMIT"]


class BudgetExceeded(Exception):
    """Raised from inside a search when its node budget is spent."""


class Budget:
    """A node and time budget shared by every search of one call (``None``: unlimited).

    The seconds are CPU seconds of the calling thread (``time.thread_time``: the chain
    searches and the kernel calls they make run there), not wall time: a rating's budget
    then does not shrink when the machine is loaded or other threads run, so whether a
    puzzle is rated within its budget does not depend on what else the machine does."""

    __slots__ = ("left", "deadline", "_tick", "used")

    def __init__(self, nodes: Optional[int], seconds: Optional[float] = None) -> None:
        self.left = nodes
        self.deadline = None if seconds is None else time.thread_time() + seconds
        self._tick = 0
        self.used = 0  # nodes spent so far (a cached search spends its nodes again: see Chaining.hints)

    def seconds_left(self) -> Optional[float]:
        """CPU seconds left before the deadline (None: no time limit)."""
        return None if self.deadline is None else self.deadline - time.thread_time()

    def spend(self, n: int = 1) -> None:
        """Use ``n`` nodes; raises ``BudgetExceeded`` when the nodes or the time run out."""
        self.used += n
        if self.left is not None:
            self.left -= n
            if self.left < 0:
                raise BudgetExceeded
        if self.deadline is not None:
            self._tick += n
            if self._tick >= 256:
                self._tick = 0
                if time.thread_time() > self.deadline:
                    raise BudgetExceeded


#: The budget of the call under way (set by ``rate``/``explain`` with limits); the chain
#: searches read it when they start.
LIMIT: ContextVar[Optional[Budget]] = ContextVar("sudokit_human_limit", default=None)
