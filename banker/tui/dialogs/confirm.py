"""Yes or no (frogmouth's yes/no dialog): y, n, Escape (no), or the buttons."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from banker.tui.dialogs.base import BankerDialog, plain
from banker.tui.safety import guard_actions


@guard_actions
class ConfirmDialog(BankerDialog[bool]):
    BINDINGS = [
        Binding("escape", "answer(False)", "No"),
        Binding("y", "answer(True)", "Yes"),
        Binding("n", "answer(False)", "No"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Static(plain(self.question))
            with Horizontal(classes="dialog-buttons"):
                yield Button("Yes (y)", id="yes", variant="primary", compact=True)
                yield Button("No (n)", id="no", compact=True)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.close(event.button.id == "yes")

    def action_answer(self, value: bool) -> None:
        self.close(value)

    def confirm(self) -> None:
        self.close(True)


__all__ = ["ConfirmDialog"]
