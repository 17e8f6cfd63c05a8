"""The standings screen in a real (headless) Textual app: table, winner, exports, QR and the game chart."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.app import App
from textual.widgets import DataTable, Static

from banker.reports.exports import qr_text
from banker.reports.report import report
from banker.tui.screens.standings import StandingsScreen
from banker.tui.widgets.chart import BarChart, LineChart
from rules.actions import Bankrupt, Buy, Rent
from tests.kit.exports import needs_zbarimg, zbar
from tests.kit.games import EngineGame
from tests.kit.waits import settled, until


class Host(App):
    """A tiny app standing in for the main screen: it pushes the standings at start."""

    def __init__(self, session, out_dir) -> None:
        super().__init__()
        self.session, self.out_dir = session, out_dir

    def on_mount(self) -> None:
        self.push_screen(StandingsScreen(self.session, self.out_dir))


def _finished_short_game() -> EngineGame:
    """seed 003, SHORT GAME rule 5: the 1990s short game ends at the first bankruptcy."""
    game = EngineGame(["Ann", "Bob", "Cy"], variant="short-1990s")
    game.do(Buy("Ann", "Boardwalk"))
    game.do(Buy("Ann", "Park Place"))
    game.do(Rent("Bob", "Boardwalk"))
    game.do(Bankrupt("Cy"))
    return game


async def test_screen_shows_final_standings_and_exports(tmp_path):
    game = _finished_short_game()
    assert game.state.over
    app = Host(game, tmp_path / "out")
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StandingsScreen)
        table = screen.query_one("#table", DataTable)
        assert table.row_count == 3
        first = table.get_row_at(0)
        assert str(first[1]).startswith("Ann") and "🏆" in str(first[1])  # a Text cell: names are never markup
        assert "Ann wins" in str(screen.query_one("#winner", Static).render())
        assert "Final standings" in str(screen.query_one("#title", Static).render())
        await pilot.press("j")
        await app.workers.wait_for_complete()
        await pilot.pause()
        written = tmp_path / "out" / "banker-game-1-final.json"
        data = json.loads(written.read_text())
        assert data["game"]["winner"] == "Ann"
        assert str(written) in str(screen.query_one("#export-status", Static).render())
        await pilot.click("#export-qr")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert len(screen.written) == 3  # the JSON, then the QR's SVG and PNG
        assert (tmp_path / "out" / "banker-game-1-final-qr.png").exists()
        assert "█" in str(screen.query_one("#qr", Static).render())
        # the chart, filled by the replay worker
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.story is not None
        assert screen.story.rent_by_deed == (("Boardwalk", 100),)  # full set, unimproved: double $50
        assert screen.query_one("#worth-chart", LineChart).data[0][0] == "Ann"
        assert screen.query_one("#rent-chart", BarChart).data == (("Boardwalk", 100),)
        await pilot.press("escape")
        assert not isinstance(app.screen, StandingsScreen)


async def test_a_tie_for_first_says_there_is_no_single_winner(tmp_path):
    """Issue 22: a tie for first showed no line on the standings screen (the Markdown export had one)."""
    from rules.actions import End

    game = EngineGame(["Ann", "Bob"])
    game.do(End())
    app = Host(game, tmp_path / "out")
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, StandingsScreen), "the standings")
        line = str(app.screen.query_one("#winner", Static).render())
        assert line == "No single winner: a tie for first (by agreement)"
        assert "🏆" not in str(app.screen.query_one("#table", DataTable).get_row_at(0)[1])


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (120, 40)], ids=["80x24", "100x30", "120x40"])
async def test_every_column_and_footer_key_is_in_view(tmp_path, size):
    """Issue 22: the footer was cut at 100 and 80 columns (BG Stats and Quit out of sight), and at 80 the table hid
    Hotels and Buildings behind a horizontal scroll (a long name, a bankrupt player)."""
    from textual.widgets import Footer

    game = EngineGame(["Maximilian-Augustus", "Bartholomew-Smythe", "Cy"], variant="short-1990s")
    game.do(Buy("Maximilian-Augustus", "Boardwalk"))
    game.do(Buy("Maximilian-Augustus", "Park Place"))
    game.do(Bankrupt("Cy"))
    app = Host(game, tmp_path / "out")
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: isinstance(app.screen, StandingsScreen), "the standings")
        await settled(pilot)
        table = app.screen.query_one("#table", DataTable)
        assert table.virtual_size.width <= table.scrollable_content_region.width
        headings = [str(c.label) for c in table.columns.values()]
        assert headings[-2:] in (["Hotels", "Buildings"], ["Htls", "Bldgs"])
        footer = app.screen.query_one(Footer)
        keys = {k.description: k for k in footer.query("FooterKey")}
        assert {"Close", "CSV", "JSON", "MD", "HTML", "RECAP", "QR", "BG Stats"} <= set(keys)
        for key in keys.values():
            assert key.region.right <= footer.region.right, key.description


async def test_screen_during_the_game_has_no_exports(tmp_path):
    game = EngineGame(["Ann", "Bob"])
    game.do(Buy("Ann", "Boardwalk"))
    app = Host(game, tmp_path / "out")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert "still on" in str(screen.query_one("#title", Static).render())
        assert not screen.query("#winner") and not screen.query("#qr")
        assert screen.query_one("#exports").display is False
        assert "offered when the game is over" in str(screen.query_one("#export-status", Static).render())
        # docs/exports.md: mid-game the export keys are not offered at all (not in the footer, and inert)
        footer = {k.description for k in screen.query("FooterKey")}
        assert "Close" in footer and not footer & {"CSV", "JSON", "MD", "HTML", "QR"}
        tabs = [str(t.label) for t in screen.query("Tab")]
        assert "Standings (s)" in tabs and "Game chart (g)" in tabs  # the tab keys, on the tabs
        assert not {b.binding.action for b in screen.active_bindings.values()} & {
            "export('csv')",
            "export('json')",
            "export('md')",
            "export('qr')",
        }
        for key in "cjmr":
            await pilot.press(key)
        await pilot.pause()
        assert not (tmp_path / "out").exists() and app.screen is screen


async def test_screen_offers_the_export_keys_once_the_game_is_over(tmp_path):
    app = Host(_finished_short_game(), tmp_path / "out")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        footer = {k.description for k in app.screen.query("FooterKey")}
        assert {"CSV", "JSON", "MD", "HTML", "QR"} <= footer
        await pilot.press("c")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert [p.name for p in (tmp_path / "out").iterdir()] == ["banker-game-1-final.csv"]


async def test_app_opens_standings_by_key_and_at_the_end(tmp_path):
    """Through D's app factory: the standings key opens the screen; the game's end opens it by itself."""
    import rules
    from banker.session import Session
    from banker.tui.app import make_app

    db = tmp_path / "g.db"
    session = Session.create(db, ["Ann", "Bob", "Cy"], rules.Settings(variant="short-1990s"))
    for line in ("deal ann boardwalk", "deal bob reading", "rent ann reading"):
        assert session.execute(line).ok
    app = make_app(db, session=session)
    async with app.run_test(size=(120, 45)) as pilot:
        await pilot.press("w")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StandingsScreen)
        assert "still on" in str(screen.query_one("#title", Static).render())
        await pilot.press("g")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.query_one("#tabs").active == "tab-chart"
        assert screen.query_one("#rent-chart", BarChart).data == (("Reading Railroad", 25),)
        assert "Ann" in screen.query_one("#worth-chart", LineChart).render().plain
        await pilot.press("escape")
        await pilot.pause()
        app.run_command("bankrupt cy to bank")  # seed 003, SHORT GAME rule 5: the first bankruptcy ends it
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, StandingsScreen)
        assert "Final standings" in str(app.screen.query_one("#title", Static).render())
        assert app.screen.query_one("#exports").display is True


async def test_export_that_cannot_be_written_says_so(tmp_path):
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("a file where the exports directory should be")
    app = Host(_finished_short_game(), blocker)
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        await pilot.press("m")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "Could not write the export" in str(app.screen.query_one("#export-status", Static).render())
        assert app.screen.written == []


def _screen_image(strips, path: Path, scale: int = 8) -> Path:
    """What the terminal draws, as a picture: each cell's half-block glyph in the colours the screen gave it
    (foreground for the drawn half, background for the rest), ``scale`` pixels a module."""
    from PIL import Image

    rows = [[(seg.text, seg.style) for seg in strip] for strip in strips]
    cells = []
    for row in rows:
        line = []
        for text, style in row:
            fg = style.color.get_truecolor() if style and style.color else (255, 255, 255)
            bg = style.bgcolor.get_truecolor() if style and style.bgcolor else (0, 0, 0)
            line += [(ch, tuple(fg), tuple(bg)) for ch in text]
        cells.append(line)
    width = max(len(line) for line in cells)
    image = Image.new("RGB", (width * scale, len(cells) * 2 * scale), (0, 0, 0))
    for y, line in enumerate(cells):
        for x, (ch, fg, bg) in enumerate(line):
            top = fg if ch in "█▀" else bg
            low = fg if ch in "█▄" else bg
            for dy, colour in ((0, top), (1, low)):
                image.paste(colour, (x * scale, (2 * y + dy) * scale, (x + 1) * scale, (2 * y + dy + 1) * scale))
    image.save(path)
    return path


@needs_zbarimg
@pytest.mark.parametrize("players", [4, 8])
async def test_the_standings_qr_fits_whole_at_120x40_and_scans_in_both_themes(tmp_path, players):
    """Issue 11: the code was cut off at 120x40 (21 of 25 rows) and drawn in the theme's colours. On its own tab
    it fits whole, in fixed dark-on-light, and the picture of the screen decodes to the standings text."""
    names = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"][:players]
    game = EngineGame(names, variant="short-1990s")
    game.do(Buy("Ann", "Boardwalk"))
    game.do(Bankrupt(names[-1]))
    app = Host(game, tmp_path / "out")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for theme in ("textual-dark", "textual-light"):
            app.theme = theme
            await pilot.press("k")
            await pilot.pause()
            qr_widget = app.screen.query_one("#qr", Static)
            assert app.screen.region.contains_region(qr_widget.region), (qr_widget.region, theme)
            strips = [qr_widget.render_line(y) for y in range(qr_widget.size.height)]
            png = _screen_image(strips, tmp_path / f"qr-{theme}.png")
            assert zbar(png) == qr_text(report(game)), theme


async def test_the_scan_tab_scrolls_by_keyboard_on_a_small_screen(tmp_path):
    """At 80x24 the code is taller than the tab: the tab's scroll has the keyboard, so End brings the bottom in."""
    game = _finished_short_game()
    app = Host(game, tmp_path / "out")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("k")
        await pilot.pause()
        scroll = app.screen.query_one("#tab-qr").query_one("VerticalScroll")
        assert app.screen.focused is scroll
        await pilot.press("end")
        await pilot.pause()
        assert scroll.scroll_y == scroll.max_scroll_y


