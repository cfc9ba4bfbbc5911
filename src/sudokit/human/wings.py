"""Wings: XY-Wing, XYZ-Wing, W-Wing."""

from __future__ import annotations

from collections.abc import Iterator

from .model import Candidates
from .step import Step

__all__ = ["find_xy_wing", "find_xyz_wing", "find_w_wing"]


def find_xy_wing(state: Candidates) -> Iterator[Step]:
    """Not implemented yet: finds nothing."""
    return iter(())


def find_xyz_wing(state: Candidates) -> Iterator[Step]:
    """Not implemented yet: finds nothing."""
    return iter(())


def find_w_wing(state: Candidates) -> Iterator[Step]:
    """Not implemented yet: finds nothing."""
    return iter(())
