"""Where the tests leave what a person looks at afterwards (the real browser's screenshots of the phone pages, the
TV view and the recap): ``BANKER_TEST_ARTEFACTS`` if set (CI keeps that folder), else ``banker-test-artefacts``
in the system's temporary folder. Never a place the tests read from."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def artefact(name: str) -> Path:
    """The path to write the artefact ``name`` to (its folder made)."""
    folder = Path(os.environ.get("BANKER_TEST_ARTEFACTS") or Path(tempfile.gettempdir()) / "banker-test-artefacts")
    folder.mkdir(parents=True, exist_ok=True)
    return folder / name
