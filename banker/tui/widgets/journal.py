"""The last transactions in words; undone ones struck through, undo/redo entries in italics."""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.content import Content
from textual.widgets import Static

from banker.tui.widgets.changes import redraw
from rules.i18n import _

if TYPE_CHECKING:
    from banker.session import LogEntry

QUIET_VERBS = frozenset({"next", "turn"})
"""Whose turn it is shows in the status line; in the panel a turn change is one short dim line, so it does not
push the money out of sight."""


class JournalPanel(Static):
    """Shows ``Session.log()`` newest first, so the last thing recorded is where the eye lands. A long entry
    wraps under its own text (a hanging indent), not under the numbers. A key's new entries are added to those
    shown (:meth:`add`); each entry's lines are made once for the panel's width, and Textual wraps none of them
    again (``text-wrap: nowrap``: each line already fits)."""

    DEFAULT_CSS = """
    JournalPanel {
        text-wrap: nowrap;
    }
    """

    def __init__(self, limit: int = 30, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.limit = limit
        """How many entries the panel holds, the newest."""
        self.entries: list[LogEntry] = []
        self._lines: dict[LogEntry, tuple[Content, int]] = {}
        """Each entry shown as drawn at :attr:`_width`, and its number of lines."""
        self._width = 0

    def show(self, entries: list[LogEntry]) -> None:
        self.entries = list(entries)[-self.limit :]
        self._draw()

    def add(self, entries: list[LogEntry]) -> None:
        """Entries recorded after those shown (actions: an undo or a redo changes an entry shown, and the panel is
        shown whole again)."""
        self.show([*self.entries, *entries])

    def on_resize(self) -> None:
        self._draw()

    def _entry(self, e: LogEntry, width: int) -> tuple[Content, int]:
        if e.kind == "action":
            # i18n-exempt: Rich styles
            style = "strike dim" if e.undone else ("dim" if e.verb in QUIET_VERBS else "")
            text = e.summary or e.text
        else:
            style = "italic dim"  # i18n-exempt: a Rich style
            text = e.summary or f"{e.kind}: {e.text}"
        lines = textwrap.wrap(text, width - 4) or [""]
        t = Text()
        t.append(f"{e.seq:>3} ", style="dim")
        t.append(lines[0], style=style)
        for more in lines[1:]:
            t.append("\n    ")
            t.append(more, style=style)
        t.append("\n")
        return Content.from_rich_text(t), len(lines)

    def _draw(self) -> None:
        width = max((self.content_region.width or self.size.width or 60), 20)
        if width != self._width:
            self._lines, self._width = {}, width
        drawn = {e: self._lines.get(e) or self._entry(e, width) for e in self.entries}
        self._lines = drawn
        shown = [drawn[e] for e in reversed(self.entries)]
        if not shown:
            shown = [(Content.styled(_("Nothing recorded yet."), "dim"), 1)]
        # each entry ends its last line, so the panel ends with an empty one, as it always did
        redraw(self, Content("").join(c for c, _ in shown), sum(n for _, n in shown) + bool(self.entries))
