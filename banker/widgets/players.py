"""The players' column: cash in large digits, worth, deeds, jail cards and jail status; bankrupt greyed out."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widget import Widget
from textual.widgets import Digits, Label

from banker.widgets import queries
from rules import GameState


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


class PlayerCard(Widget):
    """One player. Cash is drawn with Digits so it can be read from across the table."""

    def __init__(self, index: int, **kwargs) -> None:
        super().__init__(**kwargs)
        self.index = index

    def compose(self) -> ComposeResult:
        yield Label(id=f"name-{self.index}", classes="player-name")
        yield Digits(id=f"cash-{self.index}", classes="player-cash")
        yield Label(id=f"details-{self.index}", classes="player-details")

    def show(self, state: GameState) -> None:
        p = state.players[self.index]
        marker = "▶ " if state.turn == self.index and not state.over else "  "
        token = f" ({p.token})" if p.token else ""
        status = "  BANKRUPT" if p.bankrupt else ""
        self.query_one(f"#name-{self.index}", Label).update(f"{marker}{p.name}{token}{status}")
        self.query_one(f"#cash-{self.index}", Digits).update(state.money(p.cash))
        w = queries.worth(state, self.index)
        parts = [f"worth {state.money(w) if w is not None else '-'}", _count(len(state.owned_by(self.index)), "deed")]
        if p.jail_cards:
            parts.append(_count(len(p.jail_cards), "jail card"))
        jail = queries.jail_status(state, self.index)
        if jail:
            parts.append(jail)
        self.query_one(f"#details-{self.index}", Label).update(" · ".join(parts))
        self.set_class(p.bankrupt, "bankrupt")
        self.set_class(state.turn == self.index and not state.over, "current")
        self.set_class(p.jail is not None, "jailed")


class PlayersPanel(VerticalScroll):
    """All players, in seating order; compact (no large digits) when there are more than four."""

    def __init__(self, count: int, **kwargs) -> None:
        super().__init__(**kwargs)
        self.count = count

    def compose(self) -> ComposeResult:
        for i in range(self.count):
            yield PlayerCard(i, id=f"player-{i}", classes="player-card")

    def on_mount(self) -> None:
        self.set_class(self.count > 4, "compact")

    def show(self, state: GameState) -> None:
        for card in self.query(PlayerCard):
            card.show(state)
