"""Shared driver of the atheris harnesses: instrument sudokit, then fuzz one function.

Every harness is ``python fuzz/atheris/fuzz_<name>.py [libFuzzer flags] [corpus dirs]``
(for example ``-max_total_time=60 fuzz/atheris/corpus/<name>``). The promise under test:
any input gives a result that obeys the rules or a ``sudokit.SudokuError``; anything else
(another exception, a wrong answer, a round trip that changes the puzzle) is a finding
and atheris saves the input that caused it.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

import atheris

with atheris.instrument_imports(include=["sudokit"]):
    import sudokit  # noqa: F401  (instrumented for coverage feedback)
    import sudokit.formats  # noqa: F401
    import sudokit.human  # noqa: F401


def main(test_one: Callable[[bytes], None]) -> None:
    """Run libFuzzer on ``test_one`` with the command line's flags and corpora."""
    atheris.Setup(sys.argv, test_one)
    atheris.Fuzz()
