"""The database's backups while the app runs (docs/storage.md, "Backups"): one at each launch, once the first screen
is drawn, and one at each game's end, copied in a thread worker (:func:`banker.backups.back_up`, imported then: on a
large database the copy takes a moment, ``bench/bench_backups.py``), so neither the first frame nor a key waits for
it. A backup that fails is said once (its words, figures aside), however many backups meet it; the game goes on."""

from __future__ import annotations

import re
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from textual.message import Message

from banker.tui.screens import deferred
from rules.i18n import _

if TYPE_CHECKING:
    from banker.tui.jobs import AppHost


class BackupFailed(Message, bubble=False):
    """The backup worker's failure: what to say once, or (``error``) a bug, for the app's ``report_error``."""

    def __init__(self, text: str, error: Exception | None = None) -> None:
        super().__init__()
        self.text = text
        self.error = error


class Backups:
    """Backs the app's database up, and says a failure once."""

    def __init__(self, app: AppHost) -> None:
        self.app = app
        self.said: set[str] = set()
        """The failures already said (their words, figures aside)."""

    def back_up(self) -> None:
        """Copy the database into its backups folder in a thread worker (unless the app's ``backups`` is off)."""
        if self.app.backups:
            self.app.run_worker(partial(self._back_up, self.app.db_path), thread=True, group="backups")

    def _back_up(self, db: Path) -> None:
        try:
            deferred.backups.back_up(db)
        except deferred.backups.BackupError as e:
            self.app.post_message(BackupFailed(str(e)))
        except Exception as e:  # noqa: BLE001 - a bug: reported on the loop, never the end of the app
            failed = _("no backup was made ({error}: {message})").format(error=type(e).__name__, message=e)
            self.app.post_message(BackupFailed(failed, e))

    def failed(self, message: BackupFailed) -> None:
        """On the app's loop: say the failure once, or report the bug."""
        if message.error is not None:
            self.app.report_error(message.error, "BankerApp.back_up")
            return
        problem = re.sub(r"[\d.,]+", "#", message.text)  # the same problem, whatever the figures (MB free)
        if problem in self.said:
            return
        self.said.add(problem)
        self.app.notify(
            _("{problem}. The game goes on; every command is recorded as always.").format(
                problem=message.text[:1].upper() + message.text[1:]
            ),
            title=_("Backup"),
            severity="warning",
            timeout=10,
        )


__all__ = ["BackupFailed", "Backups"]
