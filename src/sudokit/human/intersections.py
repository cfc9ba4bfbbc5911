"""Intersections: Pointing, Claiming, Locked Pair and Locked Triple."""

from __future__ import annotations

from collections.abc import Iterator

from .model import Candidates
from .step import Step

__all__ = ["find_pointing", "find_claiming", "find_locked_pair", "find_locked_triple"]


def find_pointing(state: Candidates) -> Iterator[Step]:
    """Not implemented yet: finds nothing."""
    return iter(())


def find_claiming(state: Candidates) -> Iterator[Step]:
    """Not implemented yet: finds nothing."""
    return iter(())


def find_locked_pair(state: Candidates) -> Iterator[Step]:
    """Not implemented yet: finds nothing."""
    return iter(())


def find_locked_triple(state: Candidates) -> Iterator[Step]:
    """Not implemented yet: finds nothing."""
    return iter(())
