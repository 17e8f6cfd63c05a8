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
import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.kit.skips import needs

BANKER = Path(sys.executable).parent / "banker"

MARKS = [
    pytest.mark.slow,
    needs("tmux", "tmux"),
    pytest.mark.skipif(not BANKER.exists(), reason=f"no banker executable next to {sys.executable}"),
]
"""``pytestmark`` for a real-terminal module."""

TABLE_KEYS = " r Rent"
"""The footer's first key while the table has the keyboard."""
COMMAND_KEYS = " Enter Record"
"""The footer's first key while the command line has the keyboard (the table's letter keys are text then)."""
TEXT_COLUMN = 17
"""Where the typed line starts in a ``banker log`` line (``{seq:>5}  {hh:mm:ss}  {text:<40}  {summary}``)."""


class Terminal:
    """One database and, while :meth:`launch` has it running, one tmux session showing the app on it."""

    def __init__(self, tmp_path: Path, width: int = 120, height: int = 40, db: str = "game.db") -> None:
        self.dir = tmp_path
        self.width = width
        self.height = height
        self.env = {
            "BANKER_DB": str(tmp_path / db),
            "BANKER_DATA_DIR": str(tmp_path / "data"),
            "TERM": "xterm-256color",
        }
        self.name = f"banker-test-{uuid.uuid4().hex[:8]}"
        self.launches = 0
        self.socket = ""
        """The socket of the current launch's own tmux server (a new one each launch, under tmp_path)."""

    # The oracle: the banker command on the same database ---------------------------------------------------
    def banker(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        done = subprocess.run([str(BANKER), *args], env={**os.environ, **self.env}, capture_output=True, text=True)
        if check and done.returncode != 0:
            raise AssertionError(f"banker {' '.join(args)} exited {done.returncode}: {done.stderr or done.stdout}")
        return done

    def play(self, *lines: str) -> None:
        """A new game and its first commands in one ``banker play`` (the first line is ``new ...``)."""
        done = subprocess.run(
            [str(BANKER), "play", "-"],
            input="\n".join(lines) + "\n",
            env={**os.environ, **self.env},
            capture_output=True,
            text=True,
        )
        if done.returncode != 0:
            raise AssertionError(f"banker play exited {done.returncode}: {done.stderr}")

    def do(self, line: str) -> str:
        """Record one command as ``banker do`` does (a second terminal at the same table)."""
        return self.banker("do", line).stdout

    def journal(self) -> list[str]:
        """``banker log``, a line per entry (undone ones end in ``(undone)``)."""
        return [line for line in self.banker("log").stdout.splitlines() if line.strip()]

    def typed(self) -> list[str]:
        """The journal's lines as they were typed (or built by a dialog), oldest first."""
        return [line[TEXT_COLUMN:].split("  ")[0].strip() for line in self.journal()]

    def records(self) -> tuple[list[str], dict]:
        """:meth:`typed` and :meth:`state` at once (two ``banker`` processes side by side: half the wait)."""
        env = {**os.environ, **self.env}
        procs = [
            subprocess.Popen([str(BANKER), *args], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            for args in (("log",), ("state", "--json"))
        ]
        (log, log_err), (state, state_err) = (p.communicate() for p in procs)
        if any(p.returncode for p in procs):
            raise AssertionError(f"banker log / state failed: {log_err} {state_err}")
        return (
            [line[TEXT_COLUMN:].split("  ")[0].strip() for line in log.splitlines() if line.strip()],
            json.loads(state),
        )

    def state(self) -> dict:
        return json.loads(self.banker("state", "--json").stdout)

    def cash(self) -> dict[str, int]:
        return {p["name"]: p["cash"] for p in self.state()["players"]}

    # The terminal -------------------------------------------------------------------------------------------
    def tmux(self, *args: str, check: bool = False) -> subprocess.CompletedProcess:
        """tmux on this launch's own server (``-S``, no configuration file): nothing of the user's tmux is read or
        touched, and a server still shutting down after the last launch cannot take the next one with it."""
        return subprocess.run(
            ["tmux", "-S", self.socket, "-f", os.devnull, *args], capture_output=True, text=True, check=check
        )

    def launch(self, ready: str | None = "Bankrupt", timeout: float = 15.0) -> str:
        """Start ``banker`` in a fresh tmux session and wait for ``ready`` on screen (the table's action buttons
        mount just after its first frame: typing before they are in loses keys). Returns the screen."""
        if self.running():
            raise AssertionError(f"{self.name} is already running")
        self.close()
        self.launches += 1
        self.socket = str(self.dir / f"tmux-{self.launches}.sock")
        if len(self.socket) > 100:  # a Unix socket's path has a limit; keep it short under a long basetemp
            self.socket = os.path.join(tempfile.mkdtemp(prefix="banker-tmux-"), "s")
        # COLUMNS/LINES inherited from pytest would override the terminal's real size in Textual.
        cmd = " ".join(f"{k}={shlex.quote(v)}" for k, v in self.env.items()) + f" {shlex.quote(str(BANKER))}"
        # The pane stays after banker ends, so a crash leaves its traceback to read (see running()).
        self.tmux(
            "new-session",
            "-d",
            "-s",
            self.name,
            "-x",
            str(self.width),
            "-y",
            str(self.height),
            f"env -u COLUMNS -u LINES {cmd}",
            ";",
            "set-option",
            "-t",
            self.name,
            "remain-on-exit",
            "on",
            check=True,
        )
        self.tmux("set-option", "-t", self.name, "window-size", "manual")
        self.tmux("resize-window", "-t", self.name, "-x", str(self.width), "-y", str(self.height))
        return self.wait_for(ready, timeout) if ready else self.screen()

    def running(self) -> bool:
        """Is banker still running in the session (its pane not dead)?"""
        if not self.socket:
            return False
        done = self.tmux("display-message", "-p", "-t", self.name, "#{pane_dead}")
        return done.returncode == 0 and done.stdout.strip() == "0"

    def keys(self, *keys: str) -> None:
        """Named keys (``Enter``, ``Tab``, ``Escape``, ``C-s``) or single characters, in order."""
        self.tmux("send-keys", "-t", self.name, *keys, check=True)

    def type(self, text: str) -> None:
        """Text typed literally (``[/]`` stays ``[/]``)."""
        self.tmux("send-keys", "-t", self.name, "-l", text, check=True)

    def screen(self) -> str:
        """The screen as shown. The installed app keeps its safety net (show the error, log it, keep the game), so
        a test here would pass with an error on screen: every capture fails the test if one is shown."""
        shown = self.tmux("capture-pane", "-p", "-t", self.name).stdout
        assert "Something went wrong" not in shown, f"the app reported an error; the screen was:\n{shown}"
        return shown

    def footer(self) -> str:
        """The key bar's first line (the table's keys, or the command line's while it has the keyboard)."""
        lines = self.screen().rstrip("\n").splitlines()
        for line in lines:
            if line.startswith((TABLE_KEYS, COMMAND_KEYS)) or line.lstrip().startswith("n New game"):
                return line
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
        """``/``, then wait until the command line has the keyboard: the footer says so (where a small terminal
        has no room for the footer, wait a moment instead)."""
        footer = self.footer().startswith(TABLE_KEYS)
        self.keys("/")
        if footer:
            self.wait_until(
                lambda s: any(line.startswith(COMMAND_KEYS) for line in s.splitlines()),
                "the command line to take the keyboard",
            )
        else:
            self.settle()

    @staticmethod
    def settle(seconds: float = 0.3) -> None:
        """A moment for a focus move to take effect where nothing on screen shows it (Tab in a form)."""
        time.sleep(seconds)

    def run_line(self, line: str) -> None:
        """Type ``line`` into the focused command line and Enter."""
        self.type(line)
        self.keys("Enter")

    def escape(self, until: Callable[[str], bool] | None = None, what: str = "Escape to take effect") -> None:
        """Escape, and wait for its effect (or a moment for it to show)."""
        self.keys("Escape")
        if until is not None:
            self.wait_until(until, what)
        time.sleep(0.15)

    def leave_command_line(self) -> None:
        """Escape from the command line, and wait until the table has the keyboard again."""
        footer = self.footer()
        if footer.startswith(COMMAND_KEYS):
            self.escape(lambda s: any(line.startswith(TABLE_KEYS) for line in s.splitlines()), "the table's keys")
        elif not footer.startswith(TABLE_KEYS) and not footer.lstrip().startswith("n New game"):
            self.escape()  # a terminal too small for the footer: Escape leaves the command line, if it has the keys

    def quit(self, wait: bool = True, timeout: float = 10.0) -> None:
        """``q`` (after leaving the command line), and wait for the app (and so the tmux session) to end; or, with
        ``wait=False``, let it save and end while the test reads the journal, and :meth:`wait_quit` later."""
        self.leave_command_line()
        self.keys("q")
        if wait:
            self.wait_quit(timeout)

    def wait_quit(self, timeout: float = 10.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if not self.running():
                self.close()
                return
            time.sleep(0.1)
        raise AssertionError(f"banker did not quit on q; the screen was:\n{self.screen()}")

    def close(self) -> None:
        """End the tmux session and its server if they are still there (always, in a ``finally`` or on leaving
        ``with``)."""
        if self.socket:
            self.tmux("kill-session", "-t", self.name)
            self.tmux("kill-server")
            if Path(self.socket).parent.name.startswith("banker-tmux-"):
                shutil.rmtree(Path(self.socket).parent, ignore_errors=True)

    def __enter__(self) -> Terminal:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
        log = Path(self.env["BANKER_DATA_DIR"]) / "banker.log"  # where the safety net writes what it caught
        if exc[0] is None:
            assert not log.exists(), f"the app logged an error:\n{log.read_text(encoding='utf-8')[-2000:]}"
