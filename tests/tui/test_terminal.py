"""The installed ``banker`` in a real terminal (tmux, 120x40): start a game, record rent by typed command, quit,
relaunch and see the same balances. Exercises the entry point, start-up and a real terminal's key handling."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

BANKER = Path(sys.executable).parent / "banker"

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed"),
    pytest.mark.skipif(not BANKER.exists(), reason=f"no banker executable next to {sys.executable}"),
]


def _capture(name: str) -> str:
    return subprocess.run(["tmux", "capture-pane", "-p", "-t", name], capture_output=True, text=True).stdout


def _wait_for(name: str, text: str, timeout: float = 15.0) -> str:
    deadline = time.monotonic() + timeout
    screen = ""
    while time.monotonic() < deadline:
        screen = _capture(name)
        if text in screen:
            return screen
        time.sleep(0.2)
    raise AssertionError(f"{text!r} never appeared; the screen was:\n{screen}")


def _launch(name: str, env: dict[str, str]) -> None:
    # COLUMNS/LINES inherited from pytest would override the terminal's real size in Textual.
    cmd = " ".join(f"{k}={v}" for k, v in env.items()) + f" {BANKER}"
    subprocess.run(["tmux", "new-session", "-d", "-s", name, "-x", "120", "-y", "40", f"env -u COLUMNS -u LINES {cmd}"],
                   check=True)
    # A tmux server started elsewhere may impose its own window size; insist on 120x40.
    subprocess.run(["tmux", "set-option", "-t", name, "window-size", "manual"], capture_output=True)
    subprocess.run(["tmux", "resize-window", "-t", name, "-x", "120", "-y", "40"], capture_output=True)


def _gone(name: str, timeout: float = 10.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if subprocess.run(["tmux", "has-session", "-t", name], capture_output=True).returncode != 0:
            return True
        time.sleep(0.2)
    return False


def test_rent_survives_a_restart_in_a_real_terminal(tmp_path):
    db = tmp_path / "game.db"
    env = {"BANKER_DB": str(db), "BANKER_DATA_DIR": str(tmp_path / "data"), "TERM": "xterm-256color"}
    subprocess.run([str(BANKER), "new", "standard", "ann", "bob"], env={**os.environ, **env}, check=True,
                   capture_output=True)
    subprocess.run([str(BANKER), "do", "buy ann boardwalk"], env={**os.environ, **env}, check=True,
                   capture_output=True)
    name = f"banker-test-{uuid.uuid4().hex[:8]}"
    try:
        _launch(name, env)
        _wait_for(name, "Boardwalk")
        _wait_for(name, "Bankrupt")  # the action buttons mount just after the first frame; type once they are in
        subprocess.run(["tmux", "send-keys", "-t", name, "/"], check=True)
        time.sleep(0.3)
        subprocess.run(["tmux", "send-keys", "-t", name, "-l", "rent bob boardwalk"], check=True)
        subprocess.run(["tmux", "send-keys", "-t", name, "Enter"], check=True)
        screen = _wait_for(name, "bob pays ann $50")
        assert "worth $1,550" in screen  # bob: $1,500 - $50 rent; ann: $1,100 cash + $400 deed + $50
        subprocess.run(["tmux", "send-keys", "-t", name, "Escape"], check=True)
        time.sleep(0.3)
        subprocess.run(["tmux", "send-keys", "-t", name, "q"], check=True)
        assert _gone(name), "banker did not quit on q"
        _launch(name, env)
        screen = _wait_for(name, "bob pays ann $50")
        assert "worth $1,450" in screen and "worth $1,550" in screen
        subprocess.run(["tmux", "send-keys", "-t", name, "q"], check=True)
        assert _gone(name)
    finally:
        subprocess.run(["tmux", "kill-session", "-t", name], capture_output=True)
