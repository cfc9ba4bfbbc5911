"""Argument types and checks shared by the sub-commands (one definition each)."""

from __future__ import annotations

import argparse
import os
from collections.abc import Sequence

__all__ = ["MAX_JOBS", "positive", "jobs", "refuse_output_over_input"]

#: More worker processes or threads than this only cost memory and start-up time (the work
#: is CPU bound); a typo like --jobs 10000 would otherwise fork thousands of processes.
MAX_JOBS = 4 * (os.cpu_count() or 1)


def positive(text: str) -> int:
    """An argparse type: an integer of at least 1."""
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def jobs(text: str) -> int:
    """An argparse type for --jobs/--threads: 1..MAX_JOBS."""
    value = positive(text)
    if value > MAX_JOBS:
        raise argparse.ArgumentTypeError(f"at most {MAX_JOBS} (4 per CPU), got {value}")
    return value


def refuse_output_over_input(output: str | None, inputs: Sequence[str]) -> str | None:
    """An error message when ``-o`` names one of the input files (it would be emptied
    before it is read), else None."""
    if not output or not os.path.exists(output):
        return None
    for source in inputs:
        if source != "-" and os.path.isfile(source) and os.path.samefile(source, output):
            return f"the output {output} is also an input; write to another file"
    return None
