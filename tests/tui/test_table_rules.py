"""The table's own rules: the time-limit game's deadline (seed 002), completion of typed commands, the
building-shortage auction (seed 000)."""

from __future__ import annotations

import os
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from textual.widgets import Input, Static

from banker.app import make_app
from banker.screens.dialogs import AuctionDialog
from banker.screens.table import TableScreen
from banker.widgets.command_line import suggest
from rules import Settings
from tests.tui.helpers import cash, make_game, text_of

NAMES = ["ann", "bob", "Boardwalk", "Park Place", "Pennsylvania Avenue"]


@pytest.mark.parametrize(("typed", "completed"), [
    ("re", "rent"),
    ("rent b", "rent bob"),
    ("rent bob boa", "rent bob boardwalk"),
    ("rent bob park p", "rent bob park place"),
    ("buy ann penn", "buy ann pennsylvania avenue"),
    ("rent bob ", None),
    ("zz", None),
], ids=["verb", "player", "deed", "two-word-deed", "longer-deed", "after-space", "unknown"])
def test_command_line_completion(typed, completed):
    assert suggest(typed, NAMES) == completed


async def test_time_limit_game_ends_at_the_deadline():
    """seed 002, TIME LIMIT GAME: at the agreed time the game ends and the standings are shown."""
    db = Path(os.environ["BANKER_DB"])
    make_game(db, names=("ann", "bob"), settings=Settings(variant="time-limit", time_limit_minutes=60),
              lines=["deal random 3"])
    now = [datetime.now().astimezone()]
    app = make_app(db, clock=lambda: now[0])
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        bank = app.screen.query_one("#bank")
        assert "Time left 0:59" in str(bank.render())
        assert not app.session.state.over
        now[0] += timedelta(minutes=61)
        app.screen.tick()
        await pilot.pause()
        assert app.session.state.over
        assert app.session.log(limit=1)[0].text == "end time"
        assert type(app.screen).__name__ in ("StandingsScreen", "MessageScreen")


async def test_the_last_hotel_is_sold_at_a_shortage_auction_through_the_auction_dialog():
    """seed 000, BUILDING SHORTAGE: "the houses or hotels must be sold at auction to the highest bidder". Ann and
    Bob both want a hotel; the live auction dialog sells it with the winner's lot and "hotel" in the Deed field."""
    db = Path(os.environ["BANKER_DB"])
    make_game(db, lines=["buy ann oriental", "buy ann vermont", "buy ann connecticut", "build ann vermont 12",
                         "turn bob", "buy bob mediterranean", "buy bob baltic", "build bob baltic 8", "turn ann"])
    app = make_app(db)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert cash(app) == [580, 980, 1500]
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, AuctionDialog)
        await pilot.press(*"vermont avenue 1 house", "tab", *"300", "tab", *"250")
        await pilot.pause()
        preview = app.screen.query_one("#preview", Static)
        assert "places houses only" in text_of(preview)  # one kind per auction (docs/rulings.md)
        app.screen.query_one("#deed", Input).value = "vermont avenue hotel"
        await pilot.pause()
        assert "Highest: ann $300" in text_of(app.screen.query_one("#highest", Static))
        assert text_of(preview) == ("ann wins a hotel at auction for $300: Oriental Avenue 4 houses, "
                                    "Vermont Avenue a hotel, Connecticut Avenue 4 houses")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert app.session.log(limit=1)[0].text == "shortage ann vermont avenue hotel 300"
        state = app.session.state
        assert cash(app) == [280, 980, 1500]
        assert state.holding(state.deed("Vermont Avenue")).level == state.hotel_level
        assert (state.houses, state.hotels) == (32 - 12 - 8 + 4, 11)  # the hotel's 4 houses went back to the bank
