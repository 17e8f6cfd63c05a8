"""The app with its game's file replaced under it (issue 22): ``mv backup.db game.db`` while the app has the game
open. The app notices on its poll that the path names another file, lets the old one go without touching the new
one, opens the game from the new file and says so; what is recorded next lands in the new file."""

from __future__ import annotations

import shutil

from banker.session import Session
from banker.tui.app import make_app
from banker.tui.screens.table import TableScreen
from tests.kit.journal import make_game
from tests.kit.waits import until


async def test_the_app_opens_the_game_from_the_new_file(tmp_path, monkeypatch):
    monkeypatch.setattr(TableScreen, "RELOAD_SECONDS", 0.05)  # the poll under test, without its 2 s wait
    db = tmp_path / "g.db"
    game = make_game(db, ("ann", "bob"), ["buy ann boardwalk"])
    shutil.copy(db, tmp_path / "backup.db")
    app = make_app(db)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.session is not None, "the game open")
        old = app.session
        assert app.run_command("collect bob 50").ok  # in the old file's log
        (tmp_path / "backup.db").replace(db)
        await until(pilot, lambda: app.session is not None and app.session is not old, "the game reopened", 5)
        assert [p.cash for p in app.session.state.players] == [1100, 1500]
        notes = [n.message for n in app._notifications if n.title == "Database"]
        assert notes == [f"{db} was replaced by another file: game {game} is now read from it."]
        assert app.run_command("collect ann 7").ok
    with Session.open(db, game, readonly=True) as session:
        assert [p.cash for p in session.state.players] == [1107, 1500]
    assert not (tmp_path / "g.db-wal").exists()


async def test_two_polls_before_the_new_table_is_up_open_the_game_once(tmp_path, monkeypatch):
    """Found by shortening the poll in the test above (issue 20): the old table's timer ticked again before the
    new table had replaced it, saw the path still replaced, and closed the game the app had just opened from the
    new file; the new table then read a closed database ("Cannot operate on a closed database", raised on its
    mount). A table whose game is no longer the app's open game does nothing on its poll."""
    monkeypatch.setattr(TableScreen, "RELOAD_SECONDS", 3600)  # the test says when the table looks
    db = tmp_path / "g.db"
    make_game(db, ("ann", "bob"), ["buy ann boardwalk"])
    shutil.copy(db, tmp_path / "backup.db")
    app = make_app(db)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        old, table = app.session, app.screen
        (tmp_path / "backup.db").replace(db)
        table.reload()
        table.reload()  # the second tick, before the new table is up
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen is not table, "the new table")
        new = app.session
        assert new is not None and new is not old and app.screen.session is new
        assert [n.title for n in app._notifications].count("Database") == 1
        assert app.run_command("collect ann 7").ok
        assert [p.cash for p in new.state.players] == [1107, 1500]
