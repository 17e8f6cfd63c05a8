"""Which skips are justified. The suite needs its tools (tmux, zbarimg, chromium and chromedriver from Debian, the
installed ``banker``; ``.ci/run`` installs them), so a test that cannot find one fails, naming what to install,
instead of skipping in silence and leaving its figures unchecked. A test skips only where it cannot run at all: on
another platform, declared with :func:`platform_only`. ``tests/conftest.py`` turns any other skip into a failure."""

from __future__ import annotations

import shutil

import pytest

JUSTIFIED = "not on this platform: "
"""How a justified skip's reason starts (the reasons travel as text from the xdist workers)."""


def platform_only(runs_here: bool, why: str) -> pytest.MarkDecorator:
    """Skip a test on the platforms it cannot run on (``why`` says what it needs)."""
    return pytest.mark.skipif(not runs_here, reason=JUSTIFIED + why)


def needs(command: str, package: str) -> pytest.MarkDecorator:
    """A test that runs ``command``: without it the test fails (an unjustified skip), naming the Debian package."""
    return pytest.mark.skipif(
        shutil.which(command) is None, reason=f"{command} is not installed (Debian {package}; .ci/run installs it)"
    )


def unjustified(report: pytest.TestReport | pytest.CollectReport) -> str | None:
    """The reason of a skip that is not justified, or None (not a skip, an xfail, or a justified skip)."""
    if not report.skipped or hasattr(report, "wasxfail"):
        return None
    longrepr = report.longrepr
    reason = longrepr[2] if isinstance(longrepr, tuple) else str(longrepr)
    reason = reason.removeprefix("Skipped: ")
    return None if reason.startswith(JUSTIFIED) else reason


def fail_unjustified(report: pytest.TestReport | pytest.CollectReport) -> None:
    """Turn an unjustified skip into a failure that says why it was skipped."""
    reason = unjustified(report)
    if reason is not None:
        report.outcome = "failed"
        report.longrepr = f"skipped without a justified reason (tests/kit/skips.py): {reason}"
