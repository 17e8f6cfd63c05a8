"""The installed ``banker`` in a real terminal, for the real-terminal suites (``test_terminal.py``,
``test_keyboard_terminal.py``).

A :class:`Terminal` owns one private database (``BANKER_DB`` and ``BANKER_DATA_DIR`` under the test's tmp_path, never
the user's) and runs the app in a detached tmux session of a fixed size: keys go in with ``send-keys`` as a person
types them, the screen comes back with ``capture-pane``. The oracle is the ``banker`` command, a new process each call
(forked from one that has imported it: :mod:`tests.kit.oracle`) on the same database: ``banker log`` (the journal) and
``banker state --json`` (the balances), not the screen alone.

Every wait is on a condition, with a deadline: a screen (:meth:`Terminal.wait_until`, which returns it once the app
has finished drawing it), the journal's length (:meth:`Terminal.wait_journal`; a read-only look at the database says
when ``banker log`` is worth asking), the app doing nothing (:meth:`Terminal.idle`: the screen, the journal and the
app's own threads, neither running nor waiting for a CPU by ``/proc``, all still), a key taken before the next is typed
(:meth:`Terminal.press`). :meth:`Terminal.settle` is a pause a test means, never a wait.
"""

from __future__ import annotations

import atexit
import errno
import json
import os
import shlex
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

import pytest

from tests.kit.oracle import BANKER as ORACLE
from tests.kit.patience import Deadline
from tests.kit.skips import needs
from tests.kit.tmux import Control

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
KEY_NAMES = {"Down", "Up", "Left", "Right", "Home", "End", "Space", "BSpace", "Enter", "Tab", "BTab", "Escape", "F2"}
KEY_NAMES |= {"C-s", "C-p", "C-u", "C-c", "C-o", "C-t", "C-z", "C-n", "C-r", "PPage", "NPage"}
"""tmux's names of the keys the tests send; any other string is text, typed as it is."""

LOOK = 0.02
"""Seconds between looks while a wait polls (a look, the screen and whether banker still runs, is one exchange with
the launch's tmux control client: under a millisecond)."""
PACE = 0.12
"""One key at a time: how long a key that changes nothing on screen is given before the next one is typed. Above
Textual's escape delay (``ESCDELAY``, 100 ms), so an Escape is read alone, never with the key after it."""
QUIET = 0.2
"""How long the app must be seen doing nothing (screen, journal, threads) for :meth:`Terminal.idle`: twice Textual's
escape delay, the longest the app holds a key without working on it (an ESC waiting for what may follow)."""
QUIET_SHARE = 0.05
"""The share of the time between two looks the app's threads may have spent running or waiting for a CPU and still
count as doing nothing: its own ticks (the input thread's tenth of a second, 0.1 ms of CPU and, as a thread that
slept, no wait) stay under it; a key being handled goes far over it, also on a loaded machine, where the app waits
for a CPU for as long as it does not get one. The cursor's blink (about 2 ms every half second) and the table's look
for other terminals' commands (every 2 s) go over it too: they only make a wait start again."""
DRAWN = 0.05
"""How long the app must be seen doing nothing once what was waited for has shown, before the screen counts as drawn
and a key as taken (:meth:`Terminal.wait_until`, :meth:`Terminal.press`, :meth:`Terminal.escape`): three of
Textual's frames. Between one frame and the work the next brings (an after-refresh callback, a key bar recomposed)
the app sleeps up to 1/60 s, using no CPU; 20 ms, and counting only the CPU time the app used (little when it is
starved of CPU), were seen to miss a key bar drawn a frame late on a loaded machine."""


class Look(NamedTuple):
    """One look at the terminal (:meth:`Terminal.look`)."""

    screen: str
    styled: str
    running: bool


@dataclass
class Template:
    """The database a ``banker play`` script left, and (once asked) its ``banker log``."""

    db: Path
    journal: list[str] | None = None


_TEMPLATES: dict[tuple[str, ...], Template] = {}
"""``banker play`` scripts already played in this process."""
_TEMPLATES_LOCK = threading.Lock()


