"""Human-style solving: the candidate model, techniques, steps (see ``registry`` for the order).

>>> from sudokit.human import Candidates, TECHNIQUES, find_steps
>>> s = Candidates.from_puzzle("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
>>> str(next(find_steps(s, "hidden_single_box")))
'Hidden Single: r1c6=8'
"""

from __future__ import annotations

from .model import Candidates
from .registry import TECHNIQUE_IDS, TECHNIQUES, Technique, find_steps, technique
from .step import Step
from .hint import Hint, UserState, hint
from .path import Path, explain
from .rating import Rating, rate
from .batch import rate_many

__all__ = ["Candidates", "Step", "Technique", "TECHNIQUES", "TECHNIQUE_IDS", "find_steps", "technique",
           "explain", "Path", "hint", "Hint", "UserState", "rate", "Rating",
           "rate_many"]
