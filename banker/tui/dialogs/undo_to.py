"""Undo to here: pick an entry of the journal and take back everything after it in one step (Shift+U).

The recent journal entries are listed newest first. Enter on an action in effect records ``undo to <entry>``
(every action after it taken back, each journalled as an ordinary undo, so ``y`` redoes them one by one); on an
action taken back, ``redo to <entry>`` brings everything up to it back again. Undo entries cannot be chosen: they
are not actions; nor can an action taken back that a new action has since cleared from the redo stack (it is
labelled so). A refusal (another screen recorded a command first) stays in the dialog, in view, never in the
table's reply box behind it; the session decides, as for a typed line. The list is bounded to the dialog (its CSS,
``#undo-box #entries``) and scrolls with the highlight, so the entry Enter takes back to is always on screen.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Label, OptionList, Static
from textual.widgets.option_list import Option

from banker.commands import Control, ControlKind
from banker.tui.dialogs.base import RecordingDialog, plain
from banker.tui.safety import guard_actions
from rules.i18n import _

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderResult
    from textual.widget import Widget

    from banker.session import LogEntry, Reply, Session
    from banker.tui.dialogs.base import Record

ENTRIES = 40
"""How many of the latest journal entries the dialog lists."""


def control_for(entry: LogEntry) -> Control | None:
    """The command that choosing ``entry`` (a :class:`banker.session.LogEntry`) records; None for an undo, which
    is not an action, and for an action taken back that can no longer be redone (a new action came after its
    undo). (Choosing the last action in effect is refused by the session: nothing comes after it.)"""
    if entry.kind == "undo":
        return None
    if entry.kind == "action" and entry.undone:
        return Control(ControlKind.REDO, entry.seq) if entry.redoable else None
    return Control(ControlKind.UNDO, entry.seq)


def words_for(entry: LogEntry) -> str:
    text = entry.summary or entry.text
    if entry.kind == "action" and entry.undone:
        if not entry.redoable:
            return _("{entry} (undone, cannot be redone)").format(entry=text)
        return _("{entry} (undone: Enter redoes up to here)").format(entry=text)
    return text


@dataclass(frozen=True)
class Listed:
    """One entry as the list shows it: its number, then its words, a long one wrapped under its words (a hanging
    indent, as the journal panel's), not under the number (found by a game-night review). ``str()`` is the line
    as one."""

    number: str
    words: str

    def __str__(self) -> str:
        return self.number + self.words

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        indent = len(self.number)
        lines = Text(self.words).wrap(console, max(options.max_width - indent, 10))
        for i, line in enumerate(lines):
            yield Text(self.number if i == 0 else " " * indent) + line


def label_for(entry: LogEntry) -> Listed:
    return Listed(f"{entry.seq:>4}  ", words_for(entry))


@guard_actions
class UndoToDialog(RecordingDialog):
    """Lists the latest journal entries; Enter (or a click) takes back everything after the highlighted one."""

    DEFAULT_CSS = """
    UndoToDialog #undo-box #entries {
        height: auto;
        max-height: 40vh;
    }
    """

    def __init__(self, session: Session, record: Record) -> None:
        super().__init__(session, record)
        self.entries = list(reversed(session.log(limit=ENTRIES)))
        self.controls = [control_for(e) for e in self.entries]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box wide", id="undo-box"):
            yield Label(_("Undo to here"), classes="dialog-title")
            yield Static(
                plain(
                    _(
                        "Enter takes back everything recorded after the highlighted entry, in one step (each "
                        "journalled as an undo: y redoes them one by one). Escape: nothing changes."
                    )
                ),
                classes="dialog-note",
            )
            options = [
                Option(label_for(e), id=f"entry-{e.seq}", disabled=control is None)
                for e, control in zip(self.entries, self.controls, strict=True)
            ]
            yield OptionList(*options, id="entries")
            yield Static(id="at-entry", classes="dialog-note")
            yield Static(id="refusal", classes="dialog-refusal")
            with Horizontal(classes="dialog-buttons"):
                yield Button(_("Undo to here"), id="ok", variant="primary", compact=True)
                yield Button(_("Cancel"), id="cancel", compact=True)

    def initial_focus(self) -> Widget | None:
        entries = self.query_one("#entries", OptionList)
        first = next((i for i, control in enumerate(self.controls) if control is not None), None)
        if first is not None:
            entries.highlighted = first
        return entries

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """The balances as they were right after the highlighted entry (the 18xx "game at action N", for settling
        a dispute before anything is taken back)."""
        event.stop()
        index = event.option_index
        if not 0 <= index < len(self.entries):
            return
        seq = self.entries[index].seq
        state = self.session.state_after(seq)
        cash = " · ".join(f"{p.name} {state.money(p.cash)}" for p in state.players)
        self.query_one("#at-entry", Static).update(plain(_("After entry {seq}: {cash}").format(seq=seq, cash=cash)))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_confirm()

    def confirm(self) -> None:
        index = self.query_one("#entries", OptionList).highlighted
        control = self.controls[index] if index is not None and 0 <= index < len(self.controls) else None
        if control is None:
            self.refuse(_("choose an action in effect, or one taken back that a redo can bring back"), "entries")
            return
        self.send(control)

    def field_at_fault(self, reply: Reply) -> str:
        return "entries"


__all__ = ["UndoToDialog", "control_for", "label_for"]
