"""The last transactions in words; undone ones struck through, undo/redo entries in italics."""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.widgets import Static

if TYPE_CHECKING:
    from banker.session import LogEntry

QUIET_VERBS = frozenset({"next", "turn"})
"""Whose turn it is shows in the status line; in the panel a turn change is one short dim line, so it does not
push the money out of sight."""


class JournalPanel(Static):
    """Shows ``Session.log()`` newest first, so the last thing recorded is where the eye lands. A long entry
    wraps under its own text (a hanging indent), not under the numbers."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.entries: list[LogEntry] = []

    def show(self, entries: list[LogEntry]) -> None:
        self.entries = list(entries)
        self._draw()

    def on_resize(self) -> None:
        self._draw()

    def _draw(self) -> None:
        width = max((self.content_region.width or self.size.width or 60), 20)
        t = Text()
        for e in reversed(self.entries):
            if e.kind == "action":
                style = "strike dim" if e.undone else ("dim" if e.verb in QUIET_VERBS else "")
                text = e.summary or e.text
            else:
                style = "italic dim"
                text = e.summary or f"{e.kind}: {e.text}"
            lines = textwrap.wrap(text, width - 4) or [""]
            t.append(f"{e.seq:>3} ", style="dim")
            t.append(lines[0], style=style)
            for more in lines[1:]:
                t.append("\n    ")
                t.append(more, style=style)
            t.append("\n")
        if not self.entries:
            t.append("Nothing recorded yet.", style="dim")
        self.update(t)
