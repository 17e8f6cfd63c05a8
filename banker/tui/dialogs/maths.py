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
from banker.tui.widgets.inputs import SteadyInput
from banker.views import MathsQuestion
from rules.board import Board
from rules.editions import find_edition
from rules.errors import RuleError
from rules.i18n import N_, _


class MathsDialog(DialogScreen[bool]):
    """Asks ``question``; closes with True when the command may be recorded (right answer, or revealed and
    confirmed), False on Escape."""

    BINDINGS = [
        Binding("escape", "cancel", N_("Cancel")),
        Binding("f2", "reveal", N_("Show the answer")),
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
            yield Label(Text(_("Maths for {player}").format(player=self.question.player)), classes="dialog-title")
            yield Static(Text(self.question.question), id="maths-question")
            yield SteadyInput(placeholder=_("the amount, e.g. 100"), id="maths-answer")
            yield Static(Text(_("Enter checks it; F2 shows the answer; Escape: nothing is recorded")), id="maths-note")

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
            self.say(
                _('"{typed}" is not an amount: type a number, e.g. 100').format(typed=typed[:20])
                if typed
                else _("Type the amount first")
            )
            event.input.select_all()
            hold_typed_ahead(self)
            return
        if amount == self.question.amount:
            self.dismiss(True)
            return
        self.tries += 1
        if self.question.working:
            said = _("Not {amount}. The working: {working}. Try again, or F2 shows the answer.")
        else:
            said = _("Not {amount}. Try again, or F2 shows the answer.")
        self.say(said.format(amount=self.board.money(amount), working=self.question.working))
        event.input.value = ""
        hold_typed_ahead(self)

    def action_reveal(self) -> None:
        self.revealed = True
        self.say(
            _("The answer: {answer}. Enter records it; Escape records nothing.").format(answer=self.question.answer)
        )

    def action_cancel(self) -> None:
        self.dismiss(False)


__all__ = ["MathsDialog"]
