"""The table's own rules: the time-limit game's deadline (seed 002), completion of typed commands."""

from __future__ import annotations

import os
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from banker.app import make_app
from banker.widgets.command_line import suggest
from rules import Settings
from tests.tui.helpers import make_game

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
