"""The installed ``banker`` in a real terminal, for the real-terminal suites (``test_terminal.py``,
``test_keyboard_terminal.py``).

A :class:`Terminal` owns one private database (``BANKER_DB`` and ``BANKER_DATA_DIR`` under the test's tmp_path, never
the user's) and runs the app in a detached tmux session of a fixed size: keys go in with ``send-keys`` as a person
types them, the screen comes back with ``capture-pane``. The oracle is the ``banker`` command run as a subprocess on
the same database: ``banker log`` (the journal) and ``banker state --json`` (the balances), not the screen alone.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Callable
from pathlib import Path

import pytest

BANKER = Path(sys.executable).parent / "banker"

MARKS = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed"),
    pytest.mark.skipif(not BANKER.exists(), reason=f"no banker executable next to {sys.executable}"),
]
"""``pytestmark`` for a real-terminal module."""

TABLE_KEYS = " r Rent"
"""The footer's first key while the table has the keyboard."""
COMMAND_KEYS = " / Command"
"""The footer's first key while the command line has the keyboard (the table's letter keys are text then)."""
TEXT_COLUMN = 17
"""Where the typed line starts in a ``banker log`` line (``{seq:>5}  {hh:mm:ss}  {text:<40}  {summary}``)."""


class Terminal:
    """One database and, while :meth:`launch` has it running, one tmux session showing the app on it."""

    def __init__(self, tmp_path: Path, width: int = 120, height: int = 40, db: str = "game.db") -> None:
        self.width = width
        self.height = height
        self.env = {"BANKER_DB": str(tmp_path / db), "BANKER_DATA_DIR": str(tmp_path / "data"),
                    "TERM": "xterm-256color"}
        self.name = f"banker-test-{uuid.uuid4().hex[:8]}"

    # The oracle: the banker command on the same database ---------------------------------------------------
    def banker(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        done = subprocess.run([str(BANKER), *args], env={**os.environ, **self.env}, capture_output=True, text=True)
        if check and done.returncode != 0:
            raise AssertionError(f"banker {' '.join(args)} exited {done.returncode}: {done.stderr or done.stdout}")
        return done

    def do(self, line: str) -> str:
        """Record one command as ``banker do`` does (a second terminal at the same table)."""
        return self.banker("do", line).stdout

    def journal(self) -> list[str]:
        """``banker log``, a line per entry (undone ones end in ``(undone)``)."""
        return [line for line in self.banker("log").stdout.splitlines() if line.strip()]

    def typed(self) -> list[str]:
        """The journal's lines as they were typed (or built by a dialog), oldest first."""
        return [line[TEXT_COLUMN:].split("  ")[0].strip() for line in self.journal()]

    def state(self) -> dict:
        return json.loads(self.banker("state", "--json").stdout)

    def cash(self) -> dict[str, int]:
        return {p["name"]: p["cash"] for p in self.state()["players"]}

    # The terminal -------------------------------------------------------------------------------------------
    def launch(self, ready: str | None = "Bankrupt", timeout: float = 15.0) -> str:
        """Start ``banker`` in a fresh tmux session and wait for ``ready`` on screen (the table's action buttons
        mount just after its first frame: typing before they are in loses keys). Returns the screen."""
        if self.running():
            raise AssertionError(f"{self.name} is already running")
        # COLUMNS/LINES inherited from pytest would override the terminal's real size in Textual.
        cmd = " ".join(f"{k}={shlex.quote(v)}" for k, v in self.env.items()) + f" {shlex.quote(str(BANKER))}"
        subprocess.run(["tmux", "new-session", "-d", "-s", self.name, "-x", str(self.width), "-y", str(self.height),
                        f"env -u COLUMNS -u LINES {cmd}"], check=True)
        # A tmux server started elsewhere may impose its own window size; insist on ours.
        subprocess.run(["tmux", "set-option", "-t", self.name, "window-size", "manual"], capture_output=True)
        subprocess.run(["tmux", "resize-window", "-t", self.name, "-x", str(self.width), "-y", str(self.height)],
                       capture_output=True)
        return self.wait_for(ready, timeout) if ready else self.screen()

    def running(self) -> bool:
        return subprocess.run(["tmux", "has-session", "-t", self.name], capture_output=True).returncode == 0

    def keys(self, *keys: str) -> None:
        """Named keys (``Enter``, ``Tab``, ``Escape``, ``C-s``) or single characters, in order."""
        subprocess.run(["tmux", "send-keys", "-t", self.name, *keys], check=True)

    def type(self, text: str) -> None:
        """Text typed literally (``[/]`` stays ``[/]``)."""
        subprocess.run(["tmux", "send-keys", "-t", self.name, "-l", text], check=True)

    def screen(self) -> str:
        return subprocess.run(["tmux", "capture-pane", "-p", "-t", self.name], capture_output=True, text=True).stdout

    def footer(self) -> str:
        lines = self.screen().rstrip("\n").splitlines()
        return lines[-1] if lines else ""

    def wait_until(self, test: Callable[[str], bool], what: str, timeout: float = 10.0) -> str:
        """Poll the screen until ``test(screen)`` holds; returns that screen."""
        deadline = time.monotonic() + timeout
        screen = ""
        while time.monotonic() < deadline:
            screen = self.screen()
            if test(screen):
                return screen
            if not self.running():
                raise AssertionError(f"banker is gone while waiting for {what}; the last screen was:\n{screen}")
            time.sleep(0.1)
        raise AssertionError(f"{what} never came; the screen was:\n{screen}")

    def wait_for(self, text: str, timeout: float = 10.0) -> str:
        return self.wait_until(lambda s: text in s, repr(text), timeout)

    def wait_gone(self, text: str, timeout: float = 10.0) -> str:
        return self.wait_until(lambda s: text not in s, f"{text!r} to go", timeout)

    def wait_journal(self, length: int, timeout: float = 10.0) -> list[str]:
        """Wait until the journal holds ``length`` entries; returns it."""
        deadline = time.monotonic() + timeout
        journal = self.journal()
        while len(journal) < length and time.monotonic() < deadline:
            time.sleep(0.1)
            journal = self.journal()
        assert len(journal) >= length, f"the journal never reached {length} entries:\n" + "\n".join(journal)
        return journal

    def command_line(self) -> None:
        """``/``, then wait until the command line has the keyboard (the footer says so)."""
        self.keys("/")
        self.wait_until(lambda s: s.rstrip("\n").splitlines()[-1].startswith(COMMAND_KEYS),
                        "the command line to take the keyboard")

    def run_line(self, line: str) -> None:
        """Type ``line`` into the focused command line and Enter."""
        self.type(line)
        self.keys("Enter")

    def escape(self, until: Callable[[str], bool] | None = None, what: str = "Escape to take effect") -> None:
        """Escape, and wait for its effect (or a moment: a key right after a lone Escape reads as Alt+key)."""
        self.keys("Escape")
        if until is not None:
            self.wait_until(until, what)
        time.sleep(0.15)

    def leave_command_line(self) -> None:
        """Escape from the command line, and wait until the table has the keyboard again."""
        if self.footer().startswith(COMMAND_KEYS):
            self.escape(lambda s: s.rstrip("\n").splitlines()[-1].startswith(TABLE_KEYS), "the table's keys")

    def quit(self, timeout: float = 10.0) -> None:
        """``q`` (after leaving the command line), and wait for the app (and so the tmux session) to end."""
        self.leave_command_line()
        self.keys("q")
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if not self.running():
                return
            time.sleep(0.1)
        raise AssertionError(f"banker did not quit on q; the screen was:\n{self.screen()}")

    def close(self) -> None:
        """End the tmux session if it is still there (always, in a ``finally`` or on leaving ``with``)."""
        subprocess.run(["tmux", "kill-session", "-t", self.name], capture_output=True)

    def __enter__(self) -> Terminal:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
