"""The bank: buildings left, the Free Parking pot (a house rule, labelled so), the variant and house rules."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from banker.tui.widgets.changes import redraw
from rules import GameState


class BankPanel(Static):
    """What the bank holds that the table must see: the building shortage is a rule (seed 000, HOUSES)."""

    def show(self, state: GameState) -> None:
        """The time left of a time-limit game is in the header (the table's status line), which no size cuts."""
        board = state.board
        t = Text()
        t.append(f"{state.variant.title}", style="bold")
        t.append(f" · {board.title}\n")
        t.append(f"Houses {state.houses}/{board.houses}  Hotels {state.hotels}/{board.hotels}\n")
        rules = state.settings.house_rules.describe(state.money)
        if state.settings.house_rules.free_parking:
            t.append(f"Pot {state.money(state.pot)} ", style="bold")
            t.append("(house rule)\n", style="italic")
        if rules:
            t.append("House rules: " + "; ".join(rules) + "\n", style="italic")
        if state.over:
            t.append(f"Game over{': ' + state.end_reason if state.end_reason else ''}\n", style="bold red")
        redraw(self, t)
