"""The saved-games and new-game screens say what the banker chose by message, not by calling the app: each works in
a bare Textual app that only collects the messages (BankerApp handles them; the play tests cover that)."""

from __future__ import annotations

from textual.app import App
from textual.message import Message
from textual.widgets import OptionList

from banker.journal import GameListing
from banker.tui.screens.games import GamesScreen
from banker.tui.screens.new_game import NewGameScreen
from rules import HouseRules

GAMES = [
    GameListing(3, "2026-11-22T03:00", "2026-11-22T03:00", "standard", "us", False, None, ("ann", "bob")),
    GameListing(7, "2026-11-23T03:00", "2026-11-23T03:00", "short-1990s", "us", True, None, ("cy", "di")),
]


class Collector(App):
    """Pushes one screen and keeps every message it posts that bubbles up to the app."""

    def __init__(self, screen) -> None:
        super().__init__()
        self.first = screen
        self.got: list[Message] = []

    def on_mount(self) -> None:
        self.push_screen(self.first)

    def on_games_screen_chosen(self, message: GamesScreen.Chosen) -> None:
        self.got.append(message)

    def on_games_screen_new_game_requested(self, message: GamesScreen.NewGameRequested) -> None:
        self.got.append(message)

    def on_new_game_screen_submitted(self, message: NewGameScreen.Submitted) -> None:
        self.got.append(message)

    def on_new_game_screen_cancelled(self, message: NewGameScreen.Cancelled) -> None:
        self.got.append(message)


async def test_choosing_a_saved_game_posts_its_id():
    app = Collector(GamesScreen(GAMES))
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        app.screen.query_one(OptionList).focus()
        await pilot.press("down", "enter")  # newest first: game 7, then game 3
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        assert [type(m) for m in app.got] == [GamesScreen.Chosen, GamesScreen.NewGameRequested]
        assert app.got[0].game_id == 3


async def test_the_new_game_form_posts_its_settings_and_takes_a_refusal_back():
    form = NewGameScreen()
    app = Collector(form)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press(*"ann bob", "enter")
        await pilot.pause()
        [started] = app.got
        assert isinstance(started, NewGameScreen.Submitted) and started.form is form
        assert (started.names, started.tokens, started.settings.house_rules) == (["ann", "bob"], [], HouseRules())
        form.refuse(ValueError("the engine said no"))
        assert "the engine said no" in str(form.query_one("#setup-error").render())
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.got[-1], NewGameScreen.Cancelled)


async def test_a_table_being_replaced_still_reads_its_own_open_game(tmp_path):
    """The table holds the session it was given: until another game's table has replaced it (a moment later), its
    reload timer may still fire, and must find its game open (found by the full suite under load)."""
    from banker.tui.app import make_app
    from rules import Settings
    from tests.kit.journal import make_game

    db = tmp_path / "g.db"
    make_game(db, lines=["buy ann boardwalk"])
    app = make_app(db)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        old = app.screen
        app.create_game(["dee", "eve"], Settings(), [])  # the new table replaces this one at the next turn
        assert old.is_attached and old.session is not app.session
        old.reload()  # the old game, still open: nothing new in its journal
        await pilot.pause()
        assert not old.is_attached and [p.name for p in app.session.state.players] == ["dee", "eve"]
