"""The standings screen's slow work runs in workers that report by message: the game's replay (for the chart) off the
UI thread, and an export that fails with a bug says so and keeps the app and the game (under test it fails)."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

import rules
from banker.session import Session
from banker.tui.app import BankerApp, make_app
from banker.tui.screens import standings
from banker.tui.screens.standings import StandingsScreen
from banker.tui.widgets.chart import BarChart
from tests.kit.screens import text_of

FINISH = ["deal ann boardwalk", "rent bob boardwalk", "bankrupt cy to ann"]  # seed 003, SHORT GAME rule 5


def _game(db: Path, lines: list[str]) -> Session:
    s = Session.create(db, ["Ann", "Bob", "Cy"], rules.Settings(variant="short-1990s"))
    for line in lines:
        assert s.execute(line).ok, line
    return s


async def _standings(app, pilot) -> StandingsScreen:
    await pilot.pause()
    if not isinstance(app.screen, StandingsScreen):  # a finished game opens on its table; w shows the standings
        await pilot.press("w")
    await app.workers.wait_for_complete()
    await pilot.pause()
    assert isinstance(app.screen, StandingsScreen)
    return app.screen


async def test_the_game_is_replayed_off_the_ui_thread(tmp_path, monkeypatch):
    replayed_on: list[int] = []
    history = Session.history

    def watched(self):
        replayed_on.append(threading.get_ident())
        return history(self)

    monkeypatch.setattr(Session, "history", watched)
    db = tmp_path / "g.db"
    app = make_app(db, _game(db, ["deal ann boardwalk", "deal bob reading", "rent ann reading"]))
    async with app.run_test(size=(120, 45)) as pilot:
        screen = await _standings(app, pilot)
        assert screen.query_one("#rent-chart", BarChart).data == (("Reading Railroad", 25),)
        assert "3 actions" in text_of(screen.query_one("#game-records"))
    assert replayed_on and threading.get_ident() not in replayed_on


async def test_an_export_that_fails_with_a_bug_says_so_and_keeps_the_game(tmp_path, monkeypatch):
    """The safety net on (as for the banker): the failure is on the screen and in a notification and the log; the
    app and the game go on."""
    monkeypatch.setattr(BankerApp, "raise_errors", False)

    def gremlin(*args, **kwargs):
        raise RuntimeError("a gremlin in the exporter")

    monkeypatch.setattr(standings, "write_export_files", gremlin)
    db = tmp_path / "g.db"
    app = make_app(db, _game(db, FINISH))
    notes: list[str] = []
    async with app.run_test(size=(120, 45)) as pilot:
        monkeypatch.setattr(app, "notify", lambda message, **kw: notes.append(message))
        screen = await _standings(app, pilot)
        await pilot.press("c")
        await app.workers.wait_for_complete()
        await pilot.pause()
        status = text_of(screen.query_one("#export-status"))
        assert status == "Could not write the export: RuntimeError: a gremlin in the exporter"
        assert app.is_running and app.screen is screen and screen.written == []
        assert any("RuntimeError: a gremlin" in n and "The game is unchanged" in n for n in notes), notes
        await pilot.press("r")  # the screen still works (the QR code is written without write_export_files)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert text_of(screen.query_one("#export-status")).startswith("Saved ")
        assert app.session.state.over and len(app.session.log()) == len(FINISH)
    assert "a gremlin in the exporter" in (Path(os.environ["BANKER_DATA_DIR"]) / "banker.log").read_text()


async def test_under_test_an_export_bug_fails_the_test(tmp_path, monkeypatch):
    """BankerApp.raise_errors (set for every test): the bug is raised, not only shown, so no test passes over it."""

    def gremlin(*args, **kwargs):
        raise RuntimeError("a gremlin in the exporter")

    monkeypatch.setattr(standings, "write_export_files", gremlin)
    db = tmp_path / "g.db"
    app = make_app(db, _game(db, FINISH))
    with pytest.raises(RuntimeError, match="gremlin"):
        async with app.run_test(size=(120, 45)) as pilot:
            await _standings(app, pilot)
            await pilot.press("c")
            await app.workers.wait_for_complete()
            await pilot.pause()
