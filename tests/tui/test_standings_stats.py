"""The standings screen's statistics tab (read in a worker) and its BG Stats key, in the real app."""

from __future__ import annotations

from pathlib import Path

import rules
from banker.reports.bgstats import bgstats_url
from banker.reports.exports import qr_text
from banker.reports.qr import half_blocks
from banker.session import Session
from banker.tui.app import make_app
from banker.tui.screens.standings import StandingsScreen
from tests.kit.exports import needs_zbarimg, zbar
from tests.kit.screens import text_of
from tests.reports.test_bgstats import decode


def _game(db: Path, lines: list[str], variant: str = "short-1990s") -> Session:
    s = Session.create(db, ["Ann", "Bob", "Cy"], rules.Settings(variant=variant))
    for line in lines:
        assert s.execute(line).ok, line
    return s


FINISH = ["deal ann boardwalk", "rent bob boardwalk", "bankrupt cy to ann"]


async def _standings(app, pilot) -> StandingsScreen:
    await pilot.pause()
    app.open_standings()
    await pilot.pause()
    await app.workers.wait_for_complete()
    await pilot.pause()
    assert isinstance(app.screen, StandingsScreen)
    return app.screen


@needs_zbarimg
async def test_b_shows_and_saves_the_bgstats_code(tmp_path):
    db = tmp_path / "club.db"
    session = _game(db, FINISH)
    app = make_app(db, session)
    async with app.run_test(size=(130, 50)) as pilot:
        screen = await _standings(app, pilot)
        result = text_of(screen.query_one("#qr"))
        assert result == half_blocks(qr_text(screen.report))
        await pilot.press("b")
        await app.workers.wait_for_complete()
        await pilot.pause()
        url = bgstats_url(screen.report)
        assert text_of(screen.query_one("#qr")) == half_blocks(url)
        assert "BG Stats" in text_of(screen.query_one("#qr-heading"))
        png = tmp_path / "club-exports" / f"banker-game-{session.game_id}-final-bgstats.png"
        assert str(png) in text_of(screen.query_one("#export-status"))
        play = decode(zbar(png))
        assert [(p["name"], p["winner"]) for p in play["players"]] == [("Ann", True), ("Bob", False), ("Cy", False)]
        await pilot.press("b")
        await pilot.pause()
        assert text_of(screen.query_one("#qr")) == result


async def test_statistics_tab_shows_this_game_and_the_rule_systems_finished_games(tmp_path):
    db = tmp_path / "g.db"
    _game(db, FINISH).close()
    _game(db, ["buy ann boardwalk"], variant="standard").close()  # another rule system: not in this tab
    session = _game(db, ["deal ann boardwalk", "rent bob boardwalk"])  # still going
    app = make_app(db, session)
    async with app.run_test(size=(130, 50)) as pilot:
        screen = await _standings(app, pilot)
        await pilot.press("t")
        await pilot.pause()
        assert screen.query_one("#tabs").active == "tab-stats"
        records = text_of(screen.query_one("#game-records"))
        assert records.startswith(f"  Game {session.game_id} so far: 2 actions")
        assert "biggest single rent $50: Bob paid Ann for Boardwalk" in records
        shown = text_of(screen.query_one("#stats"))
        assert shown.startswith("Short game (1990s): 1 finished game")
        assert "Ann bankrupted Cy" in shown and "Standard" not in shown
        await pilot.press("b")  # no BG Stats while the game is on
        await pilot.pause()
        assert not screen.bgstats_shown and screen.query_one("#tabs").active == "tab-stats"


async def test_this_game_names_the_creditor_the_journal_names_after_undo_and_redo(tmp_path):
    """Issue 22: after a bankruptcy was undone and redone, "This game" said "the bank bankrupted Zoë" while the
    journal and the all-time records said Max (Zoë had nothing left to hand over, so no transfer named Max)."""
    db = tmp_path / "g.db"
    s = Session.create(db, ["Zoë", "Max", "Al"], rules.Settings(variant="short-1990s"))
    for line in ["pay zoë 1500", "bankrupt zoë to max", "undo", "redo"]:
        assert s.execute(line).ok, line
    app = make_app(db, s)
    async with app.run_test(size=(130, 50)) as pilot:
        screen = await _standings(app, pilot)
        await pilot.press("t")
        await pilot.pause()
        records = text_of(screen.query_one("#game-records"))
        assert "Max bankrupted Zoë" in records and "the bank" not in records
        assert "Max bankrupted Zoë" in text_of(screen.query_one("#stats"))
