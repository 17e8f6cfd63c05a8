"""No test skips in silence (tests/kit/skips.py): a skip fails the run unless it is justified (a platform the test
cannot run on), so a missing tool or file shows as a failure that says what is missing."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SUITE = """
import sys

import pytest

from tests.kit.skips import needs, platform_only


@needs("no-such-command-anywhere", "nothing")
def test_needs_a_missing_command():
    pass


@platform_only(sys.platform == "no-such-platform", "runs on no such platform")
def test_on_another_platform():
    pass


@platform_only(True, "runs everywhere")
def test_on_this_platform():
    pass


def test_skipped_while_running():
    pytest.skip("no reason given")


@pytest.mark.skipif(True, reason="a plain skipif")
def test_plain_skipif():
    pass
"""


def test_only_a_platform_skip_is_a_skip_any_other_fails(tmp_path):
    (tmp_path / "conftest.py").write_text("from tests.conftest import *  # noqa: F403\n", encoding="utf-8")
    (tmp_path / "test_suite.py").write_text(SUITE, encoding="utf-8")
    (tmp_path / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run(
        [sys.executable, "-m", "pytest", "-c", str(tmp_path / "pytest.ini"), "-p", "no:cacheprovider", "-n", "0"]
        + ["-q", "-rA", str(tmp_path)],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
    )
    summary = out.stdout.splitlines()[-1]
    assert out.returncode == 1, out.stdout
    assert "1 passed, 1 skipped" in summary and "1 failed" in summary and "2 errors" in summary, out.stdout
    assert "not on this platform: runs on no such platform" in out.stdout  # the one skip left
    assert "skipped without a justified reason (tests/kit/skips.py): no reason given" in out.stdout
    assert "no-such-command-anywhere is not installed (Debian nothing" in out.stdout
