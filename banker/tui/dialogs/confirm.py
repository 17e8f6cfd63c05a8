"""Yes or no (frogmouth's yes/no dialog): y, n, Escape (no), or the buttons; and, for what cannot be taken back
by a stray key, a word to type (:class:`WordDialog`: a bankruptcy is recorded only once ``bankrupt`` is typed)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label, Static

from banker.tui.dialogs.base import BankerDialog, plain
from banker.tui.safety import guard_actions
from banker.tui.widgets.inputs import SteadyInput
from rules.i18n import N_, _, pgettext


@guard_actions
class ConfirmDialog(BankerDialog[bool]):
    BINDINGS = [
        Binding("escape", "answer(False)", N_("No")),
        Binding("y", "answer(True)", N_("Yes")),
        Binding("n", "answer(False)", N_("No")),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Static(plain(self.question))
            with Horizontal(classes="dialog-buttons"):
                yield Button(_("Yes (y)"), id="yes", variant="primary", compact=True)
                yield Button(_("No (n)"), id="no", compact=True)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.close(event.button.id == "yes")

    def action_answer(self, value: bool) -> None:
        self.close(value)

    def confirm(self) -> None:
        self.close(True)


BANKRUPT_WORD = "bankrupt"
"""What the banker types to record a bankruptcy in a dialog (issue 30: x then y, two letters of a name or a command
typed ahead, recorded one); the banker's language has its own word for it too (:func:`bankrupt_word`)."""


def bankrupt_word() -> str:
    """The word to type, in the banker's language (``pleite`` in German); :data:`BANKRUPT_WORD` always works."""
    return pgettext("the word typed to record a bankruptcy", "bankrupt")


def bankruptcy_question(player: str, creditor: str | None) -> str:
    """The question before a bankruptcy to ``creditor`` (None: the bank) is recorded."""
    if creditor is None:
        question = _(
            "Record {player} bankrupt to the bank? Everything {player} has goes to the bank (seed 000, BANKRUPTCY)."
        )
    else:
        question = _(
            "Record {player} bankrupt to {creditor}? Everything {player} has goes to {creditor} (seed 000, BANKRUPTCY)."
        )
    return question.format(player=player, creditor=creditor)


@guard_actions
class WordDialog(BankerDialog[bool]):
    """Asks for a deliberate act that no command or name typed ahead can hold: the whole field must be ``word``, then
    Enter (True). Escape or the Back button: False. Anything else is refused in place, nothing done."""

    BINDINGS = [Binding("escape", "cancel", N_("Back"))]

    def __init__(self, question: str, word: str = BANKRUPT_WORD, title: str = "") -> None:
        super().__init__()
        self.question = question
        self.title_text = title
        """The dialog's bold title, as every dialog's ("Bankruptcy"); none if empty."""
        self.word = bankrupt_word() if word == BANKRUPT_WORD else word
        """The word shown, in the banker's language; the word given (``bankrupt``) is taken too."""
        self.words = {word.casefold(), self.word.casefold()}

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            if self.title_text:
                yield Label(plain(self.title_text), classes="dialog-title")
            yield Static(plain(self.question))
            yield SteadyInput(placeholder=_("type {word}, then Enter").format(word=self.word), id="word", compact=True)
            yield Static(
                plain(_("Type the word {word} and press Enter to record it; Escape goes back.").format(word=self.word))
            )
            yield Static(id="refusal", classes="dialog-refusal")
            with Horizontal(classes="dialog-buttons"):
                yield Button(_("Back (Esc)"), id="cancel", compact=True)

    def initial_focus(self) -> Input:
        return self.query_one("#word", Input)

    def confirm(self) -> None:
        typed = self.query_one("#word", Input).value.strip()
        if typed.casefold() in self.words:
            self.close(True)
        elif typed:
            said = _('"{typed}" is not {word}: type the word {word}, then Enter (Escape: back)')
            self.refuse(said.format(typed=typed[:30], word=self.word), "word")
        else:
            self.refuse(
                _("nothing typed: type the word {word}, then Enter (Escape: back)").format(word=self.word), "word"
            )

    def action_cancel(self) -> None:
        self.close(False)


__all__ = ["BANKRUPT_WORD", "ConfirmDialog", "WordDialog", "bankrupt_word", "bankruptcy_question"]
