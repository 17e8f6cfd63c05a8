"""Hypothesis profiles, chosen by the environment variable ``HYPOTHESIS_PROFILE``:

* ``ci`` (the default, what ``.ci/run`` runs): each property's own number of examples, as written beside it;
* ``dev``: a tenth of them (at least :data:`DEV_FLOOR`), for the quick run while working
  (README, "Developing": ``HYPOTHESIS_PROFILE=dev pytest -m "not slow"``).

A test writes ``@settings(max_examples=examples(60))``: an explicit ``max_examples`` overrides the loaded profile,
so the scaling happens here, in one place.
"""

from __future__ import annotations

import os

from hypothesis import settings

PROFILES = ("ci", "dev")
DEV_FLOOR = 5
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "ci")


def register() -> None:
    """Register both profiles and load the one the environment names (tests/conftest.py calls this)."""
    if PROFILE not in PROFILES:
        raise ValueError(f"HYPOTHESIS_PROFILE={PROFILE!r}: choose one of {', '.join(PROFILES)}")
    settings.register_profile("ci", print_blob=True)
    settings.register_profile("dev", max_examples=10, print_blob=True)
    settings.load_profile(PROFILE)


def examples(count: int) -> int:
    """The number of examples a property runs under the current profile: ``count`` in ``ci``, a tenth in ``dev``."""
    return count if PROFILE == "ci" else max(DEV_FLOOR, count // 10)
