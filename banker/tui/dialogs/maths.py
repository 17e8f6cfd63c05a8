"""The maths mode (a game setting, per player; docs/app.md): before a payment to or from a young player is recorded,
that player works out the amount. A right answer records the command; a wrong one shows the engine's working and
asks again; F2 reveals the answer (Enter then records it); Escape records nothing. The amount typed is only ever
compared: what is recorded is the command as it was, so never another amount than the engine's.

The app opens it on its own (the banker typed a payment, not a request for a question), so the keys already typed
are set aside (:mod:`banker.tui.keyorder`), and so are the keys typed before a wrong answer's reply showed: a
command typed ahead never lands in the answer field."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Label, Static

from banker.commands import parse_amount
from banker.tui.keyorder import hold_typed_ahead
from banker.tui.look import DialogScreen
from banker.views import MathsQuestion
from rules.board import Board
from rules.editions import find_edition
from rules.errors import RuleError


class MathsDialog(DialogScreen[bool]):
    """Asks ``question``; closes with True when the command may be recorded (right answer, or revealed and
    confirmed), False on Escape."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel"),
        Binding("f2", "reveal", "Show the answer"),
    ]

    def __init__(self, question: MathsQuestion, board: Board | None = None) -> None:
        super().__init__()
        self.question = question
        self.board = board or find_edition("us")
        """The game's edition: its money is read and written as the table reads and writes it."""
        self.tries = 0
        self.revealed = False

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box maths-box"):
            yield Label(Text(f"Maths for {self.question.player}"), classes="dialog-title")
            yield Static(Text(self.question.question), id="maths-question")
            yield Input(placeholder="the amount, e.g. 100", id="maths-answer")
            yield Static(Text("Enter checks it; F2 shows the answer; Escape: nothing is recorded"), id="maths-note")

    def on_mount(self) -> None:
        self.query_one("#maths-answer", Input).focus()

    def say(self, text: str) -> None:
        self.query_one("#maths-note", Static).update(Text(text))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if self.revealed:
            self.dismiss(True)
            return
        typed = event.value.strip()
        try:
            amount = parse_amount(typed, board=self.board) if typed else None
        except RuleError:
            amount = None
        if amount is None:
            self.say(f'"{typed[:20]}" is not an amount: type a number, e.g. 100' if typed else "Type the amount first")
            event.input.select_all()
            hold_typed_ahead(self)
            return
        if amount == self.question.amount:
            self.dismiss(True)
            return
        self.tries += 1
        working = f" The working: {self.question.working}." if self.question.working else ""
        self.say(f"Not {self.board.money(amount)}.{working} Try again, or F2 shows the answer.")
        event.input.value = ""
        hold_typed_ahead(self)

    def action_reveal(self) -> None:
        self.revealed = True
        self.say(f"The answer: {self.question.answer}. Enter records it; Escape records nothing.")

    def action_cancel(self) -> None:
        self.dismiss(False)


__all__ = ["MathsDialog"]
