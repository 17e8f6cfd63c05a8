"""Each recorded summary read aloud, for young or visually impaired players (``[speech] read_aloud = true`` in
config.toml, docs/settings.md): Debian's ``espeak-ng`` when it is installed, run in a worker thread so a key is
never kept waiting. A summary that comes while another is being read waits its turn (one voice at a time); a
machine without ``espeak-ng`` reads nothing and the app says so once."""

from __future__ import annotations

import contextlib
import shutil
import subprocess
import threading

SPEAKER = "espeak-ng"
_ONE_VOICE = threading.Lock()


def speaker() -> str | None:
    """The path of ``espeak-ng``, or None when it is not installed."""
    return shutil.which(SPEAKER)


def say(text: str) -> None:
    """Read ``text`` aloud and return when it is read (in a worker thread: it blocks). The text is one argument
    after ``--``, never a shell line or an option; an error of the speaker is ignored (the game goes on)."""
    path = speaker()
    if path is None or not text.strip():
        return
    with _ONE_VOICE, contextlib.suppress(OSError, subprocess.SubprocessError):
        subprocess.run([path, "--", text], capture_output=True, timeout=120, check=False)


__all__ = ["SPEAKER", "say", "speaker"]
