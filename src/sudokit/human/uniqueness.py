"""Uniqueness: Unique Rectangle types 1-4 and BUG+1."""

from __future__ import annotations

from collections.abc import Iterator

from .model import Candidates
from .step import Step

__all__ = ["find_unique_rectangle_1", "find_unique_rectangle_2", "find_unique_rectangle_3", "find_unique_rectangle_4", "find_bug_plus_1"]


def find_unique_rectangle_1(state: Candidates) -> Iterator[Step]:
    """Not implemented yet: finds nothing."""
    return iter(())


def find_unique_rectangle_2(state: Candidates) -> Iterator[Step]:
    """Not implemented yet: finds nothing."""
    return iter(())


def find_unique_rectangle_3(state: Candidates) -> Iterator[Step]:
    """Not implemented yet: finds nothing."""
    return iter(())


def find_unique_rectangle_4(state: Candidates) -> Iterator[Step]:
    """Not implemented yet: finds nothing."""
    return iter(())


def find_bug_plus_1(state: Candidates) -> Iterator[Step]:
    """Not implemented yet: finds nothing."""
    return iter(())
