"""File modes, which root ignores: a test of a read-only folder that finds itself running as root (CI runs as
root) runs again in a child ``pytest`` without the capabilities that override file modes (``setpriv``, as
``tests/cli/test_cli_errors.py`` runs the installed ``banker``), and the child's result is the test's."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

CHILD = "BANKER_TEST_UNPRIVILEGED"
"""Set in the child: it runs the test itself."""
DROPPED = "--bounding-set=-dac_override,-dac_read_search,-fowner"


def ran_unprivileged(request: pytest.FixtureRequest) -> bool:
    """True when the test was run in a child without root's file capabilities (and passed there): the caller
    returns. False when it runs here: file modes hold for this process (not root, or the child itself)."""
    if os.geteuid() != 0 or os.environ.get(CHILD):
        return False
    assert shutil.which("setpriv"), "setpriv (Debian util-linux) is needed to test file modes as root"
    command = [sys.executable, "-m", "pytest", request.node.nodeid, "-q", "-n", "0", "-p", "no:randomly"]
    child = subprocess.run(
        ["setpriv", DROPPED, *command, "-p", "no:cacheprovider"],
        cwd=request.config.rootpath,
        env={**os.environ, CHILD: "1"},
        capture_output=True,
        timeout=600,
    )
    assert child.returncode == 0, child.stdout.decode(errors="replace")[-6000:]
    return True
