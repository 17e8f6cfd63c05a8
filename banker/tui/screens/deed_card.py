"""A title deed on screen: the whole card as printed and this game's facts (``show deed``'s answer), opened from
the command palette ("Deed: Boardwalk") or a click on a deed in the deeds panel. Left and Right turn to the deed
before or after it on the board; Escape closes."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Label, Static

from banker.tui.look import DialogScreen
from banker.views import deed_card_lines
from rules import GameState
from rules.i18n import N_, _


class DeedCardScreen(DialogScreen[None]):
    """One deed's card, drawn from the state the table shows (``state()``, asked again on each turn of a card)."""

    DEFAULT_CSS = """
    DeedCardScreen .deed-card-box {
        width: 72;
    }
    """
    BINDINGS = [
        Binding("escape", "close", N_("Close")),
        Binding("enter", "close", N_("Close"), show=False),
        Binding("left", "turn(-1)", N_("Previous deed")),
        Binding("right", "turn(1)", N_("Next deed")),
    ]

    def __init__(self, state: Callable[[], GameState], deed: str) -> None:
        super().__init__()
        self.state = state
        self.index = state().deed(deed).index

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box deed-card-box"):
            yield Label(_("Title deed (Left/Right: the next deed; Escape closes)"), classes="dialog-title")
            yield Static(id="deed-card-band")
            yield Static(id="deed-card")

    def on_mount(self) -> None:
        self.draw()

    def draw(self) -> None:
        state = self.state()
        deed = state.board.deeds[self.index]
        group = state.board.groups[deed.group]
        band = Text(no_wrap=True)
        band.append("██████ ", style=group.colour)
        band.append(f"[{group.mark}] {group.title.upper()}", style="bold")  # the mark: never colour alone
        self.query_one("#deed-card-band", Static).update(band)
        self.query_one("#deed-card", Static).update(Text("\n".join(deed_card_lines(state, deed.name))))

    def action_turn(self, step: int) -> None:
        self.index = (self.index + step) % len(self.state().board.deeds)
        self.draw()

    def action_close(self) -> None:
        self.dismiss(None)


__all__ = ["DeedCardScreen"]
