"""Simple Colors (trap, wrap) and Remote Pair."""

from __future__ import annotations

from collections.abc import Iterator

from .model import Candidates
from .step import Step

__all__ = ["find_simple_colors_trap", "find_simple_colors_wrap", "find_remote_pair"]


def find_simple_colors_trap(state: Candidates) -> Iterator[Step]:
    """Not implemented yet: finds nothing."""
    return iter(())


def find_simple_colors_wrap(state: Candidates) -> Iterator[Step]:
    """Not implemented yet: finds nothing."""
    return iter(())


def find_remote_pair(state: Candidates) -> Iterator[Step]:
    """Not implemented yet: finds nothing."""
    return iter(())