_CACHE: list[Path] = []
_CACHE_LOCK = threading.Lock()


def warm_cache() -> Path:
    """The cache directory every ``banker`` of this test process shares (made at its first use, removed at its end):
    the compiled catalogues, the rules' parsed files and the code dataclasses generate, as a family's second launch
    finds them. A cache of each test's own (tests/conftest.py's) made every test's first launch and first oracle call
    compile and parse them all again: 0.15 s more CPU for that launch (0.60 s against 0.45 s, medians of 8), for
    what tests/core/test_compiled.py, test_kept.py and test_language.py test on their own (issue 33). Each file in it
    is written whole under a temporary name and renamed (two apps of one test may write it at once, as a banker's
    app and a second terminal's ``banker do`` may)."""
    with _CACHE_LOCK:
        if not _CACHE:
            _CACHE.append(Path(tempfile.mkdtemp(prefix="banker-cache-")))
            atexit.register(shutil.rmtree, _CACHE[0], True)
        return _CACHE[0]


class Terminal:
    """One database and, while :meth:`launch` has it running, one tmux session showing the app on it."""

    def __init__(
        self, tmp_path: Path, width: int = 120, height: int = 40, db: str = "game.db", reaction_ms: int | None = 0
    ) -> None:
        self.dir = tmp_path
        self.width = width
        self.height = height
        self.reaction_ms = reaction_ms
        """``[keyboard] reaction_ms`` for the app (None: the app's own). 0 by default: these tests type like a
        machine, a key right after the screen showed, which the app's reaction time (half a second in which keys are
        still set aside, banker.tui.keyorder) would set aside; keys typed before a screen showed still are. The
        reaction time has its own tests."""
        self.env = {
            "BANKER_DB": str(tmp_path / db),
            "BANKER_DATA_DIR": str(tmp_path / "data"),
            "BANKER_CONFIG_DIR": str(tmp_path / "config"),
            "BANKER_CACHE_DIR": str(warm_cache()),
            "LANGUAGE": "en",  # the tests read English whatever the machine's locale (docs/languages.md)
            "TERM": "xterm-256color",
            "BANKER_WEB_HOST": "127.0.0.1",  # the phone pages on loopback, on any free port (never 8421's owner)
            "BANKER_WEB_PORT": "0",
        }
        self.name = f"banker-test-{uuid.uuid4().hex[:8]}"
        self.launches = 0
        self.pid = 0
        """The pane's process (banker) of the current launch."""
        self._played: Template | None = None
        self._control: Control | None = None
        """The current launch's tmux control client: every look and key goes through it."""
        self.socket = ""
        """The socket of the current launch's own tmux server (a new one each launch, under tmp_path)."""

    # The oracle: the banker command on the same database ---------------------------------------------------
    def banker(self, *args: str, check: bool = True, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
        """``banker *args`` on this terminal's database: a new process of the command each call, forked from one
        that has imported it (:mod:`tests.kit.oracle`)."""
        done = ORACLE.run(list(args), {**os.environ, **(env or self.env)})
        if check and done.returncode != 0:
            raise AssertionError(f"banker {' '.join(args)} exited {done.returncode}: {done.stderr or done.stdout}")
        return done

    def play(self, *lines: str) -> None:
        """A new game and its first commands in one ``banker play`` (the first line is ``new ...``).

        Into a database that does not exist yet, the same script is played once per test process: the first time
        into a template, and each test gets its own byte copy of that database. Each test still has its own
        database; it saves a Python start (~0.2 s) per launch in the suites that set up the same game again and
        again. The copies carry the first play's timestamps (minutes old at most): a test whose game depends on
        the clock (a time limit) sets it up with :meth:`banker` and :meth:`do`."""
        target = Path(self.env["BANKER_DB"])
        self._played = None
        if target.exists():
            self._play(lines, self.env)
            return
        with _TEMPLATES_LOCK:  # the runs of one test may set up the same game at once (threads)
            if lines not in _TEMPLATES:
                where = Path(tempfile.mkdtemp(prefix="banker-play-"))
                atexit.register(shutil.rmtree, where, True)
                self._play(lines, {**self.env, "BANKER_DB": str(where / "game.db"), "BANKER_DATA_DIR": str(where)})
                _TEMPLATES[lines] = Template(where / "game.db")
            self._played = _TEMPLATES[lines]
        shutil.copyfile(self._played.db, target)

    def played(self) -> list[str]:
        """:meth:`journal` as :meth:`play` left it, before anything else was done: read once per script and test
        process (the copies of one template are the same bytes, so ``banker log`` says the same of each)."""
        if self._played is None:
            raise AssertionError("played() reads the journal a play() copied from its template; there was none")
        with _TEMPLATES_LOCK:
            if self._played.journal is None:
                log = self.banker("log", env={**self.env, "BANKER_DB": str(self._played.db)}).stdout
                self._played.journal = [line for line in log.splitlines() if line.strip()]
            return list(self._played.journal)

    @staticmethod
    def _play(lines: Sequence[str], env: dict[str, str]) -> None:
        done = ORACLE.run(["play", "-"], {**os.environ, **env}, input="\n".join(lines) + "\n")
        if done.returncode != 0:
            raise AssertionError(f"banker play exited {done.returncode}: {done.stderr}")

    def do(self, line: str) -> str:
        """Record one command as ``banker do`` does (a second terminal at the same table)."""
        return self.banker("do", line).stdout

    @property
    def app_log(self) -> Path:
        """Where the app's safety net writes what it caught (``banker.paths.log_path`` in this terminal's data
        directory)."""
        return Path(self.env["BANKER_DATA_DIR"]) / "banker.log"

    def journal(self) -> list[str]:
        """``banker log``, a line per entry (undone ones end in ``(undone)``)."""
        return [line for line in self.banker("log").stdout.splitlines() if line.strip()]

    def entries(self) -> int | None:
        """How many entries ``banker log`` would show (the most recently played game's), read with SQLite
        read-only in this process: a cheap look to decide *when* to ask the oracle, never the oracle itself. None
        while there is no database or game yet."""
        row = self._read(
            "SELECT COUNT(*) FROM events WHERE game = (SELECT id FROM games ORDER BY updated DESC, id DESC LIMIT 1)"
        )
        return None if row is None else int(row[0])

    def _journal_mark(self) -> tuple[int, ...]:
        """What changes whenever anything is journalled in any game (a look, as :meth:`entries`): the database's and
        its write-ahead log's modification times and sizes. Every commit writes the log (WAL mode: ``banker.journal``)
        and a checkpoint the database; a reader writes neither. A look at the files, not a query: opening the
        database at every look of every wait was a tenth of a real-terminal test's CPU (issue 33)."""
        mark: list[int] = []
        for path in (self.env["BANKER_DB"], self.env["BANKER_DB"] + "-wal"):
            try:
                stat = os.stat(path)
            except OSError:
                mark += (0, -1)
            else:
                mark += (stat.st_mtime_ns, stat.st_size)
        return tuple(mark)

    def _read(self, sql: str) -> tuple | None:
        """One row of ``sql`` on the database, read-only (as ``banker log`` reads it), or None while there is none."""
        path = Path(self.env["BANKER_DB"])
        if not path.exists():
            return None
        try:
            conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=5)
            try:
                return conn.execute(sql).fetchone()
            finally:
                conn.close()
        except sqlite3.Error:  # not a database yet, or no tables yet (the app is creating them)
            return None

    def typed(self) -> list[str]:
        """The journal's lines as they were typed (or built by a dialog), oldest first."""
        return [line[TEXT_COLUMN:].split("  ")[0].strip() for line in self.journal()]

    def records(self) -> tuple[list[str], dict]:
        """:meth:`typed` and :meth:`state`."""
        return self.typed(), self.state()

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

    def launch(self, ready: str | None = "Bankrupt", timeout: float = 15.0, gate: Path | None = None) -> str:
        """Start ``banker`` in a fresh tmux session and wait for ``ready`` on screen (the table's action buttons
        mount just after its first frame: typing before they are in loses keys). Returns the screen.

        With ``gate`` (a path where no file is yet), the pane's shell waits until :meth:`open_gate` before it starts
        ``banker``: keys typed meanwhile meet the terminal in its line mode, as keys typed at a slow launch do. The
        gate is a FIFO the shell blocks on, using no CPU, so the waits here see a quiet terminal meanwhile. (It was a
        file the shell looked for every 10 ms, starting a ``sleep`` each time: on a loaded machine that loop, which
        the waits count as the app, never looked quiet, and a wait for the echo of the keys typed could fail; a busy
        run of the whole suite beside a hog failed so once in three, issue 33.)"""
        if self.running():
            raise AssertionError(f"{self.name} is already running")
        self.close()
        self._configure()
        self.launches += 1
        self.socket = str(self.dir / f"tmux-{self.launches}.sock")
        if len(self.socket) > 100:  # a Unix socket's path has a limit; keep it short under a long basetemp
            self.socket = os.path.join(tempfile.mkdtemp(prefix="banker-tmux-"), "s")
        # COLUMNS/LINES inherited from pytest would override the terminal's real size in Textual.
        cmd = " ".join(f"{k}={shlex.quote(v)}" for k, v in self.env.items()) + f" {shlex.quote(str(BANKER))}"
        if gate is not None:
            os.mkfifo(gate)
            wait = f": < {shlex.quote(str(gate))}; exec {shlex.quote(str(BANKER))}"
            cmd = " ".join(f"{k}={shlex.quote(v)}" for k, v in self.env.items()) + f" sh -c {shlex.quote(wait)}"
        # The pane stays after banker ends, so a crash leaves its traceback to read (see running()). The pane's
        # process is banker (the shell and env exec it): its threads' times and states tell idle() it is busy.
        started = self.tmux(
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
            ";",
            "set-option",
            "-t",
            self.name,
            "window-size",
            "manual",
            ";",
            "resize-window",
            "-t",
            self.name,
            "-x",
            str(self.width),
            "-y",
            str(self.height),
            ";",
            "display-message",
            "-p",
            "-t",
            self.name,
            "#{pane_pid}",
            check=True,
        )
        self.pid = int(started.stdout.split()[-1])
        self._control = Control(self.socket, self.name)
        return self.wait_for(ready, timeout) if ready else self.screen()

    def open_gate(self, gate: Path, timeout: float = 10.0) -> None:
        """Let the pane's shell start ``banker`` (:meth:`launch`'s ``gate``): the FIFO it waits on is opened for
        writing and closed, which ends the shell's wait. Opening fails (ENXIO) until the shell has it open for
        reading, so that is tried again until it has."""
        deadline = self.deadline(timeout)
        while True:
            try:
                fd = os.open(gate, os.O_WRONLY | os.O_NONBLOCK)
            except OSError as error:
                if error.errno != errno.ENXIO:
                    raise
                if deadline.passed():
                    raise deadline.fail("the pane's shell never waited on its gate") from error
                time.sleep(LOOK)
            else:
                os.close(fd)
                return

    def _configure(self) -> None:
        """The app's config.toml (beside any a test wrote): the reaction time (:attr:`reaction_ms`)."""
        if self.reaction_ms is None:
            return
        config = Path(self.env["BANKER_CONFIG_DIR"]) / "config.toml"
        config.parent.mkdir(parents=True, exist_ok=True)
        text = config.read_text() if config.exists() else ""
        if "[keyboard]" not in text:
            config.write_text(f"{text}\n[keyboard]\nreaction_ms = {self.reaction_ms}\n")

    def _commands(self, *commands: list[str]) -> list[str] | None:
        """tmux commands on this launch's session, through its control client: each one's output, or None once
        the session is gone (closed) or if one of them failed."""
        return None if self._control is None else self._control.run(*commands)

    def running(self) -> bool:
        """Is banker still running in the session (its pane not dead)?"""
        done = self._commands(["display-message", "-p", "-t", self.name, "#{pane_dead}"])
        return done is not None and done[0].strip() == "0"

    def keys(self, *keys: str) -> None:
        """Named keys (``Enter``, ``Tab``, ``Escape``, ``C-s``) or single characters, in order, in one write."""
        if self._commands(["send-keys", "-t", self.name, *keys]) is None:
            raise AssertionError(f"tmux could not send {keys} (the session is gone)")

    def type(self, text: str) -> None:
        """Text typed literally (``[/]`` stays ``[/]``), in one write."""
        if self._commands(["send-keys", "-t", self.name, "-l", text]) is None:
            raise AssertionError(f"tmux could not type {text!r} (the session is gone)")

    def screen(self) -> str:
        """The screen as shown. The installed app keeps its safety net (show the error, log it, keep the game), so
        a test here would pass with an error on screen: every capture fails the test if one is shown."""
        done = self._commands(["capture-pane", "-p", "-t", self.name])
        return self._shown("" if done is None else done[0])

    @staticmethod
    def _shown(screen: str) -> str:
        assert "Something went wrong" not in screen, f"the app reported an error; the screen was:\n{screen}"
        return screen

    def look(self, styled: bool = False) -> Look:
        """The screen (as :meth:`screen`), whether banker still runs and, ``styled``, the screen with its colours
        and the cursor's place (where a focus move or a highlight shows), all in one tmux call."""
        commands = [["capture-pane", "-p", "-t", self.name], ["display-message", "-p", "-t", self.name, "#{pane_dead}"]]
        if styled:
            commands += [["capture-pane", "-p", "-e", "-t", self.name]]
            commands += [["display-message", "-p", "-t", self.name, "#{cursor_x},#{cursor_y}"]]
        done = self._commands(*commands)
        if done is None:  # the session is gone (closed): nothing runs, nothing is shown
            return Look("", "", False)
        return Look(self._shown(done[0]), "".join(done[2:]), done[1].strip() == "0")

    def footer(self) -> str:
        """The key bar's first line (the table's keys, or the command line's while it has the keyboard)."""
        lines = self.screen().rstrip("\n").splitlines()
        for line in lines:
            if line.startswith((TABLE_KEYS, COMMAND_KEYS)) or line.lstrip().startswith("n New game"):
                return line
        return lines[-1] if lines else ""

    def wait_until(self, test: Callable[[str], bool], what: str, timeout: float = 10.0) -> str:
        """Poll the screen until ``test(screen)`` holds, and still holds once the app is done drawing it (idle for
        :data:`DRAWN`: a screen caught between two frames, its key bar not drawn yet, is never returned);
        returns that screen."""
        deadline = self.deadline(timeout)
        screen = ""
        while not deadline.passed():
            screen, _, running = self.look()
            if test(screen):
                screen = self._quiet(DRAWN, deadline, every=DRAWN / 5)[0]
                if test(screen):
                    return screen
                continue
            if not running:
                raise AssertionError(f"banker is gone while waiting for {what}; the last screen was:\n{screen}")
            time.sleep(LOOK)
        raise deadline.fail(f"{what} never came; the screen was:\n{screen}\n")

    def wait_for(self, text: str, timeout: float = 10.0) -> str:
        return self.wait_until(lambda s: text in s, repr(text), timeout)

    def wait_gone(self, text: str, timeout: float = 10.0) -> str:
        return self.wait_until(lambda s: text not in s, f"{text!r} to go", timeout)

    def wait_journal(self, length: int, timeout: float = 10.0) -> list[str]:
        """Wait until the journal (``banker log``) holds ``length`` entries; returns it. The database is looked at
        cheaply (:meth:`entries`) to know when ``banker log`` is worth asking."""
        deadline = self.deadline(timeout)
        while (self.entries() or 0) < length and not deadline.passed():
            time.sleep(LOOK)
        journal = self.journal()
        while len(journal) < length and not deadline.passed():  # the look and the oracle disagree: ask again
            time.sleep(LOOK)
            journal = self.journal()
        if len(journal) < length:  # what the app showed says where the keys went: the first thing to read
            said, screen = "\n".join(journal), self.screen()
            log = self.app_log  # an error the safety net caught, if any
            caught = log.read_text(encoding="utf-8")[-3000:] if log.exists() else "(none)"
            raise AssertionError(
                f"the journal never reached {length} entries:\n{said}\nthe screen was:\n{screen}\nthe app's log:\n"
                + caught
            )
        return journal

    # Waiting for the app to have taken the keys ----------------------------------------------------------------
    def deadline(self, seconds: float) -> Deadline:
        """A deadline of ``seconds`` of the machine's attention to the app and this test
        (:class:`tests.kit.patience.Deadline`: time either waited for a CPU does not count)."""
        return Deadline(seconds, self._running_pids)

    def _running_pids(self) -> list[int]:
        return self._pids() if self.pid else []

    def _pids(self) -> list[int]:
        """The pane's process (banker) and any it started."""
        pids, todo = [], [self.pid]
        while todo:
            pid = todo.pop()
            pids.append(pid)
            for task in os.listdir(f"/proc/{pid}/task"):
                todo += [int(c) for c in Path(f"/proc/{pid}/task/{task}/children").read_text().split()]
        return pids

    def busy(self) -> tuple[int, bool] | None:
        """How long the app's threads have been running or ready to run so far (ns: ``schedstat``'s time on a CPU
        plus its time waiting for one, so an app starved of CPU on a loaded machine counts as busy, not idle), and
        whether one of them is running, waiting for a CPU or for the disk now (R, D); None where ``/proc`` cannot
        tell (not Linux, the app gone)."""
        total, working = 0, False
        try:
            for pid in self._pids():
                for task in os.listdir(f"/proc/{pid}/task"):
                    stat = Path(f"/proc/{pid}/task/{task}/stat").read_text()
                    working |= stat.rpartition(")")[2].split()[0] in ("R", "D")
                    ran, waited, _ = Path(f"/proc/{pid}/task/{task}/schedstat").read_text().split()
                    total += int(ran) + int(waited)
        except (OSError, ValueError):
            return None
        return total, working

    def idle(self, window: float = QUIET, timeout: float = 15.0) -> str:
        """Wait until the app has been seen doing nothing for ``window`` seconds, and return the screen: looked at
        every :data:`LOOK`, the screen and the journal (:meth:`entries`' look at any game) stayed the same, none of
        the app's threads was running or waiting for a CPU or the disk at a look, and between two looks they spent
        less than :data:`QUIET_SHARE` of the time running or waiting for a CPU (:meth:`busy`). A key still on its
        way would show in one of them. (Where ``/proc`` cannot tell, the screen and the journal alone, over at
        least 0.4 s.)"""
        return self._quiet(window, timeout)[0]

    def _quiet(
        self,
        window: float,
        timeout: float | Deadline,
        before: str | None = None,
        pace: float = 0.0,
        every: float = LOOK,
    ) -> tuple[str, str]:
        """:meth:`idle`; with ``before`` (a styled screen), first until the styled screen differs from it or
        ``pace`` has passed. Returns the last look's screen and styled screen. ``timeout``: seconds, or the deadline
        of a wait this one is part of."""
        start = time.monotonic()
        deadline = timeout if isinstance(timeout, Deadline) else self.deadline(timeout)
        if self.busy() is None:  # /proc cannot tell: the screen and the journal alone, for longer
            window = max(window, 0.4)
        shown = before is None
        quiet_since, seen_then = start, None
        last: tuple[float, int | None] = (start, None)  # the previous look's time and how busy the app was by then
        while True:
            screen, styled, _ = self.look(styled=before is not None)
            seen, busy, now = (screen, styled, self._journal_mark()), self.busy(), time.monotonic()
            shown = shown or styled != before or now - start >= pace
            working = busy is not None and (
                busy[1] or (last[1] is not None and busy[0] - last[1] > QUIET_SHARE * 1e9 * (now - last[0]))
            )
            if working or seen != seen_then:
                quiet_since, seen_then = now, seen
            elif shown and now - quiet_since >= window:
                return screen, styled
            if deadline.passed():
                raise deadline.fail(f"the app never went quiet for {window} s; the screen was:\n{screen}\n")
            last = (now, None if busy is None else busy[0])
            time.sleep(every)

    def press(self, *keys: str) -> None:
        """Type ``keys`` (:data:`KEY_NAMES` and text, sent a character at a time) one at a time, each in its own
        write: a key is typed once the one before it has been taken, that is its effect is on screen (colours
        and the cursor included: a focus move shows) or :data:`PACE` has passed (for a key that changes nothing
        visible), and then the app has been quiet (:meth:`idle`) for :data:`DRAWN`.

        This is the reference a burst is compared with: every key read alone, after the app has finished with
        the one before. It used to be a fixed 0.12 s a key (a human pace). Waiting for the key to show keeps that
        meaning and checks it instead of assuming it: measured on two shared cores, quiet and beside two CPU hogs,
        a letter shows in 5 to 25 ms, a focus move in 15 to 60, a dialog opens in 45 to 90 and Escape acts in 110
        to 160 (its 100 ms escape delay), and the app then works on for up to 100 ms more (a preview, a
        completion), which the quiet waits out; so a key takes 40 to 120 ms here, and longer exactly when the app
        needs longer, where a fixed 0.12 s would have typed the next key before the app had read the last."""
        for key in keys:
            for one in [key] if key in KEY_NAMES else list(key):
                before = self.look(styled=True).styled
                if one in KEY_NAMES:
                    self.keys(one)
                else:
                    self.type(one)
                self._quiet(DRAWN, 15.0, before=before, pace=PACE, every=DRAWN / 5)

    def command_line(self) -> None:
        """``/``, then wait until the command line has the keyboard: the footer says so (where a small terminal
        has no room for the footer, until the app is idle)."""
        footer = self.footer().startswith(TABLE_KEYS)
        self.keys("/")
        if footer:
            self.wait_until(
                lambda s: any(line.startswith(COMMAND_KEYS) for line in s.splitlines()),
                "the command line to take the keyboard",
            )
        else:
            self.idle()

    @staticmethod
    def settle(seconds: float) -> None:
        """A pause where a test means one (a person stopping between bursts), never a wait for something to
        happen: for that, :meth:`idle` or a ``wait_*``."""
        time.sleep(seconds)

    def run_line(self, line: str) -> None:
        """Type ``line`` into the focused command line and Enter."""
        self.type(line)
        self.keys("Enter")

    def escape(self, until: Callable[[str], bool] | None = None, what: str = "Escape to take effect") -> None:
        """Escape, and wait for its effect (``until``) and for the app to be done with it (:meth:`idle`)."""
        self.keys("Escape")
        if until is not None:
            self.wait_until(until, what)
            self._quiet(DRAWN, 15.0, every=DRAWN / 5)
        else:
            self.idle()  # over twice the escape delay: Escape has been read and has taken effect

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
        deadline = self.deadline(timeout)
        while not deadline.passed():
            if not self.running():
                self.close()
                return
            time.sleep(LOOK)
        raise AssertionError(f"banker did not quit on q; the screen was:\n{self.screen()}")

    def close(self) -> None:
        """End the tmux session and its server if they are still there (always, in a ``finally`` or on leaving
        ``with``)."""
        if self._control is not None:
            self._control.close()
            self._control = None
        if self.socket:
            self.tmux("kill-session", "-t", self.name)
            self.tmux("kill-server")
            if Path(self.socket).parent.name.startswith("banker-tmux-"):
                shutil.rmtree(Path(self.socket).parent, ignore_errors=True)

    def __enter__(self) -> Terminal:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
        log = self.app_log
        if exc[0] is None:
            assert not log.exists(), f"the app logged an error:\n{log.read_text(encoding='utf-8')[-2000:]}"
