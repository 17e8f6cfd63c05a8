"""The standings screen: everyone's worth by the variant's valuation, at any time, and the final result.

Pushed from the main screen with the standings key (Escape closes it) and automatically when the game ends. When
the game is over it announces the winner, offers the exports (each of
banker.reports.formats, and the QR code) and shows the QR code; during
the game it offers no exports at all, neither buttons nor keys (docs/exports.md: the exports are the result, and a
snapshot is a deliberate ``banker export``). A second tab draws the game: each player's worth after every action and
the deeds that earned the most rent. A third shows the statistics (:mod:`banker.reports.stats`): this game's records and
the players and records of every finished game of the same rule system, read in a worker. Once the game is over,
``b`` shows BG Stats' push-play link as a QR code in place of the result's, and saves it.

The slow work runs in thread workers that report by message (:class:`StandingsScreen.Replayed`, ``StatsRead``,
``Written``): the game's replay for the chart, the finished games, the exports. A worker that fails says so on the
screen and hands an unexpected error to the app's ``report_error`` (shown and logged, the game kept; under test it
fails the test), instead of ending the app.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.dom import DOMNode
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, DataTable, Static, TabbedContent, TabPane

from banker.reports import formats, stats
from banker.reports.bgstats import bgstats_url
from banker.reports.chart import now_text
from banker.reports.exports import qr_text
from banker.reports.files import file_stem, write_export_files, write_qr
from banker.reports.qr import half_blocks
from banker.reports.report import Report, game_title, report
from banker.reports.story import GameRecords, GameStory, creditors_of, records_from_history, story_from_history
from banker.session import Session
from banker.settings import SettingsError
from banker.tui.textual_private import translate_bindings
from banker.tui.widgets.chart import BarChart, LineChart
from banker.tui.widgets.footer import Footer
from rules import GameState
from rules.i18n import N_, _, ngettext, pgettext

if TYPE_CHECKING:
    from banker.session import LogEntry
    from rules import Outcome

COLUMNS = (
    "#",
    N_("Player"),
    N_("Total"),
    N_("Cash"),
    N_("Deeds"),
    N_("Mortgaged"),
    N_("Houses"),
    N_("Hotels"),
    N_("Buildings"),
)
"""Total beside the name: on a narrow screen the figure that decides the game is never the one cut off."""


def short_columns() -> tuple[str, ...]:
    """The headings where the long ones would not fit (80 columns): every column stays in view. Said when shown,
    the deeds' with a context of its own: "Grundstücke" is the widest German heading, and a short one leaves the
    names their room on the Deutsche Mark board, whose figures are wider (issue 36)."""
    return (
        "#",
        _("Player"),
        _("Total"),
        _("Cash"),
        pgettext("the standings' short column heading", "Deeds"),
        _("Mortg."),
        _("Hses"),
        _("Htls"),
        _("Bldgs"),
    )


FOOTER_WORDS = {"recap": N_("RECAP")}
"""The footer's word for an export whose name is a word, not letters (CSV, JSON, MD, HTML): translated, as its
button is ("Rückblick"; issue 36)."""
EXPORT_TIP = N_("Write the standings as {format}")
"""The tooltip of an export's key, one for each format."""


def describe(text: str) -> str:
    """A key's description or tooltip in the banker's language (:func:`banker.tui.words.translated`), the export
    keys' tooltips made from :data:`EXPORT_TIP` and the format's label."""
    for f in formats.FORMATS:
        if text == EXPORT_TIP.format(format=f.label):
            return _(EXPORT_TIP).format(format=_(f.label))
    return _(text)


def and_list(items: list[str]) -> str:
    """``a and b and c``, in the banker's language."""
    out = items[0] if items else ""
    for item in items[1:]:
        out = _("{first} and {second}").format(first=out, second=item)
    return out


