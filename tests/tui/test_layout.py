"""Screens fit the smallest terminal the app is designed for (100x30) without scrolling to reach what matters."""

from __future__ import annotations

import os
from pathlib import Path

from textual.widgets import Button

from banker.app import make_app
from banker.screens.new_game import NewGameScreen


async def test_new_game_start_button_in_view_at_100x30():
    app = make_app(Path(os.environ["BANKER_DB"]))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        start = screen.query_one("#start", Button)
        assert screen.region.contains_region(start.region)
        assert screen.query_one("#new-game").max_scroll_y == 0
        for widget in ("#names", "#variant", "#edition", "#minutes", "#luxury", "#no-auctions", "#setup-error"):
            assert screen.region.contains_region(screen.query_one(widget).region), widget
