"""The table picks up commands another process journals on the same game (``banker do ...`` in a second terminal).

Figures: seed 000 title deed of Boardwalk (rent $50 unimproved, without the full set).
"""

from __future__ import annotations

import os
from pathlib import Path

from banker.session import Session
from banker.tui.app import make_app
from banker.tui.screens.table import TableScreen
from tests.kit.journal import make_game
from tests.kit.screens import balances
from tests.kit.waits import until

SIZE = (120, 40)


async def test_table_shows_a_command_recorded_by_another_process(monkeypatch):
    """seed 000, RENT: bob pays ann $50 for unimproved Boardwalk, recorded by a second Session on the database."""
    monkeypatch.setattr(TableScreen, "RELOAD_SECONDS", 0.05)
    db = Path(os.environ["BANKER_DB"])
    make_game(db, lines=["buy ann boardwalk"])
    app = make_app(db)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        card = app.screen.query_one("#player-1")
        assert card.cash == "$1,500"
        other = Session.open(db)
        try:
            assert other.execute("rent bob boardwalk").ok
        finally:
            other.close()
        assert card.cash == "$1,500"  # not until the table looks again
        for _ in range(40):  # a few reload intervals, with room for a slow machine
            await pilot.pause(0.05)
            if card.cash != "$1,500":
                break
        assert card.cash == "$1,450"
        assert app.screen.query_one("#player-0").cash == "$1,150"  # $1,500 - $400 for Boardwalk + $50
        assert balances(app) == [1150, 1450, 1500]
        assert "bob pays ann $50" in app.screen.query_one("#journal").render().plain.lower()


async def test_nothing_recorded_elsewhere_leaves_the_table_alone(monkeypatch):
    """No redraw when the journal has not grown: the check is one query, the panels are untouched."""
    monkeypatch.setattr(TableScreen, "RELOAD_SECONDS", 0.05)
    db = Path(os.environ["BANKER_DB"])
    make_game(db, lines=["buy ann boardwalk"])
    app = make_app(db)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        redraws = []
        monkeypatch.setattr(app.screen, "show_state", lambda: redraws.append(1))
        looks = []
        look = app.session.reload
        monkeypatch.setattr(app.session, "reload", lambda: (looks.append(1), look())[1])
        await until(pilot, lambda: len(looks) >= 3, "three polls of the journal")
        assert redraws == []
        assert balances(app) == [1100, 1500, 1500]


async def test_an_open_dialogs_preview_follows_another_terminals_command(monkeypatch):
    """Issue 22: Buy still said "cannot pay $400" after another terminal gave the player the money."""
    from textual.widgets import Static

    from banker.tui.dialogs import CommandDialog
    from tests.kit.screens import text_of
    from tests.kit.waits import until

    monkeypatch.setattr(TableScreen, "RELOAD_SECONDS", 0.05)
    db = Path(os.environ["BANKER_DB"])
    make_game(db, lines=["pay ann 1300"])  # Ann has $200
    app = make_app(db)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("b", *"boardwalk")
        await until(pilot, lambda: isinstance(app.screen, CommandDialog), "the Buy dialog")
        dialog = app.screen
        preview = lambda: text_of(dialog.query_one("#preview", Static)).casefold()  # noqa: E731
        await until(pilot, lambda: "cannot pay $400" in preview(), "the preview's refusal")
        with Session.open(db) as other:
            assert other.execute("collect ann 300").ok
        await until(pilot, lambda: "buys boardwalk" in preview(), "the preview after the other terminal's command")
        assert app.screen is dialog
