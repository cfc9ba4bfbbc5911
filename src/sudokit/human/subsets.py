"""Subsets: Naked and Hidden Pair, Triple and Quad."""

from __future__ import annotations

from collections.abc import Iterator

from .model import Candidates
from .step import Step

__all__ = ["find_naked_pair", "find_hidden_pair", "find_naked_triple", "find_hidden_triple", "find_naked_quad", "find_hidden_quad"]


def find_naked_pair(state: Candidates) -> Iterator[Step]:
    """Not implemented yet: finds nothing."""
    return iter(())


def find_hidden_pair(state: Candidates) -> Iterator[Step]:
    """Not implemented yet: finds nothing."""
    return iter(())


def find_naked_triple(state: Candidates) -> Iterator[Step]:
    """Not implemented yet: finds nothing."""
    return iter(())


def find_hidden_triple(state: Candidates) -> Iterator[Step]:
    """Not implemented yet: finds nothing."""
    return iter(())


def find_naked_quad(state: Candidates) -> Iterator[Step]:
    """Not implemented yet: finds nothing."""
    return iter(())


def find_hidden_quad(state: Candidates) -> Iterator[Step]:
    """Not implemented yet: finds nothing."""
    return iter(())
