"""Yes or no (frogmouth's yes/no dialog): y, n, Escape (no), or the buttons; and, for what cannot be taken back
by a stray key, a word to type (:class:`WordDialog`: a bankruptcy is recorded only once ``bankrupt`` is typed)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Static

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


BANKRUPT_WORD = "bankrupt"
"""What the banker types to record a bankruptcy in a dialog (issue 30: x then y, two letters of a name or a command
typed ahead, recorded one)."""


@guard_actions
class WordDialog(BankerDialog[bool]):
    """Asks for a deliberate act that no command or name typed ahead can hold: the whole field must be ``word``, then
    Enter (True). Escape or the Back button: False. Anything else is refused in place, nothing done."""

    BINDINGS = [Binding("escape", "cancel", "Back")]

    def __init__(self, question: str, word: str = BANKRUPT_WORD) -> None:
        super().__init__()
        self.question = question
        self.word = word

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Static(plain(self.question))
            yield Input(placeholder=f"type {self.word}, then Enter", id="word", compact=True)
            yield Static(plain(f"Type the word {self.word} and press Enter to record it; Escape goes back."))
            yield Static(id="refusal", classes="dialog-refusal")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Back (Esc)", id="cancel", compact=True)

    def initial_focus(self) -> Input:
        return self.query_one("#word", Input)

    def confirm(self) -> None:
        typed = self.query_one("#word", Input).value.strip()
        if typed.casefold() == self.word:
            self.close(True)
        else:
            said = f'"{typed[:30]}" is not {self.word}' if typed else "nothing typed"
            self.refuse(f"{said}: type the word {self.word}, then Enter (Escape: back)", "word")

    def action_cancel(self) -> None:
        self.close(False)


__all__ = ["BANKRUPT_WORD", "ConfirmDialog", "WordDialog"]
