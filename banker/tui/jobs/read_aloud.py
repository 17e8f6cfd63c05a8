"""Each recorded summary read aloud (``[speech] read_aloud``; :mod:`banker.tui.speech`), in a worker thread: the key
that recorded it, and every key after it, go on at once; the summaries are read in the order recorded."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from banker.tui import speech

if TYPE_CHECKING:
    from banker.tui.jobs import AppHost


class ReadAloud:
    """Reads the app's summaries aloud, one after another."""

    def __init__(self, app: AppHost) -> None:
        self.app = app
        self.turns: speech.Turns | None = None
        """The order the summaries are read in (made on the first one)."""

    def say(self, text: str) -> None:
        self.turns = self.turns or speech.Turns()
        work = partial(speech.say, text, self.turns, self.turns.take(), speech.voice())
        self.app.run_worker(work, thread=True, group="speech", exit_on_error=False)


__all__ = ["ReadAloud"]
