"""The deed card on the table: from the command palette by the deed's name and by a click on the deeds panel; the
card's text is ``show deed``'s (the engine's figures), with the group's mark beside its colour."""

from __future__ import annotations

from textual.command import CommandPalette

from banker.session import Session
from banker.tui.app import make_app
from banker.tui.screens.deed_card import DeedCardScreen
from banker.tui.screens.table import TableScreen
from banker.tui.widgets.deeds import DeedsPanel
from tests.kit.journal import db_path, make_game
from tests.kit.screens import text_of
from tests.kit.waits import palette_found, settled, until


def _game():
    db = db_path()
    make_game(db)
    with Session.open(db) as s:
        for line in ("buy ann boardwalk", "buy ann park place", "build ann boardwalk 1"):
            assert s.execute(line).ok, line
    return db


async def test_the_palette_finds_a_deed_card_by_name():
    app = make_app(_game())
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        await pilot.press("ctrl+p")
        await until(pilot, lambda: isinstance(app.screen, CommandPalette), "the palette")
        await pilot.press(*"boardwalk")
        await palette_found(pilot, "boardwalk")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, DeedCardScreen), "the deed card")
        card = text_of(app.screen.query_one("#deed-card"))
        assert card.splitlines()[0] == "Boardwalk [DB] Dark Blue"
        assert [ln.split() for ln in card.splitlines() if ln.endswith("<- now")] == [
            ["rent,", "1", "house", "$200", "<-", "now"]
        ]
        assert "owner ann; 1 house, not mortgaged" in card
        assert "[DB] DARK BLUE" in text_of(app.screen.query_one("#deed-card-band"))
        await pilot.press("right")  # Boardwalk is the last deed: the next is the first on the board
        await until(pilot, lambda: "Mediterranean Avenue [BR]" in text_of(app.screen.query_one("#deed-card")), "turn")
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "back to the table")


async def test_a_click_on_a_deed_opens_its_card():
    app = make_app(_game())
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        await settled(pilot)
        panel = app.screen.query_one(DeedsPanel)
        rows = panel.plain.splitlines()
        row = next(i for i, line in enumerate(rows) if "Park Place" in line)
        # the panel's plain text lists column after column; find Park Place's column and row as drawn
        grid = panel._grid
        col = next(c for c, deeds in enumerate(grid) if panel.state.deed("Park Place").index in deeds)
        y = grid[col].index(panel.state.deed("Park Place").index)
        assert rows[row].startswith("█DB Park Place")
        x = col * (panel._col_width + 1) + 5 + panel.gutter.left
        await pilot.click(DeedsPanel, offset=(x, y + panel.gutter.top))
        await until(pilot, lambda: isinstance(app.screen, DeedCardScreen), "the deed card")
        card = text_of(app.screen.query_one("#deed-card"))
        assert card.startswith("Park Place [DB] Dark Blue")
        assert "collects now: Park Place, full set, unimproved: 2 x $35 = $70" in card
