"""Single-digit patterns: Skyscraper, 2-String Kite, Turbot Fish, Empty Rectangle."""

from __future__ import annotations

from collections.abc import Iterator

from .model import Candidates
from .step import Step

__all__ = ["find_skyscraper", "find_two_string_kite", "find_turbot_fish", "find_empty_rectangle"]


def find_skyscraper(state: Candidates) -> Iterator[Step]:
    """Not implemented yet: finds nothing."""
    return iter(())


def find_two_string_kite(state: Candidates) -> Iterator[Step]:
    """Not implemented yet: finds nothing."""
    return iter(())


def find_turbot_fish(state: Candidates) -> Iterator[Step]:
    """Not implemented yet: finds nothing."""
    return iter(())


def find_empty_rectangle(state: Candidates) -> Iterator[Step]:
    """Not implemented yet: finds nothing."""
    return iter(())