async def test_a_game_reopened_in_another_terminal_is_not_exported_as_final(tmp_path, monkeypatch):
    """Found in issue 14's review: the game ended and the app showed the final standings; `banker do undo` in a
    second terminal reopened the game, and the app's export key still wrote the old result as final. The screen
    now reads the journal before writing, and writes nothing when the standings on screen are no longer the
    game's."""
    import rules
    from banker.session import Session
    from banker.tui.app import make_app

    db = tmp_path / "g.db"
    session = Session.create(db, ["Ann", "Bob", "Cy"], rules.Settings(variant="short-1990s"))
    for line in ("deal ann boardwalk", "deal bob reading", "bankrupt cy to bank"):
        assert session.execute(line).ok
    app = make_app(db, session=session)
    # The export's own look at the journal is under test, not the reload: no timer may redraw in between.
    monkeypatch.setattr(StandingsScreen, "RELOAD_SECONDS", 3600.0)
    async with app.run_test(size=(120, 45)) as pilot:
        await pilot.press("w")
        await until(pilot, lambda: isinstance(app.screen, StandingsScreen), "the standings screen")
        screen = app.screen
        assert isinstance(screen, StandingsScreen) and screen.report.over
        screen.out_dir = tmp_path / "out"
        with Session.open(db) as other:  # the second terminal
            assert other.execute("undo").ok
        await pilot.press("c")
        await settled(pilot)
        assert "changed in another terminal" in str(screen.query_one("#export-status", Static).render())
        assert not (tmp_path / "out").exists()


