"""Every deed grouped by colour, drawn with the group's real colour from the board data (defined once there)."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from banker.widgets import queries
from rules import GameState

LEFT_GROUPS = ("brown", "light_blue", "pink", "orange", "railroad")
"""Groups in the left column; the rest go right, so the 28 deeds fit in 15 rows of a 30-row terminal."""


class DeedsPanel(Static):
    """Owner, buildings and mortgage of each deed; bank-held deeds are dim."""

    plain: str = ""

    def show(self, state: GameState) -> None:
        board = state.board
        left = [g for g in board.groups if g in LEFT_GROUPS]
        right = [g for g in board.groups if g not in LEFT_GROUPS]
        cols = [self._rows(state, left), self._rows(state, right)]
        self.plain = "\n".join(line.plain for col in cols for line in col)
        """The panel's text without styles (what a reader sees), kept for tests and screen readers."""
        table = Table.grid(expand=True, padding=(0, 1))
        for _ in range(2):
            table.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
        for i in range(max(len(c) for c in cols)):
            table.add_row(*(c[i] if i < len(c) else Text("") for c in cols))
        self.update(table)

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
