"""Hypothesis settings for the fuzz harnesses (kept out of the main suite's testpaths).

Profiles (choose with ``--hypothesis-profile=NAME`` or ``SUDOKIT_FUZZ_PROFILE=NAME``):

* ``fuzz`` (default): 150 examples per harness, so ``python -m pytest fuzz/`` takes
  about a minute;
* ``long``: 20,000 examples per harness, for a soak run (see fuzz/README.md);
* ``ci``: 30 examples, a smoke test;
* ``SUDOKIT_FUZZ_EXAMPLES=N`` overrides the count whatever the profile.

No deadline (the first call of a reader imports its format module), no example database
unless ``SUDOKIT_FUZZ_DB`` names a directory, so a default run writes nothing.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings
from hypothesis.database import DirectoryBasedExampleDatabase

_DB = DirectoryBasedExampleDatabase(os.environ["SUDOKIT_FUZZ_DB"]) if os.environ.get("SUDOKIT_FUZZ_DB") else None
_COMMON = {"deadline": None, "database": _DB, "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large]}

settings.register_profile("fuzz", max_examples=150, **_COMMON)
settings.register_profile("long", max_examples=20_000, **_COMMON)
settings.register_profile("ci", max_examples=30, **_COMMON)
if os.environ.get("SUDOKIT_FUZZ_EXAMPLES"):  # any count: SUDOKIT_FUZZ_EXAMPLES=5000
    settings.register_profile("custom", max_examples=int(os.environ["SUDOKIT_FUZZ_EXAMPLES"]), **_COMMON)
settings.load_profile("custom" if os.environ.get("SUDOKIT_FUZZ_EXAMPLES") else os.environ.get("SUDOKIT_FUZZ_PROFILE", "fuzz"))
