"""The 2008 card texts (docs/rulings.md, "2008 card texts") can be chosen everywhere a game starts: a `new` line,
`banker new --cards 2008`, config.toml's `new_game.cards` and the new-game screen (issue 22: it was documented but
nothing could choose it)."""

from __future__ import annotations

import pytest
from textual.widgets import Checkbox

from banker import settings
from banker.cli.main import main
from banker.commands import parse_new
from banker.session import Session
from banker.tui.app import make_app
from banker.tui.screens.new_game import NewGameScreen
from rules import RuleError
from tests.kit.journal import db_path


def test_a_new_line_chooses_the_2008_cards():
    names, chosen = parse_new("new standard Ann Bob cards 2008")
    assert names == ["Ann", "Bob"] and chosen.cards == "2008"
    assert parse_new("new standard Ann Bob")[1].cards == "classic"
    with pytest.raises(RuleError, match="card style"):
        parse_new("new standard Ann Bob cards 1999")


def test_banker_new_takes_cards(tmp_path, capsys):
    db = tmp_path / "g.db"
    assert main(["new", "standard", "Ann", "Bob", "--cards", "2008", "--db", str(db)]) == 0
    with Session.open(db) as s:
        assert s.state.settings.cards == "2008"


def test_config_sets_the_new_game_cards(tmp_path, monkeypatch):
    from tests.core.test_settings import write_config

    write_config('[new_game]\ncards = "2008"\n')
    assert settings.load().new_game.cards == "2008"
    write_config('[new_game]\ncards = "1999"\n')
    with pytest.raises(settings.SettingsError, match="new_game.cards: must be 'classic' or '2008'"):
        settings.load()


async def test_the_new_game_screen_chooses_the_2008_cards():
    db = db_path()
    app = make_app(db)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.new_game()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        screen.query_one("#names").value = "ann bob"
        screen.query_one("#cards-2008", Checkbox).value = True
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.pause()
        await pilot.press("n")  # no random deal
        await pilot.pause()
    with Session.open(db) as s:
        assert s.state.settings.cards == "2008"