async def test_the_standings_follow_commands_from_another_terminal(tmp_path, monkeypatch):
    """Found in issue 14's second review: with the standings open, `banker do` in a second terminal changed
    nothing on them (the table behind did follow). They now read the journal as the table does; and the table,
    back on top, redraws, since the standings may have read the news first (its own check then finds nothing)."""
    import rules
    from banker.session import Session
    from banker.tui.app import make_app
    from banker.tui.widgets.deeds import DeedsPanel

    db = tmp_path / "g.db"
    session = Session.create(db, ["Ann", "Bob"], rules.Settings())
    app = make_app(db, session=session)
    monkeypatch.setattr(StandingsScreen, "RELOAD_SECONDS", 0.05)  # the follow-up under test, without a 2 s wait
    async with app.run_test(size=(120, 45)) as pilot:
        await pilot.press("w")
        await until(pilot, lambda: isinstance(app.screen, StandingsScreen), "the standings screen")
        screen = app.screen
        assert isinstance(screen, StandingsScreen)
        with Session.open(db) as other:  # the second terminal
            assert other.execute("buy ann boardwalk").ok

        def ann_first_with_deeds() -> bool:
            row = app.screen.query_one("#table", DataTable).get_row_at(0)
            return str(row[1]).startswith("Ann") and row[4] == "$400"  # deeds at the printed price

        await until(pilot, ann_first_with_deeds, "the standings to show Ann's purchase from the other terminal")
        with Session.open(db) as other:
            assert other.execute("buy bob park place").ok
        await screen._follow_the_game()  # the standings read it first ...
        await pilot.press("escape")  # ... and at once the table is back on top
        # it redraws on its own; waited for, not looked at after one pause (once in a whole run on two busy cores)
        await until(pilot, lambda: "Bob" in str(app.screen.query_one(DeedsPanel).render()), "the table to show Bob")


async def test_every_export_format_has_its_key_and_button(tmp_path):
    """The screen's export keys and buttons are banker/reports/formats.py's table (issue 24): the HTML page, one
    entry there, is written by its key and its button."""
    from banker.reports import formats

    game = _finished_short_game()
    app = Host(game, tmp_path / "out")
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert [b.id for b in screen.query("#exports Button")] == [
            *(f"export-{f.key}" for f in formats.FORMATS),
            "export-qr",
        ]
        await pilot.press(formats.find_format("html").key_binding)
        await app.workers.wait_for_complete()
        await until(pilot, lambda: (tmp_path / "out" / "banker-game-1-final.html").exists(), "the HTML page written")
        await pilot.click("#export-csv")
        await app.workers.wait_for_complete()
        await until(pilot, lambda: (tmp_path / "out" / "banker-game-1-final.csv").exists(), "the CSV written")