def report_unexpected(node: DOMNode, error: BaseException, context: str) -> None:
    """A bug met in a worker, once its failure is on the screen: the app's ``report_error`` shows and logs it (and
    re-raises it under test: ``BankerApp.raise_errors``); in an app without one (a test's host) it is raised."""
    report_error = getattr(node.app, "report_error", None)
    if report_error is None:
        raise error
    report_error(error, context)


class StandingsScreen(Screen[None]):
    """Standings of the session's game; ``out_dir`` overrides where exports are written."""

    DEFAULT_CSS = """
    StandingsScreen { layout: vertical; }
    StandingsScreen #title { text-style: bold; padding: 0 1; }
    StandingsScreen #winner { color: $success; text-style: bold; padding: 0 1; }
    StandingsScreen #valuation { color: $text-muted; padding: 0 1; }
    StandingsScreen #exports { height: auto; padding: 0 1; }
    StandingsScreen #exports Button { margin-right: 1; min-width: 10; }
    StandingsScreen #export-status { padding: 0 1; }
    StandingsScreen DataTable { height: auto; max-height: 12; margin: 0 1; }
    StandingsScreen #tab-qr VerticalScroll { align-horizontal: center; }
    StandingsScreen #qr { width: auto; height: auto; color: #000000; background: #ffffff; padding: 1 2; }
    StandingsScreen #qr-text { width: auto; padding: 0 1; color: $text-muted; }
    StandingsScreen .heading { text-style: bold; padding: 1 1 0 1; }
    """

    BINDINGS = [
        Binding("escape", "close", N_("Close"), id="standings.close", tooltip=N_("Back to the game")),
        *(
            Binding(
                f.key_binding,
                f"export('{f.key}')",
                FOOTER_WORDS.get(f.key, f.key.upper()),  # short: the footer keeps BG Stats in sight at 80 (issue 22)
                id=f"standings.{f.key}",
                tooltip=EXPORT_TIP.format(format=f.label),
            )
            for f in formats.FORMATS
        ),
        Binding("r", "export('qr')", N_("QR"), id="standings.qr", tooltip=N_("Save the QR code as SVG and PNG")),
        # the tabs' keys are on the tabs themselves ("Standings (s)"), so the footer keeps room for the exports,
        # BG Stats and Quit at 80 columns (issue 22: they were cut at 100 and 80)
        Binding(
            "s",
            "show_tab('tab-standings')",
            N_("Standings"),
            id="standings.table",
            tooltip=N_("The standings table"),
            show=False,
        ),
        Binding(
            "g",
            "show_tab('tab-chart')",
            N_("Game chart"),
            id="standings.chart",
            tooltip=N_("Worth over the game and the deeds that earned the most rent"),
            show=False,
        ),
        Binding(
            "v",
            "switch_view",
            N_("Worth/cash"),
            id="standings.view",
            tooltip=N_("The game chart: worth (cash, deeds, buildings) or cash alone"),
            show=False,
        ),
        Binding(
            "k",
            "show_tab('tab-qr')",
            N_("Scan"),
            id="standings.scan",
            tooltip=N_("The final standings as a QR code a phone can scan from the screen"),
            show=False,
        ),
        Binding(
            "t",
            "show_tab('tab-stats')",
            N_("Statistics"),
            id="standings.stats",
            tooltip=N_("Players and records across the finished games of this rule system"),
            show=False,
        ),
        Binding(
            "b",
            "bgstats",
            N_("BG Stats"),
            id="standings.bgstats",
            tooltip=N_("A QR code of the play for BG Stats (scan it to record the game there); also saved"),
        ),
    ]

    class Replayed(Message, bubble=False):
        """The replay worker's result: the game chart's story and this game's records; or why it failed."""

        def __init__(
            self,
            story: GameStory | None,
            records: GameRecords | None,
            error: BaseException | None = None,
        ) -> None:
            super().__init__()
            self.story = story
            self.records = records
            self.error = error

    class StatsRead(Message, bubble=False):
        """The statistics worker's text (or why the finished games could not be read)."""

        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    class Written(Message, bubble=False):
        """The export worker's files and what to say; ``error``: an unexpected one, for the app to report."""

        def __init__(self, paths: list[Path], text: str, error: BaseException | None = None) -> None:
            super().__init__()
            self.paths = paths
            self.text = text
            self.error = error

    def __init__(self, session: Session, out_dir: str | Path | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        translate_bindings(self, describe)
        self.session = session
        self.out_dir = out_dir
        self.drawn_seq: int = getattr(session, "last_seq", 0)
        """The journal entry these standings were drawn at (:meth:`_news`)."""
        self.report = report(session)
        self.written: list[Path] = []
        self.story: GameStory | None = None
        self.view = "worth"
        """The game chart's view: "worth" or "cash" (v switches)."""
        self._db = getattr(session, "db_path", None)
        self.bgstats_shown = False
        """The QR code on screen is BG Stats' push-play link (b), not the result's text."""
        self.stats_text = ""
        """The exports go beside this database unless ``out_dir`` or the settings say otherwise."""

    # Layout ----------------------------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        rep = self.report
        with TabbedContent(id="tabs"):
            with TabPane(_("Standings (s)"), id="tab-standings"), VerticalScroll():
                yield Static(self._title(), id="title", markup=False)
                if rep.winner:
                    wins = _("{winner} wins: {reason}") if rep.end_reason else _("{winner} wins")
                    yield Static("🏆 " + wins.format(winner=rep.winner, reason=rep.end_said), id="winner", markup=False)
                elif rep.over:  # a tie for first is nobody's win (docs/rulings.md); the exports say so too
                    tie = (
                        _("No single winner: a tie for first ({reason})")
                        if rep.end_reason
                        else _("No single winner: a tie for first")
                    )
                    yield Static(tie.format(reason=rep.end_said), id="winner", markup=False)
                yield DataTable(id="table", cursor_type="row", zebra_stripes=True)
                yield Static(_("Valuation: {valuation}").format(valuation=rep.valuation_said), id="valuation")
                with Horizontal(id="exports"):
                    for f in formats.FORMATS:
                        yield Button(_(f.label), id=f"export-{f.key}")
                    yield Button(_("QR code"), id="export-qr")
                yield Static("", id="export-status", markup=False)
                if rep.over:
                    yield Static(
                        _("k: the result as a QR code to scan with a phone; b: the play for BG Stats"),
                        classes="heading",
                    )
            if rep.over:
                with TabPane(_("Scan the result (k)"), id="tab-qr"), VerticalScroll():
                    yield Static(_("Scan for the result (b: for BG Stats):"), id="qr-heading", classes="heading")
                    yield Static(half_blocks(qr_text(rep)), id="qr", markup=False)
                    yield Static(_("Point a phone's camera at the code: it shows the standings as text."), id="qr-text")
            with TabPane(_("Game chart (g)"), id="tab-chart"), VerticalScroll():
                yield Static(self._chart_heading(), id="chart-heading", classes="heading", markup=False)
                yield LineChart(money=self._money, id="worth-chart")
                yield Static(_("Deeds that earned the most rent"), classes="heading")
                yield BarChart(money=self._money, empty=_("No rent collected yet."), id="rent-chart")
            with TabPane(_("Statistics (t)"), id="tab-stats"), VerticalScroll():
                yield Static(_("This game"), classes="heading")
                yield Static(_("Reading the journal…"), id="game-records", markup=False)
                yield Static(
                    _("Finished games: {title}").format(title=game_title(rep.variant_title)), classes="heading"
                )
                yield Static(_("Reading the finished games…"), id="stats", markup=False)
        yield Footer()

    def _title(self) -> str:
        rep = self.report
        title = (
            _("Final standings: {variant}, game #{game}")
            if rep.over
            else _("Standings now (the game is still on): {variant}, game #{game}")
        )
        return title.format(variant=_(rep.variant_title), game=rep.game)

    def _money(self, amount: int) -> str:
        return self.report.money(amount)

    RELOAD_SECONDS = 2.0
    """How often the screen looks for commands recorded in another terminal (as the table does)."""

    def on_mount(self) -> None:
        self._fill()
        if getattr(self.session, "reload", None) is not None:  # a game in memory only has nobody else recording
            self.set_interval(self.RELOAD_SECONDS, self._follow_the_game)

    def _news(self) -> bool:
        """Read the journal (another terminal may have recorded: a purchase, or an undo that reopens a finished
        game); True if anything was recorded since these standings were drawn. One small query when nothing
        was: the standings are worked out again only when the journal has grown."""
        reload = getattr(self.session, "reload", None)
        if reload is None:  # a game that lives in memory only: nobody else records to it
            return False
        reload()
        return self.session.last_seq != self.drawn_seq

    async def _follow_the_game(self) -> None:
        """Draw the standings again after news, on the tab the banker was looking at."""
        if not self._news():
            return
        tab = self.query_one("#tabs", TabbedContent).active
        self.report = report(self.session)
        self.drawn_seq = self.session.last_seq
        await self.recompose()
        self._fill()
        tabs = self.query_one("#tabs", TabbedContent)
        if tabs.query(f"#{tab}"):
            tabs.active = tab

    def _fill(self) -> None:
        """What the composed screen shows from :attr:`report`: the table's rows, the exports while the game is
        over, and the game chart and statistics (read by workers)."""
        self._fill_table()
        self.query_one("#exports").display = self.report.over
        if not self.report.over:
            self.query_one("#export-status", Static).update(
                _("The exports ({formats}, QR code) are offered when the game is over.").format(
                    formats=formats.labels()
                )
            )
        self._replay(self.session.state)
        if self._db is not None:
            self._read_stats(self._db, self.report.variant)
        else:
            self.query_one("#stats", Static).update("")

    def _fill_table(self) -> None:
        """The standings table, every column in view at the screen's width (issue 22: at 80 columns Hotels and
        Buildings were behind a horizontal scroll): short headings when the long ones do not fit, then the names
        wrapped (a row taller)."""
        table = self.query_one("#table", DataTable)
        rows = [
            [
                str(r.rank),
                (_("{player} (bankrupt)").format(player=r.name) if r.bankrupt else r.name)
                + (" 🏆" if r.winner else ""),
                self._money(r.total),
                self._money(r.cash),
                self._money(r.deeds),
                self._money(r.mortgaged),
                str(r.houses),
                str(r.hotels),
                self._money(r.buildings),
            ]
            for r in self.report.rows
        ]
        room = max(self.size.width - 4, 40)  # the table's margins and the scroll bar beside it
        for headings in (tuple(map(_, COLUMNS)), short_columns()):
            widths = [max([cell_len(h)] + [cell_len(row[i]) for row in rows]) for i, h in enumerate(headings)]
            if sum(widths) + 2 * len(widths) <= room:
                break
        others = sum(widths) - widths[1] + 2 * len(widths)
        widths[1] = max(min(widths[1], room - others), cell_len(headings[1]))
        table.clear(columns=True)
        for heading, width in zip(headings, widths, strict=True):
            table.add_column(heading, width=width)
        for r, row in zip(self.report.rows, rows, strict=True):
            # a name too long for its column wraps, the row taller, never cut: the bankruptcy mark stays in sight
            fits = cell_len(row[1]) <= widths[1]
            table.add_row(row[0], Text(row[1]), *row[2:], key=r.name, height=1 if fits else None)
        self._table_width = self.size.width

    def on_resize(self) -> None:
        if self.is_mounted and getattr(self, "_table_width", None) not in (None, self.size.width):
            self._fill_table()

    @work(thread=True, exclusive=True, group="standings-replay")
    def _replay(self, state: GameState) -> None:
        """Replay the game and value every player after every action (slow for long games): all of it off the UI
        thread."""
        try:
            history, creditors = self._history()
            tale = story_from_history(state, history)
            records = records_from_history(state, history, creditors)
        except Exception as error:  # noqa: BLE001 - said on the screen and reported, never the end of the app
            self.post_message(self.Replayed(None, None, error))
            return
        self.post_message(self.Replayed(tale, records))

    def _history(self) -> tuple[list[tuple[LogEntry, Outcome]], dict[int, str | None]]:
        """The game's effective actions with what each did (``Session.history``) and each bankruptcy's creditor
        (``creditors_of``), in the worker's thread. A game in a database is read through a read-only session of its
        own (an SQLite connection serves the thread that opened it, and the app's session is the UI thread's); a
        game held in memory (the tests' ``EngineGame``) is replayed as it is."""
        if self._db is None:
            history = list(self.session.history())
            return history, creditors_of(self.session, history)
        with Session.open(self._db, self.session.game_id, readonly=True) as game:
            history = list(game.history())
            return history, creditors_of(game, history)

    def _told(self) -> Report:
        """The standings with the game's story (the HTML's chart, the recap), read in the worker's thread as
        :meth:`_history` reads it."""
        if self._db is None:
            return report(self.session, story=True)
        with Session.open(self._db, self.session.game_id, readonly=True) as game:
            return report(game, story=True)

    def on_standings_screen_replayed(self, message: Replayed) -> None:
        if message.error is not None:
            text = _("The game chart could not be drawn: {error}: {message}").format(
                error=type(message.error).__name__, message=message.error
            )
            self.query_one("#game-records", Static).update(text)
            report_unexpected(self, message.error, "StandingsScreen._replay")
            return
        if message.story is not None:
            self._show_story(message.story)
        if message.records is not None:
            self._show_records(message.records)

    def _show_records(self, records: GameRecords) -> None:
        lines = stats.game_lines(stats.GameFacts(self.report, records))
        if not self.report.over:
            so_far = ngettext("Game {game} so far: {n} action", "Game {game} so far: {n} actions", records.actions)
            lines[0] = "  " + so_far.format(game=self.report.game, n=records.actions)
        self.query_one("#game-records", Static).update("\n".join(lines))

    @work(thread=True, exclusive=True, group="standings-stats")
    def _read_stats(self, db: Path, variant: str) -> None:
        """Every finished game of the database, replayed (a moment for a long history): off the UI thread, with its
        own connection to the database."""
        try:
            groups = stats.by_variant(stats.collect(db))
        except Exception as error:  # noqa: BLE001 - a damaged game elsewhere must not take the standings down
            text = _("The statistics could not be read: {error}").format(error=error)
        else:
            group = next((g for g in groups if g.variant == variant), None)
            text = stats.variant_text(group) if group else _("No finished games of this rule system yet.")
        self.post_message(self.StatsRead(text))

    def on_standings_screen_stats_read(self, message: StatsRead) -> None:
        self.stats_text = message.text
        self.query_one("#stats", Static).update(message.text)

    def _show_story(self, tale: GameStory) -> None:
        self.story = tale
        self._draw_chart()
        self.query_one("#rent-chart", BarChart).set_items(tale.rent_by_deed[:10])

    def _draw_chart(self) -> None:
        if self.story is None:
            return
        series = list(zip(self.story.names, self.story.series(self.view), strict=True))
        self.query_one("#worth-chart", LineChart).set_series(series, now_text(self.story))
        self.query_one("#chart-heading", Static).update(self._chart_heading())

    def _chart_heading(self) -> str:
        if self.view == "worth":
            return _("Worth after every action (v: cash alone)")
        return _("Cash after every action (v: worth)")

    def action_switch_view(self) -> None:
        """The game chart shows cash alone, or worth again."""
        self.view = "cash" if self.view == "worth" else "worth"
        self._draw_chart()

    # Actions ---------------------------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The export keys, the scan tab and BG Stats exist only once the game is over: hidden from the footer and
        the key panel, and inert, during the game (as the export buttons are)."""
        if action in ("export", "bgstats") or (action == "show_tab" and parameters == ("tab-qr",)):
            return self.report.over
        return True

    def action_bgstats(self) -> None:
        """Show the BG Stats push-play link's QR code in place of the result's (b again: back), and save it."""
        if not self.report.over:
            return
        self.bgstats_shown = not self.bgstats_shown
        text = bgstats_url(self.report) if self.bgstats_shown else qr_text(self.report)
        heading = (
            _("Scan to record the play in BG Stats (b: the result; a smaller font if it does not fit):")
            if self.bgstats_shown
            else _("Scan for the result (b: for BG Stats):")
        )
        self.query_one("#qr-heading", Static).update(heading)
        self.query_one("#qr-text", Static).update(
            _("Point a phone's camera at the code: BG Stats opens with the play filled in.")
            if self.bgstats_shown
            else _("Point a phone's camera at the code: it shows the standings as text.")
        )
        self.query_one("#qr", Static).update(half_blocks(text))
        self.action_show_tab("tab-qr")
        if self.bgstats_shown:
            self.action_export("bgstats")

    def action_show_tab(self, tab: str) -> None:
        """Show the tab and give its scroll the keyboard, so arrows, PageDown and End reach everything on it."""
        self.query_one("#tabs", TabbedContent).active = tab
        self.set_focus(self.query_one(f"#{tab}").query_one(VerticalScroll))

    def action_close(self) -> None:
        self.dismiss()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id and event.button.id.startswith("export-"):
            event.stop()
            self.action_export(event.button.id.removeprefix("export-"))

    def action_export(self, fmt: str) -> None:
        """Write one export of the final result (offered only once the game is over: :meth:`check_action`)."""
        if not self.report.over or self._changed_elsewhere():
            return
        self.query_one("#export-status", Static).update(_("Writing…"))
        self._write(fmt)

    def _changed_elsewhere(self) -> bool:
        """Writing the result as final when the game changed since it was drawn would be wrong: say so, write
        nothing (the screen draws the standings again at its next look at the journal)."""
        if not self._news():
            return False
        self.query_one("#export-status", Static).update(
            _(
                "The game changed in another terminal since these standings were drawn: nothing was written. "
                "They are drawn again in a moment."
            )
        )
        return True

    @work(thread=True, group="standings-export")
    def _write(self, fmt: str) -> None:
        """Render and write off the UI thread (a QR code as PNG and SVG takes a noticeable moment). A file that cannot
        be written is said on the screen; any other error too, and reported (a bug: the app goes on, the game is
        kept)."""
        try:
            if fmt == "qr":
                paths = list(write_qr(self.report, self.out_dir, self._db))
            elif fmt == "bgstats":
                paths = list(
                    write_qr(
                        self.report,
                        self.out_dir,
                        self._db,
                        text=bgstats_url(self.report),
                        stem=f"{file_stem(self.report)}-bgstats",
                    )
                )
            else:
                told = self._told() if formats.find_format(fmt).story else self.report
                paths = write_export_files(told, fmt, self.out_dir, self._db)
        except (OSError, SettingsError) as error:
            self.post_message(self.Written([], _("Could not write the export: {error}").format(error=error)))
            return
        except Exception as error:  # noqa: BLE001 - said on the screen and reported, never the end of the app
            failed = _("Could not write the export: {error}").format(error=f"{type(error).__name__}: {error}")
            self.post_message(self.Written([], failed, error))
            return
        self.post_message(self.Written(paths, _("Saved {files}").format(files=and_list([str(p) for p in paths]))))

    def on_standings_screen_written(self, message: Written) -> None:
        self.written.extend(message.paths)
        self.query_one("#export-status", Static).update(message.text)
        if message.error is not None:
            report_unexpected(self, message.error, "StandingsScreen._write")
