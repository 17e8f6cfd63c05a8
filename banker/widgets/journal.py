"""The last transactions in words; undone ones struck through, undo/redo entries in italics."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


class JournalPanel(Static):
    """Shows ``Session.log()`` newest first, so the last thing recorded is where the eye lands."""

    def show(self, entries) -> None:
        t = Text()
        for e in reversed(entries):
            if e.kind == "action":
                style = "strike dim" if e.undone else ""
                t.append(f"{e.seq:>3} ", style="dim")
                t.append(e.summary or e.text, style=style)
            else:
                t.append(f"{e.seq:>3} ", style="dim")
                t.append(e.summary or f"{e.kind}: {e.text}", style="italic dim")
            t.append("\n")
        if not entries:
            t.append("Nothing recorded yet.", style="dim")
        self.update(t)
