"""Every deed grouped by colour, drawn with the group's real colour and its mark in letters ("DB", from the board
data, defined once there), so no group is told by colour alone. A click on a deed asks for its card."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widgets import Static

from banker.tui.widgets import queries
from banker.tui.widgets.changes import redraw
from rules import GameState
from rules.i18n import pgettext

COLUMN_MIN = 30
"""Two columns when each gets at least this many cells; else one."""
PREFIX = "█DB "
"""What stands before a deed's name: a block of the group's colour, the group's mark, a space (its width)."""


class DeedsPanel(Static):
    """Owner, buildings and mortgage of each deed; bank-held deeds are dim.

    Drawn as plain text columns sized to the panel: the owner's name is never cut while the deed names have room
    to give, and a deed name is cut only when the panel is too narrow for it (a Rich table grid drew the same,
    but took more time to render than the rest of the table screen together). Each row is cut to the panel's width
    here, so Textual wraps none of them again (``text-wrap: nowrap``)."""

    DEFAULT_CSS = """
    DeedsPanel {
        text-wrap: nowrap;
    }
    """

    plain: str = ""
    """The panel's text without styles (what a reader sees), kept for tests and screen readers."""

    class Chosen(Message):
        """A deed was clicked: the table opens its card."""

        def __init__(self, deed: str) -> None:
            super().__init__()
            self.deed = deed

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.state: GameState | None = None
        self._grid: list[list[int]] = []
        """The deed (index) on each row of each column, as last drawn."""
        self._col_width = 0

    def deed_at(self, x: int, y: int) -> str | None:
        """The deed drawn at (x, y) of the content, or None."""
        if self.state is None or self._col_width <= 0 or x < 0 or y < 0:
            return None
        col = x // (self._col_width + 1)
        if col >= len(self._grid) or y >= len(self._grid[col]):
            return None
        return self.state.board.deeds[self._grid[col][y]].name

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        deed = self.deed_at(offset.x, offset.y) if offset is not None else None
        if deed is not None:
            event.stop()
            self.post_message(self.Chosen(deed))

    def show(self, state: GameState) -> None:
        self.state = state
        self._draw()

    def on_resize(self) -> None:
        self._draw()

    def _draw(self) -> None:
        state = self.state
        if state is None:
            return
        width = self.content_region.width or self.size.width or 80
        columns = 2 if width >= 2 * COLUMN_MIN + 1 else 1
        col_width = (width - (columns - 1)) // columns
        groups = list(state.board.groups)
        deeds = [di for g in groups for di in state.board.groups[g].deeds]
        per_column = -(-len(deeds) // columns)
        # Whole groups per column: the first column takes groups until it holds about half the deeds.
        cols: list[list[str]] = [[] for _ in range(columns)]
        count, c = 0, 0
        for g in groups:
            n = len(state.board.groups[g].deeds)
            if c < columns - 1 and count and count + n > per_column:
                c, count = c + 1, 0
            cols[c].append(g)
            count += n
        rendered = [self._rows(state, col, col_width) for col in cols]
        self._grid = [[di for g in col for di in state.board.groups[g].deeds] for col in cols]
        self._col_width = col_width
        self.plain = "\n".join(line.plain for col in rendered for line in col)
        height = max(len(col) for col in rendered)
        lines = []
        for row in range(height):
            line = Text()
            for i, col in enumerate(rendered):
                cell = col[row] if row < len(col) else Text()
                cell.truncate(col_width, overflow="ellipsis")
                cell.pad_right(col_width - cell.cell_len)
                line.append_text(cell)
                if i < columns - 1:
                    line.append(" ")
            lines.append(line)
        redraw(self, Text("\n", no_wrap=True).join(lines), len(lines))

    @staticmethod
    def _rows(state: GameState, groups: list[str], width: int) -> list[Text]:
        column = [di for g in groups for di in state.board.groups[g].deeds]
        owners = [name for di in column if (name := state.owner_name(di)) is not None]
        bank = pgettext("the owner of a deed nobody holds", "bank")
        owner_w = min(max([len(o) for o in owners] + [len(bank)]), 10)
        builds = [len(queries.building_text(state, state.board.deeds[di])) for di in column]
        tail = (
            1
            + owner_w
            + (1 + max(builds) if max(builds) else 0)
            + (2 if any(state.deeds[di].mortgaged for di in column) else 0)
        )  # " owner ▪▪▪▪ M"
        longest = max(len(state.board.deeds[di].name) for di in column)
        name_w = max(min(longest, width - len(PREFIX) - tail), 8)
        rows = []
        for key in groups:
            group = state.board.groups[key]
            for di in group.deeds:
                deed = state.board.deeds[di]
                h = state.deeds[di]
                line = Text(no_wrap=True)
                line.append(PREFIX[0], style=group.colour)
                line.append(f"{group.mark:<{len(PREFIX) - 2}} ", style="bold")
                build = queries.building_text(state, deed) if h.owner is not None else ""
                spare = tail - (1 + owner_w + (1 + len(build) if build else 0) + (2 if h.mortgaged else 0))
                fit = name_w + max(spare, 0)  # a row without buildings lends its room to a long name
                name = deed.name if len(deed.name) <= fit else deed.name[: fit - 1] + "…"
                if h.owner is None:
                    line.append(f"{name:<{name_w}}", style="dim")
                    line.append(f" {bank}", style="dim")
                else:
                    owner = state.players[h.owner].name
                    owner = owner if len(owner) <= owner_w else owner[: owner_w - 1] + "…"
                    line.append(f"{name:<{name_w}}", style="bold" if not h.mortgaged else "dim strike")
                    line.append(f" {owner:<{owner_w}}")
                    if build:
                        line.append(f" {build}", style="bold green" if build != "H" else "bold red")
                    if h.mortgaged:
                        line.append(" M", style="bold yellow")
                rows.append(line)
        return rows
