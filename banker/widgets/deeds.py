"""Every deed grouped by colour, drawn with the group's real colour from the board data (defined once there)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Static

from banker.widgets import queries
from rules import GameState

LEFT_GROUPS = ("brown", "light_blue", "pink", "orange", "railroad")
"""Groups in the left column; the rest go right, so the 28 deeds fit in 15 rows of a 30-row terminal."""


class DeedsPanel(Horizontal):
    """Owner, buildings and mortgage of each deed; bank-held deeds are dim.

    Two plain text columns that cut long lines with an ellipsis: a Rich table grid drew the same, but took more
    time to render than the rest of the table screen together, on every change and at start-up."""

    plain: str = ""

    def compose(self) -> ComposeResult:
        yield Static(id="deeds-left", classes="deeds-column")
        yield Static(id="deeds-right", classes="deeds-column")

    def show(self, state: GameState) -> None:
        board = state.board
        left = [g for g in board.groups if g in LEFT_GROUPS]
        right = [g for g in board.groups if g not in LEFT_GROUPS]
        cols = [self._rows(state, left), self._rows(state, right)]
        self.plain = "\n".join(line.plain for col in cols for line in col)
        """The panel's text without styles (what a reader sees), kept for tests and screen readers."""
        for column, lines in zip(("#deeds-left", "#deeds-right"), cols, strict=True):
            self.query_one(column, Static).update(Text("\n").join(lines))

    @staticmethod
    def _rows(state: GameState, groups: list[str]) -> list[Text]:
        rows = []
        for key in groups:
            group = state.board.groups[key]
            for di in group.deeds:
                deed = state.board.deeds[di]
                h = state.deeds[di]
                line = Text()
                line.append("██ ", style=group.colour)
                name = deed.name if len(deed.name) <= 16 else deed.name[:15] + "…"
                if h.owner is None:
                    line.append(f"{name:<16}", style="dim")
                    line.append(" bank", style="dim")
                else:
                    owner = state.players[h.owner].name
                    line.append(f"{name:<16}", style="bold" if not h.mortgaged else "dim strike")
                    line.append(f" {owner[:7]:<7}")
                    build = queries.building_text(state, h.level)
                    if build:
                        line.append(f" {build}", style="bold green" if build != "H" else "bold red")
                    if h.mortgaged:
                        line.append(" M", style="bold yellow")
                rows.append(line)
        return rows
