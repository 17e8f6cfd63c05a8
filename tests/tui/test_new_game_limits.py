"""Issue 12, case 2: the new-game screen's number fields go through the same settings check as ``new`` lines and
``banker new`` (rules.limits): an absurd pot, luxury tax or time limit is refused with its range, nothing saved."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from textual.widgets import Input, Static

from banker.session import Session
from banker.tui.app import make_app
from banker.tui.screens.new_game import NewGameScreen
from tests.kit.screens import text_of

SIZE = (120, 40)


@pytest.mark.parametrize(
    ("field", "value", "why"),
    [
        ("#pot-start", "100000000000000000000", "out of range"),
        ("#luxury", "999", "not a printed figure"),
        ("#minutes", "99999", "1 to 1,440"),
    ],
)
async def test_absurd_numbers_are_refused_with_their_range(field, value, why):
    db = Path(os.environ["BANKER_DB"])
    app = make_app(db)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        screen.query_one("#names", Input).value = "ann bob"
        screen.query_one("#v-time-limit").value = True
        screen.query_one("#free-parking").value = True
        screen.query_one("#minutes", Input).value = "90"
        screen.query_one(field, Input).value = value
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert why in text_of(screen.query_one("#setup-error", Static))
        assert Session.last_unfinished(db) is None
