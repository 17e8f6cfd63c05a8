"""A payment the player cannot make (seed 000, BANKRUPTCY: sell buildings, mortgage, or declare bankruptcy)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Label, Static

from banker.dialogs.base import BankerDialog, plain
from banker.screens.safety import guard_actions


@guard_actions
class CannotPayDialog(BankerDialog[str]):
    """What is missing, what the player could raise, and the ways out; closes with ``sell``, ``mortgage`` or
    ``bankrupt`` (or None: back to the table)."""

    BINDINGS = [Binding("escape", "cancel", "Back"), Binding("s", "choose('sell')", "Sell buildings"),
                Binding("m", "choose('mortgage')", "Mortgage"), Binding("x", "choose('bankrupt')", "Bankruptcy")]

    def __init__(self, state, error) -> None:
        super().__init__()
        self.state = state
        self.error = error

    def compose(self) -> ComposeResult:
        e = self.error
        m = self.state.money
        with Vertical(classes="dialog-box"):
            yield Label(plain(f"{e.payer} cannot pay {m(e.amount)}"), classes="dialog-title error")
            yield Static(Text(f"{e.message} ({e.rule})", style="bold red"))
            yield Static(plain(f"Missing: {m(e.missing)}.  {e.payer} could raise {m(e.can_raise)} by selling "
                               "buildings and mortgaging."))
            yield Static("Raise the money first, then record the payment again; or declare bankruptcy."
                         if e.can_raise >= e.missing else
                         f"Even selling everything leaves {m(e.missing - e.can_raise)} short: bankruptcy.",
                         markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button("Sell buildings (s)", id="sell", compact=True)
                yield Button("Mortgage (m)", id="mortgage", compact=True)
                yield Button("Bankruptcy (x)", id="bankrupt", variant="error", compact=True)
                yield Button("Back", id="cancel", compact=True)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.close(None if event.button.id == "cancel" else event.button.id)

    def action_choose(self, what: str) -> None:
        self.close(what)

    def confirm(self) -> None:
        """Ctrl+S has nothing to confirm here: the banker picks a way out."""


__all__ = ["CannotPayDialog"]
