"""The bank: buildings left, the Free Parking pot (a house rule, labelled so), the variant and house rules."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from banker.tui.widgets.changes import redraw
from rules import GameState
from rules.i18n import _


class BankPanel(Static):
    """What the bank holds that the table must see: the building shortage is a rule (seed 000, HOUSES)."""

    def show(self, state: GameState) -> None:
        """The time left of a time-limit game is in the header (the table's status line), which no size cuts."""
        board = state.board
        t = Text()
        t.append(_(state.variant.title), style="bold")
        t.append(f" · {board.title}\n")
        t.append(
            _("Houses {houses}/{houses_total}  Hotels {hotels}/{hotels_total}").format(
                houses=state.houses, houses_total=board.houses, hotels=state.hotels, hotels_total=board.hotels
            )
            + "\n"
        )
        rules = state.settings.house_rules.describe(state.money)
        if state.settings.house_rules.free_parking:
            t.append(_("Pot {pot}").format(pot=state.money(state.pot)) + " ", style="bold")
            t.append(_("(house rule)") + "\n", style="italic")
        if rules:
            t.append(_("House rules: {rules}").format(rules="; ".join(rules)) + "\n", style="italic")
        if state.over:
            over = _("Game over: {reason}") if state.end_reason else _("Game over")
            t.append(over.format(reason=state.end_said()) + "\n", style="bold red")
        redraw(self, t)
