"""Each recorded summary read aloud, for young or visually impaired players (``[speech] read_aloud = true`` in
config.toml, docs/settings.md): Debian's ``espeak-ng`` when it is installed, run in a worker thread so a key is
never kept waiting. A summary that comes while another is being read waits its turn (one voice at a time, in the
order the summaries were recorded); a machine without ``espeak-ng`` reads nothing and the app says so once."""

from __future__ import annotations

import contextlib
import itertools
import shutil
import subprocess
import threading
from collections.abc import Iterator

from banker import language

SPEAKER = "espeak-ng"
WAIT = 120.0
"""Seconds a summary waits for the one before it to be read (as long as a reading may take) before it is read
anyway: a reading that never ends, or never starts, keeps no later one waiting for good."""
_ONE_VOICE = threading.Lock()


def speaker() -> str | None:
    """The path of ``espeak-ng``, or None when it is not installed."""
    return shutil.which(SPEAKER)


class Turns:
    """The order one app's summaries are read in: each takes a place where it is recorded (the app's thread), and
    its worker thread reads it in that place, whichever thread runs first (on a busy machine the second summary's
    thread was seen to start before the first's, and the summaries were read out of order)."""

    def __init__(self) -> None:
        self._changed = threading.Condition()
        self._places = itertools.count()
        self._now = 0
        """The place being read now."""

    def take(self) -> int:
        return next(self._places)

    @contextlib.contextmanager
    def place(self, place: int) -> Iterator[None]:
        """Wait for ``place`` (at most :data:`WAIT`), then hold it until the block ends."""
        with self._changed:
            self._changed.wait_for(lambda: self._now >= place, timeout=WAIT)
        try:
            yield
        finally:
            with self._changed:
                self._now = max(self._now, place + 1)
                self._changed.notify_all()


def voice() -> str:
    """``espeak-ng``'s voice for the banker's language (``de``, ``fr``, ``es``; "" for English, its own default):
    the summaries are said in that language (issue 36), and an English voice reading German is no help."""
    code = language.installed()
    return "" if code == language.SOURCE else code


def say(text: str, turns: Turns | None = None, place: int = 0, language: str = "") -> None:
    """Read ``text`` aloud (in its ``place`` among ``turns``; in the voice of ``language``, :func:`voice`) and return
    when it is read (in a worker thread: it blocks). The text is one argument after ``--``, never a shell line or an
    option; an error of the speaker is ignored (the game goes on)."""
    with turns.place(place) if turns is not None else contextlib.nullcontext():
        path = speaker()
        if path is None or not text.strip():
            return
        with _ONE_VOICE, contextlib.suppress(OSError, subprocess.SubprocessError):
            chosen = ["-v", language] if language else []
            subprocess.run([path, *chosen, "--", text], capture_output=True, timeout=WAIT, check=False)


__all__ = ["SPEAKER", "WAIT", "Turns", "say", "speaker", "voice"]
